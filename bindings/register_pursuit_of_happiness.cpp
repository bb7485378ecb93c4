// The Pursuit of Happiness: builds the C++ Game from the records of the Python loader
// (lifespan/pursuit_of_happiness.py, engine_records) and registers its Game and State classes.
#include <pybind11/native_enum.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "action_operand.hpp"
#include "game_binding.hpp"
#include "rule_options.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {
namespace poh = lifespan::pursuit_of_happiness;

namespace {

// Option names per enumerated rule parameter, in enum order (rules.toml lists the same).
const OptionTable& rule_options() {
  static const OptionTable options = {
      {"sth_overflow", {"excess", "at_max_only"}},
      {"sth_penalty", {"always", "never"}},
      {"overtime_timing", {"this_round", "next_round"}},
      {"first_player", {"seat_0", "random"}},
      {"job_row", {"row_size", "players"}},
      {"group_join", {"any_active", "own_active"}},
      {"group_bonus", {"threshold", "per_hourglass"}},
      {"discard_scope", {"active_cards", "any_card"}},
      {"promotion", {"row", "flip"}},
      {"inheritance_timing", {"game_end", "death"}},
      {"unfed_pet", {"discard", "stays"}},
      {"delayed_event", {"after_next_round", "after_reveal_round"}},
      {"community_tokens", {"per_token", "per_player"}},
      {"popularity_lth", {"once_per_round", "per_card"}},
      {"item_purchase", {"any_level", "first_level"}},
      {"chance", {"sampled", "explicit"}},
  };
  return options;
}


poh::Rules read_rules(const py::dict& d) {
  poh::Rules r;
  auto integer = [&](const char* name) { return d[name].cast<int>(); };
  r.players = integer("players");
  r.seed = d["seed"].cast<std::uint64_t>();
  r.stress_sections = integer("stress_sections");
  r.stress_section_spaces = integer("stress_section_spaces");
  r.stress_start_section = integer("stress_start_section");
  r.hourglasses_first_section = integer("hourglasses_first_section");
  r.sth_min = integer("sth_min");
  r.sth_max = integer("sth_max");
  r.temp_job_money = integer("temp_job_money");
  r.rest_relax = integer("rest_relax");
  r.overtime_hourglasses = integer("overtime_hourglasses");
  r.overtime_stress = integer("overtime_stress");
  r.row_size = integer("row_size");
  r.teen_job_partner_rows = d["teen_job_partner_rows"].cast<bool>();
  r.retirement_level = integer("retirement_level");
  r.solo_lth_target = integer("solo_lth_target");
  r.dream_slots = integer("dream_slots");
  r.relative_die = integer("relative_die");
  r.school = d["school"].cast<bool>();
  r.school_resources = integer("school_resources");
  r.degree_credits = integer("degree_credits");
  r.degree_discount = integer("degree_discount");
  r.best_friends_max = integer("best_friends_max");
  r.popularity_max = integer("popularity_max");
  r.max_free_actions_per_turn = integer("max_free_actions_per_turn");
  read_option(d, rule_options(), "community_tokens", r.community_tokens);
  read_option(d, rule_options(), "popularity_lth", r.popularity_lth);
  read_option(d, rule_options(), "sth_overflow", r.sth_overflow);
  read_option(d, rule_options(), "sth_penalty", r.sth_penalty);
  read_option(d, rule_options(), "overtime_timing", r.overtime_timing);
  read_option(d, rule_options(), "first_player", r.first_player);
  read_option(d, rule_options(), "job_row", r.job_row);
  read_option(d, rule_options(), "group_join", r.group_join);
  read_option(d, rule_options(), "group_bonus", r.group_bonus);
  read_option(d, rule_options(), "discard_scope", r.discard_scope);
  read_option(d, rule_options(), "unfed_pet", r.unfed_pet);
  read_option(d, rule_options(), "delayed_event", r.delayed_event);
  read_option(d, rule_options(), "promotion", r.promotion);
  read_option(d, rule_options(), "inheritance_timing", r.inheritance_timing);
  read_option(d, rule_options(), "item_purchase", r.item_purchase);
  read_option(d, rule_options(), "chance", r.chance);
  return r;
}

poh::Effect effect(py::handle values) {
  const auto list = values.cast<std::vector<int>>();
  if (list.size() != poh::kNumAmounts) throw CardDataError("internal card record: an effect needs 12 amounts");
  poh::Effect e;
  for (std::size_t i = 0; i < e.amount.size(); ++i) e.amount[i] = static_cast<std::int8_t>(list[i]);
  return e;
}

poh::Level level(const py::dict& d) {
  poh::Level l;
  l.cost = effect(d["cost"]);
  l.reward = effect(d["reward"]);
  if (!d["upkeep"].is_none()) {
    const py::dict upkeep = d["upkeep"];
    l.has_upkeep = true;
    l.upkeep_cost = effect(upkeep["cost"]);
    l.upkeep_reward = effect(upkeep["reward"]);
  }
  return l;
}

template <std::size_t N>
std::uint8_t levels(const py::list& source, std::array<poh::Level, N>& out, std::array<std::string, N>& names) {
  if (source.size() > N) throw CardDataError("internal card record: too many levels");
  for (std::size_t i = 0; i < source.size(); ++i) {
    const py::dict d = source[i];
    out[i] = level(d);
    names[i] = d["name"].cast<std::string>();
  }
  return static_cast<std::uint8_t>(source.size());
}

poh::Condition condition(py::handle values) {
  const auto list = values.cast<std::vector<int>>();
  return {static_cast<poh::ConditionKind>(list.at(0)), static_cast<poh::Measure>(list.at(1)),
          static_cast<std::uint8_t>(list.at(2))};
}

// A Nostalgia record: both sides, the levels of the Realization side (the first is the
// realization), and its category's goal, Outcomes, Repeatable level or Ability.
poh::NostalgiaSpec nostalgia_card(const py::dict& c) {
  poh::NostalgiaSpec n;
  auto byte = [&](const char* key) { return c[key].cast<std::uint8_t>(); };
  n.name = c["name"].cast<std::string>();
  n.passive_name = c["passive_name"].cast<std::string>();
  n.active_name = c["active_name"].cast<std::string>();
  n.category = static_cast<poh::NostalgiaCategory>(byte("category"));
  n.passive_action = byte("passive_action");
  n.passive_reward = effect(c["passive_reward"]);
  n.active_cost = effect(c["active_cost"]);
  n.active_reward = effect(c["active_reward"]);
  n.requirement = effect(c["requirement"]);
  n.cost = effect(c["cost"]);
  n.reward = effect(c["reward"]);
  n.num_levels = levels(c["levels"].cast<py::list>(), n.levels, n.level_names);
  const py::list outcomes = c["outcomes"].cast<py::list>();
  if (outcomes.size() > 2) throw CardDataError("internal card record: at most 2 Outcomes");
  for (std::size_t i = 0; i < outcomes.size(); ++i) {
    const py::dict o = outcomes[i].cast<py::dict>();
    n.outcomes[i] = poh::NostalgiaOutcome{effect(o["cost"]), effect(o["reward"]), o["partner"].cast<bool>(),
                                          o["name"].cast<std::string>()};
  }
  n.repeat_name = c["repeat_name"].cast<std::string>();
  n.repeat_cost = effect(c["repeat_cost"]);
  n.repeat_reward = effect(c["repeat_reward"]);
  n.goal_timing = static_cast<poh::NostalgiaGoalTiming>(byte("goal_timing"));
  n.goal = static_cast<poh::NostalgiaGoal>(byte("goal"));
  n.goal_resource = byte("goal_resource");
  n.goal_amount = byte("goal_amount");
  n.goal_space = byte("goal_space");
  n.goal_condition = condition(c["goal_condition"]);
  n.goal_reward = effect(c["goal_reward"]);
  n.ability = static_cast<poh::NostalgiaAbility>(byte("ability"));
  n.ability_space = byte("ability_space");
  n.ability_amount = byte("ability_amount");
  n.store_kind = byte("store_kind");
  n.ability_reward = effect(c["ability_reward"]);
  n.ability_name = c["ability_name"].cast<std::string>();
  return n;
}

poh::CardTables read_cards(const py::dict& d) {
  poh::CardTables t;
  for (py::handle h : d["projects"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::ProjectSpec p;
    p.name = c["name"].cast<std::string>();
    p.type = static_cast<poh::ProjectType>(c["type"].cast<int>());
    p.category = c["category"].cast<std::uint8_t>();
    p.num_levels = levels(c["levels"].cast<py::list>(), p.levels, p.level_names);
    p.bonus_min = c["bonus_min"].cast<std::uint8_t>();
    p.bonus_reward = effect(c["bonus_reward"]);
    t.projects.push_back(p);
  }
  for (py::handle h : d["items"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::ItemSpec item;
    item.name = c["name"].cast<std::string>();
    item.activity = c["activity"].cast<bool>();
    item.pet = c["pet"].cast<bool>();
    item.best_friend = c["best_friend"].cast<bool>();
    item.num_levels = levels(c["levels"].cast<py::list>(), item.levels, item.level_names);
    if (!c["upkeep"].is_none()) {
      const py::dict upkeep = c["upkeep"];
      item.has_upkeep = true;
      item.upkeep_cost = effect(upkeep["cost"]);
      item.upkeep_reward = effect(upkeep["reward"]);
    }
    t.items.push_back(item);
  }
  for (py::handle h : d["jobs"].cast<py::list>()) {
    std::array<poh::JobFace, 2> faces;
    const py::list source = h.cast<py::list>();
    for (int i = 0; i < 2; ++i) {
      const py::dict f = source[i];
      poh::JobFace& face = faces[i];
      face.name = f["name"].cast<std::string>();
      face.category = f["category"].cast<std::uint8_t>();
      face.level = f["level"].cast<std::uint8_t>();
      face.requirement = effect(f["requirement"]);
      face.cost = effect(f["cost"]);
      face.reward = effect(f["reward"]);
      face.upkeep_cost = effect(f["upkeep_cost"]);
      face.upkeep_reward = effect(f["upkeep_reward"]);
      face.promotion_cost = effect(f["promotion_cost"]);
      face.retirement_reward = effect(f["retirement_reward"]);
      face.standalone = f["standalone"].cast<bool>();
      face.harder_cost = effect(f["harder_cost"]);
      face.harder_reward = effect(f["harder_reward"]);
      face.harder_upkeep_cost = effect(f["harder_upkeep_cost"]);
      face.harder_upkeep_reward = effect(f["harder_upkeep_reward"]);
    }
    t.jobs.push_back(faces);
  }
  for (py::handle h : d["partners"].cast<py::list>()) {
    std::array<poh::PartnerFace, 2> faces;
    const py::list source = h.cast<py::list>();
    for (int i = 0; i < 2; ++i) {
      const py::dict f = source[i];
      faces[i].name = f["name"].cast<std::string>();
      if (levels(f["levels"].cast<py::list>(), faces[i].levels, faces[i].level_names) != 3)
        throw CardDataError("internal card record: a Partner face has 3 levels");
    }
    t.partners.push_back(faces);
  }
  for (py::handle h : d["goals"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::GoalSpec g;
    g.name = c["name"].cast<std::string>();
    g.game_end = c["game_end"].cast<bool>();
    g.condition = condition(c["condition"]);
    g.solo = condition(c["solo"]);
    g.lth = c["lth"].cast<std::uint8_t>();
    g.promo = c["promo"].cast<bool>();
    t.goals.push_back(g);
  }
  for (py::handle h : d["traits"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::TraitSpec tr;
    tr.name = c["name"].cast<std::string>();
    tr.start = effect(c["start"]);
    tr.ability = static_cast<poh::AbilityKind>(c["ability"].cast<int>());
    tr.action = c["action"].cast<std::uint8_t>();
    tr.reward = effect(c["reward"]);
    tr.on = static_cast<poh::DiscountOn>(c["on"].cast<int>());
    tr.amount = c["amount"].cast<std::uint8_t>();
    tr.promo = c["promo"].cast<bool>();
    t.traits.push_back(tr);
  }
  for (py::handle h : d["trends"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::TrendSpec trend;
    trend.name = c["name"].cast<std::string>();
    trend.category = c["category"].cast<std::uint8_t>();
    trend.lth = c["lth"].cast<std::array<std::int8_t, 4>>();
    t.trends.push_back(trend);
  }
  for (py::handle h : d["events"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::EventSpec e;
    e.name = c["name"].cast<std::string>();
    e.positive = c["positive"].cast<bool>();
    e.task = static_cast<poh::EventTask>(c["task"].cast<int>());
    e.task_cost = effect(c["task_cost"]);
    e.task_space = c["task_space"].cast<std::uint8_t>();
    e.task_what = static_cast<poh::Measure>(c["task_what"].cast<int>());
    e.task_at_least = c["task_at_least"].cast<std::int8_t>();
    e.effect = static_cast<poh::EventEffect>(c["effect"].cast<int>());
    e.timing = static_cast<poh::EventTiming>(c["timing"].cast<int>());
    e.reward = effect(c["reward"]);
    e.loss = effect(c["loss"]);
    e.effect_space = c["effect_space"].cast<std::uint8_t>();
    e.resources_less = c["resources_less"].cast<std::uint8_t>();
    e.substitutions = c["substitutions"].cast<std::uint8_t>();
    e.extra_cost = effect(c["extra_cost"]);
    t.events.push_back(e);
  }
  for (py::handle h : d["experiences"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::ExperienceSpec x;
    x.name = c["name"].cast<std::string>();
    x.trip = c["trip"].cast<bool>();
    x.plan_requirement = effect(c["plan_requirement"]);
    x.plan_reward = effect(c["plan_reward"]);
    x.cost = effect(c["cost"]);
    x.reward = effect(c["reward"]);
    x.extend_cost = effect(c["extend_cost"]);
    x.extend_reward = effect(c["extend_reward"]);
    x.part_names = c["part_names"].cast<std::array<std::string, 3>>();
    t.experiences.push_back(x);
  }
  for (py::handle h : d["kids"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::KidSpec kid;
    kid.name = c["name"].cast<std::string>();
    const py::list levels = c["levels"].cast<py::list>();
    if (levels.size() > poh::kMaxLevels) throw CardDataError("internal card record: too many Kid levels");
    kid.num_levels = static_cast<std::uint8_t>(levels.size());
    for (std::size_t i = 0; i < levels.size(); ++i) {
      const py::dict level = levels[i];
      kid.level_names[i] = level["name"].cast<std::string>();
      kid.levels[i].requirement = effect(level["requirement"]);
      kid.levels[i].cost = effect(level["cost"]);
      kid.levels[i].reward = effect(level["reward"]);
      kid.levels[i].has_cost = level["has_cost"].cast<bool>();
    }
    t.kids.push_back(kid);
  }
  for (py::handle h : d["nostalgia"].cast<py::list>()) t.nostalgia.push_back(nostalgia_card(h.cast<py::dict>()));
  for (py::handle h : d["community"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::CommunitySpec card;
    card.name = c["name"].cast<std::string>();
    const py::list achievements = c["achievements"].cast<py::list>();
    if (achievements.size() > poh::kMaxAchievements) throw CardDataError("internal card record: too many achievements");
    card.num_achievements = static_cast<std::uint8_t>(achievements.size());
    for (std::size_t i = 0; i < achievements.size(); ++i) {
      const py::dict a = achievements[i].cast<py::dict>();
      card.achievements[i] = poh::Achievement{a["name"].cast<std::string>(), effect(a["requirement"]), effect(a["cost"]),
                                              effect(a["reward"])};
    }
    t.community.push_back(card);
  }
  for (py::handle h : d["relatives"].cast<py::list>()) {
    const py::dict c = h.cast<py::dict>();
    poh::RelativeSpec r;
    r.name = c["name"].cast<std::string>();
    r.requirement = effect(c["requirement"]);
    r.reward = effect(c["reward"]);
    const auto numbers = c["numbers"].cast<std::vector<int>>();
    if (numbers.size() > poh::kMaxRelativeLevels) throw CardDataError("internal card record: too many Relative numbers");
    r.num_levels = static_cast<std::uint8_t>(numbers.size());
    for (std::size_t i = 0; i < numbers.size(); ++i) r.numbers[i] = static_cast<std::uint8_t>(numbers[i]);
    t.relatives.push_back(r);
  }
  return t;
}

// The Python names of ActionKind, in enum order.
constexpr const char* kActionKindNames[] = {
    "KEEP_TRAIT", "PAY_UPKEEP", "GIVE_UP", "REFRESH", "DISCARD", "SIMPLE_BOARD", "START_PROJECT",
    "JOIN_GROUP", "SPEND", "GET_JOB", "PROMOTE_FROM_ROW", "PROMOTE_FLIP", "START_RELATIONSHIP",
    "CARD_ACTION", "PAY_UNIT", "PASS", "UPKEEP_WORKING_HARDER", "EVENT_TASK", "PLAN_EXPERIENCE",
    "DREAM", "FROM_DREAM", "EXTEND_EXPERIENCE", "DEVELOP_WITH_KID", "RAISE_FAMILY",
    "PLACE_NOSTALGIA", "DISCARD_NOSTALGIA", "ACTIVE_TRIGGER", "FREE_ABILITY", "REALIZE",
    "DETERMINE_OUTCOME", "SMART_GOALS", "FORGO_DISCOUNT", "SCHOOL_COURSE", "MAKE_FRIEND",
    "COMMUNITY_PLACE", "ACHIEVEMENT", "NO_ACHIEVEMENT", "KEEP_KID", "DISCARD_KID", "CHOOSE_TRIGGER"};
static_assert(std::size(kActionKindNames) == poh::kNumActionKinds, "one Python name per ActionKind");

// ActionKind, the named tuple PursuitAction, and decode_action / encode_action on the Game and
// State classes: the id layout of action.hpp, so that Python never re-derives it.
void bind_actions(py::module_& m) {
  py::native_enum<poh::ActionKind> kinds(m, "PursuitActionKind", "enum.IntEnum",
                                         "What a Pursuit of Happiness action does (its operands: PursuitAction).");
  for (int k = 0; k < poh::kNumActionKinds; ++k) kinds.value(kActionKindNames[k], static_cast<poh::ActionKind>(k));
  kinds.finalize();
  const py::object kind_type = m.attr("PursuitActionKind");
  const py::object action_type = py::module_::import("collections").attr("namedtuple")(
      "PursuitAction", py::make_tuple("kind", "seat", "row", "slot", "variant", "hourglass"));
  action_type.attr("__module__") = m.attr("__name__");
  action_type.attr("__doc__") =
      "A Pursuit of Happiness action: its kind and operands (those the kind does not use are 0, "
      "hourglass False). Made by decode_action; encode_action turns one back into its id.";
  m.attr("PursuitAction") = action_type;

  auto decode_id = [kind_type, action_type](int id) {
    const poh::Action a = poh::decode(id);
    return action_type(kind_type(static_cast<int>(a.kind)), a.seat, a.row, a.slot, a.variant, a.hourglass);
  };
  auto encode = [kind_type](py::handle kind, py::handle seat, py::handle row, py::handle slot, py::handle variant,
                            py::handle hourglass) {
    if (!py::isinstance(kind, kind_type))
      throw py::type_error("encode_action: kind is a PursuitActionKind, not " +
                           std::string(py::str(py::type::handle_of(kind).attr("__name__"))));
    if (!py::isinstance<py::bool_>(hourglass)) throw py::type_error("encode_action: hourglass is a bool");
    const poh::Action a{static_cast<poh::ActionKind>(kind.cast<int>()), action_operand("seat", seat), action_operand("row", row),
                        action_operand("slot", slot), action_operand("variant", variant), hourglass.cast<bool>()};
    const int id = poh::encode(a);
    if (id < 0)
      throw IllegalAction("encode_action: no action id stands for " + std::string(py::str(kind)) + " with seat " +
                          std::to_string(a.seat) + ", row " + std::to_string(a.row) + ", slot " + std::to_string(a.slot) +
                          ", variant " + std::to_string(a.variant) + (a.hourglass ? ", with an Hourglass" : ""));
    return id;
  };
  const char* decode_doc =
      "decode_action(action) -> PursuitAction: the kind and operands an action id stands for (a str is read "
      "as on apply, on a state).";
  const char* encode_doc =
      "encode_action(kind, *, seat=0, row=0, slot=0, variant=0, hourglass=False) -> int: the id of an action; "
      "IllegalActionError when no id stands for these operands.";
  auto args = [] {
    return std::make_tuple(py::arg("kind"), py::kw_only(), py::arg("seat") = 0, py::arg("row") = 0, py::arg("slot") = 0,
                           py::arg("variant") = 0, py::arg("hourglass") = false);
  };
  using GameClass = py::class_<GameHandle<poh::Game>>;
  using StateClass = py::class_<StateHandle<poh::Game>>;
  auto game_cls = py::reinterpret_borrow<GameClass>(m.attr("PursuitOfHappinessGame"));
  auto state_cls = py::reinterpret_borrow<StateClass>(m.attr("PursuitOfHappinessState"));
  const auto [a_kind, a_kw, a_seat, a_row, a_slot, a_variant, a_hourglass] = args();
  game_cls.attr("ActionKind") = kind_type;
  state_cls.attr("ActionKind") = kind_type;
  game_cls.def("decode_action", [decode_id](const GameHandle<poh::Game>&, py::handle action) {
    return decode_id(decode_action_id(action, poh::kNumDistinctActions));
  }, py::arg("action"), decode_doc);
  state_cls.def("decode_action", [decode_id](const StateHandle<poh::Game>& s, py::handle action) {
    return decode_id(parse_action(s, action));
  }, py::arg("action"), decode_doc);
  game_cls.def("encode_action", [encode](const GameHandle<poh::Game>&, py::handle kind, py::handle seat, py::handle row,
                                         py::handle slot, py::handle variant, py::handle hourglass) {
    return encode(kind, seat, row, slot, variant, hourglass);
  }, a_kind, a_kw, a_seat, a_row, a_slot, a_variant, a_hourglass, encode_doc);
  state_cls.def("encode_action", [encode](const StateHandle<poh::Game>&, py::handle kind, py::handle seat, py::handle row,
                                          py::handle slot, py::handle variant, py::handle hourglass) {
    return encode(kind, seat, row, slot, variant, hourglass);
  }, a_kind, a_kw, a_seat, a_row, a_slot, a_variant, a_hourglass, encode_doc);
}

}  // namespace

void register_pursuit_of_happiness(py::module_& m) {
  bind_game<poh::Game>(m, "PursuitOfHappinessGame", "PursuitOfHappinessState");
  bind_actions(m);
  m.attr("PURSUIT_OF_HAPPINESS_OPTIONS") = options_dict(rule_options());
  m.def(
      "make_pursuit_of_happiness",
      [](const py::dict& rules, const py::dict& cards) {
        return GameHandle<poh::Game>{std::make_shared<const poh::Game>(read_rules(rules), read_cards(cards))};
      },
      py::arg("rules"), py::arg("cards"),
      "Builds a Pursuit of Happiness game from checked rule values and card records.");
}

}  // namespace lifespan::bindings
