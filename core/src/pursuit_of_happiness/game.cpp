// Building the immutable Game: the rule parameters and card tables are checked once here.
#include "lifespan/pursuit_of_happiness/game.hpp"

#include <algorithm>
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
  // Enumerated fields: a C++ host's definition is not checked by the Python card loader.
  auto measure_ok = [](const Condition& c) { return c.kind <= ConditionKind::kAtLeast && c.what < Measure::kNumMeasures; };
  for (const ProjectSpec& p : cards_.projects)
    need(p.num_levels >= 1 && p.num_levels <= kMaxLevels && p.type <= ProjectType::kGroup &&
             p.category < kNumProjectCategories,
         "has a Project with 1 to 4 levels or roles, a type and a category: " + p.name);
  for (const auto& partner : cards_.partners)
    for (const PartnerFace& f : partner) need(f.num_levels == 3, "has a Partner face without 3 levels: " + f.name);
  for (const GoalSpec& g : cards_.goals)
    need(measure_ok(g.condition) && measure_ok(g.solo), "has a Life Goal with a bad condition: " + g.name);
  for (const TraitSpec& t : cards_.traits)
    need(t.ability <= AbilityKind::kUpkeepRelief && t.on <= DiscountOn::kPartner && t.action < kNumBonusActions,
         "has a Child Trait with a bad ability: " + t.name);
  for (const TrendSpec& t : cards_.trends)
    need(t.category < kNumProjectCategories, "has a Trend without a Project category: " + t.name);
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
             e.task_what < Measure::kNumMeasures && e.task <= EventTask::kEndWith &&
             e.effect <= EventEffect::kActionBonus && e.timing <= EventTiming::kAfterEndOfRound &&
             (e.task != EventTask::kNone || !e.positive),
         "has an Event with a bad task (pay costs are resources and coins; only a negative Event may have none): " + e.name);
  }
  need(cards_.nostalgia.empty() ||
           (cards_.nostalgia.size() >= static_cast<std::size_t>(kNostalgiaHand * rules.players) &&
            cards_.nostalgia.size() <= kMaxNostalgia),
       "needs no Nostalgia cards or 8 per player (at most 80)");
  for (const NostalgiaSpec& n : cards_.nostalgia) {
    static constexpr int kLevels[] = {1, 2, 2, 4};  // by category
    need(n.category <= NostalgiaCategory::kRepeatable && n.goal_timing <= NostalgiaGoalTiming::kGameEnd &&
             n.goal <= NostalgiaGoal::kRelationshipL3 && n.ability <= NostalgiaAbility::kSmartGoalsAbility &&
             n.goal_condition.kind <= ConditionKind::kAtLeast &&
             (n.category == NostalgiaCategory::kOutcomes) == (n.num_outcomes == 2),
         "has a Nostalgia card with a bad category, goal or ability kind, or Outcomes (2 exactly on an Outcomes card): " +
             n.name);
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

namespace lifespan::pursuit_of_happiness {
namespace {

// The most resource units (Knowledge, Creativity, Influence) and "any resource" units one
// effect of the card set names: every effect is looked at, so no cost is missed.
struct Units {
  int set = 0, any = 0;
  void take(const Effect& e) {
    set = std::max(set, std::max(0, int{e[kKnowledge]}) + std::max(0, int{e[kCreativity]}) + std::max(0, int{e[kInfluence]}));
    any = std::max(any, std::max(0, int{e[kAnyResource]}));
  }
  void take(const Level& l) {
    for (const Effect* e : {&l.cost, &l.reward, &l.upkeep_cost, &l.upkeep_reward}) take(*e);
  }
};

Units largest_units(const CardTables& cards) {
  Units u;
  for (const ProjectSpec& p : cards.projects) {
    for (const Level& l : p.levels) u.take(l);
    u.take(p.bonus_reward);
  }
  for (const ItemSpec& i : cards.items) {
    for (const Level& l : i.levels) u.take(l);
    u.take(i.upkeep_cost);
  }
  for (const auto& job : cards.jobs)
    for (const JobFace& f : job)
      for (const Effect* e : {&f.requirement, &f.cost, &f.upkeep_cost, &f.promotion_cost, &f.harder_cost, &f.harder_upkeep_cost})
        u.take(*e);
  for (const auto& partner : cards.partners)
    for (const PartnerFace& f : partner)
      for (const Level& l : f.levels) u.take(l);
  for (const ExperienceSpec& e : cards.experiences)
    for (const Effect* x : {&e.plan_requirement, &e.cost, &e.extend_cost}) u.take(*x);
  for (const KidSpec& k : cards.kids)
    for (const KidLevel& l : k.levels) u.take(l.cost);
  for (const NostalgiaSpec& n : cards.nostalgia) {
    for (const Effect* e : {&n.active_cost, &n.cost, &n.repeat_cost}) u.take(*e);
    for (const Level& l : n.levels) u.take(l);
    for (const NostalgiaOutcome& o : n.outcomes) u.take(o.cost);
  }
  for (const CommunitySpec& c : cards.community)
    for (const Achievement& a : c.achievements) u.take(a.cost);
  return u;
}

}  // namespace

// The longest game, in player moves (docs/pursuit_of_happiness_engine.md §9 derives it).
int Game::max_player_moves() const {
  const int n = num_players();
  // One payment: each unit is one move and each discount unit forgone one more, so at most
  // twice the set units owed (a Job's cost and its Work Harder cost twice, or a Project's and
  // an Event's extra cost), plus the "any resource" units, negative STH's extra units and SMART
  // Goals' units, which no discount covers.
  const Units u = largest_units(cards_);
  int extra_set = 0, extra_any = 0, smart = 0;
  for (const EventSpec& e : cards_.events) {
    extra_set = std::max(extra_set, e.extra_cost.resources());
    extra_any = std::max(extra_any, int{e.extra_cost[kAnyResource]});
  }
  for (const NostalgiaSpec& c : cards_.nostalgia) smart = std::max(smart, int{c.ability_amount});
  const int owed = (1 + kMaxWorkHarder) * u.set + extra_set;
  const int sth_extra = rules_.sth_penalty == SthPenalty::kAlways ? -rules_.sth_min : 0;
  const int payment = 2 * owed + (1 + kMaxWorkHarder) * u.any + extra_any + sth_extra + smart;
  // Kids kept or discarded: each Kid in play at most once a turn or an Upkeep phase, since no
  // Partner comes back into play in between.
  const int kid_decisions = kids_on() ? std::min<int>(static_cast<int>(cards_.kids.size()), kMaxInPlay) : 0;
  // A turn: its free actions, the Kids of Partners discarded, the main action, its payment and
  // the choice of Passive Trigger.
  const int turn = rules_.max_free_actions_per_turn + kid_decisions + 1 + payment + 1;
  // Turns of one seat in a round: each main action places one of the colour's 9 Hourglasses
  // (those left plus those spent never pass 9), the Cloud or the meeple (each once a round), or
  // with SMART Goals advances a Project to its last level (each card in play once); then Pass.
  const bool smart_goals = std::any_of(cards_.nostalgia.begin(), cards_.nostalgia.end(), [](const NostalgiaSpec& c) {
    return c.category == NostalgiaCategory::kAbility && c.ability == NostalgiaAbility::kSmartGoalsAbility;
  });
  const int turns = kHourglassesPerColour + (experiences_on() ? 1 : 0) + (community_on() ? 1 : 0) +
                    (smart_goals ? kMaxInPlay : 0) + 1;
  // Upkeep: one decision and one payment for each card in play, then the Kids of those given up.
  const int upkeep = kMaxInPlay * (1 + payment) + kid_decisions;
  // The Community board: one achievement choice per token, and a seat places at most its
  // meeple and its 9 Hourglasses there in a round.
  const int community = community_on() ? n * (1 + kHourglassesPerColour) : 0;
  // Setup: a Child Trait each; a life that ends in a Discard ends a turn without a main action.
  const int per_seat_once = 1 + turn;
  return n * per_seat_once + kMaxRounds * (n * (upkeep + turns * turn) + community);
}

}  // namespace lifespan::pursuit_of_happiness
