#pragma once
// The whole position as one fixed-size value: copying a State is a memcpy, and it holds its own
// random generator, so a copy replays the same future. Card numbers are stored as bytes.
#include <array>
#include <cstdint>

#include "lifespan/common/fixed_vector.hpp"
#include "lifespan/common/chance.hpp"
#include "lifespan/time_of_your_life/constants.hpp"

namespace lifespan::time_of_your_life {

// The decision step the game is in (docs §3). Reveal and pass are automatic and have no step.
enum class Step : std::uint8_t { kMidpoint, kSwap, kChoose, kInspiration, kGameOver };
inline constexpr int kNumSteps = 5;
inline constexpr const char* kStepNames[kNumSteps] = {"midpoint", "swap", "choose", "inspiration",
                                                      "over"};

inline constexpr std::int8_t kNoCard = -1;

struct PlayerState {
  FixedVector<std::uint8_t, kHandSize> hand;       // ascending card numbers
  FixedVector<std::uint8_t, kRounds> timeline;     // youngest first
  // Placed Trait tokens as codes 5·slot + trait, non-decreasing (docs §6).
  FixedVector<std::uint8_t, kMaxTraitTokens> trait_tokens;
  std::uint8_t happiness = 0;              // Happiness tokens gained
  std::uint8_t inspiration = 0;            // Inspiration tokens gained (kept after use)
  std::uint8_t inspiration_unplaced = 0;   // of those, not yet turned into Trait tokens
  std::int8_t pick = kNoCard;              // card chosen this round, hidden until the reveal

  bool operator==(const PlayerState&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("hand", hand);
    v("timeline", timeline);
    v("trait_tokens", trait_tokens);
    v("happiness", happiness);
    v("inspiration", inspiration);
    v("inspiration_unplaced", inspiration_unplaced);
    v("pick", pick);
  }
};

// The most draws one transition makes: the deal (docs/chance.md).
inline constexpr std::size_t kChanceTape = kMaxPlayers * kHandSize;

struct State {
  StateRng<kChanceTape> rng;
  std::uint8_t round = 1;                  // 1–10
  Step step = Step::kChoose;
  std::int8_t current = 0;                 // seat to decide, kTerminalPlayer when over
  bool midpoint_reached = false;           // from then on hands pass anticlockwise
  // Midpoint: the card the seat to move has already discarded; a second must be higher.
  std::int8_t midpoint_discard = kNoCard;
  std::uint8_t happiness_supply = kHappinessTokenSupply;      // used with a limited supply
  std::uint8_t inspiration_supply = kInspirationTokenSupply;
  std::array<std::uint8_t, kNumTraits> trait_supply{kTraitTokensPerTrait, kTraitTokensPerTrait,
                                                    kTraitTokensPerTrait, kTraitTokensPerTrait,
                                                    kTraitTokensPerTrait};
  FixedVector<std::uint8_t, kNumCards> deck;      // top of the deck is the back
  FixedVector<std::uint8_t, kNumCards> discards;  // in the order discarded
  std::array<PlayerState, kMaxPlayers> players{};

  bool operator==(const State&) const = default;

  // Names every field once, for serialisation (bindings) and nothing else.
  template <class Visitor>
  void visit(Visitor& v, int num_players) {
    v("rng", rng.state);
    v.optional("chance", rng);  // saved-state version 4
    v("round", round);
    v("step", step);
    v("current", current);
    v("midpoint_reached", midpoint_reached);
    v("midpoint_discard", midpoint_discard);
    v("happiness_supply", happiness_supply);
    v("inspiration_supply", inspiration_supply);
    v("trait_supply", trait_supply);
    v("deck", deck);
    v("discards", discards);
    v.list("players", players.data(), num_players);
  }
};

}  // namespace lifespan::time_of_your_life
