"""A translation cannot make a game unplayable: bots stay told apart, logs stay replayable, checks say what is wrong.

A catalog from a stranger (a root in ``CARDRULES_PATH``) may drop the
number from a bot's name ("ボット" for every bot) or make the name longer
than a log may keep. The game is played with the English names instead, its
log replays, and ``i18n check`` and ``validate`` refuse the translation at
its line.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from cli_helpers import cardrules_process

HEADER = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n"Language: ja\\n"\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n'


@pytest.mark.parametrize("translation", ["ボット", "ボット {kind}", "ボット{number}" + "長" * 196 + "（{kind}）"])
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
    assert "Bot 1 (random)" in played.stdout and "Bot 3 (heuristic)" in played.stdout
    replayed = cardrules_process("replay", str(tmp_path / "game.json"), cwd=tmp_path, env=env, lang="ja")
    assert replayed.returncode == 0, replayed.stderr
    if "{number}" not in translation:
        checked = cardrules_process("i18n", "check", "ja", cwd=tmp_path, env=env)
        assert checked.returncode == 1
        assert f"{catalog}:7: placeholders differ from the English text" in checked.stdout
        assert "{number} missing" in checked.stdout or "{kind}, {number} missing" in checked.stdout
        validated = cardrules_process("validate", str(catalog), cwd=tmp_path, env=env)
        assert validated.returncode == 1 and "{number}" in validated.stdout + validated.stderr
