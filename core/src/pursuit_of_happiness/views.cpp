// What people and agents see: action names, the printed position, observations and
// determinization (docs/pursuit_of_happiness_engine.md §5–6).
#include <algorithm>
#include <string>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

constexpr const char* kRowNames[kNumRows] = {"Project", "Item-Activity", "Job", "Partner"};
constexpr const char* kSimpleNames[6] = {"Study", "Play", "Interact", "Temp Job", "Work Overtime",
                                         "Rest"};
constexpr const char* kResourceNames[kNumResources] = {"Knowledge", "Creativity", "Influence"};

std::string signed_number(int value) { return (value > 0 ? "+" : "") + std::to_string(value); }

// An observation feature: a count over the scale it is read against (small counts: exact in a float).
float scaled(int value, int scale) { return static_cast<float>(value) / static_cast<float>(scale); }
float bit(unsigned mask, int index) { return ((mask >> index) & 1u) ? 1.0f : 0.0f; }
float flag(unsigned flags, unsigned which) { return (flags & which) ? 1.0f : 0.0f; }

constexpr const char* kSpaceNames[kNumSpaces] = {
    "Study", "Play", "Interact", "Temp Job", "Work Overtime", "Rest", "Start a Project", "Spend",
    "Get a Job", "Start a Relationship", "Plan Experience", "Dream"};
constexpr const char* kAmountNames[kNumAmounts] = {
    "Knowledge", "Creativity", "Influence", "any resource", "coins", "Hourglasses", "STH", "LTH",
    "Stress", "Relax", "Good Health", "Popularity"};
constexpr const char* kMeasureNames[static_cast<int>(Measure::kNumMeasures)] = {
    "coins", "Knowledge", "Creativity", "Influence", "resources", "completed Projects", "Items",
    "level 3 Partners", "Job level", "LTH from cards", "retired Jobs", "completed Experiences", "STH",
    "Popularity", "Kids"};

// Until every seat has kept a Child Trait, the traits kept are hidden from the other seats
// (viewer -1: the whole position).
bool trait_hidden(const State& s, int viewer, int seat) {
  return s.step == Step::kChooseTrait && viewer >= 0 && seat != viewer;
}

// The board slot a seat's meeple stands on now, or -1: unused, given up, or its card resolved.
// The state keeps the slot it was placed on; during the End of Round resolution each card
// resolved so far has left the row, moving the cards right of it one slot left.
int meeple_slot_now(const State& s, int seat) {
  const int placed = s.players[seat].meeple;
  if (placed < 0 || placed >= kCommunitySlots) return -1;
  if (s.community_slot < 0) return placed < static_cast<int>(s.community_row.size()) ? placed : -1;
  const int resolving = s.community_slot + s.resolved_community;  // the card being resolved, as placed
  const int now = placed - s.resolved_community;
  if (placed < resolving || now >= static_cast<int>(s.community_row.size())) return -1;  // resolved
  if (placed == resolving && s.community_tokens[now][seat] == 0) return -1;  // its tokens here are done
  return now;
}

// " Study, Rest": the board spaces in a mask, in board order.
std::string space_list(std::uint16_t spaces) {
  std::string out;
  for (int space = 0; space < kNumSpaces; ++space)
    if ((spaces >> space) & 1u) out.append(out.empty() ? " " : ", ").append(kSpaceNames[space]);
  return out;
}

std::string effect_text(const Effect& e) {
  std::string out;
  for (int i = 0; i < kNumAmounts; ++i)
    if (e[i]) out.append(out.empty() ? "" : ", ").append(std::to_string(e[i])).append(" ").append(kAmountNames[i]);
  return out;
}

// What an Event asks: "ensure: pay 2 Creativity", "prevent: end the round with at least 5 coins".
std::string event_task_text(const EventSpec& e) {
  std::string out = e.positive ? "ensure: " : "prevent: ";
  switch (e.task) {
    case EventTask::kNone: return "cannot be prevented";
    case EventTask::kPay: return out + "pay " + effect_text(e.task_cost);
    case EventTask::kBoardAction: return out + "take the " + kSpaceNames[e.task_space] + " action";
    case EventTask::kEndWith:
      return out + "end the round with at least " + std::to_string(e.task_at_least) + " " +
             kMeasureNames[static_cast<int>(e.task_what)];
  }
  return out;
}

}  // namespace

std::string Game::row_card_name(int row, int entry) const {
  switch (row) {
    case kProjectRow: return cards_.projects[entry].name;
    case kItemRow: return cards_.items[entry].name;
    case kJobRow: return job_of_entry(entry).name;
    case kPartnerRow: return partner_of_entry(entry).name;
    default: return cards_.experiences[entry].name;  // kExperienceSource
  }
}

std::string Game::card_name(const InPlay& c) const {
  if (c.kind == kKidCard) return cards_.kids[c.id].name;
  if (c.kind == kNostalgiaCard) return cards_.nostalgia[c.id].name;
  const bool two_faced = c.kind == kJobCard || c.kind == kPartnerCard;
  return row_card_name(c.kind, two_faced ? face_entry(c.id, c.face) : c.id);
}

