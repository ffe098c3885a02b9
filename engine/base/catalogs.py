"""Translation catalogs read from files a stranger may have written: checked, compiled, merged.

A ``.po`` file is judged before Babel or gettext reads it (its syntax, its
header, its Plural-Forms formula, its size), so a hostile or broken catalog
is a located problem, never a crash or a hang. :mod:`engine.base.i18n` looks
messages up in what this module reads; it is installed as the lookup's
catalog reader when the base layer loads (``engine/base/__init__.py``).
"""

from __future__ import annotations

import codecs
import gettext as _gettext
import io
import re
import threading
from bisect import bisect_right
from email import message_from_string
from pathlib import Path
from typing import Any

from engine.base import i18n
from engine.base.errors import CardrulesError, CatalogError
from engine.base.i18n import _, catalog_files
from engine.base.input_files import InputFileError, read_input
from engine.base.shown import printable
from engine.base.suggestions import did_you_mean


def babel_messages() -> Any:
    """Babel's catalog reader and writer (``.catalog``, ``.pofile``, ``.mofile``), loaded on first use."""
    import babel.messages.catalog  # lazy: 0.1 s that a program speaking English never needs
    import babel.messages.mofile  # lazy: as above
    import babel.messages.pofile  # lazy: as above

    return babel.messages


_lock = threading.Lock()
# The Babel catalog class that refuses what Babel would let pass, made on first use (Babel is loaded then).
_guarded_class: type | None = None
_compiled_cache: dict[tuple[str, int, int], _gettext.GNUTranslations] = {}


# The largest catalog read: the shipped ones are some 220 KB, and a catalog is parsed (about a second per MiB)
# at the start of every command in its language.
MAX_CATALOG_BYTES = 4 * 1024 * 1024


# Languages have at most six plural forms (CLDR: Arabic); a formula is checked for every count up to here.
MOST_PLURAL_FORMS = 6


PLURAL_COUNTS_CHECKED = 1000


def _compile(path: Path) -> _gettext.GNUTranslations:
    """Read one ``.po`` with Babel and compile it in memory (cached by mtime and size).

    The file must be a regular file of at most :data:`MAX_CATALOG_BYTES`, and
    it is read by :func:`parse_catalog` (its syntax checked before Babel reads
    it, its header as Babel applies it): a catalog is a stranger's file.
    """

    try:
        stat = path.stat()
        key = (str(path), stat.st_mtime_ns, stat.st_size)
        with _lock:
            cached = _compiled_cache.get(key)
        if cached is not None:
            return cached
        data = read_input(path, MAX_CATALOG_BYTES)
    except InputFileError as error:
        raise CatalogError.at(error.message, file=str(path), line=1, column=1) from None
    except OSError as error:
        # TRANSLATORS: error shown with a translation catalog's file name (a .po file); {reason} is the system's
        # reason, e.g. "Permission denied".
        raise CatalogError.at(
            _("cannot read catalog: {reason}", reason=error.strerror or str(error)), file=str(path)
        ) from None
    try:
        catalog = parse_catalog(data)
    except CatalogRefused as refused:
        raise CatalogError.at(refused.message, file=str(path), line=refused.line) from None
    except CatalogError:
        raise
    except Exception as exc:  # Babel raises several kinds on malformed input
        raise malformed_catalog(path, exc) from None
    compiled = compile_parsed(catalog, path)
    with _lock:
        _compiled_cache[key] = compiled
    return compiled


def compile_parsed(catalog: Any, path: Path) -> _gettext.GNUTranslations:
    """The translations of a catalog :func:`parse_catalog` has read from ``path`` (``validate`` reads a catalog
    once and both compiles and checks it: parsing is most of the time a large catalog takes)."""
    write_mo = babel_messages().mofile.write_mo

    try:
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        compiled = _gettext.GNUTranslations(buffer)
    except CatalogError:
        raise
    except Exception as exc:  # Babel raises several kinds on malformed input
        raise malformed_catalog(path, exc) from None
    # The header's field names, for `validate` (a catalog without Plural-Forms leaves gettext to guess).
    # An attribute of our own on the standard library's GNUTranslations, which its types do not declare.
    compiled.header_fields = catalog.header_fields  # type: ignore[attr-defined]
    return compiled


