// The Action phase's main-action candidates and the random playout policy
// (docs/pursuit_of_happiness_engine.md §7). Listing the legal actions plans every candidate;
// a playout instead counts the candidates, draws indices and plans only what it draws.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "lifespan/pursuit_of_happiness/game.hpp"
#include "plan_take.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

// More than any position can have: 4 Refresh + 24 Discard + 6 board + 24 starts + 4·24·4 joins
// + 6·3 rows + 6·3 Items above L1 + 1 + 24 cards + 6·2 working harder + 5 plans + 29·3 dreams + 3·4 from the Dream
// board + 24 extended Experiences + those 104 again with an Hourglass + Pass + the Event task.
constexpr std::size_t kMaxCandidates = 1024;
// The Experiences-board candidates at most: the board, every Dream source into each Dream slot,
// every way to leave each Dream slot.
constexpr std::size_t kMaxCloudCandidates = kExperienceSlots + action_layout::kDreamIds + kMaxDreamSlots * kDreamVariants;
constexpr unsigned kFirstFourSeats = (1u << kBasePlayers) - 1, kFifthSeat = 1u << kBasePlayers;

}  // namespace

// Calls visit(owner, slot, role) for each open role of an active Group Project the seat to
// move may join, among the owners in `owners` (bits), in ascending action id, until visit
// returns true; returns whether it did.
template <class Visit>
bool Game::for_each_open_role(const State& s, unsigned owners, Visit&& visit) const {
  owners &= s.group_holders;
  if (rules_.group_join == GroupJoin::kOwnActive) owners &= 1u << s.current;
  for (; owners != 0; owners &= owners - 1) {
    const int owner = std::countr_zero(owners);
    for (std::uint32_t slots = s.group_slots[owner]; slots != 0; slots &= slots - 1) {
      const int slot = std::countr_zero(slots);
      const InPlay& c = s.players[owner].cards[slot];
      for (int r = 0; r < project_roles_[c.id]; ++r)
        if (c.roles[r] < 0 && visit(owner, slot, r)) return true;
    }
  }
  return false;
}

bool Game::active_group_project(const InPlay& c) const {
  return c.kind == kProjectCard && (c.flags & kInActiveSlot) && project_roles_[c.id] > 1;
}

void Game::rebuild_derived(State& s) const {
  for (int seat = 0; seat < num_players(); ++seat) rebuild_slots(s, seat);
  recount_row(s, kProjectRow);
  recount_row(s, kItemRow);
}

void Game::recount_row(State& s, int row) const {
  int sum = 0;
  if (row == kProjectRow) {
    for (std::uint8_t project : s.rows[kProjectRow]) sum += project_roles_[project];
    s.project_row_roles = static_cast<std::uint8_t>(sum);
  } else if (row == kItemRow) {
    for (std::uint8_t item : s.rows[kItemRow]) sum += purchase_levels_[item];
    s.item_row_levels = static_cast<std::uint8_t>(sum);
  }
}

// After a Group Project starts or ends (remove_card and take_card follow cards leaving and Jobs
// coming without a scan, and a join lowers the open roles).
void Game::rebuild_slots(State& s, int seat) const {
  std::uint32_t slots = 0;
  int open = 0;
  PlayerState& p = s.players[seat];
  p.job_slot = -1;
  for (std::size_t slot = 0; slot < p.cards.size(); ++slot) {
    if (active_group_project(p.cards[slot])) {
      slots |= std::uint32_t{1} << slot;
      open += open_roles_on(p.cards[slot]);
    }
    p.job_slot = p.cards[slot].kind == kJobCard ? static_cast<std::int8_t>(slot) : p.job_slot;
  }
  set_group_slots(s, seat, slots);
  s.open_roles[seat] = static_cast<std::uint8_t>(open);
}

int Game::open_roles_on(const InPlay& c) const {
  int open = 0;
  for (int r = 0; r < project_roles_[c.id]; ++r) open += c.roles[r] < 0;
  return open;
}

