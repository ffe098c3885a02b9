"""The translators' workflow: extract the template, start a language, update, check.

* :func:`build_template` reads every message the program can show: the
  ``_``/``ngettext``/``pgettext``/``npgettext``/``N_`` calls in ``engine/``,
  click's own messages (``Usage:``, ``Missing argument ...``) from the
  installed click source, and the texts every shipped ruleset declares
  (through :mod:`engine.text.i18n_extract`, with their edition's context).
* :func:`init_language` writes ``ROOT/locales/LANG/LC_MESSAGES/cardrules.po``.
* :func:`update_catalogs` merges a fresh template into existing catalogs.
* :func:`check_languages` reports untranslated, fuzzy and obsolete entries and
  placeholder mismatches, each located ``FILE:LINE``.

Catalogs are never compiled by hand: :mod:`engine.base.i18n` reads ``.po`` files
at run time.
"""

from __future__ import annotations

import contextlib
import io
import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click
from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_file
from babel.messages.pofile import unescape, write_po

from engine.base import catalogs, i18n, resources
from engine.base.errors import CardrulesError, CatalogError, Diagnostic, Location
from engine.base.i18n import _
from engine.base.input_files import InputFileError, read_input
from engine.base.output_files import atomic_write_bytes
from engine.base.resources import program_version
from engine.text.click_comments import CLICK_COMMENTS
from engine.text.i18n_extract import extract_ruleset
from engine.text.percent import named_percent_fields
from engine.text.typed_commands import all_typed_commands, typed_collisions

