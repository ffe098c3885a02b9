"""A translation cannot make a game unplayable: bots stay told apart, logs stay replayable, checks say what is wrong.

A catalog from a stranger (a root in ``CARDRULES_PATH``) may drop the
number from a bot's name ("ボット" for every bot, or "ボット12" with the
digits written in) or make the name longer than a log may keep; or drop it
from the default name of a player ("Player {number}", which the trial of
``validate`` and the web table give their seats) or of a seat in a
simulation's report. The names that tell seats apart are then the English
ones, games and their logs play and replay, and ``i18n check`` and
``validate`` refuse the translation at its line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cardrules_process

THREE_RANDOM_BOTS = "bot:random,bot:random,bot:random"
HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ja\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'


@pytest.mark.parametrize(
    "translation",
    ["ボット", "ボット {kind}", "ボット12（{kind}）", "ボット{number}" + "長" * 196 + "（{kind}）"],
    ids=["no-number", "kind-only", "digits-instead-of-number", "too-long"],
)
def test_a_bot_name_that_cannot_tell_bots_apart_falls_back_to_english(tmp_path: Path, translation: str) -> None:
    catalog = tmp_path / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(HEADER + f'msgid "Bot {{number}} ({{kind}})"\nmsgstr "{translation}"\n', encoding="utf-8")
    env = {"CARDRULES_PATH": str(tmp_path)}
    played = cardrules_process(
        "play",
        "-r",
        "no-thanks/classic",
        "--players",
        "bot:random,bot:random,bot:heuristic",
        "--seed",
        "3",
        "--log",
        str(tmp_path / "game.json"),
        cwd=tmp_path,
        env=env,
        lang="ja",
    )
    assert played.returncode == 0, played.stderr
    # The English name, its kind of bot in the language when that translation is fine (not when it is too long).
    assert "Bot 1 (" in played.stdout and "Bot 2 (" in played.stdout and "Bot 3 (" in played.stdout
    replayed = cardrules_process("replay", str(tmp_path / "game.json"), cwd=tmp_path, env=env, lang="ja")
    assert replayed.returncode == 0, replayed.stderr
    if "{number}" not in translation:
        checked = cardrules_process("i18n", "check", "ja", cwd=tmp_path, env=env)
        assert checked.returncode == 1
        assert f"{catalog}:7: placeholders differ from the English text" in checked.stdout
        assert "{number} missing" in checked.stdout or "{kind}, {number} missing" in checked.stdout
        validated = cardrules_process("validate", str(catalog), cwd=tmp_path, env=env)
        assert validated.returncode == 1 and "{number}" in validated.stdout + validated.stderr


def _catalog(root: Path, msgid: str, msgstr: str) -> dict[str, str]:
    catalog = root / "locales" / "ja" / "LC_MESSAGES" / "cardrules.po"
    catalog.parent.mkdir(parents=True)
    catalog.write_text(HEADER + f'msgid "{msgid}"\nmsgstr "{msgstr}"\n', encoding="utf-8")
    return {"CARDRULES_PATH": str(root)}


def test_a_player_name_without_its_number_neither_breaks_validate_nor_play(tmp_path: Path) -> None:
    env = _catalog(tmp_path, "Player {number}", "プレイヤー")
    house = tmp_path / "house.yaml"
    house.write_text("extends: no-thanks/classic\nid: house\nname: A house rule\n", encoding="utf-8")
    validated = cardrules_process("validate", str(house), cwd=tmp_path, env=env, lang="ja")
    assert validated.returncode == 0, validated.stdout + validated.stderr
    play = ("play", "-r", str(house), "--players", THREE_RANDOM_BOTS, "--seed", "1")
    played = cardrules_process(*play, cwd=tmp_path, env=env, lang="ja")
    assert played.returncode == 0, played.stderr


def test_seats_of_a_simulation_stay_told_apart_when_a_catalog_drops_their_number(tmp_path: Path) -> None:
    env = _catalog(tmp_path, "Seat {number} ({kind})", "席（{kind}）")
    simulate = ("simulate", "-r", "no-thanks/classic", "--players", THREE_RANDOM_BOTS, "--games", "4", "--jobs", "1")
    done = cardrules_process(*simulate, "--seed", "1", cwd=tmp_path, env=env, lang="ja")
    assert done.returncode == 0, done.stderr
    assert all(f"Seat {seat} (" in done.stdout for seat in (1, 2, 3)), done.stdout
    assert "席（" not in done.stdout


def test_the_web_lobby_names_its_seats_in_the_language_and_keeps_the_number_for_the_page() -> None:
    from engine.base import i18n
    from engine.fronts.web.pages import lobby_page

    i18n.set_language("ja")
    try:
        i18n.load_current_catalogs()
        page = lobby_page()
    finally:
        i18n.set_language("en")
    assert "席{number}" in page and "Seat {number}" not in page
