"""The expressions a ruleset writes outside its blocks: scoring, results, triggers, functions, conditions.

Listed here once, for ``validate`` (each checked with the type its place
needs) and for the game (each compiled once).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.language.expressions.names import expression_name, type_named
from engine.language.expressions.types import FLAG, NUMBER, PLAYER, PLAYERS, Type
from engine.language.yaml_loader import json_path_child

# The name of the player whom a score, a tiebreak or a result field is about.
ME = {"me": PLAYER}


def top_level_expressions(data: Mapping[str, Any]) -> Iterator[tuple[str, str, Type | None, Mapping[str, Type]]]:
    """``(JSON path, text, type, local names)`` of each expression written outside a block."""
    scoring = data.get("scoring")
    if isinstance(scoring, Mapping):
        if isinstance(scoring.get("score"), str):
            yield "$.scoring.score", scoring["score"], NUMBER, ME
        parts = scoring.get("parts")
        if isinstance(parts, list):
            for index, part in enumerate(parts):
                if isinstance(part, Mapping) and isinstance(part.get("value"), str):
                    yield f"$.scoring.parts[{index}].value", part["value"], NUMBER, ME
        if isinstance(scoring.get("eliminated"), str):
            yield "$.scoring.eliminated", scoring["eliminated"], FLAG, ME
        if isinstance(scoring.get("winners"), str):
            yield "$.scoring.winners", scoring["winners"], PLAYERS, {}
        by = scoring.get("tiebreak-by")
        if isinstance(by, list):
            for index, text in enumerate(by):
                if isinstance(text, str):
                    yield f"$.scoring.tiebreak-by[{index}]", text, NUMBER, ME
    presentation = data.get("presentation")
    search = presentation.get("search") if isinstance(presentation, Mapping) else None
    if isinstance(search, Mapping) and isinstance(search.get("evaluate"), str):
        yield "$.presentation.search.evaluate", search["evaluate"], NUMBER, ME
    for index, field in enumerate(data.get("result") or ()):
        if isinstance(field, Mapping) and isinstance(field.get("value"), str):
            yield f"$.result[{index}].value", field["value"], None, ME
    for index, trigger in enumerate(data.get("triggers") or ()):
        if isinstance(trigger, Mapping) and isinstance(trigger.get("when"), str):
            yield f"$.triggers[{index}].when", trigger["when"], FLAG, {}
    functions = data.get("functions")
    if isinstance(functions, Mapping):
        for name, spec in functions.items():
            if isinstance(spec, Mapping) and isinstance(spec.get("value"), str):
                given = spec.get("parameters")
                parameters: Mapping[str, Any] = given if isinstance(given, Mapping) else {}
                local = {
                    expression_name(parameter): found
                    for parameter, type_name in parameters.items()
                    if (found := type_named(str(type_name))) is not None
                }
                yield json_path_child(json_path_child("$.functions", name), "value"), spec["value"], None, local
