"""The ruleset model and registry: ``load_ruleset``, ``list_rulesets``, ``find_ruleset_path``.

A ruleset is named ``GAME/EDITION`` (``<root>/rulesets/GAME/EDITION.yaml``,
house rules such as ``GAME/house/NAME``) for every root of
:func:`engine.resources.subdirs` (the first root that has it wins), or given as
a path to a YAML file. Loading runs the whole pipeline: YAML with positions,
``extends`` merged, the JSON Schema on every file and on the merged result, the
semantic checks, the options (``{option: NAME}`` references resolved), and
builds an immutable :class:`Ruleset`. Parsed files and built rulesets are
cached by path and modification time, so loading an edition again is cheap.
"""
from __future__ import annotations

import json
import os
import threading
from dataclasses import dataclass, field, fields as dataclass_fields
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from .. import resources
from ..errors import CardrulesError, Diagnostic, Location, RulesetError, display_path
from ..text.i18n import _
from .options import did_you_mean, effective_options, parse_number
from .overlay import MergedRuleset, load_chain
from .yaml_loader import Node, load_yaml

# Block parameters that hold numbers: written as ints, decimals or "p/q" text, kept exact.
NUMERIC_PARAMETERS = frozenset({"amount", "factor", "at", "count"})


@dataclass(frozen=True)
class Card:
    """One card of the deck: its id, its position in the card list, its texts and numbers."""

    id: str
    index: int
    name: str
    tags: frozenset[str]
    attributes: Mapping[str, Fraction]
    on_take: Mapping[str, Any] | None = None

    def attribute(self, name: str, default: Fraction | None = None) -> Fraction | None:
        """The card's value for attribute ``name`` (``default`` when it has none)."""
        return self.attributes.get(name, default)

    def __reduce__(self) -> tuple:
        return _rebuild_read_only, (type(self), _thawed_fields(self))


@dataclass(frozen=True)
class Ruleset:
    """A validated, immutable ruleset: everything the interpreter needs, options resolved."""

    id: str
    game: str
    name: str
    description: str
    text_context: str
    languages: tuple[str, ...]
    source: Path | None
    players_min: int
    players_max: int
    money_values: tuple[int, ...]
    money_unit: Mapping[str, Any]
    tags: Mapping[str, Mapping[str, Any]]
    cards: tuple[Card, ...]
    setup: tuple[Mapping, ...]
    reveal: Mapping
    auctions: tuple[Mapping, ...]
    next_start: str
    end_conditions: tuple[Mapping, ...]
    scoring_steps: tuple[Mapping, ...]
    elimination: Mapping
    tiebreak: tuple[str, ...]
    tiebreak_criteria: Mapping[str, Mapping]
    options: Mapping[str, Any]
    option_definitions: Mapping[str, Mapping]
    _cards_by_id: Mapping[str, Card] = field(default_factory=lambda: MappingProxyType({}), repr=False, compare=False)

    def card(self, card_id: str) -> Card:
        """The card with this id (KeyError if there is none)."""
        return self._cards_by_id[card_id]

    def cards_with_tag(self, tag: str) -> tuple[Card, ...]:
        """The cards carrying ``tag``, in card-list order."""
        return tuple(card for card in self.cards if tag in card.tags)

    def __reduce__(self) -> tuple:
        # Picklable, so a loaded ruleset can travel to a worker process or a
        # Dask worker that has no access to the files it was read from.
        return _rebuild_read_only, (type(self), _thawed_fields(self))


def _thaw(value: Any) -> Any:
    """The read-only mappings inside ``value`` as plain dicts (MappingProxyType cannot be pickled)."""
    if isinstance(value, MappingProxyType):
        return {key: _thaw(child) for key, child in value.items()}
    if isinstance(value, tuple):
        return tuple(_thaw(child) for child in value)
    return value


def _refreeze(value: Any) -> Any:
    """The inverse of :func:`_thaw`: plain dicts become read-only again, nothing else changes."""
    if isinstance(value, dict):
        return MappingProxyType({key: _refreeze(child) for key, child in value.items()})
    if isinstance(value, tuple):
        return tuple(_refreeze(child) for child in value)
    return value


def _thawed_fields(instance: Any) -> dict[str, Any]:
    return {f.name: _thaw(getattr(instance, f.name)) for f in dataclass_fields(instance)}


def _rebuild_read_only(cls: type, values: dict[str, Any]) -> Any:
    """Unpickle a Card or Ruleset: the same values, read-only again."""
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
_yaml_cache: dict[tuple[str, str], tuple[tuple[int, int], Node]] = {}
_ruleset_cache: dict[tuple[str, str, tuple], tuple[tuple, Ruleset]] = {}


