"""Step ``move``: cards go from one zone to another: some cards an expression names, or a number of them from a
zone's top."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import DONE, FlowNode
from engine.families.effects.rules.locating import insertion_point, owner_for, slots_of, taken_from
from engine.families.effects.rules.triggers import build_triggers, fire
from engine.language.expression_params import ExpressionParams, expression
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import CARDS, NUMBER, PLAYER, Type
from engine.language.params import NAME_PATTERN, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

WHOLE_OR_EXPRESSION = {"type": "integer", "minimum": 0, "maximum": 100_000}


class MoveStep(ExpressionParams, FlowNode):
    """``move``: cards move to the zone ``to``.

    Which cards: those the expression ``cards`` gives, wherever they are;
    or ``count`` cards (a number or an expression; default all) from the
    zone ``from``, the top of a stack first, the front of a row first.
    Whose zones, for zones of each player: ``from-player`` and
    ``to-player`` (expressions), both by default ``player`` (an expression,
    default the active player), who is also the one told as moving them.
    ``at``: where they go: ``top`` (the default: onto a stack, to the back of
    a row), ``bottom``, or a number of cards to leave above them. ``as``
    binds the cards moved (a list) for later steps. Moving no card is no
    event. Cards entering a zone fire its ``triggers``. Cards taken from a
    stack with a ``refill`` rule are taken one at a time, as ``draw`` takes
    them: when the last is taken the stack counts an exhaustion and is
    refilled, and the move goes on from the new cards.

    ```yaml
    - {kind: move, from: deck, to: hand, count: 1, as: drawn}
    - {kind: move, cards: played, to: discard}
    - {kind: move, cards: "[c for c in box if c.id == 'last-round']", to: deck, at: "15"}
    ```
    """

    kind = "move"
    instant = True
    parameters = {
        "cards": param("Cards", "The cards that move (an expression).", expression(CARDS), option=False),
        "from": param("From", "The zone they come from.", zone(), option=False),
        "from-player": param(
            "From player",
            "Whose zone they come from (an expression; default player).",
            expression(PLAYER),
            option=False,
        ),
        "count": param(
            "Count", "How many move from `from` (default all).", expression(NUMBER, WHOLE_OR_EXPRESSION), option=True
        ),
        "to": param("To", "The zone they go to.", zone(), option=False),
        "to-player": param(
            "To player", "Whose zone they go to (an expression; default player).", expression(PLAYER), option=False
        ),
        "at": param(
            "At",
            "Where they go: top, bottom, or how many cards stay above them.",
            expression(NUMBER, {"anyOf": [{"enum": ["top", "bottom"]}, WHOLE_OR_EXPRESSION]}),
            option=False,
        ),
        "player": param("Player", "Who moves them (an expression; default active).", expression(PLAYER), option=False),
        "as": param(
            "As", "The name the cards moved are bound to.", {"type": "string", "pattern": NAME_PATTERN}, option=False
        ),
    }
    required = ("to",)
    expression_params = {
        "cards": CARDS,
        "from-player": PLAYER,
        "count": NUMBER,
        "to-player": PLAYER,
        "at": NUMBER,
        "player": PLAYER,
    }

    @classmethod
    def expressions(
        cls, spec: Mapping[str, Any]
    ) -> Iterator[tuple[tuple[str | int, ...], str, Type, Mapping[str, Type]]]:
        for keys, text, expected, local in super().expressions(spec):
            if keys == ("at",) and text in ("top", "bottom"):
                continue
            yield keys, text, expected, local

    @classmethod
    def binds(cls, spec: Mapping[str, Any]) -> Iterator[tuple[str, Type]]:
        if isinstance(spec.get("as"), str):
            yield spec["as"], CARDS

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple[Any, ...]]:
        """Where this step moves cards (from anywhere, when an expression names them)."""
        return [(spec.get("from", "*") if "cards" not in spec else "*", spec.get("to"), None, True)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        from engine.base.i18n import _  # noqa: PLC0415  (validate only)

        if ("cards" in spec) == ("from" in spec):
            # TRANSLATORS: error in a ruleset file about a "move" step; keep the keys cards and from.
            context.add(path, _("a move names its cards (cards) or the zone they come from (from), one of the two"))
        elif "cards" in spec and "count" in spec:
            # TRANSLATORS: error in a ruleset file about a "move" step; keep the keys count, from and cards.
            context.add(f"{path}.count", _("count goes with from: the expression in cards says which cards move"))

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        self.source_id = spec.get("from")
        self.target_id = spec["to"]
        self.as_slot = ruleset.scope.bindings[expression_name(spec["as"])].slot if spec.get("as") else None
        self.triggers = build_triggers((self.target_id,), ruleset, build)

    def children(self) -> Sequence[FlowNode]:
        """The steps of the triggers this step fires (compiled with the game like any other)."""
        return tuple(step for trigger in self.triggers for step in trigger.steps)

    def compile(self, game: Game) -> None:
        self.source_index = game.zone_index(self.source_id) if self.source_id else None
        self.target_index = game.zone_index(self.target_id)
        self.active = game.variable("active")
        # A stack's refill is the stack's rule, whichever step empties it (draw, or this).
        self.refill = game.refills.get(self.source_id) if self.source_id else None

    def run(self, state: State) -> int:
        mover = self.player_named(state)
        target_owner = self.value(state, "to-player", default=None)
        target = state.slot(
            self.target_index, owner_for(state, self.target_index, mover if target_owner is None else target_owner)
        )
        at = self.value(state, "at", default=None)
        moved: list[int] = []
        if self.source_index is not None:
            source_owner = self.value(state, "from-player", default=None)
            source = state.slot(
                self.source_index, owner_for(state, self.source_index, mover if source_owner is None else source_owner)
            )
            count = self.value(state, "count", default=None)
            if count is not None:
                count = max(0, int(count))
            if source != target and self.refill is not None:
                signal, moved = self._refilling(state, source, target, count, at, mover)
                if signal != DONE:  # the exhaustion ended play: what moved is still bound, no trigger fires
                    if self.as_slot is not None:
                        state.bound[self.as_slot] = tuple(moved)
                    return signal
            elif source != target:
                cards = taken_from(state, source, count)
                if cards:
                    state.move(cards, source, target, at=insertion_point(state, target, at), player=mover, step=self.id)
                    moved = cards
        else:
            for source, cards in slots_of(state, self.value(state, "cards") or ()).items():
                if source == target:
                    continue
                state.move(cards, source, target, at=insertion_point(state, target, at), player=mover, step=self.id)
                moved.extend(cards)
        if self.as_slot is not None:
            state.bound[self.as_slot] = tuple(moved)
        if moved and self.triggers:
            return fire(state, self.triggers, self.target_id, state.game.zones.slot_owner[target], moved)
        return DONE

    def _refilling(
        self, state: State, source: int, target: int, count: int | None, at: Any, mover: int
    ) -> tuple[int, list[int]]:
        """Take ``count`` cards (all: None) one at a time from a stack with a refill rule: the flow signal (an
        exhaustion may end play) and the cards moved."""
        assert self.refill is not None
        moved: list[int] = []
        # Without a count, the cards the stack holds now: a refill does not make "all" endless.
        wanted = len(taken_from(state, source, None)) if count is None else count
        while len(moved) < wanted:
            cards = taken_from(state, source, 1)
            if not cards:
                break
            state.move(cards, source, target, at=insertion_point(state, target, at), player=mover, step=self.id)
            moved.extend(cards)
            if not state.zones[source]:
                signal = self.refill.exhausted(state)
                if signal != DONE:
                    return signal, moved
                if not state.zones[source]:
                    break
        return DONE, moved
