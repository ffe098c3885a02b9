"""The ``rows`` strategy: the card decisions a building may grant: look at the top card, move a hand card, order the cards drawn.

Each asks one question of the player's planting zones, as the planting
strategy reads them (:func:`~engine.fronts.bots.strategies.fields.read_holding`):
does a card fit, that is, does a zone hold its type already, or is one
empty? A card that fits is wanted soon; one that does not is better later.
The card family's facts tell which question a decision asks and how its
actions are made (:class:`~engine.families.common.front.hints.PeekFacts`,
:class:`~engine.families.common.front.hints.MoveFacts`,
:class:`~engine.families.common.front.hints.OrderFacts`).

- A look at the top card: a top card that fits stays on top (it is turned up
  or drawn soon); one that does not goes to the bottom.
- A move in the row: when the front card does not fit and a later card does,
  that card comes to the front (it is planted first); otherwise nothing moves.
- Ordering the cards drawn: they go to the back with those that fit first.
"""

from __future__ import annotations

from typing import Any

from engine.core.observation import Observation
from engine.families.common.front.hints import MoveFacts, PeekFacts
from engine.fronts.bots.strategies.fields import FieldPolicy, Holding


def fits(holding: Holding, card_type: int) -> bool:
    """Whether a planting zone holds this type already, or one is empty."""
    return any(held == card_type or count == 0 for held, count in holding.fields)


class RowPolicy(FieldPolicy):
    """Answers the decisions about a row of cards (see the module docstring)."""

    def choose(self, obs: Observation, legal: Any) -> int:
        rules, parts, holding, outlook = self.read(obs, legal)
        action = self.at_any_time(obs, rules, parts, holding, outlook)
        if action is not None:
            return action
        question = rules.decisions[obs.decision.get("kind")]
        if isinstance(question, PeekFacts):
            card = obs.decision.get("card")
            keep = card is None or fits(holding, rules.index_of[card])
            part = parts.get(question.keep if keep else question.bottom)
        elif isinstance(question, MoveFacts):
            part = self._move(question, holding, parts)
        else:
            part = self._order(obs, question, holding, legal)
        return next(iter(part)) if part is not None else next(iter(legal))

    @staticmethod
    def _move(question: MoveFacts, holding: Holding, parts: dict[str, Any]) -> Any:
        hand = holding.hand or ()
        if not hand or fits(holding, hand[0]):
            return parts.get(question.keep)
        wanted = next((position for position, card_type in enumerate(hand) if fits(holding, card_type)), None)
        if wanted is None:
            return parts.get(question.keep)
        action = question.to_front(wanted)
        return [action] if action in parts.get(question.move, ()) else parts.get(question.keep)

    @staticmethod
    def _order(obs: Observation, question: Any, holding: Holding, legal: Any) -> Any:
        hand = holding.hand or ()
        count = obs.decision.get("cards", 0)
        back = hand[len(hand) - count :]
        order = sorted(range(len(back)), key=lambda position: (not fits(holding, back[position]), position))
        action = question.order(order)
        return [action] if action in legal else None
