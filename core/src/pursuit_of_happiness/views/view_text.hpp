#pragma once
// Names and short texts shared by the Pursuit of Happiness views (action names and the printed
// position): rows, board spaces, amounts, measures, an effect, an Event's task, and what a viewer
// may see of a seat. Follows The Pursuit of Happiness rulebook's terms (docs/sources.md); an
// internal header of core/src/pursuit_of_happiness/views/.
#include <cstdint>
#include <string>

#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness::view_text {


inline constexpr const char* kRowNames[kNumRows] = {"Project", "Item-Activity", "Job", "Partner"};
inline constexpr const char* kSimpleNames[6] = {"Study", "Play", "Interact", "Temp Job", "Work Overtime",
                                         "Rest"};
inline constexpr const char* kResourceNames[kNumResources] = {"Knowledge", "Creativity", "Influence"};

inline std::string signed_number(int value) { return (value > 0 ? "+" : "") + std::to_string(value); }


inline constexpr const char* kSpaceNames[kNumSpaces] = {
    "Study", "Play", "Interact", "Temp Job", "Work Overtime", "Rest", "Start a Project", "Spend",
    "Get a Job", "Start a Relationship", "Plan Experience", "Dream"};
inline constexpr const char* kAmountNames[kNumAmounts] = {
    "Knowledge", "Creativity", "Influence", "any resource", "coins", "Hourglasses", "STH", "LTH",
    "Stress", "Relax", "Good Health", "Popularity"};
inline constexpr const char* kMeasureNames[static_cast<int>(Measure::kNumMeasures)] = {
    "coins", "Knowledge", "Creativity", "Influence", "resources", "completed Projects", "Items",
    "level 3 Partners", "Job level", "LTH from cards", "retired Jobs", "completed Experiences", "STH",
    "Popularity", "Kids"};

// Until every seat has kept a Child Trait, the traits kept are hidden from the other seats
// (viewer -1: the whole position).
inline bool trait_hidden(const State& s, int viewer, int seat) {
  return s.step == Step::kChooseTrait && viewer >= 0 && seat != viewer;
}

// The board slot a seat's meeple stands on now, or -1: unused, given up, or its card resolved.
// The state keeps the slot it was placed on; during the End of Round resolution each card
// resolved so far has left the row, moving the cards right of it one slot left.
inline int meeple_slot_now(const State& s, int seat) {
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
inline std::string space_list(std::uint16_t spaces) {
  std::string out;
  for (int space = 0; space < kNumSpaces; ++space)
    if ((spaces >> space) & 1u) out.append(out.empty() ? " " : ", ").append(kSpaceNames[space]);
  return out;
}

inline std::string effect_text(const Effect& e) {
  std::string out;
  for (int i = 0; i < kNumAmounts; ++i)
    if (e[i]) out.append(out.empty() ? "" : ", ").append(std::to_string(e[i])).append(" ").append(kAmountNames[i]);
  return out;
}

// What an Event asks: "ensure: pay 2 Creativity", "prevent: end the round with at least 5 coins".
inline std::string event_task_text(const EventSpec& e) {
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


}  // namespace lifespan::pursuit_of_happiness::view_text
