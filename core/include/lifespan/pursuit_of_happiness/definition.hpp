#pragma once
// The Pursuit of Happiness from a game definition (docs/embedding.md §2): the rules are read by
// name through Rules::visit and each card record through its spec's visit() (cards.hpp), so the
// definition is the one format Python's load_game and a C++ host share. Also a state's record
// as JSON: the "state" field of a saved state (docs/state-format.md), through State::visit.
#include <string>
#include <string_view>

#include "lifespan/common/definition.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

inline constexpr std::string_view kGameName = "pursuit_of_happiness";

struct Definition {
  Rules rules;
  CardTables cards;
};

// Throws CardDataError for a malformed document or card record, RulesError for a bad parameter.
Definition read_definition(std::string_view json_text);

// The game a definition describes (the Game constructor's checks apply).
inline Game game_from_definition(std::string_view json_text) {
  Definition d = read_definition(json_text);
  return Game(d.rules, std::move(d.cards));
}

// A state's record: the "state" object of Python's `state.to_json()` document.
std::string state_record_json(const Game& game, const State& state);
// Throws StateFormatError for a malformed record or one that breaks the rules' invariants.
State state_from_record_json(const Game& game, std::string_view json_text);

}  // namespace lifespan::pursuit_of_happiness
