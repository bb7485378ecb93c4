#pragma once
// Rule parameters: each unclear reading of the rulebooks and each module switch, with its
// default, rationale and confidence in python/lifespan/data/pursuit_of_happiness/rules.toml
// (docs/pursuit_of_happiness.md §8).
#include <cstdint>

#include "lifespan/common/chance.hpp"

namespace lifespan::pursuit_of_happiness {

enum class SthOverflow : std::uint8_t { kExcess, kAtMaxOnly };
enum class SthPenalty : std::uint8_t { kAlways, kNever };
enum class OvertimeTiming : std::uint8_t { kThisRound, kNextRound };
enum class FirstPlayer : std::uint8_t { kSeat0, kRandom };
enum class JobRow : std::uint8_t { kRowSize, kPlayers };
enum class GroupJoin : std::uint8_t { kAnyActive, kOwnActive };
enum class GroupBonus : std::uint8_t { kThreshold, kPerHourglass };
enum class DiscardScope : std::uint8_t { kActiveCards, kAnyCard };
enum class Promotion : std::uint8_t { kRow, kFlip };
enum class InheritanceTiming : std::uint8_t { kGameEnd, kDeath };
enum class UnfedPet : std::uint8_t { kDiscarded, kStays };
enum class DelayedEvent : std::uint8_t { kAfterNextRound, kAfterRevealRound };
enum class CommunityTokens : std::uint8_t { kPerToken, kPerPlayer };
enum class PopularityLth : std::uint8_t { kOncePerRound, kPerCard };
enum class ItemPurchase : std::uint8_t { kAnyLevel, kFirstLevel };

struct Rules {
  int players = 2;
  std::uint64_t seed = 0;
  int stress_sections = 4;
  int stress_section_spaces = 5;
  int stress_start_section = 2;
  int hourglasses_first_section = 7;
  int sth_min = -3;
  int sth_max = 3;
  SthOverflow sth_overflow = SthOverflow::kExcess;
  SthPenalty sth_penalty = SthPenalty::kAlways;
  int temp_job_money = 3;
  int rest_relax = 2;
  int overtime_hourglasses = 2;
  int overtime_stress = 2;
  OvertimeTiming overtime_timing = OvertimeTiming::kThisRound;
  FirstPlayer first_player = FirstPlayer::kSeat0;
  int row_size = 4;
  JobRow job_row = JobRow::kRowSize;
  bool teen_job_partner_rows = false;
  GroupJoin group_join = GroupJoin::kAnyActive;
  GroupBonus group_bonus = GroupBonus::kThreshold;
  DiscardScope discard_scope = DiscardScope::kActiveCards;
  Promotion promotion = Promotion::kRow;
  int retirement_level = 3;
  InheritanceTiming inheritance_timing = InheritanceTiming::kGameEnd;
  int solo_lth_target = 50;
  UnfedPet unfed_pet = UnfedPet::kDiscarded;
  DelayedEvent delayed_event = DelayedEvent::kAfterNextRound;
  int dream_slots = 3;
  int relative_die = 6;
  bool school = false;        // the School module
  int school_resources = 1;   // resources a course gives, of its category's kind
  int degree_credits = 2;     // courses of one category that make a degree
  int degree_discount = 1;    // resources off a Job's cost in a category with a degree
  int best_friends_max = 1;   // Best Friends a player may have at once
  int popularity_max = 5;     // the Popularity track's last space (Community)
  CommunityTokens community_tokens = CommunityTokens::kPerToken;
  PopularityLth popularity_lth = PopularityLth::kOncePerRound;
  ItemPurchase item_purchase = ItemPurchase::kAnyLevel;
  ChanceMode chance = ChanceMode::kSampled;  // a game option (docs/chance.md), not a reading
  int max_free_actions_per_turn = 100;  // free actions (Refresh, Discard, …) one turn may take
  bool operator==(const Rules&) const = default;

  // Every field by its parameter name (the TOML key of rules.toml and docs §8), with the option
  // names of an enumerated one in enum order. The bindings and the game-definition reader
  // (definition.hpp) read the rules through this alone, so a new parameter is one line here.
  template <class Visitor>
  void visit(Visitor& v) {
    v("players", players);
    v("seed", seed);
    v.option("chance", chance, {"sampled", "explicit"});
    v("stress_sections", stress_sections);
    v("stress_section_spaces", stress_section_spaces);
    v("stress_start_section", stress_start_section);
    v("hourglasses_first_section", hourglasses_first_section);
    v("sth_min", sth_min);
    v("sth_max", sth_max);
    v.option("sth_overflow", sth_overflow, {"excess", "at_max_only"});
    v.option("sth_penalty", sth_penalty, {"always", "never"});
    v("temp_job_money", temp_job_money);
    v("rest_relax", rest_relax);
    v("overtime_hourglasses", overtime_hourglasses);
    v("overtime_stress", overtime_stress);
    v.option("overtime_timing", overtime_timing, {"this_round", "next_round"});
    v.option("first_player", first_player, {"seat_0", "random"});
    v("row_size", row_size);
    v.option("job_row", job_row, {"row_size", "players"});
    v("teen_job_partner_rows", teen_job_partner_rows);
    v.option("group_join", group_join, {"any_active", "own_active"});
    v.option("group_bonus", group_bonus, {"threshold", "per_hourglass"});
    v.option("discard_scope", discard_scope, {"active_cards", "any_card"});
    v.option("item_purchase", item_purchase, {"any_level", "first_level"});
    v("max_free_actions_per_turn", max_free_actions_per_turn);
    v.option("promotion", promotion, {"row", "flip"});
    v("retirement_level", retirement_level);
    v.option("inheritance_timing", inheritance_timing, {"game_end", "death"});
    v("solo_lth_target", solo_lth_target);
    v.option("unfed_pet", unfed_pet, {"discard", "stays"});
    v.option("delayed_event", delayed_event, {"after_next_round", "after_reveal_round"});
    v("dream_slots", dream_slots);
    v("relative_die", relative_die);
    v("school", school);
    v("school_resources", school_resources);
    v("degree_credits", degree_credits);
    v("degree_discount", degree_discount);
    v("best_friends_max", best_friends_max);
    v("popularity_max", popularity_max);
    v.option("community_tokens", community_tokens, {"per_token", "per_player"});
    v.option("popularity_lth", popularity_lth, {"once_per_round", "per_card"});
  }
};

}  // namespace lifespan::pursuit_of_happiness
