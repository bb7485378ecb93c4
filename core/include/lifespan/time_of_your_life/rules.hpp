#pragma once
// Rule parameters: every reading the rulebook leaves open (docs/time_of_your_life.md §7).
#include <cstdint>

namespace lifespan::time_of_your_life {

enum class TwoPlayerSwap : std::uint8_t { kEveryRound, kPassedOnly, kOff };
enum class EmptyDeck : std::uint8_t { kReshuffle, kShort };
enum class IconMatching : std::uint8_t { kEdges, kAnyEdge };
enum class TimelineLayout : std::uint8_t { kYoungestLeft, kYoungestRight };
enum class AgeOrder : std::uint8_t { kAge, kNumber };
enum class BonusTie : std::uint8_t { kAll, kNone };
enum class WinnerTieBreak : std::uint8_t { kShared, kHappiness };

struct Rules {
  int players = 4;
  std::uint64_t seed = 0;
  TwoPlayerSwap two_player_swap = TwoPlayerSwap::kEveryRound;
  EmptyDeck midpoint_empty_deck = EmptyDeck::kReshuffle;
  IconMatching icon_matching = IconMatching::kEdges;
  TimelineLayout timeline_layout = TimelineLayout::kYoungestLeft;
  AgeOrder age_order = AgeOrder::kAge;
  bool limited_token_supply = false;
  int max_trait_tokens_per_card = 0;  // 0: no limit
  BonusTie happiness_bonus_tie = BonusTie::kAll;
  WinnerTieBreak winner_tie_break = WinnerTieBreak::kShared;
  bool operator==(const Rules&) const = default;
};

}  // namespace lifespan::time_of_your_life
