// Time of Your Life: builds the C++ Game from a game definition (docs/embedding.md §2), the
// document lifespan/time_of_your_life.py writes, and registers its Game and State classes.
#include <pybind11/stl.h>

#include <string>

#include "game_binding.hpp"
#include "rule_options.hpp"
#include "lifespan/time_of_your_life/definition.hpp"
#include "registrars.hpp"

namespace lifespan::bindings {
namespace toyl = lifespan::time_of_your_life;

void register_time_of_your_life(py::module_& m) {
  bind_game<toyl::Game>(m, "TimeOfYourLifeGame", "TimeOfYourLifeState");

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
