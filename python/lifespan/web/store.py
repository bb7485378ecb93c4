"""The web table's storage: SQLite from the standard library, one file per server.

A game is its creation record (game name, options, seats, seed, the hashes of its seats'
tokens) and the list of its moves. A state is the game's first state with the moves replayed,
so the record is small and the engine's determinism (docs/search.md: a state's generator lives
inside it) makes a replay exact. Every move is committed (WAL journal, synchronous=FULL) before
the server answers the request that made it, so a server killed at any moment loses no
acknowledged move.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any, NamedTuple

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seats TEXT NOT NULL,
    seed INTEGER NOT NULL,
    tokens TEXT NOT NULL,
    hotseat INTEGER NOT NULL,
    created REAL NOT NULL,
    finished INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    action INTEGER NOT NULL,
    PRIMARY KEY (game_id, ply)
);
"""


class GameRecord(NamedTuple):
    """A stored game: what rebuilds it, and the sha256 of each seat's token (None for a bot)."""

    id: str
    game: str
    options: dict[str, Any]
    seats: list[str]
    seed: int
    token_hashes: list[str | None]
    hotseat: bool
    finished: bool


class Store:
    """Games and their moves in one SQLite file; safe to call from several threads."""

    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(str(path), check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_game(self, record: GameRecord) -> None:
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO games (id, game, options, seats, seed, tokens, hotseat, created)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (record.id, record.game, json.dumps(record.options), json.dumps(record.seats),
                 record.seed, json.dumps(record.token_hashes), int(record.hotseat), time.time()))

    def game(self, game_id: str) -> GameRecord | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id, game, options, seats, seed, tokens, hotseat, finished FROM games"
                " WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            return None
        return GameRecord(row[0], row[1], json.loads(row[2]), json.loads(row[3]), row[4],
                          json.loads(row[5]), bool(row[6]), bool(row[7]))

    def moves(self, game_id: str) -> list[int]:
        with self._lock:
            rows = self._db.execute("SELECT action FROM moves WHERE game_id = ? ORDER BY ply",
                                    (game_id,)).fetchall()
        return [row[0] for row in rows]

    def add_move(self, game_id: str, ply: int, action: int, finished: bool) -> None:
        """Move number `ply` (0 the first), committed before this returns; a second move of
        the same number is refused by the primary key (sqlite3.IntegrityError)."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("INSERT INTO moves (game_id, ply, action) VALUES (?, ?, ?)",
                             (game_id, ply, action))
            if finished:
                self._db.execute("UPDATE games SET finished = 1 WHERE id = ?", (game_id,))

    def take_back(self, game_id: str, keep: int) -> None:
        """Undo: keep only the first `keep` moves."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute("DELETE FROM moves WHERE game_id = ? AND ply >= ?", (game_id, keep))
            self._db.execute("UPDATE games SET finished = 0 WHERE id = ?", (game_id,))

    def unfinished_count(self) -> int:
        with self._lock:
            count: int = self._db.execute("SELECT COUNT(*) FROM games WHERE finished = 0").fetchone()[0]
        return count
