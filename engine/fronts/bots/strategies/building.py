"""What the heuristic bot does with a supply it may build from, and with cards it may put away for good.

A built card is worth its price in points, so building costs nothing in the
score and brings the card's effect and any bonus for the number built: the
bot builds, but only the dearest card of a group still in the supply (one
per group is all a player may hold), unless the game is nearly over. Cards
that can no longer pay for anything the bot may still build are deposited,
where they keep counting and may earn more.

The supply's family tells what the supply is
(:class:`~engine.families.common.front.hints.BuildingFacts`: its zone, the
prices and groups, which card pays for a group), the deposit's how a deposit
reads (:class:`~engine.families.common.front.hints.DepositFacts`); the field
strategy (:mod:`engine.fronts.bots.strategies.fields`) asks these at any
decision where building or depositing is open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.families.common.front.hints import BuildingFacts, DepositFacts

if TYPE_CHECKING:
    from engine.core.observation import Observation

# With this few turns left, whatever can be built is built.
LATE_TURNS = 3


def best_build(obs: Observation, building: BuildingFacts | None, legal: Any, turns_left: float) -> int | None:
    """The build worth making now (the dearest of its group still for sale), or None to wait."""
    if building is None:
        return None
    index_of = obs.game.cards.index_of_id
    group_of, prices = building.group_of, building.prices
    dearest: dict[int, int] = {}
    for card in obs.cards(building.supply) or ():
        card_type = index_of[card]
        group = group_of[card_type]
        if group is not None:
            dearest[group] = max(dearest.get(group, 0), prices[card_type])
    best, best_price = None, -1
    for action in legal:
        card_type, _counts = building.parts(action)
        price = prices[card_type]
        if price < dearest.get(group_of[card_type], 0) and turns_left > LATE_TURNS:
            continue  # a dearer card of this group is still for sale: save for it
        if price > best_price:
            best, best_price = action, price
    return best


def best_deposit(
    obs: Observation, depositing: DepositFacts | None, building: BuildingFacts | None, legal: Any
) -> int | None:
    """A deposit of every card of a type that pays for nothing the player may still build, if any."""
    if depositing is None:
        return None
    needed: set[int] = set()
    if building is not None:
        index_of = obs.game.cards.index_of_id
        group_of = building.group_of
        held_groups = {group_of[index_of[card]] for card in obs.cards(building.built, obs.player) or ()}
        for card in obs.cards(building.supply) or ():
            group = group_of[index_of[card]]
            if group is not None and group not in held_groups:
                payer = building.payer_of_group[group]
                if payer is None:
                    return None  # any card pays for something still to build: keep them all
                needed.add(payer)
    best, most = None, 0
    for action in legal:
        card_type, count = depositing.parts(action)
        if card_type not in needed and count > most:
            best, most = action, count
    return best
