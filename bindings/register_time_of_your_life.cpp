// Time of Your Life: builds the C++ Game from the records the Python loader produces
// (lifespan/time_of_your_life.py) and registers its Game and State classes.
#include <pybind11/native_enum.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "action_operand.hpp"
#include "game_binding.hpp"
#include "rule_options.hpp"
#include "lifespan/time_of_your_life/action.hpp"
#include "lifespan/time_of_your_life/game.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {
namespace toyl = lifespan::time_of_your_life;

namespace {

// Option names per enumerated rule parameter, in enum order (docs/time_of_your_life.md §7).
const OptionTable& rule_options() {
  static const OptionTable options = {
      {"two_player_swap", {"every_round", "passed_only", "off"}},
      {"midpoint_empty_deck", {"reshuffle", "short"}},
      {"icon_matching", {"edges", "any_edge"}},
      {"timeline_layout", {"youngest_left", "youngest_right"}},
      {"age_order", {"age", "number"}},
      {"happiness_bonus_tie", {"all", "none"}},
      {"winner_tie_break", {"shared", "happiness"}},
  };
  return options;
}


toyl::Rules read_rules(const py::dict& d) {
  toyl::Rules r;
  r.players = d["players"].cast<int>();
  r.seed = d["seed"].cast<std::uint64_t>();
  r.limited_token_supply = d["limited_token_supply"].cast<bool>();
  r.max_trait_tokens_per_card = d["max_trait_tokens_per_card"].cast<int>();
  read_option(d, rule_options(), "two_player_swap", r.two_player_swap);
  read_option(d, rule_options(), "midpoint_empty_deck", r.midpoint_empty_deck);
  read_option(d, rule_options(), "icon_matching", r.icon_matching);
  read_option(d, rule_options(), "timeline_layout", r.timeline_layout);
  read_option(d, rule_options(), "age_order", r.age_order);
  read_option(d, rule_options(), "happiness_bonus_tie", r.happiness_bonus_tie);
  read_option(d, rule_options(), "winner_tie_break", r.winner_tie_break);
  return r;
}

template <std::size_t N>
std::array<std::uint8_t, N> counts(py::handle list) {
  const auto values = list.cast<std::vector<int>>();
  if (values.size() != N) throw CardDataError("internal card record has a wrong-sized count list");
  std::array<std::uint8_t, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = static_cast<std::uint8_t>(values[i]);
  return out;
}

toyl::CardSpec read_card(const py::dict& d) {
  toyl::CardSpec c;
  c.number = d["number"].cast<int>();
  c.age = d["age"].cast<int>();
  c.name = d["name"].cast<std::string>();
  c.traits = counts<toyl::kNumTraits>(d["trait_counts"]);
  c.left_icons = counts<toyl::kNumEmotions>(d["left_counts"]);
  c.right_icons = counts<toyl::kNumEmotions>(d["right_counts"]);
  const py::dict o = d["objective"];
  c.objective.kind = static_cast<toyl::ObjectiveKind>(o["kind_index"].cast<int>());
  c.objective.points = static_cast<std::int8_t>(o["points"].cast<int>());
  c.objective.trait = static_cast<std::int8_t>(o["trait_index"].cast<int>());
  c.objective.toward_left = o["toward_left"].cast<bool>();
  c.objective.size = static_cast<std::uint8_t>(o["size"].cast<int>());
  c.objective.min_age = static_cast<std::uint8_t>(o["min"].cast<int>());
  c.objective.max_age = static_cast<std::uint8_t>(o["max"].cast<int>());
  c.objective.emotion = static_cast<std::uint8_t>(o["emotion_index"].cast<int>());
  return c;
}

// ActionKind, the named tuple TimeOfYourLifeAction, and decode_action / encode_action on the Game
// and State classes: the id layout of time_of_your_life/action.hpp, the same pair as Pursuit's.
void bind_actions(py::module_& m) {
  py::native_enum<toyl::ActionKind> kinds(m, "TimeOfYourLifeActionKind", "enum.IntEnum",
                                          "What a Time of Your Life action does (its operands: TimeOfYourLifeAction).");
  kinds.value("PLAY", toyl::ActionKind::kPlay)
      .value("DISCARD", toyl::ActionKind::kDiscard)
      .value("KEEP", toyl::ActionKind::kKeep)
      .value("PLACE_TRAIT", toyl::ActionKind::kPlaceTrait);
  kinds.finalize();
  const py::object kind_type = m.attr("TimeOfYourLifeActionKind");
  const py::object action_type = py::module_::import("collections").attr("namedtuple")(
      "TimeOfYourLifeAction", py::make_tuple("kind", "card", "slot", "trait"));
  action_type.attr("__module__") = m.attr("__name__");
  action_type.attr("__doc__") =
      "A Time of Your Life action: its kind and operands (those the kind does not use are 0). Made by "
      "decode_action; encode_action turns one back into its id.";
  m.attr("TimeOfYourLifeAction") = action_type;

  auto decode_id = [kind_type, action_type](int id) {
    const toyl::Action a = toyl::decode(id);
    return action_type(kind_type(static_cast<int>(a.kind)), a.card, a.slot, a.trait);
  };
  auto encode = [kind_type](py::handle kind, py::handle card, py::handle slot, py::handle trait) {
    if (!py::isinstance(kind, kind_type))
      throw py::type_error("encode_action: kind is a TimeOfYourLifeActionKind, not " +
                           std::string(py::str(py::type::handle_of(kind).attr("__name__"))));
    const toyl::Action a{static_cast<toyl::ActionKind>(kind.cast<int>()), action_operand("card", card),
                         action_operand("slot", slot), action_operand("trait", trait)};
    const int id = toyl::encode(a);
    if (id < 0)
      throw IllegalAction("encode_action: no action id stands for " + std::string(py::str(kind)) + " with card " +
                          std::to_string(a.card) + ", slot " + std::to_string(a.slot) + ", trait " +
                          std::to_string(a.trait));
    return id;
  };
  const char* decode_doc =
      "decode_action(action) -> TimeOfYourLifeAction: the kind and operands an action id stands for (a str is "
      "read as on apply, on a state).";
  const char* encode_doc =
      "encode_action(kind, *, card=0, slot=0, trait=0) -> int: the id of an action; IllegalActionError when no "
      "id stands for these operands.";
  using GameClass = py::class_<GameHandle<toyl::Game>>;
  using StateClass = py::class_<StateHandle<toyl::Game>>;
  auto game_cls = py::reinterpret_borrow<GameClass>(m.attr("TimeOfYourLifeGame"));
  auto state_cls = py::reinterpret_borrow<StateClass>(m.attr("TimeOfYourLifeState"));
  game_cls.attr("ActionKind") = kind_type;
  state_cls.attr("ActionKind") = kind_type;
  game_cls.def("decode_action", [decode_id](const GameHandle<toyl::Game>&, py::handle action) {
    return decode_id(decode_action_id(action, toyl::kNumDistinctActions));
  }, py::arg("action"), decode_doc);
  state_cls.def("decode_action", [decode_id](const StateHandle<toyl::Game>& s, py::handle action) {
    return decode_id(parse_action(s, action));
  }, py::arg("action"), decode_doc);
  game_cls.def("encode_action", [encode](const GameHandle<toyl::Game>&, py::handle kind, py::handle card,
                                         py::handle slot, py::handle trait) { return encode(kind, card, slot, trait); },
               py::arg("kind"), py::kw_only(), py::arg("card") = 0, py::arg("slot") = 0, py::arg("trait") = 0, encode_doc);
  state_cls.def("encode_action", [encode](const StateHandle<toyl::Game>&, py::handle kind, py::handle card,
                                          py::handle slot, py::handle trait) { return encode(kind, card, slot, trait); },
                py::arg("kind"), py::kw_only(), py::arg("card") = 0, py::arg("slot") = 0, py::arg("trait") = 0, encode_doc);
}

}  // namespace