std::string Game::action_to_string(const State& s, int action) const {
  const int seat = s.current >= 0 ? s.current : 0;
  const PlayerState& p = s.players[seat];
  auto slot_name = [&](const PlayerState& owner, int slot) {
    return slot < static_cast<int>(owner.cards.size()) ? card_name(owner.cards[slot])
                                                       : "slot " + std::to_string(slot);
  };
  auto row_name = [&](int row, int k) {
    return k < static_cast<int>(s.rows[row].size()) ? row_card_name(row, s.rows[row][k])
                                                    : std::string(kRowNames[row]) + " row slot " + std::to_string(k + 1);
  };
  if (action < 0 || action >= kNumDistinctActions)
    throw_action_out_of_range(std::to_string(action), kNumDistinctActions);
  const Action a = decode(action);
  // Plan Experience, Dream and taking a card from the Dream board say which token they place
  // while the Cloud is unused.
  std::string token;
  if (a.hourglass) {
    token = " with an Hourglass";
  } else if ((a.kind == ActionKind::kPlanExperience || a.kind == ActionKind::kDream || a.kind == ActionKind::kFromDream) &&
             s.step == Step::kAction && plan_action(s, a).cloud) {
    token = " with the Cloud";
  }
  auto bought_at = [&](int item, int level) {  // Spend above L1
    return level == 0 ? std::string() : " at L" + std::to_string(level + 1) + " (" + cards_.items[item].level_names[level] + ")";
  };
  auto harder = [](int times) { return times == 1 ? ", working harder once" : ", working harder twice"; };
  auto experience_name = [&](int k) {
    return k < static_cast<int>(s.experience_row.size()) ? cards_.experiences[s.experience_row[k]].name
                                                         : "Experiences board slot " + std::to_string(k + 1);
  };
  switch (a.kind) {
    case ActionKind::kChooseTrigger: {  // Step::kTrigger: whose Passive Trigger activates
      const int card = p.nostalgia_board[a.slot].card;
      if (card < 0) return "Passive Trigger: Nostalgia board slot " + std::to_string(a.slot + 1);
      const NostalgiaSpec& spec = cards_.nostalgia[card];
      return "Passive Trigger: " + spec.name + " (" + spec.passive_name + ", gain " + effect_text(spec.passive_reward) + ")";
    }
    case ActionKind::kKeepKid:
    case ActionKind::kDiscardKid: {  // Step::kKids: the Kid first in line
      const std::string kid = s.kid_decisions.empty() ? std::string("the Kid") : cards_.kids[s.kid_decisions[0]].name;
      return (a.kind == ActionKind::kKeepKid ? "Keep " : "Discard ") + kid;
    }
    case ActionKind::kSpend: {
      const int k = a.slot, level = a.variant;
      if (level == 0) return "Spend: " + row_name(kItemRow, k);
      if (k >= static_cast<int>(s.rows[kItemRow].size())) return "Spend: " + row_name(kItemRow, k) + " at L" + std::to_string(level + 1);
      return "Spend: " + row_name(kItemRow, k) + bought_at(s.rows[kItemRow][k], level);
    }
    case ActionKind::kJoinGroup: {
      const int owner = a.seat, slot = a.slot, role = a.variant;
      std::string text = "Join " + slot_name(s.players[owner], slot) + " (seat " + std::to_string(owner) + ")";
      if (slot < static_cast<int>(s.players[owner].cards.size()) && s.players[owner].cards[slot].kind == kProjectCard)
        return text + " as " + cards_.projects[s.players[owner].cards[slot].id].level_names[role];
      return text + " role " + std::to_string(role + 1);
    }
    case ActionKind::kKeepTrait:
      return a.slot < static_cast<int>(p.trait_offer.size()) ? "Keep trait: " + cards_.traits[p.trait_offer[a.slot]].name
                                                             : "Keep trait " + std::to_string(a.slot + 1);
    case ActionKind::kPayUpkeep: return "Pay upkeep: " + slot_name(p, a.slot);
    case ActionKind::kGiveUp: return "Give up: " + slot_name(p, a.slot);
    case ActionKind::kRefresh: return std::string("Refresh the ") + kRowNames[a.row] + " row";
    case ActionKind::kDiscard: return "Discard: " + slot_name(p, a.slot);
    case ActionKind::kSimpleBoard: return kSimpleNames[a.slot];
    case ActionKind::kStartProject: {
      const int k = a.slot, role = a.variant;
      std::string text = "Start a Project: " + row_name(kProjectRow, k);
      if (k < static_cast<int>(s.rows[kProjectRow].size())) {
        const ProjectSpec& spec = cards_.projects[s.rows[kProjectRow][k]];
        if (spec.type == ProjectType::kGroup) text += " as " + spec.level_names[role];
      } else if (role > 0) {
        text += " role " + std::to_string(role + 1);
      }
      return text;
    }
    case ActionKind::kGetJob:
      return "Get a Job: " + row_name(kJobRow, a.slot) + (a.variant > 0 ? harder(a.variant) : "");
    case ActionKind::kPromoteFromRow: return "Promotion: " + row_name(kJobRow, a.slot);
    case ActionKind::kPromoteFlip:
      for (const InPlay& c : p.cards)
        if (c.kind == kJobCard) return "Promotion: " + cards_.jobs[c.id][1 - c.face].name;
      return "Promotion by flipping your Job";
    case ActionKind::kStartRelationship: return "Start a Relationship: " + row_name(kPartnerRow, a.slot);
    case ActionKind::kCardAction: {
      const int slot = a.slot;
      if (slot >= static_cast<int>(p.cards.size())) return "Card action: slot " + std::to_string(slot);
      const InPlay& c = p.cards[slot];
      const std::string name = card_name(c);
      if (c.kind == kJobCard) return "Retire: " + name;
      if (c.kind == kExperienceCard) return "Experience: " + name + " (" + cards_.experiences[c.id].part_names[1] + ")";
      if (c.kind == kNostalgiaCard) {
        const NostalgiaSpec& spec = nostalgia(c);
        if (spec.category == NostalgiaCategory::kRepeatable && c.level == spec.num_levels)
          return "Dedicate Time: " + name + " (" + spec.repeat_name + ")";
        if (c.level < spec.num_levels) return "Progress: " + name + " (" + spec.level_names[c.level] + ")";
        return "Card action: " + name;
      }
      const char* verb = c.kind == kProjectCard ? "Advance: " : c.kind == kItemCard ? "Upgrade: " : "Develop: ";
      const int next = c.level;  // 0-based index of the next level
      std::string level;
      if (c.kind == kProjectCard && next < kMaxLevels) level = cards_.projects[c.id].level_names[next];
      if (c.kind == kItemCard && next < 3) level = cards_.items[c.id].level_names[next];
      if (c.kind == kPartnerCard && next < 3) level = cards_.partners[c.id][c.face].level_names[next];
      return verb + name + (level.empty() ? "" : " (" + level + ")");
    }
    case ActionKind::kPayUnit: return std::string("Pay 1 ") + kResourceNames[a.slot];
    case ActionKind::kPass: return "Pass";
    case ActionKind::kEventTask: {
      if (s.event_revealed < 0) return "Event task";
      const EventSpec& e = cards_.events[s.event_revealed];
      return "Event task: " + e.name + " (" + event_task_text(e) + ")";
    }
    case ActionKind::kUpkeepWorkingHarder: {
      std::string job = "your Job";
      for (const InPlay& c : p.cards)
        if (c.kind == kJobCard) job = card_name(c);
      return "Pay upkeep: " + job + harder(a.variant);
    }
    case ActionKind::kPlanExperience: return "Plan Experience: " + experience_name(a.slot) + token;
    case ActionKind::kDream: {
      const int slot = a.variant;
      const std::string card = a.row < kExperienceSource ? row_name(a.row, a.slot) : experience_name(a.slot);
      return "Dream: " + card + " (Dream slot " + std::to_string(slot + 1) + ", 1 " + kResourceNames[slot % kNumResources] + ")" + token;
    }
    case ActionKind::kFromDream: {
      const int slot = a.slot, variant = a.variant;
      const Dreamt& d = p.dream[slot];
      if (d.source < 0) return "From the Dream board: slot " + std::to_string(slot + 1);
      if (dream_promotion(d, variant)) return "Promotion from the Dream board: " + row_card_name(d.source, d.entry);
      static constexpr const char* kVerbs[] = {"Start a Project", "Spend", "Get a Job", "Start a Relationship", "Plan Experience"};
      std::string text = std::string(kVerbs[d.source]) + " from the Dream board: " + row_card_name(d.source, d.entry);
      if (d.source == kProjectRow && cards_.projects[d.entry].type == ProjectType::kGroup)
        text += " as " + cards_.projects[d.entry].level_names[variant];
      else if (d.source == kJobRow && variant > 0)
        text += harder(variant);
      else if (d.source == kItemRow)
        text += bought_at(d.entry, variant);
      return text + token;
    }
    case ActionKind::kDevelopWithKid: return "Develop: " + slot_name(p, a.slot) + " into L3 and have a Kid";
    case ActionKind::kRaiseFamily: return "Raise Family: " + slot_name(p, a.slot);
    case ActionKind::kExtendExperience: {
      const int slot = a.slot;
      if (slot >= static_cast<int>(p.cards.size()) || p.cards[slot].kind != kExperienceCard)
        return "Experience and extend: slot " + std::to_string(slot);
      const ExperienceSpec& spec = cards_.experiences[p.cards[slot].id];
      return "Experience and extend: " + spec.name + " (" + spec.part_names[1] + ", " + spec.part_names[2] + ")";
    }
    default:
      return nostalgia_action_name(s, a);
  }
}

