"""Taking the lot: a card effect waiting on the taker may catch it; otherwise it is theirs and its own effect runs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.families.auction.rules.events import Take

if TYPE_CHECKING:
    from engine.core.state import State


def award_lot(state: State, taker: int, lot_slot: int, won_slot: int, *, free: bool) -> None:
    """Move the card on top of ``lot_slot`` to the taker's zone at ``won_slot`` (or let a pending effect catch it).

    A pending effect (``discard-tagged`` with none to discard) catches the
    first card it is waiting for; otherwise the card's own ``on-take`` effect
    runs, and may schedule a decision (the taker chooses a card to discard).
    """
    game = state.game
    zones = state.zones
    content = zones[lot_slot]
    instance = (content.bit_length() - 1) if type(content) is int else content[-1]
    card_type = game.cards.type_of[instance]
    if state.recording:
        state.events.append(Take(taker, game.cards.ids[card_type], free))
    waiting = state.pending[taker]
    if waiting:
        for position, (effect, source) in enumerate(waiting):
            if effect.intercepts(card_type):
                del waiting[position]
                effect.on_intercept(state, taker, instance, lot_slot, source)
                return
    if state.recording:
        state.move((instance,), lot_slot, won_slot, player=taker)
    else:
        # The hot path of simulations: the same move as State.move, with no event to build.
        zones[lot_slot] = content & ~(1 << instance) if type(content) is int else content[:-1]
        target = zones[won_slot]
        zones[won_slot] = target | 1 << instance if type(target) is int else target + (instance,)
    effect = game.effect_for_type[card_type]
    if effect is not None:
        effect.on_take(state, taker, instance, won_slot)