# The longest header read (its text, after the quotes are joined): a real one is under 1,000 characters, and the
# header is judged field by field before Babel uses it.
MAX_HEADER_CHARS = 16 * 1024


# The longest Plural-Forms formula read, and how deeply it may nest parentheses and ?: choices: real formulas are
# under 200 characters and nest a few levels (Arabic: six forms, five choices). gettext compiles a formula by
# recursion, so a long or deep one costs time and memory before it fails.
MAX_PLURAL_FORMULA = 1000


MAX_PLURAL_NESTING = 20


class CatalogRefused(Exception):
    """A catalog the program will not use, as ``(line, message)``."""

    def __init__(self, line: int | None, message: str) -> None:
        super().__init__(message)
        self.line = line
        self.message = message


def parse_catalog(data: bytes) -> Any:
    """The catalog Babel reads from ``data``, its header judged as Babel applies it.

    Babel takes the header from whichever entry has an empty msgid (with or
    without a msgctxt), joins its quoted lines, splits the fields as an e-mail
    header (the last of two equal fields wins) and decodes every later line
    with the header's charset. Judging the header by reading the file again in
    some other way missed what Babel uses (a field written twice, one after
    line 400, a header further down), so the header is judged here, in the
    form Babel is about to apply, before Babel applies it: a refused header
    stops the reading before a later line is decoded with its charset or a
    plural entry is given its ``nplurals`` forms. What Babel would read
    leniently (:func:`catalog_syntax_problem`) is refused first. Raises
    :class:`CatalogRefused`; Babel's own errors (malformed syntax) pass through.
    """
    PoFileParser = babel_messages().pofile.PoFileParser

    problem = catalog_syntax_problem(data)  # what Babel would read leniently (see there)
    if problem is not None:
        raise CatalogRefused(*problem)
    catalog = _GuardedCatalog(data)
    PoFileParser(catalog, abort_invalid=True).parse(io.BytesIO(data))
    catalog.guarding = False  # later changes (`i18n update`) are the program's own
    return catalog


def _guarded_catalog_class() -> type:
    from babel.messages.catalog import Catalog  # loaded at the first catalog read, as babel_messages does

    class GuardedCatalog(Catalog):
        """A Babel catalog that judges its header entry (see :func:`parse_catalog`) and notes its field names."""

        def __init__(self, data: bytes) -> None:
            super().__init__()
            self.data = data
            self.guarding = True
            self.entries = 0
            self.header_line: int | None = None
            self.header_fields: frozenset[str] = frozenset()

        # Babel's entry: the header's msgstr is one string and its line known, which Babel's types do not say.
        def __setitem__(self, id: Any, message: Any) -> None:
            if not self.guarding:
                super().__setitem__(id, message)
                return
            if id != "":  # Babel's own test for the header entry
                self.entries += 1
                super().__setitem__(id, message)
                return
            line = message.lineno
            if self.header_line is not None:
                # TRANSLATORS: a catalog has two entries with msgid "" (the header); keep msgid "" as it is.
                raise CatalogRefused(
                    line, _('a second header entry (msgid ""): the header is at line {line}', line=self.header_line)
                )
            if self.entries:
                # TRANSLATORS: the header entry (msgid "") must come before every message of a catalog.
                raise CatalogRefused(line, _('the header entry (msgid "") must be the first entry of the catalog'))
            self.header_line = line
            fields = _judge_header(message.string, self.data, line)
            self.header_fields = frozenset(name.lower() for name, _value in fields)
            try:
                super().__setitem__(id, message)
            except Exception as error:  # a field Babel cannot read that no rule above names
                # TRANSLATORS: error about a translation catalog (.po file) that Babel cannot read; {reason} is
                # Babel's own explanation, in English.
                raise CatalogRefused(line, _("malformed catalog: {reason}", reason=str(error)[:200])) from None

    return GuardedCatalog


def _GuardedCatalog(data: bytes) -> Any:
    global _guarded_class
    if _guarded_class is None:
        _guarded_class = _guarded_catalog_class()  # Babel is imported only when a catalog is read
    return _guarded_class(data)