// The expansions' and modules' actions after the Kids' (Nostalgia, School, Best Friends, Community).
std::string Game::nostalgia_action_name(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current >= 0 ? s.current : 0];
  auto board = [&](int slot) {
    const int card = p.nostalgia_board[slot].card;
    return card >= 0 ? cards_.nostalgia[card].name : "Nostalgia board slot " + std::to_string(slot + 1);
  };
  auto own = [&](int slot) -> const InPlay* {
    return slot < static_cast<int>(p.cards.size()) && p.cards[slot].kind == kNostalgiaCard ? &p.cards[slot] : nullptr;
  };
  const int k = a.slot;
  switch (a.kind) {
    case ActionKind::kPlaceNostalgia:
      return "Place Nostalgia: " + (k < static_cast<int>(p.nostalgia_hand.size()) ? cards_.nostalgia[p.nostalgia_hand[k]].name
                                                                                   : "hand card " + std::to_string(k + 1));
    case ActionKind::kDiscardNostalgia: return "Discard Nostalgia: " + board(k);
    case ActionKind::kActiveTrigger: {
      const int card = p.nostalgia_board[k].card;
      return "Active Trigger: " + board(k) +
             (card >= 0 ? " (" + cards_.nostalgia[card].active_name + ", pay " + effect_text(cards_.nostalgia[card].active_cost) + ")" : "");
    }
    case ActionKind::kFreeAbility: {
      const InPlay* c = own(k);
      return c ? "Ability: " + card_name(*c) + " (" + nostalgia(*c).ability_name + ", 1 Hourglass)"
               : "Ability: slot " + std::to_string(k);
    }
    case ActionKind::kRealize: {
      const int card = p.nostalgia_board[k].card;
      return "Realize: " + board(k) + (card >= 0 ? " (" + cards_.nostalgia[card].level_names[0] + ")" : "");
    }
    case ActionKind::kDetermineOutcome: {
      const int outcome = a.variant;
      const InPlay* c = own(k);
      return c ? "Determine the Outcome: " + card_name(*c) + " (" + nostalgia(*c).outcomes[outcome].name + ")"
               : "Determine the Outcome " + std::to_string(outcome + 1) + ": slot " + std::to_string(k);
    }
    case ActionKind::kNoAchievement: return "No achievement";
    case ActionKind::kAchievement: {
      if (s.community_slot < 0 || s.community_slot >= static_cast<int>(s.community_row.size())) return "Achievement " + std::to_string(k + 1);
      const CommunitySpec& card = cards_.community[s.community_row[s.community_slot]];
      return k < card.num_achievements ? "Achievement: " + card.name + " (" + card.achievements[k].name + ")"
                                       : "Achievement " + std::to_string(k + 1);
    }
    case ActionKind::kCommunityPlace: {
      const std::string card = k < static_cast<int>(s.community_row.size()) ? cards_.community[s.community_row[k]].name
                                                                            : "Community board slot " + std::to_string(k + 1);
      return "Community: " + card + (p.meeple < 0 ? " (the meeple)" : " (an Hourglass)");
    }
    case ActionKind::kMakeFriend: return make_friend_name(s, a);
    case ActionKind::kSchoolCourse: return school_course_name(a);
    case ActionKind::kForgoDiscount: return "Forgo 1 unit of the STH discount (pay 1 more resource)";
    default:  // kSmartGoals
      return "Advance with SMART Goals: " + (k < static_cast<int>(p.cards.size()) ? card_name(p.cards[k]) : "slot " + std::to_string(k));
  }
}

