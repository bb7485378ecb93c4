#pragma once
// Monte Carlo tree search for any game of this library (docs/search.md).
//
// Information-set MCTS with a single observer (Cowling, Powley and Whitehouse 2012): every
// iteration searches a fresh `determinize` of the root from the searching player's view, so
// hidden cards, deck order and future chance are re-drawn each time and the search never uses
// what that player cannot know. Tree nodes are reached by actions; a node's children are those
// of its actions legal in some determinization so far, and UCB1 counts, for each child, the
// visits of its parent in which it was legal ("availability"). Random rollouts use the game's
// uniform playout policy. Each node backs up the return of the player who chose its action.
//
// Threads search separate trees (root parallelism) whose root statistics are summed; with an
// iteration budget the same seed and thread count give the same result.
#include <algorithm>
#include <atomic>
#include <bitset>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <exception>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "lifespan/common/playouts.hpp"
#include "lifespan/common/chance.hpp"

namespace lifespan {

// A search may run for at most a year: the clock's range stays far away.
inline constexpr double kMaxSearchSeconds = 3.2e7;

struct MctsOptions {
  std::int64_t iterations = -1;  // -1: no limit on iterations
  double seconds = -1;           // -1: no time limit
  int threads = 1;               // 0: one per core
  std::uint64_t seed = 0;
  double exploration = 2.0;      // UCB1 constant; returns lie in [-1, 1]
  int max_rollout = -1;          // moves per rollout; -1: to the end of the game
  // Nodes per tree (32 bytes each). A full tree keeps searching but stops growing: a new
  // action is then played without a node and the rollout starts there.
  std::int64_t max_nodes = std::int64_t{1} << 23;
};

// Refuses options no search can honour, with std::invalid_argument (a ValueError in Python), so
// that every host gets the same checks: a negative or huge thread count, a budget that is
// neither unset (< 0 exactly as -1) nor positive, a time that is not a finite number of seconds.
inline void check_options(const MctsOptions& options) {
  check_thread_count(options.threads);
  if (options.iterations < -1 || options.iterations == 0)
    throw std::invalid_argument("iterations must be an integer >= 1 (or -1: no limit), got " +
                                std::to_string(options.iterations));
  if (!(options.seconds == -1 || (options.seconds > 0 && options.seconds <= kMaxSearchSeconds)))
    throw std::invalid_argument("seconds must be a number > 0 and at most 3.2e7 (or -1: no limit), got " +
                                std::to_string(options.seconds));
  if (!std::isfinite(options.exploration) || options.exploration < 0)
    throw std::invalid_argument("exploration must be a finite number >= 0, got " +
                                std::to_string(options.exploration));
  if (options.max_rollout < -1)
    throw std::invalid_argument("max_rollout must be an integer >= 0 (or -1: no limit), got " +
                                std::to_string(options.max_rollout));
  if (options.max_nodes < 1) throw std::invalid_argument("max_nodes must be at least 1");
}

struct MctsResult {
  int action = -1;                    // the most visited root action
  std::vector<int> actions;           // root actions searched, ascending
  std::vector<std::int64_t> visits;   // per root action
  std::vector<double> values;         // per root action: mean return of the searching player
  std::int64_t iterations = 0;
  std::int64_t simulated_moves = 0;   // moves applied in the tree and in rollouts
};

namespace mcts_detail {

using Clock = std::chrono::steady_clock;

struct Node {
  std::int32_t first_child = -1;
  std::int32_t next_sibling = -1;
  std::int32_t action = -1;
  std::int32_t mover = -1;       // the player who chose `action`
  std::uint32_t visits = 0;
  std::uint32_t available = 0;   // visits of the parent in which `action` was legal
  double value_sum = 0;          // the mover's returns
};

// One tree, searched by one thread. Cache-line aligned: trees sit side by side in a vector and
// each thread updates its own generator and counters all the time.
template <class Game>
class alignas(64) Tree {
 public:
  using State = typename Game::State;

  Tree(const Game& game, const State& root, const MctsOptions& options, std::uint64_t seed)
      : game_(game), root_(root), options_(options), rng_{seed},
        root_player_(game.current_player(root)) {
    nodes_.reserve(4096);
    nodes_.push_back(Node{});
  }

