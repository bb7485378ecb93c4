// Paying costs (docs/pursuit_of_happiness.md §4). Resources are the only part of a cost with a
// choice in it: "any resource" units, the extra units of negative STH on a Project, and which
// owed resources a positive-STH discount covers. A payment is valid when it pays exactly
// `units` resources, no more of a kind than the player holds, and the shortfall against the
// owed kinds is at most the discount. Units are chosen one action at a time in non-decreasing
// kind order, so each payment is reached one way only; a unit with a single option is taken
// by the engine. Rule parameter: `sth_penalty`.
#include <algorithm>

#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

struct ResourceCost {
  std::array<int, kNumResources> owed{};
  int units = 0;      // resources to hand over in all
  int discount = 0;   // shortfall of `owed` that the discount may cover
};

// `relief`: an Event's relief on a Project's cost: fewer units, like a positive STH's
// discount, and substitutions, which widen the allowed shortfall without lowering the units.
// `unaffected`: units of any kind owed on top, out of the discount's reach (SMART Goals).
ResourceCost resource_cost(const Rules& rules, const PlayerState& p, const Effect& cost,
                           bool project, ProjectRelief relief, int unaffected) {
  ResourceCost rc;
  int owed_total = 0;
  for (int r = 0; r < kNumResources; ++r) owed_total += rc.owed[r] = cost[r];
  int extra = cost[kAnyResource];
  int discount = relief.less;
  if (project && p.sth > 0) discount += p.sth;
  if (project && p.sth < 0 && rules.sth_penalty == SthPenalty::kAlways) extra += -p.sth;
  rc.units = std::max(0, owed_total + extra - discount) + unaffected;
  rc.discount = std::min(discount + relief.substitutions, owed_total);
  return rc;
}

// `units` more resources out of `available` ones, `coverable` of which are owed kinds: is the
// shortfall against `owed_total` within `discount`? Arithmetic rather than tests: every payment
// step asks this for each kind, and the answers follow no pattern a CPU predicts.
bool payable(int available, int coverable, int owed_total, int units, int discount) {
  return (available >= units) & (owed_total - std::min(units, coverable) <= discount);
}

// Can `units` more resources, of kinds >= first_kind, be paid from `held` so that the
// shortfall against `owed` stays within `discount`?
bool completable(const std::array<int, kNumResources>& held, const std::array<int, kNumResources>& owed,
                 int units, int discount, int first_kind) {
  int available = 0, coverable = 0, owed_total = 0;
  for (int r = 0; r < kNumResources; ++r) {
    const int counted = r >= first_kind;
    owed_total += owed[r];
    available += counted * held[r];
    coverable += counted * std::min(owed[r], held[r]);
  }
  return payable(available, coverable, owed_total, units, discount);
}

std::array<int, kNumResources> widened(const std::array<std::uint8_t, kNumResources>& amounts) {
  return {amounts[0], amounts[1], amounts[2]};
}

}  // namespace

bool Game::meets(const PlayerState& p, const Effect& requirement) const {
  int total = 0;
  for (int r = 0; r < kNumResources; ++r) {
    if (p.resources[r] < requirement[r]) return false;
    total += p.resources[r];
  }
  // An STH requirement is "at least that STH" and 0 means none: a negative STH meets 0.
  return total >= requirement[kAnyResource] && p.money >= requirement[kMoney] &&
         std::max<int>(p.sth, 0) >= requirement[kSth];
}

// `cost` here is what the action takes besides the Hourglass it places.
bool Game::can_pay(const State& s, int seat, const Effect& cost, bool project, int unaffected) const {
  const PlayerState& p = s.players[seat];
  if (!project && cost.none()) return true;  // most board actions: only the Hourglass
  if (p.money < cost[kMoney] || p.hourglasses < cost[kHourglasses]) return false;
  const ResourceCost rc = resource_cost(rules_, p, cost, project, project_relief(s, seat, project), unaffected);
  return completable(widened(p.resources), rc.owed, rc.units, rc.discount, 0);
}

// A cost of set resources, coins, STH and Stress (an Event task, an Active Trigger, an
// achievement), paid at once as it leaves nothing to choose, and the reward it buys: one
// transaction, so a store refills a kind that ran out only once the reward is in (the
// Nostalgia FAQ: "after completing a transaction").
void Game::pay_set_cost(State& s, int seat, const Effect& cost, const Effect& reward) const {
  PlayerState& p = s.players[seat];
  for (int r = 0; r < kNumResources; ++r) p.resources[r] = static_cast<std::uint8_t>(p.resources[r] - cost[r]);
  p.money = static_cast<std::uint8_t>(p.money - cost[kMoney]);
  if (cost[kSth]) gain_sth(s, seat, -cost[kSth]);
  gain_stress(s, seat, cost[kStress]);
  gain(s, seat, reward, true);
  if (nostalgia_on()) draw_on_stores(s, seat);
}

