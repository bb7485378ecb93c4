#pragma once
// Cards as data (docs/pursuit_of_happiness_cards.md): costs, rewards and requirements are
// Effects of primitive amounts; abilities and goal conditions are enumerated kinds.
//
// Each spec's visit() names its fields as a game definition's card record does
// (docs/embedding.md §2): the game-definition reader and writer walk them, so a card field is
// one line here. An Effect-valued field is optional (absent: nothing); enumerated fields hold
// the enum's index, in the order the card format lists its names.
#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "lifespan/pursuit_of_happiness/constants.hpp"

namespace lifespan::pursuit_of_happiness {

// Amount index, in the card format's key order.
enum Amount : std::uint8_t {
  kKnowledge, kCreativity, kInfluence, kAnyResource, kMoney, kHourglasses,
  kSth, kLth, kStress, kRelax, kGoodHealth, kPopularity, kNumAmounts
};

struct Effect {
  std::array<std::int8_t, kNumAmounts> amount{};
  int operator[](int i) const { return amount[i]; }
  int resources() const { return amount[kKnowledge] + amount[kCreativity] + amount[kInfluence]; }
  // This effect plus `times` (>= 0) times `extra` (Work Harder, an extension, an Event's extra
  // cost), each amount wrapping as an int8_t. Added a word at a time: the byte loop was 5% of a
  // listed move with every expansion, and a plan's cost is read back in words by none(), which
  // byte stores would stall on store forwarding.
  Effect plus(const Effect& extra, int times) const {
    std::uint64_t low = low_word(), high = high_word();
    const std::uint64_t extra_low = extra.low_word(), extra_high = extra.high_word();
    for (int t = 0; t < times; ++t) {
      low = add_bytes(low, extra_low);
      high = add_bytes(high, extra_high);
    }
    return from_words(low, high);
  }
  // This effect with `n` more of amount `i`, wrapping as an int8_t; in words, as plus.
  Effect with_more(Amount i, int n) const {
    const int shift = 8 * (i % 8);
    const std::uint64_t add = static_cast<std::uint64_t>(static_cast<std::uint8_t>(n)) << shift;
    return i < 8 ? from_words(add_bytes(low_word(), add), high_word()) : from_words(low_word(), add_bytes(high_word(), add));
  }
  bool none() const { return (low_word() | high_word()) == 0; }  // a byte loop here was 1% of a playout
  bool operator==(const Effect&) const = default;

  // By amount name (the card format's keys); a definition lists only the amounts that are not 0.
  static constexpr const char* kAmountNames[kNumAmounts] = {
      "knowledge", "creativity", "influence", "any_resource", "money", "hourglasses",
      "sth", "lth", "stress", "relax", "good_health", "popularity"};
  static constexpr bool kClosedRecord = true;  // a misspelt amount is an error, not a 0
  template <class Visitor>
  void visit(Visitor& v) {
    for (int i = 0; i < kNumAmounts; ++i) v.optional(kAmountNames[i], amount[i]);
  }

