"""The web table's HTTP API and pages (docs/web.md): a Starlette app.

A game is created with its seats; each human seat gets a private link holding a random token
(only its sha256 is stored), and every request about a game must carry a seat's token as
`Authorization: Bearer TOKEN`. A seat is sent only what it may know (lifespan.web.view). Bots
move on the server, one move every `bot_delay` seconds so that people can follow them, and
every page hears of each move through a server-sent event stream. Every move is stored
(lifespan.web.store) before it is acknowledged. Limits keep one client or one server from
being flooded: the request body's size, the unfinished games a server holds, the moves per
second of one client, the games kept in memory, the event streams of one game.

The rules played are each game's rulebook as the engine implements them; the moves are the
engine's legal actions and nothing else.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import hashlib
import hmac
import json
import secrets
import time
from collections import OrderedDict
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from .. import games, load_game
from .._registry import GAMES
from ..agents import AGENTS, MCTSAgent, check_agent_name, make_agent, parse_agent_spec
from ..narration import narrate
from ..table import HUMAN, bot_move, game_options, win_chance
from .store import GameRecord, Store
from .view import card_catalogue, seat_view

STATIC = Path(__file__).parent / "static"
LOG_SHOWN = 400            # the most recent log lines a view carries
HINT_MOVES = 5
EVICT_AFTER = 5.0          # seconds a game must be idle before it may leave memory


@dataclasses.dataclass(frozen=True)
class Limits:
    """What one server allows (docs/web.md, "Limits"); `serve` sets them from its options."""

    max_body: int = 64 * 1024          # bytes of a request body
    max_games: int = 200               # unfinished games stored at once
    moves_per_second: float = 10.0     # changes (moves, undo, hints) per client address
    max_live: int = 64                 # games kept in memory; others are replayed on demand
    max_streams: int = 16              # event streams open on one game
    bot_delay: float = 0.8             # seconds between two bot moves
    hint_iterations: int = 1000        # the hint's MCTS budget
    max_bot_iterations: int = 20000    # the largest MCTS budget a web seat may ask for
    max_bot_seconds: float = 5.0


class ApiError(Exception):
    """A refused request: an HTTP status and a message for the person or program that sent it."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        self.message = message


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Table:
    """A game in memory: its record, state, moves, and the log each human seat has been told."""

    def __init__(self, record: GameRecord, moves: list[int]):
        self.record = record
        self.game = load_game(record.game, **record.options)
        self.state = self.game.new_state()
        self.movers: list[int] = []
        self.humans = [s for s, spec in enumerate(record.seats) if spec == HUMAN]
        self.logs: dict[int, list[dict[str, Any]]] = {s: [] for s in self.humans}
        self.lock = asyncio.Lock()
        self.changed = asyncio.Condition()
        self.views: dict[int, dict[str, Any]] = {}
        self.undo_votes: set[int] = set()
        self.hints_agreed: set[int] = set(self.humans) if len(self.humans) == 1 else set()
        self.streams = 0
        self.bots: asyncio.Task[None] | None = None
        self.retired = False     # replaced by a fresh copy (an undo): it plays no more
        self.used = time.monotonic()
        for action in moves:
            self.advance(action)

    @property
    def ply(self) -> int:
        return len(self.movers)

    def advance(self, action: int) -> None:
        """Play a move in memory and tell each human seat of it, as that seat may know it."""
        before = self.state
        after = before.child(action)
        for seat in self.humans:
            for event in narrate(before, action, after, viewer=seat, seat_names=self.record.seats):
                self.logs[seat].append({"ply": self.ply + 1, "kind": event.kind,
                                        "seat": event.seat, "text": event.text})
            del self.logs[seat][:-LOG_SHOWN]
        self.movers.append(before.current_player)
        self.state = after
        self.views.clear()
        self.undo_votes.clear()

    def seats_of(self, token: str) -> list[int]:
        digest = token_hash(token)
        return [s for s, h in enumerate(self.record.token_hashes)
                if h is not None and hmac.compare_digest(h, digest)]

    def viewer(self, seats: list[int]) -> int:
        """The seat a token sees from: its own; at a hot seat, the human to move, else the
        human who moved last."""
        if len(seats) == 1:
            return seats[0]
        if not self.state.is_terminal() and self.state.current_player in seats:
            return int(self.state.current_player)
        for mover in reversed(self.movers):
            if mover in seats:
                return mover
        return seats[0]

    def view(self, seat: int) -> dict[str, Any]:
        if seat not in self.views:
            self.views[seat] = seat_view(self.state, seat, self.ply, self.record.seats)
        view = dict(self.views[seat])
        view.update(
            game=self.record.game, id=self.record.id, hotseat=self.record.hotseat,
            parameters=game_options(self.game),
            seats=[{"seat": s, "spec": spec, "human": spec == HUMAN} for s, spec in enumerate(self.record.seats)],
            log=self.logs[seat],
            undo={"votes": sorted(self.undo_votes), "needed": self.humans,
                  "possible": self.undo_target() is not None},
            hints={"agreed": sorted(self.hints_agreed), "needed": self.humans,
                   "allowed": self.hints_allowed()})
        return view

    def undo_target(self) -> int | None:
        """The moves kept by an undo: those before the last human decision."""
        for ply in range(len(self.movers) - 1, -1, -1):
            if self.movers[ply] in self.humans:
                return ply
        return None

    def hints_allowed(self) -> bool:
        return set(self.humans) <= self.hints_agreed

    async def notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()


