#pragma once
// The immutable game: rule parameters and the card table. States are plain values that the game
// reads and transforms; it never changes after construction, so any number of threads may share
// one Game while each plays its own States.
#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "lifespan/common/fixed_vector.hpp"
#include "lifespan/common/score_part.hpp"
#include "lifespan/time_of_your_life/cards.hpp"
#include "lifespan/time_of_your_life/constants.hpp"
#include "lifespan/time_of_your_life/rules.hpp"
#include "lifespan/time_of_your_life/state.hpp"

namespace lifespan::time_of_your_life {

// Points for a number of Happiness tokens (rulebook table, +2 per token above 7).
int happiness_points(int tokens);

class Game {
 public:
  using State = time_of_your_life::State;
  using ActionList = FixedVector<std::uint16_t, kMaxLegalActions>;
  static constexpr int kMaxPlayers = time_of_your_life::kMaxPlayers;
  static constexpr int kNumDistinctActions = time_of_your_life::kNumDistinctActions;

  // Throws RulesError for a bad parameter, CardDataError for a bad card table (which must hold
  // cards 0–79 exactly once each) or bad trait names.
  Game(const Rules& rules, const std::vector<CardSpec>& cards,
       const std::array<std::string, kNumTraits>& trait_names);

  const Rules& rules() const { return rules_; }
  int num_players() const { return rules_.players; }
  const CardSpec& card(int number) const { return cards_[number]; }
  const std::string& trait_name(int trait) const { return trait_names_[trait]; }
  // Two games built alike (e.g. one unpickled from the other) play the same states.
  bool same_rules_and_cards(const Game& other) const {
    return rules_ == other.rules_ && cards_ == other.cards_ && trait_names_ == other.trait_names_;
  }

  // --- playing ---
  State new_state(std::uint64_t seed) const;
  bool is_terminal(const State& s) const { return s.step == Step::kGameOver && !s.rng.chance_node(); }
  // kChancePlayer at a chance node (explicit chance mode, docs/chance.md).
  int current_player(const State& s) const { return s.rng.chance_node() ? kChancePlayer : s.current; }
  bool is_chance_node(const State& s) const { return s.rng.chance_node(); }
  // No game takes more player moves than this (game.cpp; docs/time_of_your_life.md §10).
  int max_player_moves() const;
  // At a chance node the outcomes 0 … n-1, each of probability 1/n.
  void legal_actions(const State& s, ActionList& out) const;  // ascending
  bool is_legal(const State& s, int action) const;
  // An upper bound of any chance node's outcome count: the deck.
  static constexpr int max_chance_outcomes() { return kNumCards; }
  // An upper bound of the chance nodes of one game in explicit mode (game.cpp, tested).
  int max_chance_nodes() const;
  // The moves of any game: its player moves and, in explicit chance mode, its chance nodes.
  int max_game_length() const {
    return max_player_moves() + (rules_.chance == ChanceMode::kSampled ? 0 : max_chance_nodes());
  }
  // A uniformly random legal action: legal[rng.below(count)], without building the list
  // where it can be avoided (random playouts and rollouts).
  int sample_action(const State& s, SplitMix64& rng) const;
  void apply_random_action(State& s, SplitMix64& rng) const { apply_unchecked(s, sample_action(s, rng)); }
  void apply(State& s, int action) const;            // throws IllegalAction; s unchanged then
  void apply_unchecked(State& s, int action) const;  // action must be legal
  // Applies `action` if it is legal (nothing changes otherwise) and says whether it did.
  bool try_apply(State& s, int action) const {
    if (!is_legal(s, action)) return false;
    apply_unchecked(s, action);
    return true;
  }
  // An explicit-mode state that draws from `seed` from now on, its chance node (if it is at
  // one) resolved by that draw: what a random playout or a search's rollout plays on. A
  // sampled-mode state is only re-seeded.
  void sample_chance(State& s, std::uint64_t seed) const;
  static const char* step_name(const State& s) {
    return s.rng.chance_node() ? "chance" : kStepNames[static_cast<int>(s.step)];
  }

