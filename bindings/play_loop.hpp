#pragma once
// The three calls a Python play loop makes every move (is_terminal, legal_actions, apply) as
// plain CPython methods. pybind11's dispatcher costs about 80 ns a call here, as much as the
// engine takes for many moves; these skip it. Anything out of the ordinary (an action that is
// not an int id the state accepts, keywords) goes to the pybind11 method `_apply`, which
// raises the documented error, so the contract is the same either way.
#include <pybind11/pybind11.h>

namespace lifespan::bindings {
namespace py = pybind11;

template <class G>
struct StateHandle;  // game_binding.hpp

template <class G>
struct PlayLoopMethods {
  using State = StateHandle<G>;

  // The descriptor has checked that `self` is a State.
  static State& state_of(PyObject* self) { return py::handle(self).cast<State&>(); }

  static PyObject* is_terminal(PyObject* self, PyObject*) {
    const State& s = state_of(self);
    return PyBool_FromLong(s.game->is_terminal(s.state));
  }

  static PyObject* legal_actions(PyObject* self, PyObject*) {
    const State& s = state_of(self);
    typename G::ActionList legal;
    s.game->legal_actions(s.state, legal);
    PyObject* list = PyList_New(static_cast<Py_ssize_t>(legal.size()));
    if (!list) return nullptr;
    for (std::size_t i = 0; i < legal.size(); ++i) {
      PyObject* id = PyLong_FromLong(legal[i]);
      if (!id) {
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

  // C++ exceptions must not cross into CPython: anything unexpected becomes a RuntimeError.
  template <auto Method, class... Args>
  static PyObject* guarded(PyObject* self, Args... args) {
    try {
      return Method(self, args...);
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

  // Replaces the class's methods of these names.
  static void install(py::handle state_class) {
    static PyMethodDef methods[] = {
        {"is_terminal", c_function(&guarded<is_terminal, PyObject*>), METH_NOARGS,
         "is_terminal($self, /)\n--\n\nWhether the game is over."},
        {"legal_actions", c_function(&guarded<legal_actions, PyObject*>), METH_NOARGS,
         "legal_actions($self, /)\n--\n\nThe legal action ids, ascending (a new list)."},
        {"apply", c_function(&guarded<apply, PyObject* const*, Py_ssize_t, PyObject*>), METH_FASTCALL | METH_KEYWORDS,
         "apply($self, /, action)\n--\n\nPlays an action (an int id or its text) in place; an "
         "illegal one raises IllegalActionError and changes nothing."},
    };
    auto* type = reinterpret_cast<PyTypeObject*>(state_class.ptr());
    for (PyMethodDef& def : methods) {
      py::object descriptor = py::reinterpret_steal<py::object>(PyDescr_NewMethod(type, &def));
      if (!descriptor) throw py::error_already_set();
      state_class.attr(def.ml_name) = descriptor;
    }
  }
};

}  // namespace lifespan::bindings
