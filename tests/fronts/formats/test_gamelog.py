"""Reading and writing game logs: located errors, JSON Lines streaming, atomic saves."""

from __future__ import annotations

import json
import os
from pathlib import Path

import locations
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.errors import LogError
from engine.fronts.formats import gamelog

LOGS = locations.TESTS / "logs"
DELETE = object()  # a change that removes the key

A_LOG = {
    "ruleset": "high-society/ja",
    "players": ["Ann", "Bo", "Cy"],
    "first_player": 0,
    "deck": ["debt", "luxury-1"],
    "actions": [
        {"player": 0, "action": "bid", "cards": [1000]},
        {"player": 1, "action": "pass"},
    ],
}


def error_of(path: Path) -> str:
    """The text of the LogError reading ``path`` raises."""
    with pytest.raises(LogError) as caught:
        list(gamelog.read_logs(path))
    return str(caught.value)


def test_a_saved_log_reads_back_unchanged_with_each_action_located_on_its_own_line(tmp_path):
    path = tmp_path / "game.json"
    gamelog.save_log_atomic(path, A_LOG)
    record = gamelog.read_log(path)
    assert record.log == A_LOG
    text = path.read_text(encoding="utf-8").splitlines()
    first_line, first_column = record.action_positions[0]
    assert json.loads(text[first_line - 1][first_column - 1 :].rstrip(",")) == A_LOG["actions"][0]
    assert record.action_location(1).line == first_line + 1


def test_an_atomic_save_leaves_no_temporary_file_and_replaces_the_old_log(tmp_path):
    path = tmp_path / "game.json"
    path.write_text("old", encoding="utf-8")
    gamelog.save_log_atomic(path, A_LOG)
    assert json.loads(path.read_text(encoding="utf-8")) == A_LOG
    assert os.listdir(tmp_path) == ["game.json"]


@pytest.mark.parametrize("failing", ["replace", "fsync", "write"])
def test_a_crash_in_the_middle_of_a_save_keeps_the_old_log_and_leaves_no_temporary_file(tmp_path, monkeypatch, failing):
    path = tmp_path / "game.json"
    gamelog.save_log_atomic(path, A_LOG)
    old_text = path.read_text(encoding="utf-8")

    def disk_full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    if failing == "write":
        monkeypatch.setattr(
            gamelog, "dumps_log", lambda log, **kwargs: "\ud800 cannot be encoded"
        )  # fails inside write()
    else:
        monkeypatch.setattr(gamelog.os, failing, disk_full)
    newer = {**A_LOG, "actions": A_LOG["actions"][:1]}
    with pytest.raises(LogError) as caught:
        gamelog.save_log_atomic(path, newer)
    if failing != "write":
        assert str(caught.value) == f"{path}: cannot save the log: No space left on device"
    monkeypatch.undo()
    assert path.read_text(encoding="utf-8") == old_text
    assert os.listdir(tmp_path) == ["game.json"]


def test_saving_into_a_directory_that_does_not_exist_is_a_located_error_not_a_traceback(tmp_path):
    target = tmp_path / "no-such-directory" / "game.json"
    with pytest.raises(LogError) as caught:
        gamelog.save_log_atomic(target, A_LOG)
    assert str(caught.value) == f"{target}: cannot save the log: there is no folder {target.parent}"


def test_saving_over_a_directory_keeps_it_and_leaves_no_temporary_file(tmp_path):
    (tmp_path / "game.json").mkdir()
    with pytest.raises(LogError) as caught:
        gamelog.save_log_atomic(tmp_path / "game.json", A_LOG)
    assert str(caught.value).startswith(f"{tmp_path / 'game.json'}: cannot save the log:")
    assert os.listdir(tmp_path) == ["game.json"]
    assert (tmp_path / "game.json").is_dir()


