// The Nostalgia expansion (Nostalgia rulebook; docs/pursuit_of_happiness.md §9): a hidden hand
// of Nostalgia cards, the Nostalgia board whose cards wait for their two Triggers, and the
// realized cards in the play area with their four categories. The Realization side's own card
// actions (Progress, Dedicate Time) are the ordinary card action (actions.cpp). Every reward a
// Nostalgia card gives is gained here, so the LTH they give is counted here too.
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "views/observation_layout.hpp"
#include "views/view_text.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

int first_empty_slot(const PlayerState& p) {
  for (int k = 0; k < kNostalgiaSlots; ++k)
    if (p.nostalgia_board[k].card < 0) return k;
  return -1;
}

// The LTH of a Nostalgia card's reward, counted apart as well as among the LTH from cards (the
// Life Goal measure), so that the score by source shows Nostalgia (score_parts). It saturates
// as the LTH track does (add_lth). Play never reads it.
void count_nostalgia_lth(PlayerState& p, const Effect& reward) {
  if (reward[kLth] == 0) return;
  p.lth_from_nostalgia = static_cast<std::int16_t>(std::clamp(p.lth_from_nostalgia + reward[kLth], -kLthLimit, kLthLimit));
}

}  // namespace

// A Nostalgia card's reward, from any of its sides: a card reward, with its LTH counted apart.
void Game::gain_from_nostalgia(State& s, int seat, const Effect& reward) const {
  gain(s, seat, reward, true);
  count_nostalgia_lth(s.players[seat], reward);
}

// Setup, before the Child Traits are dealt: 8 cards to each player from the bottom of the
// shuffled deck; the rest go back to the box unseen.
void Game::deal_nostalgia(State& s) const {
  FixedVector<std::uint8_t, kMaxNostalgia> deck;
  for (std::size_t k = 0; k < cards_.nostalgia.size(); ++k) deck.push_back(static_cast<std::uint8_t>(k));
  shuffle_to_deal(deck, static_cast<std::size_t>(num_players() * kNostalgiaHand), s.rng);
  for (int seat = 0; seat < num_players(); ++seat)
    for (int i = 0; i < kNostalgiaHand; ++i) {
      s.players[seat].nostalgia_hand.push_back(deck[0]);
      deck.erase(0);
    }
  s.nostalgia_box = deck;
}

bool Game::unlocked(const InPlay& c, NostalgiaAbility ability) const {
  if (c.kind != kNostalgiaCard) return false;
  const NostalgiaSpec& spec = nostalgia(c);
  return spec.category == NostalgiaCategory::kAbility && c.level >= 2 && spec.ability == ability;
}

// The free actions: placing a card from the hand (on the first empty slot: the slots are
// alike), discarding one from the board, paying an Active Trigger, and an unlocked free-action
// Ability (Caregiver, Family Gatherings), which places an Hourglass on its card once a round.
bool Game::nostalgia_free_legal(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current];
  if (a.kind == ActionKind::kPlaceNostalgia)
    return a.slot < static_cast<int>(p.nostalgia_hand.size()) && first_empty_slot(p) >= 0;
  if (a.kind == ActionKind::kDiscardNostalgia) return p.nostalgia_board[a.slot].card >= 0;
  if (a.kind == ActionKind::kActiveTrigger) return active_trigger_legal(s, a.slot);
  return a.slot < static_cast<int>(p.cards.size()) && free_ability_placement_left(s) && free_ability_ready(p.cards[a.slot]);
}

bool Game::active_trigger_legal(const State& s, int slot) const {
  const NostalgiaSlot& there = s.players[s.current].nostalgia_board[slot];
  return there.card >= 0 && !(there.marks & kActiveDone) && can_pay(s, s.current, cards_.nostalgia[there.card].active_cost, false);
}

// A free-action Ability is done before the turn's Board or Card Action (the FAQ): the Hourglass
// it places may not be the last thing the seat has to place.
bool Game::free_ability_placement_left(const State& s) const {
  const PlayerState& p = s.players[s.current];
  return p.hourglasses > 1 || (p.hourglasses == 1 && other_placement_left(s, p));
}

