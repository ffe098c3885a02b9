"""The ruleset model and registry: ``load_ruleset``, ``list_rulesets``, ``find_ruleset_path``.

A ruleset is named ``GAME/EDITION`` (``<root>/rulesets/GAME/EDITION.yaml``,
house rules such as ``GAME/house/NAME``) for every root of
:func:`engine.base.resources.subdirs` (the first root that has it wins), or given as
a path to a YAML file. Loading runs the whole pipeline: YAML with positions,
``extends`` merged, the JSON Schema on every file and on the merged result, the
semantic checks, the options (``{option: NAME}`` references resolved), and
builds an immutable :class:`Ruleset`. Parsed files and built rulesets are
cached by path and modification time, so loading an edition again is cheap.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from dataclasses import fields as dataclass_fields
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.base.errors import CardrulesError, Diagnostic, Location, RulesetError, display_path
from engine.base.i18n import _
from engine.base.jsontypes import JSON, Spec
from engine.core.cards import CardType
from engine.core.measures import MeasureSpec, measure_from_spec
from engine.core.modifiers import table_steps
from engine.core.zones import ZoneSpec
from engine.language import presentation, schema_check, semantic
from engine.language.block_walk import blocks_of, paths_holding
from engine.language.catalog import BlockCatalog
from engine.language.expression_scoring import ExpressionScoring
from engine.language.expressions.names import Scope
from engine.language.options import (
    OptionValueError,
    declared_range,
    effective_options,
    is_option_reference,
    mapped_option_value,
    option_value_text,
    parse_number,
)
from engine.language.overlay import (
    NOT_INHERITED,
    LoadedFile,
    MergedRuleset,
    in_merged_terms,
    load_chain,
    merge_chain,
    merged_paths,
    said_in_this_file,
)
from engine.language.ruleset_files import cached_yaml, default_id, file_stamp, find_ruleset_path, locate, ruleset_files
from engine.language.scopes import scope_of
from engine.language.semantic import in_the_extended_ruleset
from engine.language.yaml_loader import Node, Position, PositionIndex, json_path_parts

# Block parameters that hold numbers: written as ints, decimals or "p/q" text, kept exact.
NUMERIC_PARAMETERS = frozenset({"amount", "factor", "at", "count"})


@dataclass(frozen=True)
class Ruleset:
    """A validated, immutable ruleset: everything the interpreter needs, options resolved.

    ``cards`` are card *types* (:class:`~engine.core.cards.CardType`), a
    series (``values``) expanded into one type per value; ``zones`` are
    :class:`~engine.core.zones.ZoneSpec`; ``setup``, ``flow``, ``end_conditions``,
    the scoring blocks and ``anytime`` are block specs (read-only mappings)
    that :class:`~engine.core.game.Game` builds. ``data`` is the whole resolved
    tree, for block families with sections of their own.
    """

    id: str
    game: str
    name: str
    description: str
    text_context: str
    languages: tuple[str, ...]
    source: Path | None
    players_min: int
    players_max: int
    units: Mapping[str, Spec]
    tags: Mapping[str, Spec]
    cards: tuple[CardType, ...]
    zones: tuple[ZoneSpec, ...]
    counters: tuple[Spec, ...]
    measures: tuple[MeasureSpec, ...]
    setup: tuple[Spec, ...]
    flow: tuple[Spec, ...]
    finish: tuple[Spec, ...]
    anytime: tuple[Spec, ...]
    end_conditions: tuple[Spec, ...]
    scored_zones: tuple[str, ...]
    scoring_steps: tuple[Spec, ...]
    elimination: Spec
    tiebreak: tuple[str, ...]
    tiebreak_criteria: Mapping[str, Spec]
    result_layout: tuple[Spec, ...]
    table_fields: Mapping[str, Spec]
    # The presentation (docs: the `presentation` key): the terminal table, what the narration tells, what
    # `simulate` reports, the searching bot's hints. None of it changes a game.
    view: Spec
    tell: tuple[Spec, ...]
    report: tuple[JSON, ...]  # measure names, and {counter: NAME, per: ...} entries
    search: Spec  # hints for the searching bot: try-first, playout-depth, switch-significance
    options: Mapping[str, JSON]
    option_definitions: Mapping[str, Spec]
    # The catalog of blocks it was read with: the game compiles its steps, the text describes them, with it.
    blocks: BlockCatalog = field(repr=False, compare=False)
    # What the names of its expressions stand for (engine.language.expressions), the names its steps bind included.
    scope: Scope = field(default_factory=Scope, repr=False, compare=False)
    data: Spec = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)
    _cards_by_id: Mapping[str, CardType] = field(
        default_factory=lambda: MappingProxyType({}), repr=False, compare=False
    )

    @property
    def scored_by_expressions(self) -> bool:
        """Whether the ruleset writes its score (or its winners) as expressions rather than scoring steps."""
        scoring = self.data.get("scoring") or {}
        return any(scoring.get(key) is not None for key in ("score", "parts", "winners"))

    def score_formula(self, game: Game) -> ExpressionScoring | None:
        """The scoring by expressions for ``game`` (None when the ruleset scores with steps)."""
        return ExpressionScoring(self, game) if self.scored_by_expressions else None

    @property
    def bound_names(self) -> tuple[str, ...]:
        """The names the steps bind (``as: target``), in slot order."""
        return tuple(sorted(self.scope.bindings, key=lambda name: self.scope.bindings[name].slot))

    @property
    def status_names(self) -> tuple[str, ...]:
        """The statuses a player may have, in the order declared (their expression names)."""
        return tuple(sorted(self.scope.statuses, key=self.scope.statuses.__getitem__))

    def card(self, card_id: str) -> CardType:
        """The card type with this id (KeyError if there is none)."""
        return self._cards_by_id[card_id]

    def cards_with_tag(self, tag: str) -> tuple[CardType, ...]:
        """The card types carrying ``tag``, in card-list order."""
        return tuple(card for card in self.cards if tag in card.tags)

    def zone(self, zone_id: str) -> ZoneSpec:
        """The zone declared as ``zone_id`` (KeyError if there is none)."""
        for spec in self.zones:
            if spec.id == zone_id:
                return spec
        raise KeyError(zone_id)

    def measure(self, measure_id: str) -> MeasureSpec:
        """The measure declared as ``measure_id`` (KeyError if there is none)."""
        for spec in self.measures:
            if spec.id == measure_id:
                return spec
        raise KeyError(measure_id)

    def unit(self, name: str | None = None) -> Spec:
        """A unit of amounts by name (None: the first declared), ``{scale: 1, style: plain}`` when none."""
        if name is not None and name in self.units:
            return self.units[name]
        if name is None and self.units:
            return next(iter(self.units.values()))
        return MappingProxyType({"scale": 1, "style": "plain"})

    def section(self, key: str) -> Spec:
        """A top-level section of the resolved tree (empty when absent)."""
        value = self.data.get(key)
        return value if isinstance(value, Mapping) else MappingProxyType({})

    def problem_at(
        self, json_path: str, message: str, *, step: str | None = None, expression: str | None = None
    ) -> Diagnostic:
        """A problem found in play (a game that never ends) at ``json_path``, or at the step whose id is ``step``,
        or where the ``expression`` that failed is written (within that step if it is there, else the first place).

        The files are read again: such a problem is rare, and a ruleset carries
        no positions. Written in a file the ruleset extends, the problem is
        placed where this ruleset's own file says what it extends, naming the
        parent's line, as ``validate`` places the problems an overlay causes in
        its parent. A ruleset that travelled to a worker without its files, or
        whose files changed, is named without a line.
        """

        shown = display_path(self.source) if self.source is not None else self.id
        try:
            if self.source is None:
                raise TypeError("no files")  # a ruleset that travelled without them: named without a line
            merged = load_chain(self.source, shown, catalog=self.blocks)
            if step is not None:
                json_path = next(
                    (
                        path
                        for category, path, block in blocks_of(merged.tree.plain())
                        if category == "step" and block.get("id") == step
                    ),
                    json_path,
                )
            if expression is not None:
                # A score part, a function or a condition outside any step is found by its text.
                places = list(paths_holding(merged.tree.plain(), expression))
                json_path = next((p for p in places if p.startswith(json_path)), places[0] if places else json_path)
            position = PositionIndex.of(merged.tree).value(json_path)
            own = PositionIndex.of(merged.source.tree)
        except (CardrulesError, OSError, TypeError):
            return Diagnostic(Location(shown, json_path=json_path), message)
        if position is None:
            return Diagnostic(Location(shown, json_path=json_path), message)
        if position.file == merged.source.shown_name:
            return Diagnostic(position.location(json_path), message)
        # Inherited: this file's `extends` is where its author can look; the parent's line says where it shows.
        extends = own.key("$.extends") or Position(shown, 1, 1)
        return Diagnostic(
            Location(shown, extends.line, extends.column, json_path),
            semantic.in_the_extended_ruleset(message, position.location(json_path).prefix()),
        )

    def __reduce__(self) -> tuple[Callable[[type, dict[str, object]], object], tuple[type, dict[str, object]]]:
        # Picklable, so a loaded ruleset can travel to a worker process or a
        # Dask worker that has no access to the files it was read from.
        return _rebuild_read_only, (type(self), _thawed_fields(self))


def _thaw(value: object) -> object:
    """The read-only mappings inside ``value`` as plain dicts (MappingProxyType cannot be pickled)."""
    if isinstance(value, MappingProxyType):
        return {key: _thaw(child) for key, child in value.items()}
    if isinstance(value, tuple):
        return tuple(_thaw(child) for child in value)
    if isinstance(value, (CardType, ZoneSpec)):
        return _Thawed(type(value), _thawed_fields(value))
    return value


@dataclass(frozen=True)
class _Thawed:
    """A frozen dataclass instance taken apart for pickling."""

    cls: type
    values: dict[str, object]


def _refreeze(value: object) -> object:
    """The inverse of :func:`_thaw`: plain dicts become read-only again, nothing else changes."""
    if isinstance(value, dict):
        return MappingProxyType({key: _refreeze(child) for key, child in value.items()})
    if isinstance(value, tuple):
        return tuple(_refreeze(child) for child in value)
    if isinstance(value, _Thawed):
        return value.cls(**{name: _refreeze(child) for name, child in value.values.items()})
    return value


def _thawed_fields(instance: Ruleset | CardType | ZoneSpec) -> dict[str, object]:
    return {f.name: _thaw(getattr(instance, f.name)) for f in dataclass_fields(instance)}


def _rebuild_read_only(cls: type, values: dict[str, object]) -> object:
    """Unpickle a Ruleset: the same values, read-only again."""
    return cls(**{name: _refreeze(value) for name, value in values.items()})


@dataclass(frozen=True)
class RulesetInfo:
    """What ``cardrules rulesets`` shows about one ruleset file, without building it."""

    name: str
    path: Path
    abstract: bool
    description: str
    text_context: str
    languages: tuple[str, ...]
    error: str | None = None  # the first problem, for a file that does not load


# --------------------------------------------------------------------------- caches

_lock = threading.Lock()
# Each file of a chain with its modification time and size (see file_stamp).
_Stamps = tuple[tuple[Path, tuple[int, int]], ...]
# By (path, name shown, options, catalog): the files' stamps when read, and the ruleset.
_ruleset_cache: dict[tuple[str, str, tuple[tuple[str, str], ...], int], tuple[_Stamps, Ruleset]] = {}


# --------------------------------------------------------------------------- finding


# The name docs/architecture.md uses for the registry look-up.
find_ruleset = find_ruleset_path


def referenced_ruleset_problems(where: Location, name: str, error: CardrulesError) -> list[Diagnostic]:
    """The problems of a ruleset that a file names (a table's or a log's ``ruleset``), for that file.

    A heading at ``where`` says which ruleset could not be used; problems that
    name no file of their own (an unknown ruleset name) are placed there too,
    while problems inside the ruleset's files keep their own locations. When
    every problem is in the referring file itself (an option the log sets), they
    say it all: no heading repeats them.
    """
    problems = [
        d
        if d.location.file is not None
        else Diagnostic(Location(where.file, where.line, where.column, where.json_path), d.message)
        for d in error.diagnostics
    ]
    if problems and all(d.location.file == where.file for d in problems):
        return problems
    # TRANSLATORS: a heading above the problems of a ruleset that a table or game log file names (its `ruleset` key);
    # {name} is the ruleset's name in double quotes, e.g. "mygame/classic".
    heading = Diagnostic(where, _("cannot use the ruleset {name}", name=json.dumps(name)))
    return [heading, *problems]


# --------------------------------------------------------------------------- loading


def validate_merged(merged: MergedRuleset) -> list[Diagnostic]:
    """Every schema and semantic problem of a resolved chain (each file and the merged result)."""

    diagnostics: list[Diagnostic] = []
    for loaded in merged.chain:
        found = schema_check.check_file(loaded.tree) + semantic.check_duplicate_ids(loaded.tree)
        if len(merged.chain) > 1 and found:
            found = _in_merged_terms(found, merged_paths(loaded.tree, merged.tree))
        diagnostics.extend(found)
    if not diagnostics:
        diagnostics.extend(with_own_paths(merged, schema_check.check_merged(merged.tree)))
    if not diagnostics:
        diagnostics.extend(with_own_paths(merged, semantic.check(merged.tree, merged.catalog)))
    return _unique(diagnostics)


def with_own_paths(merged: MergedRuleset, diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    """Problems of the merged ruleset placed in the file asked for, each also saying its path in that file.

    Checks of the merged ruleset count list items in the merged lists (an
    overlay's first step may be the merged seventh); the path as the file
    writes it is what its author can find. Each file's own shape problems say
    it the same way (:func:`_in_merged_terms`). Problems placed in a parent
    are left as they are: that file is read with its own paths.
    """
    if len(merged.chain) < 2:
        return diagnostics
    own = merged.source.shown_name
    placed = [d for d in diagnostics if d.location.file == own and d.location.json_path]
    if not placed:
        return diagnostics
    written = {in_merged: in_file for in_file, in_merged in merged_paths(merged.source.tree, merged.tree).items()}
    result = []
    for diagnostic in diagnostics:
        path = diagnostic.location.json_path or ""  # every one placed has a path
        if diagnostic in placed and in_merged_terms(path, written) != path:
            diagnostic = _told_in_both(diagnostic, path, in_merged_terms(path, written))
        result.append(diagnostic)
    return result


def _in_merged_terms(diagnostics: list[Diagnostic], paths: dict[str, str]) -> list[Diagnostic]:
    """One file's problems with their JSON paths counted in the merged lists, as every other check counts them."""
    placed = []
    for diagnostic in diagnostics:
        written = diagnostic.location.json_path or "$"
        path = in_merged_terms(written, paths)
        if path != written:
            diagnostic = _told_in_both(diagnostic, path, written)
        placed.append(diagnostic)
    return placed


def _told_in_both(diagnostic: Diagnostic, merged_path: str, file_path: str) -> Diagnostic:
    """``diagnostic`` at its place, named by its path in the merged ruleset and saying its path in its file."""
    where = diagnostic.location
    return Diagnostic(
        Location(where.file, where.line, where.column, merged_path), said_in_this_file(diagnostic.message, file_path)
    )


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple[Location, str]] = set()
    result = []
    for diagnostic in diagnostics:
        key = (diagnostic.location, diagnostic.message)
        if key not in seen:
            seen.add(key)
            result.append(diagnostic)
    return result


