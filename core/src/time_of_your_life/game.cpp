// Building the immutable Game: checking the rule parameters and the card table, and deriving
// the small tables the hot path reads.
#include "lifespan/time_of_your_life/game.hpp"

#include <algorithm>
#include <numeric>

#include "lifespan/common/deck.hpp"
#include "lifespan/common/errors.hpp"

namespace lifespan::time_of_your_life {
namespace {

void check_rules(const Rules& r) {
  if (r.players < kMinPlayers || r.players > kMaxPlayers)
    throw RulesError("players: must be from " + std::to_string(kMinPlayers) + " to " +
                     std::to_string(kMaxPlayers) + ", got " + std::to_string(r.players));
  if (r.max_trait_tokens_per_card < 0 || r.max_trait_tokens_per_card > kMaxTraitTokens)
    throw RulesError("max_trait_tokens_per_card: must be from 0 to " +
                     std::to_string(kMaxTraitTokens) + ", got " +
                     std::to_string(r.max_trait_tokens_per_card));
  // Enumerations arrive checked from Python; a C++ host could still cast a bad value.
  auto check_enum = [](const char* name, int value, int count) {
    if (value < 0 || value >= count)
      throw RulesError(std::string(name) + ": no such option " + std::to_string(value));
  };
  check_enum("two_player_swap", static_cast<int>(r.two_player_swap), 3);
  check_enum("midpoint_empty_deck", static_cast<int>(r.midpoint_empty_deck), 2);
  check_enum("icon_matching", static_cast<int>(r.icon_matching), 2);
  check_enum("timeline_layout", static_cast<int>(r.timeline_layout), 2);
  check_enum("age_order", static_cast<int>(r.age_order), 2);
  check_enum("happiness_bonus_tie", static_cast<int>(r.happiness_bonus_tie), 2);
  check_enum("winner_tie_break", static_cast<int>(r.winner_tie_break), 2);
}

void check_card(const CardSpec& c) {
  const std::string where = "card " + std::to_string(c.number) + ": ";
  if (c.age < 0 || c.age > 255) throw CardDataError(where + "age: must be from 0 to 255");
  for (int e = 0; e < kNumEmotions; ++e)
    if (c.left_icons[e] + c.right_icons[e] > 2 * kMaxEdgeIcons ||
        c.left_icons[e] > kMaxEdgeIcons || c.right_icons[e] > kMaxEdgeIcons)
      throw CardDataError(where + "icons: at most " + std::to_string(kMaxEdgeIcons) +
                          " per edge");
  const Objective& o = c.objective;
  if (static_cast<int>(o.kind) >= kNumObjectiveKinds)
    throw CardDataError(where + "objective.kind: unknown");
  if (o.trait < kAnyTrait || o.trait >= kNumTraits)
    throw CardDataError(where + "objective.trait: out of range");
  if (o.kind == ObjectiveKind::kSets && (o.size < 1 || o.size > kNumTraits))
    throw CardDataError(where + "objective.size: must be from 1 to 5");
  if (o.kind == ObjectiveKind::kAgeBand && o.min_age > o.max_age)
    throw CardDataError(where + "objective.min: greater than objective.max");
  if (o.emotion >= kNumEmotions) throw CardDataError(where + "objective.emotion: out of range");
}

}  // namespace

Game::Game(const Rules& rules, const std::vector<CardSpec>& cards,
           const std::array<std::string, kNumTraits>& trait_names)
    : rules_(rules), trait_names_(trait_names) {
  check_rules(rules);
  if (cards.size() != kNumCards)
    throw CardDataError("the card set must hold exactly 80 Life cards, got " +
                        std::to_string(cards.size()));
  std::array<bool, kNumCards> seen{};
  for (const CardSpec& c : cards) {
    if (c.number < 0 || c.number >= kNumCards)
      throw CardDataError("card " + std::to_string(c.number) + ": number: must be 0–79");
    if (seen[c.number]) throw CardDataError("card " + std::to_string(c.number) + ": duplicate");
    seen[c.number] = true;
    check_card(c);
    cards_[c.number] = c;
  }

  // Timeline order: by age (or number), ties by number.
  std::array<int, kNumCards> by_order{};
  std::iota(by_order.begin(), by_order.end(), 0);
  const bool by_age = rules_.age_order == AgeOrder::kAge;
  std::sort(by_order.begin(), by_order.end(), [&](int a, int b) {
    const int ka = by_age ? cards_[a].age : a, kb = by_age ? cards_[b].age : b;
    return ka != kb ? ka < kb : a < b;
  });
  for (int rank = 0; rank < kNumCards; ++rank)
    order_rank_[by_order[rank]] = static_cast<std::uint8_t>(rank);

  // Which printed edge faces a younger neighbour depends on the layout (docs §4, §5).
  const bool young_left = rules_.timeline_layout == TimelineLayout::kYoungestLeft;
  for (int n = 0; n < kNumCards; ++n) {
    const CardSpec& c = cards_[n];
    for (int e = 0; e < kNumEmotions; ++e) {
      if (rules_.icon_matching == IconMatching::kAnyEdge) {
        const auto all = static_cast<std::uint8_t>(c.left_icons[e] + c.right_icons[e]);
        icons_to_younger_[n][e] = icons_to_older_[n][e] = all;
      } else {
        icons_to_younger_[n][e] = young_left ? c.left_icons[e] : c.right_icons[e];
        icons_to_older_[n][e] = young_left ? c.right_icons[e] : c.left_icons[e];
      }
    }
    looks_younger_[n] = c.objective.toward_left == young_left;
    for (std::uint8_t count : c.traits)
      trait_totals_[n] = static_cast<std::uint8_t>(trait_totals_[n] + count);
  }
}

State Game::new_state(std::uint64_t seed) const {
  State s{};
  if (rules_.chance == ChanceMode::kExplicit) {  // the outcomes, not a seed, choose the game
    s.rng.mode = ChanceMode::kExplicit;
    run_on_tape(s, kSetupPending, [this](State& t, int p) { resume(t, p); });  // a chance node: the first card dealt
  } else {
    s.rng.state = seed;
    setup(s);
  }
  return s;
}

void Game::setup(State& s) const {
  for (int c = 0; c < kNumCards; ++c) s.deck.push_back(static_cast<std::uint8_t>(c));
  shuffle_deck(s.deck, s.rng);
  for (int seat = 0; seat < num_players(); ++seat)
    for (int i = 0; i < kHandSize; ++i) draw_card(s, s.players[seat]);
  begin_round(s);
}

void Game::sample_chance(State& s, std::uint64_t seed) const {
  s.rng.state = seed;
  if (s.rng.mode == ChanceMode::kSampled) return;
  s.rng.mode = ChanceMode::kExplicitSampled;
  if (s.rng.chance_node()) run_on_tape(s, s.rng.pending, [this](State& t, int p) { resume(t, p); });  // the tape's outcomes, then the generator's
}

// Each chance node draws one card from the deck: the 80 it starts with, then only cards
// discarded before the last draw, at the midpoint (up to 2 a seat, once) or in a 2-player
// swap (1 a seat a round).
int Game::max_chance_nodes() const { return kNumCards + kMidpointMaxDiscards * kMaxPlayers + 2 * kRounds; }

}  // namespace lifespan::time_of_your_life

namespace lifespan::time_of_your_life {

// Each seat plays one card a round, discards at most 2 at the midpoint (the second ends its
// turn, else Keep does), places at most the 24 Trait tokens a player stores, and with 2
// players discards 1 in each swap round.
int Game::max_player_moves() const {
  const int n = num_players();
  const int swaps = n == 2 && rules_.two_player_swap != TwoPlayerSwap::kOff ? kRounds : 0;
  return n * (kRounds + kMidpointMaxDiscards + kMaxTraitTokens + swaps);
}

}  // namespace lifespan::time_of_your_life
