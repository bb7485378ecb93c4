// The tracks (docs/pursuit_of_happiness.md §2): STH with its overflow into LTH, the Stress
// track with its sections, Relax and Good Health, and the end of a life. Rule parameters:
// `sth_min`, `sth_max`, `sth_overflow`, `stress_sections`, `stress_section_spaces`.
#include <algorithm>

#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

int Game::hourglasses_for(int position) const {
  return std::clamp(rules_.hourglasses_first_section - stress_section(position), 0,
                    kHourglassesPerColour);
}

// Gains above sth_max become LTH and losses below sth_min come off LTH; with
// sth_overflow = at_max_only only a change made while already at the end converts.
void Game::gain_sth(State& s, int seat, int amount) const {
  PlayerState& p = s.players[seat];
  const int before = p.sth;
  int after = before + amount;
  int spill = 0;
  if (after > rules_.sth_max) {
    spill = after - rules_.sth_max;
    after = rules_.sth_max;
    if (rules_.sth_overflow == SthOverflow::kAtMaxOnly && before < rules_.sth_max) spill = 0;
  } else if (after < rules_.sth_min) {
    spill = after - rules_.sth_min;  // negative
    after = rules_.sth_min;
    if (rules_.sth_overflow == SthOverflow::kAtMaxOnly && before > rules_.sth_min) spill = 0;
  }
  p.sth = static_cast<std::int8_t>(after);
  add_lth(p, spill, false);
}

// Passing the last space of the Stress track ends the life at once.
void Game::gain_stress(State& s, int seat, int amount) const {
  PlayerState& p = s.players[seat];
  if (!p.alive || amount <= 0) return;
  const int position = std::min(p.stress + amount, track_length());
  p.stress = static_cast<std::uint8_t>(position);
  if (position >= track_length()) die(s, seat);
}

// Relax: one space toward low stress, never into another section. Neither icon moves the
// marker of a life that has ended (in the same action, say: docs §7).
void Game::relax(PlayerState& p, int times) const {
  if (times <= 0 || !p.alive) return;  // most rewards carry no Relax icon
  const int section_start = stress_section(p.stress) * rules_.stress_section_spaces;
  p.stress = static_cast<std::uint8_t>(std::max(section_start, p.stress - times));
}

// Good Health: the same place in the next section toward low stress.
void Game::good_health(PlayerState& p, int times) const {
  for (int i = 0; i < times && p.alive && stress_section(p.stress) > 0; ++i)
    p.stress = static_cast<std::uint8_t>(p.stress - rules_.stress_section_spaces);
}

void Game::gain(State& s, int seat, const Effect& reward, bool from_card) const {
  PlayerState& p = s.players[seat];
  for (int r = 0; r < kNumResources; ++r)
    p.resources[r] = raised(p.resources[r], reward[r]);
  p.money = raised(p.money, reward[kMoney]);
  // A colour has 9 Hourglasses, those already spent this round included; a life that has
  // ended places no more.
  if (p.alive)
    p.hourglasses = static_cast<std::uint8_t>(std::min(
        kHourglassesPerColour - p.hourglasses_spent, p.hourglasses + reward[kHourglasses]));
  add_lth(p, reward[kLth], from_card);
  if (reward[kSth]) gain_sth(s, seat, reward[kSth]);
  relax(p, reward[kRelax]);
  good_health(p, reward[kGoodHealth]);
  if (reward[kPopularity]) p.popularity = static_cast<std::uint8_t>(std::min(rules_.popularity_max, p.popularity + reward[kPopularity]));
}

// LTH saturates at ±kLthLimit rather than wraps: nothing in the rules bounds how often a player
// may, say, Refresh Cards at the bottom of the STH track. The loader holds it to the same bound.
void Game::add_lth(PlayerState& p, int amount, bool from_card) const {
  auto clamp16 = [](int value) { return static_cast<std::int16_t>(std::clamp(value, -kLthLimit, kLthLimit)); };
  p.lth = clamp16(p.lth + amount);
  if (from_card) p.lth_from_cards = clamp16(p.lth_from_cards + amount);
}

// An Event's loss: resources, money and Hourglasses as far as they go; STH and Stress move
// as any loss of them does.
void Game::lose(State& s, int seat, const Effect& loss) const {
  PlayerState& p = s.players[seat];
  for (int r = 0; r < kNumResources; ++r)
    p.resources[r] = static_cast<std::uint8_t>(p.resources[r] - std::min<int>(p.resources[r], loss[r]));
  p.money = static_cast<std::uint8_t>(p.money - std::min<int>(p.money, loss[kMoney]));
  p.hourglasses = static_cast<std::uint8_t>(p.hourglasses - std::min<int>(p.hourglasses, loss[kHourglasses]));
  if (loss[kSth]) gain_sth(s, seat, -loss[kSth]);
  gain_stress(s, seat, loss[kStress]);
  if (nostalgia_on()) draw_on_stores(s, seat);  // a kind may have run out
}

void Game::spend_hourglasses(PlayerState& p, int count) const {
  p.hourglasses = static_cast<std::uint8_t>(p.hourglasses - count);
  p.hourglasses_spent = static_cast<std::uint8_t>(p.hourglasses_spent + count);
}

void Game::die(State& s, int seat) const {
  PlayerState& p = s.players[seat];
  p.alive = false;
  p.hourglasses = 0;
  p.hourglasses_next = 0;
  for (InPlay& c : p.cards) c.flags &= static_cast<std::uint8_t>(~kUpkeepDue);  // no more upkeep
  if (rules_.inheritance_timing == InheritanceTiming::kDeath && !p.inherited) {
    add_lth(p, inheritance(p), false);
    p.inherited = true;
  }
}

}  // namespace lifespan::pursuit_of_happiness