def test_an_interrupt_during_a_save_stays_an_interrupt_and_keeps_the_old_log(tmp_path, monkeypatch):
    path = tmp_path / "game.json"
    gamelog.save_log_atomic(path, A_LOG)

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(gamelog.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        gamelog.save_log_atomic(path, {**A_LOG, "actions": []})
    monkeypatch.undo()
    assert gamelog.read_log(path).log == A_LOG
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_json_syntax_error_is_located_at_its_line_and_column():
    assert error_of(LOGS / "corrupt-json.json").startswith(f"{LOGS / 'corrupt-json.json'}:4:3: invalid JSON")


def test_a_schema_error_in_an_action_is_located_at_that_action():
    message = error_of(LOGS / "schema-bad-action.json")
    assert message.startswith(f"{LOGS / 'schema-bad-action.json'}:8:29: $.actions[1].action:")


def test_a_missing_key_is_reported_with_the_log_path(tmp_path):
    path = tmp_path / "log.json"
    broken = {key: value for key, value in A_LOG.items() if key != "deck"}
    path.write_text(json.dumps(broken, indent=2), encoding="utf-8")
    assert "missing required key 'deck'" in error_of(path)


@pytest.mark.parametrize(
    "index, written, meant",
    [
        (0, "acton", "action"),  # the key every kind requires
        (0, "card", "cards"),  # a bid's own key, written as another kind's key
        (0, "plyer", "player"),
        (1, "acton", "action"),
    ],
)
def test_a_misspelt_action_key_is_one_problem_at_the_key_naming_the_meant_key(tmp_path, index, written, meant):
    # Not a "missing required key" per action kind the schema knows (keys of other kinds are no part of the
    # fix), nor a complaint about the misspelt key's value ("expected text" would send the user the wrong way).
    log = json.loads(json.dumps(A_LOG))
    action = log["actions"][index]
    action[written] = action.pop(meant)
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log, indent=2), encoding="utf-8")
    with pytest.raises(LogError) as caught:
        list(gamelog.read_logs(path))
    assert [d.message for d in caught.value.diagnostics] == [
        f"does not match the log format: unknown key '{written}' (did you mean '{meant}'?)"
    ]
    assert caught.value.diagnostics[0].location.json_path == f"$.actions[{index}].{written}"


def test_json_lines_are_streamed_and_a_bad_line_names_its_line_after_the_good_ones():
    records = gamelog.read_logs(LOGS / "corrupt-second-line.jsonl")
    first = next(records)
    assert first.line == 1 and first.number == 0
    with pytest.raises(LogError) as caught:
        next(records)
    assert str(caught.value).startswith(f"{LOGS / 'corrupt-second-line.jsonl'}:3:")


def test_a_file_of_one_log_per_line_is_recognised_without_the_jsonl_suffix(tmp_path):
    path = tmp_path / "many.txt"
    path.write_text("\n".join(json.dumps(A_LOG) for _ in range(3)) + "\n", encoding="utf-8")
    records = list(gamelog.read_logs(path))
    assert [r.line for r in records] == [1, 2, 3]
    assert records[2].action_location(1).line == 3
    assert records[2].action_location(1).column > 1


@pytest.mark.parametrize(
    "text, reason",
    [
        ('{"ruleset": "x", "ruleset": "y"}', "appears twice"),
        ('{"first_player": NaN}', "NaN"),
        ("[" * 100000 + "]" * 100000, "invalid JSON"),
        ('{"ruleset": "a"} trailing', "unexpected text"),
        ("[1, 2]", "must be a JSON object"),
        (
            '{"players": ["A\x1bnn"]}',
            ":2:16: invalid JSON: a control character (U+001B) inside text must be written as \\u001b",
        ),
        ('{"players": ["A\tb"]}', ":2:16: invalid JSON: a tab or line break inside text must be written as \\t or \\n"),
    ],
)
def test_hostile_json_is_refused_with_a_located_message(tmp_path, text, reason):
    path = tmp_path / "hostile.json"
    path.write_text("\n" + text, encoding="utf-8")
    message = error_of(path)
    assert message.startswith(str(path) + ":")
    assert reason in message


def test_a_log_that_is_not_utf8_is_refused(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"ruleset": "caf\xe9"}')
    assert "not UTF-8" in error_of(path)


