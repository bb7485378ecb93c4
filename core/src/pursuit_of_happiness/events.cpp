// The Events promo (KS Promos rulebook §1; docs/pursuit_of_happiness.md §9): an Event is
// revealed in each Adult round, its ENSURE or PREVENT task can be done during that round, and
// its effect lasts the next round for the players the task selects. Rule parameter:
// `delayed_event` (when a delayed effect lands).
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"
#include "views/observation_layout.hpp"
#include "views/view_text.hpp"

namespace lifespan::pursuit_of_happiness {
namespace {

// A positive Event selects the players who did its task, a negative one those who did not,
// and one without a task (Natural Disaster) everyone.
bool selects(const EventSpec& e, bool task_done) {
  if (e.task == EventTask::kNone) return true;
  return e.positive == task_done;
}

bool delayed(const EventSpec& e) {
  return e.effect == EventEffect::kOnce && e.timing == EventTiming::kAfterEndOfRound;
}

}  // namespace

// Preparation, once the Hourglasses are handed out: last round's Event takes effect for the
// players it selects (an effect at the round's start happens now), and in an Adult round the
// next Event is revealed. Rounds 2-5 reveal, so 4 Events are drawn and the last is in effect
// in the first Old Age round.
void Game::advance_events(State& s) const {
  s.event_active = s.event_revealed;
  s.event_revealed = -1;
  const EventSpec* active = s.event_active >= 0 ? &cards_.events[s.event_active] : nullptr;
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    const bool applies = active && p.alive && selects(*active, p.event_flags & kEventTaskDone);
    p.event_flags = applies ? kEventApplies : 0;
    if (applies && active->effect == EventEffect::kOnce && active->timing == EventTiming::kRoundStart) {
      gain(s, seat, active->reward, false);
      lose(s, seat, active->loss);
    }
  }
  if (s.round >= kFirstAdultRound && s.round < kFirstOldAgeRound && !s.event_deck.empty())
    s.event_revealed = static_cast<std::int8_t>(take_top(s.event_deck, s.rng));
}

// The start of End of Round: "end the round with ..." tasks are checked, before anything of
// the phase changes money or STH (and so before a Natural Disaster strikes: the rulebook's
// order for a Financial Crisis revealed that round).
void Game::check_end_of_round_tasks(State& s) const {
  if (s.event_revealed < 0) return;
  const EventSpec& e = cards_.events[s.event_revealed];
  if (e.task != EventTask::kEndWith) return;
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    if (p.alive && measure(s, seat, e.task_what) >= e.task_at_least) p.event_flags |= kEventTaskDone;
  }
}

// After End of Round: a delayed Event (Natural Disaster) strikes at the end of the round after
// its reveal, or of its reveal round (rule delayed_event); STH it takes carries over. Then the
// Event in effect is over.
void Game::delayed_event_effect(State& s) const {
  const bool next_round = rules_.delayed_event == DelayedEvent::kAfterNextRound;
  const int k = next_round ? s.event_active : s.event_revealed;
  if (k >= 0 && delayed(cards_.events[k])) {
    const EventSpec& e = cards_.events[k];
    for (int seat = 0; seat < num_players(); ++seat) {
      const PlayerState& p = s.players[seat];
      const bool hit = next_round ? (p.event_flags & kEventApplies) != 0 : selects(e, p.event_flags & kEventTaskDone);
      if (!p.alive || !hit) continue;
      gain(s, seat, e.reward, false);
      lose(s, seat, e.loss);
    }
  }
  s.event_active = -1;
  for (int seat = 0; seat < num_players(); ++seat)
    s.players[seat].event_flags &= static_cast<std::uint8_t>(~kEventApplies);
}

// A "pay" task is a free action of the Action phase, once per round.
bool Game::event_task_legal(const State& s) const {
  if (s.event_revealed < 0) return false;
  const EventSpec& e = cards_.events[s.event_revealed];
  return e.task == EventTask::kPay && !(s.players[s.current].event_flags & kEventTaskDone) &&
         can_pay(s, s.current, e.task_cost, false);
}

// The task's cost is fixed resources and money (the Game constructor checks): no choice to make.
void Game::do_event_task(State& s) const {
  pay_set_cost(s, s.current, cards_.events[s.event_revealed].task_cost, Effect{});
  s.players[s.current].event_flags |= kEventTaskDone;
}

// A board action done: it may be the revealed Event's task, and the Event in effect may give
// a bonus for it.
void Game::event_board_action(State& s, int seat, int space) const {
  if (s.event_revealed >= 0) {
    const EventSpec& e = cards_.events[s.event_revealed];
    if (e.task == EventTask::kBoardAction && e.task_space == space) s.players[seat].event_flags |= kEventTaskDone;
  }
  const EventSpec* e = event_in_effect(s, seat);
  if (e && e->effect == EventEffect::kActionBonus && e->effect_space == space) gain(s, seat, e->reward, false);
}

Effect Game::event_project_cost(const State& s, int seat, Effect cost) const {
  const EventSpec* e = event_in_effect(s, seat);
  return e && e->effect == EventEffect::kProjectCost ? cost.plus(e->extra_cost, 1) : cost;
}

ProjectRelief Game::event_project_relief(const State& s, int seat) const {
  const EventSpec* e = event_in_effect(s, seat);
  if (!e || e->effect != EventEffect::kProjectCost) return {};
  return {e->resources_less, e->substitutions};
}

// The observation's Events block: the Event revealed and the one in effect (one-hot each), then
// per seat its task done and whether the Event applies to it.
void Game::observe_events(const State& s, int player, float* block) const {
  using observation_layout::flag;
  const int n = num_players(), count = static_cast<int>(cards_.events.size());
  if (s.event_revealed >= 0) block[s.event_revealed] = 1.0f;
  if (s.event_active >= 0) block[count + s.event_active] = 1.0f;
  for (int k = 0; k < n; ++k) {
    const PlayerState& p = s.players[clockwise(player, k, n)];
    block[2 * count + 2 * k] = flag(p.event_flags, kEventTaskDone);
    block[2 * count + 2 * k + 1] = flag(p.event_flags, kEventApplies);
  }
}

// The printed position's Events: the one revealed with its task, and the one in effect.
std::string Game::events_text(const State& s) const {
  std::string out;
  if (s.event_revealed >= 0) {
    const EventSpec& e = cards_.events[s.event_revealed];
    out += "  Event revealed: " + e.name + (e.positive ? " (positive; " : " (negative; ") + view_text::event_task_text(e) + ")\n";
  }
  if (s.event_active >= 0) out += "  Event in effect: " + cards_.events[s.event_active].name + "\n";
  return out;
}

std::string Game::event_seat_text(const PlayerState& p) {
  std::string out;
  if (p.event_flags & kEventTaskDone) out += ", Event task done";
  if (p.event_flags & kEventApplies) out += ", under the Event";
  return out;
}

// Each Event is in the deck, revealed or in effect, or gone (discarded): one of them at most.
void Game::check_events(const State& s) const {
  std::array<int, kMaxEvents> events_seen{};
  auto note_event = [&](int k, const char* where) {
    require_state(k >= 0 && static_cast<std::size_t>(k) < cards_.events.size() && ++events_seen[k] == 1,
                  std::string(where) + ": bad or repeated Event");
  };
  for (std::uint8_t k : s.event_deck) note_event(k, "event_deck");
  if (s.event_revealed != -1) note_event(s.event_revealed, "event_revealed");
  if (s.event_active != -1) note_event(s.event_active, "event_active");
}

}  // namespace lifespan::pursuit_of_happiness
