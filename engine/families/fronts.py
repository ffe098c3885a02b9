"""Every family's front half, in one list: what the front ends build their registries from.

Each front looks a kind up in the registry it builds from :data:`FRONTS`
(:func:`served`) and falls back on a generic answer: the terminal asks any
decision as a numbered list, the narration leaves an unknown event untold,
the heuristic bot plays at random. Only the front ends import this module;
the rules never do.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.families.auction.front import FRONT as AUCTION
from engine.families.cards.front import FRONT as CARDS
from engine.families.choice.front import FRONT as CHOICE
from engine.families.common.front.family import FrontHalf
from engine.families.effects.front import FRONT as EFFECTS
from engine.families.end.front import FRONT as END
from engine.families.flow.front import FRONT as FLOW
from engine.families.harvest.front import FRONT as HARVEST
from engine.families.planting.front import FRONT as PLANTING
from engine.families.supply.front import FRONT as SUPPLY
from engine.families.trading.front import FRONT as TRADING
from engine.families.zones.front import FRONT as ZONES

# The families with a front half (scoring and outcomes need none: nobody decides there; end conditions only tell
# the heuristic bot how near the end is).
FRONTS: tuple[FrontHalf, ...] = (FLOW, CARDS, ZONES, SUPPLY, AUCTION, PLANTING, HARVEST, TRADING, END, EFFECTS, CHOICE)


def served(part: str) -> Mapping[str, Any]:
    """One part of every front half (``prompts``, ``narrators``...), merged: kind -> what serves it."""
    found: dict[str, Any] = {}
    for front in FRONTS:
        for kind, value in getattr(front, part).items():
            if kind in found and found[kind] is not value:
                raise ValueError(f"two families serve {part} of {kind!r}")
            found[kind] = value
    return MappingProxyType(found)
