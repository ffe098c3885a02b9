"""``python -m benchmarks.agree_bohnanza``: the large agreement run between the engine and the Bohnanza references.

The base game's editions are checked against ``reference_bohnanza``, High
Bohn against ``reference_high_bohn``.

For each edition and player count it plays games on one side and replays
them on the other, and tampers with logs at random:

* reference games (its random bot) replayed by the engine, every action
  checked and the stored result compared, then the result JSON compared;
* engine games (alternately its random bot and uniformly random legal
  actions) replayed by the reference, results compared as JSON text;
* reference logs with one action changed at random, judged by both (the same
  rejected action index, the same log problem, or the same result).

It prints how many games each side played and how many disagreements there
were (the target: none); ``--examples`` prints the first few disagreements.
The test suite (tests/test_reference_bohnanza.py) runs a small slice of this.
"""

from __future__ import annotations

import argparse
import json
import random
import re
import sys
import time

from benchmarks.bench_bohnanza import engine_game_log
from references import bohnanza as reference
from references import high_bohn as reference_high_bohn

CASES = (
    [("bohnanza/amigo", count) for count in (3, 4, 5)]
    + [("bohnanza/rio-grande", count) for count in range(3, 8)]
    + [("bohnanza/high-bohn", count) for count in (3, 4, 5)]
)


def reference_for(ruleset: str):
    """The reference module that knows ``ruleset``."""
    return reference_high_bohn if ruleset == reference_high_bohn.RULESET else reference


NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus"]


def engine_side():
    """The engine's entry points (imported here: the reference itself never imports the engine)."""
    from engine.base.errors import LogError
    from engine.core.game import Game
    from engine.families.catalog import load_ruleset
    from engine.fronts.formats.gamelog import LogRecord
    from engine.fronts.formats.replay import ReplayContext, replay_record

    context = ReplayContext()
    games: dict[tuple[str, int], Game] = {}

    def play(ruleset: str, count: int, seed: int, bot: bool) -> dict:
        game = games.get((ruleset, count))
        if game is None:
            game = games[(ruleset, count)] = Game(load_ruleset(ruleset), NAMES[:count])
        # High Bohn's random players seldom build a dear building: a third of its games are the heuristic bot's,
        # which builds every kind, so the buildings' effects are checked too.
        if ruleset == reference_high_bohn.RULESET and seed % 3 == 2:
            return engine_game_log(game, seed, True, "heuristic")
        return engine_game_log(game, seed, bot)

    def outcome(log: dict):
        try:
            return "ok", replay_record(LogRecord(log, "<agree>", 1, 0, None), context).to_json()
        except LogError as error:
            return engine_verdict(error)

    return play, outcome


def engine_verdict(error) -> tuple[str, object]:
    """The engine's refusal of a log (a LogError) as a verdict both sides give alike.

    ``("action", index)`` for a rejected action, ``("log", path)`` for a bad
    log, the path cut after its first index (``$.chance[0]``).
    """
    path = error.diagnostics[0].location.json_path or "$"
    found = re.fullmatch(r"\$\.actions\[(\d+)\]", path)
    return ("action", int(found.group(1))) if found else ("log", re.sub(r"(\[\d+\])\..*", r"\1", path))


def same_json(one: dict, other: dict) -> bool:
    """Equal as JSON text: the same values in the same order, key order included."""
    return json.dumps(one) == json.dumps(other)


def imports_of(path) -> tuple[set[str], set[str]]:
    """The top-level modules a source file imports, and the modules it imports relatively (``from .x``).

    How the tests show that a reference shares no code with the engine.
    """
    import ast
    from pathlib import Path

    tree = ast.parse(Path(path).read_text(encoding="utf-8"))
    absolute = {
        alias.name.split(".")[0] for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names
    }
    absolute |= {
        node.module.split(".")[0]
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and not node.level
    }
    relative = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level}
    return absolute, relative


def reference_outcome(log: dict):
    """The reference's verdict on a log, in the form ``engine_side`` gives."""
    try:
        return "ok", reference_for(log.get("ruleset")).replay(log)
    except reference.ReferenceIllegalAction as error:
        return ("log", "$.actions") if error.index == len(log["actions"]) else ("action", error.index)
    except reference.ReferenceLogError as error:
        return "log", error.path


# The ways ``tampered`` changes an action: its player, the whole entry, dropped, another kind, one of its own
# fields, or a field it should not have.
MUTATIONS = ("player", "swap", "drop", "kind", "zone", "card", "positions", "to", "give", "ask", "pay", "stray")


