#pragma once
// Deck helpers: a deck that runs out takes back its discard pile, shuffled with the state's
// generator; hidden cards put in a canonical order before a determinization shuffles them.
//
// Decks drawn from one end are shuffled with shuffle_deck and drawn with take_top. In explicit
// chance mode (chance.hpp) they are drawn lazily, as OpenSpiel's card games deal: never
// shuffled, each draw picks one of the cards left (a chance node), so a state, and any copy a
// search makes of it, holds no future order. Sampled mode shuffles and pops as it always did.
#include <array>
#include <bit>
#include <cstdint>

#include "lifespan/common/rng.hpp"

namespace lifespan {

template <class Pile, class Rng>
void shuffle_deck(Pile& deck, Rng& rng) {
  if (!rng.lazy()) shuffle(deck, rng);
}

// Lazily: moves a uniformly drawn card of `deck` to `end` (its top or bottom) first.
template <class Pile, class Rng>
void pick_to(Pile& deck, std::size_t end, Rng& rng) {
  if (!rng.lazy()) return;
  // The draw being named: the first past the tape's end, if it is this one.
  if (rng.naming >= 0 && rng.bound == 0 && rng.read == rng.tape.size() && deck.size() > 1) {
    rng.named_pile = &deck;
    rng.named_card = deck[static_cast<std::size_t>(rng.naming)];
    rng.naming = -1;
  }
  const std::size_t pick = rng.below(static_cast<std::uint32_t>(deck.size()));
  const auto card = deck[pick];
  deck[pick] = deck[end];
  deck[end] = card;
}

// The top card (the back); the deck must not be empty.
template <class Pile, class Rng>
auto take_top(Pile& deck, Rng& rng) {
  pick_to(deck, deck.size() - 1, rng);
  return deck.pop_back();
}

template <class Pile, class Rng>
void restock_if_empty(Pile& deck, Pile& discards, Rng& rng) {
  if (!deck.empty() || discards.empty()) return;
  deck = discards;
  discards.clear();
  shuffle_deck(deck, rng);
}

// A row of face-up cards that slide right, filled from the left (slot 0) until full or both
// piles are empty.
template <class Row, class Pile, class Rng>
void refill_from_left(Row& row, Pile& deck, Pile& discards, Rng& rng) {
  while (!row.full()) {
    restock_if_empty(deck, discards, rng);
    if (deck.empty()) return;
    row.insert(0, take_top(deck, rng));
  }
}

// The first `count` cards of `pile` become a uniform draw without replacement: in sampled mode
// by shuffling the whole pile (the order the seeded games were dealt in), lazily by drawing
// just those `count`.
template <class Pile, class Rng>
void shuffle_to_deal(Pile& pile, std::size_t count, Rng& rng) {
  if (!rng.lazy()) {
    shuffle(pile, rng);
    return;
  }
  for (std::size_t k = 0; k < count && k < pile.size(); ++k) {
    const std::size_t pick = k + rng.below(static_cast<std::uint32_t>(pile.size() - k));
    const auto card = pile[pick];
    pile[pick] = pile[k];
    pile[k] = card;
  }
}

// Sorts a pile of distinct card numbers (bytes) in ascending order, in linear time: every
// search iteration determinizes, so this is on a hot path.
template <class Pile>
void sort_distinct_cards(Pile& pile) {
  std::array<std::uint64_t, 4> present{};
  for (std::uint8_t card : pile) present[card >> 6] |= std::uint64_t{1} << (card & 63);
  auto out = pile.begin();
  for (int word = 0; word < 4; ++word)
    for (std::uint64_t bits = present[word]; bits != 0; bits &= bits - 1)
      *out++ = static_cast<std::uint8_t>(word * 64 + std::countr_zero(bits));
}

}  // namespace lifespan