def _stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def cached_yaml(path: Path, shown_name: str) -> Node:
    """:func:`~engine.language.yaml_loader.load_yaml` of ``path``, cached by path and modification time."""
    key = (str(path.resolve()), shown_name)
    try:
        stamp = _stamp(path)
    except OSError:
        return load_yaml(path, shown_name)  # reports the missing or unreadable file
    with _lock:
        hit = _yaml_cache.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    tree = load_yaml(path, shown_name)
    with _lock:
        _yaml_cache[key] = (stamp, tree)
    return tree


# --------------------------------------------------------------------------- finding

def _is_safe_name(name: str) -> bool:
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and all(p not in ("", ".", "..") for p in parts) and "\\" not in name


def find_ruleset_path(name: str) -> Path | None:
    """The file of the ruleset called ``name`` (``game/edition``), first root first; None if unknown."""
    if not _is_safe_name(name):
        return None
    for directory in resources.subdirs("rulesets"):
        for suffix in (".yaml", ".yml"):
            candidate = directory / f"{name}{suffix}"
            if candidate.is_file():
                return candidate
    return None


# The name docs/architecture.md uses for the registry look-up.
find_ruleset = find_ruleset_path


def _ruleset_files() -> dict[str, Path]:
    """Every ruleset name and its file, the first root winning on duplicates."""
    found: dict[str, Path] = {}
    for directory in resources.subdirs("rulesets"):
        for path in sorted(directory.rglob("*.y*ml")):
            if path.suffix not in (".yaml", ".yml") or not path.is_file():
                continue
            name = path.relative_to(directory).with_suffix("").as_posix()
            found.setdefault(name, path)
    return found


def default_id(path: Path) -> str:
    """A ruleset's id when its file names none: ``game/edition`` under a rulesets root, else the file stem."""
    resolved = path.resolve()
    for directory in resources.subdirs("rulesets"):
        try:
            return resolved.relative_to(directory.resolve()).with_suffix("").as_posix()
        except ValueError:
            continue
    return path.stem


def _looks_like_path(name_or_path: str | os.PathLike) -> bool:
    if isinstance(name_or_path, os.PathLike):
        return True
    if os.path.isfile(name_or_path) and not find_ruleset_path(name_or_path):
        return True  # an existing file with an unusual extension is still a file
    return name_or_path.endswith((".yaml", ".yml", ".json")) or name_or_path.startswith((".", "/", "~"))


def locate(name_or_path: str | os.PathLike) -> tuple[Path, str]:
    """The file of a ruleset name or path, and the name to show in diagnostics."""
    given = os.fspath(name_or_path)
    if _looks_like_path(name_or_path) or (os.path.isdir(given) and find_ruleset_path(given) is None):
        path = Path(os.path.expanduser(given))
        if path.is_dir():
            raise RulesetError.at(_("is a directory, not a file"), file=given, line=1, column=1)
        if not path.is_file():
            raise RulesetError.at(_("no such ruleset file"), file=given, line=1, column=1)
        return path, given
    path = find_ruleset_path(str(name_or_path))
    if path is None:
        known = sorted(info.name for info in list_rulesets() if not info.abstract)
        raise RulesetError.at(_("unknown ruleset '{name}'{hint}; available: {known}", name=str(name_or_path)[:80],
                                hint=did_you_mean(str(name_or_path), known), known=", ".join(known) or "-"))
    return path, display_path(path)


def referenced_ruleset_problems(where: Location, name: str, error: CardrulesError) -> list[Diagnostic]:
    """The problems of a ruleset that a file names (a table's or a log's ``ruleset``), for that file.

    A heading at ``where`` says which ruleset could not be used; problems that
    name no file of their own (an unknown ruleset name) are placed there too,
    while problems inside the ruleset's files keep their own locations.
    """
    heading = Diagnostic(where, _("cannot use the ruleset {name}", name=json.dumps(name)))
    return [heading, *(d if d.location.file is not None else
                       Diagnostic(Location(where.file, where.line, where.column, where.json_path), d.message)
                       for d in error.diagnostics)]


# --------------------------------------------------------------------------- loading

