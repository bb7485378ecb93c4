// The Experiences expansion (Experiences rulebook; docs/pursuit_of_happiness.md §9): the
// Experiences board, whose cards slide right and are refilled from the left; the Dream boards
// and their Desire tokens; the Cloud. Its board's main actions (Plan Experience, Dream, taking
// a card from the Dream board, with the Cloud or an Hourglass) are counted, found, planned and
// resolved here; a planned Experience is experienced or extended as a card action (actions.cpp).
// Rule parameter: `dream_slots`.
#include <algorithm>
#include <array>

#include "lifespan/common/deck.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "plan_take.hpp"
#include "views/observation_layout.hpp"
#include "views/view_text.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

// A seat's free Dream slots in slot order: the Dream candidates put each card into each of them.
struct FreeDreamSlots {
  std::array<int, kMaxDreamSlots> slot{};
  int count = 0;
};

FreeDreamSlots free_dream_slots(const PlayerState& p, int dream_slots) {
  FreeDreamSlots free;
  for (int d = 0; d < dream_slots; ++d)
    if (p.dream[d].source < 0) free.slot[free.count++] = d;
  return free;
}

}  // namespace

// The card in `emptied_slot` has left: the cards to its left slide one slot right and new
// cards fill the board from the left. Slot 0 is the leftmost; an empty deck takes back its
// discards, shuffled.
void Game::refill_experiences(State& s, int emptied_slot) const {
  s.experience_row.erase(static_cast<std::size_t>(emptied_slot));
  refill_from_left(s.experience_row, s.experience_deck, s.experience_discards, s.rng);
}

// Preparation from the 2nd Adult round: the card in the 5th slot is discarded, the rest slide.
// Gaps on a short board (both piles empty) are on the left, so the last card is in slot 5.
void Game::age_experiences(State& s) const {
  auto& row = s.experience_row;
  if (row.empty()) return;
  s.experience_discards.push_back(row.back());
  refill_experiences(s, static_cast<int>(row.size()) - 1);
}

// Start of Upkeep: one Desire token on each dreamt card of a living player, at most 3.
void Game::add_desire(State& s) const {
  for (int seat = 0; seat < num_players(); ++seat)
    for (Dreamt& d : s.players[seat].dream)
      if (s.players[seat].alive && d.source >= 0) d.desire = static_cast<std::uint8_t>(std::min(kMaxDesire, d.desire + 1));
}

// The end: 1 LTH lost for each Desire token still on the Dream board.
int Game::unfulfilled_desire(const PlayerState& p) const {
  int tokens = 0;
  for (const Dreamt& d : p.dream) tokens += d.source >= 0 ? d.desire : 0;
  return tokens;
}

// Plan Experience, Dream and taking a card from the Dream board: how many candidates each has
// for the seat to move (the Experiences board, every row card into each free Dream slot, the
// ways each dreamt card can leave). Inlined into each caller: returned from a call, the three
// counts went through memory as two stores read back as one load, which stalls.
[[gnu::always_inline]] inline std::array<int, 3> Game::experiences_board_counts(const State& s) const {
  const PlayerState& p = s.players[s.current];
  int free_slots = 0, leaving = 0;
  for (int slot = 0; slot < rules_.dream_slots; ++slot)
    if (p.dream[slot].source < 0) ++free_slots;
    else leaving += dream_variants(p.dream[slot]);
  int sources = static_cast<int>(s.experience_row.size());
  for (const auto& row : s.rows) sources += static_cast<int>(row.size());
  return {static_cast<int>(s.experience_row.size()), sources * free_slots, leaving};
}

// Plan Experience, Dream and taking a card from the Dream board (plan_action; with an Hourglass
// instead of the Cloud, plan_action plans the same action with the Cloud first).
Plan Game::plan_experiences_board_action(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current];
  const int board_cards = static_cast<int>(s.experience_row.size());
  Plan plan;
  switch (a.kind) {
    case ActionKind::kPlanExperience:
      if (a.slot >= board_cards) return plan;
      return plan_take(s, kExperienceSource, s.experience_row[a.slot], 0);
    case ActionKind::kDream: {  // a card of a row or the Experiences board into Dream slot `variant`
      const int slot = a.variant;
      if (!experiences_on() || slot >= rules_.dream_slots || p.dream[slot].source >= 0) return plan;
      if (a.slot >= (a.row < kExperienceSource ? static_cast<int>(s.rows[a.row].size()) : board_cards)) return plan;
      place_on_board(s, p, kDream, plan);
      return plan;
    }
    default:  // kFromDream
      if (a.slot >= rules_.dream_slots || p.dream[a.slot].source < 0) return plan;
      return plan_from_dream(s, a.slot, a.variant);
  }
}

