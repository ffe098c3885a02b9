"""docs/api.md stays true: its Python examples run, in order, in one namespace."""

from __future__ import annotations

import re

import locations

API_DOC = locations.REPO / "docs" / "api.md"
CODE_BLOCK = re.compile(r"^```python\n(.*?)^```", re.DOTALL | re.MULTILINE)


def python_blocks() -> list[str]:
    return CODE_BLOCK.findall(API_DOC.read_text(encoding="utf-8"))


def test_the_api_page_has_examples_including_a_bot():
    blocks = python_blocks()
    assert len(blocks) >= 5
    assert any("def choose(self, observation, legal)" in block for block in blocks)


def test_every_python_example_in_the_api_page_runs(capsys):
    namespace: dict = {"__name__": "api_doc"}
    for number, block in enumerate(python_blocks(), 1):
        exec(compile(block, f"{API_DOC.name} example {number}", "exec"), namespace)
    printed = capsys.readouterr().out
    assert "does not beat" in printed
    assert "luxuries 0 -> 12" in printed
    assert "exploitability 0.00" in printed  # CFR on the tiny variant of docs/examples


def test_the_twenty_line_bot_is_about_twenty_lines():
    bot = next(block for block in python_blocks() if "class ThriftyBot" in block)
    class_lines = bot.split("\n\n\nbots =")[0].strip().splitlines()
    assert len(class_lines) <= 25


def test_the_api_page_names_every_public_name_of_the_engine():
    import engine

    text = API_DOC.read_text(encoding="utf-8")
    assert [name for name in engine.__all__ if f"engine.{name}" not in text and f"`{name}`" not in text] == []


def test_the_api_page_covers_the_model_a_bot_or_an_interface_is_built_on():
    headings = re.findall(r"^##+ (.+)$", API_DOC.read_text(encoding="utf-8"), re.MULTILINE)
    for part in (
        "Games and states",
        "Zones",
        "Observations",
        "Decisions and action spaces",
        "Legal actions",
        "Chance",
        "Events",
        "Results",
        "Bots",
        "Write your own bot in about twenty lines",
    ):
        assert part in headings


def test_the_names_a_family_once_exported_still_work_with_a_deprecation_warning():
    """engine.PASS and engine.CHOICE_BASE named the auction family's numbers: they are found through the families,
    warn, and are no longer among the package's public names."""
    import warnings

    import engine

    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert engine.PASS == 0 and engine.CHOICE_BASE == 1 << 20
    assert [warning.category for warning in caught] == [DeprecationWarning, DeprecationWarning]
    assert "engine.PASS is deprecated" in str(caught[0].message)
    assert "PASS" not in engine.__all__ and "CHOICE_BASE" not in engine.__all__
    game = engine.Game(engine.load_ruleset("high-society/ja"), 4)
    assert game.space("bid").base == 0 and game.space("discard").base == 1 << 20
