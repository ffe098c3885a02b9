"""What the harvest family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

Its harvest at any time is played by whichever strategy answers the decision
it comes with; its facts: the zones harvested, the table they pay by, the
protection rule, where the payout goes, and how a harvest's action reads.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.common.front.hints import BotHints, HarvestFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def harvest_facts(game: Game) -> HarvestFacts | None:
    """The first harvest at any time of the game, as the field strategy reads it."""
    item = next((item for item in game.anytime if item.kind == "harvest"), None)
    if item is None:
        return None
    spec = item.spec
    return HarvestFacts(
        word=item.word,
        parts=item.space.parts,
        zones=spec.get("zones"),
        table=spec.get("table"),
        protection=bool(spec.get("protection")),
        coins=spec.get("pay-to"),
    )


HINTS = {"harvest": BotHints(facts=harvest_facts)}
