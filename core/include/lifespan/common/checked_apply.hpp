#pragma once
// The checks every game makes before applying an action from outside (Python, a user): the id
// exists, the game is not over, the action is legal. Nothing changes unless all pass. The
// legality check and the apply are one call (try_apply), so a game plans the action once.
#include <algorithm>
#include <string>

#include "lifespan/common/errors.hpp"

namespace lifespan {

template <class Game>
void checked_apply(const Game& game, typename Game::State& s, int action) {
  if (action < 0 || action >= Game::kNumDistinctActions)
    throw_action_out_of_range(std::to_string(action), Game::kNumDistinctActions);
  if (game.is_terminal(s))
    throw IllegalAction("the game is over: no action is legal, and '" +
                        game.action_to_string(s, action) + "' cannot be applied");
  if (!game.try_apply(s, action)) {
    typename Game::ActionList legal;
    game.legal_actions(s, legal);
    std::string names;
    for (auto a : legal) names.append(names.empty() ? "" : ", ").append(std::to_string(a));
    throw IllegalAction("action " + std::to_string(action) + " ('" + game.action_to_string(s, action) +
                        "') is not legal now: round " + std::to_string(s.round) + ", step " +
                        Game::step_name(s) + ", seat " + std::to_string(s.current) +
                        " to move; legal: " + names);
  }
}

// The last check on a loaded state: a position that is not over offers a decision. One that
// does not (values that contradict each other) could not be played on, nor searched.
template <class Game>
void require_a_decision(const Game& game, const typename Game::State& s) {
  if (game.is_terminal(s)) return;
  typename Game::ActionList legal;
  game.legal_actions(s, legal);
  require_state(!legal.empty(), "no legal action in a position that is not over: the saved values contradict each other");
}

}  // namespace lifespan
