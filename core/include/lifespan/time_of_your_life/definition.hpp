#pragma once
// Time of Your Life from a game definition (docs/embedding.md §2): the rules are read by name
// through Rules::visit and the cards through CardSpec::visit, so the definition is the one
// format Python's load_game and a C++ host share. Also a state's record as JSON: the "state"
// field of a saved state (docs/state-format.md), written and read through State::visit.
#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "lifespan/common/definition.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {

inline constexpr std::string_view kGameName = "time_of_your_life";

struct Definition {
  Rules rules;
  std::vector<CardSpec> cards;
  std::array<std::string, kNumTraits> trait_names;
};

// Throws CardDataError for a malformed document or card, RulesError for a bad parameter.
Definition read_definition(std::string_view json_text);

// The game a definition describes (the Game constructor's checks apply).
inline Game game_from_definition(std::string_view json_text) {
  const Definition d = read_definition(json_text);
  return Game(d.rules, d.cards, d.trait_names);
}

// A state's record: the "state" object of Python's `state.to_json()` document (Python reads it
// back with `game._state_from_record(json.loads(text))`, or inside a whole document).
std::string state_record_json(const Game& game, const State& state);
// Throws StateFormatError for a malformed record or one that breaks the rules' invariants.
State state_from_record_json(const Game& game, std::string_view json_text);

}  // namespace lifespan::time_of_your_life
