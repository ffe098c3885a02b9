"""The catalogs pass GNU gettext's own check, the one translators' tools run (``msgfmt -c --check-format``).

The program fills its texts by braces, so a ``%`` in a text ("95% intervals")
is no format: the template flags such a text ``no-python-format`` (Babel
guessed ``python-format`` from ``% i``, and msgfmt then refused the Japanese
"95% 区間"). A text whose comment lets a translation use a placeholder the
English leaves out is not brace-checked by msgfmt, which would refuse it.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.base import resources
from engine.text import i18n_tools

MSGFMT = shutil.which("msgfmt")
CATALOGS = sorted((resources.package_root() / "locales").glob("*/LC_MESSAGES/cardrules.po"))


def msgfmt_check(path: Path) -> subprocess.CompletedProcess[str]:
    assert MSGFMT, "this test needs GNU gettext's msgfmt (Debian: apt-get install gettext)"
    return subprocess.run(
        [MSGFMT, "-c", "--check-format", "-o", "/dev/null", str(path)], capture_output=True, text=True, check=False
    )


def test_every_language_is_checked() -> None:
    assert {path.parts[-3] for path in CATALOGS} >= {"en", "ja", "ko"}


@pytest.mark.parametrize("path", CATALOGS, ids=lambda path: path.parts[-3])
def test_each_catalog_passes_msgfmt(path: Path) -> None:
    checked = msgfmt_check(path)
    assert checked.returncode == 0, checked.stderr


def test_a_percent_sign_in_our_text_is_no_format() -> None:
    template = i18n_tools.build_template()
    plot_title = template.get("Win rate per seat (95% intervals)")
    assert plot_title is not None
    assert "no-python-format" in plot_title.flags and "python-format" not in plot_title.flags
    with_braces = template.get("Win rate per seat, {games} game per ruleset (95% intervals)")
    assert with_braces is not None
    assert {"no-python-format", "python-brace-format"} <= with_braces.flags


def test_click_keeps_its_percent_formats() -> None:
    # click fills its own messages with %: msgfmt must keep checking those.
    template = i18n_tools.build_template()
    clicks = [m for m in template if m.id and all(loc.startswith("click/") for loc, _ in m.locations)]
    assert any("python-format" in m.flags for m in clicks)
    assert not any("no-python-format" in m.flags for m in clicks)


def test_an_optional_placeholder_the_english_leaves_out_is_not_brace_checked() -> None:
    amount = i18n_tools.build_template().get("{symbol}{amount}")
    assert amount is not None
    assert "no-python-brace-format" in amount.flags and "python-brace-format" not in amount.flags


def test_an_update_replaces_old_flags_and_the_result_passes_msgfmt(tmp_path: Path) -> None:
    # A catalog written before the fix carries Babel's old guesses; `update` gives it the template's flags.
    for lang in ("ja",):
        target = i18n_tools.catalog_path(tmp_path, lang)
        target.parent.mkdir(parents=True)
        source = resources.package_root() / "locales" / lang / "LC_MESSAGES" / "cardrules.po"
        text = source.read_text(encoding="utf-8").replace("#, no-python-format", "#, python-format")
        target.write_text(text, encoding="utf-8")
        assert msgfmt_check(target).returncode != 0  # the old flags are what msgfmt refused
        i18n_tools.update_catalogs([lang], tmp_path)
        checked = msgfmt_check(target)
        assert checked.returncode == 0, checked.stderr


def test_a_house_rules_template_is_flagged_too(tmp_path: Path) -> None:
    rule = tmp_path / "odds.yaml"
    rule.write_text(
        "extends: no-thanks/classic\nid: no-thanks/odds\nname: No Thanks! at 50% odds\n"
        "description: Half the cards (50% of them) go.\n",
        encoding="utf-8",
    )
    template = i18n_tools.rulesets_template([rule])
    # (a ruleset's texts carry its id as their context)
    named = next(message for message in template if message.id == "No Thanks! at 50% odds")
    assert "no-python-format" in named.flags and "python-format" not in named.flags