// One renderer for str(state) (viewer < 0) and observation_string(viewer): everything is public
// except the decks and, while traits are chosen, the other seats' offers.
std::string Game::render(const State& s, int viewer) const {
  static constexpr const char* kStages[] = {"Teen", "Adult", "Adult", "Adult", "Adult", "Old Age", "Old Age", "Old Age"};
  std::string out = "The Pursuit of Happiness - round " + std::to_string(s.round) + "/8 (" +
                    kStages[s.round - 1] + "), " + kStepNames[static_cast<int>(s.step)] +
                    ", first player " + std::to_string(s.first_player) + "\n";
  if (viewer >= 0) out += "Seen by seat " + std::to_string(viewer) + "\n";
  for (int row = 0; row < kNumRows; ++row) {
    out += std::string("  ") + kRowNames[row] + " row:";
    if (s.rows[row].empty()) out += " -";
    for (std::size_t k = 0; k < s.rows[row].size(); ++k)
      out.append(k ? ", " : " ").append(row_card_name(row, s.rows[row][k]));
    out += " (deck " + std::to_string(s.decks[row].size()) + ", discard " + std::to_string(s.discards[row].size()) + ")\n";
  }
  if (s.unavailable) out += "  Unavailable:" + space_list(s.unavailable) + "\n";
  if (s.step == Step::kPay) {
    const Payment& pay = s.payment;
    out += "  Paying for " + action_to_string(s, pay.action) + ": " + std::to_string(pay.units) +
           " resources still to choose; owed Knowledge " + std::to_string(pay.owed[0]) + ", Creativity " +
           std::to_string(pay.owed[1]) + ", Influence " + std::to_string(pay.owed[2]) + ", STH discount " +
           std::to_string(pay.discount) + "\n";
  }
  if (s.step == Step::kKids) {
    out += "  Kids to keep or discard, their Partner discarded:";
    for (std::size_t k = 0; k < s.kid_decisions.size(); ++k) out += (k ? ", " : " ") + cards_.kids[s.kid_decisions[k]].name;
    out += "\n";
  }
  if (s.step == Step::kTrigger)
    out += std::string("  Both Nostalgia board cards wait for ") +
           (s.trigger_choice == kAnyCardAction ? "any card action" : kSpaceNames[s.trigger_choice]) +
           ": choosing whose Passive Trigger activates\n";
  out += "  Life Goals:";
  for (std::size_t g = 0; g < s.goals.size(); ++g) {
    out += (g ? ", " : " ") + cards_.goals[s.goals[g]].name;
    const int by = s.goals_claimed_by[g];
    if (by == kGoalTied) out += " (tied: nobody)";
    else if (by > 0) out += " (seat " + std::to_string(by - 1) + ")";
  }
  out += "\n";
  if (!s.trends.empty()) {
    out += "  Trends:";
    for (std::size_t k = 0; k < s.trends.size(); ++k) out += (k ? ", " : " ") + cards_.trends[s.trends[k]].name;
    out += "\n";
  }
  if (s.event_revealed >= 0) {
    const EventSpec& e = cards_.events[s.event_revealed];
    out += "  Event revealed: " + e.name + (e.positive ? " (positive; " : " (negative; ") + event_task_text(e) + ")\n";
  }
  if (s.event_active >= 0) out += "  Event in effect: " + cards_.events[s.event_active].name + "\n";
  if (experiences_on()) {
    out += "  Experiences board:";
    if (s.experience_row.empty()) out += " -";
    for (std::size_t k = 0; k < s.experience_row.size(); ++k) {
      const ExperienceSpec& spec = cards_.experiences[s.experience_row[k]];
      out += (k ? ", " : " ") + spec.name + (spec.trip ? " (Trip)" : " (Happening)");
    }
    out += " (deck " + std::to_string(s.experience_deck.size()) + ", discard " + std::to_string(s.experience_discards.size()) + ")\n";
  }
  if (kids_on()) out += "  Kids deck: " + std::to_string(s.kid_deck.size()) + "\n";
  if (community_on()) {
    out += "  Community board:";
    if (s.community_row.empty()) out += " -";
    for (std::size_t k = 0; k < s.community_row.size(); ++k) {
      out += (k ? ", " : " ") + cards_.community[s.community_row[k]].name;
      std::string on;
      for (int seat = 0; seat < num_players(); ++seat)
        for (int t = 0; t < s.community_tokens[k][seat]; ++t) on.append(on.empty() ? "" : " ").append(std::to_string(seat));
      if (!on.empty()) out += " [seats " + on + "]";
    }
    out += " (deck " + std::to_string(s.community_deck.size()) + ", discard " + std::to_string(s.community_discards.size()) + ")\n";
  }
  if (friends_on()) {
    out += "  Best Friends board:";
    if (s.friend_row.empty()) out += " -";
    for (std::size_t k = 0; k < s.friend_row.size(); ++k) out += (k ? ", " : " ") + cards_.items[s.friend_row[k]].name;
    out += " (deck " + std::to_string(s.friend_deck.size()) + ", discard " + std::to_string(s.friend_discards.size()) + ")\n";
  }
  for (int seat = 0; seat < num_players(); ++seat) {
    const PlayerState& p = s.players[seat];
    out += "Seat " + std::to_string(seat) + (seat == s.current ? " (to move)" : "") +
           (p.alive ? "" : " (life ended)") + ": LTH " + std::to_string(p.lth) + ", STH " +
           signed_number(p.sth) + ", Stress " + std::to_string(p.stress) + "/" +
           std::to_string(track_length()) + ", Hourglasses " + std::to_string(p.hourglasses) +
           "\n    Knowledge " + std::to_string(p.resources[0]) + ", Creativity " +
           std::to_string(p.resources[1]) + ", Influence " + std::to_string(p.resources[2]) +
           ", Money " + std::to_string(p.money);
    if (p.trait >= 0) out += trait_hidden(s, viewer, seat) ? ", trait kept" : ", trait " + cards_.traits[p.trait].name;
    if (p.spaces_used) out += ", Hourglasses on" + space_list(p.spaces_used);
    if (p.event_flags & kEventTaskDone) out += ", Event task done";
    if (p.event_flags & kEventApplies) out += ", under the Event";
    if (!p.trait_offer.empty()) {
      out += ", choosing a trait";
      if (viewer < 0 || viewer == seat)
        for (std::uint8_t t : p.trait_offer) out += " [" + cards_.traits[t].name + "]";
    }
    if (experiences_on()) {
      out += p.cloud < 0            ? std::string(", Cloud unused")
             : p.cloud == kNumSpaces ? std::string(", Cloud given up")
                                     : std::string(", Cloud on ") + kSpaceNames[p.cloud];
      out += ", " + std::to_string(p.experiences) + " Experiences completed";
      out += "\n    Dream board:";
      for (int slot = 0; slot < rules_.dream_slots; ++slot) {
        const Dreamt& d = p.dream[slot];
        out += slot ? " |" : "";
        out += d.source < 0 ? std::string(" -") : " " + row_card_name(d.source, d.entry) + " (" + std::to_string(d.desire) + " Desire)";
      }
    }
    if (community_on()) {
      out += ", Popularity " + std::to_string(p.popularity);
      const int meeple = meeple_slot_now(s, seat);
      if (p.meeple < 0) out += ", meeple unused";
      else if (p.meeple == kCommunitySlots) out += ", meeple given up";
      else if (meeple >= 0) out += ", meeple on " + cards_.community[s.community_row[meeple]].name;
      else out += ", meeple's card resolved";
    }
    if (rules_.school) {
      static constexpr const char* kFields[3] = {"science", "social", "arts"};
      out += ", School courses " + std::to_string(p.school_credits[0]) + "/" + std::to_string(p.school_credits[1]) +
             "/" + std::to_string(p.school_credits[2]);
      for (int f = 0; f < 3; ++f)
        if ((p.degrees >> f) & 1u) out += std::string(", ") + kFields[f] + " degree";
    }
    if (p.relative >= 0) {
      const RelativeSpec& relative = cards_.relatives[p.relative];
      out += ", Relative " + relative.name + " (" + std::to_string(relative.numbers[p.relative_level]) + ")";
    }
    if (nostalgia_on()) {
      out += "\n    Nostalgia board:";
      for (int slot = 0; slot < kNostalgiaSlots; ++slot) {
        const NostalgiaSlot& b = p.nostalgia_board[slot];
        out += slot ? " |" : "";
        if (b.card < 0) {
          out += " -";
          continue;
        }
        out += " " + cards_.nostalgia[b.card].name;
        if (b.marks & kPassiveDone) out += " [passive done]";
        if (b.marks & kActiveDone) out += " [active done]";
      }
      out += "\n    Nostalgia hand: " + std::to_string(p.nostalgia_hand.size()) + " cards";
      if (viewer < 0 || viewer == seat)  // hidden from the other seats
        for (std::size_t k = 0; k < p.nostalgia_hand.size(); ++k)
          out += (k ? ", " : ": ") + cards_.nostalgia[p.nostalgia_hand[k]].name;
    }
    out += "\n    Cards:";
    if (p.cards.empty()) out += " -";
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      const InPlay& c = p.cards[i];
      out.append(i ? ", " : " ").append(card_name(c)).append(" L").append(std::to_string(c.level));
      if (c.flags & kRetired) out += " retired";
      else if (c.flags & kCompleted) out += " completed";
      else if (c.flags & kInActiveSlot) out += " [active]";
      if (c.stored) out += " (" + std::to_string(c.stored) + " stored)";
      if (c.kind == kProjectCard && project_roles_[c.id] > 1) {  // a Group Project: who holds each role
        out += " roles";
        for (int r = 0; r < project_roles_[c.id]; ++r)
          out.append(r ? "/" : " ").append(c.roles[r] < 0 ? "-" : std::to_string(c.roles[r]));
      }
    }
    out += "\n";
  }
  if (is_terminal(s)) out += "Game over\n";
  return out;
}

