// The exceptions of the public API (the public contract in README.md), all ValueErrors. StateFormatError needs no
// entry: it is a std::invalid_argument, which pybind11 already turns into ValueError.
#include <pybind11/pybind11.h>

#include "lifespan/common/errors.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {

void register_errors(py::module_& m) {
  py::register_exception<IllegalAction>(m, "IllegalActionError", PyExc_ValueError);
  py::register_exception<CardDataError>(m, "CardDataError", PyExc_ValueError);
  py::register_exception<RulesError>(m, "RulesError", PyExc_ValueError);
}

}  // namespace lifespan::bindings
