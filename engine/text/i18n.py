"""The translation layer: every word a user sees goes through here.

Catalogs are gettext ``.po`` files under ``<root>/locales/<lang>/LC_MESSAGES/``
for every root of :mod:`engine.resources`. They are read at run time with
Babel and compiled in memory (no compile step for translators); the compiled
form is cached per file and rebuilt when the file's modification time or size
changes, so an edited catalog is seen at once.

All ``*.po`` files of a language are merged: the program's own messages and
the texts that rulesets declare (card names, descriptions) alike. Files in
higher-priority roots win. Whatever a catalog lacks falls back to English (the
msgid).

Ruleset texts are translated in their edition's message context
(``pgettext("game/edition", text)``); a context that lacks a text falls back
to its parent (``game``), where the texts the editions share are declared.

Placeholders are ``{name}`` only. A translation is data from a stranger, so
formatting never lets it reach Python objects: no attribute or index access,
no conversions, no format specs; a translation that breaks these rules is
ignored in favour of the English text (``cardrules i18n check`` reports it).
"""
from __future__ import annotations

import gettext as _gettext
import io
import os
import re
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ..errors import CardrulesError

from .. import resources
from .particles import agree
from .shown import printable

DEFAULT_LANGUAGE = "en"
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")

_lock = threading.Lock()
_compiled_cache: dict[tuple[str, int, int], _gettext.GNUTranslations] = {}
_state = threading.local()


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


# --------------------------------------------------------------------------- languages

def _normalize(tag: str) -> str:
    """``ko_KR.UTF-8@euro`` -> ``ko_KR``; ``C``/``POSIX`` -> ``""``."""
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    return "" if tag in ("C", "POSIX") else tag


def catalog_dirs(lang: str) -> list[Path]:
    """``<root>/locales/<lang>/LC_MESSAGES`` directories that exist, highest priority first."""
    found = []
    if not _LANGUAGE_TAG.match(lang):
        return found  # no catalog is named so (a 300-letter LANG is no file name either)
    for locales in resources.subdirs("locales"):
        d = locales / lang / "LC_MESSAGES"
        try:
            if d.is_dir():
                found.append(d)
        except OSError:
            pass  # unreadable: as if absent
    return found


# What a catalog's folder may be called: a language, then region, script or variant subtags.
_LANGUAGE_TAG = re.compile(r"[A-Za-z]{2,8}(?:_[A-Za-z0-9]{1,8}){0,4}\Z")


def available_languages() -> list[str]:
    """Every language with at least one catalog, plus English."""
    langs = {DEFAULT_LANGUAGE}
    for locales in resources.subdirs("locales"):
        for child in locales.iterdir():
            if (child / "LC_MESSAGES").is_dir() and any((child / "LC_MESSAGES").glob("*.po")):
                langs.add(child.name)
    return sorted(langs)


def environment_preferences() -> list[str]:
    """Languages the environment asks for, in order (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)."""
    prefs: list[str] = []
    language = os.environ.get("LANGUAGE", "")
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var)
        if value:
            # LANGUAGE only counts when a locale is set at all (as in GNU gettext).
            if language and _normalize(value):
                prefs.extend(_normalize(p) for p in language.split(":"))
            prefs.append(_normalize(value))
            break
    return [p for p in prefs if p]


def negotiate(preferred: list[str]) -> str:
    """The best available language for these preferences, else English."""
    from babel import negotiate_locale

    available = available_languages()
    # Babel matches regardless of case but answers in the asker's spelling ("JA"); catalogs are
    # found by the directory's spelling ("ja"), so answer with that.
    by_lower = {language.lower(): language for language in available}
    for tag in preferred:
        tag = _normalize(tag)
        if not tag:
            continue
        match = negotiate_locale([tag], available, sep="_")
        if match:
            return by_lower.get(match.lower(), match)
        for candidate in likely_forms(tag):
            if candidate.lower() in by_lower:
                return by_lower[candidate.lower()]
    return DEFAULT_LANGUAGE


