"""The harvest family's kind of modifier: ``claim-harvest``, a share of the cards others' harvests discard."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.base.i18n import _
from engine.language.catalog import ModifierKind
from engine.language.params import BOOLEAN, name, param


def _check_claim(modifier: Mapping[str, Any], path: str, context: Any) -> None:
    """Cards move there in play: ``into`` must be a zone of the owner's own."""
    into = modifier.get("into")
    context.check_reference("zone", path + ".into", into)
    if into in context.zones and context.zones[into].get("owner", "shared") != "player":
        context.reporter.add(  # TRANSLATORS: ruleset error: a claim-harvest modifier's zone is not a player's.
            path + ".into", _("the claimed cards go to a zone of the card's owner; this zone is shared")
        )


CLAIM_HARVEST = ModifierKind(
    "claim-harvest",
    "When anyone's harvest of the cards it selects pays at least 1, its owner takes some of the cards discarded.",
    {
        "into": param("Into", "claim-harvest: the owner's zone the claimed cards go to.", name("zone"), option=False),
        "count": param(
            "Count",
            "claim-harvest: how many discarded cards the owner takes.",
            {"type": "integer", "minimum": 1, "maximum": 1000},
            option=False,
        ),
        "own": param("Own", "claim-harvest: also from the owner's own harvests (default true).", BOOLEAN),
    },
    ("into",),
    _check_claim,
)

MODIFIERS = (CLAIM_HARVEST,)
