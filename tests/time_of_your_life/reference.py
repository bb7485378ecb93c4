"""Time of Your Life: an independent, pure-Python reference implementation ("oracle").

This module re-implements sections 2-8 and 10 of ``docs/time_of_your_life.md`` from the document
alone, without looking at the C++ engine, so that tests can check the engine move by move and
benchmarks can compare it with plain Python. It is written to be read: one rule per function, each
naming the section of the document it follows. It uses the standard library only.

Public API
----------
- ``load_cards(path) -> (trait_names, cards)``: read a card file (section 9).
- ``Card``: one Life card (number, name, age, traits, left/right icons, objective).
- ``SplitMix64``: the generator of section 2.
- ``happiness_points(n)``, ``sets_groups(counts, size)``: scoring helpers of sections 6 and 8.
- ``RefGame(cards, trait_names, players=4, **rules)`` and ``RefGame.new_state(seed=None)``.
- ``RefState``: ``current_player``, ``legal_actions()``, ``apply(action)``, ``is_terminal()``,
  ``scores()``, ``returns()``, plus ``place_in_timeline(player, card)`` (the reveal of one card,
  exposed for scenario tests).
- ``random_playout(game, seed, rng)``: one uniformly random game, returns the final scores.

Readings taken where the document leaves a detail open (the most literal one each time):
- Midpoint detection looks at the hands every player holds at the start of the round (after the
  deal or the pass) and triggers when *every* hand holds exactly 2 cards. Before the midpoint all
  hands always have the same size, so "every" and "any" cannot differ.
- At the midpoint a player who first discards the higher of their two cards has no second discard
  left (it must be higher), but their turn does not end by itself: it ends with Keep, which is then
  their only legal action. Only a *second discard* ends the turn automatically.
- ``two_player_swap = "passed_only"``: the swap happens in every round after round 1 except the
  round in which the midpoint took place.
- In the 2-player swap, a player with an empty hand skips the discard and then does not draw
  (unreachable with 80 cards: two players never exhaust the deck).
- ``youngest`` / ``oldest`` objectives and trait-token slots use the timeline order, so under
  ``age_order = "number"`` the "youngest" card is the one at slot 0 (lowest number), not the one
  with the lowest printed age. ``age_band`` always uses the printed age.
- In a card file ``right`` is optional like ``left`` (default: no icons), and ``traits`` is
  required.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field
from pathlib import Path

try:  # Python 3.11+
    import tomllib
except ModuleNotFoundError:  # pragma: no cover - Python 3.10 (the project depends on tomli there)
    import tomli as tomllib

# --------------------------------------------------------------------------------------------
# Constants (section 1 and section 10)
# --------------------------------------------------------------------------------------------

NUM_CARDS = 80
NUM_TRAITS = 5
NUM_ROUNDS = 10
HAND_SIZE = 7
MAX_TIMELINE = 10
EMOTIONS = ("happiness", "inspiration")
EMOTION_SUPPLY = {"happiness": 20, "inspiration": 12}
TRAIT_SUPPLY_PER_TRAIT = 10

PLAY_BASE = 0  # 0-79: play card c
DISCARD_BASE = 80  # 80-159: discard card c - 80
KEEP = 160  # keep the rest of the hand (midpoint)
TRAIT_BASE = 161  # 161-210: trait t on timeline slot s, id 161 + 5*s + t
NUM_DISTINCT_ACTIONS = TRAIT_BASE + MAX_TIMELINE * NUM_TRAITS  # 211

TERMINAL_PLAYER = -4

# Rule parameters (section 7): name -> allowed values, default first.
RULE_CHOICES = {
    "two_player_swap": ("every_round", "passed_only", "off"),
    "midpoint_empty_deck": ("reshuffle", "short"),
    "icon_matching": ("edges", "any_edge"),
    "timeline_layout": ("youngest_left", "youngest_right"),
    "age_order": ("age", "number"),
    "limited_token_supply": (False, True),
    "max_trait_tokens_per_card": tuple(range(0, 13)),
    "happiness_bonus_tie": ("all", "none"),
    "winner_tie_break": ("shared", "happiness"),
}
DEFAULT_RULES = {name: values[0] for name, values in RULE_CHOICES.items()}

# Objective kinds (section 8): kind -> its fields besides `kind`.
OBJECTIVE_FIELDS = {
    "flat": ("points",),
    "per_trait": ("trait", "points"),
    "directional": ("trait", "points", "direction"),
    "neighbours": ("trait", "points"),
    "sets": ("size", "points"),
    "majority": ("trait", "points"),
    "youngest": ("points",),
    "oldest": ("points",),
    "age_band": ("min", "max", "points"),
    "tokens": ("emotion", "points"),
}
ANY_TRAIT = "any"


# --------------------------------------------------------------------------------------------
# Cards (sections 1 and 9)
# --------------------------------------------------------------------------------------------


@dataclass
class Card:
    """One Life card. ``age`` defaults to ``number``; ``traits`` are trait names (repeats allowed);
    ``left`` / ``right`` are the emotion icons on each edge; ``objective`` is a dict with ``kind``
    and the fields of section 8 (default: flat 0 points)."""

    number: int
    name: str = ""
    age: int | None = None
    traits: tuple = ()
    left: tuple = ()
    right: tuple = ()
    objective: dict = field(default_factory=lambda: {"kind": "flat", "points": 0})
    text: str = ""

    def __post_init__(self):
        if self.age is None:
            self.age = self.number
        self.traits = tuple(self.traits)
        self.left = tuple(self.left)
        self.right = tuple(self.right)


_CARD_FIELDS = {"number", "name", "kind", "provenance", "age", "traits", "left", "right", "text",
                "objective"}
_CARD_REQUIRED = ("number", "name", "kind", "provenance", "traits", "objective")


def load_cards(path):
    """Read a card file (section 9) and return ``(trait_names, cards)`` where ``cards`` is a list
    of 80 ``Card`` indexed by number. Raises ValueError naming the file, card and field.
    `path` is a str, a path or an ``importlib.resources`` Traversable."""
    if not hasattr(path, "open"):
        path = Path(path)
    fname = path.name
    with path.open("rb") as f:
        try:
            data = tomllib.load(f)
        except tomllib.TOMLDecodeError as e:
            raise ValueError(f"{fname}: {e}") from None

    def fail(where, problem):
        raise ValueError(f"{fname}: {where}: {problem}")

    for key in data:
        if key not in ("set", "card"):
            fail(key, "unknown field")
    set_table = data.get("set")
    if not isinstance(set_table, dict):
        fail("set", "missing [set] table")
    for key in set_table:
        if key not in ("game", "traits"):
            fail(f"set.{key}", "unknown field")
    if set_table.get("game") != "time_of_your_life":
        fail("set.game", f"expected 'time_of_your_life', got {set_table.get('game')!r}")
    trait_names = set_table.get("traits")
    if (not isinstance(trait_names, list) or len(trait_names) != NUM_TRAITS
            or not all(isinstance(t, str) and t for t in trait_names)
            or len(set(trait_names)) != NUM_TRAITS or ANY_TRAIT in trait_names):
        fail("set.traits", "must be exactly 5 different non-empty names (not 'any')")

    records = data.get("card")
    if not isinstance(records, list):
        fail("card", "missing [[card]] tables")
    cards = {}
    for i, rec in enumerate(records):
        where = f"card #{i}"
        if isinstance(rec.get("number"), int) and not isinstance(rec.get("number"), bool):
            where = f"card {rec['number']}"
        cards_item = _parse_card(rec, trait_names, lambda fld, problem: fail(f"{where}: {fld}",
                                                                              problem))
        if cards_item.number in cards:
            fail(where, "duplicate number")
        cards[cards_item.number] = cards_item
    missing = [n for n in range(NUM_CARDS) if n not in cards]
    if missing:
        fail("card", f"cards missing: {missing}")
    return list(trait_names), [cards[n] for n in range(NUM_CARDS)]


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _parse_card(rec, trait_names, fail):
    for key in rec:
        if key not in _CARD_FIELDS:
            fail(key, "unknown field")
    for key in _CARD_REQUIRED:
        if key not in rec:
            fail(key, "missing")
    number = rec["number"]
    if not _is_int(number) or not 0 <= number < NUM_CARDS:
        fail("number", f"must be an integer 0-79, got {number!r}")
    if not isinstance(rec["name"], str) or not rec["name"]:
        fail("name", "must be a non-empty string")
    if rec["kind"] != "life":
        fail("kind", f"must be 'life', got {rec['kind']!r}")
    if rec["provenance"] not in ("seed", "published", "authored", "printed"):
        fail("provenance", f"unknown provenance {rec['provenance']!r}")
    age = rec.get("age", number)
    if not _is_int(age):
        fail("age", f"must be an integer, got {age!r}")
    traits = rec["traits"]
    if not isinstance(traits, list) or len(traits) > 3:
        fail("traits", "must be a list of 0-3 trait names")
    for t in traits:
        if t not in trait_names:
            fail("traits", f"unknown trait {t!r}")
    edges = {}
    for edge in ("left", "right"):
        icons = rec.get(edge, [])
        if not isinstance(icons, list):
            fail(edge, "must be a list of emotion names")
        for icon in icons:
            if icon not in EMOTIONS:
                fail(edge, f"unknown emotion {icon!r}")
        edges[edge] = icons
    text = rec.get("text", "")
    if not isinstance(text, str):
        fail("text", "must be a string")
    objective = _parse_objective(rec["objective"], trait_names, fail)
    return Card(number=number, name=rec["name"], age=age, traits=tuple(traits),
                left=tuple(edges["left"]), right=tuple(edges["right"]), objective=objective,
                text=text)


def _parse_objective(obj, trait_names, fail):
    if not isinstance(obj, dict):
        fail("objective", "must be a table")
    kind = obj.get("kind")
    if kind not in OBJECTIVE_FIELDS:
        fail("objective.kind", f"unknown objective kind {kind!r}")
    wanted = OBJECTIVE_FIELDS[kind]
    for key in obj:
        if key != "kind" and key not in wanted:
            fail(f"objective.{key}", f"unknown field for kind '{kind}'")
    for key in wanted:
        if key not in obj:
            fail(f"objective.{key}", "missing")
        value = obj[key]
        if key in ("points", "min", "max") and not _is_int(value):
            fail(f"objective.{key}", f"must be an integer, got {value!r}")
        if key == "trait" and value not in trait_names and value != ANY_TRAIT:
            fail("objective.trait", f"unknown trait {value!r}")
        if key == "direction" and value not in ("left", "right"):
            fail("objective.direction", f"must be 'left' or 'right', got {value!r}")
        if key == "size" and (not _is_int(value) or not 1 <= value <= NUM_TRAITS):
            fail("objective.size", f"must be an integer 1-5, got {value!r}")
        if key == "emotion" and value not in EMOTIONS:
            fail("objective.emotion", f"unknown emotion {value!r}")
    if kind == "age_band" and obj["min"] > obj["max"]:
        fail("objective.min", "greater than max")
    return dict(obj)


# --------------------------------------------------------------------------------------------
# Randomness (section 2)
# --------------------------------------------------------------------------------------------

MASK64 = (1 << 64) - 1


class SplitMix64:
    """The state's generator: 64 bits of state, ``next``, ``below`` and ``shuffle``."""

    def __init__(self, seed):
        self.state = seed & MASK64

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n):
        # Lemire's multiply-shift reduction (docs §2).
        return (self.next() * n) >> 64

    def shuffle(self, a):
        for i in range(len(a) - 1, 0, -1):
            j = self.below(i + 1)
            a[i], a[j] = a[j], a[i]


