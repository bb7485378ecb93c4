#pragma once
// The Pursuit of Happiness: an action as a value. Every decision the rulebooks give a player
// (keeping a Child Trait, Upkeep, the free actions, the main action of a turn, paying, the
// expansions' decisions) is one ActionKind with a few operands; its integer id is laid out by
// the one table below, and decode/encode turn one into the other. A few hot callers read an
// id off one range's record instead (refresh_action, dream_id, hourglass_twin, id_in_range),
// each checked against encode by a static_assert.
// Legality, planning, resolution and naming switch on the kind (docs/pursuit_of_happiness_engine.md §5).
//
// The ids are a public, saved format (saved payments, tests, agents): rows are only ever added
// at the end, so that every earlier id keeps its meaning.
#include <array>
#include <cstdint>

#include "lifespan/pursuit_of_happiness/constants.hpp"

namespace lifespan::pursuit_of_happiness {

// What an action does. Some kinds own two id ranges (a later addition kept after the earlier
// ids): Get a Job working harder, Spend above level 1, joining the 5th seat's Group Project,
// and the Experiences-board actions with an Hourglass instead of the Cloud.
enum class ActionKind : std::uint8_t {
  kKeepTrait,            // slot: index in the trait offer
  kPayUpkeep,            // slot: own card
  kGiveUp,               // slot: own card (Upkeep not paid)
  kRefresh,              // row
  kDiscard,              // slot: own card
  kSimpleBoard,          // slot: board space Study..Rest (Space 0-5)
  kStartProject,         // slot: Project row slot; variant: a Group Project's role
  kJoinGroup,            // seat: the Group Project's owner; slot: their card; variant: role
  kSpend,                // slot: Item row slot; variant: level bought, 0 for level 1 (rule item_purchase)
  kGetJob,               // slot: Job row slot; variant: times a Stand-alone Job works harder
  kPromoteFromRow,       // slot: Job row slot (rule promotion = row)
  kPromoteFlip,          // the other face of the own Job (rule promotion = flip)
  kStartRelationship,    // slot: Partner row slot
  kCardAction,           // slot: own card
  kPayUnit,              // slot: resource paid
  kPass,
  kUpkeepWorkingHarder,  // variant: times the own Stand-alone Job works harder
  kEventTask,            // pay the revealed Event's task
  kPlanExperience,       // slot: Experiences board slot
  kDream,                // row: a row or kExperienceSource; slot: its slot; variant: Dream board slot
  kFromDream,            // slot: Dream board slot; variant: role, Work Harder times, level, promotion
  kExtendExperience,     // slot: own planned Experience
  kDevelopWithKid,       // slot: own Partner (Kids)
  kRaiseFamily,          // slot: own Partner (Kids)
  kPlaceNostalgia,       // slot: Nostalgia hand index
  kDiscardNostalgia,     // slot: Nostalgia board slot
  kActiveTrigger,        // slot: Nostalgia board slot
  kFreeAbility,          // slot: own card (Caregiver, …)
  kRealize,              // slot: Nostalgia board slot
  kDetermineOutcome,     // slot: own card; variant: outcome
  kSmartGoals,           // slot: own card (Time Management)
  kForgoDiscount,        // pay step: one unit of the STH discount not taken
  kSchoolCourse,         // slot: Job category (science, social, arts)
  kMakeFriend,           // slot: Best Friends board slot
  kCommunityPlace,       // slot: Community board slot
  kAchievement,          // slot: achievement of the Community card resolved
  kNoAchievement,
  kKeepKid,              // the Kid first in line of a discarded Partner
  kDiscardKid,
  kChooseTrigger,        // slot: Nostalgia board slot whose Passive Trigger activates
  kNumKinds
};
inline constexpr int kNumActionKinds = static_cast<int>(ActionKind::kNumKinds);

// An action's kind and operands; operands a kind does not use are 0.
struct Action {
  ActionKind kind = ActionKind::kNumKinds;  // kNumKinds: no such action
  std::int8_t seat = 0;
  std::int8_t row = 0;
  std::int8_t slot = 0;
  std::int8_t variant = 0;
  bool hourglass = false;  // an Experiences-board action placing an Hourglass, the Cloud unused
  constexpr bool operator==(const Action&) const = default;
};

namespace action_layout {

// Which operand an id range's leading digit is.
enum class Major : std::uint8_t { kNone, kSeat, kRow };

// One id range: id = first + ((major − major_base)·slots + slot)·variants + variant − variant_base,
// below first + count.
struct Range {
  ActionKind kind;
  std::int16_t slots = 1;
  std::int16_t variants = 1;
  std::int8_t variant_base = 0;
  Major major = Major::kNone;
  std::int8_t majors = 1;
  std::int8_t major_base = 0;
  bool hourglass = false;
  std::int16_t count = 0;  // 0: majors·slots·variants
  std::int16_t first = 0;  // set by with_firsts
};

using K = ActionKind;
// Dream sources: the four rows' slots, then the Experiences board's (fewer than a row's).
inline constexpr int kDreamIds = kNumDreamSources * kMaxDreamSlots;

constexpr Range range(K kind, int slots = 1, int variants = 1, int variant_base = 0) {
  return Range{kind, static_cast<std::int16_t>(slots), static_cast<std::int16_t>(variants),
               static_cast<std::int8_t>(variant_base)};
}
constexpr Range with_major(Range r, Major major, int majors, int base = 0, int count = 0) {
  r.major = major;
  r.majors = static_cast<std::int8_t>(majors);
  r.major_base = static_cast<std::int8_t>(base);
  r.count = static_cast<std::int16_t>(count);
  return r;
}
constexpr Range with_hourglass(Range r) {
  r.hourglass = true;
  return r;
}

// The id layout, in id order: THE one place it is written down.
inline constexpr Range kRangesInOrder[] = {
    range(K::kKeepTrait, kTraitOffer),
    range(K::kPayUpkeep, kMaxInPlay),
    range(K::kGiveUp, kMaxInPlay),
    with_major(range(K::kRefresh), Major::kRow, kNumRows),
    range(K::kDiscard, kMaxInPlay),
    range(K::kSimpleBoard, kNumSimpleActions),
    range(K::kStartProject, kMaxRow, kMaxRoles),
    with_major(range(K::kJoinGroup, kMaxInPlay, kMaxRoles), Major::kSeat, kBasePlayers),
    range(K::kSpend, kMaxRow),
    range(K::kGetJob, kMaxRow),
    range(K::kPromoteFromRow, kMaxRow),
    range(K::kPromoteFlip),
    range(K::kStartRelationship, kMaxRow),
    range(K::kCardAction, kMaxInPlay),
    range(K::kPayUnit, kNumResources),
    range(K::kPass),
    // Later additions go after Pass so that the earlier ids (and saved payments) keep their meaning.
    range(K::kGetJob, kMaxRow, kMaxWorkHarder, 1),       // Stand-alone Jobs: working harder
    range(K::kUpkeepWorkingHarder, 1, kMaxWorkHarder, 1),
    range(K::kEventTask),
    range(K::kPlanExperience, kExperienceSlots),
    with_major(range(K::kDream, kMaxRow, kMaxDreamSlots), Major::kRow, kExperienceSource + 1, 0, kDreamIds),
    range(K::kFromDream, kMaxDreamSlots, kDreamVariants),
    range(K::kExtendExperience, kMaxInPlay),
    range(K::kDevelopWithKid, kMaxInPlay),
    range(K::kRaiseFamily, kMaxInPlay),
    range(K::kPlaceNostalgia, kNostalgiaHand),
    range(K::kDiscardNostalgia, kNostalgiaSlots),
    range(K::kActiveTrigger, kNostalgiaSlots),
    range(K::kFreeAbility, kMaxInPlay),
    range(K::kRealize, kNostalgiaSlots),
    range(K::kDetermineOutcome, kMaxInPlay, 2),
    range(K::kSmartGoals, kMaxInPlay),
    range(K::kForgoDiscount),
    range(K::kSchoolCourse, 3),
    range(K::kMakeFriend, kFriendSlots),
    range(K::kCommunityPlace, kCommunitySlots),
    range(K::kAchievement, kMaxAchievements),
    range(K::kNoAchievement),
    with_major(range(K::kJoinGroup, kMaxInPlay, kMaxRoles), Major::kSeat, 1, kBasePlayers),  // the 5th seat
    range(K::kSpend, kMaxRow, kMaxLevels - 1, 1),      // Items above level 1
    with_hourglass(range(K::kPlanExperience, kExperienceSlots)),
    with_hourglass(with_major(range(K::kDream, kMaxRow, kMaxDreamSlots), Major::kRow, kExperienceSource + 1, 0, kDreamIds)),
    with_hourglass(range(K::kFromDream, kMaxDreamSlots, kDreamVariants)),
    range(K::kKeepKid),
    range(K::kDiscardKid),
    range(K::kChooseTrigger, kNostalgiaSlots),
};
inline constexpr int kNumRanges = sizeof(kRangesInOrder) / sizeof(Range);

constexpr std::array<Range, kNumRanges> with_firsts() {
  std::array<Range, kNumRanges> out{};
  int first = 0;
  for (int i = 0; i < kNumRanges; ++i) {
    out[i] = kRangesInOrder[i];
    if (out[i].count == 0) out[i].count = static_cast<std::int16_t>(out[i].majors * out[i].slots * out[i].variants);
    out[i].first = static_cast<std::int16_t>(first);
    first += out[i].count;
  }
  return out;
}
inline constexpr std::array<Range, kNumRanges> kRanges = with_firsts();
inline constexpr int kNumIds = kRanges[kNumRanges - 1].first + kRanges[kNumRanges - 1].count;

// For encode: each kind's first range, and the next range of the same kind (-1: none).
struct KindChain {
  std::array<std::int8_t, kNumActionKinds> first_range{};
  std::array<std::int8_t, kNumRanges> next_range{};
};
constexpr KindChain kind_chain() {
  KindChain chain;
  for (auto& r : chain.first_range) r = -1;
  for (auto& r : chain.next_range) r = -1;
  for (int i = kNumRanges - 1; i >= 0; --i) {
    const int kind = static_cast<int>(kRanges[i].kind);
    chain.next_range[i] = chain.first_range[kind];
    chain.first_range[kind] = static_cast<std::int8_t>(i);
  }
  return chain;
}
inline constexpr KindChain kChain = kind_chain();

constexpr Action decode_in(const Range& r, int id) {
  int offset = id - r.first;
  Action a;
  a.kind = r.kind;
  a.hourglass = r.hourglass;
  a.variant = static_cast<std::int8_t>(offset % r.variants + r.variant_base);
  offset /= r.variants;
  a.slot = static_cast<std::int8_t>(offset % r.slots);
  const auto major = static_cast<std::int8_t>(offset / r.slots + r.major_base);
  if (r.major == Major::kSeat) a.seat = major;
  if (r.major == Major::kRow) a.row = major;
  return a;
}

constexpr std::array<Action, kNumIds> decoded_ids() {
  std::array<Action, kNumIds> out{};
  for (const Range& r : kRanges)
    for (int id = r.first; id < r.first + r.count; ++id) out[id] = decode_in(r, id);
  return out;
}
// Every id decoded ahead: decoding is one load (about 6.5 KB, read on every applied action).
inline constexpr std::array<Action, kNumIds> kDecoded = decoded_ids();

}  // namespace action_layout

inline constexpr int kNumDistinctActions = action_layout::kNumIds;

// The action an id stands for; kind kNumKinds for an id out of range.
constexpr Action decode(int id) {
  return id >= 0 && id < kNumDistinctActions ? action_layout::kDecoded[id] : Action{};
}
constexpr ActionKind kind_of(int id) { return decode(id).kind; }

// The id of an action, or -1 when no id stands for it (an operand out of its range, or one
// the kind does not use set). Out of line: the walk is rare on the hot path, and inlining it
// would keep the shorthand below from being inlined.
[[gnu::noinline]] constexpr int encode(const Action& a) {
  using namespace action_layout;
  if (static_cast<unsigned>(a.kind) >= static_cast<unsigned>(kNumActionKinds)) return -1;
  for (int i = kChain.first_range[static_cast<int>(a.kind)]; i >= 0; i = kChain.next_range[i]) {
    const Range& r = kRanges[i];
    if (r.hourglass != a.hourglass) continue;
    // The operand the range's leading digit stands for; the other one must be unset.
    const int major = r.major == Major::kSeat ? a.seat : r.major == Major::kRow ? a.row : 0;
    const int unused = r.major == Major::kSeat ? a.row : r.major == Major::kRow ? a.seat : a.seat | a.row;
    // Unsigned compares: each test of an operand against [base, base + n) is one compare.
    const auto m = static_cast<unsigned>(major - r.major_base), v = static_cast<unsigned>(a.variant - r.variant_base);
    if (unused != 0 || m >= static_cast<unsigned>(r.majors) || static_cast<unsigned>(a.slot) >= static_cast<unsigned>(r.slots) ||
        v >= static_cast<unsigned>(r.variants))
      continue;
    const int offset = (static_cast<int>(m) * r.slots + a.slot) * r.variants + static_cast<int>(v);
    if (offset < r.count) return r.first + offset;
  }
  return -1;
}

namespace action_layout {
// Each kind's first range when it is a plain slot·variant block (no major operand, no
// Hourglass), flattened so that the shorthand below reads one small record.
struct PlainBlock {
  std::int16_t first = 0;
  std::int16_t slots = 0;  // 0: the kind's first range is not plain
  std::int16_t variants = 1;
  std::int16_t variant_base = 0;
};
// One more record than kinds: kNumKinds (no action) has none, so it encodes to -1.
constexpr std::array<PlainBlock, kNumActionKinds + 1> plain_blocks() {
  std::array<PlainBlock, kNumActionKinds + 1> out{};
  for (int kind = 0; kind < kNumActionKinds; ++kind) {
    const int i = kChain.first_range[kind];
    if (i < 0 || kRanges[i].major != Major::kNone || kRanges[i].hourglass) continue;
    out[kind] = PlainBlock{kRanges[i].first, kRanges[i].slots, kRanges[i].variants, kRanges[i].variant_base};
  }
  return out;
}
inline constexpr std::array<PlainBlock, kNumActionKinds + 1> kPlainBlocks = plain_blocks();
}  // namespace action_layout

// The shorthand for the common shapes: the kind's first range settled by one record, the
// general walk above only for the rest. Always inlined: with a constant kind (most hot
// callers) it folds to a compare and a multiply-add; out of line it cost a playout about 6%.
[[gnu::always_inline]] constexpr int encode(ActionKind kind, int slot = 0, int variant = 0) {
  const action_layout::PlainBlock& b = action_layout::kPlainBlocks[static_cast<std::size_t>(kind)];
  if (static_cast<unsigned>(slot) < static_cast<unsigned>(b.slots) &&
      static_cast<unsigned>(variant - b.variant_base) < static_cast<unsigned>(b.variants))
    return b.first + slot * b.variants + variant - b.variant_base;
  return encode(Action{kind, 0, 0, static_cast<std::int8_t>(slot), static_cast<std::int8_t>(variant), false});
}
constexpr int first_id(ActionKind kind) { return action_layout::kRanges[action_layout::kChain.first_range[static_cast<int>(kind)]].first; }

// Refresh's one range is a row digit alone: its id without the general walk.
constexpr int refresh_action(int row) {
  const action_layout::Range& r = action_layout::kRanges[action_layout::kChain.first_range[static_cast<int>(ActionKind::kRefresh)]];
  return static_cast<unsigned>(row) < static_cast<unsigned>(r.majors) ? r.first + row : -1;
}
static_assert(refresh_action(0) == encode(Action{ActionKind::kRefresh, 0, 0, 0, 0, false}) &&
              refresh_action(kNumRows - 1) == encode(Action{ActionKind::kRefresh, 0, kNumRows - 1, 0, 0, false}) &&
              refresh_action(kNumRows) == -1, "Refresh is one id a row");
inline constexpr std::uint16_t kPassId = static_cast<std::uint16_t>(encode(ActionKind::kPass));

// The id of an action in the `nth` range of its kind (0: its first), its operands known to lie
// in that range: read off the range's record without the general walk, which took about 100
// instructions an id. Inlined, so that with a constant kind and `nth` the range is settled at
// compile time. The listing makes these for Spend at a higher level, a Stand-alone Job worked
// harder and a Group Project's roles (a seat digit), a few a listing with every expansion.
[[gnu::always_inline]] constexpr int id_in_range(ActionKind kind, int nth, int major, int slot, int variant) {
  int i = action_layout::kChain.first_range[static_cast<int>(kind)];
  while (nth-- > 0) i = action_layout::kChain.next_range[i];
  const action_layout::Range& r = action_layout::kRanges[i];
  return r.first + ((major - r.major_base) * r.slots + slot) * r.variants + (variant - r.variant_base);
}
static_assert(id_in_range(ActionKind::kSpend, 1, 0, 2, 2) == encode(Action{ActionKind::kSpend, 0, 0, 2, 2, false}) &&
                  id_in_range(ActionKind::kGetJob, 1, 0, 3, 2) == encode(Action{ActionKind::kGetJob, 0, 0, 3, 2, false}) &&
                  id_in_range(ActionKind::kJoinGroup, 0, 2, 5, 1) == encode(Action{ActionKind::kJoinGroup, 2, 0, 5, 1, false}) &&
                  id_in_range(ActionKind::kJoinGroup, 1, kBasePlayers, 7, 2) ==
                      encode(Action{ActionKind::kJoinGroup, kBasePlayers, 0, 7, 2, false}),
              "id_in_range reads a range as encode does");

// Dream's id for the card in `slot` of `row` (kExperienceSource: the Experiences board) into
// Dream slot `dream_slot`, read off the Dream range's record without the general walk: listing
// the Dream candidates makes one for every card and free Dream slot.
constexpr int dream_id(int row, int slot, int dream_slot) {
  const action_layout::Range& r = action_layout::kRanges[action_layout::kChain.first_range[static_cast<int>(ActionKind::kDream)]];
  return r.first + (row * r.slots + slot) * r.variants + dream_slot;
}
static_assert(dream_id(0, 0, 0) == encode(Action{ActionKind::kDream, 0, 0, 0, 0, false}) &&
              dream_id(2, 3, 1) == encode(Action{ActionKind::kDream, 0, 2, 3, 1, false}) &&
              dream_id(kExperienceSource, kExperienceSlots - 1, kMaxDreamSlots - 1) ==
                  encode(Action{ActionKind::kDream, 0, kExperienceSource, kExperienceSlots - 1, kMaxDreamSlots - 1, false}),
              "dream_id reads the Dream range as encode does");

// The id of an Experiences-board action placing an Hourglass instead of the Cloud, from the
// Cloud's id: the three Hourglass ranges repeat Plan Experience's, Dream's and taking from the
// Dream board's, in the same order, so one offset maps all three.
namespace action_layout {
constexpr int hourglass_range(ActionKind kind) { return kChain.next_range[kChain.first_range[static_cast<int>(kind)]]; }
inline constexpr int kHourglassTwinOffset = kRanges[hourglass_range(ActionKind::kPlanExperience)].first - first_id(ActionKind::kPlanExperience);
constexpr bool mirrors_the_cloud(ActionKind kind) {
  const Range& cloud = kRanges[kChain.first_range[static_cast<int>(kind)]];
  const Range& twin = kRanges[hourglass_range(kind)];
  return twin.hourglass && !cloud.hourglass && twin.first - cloud.first == kHourglassTwinOffset && twin.count == cloud.count &&
         twin.slots == cloud.slots && twin.variants == cloud.variants && twin.variant_base == cloud.variant_base &&
         twin.major == cloud.major && twin.majors == cloud.majors && twin.major_base == cloud.major_base;
}
static_assert(mirrors_the_cloud(ActionKind::kPlanExperience) && mirrors_the_cloud(ActionKind::kDream) &&
                  mirrors_the_cloud(ActionKind::kFromDream),
              "the Hourglass ranges follow the Cloud's at one offset");
}  // namespace action_layout
constexpr int hourglass_twin(int cloud_id) { return cloud_id + action_layout::kHourglassTwinOffset; }

// The main action of a turn: it places an Hourglass (or the Cloud, the meeple) and has a plan.
constexpr bool is_main_action(ActionKind kind) {
  switch (kind) {
    case ActionKind::kSimpleBoard: case ActionKind::kStartProject: case ActionKind::kJoinGroup:
    case ActionKind::kSpend: case ActionKind::kGetJob: case ActionKind::kPromoteFromRow:
    case ActionKind::kPromoteFlip: case ActionKind::kStartRelationship: case ActionKind::kCardAction:
    case ActionKind::kPlanExperience: case ActionKind::kDream: case ActionKind::kFromDream:
    case ActionKind::kExtendExperience: case ActionKind::kDevelopWithKid: case ActionKind::kRaiseFamily:
    case ActionKind::kRealize: case ActionKind::kDetermineOutcome: case ActionKind::kSmartGoals:
    case ActionKind::kSchoolCourse: case ActionKind::kMakeFriend: case ActionKind::kCommunityPlace:
      return true;
    default:
      return false;
  }
}

// A free action: taken in the Action phase before the main action, the turn going on after it
// (rule max_free_actions_per_turn counts them).
constexpr bool is_free_action(ActionKind kind) {
  switch (kind) {
    case ActionKind::kRefresh: case ActionKind::kDiscard: case ActionKind::kEventTask:
    case ActionKind::kPlaceNostalgia: case ActionKind::kDiscardNostalgia: case ActionKind::kActiveTrigger:
    case ActionKind::kFreeAbility:
      return true;
    default:
      return false;
  }
}

// The action a kind's id with an Hourglass stands for, placing the Cloud instead (the same effect).
constexpr Action with_cloud(Action a) {
  a.hourglass = false;
  return a;
}

// A row entry or a dreamt card of a two-faced deck (Jobs, Partners) is card·2 + face.
struct CardFace {
  int card;
  int face;
};
constexpr CardFace card_face(int entry) { return {entry >> 1, entry & 1}; }
constexpr std::uint8_t face_entry(int card, int face) { return static_cast<std::uint8_t>((card << 1) | face); }

static_assert(first_id(ActionKind::kPass) == 544, "the base game's ids are fixed");
static_assert(encode(Action{ActionKind::kPlanExperience, 0, 0, 0, 0, true}) == 977, "ids are a saved format");
static_assert(first_id(ActionKind::kKeepKid) == 1081 && first_id(ActionKind::kChooseTrigger) == 1083);
static_assert(kNumDistinctActions == 1085);

}  // namespace lifespan::pursuit_of_happiness