bool Game::free_ability_ready(const InPlay& c) const {
  return !(c.flags & kAbilityUsed) && unlocked(c, NostalgiaAbility::kFreeAction);
}

// The sampler's candidates: one per card in the hand, the board's discards and Triggers, and,
// once a free-action Ability is unlocked, one per card in play.
int Game::nostalgia_free_candidates(const State& s) const {
  const PlayerState& p = s.players[s.current];
  int count = static_cast<int>(p.nostalgia_hand.size()) + 2 * kNostalgiaSlots;
  for (const InPlay& c : p.cards)
    if (unlocked(c, NostalgiaAbility::kFreeAction)) return count + static_cast<int>(p.cards.size());
  return count;
}

int Game::nostalgia_free_candidate(const State& s, int index) const {
  const int hand = static_cast<int>(s.players[s.current].nostalgia_hand.size());
  if (index < hand) return encode(ActionKind::kPlaceNostalgia, index);
  index -= hand;
  if (index < kNostalgiaSlots) return encode(ActionKind::kDiscardNostalgia, index);
  index -= kNostalgiaSlots;
  return index < kNostalgiaSlots ? encode(ActionKind::kActiveTrigger, index) : encode(ActionKind::kFreeAbility, index - kNostalgiaSlots);
}

// The legal ones in id order, as nostalgia_free_legal accepts them, kind by kind rather than
// through each candidate's id.
void Game::nostalgia_free_actions(const State& s, ActionList& out) const {
  const PlayerState& p = s.players[s.current];
  auto add = [&](ActionKind kind, int slot) { out.push_back(static_cast<std::uint16_t>(encode(kind, slot))); };
  if (first_empty_slot(p) >= 0)
    for (int k = 0; k < static_cast<int>(p.nostalgia_hand.size()); ++k) add(ActionKind::kPlaceNostalgia, k);
  for (int slot = 0; slot < kNostalgiaSlots; ++slot)
    if (p.nostalgia_board[slot].card >= 0) add(ActionKind::kDiscardNostalgia, slot);
  for (int slot = 0; slot < kNostalgiaSlots; ++slot)
    if (active_trigger_legal(s, slot)) add(ActionKind::kActiveTrigger, slot);
  if (!free_ability_placement_left(s)) return;
  for (int k = 0; k < static_cast<int>(p.cards.size()); ++k)
    if (free_ability_ready(p.cards[k])) add(ActionKind::kFreeAbility, k);
}

void Game::do_nostalgia_free(State& s, const Action& a) const {
  const int seat = s.current;
  PlayerState& p = s.players[seat];
  if (a.kind == ActionKind::kPlaceNostalgia) {
    const int k = a.slot;
    p.nostalgia_board[first_empty_slot(p)] = NostalgiaSlot{static_cast<std::int8_t>(p.nostalgia_hand[k]), 0};
    p.nostalgia_hand.erase(static_cast<std::size_t>(k));
  } else if (a.kind == ActionKind::kDiscardNostalgia) {
    p.nostalgia_board[a.slot] = NostalgiaSlot{};  // back to the box, seen by all
    gain_sth(s, seat, -1);
  } else if (a.kind == ActionKind::kActiveTrigger) {
    NostalgiaSlot& slot = p.nostalgia_board[a.slot];
    slot.marks |= kActiveDone;
    const NostalgiaSpec& spec = cards_.nostalgia[slot.card];
    pay_set_cost(s, seat, spec.active_cost, spec.active_reward);  // gains it as a card reward
    count_nostalgia_lth(p, spec.active_reward);
  } else {
    InPlay& c = p.cards[a.slot];  // kFreeAbility
    spend_hourglasses(p, 1);
    ++c.time;
    c.flags |= kAbilityUsed;
    gain_from_nostalgia(s, seat, nostalgia(c).ability_reward);
  }
}

// Nostalgia's main-action candidates (candidates.cpp), counted exactly: Realize on each board
// slot, both outcomes of each Outcomes card at L2, and SMART Goals on each card once unlocked.
void Game::count_nostalgia_candidates(const State& s, MainCandidates& c) const {
  const PlayerState& p = s.players[s.current];
  int outcomes = 0;
  bool smart = false;
  for (const InPlay& card : p.cards) {
    outcomes += outcomes_card_at_l2(card);
    smart = smart || unlocked(card, NostalgiaAbility::kSmartGoalsAbility);
  }
  c.set(MainCandidates::kRealize, kNostalgiaSlots);
  c.set(MainCandidates::kDetermineOutcome, 2 * outcomes);
  if (smart) c.set(MainCandidates::kSmartGoals, p.cards.size());
}

