"""Step ``switch``: run the first case whose ``when`` matches the card in a zone."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, PUSHED, FlowNode
from engine.core.selectors import card_selector
from engine.language.params import param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class SwitchStep(FlowNode):
    """``switch``: look at the card on top of the shared zone ``zone`` and run the first of ``cases`` whose ``when`` matches it.

    Each case is a step with an optional ``when`` card selector; a case
    without ``when`` matches every card, so the last case is usually the
    default. Every card the zone can hold must have a case (checked).

    Parameters: ``zone`` (a shared zone); ``cases`` (steps, each with ``when``).

    ```yaml
    - id: auction
      kind: switch
      zone: revealed
      cases:
        - {id: misfortune, when: {tag: misfortune}, kind: first-pass-takes}
        - {id: default, kind: ascending}
    ```
    """

    kind = "switch"
    parameters = {
        "zone": param("Zone", "The zone whose top card chooses the case.", zone("shared"), option=False),
        "cases": param(
            "Cases",
            "Steps with a `when` card selector; the first that matches runs.",
            {"type": "array", "items": {"$ref": "#/$defs/step"}, "minItems": 1, "maxItems": 200},
            option=False,
        ),
    }
    required = ("zone", "cases")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.cases = tuple(build(case) for case in spec.get("cases") or ())
        self.matchers = tuple(card_selector(case.get("when")) for case in spec.get("cases") or ())
        self.zone_id = spec["zone"]

    def children(self) -> Sequence[FlowNode]:
        return self.cases

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """A case after one without ``when`` is never chosen; every card that can be in ``zone`` has a case."""

        cases = [case for case in spec.get("cases") or [] if isinstance(case, dict)]
        for index, case in enumerate(cases[:-1]):
            if not case.get("when"):
                context.add(
                    f"{path}.cases[{index + 1}]",
                    # TRANSLATORS: error in a ruleset file about the cases of a "switch" step; keep `when` (a key of the
                    # ruleset).
                    _("this case is never chosen: the case before it has no `when` and takes every card"),
                )
                return
        reaching = context.types_reaching(spec.get("zone"))
        matched = set()
        for case in cases:
            matched |= {card["id"] for card in context.matching(case.get("when"))}
        without = [card for card in context.card_ids if card in reaching and card not in matched]
        if without and cases:
            shown = ", ".join(without[:5]) + (", …" if len(without) > 5 else "")
            last = len(cases) - 1
            where = f"{path}.cases[{last}].when" if cases[last].get("when") else f"{path}.cases[{last}]"
            # TRANSLATORS: error in a ruleset file about a "switch" step; {cards} lists card ids, e.g. "red, blue";
            # keep `when` (a key of the ruleset).
            context.add(where, _("no case is chosen for {cards}: give the last case no `when`", cards=shown))

    def compile(self, game: Game) -> None:
        # The case for every card type, decided once.
        self.slot = game.zones.slot_of(self.zone_id)
        self.case_of_type = tuple(
            next((case for case, matches in zip(self.cases, self.matchers) if matches(card)), None)
            for card in game.cards.types
        )
        self.type_of = game.cards.type_of
        for case in self.cases:
            case.aliases = (*case.aliases, self.id, *self.aliases)

    def start(self, state: State, frame: list) -> int:
        content = state.zones[self.slot]
        if type(content) is int:
            instance = content.bit_length() - 1 if content else -1
        else:
            instance = content[-1] if content else -1
        if instance < 0:
            return DONE
        case = self.case_of_type[self.type_of[instance]]
        if case is None:
            return DONE
        if case.instant:
            signal = case.run(state)
            if state.scheduled:
                state.push_scheduled()
                return PUSHED
            return signal
        # The chosen case takes this step's place on the stack (it answers to the switch's id too,
        # so an end condition's `after` may name the switch), and starts at once.
        new = case.new_frame()
        state.stack[-1] = new
        return case.start(state, new)