def validate_merged(merged: MergedRuleset) -> list[Diagnostic]:
    """Every schema and semantic problem of a resolved chain (each file and the merged result)."""
    from . import schema_check, semantic

    diagnostics: list[Diagnostic] = []
    for loaded in merged.chain:
        diagnostics.extend(schema_check.check_file(loaded.tree))
        diagnostics.extend(semantic.check_duplicate_ids(loaded.tree))
    if not diagnostics:
        diagnostics.extend(schema_check.check_merged(merged.tree))
    if not diagnostics:
        diagnostics.extend(semantic.check(merged.tree, block_registry()))
    return _unique(diagnostics)


def block_registry() -> dict[str, dict[str, Any]] | None:
    """The interpreter's building blocks by category, or None while ``engine.blocks`` does not exist."""
    try:
        from ..blocks import BLOCKS
    except ModuleNotFoundError as error:
        if error.name in ("engine.blocks", __package__ + ".blocks"):
            return None
        raise
    return BLOCKS


def _unique(diagnostics: list[Diagnostic]) -> list[Diagnostic]:
    seen: set[tuple] = set()
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


def validate(name_or_path: str | os.PathLike) -> list[Diagnostic]:
    """Every problem of a ruleset file or name (loading, schema, semantics); empty when valid."""
    try:
        merged = load_merged(name_or_path)
    except RulesetError as error:
        return list(error.diagnostics)
    diagnostics = validate_merged(merged)
    if diagnostics or is_abstract(merged):
        return diagnostics
    try:
        build_ruleset(merged)
    except RulesetError as error:
        return list(error.diagnostics)
    return []


def load_merged(name_or_path: str | os.PathLike) -> MergedRuleset:
    """Locate, load and merge a ruleset chain, without validating it."""
    path, shown = locate(name_or_path)
    return load_chain(path, shown)


def load_ruleset(name_or_path: str | os.PathLike, options: Mapping[str, Any] | None = None) -> Ruleset:
    """The validated, immutable :class:`Ruleset` named ``name_or_path``, with ``options`` applied.

    ``options`` overrides declared options by name; text values (from ``-o``)
    are parsed by the option's type. Raises :class:`~engine.errors.RulesetError`
    (or its :class:`~engine.errors.OptionError`) with located diagnostics.
    """
    path, shown = locate(name_or_path)
    options_key = tuple(sorted((str(k), repr(v)) for k, v in (options or {}).items()))
    cache_key = (str(path.resolve()), shown, options_key)
    with _lock:
        hit = _ruleset_cache.get(cache_key)
    if hit is not None and _chain_unchanged(hit[0]):
        return hit[1]
    merged = load_chain(path, shown)
    diagnostics = validate_merged(merged)
    if diagnostics:
        raise RulesetError(diagnostics)
    if is_abstract(merged):
        raise RulesetError.at(_("'{name}' is abstract (shared parts of other rulesets): it cannot be played",
                                name=str(name_or_path)[:80]), file=shown)
    ruleset = build_ruleset(merged, options)
    stamps = tuple((loaded.path, _stamp(loaded.path)) for loaded in merged.chain)
    with _lock:
        _ruleset_cache[cache_key] = (stamps, ruleset)
    return ruleset


def _chain_unchanged(stamps: tuple) -> bool:
    try:
        return all(_stamp(path) == stamp for path, stamp in stamps)
    except OSError:
        return False


def freeze(value: Any) -> Any:
    """``value`` made read-only: mappings become MappingProxyType, lists become tuples."""
    if isinstance(value, Mapping):
        return MappingProxyType({key: freeze(child) for key, child in value.items()})
    if isinstance(value, (list, tuple)):
        return tuple(freeze(child) for child in value)
    return value


def _exact_parameters(value: Any) -> Any:
    """Numeric block parameters as exact numbers (``"1/2"`` -> Fraction(1, 2)); nested blocks too."""
    if isinstance(value, Mapping):
        result = {}
        for key, child in value.items():
            if key in NUMERIC_PARAMETERS and child is not None and not isinstance(child, bool):
                result[key] = parse_number(child)
            else:
                result[key] = _exact_parameters(child)
        return result
    if isinstance(value, (list, tuple)):
        return [_exact_parameters(child) for child in value]
    return value


def _value_node(value: Any, position: Any) -> Node:
    if isinstance(value, Mapping):
        return Node({k: _value_node(v, position) for k, v in value.items()}, position)
    if isinstance(value, (list, tuple)):
        return Node([_value_node(v, position) for v in value], position)
    return Node(value, position)


