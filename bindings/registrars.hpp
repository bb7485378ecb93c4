#pragma once
// One registrar per subsystem; module.cpp calls them in order.
#include <pybind11/pybind11.h>

namespace lifespan::bindings {
namespace py = pybind11;

void register_errors(py::module_& m);
void register_time_of_your_life(py::module_& m);
void register_pursuit_of_happiness(py::module_& m);
void register_timing(py::module_& m);

}  // namespace lifespan::bindings
