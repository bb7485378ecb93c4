#pragma once
// Text-valued rule parameters: each game's bindings name the options of every enumerated
// parameter in enum order, and read a checked value with this one function.
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

using OptionTable = std::vector<std::pair<std::string, std::vector<std::string>>>;

template <class Enum>
void read_option(const py::dict& rules, const OptionTable& table, const std::string& name, Enum& out) {
  const std::string value = py::str(rules[name.c_str()]);
  for (const auto& [param, names] : table) {
    if (param != name) continue;
    for (std::size_t i = 0; i < names.size(); ++i)
      if (names[i] == value) {
        out = static_cast<Enum>(i);
        return;
      }
    std::string known;
    for (const auto& n : names) known += (known.empty() ? "" : ", ") + n;
    throw RulesError(name + ": no option '" + value + "' (options: " + known + ")");
  }
  throw RulesError(name + ": not a text parameter of this game");
}

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

inline py::dict options_dict(const OptionTable& table) {
  py::dict options;
  for (const auto& [param, names] : table) options[param.c_str()] = names;
  return options;
}

}  // namespace lifespan::bindings