def is_abstract(merged: MergedRuleset) -> bool:
    """True when the file asked for declares itself abstract (shared parts, not playable)."""
    abstract = merged.source.tree.get("abstract")
    return abstract is not None and abstract.value is True


def validate(name_or_path: str | os.PathLike[str], *, catalog: BlockCatalog) -> list[Diagnostic]:
    """Every problem of a ruleset file or name (loading, schema, semantics); empty when valid.

    A problem that a file causes in the file it extends (removing cards makes
    the parent's end unreachable) is placed in that file, and names the
    parent's line as where it shows.
    """
    merge_problems: list[Diagnostic] = []
    try:
        path, shown = locate(name_or_path)
        merged = load_chain(path, shown, merge_problems, catalog=catalog)
    except RulesetError as error:
        return list(error.diagnostics)
    # A directive that could not apply is skipped: the files' other mistakes are told in the same run.
    return _unique(merge_problems + _blamed_on_the_overlay(merged, _problems_of(merged)))


def deprecations(name_or_path: str | os.PathLike[str], *, catalog: BlockCatalog) -> list[Diagnostic]:
    """What the files of a ruleset write in a way that still works but has a newer form (located, for warnings):
    presentation parts written at the top (see :mod:`engine.language.presentation`). Empty for a file that does
    not load (``validate`` tells why)."""
    try:
        path, shown = locate(name_or_path)
        merged = load_chain(path, shown, [], catalog=catalog)
    except CardrulesError:
        return []
    found: list[Diagnostic] = []
    for loaded in merged.chain:
        found.extend(presentation.moved_key_warnings(cached_yaml(loaded.path, loaded.shown_name)))
    return found


