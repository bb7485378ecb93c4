#pragma once
// The immutable Pursuit of Happiness game: rule parameters and card tables. Same public
// methods as time_of_your_life::Game, so bindings/game_binding.hpp and the playout driver serve
// both games.
#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "lifespan/common/fixed_vector.hpp"
#include "lifespan/common/score_part.hpp"
#include "lifespan/pursuit_of_happiness/action.hpp"
#include "lifespan/pursuit_of_happiness/cards.hpp"
#include "lifespan/pursuit_of_happiness/constants.hpp"
#include "lifespan/pursuit_of_happiness/rules.hpp"
#include "lifespan/pursuit_of_happiness/state.hpp"

namespace lifespan::pursuit_of_happiness {

// What a main action costs besides the Hourglass it places, whether Project rules (the STH
// discount and penalty) apply, and which board space takes the Hourglass.
struct Plan {
  bool ok = false;    // the action exists in this position (affordability aside)
  bool met = true;    // its requirement (a Job's, an Experience's Planning) is met
  bool project = false;
  bool moves_on = false;  // a Group Project start: the Hourglass moves on from the space to a role
  // Side by side, so placed() reads them together without a branch each.
  bool cloud = false;     // the Cloud is placed instead of an Hourglass (Experiences board)
  bool meeple = false;    // the Community meeple is placed instead of an Hourglass
  bool substituted = false;  // SMART Goals pays the Hourglass the action would place
  Effect cost;
  int space = -1;     // the board space the Hourglass is placed on, or -1 (card actions)
  int unaffected = 0;     // resources of any kind owed on top, which STH does not change (SMART Goals)
  int placed() const { return (cloud | meeple | substituted) ? 0 : 1; }  // Hourglasses placed besides the cost's
};

// What the Event in effect takes off a player's Project costs (docs §9, Events).
struct ProjectRelief {
  int less = 0;           // resources not paid, as a positive STH's discount
  int substitutions = 0;  // owed resources that may be paid with another kind
};

// The main actions of the seat to move worth checking, counted by kind so that the i-th can be
// found without listing them all: a random playout checks only the few it draws. A superset of
// the legal ones. A playout walks the segments in this order, the most often drawn first;
// legal_actions lists them in ascending action id (kInIdOrder).
struct MainCandidates {
  enum Segment : std::uint8_t {
    kSimple, kStart, kSpend, kSpendAtLevel, kGetJob, kRelationship, kCardActions, kJoin, kPromoteRow,
    kFlip, kGetJobWorkingHarder, kPlanExperience, kDream, kFromDream, kExtendExperience,
    kDevelopWithKid, kRaiseFamily, kRealize, kDetermineOutcome, kSmartGoals, kSchool, kMakeFriend,
    kCommunity, kJoinFifthSeat, kWithHourglass, kNumSegments
  };
  static constexpr Segment kInIdOrder[kNumSegments] = {
      kSimple, kStart, kJoin, kSpend, kGetJob, kPromoteRow, kFlip, kRelationship, kCardActions,
      kGetJobWorkingHarder, kPlanExperience, kDream, kFromDream, kExtendExperience, kDevelopWithKid,
      kRaiseFamily, kRealize, kDetermineOutcome, kSmartGoals, kSchool, kMakeFriend, kCommunity,
      kJoinFifthSeat, kSpendAtLevel, kWithHourglass};
  std::array<std::uint16_t, kNumSegments> count{};
  int total = 0;
  // The total is summed as the counts are set: summing the array afterwards would read back
  // 16-bit stores just made, which stalls on store forwarding.
  void set(Segment segment, std::size_t n) {
    count[segment] = static_cast<std::uint16_t>(n);
    total += static_cast<int>(n);
  }
  // Bit i is set when the i-th segment of kInIdOrder has candidates: the listing visits those
  // alone, where testing all 25 counts as it went was a seventh of its cost. Worked out by the
  // listing, branch-free, rather than kept by set(): the sampler and apply's check, which count
  // the candidates as often, never read it (keeping it was 4% of a playout's instructions).
  std::uint32_t listed() const { return listed_in(std::make_index_sequence<kNumSegments>{}); }

