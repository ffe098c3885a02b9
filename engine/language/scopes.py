"""A ruleset's expression scope: its names, and the names its blocks bind, each with its type and slot.

Blocks declare what they bind with a class method ``binds(spec)`` that
yields ``(name, type)``: a choice's option (``as: target``), a loop's
variable, a compare's outcome. Named steps (``procedures``) bind their
parameters, triggers the card and the owner they name. A name keeps one type
wherever it is bound; a second type is a problem ``validate`` reports.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.base.jsontypes import JSON
from engine.language.block_walk import blocks_of
from engine.language.catalog import BlockCatalog
from engine.language.expressions.names import Scope, expression_name, type_named
from engine.language.expressions.types import CARD, PLAYER, Type
from engine.language.yaml_loader import json_path_child


def scope_of(
    data: Mapping[str, JSON], catalog: BlockCatalog, options: Mapping[str, JSON] | None = None
) -> tuple[Scope, list[tuple[str, str]]]:
    """The scope of a ruleset's ``data``; and the problems found, as ``(json path, message)``."""
    bindings: list[tuple[str, str, Type]] = []
    variables: list[str] = []
    for category, path, spec in blocks_of(data):
        kind = spec.get("kind")
        block = catalog.block(category, kind) if isinstance(kind, str) else None
        if block is None:
            continue
        binds = getattr(block, "binds", None)
        if binds is not None:
            bindings.extend((path, expression_name(name), value_type) for name, value_type in binds(spec))
        sets = getattr(block, "sets_variables", None)
        if sets is not None:
            variables.extend(str(name) for name in sets(spec) if isinstance(name, str))
    procedures = data.get("procedures")
    if isinstance(procedures, Mapping):
        for name, procedure in procedures.items():
            parameters = procedure.get("parameters") if isinstance(procedure, Mapping) else None
            if isinstance(parameters, Mapping):
                path = json_path_child(json_path_child("$.procedures", name), "parameters")
                for parameter, type_name in parameters.items():
                    value_type = type_named(str(type_name))
                    if value_type is not None:
                        bindings.append((json_path_child(path, parameter), expression_name(parameter), value_type))
    for index, trigger in enumerate(data.get("triggers") or ()):
        if isinstance(trigger, Mapping):
            for key, value_type in (("card", CARD), ("owner", PLAYER)):
                if isinstance(trigger.get(key), str):
                    bindings.append((f"$.triggers[{index}].{key}", expression_name(trigger[key]), value_type))
    return Scope.of(data, bindings, variables, options)
