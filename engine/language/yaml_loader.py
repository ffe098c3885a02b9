"""Safe YAML loading into a tree whose every node remembers where it was written.

Ruleset files come from strangers, so the loader never builds an object from a
tag, refuses anything a careless or hostile file could use to hang or exhaust
the program, and reports every problem as a :class:`~engine.base.errors.RulesetError`
located at ``FILE:LINE:COL``.

The tree is built straight from PyYAML's parser events (never its constructor),
so this module alone decides what a plain scalar means. Our rulings on the
YAML 1.1 traps (documented in ``docs/rulesets/checking.md``, "YAML rulings"):

* ``true``/``false`` (any case) are booleans; ``yes``/``no``/``on``/``off`` are
  refused with a message asking the author to write ``true``/``false`` or to
  quote the word, because YAML 1.1 and 1.2 tools read them differently. The
  single letters ``y``/``n`` are text (as in PyYAML and YAML 1.2).
* ``null``, ``~`` and an empty value are null.
* Decimal integers are ints; decimals (``0.5``, ``1e3``) become exact
  :class:`~fractions.Fraction`; ``.inf`` and ``.nan`` are refused (no floats in rules).
* Sexagesimal numbers (``1:30``), numbers with leading zeros (``010``, an octal
  in YAML 1.1) or underscores (``1_000``) are refused: quote them or write them plainly.
* Dates and timestamps (``2024-01-01``) stay text, on purpose.
* Tabs in indentation are refused with a message saying so.
* Merge keys (``<<``) are refused: rulesets share parts with ``extends``.

Limits (a file breaking one fails fast, before anything is expanded):
:data:`MAX_FILE_BYTES`, :data:`MAX_DEPTH`, :data:`MAX_ANCHORS`, :data:`MAX_ALIASES`
and :data:`MAX_NODES` (nodes after aliases are expanded, counted without expanding).
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path

import yaml

from engine.base.errors import Diagnostic, Location, RulesetError
from engine.base.i18n import _
from engine.base.input_files import InputFileError, read_input
from engine.base.jsontypes import JSON

MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 64
MAX_ANCHORS = 256
MAX_ALIASES = 256
MAX_NODES = 100_000
# Numbers in rules are small; longer ones are refused before they are converted
# (Python refuses to convert very long integers, and 1e999999999 would take
# minutes and gigabytes to make exact).
MAX_NUMBER_DIGITS = 30
MAX_NUMBER_EXPONENT = 30

# LibYAML's parser when PyYAML was built with it (several times faster); only its
# events are used, never a constructor, so both parsers are equally safe.
_PARSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_CORE_TAG = "tag:yaml.org,2002:"
# What a value of each core tag must be (``!!float`` takes an exact number).
_TAG_TYPES: dict[str, type | tuple[type, ...]] = {
    "int": int,
    "float": (int, Fraction),
    "bool": bool,
    "null": type(None),
}
_ALLOWED_TAGS = {f"{_CORE_TAG}{name}" for name in ("str", "int", "float", "bool", "null", "map", "seq")}

_NULL = re.compile(r"^(?:~|null|Null|NULL|)$")
_TRUE = re.compile(r"^(?:true|True|TRUE)$")
_FALSE = re.compile(r"^(?:false|False|FALSE)$")
_YAML11_BOOL = re.compile(r"^(?:yes|Yes|YES|no|No|NO|on|On|ON|off|Off|OFF)$")
_INT = re.compile(r"^[-+]?(?:0|[1-9][0-9]*)$")
_LEADING_ZERO_INT = re.compile(r"^[-+]?0[0-9]+$")
_HEX_OCT = re.compile(r"^[-+]?0(?:x[0-9a-fA-F]+|o[0-7]+)$")
_UNDERSCORE_NUMBER = re.compile(r"^[-+]?[0-9][0-9_]*(?:\.[0-9_]*)?$")
_DECIMAL = re.compile(r"^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$")
_SPECIAL_FLOAT = re.compile(r"^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$")
_SEXAGESIMAL = re.compile(r"^[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+(?:\.[0-9_]*)?$")
# \Z, not $: Python's $ matches before a final newline, and a key ending in one is not simple.
_SIMPLE_KEY = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$-]*\Z")


@dataclass(frozen=True)
class Position:
    """Where a value was written: file (as given), 1-based line and column."""

    file: str
    line: int
    column: int

    def location(self, json_path: str = "$") -> Location:
        """This position as an :class:`~engine.base.errors.Location` for a diagnostic."""
        return Location(self.file, self.line, self.column, json_path)


@dataclass(eq=False)
class Node:
    """One value of a YAML document and where it was written.

    ``value`` is a ``dict[str, Node]`` for a mapping, a ``list[Node]`` for a
    sequence, else a plain scalar (str, int, Fraction, bool or None).
    ``key_positions`` holds, for a mapping, where each key was written.
    ``size`` counts the nodes this one stands for once aliases are expanded.
    """

    value: JSON
    position: Position
    key_positions: dict[str, Position] = field(default_factory=dict)
    size: int = 1
    # A scalar's YAML style: None or "" plain, "'" or '"' quoted, "|" or ">" a block (where its text starts).
    style: str | None = None

    @property
    def is_mapping(self) -> bool:
        """True for a mapping node."""
        return isinstance(self.value, dict)

    @property
    def is_sequence(self) -> bool:
        """True for a sequence node."""
        return isinstance(self.value, list)

    def get(self, key: str) -> Node | None:
        """The child node at ``key`` of a mapping (None if absent or not a mapping)."""
        return self.value.get(key) if isinstance(self.value, dict) else None

    def plain(self) -> JSON:
        """The plain Python value (dicts, lists, scalars) of this node."""
        if isinstance(self.value, dict):
            return {key: child.plain() for key, child in self.value.items()}
        if isinstance(self.value, list):
            return [child.plain() for child in self.value]
        return self.value


def json_path_child(parent: str, key: str | int) -> str:
    """The JSON path of ``key`` under ``parent``: ``$.cards[3].tags[0]``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    if _SIMPLE_KEY.match(key):
        return f"{parent}.{key}"
    # Written as a JSON string: a quote, a backslash or a control character in a key is escaped.
    return f"{parent}[{json.dumps(key, ensure_ascii=False)}]"


