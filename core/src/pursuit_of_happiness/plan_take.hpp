#pragma once
// Planning a board action's space, a simple board action and a take
// (docs/pursuit_of_happiness_engine.md §4): the main actions (actions.cpp), the candidates
// (candidates.cpp) and the Experiences board's and the Dream board's actions (experiences.cpp)
// plan with these. Inline here rather than in one file, as every playout move
// plans one or more takes and each call site's switch on the source is settled at compile time.
// An internal header of core/src/pursuit_of_happiness/.
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

// Whether a mask of board spaces (Unavailable tokens, the spaces a seat used) holds `space`.
inline bool has_space(std::uint16_t mask, int space) { return (mask >> space) & 1u; }

// The Cloud (Experiences) may go on the Experiences board while it is unused. The ids of Plan
// Experience, Dream and taking a card from the Dream board place it then; the same actions with
// an Hourglass (Action::hourglass) place an Hourglass instead (docs §9).
inline bool uses_cloud(const PlayerState& p, int space) {
  return (space == kPlanExperience || space == kDream) && p.cloud < 0;
}

// A board action's space: open unless under an Unavailable token, taken by the Cloud or an
// Hourglass.
inline void place_on_board(const State& s, const PlayerState& p, int space, Plan& plan) {
  plan.space = space;
  plan.ok = !has_space(s.unavailable, space);
  plan.cloud = uses_cloud(p, space);
}

// The six simple board actions, the commonest candidates, with nothing to pay: an open space
// and an Hourglass.
inline bool simple_action_legal(const State& s, int space, Plan* plan) {
  if (has_space(s.unavailable, space) || s.players[s.current].hourglasses == 0) return false;
  if (plan) {
    *plan = Plan{};
    plan->ok = true;
    plan->space = space;
  }
  return true;
}

// Taking a card onto the play area with its board action, from a row, the Experiences board or
// the Dream board: the card's price and requirement, and the board space.
// Inlined: every playout move plans one or more takes through plan_action.
[[gnu::always_inline]] inline Plan Game::plan_take(const State& s, int source, int entry, int variant) const {
  const PlayerState& p = s.players[s.current];
  Plan plan;
  if (p.cards.full()) return plan;  // a play area holds 24 cards at most (an engine limit)
  auto board = [&](int space) { place_on_board(s, p, space, plan); };
  switch (source) {
    case kProjectRow: {
      const ProjectSpec& spec = cards_.projects[entry];
      const bool group = spec.type == ProjectType::kGroup;
      if (group ? variant >= spec.num_levels : variant != 0) return plan;
      board(kStartProject);
      plan.moves_on = group;
      plan.cost = with_event_project_cost(s, s.current, discounted(p, spec.levels[variant].cost, DiscountOn::kProject));
      plan.project = true;
      return plan;
    }
    case kItemRow: {  // `variant`: the level bought, from 0 (L1)
      if (variant >= purchase_levels_[entry]) return plan;
      const ItemSpec& spec = cards_.items[entry];
      board(kSpend);
      const Effect& price = spec.levels[variant].cost;
      plan.cost = spec.activity || spec.pet ? price : discounted(p, price, DiscountOn::kItem);
      return plan;
    }
    case kJobRow: {
      const JobFace& face = job_of_entry(entry);
      if (variant > kMaxWorkHarder || (variant > 0 && !face.standalone)) return plan;
      board(kGetJob);
      // A Child Trait's Job discount comes off the whole price, Work Harder included.
      plan.cost = discounted(p, face.cost.plus(face.harder_cost, variant), DiscountOn::kJob);
      if (p.degrees) plan.cost = degree_discounted(p, plan.cost, face.category);
      // Apart from `ok`: resolve() re-plans after the resources are paid, when the requirement
      // may no longer hold, and uses the cost and the space only.
      plan.met = meets(p, face.requirement);
      return plan;
    }
    case kPartnerRow:
      if (variant != 0) return plan;
      board(kStartRelationship);
      plan.cost = discounted(p, partner_of_entry(entry).levels[0].cost, DiscountOn::kPartner);
      return plan;
    default:  // an Experience: Plan Experience checks its Planning requirement (last, as above)
      if (variant != 0) return plan;
      board(kPlanExperience);
      plan.met = meets(p, cards_.experiences[entry].plan_requirement);
      return plan;
  }
}

}  // namespace lifespan::pursuit_of_happiness
