"""The number of players a learning library asks for, checked as the adapters take it.

A program passes it (``env(players=4)``, ``register(ruleset, 4)``, the game
parameter ``players``), so it may be anything: a string ``"4"`` or ``True``
would otherwise reach the engine as a list of one player's name or as 1.
"""

from __future__ import annotations

import operator
from typing import TYPE_CHECKING, Any

from engine.base.errors import ArgumentTypeError, ArgumentValueError, CardrulesError
from engine.base.i18n import _
from engine.core.game import check_table_size

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def check_player_count(ruleset: Ruleset, players: Any) -> int:
    """``players`` as an ``int`` when it is a whole number the ruleset is for (NumPy's integers too, not a bool);
    else an :class:`~engine.base.errors.ArgumentTypeError` (no whole number) or
    :class:`~engine.base.errors.ArgumentValueError` (a number the ruleset is not for)."""
    try:
        count = operator.index(players) if not isinstance(players, bool) else None
    except TypeError:
        count = None
    if count is None:
        # TRANSLATORS: a program gave the OpenSpiel or PettingZoo adapter a number of players that is no number,
        # e.g. the text "4"; {value} is what it gave.
        raise ArgumentTypeError.at(
            _("the number of players must be a whole number, not {value}", value=repr(players)[:80])
        )
    try:
        check_table_size(ruleset, count)
    except CardrulesError as error:
        raise ArgumentValueError(error.diagnostics) from None
    return count