def likely_forms(tag: str) -> list[str]:
    """``zh_CN`` -> ``zh_CN, zh_Hans_CN, zh_Hans, zh``: the tag, then the forms CLDR's likely subtags give it.

    A catalog is named by the language and, where it matters, the script
    (``zh_Hans``); a locale names the language and the country (``zh_CN``).
    The likely script of a Chinese locale in Taiwan is Hant, so ``zh_TW``
    never finds ``zh_Hans``.
    """
    from babel import Locale, UnknownLocaleError
    from babel.core import get_global

    forms = [tag]
    try:
        locale = Locale.parse(tag)
    except (ValueError, TypeError, UnknownLocaleError):
        return forms + [tag.split("_")[0]]
    likely = get_global("likely_subtags")
    full = likely.get(str(locale)) or likely.get(f"{locale.language}_{locale.territory}") or likely.get(locale.language)
    script, territory = locale.script, locale.territory
    if full:
        parts = full.split("_")
        script = script or next((part for part in parts[1:] if len(part) == 4), None)
        territory = territory or next((part for part in parts[1:] if len(part) in (2, 3) and part.isupper()), None)
    for parts in ((locale.language, script, territory), (locale.language, script), (locale.language, territory),
                  (locale.language,)):
        if all(parts):
            form = "_".join(parts)
            if form not in forms:
                forms.append(form)
    return forms


def set_language(lang: str | None = None) -> str:
    """Use ``lang`` (or the environment's locale) for this thread; returns the choice.

    An explicitly requested language with a catalog anywhere is used as is
    (English fills its gaps); one without any catalog falls back to English.
    """
    if lang:
        chosen = negotiate([lang])
        if chosen == DEFAULT_LANGUAGE and _normalize(lang) and catalog_dirs(_normalize(lang)):
            chosen = _normalize(lang)
    else:
        chosen = negotiate(environment_preferences())
    _state.language = chosen
    _state.requested = chosen if lang else None
    _state.translations = None
    return chosen


def requested_language() -> str | None:
    """The language in use when it was asked for explicitly (``--lang``); None when the environment chose it.

    A command that tells the user what to type next (``play --resume``)
    repeats an explicit choice, since the environment would not make it.
    """
    return getattr(_state, "requested", None)


def current_language() -> str:
    """The language in use for this thread."""
    lang = getattr(_state, "language", None)
    if lang is None:
        lang = set_language(None)
    return lang


# --------------------------------------------------------------------------- catalogs

# The largest catalog read: the shipped ones are some 220 KB, and a catalog is parsed (about a second per MiB)
# at the start of every command in its language.
MAX_CATALOG_BYTES = 4 * 1024 * 1024
# Languages have at most six plural forms (CLDR: Arabic); a formula is checked for every count up to here.
MOST_PLURAL_FORMS = 6
PLURAL_COUNTS_CHECKED = 1000


def _compile(path: Path) -> _gettext.GNUTranslations:
    """Read one ``.po`` with Babel and compile it in memory (cached by mtime and size).

    The file must be a regular file of at most :data:`MAX_CATALOG_BYTES`, and
    its header is checked before Babel reads anything (see
    :func:`catalog_header_problem`): a catalog is a stranger's file.
    """
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    from ..errors import CatalogError
    from ..input_files import InputFileError, read_input

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
        raise CatalogError.at(_("cannot read catalog: {reason}", reason=error.strerror or str(error)),
                              file=str(path)) from None
    problem = catalog_header_problem(data) or catalog_syntax_problem(data)
    if problem is not None:
        line, message = problem
        raise CatalogError.at(message, file=str(path), line=line)
    try:
        with io.BytesIO(data) as handle:
            catalog = read_po(handle, abort_invalid=True)
        buffer = io.BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        buffer.seek(0)
        compiled = _gettext.GNUTranslations(buffer)
    except CatalogError:
        raise
    except Exception as exc:  # Babel raises several kinds on malformed input
        raise malformed_catalog(path, exc) from None
    with _lock:
        _compiled_cache[key] = compiled
    return compiled