def _judge_header(text: str, data: bytes, header_line: int) -> list[tuple[str, str]]:
    """The header's fields as Babel reads them from ``text``; raises :class:`CatalogRefused` for a bad one.

    Every field is judged where it is written: a field written twice, a
    charset other than UTF-8, a Language that is no language tag, a
    Plural-Forms that is not 1 to 6 forms and a formula that gives one of
    them for every count from 0 to 1000 (gettext compiles any formula of C
    syntax, so ``n/0`` would otherwise fail only when a plural message is
    shown, and a huge ``nplurals`` costs memory).
    """

    Catalog = babel_messages().catalog.Catalog
    parse_separated_header = babel_messages().catalog.parse_separated_header

    if len(text) > MAX_HEADER_CHARS:
        # TRANSLATORS: the catalog's header entry (msgid "") is longer than {most} characters.
        raise CatalogRefused(header_line, _("the header is longer than {most} characters", most=MAX_HEADER_CHARS))
    fields = message_from_string(text).items()  # exactly as Babel splits it
    lines = _header_field_lines(data, header_line)
    seen: dict[str, int] = {}
    for name, value in fields:
        key = name.lower()
        written = lines.get(key, [])
        index = seen.get(key, -1) + 1
        seen[key] = index
        line = written[index] if index < len(written) else header_line
        if index == 1:
            # TRANSLATORS: a header field (e.g. "Plural-Forms") written twice in a catalog's header.
            raise CatalogRefused(
                line,
                _(
                    "the header field {name} is written twice, at lines {first} and {second}: give it once",
                    name=printable(name[:40], keep_newlines=False),
                    first=written[0] if written else header_line,
                    second=line,
                ),
            )
        if key == "content-type":
            charset = parse_separated_header(value).get("charset", "")
            if charset and charset.lower() != "charset" and not _is_utf8(charset):
                # TRANSLATORS: {charset} as written in the catalog's Content-Type header.
                raise CatalogRefused(
                    line,
                    _(
                        "the catalog must be UTF-8 (charset=UTF-8), not {charset}",
                        charset=printable(charset[:40], keep_newlines=False),
                    ),
                )
        elif key == "plural-forms":
            problem = plural_forms_problem(value)
            if problem is not None:
                raise CatalogRefused(line, problem)
        try:
            Catalog().mime_headers = [(name, value)]  # what Babel will do with it, on a catalog of no consequence
        except Exception as error:
            # TRANSLATORS: {name} is a catalog header's field (e.g. "Language"); {reason} is Babel's, in English.
            raise CatalogRefused(
                line,
                _(
                    "the header field {name} cannot be read: {reason}",
                    name=printable(name[:40], keep_newlines=False),
                    reason=printable(str(error)[:200], keep_newlines=False),
                ),
            ) from None
    return fields


def _is_utf8(charset: str) -> bool:
    """Whether Python (Babel, gettext) decodes ``charset`` as UTF-8 (``UTF-8``, ``utf8``, ``u8`` ...)."""

    try:
        return codecs.lookup(charset).name == "utf-8"
    except (LookupError, ValueError):
        return False


_FIELD_NAME = re.compile(r"([\x21-\x39\x3b-\x7e]+):")  # an e-mail header's name: printable ASCII but ":"