 private:
  static_assert(sizeof(amount) == sizeof(std::uint64_t) + sizeof(std::uint32_t));
  std::uint64_t low_word() const {
    std::uint64_t low;
    std::memcpy(&low, amount.data(), sizeof low);
    return low;
  }
  std::uint64_t high_word() const {
    std::uint32_t high;
    std::memcpy(&high, amount.data() + sizeof(std::uint64_t), sizeof high);
    return high;
  }
  static Effect from_words(std::uint64_t low, std::uint64_t high) {
    Effect e;
    const auto high32 = static_cast<std::uint32_t>(high);
    std::memcpy(e.amount.data(), &low, sizeof low);
    std::memcpy(e.amount.data() + sizeof low, &high32, sizeof high32);
    return e;
  }
  // Byte-wise sums modulo 256, no carry crossing a byte.
  static std::uint64_t add_bytes(std::uint64_t a, std::uint64_t b) {
    constexpr std::uint64_t kTop = 0x8080808080808080ULL;
    return ((a & ~kTop) + (b & ~kTop)) ^ ((a ^ b) & kTop);
  }
};

struct Level {
  Effect cost, reward;
  bool has_upkeep = false;
  Effect upkeep_cost, upkeep_reward;
  bool operator==(const Level&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.optional("has_upkeep", has_upkeep);
    v.optional("upkeep_cost", upkeep_cost);
    v.optional("upkeep_reward", upkeep_reward);
  }
};

enum class ProjectType : std::uint8_t { kBasic, kSingleRound, kGroup };

struct ProjectSpec {
  ProjectType type = ProjectType::kBasic;
  std::uint8_t category = 0;
  std::uint8_t num_levels = 0;     // basic 3–4, single-round 1; group: the number of roles
  std::array<Level, kMaxLevels> levels{};   // group: the roles
  std::uint8_t bonus_min = 0;      // group: Hourglasses needed for the bonus
  Effect bonus_reward;
  std::string name;
  std::array<std::string, kMaxLevels> level_names;
  bool operator==(const ProjectSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("type", type);
    v("category", category);
    v.named_list("levels", num_levels, levels, level_names);
    v.optional("bonus_min", bonus_min);
    v.optional("bonus_reward", bonus_reward);
  }
};

struct ItemSpec {
  bool activity = false;           // used once with Spend, then discarded
  // A Pet (KS Promos): bought at level 1 with Spend, then each Upkeep it is fed the cost of its
  // next level and reaches it, gaining that level's reward; no card action, not an Item for
  // discounts, Life Goals or Discard. levels[0].cost is the price, levels[k].cost the Upkeep
  // that leads to level k + 1.
  bool pet = false;
  // A Best Friend (the Best Friends module): dealt to the Best Friends board, not the row; made
  // a friend of with Make a Friend (level 1), then grown like an Item; not an Item for Life
  // Goals or discounts.
  bool best_friend = false;
  std::uint8_t num_levels = 0;     // activity: 1 (its cost and reward); items 1-3; pets 2-4
  std::array<Level, kMaxLevels> levels{};
  bool has_upkeep = false;
  Effect upkeep_cost, upkeep_reward;
  std::string name;
  std::array<std::string, kMaxLevels> level_names;
  bool operator==(const ItemSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.optional("activity", activity);
    v.optional("pet", pet);
    v.optional("best_friend", best_friend);
    v.named_list("levels", num_levels, levels, level_names);
    v.optional("has_upkeep", has_upkeep);
    v.optional("upkeep_cost", upkeep_cost);
    v.optional("upkeep_reward", upkeep_reward);
  }
};

struct JobFace {
  std::uint8_t category = 0;       // 0 science, 1 social, 2 arts
  std::uint8_t level = 1;
  Effect requirement, cost, reward, upkeep_cost, upkeep_reward;
  Effect promotion_cost;           // levels 1–2
  Effect retirement_reward;        // level 3
  // A Stand-alone Job (KS Promos): no levels, so no promotion or retirement; instead, on hiring
  // and at each Upkeep, its Work Harder cost may be paid up to twice for its reward as often.
  // Both faces of its card are the same.
  bool standalone = false;
  Effect harder_cost, harder_reward, harder_upkeep_cost, harder_upkeep_reward;
  std::string name;
  bool operator==(const JobFace&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("category", category);
    v("level", level);
    v.optional("requirement", requirement);
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.optional("upkeep_cost", upkeep_cost);
    v.optional("upkeep_reward", upkeep_reward);
    v.optional("promotion_cost", promotion_cost);
    v.optional("retirement_reward", retirement_reward);
    v.optional("standalone", standalone);
    v.optional("harder_cost", harder_cost);
    v.optional("harder_reward", harder_reward);
    v.optional("harder_upkeep_cost", harder_upkeep_cost);
    v.optional("harder_upkeep_reward", harder_upkeep_reward);
  }
};

struct PartnerFace {
  std::uint8_t num_levels = 3;     // always 3 (the Game checks it): what a definition lists
  std::array<Level, 3> levels{};
  std::string name;
  std::array<std::string, 3> level_names;
  bool operator==(const PartnerFace&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.named_list("levels", num_levels, levels, level_names);
  }
};

enum class ConditionKind : std::uint8_t { kMost, kAtLeast };
enum class Measure : std::uint8_t {
  kMoney, kKnowledge, kCreativity, kInfluence, kResources, kCompletedProjects, kItems,
  kPartnerLevel3, kJobLevel, kLthFromCards, kRetired, kExperiences, kSth, kPopularity, kKids, kNumMeasures
};

struct Condition {
  ConditionKind kind = ConditionKind::kAtLeast;
  Measure what = Measure::kMoney;
  std::uint8_t amount = 0;
  bool operator==(const Condition&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("kind", kind);
    v("what", what);
    v.optional("amount", amount);
  }
};

struct GoalSpec {
  bool game_end = true;            // false: checked at each End of Round while alive
  Condition condition, solo;
  std::uint8_t lth = 0;
  bool promo = false;
  std::string name;
  bool operator==(const GoalSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("game_end", game_end);
    v("condition", condition);
    v("solo", solo);
    v("lth", lth);
    v.optional("promo", promo);
  }
};

enum class AbilityKind : std::uint8_t { kActionBonus, kRoundIncome, kDiscount, kUpkeepRelief };
enum class DiscountOn : std::uint8_t { kProject, kItem, kJob, kPartner };

struct TraitSpec {
  Effect start;
  AbilityKind ability = AbilityKind::kActionBonus;
  std::uint8_t action = 0;         // action_bonus: the board action (card-format order)
  Effect reward;                   // action_bonus, round_income
  DiscountOn on = DiscountOn::kProject;
  std::uint8_t amount = 0;         // discount, upkeep_relief
  bool promo = false;
  std::string name;
  bool operator==(const TraitSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.optional("start", start);
    v("ability", ability);
    v.optional("action", action);
    v.optional("reward", reward);
    v.optional("on", on);
    v.optional("amount", amount);
    v.optional("promo", promo);
  }
};

// Board actions named by action_bonus, in the card format's order.
enum BonusAction : std::uint8_t {
  kBonusStudy, kBonusPlay, kBonusInteract, kBonusTempJob, kBonusSpend, kBonusStartProject,
  kBonusGetJob, kBonusStartRelationship, kBonusRest, kBonusPlanExperience, kBonusDream, kNumBonusActions
};

// A Trend (KS Promos): LTH at the end for 1, 2, 3 and 4 or more completed Projects of its
// category, every Project type counting.
struct TrendSpec {
  std::string name;
  std::uint8_t category = 0;
  std::array<std::int8_t, 4> lth{};
  bool operator==(const TrendSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("category", category);
    v("lth", lth);
  }
};

// An Event (KS Promos): revealed in an Adult round, it takes effect the next round for the
// players its task selects: a positive Event for those who did its ENSURE task, a negative one
// for those who did not do its PREVENT task (a task of kNone: everyone).
enum class EventTask : std::uint8_t { kNone, kPay, kBoardAction, kEndWith };
enum class EventEffect : std::uint8_t { kProjectCost, kOnce, kActionBonus };
// kOnce effects: at the start of the round in effect, or after that round's End of Round.
enum class EventTiming : std::uint8_t { kRoundStart, kAfterEndOfRound };

struct EventSpec {
  std::string name;
  bool positive = false;
  EventTask task = EventTask::kNone;
  Effect task_cost;                 // pay: resources and money, paid as a free action
  std::uint8_t task_space = 0;      // board_action: a Space
  Measure task_what = Measure::kMoney;  // end_with: at least task_at_least of it
  std::int8_t task_at_least = 0;
  EventEffect effect = EventEffect::kOnce;
  EventTiming timing = EventTiming::kRoundStart;
  Effect reward;                    // once: gained; action_bonus: gained with the action
  Effect loss;                      // once: lost, as far as it goes
  std::uint8_t effect_space = 0;    // action_bonus: a Space
  std::uint8_t resources_less = 0;  // project_cost: fewer resources to pay
  std::uint8_t substitutions = 0;   // project_cost: owed resources payable with any kind
  Effect extra_cost;                // project_cost: paid on top
  bool operator==(const EventSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("positive", positive);
    v("task", task);
    v.optional("task_cost", task_cost);
    v.optional("task_space", task_space);
    v.optional("task_what", task_what);
    v.optional("task_at_least", task_at_least);
    v("effect", effect);
    v.optional("timing", timing);
    v.optional("reward", reward);
    v.optional("loss", loss);
    v.optional("effect_space", effect_space);
    v.optional("resources_less", resources_less);
    v.optional("substitutions", substitutions);
    v.optional("extra_cost", extra_cost);
  }
};

// An Experience (Trip or Happening): planned with Plan Experience when its requirement is met
// (reward gained), then experienced with a card action, with or without its extension.
// `cost` counts the Hourglass the card action places.
struct ExperienceSpec {
  std::string name;
  bool trip = true;
  Effect plan_requirement, plan_reward, cost, reward, extend_cost, extend_reward;
  std::array<std::string, 3> part_names;  // planning, experience, extend
  bool operator==(const ExperienceSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("trip", trip);
    v.optional("plan_requirement", plan_requirement);
    v.optional("plan_reward", plan_reward);
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.optional("extend_cost", extend_cost);
    v.optional("extend_reward", extend_reward);
    v("part_names", part_names);
  }
};

// A Kid (Experiences' Kids module): drawn at level 1 (its reward), then each Upkeep it grows a
// level: a level with a requirement gives its reward if the requirement is met, one with a cost
// if the cost is paid; otherwise the player loses 1 LTH.
struct KidLevel {
  Effect requirement, cost, reward;
  bool has_cost = false;
  bool operator==(const KidLevel&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v.optional("requirement", requirement);
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.optional("has_cost", has_cost);
  }
};

struct KidSpec {
  std::string name;
  std::uint8_t num_levels = 0;
  std::array<KidLevel, kMaxLevels> levels{};
  std::array<std::string, kMaxLevels> level_names;
  bool operator==(const KidSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.named_list("levels", num_levels, levels, level_names);
  }
};

// A Nostalgia card (Nostalgia rulebook; docs/pursuit_of_happiness.md §9). Its Reminiscence side
// has a Passive Trigger (performing an action) and an Active Trigger (a cost paid as a free
// action); with both activated, the Realize card action pays the realization and the card comes
// into play on its Realization side at level 1, where its category decides what follows.
enum class NostalgiaCategory : std::uint8_t { kLifeGoal, kAbility, kOutcomes, kRepeatable };
enum class NostalgiaGoalTiming : std::uint8_t { kOngoing, kMidGame, kGameEnd };
// Ongoing: each time the player pays at least `goal_amount` of `goal_resource` on a Project, or
// performs the board action `goal_space`. Mid-Game: once, when `goal_condition` holds at an End
// of Round, or when a Partner taken with Start a Relationship reaches L3. Game End: the condition.
enum class NostalgiaGoal : std::uint8_t { kPayOnProject, kBoardAction, kCondition, kRelationshipL3 };
// Unlocked at level 2: a bonus with a board action; income each Preparation; a store of
// `ability_amount` units of `store_kind` (0-2 a resource, 3 coins) put on the card, taken when
// the player runs out; a free action placing an Hourglass on the card once a round; Inheritance at
// 1 LTH per `ability_amount` resources; SMART Goals, one Hourglass of a Basic Project's L4 cost
// paid with `ability_amount` resources of any kind.
enum class NostalgiaAbility : std::uint8_t {
  kActionBonus, kRoundIncome, kStore, kFreeAction, kInheritance, kSmartGoalsAbility
};
inline constexpr int kStoreMoney = 3;  // store_kind: coins

struct NostalgiaOutcome {
  Effect cost, reward;
  bool partner = false;  // the reward also brings the top Partner card into play
  std::string name;
  bool operator==(const NostalgiaOutcome&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.optional("partner", partner);
  }
};

struct NostalgiaSpec {
  std::string name, passive_name, active_name;
  NostalgiaCategory category = NostalgiaCategory::kLifeGoal;
  std::uint8_t passive_action = 0;  // a Space, or kAnyCardAction
  Effect passive_reward, active_cost, active_reward;
  Effect requirement, cost, reward;  // the realization
  // Levels of the Realization side: 1 for a Life Goal, 2 for an Ability or Outcomes, 4 for a
  // Repeatable. levels[k] is what reaching level k + 1 costs and gives (levels[0]: the
  // realization above); level_names[0] is the realization's name. A determined Outcome k puts
  // the card at level 3 + k, a fulfilled Mid-Game goal at level 2.
  std::uint8_t num_levels = 1;
  std::array<Level, kMaxLevels> levels{};
  std::array<std::string, kMaxLevels> level_names;
  std::uint8_t num_outcomes = 0;    // Outcomes: 2; other categories: 0
  std::array<NostalgiaOutcome, 2> outcomes{};
  Effect repeat_cost, repeat_reward;
  std::string repeat_name;
  NostalgiaGoalTiming goal_timing = NostalgiaGoalTiming::kOngoing;
  NostalgiaGoal goal = NostalgiaGoal::kCondition;
  std::uint8_t goal_resource = 0, goal_amount = 0, goal_space = 0;
  Condition goal_condition;
  Effect goal_reward;
  NostalgiaAbility ability = NostalgiaAbility::kActionBonus;
  std::uint8_t ability_space = 0, ability_amount = 0, store_kind = 0;
  Effect ability_reward;
  std::string ability_name;
  bool operator==(const NostalgiaSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v("passive_name", passive_name);
    v("active_name", active_name);
    v("category", category);
    v("passive_action", passive_action);
    v.optional("passive_reward", passive_reward);
    v.optional("active_cost", active_cost);
    v.optional("active_reward", active_reward);
    v.optional("requirement", requirement);
    v.optional("cost", cost);
    v.optional("reward", reward);
    v.named_list("levels", num_levels, levels, level_names);
    v.counted("outcomes", num_outcomes, outcomes);
    v.optional("repeat_name", repeat_name);
    v.optional("repeat_cost", repeat_cost);
    v.optional("repeat_reward", repeat_reward);
    v.optional("goal_timing", goal_timing);
    v.optional("goal", goal);
    v.optional("goal_resource", goal_resource);
    v.optional("goal_amount", goal_amount);
    v.optional("goal_space", goal_space);
    v.optional("goal_condition", goal_condition);
    v.optional("goal_reward", goal_reward);
    v.optional("ability", ability);
    v.optional("ability_space", ability_space);
    v.optional("ability_amount", ability_amount);
    v.optional("store_kind", store_kind);
    v.optional("ability_reward", ability_reward);
    v.optional("ability_name", ability_name);
  }
};

// A Relative (the Relatives module): at the end of each End of Round from the 1st Adult round,
// its owner rolls a die; a roll above the number the Level indicator marks moves it one space
// right (it stays on the last), otherwise the player gains the reward if the requirement is met
// and the card leaves the game.
struct RelativeSpec {
  std::string name;
  Effect requirement, reward;
  std::uint8_t num_levels = 0;
  std::array<std::uint8_t, kMaxRelativeLevels> numbers{};
  bool operator==(const RelativeSpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.optional("requirement", requirement);
    v.optional("reward", reward);
    v.counted("numbers", num_levels, numbers);
  }
};

// A Community card (the Community expansion): a social event whose participants each choose one
// achievement at the End of Round (requirement held, cost paid, reward gained).
struct Achievement {
  std::string name;
  Effect requirement, cost, reward;
  bool operator==(const Achievement&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.optional("requirement", requirement);
    v.optional("cost", cost);
    v.optional("reward", reward);
  }
};

struct CommunitySpec {
  std::string name;
  std::uint8_t num_achievements = 0;
  std::array<Achievement, kMaxAchievements> achievements{};
  bool operator==(const CommunitySpec&) const = default;