DOMAIN = "cardrules"
TEMPLATE_NAME = f"{DOMAIN}.pot"
COMMENT_TAGS = ("TRANSLATORS:",)
# Our own translation functions and the argument positions that hold messages.
PYTHON_KEYWORDS = {
    "_": None,
    "gettext": None,
    "distinct_name": None,
    "N_": None,
    "NP_": ((1, "c"), 2),
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
# click calls only these two.
CLICK_KEYWORDS = {"_": None, "ngettext": (1, 2)}
# click's messages that only a programming mistake shows (or features cardrules does not use, such as
# deprecated commands): not for translators. Users see the ones about what they typed.
CLICK_DEVELOPER_MESSAGES = frozenset(
    {
        "Name '{name}' defined twice",
        "Boolean option {decl!r} cannot use the same flag for true/false.",
        "Could not determine name for option with declarations {decls!r}",
        "Arguments take exactly one parameter declaration, got {length}: {decls}.",
        "No options defined but a name was passed ({name}). Did you mean to declare an argument instead? "
        "Did you mean to pass '--{name}'?",
        "Value must be an iterable.",
        "DeprecationWarning: The command {name!r} is deprecated.{extra_message}",
        "DeprecationWarning: The {param_type} {name!r} is deprecated.{extra_message}",
        "deprecated",
        "Choice({choices})",
        "Do you want to continue?",
        "Confirm the action without prompting.",
        "(dynamic)",
        "Invalid start character for option ({option})",
    }
)
# Click messages of features cardrules does not use (no UUID, DateTime, Tuple, Choice or File parameter, no path
# that must exist or be writable or executable, no option taking several values, no help on an argument, no
# default or environment variable shown in help): no user can see them.
CLICK_UNUSED_MESSAGES = frozenset(
    {
        "{value!r} is not {choice}.",
        "Could not open file {filename!r}: {message}",
        "{name} {filename!r} does not exist.",
        "{name} {filename!r} is not writable.",
        "Positional arguments",
        "{value!r} does not match the format {format}.",
        "{value!r} is not a valid UUID.",
        "{value!r} is not a valid boolean. Recognized values: {states}",
        "{name} {filename!r} is not executable.",
        "{len_type} values are required, but {len_value} was given.",
        "Takes {nargs} values but 1 was given.",
        "Argument {name!r} takes {nargs} values.",
        "env var: {var}",
        "default: {default}",
    }
)
# The click modules whose gettext calls engine.fronts.cli.click_i18n routes to us.
CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "types")
RULESET_KEYWORDS = {"_": None, "pgettext": ((1, "c"), 2), "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3)}

# Where problems with the messages are reported (every catalog's header says so).
BUG_REPORTS = "https://github.com/cardrules/cardrules/issues"
# A fixed date keeps regenerated files byte-identical when nothing changed.
_FIXED_DATE = datetime(2026, 1, 1, tzinfo=UTC)
# Placeholders a translator comment names, e.g. "{currency} its name": the
# program passes them although the English text does not use them.
_DOCUMENTED_FIELD = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class CatalogProblem:
    """One finding of ``i18n check``: what kind, which message, where."""

    kind: str  # "missing", "untranslated", "fuzzy", "obsolete", "reused", "placeholders", "typed-alike"
    language: str
    msgid: str
    context: str | None
    location: Location
    detail: str = ""  # for "placeholders": which form, which placeholder; for "typed-alike": the other command
    word: str = ""  # for "typed-alike": the word the two commands share

    def diagnostic(self) -> Diagnostic:
        """The finding as a located, translated diagnostic."""
        shown = self.msgid if self.context is None else f"{self.context} | {self.msgid}"
        messages = {
            # TRANSLATORS: i18n check: a message with no translation; {msgid} is the English text.
            "untranslated": _("untranslated: {msgid}", msgid=repr(shown)),
            # TRANSLATORS: i18n check: a translation marked "fuzzy" (needs review).
            "fuzzy": _("fuzzy (needs review): {msgid}", msgid=repr(shown)),
            # TRANSLATORS: i18n check: a catalog entry the program no longer uses.
            "obsolete": _("obsolete (no longer used): {msgid}", msgid=repr(shown)),
            # TRANSLATORS: i18n check: an obsolete (#~) entry whose message the program uses again; keep the command.
            "reused": _(
                "used again, with its translation kept here as obsolete: run `cardrules i18n update {language}` "
                "to bring it back: {msgid}",
                language=self.language,
                msgid=repr(shown),
            ),
            # TRANSLATORS: i18n check: the {name} placeholders of a translation differ from the English;
            # {detail} says how (which placeholder, which plural form).
            "placeholders": _(
                "placeholders differ from the English text: {msgid} ({detail})", msgid=repr(shown), detail=self.detail
            ),
            # TRANSLATORS: i18n check: two commands a player types at the same prompt are translated alike (or
            # one as the other's English word); {msgid} and {other} are the English commands, {word} the word.
            "typed-alike": _(
                '{msgid} and {other} are both "{word}": a player typing it at a prompt that reads '
                "both gets only one of them",
                msgid=repr(shown),
                other=repr(self.detail),
                word=self.word,
            ),
            # TRANSLATORS: i18n check: a language with no catalog file at all.
            "missing": _("no catalog for language {language}", language=self.language),
        }
        return Diagnostic(self.location, messages[self.kind])


# --------------------------------------------------------------------------- extraction


def _package_dir() -> Path:
    return Path(__file__).resolve().parent.parent  # engine/, this module being in engine/text/


def _relative(path: Path, base: Path) -> str:
    try:
        return path.resolve().relative_to(base.resolve()).as_posix()
    except ValueError:
        return path.as_posix()


def _first(message: Any) -> str:
    """A message's id (the singular of a plural message)."""
    return message[0] if isinstance(message, (tuple, list)) else message


def _add(catalog: Catalog, found: Iterable[tuple], location_file: str) -> None:
    """Add extracted ``(lineno, message, comments, context)`` tuples to ``catalog``."""
    for lineno, message, comments, context in found:
        if isinstance(message, (tuple, list)):
            message_id: str | tuple[str, ...] = tuple(message)
            if not message_id[0]:
                continue
        else:
            message_id = message
            if not message_id:
                continue
        catalog.add(message_id, None, [(location_file, lineno)], auto_comments=comments, context=context)


# The format flags GNU gettext's check (``msgfmt -c``, which translators' tools run) reads.
_FORMAT_FLAGS = frozenset({"python-format", "no-python-format", "python-brace-format", "no-python-brace-format"})


def _mark_formats(catalog: Catalog) -> None:
    """Flag each of our messages with the format the program fills it in, so ``msgfmt -c`` checks what matters.

    The program and the rulesets fill their texts by braces only; Babel guesses ``python-format`` from any ``%``
    and a conversion letter ("95% intervals" reads as ``% i``), and msgfmt then refuses a translation that writes
    "95% 区間". click's own messages keep Babel's flags: click fills them with ``%``. A message whose comment lets a
    translation use a placeholder the English leaves out ("optional: {currency}") is not brace-checked by
    msgfmt, which would refuse that placeholder; ``i18n check`` checks its placeholders instead.
    """
    for message in catalog:
        if not message.id or all(location.startswith("click/") for location, _line in message.locations):
            continue
        if "python-format" in message.flags:
            message.flags.discard("python-format")
            message.flags.add("no-python-format")
        if "python-brace-format" in message.flags:
            forms = message.id if isinstance(message.id, tuple) else (message.id,)
            english = {name for form in forms for name in _DOCUMENTED_FIELD.findall(form)}
            if optional_placeholders(message) - english:
                message.flags.discard("python-brace-format")
                message.flags.add("no-python-brace-format")


def _format_flags_of(template: Catalog, catalog: Catalog) -> None:
    """Give each message of ``catalog`` the template's format flags (Babel's merge keeps a catalog's old ones)."""
    for message in catalog:
        model = template.get(message.id, message.context) if message.id else None
        if model is not None:
            message.flags = (message.flags - _FORMAT_FLAGS) | (model.flags & _FORMAT_FLAGS)


def _settle_format_flags(catalog: Catalog) -> None:
    """A ``no-`` format flag wins over the flag it denies: Babel adds its guess back whenever it reads an entry."""
    for message in catalog:
        for flag in ("python-format", "python-brace-format"):
            if f"no-{flag}" in message.flags:
                message.flags.discard(flag)


def python_sources() -> list[Path]:
    """Every Python file of the engine, in a stable order."""
    return sorted(p for p in _package_dir().rglob("*.py") if "_data" not in p.parts)


def click_sources() -> list[Path]:
    """The installed click modules whose messages we translate."""

    click_dir = Path(click.__file__).resolve().parent
    return [click_dir / f"{name}.py" for name in CLICK_MODULES if (click_dir / f"{name}.py").is_file()]


def ruleset_sources(rulesets_dirs: Iterable[Path] | None = None) -> list[Path]:
    """Every ruleset YAML file shipped with the program (:func:`program_rulesets_dirs`), or under the given
    directories."""
    dirs = list(rulesets_dirs) if rulesets_dirs is not None else program_rulesets_dirs()
    files: list[Path] = []
    for directory in dirs:
        if directory.is_dir():
            files.extend(sorted(directory.rglob("*.yaml")))
    return files


def user_rulesets_dirs() -> list[Path]:
    """The ``rulesets/`` folders of the roots that are not the program's (``CARDRULES_PATH``, the user's data
    folder): the house rules whose texts their own catalogs translate."""
    package = resources.package_root().resolve()
    return [folder for folder in resources.subdirs("rulesets") if folder.parent.resolve() != package]


def program_rulesets_dirs() -> list[Path]:
    """The program's rulesets and, in a checkout, the docs' example games (a reader who plays one in Japanese or
    Korean reads their words in it); a folder that is not there holds nothing."""
    root = resources.package_root()
    return [root / "rulesets", root / "docs" / "examples"]


def rulesets_template(files: Iterable[Path]) -> Catalog:
    """A template of the texts these ruleset files write themselves (a house rule's, not those it inherits)."""
    catalog = Catalog(project="cardrules", version=program_version(), charset="utf-8", fuzzy=False)
    catalog.header_comment = "# The texts of house rules, for their own catalogs (cardrules i18n extract FILE...)."
    for path in files:
        try:
            found = list(
                extract_from_file(extract_ruleset, str(path), keywords=RULESET_KEYWORDS, comment_tags=COMMENT_TAGS)
            )
        except (OSError, UnicodeDecodeError, ValueError) as error:
            # TRANSLATORS: i18n extract/update/check of a house rule's file that cannot be read; {reason} says why.
            raise CatalogError.at(
                _("cannot read this ruleset: {reason}", reason=str(error)[:200]), file=str(path)
            ) from None
        _add(catalog, found, str(path))
    _mark_formats(catalog)
    return catalog


def build_template(rulesets_dirs: Iterable[Path] | None = None, rulesets: Iterable[Path] = ()) -> Catalog:
    """The message template (``.pot``) for code, click and rulesets, built from the current files.

    ``rulesets_dirs``: the folders whose rulesets' texts go in (default: the
    program's, :func:`program_rulesets_dirs`); ``rulesets``: more ruleset
    files (a house rule's) whose own texts go in too.
    """
    catalog = Catalog(
        project="cardrules", version=program_version(), charset="utf-8", fuzzy=False, msgid_bugs_address=BUG_REPORTS
    )
    # A translator may start from the template with their own tool (msginit, Poedit): no gettext placeholders.
    catalog.header_comment = "# cardrules: the template of the program's messages and the rulesets' texts."
    catalog.language_team = f"cardrules translators <{BUG_REPORTS}>"
    catalog.last_translator = f"cardrules translators <{BUG_REPORTS}>"
    code_base = _package_dir().parent
    # Babel warns on stderr about every f-string inside a call, even one passed
    # as a placeholder value (``byte=f"{b:02x}"``), which is fine; the
    # messages themselves are what we need, so the noise is kept from users.
    with contextlib.redirect_stderr(io.StringIO()):
        for path in python_sources():
            _add(
                catalog,
                list(
                    extract_from_file(
                        "python",
                        str(path),
                        keywords=PYTHON_KEYWORDS,
                        comment_tags=COMMENT_TAGS,
                        strip_comment_tags=True,
                    )
                ),
                _relative(path, code_base),
            )
    for path in click_sources():
        found = extract_from_file(
            "python", str(path), keywords=CLICK_KEYWORDS, comment_tags=COMMENT_TAGS, strip_comment_tags=True
        )
        hidden = CLICK_DEVELOPER_MESSAGES | CLICK_UNUSED_MESSAGES
        # click's source carries no translator comments: ours are given by message (engine/text/click_comments.py).
        _add(
            catalog,
            (
                (
                    line,
                    message,
                    [*comments, *([CLICK_COMMENTS[_first(message)]] if _first(message) in CLICK_COMMENTS else [])],
                    context,
                )
                for line, message, comments, context in found
                if _first(message) not in hidden
            ),
            f"click/{path.name}",
        )
    package = resources.package_root()
    for path in ruleset_sources(rulesets_dirs):
        _add(
            catalog,
            extract_from_file(extract_ruleset, str(path), keywords=RULESET_KEYWORDS, comment_tags=COMMENT_TAGS),
            _relative(path, package),
        )
    for message in rulesets_template(rulesets):
        if message.id:
            catalog.add(
                message.id, None, message.locations, auto_comments=message.auto_comments, context=message.context
            )
    _mark_formats(catalog)
    return catalog


def template_bytes(catalog: Catalog) -> bytes:
    """The ``.pot`` text of ``catalog`` (no volatile dates, so it diffs cleanly)."""
    catalog.creation_date = catalog.revision_date = _FIXED_DATE
    _settle_format_flags(catalog)
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=100, sort_output=False, omit_header=False, include_lineno=True)
    return buffer.getvalue()


