"""Text from strangers reaches the terminal as text: control characters made visible, markup never read.

Player names come from logs, tables and ``--players``; card names from
rulesets; translations from catalogs. None of them may retitle the window,
clear the screen, make a hyperlink or reorder the line around it.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import unicodedata

from catalog_helpers import write_catalog
from cli_helpers import REPO, cardrules_process
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console

from engine.base import i18n
from engine.base.shown import json_text, literal, printable
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.terminal.table_view import render_table

TITLE = "\x1b]0;pwned\x07"  # OSC 0: the window title
CLEAR = "\x1b[2J"  # clear the screen
LINK = "\x1b]8;;file:///etc/passwd\x1b\\x\x1b]8;;\x1b\\"  # OSC 8: a hyperlink
MARKUP = "[link=file:///etc/passwd]x[/link]"


@given(st.text())
def test_nothing_but_newlines_and_tabs_survives_among_control_characters(text):
    shown = printable(text)
    assert all(unicodedata.category(char) != "Cc" or char in "\n\t" for char in shown)
    assert "\u202e" not in shown
    assert printable(shown) == shown  # once is enough
    if text.isprintable():
        assert shown == text


@given(st.text())
def test_a_literal_cell_shows_exactly_the_printable_text(text):
    assert literal(text).plain == printable(text)


def test_a_message_shows_a_hostile_name_escaped_and_a_hostile_translation_too(tmp_path, monkeypatch):
    assert i18n._("{name} (you)", name="Ann" + TITLE) == "Ann\\x1b]0;pwned\\x07 (you)"
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write_catalog(tmp_path, "eo", 'msgid "Nobody wins."\nmsgstr "Neniu\x1b[2J venkas."\n')  # a raw ESC in the file
    try:
        i18n.set_language("eo")
        assert i18n._("Nobody wins.") == "Neniu\\x1b[2J venkas."
    finally:
        i18n.set_language("en")


def rendered(renderable) -> str:
    """What a colour terminal receives for ``renderable``."""
    out = io.StringIO()
    Console(file=out, force_terminal=True, color_system="truecolor", width=200).print(renderable)
    return out.getvalue()


def test_the_play_table_shows_hostile_player_names_as_text():
    names = ["Ann" + TITLE, MARKUP, "Cy" + CLEAR, "\u202eiD"]
    state = Game(load_ruleset("high-society/ja"), names).new_initial_state(seed=1)
    screen = rendered(render_table(state.ruleset, state.observation(0), 0, [], state=state))
    assert "\x1b]" not in screen and "\x1b[2J" not in screen and "\u202e" not in screen
    assert MARKUP in screen  # shown as typed, not made a link
    assert "Ann\\x1b]0;pwned\\x07" in screen and "Cy\\x1b[2J" in screen and "\\u202eiD" in screen


def test_replay_prints_a_logs_hostile_names_escaped(tmp_path):
    log = json.loads((REPO / "tests" / "logs" / "valid-ja.json").read_text(encoding="utf-8"))
    log["players"] = ["Ann" + TITLE, "Bo" + LINK, "Cy" + CLEAR, "Di"]
    log.pop("result", None)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path), "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    assert "Ann\\x1b]0;pwned\\x07" in done.stdout


def _narrated_game(tmp_path, house_rule: str) -> subprocess.CompletedProcess:
    """A game of three random bots under ``house_rule``, narrated by the real program (it must end well)."""
    house = tmp_path / "house.yaml"
    house.write_text(house_rule, encoding="utf-8")
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "engine",
            "play",
            "-r",
            str(house),
            "--seed",
            "1",
            "--lang",
            "en",
            "--players",
            "bot:random,bot:random,bot:random",
        ],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr
    return done


def test_a_narrated_game_with_hostile_seat_names_and_card_names_sends_no_control_character(tmp_path):
    done = _narrated_game(tmp_path, 'extends: high-society/ja\ncards:\n  - {id: luxury-1, name: "Luxury\\e[2J"}\n')
    assert "\x1b" not in done.stdout
    assert "Luxury\\x1b[2J" in done.stdout


def test_a_lone_surrogate_is_shown_escaped_never_as_raw_bytes():
    from engine.base.shown import printable

    assert printable("I\udc9bJ") == "I\\udc9bJ"


# What a terminal obeys though JSON may carry it raw: C1 controls (U+009B is a CSI), DEL, separators, bidi.
OBEYED = {chr(code) for code in range(0x7F, 0xA0)} | set("\u2028\u2029\u202e\u2066")


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.text(),
        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(), inner, max_size=3),
        max_leaves=10,
    )
)
def test_json_for_the_terminal_is_the_same_data_with_nothing_a_terminal_obeys(value):
    text = json_text(value, indent=2)
    assert json.loads(text) == value
    assert not OBEYED & set(text)
    assert all(unicodedata.category(char) not in ("Cc", "Cs") or char == "\n" for char in text)


def test_replay_json_escapes_what_a_terminal_would_obey_in_a_logs_names(tmp_path):
    log = json.loads((REPO / "tests" / "logs" / "valid-ja.json").read_text(encoding="utf-8"))
    log["players"] = ["Ann\u009b31m", "Bo\u202e", "Cy\u2028", "Di"]
    log.pop("result", None)
    path = tmp_path / "hostile.json"
    path.write_text(json.dumps(log, ensure_ascii=False), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine", "replay", str(path), "--json", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert done.returncode == 0, done.stderr
    assert not OBEYED & set(done.stdout)
    assert "Ann\\u009b31m" in done.stdout
    assert [player["name"] for player in json.loads(done.stdout)["players"]] == log["players"]


def test_the_rulesets_list_shows_a_strangers_file_name_and_description_as_text(tmp_path):
    root = tmp_path / "root"
    (root / "rulesets" / "house").mkdir(parents=True)
    (root / "rulesets" / "house" / ("evil" + TITLE + ".yaml")).write_text(
        'extends: high-society/ja\ndescription: "Fun\\e[2J rules"\n', encoding="utf-8"
    )
    done = subprocess.run(
        [sys.executable, "-m", "engine", "rulesets", "--lang", "en"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO), "CARDRULES_PATH": str(root)},
    )
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout and "\x07" not in done.stdout
    assert "house/evil\\x1b]0;pwned\\x07" in done.stdout
    assert "Fun\\x1b[2J rules" in done.stdout


def test_a_rulesets_own_sentences_are_told_with_control_characters_made_visible(tmp_path):
    done = _narrated_game(
        tmp_path,
        "extends: bohnanza/amigo\nid: loud\nview:\n  tell:\n"
        '    - {step: turn-up, says: "{player} turns\\e[31m up {cards}."}\n',
    )
    assert "\x1b" not in done.stdout
    assert "turns\\x1b[31m up" in done.stdout


def test_clicks_own_words_from_a_hostile_catalog_are_shown_as_text(tmp_path):
    # "Usage:", "Show this message and exit." and "Error: ..." are click's: a catalog translates them too.
    write_catalog(
        tmp_path,
        "en",
        'msgid "Show this message and exit."\nmsgstr "Show'
        + TITLE
        + " help"
        + CLEAR
        + '"\n\nmsgid "Error: {message}"\nmsgstr "Error'
        + LINK
        + ': {message}"\n',
    )
    env = {"CARDRULES_PATH": str(tmp_path)}
    helped = cardrules_process("--help", env=env)
    assert helped.returncode == 0, helped.stderr
    refused = cardrules_process("play", "--bogus", env=env)
    assert refused.returncode == 2
    for output in (helped.stdout, refused.stderr):
        assert "\x1b" not in output
    assert "Show\\x1b]0;pwned\\x07 help\\x1b[2J" in helped.stdout
    assert "Error\\x1b]8;;file:///etc/passwd" in refused.stderr


def test_the_progress_bar_shows_a_hostile_catalogs_label_and_speed_as_text(tmp_path, monkeypatch):
    # The label and the speed of simulate's bar are translations: rich's TextColumn would read them as markup.
    from engine.fronts.cli import simulate_run

    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write_catalog(
        tmp_path,
        "eo",
        f'msgid "Simulating"\nmsgstr "{MARKUP} [blink on red]now[/]"\n\n'
        '#, python-brace-format\nmsgid "{speed} games/s"\nmsgstr "[link=https://evil.example/]{speed}[/link]"\n',
    )
    try:
        i18n.set_language("eo")
        progress = simulate_run.LazyProgress(1500, enabled=False)
        progress._start(Console(file=io.StringIO(), width=200, force_terminal=True))
        progress.progress.update(progress.task, completed=700, rate=i18n._("{speed} games/s", speed="12"))
        progress.close()
        screen = rendered(progress.progress.make_tasks_table(progress.progress.tasks))
    finally:
        i18n.set_language("en")
    assert "\x1b]8" not in screen and "\x1b[5" not in screen  # no hyperlink, no blinking
    assert f"{MARKUP} [blink on red]now[/]" in screen
    assert "[link=https://evil.example/]12[/link]" in screen and "700/1500" in screen