def test_an_oversized_log_is_refused_before_it_is_read(tmp_path, monkeypatch):
    monkeypatch.setattr(gamelog, "MAX_LOG_FILE_BYTES", 100)
    path = tmp_path / "big.json"
    path.write_text(json.dumps(A_LOG, indent=4), encoding="utf-8")
    assert "too large" in error_of(path)


def test_an_endless_line_in_json_lines_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(gamelog, "MAX_LOG_LINE_BYTES", 64)
    path = tmp_path / "long.jsonl"
    path.write_text(json.dumps(A_LOG) + "\n", encoding="utf-8")
    assert "too long" in error_of(path)


class _EndlessFile:
    """A file that never ends (as /proc/self/pagemap reads, under a regular file's name): counts what is read."""

    def __init__(self, byte: bytes) -> None:
        self.byte = byte
        self.read_bytes = 0

    def read(self, size: int) -> bytes:
        self.read_bytes += size
        return self.byte * size


@pytest.mark.parametrize("byte", [b"\0", b" ", b"\n", b"{"])
def test_looking_for_the_first_line_never_reads_much_past_the_line_limit(byte):
    endless = _EndlessFile(byte)
    assert gamelog._first_text_line(endless, 1 << 20) is None
    assert endless.read_bytes <= (1 << 20) + 2 * gamelog._SNIFF_BYTES


def test_a_huge_log_file_is_refused_by_its_size_without_being_read_whole(tmp_path):
    path = tmp_path / "huge.json"
    with open(path, "wb") as handle:
        handle.truncate(4 * 1024**3)  # sparse: four gigabytes of NULs, no line break, on no disk
    assert error_of(path) == (
        f"{path}:1:1: file is too large ({4 * 1024**3} bytes; the limit is {gamelog.MAX_LOG_FILE_BYTES})"
    )


@pytest.mark.parametrize(
    "text",
    [
        "\n\n  \n" + json.dumps(A_LOG) + "\n",
        " " * 200_000 + json.dumps(A_LOG),
        "\r\n" * 100_000 + json.dumps(A_LOG) + "\n{",
    ],
)
def test_a_file_is_json_lines_when_its_first_line_of_text_is_a_whole_value(tmp_path, text):
    path = tmp_path / "logs.txt"
    path.write_text(text, encoding="utf-8")
    assert gamelog.is_json_lines(path)
    path.write_text(text.replace("}", "", 1), encoding="utf-8")
    assert not gamelog.is_json_lines(path)


class _CountingReads:
    """A binary file that counts the calls made to read it."""

    def __init__(self, path: Path) -> None:
        self.handle = open(path, "rb")
        self.calls = 0

    def __getattr__(self, name: str):
        self.calls += 1
        return getattr(self.handle, name)

    def __enter__(self) -> _CountingReads:
        return self

    def __exit__(self, *exc: object) -> None:
        self.handle.close()


def test_blank_lines_of_json_lines_are_passed_a_buffer_at_a_time_and_still_counted(tmp_path, monkeypatch):
    path = tmp_path / "logs.jsonl"
    bad = json.dumps({**A_LOG, "first_player": "x"})
    path.write_text(json.dumps(A_LOG) + "\n" + "\n \t\r\n" * 200_000 + "   " + bad + "\n\n", encoding="utf-8")
    opened = []

    def counting(*args, **kwargs):
        opened.append(_CountingReads(path))
        return opened[-1]

    monkeypatch.setattr(gamelog, "open_input", counting)
    records = gamelog.read_logs(path)
    assert next(records).line == 1
    with pytest.raises(LogError) as caught:
        next(records)
    # Line 1, 400,000 blank lines, then the bad log, three spaces in: its key is placed as written.
    column = 3 + bad.index('"first_player"') + len('"first_player": ') + 1
    assert str(caught.value).startswith(f"{path}:400002:{column}: $.first_player: ")
    assert opened[-1].calls < 1000  # not one call per blank line


def test_a_missing_file_is_bad_input_not_a_crash(tmp_path):
    assert error_of(tmp_path / "nowhere.json").endswith("nowhere.json:1:1: no such file")


