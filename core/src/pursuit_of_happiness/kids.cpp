// The Kids module of Experiences (Experiences rulebook §3; docs/pursuit_of_happiness.md §9): a
// Kid is drawn when a Partner is developed into L3 or with Raise Family, grows one level at each
// Upkeep, and is kept or discarded when its Partner is discarded.
#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// The top Kid of the deck comes into play next to `partner` at level 1 with its reward. Kids
// take no slot.
void Game::have_kid(State& s, int seat, const InPlay& partner) const {
  const std::uint8_t id = take_top(s.kid_deck, s.rng);
  InPlay kid{kKidCard, id, 0, 1, 0, 0, {-1, -1, -1, -1}};
  kid.parent = static_cast<std::int8_t>(partner.id);
  take_card(s, seat, kid);
  gain(s, seat, cards_.kids[id].levels[0].reward, true);
}

// "If a Partner with whom you have a Kid is discarded, you may choose whether to keep or discard
// the Kid card as well" (Experiences rulebook, Kids): one decision per Kid, at once, in play-area
// order, before anything else happens. A life the discard has ended decides nothing: its Kids stay.
bool Game::begin_kid_decisions(State& s, int seat, const InPlay& discarded) const {
  const PlayerState& p = s.players[seat];
  if (discarded.kind != kPartnerCard || !kids_on() || !p.alive) return false;
  s.kid_decisions.clear();
  for (const InPlay& c : p.cards)
    if (c.kind == kKidCard && c.parent == discarded.id) s.kid_decisions.push_back(c.id);
  if (s.kid_decisions.empty()) return false;
  s.resume = s.step;  // the Action phase (a Discard) or Upkeep (a Partner given up)
  s.step = Step::kKids;
  return true;
}

// The Kid first in line stays, or leaves the game with the Discard penalty ("you receive the
// Penalty individually for each of the cards discarded"). After the last decision, or once the
// penalty has ended the life, the step the discard came from goes on.
void Game::decide_kid(State& s, bool discard) const {
  const int seat = s.current;
  PlayerState& p = s.players[seat];
  const std::uint8_t kid = s.kid_decisions[0];
  s.kid_decisions.erase(0);
  if (discard)
    for (std::size_t slot = 0; slot < p.cards.size(); ++slot)
      if (p.cards[slot].kind == kKidCard && p.cards[slot].id == kid) {
        discard_card(s, seat, static_cast<int>(slot), true);
        break;
      }
  if (!s.kid_decisions.empty() && p.alive) return;
  s.kid_decisions.clear();
  s.step = s.resume;
  s.resume = Step::kAction;
  if (s.step == Step::kUpkeep)
    after_upkeep_decision(s);
  else if (!p.alive)
    next_turn(s);
}

bool Game::kid_grows(const InPlay& c) const {
  return c.kind == kKidCard && c.level < cards_.kids[c.id].num_levels;
}

// The Kids actions' main-action candidates (candidates.cpp): one of each per card in play while
// the Kid deck has a Kid to draw; candidate_legal refuses a card that is not a Partner of the
// right level (kid_action_card) before planning it.
void Game::count_kid_candidates(const State& s, MainCandidates& c) const {
  if (s.kid_deck.empty()) return;
  const std::size_t cards = s.players[s.current].cards.size();
  c.set(MainCandidates::kDevelopWithKid, cards);
  c.set(MainCandidates::kRaiseFamily, cards);
}

// A Kid's upkeep: its next level's cost and reward, none at its last level.
std::pair<Effect, Effect> Game::kid_upkeep(const InPlay& c) const {
  if (!kid_grows(c)) return {};
  const KidLevel& next = cards_.kids[c.id].levels[c.level];
  return {next.cost, next.reward};
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

// A Kid whose Partner is still in play cannot be discarded (Experiences rulebook, Kids).
bool Game::kid_has_partner(const InPlay& kid, const PlayerState& p) const {
  for (const InPlay& c : p.cards)
    if (c.kind == kPartnerCard && c.id == kid.parent) return true;
  return false;
}

// The observation's Kids block: per seat its Kids by level, then the Kids step's line (1 for the
// Kid being kept or discarded, 1/2 for those after it).
void Game::observe_kids(const State& s, int player, float* block) const {
  const int n = num_players(), kids = static_cast<int>(cards_.kids.size());
  for (int k = 0; k < n; ++k)
    for (const InPlay& c : s.players[clockwise(player, k, n)].cards)
      if (c.kind == kKidCard) block[k * kids + c.id] = c.level / 4.0f;
  for (std::size_t k = 0; k < s.kid_decisions.size(); ++k) block[n * kids + s.kid_decisions[k]] = k == 0 ? 1.0f : 0.5f;
}

// The printed position's Kids step: the Kids waiting to be kept or discarded, in turn.
std::string Game::kid_decisions_text(const State& s) const {
  std::string out = "  Kids to keep or discard, their Partner discarded:";
  for (std::size_t k = 0; k < s.kid_decisions.size(); ++k) out += (k ? ", " : " ") + cards_.kids[s.kid_decisions[k]].name;
  return out + "\n";
}

// Developing a Partner from L2 into L3 and having a Kid, or Raise Family on a Partner at L3 (a
// Kid without the level): only while the Kids deck lasts and the play area has room. Raise
// Family costs its Hourglass only.
Plan Game::plan_kid_action(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current];
  Plan plan;
  const bool raise = a.kind == ActionKind::kRaiseFamily;
  if (s.kid_deck.empty() || p.cards.full() || a.slot >= static_cast<int>(p.cards.size())) return plan;
  const InPlay& c = p.cards[a.slot];
  if (!kid_action_card(c, raise)) return plan;
  if (!raise) plan.cost = without_placed_hourglass(cards_.partners[c.id][c.face].levels[c.level].cost);
  plan.ok = true;
  return plan;
}

void Game::resolve_kid_action(State& s, int seat, const Action& a, const Plan& plan) const {
  InPlay& partner = s.players[seat].cards[a.slot];
  partner.time = static_cast<std::uint8_t>(partner.time + 1 + plan.cost[kHourglasses]);
  if (a.kind != ActionKind::kRaiseFamily) {
    ++partner.level;
    gain(s, seat, level_of(partner, partner.level).reward, true);
    partner_to_level_3(s, seat, partner);
  }
  have_kid(s, seat, InPlay(partner));
}

// The Kids step waits on a living seat's Kids whose Partner it has discarded, each once, and
// returns to the Action phase (with something left to place) or to Upkeep.
void Game::check_kid_decisions(const State& s) const {
  const PlayerState& p = s.players[s.current];
  require_state((s.resume == Step::kAction || s.resume == Step::kUpkeep) && !s.kid_decisions.empty() && p.alive &&
                    (s.resume != Step::kAction || has_turn(s, p)),
                "kid_decisions: the Kids step waits on a living seat's Kids and returns to the Action phase or Upkeep");
  for (std::size_t k = 0; k < s.kid_decisions.size(); ++k) {
    const InPlay* kid = nullptr;
    for (const InPlay& c : p.cards)
      if (c.kind == kKidCard && c.id == s.kid_decisions[k]) kid = &c;
    bool repeated = false;
    for (std::size_t j = 0; j < k; ++j) repeated = repeated || s.kid_decisions[j] == s.kid_decisions[k];
    require_state(kid && !repeated && !kid_has_partner(*kid, p),
                  "kid_decisions: each a Kid of the seat to move whose Partner it has discarded, once");
  }
}

}  // namespace lifespan::pursuit_of_happiness
