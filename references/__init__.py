"""Second, plain implementations of the shipped games, written from the rules, sharing no code with the engine.

Each replays the engine's game logs and writes logs the engine replays;
where the two disagree, one of them has a bug (``tests/games/`` runs both
ways, ``python -m benchmarks.agree_bohnanza`` a larger run). The benchmarks
time the engine against them. They are not part of the installed package.

- :mod:`references.high_society`: High Society, both editions;
- :mod:`references.bohnanza`: Bohnanza, Amigo and Rio Grande;
- :mod:`references.high_bohn`: High Bohn's 32 buildings, on the Bohnanza reference;
- :mod:`references.no_thanks`: No Thanks!, with the option of a random start;
- :mod:`references.coloretto`: Coloretto, with both scoring tables;
- :mod:`references.love_letter`: Love Letter's 16-card match, with the Minister option.
"""
