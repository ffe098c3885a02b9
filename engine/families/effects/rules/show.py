"""Step ``show``: cards are shown to one player (a hand looked at), or to everyone, where they lie."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.families.effects.rules.events import CardsShown
from engine.families.effects.rules.locating import slots_of
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.types import CARDS, PLAYER
from engine.language.params import param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ShowStep(ExpressionParams, FlowNode):
    """``show``: the cards ``cards`` (an expression) are shown to the player ``to`` (an expression), or to everyone
    with ``to-all: true``; they stay where they are.

    The player shown a card knows it from then on (their observation holds
    it, and a searching bot pins it), until it moves. Nobody else learns which
    cards they were: the narration tells the others only that cards were
    shown. ``player``: who shows them (told; default the active player).

    ```yaml
    - {kind: show, cards: target.hand, to: active}          # a card that looks at a hand
    - {kind: show, cards: active.hand, to-all: true}
    ```
    """

    kind = "show"
    instant = True
    # It makes cards known to players who cannot see them (the observation tensor encodes known cards).
    shows_cards = True
    parameters = {
        "cards": param("Cards", "The cards shown (an expression).", expression(CARDS), option=False),
        "to": param("To", "The player who sees them (an expression).", expression(PLAYER), option=False),
        "to-all": param("To all", "Everyone sees them.", {"type": "boolean"}, option=False),
        "player": param("Player", "Who shows them (an expression; default active).", expression(PLAYER), option=False),
    }
    required = ("cards",)
    expression_params = {"cards": CARDS, "to": PLAYER, "player": PLAYER}

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        from engine.base.i18n import _  # noqa: PLC0415  (validate only)

        if ("to" in spec) == bool(spec.get("to-all")):
            # TRANSLATORS: error in a ruleset file about a "show" step; keep "to" and "to-all: true" (keys and a value
            # of the ruleset).
            context.add(path, _("a show names who sees the cards: to (a player) or to-all: true"))

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        self.to_all = bool(spec.get("to-all"))

    def compile(self, game: Game) -> None:
        self.active = game.variable("active")

    def run(self, state: State) -> int:
        cards = [card for card in self.value(state, "cards") or () if card >= 0]
        if not cards:
            return DONE
        shower = self.player_named(state)
        viewers = range(state.player_count) if self.to_all else (self.value(state, "to"),)
        for viewer in viewers:
            state.show_to(cards, viewer)
        if state.recording:
            layout = state.game.zones
            for slot, held in slots_of(state, cards).items():
                state.events.append(
                    CardsShown(
                        state.game.cards.ids_of(held),
                        layout.specs[layout.slot_zone[slot]].id,
                        layout.slot_owner[slot],
                        -1 if self.to_all else viewers[0],
                        shower,
                        self.id,
                    )
                )
        return DONE
