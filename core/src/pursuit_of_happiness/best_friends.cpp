// The Best Friends module (the rules summary, Setup 3 and Preparation 4.2; docs/pursuit_of_happiness.md,
// Best Friends): a deck of Best Friends and a board of 4 face-up cards, dealt at setup and redealt
// in each Preparation from the 1st Adult round; Make a Friend takes one into play, where it grows
// like an Item. The summary gives nothing more: `best_friends_max` bounds the friends a player
// holds. Setup's shuffle and the Preparation's redeal are called from rounds.cpp; the card
// action and the discard pile are the Items' (actions.cpp).
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// The Best Friends board: the cards left are discarded and 4 new ones dealt (an empty deck
// takes back its discards, shuffled).
void Game::deal_friends(State& s) const {
  for (std::uint8_t card : s.friend_row) s.friend_discards.push_back(card);
  s.friend_row.clear();
  while (!s.friend_row.full()) {
    restock_if_empty(s.friend_deck, s.friend_discards, s.rng);
    if (s.friend_deck.empty()) return;
    s.friend_row.push_back(take_top(s.friend_deck, s.rng));
  }
}

int Game::friends_of(const PlayerState& p) const {
  int count = 0;
  for (const InPlay& c : p.cards) count += c.kind == kItemCard && cards_.items[c.id].best_friend;
  return count;
}

// Whether the seat has room for one more Best Friend: in its play area, and under best_friends_max.
bool Game::room_for_friend(const PlayerState& p) const {
  return !p.cards.full() && friends_of(p) < rules_.best_friends_max;
}

// Make a Friend: a card on the Best Friends board, its level-1 cost.
Plan Game::plan_make_friend(const State& s, const Action& a) const {
  if (a.slot >= static_cast<int>(s.friend_row.size()) || !room_for_friend(s.players[s.current])) return Plan{};
  return friend_plan(s, a.slot);
}

// Making a friend of the card in Best Friends board slot `slot`, with room for it.
Plan Game::friend_plan(const State& s, int slot) const {
  Plan plan;
  plan.ok = true;
  plan.cost = cards_.items[s.friend_row[slot]].levels[0].cost;
  return plan;
}

void Game::make_friend(State& s, int seat, const Action& a) const {
  const std::uint8_t id = s.friend_row[a.slot];
  s.friend_row.erase(static_cast<std::size_t>(a.slot));  // the board is redealt at the next Preparation
  take_card(s, seat, InPlay{kItemCard, id, 0, 1, 0, 0, {-1, -1, -1, -1}});
  gain(s, seat, cards_.items[id].levels[0].reward, true);
}

std::string Game::make_friend_name(const State& s, const Action& a) const {
  const int k = a.slot;
  return "Make a Friend: " + (k < static_cast<int>(s.friend_row.size()) ? cards_.items[s.friend_row[k]].name
                                                                        : "Best Friends board slot " + std::to_string(k + 1));
}

// The printed position's Best Friends board.
std::string Game::friends_board_text(const State& s) const {
  std::string out = "  Best Friends board:";
  if (s.friend_row.empty()) out += " -";
  for (std::size_t k = 0; k < s.friend_row.size(); ++k) out += (k ? ", " : " ") + cards_.items[s.friend_row[k]].name;
  return out + " (deck " + std::to_string(s.friend_deck.size()) + ", discard " + std::to_string(s.friend_discards.size()) + ")\n";
}

}  // namespace lifespan::pursuit_of_happiness