def _header_fields(data: bytes) -> dict[str, tuple[int, str]]:
    """The fields of a catalog's header entry (``msgid ""``), by lower-case name: ``(line, value)``.

    Read by hand, line by line and only as far as the header goes, so that a
    hostile header is judged before Babel builds anything from it.
    """
    fields: dict[str, tuple[int, str]] = {}
    lines = data.split(b"\n", 400)[:400]
    state = "before"
    for number, raw in enumerate(lines, start=1):
        text = raw.decode("utf-8", "replace").strip()
        if state == "before":
            if not text or text.startswith("#"):
                continue
            if text != 'msgid ""':
                return fields  # no header entry
            state = "msgid"
        elif state == "msgid":
            if text.startswith('"'):
                continue  # a continued msgid: no longer the header
            if not text.startswith("msgstr"):
                return fields
            state = "msgstr"
            text = text[len("msgstr"):].strip()
            if text.startswith('"') and text != '""':
                _add_header_field(fields, number, text)
        elif text.startswith('"'):
            _add_header_field(fields, number, text)
        else:
            break
    return fields


def _add_header_field(fields: dict[str, tuple[int, str]], number: int, quoted: str) -> None:
    content = quoted[1:-1] if quoted.endswith('"') and len(quoted) >= 2 else quoted[1:]
    content = content.replace("\\n", "").replace('\\"', '"')
    name, colon, value = content.partition(":")
    if colon:
        fields.setdefault(name.strip().lower(), (number, value.strip()))


def catalog_header_problem(data: bytes) -> tuple[int | None, str] | None:
    """What is wrong with a catalog's header, as ``(line, message)``; None when it may be read.

    Only UTF-8 catalogs are read (another charset would let the text differ
    between review and use). ``Plural-Forms`` must give 1 to 6 forms and a
    formula that gives one of them for every count from 0 to 1000: gettext
    compiles any formula of C syntax, so ``n/0`` would otherwise fail only
    when a plural message is shown, and a huge ``nplurals`` costs memory.
    """
    fields = _header_fields(data)
    content_type = fields.get("content-type")
    if content_type is not None:
        line, value = content_type
        charset = re.search(r"charset\s*=\s*([^;\s]+)", value, re.IGNORECASE)
        if charset is not None and charset.group(1).lower().replace("_", "-") not in ("utf-8", "utf8"):
            # TRANSLATORS: {charset} as written in the catalog's Content-Type header.
            return line, _("the catalog must be UTF-8 (charset=UTF-8), not {charset}", charset=charset.group(1)[:40])
    plural_forms = fields.get("plural-forms")
    if plural_forms is None:
        return None
    line, value = plural_forms
    match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", value)
    if match is None:
        # TRANSLATORS: keep "Plural-Forms", "nplurals" and "plural" as they are: they are the header's own words.
        return line, _("the Plural-Forms header must read nplurals=N; plural=FORMULA;")
    digits = match.group(1).lstrip("0") or "0"
    if len(digits) > 1 or not 1 <= int(digits) <= MOST_PLURAL_FORMS:
        shown = digits if len(digits) <= 20 else digits[:20] + "…"
        return line, _("nplurals must be from 1 to {most}, not {forms}", most=MOST_PLURAL_FORMS, forms=shown)
    forms = int(digits)
    try:
        plural = _gettext.c2py(match.group(2))
    except (ValueError, RecursionError, SyntaxError):
        return line, _("the Plural-Forms formula is not a C expression of n")
    for count in range(PLURAL_COUNTS_CHECKED + 1):
        try:
            form = plural(count)
        except Exception:  # the formula is the catalog author's code: any failure is theirs
            return line, _("the Plural-Forms formula fails for n = {n}", n=count)
        if not 0 <= form < forms:
            return line, _("the Plural-Forms formula gives form {form} for n = {n}, but nplurals is {forms}",
                           form=form, n=count, forms=forms)
    return None


_PO_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)(?=\s|\"|$)\s*(.*)$")
_PO_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_PO_KEYWORDS = ["msgctxt", "msgid", "msgid_plural", "msgstr"]


