#pragma once
// The calls a Python play loop makes every move (is_terminal, legal_actions, apply) and per
// candidate (decode_action) as plain CPython methods. pybind11's dispatcher costs about 80 ns a
// call here, as much as the engine takes for many moves, and several times that for a method
// with an object argument; these skip it. Anything out of the ordinary (an action that is not an
// int id the state accepts, keywords) goes to the pybind11 method `_apply` or `_decode_action`,
// which raises the documented error, so the contract is the same either way.
#include <pybind11/pybind11.h>

#include <iterator>
#include <stdexcept>
#include <typeinfo>

namespace lifespan::bindings {
namespace py = pybind11;

template <class G>
struct StateHandle;  // game_binding.hpp

template <class G>
struct PlayLoopMethods {
  using State = StateHandle<G>;

  // The State behind `self` (the descriptor has checked that it is one). Loaded through the
  // class's pybind11 type record, found once by install: `cast<State&>()` looks the record up
  // by the C++ type's name on every call, about 10 ns of each of a move's three calls.
  static inline const py::detail::type_info* state_type = nullptr;
  static State& state_of(PyObject* self) {
    py::detail::type_caster_generic caster(state_type);
    if (!caster.load(self, /*convert=*/false)) throw py::type_error("expected a State");
    return *static_cast<State*>(caster.value);
  }

  static PyObject* is_terminal(PyObject* self, PyObject*) {
    const State& s = state_of(self);
    return PyBool_FromLong(s.game->is_terminal(s.state));
  }

  // Every action id as a Python int, made once: CPython keeps only ints up to 256, and making
  // the others afresh was an allocation per legal action (set by install, kept for the module's life).
  static inline PyObject* id_objects = nullptr;

