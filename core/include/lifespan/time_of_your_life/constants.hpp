#pragma once
// Time of Your Life: a drafting game in which each player builds a timeline of 10 Life cards in
// age order. Rules: the Time of Your Life rulebook (docs/sources.md); docs/time_of_your_life.md says how this
// engine reads every unclear point and which rule parameter covers it.
#include <cstdint>

namespace lifespan::time_of_your_life {

inline constexpr int kNumCards = 80;        // Life cards 0–79
inline constexpr int kNumTraits = 5;
inline constexpr int kNumEmotions = 2;      // Emotion index 0: happiness, 1: inspiration
inline constexpr int kMinPlayers = 2;
inline constexpr int kMaxPlayers = 6;       // 6 reference cards in the box
inline constexpr int kHandSize = 7;         // dealt, and refilled to at the midpoint
inline constexpr int kMidpointHandSize = 2; // receiving a hand this small is the midpoint
inline constexpr int kMidpointMaxDiscards = 2;
inline constexpr int kRounds = 10;          // each player places 10 cards
inline constexpr int kMaxEdgeIcons = 3;     // icons one card edge may show (card-file limit)
// Tokens of one Emotion a timeline can earn: each of its 10 placements makes at most 2 new
// pairs, and a pair takes at most both edges' icons (icon_matching = "any_edge").
inline constexpr int kMaxEmotionTokens = kRounds * 2 * (2 * kMaxEdgeIcons);
// Engine capacity, not a rule: Trait tokens one player can place. The shipped cards give far
// fewer Inspiration tokens; any beyond this are kept (objectives count them) but not placed.
inline constexpr int kMaxTraitTokens = 24;

// Component counts (rulebook, Components).
inline constexpr int kHappinessTokenSupply = 20;
inline constexpr int kInspirationTokenSupply = 12;
inline constexpr int kTraitTokensPerTrait = 10;

// Happiness tokens -> points (rulebook, Happiness Tokens), +2 per token above 7.
inline constexpr int kHappinessTable[] = {0, 1, 2, 4, 6, 9, 12, 16};
inline constexpr int kHappinessPerExtraToken = 2;
inline constexpr int kHappinessBonus = 5;   // most Happiness tokens

// Action ids (docs/time_of_your_life.md §10).
inline constexpr int kPlayBase = 0;                          // play card c: c
inline constexpr int kDiscardBase = kPlayBase + kNumCards;   // discard card c: 80 + c
inline constexpr int kKeepAction = kDiscardBase + kNumCards; // 160
inline constexpr int kTraitBase = kKeepAction + 1;           // 161 + 5·slot + trait
inline constexpr int kNumDistinctActions = kTraitBase + kRounds * kNumTraits;  // 211
inline constexpr int kMaxLegalActions = kNumCards;  // a draw in explicit chance mode; then the inspiration step (50)

inline constexpr int kTerminalPlayer = -4;  // OpenSpiel's kTerminalPlayerId

// Observation tensor layout (docs §11).
inline constexpr int kObsStepOneHot = 5;
inline constexpr int kObsHeader = kObsStepOneHot  // step one-hot
                                  + 1             // round / 10
                                  + 1             // hands pass anticlockwise
                                  + 1             // deck size / 80
                                  + 1             // discard pile size / 80
                                  + 1;            // observer is to move
inline constexpr int kObsOwnHand = kNumCards;     // observer's hand
inline constexpr int kObsOwnPick = kNumCards;     // observer's pending pick
inline constexpr int kObsPerPlayer = kNumCards    // timeline cards
                                     + kNumTraits // Trait tokens per trait
                                     + 1          // Happiness tokens
                                     + 1          // Inspiration tokens
                                     + 1          // unplaced Inspiration
                                     + 1          // has picked this round
                                     + 1          // hand size / 7
                                     + 1;         // score / 100
constexpr int observation_size(int num_players) {
  return kObsHeader + kObsOwnHand + kObsOwnPick + kObsPerPlayer * num_players;
}

}  // namespace lifespan::time_of_your_life
