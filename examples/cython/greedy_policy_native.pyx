# distutils: language = c++
# cython: language_level=3, boundscheck=False, wraparound=False
"""A custom playout policy for Time of Your Life written in Cython against the core
(docs/embedding.md §3): the seat to move takes the action after which its score is highest
right now (the lowest id on a tie), every seat alike, to the end of the game.
greedy_policy.py is the same policy through the Python API; tests/test_embedding.py checks they
agree and benchmarks/test_cython_policy.py times both."""
from libc.stdint cimport int32_t, uint64_t

cimport lifespan.native_time_of_your_life as toyl

# legal_actions_into needs room for kMaxLegalActions ids.
cdef enum:
    BUFFER = 256
assert toyl.kMaxLegalActions <= BUFFER and toyl.kMaxPlayers <= 8


cdef int greedy_action(toyl.Game* game, const toyl.State& state) noexcept nogil:
    cdef int legal[BUFFER]
    cdef int32_t scores[8]
    cdef int count = toyl.legal_actions_into(game, state, legal)
    cdef int seat = game.current_player(state)
    cdef int best = -1, i    # a state that is not terminal has a legal action: the first sets it
    cdef int32_t best_score = 0
    cdef toyl.State child
    for i in range(count):
        child = state              # a clone: the state is a plain value
        game.apply_unchecked(child, legal[i])
        game.scores(child, scores)
        if i == 0 or scores[seat] > best_score:
            best, best_score = legal[i], scores[seat]
    return best


cdef void play_to_end(toyl.Game* game, toyl.State& state, int32_t* final) noexcept nogil:
    while not game.is_terminal(state):
        game.apply_unchecked(state, greedy_action(game, state))
    game.scores(state, final)


cdef list play_out(toyl.Game* game, toyl.State& state):
    cdef int32_t final[8]
    cdef int seat
    with nogil:
        play_to_end(game, state, final)
    result = []
    for seat in range(game.num_players()):
        result.append(final[seat])
    return result


def play_greedy(game, uint64_t seed):
    """The final scores of a greedy game from game.new_state(seed)."""
    cdef toyl.Game* native = toyl.game_of(game)
    cdef toyl.State state = native.new_state(seed)
    return play_out(native, state)


def play_greedy_from(state):
    """The final scores of a greedy game from a copy of a Python state (left unchanged)."""
    cdef toyl.Game* native = toyl.game_of(state.game)
    cdef toyl.State copy = toyl.state_of(state)[0]
    return play_out(native, copy)


def greedy_move(state):
    """The policy's action in a Python state (which is left unchanged)."""
    return greedy_action(toyl.game_of(state.game), toyl.state_of(state)[0])