def default_template_path() -> Path:
    """``locales/cardrules.pot`` of the package root."""
    return resources.package_root() / "locales" / TEMPLATE_NAME


def write_template(
    output: Path | None = None, rulesets: Sequence[Path] = (), root: Path | None = None
) -> tuple[Path, int]:
    """Extract and write a template; returns its path and the number of messages.

    With ``rulesets`` (a house rule's files): the template of their own
    texts, written to ``output``, else ``ROOT/locales/cardrules.pot`` (``root``,
    default :func:`default_root`). Without: the program's template, written
    to ``output``, else to the program's ``locales/`` when the program runs
    from a checkout: an installed program's files are not the translator's to
    write (they would be lost at the next install), and ``extract`` says so.
    """
    if rulesets:
        catalog = rulesets_template(rulesets)
        target = output or (root or default_root()) / "locales" / TEMPLATE_NAME
    else:
        if output is None and not resources.in_checkout():
            raise CatalogError.at(
                # TRANSLATORS: i18n extract in an installed program; keep --output, FILE and the command as they are.
                _(
                    "the program's template is written only in a checkout of cardrules: give --output FILE, or the "
                    "files of your house rules (`cardrules i18n extract FILE...`)"
                )
            )
        catalog = build_template()
        target = output or default_template_path()
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(target, template_bytes(catalog))
    except OSError as error:
        # TRANSLATORS: i18n extract could not write the template; {reason} is the system's reason.
        raise CatalogError.at(
            _("cannot write the template: {reason}", reason=error.strerror or str(error)), file=str(target)
        ) from None
    return target, len(catalog)