std::string Game::to_string(const State& s) const { return render(s, -1); }
std::string Game::observation_string(const State& s, int player) const { return render(s, player); }

// Observation tensor (float32, docs/pursuit_of_happiness_engine.md §6): a header, one block per
// seat, the Life Goals, the rows, the discard piles and each seat's play area, then one block per
// expansion in play. Seats are counted clockwise from the observer (0: the observer), so the
// same position seen from any seat reads the same way.
namespace {
constexpr int kObsPayment = 8;  // resources still to choose, STH discount, owed and paid per kind
// Round, the step (one-hot), the seat to move and the first player (one-hot seat offsets), the
// Unavailable tokens by space, the payment in progress.
constexpr int kObsHeader = 1 + kNumSteps + 2 * kMaxPlayers + kNumSpaces + kObsPayment;
constexpr int kObsSeatTracks = 18;  // tracks, resources and counts (the `values` of observation)
}  // namespace

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

int card_faces(const CardTables& cards) {  // one entry per Project, Item and Job/Partner face
  return static_cast<int>(cards.projects.size() + cards.items.size() + 2 * cards.jobs.size() +
                          2 * cards.partners.size());
}

// Per seat: the tracks, the board spaces holding its Hourglasses, its Child Trait (one-hot) and
// the traits it is offered (the observer's own offer only: the others' are hidden).
int seat_block(const CardTables& cards) { return kObsSeatTracks + kNumSpaces + 2 * static_cast<int>(cards.traits.size()); }

