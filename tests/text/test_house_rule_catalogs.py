"""A house rule's texts are translated in a catalog of its own: ``i18n extract/init/update/check`` with its files.

A group that writes a house rule (in a root of its own, ``CARDRULES_PATH``)
translates its name and description without touching the program: the
template and catalogs of its root hold its texts alone, ``update`` keeps
them, ``check`` asks for them (and calls nothing else obsolete), and the
program's own template is never written into an installed program.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from cli_helpers import cardrules_process

from engine.base import resources
from engine.base.errors import CatalogError
from engine.text import i18n_tools

HOUSE_RULE = """\
extends: no-thanks/classic
id: no-thanks/big-pot
name: No Thanks! with a big pot
description: Each card starts with three chips on it.
"""


@pytest.fixture
def root(tmp_path: Path) -> Path:
    (tmp_path / "rulesets").mkdir()
    (tmp_path / "rulesets" / "big-pot.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    return tmp_path


def run(root: Path, *args: str, lang: str = "en"):
    return cardrules_process(*args, cwd=root, env={"CARDRULES_PATH": str(root)}, lang=lang)


def test_a_house_rule_is_translated_in_its_own_catalog_from_start_to_play(root: Path) -> None:
    extracted = run(root, "i18n", "extract", "rulesets/big-pot.yaml")
    assert extracted.returncode == 0 and "Wrote 2 messages" in extracted.stdout
    template = (root / "locales" / "cardrules.pot").read_text(encoding="utf-8")
    assert 'msgctxt "no-thanks"\nmsgid "No Thanks! with a big pot"' in template
    assert "#. ruleset text: ruleset name" in template and "Possession" not in template  # its texts alone

    assert run(root, "i18n", "init", "ja", "--ruleset", "rulesets/big-pot.yaml").returncode == 0
    catalog = root / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po"
    assert catalog.read_text(encoding="utf-8").count("\nmsgid ") == 3  # the header, and its two texts

    checked = run(root, "i18n", "check", "ja", "--ruleset", "rulesets/big-pot.yaml")
    assert checked.returncode == 1
    assert checked.stdout.count("untranslated") == 2 and "obsolete" not in checked.stdout  # the program's are fine

    text = catalog.read_text(encoding="utf-8")
    text = text.replace(
        'msgid "No Thanks! with a big pot"\nmsgstr ""', 'msgid "No Thanks! with a big pot"\nmsgstr "大鍋ノーサンキュー"'
    )
    text = text.replace(
        'msgid "Each card starts with three chips on it."\nmsgstr ""',
        'msgid "Each card starts with three chips on it."\nmsgstr "どのカードもチップ3枚から始まります。"',
    )
    catalog.write_text(text, encoding="utf-8")
    checked = run(root, "i18n", "check", "ja", "--ruleset", "rulesets/big-pot.yaml")
    assert checked.returncode == 0, checked.stdout + checked.stderr

    # update keeps the house rule's entries, with or without --ruleset (its root's rulesets are its messages).
    for extra in (["--ruleset", "rulesets/big-pot.yaml"], []):
        assert run(root, "i18n", "update", "ja", "--dir", str(root), *extra).returncode == 0
        assert 'msgstr "大鍋ノーサンキュー"' in catalog.read_text(encoding="utf-8")
    listed = run(root, "rulesets", lang="ja")
    assert "どのカードもチップ3枚から始まります。" in listed.stdout


def test_the_programs_template_is_never_written_into_an_installed_program(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(resources, "in_checkout", lambda: False)
    with pytest.raises(CatalogError, match="only in a checkout of cardrules: give --output FILE"):
        i18n_tools.write_template()
    target, count = i18n_tools.write_template(tmp_path / "all.pot")
    assert target.is_file() and count > 1000


def test_a_catalog_write_that_fails_leaves_the_old_catalog_whole(root: Path, monkeypatch) -> None:
    catalog = i18n_tools.init_language("ja", root, [root / "rulesets" / "big-pot.yaml"])
    before = catalog.read_bytes()

    def full_disk(*_args, **_kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", full_disk)
    with pytest.raises(CatalogError, match="cannot write the catalog: No space left on device"):
        i18n_tools.update_catalogs(["ja"], root, rulesets=[root / "rulesets" / "big-pot.yaml"])
    assert catalog.read_bytes() == before
    assert [path.name for path in catalog.parent.iterdir()] == ["cardrules.po"]  # no temporary file left