// Pays the resource part of `cost` when there is no choice in it and returns true; otherwise
// enters the pay step for `action` and returns false (the action completes after the last unit).
bool Game::begin_payment(State& s, int seat, const Effect& cost, bool project, int action, int unaffected) const {
  const ResourceCost rc = resource_cost(rules_, s.players[seat], cost, project, project_relief(s, seat, project), unaffected);
  if (rc.units == 0) return true;  // no resources to hand over: nothing to choose
  s.payment = Payment{};
  s.payment.action = static_cast<std::uint16_t>(action);
  s.payment.units = static_cast<std::uint8_t>(rc.units);
  s.payment.discount = static_cast<std::uint8_t>(rc.discount);
  for (int r = 0; r < kNumResources; ++r) s.payment.owed[r] = static_cast<std::uint8_t>(rc.owed[r]);
  s.resume = s.step;
  s.step = Step::kPay;
  return continue_payment(s);
}

// Pays every unit that has a single option; true (and back to the step the payment came from)
// once nothing is left to pay, false while the player has a real choice.
bool Game::continue_payment(State& s) const {
  Payment& pay = s.payment;
  const int owed_total = pay.owed[0] + pay.owed[1] + pay.owed[2];
  if (pay.discount == 0 && pay.units == owed_total) {  // exactly what is owed: no choice at all
    for (int r = 0; r < kNumResources; ++r) {
      s.players[s.current].resources[r] = static_cast<std::uint8_t>(s.players[s.current].resources[r] - pay.owed[r]);
      pay.paid[r] = static_cast<std::uint8_t>(pay.paid[r] + pay.owed[r]);
      pay.owed[r] = 0;
    }
    pay.units = 0;
  }
  ActionList options;
  for (;;) {
    if (s.payment.units == 0) {  // what was paid stays for resolve(), which clears it
      s.step = s.resume;
      const auto paid = s.payment.paid;
      s.payment = Payment{};
      s.payment.paid = paid;
      return true;
    }
    pay_unit_options(s, options);
    if (options.size() != 1) return false;
    pay_unit(s, decode(options[0]));
  }
}

// Forgoing the discount: only with an Ongoing goal that counts what a Project took, before any
// unit is chosen, and never past the resources the card prints.
bool Game::forgo_legal(const State& s) const {
  const Payment& pay = s.payment;
  if (!nostalgia_on() || pay.discount == 0 || pay.next_kind != 0 || s.resume != Step::kAction) return false;
  if (pay.paid[0] + pay.paid[1] + pay.paid[2] != 0 || pay.units >= pay.owed[0] + pay.owed[1] + pay.owed[2]) return false;
  for (const InPlay& c : s.players[s.current].cards)
    if (c.kind == kNostalgiaCard && nostalgia(c).category == NostalgiaCategory::kLifeGoal &&
        nostalgia(c).goal_timing == NostalgiaGoalTiming::kOngoing && nostalgia(c).goal == NostalgiaGoal::kPayOnProject)
      return true;
  return false;
}

// Each kind's check is completable() after one unit of that kind, worked out from sums over the
// kinds from it on: the unit lowers what is held by one and, where the kind is owed, what is
// owed and what can cover it by one. Every payment step asks this, so it is not a pass per kind.
void Game::pay_unit_options(const State& s, ActionList& out) const {
  out.clear();
  const PlayerState& p = s.players[s.current];
  const Payment& pay = s.payment;
  const int owed_total = pay.owed[0] + pay.owed[1] + pay.owed[2];
  std::array<int, kNumResources + 1> available{}, coverable{};  // over the kinds from k on
  for (int kind = kNumResources - 1; kind >= 0; --kind) {
    available[kind] = available[kind + 1] + p.resources[kind];
    coverable[kind] = coverable[kind + 1] + std::min(pay.owed[kind], p.resources[kind]);
  }
  for (int kind = pay.next_kind; kind < kNumResources; ++kind) {
    const int owed_here = pay.owed[kind] > 0;
    const bool ok = (p.resources[kind] > 0) & payable(available[kind] - 1, coverable[kind] - owed_here,
                                                      owed_total - owed_here, pay.units - 1, pay.discount);
    out.push_back_if(ok, static_cast<std::uint16_t>(encode(ActionKind::kPayUnit, kind)));
  }
  if (forgo_legal(s) && completable(widened(p.resources), widened(pay.owed), pay.units + 1, pay.discount - 1, 0))
    out.push_back(encode(ActionKind::kForgoDiscount));
}

void Game::pay_unit(State& s, const Action& a) const {
  if (a.kind == ActionKind::kForgoDiscount) {
    ++s.payment.units;
    --s.payment.discount;
    return;
  }
  const int kind = a.slot;
  PlayerState& p = s.players[s.current];
  --p.resources[kind];
  ++s.payment.paid[kind];
  if (s.payment.owed[kind] > 0) --s.payment.owed[kind];
  --s.payment.units;
  s.payment.next_kind = static_cast<std::uint8_t>(kind);
}

}  // namespace lifespan::pursuit_of_happiness
