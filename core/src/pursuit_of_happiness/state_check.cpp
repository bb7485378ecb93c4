// Invariants of a reachable position, checked on states loaded from JSON.
#include <cstdlib>
#include <string>

#include "lifespan/common/checked_apply.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

// The highest level a realized Nostalgia card shows: a fulfilled Mid-Game or Game End goal 2,
// a determined Outcome 3 or 4 (docs §9).
int nostalgia_levels(const NostalgiaSpec& spec) {
  switch (spec.category) {
    case NostalgiaCategory::kLifeGoal: return spec.goal_timing == NostalgiaGoalTiming::kOngoing ? 1 : 2;
    case NostalgiaCategory::kAbility: return 2;
    case NostalgiaCategory::kOutcomes: return 4;
    case NostalgiaCategory::kRepeatable: return spec.num_levels;
  }
  return 1;
}

}  // namespace

// The decision a loaded state waits for must exist: in Upkeep the seat to move has a card
// due; a payment completes an action that can still resolve (its card, row slot or Dream slot
// is there; a requirement it no longer meets after paying does not matter).
void Game::check_pending_decision(const State& s) const {
  if (s.current < 0 || s.current >= num_players()) return;  // reported by validate()
  const PlayerState& p = s.players[s.current];
  auto due = [&](int slot) {
    return slot >= 0 && slot < static_cast<int>(p.cards.size()) && (p.cards[slot].flags & kUpkeepDue);
  };
  bool any_due = false;
  for (int slot = 0; slot < static_cast<int>(p.cards.size()); ++slot) any_due = any_due || due(slot);
  const bool upkeep = s.step == Step::kUpkeep || (s.step == Step::kPay && s.resume == Step::kUpkeep);
  require_state(!upkeep || any_due, "upkeep: the seat to move has no card whose upkeep is due");
  require_state(s.step != Step::kChooseTrait || !p.trait_offer.empty(),
                "current: in the trait step, the seat to move still holds its 2 offered traits");
  if (s.step == Step::kChooseTrait)  // the seats keep a trait in turn from the first player
    for (int seat = 0; seat < num_players(); ++seat)
      require_state((places_after(s.first_player, seat, num_players()) < places_after(s.first_player, s.current, num_players())) ==
                        s.players[seat].trait_offer.empty(),
                    "first_player: in the trait step, the seats before the one to move (from the first player) have kept a trait, the others not");
  // The expansions' own steps, each checked by its file.
  if (s.step == Step::kCommunity) check_community_decision(s);
  if (s.step == Step::kKids) check_kid_decisions(s);
  if (s.step == Step::kTrigger) check_trigger_choice(s);
  if (s.step != Step::kPay) return;
  const int action = s.payment.action;
  // What is paid once the resources are: coins and Hourglasses must be there.
  auto affordable = [&](const Effect& cost, int placed) {
    return p.money >= cost[kMoney] && p.hourglasses >= cost[kHourglasses] + placed;
  };
  // The resources handed over and still owed add up to no more than the cost can ask: its
  // resources, the units of a negative STH and those SMART Goals adds (a Nostalgia goal counts
  // what was paid; a forgone discount adds units up to the printed resources).
  const Payment& pay = s.payment;
  auto within = [&](const Effect& cost, int extra) {
    return pay.paid[0] + pay.paid[1] + pay.paid[2] + pay.units <= cost.resources() + cost[kAnyResource] + extra;
  };
  const Action a = decode(action);
  if (s.resume == Step::kUpkeep) {
    const bool paying = a.kind == ActionKind::kPayUpkeep && due(a.slot);
    const bool harder = a.kind == ActionKind::kUpkeepWorkingHarder && due(upkeep_slot(p, a)) &&
                        job_face(p.cards[upkeep_slot(p, a)]).standalone;
    require_state(paying || harder, "payment.action: not an upkeep payment of a card that is due");
    const Effect cost = upkeep_cost(p, p.cards[upkeep_slot(p, a)], harder ? a.variant : 0);
    require_state(affordable(cost, 0), "payment.action: the coins or Hourglasses of this upkeep are not there");
    require_state(within(cost, 0), "payment: more units paid and owed than this upkeep asks");
    return;
  }
  require_state(is_main_action(a.kind), "payment.action: not an action this position can complete");
  const Plan plan = plan_action(s, a);
  require_state(plan.ok && affordable(plan.cost, plan.placed()),
                "payment.action: not an action this position can complete");
  require_state(within(plan.cost, (plan.project ? -rules_.sth_min : 0) + plan.unaffected),
                "payment: more units paid and owed than this action's cost asks");
}

