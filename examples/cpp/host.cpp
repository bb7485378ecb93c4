// A C++ host of the lifespan core (docs/embedding.md §1): loads a game definition of either
// game, exported by `python -m lifespan export GAME -o game.json`, plays
// seeded random games exactly as lifespan.playouts does, asks MCTS for a move, prints scores,
// and saves and loads a state's record as JSON.
//
//   lifespan_host game.json [seed] [games]
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "lifespan/common/mcts.hpp"
#include "lifespan/common/playouts.hpp"
#include "lifespan/pursuit_of_happiness/definition.hpp"
#include "lifespan/time_of_your_life/definition.hpp"

namespace poh = lifespan::pursuit_of_happiness;
namespace toyl = lifespan::time_of_your_life;

namespace {

// The seeded games, a search and a saved position for one game; Module: its definition.hpp
// state-record functions (state_record_json, state_from_record_json).
template <class Game, class Module>
int play(const Game& game, std::uint64_t seed, int games) {
  const int players = game.num_players();

  // The same games as lifespan.playouts(game, n, seed): the core's batch runner, row i for
  // game i with its derived seed (README, "Random playouts").
  std::vector<std::int32_t> scores(static_cast<std::size_t>(games) * players);
  lifespan::run_playouts(game, nullptr, games, seed, 1, scores.data());
  for (int i = 0; i < games; ++i) {
    std::cout << "game " << i << " scores";
    for (int p = 0; p < players; ++p) std::cout << ' ' << scores[static_cast<std::size_t>(i) * players + p];
    std::cout << '\n';
  }

  // A search from the opening position.
  typename Game::State state = game.new_state(seed);
  lifespan::MctsOptions options;
  options.iterations = 2000;
  options.seed = seed;
  const lifespan::MctsResult best = lifespan::mcts(game, state, options);
  std::cout << "mcts " << best.action << ' ' << game.action_to_string(state, best.action) << '\n';
  game.apply(state, best.action);

  // Save and load the position: the record Python's state.to_json() holds under "state".
  const std::string saved = Module::state_record_json(game, state);
  const typename Game::State loaded = Module::state_from_record_json(game, saved);
  std::cout << "saved " << saved.size() << " bytes, reloaded " << (loaded == state ? "equal" : "DIFFERENT") << '\n';
  std::cout << "record " << saved << '\n';
  return loaded == state ? 0 : 1;
}

struct Toyl {
  static std::string state_record_json(const toyl::Game& g, const toyl::State& s) { return toyl::state_record_json(g, s); }
  static toyl::State state_from_record_json(const toyl::Game& g, std::string_view t) { return toyl::state_from_record_json(g, t); }
};
struct Pursuit {
  static std::string state_record_json(const poh::Game& g, const poh::State& s) { return poh::state_record_json(g, s); }
  static poh::State state_from_record_json(const poh::Game& g, std::string_view t) { return poh::state_from_record_json(g, t); }
};

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2) {
    std::cerr << "usage: lifespan_host game.json [seed] [games]\n";
    return 2;
  }
  std::ifstream file(argv[1]);
  if (!file) {
    std::cerr << "cannot read " << argv[1] << "\n";
    return 2;
  }
  std::stringstream text;
  text << file.rdbuf();
  const std::uint64_t seed = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 0;
  const int games = argc > 3 ? std::atoi(argv[3]) : 3;

  try {
    // The definition names its game; each game has its own reader.
    const std::string definition = text.str();
    if (lifespan::definition_game_name(definition) == poh::kGameName)
      return play<poh::Game, Pursuit>(poh::game_from_definition(definition), seed, games);
    return play<toyl::Game, Toyl>(toyl::game_from_definition(definition), seed, games);
  } catch (const std::invalid_argument& error) {  // every core error derives from it
    std::cerr << "error: " << error.what() << '\n';
    return 2;
  }
}