json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-3, 3)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=3)
    | st.sampled_from(["bid", "pass", "discard", "luxury-1", "plant", "offer", "hand", "blue"]),
    lambda inner: (
        st.lists(inner, max_size=3)
        | st.dictionaries(
            st.sampled_from(["player", "action", "cards", "card", "hand", "face-up", "blue"]), inner, max_size=4
        )
    ),
    max_leaves=8,
)
TOP_KEYS = ["ruleset", "options", "players", "first_player", "deck", "actions", "format", "seed", "seats"]
ACTION_KEYS = ["player", "action", "cards", "card", "zone", "to", "give", "ask", "positions", "pay"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.booleans(),
            st.sampled_from(TOP_KEYS + ACTION_KEYS),
            st.integers(0, 1),
            st.one_of(st.just(DELETE), json_values),
        ),
        max_size=3,
    )
)
def test_the_fast_check_never_accepts_a_log_the_schema_refuses(changes):
    log = json.loads(json.dumps(A_LOG))
    for in_action, key, index, value in changes:
        target = (
            log["actions"][index]
            if in_action
            and isinstance(log.get("actions"), list)
            and index < len(log["actions"])
            and isinstance(log["actions"][index], dict)
            else log
        )
        if value is DELETE:
            target.pop(key, None)
        else:
            target[key] = value
    if gamelog._plainly_valid(log):
        assert list(gamelog._validator().iter_errors(log)) == []


def test_a_well_formed_log_takes_the_fast_path():
    assert gamelog._plainly_valid(A_LOG)
    trading = {
        **A_LOG,
        "actions": [
            {"player": 0, "action": "plant", "card": "blue", "zone": "field-1"},
            {
                "player": 0,
                "action": "offer",
                "to": 2,
                "give": {"hand": [0, 3], "face-up": {"blue": 1}},
                "ask": {"hand": {"chili": 2}},
            },
            {"player": 2, "action": "accept", "positions": [1, 4]},
            {"player": 1, "action": "buy", "zone": "field-3", "pay": {"blue": 2, "red": 1}},
        ],
    }
    assert gamelog._plainly_valid(trading) and list(gamelog._validator().iter_errors(trading)) == []
    assert gamelog._plainly_valid(json.loads((LOGS / "valid-ja.json").read_text(encoding="utf-8")))


# --------------------------------------------------------------------------- where a value was written


def _paths(value):
    """Every (JSON path, value) of a decoded JSON value, written as the engine writes paths."""
    from engine.language.semantic import _walk

    return _walk(value, "$")


json_values = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.text(max_size=5)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=6), inner, max_size=4)),
    max_leaves=20,
)


@settings(max_examples=200, deadline=None)
@given(
    document=st.dictionaries(st.text(max_size=6), json_values, max_size=5),
    indent=st.sampled_from([None, 0, 1, 4]),
    first_line=st.integers(1, 5),
    data=st.data(),
)
def test_a_problem_is_placed_at_the_line_and_column_where_its_value_was_written(document, indent, first_line, data):
    """Whatever the layout, the place found for a path is where the JSON text of that value begins."""
    import json

    from engine.fronts.formats.gamelog import _value_position

    text = json.dumps(document, indent=indent)
    path, value = data.draw(st.sampled_from(list(_paths(document))))
    if path == "$":
        return
    line, column = _value_position(text, path, first_line)
    lines = text.split("\n")
    offset = sum(len(row) + 1 for row in lines[: line - first_line]) + column - 1
    assert json.JSONDecoder().raw_decode(text, offset)[0] == value


