// Time of Your Life: builds the C++ Game from a game definition (docs/embedding.md §2), the
// document lifespan/time_of_your_life.py writes, and registers its Game and State classes.
#include <pybind11/native_enum.h>
#include <pybind11/stl.h>

#include <string>

#include "action_operand.hpp"
#include "game_binding.hpp"
#include "rule_options.hpp"
#include "lifespan/time_of_your_life/action.hpp"
#include "lifespan/time_of_your_life/definition.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {
namespace toyl = lifespan::time_of_your_life;

namespace {

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

  const py::tuple decoded = decoded_actions(toyl::kNumDistinctActions, [kind_type, action_type](int id) {
    const toyl::Action a = toyl::decode(id);
    return action_type(kind_type(static_cast<int>(a.kind)), a.card, a.slot, a.trait);
  });
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
  const char* game_decode_doc = "decode_action($self, /, action)\n--\n\nThe kind and operands an action id stands for, a TimeOfYourLifeAction.";
  const char* state_decode_doc = "decode_action($self, /, action)\n--\n\nThe kind and operands an action id (or its text, read as "
                                 "on apply) stands for, a TimeOfYourLifeAction.";
  const char* encode_doc =
      "encode_action(kind, *, card=0, slot=0, trait=0) -> int: the id of an action; IllegalActionError when no "
      "id stands for these operands.";
  using GameClass = py::class_<GameHandle<toyl::Game>>;
  using StateClass = py::class_<StateHandle<toyl::Game>>;
  auto game_cls = py::reinterpret_borrow<GameClass>(m.attr("TimeOfYourLifeGame"));
  auto state_cls = py::reinterpret_borrow<StateClass>(m.attr("TimeOfYourLifeState"));
  game_cls.attr("ActionKind") = kind_type;
  state_cls.attr("ActionKind") = kind_type;
  bind_decode_action<toyl::Game>(game_cls, state_cls, decoded, game_decode_doc, state_decode_doc);
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

  m.attr("TIME_OF_YOUR_LIFE_OPTIONS") = options_of<toyl::Rules>();
  py::list kinds;
  for (const char* kind : toyl::kObjectiveKindNames) kinds.append(kind);
  m.attr("TIME_OF_YOUR_LIFE_OBJECTIVE_KINDS") = kinds;

  m.def(
      "time_of_your_life_from_definition",
      [](const std::string& definition) {
        return GameHandle<toyl::Game>{
            std::make_shared<const toyl::Game>(toyl::game_from_definition(definition))};
      },
      py::arg("definition"),
      "Builds a Time of Your Life game from a game definition's JSON text (docs/embedding.md).");
}

}  // namespace lifespan::bindings
