// The Kids module of Experiences (Experiences rulebook §3; docs/pursuit_of_happiness.md §9): a
// Kid is drawn when a Partner is developed into L3 or with Raise Family, and grows one level at
// each Upkeep.
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// The top Kid of the deck comes into play next to `partner` at level 1 with its reward. Kids
// take no slot.
void Game::have_kid(State& s, int seat, const InPlay& partner) const {
  const std::uint8_t id = s.kid_deck.pop_back();
  InPlay kid{kKidCard, id, 0, 1, 0, 0, {-1, -1, -1, -1}};
  kid.parent = static_cast<std::int8_t>(partner.id);
  take_card(s, seat, kid);
  gain(s, seat, cards_.kids[id].levels[0].reward, true);
}

bool Game::kid_grows(const InPlay& c) const {
  return c.kind == kKidCard && c.level < cards_.kids[c.id].num_levels;
}

// Start of Upkeep: each Kid moves to its next level. A level with a cost waits for the
// player's decision (pay it for the reward, or lose 1 LTH: actions.cpp); one with a
// requirement gives its reward if the requirement is met, else the player loses 1 LTH.
void Game::grow_kids(State& s, int seat) const {
  PlayerState& p = s.players[seat];
  for (InPlay& c : p.cards) {
    if (!kid_grows(c)) continue;
    const KidLevel& next = cards_.kids[c.id].levels[c.level];
    if (next.has_cost) {
      c.flags |= kUpkeepDue;
      continue;
    }
    ++c.level;
    if (meets(p, next.requirement))
      gain(s, seat, next.reward, true);
    else
      add_lth(p, -1, false);
  }
}

}  // namespace lifespan::pursuit_of_happiness
