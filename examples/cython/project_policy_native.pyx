# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""A custom playout policy for The Pursuit of Happiness written in Cython against the core
(docs/embedding.md §3): the seat to move starts or joins a Project when it can, never Refreshes a
row while anything else is legal, and otherwise plays at random, every seat alike, to the end
of the game. Each candidate costs one look at its decoded kind, no trial move: the time is the
loop's, which is what Cython removes. project_policy.py is the same policy through the Python
API; tests/test_embedding.py checks they play the same games and benchmarks/test_cython_policy.py
times them."""
from libc.stdint cimport int32_t, uint64_t
from libcpp.vector cimport vector

from lifespan.native_common cimport SplitMix64, derive_seed
cimport lifespan.native_pursuit_of_happiness as poh
from lifespan.native_pursuit_of_happiness cimport ActionKind

# legal_actions_into needs room for kMaxLegalActions ids.
cdef enum:
    BUFFER = 256
assert poh.kMaxLegalActions <= BUFFER and poh.kMaxPlayers <= 8


cdef int project_first_action(poh.Game* game, const poh.State& state, SplitMix64& rng) noexcept nogil:
    cdef int legal[BUFFER]
    cdef int projects[BUFFER]
    cdef int others[BUFFER]
    cdef int count = poh.legal_actions_into(game, state, legal)
    cdef int num_projects = 0, num_others = 0, i
    cdef ActionKind kind
    for i in range(count):
        kind = poh.kind_of(legal[i])
        if kind == ActionKind.kStartProject or kind == ActionKind.kJoinGroup:
            projects[num_projects] = legal[i]
            num_projects += 1
        elif kind != ActionKind.kRefresh:
            others[num_others] = legal[i]
            num_others += 1
    # One draw a move, whichever list it picks from (as project_policy.choose).
    if num_projects > 0:
        return projects[rng.below(num_projects)]
    if num_others > 0:
        return others[rng.below(num_others)]
    return legal[rng.below(count)]


cdef void play_to_end(poh.Game* game, poh.State& state, SplitMix64& rng, int32_t* final,
                      vector[int]* moves) noexcept nogil:
    cdef int action
    while not game.is_terminal(state):
        action = project_first_action(game, state, rng)
        game.apply_unchecked(state, action)
        if moves != NULL:
            moves.push_back(action)
    game.scores(state, final)


cdef tuple play_out(poh.Game* game, uint64_t seed, bint record):
    cdef int32_t final[8]
    cdef vector[int] moves
    cdef poh.State state = game.new_state(seed)
    cdef SplitMix64 rng
    rng.state = derive_seed(seed, 1)   # the policy's own draws, as project_policy.policy_rng
    with nogil:
        play_to_end(game, state, rng, final, &moves if record else NULL)
    return [final[seat] for seat in range(game.num_players())], moves


def play(game, uint64_t seed):
    """(final scores, every action in order) of a game from game.new_state(seed)."""
    return play_out(poh.game_of(game), seed, True)


def play_scores(game, uint64_t seed):
    """The final scores alone of the game play() plays: no list of moves is kept."""
    return play_out(poh.game_of(game), seed, False)[0]