_PATH_PART = re.compile(r'\.([A-Za-z_$][A-Za-z0-9_$-]*)|\[(\d+)\]|\[("(?:[^"\\]|\\.)*")\]')


def json_path_parts(json_path: str) -> list[str | int] | None:
    """``$.actions[3].cards`` as ``["actions", 3, "cards"]`` (None when it is not a path this module writes)."""
    parts: list[str | int] = []
    position = 1 if json_path.startswith("$") else 0
    while position < len(json_path):
        match = _PATH_PART.match(json_path, position)
        if match is None:
            return None
        key, index, quoted = match.groups()
        parts.append(int(index) if index is not None else key if key is not None else json.loads(quoted))
        position = match.end()
    return parts


def iter_positions(node: Node, path: str = "$") -> Iterator[tuple[str, Position, Position | None]]:
    """Every ``(json_path, value_position, key_position)`` in the tree, parents first."""
    stack: list[tuple[Node, str, Position | None]] = [(node, path, None)]
    while stack:
        current, current_path, key_position = stack.pop()
        yield current_path, current.position, key_position
        if isinstance(current.value, dict):
            for key, child in reversed(list(current.value.items())):
                stack.append((child, json_path_child(current_path, key), current.key_positions.get(key)))
        elif isinstance(current.value, list):
            for index in range(len(current.value) - 1, -1, -1):
                stack.append((current.value[index], json_path_child(current_path, index), None))


@dataclass
class PositionIndex:
    """Looks up where the value (or the key) at a JSON path was written."""

    values: dict[str, Position]
    keys: dict[str, Position]

    @classmethod
    def of(cls, node: Node) -> PositionIndex:
        """Index every path of ``node``'s tree."""
        values: dict[str, Position] = {}
        keys: dict[str, Position] = {}
        for path, position, key_position in iter_positions(node):
            values[path] = position
            if key_position is not None:
                keys[path] = key_position
        return cls(values, keys)

    def value(self, path: str) -> Position | None:
        """Where the value at ``path`` (or its nearest written ancestor) was written."""
        while True:
            if path in self.values:
                return self.values[path]
            parent = _parent_path(path)
            if parent is None:
                return None
            path = parent

    def key(self, path: str) -> Position | None:
        """Where the key naming ``path`` was written (else where its value was)."""
        return self.keys.get(path) or self.value(path)


def _parent_path(path: str) -> str | None:
    if path == "$":
        return None
    if path.endswith("]"):
        start = path.rfind("[")
        return path[:start] if start > 0 else "$"
    dot = path.rfind(".")
    return path[:dot] if dot > 0 else "$"


# --------------------------------------------------------------------------- loading


