// Building the immutable Game: the rule parameters and card tables are checked once here.
#include "lifespan/pursuit_of_happiness/game.hpp"

#include <string>

#include "lifespan/common/errors.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

void check_range(const char* name, int value, int low, int high) {
  if (value < low || value > high)
    throw RulesError(std::string(name) + ": must be from " + std::to_string(low) + " to " +
                     std::to_string(high) + ", got " + std::to_string(value));
}

}  // namespace

Game::Game(const Rules& rules, CardTables cards) : rules_(rules), cards_(std::move(cards)) {
  // The Python loader checks these against rules.toml; a C++ host gets the same guard.
  check_range("players", rules.players, 1, cards_.community.empty() ? kBasePlayers : kMaxPlayers);
  check_range("stress_sections", rules.stress_sections, 2, kMaxStressSections);
  check_range("stress_section_spaces", rules.stress_section_spaces, 2, kMaxSectionSpaces);
  check_range("stress_start_section", rules.stress_start_section, 1, rules.stress_sections);
  check_range("hourglasses_first_section", rules.hourglasses_first_section, 3, kHourglassesPerColour);
  check_range("sth_min", rules.sth_min, -6, 0);
  check_range("sth_max", rules.sth_max, 0, 6);
  check_range("temp_job_money", rules.temp_job_money, 1, 6);
  check_range("rest_relax", rules.rest_relax, 0, 5);
  check_range("overtime_hourglasses", rules.overtime_hourglasses, 1, 3);
  check_range("overtime_stress", rules.overtime_stress, 0, 4);
  check_range("row_size", rules.row_size, 2, kMaxRow);
  check_range("retirement_level", rules.retirement_level, 1, 3);
  check_range("solo_lth_target", rules.solo_lth_target, 0, 200);
  check_range("dream_slots", rules.dream_slots, 1, kMaxDreamSlots);
  check_range("relative_die", rules.relative_die, 2, 20);
  check_range("school_resources", rules.school_resources, 0, 3);
  check_range("degree_credits", rules.degree_credits, 1, 3);
  check_range("degree_discount", rules.degree_discount, 0, 3);
  check_range("best_friends_max", rules.best_friends_max, 1, 3);
  check_range("popularity_max", rules.popularity_max, 1, 10);
  check_range("max_free_actions_per_turn", rules.max_free_actions_per_turn, 1, 255);  // a byte counts them

  auto need = [](bool ok, const std::string& what) {
    if (!ok) throw CardDataError("the card set " + what);
  };
  need(!cards_.projects.empty() && cards_.projects.size() <= kMaxDeck, "needs 1 to 128 Projects");
  need(!cards_.items.empty() && cards_.items.size() <= kMaxDeck, "needs 1 to 128 Items and Activities");
  need(!cards_.jobs.empty() && cards_.jobs.size() <= kMaxDeck / 2, "needs 1 to 64 Jobs");
  need(!cards_.partners.empty() && cards_.partners.size() <= kMaxDeck / 2, "needs 1 to 64 Partners");
  need(cards_.traits.size() >= static_cast<std::size_t>(kTraitOffer * rules.players) && cards_.traits.size() <= 16,
       "needs 2 Child Traits per player (at most 16)");
  need(cards_.goals.size() >= static_cast<std::size_t>(rules.players == 1 ? kSoloLifeGoals : rules.players) &&
           cards_.goals.size() <= kMaxDeck,
       "needs a Life Goal per player (3 in solo), at most 128");
  for (const ProjectSpec& p : cards_.projects)
    need(p.num_levels >= 1 && p.num_levels <= kMaxLevels, "has a Project with 1 to 4 levels or roles: " + p.name);
  for (const ItemSpec& i : cards_.items) {
    friends_on_ = friends_on_ || i.best_friend;
    need(!i.best_friend || (!i.pet && !i.activity), "has a Best Friend that is also a Pet or an Activity: " + i.name);
  }
  for (const ItemSpec& i : cards_.items)
    need(i.pet ? i.num_levels >= 2 && i.num_levels <= kMaxLevels && !i.activity && !i.has_upkeep
               : i.num_levels >= 1 && i.num_levels <= 3,
         "has an Item with 1 to 3 levels or a Pet with 2 to 4: " + i.name);
  for (const auto& job : cards_.jobs) {
    for (const JobFace& f : job)
      need(f.level >= 1 && f.level <= 3 && f.category < 3, "has a Job face with a level 1-3 and a category: " + f.name);
    need(job[0].standalone == job[1].standalone && (!job[0].standalone || job[0].level == 1),
         "has a Stand-alone Job with a level or a second, different kind of face: " + job[0].name);
    standalone_jobs_ = standalone_jobs_ || job[0].standalone;
  }
  need(cards_.trends.empty() || (cards_.trends.size() >= static_cast<std::size_t>(kTrendsDrawn) && cards_.trends.size() <= kMaxDeck),
       "needs no Trends or 3 to 128");
  need(cards_.experiences.empty() || (cards_.experiences.size() > kExperienceSlots && cards_.experiences.size() <= kMaxDeck),
       "needs no Experiences or 6 to 128");
  need(cards_.kids.size() <= kMaxKids, "holds at most 32 Kids");
  for (const KidSpec& k : cards_.kids)
    need(k.num_levels >= 2 && k.num_levels <= kMaxLevels && !k.levels[0].has_cost,
         "has a Kid with 2 to 4 levels, the first without a cost: " + k.name);
  need(cards_.events.empty() || (cards_.events.size() >= static_cast<std::size_t>(kMinEvents) && cards_.events.size() <= kMaxEvents),
       "needs no Events or 4 to 16");
  for (const EventSpec& e : cards_.events) {
    Effect fixed_price = e.task_cost;  // a pay task hands over set resources and coins only
    for (int kind : {kKnowledge, kCreativity, kInfluence, kMoney}) fixed_price.amount[kind] = 0;
    need(fixed_price.none() && e.task_space < kNumSpaces && e.effect_space < kNumSpaces &&
             e.task_what < Measure::kNumMeasures &&
             (e.task != EventTask::kNone || !e.positive),
         "has an Event with a bad task (pay costs are resources and coins; only a negative Event may have none): " + e.name);
  }
  need(cards_.nostalgia.empty() ||
           (cards_.nostalgia.size() >= static_cast<std::size_t>(kNostalgiaHand * rules.players) &&
            cards_.nostalgia.size() <= kMaxNostalgia),
       "needs no Nostalgia cards or 8 per player (at most 80)");
  for (const NostalgiaSpec& n : cards_.nostalgia) {
    static constexpr int kLevels[] = {1, 2, 2, 4};  // by category
    Effect other = n.active_cost;  // an Active Trigger costs set resources, coins and STH
    for (int kind : {kKnowledge, kCreativity, kInfluence, kMoney, kSth}) other.amount[kind] = 0;
    const bool amount_needed = n.category == NostalgiaCategory::kAbility &&
                               (n.ability == NostalgiaAbility::kStore || n.ability == NostalgiaAbility::kInheritance ||
                                n.ability == NostalgiaAbility::kSmartGoalsAbility);
    need(n.passive_action <= kAnyCardAction && other.none() && n.num_levels == kLevels[static_cast<int>(n.category)] &&
             n.goal_resource < kNumResources && n.goal_space < kNumSpaces && n.ability_space < kNumSpaces &&
             n.store_kind <= kStoreMoney && n.goal_condition.what < Measure::kNumMeasures &&
             (!amount_needed || n.ability_amount > 0),
         "has a Nostalgia card with a bad trigger, level count, goal or ability: " + n.name);
  }
  need(cards_.community.empty() || (cards_.community.size() > kCommunitySlots && cards_.community.size() <= kMaxDeck),
       "needs no Community cards or 6 to 128");
  for (const CommunitySpec& c : cards_.community) {
    bool fixed = c.num_achievements >= 1 && c.num_achievements <= kMaxAchievements;
    for (int k = 0; k < c.num_achievements; ++k) {
      Effect other = c.achievements[k].cost;  // what a cost may name: nothing left to choose
      for (int kind : {kKnowledge, kCreativity, kInfluence, kMoney, kSth, kStress}) other.amount[kind] = 0;
      fixed = fixed && other.none();
    }
    need(fixed, "has a Community card without 1 to 3 achievements of set costs: " + c.name);
  }
  need(cards_.relatives.empty() ||
           (cards_.relatives.size() >= static_cast<std::size_t>(rules.players) && cards_.relatives.size() <= kMaxDeck),
       "needs no Relatives or one per player (at most 128)");
  for (const RelativeSpec& r : cards_.relatives) {
    bool rising = r.num_levels >= 1 && r.num_levels <= kMaxRelativeLevels;
    for (int k = 1; rising && k < r.num_levels; ++k) rising = r.numbers[k] > r.numbers[k - 1];
    need(rising, "has a Relative without 1 to 8 rising numbers: " + r.name);
  }
  for (std::size_t i = 0; i < cards_.projects.size(); ++i) {
    const ProjectSpec& p = cards_.projects[i];
    project_roles_[i] = p.type == ProjectType::kGroup ? p.num_levels : 1;
  }
  for (std::size_t i = 0; i < cards_.items.size(); ++i) {
    const ItemSpec& item = cards_.items[i];
    const bool any_level = rules_.item_purchase == ItemPurchase::kAnyLevel && !item.activity && !item.pet;
    purchase_levels_[i] = any_level ? item.num_levels : 1;
  }
  for (int position = 0; position <= track_length(); ++position)
    section_of_[position] = static_cast<std::uint8_t>(position / rules_.stress_section_spaces);
  expansion_segments_ = kids_on() || nostalgia_on() || rules_.school || friends_on_ || community_on();
  blank_ = blank_state();
}

}  // namespace lifespan::pursuit_of_happiness