 private:
  static_assert(kNumSegments <= 32, "one bit of listed() per segment");
  template <std::size_t... I>
  std::uint32_t listed_in(std::index_sequence<I...>) const {
    return ((static_cast<std::uint32_t>(count[kInIdOrder[I]] != 0) << I) | ...);
  }
};

class Game {
 public:
  using State = pursuit_of_happiness::State;
  using ActionList = FixedVector<std::uint16_t, kMaxLegalActions>;
  static constexpr int kMaxPlayers = pursuit_of_happiness::kMaxPlayers;
  static constexpr int kNumDistinctActions = pursuit_of_happiness::kNumDistinctActions;

  // Throws RulesError for a bad parameter, CardDataError for a card table the rules cannot
  // use (too few cards for the rows, a Job face without its category's levels, …).
  Game(const Rules& rules, CardTables cards);

  const Rules& rules() const { return rules_; }
  const CardTables& cards() const { return cards_; }
  int num_players() const { return rules_.players; }
  bool same_rules_and_cards(const Game& other) const {
    return rules_ == other.rules_ && cards_ == other.cards_;
  }

  // --- playing (setup.cpp, actions.cpp) ---
  State new_state(std::uint64_t seed) const;
  bool is_terminal(const State& s) const { return s.step == Step::kGameOver && !s.rng.chance_node(); }
  // kChancePlayer at a chance node (explicit chance mode, docs/chance.md).
  int current_player(const State& s) const { return s.rng.chance_node() ? kChancePlayer : s.current; }
  bool is_chance_node(const State& s) const { return s.rng.chance_node(); }
  // No game takes more player moves than this (game.cpp; docs/pursuit_of_happiness_engine.md §9).
  int max_player_moves() const;
  // An upper bound of the chance nodes of one game in explicit mode, loose but proven: each
  // chance node answers a draw of the setup or of one player move, and no transition has more
  // chance nodes than the chance tape holds (play_explicit refuses more).
  int max_chance_nodes() const { return static_cast<int>(kChanceTape) * (1 + max_player_moves()); }
  // The moves of any game: its player moves and, in explicit chance mode, its chance nodes.
  int max_game_length() const {
    return max_player_moves() + (rules_.chance == ChanceMode::kSampled ? 0 : max_chance_nodes());
  }
  // At a chance node the outcomes 0 … n-1, each of probability 1/n.
  void legal_actions(const State& s, ActionList& out) const;  // ascending
  bool is_legal(const State& s, int action) const;
  // An upper bound, in explicit chance mode, of any chance node's outcome count (setup.cpp).
  // (The chance nodes of one game have no bound while Refresh Cards is unbounded.)
  int max_chance_outcomes() const;
  // An explicit-mode state that draws from `seed` from now on, its chance node (if it is at
  // one) resolved by that draw: what a random playout or a search's rollout plays on. A
  // sampled-mode state is only re-seeded.
  void sample_chance(State& s, std::uint64_t seed) const;
  int sample_action(const State& s, SplitMix64& rng) const;
  void apply_random_action(State& s, SplitMix64& rng) const;  // sample_action, then apply it
  void apply(State& s, int action) const;            // throws IllegalAction; s unchanged then
  void apply_unchecked(State& s, int action) const;
  // Applies `action` if it is legal (nothing changes otherwise) and says whether it did. A main
  // action is planned once: the plan its legality check makes is the one applied.
  bool try_apply(State& s, int action) const;
  static const char* step_name(const State& s) {
    return s.rng.chance_node() ? "chance" : kStepNames[static_cast<int>(s.step)];
  }

  // --- scoring (scoring.cpp) ---
  void scores(const State& s, std::int32_t* out) const;
  std::vector<ScorePart> score_parts(const State& s, int seat) const;  // add up to scores()[seat]
  void returns(const State& s, double* out) const;

  // --- views (views/action_names.cpp, views/text.cpp, views/observation.cpp, views/determinize.cpp) ---
  std::string action_to_string(const State& s, int action) const;
  std::string to_string(const State& s) const;
  std::string observation_string(const State& s, int player) const;
  int observation_size() const;
  void observation(const State& s, int player, float* out) const;
  // Each observation entry's lowest and highest value in any reachable state (observation_size() each).
  void observation_bounds(float* low, float* high) const;
  State determinize(const State& s, int player, std::uint64_t seed) const;
  // Sampled mode: a fresh future that no seat can tell from this one (docs/chance.md).
  State reseed(const State& s, std::uint64_t seed) const;
  void validate(const State& s) const;  // state_check.cpp
  void rebuild_derived(State& s) const;  // what a loaded state does not save (candidates.cpp)
  void check_pending_decision(const State& s) const;  // state_check.cpp