// Per Life Goal card: face up, tied, and claimed by each seat.
int goal_block(const CardTables& cards, int players) { return static_cast<int>(cards.goals.size()) * (2 + players); }

// Per seat: each card face's level / 4 when held, 1 if it takes an Active slot, and per Project
// the roles the seat holds on it as a Group Project (out of 4).
int play_area_block(const CardTables& cards) { return 2 * card_faces(cards) + static_cast<int>(cards.projects.size()); }

// Where each card kind's entries start among the card faces.
std::array<int, kNumRows> face_offsets(const CardTables& cards) {
  const int projects = static_cast<int>(cards.projects.size()), items = static_cast<int>(cards.items.size());
  return {0, projects, projects + items, projects + items + 2 * static_cast<int>(cards.jobs.size())};
}

int face_of(const std::array<int, kNumRows>& offsets, const InPlay& c) {
  const bool two_faced = c.kind == kJobCard || c.kind == kPartnerCard;
  return offsets[c.kind] + (two_faced ? face_entry(c.id, c.face) : c.id);
}

// Per seat, in the Experiences block: its planned Experiences, its Dream board (the row card
// faces, then the Experiences), Experiences completed, where the Cloud is (a board space, or
// given up; none while unused).
int experiences_seat_block(const CardTables& cards) {
  return 2 * static_cast<int>(cards.experiences.size()) + card_faces(cards) + 1 + kNumSpaces + 1;
}
// Per seat, in the Nostalgia block: its board, its realized cards, its hand size.
int nostalgia_seat_block(const CardTables& cards) { return 2 * static_cast<int>(cards.nostalgia.size()) + 1; }
// Per seat, in the Community block: its tokens per card, Popularity, where the meeple is (a
// board slot, or given up; none while unused or once its card is resolved), Hourglasses on the
// board.
constexpr int kCommunitySeatBlock = kCommunitySlots + 1 + kCommunitySlots + 1 + 1;

}  // namespace

// The expansion blocks, each per seat offset where it is about a seat (docs/pursuit_of_happiness_engine.md §6):
// Trends face up; Events revealed and in effect, each seat's two Event flags; Experiences on the
// board, then per seat its planned Experiences, its Dream board (each dreamt card by Desire),
// Experiences completed and where the Cloud is; Kids per seat by level, then the Kids awaiting a keep-or-discard decision; Nostalgia: the observer's
// hand, then per seat its board (by Check Marks), its realized cards (by level) and its hand
// size; Relatives per seat by the number marked; School per seat, progress to each degree;
// Community: the board, the card being resolved, then per seat its tokens per card, Popularity,
// where its meeple is and its Hourglasses on the board.
std::array<int, Game::kNumObsBlocks> Game::observation_blocks() const {
  const int n = num_players();
  const auto count = [](const auto& table) { return static_cast<int>(table.size()); };
  const int experiences = count(cards_.experiences), nostalgia = count(cards_.nostalgia);
  std::array<int, kNumObsBlocks> size{};
  size[kObsTrends] = count(cards_.trends);
  size[kObsEvents] = cards_.events.empty() ? 0 : 2 * count(cards_.events) + 2 * n;
  size[kObsExperiences] = experiences_on() ? experiences + n * experiences_seat_block(cards_) : 0;
  size[kObsKids] = (n + 1) * count(cards_.kids);
  size[kObsNostalgia] = nostalgia_on() ? nostalgia + n * nostalgia_seat_block(cards_) : 0;
  size[kObsRelatives] = n * count(cards_.relatives);
  size[kObsSchool] = rules_.school ? 3 * n : 0;
  size[kObsCommunity] = community_on() ? count(cards_.community) + kCommunitySlots + n * kCommunitySeatBlock : 0;
  return size;
}

int Game::observation_size() const {
  const int n = num_players();
  int size = kObsHeader + n * seat_block(cards_) + goal_block(cards_, n) + 2 * card_faces(cards_) + n * play_area_block(cards_);
  for (int block : observation_blocks()) size += block;
  return size;
}

