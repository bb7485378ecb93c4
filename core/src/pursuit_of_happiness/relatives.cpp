// The Relatives module (the rules summary, Setup 13 and End of Round 7; docs/pursuit_of_happiness.md
// §9): one Relative per player, and a die rolled for it at the end of each End of Round from the
// 1st Adult round. The die comes from the state's generator, so a seed replays the game and
// determinize re-draws the rolls to come. Rule parameter: `relative_die`. The views and the
// state checks call the module's parts here.
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// Setup, after the Child Traits: the Relatives are shuffled and one is dealt face up to each
// player; the rest go back to the box.
void Game::deal_relatives(State& s) const {
  FixedVector<std::uint8_t, kMaxDeck> deck;
  for (std::size_t k = 0; k < cards_.relatives.size(); ++k) deck.push_back(static_cast<std::uint8_t>(k));
  shuffle_deck(deck, s.rng);
  for (int seat = 0; seat < num_players(); ++seat) s.players[seat].relative = static_cast<std::int8_t>(take_top(deck, s.rng));
}

// Every player whose Relative is still in the game rolls, whether or not their life has ended
// (the card is still in the game; what it gives then is only its LTH: coins or resources would
// still count for Inheritance and Life Goals after the life). A roll above the marked
// number moves the indicator right, or keeps it on the last number; otherwise the requirement
// is checked for the reward and the card leaves the game.
void Game::roll_for_relatives(State& s) const {
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    if (p.relative < 0) continue;
    const RelativeSpec& relative = cards_.relatives[p.relative];
    const int roll = 1 + static_cast<int>(s.rng.below(static_cast<std::uint32_t>(rules_.relative_die)));
    if (roll > relative.numbers[p.relative_level]) {
      if (p.relative_level + 1 < relative.num_levels) ++p.relative_level;
      continue;
    }
    if (meets(p, relative.requirement)) {
      Effect lth_only;
      lth_only.amount[kLth] = relative.reward.amount[kLth];
      gain(s, seat, p.alive ? relative.reward : lth_only, true);
    }
    p.relative = -1;
    p.relative_level = 0;
  }
}

// A seat's Relative in the text view, with the number marked.
std::string Game::relative_text(const PlayerState& p) const {
  if (p.relative < 0) return "";
  const RelativeSpec& relative = cards_.relatives[p.relative];
  return ", Relative " + relative.name + " (" + std::to_string(relative.numbers[p.relative_level]) + ")";
}

// Per seat from `player` clockwise, one entry per Relative card: the number marked on the seat's
// over the die's sides.
void Game::observe_relatives(const State& s, int player, float* block) const {
  const int n = num_players(), relatives = static_cast<int>(cards_.relatives.size());
  for (int k = 0; k < n; ++k)
    if (const PlayerState& p = s.players[clockwise(player, k, n)]; p.relative >= 0)
      block[k * relatives + p.relative] = cards_.relatives[p.relative].numbers[p.relative_level] / static_cast<float>(rules_.relative_die);
}

// A Relative card and a level it has, or none (-1, level 0); no card dealt to two seats.
void Game::check_relative(const State& s, int seat, const std::string& who) const {
  const PlayerState& p = s.players[seat];
  require_state(p.relative == -1 ? p.relative_level == 0
                                 : p.relative >= 0 && static_cast<std::size_t>(p.relative) < cards_.relatives.size() &&
                                       p.relative_level < cards_.relatives[p.relative].num_levels,
                who + ".relative: a Relative card and a level it has, or -1 and 0");
  for (int other = 0; other < seat; ++other)
    require_state(p.relative < 0 || s.players[other].relative != p.relative, who + ".relative: dealt twice");
}

}  // namespace lifespan::pursuit_of_happiness