def _header_field_lines(data: bytes, header_line: int) -> dict[str, list[int]]:
    """Where each field of the header entry whose msgid is at ``header_line`` starts: lower-case name -> lines.

    Babel joins the quoted lines of the entry (``#~ "..."`` lines too) and
    splits the text into fields at ``\\n``; a field starts on the line where
    its first character is written. Linear: the lines are read up to the next
    entry, and the header is at most :data:`MAX_HEADER_CHARS` long.
    """

    unescape = babel_messages().pofile.unescape

    pieces: list[str] = []
    offsets: list[int] = []  # where each piece starts in the joined text
    numbers: list[int] = []  # and on which line it is written
    length = 0
    lines = data.split(b"\n")
    for number in range(header_line, len(lines) + 1):
        text = lines[number - 1].decode("utf-8", "replace").strip()
        if text.startswith("#~"):
            text = text[2:].lstrip()  # Babel reads an obsolete line's text as part of the entry it is in
        elif text.startswith("#"):
            continue
        if number > header_line and text.startswith(("msgid", "msgctxt")):
            break
        if text.startswith("msgstr"):
            text = text[text.find('"') :] if '"' in text else ""
        if not text.startswith('"'):
            continue
        piece = unescape(text)
        if piece:
            pieces.append(piece)
            offsets.append(length)
            numbers.append(number)
            length += len(piece)
    found: dict[str, list[int]] = {}
    position = 0
    for field in "".join(pieces).split("\n"):
        name = _FIELD_NAME.match(field)
        if name is not None:
            found.setdefault(name.group(1).lower(), []).append(numbers[bisect_right(offsets, position) - 1])
        position += len(field) + 1
    return found


def plural_forms_problem(value: str) -> str | None:
    """What is wrong with a ``Plural-Forms`` value as Babel reads it (``nplurals``, ``plural``); None when fine."""
    parse_separated_header = babel_messages().catalog.parse_separated_header

    params = parse_separated_header(f" ;{value}")  # exactly as Babel splits it
    if "nplurals" not in params or "plural" not in params:
        # TRANSLATORS: keep "Plural-Forms", "nplurals" and "plural" as they are: they are the header's own words.
        return _("the Plural-Forms header must read nplurals=N; plural=FORMULA;")
    digits = params["nplurals"].strip()
    number = None
    if len(digits) <= 20:
        try:
            number = int(digits)  # as Babel converts it
        except ValueError:
            return _("the Plural-Forms header must read nplurals=N; plural=FORMULA;")
    if number is None or not 1 <= number <= MOST_PLURAL_FORMS:
        shown = printable(digits if len(digits) <= 20 else digits[:20] + "…", keep_newlines=False)
        # TRANSLATORS: error in a catalog's Plural-Forms header; keep "nplurals"; {most} is e.g. 6, {forms} the
        # number the catalog wrote, e.g. "0".
        return _("nplurals must be from 1 to {most}, not {forms}", most=MOST_PLURAL_FORMS, forms=shown)
    formula = params["plural"]
    if len(formula) > MAX_PLURAL_FORMULA:
        # TRANSLATORS: a Plural-Forms formula longer than {most} characters.
        return _("the Plural-Forms formula is longer than {most} characters", most=MAX_PLURAL_FORMULA)
    depth = deepest = 0
    for char in formula:
        depth += (char in "(?") - (char == ")")
        deepest = max(deepest, depth)
    if deepest > MAX_PLURAL_NESTING:
        # TRANSLATORS: a Plural-Forms formula that nests too many parentheses or "?:" choices.
        return _("the Plural-Forms formula nests more than {most} parentheses or ?: choices", most=MAX_PLURAL_NESTING)
    try:
        plural = _gettext.c2py(formula)
    except (ValueError, RecursionError, SyntaxError, MemoryError):
        # TRANSLATORS: error in a catalog's Plural-Forms header; keep "Plural-Forms" and "n" (the formula's
        # variable); "C expression" as in the C programming language.
        return _("the Plural-Forms formula is not a C expression of n")
    for count in range(PLURAL_COUNTS_CHECKED + 1):
        try:
            form = plural(count)
        except Exception:  # the formula is the catalog author's code: any failure is theirs
            # TRANSLATORS: error in a catalog's Plural-Forms header: its formula fails (e.g. divides by zero) for
            # the count {n}, e.g. 0; keep "Plural-Forms" and "n".
            return _("the Plural-Forms formula fails for n = {n}", n=count)
        if not 0 <= form < number:
            # TRANSLATORS: error in a catalog's Plural-Forms header; {form} is the form number the formula gives
            # for the count {n}, {forms} the number of forms declared; keep "Plural-Forms", "n" and "nplurals".
            return _(
                "the Plural-Forms formula gives form {form} for n = {n}, but nplurals is {forms}",
                form=form,
                n=count,
                forms=number,
            )
    return None


_PO_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?=\s|\"|$)\s*(.*)$")


