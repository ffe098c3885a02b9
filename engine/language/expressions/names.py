"""What the names in a ruleset's expressions stand for: its zones, counters, statuses, constants, functions,
the player variables and the names its steps bind.

Ids with hyphens are written with underscores in expressions (``row-taken`` is
``row_taken``): a hyphen would be a minus. :class:`Scope` is made once per
ruleset, from its resolved data and the bindings its blocks declare (a block
class's ``binds(spec)``: ``as:`` names, loop variables, a choice's option,
a named step's parameters), each bound name given a slot of the state.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.base.i18n import _
from engine.base.jsontypes import JSON, Spec
from engine.language.expressions.types import BY_NAME, Type

# Names every expression may use besides the ruleset's (``players``, ``active``...): see BUILT_IN_NAMES in
# the compiler. Player variables every flow has:
BUILT_IN_VARIABLES = ("active", "start")


def expression_name(identifier: str) -> str:
    """How an id of the ruleset is written in an expression (``row-taken`` -> ``row_taken``)."""
    return identifier.replace("-", "_")


@dataclass(frozen=True)
class Binding:
    """A name a step binds: its slot in the state, its type, and where it was first bound (a JSON path)."""

    slot: int
    type: Type
    path: str


@dataclass(frozen=True)
class Scope:
    """The names of one ruleset, by how an expression writes them (plain dicts: a ruleset travels to worker
    processes by pickle, with its scope)."""

    shared_zones: Mapping[str, int] = field(default_factory=dict)
    player_zones: Mapping[str, int] = field(default_factory=dict)
    shared_counters: Mapping[str, int] = field(default_factory=dict)
    player_counters: Mapping[str, int] = field(default_factory=dict)
    statuses: Mapping[str, int] = field(default_factory=dict)
    attributes: frozenset[str] = frozenset()
    card_ids: tuple[str, ...] = ()
    tags: frozenset[str] = frozenset()
    variables: frozenset[str] = frozenset(BUILT_IN_VARIABLES)
    bindings: Mapping[str, Binding] = field(default_factory=dict)
    constants: Mapping[str, JSON] = field(default_factory=dict)
    functions: Mapping[str, Spec] = field(default_factory=dict)
    options: Mapping[str, JSON] = field(default_factory=dict)
    # Whether the ruleset scores with an expression (``p.score`` reads it).
    scored: bool = False

    @classmethod
    def of(
        cls,
        data: Mapping[str, JSON],
        bindings: Iterable[tuple[str, str, Type]] = (),
        variables: Iterable[str] = (),
        options: Mapping[str, JSON] | None = None,
    ) -> tuple[Scope, list[tuple[str, str]]]:
        """The scope of a ruleset's resolved ``data``, with the ``bindings`` its blocks declare
        (``(json path, name, type)``) and the player ``variables`` they set; and the problems found
        (``(json path, message)``: a name bound with two types)."""
        problems: list[tuple[str, str]] = []
        zones = data.get("zones") or {}
        shared_zones: dict[str, int] = {}
        player_zones: dict[str, int] = {}
        for index, (zone_id, spec) in enumerate(zones.items()):
            owner = spec.get("owner", "shared") if isinstance(spec, Mapping) else "shared"
            (player_zones if owner == "player" else shared_zones)[expression_name(zone_id)] = index
        if "box" not in zones:
            shared_zones.setdefault("box", len(zones))
        shared_counters: dict[str, int] = {}
        player_counters: dict[str, int] = {}
        for index, (counter_id, spec) in enumerate((data.get("counters") or {}).items()):
            owner = spec.get("owner", "shared") if isinstance(spec, Mapping) else "shared"
            (player_counters if owner == "player" else shared_counters)[expression_name(counter_id)] = index
        statuses = {expression_name(name): index for index, name in enumerate(data.get("statuses") or {})}
        attributes: set[str] = set()
        card_ids: list[str] = []
        tags: set[str] = set(data.get("tags") or {})
        for card in data.get("cards") or ():
            if not isinstance(card, Mapping):
                continue
            attributes.update(expression_name(name) for name in card.get("attributes") or {})
            if card.get("value") is not None or card.get("values"):
                attributes.add(expression_name(str(card.get("attribute", "value")) if card.get("values") else "value"))
            tags.update(card.get("tags") or ())
            if card.get("values"):
                card_ids.extend(f"{card.get('id')}-{value}" for value in card["values"])
            elif card.get("id") is not None:
                card_ids.append(str(card["id"]))
        bound: dict[str, Binding] = {}
        for path, name, value_type in bindings:
            known = bound.get(name)
            if known is None:
                bound[name] = Binding(len(bound), value_type, path)
            elif known.type != value_type:
                problems.append(
                    (
                        path,
                        # TRANSLATORS: an error in a ruleset: a name given two types; {type} and {other} are types,
                        # e.g. "card"; {place} is a JSON path in the ruleset, e.g. $.actions[2].as (keep it).
                        _(
                            "'{name}' is bound to a {type} here and to a {other} at {place}: a name has one type",
                            name=name,
                            type=value_type.shown(),
                            other=known.type.shown(),
                            place=known.path,
                        ),
                    )
                )
        scoring = data.get("scoring") or {}
        return (
            cls(
                shared_zones=shared_zones,
                player_zones=player_zones,
                shared_counters=shared_counters,
                player_counters=player_counters,
                statuses=statuses,
                attributes=frozenset(attributes),
                card_ids=tuple(card_ids),
                tags=frozenset(tags),
                variables=frozenset((*BUILT_IN_VARIABLES, *variables)),
                bindings=bound,
                constants={
                    expression_name(name): _plain(value) for name, value in (data.get("constants") or {}).items()
                },
                functions={expression_name(name): _plain(spec) for name, spec in (data.get("functions") or {}).items()},
                options={
                    expression_name(name): _plain(value)
                    for name, value in (options or data.get("options") or {}).items()
                },
                scored=isinstance(scoring, Mapping) and scoring.get("score") is not None,
            ),
            problems,
        )


def _plain(value: object) -> Any:
    """``value`` with read-only mappings made plain dicts and tuples lists (a scope is pickled)."""
    if isinstance(value, Mapping):
        return {key: _plain(child) for key, child in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(child) for child in value]
    return value


def type_named(name: str) -> Type | None:
    """The type a ruleset names (``cards``, ``player``...), or None."""
    return BY_NAME.get(name)