  template <class Visitor>
  void visit(Visitor& v) {
    v("name", name);
    v.counted("achievements", num_achievements, achievements);
  }
};

struct CardTables {
  std::vector<ProjectSpec> projects;
  std::vector<ItemSpec> items;                        // items and activities: one deck
  std::vector<std::array<JobFace, 2>> jobs;
  std::vector<std::array<PartnerFace, 2>> partners;
  std::vector<GoalSpec> goals;
  std::vector<TraitSpec> traits;
  std::vector<TrendSpec> trends;                      // empty: the Trends promo is not in play
  std::vector<EventSpec> events;                      // empty: the Events promo is not in play
  std::vector<ExperienceSpec> experiences;            // empty: the Experiences expansion is not
  std::vector<KidSpec> kids;                          // empty: the Kids module is not
  std::vector<NostalgiaSpec> nostalgia;               // empty: the Nostalgia expansion is not
  std::vector<RelativeSpec> relatives;                // empty: the Relatives module is not
  std::vector<CommunitySpec> community;               // empty: the Community expansion is not
  bool operator==(const CardTables&) const = default;

  // Each table by the name a definition's card record gives in its "table" field; a Job or
  // Partner record holds its two faces under "faces". A card's id within its table is its
  // place among that table's records.
  template <class Visitor>
  void visit_tables(Visitor& v) {
    v("projects", projects);
    v("items", items);
    v("jobs", jobs);
    v("partners", partners);
    v("goals", goals);
    v("traits", traits);
    v("trends", trends);
    v("events", events);
    v("experiences", experiences);
    v("kids", kids);
    v("nostalgia", nostalgia);
    v("relatives", relatives);
    v("community", community);
  }
};

}  // namespace lifespan::pursuit_of_happiness
