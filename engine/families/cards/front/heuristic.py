"""The heuristic bot's answers to the card decisions a building may grant: look at the top card, move a hand card, order the cards drawn.

Each asks one question of the player's planting zones, as the planting
policy reads them (:func:`~engine.families.harvest.front.heuristic.read_holding`):
does a card fit, that is, does a zone hold its type already, or is one
empty? A card that fits is wanted soon; one that does not is better later.

- ``peek-top``: a top card that fits stays on top (it is turned up or drawn
  soon); one that does not goes to the bottom.
- ``move-in-row``: when the front card does not fit and a later card does,
  that card comes to the front (it is planted first); otherwise nothing moves.
- ``order-back``: the cards just drawn go to the back with those that fit
  first.
"""

from __future__ import annotations

from typing import Any

from engine.core.observation import Observation
from engine.families.harvest.front.heuristic import FieldPolicy, Holding


def fits(holding: Holding, card_type: int) -> bool:
    """Whether a planting zone holds this type already, or one is empty."""
    return any(held == card_type or count == 0 for held, count in holding.fields)


class RowPolicy(FieldPolicy):
    """Answers ``peek-top``, ``move-in-row`` and ``order-back`` (see the module docstring)."""

    def choose(self, obs: Observation, legal: Any) -> int:
        rules, parts, holding, outlook = self.read(obs, legal)
        action = self.at_any_time(obs, rules, parts, holding, outlook)
        if action is not None:
            return action
        kind = obs.decision.get("kind")
        if kind == "peek-top":
            card = obs.decision.get("card")
            keep = card is None or fits(holding, rules.index_of[card])
            part = parts.get("done" if keep else "bottom")
        elif kind == "move-in-row":
            part = self._move(obs, holding, parts)
        else:
            part = self._order(obs, holding, legal)
        return next(iter(part)) if part is not None else next(iter(legal))

    @staticmethod
    def _move(obs: Observation, holding: Holding, parts: dict[str, Any]) -> Any:
        hand = holding.hand or ()
        if not hand or fits(holding, hand[0]):
            return parts.get("done")
        wanted = next((position for position, card_type in enumerate(hand) if fits(holding, card_type)), None)
        if wanted is None:
            return parts.get("done")
        action = obs.game.space("move-in-row").action(wanted, 0)
        return [action] if action in parts.get("move", ()) else parts.get("done")

    @staticmethod
    def _order(obs: Observation, holding: Holding, legal: Any) -> Any:
        hand = holding.hand or ()
        count = obs.decision.get("cards", 0)
        back = hand[len(hand) - count :]
        order = sorted(range(len(back)), key=lambda position: (not fits(holding, back[position]), position))
        action = obs.game.space("order").action(order)
        return [action] if action in legal else None
