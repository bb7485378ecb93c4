# Stubs for the compiled module lifespan._core (bindings/), including the methods that
# lifespan/_api.py adds in Python (to_json, state_from_json, cards, parameters, pickling).
# _Game and _State exist only here: they spell out once the API every game's classes share.
import enum
from typing import Any, Callable, ClassVar, Generic, NamedTuple, NoReturn, SupportsIndex, TypeVar

import numpy as np
import numpy.typing as npt
from typing_extensions import Self

from ._api import ScorePart

class IllegalActionError(ValueError): ...
class CardDataError(ValueError): ...
class RulesError(ValueError): ...

MAX_THREADS: int
MAX_SEARCH_SECONDS: float

TIME_OF_YOUR_LIFE_OPTIONS: dict[str, list[str]]
TIME_OF_YOUR_LIFE_OBJECTIVE_KINDS: list[str]
PURSUIT_OF_HAPPINESS_OPTIONS: dict[str, list[str]]

_S = TypeVar("_S")
_G = TypeVar("_G")

class _Game(Generic[_S]):
    # Made only by load_game (and state_from_json, pickle): no public constructor.
    def __init__(self, *args: NoReturn, _no_public_constructor: NoReturn, **kwargs: NoReturn) -> None: ...
    name: str
    # Set by the loaders (lifespan/<game>.py); read through the public API.
    _parameters: dict[str, Any]
    _traits: list[str]
    _cards: list[dict[str, Any]]
    _fingerprint: str
    _secret_choice: Callable[[Any, int], bool]
    @property
    def num_players(self) -> int: ...
    @property
    def num_distinct_actions(self) -> int: ...
    @property
    def observation_shape(self) -> tuple[int]: ...
    @property
    def parameters(self) -> dict[str, Any]: ...
    def cards(self) -> list[dict[str, Any]]: ...
    def new_state(self, seed: SupportsIndex | None = None) -> _S: ...
    def state_from_json(self, text: str | bytes) -> _S: ...
    def _new_state(self, seed: int) -> _S: ...
    def _state_from_record(self, record: dict[str, Any]) -> _S: ...
    def _playouts(self, n: int, seed: int, threads: int, first: int = 0) -> npt.NDArray[np.int32]: ...
    def _playouts_with_returns(self, n: int, seed: int, threads: int, first: int = 0) -> tuple[
        npt.NDArray[np.int32], npt.NDArray[np.float64]]: ...

class _State(Generic[_G]):
    # Made only by new_state and the state methods: no public constructor. A state changes in
    # place, so it is not hashable.
    def __init__(self, *args: NoReturn, _no_public_constructor: NoReturn, **kwargs: NoReturn) -> None: ...
    __hash__: ClassVar[None]  # type: ignore[assignment]
    state_bytes: int
    @property
    def game(self) -> _G: ...
    @property
    def current_player(self) -> int: ...
    def is_terminal(self) -> bool: ...
    def legal_actions(self) -> list[int]: ...
    def legal_actions_mask(self) -> npt.NDArray[np.bool_]: ...
    def apply(self, action: SupportsIndex | str) -> None: ...
    def child(self, action: SupportsIndex | str) -> Self: ...
    def clone(self) -> Self: ...
    def __copy__(self) -> Self: ...
    def __deepcopy__(self, memo: Any) -> Self: ...
    def action_to_string(self, action: int | str) -> str: ...
    def string_to_action(self, text: str) -> int: ...
    def scores(self) -> list[int]: ...
    def returns(self) -> list[float]: ...
    def score_breakdown(self, player: SupportsIndex) -> list[ScorePart]: ...
    def _score_parts(self, seat: int) -> list[tuple[str, str, int]]: ...
    def observation_string(self, player: SupportsIndex) -> str: ...
    def observation(self, player: SupportsIndex, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]: ...
    def determinize(self, player: SupportsIndex, seed: SupportsIndex) -> Self: ...
    def _determinize(self, player: SupportsIndex, seed: int) -> Self: ...
    def to_json(self) -> str: ...
    def _to_record(self) -> dict[str, Any]: ...
    def _playouts(self, n: int, seed: int, threads: int, first: int = 0) -> npt.NDArray[np.int32]: ...
    def _mcts(self, iterations: int, seconds: float, threads: int, seed: int, exploration: float,
              max_rollout: int) -> tuple[int, list[int], list[int], list[float], int, int]: ...
    def _sample_actions(self, n: int, seed: int) -> list[int]: ...
    def __eq__(self, other: object) -> bool: ...

