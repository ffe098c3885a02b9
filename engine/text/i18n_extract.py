"""A Babel extractor for ruleset YAML: the texts a ruleset declares, with their context.

Registered as the ``babel.extractors`` entry point ``cardrules_ruleset``, so
``pybabel extract`` can use it too (method ``cardrules_ruleset`` on
``rulesets/**.yaml``); ``cardrules i18n extract`` calls it directly.

Every translatable text is emitted as a ``pgettext`` message whose context is
the ``text-context`` of the file that declares it, or, for a file without one
(a house rule), the context it inherits through ``extends``. The translatable
texts are the values of the keys ``name``, ``description``, ``says``, ``label`` and
``heading`` wherever they appear: the ruleset's own, and those of its cards,
tags, zones, counters, measures, steps (a phase's name), option definitions,
tiebreak criteria, a choice's options (whose ``name`` is an expression, not a text)
and the texts an option chooses between (``{option: ..., map: {value: text}}``).
"""

from __future__ import annotations

import os
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import Any, BinaryIO

import yaml

from engine.base import resources

_TEXT_KEYS = ("name", "description", "says", "heading", "label")
# Keys of a choice's option that hold an expression, not a text (an option ``name: "[...]"`` offers names).
_EXPRESSION_KEYS_OF_OPTIONS = ("name",)
# Sections whose values are data, never text to translate.
_NOT_TEXT = ("options", "result", "table", "report", "units")
# How deep `extends` may go before we call it a cycle.
_MAX_EXTENDS = 32


def _compose(text: str) -> yaml.Node | None:
    """The YAML node tree (with line numbers) of ``text``, or None when it is not YAML."""
    try:
        return yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None


def _mapping_items(node: yaml.Node | None) -> list[tuple[str, yaml.Node]]:
    """The ``(key, value node)`` pairs of a mapping node (empty for anything else)."""
    if not isinstance(node, yaml.MappingNode):
        return []
    return [(str(key.value), value) for key, value in node.value if isinstance(key, yaml.ScalarNode)]


def _scalar(node: yaml.Node | None) -> str | None:
    """The text of a non-empty scalar node."""
    if isinstance(node, yaml.ScalarNode) and isinstance(node.value, str) and node.value.strip():
        return node.value
    return None


def _find_named_ruleset(name: str, near: Path | None) -> Path | None:
    """``game/edition`` -> its YAML file, looking beside ``near``'s rulesets tree first."""
    candidates: list[Path] = []
    if near is not None:
        # A checkout or a CARDRULES_PATH root: <root>/rulesets/<game>/<edition>.yaml
        for parent in near.resolve().parents:
            if parent.name == "rulesets":
                candidates.append(parent / f"{name}.yaml")
                break
    candidates.extend(d / f"{name}.yaml" for d in resources.subdirs("rulesets"))
    for candidate in candidates:
        if candidate.is_file():
            return candidate
    return None


def resolve_extends(reference: str, declaring_file: Path | None) -> Path | None:
    """The file an ``extends:`` value names: a path relative to the declaring file, or a ruleset name."""
    if reference.endswith((".yaml", ".yml")):
        base = declaring_file.parent if declaring_file is not None else Path.cwd()
        target = base / reference
        return target if target.is_file() else None
    return _find_named_ruleset(reference, declaring_file)


def text_context_of(path: Path | None, root: yaml.Node | None, _depth: int = 0) -> str:
    """The message context of a ruleset file: its own ``text-context`` or its parent's."""
    items = dict(_mapping_items(root))
    own = _scalar(items.get("text-context"))
    if own:
        return own
    parent_ref = _scalar(items.get("extends"))
    if not parent_ref or _depth >= _MAX_EXTENDS:
        return ""
    parent = resolve_extends(parent_ref, path)
    if parent is None:
        return ""
    try:
        parent_root = _compose(parent.read_text(encoding="utf-8"))
    except OSError:
        return ""
    return text_context_of(parent, parent_root, _depth + 1)


def ruleset_texts(root: yaml.Node | None) -> Iterator[tuple[int, str | tuple[str, str], str]]:
    """``(line, text, what)`` for every translatable text in one ruleset file's tree.

    ``text`` is a pair (singular, plural) where the ruleset writes ``{one: ..., other: ...}``.
    """
    top = dict(_mapping_items(root))
    for key in _TEXT_KEYS:
        text = _scalar(top.get(key))
        if text:
            yield top[key].start_mark.line + 1, text, f"ruleset {key}"
    for section, node in _mapping_items(root):
        if section in _TEXT_KEYS or section in _NOT_TEXT:
            continue
        yield from _texts_in(node, section)