// candidate_position's Determine Outcome: the index outcome_candidate finds `a` at, or -1 when
// its card is not an Outcomes card at L2.
int Game::outcome_position(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current];
  if (a.slot >= static_cast<int>(p.cards.size()) || !outcomes_card_at_l2(p.cards[a.slot])) return -1;
  int before = 0;
  for (int k = 0; k < a.slot; ++k) before += outcomes_card_at_l2(p.cards[k]);
  return 2 * before + a.variant;
}

bool Game::outcomes_card_at_l2(const InPlay& c) const {
  return c.kind == kNostalgiaCard && c.level == 2 && nostalgia(c).category == NostalgiaCategory::kOutcomes;
}

// The index-th Determine Outcome candidate: outcome (index % 2) of the (index / 2)-th Outcomes
// card at L2.
int Game::outcome_candidate(const State& s, int index) const {
  const PlayerState& p = s.players[s.current];
  for (std::size_t slot = 0;; ++slot) {
    if (!outcomes_card_at_l2(p.cards[slot])) continue;
    if (index < 2) return encode(ActionKind::kDetermineOutcome, static_cast<int>(slot), index);
    index -= 2;
  }
}

// The main actions of Nostalgia's own: Realize a Reminiscence (both Triggers activated; the
// requirement is checked, the cost paid), Determine the Outcome (an Outcomes card at level 2),
// and a Basic Project advanced into L4 with SMART Goals (Time Management): one of the Hourglasses
// the L4 cost depicts, the one the action places when it depicts only that, is paid with
// resources of any kind that STH does not change (the rulebook's FAQ).
Plan Game::plan_nostalgia(const State& s, const Action& a) const {
  const PlayerState& p = s.players[s.current];
  Plan plan;
  if (a.kind == ActionKind::kRealize) {
    const NostalgiaSlot& slot = p.nostalgia_board[a.slot];
    if (slot.card < 0 || slot.marks != (kPassiveDone | kActiveDone) || p.cards.full()) return plan;
    const NostalgiaSpec& spec = cards_.nostalgia[slot.card];
    plan.ok = true;
    plan.met = meets(p, spec.requirement);
    plan.cost = spec.cost;
    return plan;
  }
  if (a.kind == ActionKind::kDetermineOutcome) {
    const int k = a.slot, outcome = a.variant;
    if (k >= static_cast<int>(p.cards.size())) return plan;
    const InPlay& c = p.cards[k];
    if (!outcomes_card_at_l2(c)) return plan;
    const NostalgiaOutcome& chosen = nostalgia(c).outcomes[outcome];
    if (chosen.partner && p.cards.full()) return plan;  // no room for the Partner it brings
    plan.ok = true;
    plan.cost = chosen.cost;
    return plan;
  }
  const int k = a.slot;  // kSmartGoals
  if (k >= static_cast<int>(p.cards.size())) return plan;
  const InPlay& c = p.cards[k];
  if (c.kind != kProjectCard || !has_card_action(c) || c.level != 3) return plan;
  Effect cost = cards_.projects[c.id].levels[3].cost;
  if (cost[kHourglasses] < 1) return plan;  // no Hourglass depicted to substitute
  for (const InPlay& ability : p.cards)
    if (unlocked(ability, NostalgiaAbility::kSmartGoalsAbility)) {
      // The placed Hourglass is one of those depicted: with more, another is substituted.
      plan.substituted = cost[kHourglasses] == 1;
      cost.amount[kHourglasses] = static_cast<std::int8_t>(std::max(0, cost[kHourglasses] - 2));
      plan.ok = true;
      plan.cost = with_event_project_cost(s, s.current, cost);
      plan.project = true;
      plan.unaffected = nostalgia(ability).ability_amount;
      return plan;
    }
  return plan;
}

