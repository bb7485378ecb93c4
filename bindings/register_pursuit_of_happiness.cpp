// The Pursuit of Happiness: builds the C++ Game from a game definition (docs/embedding.md §2),
// the document lifespan/pursuit_of_happiness writes, and registers its Game and State classes.
#include <pybind11/native_enum.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "action_operand.hpp"
#include "game_binding.hpp"
#include "rule_options.hpp"
#include "lifespan/pursuit_of_happiness/definition.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {
namespace poh = lifespan::pursuit_of_happiness;

namespace {

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

  const py::tuple decoded = decoded_actions(poh::kNumDistinctActions, [kind_type, action_type](int id) {
    const poh::Action a = poh::decode(id);
    return action_type(kind_type(static_cast<int>(a.kind)), a.seat, a.row, a.slot, a.variant, a.hourglass);
  });
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
  const char* game_decode_doc = "decode_action($self, /, action)\n--\n\nThe kind and operands an action id stands for, a PursuitAction.";
  const char* state_decode_doc = "decode_action($self, /, action)\n--\n\nThe kind and operands an action id (or its text, read as "
                                 "on apply) stands for, a PursuitAction.";
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
  bind_decode_action<poh::Game>(game_cls, state_cls, decoded, game_decode_doc, state_decode_doc);
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
  m.attr("PURSUIT_OF_HAPPINESS_OPTIONS") = options_of<poh::Rules>();
  m.def(
      "pursuit_of_happiness_from_definition",
      [](const std::string& definition) {
        return GameHandle<poh::Game>{std::make_shared<const poh::Game>(poh::game_from_definition(definition))};
      },
      py::arg("definition"),
      "Builds a Pursuit of Happiness game from a game definition's JSON text (docs/embedding.md).");
}

}  // namespace lifespan::bindings