def _problems_of(merged: MergedRuleset) -> list[Diagnostic]:
    diagnostics = validate_merged(merged)
    if diagnostics or is_abstract(merged):
        return diagnostics
    try:
        build_ruleset(merged)
    except RulesetError as error:
        return list(error.diagnostics)
    return _other_option_values_problems(merged)


def _blamed_on_the_overlay(merged: MergedRuleset, problems: list[Diagnostic]) -> list[Diagnostic]:
    """Problems located in a parent file that the parent alone does not have, placed in the overlay.

    They are placed at what the overlay writes nearest to the problem (the
    key it changed, up to the first list, whose items merge by id), else at
    its ``extends``.
    """
    own = merged.source.shown_name
    foreign = [d for d in problems if d.location.file is not None and d.location.file != own]
    if not foreign or len(merged.chain) < 2:
        return problems
    try:
        parent_problems = set(validate(merged.chain[1].path, catalog=merged.catalog))
    except CardrulesError:
        parent_problems = set()

    index = PositionIndex.of(merged.source.tree)
    causes = _CauseFinder(merged)
    placed: list[Diagnostic | tuple[Location, str, list[str]]] = []
    # One change can break several places of the parents alike (a narrowed option definition makes both the
    # default and an edition's value wrong): one problem, naming every place where it shows.
    alike: dict[str, tuple[Location, str, list[str]]] = {}
    for diagnostic in problems:
        if diagnostic not in foreign or diagnostic in parent_problems:
            placed.append(diagnostic)
            continue
        if diagnostic.message in alike:
            alike[diagnostic.message][2].append(diagnostic.location.prefix())
            continue
        path = diagnostic.location.json_path or "$"
        before_lists = path.split("[", 1)[0]
        position = index.value(before_lists)
        if position is None or (position.line, position.column) == (1, 1):
            position = causes.cause(diagnostic) or index.key("$.extends") or position
        where = Location(own, position.line if position else None, position.column if position else None, path)
        alike[diagnostic.message] = (where, diagnostic.message, [diagnostic.location.prefix()])
        placed.append(alike[diagnostic.message])

    return [
        entry if isinstance(entry, Diagnostic) else Diagnostic(entry[0], in_the_extended_ruleset(*entry[1:]))
        for entry in placed
    ]


