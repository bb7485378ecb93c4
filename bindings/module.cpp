// lifespan._core: the compiled engine. The public API is the Python package `lifespan`, which
// loads cards and rules and hands them to the factories registered here.
#include <pybind11/pybind11.h>

#include "lifespan/common/mcts.hpp"
#include "registrars.hpp"

PYBIND11_MODULE(_core, m) {
  m.doc() = "lifespan's C++ core: game state, legal moves, scoring, playouts";
  lifespan::bindings::register_errors(m);
  lifespan::bindings::register_time_of_your_life(m);
  lifespan::bindings::register_pursuit_of_happiness(m);
  lifespan::bindings::register_timing(m);
  // The core's limits on search and batch arguments, so that Python checks against the same ones.
  m.attr("MAX_THREADS") = lifespan::kMaxThreads;
  m.attr("MAX_SEARCH_SECONDS") = lifespan::kMaxSearchSeconds;
  m.attr("CHANCE_PLAYER") = lifespan::kChancePlayer;  // current_player at a chance node (OpenSpiel's id)
}
