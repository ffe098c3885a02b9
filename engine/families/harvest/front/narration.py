"""How the harvest family's events are told (looked up by :mod:`engine.text.narration`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, zone_name
from engine.base.i18n import ngettext
from engine.families.common.front.narrating import event_field, player_name

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _harvest(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = list(event_field(event, "cards") or ())
    paid = int(event_field(event, "paid") or 0)
    card = card_name(ruleset, cards[0]) if cards else "?"
    # TRANSLATORS: e.g. "Ann harvests 7 × Red from First field, which pays 3." {count} is the number of cards.
    return ngettext(
        "{player} harvests {count} × {card} from {zone}, which pays {paid}.",
        "{player} harvests {count} × {card} from {zone}, which pays {paid}.",
        len(cards),
        player=player_name(players, event),
        count=len(cards),
        card=card,
        zone=zone_name(ruleset, str(event_field(event, "zone"))),
        paid=paid,
    )


# How each of this family's events is told, by event type (the narration looks them up).
NARRATORS = {"harvest": _harvest}