# --------------------------------------------------------------------------------------------
# Scoring helpers (sections 6 and 8)
# --------------------------------------------------------------------------------------------

_HAPPINESS_TABLE = (0, 1, 2, 4, 6, 9, 12, 16)


def happiness_points(tokens):
    """Happiness table (section 6): 0,1,2,4,6,9,12,16, then +2 per token above 7."""
    if tokens <= 7:
        return _HAPPINESS_TABLE[tokens]
    return 16 + 2 * (tokens - 7)


def sets_groups(counts, size):
    """The largest g with sum(min(c_i, g)) >= size * g (section 8, `sets`)."""
    best = 0
    for g in range(1, sum(counts) + 1):
        if sum(min(c, g) for c in counts) >= size * g:
            best = g
    return best


# --------------------------------------------------------------------------------------------
# The game
# --------------------------------------------------------------------------------------------


class RefGame:
    """Card tables plus rule parameters (section 7); immutable once built."""

    def __init__(self, cards, trait_names, players=4, seed=0, **rules):
        if not _is_int(players) or not 2 <= players <= 6:
            raise ValueError(f"players must be 2-6, got {players!r}")
        if not _is_int(seed) or seed < 0:
            raise ValueError(f"seed must be an integer >= 0, got {seed!r}")
        for name, value in rules.items():
            if name not in RULE_CHOICES:
                raise ValueError(f"unknown rule parameter {name!r}")
            if value not in RULE_CHOICES[name] or type(value) is not type(RULE_CHOICES[name][0]):
                raise ValueError(f"rule {name}: bad value {value!r}")
        trait_names = list(trait_names)
        if len(trait_names) != NUM_TRAITS:
            raise ValueError("exactly 5 trait names are needed")
        by_number = {card.number: card for card in cards}
        if sorted(by_number) != list(range(NUM_CARDS)):
            raise ValueError("cards must be numbered 0-79, each exactly once")

        self.num_players = players
        self.seed = seed
        self.rules = {**DEFAULT_RULES, **rules}
        self.trait_names = trait_names
        self.cards = [by_number[n] for n in range(NUM_CARDS)]
        # Printed trait counts per card, indexed by trait index.
        self.printed_traits = []
        for card in self.cards:
            counts = [0] * NUM_TRAITS
            for t in card.traits:
                counts[trait_names.index(t)] += 1
            self.printed_traits.append(counts)
        # Timeline order key (section 4).
        if self.rules["age_order"] == "age":
            self.order_key = [(c.age, c.number) for c in self.cards]
        else:
            self.order_key = [(c.number,) for c in self.cards]

    def new_state(self, seed=None):
        return RefState(self, self.seed if seed is None else seed)

    # -- section 5 ----------------------------------------------------------------------------

    def pairs(self, left_card, right_card, emotion):
        """Pairs of `emotion` between two cards lying side by side, `left_card` on the left."""
        a, b = self.cards[left_card], self.cards[right_card]
        if self.rules["icon_matching"] == "edges":
            return min(a.right.count(emotion), b.left.count(emotion))
        return min(a.left.count(emotion) + a.right.count(emotion),
                   b.left.count(emotion) + b.right.count(emotion))


