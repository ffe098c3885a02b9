"""Bots: players that choose an action from an :class:`~engine.observation.Observation`.

A bot never sees the game state, only what its seat may see, and the lazy
:class:`~engine.actions.LegalActions` of its decision. ``make_bot(kind, seed)``
builds one by name; ``BOT_KINDS`` lists the names.
"""
from __future__ import annotations

from typing import Protocol

from ..core.decisions import LegalActions
from ..core.observation import Observation
from ..errors import CardrulesError
from ..text.i18n import _, pgettext
from .heuristic_bot import HeuristicBot
from .random_bot import RandomBot

BOT_KINDS = ("random", "heuristic")

_BOT_CLASSES = {"random": RandomBot, "heuristic": HeuristicBot}


class Bot(Protocol):
    """Anything with ``choose(observation, legal) -> action``."""

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        """The action to take (one of ``legal``)."""
        ...


def bot_kind_name(kind: str) -> str:
    """A bot kind in the reader's language (a kind added later shows its registry name)."""
    # TRANSLATORS: the kinds of computer players, shown in their names, e.g. "Bot 1 (heuristic)".
    names = {"random": pgettext("bot kind", "random"), "heuristic": pgettext("bot kind", "heuristic")}
    return names.get(kind, kind)


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A new bot of ``kind`` (one of ``BOT_KINDS``); ``seed`` makes its choices repeatable."""
    bot_class = _BOT_CLASSES.get(kind)
    if bot_class is None:
        raise CardrulesError.at(_("unknown bot {kind}; known bots: {kinds}", kind=kind, kinds=", ".join(BOT_KINDS)))
    return bot_class(seed)


__all__ = ["BOT_KINDS", "Bot", "HeuristicBot", "RandomBot", "bot_kind_name", "make_bot"]