# The items of an overlay's list tried one by one for the cause of a problem, at most.
MOST_ITEMS_TRIED = 12  # each try validates the whole ruleset again (~0.1 s): a bad file is answered in seconds


class _CauseFinder:
    """Where the overlay writes what causes a problem in its parent: the key, or the one list item, without which
    the problem goes away (removing the red cards makes an end condition unreachable: the cards' key is the cause).

    Asked only on the way to an error. Each trial (the overlay without one key, or one item) is validated once
    and serves every problem, so a file with many problems costs no more trials than one with a single problem.
    """

    def __init__(self, merged: MergedRuleset) -> None:
        self.merged = merged
        self.own = merged.source
        self._trials: dict[tuple[tuple[str, ...], int | None], frozenset[Location | None]] = {}

    def _places_without(self, key: str | tuple[str, ...], item: int | None = None) -> frozenset[Location | None]:
        """The places of the problems of the overlay without ``key`` (or without that key's ``item``).

        ``key`` may be a path of keys into nested mappings (``("option-definitions", "x", "type")``).
        """

        path = (key,) if isinstance(key, str) else key
        cached = self._trials.get((path, item))
        if cached is not None:
            return cached
        trial_tree = _without(self.own.tree, path, item)
        try:
            trial = merge_chain(
                (LoadedFile(self.own.path, self.own.shown_name, trial_tree), *self.merged.chain[1:]),
                catalog=self.merged.catalog,
            )
            places = frozenset(d.location for d in _problems_of(trial))
        except RulesetError:
            places = None  # the overlay needs this part to merge at all: not a cause that can be told apart
        self._trials[(path, item)] = places if places is not None else frozenset({None})
        return self._trials[(path, item)]

    def cause(self, problem: Diagnostic) -> Position | None:
        """Where the overlay writes the cause of ``problem``, if one key (or item) is it."""

        tree = self.own.tree
        if not tree.is_mapping:
            return None
        # Matched by place, not wording: with one red card more the same end condition is still unreachable
        # ("the deck has 1" instead of 0), and that card's removal alone is not the cause.
        for key, child in tree.value.items():
            if key in NOT_INHERITED:
                continue  # no trial without them: `extends` and the ruleset's own id are not causes
            without = self._places_without(key)
            if None in without or problem.location in without:
                continue
            item: Node
            if child.is_sequence and len(child.value) == 1:
                item = child.value[0]
                return item.position  # its one item is the cause (an empty list would replace)
            if child.is_sequence and len(child.value) <= MOST_ITEMS_TRIED:
                for index, item in enumerate(child.value):
                    places = self._places_without(key, index)
                    if None not in places and problem.location not in places:
                        return item.position
            if child.is_mapping:
                return self._nested_cause(problem, (key,), child) or tree.key_positions.get(key) or child.position
            return tree.key_positions.get(key) or child.position
        return None

    def _nested_cause(self, problem: Diagnostic, path: tuple[str, ...], node: Node) -> Position | None:
        """The deepest key under the mapping at ``path`` whose removal alone takes ``problem`` away.

        A changed `type:` inside `option-definitions` is where the fix goes, not the section's first line.
        """
        if len(path) >= MOST_LEVELS_DESCENDED or len(node.value) > MOST_ITEMS_TRIED:
            return None
        for key, child in node.value.items():
            places = self._places_without((*path, key))
            if None in places or problem.location in places:
                continue
            if child.is_mapping:
                return self._nested_cause(problem, (*path, key), child) or node.key_positions.get(key)
            return node.key_positions.get(key) or child.position
        return None


