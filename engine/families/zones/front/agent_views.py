"""What learning libraries need of the zones family: a bounded view of buying a zone.

The ``buy`` space numbers every zone times every count of every card type
paid (``zones × Π(copies + 1)`` ints). Its view lists, for each zone a
``buy-zone`` action sells, every payment of exactly the price in cards of
the types that can ever lie in the zone paid from (a multiset, in the order
of :func:`itertools.combinations_with_replacement` over those types), for
every price the rules allow: the ``cost``, what ``set-limit`` modifiers set
it to, and what ``raise-limit`` modifiers may add. Prices above
:data:`MOST_CARDS` cards are left out, and a view stops at
:data:`MOST_PAYMENTS` entries (no shipped game comes near either).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from engine.families.common.front.agent_views import MOST_PAYMENTS, ListedView, payment_counts, types_reaching

if TYPE_CHECKING:
    from engine.core.game import Game


def possible_limits(game: Game, limit_name: str | None, base: int) -> list[int]:
    """Every value a limit may take: its base, what ``set-limit`` modifiers set, within ``raise-limit``s' reach."""
    if limit_name is None:
        return [base]
    values = {base}
    raises = []
    for modifier in game.modifiers.by_kind.get("set-limit", ()):
        if modifier.params.get("limit") == limit_name:
            values.add(int(modifier.params["to"]))
    for modifier in game.modifiers.by_kind.get("raise-limit", ()):
        if modifier.params.get("limit") == limit_name:
            raises.append(int(modifier.params["by"]))
    if not raises:
        return sorted(values)
    low = min(values) + sum(by for by in raises if by < 0)
    high = max(values) + sum(by for by in raises if by > 0)
    return list(range(max(0, low), high + 1))


def buy_view(space: Any, game: Game) -> ListedView | None:
    """Every zone for sale with every payment of a price it may have (see the module docstring)."""
    items = [item for item in game.anytime if getattr(item, "space", None) is space]
    return ListedView(space, game, _payments(game, space, items), MOST_PAYMENTS)


def _payments(game: Game, space: Any, items: list) -> Iterator[int]:
    """Each zone for sale with each payment of each price it may have, in a fixed order."""
    for item in items:
        if item.base_cost is None:
            continue
        payable = types_reaching(game, [game.zones.specs[item.pay_from].id])
        prices = possible_limits(game, item.limit_name, item.base_cost)
        for zone_index in item.zones:
            for price in prices:
                for counts in payment_counts(game, payable, price):
                    yield space.action(zone_index, counts)


AGENT_VIEWS = {"buy": buy_view}