_PO_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


_PO_KEYWORDS = ["msgctxt", "msgid", "msgid_plural", "msgstr"]


# The longest English text a catalog may hold (the program's longest is a few hundred characters), and how
# much longer than its English text a translation may be: ten times, or 1,000 characters for a short one.
# A translation of megabytes is a mistake or an attack, and would cost every command that shows it seconds.
MAX_MESSAGE_CHARS = 20_000


TRANSLATION_TIMES_LONGER = 10


MIN_TRANSLATION_ROOM = 1_000


# Messages in one catalog: the program has about a thousand. Babel takes some 40 µs an entry, so a catalog of
# a hundred thousand short entries (a few MB) cost every command 5 seconds before it did anything.
MAX_CATALOG_MESSAGES = 20_000


# Lines of one catalog (the program's own have about 10,000): blank lines and comments cost Babel too.
MAX_CATALOG_LINES = 200_000


def catalog_syntax_problem(data: bytes) -> tuple[int | None, str] | None:
    """The first mistake of a catalog's syntax that Babel would let pass, as ``(line, message)``; else None.

    Babel reads leniently: a text whose closing quote is missing loses its
    last character, and a message written twice silently keeps the first
    translation. Checked line by line (linear), before Babel reads the file;
    a catalog of more lines than :data:`MAX_CATALOG_LINES` or messages than
    :data:`MAX_CATALOG_MESSAGES`, and a text longer than a message may be
    (:data:`MAX_MESSAGE_CHARS`, a translation :data:`TRANSLATION_TIMES_LONGER`
    its English text, the header :data:`MAX_HEADER_CHARS`), are refused as
    soon as they are, before more is read. Each continuation line of a text
    counts one character at least: a text of a million empty lines is long too.
    """
    if data.count(b"\n") >= MAX_CATALOG_LINES:
        # TRANSLATORS: a catalog has more lines than allowed; the program's own catalogs have about ten thousand.
        return MAX_CATALOG_LINES + 1, _(
            "a catalog holds at most {most} lines: this is one more", most=MAX_CATALOG_LINES
        )
    first_line: dict[tuple[str | None, str], int] = {}
    keyword: str | None = None
    context: list[str] | None = None  # the entry's msgctxt pieces (None: it has none)
    message: list[str] | None = None  # the entry's msgid pieces (joined only to compare: appending stays linear)
    entry_line = 0
    english = reading = 0  # the entry's longest English text so far; the text being read (this keyword's)
    text_line = entries = 0

    def repeated() -> tuple[int | None, str] | None:
        if message is None:
            return None
        key = (None if context is None else "".join(context), "".join(message))
        if key in first_line:
            # TRANSLATORS: a catalog holds the same msgid (with the same msgctxt) twice.
            return entry_line, _(
                "this message is already in the catalog at line {line}: only one of the two would be used",
                line=first_line[key],
            )
        first_line[key] = entry_line
        return None

    for number, raw in enumerate(data.split(b"\n"), start=1):
        text = raw.decode("utf-8", "replace").strip()
        if not text or text.startswith("#"):
            continue
        if text.startswith('"'):
            if keyword is None:
                # TRANSLATORS: a catalog line in quotes that follows no msgid/msgstr; keep the keywords.
                return number, _("this text belongs to no msgid or msgstr")
            string, continued = text, True
        else:
            found = _PO_KEYWORD.match(text)
            if found is None:
                word = text.split()[0][:40]
                # TRANSLATORS: {word} is what the catalog line starts with; keep msgid, msgstr and msgctxt.
                return number, _(
                    "unknown keyword {word}{suggestion}: a line starts with msgctxt, msgid, "
                    "msgid_plural or msgstr, or is text in quotes",
                    word=word,
                    suggestion=_did_you_mean(word, _PO_KEYWORDS),
                )
            previous, keyword, string, continued = keyword, found.group(1), found.group(2), False
            if keyword == "msgctxt" or (keyword == "msgid" and previous != "msgctxt"):
                problem = repeated()
                if problem is not None:
                    return problem
                context, message, entry_line, english = ([] if keyword == "msgctxt" else None), None, number, 0
            if keyword == "msgid":
                message = []
                entries += 1
                if entries > MAX_CATALOG_MESSAGES + 1:  # the header is an entry too
                    # TRANSLATORS: a catalog holds more messages than allowed; the program has about a thousand.
                    return number, _(
                        "a catalog holds at most {most} messages (the program has about a thousand): this is one more",
                        most=MAX_CATALOG_MESSAGES,
                    )
            reading, text_line = 0, number
        # Measured before the text is matched or kept: a line of megabytes is refused at its length. A
        # continuation line counts one character at least (a keyword's own "" opens a text of several lines).
        reading += max(1, len(string) - 2) if continued else len(string) - 2
        if not keyword.startswith("msgstr"):
            english = max(english, reading)
            if english > MAX_MESSAGE_CHARS:
                # TRANSLATORS: a catalog's msgid or msgctxt is longer than any message of the program.
                return text_line, _(
                    "this English text is longer than {most} characters: no message of the program is that long",
                    most=MAX_MESSAGE_CHARS,
                )
        elif message == ['""']:  # the header (msgid "")
            if reading > MAX_HEADER_CHARS:  # told where the header entry begins, as when Babel has read it
                return entry_line, _("the header is longer than {most} characters", most=MAX_HEADER_CHARS)
        else:
            most = max(MIN_TRANSLATION_ROOM, TRANSLATION_TIMES_LONGER * english)
            if reading > most:
                # TRANSLATORS: a translation in a catalog is far longer than the English text it translates.
                return text_line, _(
                    "this translation is longer than {most} characters, more than "
                    "{times} times its English text: a translation that long is a mistake",
                    most=most,
                    times=TRANSLATION_TIMES_LONGER,
                )
        if not _PO_STRING.fullmatch(string):
            # TRANSLATORS: a catalog's text must be in double quotes, a quote inside written \".
            return number, _('this text in quotes is never closed (a quote inside the text is written \\")')
        # The keyword's own line made the list it adds to (above), which the type checker cannot follow.
        if keyword == "msgctxt":
            context.append(string)  # type: ignore[union-attr]
        elif keyword == "msgid":
            message.append(string)  # type: ignore[union-attr]
    return repeated()