// Realize and Determine the Outcome, once paid (SMART Goals resolves as the card action).
void Game::resolve_nostalgia(State& s, int seat, const Action& a, const Plan& plan) const {
  PlayerState& p = s.players[seat];
  const auto time = static_cast<std::uint8_t>(1 + plan.cost[kHourglasses]);
  if (a.kind == ActionKind::kRealize) {
    NostalgiaSlot& slot = p.nostalgia_board[a.slot];
    const auto id = static_cast<std::uint8_t>(slot.card);
    slot = NostalgiaSlot{};
    // Realization side up at L1, in no slot; the Hourglass stays on it this round.
    take_card(s, seat, InPlay{kNostalgiaCard, id, 0, 1, time, 0, {-1, -1, -1, -1}});
    gain_from_nostalgia(s, seat, cards_.nostalgia[id].reward);
    return;
  }
  const int outcome = a.variant;  // kDetermineOutcome
  InPlay& c = p.cards[a.slot];
  c.time = static_cast<std::uint8_t>(c.time + time);
  c.level = static_cast<std::uint8_t>(3 + outcome);
  const NostalgiaOutcome& chosen = nostalgia(c).outcomes[outcome];
  gain_from_nostalgia(s, seat, chosen.reward);
  std::uint8_t entry = 0;
  // A Partner taken as a reward is only placed: no reward for it, and it is not a Partner
  // started with Start a Relationship.
  if (chosen.partner && draw(s, kPartnerRow, entry))
    take_card(s, seat, InPlay{kPartnerCard, static_cast<std::uint8_t>(card_face(entry).card),
                              static_cast<std::uint8_t>(card_face(entry).face), 1, 0, kInActiveSlot, {-1, -1, -1, -1}});
}

// Progress in the Realization (Ability, Outcomes, Repeatable), or Dedicate Time to Your
// Passion on a Repeatable card at its last level. An Ability with a store fills it when unlocked.
void Game::progress_nostalgia(State& s, int seat, InPlay& c) const {
  const NostalgiaSpec& spec = nostalgia(c);
  if (spec.category == NostalgiaCategory::kRepeatable && c.level == spec.num_levels) {
    gain_from_nostalgia(s, seat, spec.repeat_reward);
    return;
  }
  ++c.level;
  gain_from_nostalgia(s, seat, spec.levels[c.level - 1].reward);
  if (unlocked(c, NostalgiaAbility::kStore)) c.stored = spec.ability_amount;
}

namespace {

bool waits_for(const NostalgiaSlot& slot, const CardTables& cards, int trigger) {
  return slot.card >= 0 && !(slot.marks & kPassiveDone) && cards.nostalgia[slot.card].passive_action == trigger;
}

}  // namespace

// "If both cards on your Nostalgia board feature the same Passive Trigger Requirement, only one
// of them can be activated when the specified action is performed" (Nostalgia rulebook, 3.2):
// which one is the player's choice, made once the action's other effects are done (they do not
// depend on it). A life that has ended chooses nothing: the first slot's activates.
bool Game::after_nostalgia_action(State& s, int seat, int trigger, bool project,
                                  const std::array<std::uint8_t, kNumResources>& paid) const {
  PlayerState& p = s.players[seat];
  const bool choice = p.alive && waits_for(p.nostalgia_board[0], cards_, trigger) && waits_for(p.nostalgia_board[1], cards_, trigger);
  for (NostalgiaSlot& slot : p.nostalgia_board) {
    if (choice || !waits_for(slot, cards_, trigger)) continue;
    slot.marks |= kPassiveDone;
    gain_from_nostalgia(s, seat, cards_.nostalgia[slot.card].passive_reward);
    break;
  }
  for (const InPlay& c : p.cards) {
    if (c.kind != kNostalgiaCard) continue;
    const NostalgiaSpec& spec = nostalgia(c);
    if (spec.category == NostalgiaCategory::kLifeGoal && spec.goal_timing == NostalgiaGoalTiming::kOngoing) {
      // Paying on a Project: what was handed over, after STH (the rulebook's FAQ, Bookworm).
      const bool met = spec.goal == NostalgiaGoal::kBoardAction ? trigger == spec.goal_space
                                                                 : project && paid[spec.goal_resource] >= spec.goal_amount;
      if (met) gain_from_nostalgia(s, seat, spec.goal_reward);
    } else if (unlocked(c, NostalgiaAbility::kActionBonus) && spec.ability_space == trigger) {
      gain_from_nostalgia(s, seat, spec.ability_reward);
    }
  }
  if (choice) {
    s.trigger_choice = static_cast<std::int8_t>(trigger);
    s.step = Step::kTrigger;
    return true;  // the stores are drawn on once the chosen reward is in
  }
  draw_on_stores(s, seat);
  return false;
}

