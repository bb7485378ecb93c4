#pragma once
// Whole random games on native threads. Game number i always uses seeds derived from (seed, i),
// and each thread writes only its own rows, so the result does not depend on the thread count.
#include <algorithm>
#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "lifespan/common/chance.hpp"

namespace lifespan {

// Plays one game from `state` to the end, choosing uniformly among the legal actions.
template <class Game>
void random_playout(const Game& game, typename Game::State& state, SplitMix64& policy) {
  while (!game.is_terminal(state)) game.apply_random_action(state, policy);
}

// The most native threads one batch or search may start. More than any machine this runs on
// has cores; a request beyond it is a mistake, and would fail late (the OS refuses the threads).
inline constexpr int kMaxThreads = 256;

// 0 asks for one thread per core; anything outside [0, kMaxThreads] is refused.
inline void check_thread_count(int requested) {
  if (requested < 0 || requested > kMaxThreads)
    throw std::invalid_argument("threads must be an integer from 0 to " + std::to_string(kMaxThreads) +
                                " (0: one per core), got " + std::to_string(requested));
}

// `requested` has passed check_thread_count.
inline int resolve_thread_count(int requested, std::int64_t jobs) {
  int threads = requested > 0 ? requested : static_cast<int>(std::thread::hardware_concurrency());
  threads = std::max(threads, 1);
  return static_cast<int>(std::min<std::int64_t>(threads, std::max<std::int64_t>(jobs, 1)));
}

// Fills scores[i * num_players + p], and returns[i * num_players + p] if `returns` is given,
// for games first .. first + n - 1 of the batch: row i holds game first + i, with its seeds
// seed_i = derive_seed(seed, first + i), so a batch split into shards by `first` gives the rows
// of the whole. With `start` == nullptr each game starts from game.new_state(seed_i); otherwise from a copy
// of *start whose generator is re-seeded with seed_i, so the chance events after `start` differ
// between games.
template <class Game>
void run_playouts(const Game& game, const typename Game::State* start, std::int64_t n,
                  std::uint64_t seed, int threads, std::int32_t* scores, double* returns = nullptr,
                  std::int64_t first_game = 0) {
  if (n < 0) throw std::invalid_argument("n must be an integer >= 0, got " + std::to_string(n));
  if (first_game < 0)
    throw std::invalid_argument("first must be an integer >= 0, got " + std::to_string(first_game));
  check_thread_count(threads);
  const int num_players = game.num_players();
  auto work = [&](std::int64_t first, std::int64_t last) {
    std::array<std::int32_t, Game::kMaxPlayers> row{};
    for (std::int64_t i = first; i < last; ++i) {
      const std::uint64_t game_seed = derive_seed(seed, static_cast<std::uint64_t>(first_game + i));
      typename Game::State state = start ? *start : game.new_state(game_seed);
      // Re-seeded from a start; an explicit-mode game draws its chance from the seed too.
      if (start || state.rng.mode != ChanceMode::kSampled) game.sample_chance(state, game_seed);
      SplitMix64 policy{game_seed ^ 0x5DEECE66DULL};
      random_playout(game, state, policy);
      game.scores(state, row.data());
      std::copy_n(row.data(), num_players, scores + i * num_players);
      if (returns) game.returns(state, returns + i * num_players);
    }
  };
  threads = resolve_thread_count(threads, n);
  if (threads == 1) {
    work(0, n);
    return;
  }
  std::vector<std::thread> pool;
  const std::int64_t chunk = (n + threads - 1) / threads;
  for (int t = 0; t < threads; ++t) {
    const std::int64_t first = std::min<std::int64_t>(n, t * chunk);
    const std::int64_t last = std::min<std::int64_t>(n, first + chunk);
    pool.emplace_back(work, first, last);
  }
  for (auto& thread : pool) thread.join();
}

}  // namespace lifespan