void Game::set_group_slots(State& s, int seat, std::uint32_t slots) {
  s.group_slots[seat] = slots;
  const auto bit = static_cast<std::uint8_t>(1u << seat);
  s.group_holders = static_cast<std::uint8_t>(slots ? s.group_holders | bit : s.group_holders & ~bit);
}

// Only rows, cards and Unavailable tokens are counted: checking more here (costs, which cards
// have a card action) costs a playout more than the rejected draws it would save. Get a Job
// (with promotions) and Start a Relationship are left out under their Unavailable tokens:
// where the Teen round deals their rows (Experiences), they would be drawn and refused.
// Experiences, Kids and Nostalgia count their own segments, in their files; candidate_in finds
// their candidates there too.
MainCandidates Game::main_candidates(const State& s) const {
  MainCandidates c;
  const PlayerState& p = s.players[s.current];
  if (experiences_on()) count_experiences_candidates(s, c);
  // Only the Cloud (Experiences) or the meeple (Community) is left: only their boards. Without
  // this, SMART Goals, which places nothing, would be offered too.
  if (p.hourglasses == 0) {
    c.set(MainCandidates::kCommunity, s.community_row.size());
    return c;
  }
  if (experiences_on()) count_hourglass_experiences_candidates(s, c);
  c.set(MainCandidates::kSimple, kNumSimpleActions);
  c.set(MainCandidates::kStart, s.project_row_roles);
  if (s.group_holders) {  // counted from the kept open roles; the 5th seat's ids come last
    if (rules_.group_join == GroupJoin::kOwnActive) {
      c.set(s.current < kBasePlayers ? MainCandidates::kJoin : MainCandidates::kJoinFifthSeat, s.open_roles[s.current]);
    } else {
      static_assert(kBasePlayers == 4, "the join candidates sum the four base seats' open roles");
      c.set(MainCandidates::kJoin, s.open_roles[0] + s.open_roles[1] + s.open_roles[2] + s.open_roles[3]);
      c.set(MainCandidates::kJoinFifthSeat, s.open_roles[kBasePlayers]);
    }
  }
  c.set(MainCandidates::kSpend, s.rows[kItemRow].size());
  // Items bought above L1 (rule item_purchase); their ids come last
  c.set(MainCandidates::kSpendAtLevel, s.item_row_levels - s.rows[kItemRow].size());
  if (!(s.unavailable & (1u << kGetJob))) {
    const auto jobs = static_cast<std::uint16_t>(s.rows[kJobRow].size());
    c.set(MainCandidates::kGetJob, jobs);
    // Each promotion rule offers only its own kind of promotion action, and only to a seat
    // with a Job to promote: without one, nearly all promotion draws were refused.
    if (promotable_job(p)) {
      if (rules_.promotion == Promotion::kRow) c.set(MainCandidates::kPromoteRow, jobs);
      else c.set(MainCandidates::kFlip, 1);
    }
    if (standalone_jobs_) c.set(MainCandidates::kGetJobWorkingHarder, jobs * kMaxWorkHarder);
  }
  if (!(s.unavailable & (1u << kStartRelationship)))
    c.set(MainCandidates::kRelationship, s.rows[kPartnerRow].size());
  const auto cards = static_cast<std::uint16_t>(p.cards.size());
  c.set(MainCandidates::kCardActions, cards);
  if (!expansion_segments_) return c;
  if (kids_on()) count_kid_candidates(s, c);
  if (nostalgia_on()) count_nostalgia_candidates(s, c);
  if (school_course_open(s)) c.set(MainCandidates::kSchool, 3);
  c.set(MainCandidates::kMakeFriend, s.friend_row.size());
  c.set(MainCandidates::kCommunity, s.community_row.size());
  return c;
}

