#pragma once
// Deck helpers: a deck that runs out takes back its discard pile, shuffled with the state's
// generator; hidden cards put in a canonical order before a determinization shuffles them.
#include <array>
#include <bit>
#include <cstdint>

#include "lifespan/common/rng.hpp"

namespace lifespan {

template <class Pile>
void restock_if_empty(Pile& deck, Pile& discards, SplitMix64& rng) {
  if (!deck.empty() || discards.empty()) return;
  deck = discards;
  discards.clear();
  shuffle(deck, rng);
}

// A row of face-up cards that slide right, filled from the left (slot 0) until full or both
// piles are empty.
template <class Row, class Pile>
void refill_from_left(Row& row, Pile& deck, Pile& discards, SplitMix64& rng) {
  while (!row.full()) {
    restock_if_empty(deck, discards, rng);
    if (deck.empty()) return;
    row.insert(0, deck.pop_back());
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
