// Determinization for The Pursuit of Happiness: what `player` cannot see (deck orders and the
// faces Jobs and Partners would show, Child Traits of other seats, the Events, Experiences, Kids,
// Best Friends and Community cards to come, other Nostalgia hands) re-dealt from a seed
// (docs/pursuit_of_happiness_engine.md §5). Hidden information as The Pursuit of Happiness
// rulebook §3 and the expansions' rulebooks set it up (docs/sources.md).
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "view_text.hpp"

namespace lifespan::pursuit_of_happiness {

using namespace view_text;

namespace {

// A pile whose order nobody has seen, dealt again in an order that depends only on its cards
// and the generator.
template <class Pile>
void reshuffle(Pile& pile, SplitMix64& rng) {
  sort_distinct_cards(pile);
  shuffle(pile, rng);
}

// Deals `pool` back in the sizes `pile` and the other seats' hands (`hand_of(seat)`) have: the
// pile first, then the hands in seat order.
template <class Pool, class Pile, class HandOf>
std::size_t deal_back(const Pool& pool, Pile& pile, int players, int player, HandOf&& hand_of) {
  std::size_t next = 0;
  for (auto& card : pile) card = pool[next++];
  for (int seat = 0; seat < players; ++seat)
    if (seat != player)
      for (auto& card : hand_of(seat)) card = pool[next++];
  return next;  // where the cards not dealt start
}

// Cards `player` cannot see: `pile` and the other seats' hands, pooled, reshuffled and dealt back.
template <class Pile, class HandOf>
void redeal_hidden(Pile& pile, int players, int player, HandOf&& hand_of, SplitMix64& rng) {
  Pile pool = pile;
  for (int seat = 0; seat < players; ++seat)
    if (seat != player)
      for (std::uint8_t card : hand_of(seat)) pool.push_back(card);
  reshuffle(pool, rng);
  deal_back(pool, pile, players, player, hand_of);
}

// The Child Traits `player` cannot see, dealt again in the same sizes: the deck, then the
// offers of the other seats still choosing. A trait turned down went back to the box, out of
// the state, and nobody sees which: every trait but the kept ones and `player`'s own offer is a
// candidate, and those not dealt are the box.
void redeal_traits(State& d, int players, int player, std::size_t num_traits, SplitMix64& rng) {
  std::array<bool, kMaxDeck> seen{};
  for (int seat = 0; seat < players; ++seat)
    if (d.players[seat].trait >= 0 && !trait_hidden(d, player, seat)) seen[static_cast<std::size_t>(d.players[seat].trait)] = true;
  for (std::uint8_t t : d.players[player].trait_offer) seen[t] = true;
  FixedVector<std::uint8_t, kMaxDeck> unseen;  // in ascending order, as reshuffle would sort it
  for (std::size_t t = 0; t < num_traits; ++t)
    if (!seen[t]) unseen.push_back(static_cast<std::uint8_t>(t));
  shuffle(unseen, rng);
  std::size_t next = deal_back(unseen, d.trait_deck, players, player,
                               [&](int seat) -> auto& { return d.players[seat].trait_offer; });
  for (int seat = 0; seat < players; ++seat)  // then the traits other seats kept, while still hidden
    if (d.players[seat].trait >= 0 && trait_hidden(d, player, seat)) d.players[seat].trait = static_cast<std::int8_t>(unseen[next++]);
}

}  // namespace

// Re-deals what `player` cannot see: the order of every deck (and the face each Job or Partner
// would show), the Child Traits (the deck, other seats' offers, those turned down), and the other
// seats' Nostalgia hands with the cards left in the box. Re-seeds the generator.
// Hidden cards are sorted before they are shuffled, so the result depends on what `player`
// knows and the seed only: a state and any determinization of it from this view give the same
// determinizations.
State Game::determinize(const State& s, int player, std::uint64_t seed) const { return redeal(s, player, seed); }

// What nobody has seen: the order of every deck, the faces of Jobs and Partners never discarded,
// the Child Trait deck's and the Nostalgia box's cards (each offer and hand is its owner's).
State Game::reseed(const State& s, std::uint64_t seed) const { return redeal(s, -1, seed); }

State Game::redeal(const State& s, int player, std::uint64_t seed) const {
  State d = s;
  SplitMix64 rng{seed};
  const bool nobody = player < 0;
  for (int row = 0; row < kNumRows; ++row) {
    auto& deck = d.decks[row];
    const bool faces = (row == kJobRow || row == kPartnerRow) && !(nobody && ((d.faces_kept >> row) & 1u));
    if (faces)
      for (auto& entry : deck) entry = static_cast<std::uint8_t>(entry & ~1u);
    sort_distinct_cards(deck);
    if (faces)
      for (auto& entry : deck) entry = static_cast<std::uint8_t>(entry | rng.below(2));
    shuffle(deck, rng);
  }
  if (nobody) reshuffle(d.trait_deck, rng);
  else redeal_traits(d, num_players(), player, cards_.traits.size(), rng);
  reshuffle(d.event_deck, rng);  // nobody knows the Events still to come
  reshuffle(d.experience_deck, rng);
  reshuffle(d.kid_deck, rng);
  reshuffle(d.friend_deck, rng);
  reshuffle(d.community_deck, rng);
  if (nostalgia_on() && nobody) reshuffle(d.nostalgia_box, rng);
  else if (nostalgia_on())
    redeal_hidden(d.nostalgia_box, num_players(), player, [&](int seat) -> auto& { return d.players[seat].nostalgia_hand; }, rng);
  d.rng.state = rng.next();
  return d;
}


}  // namespace lifespan::pursuit_of_happiness
