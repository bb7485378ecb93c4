// End-of-game scoring (docs §6, §8): card objectives, the Happiness table and bonus, the same
// score by source (score_parts, for front ends), and the returns that search uses.
#include <algorithm>

#include "lifespan/common/returns.hpp"
#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {
namespace {

// Trait counts of one timeline (printed traits + Trait tokens) as prefix sums over its slots,
// with one more column for all traits together, so any range of cards costs one subtraction.
// Small counters: this runs once per finished game in every playout.
constexpr int kAllTraitsColumn = kNumTraits;
using TraitRow = std::array<std::uint8_t, kNumTraits + 1>;

struct TimelineTraits {
  std::array<TraitRow, kRounds + 1> prefix;  // prefix[i]: the cards in slots 0 to i-1
  int length = 0;

  // Traits of `trait` (kAnyTrait: all) on the cards in slots first..last.
  int range(int trait, int first, int last) const {
    const int column = trait == kAnyTrait ? kAllTraitsColumn : trait;
    return prefix[last + 1][column] - prefix[first][column];
  }
  int total(int trait) const { return length ? range(trait, 0, length - 1) : 0; }
};

// The most disjoint groups of `size` different traits: the largest g with
// sum(min(count, g)) >= size * g.
int complete_sets(const TimelineTraits& t, int size) {
  int groups = 0;
  for (;;) {
    const int g = groups + 1;
    int usable = 0;
    for (int trait = 0; trait < kNumTraits; ++trait) usable += std::min(t.total(trait), g);
    if (usable < size * g) return groups;
    groups = g;
  }
}

}  // namespace

int happiness_points(int tokens) {
  constexpr int kTableMax = static_cast<int>(std::size(kHappinessTable)) - 1;
  if (tokens <= kTableMax) return kHappinessTable[tokens];
  return kHappinessTable[kTableMax] + kHappinessPerExtraToken * (tokens - kTableMax);
}

void Game::scores(const State& s, std::int32_t* out) const { score(s, out, nullptr); }

// One part per timeline card (its objective's points, the card named), then the Happiness
// table and the bonus for the most Happiness tokens: they add up to scores()[seat].
std::vector<ScorePart> Game::score_parts(const State& s, int seat) const {
  std::array<std::int32_t, kMaxPlayers> totals{};
  std::array<SeatScore, kMaxPlayers> details{};
  score(s, totals.data(), details.data());
  const SeatScore& d = details[seat];
  const PlayerState& p = s.players[seat];
  std::vector<ScorePart> parts;
  for (std::size_t slot = 0; slot < p.timeline.size(); ++slot)
    parts.push_back({"card", cards_[p.timeline[slot]].name, d.card_points[slot]});
  parts.push_back({"happiness", "Happiness tokens", d.happiness_table});
  parts.push_back({"happiness_bonus", "Most Happiness tokens", d.happiness_bonus});
  return parts;
}

void Game::score(const State& s, std::int32_t* out, SeatScore* details) const {
  const int n = num_players();
  std::array<TimelineTraits, kMaxPlayers> traits;  // filled for the seats in play only
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    TimelineTraits& t = traits[seat];
    t.length = static_cast<int>(p.timeline.size());
    std::array<TraitRow, kRounds> per_card;
    for (int slot = 0; slot < t.length; ++slot) {
      const auto& printed = cards_[p.timeline[slot]].traits;
      std::copy(printed.begin(), printed.end(), per_card[slot].begin());
      per_card[slot][kAllTraitsColumn] = trait_totals_[p.timeline[slot]];
    }
    for (std::uint8_t code : p.trait_tokens) {
      ++per_card[code / kNumTraits][code % kNumTraits];
      ++per_card[code / kNumTraits][kAllTraitsColumn];
    }
    t.prefix[0] = {};
    for (int slot = 0; slot < t.length; ++slot)
      for (int column = 0; column <= kAllTraitsColumn; ++column)
        t.prefix[slot + 1][column] =
            static_cast<std::uint8_t>(t.prefix[slot][column] + per_card[slot][column]);
  }

  int most_happiness = 0;
  for (int seat = 0; seat < n; ++seat)
    most_happiness = std::max<int>(most_happiness, s.players[seat].happiness);
  int holders_of_most = 0;
  for (int seat = 0; seat < n; ++seat) holders_of_most += s.players[seat].happiness == most_happiness;
  const bool bonus_paid = most_happiness > 0 &&
                          (holders_of_most == 1 || rules_.happiness_bonus_tie == BonusTie::kAll);

  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    const TimelineTraits& t = traits[seat];
    const int length = static_cast<int>(p.timeline.size());
    int total = 0;
    for (int slot = 0; slot < length; ++slot) {
      const int number = p.timeline[slot];
      const Objective& o = cards_[number].objective;
      const int before = total;
      switch (o.kind) {
        case ObjectiveKind::kFlat:
          total += o.points;
          break;
        case ObjectiveKind::kPerTrait:
          total += o.points * t.total(o.trait);
          break;
        case ObjectiveKind::kDirectional:
          total += o.points * (looks_younger_[number] ? t.range(o.trait, 0, slot)
                                                      : t.range(o.trait, slot, length - 1));
          break;
        case ObjectiveKind::kNeighbours:
          if (slot > 0) total += o.points * t.range(o.trait, slot - 1, slot - 1);
          if (slot + 1 < length) total += o.points * t.range(o.trait, slot + 1, slot + 1);
          break;
        case ObjectiveKind::kSets:
          total += o.points * complete_sets(t, o.size);
          break;
        case ObjectiveKind::kMajority: {
          const int mine = t.total(o.trait);
          bool most = mine > 0;
          for (int other = 0; other < n && most; ++other)
            most = other == seat || traits[other].total(o.trait) <= mine;
          if (most) total += o.points;
          break;
        }
        case ObjectiveKind::kYoungest:
          if (slot == 0) total += o.points;
          break;
        case ObjectiveKind::kOldest:
          if (slot == length - 1) total += o.points;
          break;
        case ObjectiveKind::kAgeBand:
          for (std::uint8_t other : p.timeline) {
            const int age = cards_[other].age;
            if (age >= o.min_age && age <= o.max_age) total += o.points;
          }
          break;
        case ObjectiveKind::kTokens:
          total += o.points * (o.emotion == 0 ? p.happiness : p.inspiration);
          break;
      }
      if (details) details[seat].card_points[slot] = total - before;
    }
    const int table = happiness_points(p.happiness);
    const int bonus = bonus_paid && p.happiness == most_happiness ? kHappinessBonus : 0;
    if (details) {
      details[seat].happiness_table = table;
      details[seat].happiness_bonus = bonus;
    }
    out[seat] = total + table + bonus;
  }
}

void Game::returns(const State& s, double* out) const {
  const int n = num_players();
  std::fill(out, out + n, 0.0);
  if (!is_terminal(s)) return;
  std::array<std::int32_t, kMaxPlayers> score{};
  scores(s, score.data());
  const int best = *std::max_element(score.begin(), score.begin() + n);
  std::array<bool, kMaxPlayers> wins{};
  for (int seat = 0; seat < n; ++seat) wins[seat] = score[seat] == best;
  if (rules_.winner_tie_break == WinnerTieBreak::kHappiness) {
    int most = 0;
    for (int seat = 0; seat < n; ++seat)
      if (wins[seat]) most = std::max<int>(most, s.players[seat].happiness);
    for (int seat = 0; seat < n; ++seat) wins[seat] = wins[seat] && s.players[seat].happiness == most;
  }
  shared_win_returns(wins.data(), n, out);
}

}  // namespace lifespan::time_of_your_life
