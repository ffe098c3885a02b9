"""What the tests of the second implementations of the general-language games share: a game the engine plays,
and each side's verdict on a log in one form (``("ok", result)``, ``("action", index)`` or ``("log", path)``)."""

from __future__ import annotations

import random
from types import ModuleType
from typing import Any

from benchmarks.agree_bohnanza import engine_verdict
from engine.base.errors import LogError
from engine.core.game import Game
from engine.fronts.bots import make_bot
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record


def engine_log_of(game: Game, seed: int, kind: str = "random") -> dict[str, Any]:
    """A game ``game`` plays: its random bots (``random``), uniformly random legal actions (``uniform``), or a
    heuristic bot in the first seat against random bots (``heuristic``)."""
    state = game.new_initial_state(seed=seed, record_events=False)
    rng = random.Random(seed)
    bots = [
        make_bot("heuristic" if kind == "heuristic" and seat == 0 else "random", seed * 10 + seat)
        for seat in range(game.player_count)
    ]
    while not state.is_terminal():
        legal = state.legal_actions()
        if kind == "uniform":
            state.apply_action(legal.sample(rng))
        else:
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), legal))
    return state.to_log()


def engine_outcome_of(log: dict[str, Any], context: ReplayContext) -> tuple[Any, ...]:
    """The engine's replay of a log: ``("ok", result JSON)``, or its refusal as ``("action", index)`` /
    ``("log", path)``."""
    try:
        return "ok", replay_record(LogRecord(log, "<reference game>", 1, 0, None), context).to_json()
    except LogError as error:
        return engine_verdict(error)


def reference_outcome_of(reference: ModuleType, log: dict[str, Any]) -> tuple[Any, ...]:
    """A reference's verdict on a log, in the form :func:`engine_outcome_of` gives."""
    try:
        return "ok", reference.replay(log)
    except reference.ReferenceIllegalAction as error:
        return ("log", "$.actions") if error.index == len(log["actions"]) else ("action", error.index)
    except reference.ReferenceLogError as error:
        return "log", error.path
