# Cython declarations of The Pursuit of Happiness core (docs/embedding.md §3; the rules are
# docs/pursuit_of_happiness.md, the action ids docs/pursuit_of_happiness_engine.md): Game and
# State, an action id's kind and operands, and the native objects behind a Python game or state.
# `cimport lifespan.native_pursuit_of_happiness as poh`, compile as C++20 with
# lifespan.get_include() and link lifespan.get_library() (examples/cython/setup.py).
#
# A State is a fixed-size value: `cdef State copy = state` is a clone (a memcpy).
from libc.stdint cimport int8_t, int32_t, uint8_t, uint16_t, uint64_t
from libcpp cimport bool as cbool
from libcpp.string cimport string

from lifespan.native_common cimport SplitMix64, native_pointer

cdef extern from "lifespan/pursuit_of_happiness/game.hpp" namespace "lifespan::pursuit_of_happiness" nogil:
    const int kMaxPlayers
    const int kMaxLegalActions
    const int kNumDistinctActions

    # What an action id does (action.hpp); Python's PursuitActionKind names the same values
    # in capitals (kStartProject is START_PROJECT).
    cdef enum class ActionKind(uint8_t):
        kKeepTrait
        kPayUpkeep
        kGiveUp
        kRefresh
        kDiscard
        kSimpleBoard
        kStartProject
        kJoinGroup
        kSpend
        kGetJob
        kPromoteFromRow
        kPromoteFlip
        kStartRelationship
        kCardAction
        kPayUnit
        kPass
        kUpkeepWorkingHarder
        kEventTask
        kPlanExperience
        kDream
        kFromDream
        kExtendExperience
        kDevelopWithKid
        kRaiseFamily
        kPlaceNostalgia
        kDiscardNostalgia
        kActiveTrigger
        kFreeAbility
        kRealize
        kDetermineOutcome
        kSmartGoals
        kForgoDiscount
        kSchoolCourse
        kMakeFriend
        kCommunityPlace
        kAchievement
        kNoAchievement
        kKeepKid
        kDiscardKid
        kChooseTrigger
        kNumKinds

    # An action's kind and operands (Python's PursuitAction); operands a kind does not use are 0.
    cdef cppclass Action:
        ActionKind kind
        int8_t seat
        int8_t row
        int8_t slot
        int8_t variant
        cbool hourglass

    # Pure functions of the id, no game needed: decode is one table load.
    Action decode(int action)        # kind kNumKinds for an id out of range
    ActionKind kind_of(int action)
    int encode(const Action& action)  # -1 when no id stands for it

    cdef cppclass State:
        State()
        State(const State&)
        SplitMix64 rng

    cdef cppclass ActionList "lifespan::pursuit_of_happiness::Game::ActionList":
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


# The native game behind a Python Game of lifespan.load_game("pursuit_of_happiness"): valid while
# that object lives. Another game's object raises ValueError (its capsule has another name).
# A game never changes after it is built: every method above is const in C++ (Cython's
# declarations leave the qualifier out, so the pointer is a plain Game*).
cdef inline Game* game_of(object game) except NULL:
    return <Game*>native_pointer(game, "PursuitOfHappinessGame", "a pursuit_of_happiness Game")


# The native state behind a Python State, changed in place by apply: valid while it lives.
cdef inline State* state_of(object state) except NULL:
    return <State*>native_pointer(state, "PursuitOfHappinessState", "a pursuit_of_happiness State")


# The legal actions, ascending, into `out` (room for kMaxLegalActions); returns their number.
cdef inline int legal_actions_into(Game* game, const State& state, int* out) noexcept nogil:
    cdef ActionList legal
    game.legal_actions(state, legal)
    cdef size_t i
    for i in range(legal.size()):
        out[i] = legal[i]
    return <int>legal.size()
