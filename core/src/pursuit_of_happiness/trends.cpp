// The Trends promo (The Pursuit of Happiness: KS Promos rulebook §2; docs/pursuit_of_happiness.md,
// Trends): the Trend cards face up score LTH at the game's end by each player's completed Projects
// of their category. Setup, the views and the state checks call the parts here. Rule parameters:
// none of its own.
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// Three Trends dealt face up from the shuffled Trend cards; none without the promo.
void Game::deal_trends(State& s) const {
  if (cards_.trends.empty()) return;
  FixedVector<std::uint8_t, kMaxDeck> trends;
  for (std::size_t k = 0; k < cards_.trends.size(); ++k) trends.push_back(static_cast<std::uint8_t>(k));
  shuffle_to_deal(trends, std::size_t{kTrendsDrawn}, s.rng);
  for (int k = 0; k < kTrendsDrawn; ++k) s.trends.push_back(trends[k]);
}

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

std::string Game::trends_text(const State& s) const {
  if (s.trends.empty()) return "";
  std::string out = "  Trends:";
  for (std::size_t k = 0; k < s.trends.size(); ++k) out += (k ? ", " : " ") + cards_.trends[s.trends[k]].name;
  return out + "\n";
}

// One entry per Trend card: 1 for those face up.
void Game::observe_trends(const State& s, float* block) const {
  for (std::uint8_t k : s.trends) block[k] = 1.0f;
}

void Game::check_trends(const State& s) const {
  require_state(s.trends.size() == (cards_.trends.empty() ? 0u : static_cast<std::size_t>(kTrendsDrawn)),
                "trends: 3 face-up Trends with the Trends promo, none without");
  std::array<int, kMaxDeck> trends_seen{};
  for (std::uint8_t k : s.trends)
    require_state(k < cards_.trends.size() && ++trends_seen[k] == 1, "trends: bad or repeated Trend");
}

}  // namespace lifespan::pursuit_of_happiness
