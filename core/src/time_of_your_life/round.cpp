// The round (docs §3): midpoint, two-player swap, choose, then the automatic reveal and pass,
// and after round 10 the Inspiration step. Decisions are taken in seat order; everything
// between decisions happens here.
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {
namespace {

int first_seat_from(const State& s, int from, int num_players, auto&& has_decision) {
  for (int seat = from; seat < num_players; ++seat)
    if (has_decision(s.players[seat])) return seat;
  return -1;
}

bool holds_cards(const PlayerState& p) { return !p.hand.empty(); }

}  // namespace

// Drawing from an empty deck reshuffles the discards (rule parameter midpoint_empty_deck).
void Game::draw_card(State& s, PlayerState& p) const {
  if (rules_.midpoint_empty_deck == EmptyDeck::kReshuffle) restock_if_empty(s.deck, s.discards, s.rng);
  if (!s.deck.empty()) p.hand.insert_sorted(take_top(s.deck, s.rng));
}

bool Game::swap_applies(const State& s, bool midpoint_this_round) const {
  if (num_players() != 2) return false;
  switch (rules_.two_player_swap) {
    case TwoPlayerSwap::kEveryRound: return true;
    case TwoPlayerSwap::kPassedOnly: return s.round != 1 && !midpoint_this_round;
    case TwoPlayerSwap::kOff: return false;
  }
  return false;
}

// Called when every player has just received a hand (the deal or a pass).
void Game::begin_round(State& s) const {
  const int n = num_players();
  const bool midpoint = !s.midpoint_reached &&
                        std::all_of(s.players.begin(), s.players.begin() + n, [](auto& p) {
                          return p.hand.size() == kMidpointHandSize;
                        });
  if (midpoint) {
    s.midpoint_reached = true;
    s.step = Step::kMidpoint;
    s.current = 0;
    s.midpoint_discard = kNoCard;
    return;
  }
  begin_swap_or_choose(s, false);
}

void Game::begin_swap_or_choose(State& s, bool midpoint_this_round) const {
  const int n = num_players();
  const bool all_hold = std::all_of(s.players.begin(), s.players.begin() + n, holds_cards);
  if (all_hold && swap_applies(s, midpoint_this_round)) {
    s.step = Step::kSwap;
    s.current = 0;
    return;
  }
  begin_choose(s);
}

void Game::begin_choose(State& s) const {
  s.step = Step::kChoose;
  const int seat = first_seat_from(s, 0, num_players(), holds_cards);
  if (seat < 0) {
    reveal(s);  // nobody holds a card (only with a short deck): the round places nothing
    return;
  }
  s.current = static_cast<std::int8_t>(seat);
}

void Game::end_midpoint_turn(State& s) const {
  s.midpoint_discard = kNoCard;
  if (s.current + 1 < num_players()) {
    ++s.current;
    return;
  }
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    while (p.hand.size() < kHandSize) {
      const std::size_t before = p.hand.size();
      draw_card(s, p);
      if (p.hand.size() == before) break;  // deck and discards both empty
    }
  }
  begin_swap_or_choose(s, true);
}

void Game::end_swap_turn(State& s) const {
  if (s.current + 1 < num_players()) {
    ++s.current;
    return;
  }
  for (int seat = 0; seat < num_players(); ++seat) draw_card(s, s.players[seat]);
  begin_choose(s);
}

void Game::end_choose_turn(State& s) const {
  const int seat = first_seat_from(s, s.current + 1, num_players(), holds_cards);
  if (seat >= 0) {
    s.current = static_cast<std::int8_t>(seat);
    return;
  }
  reveal(s);
}

// A new card meets up to two new neighbours; each matching pair of icons takes a token
// (docs §5). The neighbours it separates keep the tokens they gave.
void Game::place_card(State& s, int seat, int card) const {
  PlayerState& p = s.players[seat];
  std::size_t pos = p.timeline.size();
  while (pos > 0 && order_rank_[card] < order_rank_[p.timeline[pos - 1]]) --pos;
  std::array<int, kNumEmotions> pairs{};
  if (pos > 0) {
    const int younger = p.timeline[pos - 1];
    for (int e = 0; e < kNumEmotions; ++e)
      pairs[e] += std::min(icons_to_older_[younger][e], icons_to_younger_[card][e]);
  }
  if (pos < p.timeline.size()) {
    const int older = p.timeline[pos];
    for (int e = 0; e < kNumEmotions; ++e)
      pairs[e] += std::min(icons_to_older_[card][e], icons_to_younger_[older][e]);
  }
  p.timeline.insert(pos, static_cast<std::uint8_t>(card));

  auto take = [&](int wanted, std::uint8_t& supply) {
    if (!rules_.limited_token_supply) return wanted;
    const int got = std::min<int>(wanted, supply);
    supply = static_cast<std::uint8_t>(supply - got);
    return got;
  };
  // Never past the 120 a seat can earn in ten placements, the loader's bound: a state loaded
  // at it (no real game gets there before its last card) stays there and still saves.
  const int happiness = take(std::min(pairs[0], kMaxEmotionTokens - p.happiness), s.happiness_supply);
  const int inspiration = take(std::min(pairs[1], kMaxEmotionTokens - p.inspiration), s.inspiration_supply);
  p.happiness = static_cast<std::uint8_t>(p.happiness + happiness);
  p.inspiration = static_cast<std::uint8_t>(p.inspiration + inspiration);
  p.inspiration_unplaced = static_cast<std::uint8_t>(p.inspiration_unplaced + inspiration);
}

void Game::reveal(State& s) const {
  const int n = num_players();
  for (int seat = 0; seat < n; ++seat) {
    PlayerState& p = s.players[seat];
    if (p.pick == kNoCard) continue;
    const int card = p.pick;
    p.hand.erase(static_cast<std::size_t>(p.hand.find(static_cast<std::uint8_t>(card))));
    p.pick = kNoCard;
    place_card(s, seat, card);
  }
  if (s.round == kRounds) {
    for (int seat = 0; seat < n; ++seat) {
      for (std::uint8_t card : s.players[seat].hand) s.discards.push_back(card);
      s.players[seat].hand.clear();
    }
    begin_inspiration(s);
    return;
  }
  // Pass: clockwise is to seat + 1, anticlockwise to seat - 1; shifted in place.
  auto& players = s.players;
  if (s.midpoint_reached) {
    const auto first = players[0].hand;
    for (int seat = 0; seat + 1 < n; ++seat) players[seat].hand = players[seat + 1].hand;
    players[n - 1].hand = first;
  } else {
    const auto last = players[n - 1].hand;
    for (int seat = n - 1; seat > 0; --seat) players[seat].hand = players[seat - 1].hand;
    players[0].hand = last;
  }
  ++s.round;
  begin_round(s);
}

void Game::begin_inspiration(State& s) const {
  s.step = Step::kInspiration;
  seat_next_inspiration(s, 0);
}

// The turn stays with a seat while it can place a token, then moves on; when no seat can, the
// game is over.
void Game::seat_next_inspiration(State& s, int from) const {
  for (int seat = from; seat < num_players(); ++seat) {
    if (can_place_trait_token(s, seat)) {
      s.current = static_cast<std::int8_t>(seat);
      return;
    }
  }
  s.step = Step::kGameOver;
  s.current = kTerminalPlayer;
}

}  // namespace lifespan::time_of_your_life