// Step::kTrigger: the chosen card's Passive Trigger activates; then the turn ends.
void Game::choose_trigger(State& s, int slot) const {
  const int seat = s.current;
  NostalgiaSlot& chosen = s.players[seat].nostalgia_board[slot];
  chosen.marks |= kPassiveDone;
  gain_from_nostalgia(s, seat, cards_.nostalgia[chosen.card].passive_reward);
  draw_on_stores(s, seat);
  s.trigger_choice = -1;
  s.step = Step::kAction;
  next_turn(s);
}

// A store is taken only once the player has run out of its kind after a transaction (the
// rulebook's FAQ): never to make up a cost, and then all of it, which never hurts.
void Game::draw_on_stores(State& s, int seat) const {
  PlayerState& p = s.players[seat];
  for (InPlay& c : p.cards) {
    if (c.stored == 0) continue;
    std::uint8_t& held = store_kind_held(p, c);
    if (held == 0) {
      held = c.stored;
      c.stored = 0;
    }
  }
}

// At the end of the game what a store still holds joins the player's supply (the rulebook's
// FAQ), so the game-end goals count it as well as Inheritance.
void Game::empty_stores(PlayerState& p) const {
  for (InPlay& c : p.cards) {
    if (c.stored == 0) continue;
    std::uint8_t& held = store_kind_held(p, c);
    held = raised(held, c.stored);
    c.stored = 0;
  }
}

// What the player holds of the kind a store card keeps: its resource, or coins.
std::uint8_t& Game::store_kind_held(PlayerState& p, const InPlay& store) const {
  const int kind = nostalgia(store).store_kind;
  return kind == kStoreMoney ? p.money : p.resources[static_cast<std::size_t>(kind)];
}

// "Happily Ever After": a Partner the player started with Start a Relationship reaches L3.
void Game::nostalgia_relationship_goal(State& s, int seat, const InPlay& partner) const {
  if (!(partner.flags & kByStartRelationship)) return;
  for (InPlay& c : s.players[seat].cards) {
    if (c.kind != kNostalgiaCard || c.level != 1) continue;
    const NostalgiaSpec& spec = nostalgia(c);
    if (spec.category != NostalgiaCategory::kLifeGoal || spec.goal != NostalgiaGoal::kRelationshipL3) continue;
    c.level = 2;
    gain_from_nostalgia(s, seat, spec.goal_reward);
  }
}

void Game::nostalgia_round_income(State& s, int seat) const {
  for (const InPlay& c : s.players[seat].cards)
    if (unlocked(c, NostalgiaAbility::kRoundIncome)) gain_from_nostalgia(s, seat, nostalgia(c).ability_reward);
}

// Life Goals with a condition: Mid-Game ones at each End of Round while the life lasts, Game
// End ones at the end. A fulfilled goal moves to level 2.
void Game::check_nostalgia_goals(State& s, bool game_end) const {
  const auto wanted = game_end ? NostalgiaGoalTiming::kGameEnd : NostalgiaGoalTiming::kMidGame;
  for (int seat = 0; seat < num_players(); ++seat) {
    if (!game_end && !s.players[seat].alive) continue;
    for (InPlay& c : s.players[seat].cards) {
      if (c.kind != kNostalgiaCard || c.level != 1) continue;
      const NostalgiaSpec& spec = nostalgia(c);
      if (spec.category != NostalgiaCategory::kLifeGoal || spec.goal != NostalgiaGoal::kCondition ||
          spec.goal_timing != wanted || measure(s, seat, spec.goal_condition.what) < spec.goal_condition.amount)
        continue;
      c.level = 2;
      gain_from_nostalgia(s, seat, spec.goal_reward);
    }
  }
}