def _client(request: Request) -> str:
    return request.client.host if request.client else "?"


class RateLimiter:
    """A token bucket per client address: `rate` changes a second, bursts of twice that."""

    def __init__(self, rate: float):
        self.rate = rate
        self.buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def allow(self, client: str) -> bool:
        now = time.monotonic()
        burst = max(1.0, 2 * self.rate)
        level, last = self.buckets.pop(client, (burst, now))
        level = min(burst, level + (now - last) * self.rate)
        allowed = level >= 1
        self.buckets[client] = (level - 1 if allowed else level, now)
        while len(self.buckets) > 10_000:  # addresses seen long ago go first
            self.buckets.popitem(last=False)
        return allowed


class Server:
    """The state behind the routes: the store, the games in memory, the limits."""

    def __init__(self, data: Path, limits: Limits):
        self.store = Store(data / "games.sqlite3")
        self.limits = limits
        self.tables: OrderedDict[str, Table] = OrderedDict()
        self.rate = RateLimiter(limits.moves_per_second)
        self.loading = asyncio.Lock()

    # --- requests --------------------------------------------------------------------

    async def body(self, request: Request) -> dict[str, Any]:
        """The request's JSON object, refused when too large or not a JSON object."""
        declared = request.headers.get("content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limits.max_body):
            raise ApiError(413, f"a request body may hold at most {self.limits.max_body} bytes")
        raw = b""
        async for chunk in request.stream():
            raw += chunk
            if len(raw) > self.limits.max_body:
                raise ApiError(413, f"a request body may hold at most {self.limits.max_body} bytes")
        try:
            document = json.loads(raw or b"{}")
        except (ValueError, RecursionError):
            raise ApiError(400, "the request body is not JSON") from None
        if not isinstance(document, dict):
            raise ApiError(400, "the request body must be a JSON object")
        return document

    def limit(self, request: Request) -> None:
        if not self.rate.allow(_client(request)):
            raise ApiError(429, f"too many moves: at most {self.limits.moves_per_second:g} a second")

    async def table(self, game_id: str) -> Table:
        """A game by id, from memory or replayed from the store; the oldest game in memory
        whose bots are idle leaves it when there are too many."""
        if game_id in self.tables:
            self.tables.move_to_end(game_id)
            self.tables[game_id].used = time.monotonic()
            return self.tables[game_id]
        async with self.loading:
            if game_id not in self.tables:
                record = await asyncio.to_thread(self.store.game, game_id)
                if record is None:
                    raise ApiError(404, "no game with that id on this server")
                moves = await asyncio.to_thread(self.store.moves, game_id)
                self.tables[game_id] = await asyncio.to_thread(Table, record, moves)
                self.evict()
        table = self.tables[game_id]
        self.start_bots(table)
        return table

    def evict(self) -> None:
        """Games leave memory oldest first, once idle for a few seconds (no bot moving, no
        stream open, no request just served), so that no request still holds a copy."""
        now = time.monotonic()
        for game_id in list(self.tables):
            if len(self.tables) <= self.limits.max_live:
                break
            table = self.tables[game_id]
            if (table.bots is None or table.bots.done()) and table.streams == 0 \
                    and not table.lock.locked() and now - table.used > EVICT_AFTER:
                table.retired = True
                del self.tables[game_id]

    async def seat(self, request: Request, game_id: str) -> tuple[Table, list[int]]:
        """The game and the seats the request's token holds; 401 without a token, 403 with
        one that holds no seat of this game."""
        header = request.headers.get("authorization", "")
        scheme, _, token = header.partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise ApiError(401, "this needs a seat's token: Authorization: Bearer TOKEN "
                                "(it is in the seat's private link)")
        table = await self.table(game_id)
        seats = table.seats_of(token.strip())
        if not seats:
            raise ApiError(403, "that token holds no seat of this game")
        return table, seats

    # --- creating a game -------------------------------------------------------------

    def check_seat_spec(self, spec: Any) -> str:
        """A seat of a web game: `human` or a built-in agent within the server's budget (a
        `module:callable` seat would let a visitor import code on the server)."""
        if not isinstance(spec, str):
            raise ApiError(400, "each seat is text: human, random or an mcts spec")
        try:
            check_agent_name(spec, "seat", also=[HUMAN])
            if spec == HUMAN:
                return spec
            kind, options = parse_agent_spec(spec)
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        if kind not in AGENTS:
            raise ApiError(422, f"seat {spec!r}: a web game seats only human, random and mcts")
        if kind == "mcts":
            agent = make_agent(spec)
            assert isinstance(agent, MCTSAgent)
            if (agent.iterations or 0) > self.limits.max_bot_iterations or \
                    (agent.seconds or 0) > self.limits.max_bot_seconds or agent.threads not in (1, 2):
                raise ApiError(422, f"seat {spec!r}: this server lets a bot search at most "
                                    f"{self.limits.max_bot_iterations} iterations or "
                                    f"{self.limits.max_bot_seconds:g} s, on 1 or 2 threads")
        return spec

    async def create(self, request: Request) -> Response:
        body = await self.body(request)
        self.limit(request)
        unknown = set(body) - {"game", "players", "parameters", "seats", "hotseat", "seed"}
        if unknown:
            raise ApiError(400, f"unknown fields {sorted(unknown)}; a game takes game, players, "
                                "parameters, seats, hotseat and seed")
        name = body.get("game")
        if not isinstance(name, str) or name not in games():
            raise ApiError(422, f"game must be one of {', '.join(games())}")
        parameters = body.get("parameters", {})
        if not isinstance(parameters, dict):
            raise ApiError(400, "parameters must be an object of rule parameters")
        options = dict(parameters)
        for key in ("players", "seed"):
            if key in body:
                if type(body[key]) is not int:
                    raise ApiError(400, f"{key} must be an integer")
                options[key] = body[key]
        options.setdefault("seed", secrets.randbelow(2**31))
        try:
            game = await asyncio.to_thread(load_game, name, **options)
        except TypeError as exc:
            raise ApiError(400, str(exc)) from None
        except ValueError as exc:
            raise ApiError(422, str(exc)) from None
        seats = body.get("seats", [HUMAN] + ["random"] * (game.num_players - 1))
        if not isinstance(seats, list):
            raise ApiError(400, "seats must be a list, one spec per seat")
        if len(seats) != game.num_players:
            raise ApiError(422, f"{len(seats)} seats given for {game.num_players} players")
        seats = [self.check_seat_spec(spec) for spec in seats]
        if HUMAN not in seats:
            raise ApiError(422, "a web game needs at least one human seat")
        hotseat = body.get("hotseat", False)
        if not isinstance(hotseat, bool):
            raise ApiError(400, "hotseat must be true or false")
        if await asyncio.to_thread(self.store.unfinished_count) >= self.limits.max_games:
            raise ApiError(503, f"this server holds its most unfinished games "
                                f"({self.limits.max_games}); finish one first")
        game_id = secrets.token_urlsafe(9)
        shared = secrets.token_urlsafe(24)
        tokens = [None if spec != HUMAN else shared if hotseat else secrets.token_urlsafe(24)
                  for spec in seats]
        record = GameRecord(game_id, name, game_options(game), seats, int(game.parameters["seed"]),
                            [token_hash(t) if t else None for t in tokens], hotseat, False)
        await asyncio.to_thread(self.store.add_game, record)
        links = [{"seat": s, "spec": spec, "token": tokens[s],
                  "link": f"/play/{game_id}#seat={s}&token={tokens[s]}" if tokens[s] else None}
                 for s, spec in enumerate(seats)]
        await self.table(game_id)
        return JSONResponse({"id": game_id, "game": name, "hotseat": hotseat, "seats": links},
                            status_code=201)

    # --- playing ---------------------------------------------------------------------

    async def view(self, request: Request) -> Response:
        table, seats = await self.seat(request, request.path_params["game_id"])
        async with self.live(table) as table:
            view = await asyncio.to_thread(table.view, table.viewer(seats))
        return JSONResponse(view)

    async def cards(self, request: Request) -> Response:
        table, _ = await self.seat(request, request.path_params["game_id"])
        return JSONResponse(await asyncio.to_thread(card_catalogue, table.game))

    async def move(self, request: Request) -> Response:
        body = await self.body(request)
        table, seats = await self.seat(request, request.path_params["game_id"])
        self.limit(request)
        action, ply = body.get("action"), body.get("ply")
        if set(body) - {"action", "ply"}:
            raise ApiError(400, "a move takes action (its id or its text) and ply")
        if isinstance(action, bool) or not isinstance(action, (int, str)):
            raise ApiError(400, "action must be a move's id (an integer) or its text")
        if ply is not None and type(ply) is not int:
            raise ApiError(400, "ply must be an integer: the number of moves your page has seen")
        async with self.live(table) as table:
            state = table.state
            if state.is_terminal():
                raise ApiError(409, "the game is over")
            if ply is not None and ply != table.ply:
                raise ApiError(409, f"the game has moved on (move {table.ply}, your page shows "
                                    f"{ply}); reload the position")
            mover = int(state.current_player)
            if mover not in seats:
                raise ApiError(409, f"it is seat {mover}'s turn ({table.record.seats[mover]}), "
                                    "not yours")
            try:
                chosen = state.string_to_action(action) if isinstance(action, str) else action
                if chosen not in state.legal_actions():
                    raise ApiError(422, f"move {action!r} is not legal here; the legal moves "
                                        "are listed in the view")
            except ValueError as exc:
                raise ApiError(422, f"move {action!r} is not legal here: {exc}") from None
            await self.play(table, int(chosen))
            view = await asyncio.to_thread(table.view, table.viewer(seats))
        self.start_bots(table)
        return JSONResponse(view)

    @contextlib.asynccontextmanager
    async def live(self, table: Table) -> AsyncIterator[Table]:
        """The game's live copy, locked: a copy retired while the request waited (an undo
        replaced it, or it left memory) is exchanged for the live one."""
        while True:
            async with table.lock:
                if not table.retired:
                    yield table
                    return
            table = await self.table(table.record.id)

    async def play(self, table: Table, action: int) -> None:
        """Store a move (durably), then play it; the table's lock is held."""
        after = table.state.child(action)
        await asyncio.to_thread(self.store.add_move, table.record.id, table.ply,
                                action, after.is_terminal())
        await asyncio.to_thread(table.advance, action)
        await table.notify()

    def start_bots(self, table: Table) -> None:
        if table.bots is None or table.bots.done():
            table.bots = asyncio.create_task(self.run_bots(table))

    async def run_bots(self, table: Table) -> None:
        """Bots move while one is to move, paced so that people can follow."""
        while True:
            async with table.lock:
                state = table.state
                if table.retired or state.is_terminal() or table.record.seats[state.current_player] == HUMAN:
                    return
                spec = table.record.seats[state.current_player]
                action = await asyncio.to_thread(bot_move, spec, table.record.seed, table.ply, state)
                await self.play(table, action)
            await asyncio.sleep(self.limits.bot_delay)

    async def hint(self, request: Request) -> Response:
        table, seats = await self.seat(request, request.path_params["game_id"])
        self.limit(request)
        async with self.live(table) as table:
            state = table.state
            if not table.hints_allowed():
                raise ApiError(409, "hints are on only when every human at the table agrees")
            if state.is_terminal() or state.current_player not in seats:
                raise ApiError(409, "a hint is for the seat to move, on its turn")
            agent = MCTSAgent(table.ply, iterations=self.limits.hint_iterations)
            result = await asyncio.to_thread(agent.search, state.clone())
            players = table.game.num_players
            best = [{"id": action, "text": state.action_to_string(action), "visits": share,
                     "win": win_chance(result.values[action], players)}
                    for action, share in list(result.shares().items())[:HINT_MOVES]]
        return JSONResponse({"iterations": result.iterations, "moves": best})

    async def agree(self, request: Request) -> Response:
        """A human's answer on hints: {"hints": true} agrees, false withdraws."""
        body = await self.body(request)
        table, seats = await self.seat(request, request.path_params["game_id"])
        if set(body) != {"hints"} or not isinstance(body["hints"], bool):
            raise ApiError(400, "send {\"hints\": true} or {\"hints\": false}")
        async with self.live(table) as table:
            for seat in seats:
                (table.hints_agreed.add if body["hints"] else table.hints_agreed.discard)(seat)
            table.views.clear()
            view = await asyncio.to_thread(table.view, table.viewer(seats))
        await table.notify()
        return JSONResponse(view)

    async def undo(self, request: Request) -> Response:
        """A human's vote to take back the last human decision (and the bots' moves after
        it); it happens once every human has voted, and any move cancels the votes."""
        table, seats = await self.seat(request, request.path_params["game_id"])
        self.limit(request)
        game_id = table.record.id
        async with self.live(table) as table:
            keep = table.undo_target()
            if keep is None:
                raise ApiError(409, "there is no human move to take back")
            table.undo_votes.update(seats)
            table.views.clear()
            done = set(table.humans) <= table.undo_votes
            if done:
                await asyncio.to_thread(self.store.take_back, game_id, keep)
                moves = await asyncio.to_thread(self.store.moves, game_id)
                fresh = await asyncio.to_thread(Table, table.record, moves)
                fresh.hints_agreed = table.hints_agreed
                fresh.streams, fresh.changed = table.streams, table.changed
                table.retired = True
                self.tables[game_id] = fresh
                table = fresh
            view = await asyncio.to_thread(table.view, table.viewer(seats))
        await table.notify()
        return JSONResponse(view)

    async def events(self, request: Request) -> Response:
        """Server-sent events: `data: {"ply": N}` on every change of the game (a move, a vote),
        and a comment every 15 s to keep the connection open. The page fetches its view."""
        table, _ = await self.seat(request, request.path_params["game_id"])
        if table.streams >= self.limits.max_streams:
            raise ApiError(429, f"this game has {self.limits.max_streams} event streams open")
        game_id = table.record.id

        async def stream() -> AsyncIterator[str]:
            current = self.tables.get(game_id, table)
            current.streams += 1
            try:
                yield f"data: {json.dumps({'ply': current.ply})}\n\n"
                while True:
                    condition = current.changed
                    async with condition:
                        try:
                            await asyncio.wait_for(condition.wait(), 15)
                        except asyncio.TimeoutError:
                            yield ": still here\n\n"
                            continue
                    current = self.tables.get(game_id, current)
                    yield f"data: {json.dumps({'ply': current.ply})}\n\n"
            finally:
                current.streams -= 1

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def setup(self, request: Request) -> Response:
        """What the page offers when creating a game: each game's parameters with their
        defaults, the expansions, and the seat kinds."""
        described: dict[str, dict[str, Any]] = {}
        for name in games():
            game = await asyncio.to_thread(load_game, name)
            options = game_options(game)
            options.pop("seed", None)
            described[name] = {"parameters": options}
            expansions = getattr(GAMES[name], "ALL_EXPANSIONS", None)
            if expansions:
                described[name]["expansions"] = [e for e in expansions if e != "base"]
        return JSONResponse({"games": described, "seats": [HUMAN, *AGENTS],
                             "limits": dataclasses.asdict(self.limits)})


def create_app(data: str | Path = "lifespan-games", limits: Limits | None = None) -> Starlette:
    """The web table's ASGI app, storing its games under `data` (created if missing)."""
    server = Server(Path(data), limits or Limits())

    def endpoint(handler: Callable[[Request], Awaitable[Response]]) -> Callable[[Request], Awaitable[Response]]:
        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except ApiError as exc:
                return JSONResponse({"error": exc.message}, status_code=exc.status)
        return run

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-store"})

    routes = [
        Route("/", page),
        Route("/play/{game_id}", page),
        Route("/api/setup", endpoint(server.setup)),
        Route("/api/games", endpoint(server.create), methods=["POST"]),
        Route("/api/games/{game_id}", endpoint(server.view)),
        Route("/api/games/{game_id}/cards", endpoint(server.cards)),
        Route("/api/games/{game_id}/moves", endpoint(server.move), methods=["POST"]),
        Route("/api/games/{game_id}/hint", endpoint(server.hint), methods=["POST"]),
        Route("/api/games/{game_id}/hints", endpoint(server.agree), methods=["POST"]),
        Route("/api/games/{game_id}/undo", endpoint(server.undo), methods=["POST"]),
        Route("/api/games/{game_id}/events", endpoint(server.events)),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def running(app: Starlette) -> AsyncIterator[None]:
        yield
        server.store.close()

    app = Starlette(routes=routes, lifespan=running)
    app.state.server = server
    return app
