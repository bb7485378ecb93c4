// The round of The Pursuit of Happiness (the rules summary, Preparation, Upkeep, Action and End of
// Round; docs/pursuit_of_happiness.md §4–5): Preparation, Upkeep, the order of turns in the Action
// phase, End of Round, the Life Goals' settling and the end of the game (setup is setup.cpp).
// Rule parameters: `hourglasses_first_section`, `overtime_timing`, `group_bonus`,
// `inheritance_timing`. Decisions are actions (actions.cpp); everything between them happens
// here.
#include <algorithm>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"
#include "lifespan/pursuit_of_happiness/game.hpp"

namespace lifespan::pursuit_of_happiness {

bool Game::everyone_dead(const State& s) const {
  for (int seat = 0; seat < num_players(); ++seat)
    if (s.players[seat].alive) return false;
  return true;
}

void Game::preparation(State& s) const {
  ++s.round;
  if (s.round == kFirstAdultRound) s.unavailable = 0;
  if (s.round == kFirstOldAgeRound) s.unavailable |= 1u << kOvertime;
  if (s.round >= kFirstOldAgeRound)
    for (int seat = 0; seat < num_players(); ++seat)
      gain_stress(s, seat, kOldAgeStress[s.round - kFirstOldAgeRound]);
  if (everyone_dead(s)) {
    end_game(s);
    return;
  }
  for (int row = 0; row < kNumRows; ++row) {
    for (std::uint8_t card : s.rows[row]) s.discards[row].push_back(card);
    s.rows[row].clear();
    deal_row(s, row);  // Preparation is never in the Teen round: every row is dealt
  }
  if (s.round > kFirstAdultRound) age_experiences(s);  // from the 2nd Adult round
  if (friends_on()) deal_friends(s);                    // redealt from the 1st Adult round on
  if (community_on()) deal_community(s);
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    if (!p.alive) continue;
    p.hourglasses = static_cast<std::uint8_t>(
        std::min(kHourglassesPerColour, hourglasses_for(p.stress) + p.hourglasses_next));
    p.hourglasses_next = 0;
    trait_income(s, seat);
    if (nostalgia_on()) nostalgia_round_income(s, seat);
  }
  if (!cards_.events.empty()) advance_events(s);  // before Upkeep (KS Promos rulebook)
  begin_upkeep(s);
}

// A Child Trait's income "at the start of every round": round 1 starts once every trait is
// kept, the later rounds with their Preparation.
void Game::trait_income(State& s, int seat) const {
  const TraitSpec& trait = cards_.traits[s.players[seat].trait];
  if (trait.ability == AbilityKind::kRoundIncome) gain(s, seat, trait.reward, false);
}

// Upkeep (docs §4): over-commitment Stress, retired Jobs' pensions, then every card with an
// upkeep waits for its owner's decision.
void Game::begin_upkeep(State& s) const {
  s.step = Step::kUpkeep;
  if (experiences_on()) add_desire(s);
  for (int seat = 0; seat < num_players(); ++seat) {
    PlayerState& p = s.players[seat];
    if (!p.alive) continue;
    const TraitSpec* trait = p.trait >= 0 ? &cards_.traits[p.trait] : nullptr;
    p.upkeep_relief = trait && trait->ability == AbilityKind::kUpkeepRelief ? trait->amount : 0;
    int partners = 0, active = 0;  // active_count's count, in the same pass as the Partners
    for (const InPlay& c : p.cards) {
      partners += c.kind == kPartnerCard;
      active += (c.flags & kInActiveSlot) != 0;
    }
    gain_stress(s, seat, std::max(0, active - kActiveSlots) + std::max(0, partners - 1));
    if (!p.alive) continue;
    if (kids_on()) grow_kids(s, seat);
    for (InPlay& c : p.cards) {
      if (c.flags & kArchived) {
        if ((c.flags & kRetired)) gain(s, seat, job_face(c).retirement_reward, true);
        continue;
      }
      bool due = false;
      if (c.kind == kItemCard) due = cards_.items[c.id].has_upkeep || pet_grows(c);
      if (c.kind == kJobCard) due = true;
      if (c.kind == kPartnerCard) due = level_of(c, c.level).has_upkeep;
      if (due) c.flags |= kUpkeepDue;
    }
  }
  if (everyone_dead(s)) {
    end_game(s);
    return;
  }
  next_upkeep_seat(s, 0);
}