  // --- scoring (scoring.cpp) ---
  void scores(const State& s, std::int32_t* out) const;  // num_players() values
  std::vector<ScorePart> score_parts(const State& s, int seat) const;  // add up to scores()[seat]
  void returns(const State& s, double* out) const;

  // --- views (views.cpp) ---
  std::string action_to_string(const State& s, int action) const;
  std::string to_string(const State& s) const;
  std::string observation_string(const State& s, int player) const;
  int observation_size() const { return time_of_your_life::observation_size(num_players()); }
  void observation(const State& s, int player, float* out) const;  // observation_size() floats
  // Each observation entry's lowest and highest value in any reachable state (views.cpp).
  void observation_bounds(float* low, float* high) const;
  State determinize(const State& s, int player, std::uint64_t seed) const;
  // Sampled mode: a fresh future that no seat can tell from this one (docs/chance.md).
  State reseed(const State& s, std::uint64_t seed) const;

  // Checks every invariant a reachable state keeps; throws StateFormatError naming the first
  // one broken. Used on states loaded from JSON (state_check.cpp).
  void validate(const State& s) const;

 private:
  // What score() can report per seat besides the total.
  struct SeatScore {
    std::array<int, kRounds> card_points{};  // by timeline slot
    int happiness_table = 0;
    int happiness_bonus = 0;
  };
  void score(const State& s, std::int32_t* out, SeatScore* details) const;  // details may be null
  void check_hand_size(const State& s, int seat) const;  // state_check.cpp

  void setup(State& s) const;                // the deal, from a blank state
  void transition(State& s, int action) const;  // a player's action (actions.cpp)
  // What a chance node waits for: the setup (kSetupPending) or a player's action.
  void resume(State& s, int pending) const { pending == kSetupPending ? setup(s) : transition(s, pending); }
  std::string chance_outcome_name(const State& s, int outcome) const;  // views.cpp
  // Re-deals the cards that `player` cannot see (player < 0: nobody), seeded.
  State redeal(const State& s, int player, std::uint64_t seed) const;

  // round.cpp: the automatic parts of the round.
  void begin_round(State& s) const;
  void begin_swap_or_choose(State& s, bool midpoint_this_round) const;
  void begin_choose(State& s) const;
  void end_midpoint_turn(State& s) const;
  void end_swap_turn(State& s) const;
  void end_choose_turn(State& s) const;
  void reveal(State& s) const;
  void begin_inspiration(State& s) const;
  void seat_next_inspiration(State& s, int from) const;
  void draw_card(State& s, PlayerState& p) const;
  void place_card(State& s, int seat, int card) const;
  void inspiration_options(const State& s, int seat, ActionList& out) const;
  bool can_place_trait_token(const State& s, int seat) const;
  template <class Visit>
  void for_each_trait_placement(const State& s, int seat, Visit&& visit) const;
  bool swap_applies(const State& s, bool midpoint_this_round) const;
  std::string render(const State& s, int viewer) const;  // viewer < 0: omniscient
  int shown_hand_size(const State& s, int seat, int viewer) const;
  std::size_t shown_discards(const State& s, int viewer) const;

  Rules rules_;
  std::array<CardSpec, kNumCards> cards_{};
  std::array<std::string, kNumTraits> trait_names_;
  // Derived once from the rules: the icons on the edge facing a younger / older neighbour, the
  // timeline sort key, and whether a directional objective looks at younger cards.
  std::array<std::array<std::uint8_t, kNumEmotions>, kNumCards> icons_to_younger_{};
  std::array<std::array<std::uint8_t, kNumEmotions>, kNumCards> icons_to_older_{};
  std::array<std::uint8_t, kNumCards> order_rank_{};
  std::array<bool, kNumCards> looks_younger_{};
  std::array<std::uint8_t, kNumCards> trait_totals_{};  // printed traits per card, all kinds
};

}  // namespace lifespan::time_of_your_life
