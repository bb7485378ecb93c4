#pragma once
// One part of a player's score by where it came from, for front ends that explain a score
// (Game::score_parts of each game; the parts of a seat add up to its score).
#include <string>

namespace lifespan {

struct ScorePart {
  std::string source;  // a stable key: "card", "life_goals", "inheritance", ...
  std::string label;   // words for a person: a card's name, "Life Goals", ...
  int points = 0;
};

}  // namespace lifespan