void Game::validate(const State& s) const {
  require_state(s.faces_kept < (1u << kNumRows), "faces_kept: a bitmask of the 4 rows");
  const State before = check_chance_fields(s, rules_.chance);
  if (s.rng.chance_node()) {
    // Replayed with the derived fields a loaded state rebuilds after this check.
    State from = before, target = s;
    rebuild_derived(from);
    rebuild_derived(target);
    if (s.rng.pending == kSetupPending) {
      State blank = blank_;
      blank.rng = before.rng;
      require_state(from == blank, "chance: a chance node of the setup holds a dealt position");
    } else {
      validate(before);
      require_state(is_legal(from, s.rng.pending), "chance.pending: not a legal action of the position");
    }
    check_chance_node(target, from, [this](State& t, int p) { resume(t, p); });
    return;
  }
  const int n = num_players();
  require_state(s.round >= 1 && s.round <= kMaxRounds, "round must be from 1 to 8");
  require_state(static_cast<int>(s.step) < kNumSteps, "step out of range");
  const bool over = s.step == Step::kGameOver;
  require_state(over ? s.current == kTerminalPlayer : s.current >= 0 && s.current < n,
          "current must be a seat, or -4 once the game is over");
  require_state(s.first_player < n, "first_player must be a seat");
  require_state(s.step != Step::kAction || has_turn(s, s.players[s.current]),
                "current: in the Action step the seat to move has something to place (an Hourglass, the Cloud or the meeple)");
  require_state(s.step == Step::kPay ? (s.resume == Step::kAction || s.resume == Step::kUpkeep) && s.payment.units > 0
                               : s.payment == Payment{},
          "a payment exists exactly in the pay step");
  require_state(s.payment.next_kind < kNumResources, "payment.next_kind out of range");
  require_state(s.unavailable < (1u << kNumSpaces), "unavailable: a bitmask of the 12 board spaces (bits 0-11), got " +
                                                        std::to_string(s.unavailable));
  require_state(experiences_on() || !(s.unavailable & ((1u << kPlanExperience) | (1u << kDream))),
                "unavailable: Plan Experience and Dream (bits 10 and 11) are spaces of the Experiences board, "
                "not in a game without Experiences");
  require_state(s.step == Step::kKids || s.kid_decisions.empty(), "kid_decisions: only in the Kids step");
  require_state(s.free_actions <= rules_.max_free_actions_per_turn,
                "free_actions: at most max_free_actions_per_turn (" + std::to_string(rules_.max_free_actions_per_turn) + ")");
  require_state(s.step == Step::kTrigger ? s.trigger_choice >= 0 && s.trigger_choice <= kAnyCardAction : s.trigger_choice == -1,
                "trigger_choice: a board space or 12 (any card action) in the trigger step, -1 elsewhere");

  // Every card of each kind is in one place at most.
  const std::size_t sizes[kNumRows] = {cards_.projects.size(), cards_.items.size(), cards_.jobs.size(),
                                       cards_.partners.size()};
  std::array<std::array<int, kMaxDeck>, kNumRows> seen{};
  auto note = [&](int row, int entry, const std::string& where) {
    const int id = row >= kJobRow ? card_face(entry).card : entry;
    require_state(static_cast<std::size_t>(id) < sizes[row], where + ": no such card " + std::to_string(entry));
    require_state(++seen[row][id] == 1, where + ": card " + std::to_string(entry) + " is in two places");
  };
  // Experiences: the board, the deck, the discards, Dream boards and play areas; a completed
  // Experience is set aside, so each card is in one place at most.
  std::array<int, kMaxDeck> experiences_seen{};
  auto note_experience = [&](int k, const std::string& where) {
    require_state(static_cast<std::size_t>(k) < cards_.experiences.size() && ++experiences_seen[k] == 1,
                  where + ": bad or repeated Experience " + std::to_string(k));
  };
  require_state(experiences_on() || (s.experience_row.empty() && s.experience_deck.empty() && s.experience_discards.empty()),
                "experience_row/deck/discards: no Experiences in this game");
  for (std::uint8_t k : s.experience_row) note_experience(k, "experience_row");
  for (std::uint8_t k : s.experience_deck) note_experience(k, "experience_deck");
  for (std::uint8_t k : s.experience_discards) note_experience(k, "experience_discards");
  std::array<int, kMaxKids> kids_seen{};
  auto note_kid = [&](int k, const std::string& where) {
    require_state(static_cast<std::size_t>(k) < cards_.kids.size() && ++kids_seen[k] == 1,
                  where + ": bad or repeated Kid " + std::to_string(k));
  };
  for (std::uint8_t k : s.kid_deck) note_kid(k, "kid_deck");
  // Nostalgia: the box, the hands, the boards and the play areas; a discarded card is gone.
  std::array<int, kMaxNostalgia> nostalgia_seen{};
  auto note_nostalgia = [&](int k, const std::string& where) {
    require_state(k >= 0 && static_cast<std::size_t>(k) < cards_.nostalgia.size() && ++nostalgia_seen[k] == 1,
                  where + ": bad or repeated Nostalgia card " + std::to_string(k));
  };
  for (std::uint8_t k : s.nostalgia_box) note_nostalgia(k, "nostalgia_box");
  check_community_board(s);
  // Best Friends (Items) are on their own board, deck and discards, and only they.
  auto note_friend_pile = [&](const auto& pile, const char* where, bool friends) {
    for (std::uint8_t e : pile) {
      note(kItemRow, e, where);
      require_state(cards_.items[e].best_friend == friends, std::string(where) + ": a Best Friend belongs to the Best Friends board only");
    }
  };
  note_friend_pile(s.friend_row, "friend_row", true);
  note_friend_pile(s.friend_deck, "friend_deck", true);
  note_friend_pile(s.friend_discards, "friend_discards", true);
  note_friend_pile(s.rows[kItemRow], "rows[1]", false);
  note_friend_pile(s.decks[kItemRow], "decks[1]", false);
  note_friend_pile(s.discards[kItemRow], "discards[1]", false);
  for (int row = 0; row < kNumRows; ++row) {
    if (row == kItemRow) continue;
    for (std::uint8_t e : s.rows[row]) note(row, e, std::string("rows[") + std::to_string(row) + "]");
    for (std::uint8_t e : s.decks[row]) note(row, e, std::string("decks[") + std::to_string(row) + "]");
    for (std::uint8_t e : s.discards[row]) note(row, e, std::string("discards[") + std::to_string(row) + "]");
  }

  const std::size_t goals = n == 1 ? kSoloLifeGoals : n;
  require_state(s.goals.size() == goals && s.goals_claimed_by.size() == goals, "one Life Goal per player (3 in solo)");
  for (std::size_t g = 0; g < goals; ++g) {
    require_state(s.goals[g] < cards_.goals.size(), "goals: no such Life Goal");
    const int by = s.goals_claimed_by[g];
    require_state(by == 0 || by == kGoalTied || by <= n, "goals_claimed_by must be 0, a seat + 1 or 255");
  }
  check_trends(s);
  check_events(s);
  std::array<int, 16> traits_seen{};
  for (std::uint8_t t : s.trait_deck) {
    require_state(t < cards_.traits.size() && ++traits_seen[t] == 1, "trait_deck: bad or repeated trait");
  }

  for (int seat = 0; seat < kMaxPlayers; ++seat) {
    const PlayerState& p = s.players[seat];
    const std::string who = "players[" + std::to_string(seat) + "]";
    if (seat >= n) {
      require_state(p == PlayerState{}, "players beyond the player count must be empty");
      continue;
    }
    require_state(p.sth >= rules_.sth_min && p.sth <= rules_.sth_max, who + ".sth outside the STH track");
    require_state(std::abs(p.lth) <= kLthLimit && std::abs(p.lth_from_cards) <= kLthLimit &&
                      std::abs(p.lth_from_nostalgia) <= kLthLimit,
                  who + ": lth, lth_from_cards and lth_from_nostalgia run from -" + std::to_string(kLthLimit) +
                      " to " + std::to_string(kLthLimit));
    require_state(nostalgia_on() || p.lth_from_nostalgia == 0, who + ".lth_from_nostalgia: no Nostalgia cards in this game");
    require_state(p.stress <= track_length() && (p.stress < track_length() || !p.alive),
            who + ".stress: past the end of the track means the life has ended");
    require_state(p.hourglasses + p.hourglasses_spent <= kHourglassesPerColour && (p.alive || p.hourglasses == 0),
            who + ".hourglasses: at most 9 with those spent this round, none once the life has ended");
    // Counts of cards: never more than the set holds (the engine's counted_up stops there too).
    require_state(p.completed_projects <= cards_.projects.size() && p.goals <= cards_.goals.size() &&
                      p.experiences <= cards_.experiences.size(),
                  who + ": completed_projects, goals and experiences count at most the cards of their kind");
    const bool choosing = s.step == Step::kChooseTrait && p.trait < 0;
    require_state(choosing ? p.trait_offer.size() == kTraitOffer : p.trait_offer.empty() && p.trait >= 0 &&
                                                                 static_cast<std::size_t>(p.trait) < cards_.traits.size(),
            who + ": a seat holds 2 offered traits until it keeps one");
    for (std::uint8_t t : p.trait_offer)
      require_state(t < cards_.traits.size() && ++traits_seen[t] == 1, who + ".trait_offer: bad or repeated trait");
    int jobs = 0;
    for (std::size_t i = 0; i < p.cards.size(); ++i) {
      const InPlay& c = p.cards[i];
      const std::string where = who + ".cards[" + std::to_string(i) + "]";
      require_state(c.kind < kNumCardKinds, where + ".kind out of range");
      if (c.kind == kExperienceCard)
        note_experience(c.id, where);
      else if (c.kind == kKidCard)
        note_kid(c.id, where);
      else if (c.kind == kNostalgiaCard)
        note_nostalgia(c.id, where);
      else
        note(c.kind, c.kind >= kJobCard ? face_entry(c.id, c.face) : c.id, where);
      require_state(c.kind == kKidCard ? c.parent >= 0 && static_cast<std::size_t>(c.parent) < cards_.partners.size()
                                       : c.parent == -1,
                    where + ".parent: a Kid's Partner card, -1 for other cards");
      require_state(c.face < 2, where + ".face must be 0 or 1");
      const int levels = c.kind == kProjectCard      ? cards_.projects[c.id].num_levels
                         : c.kind == kItemCard       ? cards_.items[c.id].num_levels
                         : c.kind == kExperienceCard ? 1   // planned; completed ones are set aside
                         : c.kind == kKidCard        ? cards_.kids[c.id].num_levels
                         : c.kind == kNostalgiaCard  ? nostalgia_levels(nostalgia(c))
                                                     : 3;  // Jobs and Partners have 3 levels
      require_state(c.level >= 1 && c.level <= levels, where + ".level out of range");
      require_state(c.stored == 0 || unlocked(c, NostalgiaAbility::kStore),
                    where + ".stored: only an unlocked store Ability holds units");
      require_state(!((c.flags & kArchived) && (c.flags & kInActiveSlot)), where + ": archived cards take no slot");
      // Which flags each kind can carry: an Experience none; a Kid or an Item only "upkeep
      // due"; "retired" a Job only; "archived", "completed" and "started" Projects and Jobs.
      const std::uint8_t allowed =
          c.kind == kExperienceCard                ? 0
          : c.kind == kNostalgiaCard               ? kAbilityUsed
          : c.kind == kKidCard || c.kind == kItemCard ? kUpkeepDue
          : c.kind == kPartnerCard                 ? kInActiveSlot | kUpkeepDue | kByStartRelationship
          : c.kind == kJobCard                     ? kInActiveSlot | kArchived | kRetired | kUpkeepDue
                                                   : kInActiveSlot | kArchived | kStartedThisRound | kCompleted;
      require_state((c.flags & ~allowed) == 0, where + ".flags: not flags a card of this kind carries");
      // `resume` means something only in the pay step; elsewhere it may hold an earlier value.
      require_state(!(c.flags & kUpkeepDue) || s.step == Step::kUpkeep ||
                        ((s.step == Step::kPay || s.step == Step::kKids) && s.resume == Step::kUpkeep),
              where + ": upkeep is due only in the Upkeep phase");
      if (c.flags & kUpkeepDue) {
        // Only a card Upkeep asks about, of a living seat still to decide (in turn order from
        // the first player, the seat to move and those after it).
        const bool asks = c.kind == kItemCard   ? cards_.items[c.id].has_upkeep || pet_grows(c)
                          : c.kind == kJobCard  ? !(c.flags & kArchived)
                          : c.kind == kPartnerCard ? level_of(c, c.level).has_upkeep
                          : c.kind == kKidCard  ? kid_grows(c) && cards_.kids[c.id].levels[c.level].has_cost
                                                : false;
        const int order = places_after(s.first_player, seat, n), current = places_after(s.first_player, s.current, n);
        require_state(asks, where + ": upkeep due on a card that has none to decide");
        require_state(p.alive && order >= current, where + ": upkeep due for a seat that has decided");
      }
      for (std::int8_t role : c.roles) require_state(role >= -1 && role < n, where + ".roles: not a seat");
      jobs += c.kind == kJobCard;
    }
    require_state(jobs <= 1, who + ": one Job at a time");
    require_state(p.cloud >= -1 && p.cloud <= kNumSpaces && (p.cloud < 0 || experiences_on()),
                  who + ".cloud: a board space, -1 unused or 12 returned, with Experiences only");
    for (int slot = 0; slot < kMaxDreamSlots; ++slot) {
      const Dreamt& d = p.dream[slot];
      const std::string where = who + ".dream[" + std::to_string(slot) + "]";
      if (d.source < 0) {
        require_state(d == Dreamt{}, where + ": an empty slot holds nothing");
        continue;
      }
      require_state(experiences_on() && slot < rules_.dream_slots && d.source <= kExperienceSource && d.desire <= kMaxDesire,
                    where + ": a card of a row or the Experiences board, in a slot the rules give, with 0-3 Desire");
      if (d.source == kExperienceSource)
        note_experience(d.entry, where);
      else
        note(d.source, d.entry, where);
    }
    check_community_seat(s, seat, who);
    check_school(p, who);
    check_relative(s, seat, who);
    for (std::uint8_t k : p.nostalgia_hand) note_nostalgia(k, who + ".nostalgia_hand");
    for (int slot = 0; slot < kNostalgiaSlots; ++slot) {
      const NostalgiaSlot& b = p.nostalgia_board[slot];
      const std::string where = who + ".nostalgia_board[" + std::to_string(slot) + "]";
      if (b.card < 0)
        require_state(b == NostalgiaSlot{}, where + ": an empty slot holds no card and no Check Marks");
      else
        note_nostalgia(b.card, where);
      require_state(b.marks <= (kPassiveDone | kActiveDone), where + ".marks: the two Triggers' Check Marks only");
    }
    require_state(p.event_flags <= (kEventTaskDone | kEventApplies) &&
                      (!(p.event_flags & kEventTaskDone) || s.event_revealed >= 0) &&
                      (!(p.event_flags & kEventApplies) || s.event_active >= 0),
                  who + ".event_flags: a task done needs a revealed Event, applying one an Event in effect");
  }
  // Planning actions reads what a load rebuilds (Group Project roles, row sums): on a copy.
  State rebuilt = s;
  rebuild_derived(rebuilt);
  check_pending_decision(rebuilt);  // it plans actions on cards checked above
  require_a_decision(*this, rebuilt);  // say, more units owed than the seat can pay
}

}  // namespace lifespan::pursuit_of_happiness