def tampered(log: dict, rng: random.Random) -> dict:
    """The log without its result and with one action changed at random (most changes make it illegal, some later).

    A field the action has is given another value (another field, another
    bean); ``stray`` sets one of the fields an offer, an accept, a buy or a
    build has, whether this action has it or not.
    """
    log = json.loads(json.dumps(log))
    log.pop("result", None)
    actions = log["actions"]
    index = rng.randrange(len(actions))
    entry = actions[index]
    kind = entry["action"]
    players = len(log["players"])
    beans = list(reference.BEANS)
    fits = (
        {"player", "swap", "drop", "kind", "stray"}
        | {field for field in ("zone", "card", "pay") if field in entry}
        | ({"positions"} if kind == "accept" else set())
        | ({"to", "give", "ask"} if kind == "offer" else set())
    )
    change = rng.choice([mutation for mutation in MUTATIONS if mutation in fits])
    # A new value of each field an action may have (``stray`` draws them all, in this order, then keeps one).
    fresh = {
        "positions": lambda: sorted({rng.randrange(8) for _ in range(rng.randrange(4))}),
        "to": lambda: rng.randrange(players),
        "give": lambda: {"hand": sorted({rng.randrange(8) for _ in range(1 + rng.randrange(3))})},
        "ask": lambda: {"hand": {rng.choice(beans): rng.randrange(1, 3)}},
        "pay": lambda: {rng.choice(beans): rng.randrange(1, 4)},
    }
    if change == "player":
        entry["player"] = (entry["player"] + rng.randrange(1, players)) % players
    elif change == "swap":
        actions[index] = {**rng.choice(actions), "player": entry["player"]}
    elif change == "drop":
        del actions[index]
    elif change == "kind":
        actions[index] = {
            "player": entry["player"],
            "action": rng.choice(["done", "pass", "end-trading", "decline", "accept"]),
        }
    elif change == "zone":
        entry["zone"] = rng.choice([zone for zone in reference.FIELDS if zone != entry["zone"]])
    elif change == "card":
        entry["card"] = rng.choice([bean for bean in beans if bean != entry["card"]])
    elif change in fresh:
        entry[change] = fresh[change]()
    else:
        entry.update(rng.choice([{field: value()} for field, value in fresh.items()]))
    return log


def main(argv: list[str] | None = None) -> int:
    """Run the agreement and print one line per edition and player count."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.agree_bohnanza", description=__doc__.splitlines()[0])
    parser.add_argument(
        "--reference-games", type=int, default=2000, help="reference games per case, replayed by the engine"
    )
    parser.add_argument(
        "--engine-games", type=int, default=500, help="engine games per case, replayed by the reference"
    )
    parser.add_argument("--tampered", type=int, default=500, help="tampered logs per case")
    parser.add_argument(
        "--cases",
        default=",".join(f"{r}:{c}" for r, c in CASES),
        help="RULESET:PLAYERS,... (default: both editions, every player count)",
    )
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--examples", type=int, default=3, help="disagreements printed in full per case")
    args = parser.parse_args(argv)
    play, engine_outcome = engine_side()
    cases = [(name, int(count)) for name, count in (case.rsplit(":", 1) for case in args.cases.split(","))]
    totals = [0, 0, 0, 0, 0, 0]
    print(f"{'case':<24} {'ref->engine':>18} {'engine->ref':>18} {'tampered':>18}  seconds")
    for ruleset, count in cases:
        start = time.perf_counter()
        shown = 0
        counts = [0, 0, 0, 0, 0, 0]  # played and disagreeing: ref->engine, engine->ref, tampered

        def disagree(kind: str, seed: int, detail: object, ruleset: str = ruleset, count: int = count) -> None:
            nonlocal shown
            if shown < args.examples:
                print(f"  DISAGREEMENT {ruleset} {count} players, {kind}, seed {seed}: {str(detail)[:400]}")
                shown += 1

        rng = random.Random(args.seed)
        for seed in range(args.seed, args.seed + args.reference_games):
            log = reference_for(ruleset).play_random_game(seed, NAMES[:count], ruleset)
            verdict = engine_outcome(log)
            counts[0] += 1
            if verdict != ("ok", log["result"]):
                counts[1] += 1
                disagree("reference game replayed by the engine", seed, verdict)
            if seed - args.seed < args.tampered:
                changed = tampered(log, rng)
                ours, theirs = reference_outcome(changed), engine_outcome(changed)
                counts[4] += 1
                if ours != theirs:
                    counts[5] += 1
                    disagree("tampered log", seed, (ours, theirs))
        for seed in range(args.seed, args.seed + args.engine_games):
            log = play(ruleset, count, seed, bot=seed % 2 == 0)
            counts[2] += 1
            try:
                agrees = json.dumps(reference_for(ruleset).replay(log)) == json.dumps(log["result"])
                detail: object = log["result"]
            except (reference.ReferenceIllegalAction, reference.ReferenceLogError) as error:
                agrees, detail = False, error
            if not agrees:
                counts[3] += 1
                disagree("engine game replayed by the reference", seed, detail)
        cells = [f"{counts[i]} games, {counts[i + 1]} off" for i in (0, 2, 4)]
        print(
            f"{ruleset + ' ' + str(count) + 'p':<24} {cells[0]:>18} {cells[1]:>18} {cells[2]:>18}  "
            f"{time.perf_counter() - start:.0f}",
            flush=True,
        )
        totals = [a + b for a, b in zip(totals, counts)]
    print(
        f"total: {totals[0]} reference games replayed by the engine ({totals[1]} disagreements), "
        f"{totals[2]} engine games replayed by the reference ({totals[3]}), "
        f"{totals[4]} tampered logs ({totals[5]})"
    )
    return 1 if totals[1] or totals[3] or totals[5] else 0


if __name__ == "__main__":
    sys.exit(main())