// The index-th candidate of one segment.
int Game::candidate_in(const State& s, int segment, int index) const {
  // Segments whose candidates are one operand of a kind, from 0 (kNumKinds: worked out below).
  constexpr ActionKind kNone = ActionKind::kNumKinds;
  static constexpr ActionKind kSlotKind[MainCandidates::kNumSegments] = {
      ActionKind::kSimpleBoard, kNone, ActionKind::kSpend, kNone, ActionKind::kGetJob,
      ActionKind::kStartRelationship, ActionKind::kCardAction, kNone, ActionKind::kPromoteFromRow,
      ActionKind::kPromoteFlip, kNone, ActionKind::kPlanExperience, kNone, kNone, kNone,
      ActionKind::kDevelopWithKid, ActionKind::kRaiseFamily, ActionKind::kRealize, kNone,
      ActionKind::kSmartGoals, ActionKind::kSchoolCourse, ActionKind::kMakeFriend,
      ActionKind::kCommunityPlace, kNone, kNone};
  if (kSlotKind[segment] != kNone) return encode(kSlotKind[segment], index);
  switch (segment) {
    case MainCandidates::kStart:
      return start_candidate(s, index);
    case MainCandidates::kGetJobWorkingHarder:  // a Job row slot, worked harder once or twice
      return id_in_range(ActionKind::kGetJob, 1, 0, index / kMaxWorkHarder, index % kMaxWorkHarder + 1);
    case MainCandidates::kSpendAtLevel: {
      int level = 0;
      const int k = spend_at_level_slot(s, index, level);
      return id_in_range(ActionKind::kSpend, 1, 0, k, level);
    }
    case MainCandidates::kJoin:
    case MainCandidates::kJoinFifthSeat: {
      int action = -1;
      for_each_open_role(s, segment == MainCandidates::kJoin ? kFirstFourSeats : kFifthSeat, [&](int owner, int slot, int role) {
        if (index-- > 0) return false;
        action = join_action(owner, slot, role);
        return true;
      });
      return action;
    }
    case MainCandidates::kDetermineOutcome:
      return outcome_candidate(s, index);
    default:  // kDream, kFromDream, kWithHourglass, kExtendExperience
      return experiences_candidate(s, segment, index);
  }
}

// The index-th candidate of a segment (MainCandidates): its id in `action`, and whether it is
// legal, as main_action_legal(action) would say. Taking a row card is planned straight from the
// segment, without going through the id: these are most of what a playout checks. Inlined
// into each walk of the candidates and the sampler (a listing about 5% faster).
[[gnu::always_inline]] inline bool Game::candidate_legal(const State& s, int segment, int index, int& action, Plan* plan) const {
  const auto& rows = s.rows;
  // Inlined at each use, so that plan_take's switch on the row is settled at compile time.
  auto take_from = [&](int row, ActionKind kind) __attribute__((always_inline)) {
    action = encode(kind, index);
    return affordable(s, plan_take(s, row, rows[row][index], 0), plan);
  };
  // Tests, not a switch: a jump table here is an indirect branch the CPU mispredicts on most draws.
  if (segment == MainCandidates::kSimple) {
    action = encode(ActionKind::kSimpleBoard, index);
    return simple_action_legal(s, index, plan);
  }
  if (segment == MainCandidates::kStart) {
    action = start_candidate(s, index);  // not candidate_in: its switch is an indirect branch
    const Action start = decode(action);
    return affordable(s, plan_take(s, kProjectRow, rows[kProjectRow][start.slot], start.variant), plan);
  }
  if (segment == MainCandidates::kSpend) return take_from(kItemRow, ActionKind::kSpend);
  if (segment == MainCandidates::kGetJob) {
    // The requirement first: most Jobs drawn are refused on it, before their price is worked out.
    if (!meets(s.players[s.current], job_of_entry(rows[kJobRow][index]).requirement)) {
      action = encode(ActionKind::kGetJob, index);
      return false;
    }
    return take_from(kJobRow, ActionKind::kGetJob);
  }
  if (segment == MainCandidates::kRelationship) return take_from(kPartnerRow, ActionKind::kStartRelationship);
  // These two are planned straight from the index too: through candidate_in and plan_action's
  // tests on the id, their draws (nearly all refused) cost 2-3% of a playout more.
  if (segment == MainCandidates::kCardActions) {
    action = encode(ActionKind::kCardAction, index);
    return affordable(s, plan_card_action(s, index, false), plan);
  }
  if (segment == MainCandidates::kSpendAtLevel) {
    int level = 0;
    const int k = spend_at_level_slot(s, index, level);
    action = id_in_range(ActionKind::kSpend, 1, 0, k, level);
    return affordable(s, plan_take(s, kItemRow, rows[kItemRow][k], level), plan);
  }
  // Segments counted by card or by Job row slot whose candidates are nearly all refused on the
  // card alone: refused here as plan_action would, before going through the id.
  if (segment == MainCandidates::kDevelopWithKid || segment == MainCandidates::kRaiseFamily) {
    const bool raise = segment == MainCandidates::kRaiseFamily;
    if (!kid_action_card(s.players[s.current].cards[index], raise)) {
      action = encode(raise ? ActionKind::kRaiseFamily : ActionKind::kDevelopWithKid, index);
      return false;
    }
  }
  if (segment == MainCandidates::kGetJobWorkingHarder &&
      !job_of_entry(rows[kJobRow][index / kMaxWorkHarder]).standalone) {  // only a Stand-alone Job works harder
    action = id_in_range(ActionKind::kGetJob, 1, 0, index / kMaxWorkHarder, index % kMaxWorkHarder + 1);
    return false;
  }
  action = candidate_in(s, segment, index);
  return main_action_legal(s, action, plan);
}