// Taking the card dreamt in Dream slot `slot` (one is there) from the Dream board, leaving by
// way `variant` (dream_variants).
Plan Game::plan_from_dream(const State& s, int slot, int variant) const {
  const Dreamt& d = s.players[s.current].dream[slot];
  if (dream_promotion(d, variant)) return plan_promotion(s, job_of_entry(d.entry));
  return plan_take(s, d.source, d.entry, variant);
}

// The Experiences board's main-action candidates (candidates.cpp): Plan Experience, Dream and
// taking from the Dream board, counted exactly, as they would otherwise be most of the
// candidates and mostly illegal.
void Game::count_experiences_candidates(const State& s, MainCandidates& c) const {
  const std::array<int, 3> board = experiences_board_counts(s);
  c.set(MainCandidates::kPlanExperience, board[0]);
  c.set(MainCandidates::kDream, board[1]);
  c.set(MainCandidates::kFromDream, board[2]);
}

// Those that need an Hourglass (the seat has one): extending each planned Experience, and,
// with the Cloud unused, each Experiences-board action again placing an Hourglass instead.
void Game::count_hourglass_experiences_candidates(const State& s, MainCandidates& c) const {
  const PlayerState& p = s.players[s.current];
  int planned = 0;
  for (const InPlay& card : p.cards) planned += card.kind == kExperienceCard;
  c.set(MainCandidates::kExtendExperience, planned);
  if (p.cloud < 0)
    c.set(MainCandidates::kWithHourglass, c.count[MainCandidates::kPlanExperience] + c.count[MainCandidates::kDream] +
                                              c.count[MainCandidates::kFromDream]);
}

// The index-th candidate of an Experiences segment but Plan Experience (whose index is the
// board slot): kDream, kFromDream, kWithHourglass or kExtendExperience.
int Game::experiences_candidate(const State& s, int segment, int index) const {
  const PlayerState& p = s.players[s.current];
  switch (segment) {
    case MainCandidates::kDream: {  // the card (index / free slots) into the (index % free slots)-th free slot
      const FreeDreamSlots free = free_dream_slots(p, rules_.dream_slots);
      int k = index / free.count;
      int row = 0;
      for (; row < kNumRows && k >= static_cast<int>(s.rows[row].size()); ++row) k -= static_cast<int>(s.rows[row].size());
      return dream_id(row, k, free.slot[index % free.count]);  // past the four rows: the Experiences board
    }
    case MainCandidates::kFromDream:
      for (int slot = 0;; ++slot) {
        if (p.dream[slot].source < 0) continue;
        const int variants = dream_variants(p.dream[slot]);
        if (index < variants) return encode(ActionKind::kFromDream, slot, index);
        index -= variants;
      }
    case MainCandidates::kWithHourglass: {  // the index-th of those three segments, with an Hourglass
      const std::array<int, 3> board = experiences_board_counts(s);
      constexpr MainCandidates::Segment kCloudSegments[3] = {MainCandidates::kPlanExperience, MainCandidates::kDream,
                                                             MainCandidates::kFromDream};
      int k = 0;
      for (; index >= board[k]; ++k) index -= board[k];
      return hourglass_twin(candidate_in(s, kCloudSegments[k], index));
    }
    default:  // kExtendExperience: the index-th planned Experience
      for (std::size_t slot = 0;; ++slot)
        if (p.cards[slot].kind == kExperienceCard && index-- == 0) return encode(ActionKind::kExtendExperience, static_cast<int>(slot));
  }
}