def _plural_forms(node: yaml.Node | None) -> tuple[str, str] | None:
    """``(singular, plural)`` of a text written as ``{one: ..., other: ...}``."""
    items = dict(_mapping_items(node))
    one, other = _scalar(items.get("one")), _scalar(items.get("other"))
    return (one, other) if one and other else None


def _mapped_texts(node: yaml.Node | None) -> list[tuple[int, str]]:
    """The texts of an option reference's ``map`` (``{option: ..., map: {value: text}}``), with their lines."""
    items = dict(_mapping_items(node))
    if "option" not in items or not isinstance(items.get("map"), yaml.MappingNode):
        return []
    return [
        (value.start_mark.line + 1, text)
        for _key, value in _mapping_items(items["map"])
        if (text := _scalar(value)) and not text.lstrip("-").isdigit()
    ]


def _texts_in(node: yaml.Node | None, where: str) -> Iterator[tuple[int, str | tuple[str, str], str]]:
    """The texts under ``node`` (a section, a card, a step...), described by ``where``."""
    if isinstance(node, yaml.SequenceNode):
        for child in node.value:
            child_id = _scalar(dict(_mapping_items(child)).get("id")) or "?"
            yield from _texts_in(child, f"{where} {child_id}")
    elif isinstance(node, yaml.MappingNode):
        items = _mapping_items(node)
        is_option = any(key == "action" for key, _value in items)
        for key, value in items:
            if is_option and key in _EXPRESSION_KEYS_OF_OPTIONS:
                continue
            text = _scalar(value) if key in _TEXT_KEYS else None
            forms = _plural_forms(value) if key in _TEXT_KEYS else None
            mapped = _mapped_texts(value) if key in _TEXT_KEYS else []
            if mapped:
                # A text that depends on an option (``{option: short-deck, map: {"true": Short, ...}}``): each.
                for line, each in mapped:
                    yield line, each, f"{where}: {key}"
            elif text:
                yield value.start_mark.line + 1, text, f"{where}: {key}"
            elif forms:
                yield value.start_mark.line + 1, forms, f"{where}: {key}"
            elif isinstance(value, yaml.SequenceNode):
                yield from _texts_in(value, f"{where} {key}")
            elif isinstance(value, yaml.MappingNode) and key != "option":
                yield from _texts_in(value, f"{where} {key}" if where.count(" ") < 3 else where)


def extract_ruleset(
    fileobj: BinaryIO, keywords: Collection[str], comment_tags: Collection[str], options: Mapping[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor: yields ``(lineno, "pgettext", (context, text), comments)`` per text.

    A file that is not valid YAML yields nothing (``cardrules validate``
    reports it); the message context is resolved through ``extends``.
    """
    raw = fileobj.read()
    text = raw.decode(options.get("encoding", "utf-8")) if isinstance(raw, bytes) else raw
    root = _compose(text)
    if root is None:
        return
    name = getattr(fileobj, "name", None)
    path = Path(name) if isinstance(name, (str, os.PathLike)) else None
    context = text_context_of(path, root)
    notes = translator_notes(text)
    for line, message, what in ruleset_texts(root):
        comments = [f"ruleset text: {what}", *notes.get(line, ())]
        if isinstance(message, tuple):  # a singular and a plural
            if context:
                yield line, "npgettext", (context, *message), comments
            else:
                yield line, "ngettext", message, comments
        elif context:
            yield line, "pgettext", (context, message), comments
        else:
            # A ruleset that declares no context at all: a plain message.
            yield line, "_", message, comments


NOTE_TAG = "TRANSLATORS:"


def translator_notes(text: str) -> dict[int, list[str]]:
    """Translator comments written in a ruleset, by the line they are about.

    ``# TRANSLATORS: ...`` at the end of a line is about that line; on lines of
    their own, such comments are about the next line that is not a comment
    (a card's German name, the word players use).
    """
    notes: dict[int, list[str]] = {}
    waiting: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if stripped.startswith("#"):
            note = stripped.lstrip("#").strip()
            if note.startswith(NOTE_TAG):
                waiting.append(note)
            continue
        if waiting and stripped:
            notes.setdefault(number, []).extend(waiting)
            waiting = []
        marker = line.find("# " + NOTE_TAG)
        if marker >= 0:
            notes.setdefault(number, []).append(line[marker:].lstrip("#").strip())
    return notes
