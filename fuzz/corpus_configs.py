"""The game configurations the fuzz corpus is made from (fuzz/make_corpus.py) and that the
targets load inputs into: every player count's edge and each group of expansions."""

EVERY_EXPANSION = ["experiences", "kids", "nostalgia", "events", "trends", "pets", "standalone_jobs",
                   "community", "best_friends", "school", "relatives"]

SAVED_STATE_CONFIGS: dict[str, list[dict[str, object]]] = {
    "time_of_your_life": [
        {"players": 2},
        {"players": 3, "icon_matching": "any_edge", "limited_token_supply": True},
        {"players": 4},
        {"players": 6, "midpoint_empty_deck": "short"},
    ],
    "pursuit_of_happiness": [
        {"players": 1},
        {"players": 2},
        {"players": 4},
        {"players": 3, "expansions": ["experiences", "kids"]},
        {"players": 4, "expansions": ["experiences", "kids", "nostalgia", "events", "trends", "pets",
                                      "standalone_jobs"]},
        {"players": 5, "expansions": EVERY_EXPANSION},
        {"players": 4, "expansions": ["best_friends", "school", "relatives"]},
    ],
}