// candidate_position's Experiences cases, the inverse of experiences_candidate: Plan Experience
// by board slot; a Dream by its card's place among the rows' and the board's cards, then its
// slot among the free ones; taking from the Dream board after the ways to leave the slots
// before; extending after the Experiences before it in the play area; with an Hourglass, after
// the Cloud's candidates of the segments before its own.
bool Game::experiences_candidate_position(const State& s, const Action& a, int& segment, int& index) const {
  const PlayerState& p = s.players[s.current];
  if (a.hourglass) {
    if (!experiences_candidate_position(s, with_cloud(a), segment, index)) return false;
    const std::array<int, 3> board = experiences_board_counts(s);
    if (segment != MainCandidates::kPlanExperience) index += board[0];
    if (segment == MainCandidates::kFromDream) index += board[1];
    segment = MainCandidates::kWithHourglass;
    return true;
  }
  switch (a.kind) {
    case ActionKind::kPlanExperience:
      segment = MainCandidates::kPlanExperience;
      index = a.slot;
      return true;
    case ActionKind::kDream: {
      if (a.variant >= rules_.dream_slots || p.dream[a.variant].source >= 0) return false;
      const int row_size = static_cast<int>(a.row < kExperienceSource ? s.rows[a.row].size() : s.experience_row.size());
      if (a.slot >= row_size) return false;
      int card = a.slot;
      for (int row = 0; row < a.row; ++row) card += static_cast<int>(s.rows[row].size());
      const FreeDreamSlots free = free_dream_slots(p, rules_.dream_slots);
      int nth_free = 0;
      while (free.slot[nth_free] != a.variant) ++nth_free;  // a.variant is free (checked above)
      segment = MainCandidates::kDream;
      index = card * free.count + nth_free;
      return true;
    }
    case ActionKind::kFromDream: {
      if (a.slot >= rules_.dream_slots || p.dream[a.slot].source < 0 || a.variant >= dream_variants(p.dream[a.slot])) return false;
      int before = 0;
      for (int d = 0; d < a.slot; ++d)
        if (p.dream[d].source >= 0) before += dream_variants(p.dream[d]);
      segment = MainCandidates::kFromDream;
      index = before + a.variant;
      return true;
    }
    case ActionKind::kExtendExperience: {
      if (a.slot >= static_cast<int>(p.cards.size()) || p.cards[a.slot].kind != kExperienceCard) return false;
      int before = 0;
      for (int k = 0; k < a.slot; ++k) before += p.cards[k].kind == kExperienceCard;
      segment = MainCandidates::kExtendExperience;
      index = before;
      return true;
    }
    default:
      return false;
  }
}

// Every Dream candidate's id in candidate order, as experiences_candidate finds the index-th:
// card by card (the rows', then the Experiences board's), each into every free Dream slot.
void Game::dream_candidates(const State& s, std::uint16_t* out) const {
  const FreeDreamSlots free = free_dream_slots(s.players[s.current], rules_.dream_slots);
  auto each_free_slot = [&](int row, int k) {
    for (int f = 0; f < free.count; ++f) *out++ = static_cast<std::uint16_t>(dream_id(row, k, free.slot[f]));
  };
  for (int row = 0; row < kNumRows; ++row)
    for (int k = 0; k < static_cast<int>(s.rows[row].size()); ++k) each_free_slot(row, k);
  for (int k = 0; k < static_cast<int>(s.experience_row.size()); ++k) each_free_slot(kExperienceSource, k);
}

// The ways a dreamt card can leave the Dream board: a Group Project's roles, a Stand-alone
// Job's three Work Harder counts, an Item's levels, another Job hired or (with promotion =
// "row") taken as a promotion, one way otherwise.
int Game::dream_variants(const Dreamt& d) const {
  if (d.source == kProjectRow) return project_roles_[d.entry];
  if (d.source == kItemRow) return purchase_levels_[d.entry];
  if (d.source == kJobRow) {
    if (job_of_entry(d.entry).standalone) return kMaxWorkHarder + 1;
    return rules_.promotion == Promotion::kRow ? 2 : 1;
  }
  return 1;
}

// Variant 1 of a dreamt Job that is not Stand-alone: Get a Job's promotion, "as if it was on
// the Game board" (Experiences rulebook); only with promotion = "row", as from the Job row.
bool Game::dream_promotion(const Dreamt& d, int variant) const {
  return d.source == kJobRow && variant == 1 && rules_.promotion == Promotion::kRow &&
         !job_of_entry(d.entry).standalone;
}

