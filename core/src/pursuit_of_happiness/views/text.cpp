// The printed position of The Pursuit of Happiness: str(state) for everything and
// observation_string for one viewer, who does not see the decks or, while Child Traits are
// chosen, the other seats' offers (The Pursuit of Happiness rulebook §3, Setup; hidden information
// as docs/pursuit_of_happiness_engine.md §5).
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/pursuit_of_happiness/game.hpp"
#include "view_text.hpp"

namespace lifespan::pursuit_of_happiness {

using namespace view_text;

// One renderer for str(state) (viewer < 0) and observation_string(viewer): everything is public
// except the decks and, while traits are chosen, the other seats' offers.
std::string Game::render(const State& s, int viewer) const {
  static constexpr const char* kStages[] = {"Teen", "Adult", "Adult", "Adult", "Adult", "Old Age", "Old Age", "Old Age"};
  std::string out = "The Pursuit of Happiness - round " + std::to_string(s.round) + "/8 (" +
                    kStages[s.round - 1] + "), " + kStepNames[static_cast<int>(s.step)] +
                    ", first player " + std::to_string(s.first_player) + "\n";
  if (viewer >= 0) out += "Seen by seat " + std::to_string(viewer) + "\n";
  for (int row = 0; row < kNumRows; ++row) {
    out += std::string("  ") + kRowNames[row] + " row:";
    if (s.rows[row].empty()) out += " -";
    for (std::size_t k = 0; k < s.rows[row].size(); ++k)
      out.append(k ? ", " : " ").append(row_card_name(row, s.rows[row][k]));
    out += " (deck " + std::to_string(s.decks[row].size()) + ", discard " + std::to_string(s.discards[row].size()) + ")\n";
  }
  if (s.unavailable) out += "  Unavailable:" + space_list(s.unavailable) + "\n";
  if (s.step == Step::kPay) {
    const Payment& pay = s.payment;
    out += "  Paying for " + action_to_string(s, pay.action) + ": " + std::to_string(pay.units) +
           " resources still to choose; owed Knowledge " + std::to_string(pay.owed[0]) + ", Creativity " +
           std::to_string(pay.owed[1]) + ", Influence " + std::to_string(pay.owed[2]) + ", STH discount " +
           std::to_string(pay.discount) + "\n";
  }
  if (s.step == Step::kKids) out += kid_decisions_text(s);
  if (s.step == Step::kTrigger) out += trigger_choice_text(s);
  out += "  Life Goals:";
  for (std::size_t g = 0; g < s.goals.size(); ++g) {
    out += (g ? ", " : " ") + cards_.goals[s.goals[g]].name;
    const int by = s.goals_claimed_by[g];
    if (by == kGoalTied) out += " (tied: nobody)";
    else if (by > 0) out += " (seat " + std::to_string(by - 1) + ")";
  }
  out += "\n";
  out += trends_text(s);
  // The expansions' boards, each written by its own file.
  out += events_text(s);
  if (experiences_on()) out += experiences_board_text(s);
  if (kids_on()) out += "  Kids deck: " + std::to_string(s.kid_deck.size()) + "\n";
  if (community_on()) out += community_board_text(s);
  if (friends_on()) out += friends_board_text(s);
  for (int seat = 0; seat < num_players(); ++seat) {
    const PlayerState& p = s.players[seat];
    out += "Seat " + std::to_string(seat) + (seat == s.current ? " (to move)" : "") +
           (p.alive ? "" : " (life ended)") + ": LTH " + std::to_string(p.lth) + ", STH " +
           signed_number(p.sth) + ", Stress " + std::to_string(p.stress) + "/" +
           std::to_string(track_length()) + ", Hourglasses " + std::to_string(p.hourglasses) +
           "\n    Knowledge " + std::to_string(p.resources[0]) + ", Creativity " +
           std::to_string(p.resources[1]) + ", Influence " + std::to_string(p.resources[2]) +
           ", Money " + std::to_string(p.money);
    if (p.trait >= 0) out += trait_hidden(s, viewer, seat) ? ", trait kept" : ", trait " + cards_.traits[p.trait].name;
    if (p.spaces_used) out += ", Hourglasses on" + space_list(p.spaces_used);
    out += event_seat_text(p);
    if (!p.trait_offer.empty()) {
      out += ", choosing a trait";
      if (viewer < 0 || viewer == seat)
        for (std::uint8_t t : p.trait_offer) out += " [" + cards_.traits[t].name + "]";
    }
    // The expansions' parts of a seat, each written by its own file.
    if (experiences_on()) out += experiences_seat_text(p);
    if (community_on()) out += community_seat_text(s, seat);
    out += school_text(p);
    out += relative_text(p);
    if (nostalgia_on()) out += nostalgia_seat_text(p, viewer < 0 || viewer == seat);
    out += "\n    Cards:";
    if (p.cards.empty()) out += " -";
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      const InPlay& c = p.cards[i];
      out.append(i ? ", " : " ").append(card_name(c)).append(" L").append(std::to_string(c.level));
      if (c.flags & kRetired) out += " retired";
      else if (c.flags & kCompleted) out += " completed";
      else if (c.flags & kInActiveSlot) out += " [active]";
      if (c.stored) out += " (" + std::to_string(c.stored) + " stored)";
      if (c.kind == kProjectCard && project_roles_[c.id] > 1) {  // a Group Project: who holds each role
        out += " roles";
        for (int r = 0; r < project_roles_[c.id]; ++r)
          out.append(r ? "/" : " ").append(c.roles[r] < 0 ? "-" : std::to_string(c.roles[r]));
      }
    }
    out += "\n";
  }
  if (is_terminal(s)) out += "Game over\n";
  return out;
}

std::string Game::to_string(const State& s) const { return render(s, -1); }
std::string Game::observation_string(const State& s, int player) const { return render(s, player); }


}  // namespace lifespan::pursuit_of_happiness