def _with_references_resolved(node: Node, options: Mapping[str, Any]) -> Node:
    """``node`` with every ``{option: NAME}`` replaced by the value, positioned at the reference."""
    if node.is_mapping:
        reference = node.get("option")
        if len(node.value) == 1 and reference is not None and reference.value in options:
            return _value_node(options[reference.value], node.position)
        return Node({k: _with_references_resolved(v, options) if k not in ("options", "option-definitions") else v
                     for k, v in node.value.items()}, node.position, node.key_positions)
    if node.is_sequence:
        return Node([_with_references_resolved(v, options) for v in node.value], node.position)
    return node


def build_ruleset(merged: MergedRuleset, overrides: Mapping[str, Any] | None = None) -> Ruleset:
    """The :class:`Ruleset` of a merged, already validated tree (options applied and resolved).

    The tree is checked once more with every option reference replaced by its
    value, so an option whose type does not fit where it is used (a choice
    where a number belongs) is reported at the reference.
    """
    from . import schema_check

    data = merged.tree.plain()
    source = merged.source.path
    definitions = data.get("option-definitions") or {}
    options = effective_options(definitions, data.get("options") or {}, overrides)
    # One resolved tree serves both the re-check (with positions) and the model (as plain values).
    resolved_tree = _with_references_resolved(merged.tree, options)
    misfits = schema_check.check_merged(resolved_tree)
    if misfits:
        raise RulesetError([Diagnostic(d.location, _("with the option values in effect: {problem}", problem=d.message))
                            for d in misfits])
    resolved = _exact_parameters({key: value for key, value in resolved_tree.plain().items()
                                  if key not in ("options", "option-definitions")})
    cards = []
    for index, spec in enumerate(resolved.get("cards") or []):
        attributes = {name: Fraction(parse_number(value)) for name, value in (spec.get("attributes") or {}).items()}
        if spec.get("value") is not None:
            attributes["value"] = Fraction(parse_number(spec["value"]))
        cards.append(Card(id=spec["id"], index=index, name=spec["name"], tags=frozenset(spec.get("tags") or ()),
                          attributes=MappingProxyType(attributes),
                          on_take=freeze(spec["on-take"]) if spec.get("on-take") is not None else None))
    round_spec = resolved.get("round") or {}
    scoring = resolved.get("scoring") or {}
    tiebreak = scoring.get("tiebreak") or ()
    if isinstance(tiebreak, str):
        tiebreak = (tiebreak,)
    money = resolved.get("money") or {}
    players = resolved.get("players") or {}
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
        money_values=tuple(int(v) for v in money.get("values") or ()),
        money_unit=freeze(money.get("unit") or {"scale": 1, "style": "plain"}),
        tags=freeze(resolved.get("tags") or {}),
        cards=tuple(cards),
        setup=freeze(resolved.get("setup") or ()),
        reveal=freeze(round_spec.get("reveal") or {"kind": "reveal-top"}),
        auctions=freeze(round_spec.get("auctions") or ()),
        next_start=str(round_spec.get("next-start", "taker")),
        end_conditions=freeze(resolved.get("end") or ()),
        scoring_steps=freeze(scoring.get("steps") or ()),
        elimination=freeze(scoring.get("elimination") or {"kind": "none"}),
        tiebreak=tuple(tiebreak),
        tiebreak_criteria=freeze(resolved.get("tiebreak-criteria") or {}),
        options=freeze(options),
        option_definitions=freeze(definitions),
        _cards_by_id=MappingProxyType({card.id: card for card in cards}),
    )


def list_rulesets() -> list[RulesetInfo]:
    """Every ruleset found under every root (first root wins per name), sorted by name.

    Abstract ones (shared parts, not playable) are included and marked; a file
    that does not load is included with its first problem in ``error``.
    """
    infos = []
    for name, path in sorted(_ruleset_files().items()):
        try:
            merged = load_chain(path, display_path(path))
            # A file that loads but breaks the rules of the format is listed with its
            # first problem too: otherwise it looks playable until someone picks it.
            problems = validate_merged(merged)
            if problems:
                raise RulesetError(problems)
            data = merged.tree.plain()
            infos.append(RulesetInfo(name=name, path=path, abstract=is_abstract(merged),
                                     description=str(data.get("description", "")),
                                     text_context=str(data.get("text-context") or data.get("game", "")),
                                     languages=tuple(str(x) for x in data.get("languages") or ())))
        except RulesetError as error:
            first = error.diagnostics[0] if error.diagnostics else Diagnostic(Location(str(path)), "")
            infos.append(RulesetInfo(name=name, path=path, abstract=False, description="", text_context="",
                                     languages=(), error=str(first)))
    return infos