// The observation's Experiences block: the board, then per seat its planned Experiences, its
// Dream board (row card faces, then Experiences, each by Desire), Experiences completed and
// where the Cloud is.
void Game::observe_experiences(const State& s, int player, float* block) const {
  using namespace observation_layout;
  const int n = num_players(), experiences = static_cast<int>(cards_.experiences.size());
  const int per_seat = experiences_seat_block(cards_), faces = card_faces(cards_);
  const std::array<int, kNumRows> offsets = face_offsets(cards_);
  for (std::uint8_t k : s.experience_row) block[k] = 1.0f;
  for (int k = 0; k < n; ++k) {
    const PlayerState& p = s.players[clockwise(player, k, n)];
    float* planned = block + experiences + k * per_seat;
    float* dreamt = planned + experiences;  // row cards as faces, then Experiences
    for (const InPlay& c : p.cards)
      if (c.kind == kExperienceCard) planned[c.id] = 1.0f;
    for (int slot = 0; slot < rules_.dream_slots; ++slot) {
      const Dreamt& d = p.dream[slot];
      if (d.source < 0) continue;
      const int entry = d.source == kExperienceSource ? faces + d.entry : offsets[d.source] + d.entry;
      dreamt[entry] = (1.0f + d.desire) / (1.0f + kMaxDesire);
    }
    dreamt[faces + experiences] = scaled(p.experiences, 5);
    if (p.cloud >= 0) dreamt[faces + experiences + 1 + p.cloud] = 1.0f;  // kNumSpaces: given up
  }
}

// The printed position's Experiences board, and a seat's Cloud, Experiences completed and Dream board.
std::string Game::experiences_board_text(const State& s) const {
  std::string out = "  Experiences board:";
  if (s.experience_row.empty()) out += " -";
  for (std::size_t k = 0; k < s.experience_row.size(); ++k) {
    const ExperienceSpec& spec = cards_.experiences[s.experience_row[k]];
    out += (k ? ", " : " ") + spec.name + (spec.trip ? " (Trip)" : " (Happening)");
  }
  return out + " (deck " + std::to_string(s.experience_deck.size()) + ", discard " + std::to_string(s.experience_discards.size()) + ")\n";
}

std::string Game::experiences_seat_text(const PlayerState& p) const {
  std::string out = p.cloud < 0            ? std::string(", Cloud unused")
                    : p.cloud == kNumSpaces ? std::string(", Cloud given up")
                                            : std::string(", Cloud on ") + view_text::kSpaceNames[p.cloud];
  out += ", " + std::to_string(p.experiences) + " Experiences completed";
  out += "\n    Dream board:";
  for (int slot = 0; slot < rules_.dream_slots; ++slot) {
    const Dreamt& d = p.dream[slot];
    out += slot ? " |" : "";
    out += d.source < 0 ? std::string(" -") : " " + row_card_name(d.source, d.entry) + " (" + std::to_string(d.desire) + " Desire)";
  }
  return out;
}

// Plan Experience: the Experiences board card comes into play, and the board refills.
void Game::take_from_experiences_board(State& s, int seat, const Action& a) const {
  const std::uint8_t entry = s.experience_row[a.slot];
  refill_experiences(s, a.slot);
  take(s, seat, kExperienceSource, entry, 0);
}

// Dream: a row card or an Experiences board card onto Dream board slot `variant`, for that
// slot's resource.
void Game::dream(State& s, int seat, const Action& a) const {
  PlayerState& p = s.players[seat];
  const int slot = a.variant;
  Dreamt& dreamt = p.dream[slot];
  if (a.row < kExperienceSource) {
    dreamt = Dreamt{a.row, s.rows[a.row][a.slot], 0};
    s.rows[a.row].erase(static_cast<std::size_t>(a.slot));
    recount_row(s, a.row);
  } else {
    dreamt = Dreamt{kExperienceSource, s.experience_row[a.slot], 0};
    refill_experiences(s, a.slot);
  }
  // Each Dream board slot shows a resource: Knowledge, Creativity, Influence, left to right.
  p.resources[slot % kNumResources] = raised(p.resources[slot % kNumResources], 1);
  trait_bonus(s, seat, kBonusDream);
}

// Taking a dreamt card: 1 LTH per Desire token on it, then the card as its action takes it.
void Game::take_from_dream(State& s, int seat, const Action& a) const {
  PlayerState& p = s.players[seat];
  const Dreamt dreamt = p.dream[a.slot];
  p.dream[a.slot] = Dreamt{};
  add_lth(p, dreamt.desire, false);
  take(s, seat, dreamt.source, dreamt.entry, a.variant);
}

}  // namespace lifespan::pursuit_of_happiness