# --------------------------------------------------------------------------- catalogs


def default_root() -> Path:
    """Where ``i18n init`` writes: the first ``CARDRULES_PATH`` root, else the current directory."""
    roots = resources.path_roots()
    return roots[0] if roots else Path.cwd()


def catalog_path(root: Path, lang: str) -> Path:
    """``ROOT/locales/LANG/LC_MESSAGES/cardrules.po``."""
    return root / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _valid_language_tag(lang: str) -> bool:
    return re.fullmatch(r"[A-Za-z]{2,8}(?:[_-][A-Za-z0-9]{2,8})*", lang) is not None


def _new_catalog(lang: str) -> Catalog:
    """An empty catalog for ``lang`` with CLDR plural rules (two forms when CLDR lacks the language).

    Its header names where to report problems with the messages and who
    translates them (the project's translators), not gettext's placeholders.
    """
    try:
        Locale.parse(lang, sep="_")
        catalog = Catalog(locale=lang, project="cardrules", version=program_version(), charset="utf-8", fuzzy=False)
    except (UnknownLocaleError, ValueError):
        catalog = Catalog(project="cardrules", version=program_version(), charset="utf-8", fuzzy=False)
        catalog._num_plurals = 2
        catalog._plural_expr = "(n != 1)"
    _project_header(catalog, lang)
    return catalog


def _project_header(catalog: Catalog, lang: str) -> None:
    """The header fields the project fills in: where bugs go, the team, the translator."""
    catalog.header_comment = f"# cardrules: the program's messages and the rulesets' texts ({lang})."
    catalog.msgid_bugs_address = BUG_REPORTS
    catalog.language_team = f"cardrules {lang} translators <{BUG_REPORTS}>"
    catalog.last_translator = f"cardrules {lang} translators <{BUG_REPORTS}>"


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    """Read one ``.po`` file; a malformed file raises :class:`CatalogError` naming its line."""

    try:
        data = read_input(path, catalogs.MAX_CATALOG_BYTES)
    except InputFileError as error:
        raise CatalogError.at(error.message, file=str(path), line=1, column=1) from None
    except OSError as exc:
        raise CatalogError.at(
            _("cannot read catalog: {reason}", reason=exc.strerror or str(exc)), file=str(path)
        ) from None
    try:
        catalog = catalogs.parse_catalog(data)  # the header judged as Babel applies it, as the program reads it
    except catalogs.CatalogRefused as refused:
        raise CatalogError.at(refused.message, file=str(path), line=refused.line) from None
    except OSError as exc:
        raise CatalogError.at(
            _("cannot read catalog: {reason}", reason=exc.strerror or str(exc)), file=str(path)
        ) from None
    except Exception as exc:  # Babel reports malformed input with several exception types
        raise catalogs.malformed_catalog(path, exc) from None
    for message in list(catalog) + list(catalog.obsolete.values()):
        _read_previous_id(message)
    return catalog