# Time of Your Life's action ids as values (core/include/lifespan/time_of_your_life/action.hpp).
class TimeOfYourLifeActionKind(enum.IntEnum):
    PLAY = 0
    DISCARD = 1
    KEEP = 2
    PLACE_TRAIT = 3

class TimeOfYourLifeAction(NamedTuple):
    kind: TimeOfYourLifeActionKind
    card: int
    slot: int
    trait: int

class TimeOfYourLifeGame(_Game[TimeOfYourLifeState]):
    ActionKind: ClassVar[type[TimeOfYourLifeActionKind]]
    def decode_action(self, action: SupportsIndex) -> TimeOfYourLifeAction: ...
    def encode_action(self, kind: TimeOfYourLifeActionKind, *, card: SupportsIndex = 0, slot: SupportsIndex = 0,
                      trait: SupportsIndex = 0) -> int: ...

class TimeOfYourLifeState(_State[TimeOfYourLifeGame]):
    ActionKind: ClassVar[type[TimeOfYourLifeActionKind]]
    def decode_action(self, action: SupportsIndex | str) -> TimeOfYourLifeAction: ...
    def encode_action(self, kind: TimeOfYourLifeActionKind, *, card: SupportsIndex = 0, slot: SupportsIndex = 0,
                      trait: SupportsIndex = 0) -> int: ...

# The Pursuit of Happiness's action ids as values (core/include/lifespan/pursuit_of_happiness/action.hpp).
class PursuitActionKind(enum.IntEnum):
    KEEP_TRAIT = 0
    PAY_UPKEEP = 1
    GIVE_UP = 2
    REFRESH = 3
    DISCARD = 4
    SIMPLE_BOARD = 5
    START_PROJECT = 6
    JOIN_GROUP = 7
    SPEND = 8
    GET_JOB = 9
    PROMOTE_FROM_ROW = 10
    PROMOTE_FLIP = 11
    START_RELATIONSHIP = 12
    CARD_ACTION = 13
    PAY_UNIT = 14
    PASS = 15
    UPKEEP_WORKING_HARDER = 16
    EVENT_TASK = 17
    PLAN_EXPERIENCE = 18
    DREAM = 19
    FROM_DREAM = 20
    EXTEND_EXPERIENCE = 21
    DEVELOP_WITH_KID = 22
    RAISE_FAMILY = 23
    PLACE_NOSTALGIA = 24
    DISCARD_NOSTALGIA = 25
    ACTIVE_TRIGGER = 26
    FREE_ABILITY = 27
    REALIZE = 28
    DETERMINE_OUTCOME = 29
    SMART_GOALS = 30
    FORGO_DISCOUNT = 31
    SCHOOL_COURSE = 32
    MAKE_FRIEND = 33
    COMMUNITY_PLACE = 34
    ACHIEVEMENT = 35
    NO_ACHIEVEMENT = 36
    KEEP_KID = 37
    DISCARD_KID = 38
    CHOOSE_TRIGGER = 39

class PursuitAction(NamedTuple):
    kind: PursuitActionKind
    seat: int
    row: int
    slot: int
    variant: int
    hourglass: bool

class PursuitOfHappinessGame(_Game[PursuitOfHappinessState]):
    ActionKind: ClassVar[type[PursuitActionKind]]
    def decode_action(self, action: SupportsIndex) -> PursuitAction: ...
    def encode_action(self, kind: PursuitActionKind, *, seat: SupportsIndex = 0, row: SupportsIndex = 0,
                      slot: SupportsIndex = 0, variant: SupportsIndex = 0, hourglass: bool = False) -> int: ...

class PursuitOfHappinessState(_State[PursuitOfHappinessGame]):
    ActionKind: ClassVar[type[PursuitActionKind]]
    def decode_action(self, action: SupportsIndex | str) -> PursuitAction: ...
    def encode_action(self, kind: PursuitActionKind, *, seat: SupportsIndex = 0, row: SupportsIndex = 0,
                      slot: SupportsIndex = 0, variant: SupportsIndex = 0, hourglass: bool = False) -> int: ...

def make_time_of_your_life(rules: dict[str, Any], cards: list[dict[str, Any]], traits: list[str]) -> TimeOfYourLifeGame: ...
def make_pursuit_of_happiness(rules: dict[str, Any], cards: dict[str, list[Any]]) -> PursuitOfHappinessGame: ...
# The benchmarks' clock reference: `count` dependent multiplies, 3 cycles each.
def _multiply_chain(count: int) -> int: ...
