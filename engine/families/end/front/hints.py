"""What the end family tells the heuristic bot (:mod:`engine.families.common.front.hints`).

No strategy plays an end condition; their facts tell strategies how near the
end may be: the count of a tag's cards turned up that ends the game, the
shared counter whose count does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.common.front.hints import BotHints, CounterEndFacts, TagEndFacts

if TYPE_CHECKING:
    from engine.core.game import Game


def tag_end_facts(game: Game) -> TagEndFacts | None:
    """The count of each tag's cards turned up that ends the game."""
    thresholds = {
        end["tag"]: int(end["count"]) for end in game.ruleset.end_conditions if end.get("kind") == "nth-tagged-revealed"
    }
    return TagEndFacts(thresholds) if thresholds else None


def counter_end_facts(game: Game) -> CounterEndFacts | None:
    """The shared counter that ends the game on reaching a count (the last such end condition's)."""
    found = None
    for end in game.end_conditions:
        if end.kind == "counter-reaches":
            found = CounterEndFacts(end.counter_id, end.count)
    return found


HINTS = {
    "nth-tagged-revealed": BotHints(facts=tag_end_facts),
    "counter-reaches": BotHints(facts=counter_end_facts),
}