// The seats decide in turn order from the first player; `from_offset` counts from there.
void Game::next_upkeep_seat(State& s, int from_offset) const {
  const int n = num_players();
  for (int k = from_offset; k < n; ++k) {
    const int seat = clockwise(s.first_player, k, n);
    const PlayerState& p = s.players[seat];
    if (!p.alive) continue;
    for (const InPlay& c : p.cards)
      if (c.flags & kUpkeepDue) {
        s.current = static_cast<std::int8_t>(seat);
        return;
      }
  }
  // Hourglasses paid as upkeep were only resting on the cards: they are spent either way.
  begin_action_phase(s);
}

void Game::begin_action_phase(State& s) const {
  s.step = Step::kAction;
  s.free_actions = 0;
  const int n = num_players();
  for (int k = 0; k < n; ++k) {
    const int seat = clockwise(s.first_player, k, n);
    if (has_turn(s, s.players[seat])) {
      s.current = static_cast<std::int8_t>(seat);
      return;
    }
  }
  end_of_round(s);
}

// Clockwise from the seat that just moved; it may move again if nobody else can.
void Game::next_turn(State& s) const {
  const int n = num_players();
  s.free_actions = 0;  // a new turn, even when the same seat moves again
  for (int k = 1; k <= n; ++k) {
    const int seat = clockwise(s.current, k, n);
    if (has_turn(s, s.players[seat])) {
      s.current = static_cast<std::int8_t>(seat);
      return;
    }
  }
  end_of_round(s);
}

void Game::end_of_round(State& s) const {
  const int n = num_players();
  if (!cards_.events.empty()) check_end_of_round_tasks(s);
  // Next first player: most STH; a tie goes to the tied seat farthest clockwise from the
  // current first player.
  int best = -1, best_sth = 0, best_distance = -1;
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    if (!p.alive) continue;
    const int distance = places_after(s.first_player, seat, n);
    if (best < 0 || p.sth > best_sth || (p.sth == best_sth && distance > best_distance)) {
      best = seat;
      best_sth = p.sth;
      best_distance = distance;
    }
  }
  if (best >= 0) s.first_player = static_cast<std::uint8_t>(best);

  // Every STH marker is reset (step 2) before any Group bonus (step 3) can move one.
  for (int seat = 0; seat < n; ++seat) s.players[seat].sth = 0;
  for (int seat = 0; seat < n; ++seat) {
    PlayerState& p = s.players[seat];
    for (InPlay& c : p.cards) {
      if (c.kind != kProjectCard || !(c.flags & kStartedThisRound)) continue;
      const ProjectSpec& spec = cards_.projects[c.id];
      if (spec.type == ProjectType::kBasic) continue;
      if (spec.type == ProjectType::kGroup) {
        int filled = 0;
        std::array<bool, kMaxPlayers> joined{};
        for (std::int8_t role : c.roles)
          if (role >= 0) {
            ++filled;
            joined[role] = true;
          }
        int times = 0;
        if (filled >= spec.bonus_min)
          times = rules_.group_bonus == GroupBonus::kThreshold ? 1 : filled - spec.bonus_min + 1;
        for (int member = 0; member < n; ++member)
          for (int t = 0; t < times && joined[member] && s.players[member].alive; ++t)
            gain(s, member, spec.bonus_reward, true);
      }
      c.flags = static_cast<std::uint8_t>((c.flags | kArchived | kCompleted) & ~kInActiveSlot);
      p.completed_projects = counted_up(p.completed_projects, cards_.projects.size());
    }
  }
  for (int seat = 0; seat < n; ++seat)  // this round's Group Projects are archived
    if (s.group_slots[seat]) rebuild_slots(s, seat);
  // Goals met during a life are settled once this round's Projects are complete (step 4), so
  // that a Project archived just now counts before an Old Age Preparation can end the life.
  check_in_game_goals(s);
  // The Community board is resolved next (End of Round 5): decisions, after which
  // finish_end_of_round goes on.
  if (community_on() && begin_community(s)) return;
  finish_end_of_round(s);
}

