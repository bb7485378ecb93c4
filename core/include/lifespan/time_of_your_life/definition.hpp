#pragma once
// Time of Your Life from a game definition (docs/embedding.md §2): the rules are read by name
// through Rules::visit and the cards through CardSpec::visit, so the definition is the one
// format Python's load_game and a C++ host share.
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

}  // namespace lifespan::time_of_your_life
