"""The translation layer: every word a user sees goes through here.

Catalogs are gettext ``.po`` files under ``<root>/locales/<lang>/LC_MESSAGES/``
for every root of :mod:`engine.base.resources`. They are read at run time with
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
import os
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from engine.base import resources
from engine.base.particles import agree
from engine.base.shown import printable

DEFAULT_LANGUAGE = "en"
_PLACEHOLDER = re.compile(r"\{([^{}]*)\}")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*\Z")

_state = threading.local()
# Reads a language's catalog files into merged translations (engine.base.catalogs installs it when the base
# layer loads: the reader words its own problems through this module, so it cannot come first).
_read_catalogs: Callable[[str], _gettext.NullTranslations] | None = None


def install_catalog_reader(reader: Callable[[str], _gettext.NullTranslations]) -> None:
    """Read catalogs with ``reader`` (lang -> merged translations; raises CatalogError for a malformed file)."""
    global _read_catalogs
    _read_catalogs = reader


def N_(message: str) -> str:
    """Mark a string for extraction without translating it now."""
    return message


# Between a message's context and its text in one string, as gettext's own files join them.
CONTEXT_SEPARATOR = "\x04"


def NP_(context: str, message: str) -> str:  # noqa: N802 - gettext's naming, as N_
    """Mark a string with a context for extraction without translating it now: ``context`` and ``message`` in
    one string, which :func:`translate_marked` translates (``pass`` at a bid and ``pass`` in a trade are two
    messages a translator may word apart)."""
    return f"{context}{CONTEXT_SEPARATOR}{message}"


def translate_marked(marked: str) -> str:
    """The translation of a string marked with :func:`N_` or :func:`NP_`."""
    context, separator, message = marked.partition(CONTEXT_SEPARATOR)
    return pgettext(context, message) if separator else _(marked)


def marked_text(marked: str) -> str:
    """The English text of a string marked with :func:`N_` or :func:`NP_` (without its context)."""
    return marked.rpartition(CONTEXT_SEPARATOR)[2]


# --------------------------------------------------------------------------- languages


def _normalize(tag: str) -> str:
    """``ko_KR.UTF-8@euro`` -> ``ko_KR``; ``C``/``POSIX`` -> ``""``."""
    tag = tag.split(".")[0].split("@")[0].replace("-", "_").strip()
    return "" if tag in ("C", "POSIX") else tag


def catalog_dirs(lang: str) -> list[Path]:
    """``<root>/locales/<lang>/LC_MESSAGES`` directories that exist, highest priority first."""
    found: list[Path] = []
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
    from babel import negotiate_locale  # lazy: Babel's locale data is read only when a language is negotiated

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
    from babel import Locale, UnknownLocaleError  # lazy: as in negotiate, only for a language with no catalog
    from babel.core import get_global  # lazy: as above

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
    for parts in (
        (locale.language, script, territory),
        (locale.language, script),
        (locale.language, territory),
        (locale.language,),
    ):
        if all(parts):
            form = "_".join(part for part in parts if part)
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


@contextmanager
def in_language(lang: str) -> Iterator[str]:
    """Translate in ``lang`` for a while (this thread only), then go back to the language in use, as it was chosen
    (explicitly or by the environment). Yields the language chosen for ``lang``."""
    saved = (
        getattr(_state, "language", None),
        getattr(_state, "requested", None),
        getattr(_state, "translations", None),
    )
    try:
        yield set_language(lang)
    finally:
        _state.language, _state.requested, _state.translations = saved


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


def catalog_files(lang: str) -> list[Path]:
    """Every ``.po`` file of ``lang``, highest priority first."""
    files: list[Path] = []
    for d in catalog_dirs(lang):
        files.extend(sorted(d.glob("*.po")))
    return files


def load_translations(lang: str) -> _gettext.NullTranslations:
    """The merged translations of ``lang`` (raises CatalogError for a malformed file).

    While it runs, this thread's messages are English: the catalog being
    judged words its own problems, and must not be loaded again to do so
    (each level read the whole file again: a hostile 2 MB header took 20 s
    to refuse).
    """
    loading = getattr(_state, "loading", False)
    _state.loading = True
    try:
        return _read_catalogs(lang) if _read_catalogs is not None else _gettext.NullTranslations()
    finally:
        _state.loading = loading


_ENGLISH = _gettext.NullTranslations()


def _translations() -> _gettext.NullTranslations:
    trans = getattr(_state, "translations", None)
    if trans is None:
        if getattr(_state, "loading", False):
            return _ENGLISH  # a catalog is being loaded: its own problems are worded in English
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


def safe_format(text: str, params: Mapping[str, object]) -> str | None:
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
            name = text[pos + 1 : end]
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


def _finish(translated: str, original: str, params: dict[str, object]) -> str:
    """The message with its values in place, every control character from a catalog or a value made visible.

    Translations and values (player and card names) come from strangers'
    files; see :mod:`engine.base.shown`.
    """
    if translated is not original:
        translated = printable(translated)
    if not params and "{" not in translated and "}" not in translated:
        return translated
    if params:
        # A value is one name or number: a newline or a tab in it (a player named "A\nB") is shown, not obeyed.
        params = {
            name: printable(value, keep_newlines=False) if isinstance(value, str) else value
            for name, value in params.items()
        }
    result = safe_format(translated, params)
    if result is None and translated is not original:
        result = safe_format(original, params)
    # Once a value is in place, a two-form particle written after it (Korean "{card}은(는)") can agree with it.
    return agree(result) if result is not None else original


def _(message: str, **params: object) -> str:
    """Translate ``message`` and fill its ``{name}`` placeholders."""
    return _finish(_translations().gettext(message), message, params)


def distinct_name(message: str, **params: object) -> str:
    """A name that tells people or seats apart ("Player {number}", "Bot {number} ({kind})"), translated only when
    the translation keeps every placeholder of the English text: a catalog that drops the number would name
    every seat alike, and a table, a log or a report could no longer tell them apart. The English text is used
    instead (``i18n check`` and ``validate`` report such a translation)."""
    translated = _translations().gettext(message)
    if translated is not message and set(placeholders(message)) - set(placeholders(translated)):
        translated = message
    return _finish(translated, message, params)


def gettext(message: str, **params: object) -> str:
    """Same as :func:`_`."""
    return _(message, **params)


def ngettext(singular: str, plural: str, n: int, **params: object) -> str:
    """Plural-aware translation; ``n`` is also available as ``{n}``."""
    params.setdefault("n", n)
    original = singular if n == 1 else plural
    return _finish(plural_lookup(lambda t: t.ngettext(singular, plural, n), original), original, params)


def plural_lookup(lookup: Callable[[_gettext.NullTranslations], str], original: str) -> str:
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


def pgettext(context: str, message: str, **params: object) -> str:
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


def npgettext(context: str, singular: str, plural: str, n: int, **params: object) -> str:
    """Plural-aware translation in a message context (parent contexts as in :func:`pgettext`)."""
    params.setdefault("n", n)
    original = singular if n == 1 else plural
    for ctx in context_chain(context):

        def lookup(t: _gettext.NullTranslations, ctx: str = ctx) -> str:
            return t.npgettext(ctx, singular, plural, n)

        translated = plural_lookup(lookup, original)
        if translated is not singular and translated is not plural:
            return _finish(translated, original, params)
    return _finish(original, original, params)