def _did_you_mean(word: str, choices: list[str]) -> str:

    return did_you_mean(word, choices)


def malformed_catalog(path: Path, exc: Exception) -> CardrulesError:
    """A located :class:`CatalogError` for a catalog Babel could not read."""
    PoFileError = babel_messages().pofile.PoFileError

    line = getattr(exc, "lineno", None)
    if isinstance(exc, PoFileError) and line is not None:
        line += 1  # Babel counts the lines of a catalog from 0
    if isinstance(exc, UnicodeDecodeError):
        # Babel decodes line by line, so the error's offset does not say which line.
        line = None
        try:
            for number, raw in enumerate(path.read_bytes().splitlines(), start=1):
                try:
                    raw.decode("utf-8")
                except UnicodeDecodeError:
                    line = number
                    break
        except OSError:
            pass
        # TRANSLATORS: a catalog file that is not UTF-8 text.
        return CatalogError.at(_("the catalog is not valid UTF-8 text"), file=str(path), line=line)
    reason = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
    reason = re.sub(r" on \d+$", "", reason)  # Babel repeats the line number we already show
    return CatalogError.at(_("malformed catalog: {reason}", reason=reason), file=str(path), line=line)


def _merged_translations(lang: str) -> _gettext.NullTranslations:
    chain: _gettext.NullTranslations = _gettext.NullTranslations()
    first: _gettext.NullTranslations | None = None
    for path in catalog_files(lang):
        compiled = _compile(path)
        # A fresh wrapper per chain so fallbacks of one language never leak into another.
        link = _gettext.GNUTranslations.__new__(_gettext.GNUTranslations)
        link.__dict__.update({k: v for k, v in compiled.__dict__.items() if k != "_fallback"}, _fallback=None)
        if first is None:
            first = link
        else:
            first.add_fallback(link)
    if first is None:
        return chain
    return first


i18n.install_catalog_reader(_merged_translations)
