#pragma once
// The state's source of chance, for both games (docs/chance.md). In sampled mode (the default)
// the state's SplitMix64 draws every random event, exactly as before this mode existed. In
// explicit mode (the game option chance="explicit") every random event is a chance node, as in
// OpenSpiel: its outcomes are listed and one is chosen from outside.
//
// How explicit mode runs the same rules code: a transition (a player's action, or the setup)
// reads its draws from the chance tape, the outcomes chosen so far. A draw past the end of the
// tape records its outcome count and returns 0; the rest of that run is thrown away and the
// state stays as it was before the transition, now a chance node waiting on it (`pending`).
// Each outcome applied goes on the tape and the transition is run again on a copy; once it
// needs no more than the tape holds, the copy becomes the state and the tape is cleared.
#include <cstdint>
#include <stdexcept>

#include "lifespan/common/errors.hpp"
#include "lifespan/common/fixed_vector.hpp"
#include "lifespan/common/rng.hpp"

namespace lifespan {

// kExplicitSampled: an explicit-mode state handed to a random playout or a search's rollout.
// It draws from the generator as sampled mode does, but decks stay lazily drawn (deck.hpp).
enum class ChanceMode : std::uint8_t { kSampled, kExplicit, kExplicitSampled };
inline constexpr const char* kChanceModeNames[] = {"sampled", "explicit"};

inline constexpr int kChancePlayer = -1;          // OpenSpiel's id of the chance player
inline constexpr std::int16_t kSetupPending = -1;  // `pending` of a chance node in the setup

template <std::size_t TapeCapacity>
struct StateRng : SplitMix64 {
  ChanceMode mode = ChanceMode::kSampled;
  std::uint8_t read = 0;       // tape entries the transition being run has used; 0 between runs
  std::uint16_t bound = 0;     // at a chance node its number of outcomes; 0 elsewhere
  std::int16_t pending = 0;    // at a chance node: the action waiting for it, or kSetupPending
  FixedVector<std::uint8_t, TapeCapacity> tape;  // the outcomes chosen so far for `pending`
  // Only while an outcome is named (name_draw): the outcome, then the pile the chance node
  // draws from (compared by address with the copy's piles) and the card it takes. Not saved;
  // -1 and null in every state a game holds.
  std::int16_t naming = -1;
  std::int16_t named_card = -1;
  const void* named_pile = nullptr;

  static constexpr std::size_t kTapeCapacity = TapeCapacity;
  static constexpr std::uint32_t kMaxOutcomes = 256;  // a tape entry is a byte

  // Uniform in [0, n). Sampled mode's numbers are SplitMix64's. A draw with one outcome is no
  // chance node.
  constexpr std::uint32_t below(std::uint32_t n) {
    if (mode == ChanceMode::kSampled) [[likely]] return SplitMix64::below(n);
    if (n > 1 && read < tape.size()) return tape[read++];
    if (mode == ChanceMode::kExplicitSampled) return SplitMix64::below(n);
    if (n > 1 && bound == 0) bound = static_cast<std::uint16_t>(n);
    return 0;
  }
  // Decks are drawn lazily (deck.hpp) outside sampled mode.
  constexpr bool lazy() const { return mode != ChanceMode::kSampled; }
  constexpr bool chance_node() const { return bound != 0; }
  bool operator==(const StateRng&) const = default;

  // The saved fields besides the generator's: `read` is 0 whenever a state is saved.
  template <class Visitor>
  void visit(Visitor& v) {
    v("mode", mode);
    v("bound", bound);
    v("pending", pending);
    v("tape", tape);
  }
};

// Explicit mode's transitions. `run(State&, int pending)` applies a player's action or, for
// kSetupPending, the setup, drawing from the state's rng.
//
// Runs `pending` on a copy of `s` that reads s's tape: the copy replaces `s` if the tape held
// every draw, else `s` becomes a chance node waiting on `pending`.
template <class State, class Run>
void run_on_tape(State& s, int pending, Run&& run) {
  State next = s;
  next.rng.read = 0;
  next.rng.bound = 0;
  run(next, pending);
  if (next.rng.bound != 0) {
    s.rng.bound = next.rng.bound;
    s.rng.pending = static_cast<std::int16_t>(pending);
    return;
  }
  s = next;
  s.rng.read = 0;
  s.rng.pending = 0;
  s.rng.tape.clear();
}

// A player's action, or at a chance node an outcome (the caller has checked it is below
// s.rng.bound). The tape has room: kTapeCapacity bounds the draws of any one transition
// (tested), and a transition that needed more would throw here rather than overrun.
// Runs what the chance node `s` waits for with its tape, to learn what `outcome` would draw: in
// the copy returned, rng.named_pile and rng.named_card (null and -1 for a draw of no card: a
// face, a die, a seat).
template <class State, class Run>
State name_draw(const State& s, int outcome, Run&& run) {
  State t = s;
  t.rng.read = 0;
  t.rng.bound = 0;
  t.rng.naming = static_cast<std::int16_t>(outcome);
  run(t, s.rng.pending);
  return t;
}

template <class State, class Run>
void play_explicit(State& s, int action, Run&& run) {
  if (!s.rng.chance_node()) {
    run_on_tape(s, action, run);
    return;
  }
  if (s.rng.tape.full()) throw std::logic_error("chance tape full: raise the state's kChanceTape");
  s.rng.tape.push_back(static_cast<std::uint8_t>(action));
  s.rng.bound = 0;
  run_on_tape(s, s.rng.pending, run);
}

// A loaded state's chance fields, for a game whose option is `mode`. Returns the state before
// the transition a chance node waits for (the caller checks it: a player's position, or the
// blank state of the setup), to be handed to check_chance_node.
template <class State>
State check_chance_fields(const State& s, ChanceMode mode) {
  const auto& rng = s.rng;
  require_state(rng.mode == mode, std::string("chance.mode: this game plays chance=\"") +
                                      kChanceModeNames[static_cast<int>(mode)] + "\"");
  require_state(rng.bound != 0 || (rng.pending == 0 && rng.tape.empty()),
                "chance: pending and tape are empty except at a chance node");
  State before = s;
  before.rng.bound = 0;
  before.rng.pending = 0;
  before.rng.tape.clear();
  return before;
}

// Replays a chance node from the state before its transition: the transition, then each
// outcome of the tape, each within its node's outcomes, must give `s` exactly.
template <class State, class Run>
void check_chance_node(const State& s, State before, Run&& run) {
  run_on_tape(before, s.rng.pending, run);
  for (std::uint8_t outcome : s.rng.tape) {
    require_state(before.rng.chance_node() && outcome < before.rng.bound,
                  "chance.tape: an outcome the chance node it answers does not have");
    play_explicit(before, outcome, run);
  }
  require_state(before == s, "chance: the tape does not lead to this chance node from the saved position");
}

}  // namespace lifespan
