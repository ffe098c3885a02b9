"""A stack's refill rule: when its last card is drawn, count an exhaustion and reshuffle another zone into it.

Declared on the zone, so every step that takes its cards (``draw``) follows
it::

    zones:
      draw-pile:
        owner: shared
        kind: stack
        visibility: count
        refill: {from: discard, counter: exhaustions}

The moment the last card is taken, ``counter`` goes up by one; the end
conditions watching that counter (``counter-reaches``) are asked at once (the
third exhaustion ends the game); if the game goes on, the cards of ``from``
are shuffled into the stack (a chance outcome, recorded in the log) and
drawing goes on. An empty ``from`` leaves the stack empty; with
``empty-source: final`` it ends the game as the last exhaustion would (the end
conditions watching the counter decide when).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.base.jsontypes import Spec
from engine.core.flow import DONE
from engine.core.zones import instances_in

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import CounterEndBlock
    from engine.core.state import State


class Refill:
    """The refill rule of one stack, compiled for a game."""

    def __init__(self, stack_id: str, spec: Spec, game: Game) -> None:
        self.stack_id = stack_id
        self.stack = game.zones.slot_of(stack_id)
        self.source_id = spec.get("from")
        self.source = game.zones.slot_of(self.source_id) if self.source_id else None
        self.counter = game.counter_index[spec["counter"]] if spec.get("counter") else None
        self.empty_is_final = spec.get("empty-source") == "final"

    def exhausted(self, state: State) -> int:
        """The stack has just run out: count it, let end conditions speak, reshuffle; the flow signal."""
        watching: tuple[CounterEndBlock, ...] = ()
        if self.counter is not None:
            state.add_to_counter(self.counter, -1, 1)
            watching = tuple(end for end in state.game.counter_ends if end.counter == self.counter)
            for end in watching:
                if end.on_counter(state, self.counter):
                    return end.trigger(state, None)
        if self.source is not None and state.zones[self.source]:
            content = state.zones[self.source]
            state.shuffle_into(list(instances_in(content)), self.source, self.stack, self.stack_id)
        elif self.empty_is_final:
            # Nothing to reshuffle: this exhaustion counts as the last one, and ends play as the last one
            # would (when an end condition watches the counter), else at once.
            if watching:
                return watching[0].trigger(state, None)
            return state.end_game(self.stack_id)
        return DONE