# How deep into an overlay's mappings the cause of a problem is looked for (each level costs trials).
MOST_LEVELS_DESCENDED = 4


def _without(node: Node, path: tuple[str, ...], item: int | None) -> Node:
    """``node`` (a mapping) without the key at ``path``, or without that key's list ``item``."""
    key, rest = path[0], path[1:]
    values = dict(node.value)
    if rest:
        values[key] = _without(node.value[key], rest, item)
    elif item is not None:
        child = node.value[key]
        values[key] = Node(
            [other for index, other in enumerate(child.value) if index != item], child.position, size=child.size
        )
    else:
        del values[key]
    return Node(values, node.position, {k: p for k, p in node.key_positions.items() if k in values})


# Declared values checked one by one by `validate`, at most this many in all.
MOST_OPTION_VALUES_CHECKED = 64


def _other_option_values_problems(merged: MergedRuleset) -> list[Diagnostic]:
    """What breaks when a choice or true/false option takes one of its other declared values, or a number option
    either end of its declared range.

    An option used as a tag must name a tag that exists with every value a
    player may choose, not only the default: what ``validate`` accepts must
    play whatever ``-o`` says among the declared values.
    """
    data = merged.tree.plain()
    definitions = data.get("option-definitions") or {}
    current = effective_options(definitions, data.get("options") or {}, None)
    problems: list[Diagnostic] = []
    checked = 0
    for name, definition in definitions.items():
        kind = definition.get("type") if isinstance(definition, Mapping) else None
        values = (
            list(definition.get("values") or ())
            if kind == "choice"
            else [True, False]
            if kind == "boolean"
            else [bound for bound in declared_range(definition) if bound is not None]
        )
        # One place that breaks with several values of one option is one mistake (a `type:` changed
        # under a value the parent uses): it is told once, with the first value that shows it.
        places: set[Location] = set()
        for value in values:
            if value == current.get(name) or checked >= MOST_OPTION_VALUES_CHECKED:
                continue
            checked += 1
            # Said of the option, not of `-o`: nobody typed a command; validate tried the value itself.
            # TRANSLATORS: a condition before a problem; {value} is a value the option may take (true, a choice).
            shown_as = _("when option '{name}' is {value}", name=name, value=option_value_text(value))
            try:
                build_ruleset(merged, {name: value}, shown_as=shown_as)
            except RulesetError as error:
                problems.extend(d for d in error.diagnostics if d.location not in places)
                places.update(d.location for d in error.diagnostics)
    return problems