// Where `a` stands among the main candidates, the inverse of candidate_in: its segment and
// index. False when no candidate can be `a` (an operand past its row, board or play area, a
// role or level the card lacks, a Dream slot taken or a join of no open role); an index past
// the segment's count (main_candidates) is not a candidate either.
bool Game::candidate_position(const State& s, const Action& a, int& segment, int& index) const {
  auto at = [&](MainCandidates::Segment where, int k) {
    segment = where;
    index = k;
    return true;
  };
  if (a.hourglass) return experiences_candidate_position(s, a, segment, index);
  switch (a.kind) {
    case ActionKind::kSimpleBoard: return at(MainCandidates::kSimple, a.slot);
    case ActionKind::kStartProject: {  // after the roles of the Projects before it in the row
      const auto& row = s.rows[kProjectRow];
      if (a.slot >= static_cast<int>(row.size()) || a.variant >= project_roles_[row[a.slot]]) return false;
      int before = 0;
      for (int k = 0; k < a.slot; ++k) before += project_roles_[row[k]];
      return at(MainCandidates::kStart, before + a.variant);
    }
    case ActionKind::kJoinGroup: {  // the open roles in for_each_open_role's order
      const bool fifth = a.seat >= kBasePlayers;
      int before = 0;
      const bool open = for_each_open_role(s, fifth ? kFifthSeat : kFirstFourSeats, [&](int owner, int slot, int role) {
        if (owner == a.seat && slot == a.slot && role == a.variant) return true;
        ++before;
        return false;
      });
      return open && at(fifth ? MainCandidates::kJoinFifthSeat : MainCandidates::kJoin, before);
    }
    case ActionKind::kSpend: {  // level 1 by row slot; higher levels after those below them in the row
      if (a.variant == 0) return at(MainCandidates::kSpend, a.slot);
      const auto& row = s.rows[kItemRow];
      if (a.slot >= static_cast<int>(row.size()) || a.variant >= purchase_levels_[row[a.slot]]) return false;
      int before = 0;
      for (int k = 0; k < a.slot; ++k) before += purchase_levels_[row[k]] - 1;
      return at(MainCandidates::kSpendAtLevel, before + a.variant - 1);
    }
    case ActionKind::kGetJob:
      if (a.variant == 0) return at(MainCandidates::kGetJob, a.slot);
      return at(MainCandidates::kGetJobWorkingHarder, a.slot * kMaxWorkHarder + a.variant - 1);
    case ActionKind::kPromoteFromRow: return at(MainCandidates::kPromoteRow, a.slot);
    case ActionKind::kPromoteFlip: return at(MainCandidates::kFlip, 0);
    case ActionKind::kStartRelationship: return at(MainCandidates::kRelationship, a.slot);
    case ActionKind::kCardAction: return at(MainCandidates::kCardActions, a.slot);
    case ActionKind::kPlanExperience:
    case ActionKind::kDream:
    case ActionKind::kFromDream:
    case ActionKind::kExtendExperience:
      return experiences_candidate_position(s, a, segment, index);
    case ActionKind::kDevelopWithKid: return at(MainCandidates::kDevelopWithKid, a.slot);
    case ActionKind::kRaiseFamily: return at(MainCandidates::kRaiseFamily, a.slot);
    case ActionKind::kRealize: return at(MainCandidates::kRealize, a.slot);
    case ActionKind::kDetermineOutcome: {
      const int before = outcome_position(s, a);
      return before >= 0 && at(MainCandidates::kDetermineOutcome, before);
    }
    case ActionKind::kSmartGoals: return at(MainCandidates::kSmartGoals, a.slot);
    case ActionKind::kSchoolCourse: return at(MainCandidates::kSchool, a.slot);
    case ActionKind::kMakeFriend: return at(MainCandidates::kMakeFriend, a.slot);
    case ActionKind::kCommunityPlace: return at(MainCandidates::kCommunity, a.slot);
    default:  // not a main action
      return false;
  }
}

