"""The compiled core (``make fast``) gives the same results as the pure sources, and never runs a stale module.

A copy of the checkout is compiled with Cython as ``make fast`` does
(``python -m engine.compile_core``), then every shipped ruleset plays the
same seeded games in the compiled mode and in the pure mode
(``CARDRULES_PURE=1``): their logs, results, replays and the digest of every
observation handed out must be the same bytes; so must the games Hypothesis
draws here (once, for both modes: its choices may follow the time examples
take): shipped rulesets with options set at random, in range or not, at
player counts in range or one past it. A source edited after the build runs
from its source, the rest stays compiled.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys

import locations
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine

REPO = locations.REPO
GAMES = REPO / "tests" / "project" / "compiled_core_games.py"


def _copy_checkout(target):
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_compiled.json")
    for folder in ("engine", "rulesets", "locales", "schemas"):
        shutil.copytree(REPO / folder, target / folder, ignore=ignore)
    shutil.copy2(REPO / "pyproject.toml", target / "pyproject.toml")
    shutil.copy2(GAMES, target / GAMES.name)


def option_values(definition) -> st.SearchStrategy:
    """Values of an option, as ``-o`` gives them: those it declares, and some it refuses."""
    kind = definition.get("type")
    values = [*map(str, definition.get("values") or ())]
    if kind == "boolean":
        good = st.sampled_from(["true", "false"])
    elif kind == "choice":
        good = st.sampled_from(values)
    elif kind == "list":
        good = st.lists(st.sampled_from(values), max_size=len(values), unique=True).map(",".join)
    else:
        good = st.integers(0, 12).map(str)
    # Mostly values the option takes; now and then one it refuses.
    return st.one_of(good, good, good, st.sampled_from(["maybe", "nonsense", "-3", "1/2", "none", "99999999999"]))


@st.composite
def drawn_games(draw) -> tuple[str, dict[str, str], int, int]:
    """A shipped ruleset, options given to it, a player count (one too few or too many at times) and a seed."""
    name = draw(st.sampled_from(sorted(info.name for info in engine.list_rulesets() if not info.abstract)))
    ruleset = engine.load_ruleset(name)
    definitions = ruleset.option_definitions
    chosen = draw(st.lists(st.sampled_from(sorted(definitions)), unique=True)) if definitions else []
    options = {option: draw(option_values(definitions[option])) for option in chosen}
    low, high = ruleset.players_min, ruleset.players_max
    players = draw(st.one_of(st.integers(low, high), st.integers(low, high), st.sampled_from([low - 1, high + 1])))
    return name, options, players, draw(st.integers(0, 2**16))


def draw_games(count: int = 40) -> list[tuple[str, dict[str, str], int, int]]:
    """``count`` rulesets and games drawn by Hypothesis, for the two modes to play alike."""
    drawn: list[tuple[str, dict[str, str], int, int]] = []

    @settings(
        derandomize=True, database=None, max_examples=count, deadline=None, suppress_health_check=list(HealthCheck)
    )
    @given(drawn_games())
    def collect(game) -> None:
        drawn.append(game)

    collect()
    return drawn


def _run(root, *arguments, pure=False, timeout=600):
    # In English whatever the machine's locale: the build's messages are read below.
    environment = {**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1", "LC_ALL": "C.UTF-8"}
    environment.pop("LANGUAGE", None)
    environment.pop("CARDRULES_PURE", None)
    if pure:
        environment["CARDRULES_PURE"] = "1"
    done = subprocess.run(
        [sys.executable, *arguments], cwd=root, env=environment, capture_output=True, text=True, timeout=timeout
    )
    assert done.returncode == 0, done.stderr[-3000:]
    return done.stdout


@pytest.mark.timeout(2400)
def test_the_compiled_core_plays_every_game_as_the_pure_sources_and_never_runs_a_stale_module(tmp_path):
    root = tmp_path / "checkout"
    _copy_checkout(root)
    built = _run(root, "-m", "engine.compile_core", "--jobs", "2", timeout=2000)
    assert "modules compiled" in built
    compilable = json.loads(_run(root, "-c", "import json, engine.compiled as c; print(json.dumps(c.compilable()))"))
    assert len(compilable) > 100

    drawn = draw_games()
    (root / "drawn-games.json").write_text(json.dumps(drawn), encoding="utf-8")
    compiled = _run(root, GAMES.name).splitlines()
    pure = _run(root, GAMES.name, pure=True).splitlines()
    # The last line names the modules that ran compiled: all of those the games imported, or none.
    ran_compiled = json.loads(compiled[-1])["compiled"]
    assert "engine.core.state" in ran_compiled and set(ran_compiled) <= set(compilable)
    assert json.loads(pure[-1])["compiled"] == []
    assert len(compiled) > 100  # every shipped ruleset, two seeds, two kinds of play; then the drawn games
    assert sum('"refused"' in line for line in compiled) < len(compiled) // 2
    assert compiled[:-1] == pure[:-1]

    # A source changed after the build runs from its source; the others stay compiled.
    moves = root / "engine" / "core" / "moves.py"
    moves.write_text(moves.read_text(encoding="utf-8") + "\n# changed after the build\n", encoding="utf-8")
    where = json.loads(
        _run(
            root,
            "-c",
            "import json, engine.core.moves as m, engine.core.state as s; print(json.dumps([m.__file__, s.__file__]))",
        )
    )
    assert where[0].endswith("moves.py") and not where[1].endswith(".py")
    # Cleaning removes the compiled modules and their manifest.
    assert "files removed" in _run(root, "-m", "engine.compile_core", "--clean")
    assert not list((root / "engine").rglob("*.so")) and not (root / "engine" / "_compiled.json").exists()
