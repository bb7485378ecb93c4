// Action names of The Pursuit of Happiness: what each action id is called in a given position
// (state.action_to_string), for every kind of the base game and the expansions. Follows the
// rulebook's action names (The Pursuit of Happiness rulebook §4 and each expansion's rulebook,
// docs/sources.md); no rule parameter changes a name.
#include <algorithm>
#include <array>
#include <string>

#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "view_text.hpp"

namespace lifespan::pursuit_of_happiness {

using namespace view_text;

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

// A chance node's outcome: the card it draws where the draw is from a deck, else its number.
// The number leads every name, so that two copies of a card drawn from one deck (the Child Trait
// deck has several) still name two outcomes apart, as action names must be.
std::string Game::chance_outcome_name(const State& s, int outcome) const {
  const std::string label = "chance " + std::to_string(outcome) + ": ";
  const std::string which = label + "outcome " + std::to_string(outcome) + " of " + std::to_string(s.rng.bound);
  if (outcome >= s.rng.bound) return which + " (no such outcome)";
  const State t = name_draw(s, outcome, [this](State& u, int p) { resume(u, p); });
  const void* pile = t.rng.named_pile;
  const int card = t.rng.named_card;
  auto deals = [&label](const std::string& name, const char* deck) { return label + "draws " + name + " from the " + deck + " deck"; };
  for (int row = 0; row < kNumRows; ++row) {
    if (pile != &t.decks[row]) continue;
    const bool unseen_face = (row == kJobRow || row == kPartnerRow) && !((t.faces_kept >> row) & 1u);
    if (unseen_face) return label + "draws " + std::string(kRowNames[row]) + " card " + std::to_string(card >> 1) + ", its face chosen next";
    return deals(row_card_name(row, static_cast<std::uint8_t>(card)), kRowNames[row]);
  }
  if (pile == &t.trait_deck) return deals(cards_.traits[card].name, "Child Trait");
  if (pile == &t.event_deck) return deals(cards_.events[card].name, "Event");
  if (pile == &t.experience_deck) return deals(cards_.experiences[card].name, "Experience");
  if (pile == &t.kid_deck) return deals(cards_.kids[card].name, "Kid");
  if (pile == &t.friend_deck) return deals(cards_.items[card].name, "Best Friends");
  if (pile == &t.community_deck) return deals(cards_.community[card].name, "Community");
  return which;  // a face, a seat, a die, or a pile of the setup dealt at once
}

std::string Game::action_to_string(const State& s, int action) const {
  if (s.rng.chance_node() && action >= 0 && action < kNumDistinctActions) return chance_outcome_name(s, action);
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
      return expansion_action_name(s, a);
  }
}

// The expansions' and modules' actions after the Kids': each named by its own file.
std::string Game::expansion_action_name(const State& s, const Action& a) const {
  switch (a.kind) {
    case ActionKind::kNoAchievement:
    case ActionKind::kAchievement:
    case ActionKind::kCommunityPlace: return community_action_name(s, a);
    case ActionKind::kMakeFriend: return make_friend_name(s, a);
    case ActionKind::kSchoolCourse: return school_course_name(a);
    case ActionKind::kForgoDiscount: return "Forgo 1 unit of the STH discount (pay 1 more resource)";
    default: return nostalgia_action_name(s, a);
  }
}

}  // namespace lifespan::pursuit_of_happiness
