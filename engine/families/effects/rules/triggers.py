"""Triggers: steps that run when a card enters a zone (a card that, discarded, puts its holder out).

A ruleset lists them under ``triggers``::

    triggers:
      - id: crown-discarded
        enters: discard          # a zone id
        card: card               # the name the card entering is bound to
        owner: holder            # the name its zone's owner is bound to (a player zone)
        when: "card.id == 'crown'"
        steps:
          - {kind: eliminate, player: holder}

Each step that moves cards (``move``, ``swap``) fires the triggers of the
zone the cards enter, once per card, right after the move. Trigger steps
do things at once (they decide nothing), and the moves they make fire no
triggers of their own: a trigger can never set off an endless chain.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.core.flow import DONE, ENDED, FlowNode
from engine.language.expression_params import compile_or_raise, evaluate
from engine.language.expressions.compiler import Expression
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import FLAG

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


@dataclass(frozen=True)
class Trigger:
    """One compiled trigger: the zone it watches, its bindings' slots, its condition and its steps."""

    id: str
    zone: str
    card_slot: int | None
    owner_slot: int | None
    when: Expression | None
    steps: tuple[FlowNode, ...]


def build_triggers(
    zone_ids: Sequence[str], ruleset: Ruleset, build: Callable[[Mapping[str, Any]], FlowNode]
) -> tuple[Trigger, ...]:
    """The triggers watching any of ``zone_ids``, their steps built (none inside a trigger's own steps)."""
    if getattr(build, "in_trigger", False):
        return ()
    found = []
    bindings = ruleset.scope.bindings
    for index, spec in enumerate(ruleset.data.get("triggers") or ()):
        if spec.get("enters") not in zone_ids:
            continue
        trigger_id = str(spec.get("id") or f"trigger-{index}")
        when = spec.get("when")
        compiled = (
            compile_or_raise(compiler_for(ruleset), when, FLAG, {}, ruleset, trigger_id, "when")
            if isinstance(when, str)
            else None
        )
        build.in_trigger = True  # type: ignore[attr-defined]
        try:
            steps = tuple(build(step) for step in spec.get("steps") or ())
        finally:
            build.in_trigger = False  # type: ignore[attr-defined]
        found.append(
            Trigger(
                trigger_id,
                str(spec["enters"]),
                bindings[expression_name(spec["card"])].slot if spec.get("card") else None,
                bindings[expression_name(spec["owner"])].slot if spec.get("owner") else None,
                compiled,
                steps,
            )
        )
    return tuple(found)


def fire(state: State, triggers: Sequence[Trigger], zone_id: str, owner: int, cards: Sequence[int]) -> int:
    """Run the triggers of ``zone_id`` for each card that entered it; the flow signal (ENDED if a step ended the game)."""
    for trigger in triggers:
        if trigger.zone != zone_id:
            continue
        for card in cards:
            if trigger.card_slot is not None:
                state.bound[trigger.card_slot] = card
            if trigger.owner_slot is not None and owner >= 0:
                state.bound[trigger.owner_slot] = owner
            if trigger.when is not None and not evaluate(trigger.when, state, None, trigger.id, "when"):
                continue
            for step in trigger.steps:
                if not step.instant:
                    # TRANSLATORS: error about a ruleset, found while a game is played: a trigger's steps may not ask a
                    # player to decide or repeat (loop).
                    raise state.endless(_("the steps of a trigger must not decide or loop"), step=trigger.id)
                signal = step.run(state)
                if signal == ENDED:
                    return ENDED
    return DONE
