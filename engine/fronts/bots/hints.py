"""The families' hints to the heuristic bot, gathered: which strategy plays each decision kind, and their facts.

Every family's front half gives, per block kind it owns, a
:class:`~engine.families.common.front.hints.BotHints`: the name of the
strategy (:mod:`engine.fronts.bots.strategies`) that plays a decision of that
kind, and the family's facts about a compiled game. :data:`HINTS` gathers them
by kind; :func:`facts_of` asks every family for its facts about one game, once,
and a strategy picks the shapes it reads (:meth:`GameFacts.first`) or the facts
of the decision it answers (:attr:`GameFacts.by_kind`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.families.fronts import served

if TYPE_CHECKING:
    from engine.core.game import Game

# block kind -> what its family tells the bots about it
HINTS: Mapping[str, Any] = served("hints")


class GameFacts:
    """Every family's facts about one compiled game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        # block kind -> its family's facts about this game (kinds the game has no block of are left out)
        self.by_kind: dict[str, Any] = {}
        for kind, hints in HINTS.items():
            if hints.facts is not None:
                found = hints.facts(game)
                if found is not None:
                    self.by_kind[kind] = found

    def every(self, shape: type) -> list[Any]:
        """The facts of that shape, in the order of the families' hints."""
        return [facts for facts in self.by_kind.values() if isinstance(facts, shape)]

    def first(self, shape: type) -> Any:
        """The first facts of that shape (None if no family's blocks in the game give any)."""
        return next((facts for facts in self.by_kind.values() if isinstance(facts, shape)), None)


# Facts depend on the compiled game only: every strategy shares them (a simulation makes new bots per game).
_SHARED_FACTS: dict[int, GameFacts] = {}
_SHARED_FACTS_LIMIT = 16


def facts_of(game: Game) -> GameFacts:
    """Every family's facts about ``game``, asked once."""
    facts = _SHARED_FACTS.get(id(game))
    if facts is None or facts.game is not game:
        if len(_SHARED_FACTS) >= _SHARED_FACTS_LIMIT:
            _SHARED_FACTS.pop(next(iter(_SHARED_FACTS)))
        facts = _SHARED_FACTS[id(game)] = GameFacts(game)
    return facts