// End of Round from step 5.3 on: LTH for Popularity, the Hourglasses back, a delayed Event, the
// Relatives' die, the end of the game, and Popularity moving left.
void Game::finish_end_of_round(State& s) const {
  const int n = num_players();
  s.step = Step::kAction;  // no decision is pending until the next phase sets its step
  if (community_on()) {
    popularity_lth(s);
    check_in_game_goals(s);  // Popularity is highest now, before its marker moves left
  }
  for (int seat = 0; seat < n; ++seat) {
    PlayerState& p = s.players[seat];
    for (InPlay& c : p.cards) {
      c.time = 0;
      c.flags &= static_cast<std::uint8_t>(~(kStartedThisRound | kAbilityUsed));
    }
    p.spaces_used = 0;
    p.cloud = -1;
    p.meeple = -1;
    p.hourglasses = 0;
    p.hourglasses_spent = 0;
  }
  // The end of the End of Round phase (summary, End of Round 7), then a Natural Disaster, which
  // strikes once the phase is over (KS Promos); the game-end check cannot come between them, as
  // no Disaster strikes in the last round.
  if (relatives_on() && s.round >= kFirstAdultRound) roll_for_relatives(s);
  if (!cards_.events.empty()) delayed_event_effect(s);
  if (everyone_dead(s) || s.round == kMaxRounds) {
    end_game(s);
    return;
  }
  for (int seat = 0; seat < n; ++seat)  // after the End of Round phase (step 9)
    if (s.players[seat].popularity > 0) --s.players[seat].popularity;
  preparation(s);
}

// A goal goes to the single player who meets it; several at once means nobody ever will
// (docs §5). `living_only`: in-game goals are met during a life.
void Game::settle_goal(State& s, int g, bool living_only) const {
  const GoalSpec& goal = cards_.goals[s.goals[g]];
  const Condition& c = num_players() == 1 ? goal.solo : goal.condition;
  const int n = num_players();
  std::array<int, kMaxPlayers> value{};
  for (int seat = 0; seat < n; ++seat) value[seat] = measure(s, seat, c.what);
  int winner = -1, meeting = 0;
  for (int seat = 0; seat < n; ++seat) {
    if (living_only && !s.players[seat].alive) continue;
    bool meets_it = value[seat] >= c.amount;
    if (c.kind == ConditionKind::kMost) {
      meets_it = value[seat] > 0;
      for (int other = 0; other < n && meets_it; ++other)
        if (other != seat && value[other] >= value[seat]) meets_it = false;
    }
    if (meets_it) {
      ++meeting;
      winner = seat;
    }
  }
  if (meeting == 1) {
    s.goals_claimed_by[g] = static_cast<std::uint8_t>(winner + 1);
    PlayerState& p = s.players[winner];
    add_lth(p, goal.lth, false);
    p.goals = counted_up(p.goals, cards_.goals.size());
  } else if (meeting > 1) {
    s.goals_claimed_by[g] = kGoalTied;
  }
}

// The goals met during a life: the in-game Life Goals and Nostalgia's Mid-Game goals.
void Game::check_in_game_goals(State& s) const {
  settle_open_goals(s, false, true);
  if (nostalgia_on()) check_nostalgia_goals(s, false);
}

// The unclaimed Life Goals of one timing (in-game or game-end).
void Game::settle_open_goals(State& s, bool game_end, bool living_only) const {
  for (std::size_t g = 0; g < s.goals.size(); ++g)
    if (cards_.goals[s.goals[g]].game_end == game_end && s.goals_claimed_by[g] == 0)
      settle_goal(s, static_cast<int>(g), living_only);
}

void Game::end_game(State& s) const {
  const int n = num_players();
  // In-game goals nobody claimed, among every player, dead or alive: before the stores join
  // the supply ("at the End of the Game", Nostalgia FAQ) and before any game-end scoring, so
  // that neither can meet one.
  settle_open_goals(s, false, false);
  for (int seat = 0; seat < n; ++seat) {
    PlayerState& p = s.players[seat];
    if (nostalgia_on()) empty_stores(p);
    if (p.inherited) continue;
    add_lth(p, inheritance(p), false);
    p.inherited = true;
  }
  for (int seat = 0; seat < n; ++seat) {
    add_lth(s.players[seat], trend_lth(s, seat), false);
    add_lth(s.players[seat], -unfulfilled_desire(s.players[seat]), false);
  }
  if (nostalgia_on()) check_nostalgia_goals(s, true);
  settle_open_goals(s, true, false);  // the game-end goals, among every player, dead or alive
  s.step = Step::kGameOver;
  s.current = kTerminalPlayer;
}

}  // namespace lifespan::pursuit_of_happiness