_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"')


def _read_previous_id(message: Message) -> None:
    """A fuzzy entry's ``#| msgid`` lines as its previous id (Babel reads them as comments ``| msgid ...``).

    Written back by :func:`write_catalog` only while the entry is fuzzy: once
    a translator has reviewed it, the old English is no longer news.
    """
    previous = [comment[2:] for comment in message.user_comments if comment.startswith("| ")]
    if not previous:
        return
    message.user_comments = [comment for comment in message.user_comments if not comment.startswith("| ")]
    if not message.fuzzy:
        return
    text = " ".join(previous)
    singular, _plural_word, plural = text.partition("msgid_plural")
    ids = ["".join(unescape(quoted) for quoted in _QUOTED.findall(part)) for part in (singular, plural) if part]
    message.previous_id = ids[:2]


def write_catalog(path: Path, catalog: Catalog, *, keep_obsolete: bool = False) -> None:
    """Write ``catalog`` to ``path``; its obsolete entries (``#~``) only with ``keep_obsolete``."""
    catalog.revision_date = _FIXED_DATE
    _settle_format_flags(catalog)
    buffer = io.BytesIO()
    # A fuzzy entry keeps the English it was translated from (#| msgid), as msgmerge writes it.
    write_po(buffer, catalog, width=100, ignore_obsolete=not keep_obsolete, include_lineno=True, include_previous=True)
    # Through a temporary file and a rename: a full disk or a kill never leaves a translator's catalog cut short.
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        atomic_write_bytes(path, buffer.getvalue())
    except OSError as error:
        # TRANSLATORS: i18n init/update could not write a catalog; {reason} is the system's reason, e.g. "No space
        # left on device"; the catalog keeps what it held.
        raise CatalogError.at(
            _("cannot write the catalog: {reason}", reason=error.strerror or str(error)), file=str(path)
        ) from None


def init_language(lang: str, root: Path | None = None, rulesets: Sequence[Path] = ()) -> Path:
    """Create ``ROOT/locales/LANG/LC_MESSAGES/cardrules.po`` from the template (with ``rulesets``, a house rule's:
    their own texts only); returns its path."""
    lang = lang.replace("-", "_")
    if not _valid_language_tag(lang):
        # TRANSLATORS: an error of i18n init LANG: what was given is not a language code such as ja or pt_BR; {lang} is
        # it.
        raise CardrulesError.at(_("not a language tag: {lang}", lang=lang))
    target = catalog_path(root or default_root(), lang)
    if target.exists():
        raise CardrulesError.at(  # TRANSLATORS: an error of i18n init; keep `cardrules i18n update` (a command).
            _("a catalog already exists; use `cardrules i18n update` to refresh it"), file=str(target)
        )
    catalog = _new_catalog(lang)
    catalog.update(rulesets_template(rulesets) if rulesets else build_template(), no_fuzzy_matching=True)
    write_catalog(target, catalog)
    return target


@dataclass(frozen=True)
class CatalogUpdate:
    """What ``update_catalogs`` did to one catalog."""

    path: Path
    untranslated: int  # new messages, and messages whose translation was emptied
    fuzzy: int  # messages given the translation of a similar old message, to review
    obsolete: int  # translations of messages the program no longer has, kept as #~ entries


