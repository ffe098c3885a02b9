"""Writing small gettext catalogs under a CARDRULES_PATH root, for the translation tests."""

from __future__ import annotations

from pathlib import Path

ENGLISH_PLURALS = "nplurals=2; plural=(n != 1);"


def catalog_header(plural_forms: str = ENGLISH_PLURALS) -> str:
    """The five-line header every test catalog starts with (so line numbers in expectations hold)."""
    return f'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Plural-Forms: {plural_forms}\\n"\n\n'


def write_catalog(root: Path, lang: str, body: str, plural_forms: str = ENGLISH_PLURALS) -> Path:
    """``ROOT/locales/LANG/LC_MESSAGES/cardrules.po`` holding the header and ``body``."""
    path = root / "locales" / lang / "LC_MESSAGES" / "cardrules.po"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(catalog_header(plural_forms) + body, encoding="utf-8")
    return path
