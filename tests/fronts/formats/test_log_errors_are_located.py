"""Every problem of a log read back (replay, play --resume) carries its line and its column.

A log is a stranger's file: whatever is damaged in it (a key left out, a
value of the wrong kind, an action that is not legal, a setup that cannot be
dealt, a result that differs), the message says where, as ``FILE:LINE:COL``,
so an editor can jump to it. A problem of the whole log is placed at its first
character.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base.errors import CardrulesError
from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.fronts.bots import make_bot
from engine.fronts.formats import gamelog
from engine.fronts.formats.replay import replay_record
from engine.fronts.formats.resume import resume_state


def _finished_log() -> dict:
    state = Game(load_ruleset("no-thanks/classic"), 3).new_initial_state(seed=5)
    bot = make_bot("random", seed=5)
    while not state.is_terminal():
        state.apply_action(bot.choose(state.observation(state.current_player()), state.legal_actions()))
    log = dict(state.to_log())
    log["result"] = state.result().to_json()
    return json.loads(json.dumps(log))


FINISHED = _finished_log()
KEYS = sorted(FINISHED)
# Each drawn value a copy of its own: sampled_from hands out the same objects, and a damage put inside one that an
# earlier damage placed would make a log that contains itself (no file can hold it).
ODD_VALUES = st.sampled_from([None, -1, 7, 10**30, 2.5, "", "x", [], {}, [None], {"a": 1}, True]).map(copy.deepcopy)


@st.composite
def damaged_logs(draw: st.DrawFn) -> dict:
    log = copy.deepcopy(FINISHED)
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(KEYS))
        damage = draw(st.sampled_from(["drop", "replace", "inside"]))
        if damage == "drop":
            log.pop(key, None)
        elif damage == "replace" or not isinstance(log.get(key), (list, dict)) or not log.get(key):
            log[key] = draw(ODD_VALUES)
        elif isinstance(log[key], list):
            index = draw(st.integers(0, len(log[key]) - 1))
            log[key][index] = draw(ODD_VALUES | st.sampled_from(log[key]).map(copy.deepcopy))
        else:
            inner = draw(st.sampled_from(sorted(log[key])))
            log[key][inner] = draw(ODD_VALUES)
    if draw(st.booleans()):
        log.pop("result", None)  # read as a saved game to resume, too
    return log


def _problems(path: Path) -> list:
    try:
        record = gamelog.read_log(path)
        if "result" in record.log:
            replay_record(record)
        else:
            resume_state(record)
    except CardrulesError as error:
        return list(error.diagnostics)
    return []


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(log=damaged_logs(), indent=st.sampled_from([None, 1, 2]), leading=st.sampled_from(["", "\n\n  "]))
def test_every_problem_of_a_damaged_log_has_a_line_and_a_column(tmp_path_factory, log, indent, leading):
    path = tmp_path_factory.mktemp("logs") / "damaged.json"
    path.write_text(leading + json.dumps(log, indent=indent), encoding="utf-8")
    for diagnostic in _problems(path):
        where = diagnostic.location
        assert where.file == str(path), diagnostic
        assert where.line is not None and where.column is not None, str(diagnostic)
        assert where.line >= 1 and where.column >= 1, str(diagnostic)


def test_a_problem_of_the_whole_log_is_placed_at_its_first_character(tmp_path):
    path = tmp_path / "no-actions.json"
    log = {key: value for key, value in FINISHED.items() if key != "actions"}
    path.write_text("\n\n   " + json.dumps(log, indent=1), encoding="utf-8")
    (diagnostic,) = _problems(path)
    assert (diagnostic.location.line, diagnostic.location.column) == (3, 4), str(diagnostic)
    assert "missing required key 'actions'" in diagnostic.message


def test_resuming_a_finished_game_points_at_its_result(tmp_path):
    from cli_helpers import cardrules

    path = tmp_path / "finished.json"
    path.write_text(json.dumps(FINISHED, indent=2), encoding="utf-8")
    done = cardrules("play", "--resume", str(path))
    assert done.exit_code == 1
    line = next(n for n, text in enumerate(path.read_text().splitlines(), 1) if text.strip().startswith('"result"'))
    assert f"{path}:{line}:13: $.result: this game is already finished" in done.output, done.output