// 1 LTH per 5 of each resource and per 5 coins, counting what stores still hold (at a death,
// with inheritance_timing = "death"; at the end of the game they are emptied first); Keeping A
// Diary's Never Miss a Day instead counts the resources together, 1 LTH per its amount, when
// that gives more (it is the player's choice).
int Game::inheritance(const PlayerState& p) const {
  std::array<int, kNumResources + 1> held{p.resources[0], p.resources[1], p.resources[2], p.money};
  int per = 0;
  if (nostalgia_on())
    for (const InPlay& c : p.cards) {
      if (c.stored) held[nostalgia(c).store_kind] += c.stored;
      if (unlocked(c, NostalgiaAbility::kInheritance)) per = nostalgia(c).ability_amount;
    }
  int from_resources = 0, total = 0;
  for (int r = 0; r < kNumResources; ++r) {
    from_resources += held[r] / kInheritanceUnit;
    total += held[r];
  }
  if (per > 0) from_resources = std::max(from_resources, total / per);
  return held[kNumResources] / kInheritanceUnit + from_resources;
}

// The observation's Nostalgia block: the observer's hand (hidden from the others), then per seat
// its board (by Check Marks), its realized cards (by level) and its hand size.
void Game::observe_nostalgia(const State& s, int player, float* block) const {
  using namespace observation_layout;
  const int n = num_players(), count = static_cast<int>(cards_.nostalgia.size());
  for (std::uint8_t k : s.players[player].nostalgia_hand) block[k] = 1.0f;
  for (int k = 0; k < n; ++k) {
    const PlayerState& p = s.players[clockwise(player, k, n)];
    float* board = block + count + k * nostalgia_seat_block(cards_);
    for (const NostalgiaSlot& b : p.nostalgia_board)
      if (b.card >= 0) board[b.card] = (1.0f + flag(b.marks, kPassiveDone) + flag(b.marks, kActiveDone)) / 3.0f;
    for (const InPlay& c : p.cards)
      if (c.kind == kNostalgiaCard) board[count + c.id] = c.level / 4.0f;
    board[2 * count] = scaled(static_cast<int>(p.nostalgia_hand.size()), kNostalgiaHand);
  }
}

// The printed position's Trigger step: what both Nostalgia board cards wait for.
std::string Game::trigger_choice_text(const State& s) const {
  return std::string("  Both Nostalgia board cards wait for ") +
         (s.trigger_choice == kAnyCardAction ? "any card action" : view_text::kSpaceNames[s.trigger_choice]) +
         ": choosing whose Passive Trigger activates\n";
}

// A seat's Nostalgia board with its Check Marks, and its hand: the cards' names only where
// `hand_seen` (the seat's own view, or everything).
std::string Game::nostalgia_seat_text(const PlayerState& p, bool hand_seen) const {
  std::string out = "\n    Nostalgia board:";
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
  if (hand_seen)
    for (std::size_t k = 0; k < p.nostalgia_hand.size(); ++k) out += (k ? ", " : ": ") + cards_.nostalgia[p.nostalgia_hand[k]].name;
  return out;
}

// Nostalgia's actions by name: the hand, the board's Triggers, Realize, the abilities, the
// Outcomes and SMART Goals.
std::string Game::nostalgia_action_name(const State& s, const Action& a) const {
  using view_text::effect_text;
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
    default:  // kSmartGoals
      return "Advance with SMART Goals: " + (k < static_cast<int>(p.cards.size()) ? card_name(p.cards[k]) : "slot " + std::to_string(k));
  }
}

// The Trigger step: both Nostalgia board cards of the living seat to move wait for this action.
void Game::check_trigger_choice(const State& s) const {
  const PlayerState& p = s.players[s.current];
  auto waits = [&](const NostalgiaSlot& b) {
    return b.card >= 0 && !(b.marks & kPassiveDone) && cards_.nostalgia[b.card].passive_action == s.trigger_choice;
  };
  require_state(p.alive && waits(p.nostalgia_board[0]) && waits(p.nostalgia_board[1]),
                "trigger_choice: both Nostalgia board cards of the seat to move wait for this action");
}

}  // namespace lifespan::pursuit_of_happiness