  // --- tracks (tracks.cpp), public for the views ---
  int stress_section(int position) const { return section_of_[position]; }
  int hourglasses_for(int position) const;
  int track_length() const { return rules_.stress_sections * rules_.stress_section_spaces; }

 private:
  friend struct Turn;
  // tracks.cpp
  void gain_sth(State& s, int seat, int amount) const;
  void gain_stress(State& s, int seat, int amount) const;
  void relax(PlayerState& p, int times) const;
  void good_health(PlayerState& p, int times) const;
  void gain(State& s, int seat, const Effect& reward, bool from_card) const;
  void add_lth(PlayerState& p, int amount, bool from_card) const;
  void spend_hourglasses(PlayerState& p, int count) const;
  void die(State& s, int seat) const;
  void lose(State& s, int seat, const Effect& loss) const;
  // payment.cpp
  // `unaffected`: resources of any kind owed on top of `cost` that STH does not change.
  bool can_pay(const State& s, int seat, const Effect& cost, bool project, int unaffected = 0) const;
  bool begin_payment(State& s, int seat, const Effect& cost, bool project, int action, int unaffected = 0) const;
  bool continue_payment(State& s) const;
  void pay_set_cost(State& s, int seat, const Effect& cost, const Effect& reward) const;
  void pay_unit_options(const State& s, ActionList& out) const;
  void pay_unit(State& s, const Action& a) const;  // a resource paid, or a discount unit forgone
  bool forgo_legal(const State& s) const;
  bool meets(const PlayerState& p, const Effect& requirement) const;
  // events.cpp
  void advance_events(State& s) const;
  void check_end_of_round_tasks(State& s) const;
  void delayed_event_effect(State& s) const;
  bool event_task_legal(const State& s) const;
  void do_event_task(State& s) const;
  void event_board_action(State& s, int seat, int space) const;
  const EventSpec* event_in_effect(const State& s, int seat) const {  // null: none for this seat
    return s.event_active >= 0 && (s.players[seat].event_flags & kEventApplies) ? &cards_.events[s.event_active] : nullptr;
  }
  Effect with_event_project_cost(const State& s, int seat, Effect cost) const {  // inline: every Project plan
    return s.event_active >= 0 ? event_project_cost(s, seat, cost) : cost;
  }
  Effect event_project_cost(const State& s, int seat, Effect cost) const;
  // The relief on a cost: none unless it is a Project's and an Event is in effect (checked
  // here, inline, because every Project plan asks).
  ProjectRelief project_relief(const State& s, int seat, bool project) const {
    return project && s.event_active >= 0 ? event_project_relief(s, seat) : ProjectRelief{};
  }
  ProjectRelief event_project_relief(const State& s, int seat) const;
  // setup.cpp
  State blank_state() const;  // new_state's start: the piles in card order, tracks and tokens
  void setup(State& s) const;  // the deal, from the blank state
  void transition(State& s, int action) const;  // a player's action (actions.cpp)
  // What a chance node waits for: the setup (kSetupPending) or a player's action.
  void resume(State& s, int pending) const { pending == kSetupPending ? setup(s) : transition(s, pending); }
  std::string chance_outcome_name(const State& s, int outcome) const;  // views/action_names.cpp
  // Re-deals what `player` cannot see (player < 0: what nobody has seen), seeded.
  State redeal(const State& s, int player, std::uint64_t seed) const;
  // A Job or Partner entry drawn from `row`'s deck, its face chosen if nobody has seen it.
  std::uint8_t with_face(State& s, int row, std::uint8_t entry) const;
  void restock(State& s, int row) const;  // an empty deck takes back its discards
  void deal_row(State& s, int row, int at_most = kMaxRow) const;  // up to the row's size
  bool draw(State& s, int row, std::uint8_t& card) const;
  // rounds.cpp
  void begin_upkeep(State& s) const;
  void next_upkeep_seat(State& s, int from_offset) const;
  void begin_action_phase(State& s) const;
  void next_turn(State& s) const;
  void end_of_round(State& s) const;
  void preparation(State& s) const;
  void trait_income(State& s, int seat) const;
  void end_game(State& s) const;
  bool everyone_dead(const State& s) const;
  void check_in_game_goals(State& s) const;
  void settle_goal(State& s, int goal, bool living_only) const;
  void settle_open_goals(State& s, bool game_end, bool living_only) const;
  // actions.cpp
  bool main_action_legal(const State& s, int action, Plan* plan = nullptr) const;
  // Whether the seat to move can carry out a planned main action: it exists, its requirement
  // is met, and the Hourglasses and the cost can be paid. `plan`, if given, receives `made`
  // then. Inline: every candidate checked asks.
  bool affordable(const State& s, const Plan& made, Plan* plan) const {
    if (!made.ok || !made.met) return false;
    // The Hourglass placed comes on top of any the cost asks for; the Cloud (Experiences) is
    // placed instead on the Experiences board, so with only the Cloud left only that board.
    if (s.players[s.current].hourglasses < made.cost[kHourglasses] + made.placed()) return false;
    if (!can_pay(s, s.current, made.cost, made.project, made.unaffected)) return false;
    if (plan) *plan = made;
    return true;
  }
  void apply_main_action(State& s, int action, const Plan& plan) const;
  // candidates.cpp
  // The index-th candidate of a segment: its id, and whether it is legal (inline there).
  inline bool candidate_legal(const State& s, int segment, int index, int& action, Plan* plan) const;
  MainCandidates main_candidates(const State& s) const;
  void rebuild_slots(State& s, int seat) const;  // a seat's derived Group Project and Job slots, open roles
  void recount_row(State& s, int row) const;     // after a row changes: project_row_roles, item_row_levels
  int open_roles_on(const InPlay& c) const;      // a Group Project's roles nobody has taken
  static void set_group_slots(State& s, int seat, std::uint32_t slots);  // and group_holders
  int candidate_in(const State& s, int segment, int index) const;
  // Its inverse: where an action would stand among the candidates (false: nowhere).
  bool candidate_position(const State& s, const Action& a, int& segment, int& index) const;
  // The index-th purchase above L1 of the Item row: its row slot, and `level` from 1 (L2).
  int spend_at_level_slot(const State& s, int index, int& level) const {
    for (int k = 0;; ++k) {
      const int higher = purchase_levels_[s.rows[kItemRow][k]] - 1;
      if (index < higher) {
        level = index + 1;
        return k;
      }
      index -= higher;
    }
  }
  int start_candidate(const State& s, int index) const {  // the index-th role of the Project row
    for (int k = 0;; ++k) {
      const int roles = project_roles_[s.rows[kProjectRow][k]];
      if (index < roles) return encode(ActionKind::kStartProject, k, index);
      index -= roles;
    }
  }
  template <class Visit>
  bool for_each_legal_candidate(const State& s, const MainCandidates& c, Visit&& visit) const;
  bool active_group_project(const InPlay& c) const;
  void action_step_options(const State& s, ActionList& out) const;  // legal_actions in the Action phase
  bool main_action_listed(const State& s, int action, Plan* plan = nullptr) const;
  bool any_main_action(const State& s, const MainCandidates& c) const;
  int sample_planned(const State& s, SplitMix64& rng, Plan& plan) const;
  template <class Visit>
  bool for_each_open_role(const State& s, unsigned owners, Visit&& visit) const;
  void free_actions(const State& s, ActionList& out) const;
  // Whether the seat to move may take another free action this turn (rule max_free_actions_per_turn).
  bool free_action_left(const State& s) const { return s.free_actions < rules_.max_free_actions_per_turn; }
  Plan plan_action(const State& s, const Action& a) const;
  Plan plan_card_action(const State& s, int slot, bool extend) const;
  static Effect without_placed_hourglass(Effect cost);
  // Taking a card from a row or the Experiences board (`source`), or from the Dream board:
  // `variant` is a Group Project's role or a Stand-alone Job's Work Harder times (inline, in
  // plan_take.hpp).
  inline Plan plan_take(const State& s, int source, int entry, int variant) const;
  Plan plan_promotion(const State& s, const JobFace& next) const;
  void take(State& s, int seat, int source, int entry, int variant) const;
  void trait_bonus(State& s, int seat, int taken) const;  // a Child Trait's action_bonus
  // experiences.cpp
  // Plan Experience, Dream, from the Dream board (inline there: each caller is in that file).
  inline std::array<int, 3> experiences_board_counts(const State& s) const;
  // Its segments of main_candidates and candidate_in.
  void count_experiences_candidates(const State& s, MainCandidates& c) const;
  void count_hourglass_experiences_candidates(const State& s, MainCandidates& c) const;
  int experiences_candidate(const State& s, int segment, int index) const;
  void dream_candidates(const State& s, std::uint16_t* out) const;  // every Dream candidate's id, in order
  bool experiences_candidate_position(const State& s, const Action& a, int& segment, int& index) const;
  int dream_variants(const Dreamt& d) const;
  bool dream_promotion(const Dreamt& d, int variant) const;
  void refill_experiences(State& s, int emptied_slot) const;
  Plan plan_experiences_board_action(const State& s, const Action& a) const;  // Plan Experience, Dream, from the Dream board
  Plan plan_from_dream(const State& s, int slot, int variant) const;
  // The Experiences board's actions, resolved.
  void take_from_experiences_board(State& s, int seat, const Action& a) const;  // Plan Experience
  void dream(State& s, int seat, const Action& a) const;
  void take_from_dream(State& s, int seat, const Action& a) const;
  void age_experiences(State& s) const;
  void add_desire(State& s) const;
  int unfulfilled_desire(const PlayerState& p) const;
  // kids.cpp
  bool kids_on() const { return !cards_.kids.empty(); }
  bool kid_has_partner(const InPlay& kid, const PlayerState& p) const;
  // The card a Kids action is taken on: a Partner at L2 to develop with a Kid, at L3 to Raise Family.
  static bool kid_action_card(const InPlay& c, bool raise) { return c.kind == kPartnerCard && c.level == (raise ? 3 : 2); }
  void have_kid(State& s, int seat, const InPlay& partner) const;
  Plan plan_kid_action(const State& s, const Action& a) const;  // develop with a Kid, Raise Family
  void resolve_kid_action(State& s, int seat, const Action& a, const Plan& plan) const;
  // A card just discarded by `seat`: if it is a Partner with Kids, its Kids wait for the
  // keep-or-discard decision (Step::kKids); false if there is none to make.
  bool begin_kid_decisions(State& s, int seat, const InPlay& discarded) const;
  void decide_kid(State& s, bool discard) const;
  void grow_kids(State& s, int seat) const;
  bool kid_grows(const InPlay& c) const;  // a Kid below its last level
  void count_kid_candidates(const State& s, MainCandidates& c) const;  // main_candidates' Kids segments
  std::pair<Effect, Effect> kid_upkeep(const InPlay& c) const;  // cost and reward at Upkeep
  // Seats, byte counts and turns, shared by every part
  // The seat `k` places clockwise after `seat` (0 <= k <= n): a subtraction rather than `% n`,
  // whose division is slow, as every turn and round looks for the next seat.
  static int clockwise(int seat, int k, int n) { return seat + k >= n ? seat + k - n : seat + k; }
  // A count stored in a byte, raised by `amount`: it stops at 255 rather than wrap round.
  static std::uint8_t raised(std::uint8_t value, int amount) {
    return static_cast<std::uint8_t>(std::min(255, value + amount));
  }
  // One more of a count the loader bounds by the cards of its kind (completed Projects, Life
  // Goals, Experiences): it stops at the bound, so that a state loaded there still saves.
  static std::uint8_t counted_up(std::uint8_t value, std::size_t bound) {
    return static_cast<std::uint8_t>(value < bound ? value + 1 : value);
  }
  // How many places clockwise `seat` sits after `from`.
  static int places_after(int from, int seat, int n) { return seat >= from ? seat - from : seat - from + n; }
  // A seat moves while it has an Hourglass, the unused Cloud (Experiences), or the unused meeple
  // and a Community card to put it on.
  bool has_turn(const State& s, const PlayerState& p) const {
    return p.alive && (p.hourglasses > 0 || other_placement_left(s, p));
  }
  // An unused Cloud (Experiences) or meeple (Community) with a board to go to.
  bool other_placement_left(const State& s, const PlayerState& p) const {
    return (experiences_on() && p.cloud < 0) || (community_on() && p.meeple < 0 && !s.community_row.empty());
  }
  bool experiences_on() const { return !cards_.experiences.empty(); }
  // The Trends promo (trends.cpp): the deal, the score, and its part of the text, the
  // observation and the state checks.
  void deal_trends(State& s) const;
  int trend_lth(const State& s, int seat) const;
  std::string trends_text(const State& s) const;
  void observe_trends(const State& s, float* block) const;  // the kObsTrends block
  void check_trends(const State& s) const;
  // pets.cpp
  bool pet_grows(const InPlay& c) const;
  std::pair<Effect, Effect> pet_upkeep(const InPlay& c) const;  // a growing Pet's cost and reward
  bool unfed_pet_stays(const InPlay& c) const;  // a growing Pet given up at Upkeep (`unfed_pet`)
  // standalone_jobs.cpp
  bool upkeep_harder_legal(const State& s, int times) const;
  static std::pair<Effect, Effect> job_upkeep(const JobFace& face, int harder);  // cost and reward
  // nostalgia.cpp
  bool nostalgia_on() const { return !cards_.nostalgia.empty(); }
  void deal_nostalgia(State& s) const;
  bool nostalgia_free_legal(const State& s, const Action& a) const;
  bool active_trigger_legal(const State& s, int slot) const;
  bool free_ability_placement_left(const State& s) const;
  bool free_ability_ready(const InPlay& c) const;  // unlocked and unused this round
  void nostalgia_free_actions(const State& s, ActionList& out) const;
  int nostalgia_free_candidates(const State& s) const;  // for the sampler: a superset, counted
  int nostalgia_free_candidate(const State& s, int index) const;
  void do_nostalgia_free(State& s, const Action& a) const;
  void count_nostalgia_candidates(const State& s, MainCandidates& c) const;  // main_candidates' segments
  bool outcomes_card_at_l2(const InPlay& c) const;  // an Outcomes card whose outcome may be determined
  int outcome_candidate(const State& s, int index) const;  // candidate_in's Determine Outcome
  int outcome_position(const State& s, const Action& a) const;  // its inverse, or -1
  Plan plan_nostalgia(const State& s, const Action& a) const;
  void resolve_nostalgia(State& s, int seat, const Action& a, const Plan& plan) const;
  void progress_nostalgia(State& s, int seat, InPlay& c) const;
  void gain_from_nostalgia(State& s, int seat, const Effect& reward) const;  // its LTH counted apart
  // After a main action: Passive Triggers, Ongoing goals and Ability bonuses; `trigger` is the
  // board space used or kAnyCardAction; `paid` the resources a payment handed over.
  // Returns true when both board cards wait for `trigger`: the seat then chooses (Step::kTrigger).
  bool after_nostalgia_action(State& s, int seat, int trigger, bool project,
                              const std::array<std::uint8_t, kNumResources>& paid) const;
  void choose_trigger(State& s, int slot) const;  // Step::kTrigger, then the turn ends
  void draw_on_stores(State& s, int seat) const;
  void empty_stores(PlayerState& p) const;
  std::uint8_t& store_kind_held(PlayerState& p, const InPlay& store) const;
  void nostalgia_relationship_goal(State& s, int seat, const InPlay& partner) const;
  void partner_to_level_3(State& s, int seat, const InPlay& partner) const;  // actions.cpp
  void nostalgia_round_income(State& s, int seat) const;
  void check_nostalgia_goals(State& s, bool game_end) const;
  const NostalgiaSpec& nostalgia(const InPlay& c) const { return cards_.nostalgia[c.id]; }
  bool unlocked(const InPlay& c, NostalgiaAbility ability) const;  // an Ability card at level 2
  int inheritance(const PlayerState& p) const;
  // The School module (school.cpp): courses in the Teen round, a degree's discount, and the
  // module's part of the text, the observation and the state checks.
  bool school_course_open(const State& s) const { return rules_.school && s.round == 1; }
  Plan plan_school_course(const State& s, const Action& a) const;
  void take_school_course(State& s, int seat, const Action& a) const;
  static std::string school_course_name(const Action& a);
  Effect degree_discounted(const PlayerState& p, const Effect& cost, int category) const;
  std::string school_text(const PlayerState& p) const;
  void observe_school(const State& s, int player, float* block) const;  // the kObsSchool block
  void check_school(const PlayerState& p, const std::string& who) const;
  // The Best Friends module (best_friends.cpp).
  bool friends_on() const { return friends_on_; }
  void deal_friends(State& s) const;
  int friends_of(const PlayerState& p) const;
  bool room_for_friend(const PlayerState& p) const;
  Plan plan_make_friend(const State& s, const Action& a) const;
  Plan friend_plan(const State& s, int slot) const;  // the listing's: room checked once for the board
  void make_friend(State& s, int seat, const Action& a) const;
  std::string make_friend_name(const State& s, const Action& a) const;
  // community.cpp
  bool community_on() const { return !cards_.community.empty(); }
  void deal_community(State& s) const;
  Plan plan_community(const State& s, int slot) const;
  int community_hourglasses(const State& s, int seat) const;
  // The observation's expansion blocks, in tensor order (views/observation.cpp); 0 where one is off.
  enum ObservationBlock { kObsTrends, kObsEvents, kObsExperiences, kObsKids, kObsNostalgia, kObsRelatives, kObsSchool,
                          kObsCommunity, kNumObsBlocks };
  std::array<int, kNumObsBlocks> observation_blocks() const;
  void observe_expansions(const State& s, int player, float* out) const;
  // Each fills its block, seats counted clockwise from `player` (in its expansion's file).
  void observe_events(const State& s, int player, float* block) const;
  void observe_experiences(const State& s, int player, float* block) const;
  void observe_kids(const State& s, int player, float* block) const;
  void observe_nostalgia(const State& s, int player, float* block) const;
  void observe_community(const State& s, int player, float* block) const;
  // The printed position's parts of each expansion (views/text.cpp calls them; each in its file).
  std::string events_text(const State& s) const;
  static std::string event_seat_text(const PlayerState& p);
  std::string experiences_board_text(const State& s) const;
  std::string experiences_seat_text(const PlayerState& p) const;
  std::string kid_decisions_text(const State& s) const;
  std::string trigger_choice_text(const State& s) const;
  std::string nostalgia_seat_text(const PlayerState& p, bool hand_seen) const;
  std::string community_board_text(const State& s) const;
  std::string community_seat_text(const State& s, int seat) const;
  std::string friends_board_text(const State& s) const;
  // A loaded state's checks of each expansion's own board (state_check.cpp calls them).
  void check_events(const State& s) const;
  void check_community_board(const State& s) const;
  void check_community_seat(const State& s, int seat, const std::string& who) const;
  void place_on_community(State& s, int seat, const Action& a, const Plan& plan) const;
  // A loaded state waiting in an expansion's own step: the decision must exist (state_check.cpp
  // calls these; each in its expansion's file).
  void check_community_decision(const State& s) const;
  void check_kid_decisions(const State& s) const;
  void check_trigger_choice(const State& s) const;
  bool begin_community(State& s) const;
  bool next_community_choice(State& s, int from_seat_offset) const;
  void discard_resolved_card(State& s) const;
  bool achievement_legal(const State& s, const Action& a) const;
  void community_options(const State& s, ActionList& out) const;
  void choose_achievement(State& s, const Action& action) const;
  void popularity_lth(State& s) const;
  void finish_end_of_round(State& s) const;
  // A Group Project role joined: owner seat, their slot, role (the 5th seat's have a range of
  // their own, after the others).
  static int join_action(int owner, int slot, int role) {
    static_assert(kMaxPlayers == kBasePlayers + 1, "one seat beyond the base four: its own range");
    return owner < kBasePlayers ? id_in_range(ActionKind::kJoinGroup, 0, owner, slot, role)
                                : id_in_range(ActionKind::kJoinGroup, 1, owner, slot, role);
  }
  // The Relatives module (relatives.cpp): the deal, the die at each End of Round, and its part
  // of the text, the observation and the state checks.
  bool relatives_on() const { return !cards_.relatives.empty(); }
  void deal_relatives(State& s) const;
  void roll_for_relatives(State& s) const;
  std::string relative_text(const PlayerState& p) const;
  void observe_relatives(const State& s, int player, float* block) const;  // the kObsRelatives block
  void check_relative(const State& s, int seat, const std::string& who) const;
  // actions.cpp: cards in play, Upkeep decisions, resolution
  bool discardable(const PlayerState& p, const InPlay& c) const;
  bool has_card_action(const InPlay& c) const;
  const InPlay* promotable_job(const PlayerState& p) const;
  // `harder`: times a Stand-alone Job works harder on top of its upkeep.
  Effect upkeep_cost(const PlayerState& p, const InPlay& c, int harder = 0) const;
  std::pair<Effect, Effect> printed_upkeep(const InPlay& c, int harder = 0) const;
  static int upkeep_slot(const PlayerState& p, const Action& a);  // the card an Upkeep payment is for
  void after_upkeep_decision(State& s) const;
  void resolve(State& s, int action, const Plan* known = nullptr) const;  // after paying
  void finish_turn_action(State& s) const;
  int active_count(const PlayerState& p) const;
  void take_card(State& s, int seat, InPlay card) const;
  void discard_card(State& s, int seat, int slot, bool penalty) const;
  void remove_card(State& s, int seat, int slot) const;  // out of the play area, derived slots kept
  const Level& level_of(const InPlay& c, int level) const;  // project/item/partner level spec
  const JobFace& job_face(const InPlay& c) const { return cards_.jobs[c.id][c.face]; }
  // The face a Job or Partner row entry (or dreamt card) shows: action.hpp's card_face.
  const JobFace& job_of_entry(int entry) const { return cards_.jobs[card_face(entry).card][card_face(entry).face]; }
  const PartnerFace& partner_of_entry(int entry) const {
    return cards_.partners[card_face(entry).card][card_face(entry).face];
  }
  // A Child Trait's discount on taking a card. Inline and by reference, as every take plans
  // one and most Traits discount nothing: the cost is then copied whole rather than passed
  // through a call byte by byte (a Python-driven move about 2% faster).
  Effect discounted(const PlayerState& p, const Effect& cost, DiscountOn on) const {
    if (p.trait < 0) return cost;
    const TraitSpec& t = cards_.traits[p.trait];
    return t.ability == AbilityKind::kDiscount && t.on == on ? trait_discounted(cost, t) : cost;
  }
  static Effect trait_discounted(const Effect& cost, const TraitSpec& t);  // actions.cpp
  // `units` resources off a cost: "any resource" units first, then Knowledge, Creativity,
  // Influence (a Trait's discount, a School degree's).
  static Effect resources_off(const Effect& cost, int units);
  int measure(const State& s, int seat, Measure what) const;  // scoring.cpp
  std::string card_name(const InPlay& c) const;               // views/action_names.cpp
  std::string row_card_name(int row, int entry) const;
  std::string render(const State& s, int viewer) const;       // viewer < 0: everything
  std::string expansion_action_name(const State& s, const Action& a) const;  // views/action_names.cpp
  std::string nostalgia_action_name(const State& s, const Action& a) const;  // nostalgia.cpp
  std::string community_action_name(const State& s, const Action& a) const;  // community.cpp

  Rules rules_;
  CardTables cards_;
  // Roles a Project offers when started: a Group Project's roles, 1 for the others. Kept
  // apart from the large ProjectSpec because every playout move reads it.
  std::array<std::uint8_t, kMaxDeck> project_roles_{};
  // The levels an Item-deck card can be bought at with Spend: 1 for Activities and Pets, and for
  // every card with item_purchase = first_level.
  std::array<std::uint8_t, kMaxDeck> purchase_levels_{};
  // The Stress track's section of each position: a lookup, where dividing by the rule's section
  // length is a division on every Relax and on every seat's Hourglasses each round.
  std::array<std::uint8_t, kMaxTrackLength + 1> section_of_{};
  bool standalone_jobs_ = false;  // some Job is a Stand-alone Job: its hiring actions are candidates
  bool friends_on_ = false;       // some Item is a Best Friend: the Best Friends board is played
  bool expansion_segments_ = false;  // a candidate segment after the card actions may be non-empty
  State blank_{};  // every new state's start (blank_state)
};

}  // namespace lifespan::pursuit_of_happiness
