#pragma once
// A Time of Your Life action as a value: its kind and operands, and the one place that lays the
// ids out (docs/time_of_your_life.md §10; the Time of Your Life rulebook, docs/sources.md: a card
// is played in the Choose step, discarded at the Midpoint or in a two-player Swap, the rest of the
// hand kept at the Midpoint, a Trait token put on a timeline card). decode and encode are
// inverse over the ids 0 .. kNumDistinctActions - 1; no rule parameter changes the layout.
#include <cstdint>

#include "lifespan/time_of_your_life/constants.hpp"

namespace lifespan::time_of_your_life {

enum class ActionKind : std::uint8_t { kPlay, kDiscard, kKeep, kPlaceTrait };
inline constexpr int kNumActionKinds = 4;

// Operands a kind does not use are 0. `card` is a Life card number (Play, Discard); `slot` a
// timeline slot and `trait` a Trait (Place Trait).
struct Action {
  ActionKind kind = ActionKind::kKeep;
  std::int8_t card = 0;
  std::int8_t slot = 0;
  std::int8_t trait = 0;
  friend bool operator==(const Action&, const Action&) = default;
};

// The action an id stands for; the id must be in 0 .. kNumDistinctActions - 1.
constexpr Action decode(int id) {
  if (id < kDiscardBase) return {ActionKind::kPlay, static_cast<std::int8_t>(id - kPlayBase), 0, 0};
  if (id < kKeepAction) return {ActionKind::kDiscard, static_cast<std::int8_t>(id - kDiscardBase), 0, 0};
  if (id == kKeepAction) return {};
  const int trait_id = id - kTraitBase;
  return {ActionKind::kPlaceTrait, 0, static_cast<std::int8_t>(trait_id / kNumTraits),
          static_cast<std::int8_t>(trait_id % kNumTraits)};
}

// The id of an action, or -1 when no id stands for its operands (one out of range, or one its
// kind does not use set).
constexpr int encode(const Action& a) {
  const bool card_ok = a.card >= 0 && a.card < kNumCards && a.slot == 0 && a.trait == 0;
  switch (a.kind) {
    case ActionKind::kPlay: return card_ok ? kPlayBase + a.card : -1;
    case ActionKind::kDiscard: return card_ok ? kDiscardBase + a.card : -1;
    case ActionKind::kKeep: return a.card == 0 && a.slot == 0 && a.trait == 0 ? kKeepAction : -1;
    case ActionKind::kPlaceTrait:
      return a.card == 0 && a.slot >= 0 && a.slot < kRounds && a.trait >= 0 && a.trait < kNumTraits
                 ? kTraitBase + kNumTraits * a.slot + a.trait
                 : -1;
  }
  return -1;
}

}  // namespace lifespan::time_of_your_life