class _Problems:
    """Problems found while building the tree; the fatal ones stop at once."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.diagnostics: list[Diagnostic] = []

    def add(self, message: str, mark: yaml.Mark) -> None:
        self.diagnostics.append(Diagnostic(self.location(mark), message))

    def fatal(self, message: str, mark: yaml.Mark) -> RulesetError:
        return RulesetError([*self.diagnostics, Diagnostic(self.location(mark), message)])

    def location(self, mark: yaml.Mark) -> Location:
        if mark is None:
            return Location(self.filename)
        if isinstance(mark, Position):
            return mark.location()
        return Location(self.filename, mark.line + 1, mark.column + 1)

    def position(self, mark: yaml.Mark) -> Position:
        return Position(self.filename, mark.line + 1, mark.column + 1)


def _read_source(source: str | bytes | os.PathLike[str], filename: str | None) -> tuple[str, str]:
    """The text of ``source`` and the name to report, after the byte-level checks."""
    if (
        isinstance(source, (str, bytes))
        and not isinstance(source, os.PathLike)
        and (isinstance(source, bytes) or filename is not None)
    ):
        data = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
        name = filename or "<input>"
    else:
        name = filename or str(source)
        try:
            data = read_input(Path(source), MAX_FILE_BYTES)
        except InputFileError as error:
            raise RulesetError.at(error.message, file=name, line=1, column=1) from None
        except OSError as error:
            raise RulesetError.at(unreadable_file_message(error), file=name, line=1, column=1) from None
    if len(data) > MAX_FILE_BYTES:
        raise RulesetError.at(
            _("file is too large ({size} bytes; the limit is {limit})", size=len(data), limit=MAX_FILE_BYTES),
            file=name,
            line=1,
            column=1,
        )
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line, column = line_column_of(data[: error.start])
        raise RulesetError.at(
            # TRANSLATORS: an error reading a file (a ruleset): it is not UTF-8 text; {byte} is the bad byte in
            # hexadecimal, e.g. "e9".
            _("the file is not valid UTF-8 (byte 0x{byte} cannot be decoded)", byte=f"{data[error.start]:02x}"),
            file=name,
            line=line,
            column=column,
        ) from None
    if text.startswith("\ufeff"):
        text = text[1:]  # a byte order mark is harmless; PyYAML would count it as a column
    nul = text.find("\0")
    if nul >= 0:
        line, column = line_column_of(text[:nul].encode("utf-8"))
        # TRANSLATORS: an error reading a file (a ruleset): it holds a NUL character (a zero byte), as binary files do.
        raise RulesetError.at(_("the file contains a NUL character"), file=name, line=line, column=column)
    breaking = _HIDDEN_LINE_BREAK.search(text)
    if breaking is not None:
        # YAML counts these as line breaks where editors do not: every line number after one would be off.
        line, column = line_column_of(text[: breaking.start()].encode("utf-8"))
        # TRANSLATORS: {code} is U+2028, U+2029 or U+0085; {escape} how to write it inside double quotes.
        raise RulesetError.at(
            _(
                "the file contains a line separator ({code}), which YAML reads as a line break: "
                "remove it, or write {escape} inside double quotes",
                code=f"U+{ord(breaking.group()):04X}",
                escape=f"\\u{ord(breaking.group()):04x}",
            ),
            file=name,
            line=line,
            column=column,
        )
    return text, name


_HIDDEN_LINE_BREAK = re.compile("[\u2028\u2029\x85]")


def unreadable_file_message(error: OSError) -> str:
    """Why a file given by the user cannot be read, in words (for any kind of input file)."""
    if isinstance(error, IsADirectoryError):
        return _("is a directory, not a file")
    if isinstance(error, FileNotFoundError):
        # TRANSLATORS: a file given that does not exist.
        return _("no such file")
    # TRANSLATORS: an error: a file given cannot be read; {reason} is the system's reason, e.g. "Permission denied".
    return _("cannot read the file: {reason}", reason=error.strerror or str(error))


def line_column_of(prefix: bytes) -> tuple[int, int]:
    """1-based line and column just after ``prefix`` (the bytes of a file before a position)."""
    text = prefix.decode("utf-8", "replace")
    line = text.count("\n") + 1
    column = len(text) - (text.rfind("\n") + 1) + 1
    return line, column


def load_yaml(source: str | bytes | os.PathLike[str], filename: str | None = None) -> Node:
    """Load one YAML document into a positioned :class:`Node` tree.

    ``source`` is a path, or the text itself (str or bytes) when ``filename``
    (the name to report) is given. The top level must be a mapping. Raises
    :class:`~engine.base.errors.RulesetError` with every problem found, located.
    """
    text, name = _read_source(source, filename)
    if not text.strip() or all(not line.strip() or line.lstrip().startswith("#") for line in text.splitlines()):
        raise RulesetError.at(
            # TRANSLATORS: an error in a ruleset file with nothing in it (or only comments); keep `name` and `cards`
            # (ruleset keys).
            _("the file is empty: a ruleset is a mapping of keys such as `name` and `cards`"),
            file=name,
            line=1,
            column=1,
        )
    problems = _Problems(name)
    text = _json_surrogate_pairs(text)
    try:
        root = _build(yaml.parse(text, Loader=_PARSER), problems)
    except yaml.MarkedYAMLError as error:
        raise _syntax_error(error, text, problems) from None
    except yaml.reader.ReaderError as error:  # a character YAML does not allow (a control character)
        line, column = line_column_of(text[: error.position].encode("utf-8"))
        diagnostic = Diagnostic(
            Location(name, line, column),
            # TRANSLATORS: an error in a YAML file (a ruleset); {code} is a character's code (U+001B); YAML files may
            # not hold such characters.
            _(
                "the file contains a control character ({code}), which YAML does not allow: remove it",
                code=f"U+{error.character:04X}" if isinstance(error.character, int) else "?",
            ),
        )
        raise RulesetError([*problems.diagnostics, diagnostic]) from None
    except yaml.YAMLError as error:  # other unmarked errors
        raise RulesetError(
            [
                *problems.diagnostics,
                Diagnostic(
                    Location(name),
                    # TRANSLATORS: a YAML problem; {reason} comes from the YAML reader (in English).
                    _("YAML error: {reason}", reason=str(error)[:200]),
                ),
            ]
        ) from None
    if root is None or root.value is None:
        raise RulesetError.at(
            _("the file is empty: a ruleset is a mapping of keys such as `name` and `cards`"),
            file=name,
            line=1,
            column=1,
        )
    if problems.diagnostics:
        raise RulesetError(problems.diagnostics)
    if not root.is_mapping:
        raise RulesetError(
            [
                Diagnostic(
                    root.position.location(),
                    # TRANSLATORS: an error in a ruleset file: its top level is not keys and values; keep `name` and
                    # `cards` (ruleset keys); {kind} is "a list", "nothing (null)" or "a single value".
                    _(
                        "the top level must be a mapping (keys such as `name` and `cards`), not {kind}",
                        kind=_kind_name(root),
                    ),
                )
            ]
        )
    return root


def _kind_name(node: Node) -> str:
    if node.is_sequence:
        # TRANSLATORS: a kind of value expected in a file, in "expected a list, got ...".
        return _("a list")
    if node.value is None:
        # TRANSLATORS: how an empty YAML value is shown in a message.
        return _("nothing (null)")
    # TRANSLATORS: how a YAML value that is neither a list nor a mapping is described in a message.
    return _("a single value")


def _syntax_error(error: yaml.MarkedYAMLError, text: str, problems: _Problems) -> RulesetError:
    mark = error.problem_mark or error.context_mark
    if mark is not None:
        lines = text.splitlines()
        line_text = lines[mark.line] if mark.line < len(lines) else ""
        indentation = line_text[: len(line_text) - len(line_text.lstrip(" \t"))]
        if "\t" in indentation or (mark.index < len(text) and text[mark.index] == "\t"):
            tab_column = indentation.find("\t") if "\t" in indentation else mark.column
            diagnostic = Diagnostic(
                Location(problems.filename, mark.line + 1, tab_column + 1),
                # TRANSLATORS: an error in a YAML file (a ruleset): a line is indented with a tab character.
                _("tab character in indentation: YAML indents with spaces only"),
            )
            return RulesetError([*problems.diagnostics, diagnostic])
    message, where = _plain_syntax_error(error, text)
    return problems.fatal(message, where)


def _unclosed_bracket(text: str) -> _Mark | None:
    """Where the last ``[`` or ``{`` left open in ``text`` is (quotes and comments skipped), if any."""
    stack: list[tuple[int, int]] = []
    line = column = 0
    quote = None
    comment = False
    previous = "\n"
    for char in text:
        if char == "\n":
            line, column, comment, previous = line + 1, 0, False, char
            continue
        if comment:
            pass
        elif quote is not None:
            if char == quote:
                quote = None
        elif char in "\"'":
            quote = char
        elif char == "#" and previous in " \t\n":
            comment = True
        elif char in "[{":
            stack.append((line, column))
        elif char in "]}" and stack:
            stack.pop()
        previous = char
        column += 1
    if not stack:
        return None
    line, column = stack[-1]
    return _Mark(line, column)


@dataclass(frozen=True)
class _Mark:
    """A 0-based position, shaped like PyYAML's marks."""

    line: int
    column: int


# Characters YAML reserves at the start of a plain value: a value beginning with one must be quoted.
_RESERVED_STARTS = "*&!@`%|>,"


def _char_at(text: str, mark: yaml.Mark) -> str:
    """The character at a parser mark ('' past the end of its line)."""
    lines = text.split("\n")
    line = lines[mark.line] if mark.line < len(lines) else ""
    return line[mark.column] if mark.column < len(line) else ""


def _line_before(text: str, mark: yaml.Mark) -> str:
    """The text of the mark's line before the mark."""
    lines = text.split("\n")
    return (lines[mark.line] if mark.line < len(lines) else "")[: mark.column]


def _value_start(text: str, mark: yaml.Mark) -> _Mark | None:
    """Where the value on the mark's line begins (after ``key:`` or ``- ``), if there is one before the mark."""
    before = _line_before(text, mark)
    match = re.match(r"^(\s*(?:-\s+)*(?:[^\s#'\"][^#]*?:\s+|-\s+)?)(\S)", before)
    if match is None:
        return None
    return _Mark(mark.line, len(match.group(1)))


def _quote_closed_before(text: str, mark: yaml.Mark) -> _Mark | None:
    """The quote that closed a quoted value just before the mark on its line (the value then went on), if any."""
    before = _line_before(text, mark).rstrip()
    if not before or before[-1] not in "'\"":
        return None
    start = _value_start(text, _Mark(mark.line, len(before)))
    if start is None or before[start.column] != before[-1] or start.column == len(before) - 1:
        return None
    return _Mark(mark.line, len(before) - 1)


def _reserved_start_message(char: str) -> str:
    # TRANSLATORS: {char} is a character such as * or @ that YAML gives a meaning at the start of a value.
    return _(
        "a value that starts with '{char}' must be quoted: YAML gives '{char}' a meaning there (write \"{char}...\")",
        char=char,
    )


_SURROGATE_PAIR = re.compile(r"\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)
# A JSON string token (JSON has no backslash outside strings).
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _joined_escape(high_hex: str, low_hex: str) -> str:
    """The one ``\\UXXXXXXXX`` escape for a surrogate pair's two ``\\uXXXX`` escapes."""
    high, low = int(high_hex, 16), int(low_hex, 16)
    return f"\\U{0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00):08X}"


def _json_surrogate_pairs(text: str) -> str:
    """A JSON file's surrogate-pair escapes as the ``\\U`` escapes YAML reads (LibYAML refuses the pairs).

    ``json.dumps`` writes every character past U+FFFF as two ``\\uXXXX`` halves,
    which JSON allows and YAML does not. Only a file that is JSON is changed:
    there every backslash is inside a string, so the change is exact (in YAML,
    ``\\u`` in a plain or single-quoted value is text). Each pair is two
    characters shorter as one escape, so as many spaces follow the string's
    closing quote: every later token keeps its column for the messages.
    """
    if "\\u" not in text or _SURROGATE_PAIR.search(text) is None:
        return text
    try:
        json.loads(text)
    except ValueError:
        return text

    def one_string(token: re.Match[str]) -> str:
        shortened, count = _PAIR_NOT_ESCAPED.subn(
            lambda pair: pair.group(1) + _joined_escape(pair.group(2), pair.group(3)), token.group(0)
        )
        return shortened + "  " * count

    return _JSON_STRING.sub(one_string, text)


# A pair whose first backslash is not itself escaped (\\ud842 is a backslash and text).
_PAIR_NOT_ESCAPED = re.compile(r"(?<!\\)((?:\\\\)*)\\u(d[89ab][0-9a-f]{2})\\u(d[c-f][0-9a-f]{2})", re.IGNORECASE)


def _escape_at(text: str, noticed: yaml.Mark) -> _Mark | None:
    """The backslash of the escape a quoted-scalar error is about (LibYAML marks it, or the digits after ``\\x``/``\\u``)."""
    for back in (0, 1, 2):
        if noticed.column >= back and _char_at(text, _Mark(noticed.line, noticed.column - back)) == "\\":
            before = _line_before(text, _Mark(noticed.line, noticed.column - back))
            if (len(before) - len(before.rstrip("\\"))) % 2 == 0:  # not itself escaped (\\)
                return _Mark(noticed.line, noticed.column - back)
    return None


def _escape_message(text: str, noticed: yaml.Mark) -> str:
    """What is wrong with the backslash escape at ``noticed`` in a double-quoted value."""
    rest = _line_before(text, _Mark(noticed.line, 10**9))[noticed.column :]
    letter = rest[1:2]
    if letter in ("x", "u", "U"):
        digits = {"x": 2, "u": 4, "U": 8}[letter]
        written = rest[: 2 + digits]
        code = rest[2 : 2 + digits]
        if len(code) == digits and all(c in "0123456789abcdefABCDEF" for c in code):
            value = int(code, 16)
            pair = _SURROGATE_PAIR.match(rest)
            if pair is not None:
                # TRANSLATORS: {escapes} is two \uXXXX escapes that together write one character; {single} one \U escape.
                return _(
                    "the escapes {escapes} write one character in two halves, which YAML does not allow: "
                    "write {single} instead",
                    escapes=pair.group(0),
                    single=_joined_escape(pair.group(1), pair.group(2)),
                )
            if 0xD800 <= value <= 0xDFFF:
                # TRANSLATORS: {escape} is a \uXXXX escape for half of a character (a UTF-16 surrogate).
                return _(
                    "the escape {escape} is half of a character (a lone surrogate): write the character "
                    "itself, or one \\UXXXXXXXX escape for it",
                    escape=written,
                )
            # TRANSLATORS: {escape} is a \U escape whose number is past the last Unicode character.
            return _("the escape {escape} is not a Unicode character", escape=written)
        # TRANSLATORS: {escape} is an escape such as \x or \u; {digits} how many hexadecimal digits it needs.
        return _(
            "the escape {escape} needs {digits} hexadecimal digits (0-9, a-f)", escape="\\" + letter, digits=digits
        )
    # TRANSLATORS: {escape} is a backslash and the letter after it (\q) inside double quotes.
    return _(
        "unknown escape {escape}: inside double quotes a backslash starts an escape such as \\n; "
        "write \\\\ for a backslash, or use single quotes",
        escape=rest[:2],
    )


def _plain_syntax_error(error: yaml.MarkedYAMLError, text: str) -> tuple[str, yaml.Mark]:
    """Every YAML syntax error in plain words, placed where the fix goes: ``(message, mark)``.

    The parser's own words ("while parsing a block mapping ... did not find
    expected key") name its state, not the mistake: each class of (context,
    problem) a person can cause is recognised here from the context and the
    text at the marks (not the problem's wording, which differs between
    LibYAML and PyYAML), and anything else gets a general message. The
    parser notices an unclosed ``[`` where the next line begins; the message
    is placed at the bracket and says where it was noticed.
    """
    context, problem = error.context or "", error.problem or ""
    start, noticed = error.context_mark, error.problem_mark
    where = noticed or start
    seen = {"line": noticed.line + 1, "column": noticed.column + 1} if noticed is not None else None
    char = _char_at(text, noticed) if noticed is not None else ""
    if char in ("]", "}") and "block" in context:
        # TRANSLATORS: {closer} is ] or }, {opener} the [ or { it would close.
        return _(
            "this {closer} has no {opener} before it to close: remove it",
            closer=char,
            opener="[" if char == "]" else "{",
        ), noticed
    for kind, opener, closer in (("flow sequence", "[", "]"), ("flow mapping", "{", "}")):
        if kind in context and start is not None and seen is not None:
            # TRANSLATORS: {opener}/{closer} are [ and ] (or { and }); {line}, {column}: where the parser noticed.
            return _(
                "this {opener} is never closed: a {closer} (or a comma between items) is missing "
                "before line {line}, column {column}",
                opener=opener,
                closer=closer,
                **seen,
            ), start
    if "flow node" in context and (noticed is None or noticed.index >= len(text.rstrip())):
        opened = _unclosed_bracket(text)
        if opened is not None:
            bracket = text.split("\n")[opened.line][opened.column]
            # TRANSLATORS: a YAML syntax error in a file: a [ or { is never closed; {opener} is [ or {, {closer} the ]
            # or } it needs.
            return _(
                "this {opener} is never closed: the file ends before its {closer}",
                opener=bracket,
                closer="]" if bracket == "[" else "}",
            ), opened
    if "flow node" in context and char == ",":
        # TRANSLATORS: a YAML syntax error in a file: an empty item between commas inside [ ] or { }; keep ',' as is.
        return _("a value is missing before this ',' (two commas in a row, or a comma first)"), noticed
    escape = _escape_at(text, noticed) if "quoted scalar" in context and noticed is not None else None
    if escape is not None:
        return _escape_message(text, escape), escape
    if "quoted scalar" in context and start is not None:
        # TRANSLATORS: a YAML syntax error in a file: a text opened with a quote (' or ") is not closed.
        return _("this quoted text is never closed: its closing quote is missing"), start
    if "mapping values are not allowed" in problem and noticed is not None:
        # TRANSLATORS: a YAML syntax error in a file: a stray ':' (a key indented wrongly, or a value holding ': '
        # without quotes); keep ':' and ': ' as they are.
        return _(
            "a ':' cannot stand here: a key starts in the same column as the keys beside it, "
            "and a value that holds ': ' needs quotes"
        ), noticed
    if "sequence entries are not allowed" in problem and noticed is not None:
        # TRANSLATORS: a YAML syntax error in a file: a list written after its key on the same line (key: - item); keep
        # '- item'.
        return _(
            "a list cannot start on the same line as its key: put each '- item' on a line of its own "
            "below the key, indented, or quote the value"
        ), noticed
    if any(kind in context for kind in ("an alias", "an anchor", "a block scalar", "a tag")) and start is not None:
        return _reserved_start_message(_char_at(text, start)), start
    if ("next token" in context or "directive" in context) and noticed is not None:
        if "directive" in context:
            noticed = start or noticed
        return _reserved_start_message(_char_at(text, noticed)), noticed
    if "block node" in context and noticed is not None and char:
        return _reserved_start_message(char), noticed
    if "simple key" in context and start is not None:
        # TRANSLATORS: a YAML syntax error in a file: a line of a mapping with no ':'; keep 'key: value', '- value' and
        # ':' as written (YAML syntax), or translate only the words key and value in them.
        return _(
            "this line is neither 'key: value' nor a list item '- value': add ':' after the key, "
            "or indent the line to continue the value above"
        ), start
    if "block collection" in context and noticed is not None and start is not None:
        if char == "-" and noticed.column > start.column:
            # TRANSLATORS: {line} is where the list begins (its first item).
            return _(
                "this list item is indented more than the items before it: items of one list start "
                "in the same column (the list begins at line {line})",
                line=start.line + 1,
            ), noticed
        # TRANSLATORS: {line}, {column}: where the list begins.
        return _(
            "this line stands in a list but is not an item: the items of the list that begins at line {line} "
            "each start with '-' in column {column}",
            line=start.line + 1,
            column=start.column + 1,
        ), noticed
    if ("block mapping" in context or "block sequence" in context) and noticed is not None and start is not None:
        if _line_before(text, noticed).strip():
            quote = _quote_closed_before(text, noticed)
            if quote is not None:
                mark = _char_at(text, quote)
                if mark == "'":
                    # TRANSLATORS: a YAML syntax error in a file: text goes on after a closing single quote; it''s shows
                    # an apostrophe doubled: keep it, or use a word of your language with an apostrophe, doubled.
                    return _(
                        "the quoted text ends at this ' but the line goes on: inside single quotes write "
                        "an apostrophe twice (it''s), or put the text in double quotes"
                    ), quote
                # TRANSLATORS: a YAML syntax error in a file: text goes on after a closing double quote; keep " and \"
                # (how YAML writes a quote inside double quotes) as they are.
                return _(
                    'the quoted text ends at this " but the line goes on: inside double quotes write '
                    'a quote as \\", or put the text in single quotes'
                ), quote
            value = _value_start(text, noticed)
            if value is not None and _char_at(text, value) in _RESERVED_STARTS:
                return _reserved_start_message(_char_at(text, value)), value
            # TRANSLATORS: a YAML syntax error in a file: more text after a value on the same line (e.g. a quoted word
            # followed by more words).
            return _(
                "the value ended before this text on the same line: quote the whole value if it is one text"
            ), noticed
        if char == "-":
            # TRANSLATORS: a YAML syntax error in a file: a list item ('- ...') where the mapping around it takes none;
            # keep ':'.
            return _(
                "a list item cannot stand here: a list goes under a key that ends with ':', "
                "its items indented on the lines below"
            ), noticed
        # TRANSLATORS: fills {what} in "this line is indented differently ...: {what} start in the same column".
        mapping_keys = _("keys of one mapping")
        # TRANSLATORS: fills {what} in "this line is indented differently ...: {what} start in the same column".
        list_items = _("items of one list")
        what = mapping_keys if "block mapping" in context else list_items
        # TRANSLATORS: {what} is "keys of one mapping" or "items of one list"; {line} where that mapping or list begins.
        return _(
            "this line is indented differently from the lines before it: {what} start in the same column "
            "(it begins at line {line})",
            what=what,
            line=start.line + 1,
        ), noticed
    if "document" in problem:
        # TRANSLATORS: a YAML syntax error in a file: it holds a second YAML document; keep '...' and '---' (YAML
        # markers).
        return _(
            "only one YAML document per file: remove this line and what follows, or the '...' or '---' before it"
        ), where
    # TRANSLATORS: a YAML mistake of a kind not recognised; the location says where the reader stopped.
    return _(
        "YAML cannot read the file from here: check the quotes, brackets, colons and indentation "
        "on this line and the line before"
    ), where


class _Frame:
    """A collection being built: its node, and for a mapping the pending key."""

    __slots__ = ("node", "anchor", "pending_key", "pending_key_mark")

    def __init__(self, node: Node, anchor: str | None) -> None:
        self.node = node
        self.anchor = anchor
        self.pending_key: str | None = None
        self.pending_key_mark: yaml.Mark = None


def _build(events: Iterator[yaml.Event], problems: _Problems) -> Node | None:
    """Build the tree from parser events, enforcing every limit as it goes."""
    anchors: dict[str, Node] = {}
    open_anchors: set[str] = set()
    stack: list[_Frame] = []
    root: Node | None = None
    total_nodes = 0
    alias_count = 0
    documents = 0

    def attach(node: Node, mark: yaml.Mark, is_key_candidate: bool) -> None:
        nonlocal root, total_nodes
        total_nodes += node.size
        if total_nodes > MAX_NODES:
            if not alias_count:
                # TRANSLATORS: a ruleset file with more values (keys, items) than the loader takes.
                raise problems.fatal(_("the document holds more than {limit} values", limit=MAX_NODES), mark)
            raise problems.fatal(
                # TRANSLATORS: an error in a YAML file (a ruleset): with its aliases (*name) copied in, it holds too
                # many values; {limit} is a number, e.g. 100000.
                _("the document is too large once aliases are expanded (more than {limit} values)", limit=MAX_NODES),
                mark,
            )
        if not stack:
            root = node
            return
        frame = stack[-1]
        container = frame.node
        if isinstance(container.value, list):
            container.value.append(node)
            container.size += node.size
            return
        if frame.pending_key is None:
            if not is_key_candidate:
                # TRANSLATORS: an error in a YAML file (a ruleset): a list or a mapping used as a key ("[a, b]: 1");
                # keys are plain values.
                raise problems.fatal(_("a mapping key must be a plain value, not a list or mapping"), mark)
            key = node.value if isinstance(node.value, str) else str(node.value)
            if key == "<<":
                # TRANSLATORS: an error in a YAML file (a ruleset): a YAML merge key "<<"; keep << and `extends` (a
                # ruleset key).
                problems.add(_("merge keys (<<) are not supported: share parts with `extends`"), mark)
            if key in container.value or key in container.key_positions:
                first = container.key_positions[key]
                problems.add(
                    # TRANSLATORS: an error in a YAML file (a ruleset): a key written twice in one mapping; {key} is it;
                    # {line} and {column} where it is first written.
                    _(
                        "duplicate key '{key}' (first written at line {line}, column {column})",
                        key=_short(key),
                        line=first.line,
                        column=first.column,
                    ),
                    mark,
                )
                frame.pending_key = "\0duplicate"
            else:
                frame.pending_key = key
            frame.pending_key_mark = mark
            container.key_positions.setdefault(key, node.position)
            return
        if frame.pending_key != "\0duplicate":
            container.value[frame.pending_key] = node
            container.size += node.size
        frame.pending_key = None

    for event in events:
        mark = event.start_mark
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                # TRANSLATORS: an error in a YAML file (a ruleset): a second document begins (a second '---' line); keep
                # '---'.
                raise problems.fatal(_("only one YAML document per file (found a second '---')"), mark)
            continue
        if isinstance(event, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
            continue
        in_mapping_key = bool(stack) and isinstance(stack[-1].node.value, dict) and stack[-1].pending_key is None
        if isinstance(event, yaml.AliasEvent):
            alias_count += 1
            if alias_count > MAX_ALIASES:
                # TRANSLATORS: an error in a YAML file (a ruleset): too many aliases (*name, a copy of a value marked
                # &name); {limit} is a number, e.g. 256.
                raise problems.fatal(_("too many aliases (more than {limit})", limit=MAX_ALIASES), mark)
            if event.anchor in open_anchors:
                # TRANSLATORS: an error in a YAML file (a ruleset): an alias (*name) inside the value its anchor (&name)
                # marks; keep *{name}.
                raise problems.fatal(
                    _("alias *{name} refers to a value that contains it", name=_short(event.anchor)), mark
                )
            target = anchors.get(event.anchor)
            if target is None:
                # A value such as `*wild* rules` reads as an alias: the hint says how to write it as text.
                raise problems.fatal(
                    # TRANSLATORS: an error in a YAML file (a ruleset): an alias *name with no value marked &name before
                    # it; keep *{name}, &{name} and '*'.
                    _(
                        "alias *{name} has no anchor &{name} before it "
                        "(quote the value if it is text that starts with '*')",
                        name=_short(event.anchor),
                    ),
                    mark,
                )
            if in_mapping_key and not isinstance(target.value, str):
                raise problems.fatal(_("a mapping key must be a plain value, not a list or mapping"), mark)
            attach(target, mark, is_key_candidate=True)
            continue
        anchor = getattr(event, "anchor", None)
        if anchor is not None:
            if len(anchors) + len(open_anchors) >= MAX_ANCHORS:
                # TRANSLATORS: an error in a YAML file (a ruleset): too many anchors (&name, a value marked to be
                # copied); {limit} is a number, e.g. 256.
                raise problems.fatal(_("too many anchors (more than {limit})", limit=MAX_ANCHORS), mark)
        tag = getattr(event, "tag", None)
        if isinstance(event, yaml.ScalarEvent):
            value = _resolve_scalar(event, problems)
            if in_mapping_key:
                value = event.value  # keys are always text, as written
            node = Node(value, problems.position(mark), style=event.style or None)
            if anchor is not None:
                anchors[anchor] = node
            attach(node, mark, is_key_candidate=True)
        elif isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            is_sequence = isinstance(event, yaml.SequenceStartEvent)
            expected = f"{_CORE_TAG}{'seq' if is_sequence else 'map'}"
            if tag not in (None, "!", expected):
                problems.add(_unsupported_tag_message(tag), mark)
            if in_mapping_key:
                raise problems.fatal(_("a mapping key must be a plain value, not a list or mapping"), mark)
            if len(stack) >= MAX_DEPTH:
                # TRANSLATORS: an error in a YAML file (a ruleset): lists and mappings inside one another too deep;
                # {limit} is a number, e.g. 64.
                raise problems.fatal(
                    _("values are nested too deeply (more than {limit} levels)", limit=MAX_DEPTH), mark
                )
            node = Node([] if is_sequence else {}, problems.position(mark))
            stack.append(_Frame(node, anchor))
            if anchor is not None:
                open_anchors.add(anchor)
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            frame = stack.pop()
            if frame.anchor is not None:
                open_anchors.discard(frame.anchor)
                anchors[frame.anchor] = frame.node
            attach(frame.node, frame.node.position, is_key_candidate=False)
    return root


def yaml_scalar_text(value: JSON) -> str | None:
    """``true``, ``false`` or ``null`` for the values a file writes so (None for any other value).

    Messages show a value as the file writes it: Python's ``True`` or ``None``
    would be words the writer never used (and may not know).
    """
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    return None


def _short(text: JSON, limit: int = 40) -> str:
    """``text`` cut to ``limit`` characters, so a huge value is never printed whole."""
    shown = str(text)
    return shown if len(shown) <= limit else shown[: limit - 1] + "…"


def _unsupported_tag_message(tag: str) -> str:
    shown = tag.replace(_CORE_TAG, "!!")
    if shown.startswith("!") and not shown.startswith("!!"):
        # A one-'!' tag is most often text that happens to start with '!' (`!important`).
        # TRANSLATORS: {tag} is a YAML tag such as !x; a value starting with ! is read as one.
        return _(
            "the tag {tag} is not allowed: ruleset files hold plain data only "
            "(quote the value if it is text that starts with '!')",
            tag=_short(shown),
        )
    # TRANSLATORS: an error in a YAML file (a ruleset): a YAML tag it may not hold; {tag} is it, e.g. !!python/tuple.
    return _("the tag {tag} is not allowed: ruleset files hold plain data only", tag=_short(shown))


def _resolve_scalar(event: yaml.ScalarEvent, problems: _Problems) -> JSON:
    """What a scalar means, under the rulings in this module's docstring."""
    text = event.value
    tag = event.tag
    mark = event.start_mark
    if tag not in (None, "!"):
        if tag not in _ALLOWED_TAGS:
            problems.add(_unsupported_tag_message(tag), mark)
            return text
        if tag == f"{_CORE_TAG}str":
            return text
        value = _resolve_plain(text, problems, mark)
        expected = _TAG_TYPES[tag[len(_CORE_TAG) :]]
        if isinstance(value, bool) and expected is not bool or not isinstance(value, expected):
            # TRANSLATORS: an error in a YAML file (a ruleset): a value with a YAML tag it does not fit; {value} is the
            # value, quoted, e.g. 'abc'; {tag} the tag, e.g. !!int.
            problems.add(
                _("{value} is not a valid {tag}", value=repr(_short(text)), tag=tag.replace(_CORE_TAG, "!!")), mark
            )
            return text
        return value
    if event.style or not event.implicit[0]:  # LibYAML reports a plain scalar's style as "", PyYAML as None
        if _FRACTION_TEXT.match(text):
            _check_fraction_parts(text, problems, mark)  # "1/2" quoted is still a number to a block
        return text  # quoted or block scalars are always text
    return _resolve_plain(text, problems, mark)


def _check_fraction_parts(text: str, problems: _Problems, mark: yaml.Mark) -> bool:
    """A fraction's parts have the limits of numbers (a block reads it as one); False when one is past them."""
    for part in text.split("/"):
        oversized = oversized_number_message(part.strip())
        if oversized is not None:
            problems.add(oversized, mark)
            return False
    return True


_FRACTION_TEXT = re.compile(r"^\s*[-+]?[0-9]+\s*/\s*[0-9]+\s*$")


def oversized_number_message(text: str) -> str | None:
    """Why the number written as ``text`` is too large to accept, or None when it is fine."""
    mantissa, _e, exponent = text.lower().partition("e")
    digits = sum(character.isdigit() for character in mantissa)
    exponent_digits = exponent.lstrip("+-")
    if digits > MAX_NUMBER_DIGITS:
        # Said of the digits, not the size: 0.000…001 (31 digits) is a small number written too long.
        # TRANSLATORS: a number written in a file; {digits} is how many digits a number may have.
        return _("'{value}' has too many digits (at most {digits})", value=_short(text), digits=MAX_NUMBER_DIGITS)
    if exponent_digits and (len(exponent_digits) > 4 or int(exponent_digits) > MAX_NUMBER_EXPONENT):
        # TRANSLATORS: a number written with an exponent (1e999, 1e-40) past the limit either way.
        return _(
            "'{value}' has too large an exponent (from -{exponent} to {exponent})",
            value=_short(text),
            exponent=MAX_NUMBER_EXPONENT,
        )
    return None


def _resolve_plain(text: str, problems: _Problems, mark: yaml.Mark) -> JSON:
    if _NULL.match(text):
        return None
    if _TRUE.match(text):
        return True
    if _FALSE.match(text):
        return False
    if _YAML11_BOOL.match(text):
        problems.add(
            # TRANSLATORS: an error about a value in a YAML file (a ruleset): yes, no, on or off; {value} is it; keep
            # true, false and "YAML 1.1", "YAML 1.2" (versions of the YAML format).
            _(
                "'{value}' means true or false in YAML 1.1 but text in YAML 1.2: "
                'write true or false, or quote it ("{value}") if you mean the word',
                value=text,
            ),
            mark,
        )
        return text
    if _INT.match(text) or _DECIMAL.match(text):
        oversized = oversized_number_message(text)
        if oversized is not None:
            problems.add(oversized, mark)
            return text
    if _FRACTION_TEXT.match(text) and not _check_fraction_parts(text, problems, mark):
        # A fraction stays text until a block reads it as a number: its parts have the numbers' limits.
        return text
    if _INT.match(text):
        return int(text)
    if _LEADING_ZERO_INT.match(text) or _HEX_OCT.match(text):
        problems.add(
            # TRANSLATORS: an error about a value in a YAML file (a ruleset): a number with leading zeros such as 012,
            # or 0x1F; {value} is it.
            _(
                "'{value}' is a number in another base in some YAML readers: "
                "write it without leading zeros, or quote it if you mean text",
                value=_short(text),
            ),
            mark,
        )
        return text
    if _DECIMAL.match(text):
        value = Fraction(text)
        return int(value) if value.denominator == 1 and "." not in text and "e" not in text.lower() else value
    if _SPECIAL_FLOAT.match(text):
        # TRANSLATORS: an error about a value in a YAML file (a ruleset): .inf or .nan (infinity, not a number); {value}
        # is it.
        problems.add(_("'{value}' is not allowed: rules use exact numbers only", value=text), mark)
        return text
    if _SEXAGESIMAL.match(text):
        # TRANSLATORS: an error about a value in a YAML file (a ruleset): a value such as 1:30, a number in base 60 in
        # older YAML; {value} is it; keep "YAML 1.1".
        problems.add(
            _("'{value}' is a base-60 number in YAML 1.1: quote it if you mean text", value=_short(text)), mark
        )
        return text
    if "_" in text and _UNDERSCORE_NUMBER.match(text):
        problems.add(
            # TRANSLATORS: an error about a value in a YAML file (a ruleset): a number written with underscores such as
            # 1_000; {value} is it; keep "YAML 1.1" and "YAML 1.2".
            _(
                "'{value}' is a number in YAML 1.1 but text in YAML 1.2: write it without underscores, or quote it",
                value=_short(text),
            ),
            mark,
        )
        return text
    return text
