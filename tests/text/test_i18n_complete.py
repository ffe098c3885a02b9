"""Every shipped language is complete: a message ja or ko lacks fails here, by name.

The template is extracted from the current source (code, click, rulesets), so
a message added anywhere shows up at once. To fix a failure: run
``cardrules i18n update en ja ko --dir .``, translate the listed msgids in
``locales/{en,ja,ko}/LC_MESSAGES/cardrules.po`` and run ``cardrules i18n check``.
"""

from __future__ import annotations

import locations
import pytest

from engine.text import i18n_tools

SHIPPED = ("en", "ja", "ko")


@pytest.fixture(scope="module")
def template():
    return i18n_tools.build_template()


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_message_is_translated(lang, template):
    problems = [
        p for p in i18n_tools.check_languages([lang], template) if p.kind in ("missing", "untranslated", "fuzzy")
    ]
    listing = "\n".join(f"  {p.kind}: {p.context + ' | ' if p.context else ''}{p.msgid!r}" for p in problems)
    assert not problems, f"{len(problems)} message(s) to translate in {lang}:\n{listing}"


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_translation_uses_the_english_placeholders(lang, template):
    problems = [str(p.diagnostic()) for p in i18n_tools.check_languages([lang], template) if p.kind == "placeholders"]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", SHIPPED)
def test_no_catalog_keeps_obsolete_entries(lang, template):
    problems = [str(p.diagnostic()) for p in i18n_tools.check_languages([lang], template) if p.kind == "obsolete"]
    assert not problems, "\n".join(problems)


def test_the_shipped_template_is_current(template):
    """``locales/cardrules.pot`` lists the same messages as a fresh extraction."""
    from babel.messages.pofile import read_po

    with open(i18n_tools.default_template_path(), "rb") as handle:
        shipped = read_po(handle)

    def keys(catalog):
        return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}

    missing = keys(template) - keys(shipped)
    stale = keys(shipped) - keys(template)
    assert not missing and not stale, (
        f"run `cardrules i18n extract`: new {sorted(missing, key=str)[:20]}, gone {sorted(stale, key=str)[:20]}"
    )


def test_japanese_sentences_use_full_width_punctuation():
    """A colon, comma or bracket right after Japanese text is the full-width one (：、（）), as the style asks."""
    import re

    from babel.messages.pofile import read_po

    path = locations.REPO / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po"
    with open(path, "rb") as handle:
        catalog = read_po(handle)
    japanese_then_half_width = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff][:;,()]")
    found = []
    for message in catalog:
        texts = message.string if isinstance(message.string, tuple) else (message.string,)
        found += [text for text in texts if text and japanese_then_half_width.search(text)]
    assert not found, "\n".join(found)
