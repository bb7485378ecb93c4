#pragma once
// The operands of encode_action, read the same way for both games: an int (not a bool) that
// fits the byte an Action stores it in. A wrong type is a TypeError, a value out of range an
// IllegalActionError. decode_action on a Game takes an int id alone; both games answer it from
// a table of decoded actions.
#include <pybind11/pybind11.h>

#include <cstdint>
#include <string>

#include "game_binding.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan::bindings {

inline std::int8_t action_operand(const char* name, pybind11::handle value) {
  namespace py = pybind11;
  if (py::isinstance<py::bool_>(value) || !PyIndex_Check(value.ptr()))
    throw py::type_error(std::string("encode_action: ") + name + " is an int, not " +
                         std::string(py::str(py::type::handle_of(value).attr("__name__"))));
  const auto number = py::reinterpret_steal<py::int_>(PyNumber_Index(value.ptr()));
  if (number < py::int_(-128) || number > py::int_(127))
    throw IllegalAction(std::string("encode_action: ") + name + " " + std::string(py::str(number)) + " is out of range");
  return static_cast<std::int8_t>(number.cast<int>());
}

// An action id given to Game.decode_action: an int (not a bool, nor a str: a Game has no position
// to read one in) below `num_actions`.
inline int decode_action_id(pybind11::handle action, int num_actions) {
  namespace py = pybind11;
  if (py::isinstance<py::bool_>(action) || !PyIndex_Check(action.ptr()))
    throw py::type_error("decode_action takes an int id, not " +
                         std::string(py::str(py::type::handle_of(action).attr("__name__"))));
  return indexed_action(action, num_actions);
}

// decode_action's answers, one immutable named tuple per id, made once when the module loads
// (about 2 ms for Pursuit's 1,085 ids): a decode is then an index, where making the tuple and its
// IntEnum kind each call cost about 2.5 µs, most of a Python policy's time per candidate.
// `make(id)` builds one answer.
template <class Make>
pybind11::tuple decoded_actions(int num_actions, Make make) {
  pybind11::tuple all(num_actions);
  for (int id = 0; id < num_actions; ++id) all[id] = make(id);
  return all;
}

// decode_action on a Game and its State, answered from `decoded`: the CPython methods of
// play_loop.hpp take an int id, and the pybind11 `_decode_action` they fall back on raises the
// documented errors and reads an action's text on a State. The docs are string literals: the
// CPython methods keep pointers to them.
template <class G, class GameClass, class StateClass>
void bind_decode_action(GameClass& game_cls, StateClass& state_cls, const pybind11::tuple& decoded, const char* game_doc,
                        const char* state_doc) {
  namespace py = pybind11;
  game_cls.def("_decode_action", [decoded](const GameHandle<G>&, py::handle action) -> py::object {
    return decoded[decode_action_id(action, G::kNumDistinctActions)];
  }, py::arg("action"));
  state_cls.def("_decode_action", [decoded](const StateHandle<G>& s, py::handle action) -> py::object {
    return decoded[parse_action(s, action)];
  }, py::arg("action"));
  PlayLoopMethods<G>::install_decode(game_cls, state_cls, decoded, game_doc, state_doc);
}

}  // namespace lifespan::bindings
