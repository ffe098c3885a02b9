"""What the supply family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Building at any time is played by whichever strategy answers the decision it
comes with; the facts: the supply and the zone built into, the prices and
groups of the cards, which card pays for a group, and how a build's action
reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.common.front.hints import BotHints, BuildingFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def building_facts(game: Game) -> BuildingFacts | None:
    """The first building at any time of the game."""
    item = next((item for item in game.anytime if item.kind == "build"), None)
    if item is None:
        return None
    return BuildingFacts(
        word=item.word,
        parts=item.space.parts,
        supply=item.spec["from"],
        built=item.spec["to"],
        prices=item.prices,
        group_of=item.group_of,
        payer_of_group=item.payer_of_group,
    )


HINTS = {"build": BotHints(facts=building_facts)}
