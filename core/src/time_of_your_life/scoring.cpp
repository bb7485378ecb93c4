// End-of-game scoring (docs §6, §8): card objectives, the Happiness table and bonus, and the
// returns that search uses.
#include <algorithm>

#include "lifespan/time_of_your_life/game.hpp"

namespace lifespan::time_of_your_life {
namespace {

// Small counters: this runs once per finished game in every playout.
using TraitCounts = std::array<std::uint8_t, kNumTraits>;

struct TimelineTraits {
  std::array<TraitCounts, kRounds> per_card;  // printed traits + Trait tokens, by slot
  TraitCounts total;
};

int count(const TraitCounts& c, int trait) {
  if (trait != kAnyTrait) return c[trait];
  int sum = 0;
  for (int v : c) sum += v;
  return sum;
}

// The most disjoint groups of `size` different traits: the largest g with
// sum(min(c, g)) >= size * g.
int complete_sets(const TraitCounts& c, int size) {
  int groups = 0;
  for (;;) {
    const int g = groups + 1;
    int usable = 0;
    for (int v : c) usable += std::min(v, g);
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

void Game::scores(const State& s, std::int32_t* out) const {
  const int n = num_players();
  std::array<TimelineTraits, kMaxPlayers> traits;  // filled for the seats in play only
  for (int seat = 0; seat < n; ++seat) {
    const PlayerState& p = s.players[seat];
    TimelineTraits& t = traits[seat];
    for (std::size_t slot = 0; slot < p.timeline.size(); ++slot)
      t.per_card[slot] = cards_[p.timeline[slot]].traits;
    for (std::uint8_t code : p.trait_tokens) ++t.per_card[code / kNumTraits][code % kNumTraits];
    t.total = {};
    for (std::size_t slot = 0; slot < p.timeline.size(); ++slot)
      for (int tr = 0; tr < kNumTraits; ++tr) t.total[tr] = static_cast<std::uint8_t>(t.total[tr] + t.per_card[slot][tr]);
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
      switch (o.kind) {
        case ObjectiveKind::kFlat:
          total += o.points;
          break;
        case ObjectiveKind::kPerTrait:
          total += o.points * count(t.total, o.trait);
          break;
        case ObjectiveKind::kDirectional: {
          const int from = looks_younger_[number] ? 0 : slot;
          const int to = looks_younger_[number] ? slot : length - 1;
          for (int i = from; i <= to; ++i) total += o.points * count(t.per_card[i], o.trait);
          break;
        }
        case ObjectiveKind::kNeighbours:
          if (slot > 0) total += o.points * count(t.per_card[slot - 1], o.trait);
          if (slot + 1 < length) total += o.points * count(t.per_card[slot + 1], o.trait);
          break;
        case ObjectiveKind::kSets:
          total += o.points * complete_sets(t.total, o.size);
          break;
        case ObjectiveKind::kMajority: {
          const int mine = count(t.total, o.trait);
          bool most = mine > 0;
          for (int other = 0; other < n && most; ++other)
            most = other == seat || count(traits[other].total, o.trait) <= mine;
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
    }
    total += happiness_points(p.happiness);
    if (bonus_paid && p.happiness == most_happiness) total += kHappinessBonus;
    out[seat] = total;
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
  const int winners = static_cast<int>(std::count(wins.begin(), wins.begin() + n, true));
  for (int seat = 0; seat < n; ++seat) {
    const double share = wins[seat] ? 1.0 / winners : 0.0;
    out[seat] = (n * share - 1.0) / (n - 1);
  }
}

}  // namespace lifespan::time_of_your_life
