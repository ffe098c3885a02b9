"""How the choice family's events are told (looked up by :mod:`engine.text.narration`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.families.common.front.narrating import event_field, player_name

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _revealed(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    text = event_field(event, "text")
    if not text:
        return None
    # TRANSLATORS: a choice made in secret is revealed once everyone has chosen, e.g. "Ann chose: bid: Red 3".
    return _("{player} chose: {action}", player=player_name(players, event), action=text)


NARRATORS = {"choice-revealed": _revealed}