def update_catalogs(
    langs: Iterable[str], root: Path | None = None, *, drop_obsolete: bool = False, rulesets: Sequence[Path] = ()
) -> list[CatalogUpdate]:
    """Merge a fresh template into each language's catalog under ``root``, as gettext's msgmerge does.

    No translation is lost: a message whose English changed gets the old
    translation marked fuzzy (to review; it is not shown until the flag is
    removed), and a message the program no longer has stays at the end of
    the file as an obsolete ``#~`` entry (``drop_obsolete`` removes them,
    once nothing in them is wanted).
    """
    base = root or resources.package_root()
    if rulesets:
        # A house rule's own catalog: its texts alone (the program's catalogs translate the rest).
        template = rulesets_template(rulesets)
    else:
        # A root of one's own may hold house rules (ROOT/rulesets): their texts are messages of its catalogs too,
        # brought up to date like the program's, never made obsolete.
        own = [base / "rulesets"] if (base / "rulesets").is_dir() and not _is_program_root(base) else []
        template = build_template([*program_rulesets_dirs(), *own])
    template.creation_date = _FIXED_DATE  # copied into each catalog: keep reruns byte-identical
    updated = []
    for lang in langs:
        path = catalog_path(base, lang)
        if not path.exists():
            # A mistyped --dir or language must not pass for an update: `init` starts a language.
            # TRANSLATORS: i18n update of a language that has no catalog there; keep the command as it is.
            raise CatalogError.at(
                _(
                    "there is no {lang} catalog here: start one with `cardrules i18n init {lang} --dir {root}`",
                    lang=lang,
                    root=str(base),
                ),
                file=str(path),
            )
        catalog = read_catalog(path)
        if catalog.msgid_bugs_address in ("", "EMAIL@ADDRESS") or "EMAIL@ADDRESS" in (catalog.last_translator or ""):
            _project_header(catalog, lang)  # gettext's placeholders, from an older init
        # A message that comes back into use gets its old translation back.
        for key, message in list(catalog.obsolete.items()):
            if template.get(message.id, message.context) is not None:
                del catalog.obsolete[key]
                if catalog.get(message.id, message.context) is None:
                    catalog[message.id] = message
        # Babel's merge rebuilds each entry from the template: a fuzzy one keeps its old English only if told.
        previous = {_key(message): message.previous_id for message in catalog if message.fuzzy and message.previous_id}
        catalog.update(template, no_fuzzy_matching=False)
        _format_flags_of(template, catalog)
        for message in catalog:
            if message.fuzzy and not message.previous_id and _key(message) in previous:
                message.previous_id = previous[_key(message)]
            if message.fuzzy and _covered_by_a_parent_context(catalog, message):
                # An edition's text that the game's own translation already covers needs none of its own: a
                # guess copied from the game's entry would only ask the translator to review the same words
                # (a guess that differs, an edition's own word, is kept for review: no translation is lost).
                message.string = ("",) * len(message.string) if isinstance(message.string, tuple) else ""
                message.flags.discard("fuzzy")
                message.previous_id = []
        write_catalog(path, catalog, keep_obsolete=not drop_obsolete)
        fuzzy = sum(1 for m in catalog if m.id and m.fuzzy)
        # Counted as `check` counts: an edition's text the game's translation covers asks for nothing.
        translated = {_key(m) for m in catalog if m.id and not m.fuzzy and _is_translated(m)}
        untranslated = sum(
            1
            for m in catalog
            if m.id and not m.fuzzy and not _is_translated(m) and not _translated_in_chain(_key(m), translated)
        )
        updated.append(CatalogUpdate(path, untranslated, fuzzy, 0 if drop_obsolete else len(catalog.obsolete)))
    return updated


def _is_program_root(root: Path) -> bool:
    """Whether ``root`` is the program's own root (its shipped catalogs and rulesets)."""
    try:
        return root.resolve() == resources.package_root().resolve()
    except OSError:
        return False


def _translated_in_chain(key: tuple[str | None, str], translated: set[tuple[str | None, str]]) -> bool:
    """Whether a message is translated in its context or in one its context falls back to (an edition's text
    the game's translation covers asks for nothing of its own)."""
    context, msgid = key
    return (
        key in translated
        or bool(context)
        and any((parent, msgid) in translated for parent in i18n.context_chain(context)[1:])
    )


def _covered_by_a_parent_context(catalog: Catalog, message: Message) -> bool:
    """Whether the same msgid is translated, as ``message`` guesses, in a context its context falls back to."""
    context, msgid = _key(message)
    if not context:
        return False
    for parent in i18n.context_chain(context)[1:]:
        covering = catalog.get(message.id, parent or None)
        if covering is not None and not covering.fuzzy and _is_translated(covering):
            return covering.string == message.string
    return False


# --------------------------------------------------------------------------- checking


def _is_translated(message: Message) -> bool:
    if isinstance(message.string, (tuple, list)):
        return all(message.string)
    return bool(message.string)


def _key(message: Message) -> tuple[str | None, str]:
    msgid = message.id[0] if isinstance(message.id, (tuple, list)) else message.id
    return message.context, msgid


def _entries_by_key(template: Catalog) -> dict[tuple[str | None, str], Message]:
    """The template's messages by (context, msgid), the key a catalog entry is matched on."""
    return {_key(m): m for m in template if m.id}


