#pragma once
// The observation tensor's features and the layout its blocks share (docs/pursuit_of_happiness_engine.md
// §6): views/observation.cpp lays the tensor out, and each expansion's file fills its own block.
// An internal header of core/src/pursuit_of_happiness/.
#include <array>

#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness::observation_layout {

// An observation feature: a count over the scale it is read against (small counts: exact in a float).
inline float scaled(int value, int scale) { return static_cast<float>(value) / static_cast<float>(scale); }
inline float bit(unsigned mask, int index) { return ((mask >> index) & 1u) ? 1.0f : 0.0f; }
inline float flag(unsigned flags, unsigned which) { return (flags & which) ? 1.0f : 0.0f; }

inline int card_faces(const CardTables& cards) {  // one entry per Project, Item and Job/Partner face
  return static_cast<int>(cards.projects.size() + cards.items.size() + 2 * cards.jobs.size() +
                          2 * cards.partners.size());
}

// Where each card kind's entries start among the card faces.
inline std::array<int, kNumRows> face_offsets(const CardTables& cards) {
  const int projects = static_cast<int>(cards.projects.size()), items = static_cast<int>(cards.items.size());
  return {0, projects, projects + items, projects + items + 2 * static_cast<int>(cards.jobs.size())};
}

inline int face_of(const std::array<int, kNumRows>& offsets, const InPlay& c) {
  const bool two_faced = c.kind == kJobCard || c.kind == kPartnerCard;
  return offsets[c.kind] + (two_faced ? face_entry(c.id, c.face) : c.id);
}

// Per seat, in the Experiences block: its planned Experiences, its Dream board (the row card
// faces, then the Experiences), Experiences completed, where the Cloud is (a board space, or
// given up; none while unused).
inline int experiences_seat_block(const CardTables& cards) {
  return 2 * static_cast<int>(cards.experiences.size()) + card_faces(cards) + 1 + kNumSpaces + 1;
}
// Per seat, in the Nostalgia block: its board, its realized cards, its hand size.
inline int nostalgia_seat_block(const CardTables& cards) { return 2 * static_cast<int>(cards.nostalgia.size()) + 1; }
// Per seat, in the Community block: its tokens per card, Popularity, where the meeple is (a
// board slot, or given up; none while unused or once its card is resolved), Hourglasses on the
// board.
inline constexpr int kCommunitySeatBlock = kCommunitySlots + 1 + kCommunitySlots + 1 + 1;

}  // namespace lifespan::pursuit_of_happiness::observation_layout
