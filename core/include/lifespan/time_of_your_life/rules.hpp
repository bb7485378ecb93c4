#pragma once
// Rule parameters: every reading the rulebook leaves open (docs/time_of_your_life.md §7).
#include <cstdint>
#include <initializer_list>
#include <string_view>

#include "lifespan/common/chance.hpp"

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
  ChanceMode chance = ChanceMode::kSampled;  // a game option (docs/chance.md), not a reading
  bool operator==(const Rules&) const = default;

  // Every field by its parameter name (the TOML key of docs/time_of_your_life.md §7), with the
  // option names of an enumerated one in enum order. The bindings and the game-definition
  // reader (definition.hpp) both read the rules through this, so a new parameter is one line.
  template <class Visitor>
  void visit(Visitor& v) {
    v("players", players);
    v("seed", seed);
    v.option("two_player_swap", two_player_swap, {"every_round", "passed_only", "off"});
    v.option("midpoint_empty_deck", midpoint_empty_deck, {"reshuffle", "short"});
    v.option("icon_matching", icon_matching, {"edges", "any_edge"});
    v.option("timeline_layout", timeline_layout, {"youngest_left", "youngest_right"});
    v.option("age_order", age_order, {"age", "number"});
    v("limited_token_supply", limited_token_supply);
    v("max_trait_tokens_per_card", max_trait_tokens_per_card);
    v.option("happiness_bonus_tie", happiness_bonus_tie, {"all", "none"});
    v.option("winner_tie_break", winner_tie_break, {"shared", "happiness"});
    v.option("chance", chance, {"sampled", "explicit"});
  }
};

}  // namespace lifespan::time_of_your_life