@settings(max_examples=100, deadline=None)
@given(
    document=st.dictionaries(st.text(min_size=1, max_size=6), json_values, min_size=1, max_size=5),
    indent=st.sampled_from([None, 0, 2]),
    refused=st.sampled_from(["NaN", "-Infinity", "1e999", "DUPLICATE"]),
    data=st.data(),
)
def test_a_value_the_decoder_refuses_is_placed_where_it_was_written(tmp_path_factory, document, indent, refused, data):
    """A key written twice, NaN or a number too large is refused at its own line and column, not at line 1."""
    import json

    marker = "\u2603"  # a snowman stands in for the refused text while the JSON is written
    key = data.draw(st.sampled_from(sorted(document)))
    if refused == "DUPLICATE":
        text = json.dumps(document, indent=indent)
        # The same key again, written as the object's last member.
        closing = text.rindex("}")
        text = text[:closing].rstrip() + f", {json.dumps(key)}: 1" + text[closing:]
        where = text.rindex(json.dumps(key))
    else:
        written = json.dumps({**document, key: marker}, indent=indent)
        where = written.index(json.dumps(marker))  # the value's place (a key may read the same: {"NaN": NaN})
        text = written.replace(json.dumps(marker), refused)
    path = tmp_path_factory.mktemp("log") / "log.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LogError) as caught:
        gamelog.read_log(path)
    location = caught.value.diagnostics[0].location
    line = text.count("\n", 0, where) + 1
    column = where - (text.rfind("\n", 0, where) + 1) + 1
    assert (location.line, location.column) == (line, column), str(caught.value)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="ab\n", max_size=60), st.data())
def test_positions_found_in_one_pass_are_those_found_one_by_one(text, data):
    """Every action's place is worked out in one pass (it was one count from the start per action: quadratic)."""
    offsets = sorted(set(data.draw(st.lists(st.integers(0, len(text)), max_size=10))))
    assert gamelog._lines_and_columns(text, offsets, 3) == tuple(gamelog._line_and_column(text, o, 3) for o in offsets)


def test_a_log_of_too_many_actions_is_told_so_before_any_action_is_checked(tmp_path):
    path = tmp_path / "long.json"
    log = {**A_LOG, "actions": [{"player": 0, "action": "pass"}] * 100_001 + [{"player": "x"}]}
    path.write_text(json.dumps(log), encoding="utf-8")
    message = error_of(path)
    assert message.endswith("$.actions: does not match the log format: has too many entries (at most 100000)")
    assert message.count("\n") == 0  # the one problem to fix first, not the bad action after it


def test_an_action_far_down_a_long_log_is_placed_on_its_own_line(tmp_path):
    path = tmp_path / "long.json"
    actions = [{"player": 0, "action": "pass"}] * 50_000
    text = json.dumps({**A_LOG, "actions": actions}).replace('}, {"player"', '},\n{"player"')
    path.write_text(text, encoding="utf-8")
    record = next(iter(gamelog.read_logs(path)))
    assert record.action_location(49_999).line == text.count("\n") + 1
    assert record.action_location(49_999).column == 1


def test_the_committed_log_schema_holds_the_actions_the_catalog_declares():
    """schemas/game-log.schema.json's $defs/action is made from the action spaces' declarations: no hand-written
    list of a family's actions. Regenerate it with `python -m engine.fronts.formats.log_schema --write`."""
    from engine.base import resources
    from engine.fronts.formats import log_schema

    committed = Path(resources.schema_path("game-log")).read_text(encoding="utf-8")
    assert committed == log_schema.schema_text()


def test_a_game_whose_final_save_fails_still_tells_its_result(tmp_path, monkeypatch):
    # The disk fills during the last moves: the result is printed all the same, then the failure (exit 1), and the
    # log keeps its last good save.
    from cli_helpers import cardrules

    from engine.fronts.terminal import session

    saves = []
    real = gamelog.save_log_atomic

    def fills_after_the_first(path, log, **kwargs):
        saves.append(len(log["actions"]))
        if len(saves) > 1:
            raise LogError.at("cannot save the log: No space left on device", str(path))
        return real(path, log, **kwargs)

    monkeypatch.setattr(session.gamelog, "save_log_atomic", fills_after_the_first)
    target = tmp_path / "game.json"
    result = cardrules(
        "play",
        "-r",
        "no-thanks/classic",
        "--players",
        "bot:random,bot:random,bot:random",
        "--seed",
        "2",
        "--log",
        str(target),
    )
    assert result.exit_code == 1
    assert "Winner:" in result.stdout and "The game log is saved" not in result.stdout
    assert f"{target}: cannot save the log: No space left on device" in result.stderr
    assert json.loads(target.read_text(encoding="utf-8"))["actions"] == []  # the last good save, whole