void Game::observation(const State& s, int player, float* out) const {
  std::fill(out, out + observation_size(), 0.0f);
  const int n = num_players();
  const auto offset_of = [&](int seat) { return places_after(player, seat, n); };
  out[0] = static_cast<float>(s.round) / kMaxRounds;
  out[1 + static_cast<int>(s.step)] = 1.0f;
  float* seats_header = out + 1 + kNumSteps;
  if (s.current >= 0) seats_header[offset_of(s.current)] = 1.0f;
  seats_header[kMaxPlayers + offset_of(s.first_player)] = 1.0f;
  float* unavailable = seats_header + 2 * kMaxPlayers;
  for (int space = 0; space < kNumSpaces; ++space) unavailable[space] = bit(s.unavailable, space);
  if (s.step == Step::kPay) {
    float* pay = unavailable + kNumSpaces;
    pay[0] = scaled(s.payment.units, 10);
    pay[1] = scaled(s.payment.discount, 10);
    for (int r = 0; r < kNumResources; ++r) {
      pay[2 + r] = scaled(s.payment.owed[r], 10);
      pay[2 + kNumResources + r] = scaled(s.payment.paid[r], 10);
    }
  }
  const int traits = static_cast<int>(cards_.traits.size());
  for (int k = 0; k < n; ++k) {
    const PlayerState& p = s.players[clockwise(player, k, n)];
    float* row = out + kObsHeader + seat_block(cards_) * k;
    int items = 0, partners = 0, job_level = 0;
    for (const InPlay& c : p.cards) {
      items += c.kind == kItemCard;
      partners += c.kind == kPartnerCard;
      if (c.kind == kJobCard) job_level = c.level;
    }
    const float values[kObsSeatTracks] = {
        scaled(p.resources[0], 10), scaled(p.resources[1], 10), scaled(p.resources[2], 10), scaled(p.money, 20),
        scaled(p.sth, 3), scaled(p.lth, 50), scaled(p.stress, track_length()),
        scaled(p.hourglasses, 9), p.alive ? 1.0f : 0.0f, scaled(active_count(p), 3),
        scaled(p.completed_projects, 5), scaled(items, 5), scaled(job_level, 3), scaled(partners, 2),
        scaled(p.goals, 3), p.trait >= 0 ? 1.0f : 0.0f, scaled(p.hourglasses_next, 9), scaled(p.upkeep_relief, 5)};
    std::copy(values, values + kObsSeatTracks, row);
    for (int space = 0; space < kNumSpaces; ++space) row[kObsSeatTracks + space] = bit(p.spaces_used, space);
    float* trait = row + kObsSeatTracks + kNumSpaces;
    if (p.trait >= 0 && !trait_hidden(s, player, clockwise(player, k, n))) trait[p.trait] = 1.0f;
    if (k == 0)
      for (std::uint8_t t : p.trait_offer) trait[traits + t] = 1.0f;
  }
  float* goals = out + kObsHeader + seat_block(cards_) * n;
  for (std::size_t g = 0; g < s.goals.size(); ++g) {
    float* goal = goals + s.goals[g] * (2 + n);
    goal[0] = 1.0f;
    const int by = s.goals_claimed_by[g];
    if (by == kGoalTied) goal[1] = 1.0f;
    else if (by > 0) goal[2 + offset_of(by - 1)] = 1.0f;
  }
  const std::array<int, kNumRows> offsets = face_offsets(cards_);
  float* rows = goals + goal_block(cards_, n);
  float* discards = rows + card_faces(cards_);
  float* play_areas = discards + card_faces(cards_);
  for (int r = 0; r < kNumRows; ++r) {
    for (std::uint8_t entry : s.rows[r]) rows[offsets[r] + entry] = 1.0f;
    for (std::uint8_t entry : s.discards[r]) discards[offsets[r] + entry] = 1.0f;
  }
  for (std::uint8_t entry : s.friend_row) rows[offsets[kItemRow] + entry] = 1.0f;  // Best Friends are Item ids
  for (std::uint8_t entry : s.friend_discards) discards[offsets[kItemRow] + entry] = 1.0f;
  for (int seat = 0; seat < n; ++seat) {
    float* area = play_areas + offset_of(seat) * play_area_block(cards_);
    for (const InPlay& c : s.players[seat].cards) {
      if (c.kind == kProjectCard)  // a Group Project's roles, wherever the role holder sits
        for (int r = 0; r < project_roles_[c.id]; ++r)
          if (c.roles[r] >= 0) play_areas[offset_of(c.roles[r]) * play_area_block(cards_) + 2 * card_faces(cards_) + c.id] += 1.0f / kMaxRoles;
      if (c.kind > kPartnerCard) continue;  // Experiences, Kids and Nostalgia cards: in their own parts
      area[face_of(offsets, c)] = c.level / 4.0f;
      area[card_faces(cards_) + face_of(offsets, c)] = flag(c.flags, kInActiveSlot);
    }
  }
  observe_expansions(s, player, play_areas + n * play_area_block(cards_));
}