def catalog_syntax_problem(data: bytes) -> tuple[int | None, str] | None:
    """The first mistake of a catalog's syntax that Babel would let pass, as ``(line, message)``; else None.

    Babel reads leniently: a text whose closing quote is missing loses its
    last character, and a message written twice silently keeps the first
    translation. Checked line by line (linear), before Babel reads the file.
    """
    first_line: dict[tuple[str | None, str], int] = {}
    keyword = None
    context: str | None = None
    message = entry_line = None

    def repeated() -> tuple[int | None, str] | None:
        if message is None:
            return None
        key = (context, message)
        if key in first_line:
            # TRANSLATORS: a catalog holds the same msgid (with the same msgctxt) twice.
            return entry_line, _("this message is already in the catalog at line {line}: only one of the two "
                                 "would be used", line=first_line[key])
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
            string = text
        else:
            found = _PO_KEYWORD.match(text)
            if found is None:
                word = text.split()[0][:40]
                # TRANSLATORS: {word} is what the catalog line starts with; keep msgid, msgstr and msgctxt.
                return number, _("unknown keyword {word}{suggestion}: a line starts with msgctxt, msgid, "
                                 "msgid_plural or msgstr, or is text in quotes",
                                 word=word, suggestion=_did_you_mean(word, _PO_KEYWORDS))
            previous, keyword, string = keyword, found.group(1), found.group(2)
            if keyword == "msgctxt" or (keyword == "msgid" and previous != "msgctxt"):
                problem = repeated()
                if problem is not None:
                    return problem
                context, message, entry_line = (None if keyword == "msgid" else ""), None, number
            if keyword == "msgid":
                message = ""
        if not _PO_STRING.fullmatch(string):
            # TRANSLATORS: a catalog's text must be in double quotes, a quote inside written \".
            return number, _('this text in quotes is never closed (a quote inside the text is written \\")')
        if keyword == "msgctxt":
            context = (context or "") + string
        elif keyword == "msgid":
            message = (message or "") + string
    return repeated()


def _did_you_mean(word: str, choices: list[str]) -> str:
    from ..language.options import did_you_mean

    return did_you_mean(word, choices)


def malformed_catalog(path: Path, exc: Exception) -> "CardrulesError":
    """A located :class:`CatalogError` for a catalog Babel could not read."""
    from ..errors import CatalogError

    from babel.messages.pofile import PoFileError

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


def catalog_files(lang: str) -> list[Path]:
    """Every ``.po`` file of ``lang``, highest priority first."""
    files: list[Path] = []
    for d in catalog_dirs(lang):
        files.extend(sorted(d.glob("*.po")))
    return files


def load_translations(lang: str) -> _gettext.NullTranslations:
    """The merged translations of ``lang`` (raises CatalogError for a malformed file)."""
    chain: _gettext.NullTranslations = _gettext.NullTranslations()
    first: _gettext.NullTranslations | None = None
    for path in catalog_files(lang):
        compiled = _compile(path)
        # A fresh wrapper per chain so fallbacks of one language never leak into another.
        link = _gettext.GNUTranslations.__new__(_gettext.GNUTranslations)
        link.__dict__.update({k: v for k, v in compiled.__dict__.items() if k != "_fallback"})
        link._fallback = None
        if first is None:
            first = link
        else:
            first.add_fallback(link)
    if first is None:
        return chain
    return first


def _translations() -> _gettext.NullTranslations:
    trans = getattr(_state, "translations", None)
    if trans is None:
        lang = current_language()
        if lang == DEFAULT_LANGUAGE and not catalog_files(lang):
            trans = _gettext.NullTranslations()
        else:
            try:
                trans = load_translations(lang)
            except Exception:
                # A broken catalog must not take the program down: English it is.
                # `cardrules validate`/`i18n check` report the file and line.
                trans = _gettext.NullTranslations()
        _state.translations = trans
    return trans


def load_current_catalogs() -> None:
    """Load the current language's catalogs now; a malformed one raises :class:`CatalogError`.

    The command line calls this before printing anything, so a broken
    catalog is reported with its file and line (exit 1) instead of being
    silently replaced by English.
    """
    lang = current_language()
    if lang == DEFAULT_LANGUAGE and not catalog_files(lang):
        _state.translations = _gettext.NullTranslations()
        return
    _state.translations = load_translations(lang)


def refresh() -> None:
    """Forget this thread's merged catalogs (files are re-checked on next use)."""
    _state.translations = None


# --------------------------------------------------------------------------- formatting

