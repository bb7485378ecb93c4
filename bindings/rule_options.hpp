#pragma once
// Text-valued rule parameters: each game's Rules::visit names the options of every enumerated
// parameter in enum order; this collects them for Python (the loader checks values against them).
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "lifespan/common/errors.hpp"

namespace lifespan::bindings {
namespace py = pybind11;

// The option names of a Rules struct's enumerated parameters, read through its visit():
// {parameter: [option, ...]} in enum order.
class OptionCollector {
 public:
  template <class T>
  void operator()(const char*, T&) {}
  template <class Enum>
  void option(const char* name, Enum&, std::initializer_list<std::string_view> options) {
    py::list names;
    for (std::string_view option : options) names.append(py::str(option.data(), option.size()));
    options_[name] = names;
  }
  py::dict options() const { return options_; }

 private:
  py::dict options_;
};

template <class Rules>
py::dict options_of() {
  Rules rules;
  OptionCollector collector;
  rules.visit(collector);
  return collector.options();
}

}  // namespace lifespan::bindings