// Calls visit(action) for every legal main action in ascending id until it returns true;
// returns whether it did. The listing and Pass's check need only the legal ones, so a
// candidate refused on its card alone is passed over without its id.
//
// The Experiences-board segments (Plan Experience, Dream, taking from the Dream board) come
// again with an Hourglass instead of the Cloud (kWithHourglass, last in id order). Each twin
// is settled from its Cloud candidate's plan as that one is planned, and kept: a twin is legal
// where its Cloud candidate is, the plan places the Cloud, and the Hourglass it places instead
// is at hand (the cost, and so what can_pay found, is the same). Planning each twin again, as a
// playout's draw does, was most of the listing's cost with Experiences.
template <class Visit>
bool Game::for_each_legal_candidate(const State& s, const MainCandidates& c, Visit&& visit) const {
  const PlayerState& p = s.players[s.current];
  const bool twins = c.count[MainCandidates::kWithHourglass] > 0;
  std::array<std::uint16_t, kMaxCloudCandidates> twin_ids;  // the legal twins, filled before they are read
  int num_twins = 0;
  auto keep_twin = [&](int cloud_action, const Plan& made) {
    if (!twins || !made.cloud) return;
    Plan with_hourglass = made;
    with_hourglass.cloud = false;
    if (p.hourglasses >= with_hourglass.cost[kHourglasses] + with_hourglass.placed())
      twin_ids[num_twins++] = static_cast<std::uint16_t>(hourglass_twin(cloud_action));
  };
  // A candidate planned here rather than by candidate_legal, and its twin if it is an
  // Experiences-board candidate.
  auto planned = [&](int id, const Plan& made, bool has_twin) __attribute__((always_inline)) {
    if (!affordable(s, made, nullptr)) return false;
    if (has_twin) keep_twin(id, made);
    return visit(id);
  };
  int action = 0;
  for (std::uint32_t left = c.listed(); left != 0; left &= left - 1) {
    const MainCandidates::Segment segment = MainCandidates::kInIdOrder[std::countr_zero(left)];
    const int count = c.count[segment];
    // Segments whose candidates are found by a walk (the Project row's roles, the open roles,
    // the Items' higher levels, the Dream board, the cards in play) are walked once here and
    // each candidate planned straight from its card, not found again from its index.
    switch (segment) {
      case MainCandidates::kStart: {
        const auto& row = s.rows[kProjectRow];
        for (int k = 0; k < static_cast<int>(row.size()); ++k)
          for (int role = 0; role < project_roles_[row[k]]; ++role)
            if (planned(encode(ActionKind::kStartProject, k, role), plan_take(s, kProjectRow, row[k], role), false)) return true;
        continue;
      }
      case MainCandidates::kSpendAtLevel: {
        const auto& row = s.rows[kItemRow];
        for (int k = 0; k < static_cast<int>(row.size()); ++k)
          for (int level = 1; level < purchase_levels_[row[k]]; ++level)
            if (planned(id_in_range(ActionKind::kSpend, 1, 0, k, level), plan_take(s, kItemRow, row[k], level), false)) return true;
        continue;
      }
      case MainCandidates::kGetJobWorkingHarder: {  // only a Stand-alone Job works harder
        const auto& row = s.rows[kJobRow];
        for (int k = 0; k < static_cast<int>(row.size()); ++k) {
          if (!job_of_entry(row[k]).standalone) continue;
          for (int times = 1; times <= kMaxWorkHarder; ++times)
            if (planned(id_in_range(ActionKind::kGetJob, 1, 0, k, times), plan_take(s, kJobRow, row[k], times), false)) return true;
        }
        continue;
      }
      case MainCandidates::kJoin:
      case MainCandidates::kJoinFifthSeat: {
        const unsigned owners = segment == MainCandidates::kJoin ? kFirstFourSeats : kFifthSeat;
        if (for_each_open_role(s, owners, [&](int owner, int slot, int role) {
              const int id = join_action(owner, slot, role);
              return planned(id, plan_action(s, decode(id)), false);
            }))
          return true;
        continue;
      }
      case MainCandidates::kDevelopWithKid:
      case MainCandidates::kRaiseFamily: {  // on a Partner of the right level only
        const bool raise = segment == MainCandidates::kRaiseFamily;
        const ActionKind kind = raise ? ActionKind::kRaiseFamily : ActionKind::kDevelopWithKid;
        for (int slot = 0; slot < static_cast<int>(p.cards.size()); ++slot)
          if (kid_action_card(p.cards[slot], raise) &&
              planned(encode(kind, slot), plan_kid_action(s, decode(encode(kind, slot))), false))
            return true;
        continue;
      }
      case MainCandidates::kExtendExperience:
        for (int slot = 0; slot < static_cast<int>(p.cards.size()); ++slot)
          if (p.cards[slot].kind == kExperienceCard &&
              planned(encode(ActionKind::kExtendExperience, slot), plan_card_action(s, slot, true), false))
            return true;
        continue;
      case MainCandidates::kPlanExperience:
        for (int k = 0; k < count; ++k)
          if (planned(encode(ActionKind::kPlanExperience, k), plan_take(s, kExperienceSource, s.experience_row[k], 0), true))
            return true;
        continue;
      case MainCandidates::kFromDream:
        for (int slot = 0; slot < rules_.dream_slots; ++slot) {
          if (p.dream[slot].source < 0) continue;
          for (int variant = 0, ways = dream_variants(p.dream[slot]); variant < ways; ++variant)
            if (planned(encode(ActionKind::kFromDream, slot, variant), plan_from_dream(s, slot, variant), true)) return true;
        }
        continue;
      case MainCandidates::kDream: {
        // A Dream is legal for every card and free Dream slot alike, or for none, with the same
        // plan: plan_action's only test past the candidate's own slot and card is the Dream
        // space. So the first is planned for all (each free Dream slot makes one per card in
        // the rows and on the Experiences board).
        Plan made;
        if (!candidate_legal(s, segment, 0, action, &made)) continue;
        std::array<std::uint16_t, action_layout::kDreamIds> dreams;
        dream_candidates(s, dreams.data());
        for (int k = 0; k < count; ++k) {
          keep_twin(dreams[k], made);
          if (visit(dreams[k])) return true;
        }
        continue;
      }
      case MainCandidates::kRealize:  // planned straight from the Nostalgia board's slot
        for (int slot = 0; slot < count; ++slot) {
          const int id = encode(ActionKind::kRealize, slot);
          if (planned(id, plan_nostalgia(s, decode(id)), false)) return true;
        }
        continue;
      case MainCandidates::kMakeFriend:  // room for a friend is the seat's, the cost each card's
        if (!room_for_friend(p)) continue;
        for (int slot = 0; slot < count; ++slot)
          if (planned(encode(ActionKind::kMakeFriend, slot), friend_plan(s, slot), false)) return true;
        continue;
      case MainCandidates::kCommunity: {
        // Every card on the Community board has the same plan: the meeple, or an Hourglass
        // while the seat has fewer there than its Popularity. So the first settles them all.
        if (!affordable(s, plan_community(s, 0), nullptr)) continue;
        for (int slot = 0; slot < count; ++slot)
          if (visit(encode(ActionKind::kCommunityPlace, slot))) return true;
        continue;
      }
      case MainCandidates::kWithHourglass:  // last in id order: every legal twin was kept above
        for (int k = 0; k < num_twins; ++k)
          if (visit(twin_ids[k])) return true;
        continue;
      default:
        for (int k = 0; k < count; ++k)
          if (candidate_legal(s, segment, k, action, nullptr) && visit(action)) return true;
    }
  }
  return false;
}