def placeholders(text: str) -> list[str]:
    """The placeholder names in ``text`` (``{name}``), in order."""
    return [m.group(1) for m in _PLACEHOLDER.finditer(text.replace("{{", "").replace("}}", ""))]


def safe_format(text: str, params: dict[str, Any]) -> str | None:
    """Insert ``params`` into ``text``; None when ``text`` asks for anything else."""
    out: list[str] = []
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch == "{":
            if text.startswith("{{", pos):
                out.append("{")
                pos += 2
                continue
            end = text.find("}", pos)
            if end < 0:
                return None
            name = text[pos + 1:end]
            if not _IDENTIFIER.match(name) or name not in params:
                return None
            out.append(str(params[name]))
            pos = end + 1
        elif ch == "}":
            if text.startswith("}}", pos):
                out.append("}")
                pos += 2
                continue
            return None
        else:
            out.append(ch)
            pos += 1
    return "".join(out)


def _finish(translated: str, original: str, params: dict[str, Any]) -> str:
    """The message with its values in place, every control character from a catalog or a value made visible.

    Translations and values (player and card names) come from strangers'
    files; see :mod:`engine.text.shown`.
    """
    if translated is not original:
        translated = printable(translated)
    if not params and "{" not in translated and "}" not in translated:
        return translated
    if params:
        # A value is one name or number: a newline or a tab in it (a player named "A\nB") is shown, not obeyed.
        params = {name: printable(value, keep_newlines=False) if isinstance(value, str) else value
                  for name, value in params.items()}
    result = safe_format(translated, params)
    if result is None and translated is not original:
        result = safe_format(original, params)
    # Once a value is in place, a two-form particle written after it (Korean "{card}은(는)") can agree with it.
    return agree(result) if result is not None else original


def _(message: str, **params: Any) -> str:
    """Translate ``message`` and fill its ``{name}`` placeholders."""
    return _finish(_translations().gettext(message), message, params)


def gettext(message: str, **params: Any) -> str:
    """Same as :func:`_`."""
    return _(message, **params)


def ngettext(singular: str, plural: str, n: int, **params: Any) -> str:
    """Plural-aware translation; ``n`` is also available as ``{n}``."""
    params.setdefault("n", n)
    original = singular if n == 1 else plural
    return _finish(plural_lookup(lambda t: t.ngettext(singular, plural, n), original), original, params)


def plural_lookup(lookup: Any, original: str) -> str:
    """``lookup(translations)``, or ``original`` when the catalog's Plural-Forms formula fails.

    The formula is a stranger's code (evaluated by :mod:`gettext` in a safe
    subset of C); one that divides by zero must not take the program down.
    ``cardrules validate`` reports such a catalog.
    """
    try:
        return lookup(_translations())
    except (ArithmeticError, ValueError, TypeError, RecursionError):
        return original


def context_chain(context: str) -> list[str]:
    """``game/edition/house`` -> ``["game/edition/house", "game/edition", "game"]``.

    Ruleset contexts nest like ruleset names: a text an edition does not
    translate itself is looked up in the context of the game it belongs to.
    """
    chain = [context]
    while "/" in context:
        context = context.rsplit("/", 1)[0]
        chain.append(context)
    return chain


def pgettext(context: str, message: str, **params: Any) -> str:
    """Translation in a message context (an edition's card names, for instance).

    A context missing the message falls back to its parent context
    (see :func:`context_chain`), then to the English text.
    """
    translations = _translations()
    if not context:
        return _finish(translations.gettext(message), message, params)
    for ctx in context_chain(context):
        translated = translations.pgettext(ctx, message)
        if translated is not message:
            return _finish(translated, message, params)
    return _finish(message, message, params)


def npgettext(context: str, singular: str, plural: str, n: int, **params: Any) -> str:
    """Plural-aware translation in a message context (parent contexts as in :func:`pgettext`)."""
    params.setdefault("n", n)
    original = singular if n == 1 else plural
    for ctx in context_chain(context):
        translated = plural_lookup(lambda t: t.npgettext(ctx, singular, plural, n), original)
        if translated is not singular and translated is not plural:
            return _finish(translated, original, params)
    return _finish(original, original, params)
