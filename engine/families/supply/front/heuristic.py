"""What the heuristic bot does with a supply it may build from, and with cards it may put away for good.

A built card is worth its price in points, so building costs nothing in the
score and brings the card's effect and any bonus for the number built: the
bot builds, but only the dearest card of a group still in the supply (one
per group is all a player may hold), unless the game is nearly over. Cards
that can no longer pay for anything the bot may still build are deposited,
where they keep counting and may earn more.
"""

from __future__ import annotations

from typing import Any

# With this few turns left, whatever can be built is built.
LATE_TURNS = 3


def _item(obs: Any, kind: str) -> Any:
    return next((item for item in obs.game.anytime if item.kind == kind), None)


def best_build(obs: Any, legal: Any, turns_left: float) -> int | None:
    """The build worth making now (the dearest of its group still for sale), or None to wait."""
    item = _item(obs, "build")
    if item is None:
        return None
    space = obs.game.space("build")
    index_of = obs.game.cards.index_of_id
    dearest: dict[int, int] = {}
    for card in obs.cards(item.spec["from"]) or ():
        card_type = index_of[card]
        group = item.group_of[card_type]
        if group is not None:
            dearest[group] = max(dearest.get(group, 0), item.prices[card_type])
    best, best_price = None, -1
    for action in legal:
        card_type, _counts = space.parts(action)
        price = item.prices[card_type]
        if price < dearest.get(item.group_of[card_type], 0) and turns_left > LATE_TURNS:
            continue  # a dearer card of this group is still for sale: save for it
        if price > best_price:
            best, best_price = action, price
    return best


def best_deposit(obs: Any, legal: Any) -> int | None:
    """A deposit of every card of a type that pays for nothing the player may still build, if any."""
    deposit, build = _item(obs, "deposit"), _item(obs, "build")
    if deposit is None:
        return None
    needed: set[int] = set()
    if build is not None:
        index_of = obs.game.cards.index_of_id
        held_groups = {build.group_of[index_of[card]] for card in obs.cards(build.spec["to"], obs.player) or ()}
        for card in obs.cards(build.spec["from"]) or ():
            group = build.group_of[index_of[card]]
            if group is not None and group not in held_groups:
                payer = build.payer_of_group[group]
                if payer is None:
                    return None  # any card pays for something still to build: keep them all
                needed.add(payer)
    space = obs.game.space("deposit")
    best, most = None, 0
    for action in legal:
        card_type, count = space.parts(action)
        if card_type not in needed and count > most:
            best, most = action, count
    return best