// Everything the seat to move may do in the Action phase, in id order: Refresh and Discard,
// the main actions, Pass when there is none, and the Event task and Nostalgia's free actions,
// whose ids lie among the main actions': each is listed as the main actions pass its place
// (Nostalgia's just before Realize).
void Game::action_step_options(const State& s, ActionList& out) const {
  const bool free = free_action_left(s);
  if (free) free_actions(s, out);
  constexpr int task = encode(ActionKind::kEventTask), realize = encode(ActionKind::kRealize);
  bool task_left = free && event_task_legal(s), nostalgia_left = free && nostalgia_on();
  auto free_ones_before = [&](int id) {
    if (task_left && id > task) {
      out.push_back(static_cast<std::uint16_t>(task));
      task_left = false;
    }
    if (nostalgia_left && id >= realize) {
      nostalgia_free_actions(s, out);
      nostalgia_left = false;
    }
  };
  bool any_main = false;
  for_each_legal_candidate(s, main_candidates(s), [&](int action) {
    free_ones_before(action);
    out.push_back(static_cast<std::uint16_t>(action));
    any_main = true;
    return false;
  });
  if (!any_main) out.push_back(kPassId);  // nothing to place an Hourglass on
  free_ones_before(kNumDistinctActions);
}

// Whether action_step_options lists `action`: apply then accepts exactly the main actions
// legal_actions offers, including every restriction the candidates carry (only the Cloud or
// the meeple left, the promotion rule's ways to leave the Dream board). Found where it would
// stand among the candidates (candidate_position) and checked there alone: walking the
// candidates below it was a third of a Python-driven move's cost with Experiences. `plan`, if
// given, receives the action's plan when it is listed.
bool Game::main_action_listed(const State& s, int action, Plan* plan) const {
  const MainCandidates c = main_candidates(s);
  int segment = 0, index = 0, found = -1;
  if (!candidate_position(s, decode(action), segment, index) || index >= c.count[segment]) return false;
  const bool legal = candidate_legal(s, segment, index, found, plan);
  return legal && found == action;  // found: the candidate there, the same id when the position is right
}