  static PyObject* legal_actions(PyObject* self, PyObject*) {
    const State& s = state_of(self);
    typename G::ActionList legal;
    s.game->legal_actions(s.state, legal);
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(legal.size()));
    if (!list) return nullptr;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      // A chance outcome is listed as its index, which may pass the ids' range.
      PyObject* id = legal[i] < G::kNumDistinctActions ? PyTuple_GET_ITEM(id_objects, legal[i]) : nullptr;
      if (id) {
        Py_INCREF(id);
      } else if (!(id = PyLong_FromLong(legal[i]))) {
        Py_DECREF(list);
        return nullptr;
      }
      PyList_SET_ITEM(list, static_cast<Py_ssize_t>(i), id);
    }
    return list;
  }

  static PyObject* apply(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    if (nargs == 1 && kwnames == nullptr && PyLong_CheckExact(args[0])) {
      int overflow = 0;
      const long id = PyLong_AsLongAndOverflow(args[0], &overflow);
      State& s = state_of(self);
      // try_apply checks and applies in one call: a main action is planned once.
      if (overflow == 0 && id >= 0 && id < G::kNumDistinctActions && !s.game->is_terminal(s.state) &&
          s.game->try_apply(s.state, static_cast<int>(id))) {
        s.recall.record(static_cast<int>(id));
        Py_RETURN_NONE;
      }
    }
    PyObject* checked = PyObject_GetAttrString(self, "_apply");
    if (!checked) return nullptr;
    PyObject* result = PyObject_Vectorcall(checked, args, static_cast<std::size_t>(nargs), kwnames);
    Py_DECREF(checked);
    return result;
  }

  // decode_action on a Game or a State: an exact int id in range is an index into `decoded`,
  // the table of every id's answer (made once, immutable); anything else goes to `_decode_action`.
  static inline PyObject* decoded = nullptr;  // set by install_decode, kept for the module's life

  static PyObject* decode_action(PyObject* self, PyObject* const* args, Py_ssize_t nargs, PyObject* kwnames) {
    if (nargs == 1 && kwnames == nullptr && PyLong_CheckExact(args[0])) {
      int overflow = 0;
      const long id = PyLong_AsLongAndOverflow(args[0], &overflow);
      if (overflow == 0 && id >= 0 && id < G::kNumDistinctActions) {
        PyObject* answer = PyTuple_GET_ITEM(decoded, id);
        Py_INCREF(answer);
        return answer;
      }
    }
    PyObject* checked = PyObject_GetAttrString(self, "_decode_action");
    if (!checked) return nullptr;
    PyObject* result = PyObject_Vectorcall(checked, args, static_cast<std::size_t>(nargs), kwnames);
    Py_DECREF(checked);
    return result;
  }

  // C++ exceptions must not cross into CPython: pybind11's own become their Python exception
  // (a TypeError stays one), anything unexpected a RuntimeError.
  template <auto Method, class... Args>
  static PyObject* guarded(PyObject* self, Args... args) {
    try {
      return Method(self, args...);
    } catch (py::error_already_set& e) {
      e.restore();
    } catch (const py::builtin_exception& e) {
      e.set_error();
    } catch (const std::exception& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    } catch (...) {
      PyErr_SetString(PyExc_RuntimeError, "unexpected C++ exception");
    }
    return nullptr;
  }

  template <class Function>
  static PyCFunction c_function(Function* function) {
    return reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(function));
  }

  static void add_methods(py::handle cls, PyMethodDef* begin, PyMethodDef* end) {
    auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
    for (PyMethodDef* def = begin; def != end; ++def) {
      py::object descriptor = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, def));
      if (!descriptor) throw py::error_already_set();
      cls.attr(def->ml_name) = descriptor;
    }
  }

  // decode_action on both classes, answered from `table` (one entry per id, in id order); the
  // classes' pybind11 `_decode_action` handles the rest.
  static void install_decode(py::handle game_class, py::handle state_class, const py::tuple& table,
                             const char* game_doc, const char* state_doc) {
    if (static_cast<int>(table.size()) != G::kNumDistinctActions) throw std::logic_error("one decoded action per id");
    decoded = table.inc_ref().ptr();
    static PyMethodDef game_method[] = {{"decode_action", c_function(&guarded<decode_action, PyObject* const*, Py_ssize_t, PyObject*>),
                                         METH_FASTCALL | METH_KEYWORDS, game_doc}};
    static PyMethodDef state_method[] = {{"decode_action", c_function(&guarded<decode_action, PyObject* const*, Py_ssize_t, PyObject*>),
                                          METH_FASTCALL | METH_KEYWORDS, state_doc}};
    add_methods(game_class, std::begin(game_method), std::end(game_method));
    add_methods(state_class, std::begin(state_method), std::end(state_method));
  }

  // Replaces the class's methods of these names.
  static void install(py::handle state_class) {
    state_type = py::detail::get_type_info(typeid(State));
    if (!state_type) throw std::logic_error("the State class is registered before its play-loop methods");
    py::tuple ids(G::kNumDistinctActions);
    for (int id = 0; id < G::kNumDistinctActions; ++id) ids[id] = py::int_(id);
    id_objects = ids.release().ptr();
    static PyMethodDef methods[] = {
        {"is_terminal", c_function(&guarded<is_terminal, PyObject*>), METH_NOARGS,
         "is_terminal($self, /)\n--\n\nWhether the game is over."},
        {"legal_actions", c_function(&guarded<legal_actions, PyObject*>), METH_NOARGS,
         "legal_actions($self, /)\n--\n\nThe legal action ids, ascending (a new list)."},
        {"apply", c_function(&guarded<apply, PyObject* const*, Py_ssize_t, PyObject*>), METH_FASTCALL | METH_KEYWORDS,
         "apply($self, /, action)\n--\n\nPlays an action (an int id or its text) in place; an "
         "illegal one raises IllegalActionError and changes nothing."},
    };
    add_methods(state_class, std::begin(methods), std::end(methods));
  }
};

}  // namespace lifespan::bindings