class Step(enum.Enum):
    MIDPOINT = "midpoint"  # discard 0-2 cards, then Keep
    SWAP = "swap"  # 2 players: discard 1, then draw 1
    CHOOSE = "choose"  # pick one card face down
    INSPIRATION = "inspiration"  # place Trait tokens after round 10
    OVER = "over"


class RefState:
    """A position. Decisions are sequentialised in seat order; all chance and automatic steps
    (draws, reveal, pass) happen inside ``apply`` until the next decision or the end."""

    def __init__(self, game, seed):
        if not _is_int(seed) or seed < 0:
            raise ValueError(f"seed must be an integer >= 0, got {seed!r}")
        n = game.num_players
        self.game = game
        self.rng = SplitMix64(seed)
        self.deck = list(range(NUM_CARDS))  # the top of the deck is the last element
        self.discard_pile = []  # in the order cards were discarded
        self.hands = [[] for _ in range(n)]
        self.timelines = [[] for _ in range(n)]  # card numbers, youngest first
        self.trait_tokens = [{} for _ in range(n)]  # per player: card -> [count per trait]
        self.tokens = [{e: 0 for e in EMOTIONS} for _ in range(n)]
        limited = game.rules["limited_token_supply"]
        self.emotion_supply = dict(EMOTION_SUPPLY) if limited else None
        self.trait_supply = [TRAIT_SUPPLY_PER_TRAIT] * NUM_TRAITS if limited else None

        self.round = 1
        self.step = None
        self.current_player = 0
        self.midpoint_round = None  # the round in which the midpoint happened
        self.anticlockwise = False
        self.midpoint_first_discard = None  # the current player's first midpoint discard
        self.swapped = [False] * n  # who discarded in the current swap
        self.picks = [None] * n
        self.placed = [0] * n  # Trait tokens placed in the inspiration phase
        self.last_code = [0] * n  # the player's last placement code (slot * 5 + trait)

        # Section 2: shuffle once, then seat 0 draws 7, seat 1 draws 7, ...
        self.rng.shuffle(self.deck)
        for seat in range(n):
            for _ in range(HAND_SIZE):
                self._draw(seat)
        self._start_round()

    # -- public API -----------------------------------------------------------------------------

    def is_terminal(self):
        return self.step is Step.OVER

    def legal_actions(self):
        p = self.current_player
        if self.step is Step.MIDPOINT:
            first = self.midpoint_first_discard
            cards = [c for c in self.hands[p] if first is None or c > first]
            return sorted(DISCARD_BASE + c for c in cards) + [KEEP]
        if self.step is Step.SWAP:
            return sorted(DISCARD_BASE + c for c in self.hands[p])
        if self.step is Step.CHOOSE:
            return sorted(PLAY_BASE + c for c in self.hands[p])
        if self.step is Step.INSPIRATION:
            return [TRAIT_BASE + code for code in self._placement_codes(p)]
        return []

    def apply(self, action):
        if not _is_int(action) or action not in self.legal_actions():
            raise ValueError(f"illegal action {action!r} (step {self.step}, player "
                             f"{self.current_player})")
        if self.step is Step.MIDPOINT:
            self._apply_midpoint(action)
        elif self.step is Step.SWAP:
            self._apply_swap(action)
        elif self.step is Step.CHOOSE:
            self._apply_choose(action)
        else:
            self._apply_inspiration(action)

    def scores(self):
        """Section 6: objectives + happiness table + happiness bonus, for the timelines as now."""
        n = self.game.num_players
        trait_counts = [self._card_trait_counts(p) for p in range(n)]
        totals = [[sum(c[t] for c in trait_counts[p]) for t in range(NUM_TRAITS)]
                  for p in range(n)]
        result = []
        for p in range(n):
            points = sum(self._objective_points(p, i, trait_counts, totals)
                         for i in range(len(self.timelines[p])))
            points += happiness_points(self.tokens[p]["happiness"])
            result.append(points)
        happiness = [self.tokens[p]["happiness"] for p in range(n)]
        most = max(happiness)
        if most >= 1:
            leaders = [p for p in range(n) if happiness[p] == most]
            if len(leaders) == 1 or self.game.rules["happiness_bonus_tie"] == "all":
                for p in leaders:
                    result[p] += 5
        return result

    def returns(self):
        """Section 6: (N * s_i - 1) / (N - 1) with s_i = 1/k for each of the k winners."""
        n = self.game.num_players
        if not self.is_terminal():
            return [0.0] * n
        scores = self.scores()
        best = max(scores)
        winners = [p for p in range(n) if scores[p] == best]
        if len(winners) > 1 and self.game.rules["winner_tie_break"] == "happiness":
            most = max(self.tokens[p]["happiness"] for p in winners)
            winners = [p for p in winners if self.tokens[p]["happiness"] == most]
        share = 1.0 / len(winners)
        return [(n * (share if p in winners else 0.0) - 1) / (n - 1) for p in range(n)]

    def place_in_timeline(self, player, card):
        """Section 4 and 5: put `card` into `player`'s timeline in order and take the tokens of
        the new adjacencies. Returns {emotion: tokens taken}."""
        game = self.game
        timeline = self.timelines[player]
        key = game.order_key[card]
        index = 0
        while index < len(timeline) and game.order_key[timeline[index]] < key:
            index += 1
        timeline.insert(index, card)
        younger = timeline[index - 1] if index > 0 else None
        older = timeline[index + 1] if index + 1 < len(timeline) else None
        if game.rules["timeline_layout"] == "youngest_left":
            left_neighbour, right_neighbour = younger, older
        else:
            left_neighbour, right_neighbour = older, younger
        taken = {}
        for emotion in EMOTIONS:
            pairs = 0
            if left_neighbour is not None:
                pairs += game.pairs(left_neighbour, card, emotion)
            if right_neighbour is not None:
                pairs += game.pairs(card, right_neighbour, emotion)
            taken[emotion] = self._take_tokens(player, emotion, pairs)
        return taken

    # -- section 2: drawing ---------------------------------------------------------------------

    def _draw(self, seat):
        """Draw one card into `seat`'s hand; on an empty deck reshuffle the discard pile (default)
        or give nothing. Returns whether a card was drawn."""
        if not self.deck:
            if self.game.rules["midpoint_empty_deck"] == "short" or not self.discard_pile:
                return False
            self.deck = self.discard_pile
            self.discard_pile = []
            self.rng.shuffle(self.deck)
        self.hands[seat].append(self.deck.pop())
        return True

    # -- section 3: the round -------------------------------------------------------------------

    def _start_round(self):
        """The hands have just been received (deal or pass)."""
        if self.midpoint_round is None and all(len(h) == 2 for h in self.hands):
            self.midpoint_round = self.round
            self.step = Step.MIDPOINT
            self.current_player = 0
            self.midpoint_first_discard = None
        else:
            self._start_swap()

    def _apply_midpoint(self, action):
        p = self.current_player
        if action == KEEP:
            self._next_midpoint_player()
            return
        card = action - DISCARD_BASE
        self.hands[p].remove(card)
        self.discard_pile.append(card)
        if self.midpoint_first_discard is None:
            self.midpoint_first_discard = card
        else:
            self._next_midpoint_player()  # a second discard ends the turn by itself

    def _next_midpoint_player(self):
        self.midpoint_first_discard = None
        if self.current_player + 1 < self.game.num_players:
            self.current_player += 1
            return
        for seat in range(self.game.num_players):  # refill to 7 in seat order
            while len(self.hands[seat]) < HAND_SIZE and self._draw(seat):
                pass
        self.anticlockwise = True
        self._start_swap()

    def _swap_this_round(self):
        if self.game.num_players != 2:
            return False
        mode = self.game.rules["two_player_swap"]
        if mode == "every_round":
            return True
        if mode == "passed_only":
            return self.round > 1 and self.round != self.midpoint_round
        return False

    def _start_swap(self):
        if not self._swap_this_round():
            self._start_choose()
            return
        self.step = Step.SWAP
        self.swapped = [False] * self.game.num_players
        self._next_swap_player(0)

    def _next_swap_player(self, seat):
        while seat < self.game.num_players and not self.hands[seat]:
            seat += 1  # an empty hand has nothing to discard
        if seat < self.game.num_players:
            self.current_player = seat
            return
        for s in range(self.game.num_players):  # everyone has discarded: draw 1 in seat order
            if self.swapped[s]:
                self._draw(s)
        self._start_choose()

    def _apply_swap(self, action):
        p = self.current_player
        card = action - DISCARD_BASE
        self.hands[p].remove(card)
        self.discard_pile.append(card)
        self.swapped[p] = True
        self._next_swap_player(p + 1)

    def _start_choose(self):
        self.step = Step.CHOOSE
        self.picks = [None] * self.game.num_players
        self._next_chooser(0)

    def _next_chooser(self, seat):
        while seat < self.game.num_players and not self.hands[seat]:
            seat += 1  # an empty hand skips
        if seat < self.game.num_players:
            self.current_player = seat
        else:
            self._reveal_and_pass()

    def _apply_choose(self, action):
        p = self.current_player
        self.picks[p] = action - PLAY_BASE
        self._next_chooser(p + 1)

    def _reveal_and_pass(self):
        n = self.game.num_players
        for seat in range(n):  # reveal in seat order
            card = self.picks[seat]
            if card is not None:
                self.hands[seat].remove(card)
                self.place_in_timeline(seat, card)
        self.picks = [None] * n
        if self.round < NUM_ROUNDS:
            step = -1 if self.anticlockwise else 1  # seat i's hand goes to seat i + step
            passed = [None] * n
            for seat in range(n):
                passed[(seat + step) % n] = self.hands[seat]
            self.hands = passed
            self.round += 1
            self._start_round()
        else:
            for seat in range(n):  # after round 10 the remaining hands are discarded
                self.discard_pile.extend(self.hands[seat])
                self.hands[seat] = []
            self._start_inspiration()

    # -- section 5: tokens ----------------------------------------------------------------------

    def _take_tokens(self, player, emotion, pairs):
        if self.emotion_supply is not None:
            pairs = min(pairs, self.emotion_supply[emotion])
            self.emotion_supply[emotion] -= pairs
        self.tokens[player][emotion] += pairs
        return pairs

    # -- section 6: inspiration -----------------------------------------------------------------

    def _start_inspiration(self):
        self.step = Step.INSPIRATION
        self._next_inspirer(0)

    def _next_inspirer(self, seat):
        n = self.game.num_players
        while seat < n and not (self.placed[seat] < self.tokens[seat]["inspiration"]
                                and self._placement_codes(seat)):
            seat += 1
        if seat < n:
            self.current_player = seat
        else:
            self.step = Step.OVER
            self.current_player = TERMINAL_PLAYER

    def _placement_codes(self, p):
        cap = self.game.rules["max_trait_tokens_per_card"]
        codes = []
        for slot, card in enumerate(self.timelines[p]):
            on_card = sum(self.trait_tokens[p].get(card, ()))
            if cap and on_card >= cap:
                continue
            for t in range(NUM_TRAITS):
                code = slot * NUM_TRAITS + t
                if code < self.last_code[p]:
                    continue
                if self.trait_supply is not None and self.trait_supply[t] == 0:
                    continue
                codes.append(code)
        return codes

    def _apply_inspiration(self, action):
        p = self.current_player
        code = action - TRAIT_BASE
        slot, trait = divmod(code, NUM_TRAITS)
        card = self.timelines[p][slot]
        self.trait_tokens[p].setdefault(card, [0] * NUM_TRAITS)[trait] += 1
        if self.trait_supply is not None:
            self.trait_supply[trait] -= 1
        self.placed[p] += 1
        self.last_code[p] = code
        self._next_inspirer(p)

    # -- section 8: objectives ------------------------------------------------------------------

    def _card_trait_counts(self, p):
        """Per timeline slot: [count of each trait] = printed traits + Trait tokens."""
        result = []
        for card in self.timelines[p]:
            counts = list(self.game.printed_traits[card])
            for t, k in enumerate(self.trait_tokens[p].get(card, ())):
                counts[t] += k
            result.append(counts)
        return result

    def _count(self, trait, per_card):
        """count(T, cards) of section 8 over a list of per-card trait counts."""
        if trait == ANY_TRAIT:
            return sum(sum(c) for c in per_card)
        t = self.game.trait_names.index(trait)
        return sum(c[t] for c in per_card)

    def _objective_points(self, p, i, trait_counts, totals):
        game = self.game
        timeline = self.timelines[p]
        mine = trait_counts[p]
        obj = game.cards[timeline[i]].objective
        kind, points = obj["kind"], obj["points"]
        if kind == "flat":
            return points
        if kind == "per_trait":
            return points * self._count(obj["trait"], mine)
        if kind == "directional":
            younger_side = mine[:i + 1]  # this card and every younger card
            older_side = mine[i:]  # this card and every older card
            towards_left = game.rules["timeline_layout"] == "youngest_left"
            if (obj["direction"] == "left") == towards_left:
                return points * self._count(obj["trait"], younger_side)
            return points * self._count(obj["trait"], older_side)
        if kind == "neighbours":
            return points * self._count(obj["trait"], mine[max(i - 1, 0):i] + mine[i + 1:i + 2])
        if kind == "sets":
            return points * sets_groups(totals[p], obj["size"])
        if kind == "majority":
            trait = obj["trait"]
            here = self._count(trait, mine)
            others = [self._count(trait, trait_counts[q]) for q in range(len(trait_counts))
                      if q != p]
            return points if here >= 1 and all(here >= o for o in others) else 0
        if kind == "youngest":
            return points if i == 0 else 0
        if kind == "oldest":
            return points if i == len(timeline) - 1 else 0
        if kind == "age_band":
            lo, hi = obj["min"], obj["max"]
            return points * sum(1 for c in timeline if lo <= game.cards[c].age <= hi)
        if kind == "tokens":
            return points * self.tokens[p][obj["emotion"]]
        raise ValueError(f"unknown objective kind {kind!r}")


def random_playout(game, seed, rng):
    """Play one game from `new_state(seed)` choosing uniformly among the legal actions with
    `rng` (a random.Random); return the final scores."""
    state = game.new_state(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state.scores()