// In candidate order, so the board actions, almost always open, settle it at once.
bool Game::any_main_action(const State& s, const MainCandidates& c) const {
  return for_each_legal_candidate(s, c, [](int) { return true; });
}

// A uniformly random legal action. Outside the Action phase: legal[below(count)]. In it, by
// rejection over every action that might be legal (the main candidates, Refresh on each row,
// Discard on each own card, Pass, legal only when no main action is, the revealed Event's
// task while one is revealed, and Nostalgia's free actions, indexed in that order): draw
// until the draw is legal, so each legal action is equally likely. An index found illegal is
// remembered, not checked again. `plan` receives the plan of a main action drawn (plan.ok),
// for apply to reuse.
int Game::sample_planned(const State& s, SplitMix64& rng, Plan& plan) const {
  if (s.rng.chance_node()) return static_cast<int>(rng.below(s.rng.bound));  // outcomes are uniform
  if (s.step != Step::kAction) {
    ActionList legal;
    legal_actions(s, legal);
    return legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
  }
  const PlayerState& p = s.players[s.current];
  const bool free = free_action_left(s);  // the free actions stay indexed: the draws are as without the rule
  const auto discards = static_cast<std::uint32_t>(p.cards.size());
  const MainCandidates c = main_candidates(s);
  // The main candidates first: most draws land there, and one compare settles it (Refresh
  // and Discard first was about 2% slower).
  const auto mains = static_cast<std::uint32_t>(c.total);
  const std::uint32_t first_discard = mains + kNumRows;
  const std::uint32_t pass = first_discard + discards;
  const std::uint32_t first_nostalgia = pass + 1 + (s.event_revealed >= 0 ? 1 : 0);
  const std::uint32_t count = first_nostalgia + (nostalgia_on() ? static_cast<std::uint32_t>(nostalgia_free_candidates(s)) : 0);
  // Rejected indices, one bit each. A playout samples every move and most positions have
  // far fewer candidates than the capacity: only the first two words are cleared unless more
  // are used (clearing just the words used is a variable-length fill: a call to memset).
  std::array<std::uint64_t, kMaxCandidates / 64> rejected;
  rejected[0] = rejected[1] = 0;
  if (count > 128) std::fill(rejected.begin() + 2, rejected.end(), std::uint64_t{0});
  for (;;) {
    const std::uint32_t pick = rng.below(count);
    const std::uint64_t bit = std::uint64_t{1} << (pick & 63);
    if (rejected[pick >> 6] & bit) continue;
    if (pick < mains) {
      int segment = 0, index = static_cast<int>(pick), action = 0;
      while (index >= c.count[segment]) index -= c.count[segment++];
      if (candidate_legal(s, segment, index, action, &plan)) return action;
    } else if (pick < first_discard) {
      if (free && !s.rows[pick - mains].empty()) return refresh_action(static_cast<int>(pick - mains));
    } else if (pick < pass) {
      if (free && discardable(p, p.cards[pick - first_discard])) return encode(ActionKind::kDiscard, static_cast<int>(pick - first_discard));
    } else if (pick >= first_nostalgia) {
      const int action = nostalgia_free_candidate(s, static_cast<int>(pick - first_nostalgia));
      if (free && nostalgia_free_legal(s, decode(action))) return action;
    } else if (pick > pass) {
      if (free && event_task_legal(s)) return encode(ActionKind::kEventTask);
    } else if (!any_main_action(s, c)) {
      return kPassId;
    }
    rejected[pick >> 6] |= bit;
  }
}

int Game::sample_action(const State& s, SplitMix64& rng) const {
  Plan plan;
  return sample_planned(s, rng, plan);
}

void Game::apply_random_action(State& s, SplitMix64& rng) const {
  Plan plan;
  const int action = sample_planned(s, rng, plan);
  if (plan.ok && s.rng.mode != ChanceMode::kExplicit) {
    apply_main_action(s, action, plan);
  } else {
    apply_unchecked(s, action);
  }
}

}  // namespace lifespan::pursuit_of_happiness
