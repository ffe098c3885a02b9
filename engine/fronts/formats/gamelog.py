"""Game logs (docs/formats.md): reading JSON and JSON Lines, validating, saving atomically.

A log is untrusted input. Reading it is bounded (file and line size limits,
no NaN or Infinity, no duplicate keys, nesting depth) and every problem is a
:class:`~engine.base.errors.LogError` located at a file, line and column: JSON
syntax errors where the decoder stopped, schema errors at the value the JSON
path names (actions are located individually, so a replay can point at the
exact action that went wrong).

JSON Lines files (one log per line) are streamed: :func:`read_logs` yields one
:class:`LogRecord` at a time, so tens of thousands of logs never sit in memory
together.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property, lru_cache
from json.decoder import scanstring
from pathlib import Path
from typing import Any

import jsonschema

from engine.base import resources
from engine.base.errors import Diagnostic, Location, LogError
from engine.base.i18n import N_, _
from engine.base.input_files import InputFileError, open_input, read_input
from engine.base.output_files import atomic_write_bytes
from engine.core.log_fields import is_int, is_text, plain_field
from engine.families.catalog import CATALOG
from engine.language.catalog import BlockCatalog
from engine.language.schema_check import SchemaValidator, worded_errors
from engine.language.yaml_loader import (
    json_path_parts,
    line_column_of,
    oversized_number_message,
    unreadable_file_message,
)

MAX_LOG_FILE_BYTES = 32 * 1024 * 1024  # one pretty-printed JSON log
MAX_LOG_LINE_BYTES = MAX_LOG_FILE_BYTES  # one log in a JSON Lines file: a log, however it is written
MAX_REPORTED_SCHEMA_ERRORS = 20
JSON_LINES_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True)
class LogRecord:
    """One decoded and schema-checked log, with where it and its actions were written.

    Where each action was written is worked out from ``text`` only when
    someone asks (a replay that finds an illegal action): replaying thousands
    of good logs should not pay for locating positions it never reports.
    """

    log: Mapping[str, Any]
    file: str
    line: int  # line where the log starts (1-based)
    number: int  # 0-based position of the log in its file
    text: str = field(default="", repr=False, compare=False)

    @cached_property
    def action_positions(self) -> tuple[tuple[int, int], ...] | None:
        """(line, column) of each action, when they can be found in the text."""
        return _action_positions(self.text, self.log, self.line) if self.text else None

    def location(self, json_path: str = "$") -> Location:
        """Where the value at ``json_path`` was written (line and column), else where the log starts (its first
        character: a log's problem always has a line and a column)."""
        found = _value_position(self.text, json_path, self.line) if self.text and json_path != "$" else None
        if found is None:
            found = self.start
        return Location(self.file, found[0], found[1], json_path)

    @cached_property
    def start(self) -> tuple[int, int]:
        """(line, column) of the log's first character (after any blank space before it)."""
        if not self.text:
            return self.line, 1
        return _line_and_column(self.text, _skip_whitespace(self.text, 0), self.line)

    def action_location(self, index: int) -> Location:
        """Where action ``index`` was written (its line and column when known)."""
        path = f"$.actions[{index}]"
        positions = self.action_positions
        if positions is not None and 0 <= index < len(positions):
            line, column = positions[index]
            return Location(self.file, line, column, path)
        return self.location(path)


# --------------------------------------------------------------------------- decoding


def _reject_constant(name: str) -> Any:
    """NaN and Infinity are not JSON; Python's decoder accepts them unless told not to."""
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; {constant} is NaN, Infinity or -Infinity as
    # written: words JSON does not have.
    raise ValueError(_("{constant} is not allowed in a log", constant=name))


def _no_duplicate_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A key written twice would silently lose one value; refuse it instead."""
    result = dict(pairs)  # built in one call: the decoder asks for every object of every log
    if len(result) == len(pairs):
        return result
    seen: set[str] = set()
    for key, _value in pairs:
        if key in seen:
            # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; {key} is the key in double quotes,
            # e.g. "seed".
            raise ValueError(_("the key {key} appears twice in one object", key=json.dumps(key)))
        seen.add(key)
    return result


def _exact_number(text: str) -> Fraction:
    """A JSON number with a decimal point or an exponent, exactly as written.

    Never a float: rules are exact, and a float would pass as a whole number
    where the log format wants one (a seat written ``0.0``).
    """
    oversized = oversized_number_message(text)
    if oversized is not None:  # 1e999999999 would take the machine's memory and time
        raise ValueError(oversized)
    return Fraction(text)


_DECODER = json.JSONDecoder(
    object_pairs_hook=_no_duplicate_keys, parse_constant=_reject_constant, parse_float=_exact_number
)


def _line_and_column(text: str, offset: int, first_line: int = 1) -> tuple[int, int]:
    """1-based line and column of a character offset in ``text``."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return first_line + line, offset - start + 1


# The json module's own messages (the start of each), and how we say them in the reader's language.
_JSON_REASONS = (
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; a value is a number, a text in double
    # quotes, true, false, null, a list or an object.
    ("Expecting value", N_("a value was expected here")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; a key is the name before ":" in an object,
    # e.g. "seed".
    ("Expecting property name", N_("a key in double quotes was expected here")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; keep ':' as it is (the character JSON needs
    # there).
    ("Expecting ':'", N_("':' was expected here")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; keep ',' as it is (the character JSON needs
    # there).
    ("Expecting ','", N_("',' was expected here")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; a text (JSON string) starts with a double
    # quote but never ends.
    ("Unterminated string", N_("this text has no closing double quote")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; keep \u as it is: JSON writes a character
    # as \u and four hexadecimal digits, e.g. \u00e9.
    ("Invalid \\uXXXX", N_("a \\u escape needs four hexadecimal digits")),
    # TRANSLATORS: why a game log is not valid JSON, after "invalid JSON: "; a backslash followed by a letter JSON does
    # not know, e.g. \x; keep JSON as it is.
    ("Invalid \\escape", N_("a backslash starts an escape that JSON does not have")),
)


def _json_reason(message: str, text: str = "", position: int = -1) -> str:
    """The json module's ``message`` in the reader's language (as it is, for one we do not know)."""
    if message.startswith("Invalid control character") and 0 <= position < len(text):
        char = text[position]
        if char in "\t\n\r":
            # TRANSLATORS: JSON text may not hold a raw tab or line break; it must be written \t or \n.
            return _("a tab or line break inside text must be written as \\t or \\n")
        # TRANSLATORS: {code} is a character's code (U+001B); {escape} how JSON writes it (\u001b).
        return _(
            "a control character ({code}) inside text must be written as {escape}",
            code=f"U+{ord(char):04X}",
            escape=f"\\u{ord(char):04x}",
        )
    for start, reason in _JSON_REASONS:
        if message.startswith(start):
            return _(reason)
    return message


_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?")
_CONSTANT = re.compile(r"NaN|-?Infinity")


def _refused_number(written: str) -> bool:
    """Whether the decoder refuses this JSON number: a decimal or exponent past the limits, an integer too long."""
    if any(mark in written for mark in ".eE"):
        return oversized_number_message(written) is not None
    most = sys.get_int_max_str_digits()  # 0: no limit
    return bool(most) and len(written.lstrip("-")) > most


def _refused_value_offset(text: str) -> int | None:
    """Where the first value the decoder's hooks refuse was written: a key written twice in one object, NaN or
    Infinity, a number too large to read. None when the text holds none (or is not JSON enough to walk)."""

    def walk(position: int) -> tuple[int | None, int]:
        position = _skip_whitespace(text, position)
        char = text[position]
        if char == "{":
            keys: set[str] = set()
            position = _skip_whitespace(text, position + 1)
            if text[position] == "}":
                return None, position + 1
            while True:
                key, end = scanstring(text, position + 1)
                if key in keys:
                    return position, end
                keys.add(key)
                found, position = walk(_skip_whitespace(text, end) + 1)
                if found is not None:
                    return found, position
                position = _skip_whitespace(text, position)
                if text[position] == "}":
                    return None, position + 1
                position = _skip_whitespace(text, position + 1)
        if char == "[":
            position = _skip_whitespace(text, position + 1)
            if text[position] == "]":
                return None, position + 1
            while True:
                found, position = walk(position)
                if found is not None:
                    return found, position
                position = _skip_whitespace(text, position)
                if text[position] == "]":
                    return None, position + 1
                position += 1
        if char == '"':
            return None, scanstring(text, position + 1)[1]
        constant = _CONSTANT.match(text, position)
        if constant:
            return position, constant.end()
        number = _NUMBER.match(text, position)
        if number:
            return (position if _refused_number(number.group()) else None), number.end()
        for word in ("true", "false", "null"):
            if text.startswith(word, position):
                return None, position + len(word)
        raise ValueError("not JSON")

    try:
        return walk(0)[0]
    except (ValueError, IndexError, RecursionError):
        return None


def _decode(text: str, file: str, first_line: int) -> Any:
    """Parse one JSON value, turning every decoder failure into a located LogError."""
    try:
        value, end = _DECODER.raw_decode(text, _skip_whitespace(text, 0))
    except json.JSONDecodeError as error:
        raise LogError.at(
            # TRANSLATORS: a game log (replay, play --resume) is not valid JSON; {reason} says why, e.g. "':' was
            # expected here"; keep JSON as it is.
            _("invalid JSON: {reason}", reason=_json_reason(error.msg, text, error.pos)),
            file,
            first_line + error.lineno - 1,
            error.colno,
        ) from None
    except RecursionError:
        # TRANSLATORS: a game log (replay, play --resume) holds lists or objects nested too deeply to read; keep JSON as
        # it is.
        raise LogError.at(_("invalid JSON: nested too deeply"), file, *_line_and_column(text, 0, first_line)) from None
    except ValueError as error:  # duplicate keys, NaN, integers too long to convert
        # The decoder's hooks do not know where they are: the text is walked again to place the problem.
        offset = _refused_value_offset(text)
        line, column = _line_and_column(text, offset, first_line) if offset is not None else (first_line, None)
        reason = str(error)
        if "integer string conversion" in reason:  # Python's own words advise a call to sys: ours say what to fix
            found = _NUMBER.match(text, offset) if offset is not None else None
            written = found.group() if found else ""
            reason = _(
                "'{value}' has too many digits (at most {digits})",
                value=written[:39] + "…",
                digits=sys.get_int_max_str_digits(),
            )
        raise LogError.at(_("invalid JSON: {reason}", reason=reason), file, line, column) from None
    rest = _skip_whitespace(text, end)
    if rest < len(text):
        line, column = _line_and_column(text, rest, first_line)
        # TRANSLATORS: a game log file holds more text after the end of its JSON object.
        raise LogError.at(_("unexpected text after the end of the log"), file, line, column)
    return value


def _skip_whitespace(text: str, position: int) -> int:
    """The first position at or after ``position`` that is not JSON whitespace."""
    while position < len(text) and text[position] in " \t\r\n":
        position += 1
    return position


def _action_positions(text: str, log: Any, first_line: int) -> tuple[tuple[int, int], ...] | None:
    """(line, column) of every element of the top-level ``actions`` array, if it can be found.

    The decoder does not report positions, so the array is found again in the
    text and walked element by element; the walk is trusted only if it decodes
    to exactly the actions the full parse saw.
    """
    if not isinstance(log, dict) or not isinstance(log.get("actions"), list):
        return None
    key = '"actions"'
    search_from = 0
    while True:
        at = text.find(key, search_from)
        if at < 0:
            return None
        search_from = at + len(key)
        position = _skip_whitespace(text, search_from)
        if position >= len(text) or text[position] != ":":
            continue
        position = _skip_whitespace(text, position + 1)
        if position >= len(text) or text[position] != "[":
            continue
        positions = _walk_array(text, position, first_line)
        if positions is not None and len(positions) == len(log["actions"]):
            return positions


def _walk_array(text: str, position: int, first_line: int) -> tuple[tuple[int, int], ...] | None:
    """Positions of the elements of the JSON array starting at ``text[position] == '['``."""
    offsets = []
    position = _skip_whitespace(text, position + 1)
    if position < len(text) and text[position] == "]":
        return ()
    while position < len(text):
        try:
            _, end = _DECODER.raw_decode(text, position)
        except (ValueError, RecursionError):
            return None
        offsets.append(position)
        position = _skip_whitespace(text, end)
        if position < len(text) and text[position] == ",":
            position = _skip_whitespace(text, position + 1)
        elif position < len(text) and text[position] == "]":
            return _lines_and_columns(text, offsets, first_line)
        else:
            return None
    return None


def _lines_and_columns(text: str, offsets: list[int], first_line: int) -> tuple[tuple[int, int], ...]:
    """:func:`_line_and_column` of increasing ``offsets``, in one pass over the text (not one per offset)."""
    found = []
    line = first_line
    line_start = 0
    counted_to = 0
    for offset in offsets:
        newlines = text.count("\n", counted_to, offset)
        if newlines:
            line += newlines
            line_start = text.rfind("\n", counted_to, offset) + 1
        counted_to = offset
        found.append((line, offset - line_start + 1))
    return tuple(found)


def _past_member(text: str, position: int) -> int | None:
    """Where the next member of an array or object begins, past the value at ``position`` and its comma
    (None after the last one)."""
    _, end = _DECODER.raw_decode(text, position)
    position = _skip_whitespace(text, end)
    return _skip_whitespace(text, position + 1) if text[position] == "," else None


def _value_position(text: str, json_path: str, first_line: int) -> tuple[int, int] | None:
    """(line, column) of the value at ``json_path`` in the JSON ``text``; of the nearest enclosing value found.

    Only asked for a problem to report: the text is walked again along the
    path, each value skipped by the C decoder, so finding a place costs one
    pass over the text before it.
    """
    parts = json_path_parts(json_path)
    if parts is None:
        return None
    position = _skip_whitespace(text, 0)
    found = None
    try:
        for part in parts:
            found = position
            if isinstance(part, int):
                if text[position] != "[":
                    break
                position = _skip_whitespace(text, position + 1)
                for _member in range(part):
                    position = _past_member(text, position)
                    if position is None:
                        return _line_and_column(text, found, first_line)
            else:
                if text[position] != "{":
                    break
                position = _skip_whitespace(text, position + 1)
                while True:
                    key, end = scanstring(text, position + 1)
                    position = _skip_whitespace(text, _skip_whitespace(text, end) + 1)  # past the ':'
                    if key == part:
                        break
                    position = _past_member(text, position)
                    if position is None:
                        return _line_and_column(text, found, first_line)
        else:
            found = position
    except (ValueError, IndexError, RecursionError):
        pass
    return None if found is None else _line_and_column(text, found, first_line)


# --------------------------------------------------------------------------- schema


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """The game-log schema's validator, built once."""
    with open(resources.schema_path("game-log"), encoding="utf-8") as handle:
        schema = json.load(handle)
    return SchemaValidator(schema)


def json_path(path: Any) -> str:
    """``["actions", 3, "cards"]`` -> ``$.actions[3].cards``."""
    text = "$"
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else f".{part}"
    return text


@lru_cache(maxsize=1)
def _result_validator() -> jsonschema.Draft202012Validator:
    """A validator for ``{"result": ...}`` alone, with the schema's definitions."""
    schema = dict(_validator().schema)
    schema.update(required=[], properties={"result": schema["properties"]["result"]})
    return SchemaValidator(schema)


def _field_checks(
    catalog: BlockCatalog,
) -> tuple[dict[str, Any], dict[str, dict[str, Any]], dict[str, tuple[str, ...]]]:
    """The log reader's quick checks, from what the catalog's action spaces declare of their entries:
    ``(check per key any action may hold, narrower checks per word, the keys each word requires)``."""
    loose: dict[str, list[Any]] = {}
    by_word: dict[str, dict[str, Any]] = {}
    required: dict[str, tuple[str, ...]] = {}
    for space in catalog.spaces:
        for key, declared in space.log_fields.items():
            shape = declared.loose or declared
            if shape.quick not in loose.setdefault(key, []):
                loose[key].append(shape.quick)
        for word, keys in space.required_fields.items():
            required[word] = tuple(keys)
            narrowed = {key: space.log_fields[key].quick for key in keys if space.log_fields[key].loose}
            if narrowed:
                by_word[word] = narrowed
    checks = {
        key: quicks[0] if len(quicks) == 1 else (lambda value, quicks=quicks: any(q(value) for q in quicks))
        for key, quicks in loose.items()
    }
    return checks, by_word, required


# Per key, per word, and the keys each word's entries must hold: what the schema's $defs/action says (it is made
# from the same declarations, engine.fronts.formats.log_schema).
_FIELD_CHECKS, _WORD_CHECKS, _REQUIRED_FIELDS = _field_checks(CATALOG)


def _plainly_valid(log: Mapping[str, Any]) -> bool:
    """A fast check that accepts only logs the schema accepts (the common, well-formed case).

    jsonschema walks every action through ``$ref``, ``allOf`` and ``if``/``then``,
    which costs milliseconds per log; replaying tens of thousands of logs
    should not. This check mirrors the schema's constraints on everything
    but ``result`` (checked with jsonschema, it is one small object) and errs
    on the side of "not plainly valid": whatever it does not accept goes to
    jsonschema, which decides and words the errors. A test keeps the two in step.
    """
    players, deck, actions = log.get("players"), log.get("deck"), log.get("actions")
    if not (
        is_text(log.get("ruleset"), 1000)
        and is_int(log.get("first_player"), 0)
        and type(players) is list
        and 1 <= len(players) <= 64
        and all(is_text(p, 200) for p in players)
        and type(deck) is list
        and len(deck) <= 10000
        and all(is_text(c, 200) for c in deck)
        and type(actions) is list
        and len(actions) <= 100000
    ):
        return False
    if "format" in log and not (is_int(log["format"], 1) and log["format"] <= 2):
        return False
    if "options" in log and not (type(log["options"]) is dict and len(log["options"]) <= 100):
        return False
    if "seed" in log and not (log["seed"] is None or is_int(log["seed"])):
        return False
    if "seats" in log:
        seats = log["seats"]
        if not (type(seats) is list and len(seats) <= 64 and all(is_text(s, 200, 0) for s in seats)):
            return False
    if "chance" in log:
        chance = log["chance"]
        if not (type(chance) is list and len(chance) <= 10000):
            return False
        for outcome in chance:
            if not (
                type(outcome) is dict
                and len(outcome) == 2
                and is_text(outcome.get("zone"), 200)
                and type(outcome.get("cards")) is list
                and len(outcome["cards"]) <= 10000
                and all(is_text(card, 200) for card in outcome["cards"])
            ):
                return False
    # (Read once: this loop runs for every action of every log a file holds.)
    valid_kinds, required_fields, word_checks = _VALID_KINDS, _REQUIRED_FIELDS, _WORD_CHECKS
    for action in actions:
        if type(action) is not dict:
            return False
        player = action.get("player")
        if type(player) is not int or player < 0:
            return False
        kind = action.get("action")
        if type(kind) is not str or (kind not in valid_kinds and not _action_kind_valid(kind)):
            return False
        # Most actions are a word alone ({player, action}); the others are checked key by key, by the shapes their
        # spaces declare, then for the keys their word requires.
        if len(action) == 2:
            if kind in required_fields:
                return False
            continue
        narrowed = word_checks.get(kind)
        for key, value in action.items():
            if key == "player" or key == "action":
                continue
            check = (narrowed.get(key) if narrowed is not None else None) or _FIELD_CHECKS.get(key)
            if check is None:
                if not plain_field(value):
                    return False
            elif not check(value):
                return False
        for key in required_fields.get(kind, ()):
            if key not in action:
                return False
    return True


_ACTION_KIND = re.compile(r"^[a-z][a-z0-9-]{0,59}\Z")
# Action words found valid, remembered: a file of thousands of logs uses a handful (at most this many kept).
_VALID_KINDS: set[str] = set()
_MOST_VALID_KINDS = 1000


def _action_kind_valid(kind: str) -> bool:
    """Whether an action word has the schema's form (a lowercase word of at most 60 letters, digits, hyphens)."""
    if kind in _VALID_KINDS:
        return True
    if not _ACTION_KIND.fullmatch(kind):
        return False
    if len(_VALID_KINDS) < _MOST_VALID_KINDS:
        _VALID_KINDS.add(kind)
    return True


def validate_log(record: LogRecord) -> None:
    """Check a decoded log against ``schemas/game-log.schema.json``; raise a located LogError."""
    log = record.log
    if _plainly_valid(log):
        if "result" not in log:
            return
        errors = list(_result_validator().iter_errors({"result": log["result"]}))
    else:
        _refuse_oversized_lists(record)
        errors = list(_validator().iter_errors(log))
    errors.sort(key=lambda e: list(map(str, e.absolute_path)))
    if not errors:
        return

    diagnostics = []
    # Worded like every other file's problems, in the reader's language (not jsonschema's English).
    for problem in worded_errors(errors, log)[:MAX_REPORTED_SCHEMA_ERRORS]:
        path = problem.location.json_path or "$"
        location = record.location(path)
        action = _ACTION_PATH.match(path)
        if action and location.column is None:
            base = record.action_location(int(action.group(1)))
            location = Location(base.file, base.line, base.column, path)
        # TRANSLATORS: a game log (replay, play --resume) does not follow the log format; {reason} says which value is
        # wrong and why.
        diagnostics.append(Diagnostic(location, _("does not match the log format: {reason}", reason=problem.message)))
    raise LogError(diagnostics)


_ACTION_PATH = re.compile(r"^\$\.actions\[(\d+)\]")


def _refuse_oversized_lists(record: LogRecord) -> None:
    """A top-level list past the schema's limit is told at once: jsonschema would check every item first
    (seconds for 100,001 actions) before saying there are too many."""
    properties = _validator().schema.get("properties", {})
    diagnostics = []
    for key, value in record.log.items():
        limit = properties.get(key, {}).get("maxItems") if isinstance(key, str) else None
        if type(value) is list and limit is not None and len(value) > limit:
            # TRANSLATORS: the {reason} of "does not match the log format: {reason}": a list of the log is longer
            # than the format allows; {limit} is its most entries.
            reason = _("has too many entries (at most {limit})", limit=limit)
            diagnostics.append(
                Diagnostic(
                    record.location(f"$.{key}"),
                    _("does not match the log format: {reason}", reason=reason),
                )
            )
    if diagnostics:
        raise LogError(diagnostics)


# --------------------------------------------------------------------------- reading


def _record(text: str, file: str, first_line: int, number: int) -> LogRecord:
    """Decode and validate one log's text."""
    log = _decode(text, file, first_line)
    if not isinstance(log, dict):
        raise LogError.at(
            # TRANSLATORS: a game log is a JSON list, text or number instead of an object in curly braces; keep JSON as
            # it is.
            _("a log must be a JSON object"),
            file,
            *_line_and_column(text, _skip_whitespace(text, 0), first_line),
        )
    record = LogRecord(log, file, first_line, number, text)
    if "\\u" in text and _SURROGATE_ESCAPE.search(text):
        _refuse_lone_surrogates(record)
    validate_log(record)
    return record


# A \uD800-\uDFFF escape: the only way JSON text can hold a surrogate (UTF-8 bytes cannot encode one).
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")
_FIRST_SURROGATE, _LAST_SURROGATE = "\ud800", "\udfff"


def _refuse_lone_surrogates(record: LogRecord) -> None:
    """A string holding half of a UTF-16 pair is no text: it could be neither shown nor saved again."""

    def walk(value: Any, path: str) -> None:
        if isinstance(value, str):
            halves = [char for char in value if _FIRST_SURROGATE <= char <= _LAST_SURROGATE]
            if halves:
                raise LogError(
                    [
                        Diagnostic(
                            record.location(path),
                            # TRANSLATORS: a JSON string escape such as \ud800 that is half of a character.
                            _(
                                "the text holds half of a character (a lone \\u{code} escape)",
                                code=f"{ord(halves[0]):04x}",
                            ),
                        )
                    ]
                )
        elif isinstance(value, dict):
            for key, child in value.items():
                walk(key, path)
                walk(child, f"{path}.{key}" if isinstance(key, str) and key.isidentifier() else path)
        elif isinstance(value, list):
            for index, child in enumerate(value):
                walk(child, f"{path}[{index}]")

    walk(record.log, "$")


def is_json_lines(path: Path) -> bool:
    """JSON Lines by name (``.jsonl``), or when the first non-blank line is a complete JSON value."""
    if path.suffix.lower() in JSON_LINES_SUFFIXES:
        return True
    with open_input(path) as handle:
        line = _first_text_line(handle, MAX_LOG_LINE_BYTES)
    if line is None:
        return False
    try:
        _DECODER.decode(line.decode("utf-8"))
    except (ValueError, RecursionError):
        return False
    return True


# How much is read at a time while looking for a file's first line of text.
_SNIFF_BYTES = 1 << 16


def _first_text_line(handle: Any, limit: int) -> bytes | None:
    """The first line of ``handle`` that is not blank, or None when there is none within ``limit`` bytes.

    Read a block at a time, never more than ``limit`` bytes and a block: a
    file of gigabytes with no line break, or a device that never ends under
    a regular file's name (``/proc/self/pagemap``), is not read whole to find out.
    """
    data = bytearray()
    start = -1  # where the first character that is not white space lies, once found
    while len(data) <= limit:
        block = handle.read(_SNIFF_BYTES)
        if not block:
            return bytes(data[start:]) if start >= 0 else None
        offset = len(data)
        data += block
        if start < 0:
            text = block.lstrip()
            if not text:
                continue
            start = offset + len(block) - len(text)
        end = data.find(b"\n", max(start, offset))
        if end >= 0:
            return bytes(data[start:end]) if end - start <= limit else None
    return None


def read_logs(path: str | os.PathLike) -> Iterator[LogRecord]:
    """Every log in a file (one JSON log, or JSON Lines), decoded and validated, streamed.

    Raises LogError on the first bad log, located at its line; the logs before
    it have been yielded already.
    """
    path = Path(path)
    file = str(path)
    try:
        json_lines = is_json_lines(path)
        if json_lines:
            open_input(path).close()  # a pipe or device named .jsonl is refused here too
    except InputFileError as error:
        raise LogError.at(error.message, file, 1, 1) from None
    except OSError as error:
        raise LogError.at(unreadable_file_message(error), file, 1, 1) from None
    if json_lines:
        yield from _read_json_lines(path, file)
    else:
        yield _read_single(path, file)


def _read_single(path: Path, file: str) -> LogRecord:
    """One JSON log filling the whole file."""
    try:
        raw = read_input(path, MAX_LOG_FILE_BYTES)
    except InputFileError as error:
        raise LogError.at(error.message, file, 1, 1) from None
    except OSError as error:
        raise LogError.at(unreadable_file_message(error), file, 1, 1) from None
    text = _text(raw, file, 1)
    if not text.strip():
        raise LogError.at(_("the file holds no log"), file, 1, 1)
    return _record(text, file, 1, 0)


def _text(raw: bytes, file: str, line: int) -> str:
    """UTF-8 text (a byte order mark allowed), or a located error."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        bad_line, column = line_column_of(raw[: error.start])
        # TRANSLATORS: a game log file holds bytes that are not UTF-8 text; {offset} is where the first bad byte is,
        # counted in bytes from 0; keep UTF-8 as it is.
        raise LogError.at(
            _("the log is not UTF-8 text (byte {offset})", offset=error.start), file, line + bad_line - 1, column
        ) from None


def _read_json_lines(path: Path, file: str) -> Iterator[LogRecord]:
    """One log per non-blank line, read a line at a time."""
    try:
        handle = open_input(path)
    except InputFileError as error:
        raise LogError.at(error.message, file, 1, 1) from None
    except OSError as error:
        raise LogError.at(unreadable_file_message(error), file, 1, 1) from None
    with handle:
        number = 0
        line_number = 0
        while True:
            # Reading at most the limit (plus one byte) bounds memory even for a
            # file that is one endless line.
            raw = handle.readline(MAX_LOG_LINE_BYTES + 1)
            if not raw:
                return
            line_number += 1
            if len(raw) > MAX_LOG_LINE_BYTES and not raw.endswith(b"\n"):
                # TRANSLATORS: a line of a JSON Lines file of logs (replay) is longer than a log may be; {limit} is a
                # number of bytes.
                raise LogError.at(
                    _("the line is too long (the limit is {limit} bytes)", limit=MAX_LOG_LINE_BYTES), file, line_number
                )
            if not raw.strip():
                line_number += _skip_blank_lines(handle)
                continue
            yield _record(_text(raw, file, line_number), file, line_number, number)
            number += 1


def _skip_blank_lines(handle: Any) -> int:
    """Pass over the blank lines that come next in ``handle`` a buffer at a time; return how many there were.

    Read a line at a time, a file of a hundred million line breaks took half
    a minute to be told it holds no log. The next line starts where it did:
    a line of text is never entered, so its columns stay as written.
    """
    skipped = 0
    while True:
        block = handle.peek(_SNIFF_BYTES)
        text = block.lstrip()
        cut = block.rfind(b"\n", 0, len(block) - len(text)) + 1  # after the last line break before any text
        if not cut:
            return skipped
        skipped += block.count(b"\n", 0, cut)
        handle.read(cut)


def read_log(path: str | os.PathLike) -> LogRecord:
    """The single log in a file; a file holding several logs is an error."""
    records = read_logs(path)
    first = next(records, None)
    if first is None:
        raise LogError.at(_("the file holds no log"), str(path), 1, 1)
    second = next(records, None)
    if second is not None:
        where = second.location()
        # TRANSLATORS: play --resume: the file given holds several game logs (one per line), not one; shown at the
        # second.
        raise LogError.at(_("expected one log, found more"), where.file, where.line, where.column)
    return first


# --------------------------------------------------------------------------- writing


def dumps_log(log: Mapping[str, Any], *, pretty: bool = True, encoded_actions: list[str] | None = None) -> str:
    """A log as JSON text; pretty logs keep one action per line so diffs and errors point well.

    ``encoded_actions``, kept by a caller that saves the same growing game
    again and again, holds the JSON text of the first actions; it is extended
    here, so each action is encoded once.
    """
    if not pretty:
        return json.dumps(log, ensure_ascii=False, separators=(",", ":"))
    lines = ["{"]
    items = list(log.items())
    for i, (key, value) in enumerate(items):
        comma = "," if i < len(items) - 1 else ""
        if key == "actions" and isinstance(value, list) and value:
            lines.append(f"  {json.dumps(key)}: [")
            encoded = encoded_actions if encoded_actions is not None and len(encoded_actions) <= len(value) else []
            for action in value[len(encoded) :]:
                encoded.append(json.dumps(action, ensure_ascii=False))
            lines.append(",\n".join(f"    {text}" for text in encoded))
            lines.append(f"  ]{comma}")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value, ensure_ascii=False)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def save_log_atomic(
    path: str | os.PathLike, log: Mapping[str, Any], *, encoded_actions: list[str] | None = None
) -> None:
    """Write ``log`` so that ``path`` always holds either the old or the new complete log.

    Written by :func:`~engine.base.output_files.atomic_write_bytes` (a
    temporary file in the same directory, fsynced, renamed over the target,
    the directory fsynced). A file system that refuses (a missing or read-only directory, a full disk)
    is a located :class:`~engine.base.errors.LogError` naming ``path``; the old file
    is left as it was and no temporary file is left behind.
    """
    target = Path(path)
    check_save_target(target)
    try:
        data = dumps_log(log, encoded_actions=encoded_actions).encode("utf-8")
    except UnicodeError as error:  # a name the terminal could not decode
        raise _save_error(path, error) from None
    if len(data) > MAX_LOG_FILE_BYTES:
        # Written, it could never be read back (replay, --resume): the last good save stays.
        raise LogError.at(
            _(
                "cannot save the log: {reason}",
                reason=_("a game's log is longer than a log may be ({limit} bytes)", limit=MAX_LOG_FILE_BYTES),
            ),
            os.fspath(path),
        )
    try:
        atomic_write_bytes(target, data)
    except OSError as error:
        raise _save_error(path, error) from None


def check_save_target(path: str | os.PathLike) -> None:
    """Refuse a log target that a save could only destroy or fail on: a device, a pipe, a socket, a folder.

    Asked before a game starts (``play --log``) as well as at every save, so the
    player hears it before the game, not after its first move.
    """
    try:
        mode = os.stat(path).st_mode
    except (FileNotFoundError, NotADirectoryError):
        # Missing (the usual case): the folder it goes in must be there.
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise _save_error(
                path,
                NotADirectoryError(
                    errno.ENOTDIR,
                    # TRANSLATORS: why a log cannot be saved; {folder} is the folder the file should go in.
                    _(
                        "there is no folder {folder}",
                        folder=folder,
                    ),
                ),
            ) from None
        return
    except (OSError, ValueError):
        return  # unreadable: the save itself reports what is wrong
    if stat.S_ISDIR(mode):
        raise _save_error(path, IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR)))
    if not stat.S_ISREG(mode):
        # Replacing it would destroy a device (/dev/null, for root) or a pipe instead of writing to it.
        # TRANSLATORS: why a log cannot be saved (the {reason} of "cannot save the log: {reason}"): the target is
        # a device, a pipe or a socket.
        reason = _("it is not a regular file")
        raise LogError.at(_("cannot save the log: {reason}", reason=reason), os.fspath(path))


def _save_error(path: str | os.PathLike, error: OSError | UnicodeError) -> LogError:
    """Why the log could not be saved, located at the file it was meant for."""
    # TRANSLATORS: {reason} is the operating system's explanation, e.g. "Permission denied"
    return LogError.at(
        _("cannot save the log: {reason}", reason=getattr(error, "strerror", None) or str(error)), os.fspath(path)
    )
