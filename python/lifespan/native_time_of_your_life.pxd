# Cython declarations of the Time of Your Life core (docs/embedding.md §3; the rules are
# docs/time_of_your_life.md): Game and State, and the native objects behind a Python game or
# state. `cimport lifespan.native_time_of_your_life as toyl`, compile as C++20 with
# lifespan.get_include() and link lifespan.get_library() (examples/cython/setup.py).
#
# A State is a fixed-size value: `cdef State copy = state` is a clone (a memcpy).
from libc.stdint cimport int32_t, uint16_t, uint64_t
from libcpp.string cimport string

from lifespan.native_common cimport SplitMix64, native_pointer

cdef extern from "lifespan/time_of_your_life/game.hpp" namespace "lifespan::time_of_your_life" nogil:
    const int kMaxPlayers
    const int kMaxLegalActions
    const int kNumDistinctActions
    const int kNumCards

    # A card's number, age and name (its traits, icons and objective are in cards.hpp).

    cdef cppclass CardSpec:
        int number
        int age
        string name

    cdef cppclass State:
        State()
        State(const State&)
        SplitMix64 rng

    cdef cppclass ActionList "lifespan::time_of_your_life::Game::ActionList":
        ActionList()
        size_t size()
        uint16_t& operator[](size_t)

    cdef cppclass Game:
        int num_players()
        State new_state(uint64_t seed) except +
        bint is_terminal(const State& s)
        int current_player(const State& s)
        void legal_actions(const State& s, ActionList& out)   # ascending ids
        bint is_legal(const State& s, int action)
        # Raises IllegalActionError's C++ twin (a ValueError here); the state is then unchanged.
        void apply(State& s, int action) except +
        void apply_unchecked(State& s, int action)           # `action` must be legal
        int sample_action(const State& s, SplitMix64& rng)   # uniform among the legal
        void scores(const State& s, int32_t* out)            # num_players() values
        string action_to_string(const State& s, int action) except +
        const CardSpec& card(int number)                     # by card number, 0–79


# The native game behind a Python Game of lifespan.load_game("time_of_your_life"): valid while
# that object lives. Another game's object raises ValueError (its capsule has another name).
# A game never changes after it is built: every method above is const in C++ (Cython's
# declarations leave the qualifier out, so the pointer is a plain Game*).
cdef inline Game* game_of(object game) except NULL:
    return <Game*>native_pointer(game, "TimeOfYourLifeGame", "a time_of_your_life Game")


# The native state behind a Python State, changed in place by apply: valid while it lives.
cdef inline State* state_of(object state) except NULL:
    return <State*>native_pointer(state, "TimeOfYourLifeState", "a time_of_your_life State")


# The legal actions, ascending, into `out` (room for kMaxLegalActions); returns their number.
cdef inline int legal_actions_into(Game* game, const State& state, int* out) noexcept nogil:
    cdef ActionList legal
    game.legal_actions(state, legal)
    cdef size_t i
    for i in range(legal.size()):
        out[i] = legal[i]
    return <int>legal.size()