def load_merged(name_or_path: str | os.PathLike[str], *, catalog: BlockCatalog) -> MergedRuleset:
    """Locate, load and merge a ruleset chain, without validating it."""
    path, shown = locate(name_or_path)
    return load_chain(path, shown, catalog=catalog)


def load_ruleset(
    name_or_path: str | os.PathLike[str], options: Mapping[str, JSON] | None = None, *, catalog: BlockCatalog
) -> Ruleset:
    """The validated, immutable :class:`Ruleset` named ``name_or_path``, with ``options`` applied.

    ``options`` overrides declared options by name; text values (from ``-o``)
    are parsed by the option's type. Raises :class:`~engine.base.errors.RulesetError`
    (or its :class:`~engine.base.errors.OptionError`) with located diagnostics.
    """
    if options is not None and not isinstance(options, Mapping):
        # TRANSLATORS: a program called load_ruleset with options that are no mapping (e.g. a list); {kind} is the
        # Python type it gave.
        raise TypeError(
            _("options must be a mapping of option names to values, not {kind}", kind=type(options).__name__)
        )
    path, shown = locate(name_or_path)
    options_key = tuple(sorted((str(k), repr(v)) for k, v in (options or {}).items()))
    cache_key = (str(path.resolve()), shown, options_key, id(catalog))
    with _lock:
        hit = _ruleset_cache.get(cache_key)
    if hit is not None and _chain_unchanged(hit[0]):
        return hit[1]
    merged = load_chain(path, shown, catalog=catalog)
    diagnostics = validate_merged(merged)
    if diagnostics:
        raise RulesetError(_blamed_on_the_overlay(merged, diagnostics))
    if is_abstract(merged):
        raise RulesetError.at(
            # TRANSLATORS: an error: the ruleset asked for declares `abstract: true`: it only holds parts that other
            # rulesets extend; {name} is the name or path given, e.g. "mygame/base"; keep it.
            _(
                "'{name}' is abstract (shared parts of other rulesets): it cannot be played",
                name=str(name_or_path)[:80],
            ),
            file=shown,
        )
    ruleset = build_ruleset(merged, options)
    stamps = tuple((loaded.path, file_stamp(loaded.path)) for loaded in merged.chain)
    with _lock:
        _ruleset_cache[cache_key] = (stamps, ruleset)
    return ruleset


def _chain_unchanged(stamps: _Stamps) -> bool:
    try:
        return all(file_stamp(path) == stamp for path, stamp in stamps)
    except OSError:
        return False