def _brace_fields(text: str) -> list[str] | None:
    """The ``{...}`` fields of ``text`` written out in full (``name``, ``name!r``); None if unbalanced."""
    fields = []
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is None:
                continue
            fields.append(name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    except ValueError:
        return None
    return fields


def _percent_fields(text: str) -> list[str]:
    """Named %-fields (click's "%(prog)s"), in one pass (see :mod:`engine.text.percent`)."""
    return sorted(named_percent_fields(text.replace("%%", "")))


def documented_placeholders(template_message: Message | None) -> set[str]:
    """Placeholders the translator comments of a template entry name (``{currency}``)."""
    if template_message is None:
        return set()
    return {name for comment in template_message.auto_comments for name in _DOCUMENTED_FIELD.findall(comment)}


def optional_placeholders(template_message: Message | None) -> set[str]:
    """The English text's placeholders a translation may leave out: those its comment lists after "optional:"
    (``optional: {symbol}, {currency}``: a translation writes the currency's symbol or its name)."""
    if template_message is None:
        return set()
    found: set[str] = set()
    for comment in template_message.auto_comments:
        for tail in comment.split("optional:")[1:]:
            found.update(_DOCUMENTED_FIELD.findall(tail.split(".")[0]))
    return found


def placeholder_difference(
    message: Message, documented: set[str] = frozenset(), optional: set[str] = frozenset()
) -> str | None:
    """How the translations of ``message`` differ from the English text's placeholders (which form, which
    placeholder), or None when they agree.

    For plural messages each form may leave out placeholders (English's
    singular says "one" rather than ``{n}``), but may not add any.
    ``documented`` placeholders (named by the translator comment) that the
    English text does not use may be used or left out freely; the English
    text's own are required (a bot's name without its number names two bots
    alike) but those in ``optional`` (the comment's "optional:" list).
    """
    ids = list(message.id) if isinstance(message.id, (tuple, list)) else [message.id]
    strings = list(message.string) if isinstance(message.string, (tuple, list)) else [message.string]
    english = set().union(*(_brace_fields(i) or () for i in ids))
    # A comment names the English text's own placeholders too (what each holds): those stay required; only the
    # ones the English text does not use are optional extras.
    documented = set(documented) - english
    allowed_brace = english | documented
    allowed_percent = set().union(*(_percent_fields(i) for i in ids))
    for index, text in enumerate(strings):
        if not text:
            continue
        form = f"msgstr[{index}]: " if len(strings) > 1 else ""
        fields = _brace_fields(text)
        if fields is None:
            # TRANSLATORS: i18n check; {form} is empty or "msgstr[1]: ".
            return form + _("a {{ or }} is not closed; {{{{ or }}}} writes the character itself")
        brace, percent = set(fields), set(_percent_fields(text))
        unknown = [f"{{{name}}}" for name in sorted(brace - allowed_brace)] + sorted(percent - allowed_percent)
        if unknown:
            # TRANSLATORS: i18n check; {names} are placeholders such as {j} that the English text does not have.
            return form + _("{names} not in the English text", names=", ".join(unknown))
        if len(ids) == 1:
            missing = [f"{{{name}}}" for name in sorted(english - set(optional) - brace)] + sorted(
                allowed_percent - percent
            )
            if missing:
                # TRANSLATORS: i18n check; {names} are the English text's placeholders the translation leaves out.
                return form + _("{names} missing", names=", ".join(missing))
    return None


@dataclass(frozen=True)
class LanguageSummary:
    """How far one language's translation is: counts of the template's messages."""

    language: str
    translated: int
    fuzzy: int
    untranslated: int


def check_languages(
    langs: Iterable[str] | None = None,
    template: Catalog | None = None,
    summaries: list[LanguageSummary] | None = None,
    rulesets: Sequence[Path] = (),
) -> list[CatalogProblem]:
    """Everything a translator still has to do for ``langs`` (default: every language found).

    An untranslated message is placed at its entry in the catalog (the first
    file of the language when it has none). An edition's text that its game's
    context already translates (``game/edition`` falls back to ``game``) is
    not asked for. ``summaries``, when given, receives
    one :class:`LanguageSummary` per language.
    """
    # The program's messages and the texts of the house rules of every root (CARDRULES_PATH, the user's folder),
    # which those roots' catalogs translate; with ``rulesets``, those house rules' texts alone (the entries of
    # every other message are then not this check's business: none is called obsolete).
    only_these = bool(rulesets) and template is None
    if template is None:
        template = (
            rulesets_template(rulesets)
            if rulesets
            else build_template([*program_rulesets_dirs(), *user_rulesets_dirs()])
        )
    wanted = _entries_by_key(template)
    problems: list[CatalogProblem] = []
    for lang in list(langs) if langs else i18n.available_languages():
        files = i18n.catalog_files(lang)
        if not files:
            expected = resources.package_root() / "locales" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
            problems.append(CatalogProblem("missing", lang, "", None, Location(str(expected))))
            continue
        translated: set[tuple[str | None, str]] = set()
        entry_at: dict[tuple[str | None, str], Location] = {}
        first_file = str(files[0])
        entries: list[tuple[Message, Path]] = []
        for path in files:
            catalog = read_catalog(path)
            entries.extend((message, path) for message in catalog)
            for message in catalog:
                if not message.id:
                    continue
                key = _key(message)
                where = Location(str(path), message.lineno)
                entry_at.setdefault(key, where)
                if key not in wanted:
                    if not only_these:
                        problems.append(CatalogProblem("obsolete", lang, key[1], key[0], where))
                    continue
                if message.fuzzy:
                    problems.append(CatalogProblem("fuzzy", lang, key[1], key[0], where))
                elif _is_translated(message):
                    translated.add(key)
                    mismatch = placeholder_problem(message, lang, path, wanted[key])
                    if mismatch is not None:
                        problems.append(mismatch)
            for message in catalog.obsolete.values():
                key = _key(message)
                where = Location(str(path), message.lineno)
                if key in wanted and key not in entry_at:
                    # The program uses it again (a change undone): its translation waits here for `update`.
                    problems.append(CatalogProblem("reused", lang, key[1], key[0], where))
                    entry_at[key] = where
                    continue
                if not only_these:
                    problems.append(CatalogProblem("obsolete", lang, key[1], key[0], where))
        problems.extend(typed_alike_problems(entries, lang))
        fuzzy = {(p.context, p.msgid) for p in problems if p.kind == "fuzzy" and p.language == lang}
        reused = {(p.context, p.msgid) for p in problems if p.kind == "reused" and p.language == lang}
        counts = {"translated": 0, "fuzzy": 0, "untranslated": 0}
        for message in template:
            if not message.id:
                continue
            context, msgid = _key(message)
            if _translated_in_chain((context, msgid), translated):
                counts["translated"] += 1
            elif (context, msgid) in fuzzy:
                counts["fuzzy"] += 1
            else:
                counts["untranslated"] += 1
                if (context, msgid) not in reused:  # told once, with what to do
                    problems.append(
                        CatalogProblem(
                            "untranslated", lang, msgid, context, entry_at.get((context, msgid), Location(first_file))
                        )
                    )
        if summaries is not None:
            summaries.append(LanguageSummary(lang, **counts))
    return problems


def placeholder_problem(
    message: Message, lang: str, path: Path, template_message: Message | None
) -> CatalogProblem | None:
    """The placeholder mismatch of one catalog entry, if it has one (shared by ``i18n check`` and ``validate``).

    Only a translation in use counts: an empty or fuzzy one is never shown.
    The placeholders a translator comment names are taken from the template's
    entry, which is the authority; a message the template lacks (a catalog of
    someone's own ruleset) goes by the entry's own comments.
    """
    if not message.id or message.fuzzy or not _is_translated(message):
        return None
    source = template_message if template_message is not None else message
    difference = placeholder_difference(message, documented_placeholders(source), optional_placeholders(source))
    if difference is None:
        return None
    context, msgid = _key(message)
    return CatalogProblem("placeholders", lang, msgid, context, Location(str(path), message.lineno), difference)


def typed_alike_problems(entries: Iterable[tuple[Message, Path]], lang: str) -> list[CatalogProblem]:
    """Commands a player types at one prompt that the catalog translates alike (shared by ``i18n check`` and
    ``validate``): the parser would take the one it tests first (``pass`` translated as ``quit`` is saves and
    quits at a bid). The commands and the prompts that read them are the program's own declarations
    (:func:`engine.families.common.front.player_input.all_typed_commands`); each collision is placed at the entry of the
    translation that makes it."""

    typed = {msgid for command in all_typed_commands() for msgid in command.msgids}
    used: dict[str, tuple[str, Location]] = {}
    for message, path in entries:
        # Only the typed commands' entries: a large catalog is read once, not judged entry by entry here.
        # A command marked with a context (NP_) is known by its context and its text, as it was marked.
        marked = (
            i18n.NP_(message.context, message.id) if message.context and isinstance(message.id, str) else message.id
        )
        if isinstance(marked, str) and marked in typed and not message.fuzzy and _is_translated(message):
            text = message.string[0] if isinstance(message.string, (list, tuple)) else message.string
            used.setdefault(marked, (text, Location(str(path), message.lineno)))
    problems: dict[tuple[str, str, str], CatalogProblem] = {}
    for first, second, msgid, word in typed_collisions(lambda msgid: used[msgid][0] if msgid in used else None):
        other = i18n.marked_text((second if msgid in first.msgids else first).msgids[0])
        context, separator, text = msgid.partition(i18n.CONTEXT_SEPARATOR)
        shown, shown_context = (text, context) if separator else (msgid, None)
        # One line per pair of words: ``pass`` is read at two kinds of prompt, both of which read ``quit``.
        problems.setdefault(
            (msgid, other, word),
            CatalogProblem("typed-alike", lang, shown, shown_context, used[msgid][1], other, word),
        )
    return list(problems.values())


def validate_catalog(path: Path, template: Catalog | None = None, catalog: Catalog | None = None) -> list[Diagnostic]:
    """Problems in one catalog file: malformed syntax, or placeholder mismatches (for ``validate``).

    Placeholders are judged by :func:`placeholder_problem`, as ``i18n check`` judges them.
    """
    if catalog is None:  # else read already by read_catalog (validate compiles the same reading)
        try:
            catalog = read_catalog(path)
        except CatalogError as error:
            return list(error.diagnostics)
    wanted = _entries_by_key(template or build_template())
    found = [placeholder_problem(m, "", path, wanted.get(_key(m))) for m in catalog]
    found.extend(typed_alike_problems(((m, path) for m in catalog), ""))
    return [problem.diagnostic() for problem in found if problem is not None]