  // Runs until `iterations` are done (if >= 0), the deadline passes (if any) or `stop` is set.
  // The deadline is read after the first iteration: however short the time, the search has a
  // visited root action to return. Reading the clock costs tens of nanoseconds, an iteration
  // microseconds.
  void run(std::int64_t iterations, const std::optional<Clock::time_point>& deadline,
           const std::atomic<bool>& stop) {
    for (std::int64_t i = 0; iterations < 0 || i < iterations; ++i) {
      if (stop.load(std::memory_order_relaxed) || (i > 0 && deadline && Clock::now() >= *deadline)) return;
      iterate();
    }
  }

  const std::vector<Node>& nodes() const { return nodes_; }
  std::int64_t iterations() const { return iterations_; }
  std::int64_t simulated_moves() const { return moves_; }

 private:
  void iterate() {
    State d = game_.determinize(root_, root_player_, rng_.next());
    // An explicit-mode game samples its chance inside the search, as sampled mode does.
    if (d.rng.mode == ChanceMode::kExplicit) game_.sample_chance(d, rng_.next());
    path_.clear();
    std::int32_t node = 0;
    while (!game_.is_terminal(d)) {
      int action = -1;
      const std::int32_t next = select_or_expand(d, node, action);
      game_.apply_unchecked(d, action);
      ++moves_;
      if (next < 0) break;  // the tree is full: roll out from here
      const bool expanded = nodes_[next].visits == 0;
      path_.push_back(next);
      node = next;
      if (expanded) break;
    }
    for (int step = 0; !game_.is_terminal(d) && (options_.max_rollout < 0 || step < options_.max_rollout); ++step) {
      game_.apply_random_action(d, rng_);
      ++moves_;
    }
    double returns[Game::kMaxPlayers];
    game_.returns(d, returns);  // a rollout cut short by max_rollout scores 0 for everyone
    ++nodes_[0].visits;
    for (std::int32_t index : path_) {
      Node& n = nodes_[index];
      ++n.visits;
      n.value_sum += returns[n.mover];
    }
    ++iterations_;
  }

  // The child of `node` to follow in `d`, and its action: a new child for an untried legal
  // action (chosen at random) if there is one, else the legal child with the best UCB1 score.
  // -1 (with the action) when an untried action finds the tree full.
  std::int32_t select_or_expand(const State& d, std::int32_t node, int& action) {
    game_.legal_actions(d, legal_);
    // Loaded states are checked for this; a search must still never index an empty list.
    if (legal_.empty()) throw std::invalid_argument("mcts: a position that is not over has no legal action");
    std::bitset<Game::kNumDistinctActions> is_legal, has_child;
    for (auto a : legal_) is_legal.set(a);
    for (std::int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      has_child.set(static_cast<std::size_t>(nodes_[c].action));
      if (is_legal[static_cast<std::size_t>(nodes_[c].action)]) ++nodes_[c].available;
    }
    int untried = 0;
    for (auto a : legal_) untried += !has_child[a];
    if (untried > 0) {
      int pick = static_cast<int>(rng_.below(static_cast<std::uint32_t>(untried)));
      for (auto a : legal_) {
        if (has_child[a] || pick-- > 0) continue;
        action = a;
        if (static_cast<std::int64_t>(nodes_.size()) >= options_.max_nodes) return -1;
        Node child;
        child.action = a;
        child.mover = game_.current_player(d);
        child.available = 1;
        child.next_sibling = nodes_[node].first_child;
        nodes_.push_back(child);
        const auto index = static_cast<std::int32_t>(nodes_.size() - 1);
        nodes_[node].first_child = index;
        return index;
      }
    }
    std::int32_t best = -1;
    double best_score = 0;
    for (std::int32_t c = nodes_[node].first_child; c >= 0; c = nodes_[c].next_sibling) {
      const Node& n = nodes_[c];
      if (!is_legal[static_cast<std::size_t>(n.action)]) continue;
      const double score = n.value_sum / n.visits +
                           options_.exploration * std::sqrt(std::log(static_cast<double>(n.available)) / n.visits);
      if (best < 0 || score > best_score) {
        best = c;
        best_score = score;
      }
    }
    action = nodes_[best].action;
    return best;
  }

