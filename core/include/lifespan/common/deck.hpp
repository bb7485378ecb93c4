#pragma once
// A deck that runs out takes back its discard pile, shuffled with the state's generator.
#include "lifespan/common/rng.hpp"

namespace lifespan {

template <class Pile>
void restock_if_empty(Pile& deck, Pile& discards, SplitMix64& rng) {
  if (!deck.empty() || discards.empty()) return;
  deck = discards;
  discards.clear();
  shuffle(deck, rng);
}

}  // namespace lifespan
