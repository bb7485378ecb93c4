"""Writes the committed seed corpus of the fuzz targets from real play:

    python fuzz/make_corpus.py

- saved_state_<game>/: saved states of seeded random games of every configuration in
  corpus_configs.py, at the start, in the middle and at the end;
- actions/: the same kind of saves (the actions target plays from them);
- parameters/: game strings naming each configuration.

Card files need no copies: the card_files target seeds itself from the shipped card data.
Run it again after a change to the saved-state format, and commit the result.
"""

from __future__ import annotations

import random
from pathlib import Path

import lifespan

from corpus_configs import SAVED_STATE_CONFIGS

CORPUS = Path(__file__).resolve().parent / "corpus"
SAVE_AT = (0, 3, 12, 40, 100, 250)


def game_string(name: str, parameters: dict[str, object]) -> str:
    items = [f"{k}={'+'.join(v) if isinstance(v, list) else v}" for k, v in parameters.items()]
    return f"{name}({','.join(items)})"


def main() -> None:
    for name, configs in SAVED_STATE_CONFIGS.items():
        saves = CORPUS / f"saved_state_{name}"
        saves.mkdir(parents=True, exist_ok=True)
        actions = CORPUS / "actions"
        actions.mkdir(parents=True, exist_ok=True)
        strings = CORPUS / "parameters"
        strings.mkdir(parents=True, exist_ok=True)
        for index, parameters in enumerate(configs):
            game = lifespan.load_game(name, **parameters)
            (strings / f"{name}-{index}.txt").write_text(game_string(name, parameters))
            state, rng, move = game.new_state(seed=index + 1), random.Random(index), 0
            while True:
                if move in SAVE_AT or state.is_terminal():
                    (saves / f"{index}-{move}.json").write_text(state.to_json())
                    if move in (12, 100):
                        (actions / f"{name}-{index}-{move}.json").write_text(state.to_json())
                if state.is_terminal() or move >= SAVE_AT[-1]:
                    break
                state.apply(rng.choice(state.legal_actions()))
                move += 1


if __name__ == "__main__":
    main()