  const Game& game_;
  const State& root_;
  const MctsOptions& options_;
  SplitMix64 rng_;
  int root_player_;
  std::vector<Node> nodes_;
  std::vector<std::int32_t> path_;
  typename Game::ActionList legal_;
  std::int64_t iterations_ = 0;
  std::int64_t moves_ = 0;
};

}  // namespace mcts_detail

// Searches from `root` for the player to move there. `root` must not be terminal and must not
// change during the search (callers pass a copy they own). With neither budget set it returns
// after one iteration per thread. An exception in any thread (std::bad_alloc, say) stops every
// thread and is rethrown here.
template <class Game>
MctsResult mcts(const Game& game, const typename Game::State& root, MctsOptions options) {
  check_options(options);
  if (game.current_player(root) == kChancePlayer)
    throw std::invalid_argument("mcts searches for the player to move, and the root is a chance node");
  using Tree = mcts_detail::Tree<Game>;
  using Clock = mcts_detail::Clock;
  const int threads = resolve_thread_count(options.threads, std::numeric_limits<std::int64_t>::max());
  if (options.iterations < 0 && options.seconds < 0) options.iterations = threads;
  std::optional<Clock::time_point> deadline;
  if (options.seconds >= 0)
    deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                  std::chrono::duration<double>(options.seconds));
  std::vector<Tree> trees;
  trees.reserve(threads);
  for (int t = 0; t < threads; ++t)
    trees.emplace_back(game, root, options, derive_seed(options.seed, static_cast<std::uint64_t>(t)));

  std::atomic<bool> stop{false};
  std::vector<std::exception_ptr> errors(threads);
  auto work = [&](int t) {
    // The iteration budget split evenly, the remainder to the first trees.
    const std::int64_t budget =
        options.iterations < 0 ? -1 : options.iterations / threads + (t < options.iterations % threads ? 1 : 0);
    try {
      trees[t].run(budget, deadline, stop);
    } catch (...) {
      errors[t] = std::current_exception();
      stop.store(true);
    }
  };
  std::vector<std::thread> pool;
  try {
    for (int t = 1; t < threads; ++t) pool.emplace_back(work, t);
  } catch (...) {  // no thread to be had: stop the started ones, then report
    stop.store(true);
    for (auto& thread : pool) thread.join();
    throw;
  }
  work(0);
  for (auto& thread : pool) thread.join();
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);

  // Sum the root children of every tree by action.
  std::vector<std::int64_t> visits(Game::kNumDistinctActions, 0);
  std::vector<double> value_sums(Game::kNumDistinctActions, 0.0);
  MctsResult result;
  for (const Tree& tree : trees) {
    const auto& nodes = tree.nodes();
    for (std::int32_t c = nodes[0].first_child; c >= 0; c = nodes[c].next_sibling) {
      visits[nodes[c].action] += nodes[c].visits;
      value_sums[nodes[c].action] += nodes[c].value_sum;
    }
    result.iterations += tree.iterations();
    result.simulated_moves += tree.simulated_moves();
  }
  for (int a = 0; a < Game::kNumDistinctActions; ++a) {
    if (visits[a] == 0) continue;
    result.actions.push_back(a);
    result.visits.push_back(visits[a]);
    result.values.push_back(value_sums[a] / static_cast<double>(visits[a]));
  }
  // Most visits; ties to the better mean, then at random (from the seed). Where every action
  // looks alike (a lost game), the lowest id would be a free action such as Refresh, which
  // returns the turn to the same seat: a bot choosing it every time would never end the game.
  std::size_t best = 0;
  for (std::size_t i = 1; i < result.actions.size(); ++i)
    if (result.visits[i] > result.visits[best] ||
        (result.visits[i] == result.visits[best] && result.values[i] > result.values[best]))
      best = i;
  if (!result.actions.empty()) {
    std::vector<std::size_t> tied;
    for (std::size_t i = 0; i < result.actions.size(); ++i)
      if (result.visits[i] == result.visits[best] && result.values[i] == result.values[best]) tied.push_back(i);
    SplitMix64 tie_break{derive_seed(options.seed, static_cast<std::uint64_t>(threads))};
    result.action = result.actions[tied[tie_break.below(static_cast<std::uint32_t>(tied.size()))]];
  }
  return result;
}

}  // namespace lifespan
