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

// A broken invariant of a loaded state.
inline void require_state(bool ok, const std::string& what) {
  if (!ok) throw StateFormatError("invalid state: " + what);
}

// `action` is text so hosts can report ids that do not fit an int (Python's big integers).
[[noreturn]] inline void throw_action_out_of_range(const std::string& action, int num_actions) {
  throw IllegalAction("action " + action + " is out of range: ids run from 0 to " +
                      std::to_string(num_actions - 1));
}

}  // namespace lifespan