def freeze(value: JSON) -> JSON:
    """``value`` made read-only: mappings become MappingProxyType, lists become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(child) for key, child in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(child) for child in value)
    return value


def _exact_parameters(value: JSON) -> JSON:
    """Numeric block parameters as exact numbers (``"1/2"`` -> Fraction(1, 2)); nested blocks too."""
    if isinstance(value, Mapping):
        result = {}
        for key, child in value.items():
            if key in NUMERIC_PARAMETERS and _numeric(child):
                try:
                    result[key] = parse_number(child)
                except OptionValueError as problem:  # the loader places what it can; a value from elsewhere lands here
                    raise RulesetError.at(str(problem)) from None
            else:
                result[key] = _exact_parameters(child)
        return result
    if isinstance(value, (list, tuple)):
        return [_exact_parameters(child) for child in value]
    return value


def _numeric(value: JSON) -> bool:
    """Whether a parameter value is a number, or text that writes one ("1/2"); not a name ("hand")."""
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, Fraction)):
        return True
    return isinstance(value, str) and _NUMBER_TEXT.fullmatch(value.strip()) is not None


_NUMBER_TEXT = re.compile(r"[-+]?[0-9]+(/[0-9]+|\.[0-9]*)?")


def _value_node(value: JSON, position: Position) -> Node:
    if isinstance(value, Mapping):
        return Node({k: _value_node(v, position) for k, v in value.items()}, position)
    if isinstance(value, (list, tuple)):
        return Node([_value_node(v, position) for v in value], position)
    return Node(value, position)


def _with_references_resolved(node: Node, options: Mapping[str, JSON]) -> Node:
    """``node`` with every ``{option: NAME}`` replaced by the value, positioned at the reference."""
    if node.is_mapping:
        reference = node.get("option")
        plain = node.plain()
        if reference is not None and is_option_reference(plain) and reference.value in options:
            try:
                value = mapped_option_value(plain, options[reference.value])
            except KeyError:
                return node  # a map without the value: the check of the resolved tree says so
            return _value_node(value, node.position)
        return Node(
            {
                k: _with_references_resolved(v, options) if k not in ("options", "option-definitions") else v
                for k, v in node.value.items()
            },
            node.position,
            node.key_positions,
        )
    if node.is_sequence:
        return Node([_with_references_resolved(v, options) for v in node.value], node.position)
    return node


def card_types(specs: JSON) -> tuple[CardType, ...]:
    """The card types of a resolved ``cards`` list: a series (``values``) becomes one type per value."""
    types: list[CardType] = []
    for spec in specs or ():
        attributes = {name: Fraction(parse_number(value)) for name, value in (spec.get("attributes") or {}).items()}
        if spec.get("value") is not None:
            attributes["value"] = Fraction(parse_number(spec["value"]))
        tables = {name: table_steps(table) for name, table in (spec.get("tables") or {}).items()}
        common = dict(
            name=spec["name"],
            tags=frozenset(spec.get("tags") or ()),
            tables=MappingProxyType(tables),
            count=freeze(spec.get("count", 1)),
            spec=freeze(spec),
        )
        values = spec.get("values")
        if values:
            attribute = spec.get("attribute", "value")
            for value in values:
                types.append(
                    CardType(
                        id=f"{spec['id']}-{value}",
                        index=len(types),
                        attributes=MappingProxyType({**attributes, attribute: Fraction(value)}),
                        **common,
                    )
                )
        else:
            types.append(CardType(id=spec["id"], index=len(types), attributes=MappingProxyType(attributes), **common))
    return tuple(types)


def zone_specs(zones: Mapping[str, JSON]) -> tuple[ZoneSpec, ...]:
    """The zones of a resolved ``zones`` mapping, in declaration order."""
    specs = []
    for index, (zone_id, spec) in enumerate((zones or {}).items()):
        specs.append(
            ZoneSpec(
                id=zone_id,
                index=index,
                name=str(spec.get("name", zone_id)),
                owner=spec.get("owner", "shared"),
                kind=spec.get("kind", "set"),
                visibility=spec.get("visibility", "all"),
                capacity=spec.get("capacity"),
                accepts=freeze(spec["accepts"]) if spec.get("accepts") else None,
                one_type=spec.get("holds") == "one-type",
                distinct=spec.get("holds") == "distinct",
                capacity_limit=spec.get("limit"),
                starts_closed=bool(spec.get("closed", False)),
                tags=frozenset(spec.get("tags") or ()),
                spec=freeze(spec),
            )
        )
    return tuple(specs)


def _blamed_on_the_command_line(
    misfit: Diagnostic, data: JSON, overrides: Mapping[str, JSON] | None
) -> Diagnostic | None:
    """A value that does not fit where the ruleset uses an option, placed on the command line when ``-o`` set it.

    The mistake is the value typed (``-o third-field-price=-1``); where the ruleset uses it is the context.
    """

    if not overrides:
        return None
    value: JSON = data
    for part in json_path_parts(misfit.location.json_path or "$") or ():
        try:
            value = value[part]
        except (KeyError, IndexError, TypeError):
            return None
    name = value.get("option") if is_option_reference(value) else None
    if name is None or name not in overrides:
        return None
    # TRANSLATORS: a value given with -o that does not fit where the ruleset uses the option; {where} is
    # FILE:LINE:COL of that use.
    return Diagnostic(
        Location(None, None, None, None),
        _(
            "-o {name}={value}: {problem} (where the ruleset uses it: {where})",
            name=name,
            value=str(overrides[name])[:80],
            problem=misfit.message,
            where=misfit.location.prefix(),
        ),
    )


def build_ruleset(
    merged: MergedRuleset, overrides: Mapping[str, JSON] | None = None, shown_as: str | None = None
) -> Ruleset:
    """The :class:`Ruleset` of a merged, already validated tree (options applied and resolved).

    The tree is checked once more with every option reference replaced by its
    value, so an option whose type does not fit where it is used (a choice
    where a number belongs), or a value that makes the game unplayable (an
    end condition the deck cannot reach), is reported at the reference.
    """

    data = merged.tree.plain()
    source = merged.source.path
    definitions = data.get("option-definitions") or {}
    options = effective_options(definitions, data.get("options") or {}, overrides)
    # One resolved tree serves both the re-check (with positions) and the model (as plain values).
    resolved_tree = _with_references_resolved(merged.tree, options)
    misfits = schema_check.check_merged(resolved_tree) or semantic.check_resolved(resolved_tree, merged.catalog)
    if misfits:
        if shown_as is not None:
            raise RulesetError(
                with_own_paths(
                    merged,
                    [
                        # TRANSLATORS: {condition} is "when option 'X' is Y"; {problem} what goes wrong then.
                        Diagnostic(d.location, _("{condition}: {problem}", condition=shown_as, problem=d.message))
                        for d in misfits
                    ],
                )
            )
        raise RulesetError(
            with_own_paths(
                merged,
                [
                    # TRANSLATORS: an error found with the options' values in place (defaults, the edition's, those
                    # given with -o); {problem} says what, e.g. "a game needs at least 2 players, not 1".
                    _blamed_on_the_command_line(d, data, overrides)
                    or Diagnostic(d.location, _("with the option values in effect: {problem}", problem=d.message))
                    for d in misfits
                ],
            )
        )
    resolved = _exact_parameters(
        {key: value for key, value in resolved_tree.plain().items() if key not in ("options", "option-definitions")}
    )
    cards = card_types(resolved.get("cards"))
    scoring = resolved.get("scoring") or {}
    tiebreak = scoring.get("tiebreak") or ()
    if isinstance(tiebreak, str):
        tiebreak = (tiebreak,)
    players = resolved.get("players") or {}
    presentation = resolved.get("presentation") or {}
    scope, _problems = scope_of(resolved, merged.catalog, options)  # the checks reported its problems already
    return Ruleset(
        id=str(data.get("id") or default_id(source)),
        game=str(resolved.get("game", "")),
        name=str(resolved.get("name", "")),
        description=str(resolved.get("description", "")),
        text_context=str(resolved.get("text-context") or resolved.get("game", "")),
        languages=tuple(resolved.get("languages") or ()),
        source=source,
        players_min=int(players.get("min", 2)),
        players_max=int(players.get("max", 2)),
        units=freeze(resolved.get("units") or {}),
        tags=freeze(resolved.get("tags") or {}),
        cards=cards,
        zones=zone_specs(resolved.get("zones") or {}),
        counters=freeze([{"id": counter_id, **spec} for counter_id, spec in (resolved.get("counters") or {}).items()]),
        measures=tuple(
            measure_from_spec(measure_id, freeze(spec)) for measure_id, spec in (resolved.get("measures") or {}).items()
        ),
        setup=freeze(resolved.get("setup") or ()),
        flow=freeze(resolved.get("flow") or ()),
        finish=freeze(resolved.get("finish") or ()),
        anytime=freeze(resolved.get("anytime") or ()),
        end_conditions=freeze(resolved.get("end") or ()),
        scored_zones=tuple(scoring.get("zones") or ()),
        scoring_steps=freeze(scoring.get("steps") or ()),
        elimination=freeze(scoring.get("elimination") or {"kind": "none"}),
        tiebreak=tuple(tiebreak),
        tiebreak_criteria=freeze(resolved.get("tiebreak-criteria") or {}),
        result_layout=freeze(resolved.get("result") or ()),
        table_fields=freeze(resolved.get("table") or {}),
        view=freeze(presentation.get("view") or {}),
        tell=freeze(presentation.get("tell") or ()),
        report=freeze(presentation.get("report") or ()),
        search=freeze(presentation.get("search") or {}),
        options=freeze(options),
        option_definitions=freeze(definitions),
        scope=scope,
        blocks=merged.catalog,
        data=freeze(resolved),
        _cards_by_id=MappingProxyType({card.id: card for card in cards}),
    )


def list_rulesets(*, catalog: BlockCatalog) -> list[RulesetInfo]:
    """Every ruleset found under every root (first root wins per name), sorted by name.

    Abstract ones (shared parts, not playable) are included and marked; a file
    that does not load is included with its first problem in ``error``.
    """
    infos = []
    for name, path in sorted(ruleset_files().items()):
        try:
            merged = load_chain(path, display_path(path), catalog=catalog)
            # A file that loads but breaks the rules of the format is listed with its
            # first problem too: otherwise it looks playable until someone picks it.
            problems = validate_merged(merged)
            if problems:
                raise RulesetError(problems)
            data = merged.tree.plain()
            infos.append(
                RulesetInfo(
                    name=name,
                    path=path,
                    abstract=is_abstract(merged),
                    description=str(data.get("description", "")),
                    text_context=str(data.get("text-context") or data.get("game", "")),
                    languages=tuple(str(x) for x in data.get("languages") or ()),
                )
            )
        except RulesetError as error:
            first = error.diagnostics[0] if error.diagnostics else Diagnostic(Location(str(path)), "")
            infos.append(
                RulesetInfo(
                    name=name,
                    path=path,
                    abstract=False,
                    description="",
                    text_context="",
                    languages=(),
                    error=str(first),
                )
            )
    return infos


if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import RulesetLike

    def _is_ruleset_like(ruleset: Ruleset) -> RulesetLike:
        """The core reads a ruleset through its protocol: the type checker holds this class to it."""
        return ruleset
