"""Second, plain implementations of the shipped games, written from the rules, sharing no code with the engine.

Each replays the engine's game logs and writes logs the engine replays;
where the two disagree, one of them has a bug (``tests/games/`` runs both
ways, ``python -m benchmarks.agree_bohnanza`` a larger run). The benchmarks
time the engine against them. They are not part of the installed package.

- :mod:`references.high_society`: High Society, both editions;
- :mod:`references.bohnanza`: Bohnanza, Amigo and Rio Grande;
- :mod:`references.high_bohn`: High Bohn's 32 buildings, on the Bohnanza reference.
"""
