"""End condition ``nth-tagged-revealed``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.formatting import tag_name
from engine.base.i18n import _, ngettext
from engine.core.flow import DONE
from engine.families.end.rules.base import END_PARAMETERS, EndCondition
from engine.language.params import BOOLEAN, COUNT, name, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class NthTaggedRevealed(EndCondition):
    """``nth-tagged-revealed``: the game ends when the ``count``-th card with ``tag`` is revealed.

    With ``discard-revealed: true`` (the default) the game ends at once: that
    card is not played and the rest of the deck is not scored. With
    ``false`` the card is still played and the game ends after that round
    (or after the step named by ``after``).

    Parameters: ``tag``, ``count``, ``discard-revealed``, ``after``.

    ```yaml
    end:
      - {id: fourth-red, kind: nth-tagged-revealed, tag: red, count: 4}
    ```
    """

    kind = "nth-tagged-revealed"
    checked_at_reveal = True
    parameters = {
        **END_PARAMETERS,
        "tag": param("Tag", "The tag counted.", name("tag")),
        "count": param("Count", "The number of such cards revealed that ends the game.", COUNT),
        "discard-revealed": param("Discard revealed", "End at once, without playing the card (default true).", BOOLEAN),
    }
    required = ("tag", "count")

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> list[str]:
        """The rule in words, for the help."""

        count = int(spec.get("count", 0))
        tag = tag_name(ruleset, str(spec.get("tag")))
        if spec.get("discard-revealed", True) and not spec.get("after"):
            # TRANSLATORS: a rule in the help; {tag} is a kind of card, e.g. "Red border".
            return [
                ngettext(
                    "The game ends at once when {count} {tag} card has been revealed; that card is not played.",
                    "The game ends at once when {count} {tag} cards have been revealed; the last one is not played.",
                    count,
                    count=count,
                    tag=tag,
                )
            ]
        # TRANSLATORS: a rule in the help; {count} is a number of cards, {tag} a kind of card, e.g. "Red border".
        return [
            ngettext(
                "The game ends after the round in which {count} {tag} card has been revealed.",
                "The game ends after the round in which {count} {tag} cards have been revealed.",
                count,
                count=count,
                tag=tag,
            )
        ]

    @classmethod
    def progress(cls, ruleset: Ruleset, spec: Mapping[str, Any], observation: Observation) -> str | None:
        """How near the end is: "Red border seen: 2 of 4"."""

        tag = spec.get("tag")
        unseen = observation.unseen()
        seen = sum(
            card.copies(len(observation.players)) - unseen.get(card.id, 0) for card in ruleset.cards if tag in card.tags
        )
        # TRANSLATORS: progress toward the end of the game, e.g. "Red border seen: 2 of 4".
        return _(
            "{tag} seen: {count} of {total}",
            tag=tag_name(ruleset, str(tag)),
            count=seen,
            total=int(spec.get("count", 0)),
        )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.tag = spec["tag"]
        self.count = int(spec["count"])
        self.discard_revealed = bool(spec.get("discard-revealed", True))

    @classmethod
    def reachable(cls, spec: Mapping[str, Any], path: str, context: Any) -> bool:
        """Enough cards with the tag exist (with the most players) to reach the count."""

        tag, count = spec.get("tag"), spec.get("count")
        if not isinstance(tag, str) or not isinstance(count, int):
            return True
        available = sum(context.copies(card, context.players_max) for card in context.matching({"tag": tag}))
        if count > available:
            # TRANSLATORS: error in a ruleset file; {count} and {available} are numbers of cards; {tag} is a tag's id as
            # the ruleset writes it, e.g. "red".
            context.add(
                f"{path}.count",
                _(
                    "this end condition can never trigger: it waits for {count} cards tagged '{tag}' but the deck has {available}",
                    count=count,
                    tag=tag,
                    available=available,
                ),
            )
            return False
        return True

    def compile(self, game: Game) -> None:
        mask = 0
        for card in game.cards.types:
            if self.tag in card.tags:
                mask |= game.cards.type_mask[card.index]
        self.mask = mask

    def on_reveal(self, state: State, instance: int) -> bool:
        mask = self.mask
        return bool(mask >> instance & 1) and (state.revealed_mask & mask).bit_count() >= self.count

    def trigger(self, state: State, card: str | None) -> int:
        if self.discard_revealed and self.after is None:
            return state.end_game(self.id, card)
        state.end_after_round(self.id, self.after)
        return DONE
