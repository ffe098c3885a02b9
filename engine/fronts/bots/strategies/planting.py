"""The ``planting`` strategy: where each card goes, and whether to plant one more.

It values positions as the field strategy does
(:class:`~engine.fronts.bots.strategies.fields.Outlook`: what the planting zones
may still pay, with the cards that must be planted played out) and reads
nothing but its observation, the legal actions and the planting family's
facts (:class:`~engine.families.common.front.hints.PlantingFacts`: where a
decision plants from, how its actions read):

- planting from a row (the front card of the hand): the zone that leaves the best
  position; a zone of the card's type beats an empty one, since only one zone
  of a type grows. A card no zone takes is made room for by the harvest that
  leaves the best position (or by buying a zone, when that is worth it).
  After the compulsory card it plants the next one too, unless that card
  would rather leave the hand (the position is worth more without it than
  with it planted) and no zone of its type holds it: then it stops, to trade
  the card away.
- planting the cards received (in any order): the card and zone that leave
  the best position, harvesting first when nothing fits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.core.observation import Observation
from engine.fronts.bots.strategies.fields import FieldPolicy, Holding, Outlook

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

# How much more a position must be worth without the next card than with it
# planted for the player to keep it in hand and try to trade it away.
KEEP_TO_TRADE = 0.05


class PlantingPolicy(FieldPolicy):
    """Answers the planting decisions (see the module docstring)."""

    def choose(self, obs: Observation, legal: Any) -> int:
        """Plant, stop planting, or make room."""
        rules, parts, holding, outlook = self.read(obs, legal)
        action = self.at_any_time(obs, rules, parts, holding, outlook)
        if action is not None:
            return action
        planting = rules.decisions[obs.decision.get("kind")]
        plants = parts.get(planting.word)
        done = parts.get(planting.stop)
        if plants is None:
            # Even an optional card with nowhere to go gets room: it would block the next turn's planting anyway,
            # and harvesting now, the field of its choice, beat stopping by 0.6 points a game in self-play.
            return self.make_room(obs, rules, parts, holding, outlook, legal)
        from_hand = planting.from_hand
        best, best_value, best_matches = None, None, False
        for action in plants:
            card_type, zone_index = planting.parts(action)
            if zone_index not in holding.zones:
                continue
            at = holding.zones.index(zone_index)
            value = self._after_planting(outlook, holding, at, card_type, from_hand)
            if best_value is None or value > best_value:
                best, best_value = action, value
                best_matches = holding.fields[at][0] == card_type
        if best is None:
            return next(iter(plants))
        if from_hand and done is not None and not best_matches and holding.hand:
            # An optional card that would start a zone: keep it to trade away if the hand is better off without it.
            without = outlook.value(holding.fields, holding.incoming, holding.hand[1:])
            if without > best_value + KEEP_TO_TRADE:
                return next(iter(done))
        return best

    @staticmethod
    def _after_planting(outlook: Outlook, holding: Holding, at: int, card_type: int, from_hand: bool) -> float:
        fields = list(holding.fields)
        held, amount = fields[at]
        fields[at] = (card_type, amount + 1 if held == card_type else 1)
        if from_hand:
            return outlook.value(fields, holding.incoming, holding.hand[1:] if holding.hand else holding.hand)
        incoming = list(holding.incoming)
        incoming[card_type] -= 1
        return outlook.value(fields, incoming, holding.hand)

    def make_room(
        self, obs: Observation, rules: Ruleset, parts: dict[str, Any], holding: Holding, outlook: Outlook, legal: Any
    ) -> int:
        """Nothing can be planted: harvest where it costs least, else buy a zone."""
        harvest = parts.get(rules.harvest_word)
        if harvest is not None:
            action = self.best_harvest(obs, outlook, holding, harvest)
            if action is not None:
                return action
        buy = parts.get(rules.buy_word)
        if buy is not None:
            return self.cheapest_payment(obs, rules, buy)
        return next(iter(legal))
