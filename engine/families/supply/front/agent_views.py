"""What learning libraries need of the supply family: a bounded view of building.

The ``build`` space numbers every card type times every count of every card
type paid. Its view lists, for each card type a ``build`` action sells (in
card-list order), its payments: the one payment of its price in the card
type its group is paid in, or, for a group paid in any cards, every payment
of exactly its price in cards of the types that can ever lie in the zone
paid from (multisets, as the zones family's buy view lists them, with the
same bounds).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.families.common.front.agent_views import MOST_PAYMENTS, ListedView, payment_counts, types_reaching

if TYPE_CHECKING:
    from engine.core.game import Game


def build_view(space: Any, game: Game) -> ListedView | None:
    """Every card for sale with every way to pay its price (see the module docstring)."""
    items = [item for item in game.anytime if getattr(item, "space", None) is space]
    copies = [len(instances) for instances in game.cards.instances_of]
    return ListedView(space, game, _payments(game, space, items, copies), MOST_PAYMENTS)


def _payments(game: Game, space: Any, items: list, copies: list[int]) -> Iterator[int]:
    """Each card for sale with each way to pay its price, in a fixed order."""
    for item in items:
        payable = types_reaching(game, [game.zones.specs[item.pay_from].id])
        for card_type, group in enumerate(item.group_of):
            if group is None or not copies[card_type]:
                continue
            price, payer = item.prices[card_type], item.payer_of_group[group]
            if payer is not None:
                counts = [0] * len(copies)
                counts[payer] = price
                found = [tuple(counts)] if price <= copies[payer] else []
            else:
                found = payment_counts(game, payable, price)
            for counts in found:
                yield space.action(card_type, counts)


AGENT_VIEWS = {"build": build_view}