void Game::observe_expansions(const State& s, int player, float* out) const {
  const int n = num_players();
  const std::array<int, kNumObsBlocks> size = observation_blocks();
  std::array<float*, kNumObsBlocks> at{};
  for (int b = 0; b < kNumObsBlocks; ++b) at[b] = b ? at[b - 1] + size[b - 1] : out;
  const auto seat_at = [&](int k) -> const PlayerState& { return s.players[clockwise(player, k, n)]; };
  for (std::uint8_t k : s.trends) at[kObsTrends][k] = 1.0f;
  if (size[kObsEvents]) {
    float* events = at[kObsEvents];
    const int count = static_cast<int>(cards_.events.size());
    if (s.event_revealed >= 0) events[s.event_revealed] = 1.0f;
    if (s.event_active >= 0) events[count + s.event_active] = 1.0f;
    for (int k = 0; k < n; ++k) {
      events[2 * count + 2 * k] = flag(seat_at(k).event_flags, kEventTaskDone);
      events[2 * count + 2 * k + 1] = flag(seat_at(k).event_flags, kEventApplies);
    }
  }
  if (size[kObsExperiences]) {
    const int experiences = static_cast<int>(cards_.experiences.size());
    const int per_seat = experiences_seat_block(cards_);
    const std::array<int, kNumRows> offsets = face_offsets(cards_);
    for (std::uint8_t k : s.experience_row) at[kObsExperiences][k] = 1.0f;
    for (int k = 0; k < n; ++k) {
      const PlayerState& p = seat_at(k);
      float* planned = at[kObsExperiences] + experiences + k * per_seat;
      float* dreamt = planned + experiences;  // row cards as faces, then Experiences
      for (const InPlay& c : p.cards)
        if (c.kind == kExperienceCard) planned[c.id] = 1.0f;
      for (int slot = 0; slot < rules_.dream_slots; ++slot) {
        const Dreamt& d = p.dream[slot];
        if (d.source < 0) continue;
        const int entry = d.source == kExperienceSource ? card_faces(cards_) + d.entry : offsets[d.source] + d.entry;
        dreamt[entry] = (1.0f + d.desire) / (1.0f + kMaxDesire);
      }
      dreamt[card_faces(cards_) + experiences] = scaled(p.experiences, 5);
      if (p.cloud >= 0) dreamt[card_faces(cards_) + experiences + 1 + p.cloud] = 1.0f;  // kNumSpaces: given up
    }
  }
  const int kids = static_cast<int>(cards_.kids.size());
  for (int k = 0; size[kObsKids] && k < n; ++k)
    for (const InPlay& c : seat_at(k).cards)
      if (c.kind == kKidCard) at[kObsKids][k * kids + c.id] = c.level / 4.0f;
  // The Kids step: 1 for the Kid being kept or discarded, 1/2 for those after it in line.
  for (std::size_t k = 0; size[kObsKids] && k < s.kid_decisions.size(); ++k)
    at[kObsKids][n * kids + s.kid_decisions[k]] = k == 0 ? 1.0f : 0.5f;
  if (size[kObsNostalgia]) {
    const int count = static_cast<int>(cards_.nostalgia.size());
    for (std::uint8_t k : s.players[player].nostalgia_hand) at[kObsNostalgia][k] = 1.0f;  // hidden from the others
    for (int k = 0; k < n; ++k) {
      const PlayerState& p = seat_at(k);
      float* board = at[kObsNostalgia] + count + k * nostalgia_seat_block(cards_);
      for (const NostalgiaSlot& b : p.nostalgia_board)
        if (b.card >= 0) board[b.card] = (1.0f + flag(b.marks, kPassiveDone) + flag(b.marks, kActiveDone)) / 3.0f;
      for (const InPlay& c : p.cards)
        if (c.kind == kNostalgiaCard) board[count + c.id] = c.level / 4.0f;
      board[2 * count] = scaled(static_cast<int>(p.nostalgia_hand.size()), kNostalgiaHand);
    }
  }
  const int relatives = static_cast<int>(cards_.relatives.size());
  for (int k = 0; size[kObsRelatives] && k < n; ++k)
    if (const PlayerState& p = seat_at(k); p.relative >= 0)
      at[kObsRelatives][k * relatives + p.relative] =
          cards_.relatives[p.relative].numbers[p.relative_level] / static_cast<float>(rules_.relative_die);
  for (int k = 0; size[kObsSchool] && k < n; ++k)
    for (int f = 0; f < 3; ++f)
      at[kObsSchool][3 * k + f] = std::min(1.0f, seat_at(k).school_credits[f] / static_cast<float>(rules_.degree_credits));
  if (size[kObsCommunity]) {
    float* community = at[kObsCommunity];
    for (std::uint8_t k : s.community_row) community[k] = 1.0f;
    float* resolving = community + cards_.community.size();
    if (s.community_slot >= 0) resolving[s.community_slot] = 1.0f;
    for (int k = 0; k < n; ++k) {
      const int seat = clockwise(player, k, n);
      float* mine = resolving + kCommunitySlots + k * kCommunitySeatBlock;
      for (int slot = 0; slot < kCommunitySlots; ++slot) mine[slot] = s.community_tokens[slot][seat] / 3.0f;
      mine[kCommunitySlots] = s.players[seat].popularity / static_cast<float>(rules_.popularity_max);
      const int meeple = s.players[seat].meeple == kCommunitySlots ? kCommunitySlots : meeple_slot_now(s, seat);
      if (meeple >= 0) mine[kCommunitySlots + 1 + meeple] = 1.0f;
      mine[2 * kCommunitySlots + 2] = s.community_slot < 0 ? scaled(community_hourglasses(s, seat), 9) : 0.0f;
    }
  }
}

// Re-deals what `player` cannot see: the order of every deck (and the face each Job or Partner
// would show), the Child Traits (the deck, other seats' offers, those turned down), and the other
// seats' Nostalgia hands with the cards left in the box. Re-seeds the generator.
// Hidden cards are sorted before they are shuffled, so the result depends on what `player`
// knows and the seed only: a state and any determinization of it from this view give the same
// determinizations.
State Game::determinize(const State& s, int player, std::uint64_t seed) const {
  State d = s;
  SplitMix64 rng{seed};
  for (int row = 0; row < kNumRows; ++row) {
    auto& deck = d.decks[row];
    const bool faces = row == kJobRow || row == kPartnerRow;
    if (faces)
      for (auto& entry : deck) entry = static_cast<std::uint8_t>(entry & ~1u);
    sort_distinct_cards(deck);
    if (faces)
      for (auto& entry : deck) entry = static_cast<std::uint8_t>(entry | rng.below(2));
    shuffle(deck, rng);
  }
  redeal_traits(d, num_players(), player, cards_.traits.size(), rng);
  reshuffle(d.event_deck, rng);  // nobody knows the Events still to come
  reshuffle(d.experience_deck, rng);
  reshuffle(d.kid_deck, rng);
  reshuffle(d.friend_deck, rng);
  reshuffle(d.community_deck, rng);
  if (nostalgia_on())
    redeal_hidden(d.nostalgia_box, num_players(), player, [&](int seat) -> auto& { return d.players[seat].nostalgia_hand; }, rng);
  d.rng.state = rng.next();
  return d;
}

}  // namespace lifespan::pursuit_of_happiness
