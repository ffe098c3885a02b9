"""Bots: players that choose an action from an :class:`~engine.observation.Observation`.

A bot never sees the game state, only what its seat may see, and the lazy
:class:`~engine.actions.LegalActions` of its decision. ``make_bot(kind, seed)``
builds one by name; ``BOT_KINDS`` lists the names. A searching bot's kind
may carry its budget: ``ismcts:2000`` (iterations per move) or
``ismcts:0.5s`` (seconds per move); ``"ismcts:2000" in BOT_KINDS`` is true.
"""

from __future__ import annotations

from typing import Protocol

from engine.base.errors import CardrulesError
from engine.base.i18n import _, pgettext
from engine.core.decisions import LegalActions
from engine.core.observation import Observation
from engine.fronts.bots.heuristic_bot import HeuristicBot
from engine.fronts.bots.ismcts import DEFAULT_ACTIONS, DEFAULT_ITERATIONS, IsmctsBot
from engine.fronts.bots.random_bot import RandomBot

# The bots that take a budget after their name, and its bounds (iterations; seconds).
BUDGETED = {"ismcts"}
MOST_ITERATIONS = 1_000_000
MOST_SECONDS = 3600.0


class BotKinds(tuple):
    """The bot kinds' names; ``in`` also accepts a kind with a valid budget (``ismcts:2000``)."""

    def __contains__(self, kind: object) -> bool:
        return isinstance(kind, str) and parse_bot_kind(kind) is not None


BOT_KINDS = BotKinds(("random", "heuristic", "ismcts"))

_BOT_CLASSES = {"random": RandomBot, "heuristic": HeuristicBot, "ismcts": IsmctsBot}


def parse_bot_kind(kind: str) -> tuple[str, dict[str, float | int]] | None:
    """``(name, budget arguments)`` of a bot kind such as ``ismcts:0.5s``; None for a kind that is not one.

    A budget is a whole number of iterations (1 to 1,000,000) or a number of
    seconds ending in ``s`` (above 0, at most 3,600).
    """
    name, colon, budget = kind.partition(":")
    if name not in _BOT_CLASSES:
        return None
    if not colon:
        return name, {}
    if name not in BUDGETED:
        return None
    budget = budget.strip()
    try:
        if budget.endswith("s"):
            seconds = float(budget[:-1])
            if not 0 < seconds <= MOST_SECONDS:  # also refuses nan and inf
                return None
            return name, {"seconds": seconds}
        if not budget.isdigit() or len(budget) > 7:
            return None
        iterations = int(budget)
    except ValueError:
        return None
    if not 1 <= iterations <= MOST_ITERATIONS:
        return None
    return name, {"iterations": iterations}


# A budget read from a file (a saved game's seats, a web table) is capped here: a stranger's log must not make a bot
# think for an hour at each move unannounced. Half a minute, or 50,000 iterations; and since an iteration of a long
# game with many players takes a hundred times one of a short game, a bot whose iterations come from a file also
# stops at half a minute a move, whichever comes first (``make_bot(..., most_seconds=...)``).
MOST_SECONDS_FROM_FILES = 30.0
MOST_ITERATIONS_FROM_FILES = 50_000


def capped_from_file(kind: str) -> str:
    """``kind`` (a valid bot kind) with its budget lowered to what a file may ask; ``kind`` itself when within."""
    parsed = parse_bot_kind(kind)
    if parsed is None:
        return kind
    name, budget = parsed
    if budget.get("seconds", 0) > MOST_SECONDS_FROM_FILES:
        return f"{name}:{MOST_SECONDS_FROM_FILES:g}s"
    if budget.get("iterations", 0) > MOST_ITERATIONS_FROM_FILES:
        return f"{name}:{MOST_ITERATIONS_FROM_FILES}"
    return kind


class Bot(Protocol):
    """Anything with ``choose(observation, legal) -> action``."""

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        """The action to take (one of ``legal``)."""
        ...


def bot_kind_name(kind: str) -> str:
    """A bot kind in the reader's language (a kind added later shows its registry name)."""
    names = {
        # TRANSLATORS: a kind of computer player, shown in its name: "Bot 1 (random)" plays any legal move at random.
        "random": pgettext("bot kind", "random"),
        # TRANSLATORS: a kind of computer player, shown in its name: "Bot 1 (heuristic)" plays by rules of thumb
        # (a rule-of-thumb player, not a search); an adjective or a short noun.
        "heuristic": pgettext("bot kind", "heuristic"),
        # TRANSLATORS: a kind of computer player, shown in its name: "ismcts" is a searching bot (information-set
        # Monte Carlo tree search): keep the abbreviation or use your field's usual one.
        "ismcts": pgettext("bot kind", "ismcts"),
    }
    name, colon, budget = kind.partition(":")
    return names.get(name, name) + colon + budget


def make_bot(kind: str, seed: int | None = None, *, most_seconds: float | None = None) -> Bot:
    """A new bot of ``kind`` (one of ``BOT_KINDS``, with a budget if it takes one); ``seed`` makes its choices repeatable.

    A bot with a time budget (``ismcts:0.5s``) searches as far as the machine
    allows: its choices depend on the machine's speed, not only on the seed.
    ``most_seconds`` bounds a searching bot's move in time whatever its budget
    (a kind read from a file: :data:`MOST_SECONDS_FROM_FILES`); a search that
    ends within it chooses as it would without it.
    """
    parsed = parse_bot_kind(kind)
    if parsed is None:
        # TRANSLATORS: a bot kind (e.g. in --players bot:KIND) that does not exist; {kind} is as typed, {kinds} lists
        # the known ones, e.g. "random, heuristic, ismcts" (typed as they are: keep them).
        raise CardrulesError.at(_("unknown bot {kind}; known bots: {kinds}", kind=kind, kinds=", ".join(BOT_KINDS)))
    name, budget = parsed
    if most_seconds is not None and name in BUDGETED:
        # The kind's own budget (the default one when it names none), bounded in time as well.
        own = budget or {"iterations": DEFAULT_ITERATIONS, "actions": DEFAULT_ACTIONS}
        budget = {**own, "seconds": min(float(own.get("seconds", most_seconds)), most_seconds)}
    return _BOT_CLASSES[name](seed, **budget)


__all__ = [
    "BOT_KINDS",
    "MOST_ITERATIONS_FROM_FILES",
    "MOST_SECONDS_FROM_FILES",
    "Bot",
    "HeuristicBot",
    "IsmctsBot",
    "RandomBot",
    "bot_kind_name",
    "capped_from_file",
    "make_bot",
    "parse_bot_kind",
]
