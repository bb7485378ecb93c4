// The Trends promo (The Pursuit of Happiness: KS Promos rulebook §2; docs/pursuit_of_happiness.md,
// Trends): the Trend cards face up score LTH at the game's end by each player's completed Projects
// of their category. Dealt in setup (setup.cpp's new_state), seen in views/observation.cpp's Trends
// block. Rule parameters: none of its own.
#include <algorithm>

#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// The Trends' LTH for one player: by the number of their completed Projects of each face-up
// Trend's category (every Project type counts; 4 or more use the last column).
int Game::trend_lth(const State& s, int seat) const {
  int total = 0;
  for (std::uint8_t k : s.trends) {
    const TrendSpec& trend = cards_.trends[k];
    int completed = 0;
    for (const InPlay& c : s.players[seat].cards)
      completed += c.kind == kProjectCard && (c.flags & kCompleted) && cards_.projects[c.id].category == trend.category;
    if (completed > 0) total += trend.lth[std::min(completed, 4) - 1];
  }
  return total;
}

}  // namespace lifespan::pursuit_of_happiness
