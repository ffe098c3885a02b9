"""Walking a ruleset's blocks: every step, however deeply it is nested, and every block of the other categories.

Steps hold steps under a few keys: ``steps`` (a container, a loop), ``cases``
(a switch), ``then`` and ``else`` (an ``if``, an option of ``choose``),
``options`` (a choice's options, each with its ``then``). Steps also live
outside the flow: in ``procedures`` (named steps), in the cards' ``steps``
(what playing a card does) and in ``triggers``. One walk serves the checks,
the bindings and the text layer.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.base.jsontypes import JSON
from engine.language.yaml_loader import json_path_child

# The keys under which a step holds a list of steps.
STEP_LISTS = ("steps", "cases", "then", "else")


def blocks_of(data: Mapping[str, JSON]) -> Iterator[tuple[str, str, Any]]:
    """Every block spec of the ruleset: ``(category, JSON path, spec)``, nested steps included."""
    for key in ("setup", "flow", "finish"):
        for index, block in enumerate(_list(data.get(key))):
            yield from steps_under(f"$.{key}[{index}]", block)
    procedures = data.get("procedures")
    if isinstance(procedures, Mapping):
        for name, procedure in procedures.items():
            if isinstance(procedure, Mapping):
                path = json_path_child("$.procedures", name)
                for index, block in enumerate(_list(procedure.get("steps"))):
                    yield from steps_under(f"{path}.steps[{index}]", block)
    for index, trigger in enumerate(_list(data.get("triggers"))):
        if isinstance(trigger, Mapping):
            for step_index, block in enumerate(_list(trigger.get("steps"))):
                yield from steps_under(f"$.triggers[{index}].steps[{step_index}]", block)
    for index, card in enumerate(_list(data.get("cards"))):
        if not isinstance(card, Mapping):
            continue
        if isinstance(card.get("on-take"), Mapping):
            yield "effect", f"$.cards[{index}].on-take", card["on-take"]
        hooks = card.get("steps")
        if isinstance(hooks, Mapping):
            for hook, steps in hooks.items():
                path = json_path_child(f"$.cards[{index}].steps", hook)
                for step_index, block in enumerate(_list(steps)):
                    yield from steps_under(f"{path}[{step_index}]", block)
    for index, block in enumerate(_list(data.get("end"))):
        if isinstance(block, Mapping):
            yield "end", f"$.end[{index}]", block
    for index, block in enumerate(_list(data.get("anytime"))):
        if isinstance(block, Mapping):
            yield "anytime", f"$.anytime[{index}]", block
    scoring = data.get("scoring") or {}
    if isinstance(scoring, Mapping):
        for index, block in enumerate(_list(scoring.get("steps"))):
            if isinstance(block, Mapping):
                yield "score-step", f"$.scoring.steps[{index}]", block
        if isinstance(scoring.get("elimination"), Mapping):
            yield "elimination", "$.scoring.elimination", scoring["elimination"]
    criteria = data.get("tiebreak-criteria") or {}
    if isinstance(criteria, Mapping):
        for name, block in criteria.items():
            if isinstance(block, Mapping):
                yield "tiebreak", json_path_child("$.tiebreak-criteria", name), block


def steps_under(path: str, block: JSON) -> Iterator[tuple[str, str, Any]]:
    """A step and every step nested in it: ``("step", JSON path, spec)``, depth first."""
    if not isinstance(block, Mapping):
        return
    yield "step", path, block
    for key in STEP_LISTS:
        for index, child in enumerate(_list(block.get(key))):
            yield from steps_under(f"{path}.{key}[{index}]", child)
    for index, option in enumerate(_list(block.get("options"))):
        if isinstance(option, Mapping):
            for step_index, child in enumerate(_list(option.get("then"))):
                yield from steps_under(f"{path}.options[{index}].then[{step_index}]", child)


def all_steps(specs: Any) -> Iterator[Mapping[str, Any]]:
    """Every step spec in a list of steps and under them (for the text layer, which needs no paths)."""
    for index, spec in enumerate(_list(specs)):
        for _category, _path, step in steps_under(f"$[{index}]", spec):
            yield step


def _list(value: JSON) -> list[Any]:
    return value if isinstance(value, list) else list(value) if isinstance(value, tuple) else []


def paths_holding(data: JSON, text: str, path: str = "$") -> Iterator[str]:
    """The JSON paths, in the order they are written, of every string in ``data`` equal to ``text`` (where an
    expression that failed in play is written)."""
    if isinstance(data, str):
        if data == text:
            yield path
    elif isinstance(data, Mapping):
        for key, value in data.items():
            yield from paths_holding(value, text, json_path_child(path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from paths_holding(value, text, json_path_child(path, index))