void register_time_of_your_life(py::module_& m) {
  bind_game<toyl::Game>(m, "TimeOfYourLifeGame", "TimeOfYourLifeState");
  bind_actions(m);

  m.attr("TIME_OF_YOUR_LIFE_OPTIONS") = options_dict(rule_options());
  py::list kinds;
  for (const char* kind : toyl::kObjectiveKindNames) kinds.append(kind);
  m.attr("TIME_OF_YOUR_LIFE_OBJECTIVE_KINDS") = kinds;

  m.def(
      "make_time_of_your_life",
      [](const py::dict& rules, const py::list& cards, const std::vector<std::string>& traits) {
        if (traits.size() != toyl::kNumTraits) throw CardDataError("a card set names exactly 5 traits");
        std::array<std::string, toyl::kNumTraits> names;
        std::copy(traits.begin(), traits.end(), names.begin());
        std::vector<toyl::CardSpec> specs;
        for (py::handle card : cards) specs.push_back(read_card(card.cast<py::dict>()));
        return GameHandle<toyl::Game>{std::make_shared<const toyl::Game>(read_rules(rules), specs, names)};
      },
      py::arg("rules"), py::arg("cards"), py::arg("traits"),
      "Builds a Time of Your Life game from checked rule values and card records.");
}

}  // namespace lifespan::bindings
