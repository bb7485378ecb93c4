#pragma once
// The core's exceptions. The bindings map each to the Python exception of the same role:
// IllegalAction -> lifespan.IllegalActionError, CardDataError -> lifespan.CardDataError,
// RulesError -> lifespan.RulesError, StateFormatError -> ValueError. All derive from
// std::invalid_argument so a C++ host can catch them together.
#include <stdexcept>
#include <string>

namespace lifespan {

struct IllegalAction : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct CardDataError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct RulesError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};
struct StateFormatError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

}  // namespace lifespan
