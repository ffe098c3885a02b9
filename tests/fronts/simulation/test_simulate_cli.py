"""`cardrules simulate` from the command line: reports, logs, plots and bad arguments."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import locations
import pytest
from simulate_helpers import run, wide_output  # noqa: F401  (wide_output: an autouse fixture)

from engine.fronts.cli.main import main

REPO = locations.REPO
HOUSE = REPO / "rulesets" / "high-society" / "house"
FOUR_BOTS = "bot:heuristic,bot:random,bot:random,bot:random"


def test_a_comparison_prints_win_rates_side_by_side_and_what_changed(capsys):
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "-r",
        "high-society/ko",
        "--games",
        "30",
        "--players",
        FOUR_BOTS,
        "--seed",
        "11",
        "--jobs",
        "1",
    )
    assert code == 0, err
    assert "Win rate per seat" in out
    assert "Seat 1 (heuristic)" in out and "Seat 4 (random)" in out
    assert "high-society/ja" in out and "high-society/ko" in out
    # One row per measure the rulesets report: High Society reports the money left,
    # which the Korean edition writes in millions of dollars.
    money_row = next(line for line in out.splitlines() if "Money left per player" in line)
    assert "million" in money_row
    assert "seed 11" in out
    assert "Traceback" not in err


def test_json_is_one_object_with_every_ruleset_and_the_paired_differences(capsys):
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "-r",
        str(HOUSE / "clamped-ja.yaml"),
        "--games",
        "25",
        "--players",
        "bot:random,bot:random,bot:random",
        "--seed",
        "4",
        "--jobs",
        "1",
        "--json",
    )
    assert code == 0, err
    assert err == ""  # no progress bar, no chatter
    summary = json.loads(out)
    assert summary["games"] == 25 and summary["seed"] == 4
    assert [entry["ruleset"] for entry in summary["rulesets"]] == ["high-society/ja", "high-society/house/clamped-ja"]
    assert summary["rulesets"][1]["options"]["debt-floor"] == 0
    assert summary["differences"][0]["baseline"] == "high-society/ja"
    for entry in summary["rulesets"]:
        assert entry["games"] == 25
        assert len(entry["seats"]) == 3
        for seat in entry["seats"]:
            low, high = seat["wins"]["ci"]
            assert low <= seat["wins"]["rate"] <= high
            assert seat["sole_wins"]["count"] <= seat["wins"]["count"]
        assert sum(rate["count"] for rate in entry["decided_by"].values()) == 25
        assert list(entry["mean_measures"]) == ["money"]  # what the ruleset's `report` lists


def test_the_logs_hold_every_game_and_agree_with_the_statistics(capsys, tmp_path):
    logs = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "-r",
        str(HOUSE / "no-theft.yaml"),
        "--games",
        "6",
        "--players",
        "bot:heuristic,bot:random,bot:random",
        "--seed",
        "21",
        "--jobs",
        "1",
        "--logs",
        str(logs),
        "--json",
    )
    assert code == 0, err
    summary = json.loads(out)
    games = [json.loads(line) for line in logs.read_text(encoding="utf-8").splitlines()]
    assert len(games) == 12
    assert [(game["simulation"]["game"], game["ruleset"]) for game in games[:4]] == [
        (0, "high-society/ja"),
        (0, "high-society/house/no-theft"),
        (1, "high-society/ja"),
        (1, "high-society/house/no-theft"),
    ]
    for entry in summary["rulesets"]:
        mine = [game for game in games if game["ruleset"] == entry["ruleset"]]
        players = mine[0]["players"]
        for seat, seat_entry in enumerate(entry["seats"]):
            wins = sum(players[seat] in game["result"]["winners"] for game in mine)
            assert seat_entry["wins"]["count"] == wins
        assert entry["mean_actions"] == pytest.approx(sum(len(game["actions"]) for game in mine) / 6)
        money = [player["money"] for game in mine for player in game["result"]["players"]]
        assert entry["mean_measures"]["money"] == pytest.approx(sum(money) / len(money))
        assert entry["no_winner"]["count"] == sum(not game["result"]["winners"] for game in mine)


COUNTING_HOUSE_RULE = """\
extends: high-society/ko
id: test/counting
measures:
  cards-won: {count: [won], name: cards won, heading: Cards won}
  titles: {count: [won], cards: {tag: prestige}, name: titles won}
result:
  - {field: money, measure: money}
  - {field: eliminated}
  - {field: score}
  - {field: cards, zone: won}
  - {field: titles, measure: titles}
report: [titles, money, cards-won, money]
"""


def test_a_ruleset_reports_the_measures_its_report_lists_each_once_in_its_order(capsys, tmp_path):
    house_rule = tmp_path / "counting.yaml"
    house_rule.write_text(COUNTING_HOUSE_RULE, encoding="utf-8")
    logs = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ko",
        "-r",
        str(house_rule),
        "--games",
        "8",
        "--players",
        FOUR_BOTS,
        "--seed",
        "3",
        "--jobs",
        "1",
        "--logs",
        str(logs),
        "--json",
    )
    assert code == 0, err
    baseline, counting = json.loads(out)["rulesets"]
    assert list(baseline["mean_measures"]) == ["money"]
    assert list(counting["mean_measures"]) == ["titles", "money", "cards-won"]
    # Same deals, same rules of play: the same money left, not counted twice for being listed twice.
    assert counting["mean_measures"]["money"] == baseline["mean_measures"]["money"]
    games = [json.loads(line) for line in logs.read_text(encoding="utf-8").splitlines()]
    # Game by game, rulesets in -r order (the house rule's log names its file, which its id cannot find).
    players = [player for game in games[1::2] for player in game["result"]["players"]]
    assert len(players) == 8 * 4
    assert counting["mean_measures"]["money"] == pytest.approx(sum(p["money"] for p in players) / len(players))
    assert counting["mean_measures"]["titles"] == pytest.approx(sum(p["titles"] for p in players) / len(players))
    assert counting["mean_measures"]["cards-won"] == pytest.approx(sum(len(p["cards"]) for p in players) / len(players))

    code, out, err = run(
        capsys,
        "-r",
        "high-society/ko",
        "-r",
        str(house_rule),
        "--games",
        "8",
        "--players",
        FOUR_BOTS,
        "--seed",
        "3",
        "--jobs",
        "1",
    )
    assert code == 0, err
    rows = [line for line in out.splitlines() if "per player" in line]
    assert [row.split("│")[1].strip() for row in rows] == [
        "Money left per player",
        "Titles won per player",
        "Cards won per player",
    ]
    # A count of cards is a plain number, not an amount of the edition's money; a measure the
    # baseline does not report is a dash in its column.
    cards_row = rows[2].split("│")
    assert cards_row[2].strip() == "–"
    assert cards_row[3].strip() == f"{counting['mean_measures']['cards-won']:.1f}"
    assert "million" in rows[0] and "million" not in rows[1] + rows[2]


def test_every_simulated_log_replays_as_legal(capsys, tmp_path):
    logs = tmp_path / "games.jsonl"
    code, _out, err = run(
        capsys,
        "-r",
        "high-society/ko",
        "--games",
        "5",
        "--players",
        FOUR_BOTS,
        "--seed",
        "8",
        "--jobs",
        "1",
        "--logs",
        str(logs),
        "--json",
    )
    assert code == 0, err
    with pytest.raises(SystemExit) as exited:
        main(["replay", str(logs), "--json", "--lang", "en"])
    assert exited.value.code in (0, None), capsys.readouterr().err


def test_the_plot_is_a_real_png(capsys, tmp_path):
    picture = tmp_path / "out.png"
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "-r",
        "high-society/ko",
        "--games",
        "20",
        "--players",
        FOUR_BOTS,
        "--seed",
        "2",
        "--jobs",
        "1",
        "--plot",
        str(picture),
    )
    assert code == 0, err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert picture.stat().st_size > 10_000
    assert str(picture) in out


@pytest.mark.parametrize(
    ("arguments", "expected"),
    [
        (["--players", "bot:genius,bot:random,bot:random"], "genius"),
        (["--players", "Ann,bot:random,bot:random"], "Ann"),
        (["--players", "bot:random,bot:random"], "3 to 5 players"),
        (["--games", "0"], "--games"),
        (["--games", "-5"], "--games"),
        (["--jobs", "0"], "--jobs"),
        (["--jobs", "100000"], "100000 is too many: at most"),
        (["--plot", "/no/such/folder/out.png"], "--plot"),
    ],
    ids=[
        "unknown bot kind",
        "a person's name",
        "too few seats",
        "zero games",
        "negative games",
        "zero jobs",
        "more jobs than the cores can run",
        "a plot nobody can write",
    ],
)
def test_a_wrong_command_line_is_exit_2_with_a_clear_message(capsys, arguments, expected):
    base = {"--players": FOUR_BOTS, "--games": "10"}
    for flag, value in zip(arguments[::2], arguments[1::2]):
        base[flag] = value
    args = ["-r", "high-society/ja"]
    for flag, value in base.items():
        args += [flag, value]
    code, _out, err = run(capsys, *args)
    assert code == 2
    assert expected in err
    assert "Traceback" not in err


def test_an_unknown_bot_kind_lists_the_kinds(capsys):
    code, _out, err = run(
        capsys, "-r", "high-society/ja", "--games", "5", "--players", "bot:genius,bot:random,bot:random"
    )
    assert code == 2
    assert "random" in err and "heuristic" in err


def test_an_unknown_ruleset_name_is_a_command_line_error_naming_the_known_ones(capsys):
    code, _out, err = run(capsys, "-r", "high-society/klingon", "--games", "5", "--players", FOUR_BOTS)
    assert code == 2
    assert "unknown ruleset 'high-society/klingon'" in err and "available: bohnanza/amigo" in err
    assert "Traceback" not in err


def test_a_missing_ruleset_file_is_exit_1_with_a_located_message(capsys, tmp_path):
    missing = tmp_path / "klingon.yaml"
    code, _out, err = run(capsys, "-r", str(missing), "--games", "5", "--players", FOUR_BOTS)
    assert code == 1
    assert f"{missing}:1:1: no such ruleset file" in err
    assert "Traceback" not in err


def test_a_broken_house_rule_is_exit_1_naming_its_file_and_line(capsys, tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("extends: high-society/ja\noptions:\n  debt-floor: lots\n", encoding="utf-8")
    code, _out, err = run(capsys, "-r", str(broken), "--games", "5", "--players", FOUR_BOTS)
    assert code == 1
    assert f"{broken}:3:" in err


def test_an_unknown_option_is_exit_1(capsys):
    code, _out, err = run(
        capsys, "-r", "high-society/ja", "-o", "no-such-option=1", "--games", "5", "--players", FOUR_BOTS
    )
    assert code == 1
    assert "no-such-option" in err


def test_an_unreachable_scheduler_is_exit_2(capsys):
    code, _out, err = run(
        capsys, "-r", "high-society/ja", "--games", "5", "--players", FOUR_BOTS, "--scheduler", "tcp://127.0.0.1:9"
    )
    assert code == 2
    assert "127.0.0.1:9" in err


def test_the_progress_bar_stays_away_from_a_stderr_that_is_not_a_terminal(monkeypatch):
    from engine.fronts.cli import simulate_run

    progress = simulate_run.LazyProgress(100, enabled=True)
    progress.started_at -= 60  # as if the run had lasted a minute
    progress.update(50)
    assert progress.progress is None


def test_the_progress_bar_appears_only_after_a_second_on_a_terminal(monkeypatch):
    from engine.fronts.cli import simulate_run

    monkeypatch.setattr(simulate_run.sys.stderr, "isatty", lambda: True, raising=False)
    progress = simulate_run.LazyProgress(100, enabled=True)
    progress.update(10)
    assert progress.progress is None  # a quick run never shows it
    progress.started_at -= 2
    progress.update(20)
    try:
        assert progress.progress is not None
        assert progress.progress.tasks[0].completed == 20
    finally:
        progress.close()


def test_the_progress_bar_counts_games_per_ruleset_as_the_user_asked(monkeypatch):
    from engine.fronts.cli import simulate_run

    monkeypatch.setattr(simulate_run.sys.stderr, "isatty", lambda: True, raising=False)
    # --games 100 with two rulesets: 100 games per ruleset, 200 games played in all.
    progress = simulate_run.LazyProgress(100, enabled=True, rulesets=2)
    progress.started_at -= 10
    progress.update(40)
    try:
        task = progress.progress.tasks[0]
        assert (task.completed, task.total) == (40, 100)
        assert task.fields["rate"] == "8 games/s"  # 80 games in 10 seconds
    finally:
        progress.close()


def test_json_output_turns_the_progress_bar_off(monkeypatch):
    from engine.fronts.cli import simulate_run

    monkeypatch.setattr(simulate_run.sys.stderr, "isatty", lambda: True, raising=False)
    progress = simulate_run.LazyProgress(100, enabled=False)
    progress.started_at -= 60
    progress.update(50)
    assert progress.progress is None


@pytest.mark.parametrize("flag", ["--plot", "--logs"])
def test_a_write_failure_after_the_games_still_prints_the_statistics_and_exits_1(capsys, flag):
    # /dev/full takes the file and refuses every write, as a disk that fills during the games does.
    code, out, err = run(
        capsys, "-r", "high-society/ja", "--games", "30", "--players", FOUR_BOTS, "--seed", "5", flag, "/dev/full"
    )
    assert code == 1
    assert "Win rate per seat, 30 games per ruleset" in out
    assert err.strip().splitlines()[-1] == "/dev/full: cannot write the file: No space left on device"
    assert "Plot saved" not in out and "Traceback" not in err


def test_the_plot_is_announced_after_the_report(capsys, tmp_path):
    plot = tmp_path / "rates.png"
    code, out, _err = run(capsys, "-r", "high-society/ja", "--games", "10", "--players", FOUR_BOTS, "--plot", str(plot))
    assert code == 0 and plot.stat().st_size > 0
    assert out.rstrip().splitlines()[-1] == f"Plot saved to {plot}."


def test_scores_of_thirty_digits_are_reported_and_plotted(capsys, tmp_path):
    house = tmp_path / "huge.yaml"
    house.write_text(
        "extends: high-society/ja\nscoring:\n  steps:\n"
        "    - {id: big, kind: add-per-card, tag: luxury, amount: 1e30}\n",
        encoding="utf-8",
    )
    plot = tmp_path / "huge.png"
    code, out, err = run(
        capsys,
        "-r",
        str(house),
        "-r",
        "high-society/ja",
        "--games",
        "6",
        "--seed",
        "2",
        "--players",
        FOUR_BOTS,
        "--plot",
        str(plot),
    )
    assert code == 0, err
    # Thirty digits: in scientific notation, with no more significant digits than the statistics' floats hold
    # (written out, the zeros after them would read as the mean's own digits).
    shown = re.search(r"Winning score: (\d)(?:\.(\d+))?E(\d+) on average", out)
    assert shown and int(shown.group(3)) >= 29 and len(shown.group(2) or "") <= 14, out
    assert plot.stat().st_size > 0


@pytest.mark.parametrize("columns", ["80", "60"])
def test_a_narrow_report_of_31_digit_means_keeps_every_number_whole(capsys, tmp_path, monkeypatch, columns):
    # Rich narrowed every column alike and widened the numbers back: the table was cropped at the right.
    monkeypatch.setenv("COLUMNS", columns)
    house = tmp_path / "huge.yaml"
    house.write_text(
        "extends: high-society/ja\nscoring:\n  steps:\n"
        "    - {id: big, kind: add-per-card, tag: luxury, amount: 1e30}\n",
        encoding="utf-8",
    )
    code, out, err = run(
        capsys, "-r", str(house), "-r", "high-society/ja", "--games", "6", "--seed", "2", "--players", FOUR_BOTS
    )
    assert code == 0, err
    assert all(len(line) <= int(columns) for line in out.splitlines())
    table = out[out.index("How the games went") :]
    assert re.search(r"[│ ]\d\.\d+E30(?: ±|[ │])", table), table  # a 31-digit mean, whole on one line
    assert "35.8 ± 38.0" in table  # and the other ruleset's column beside or below it, not cropped


def test_the_baseline_may_be_any_ruleset_compared_and_the_games_stay_the_same(capsys):
    args = ("--games", "40", "--seed", "9", "--players", FOUR_BOTS, "--jobs", "1", "--json")
    code, out, _err = run(capsys, "-r", "high-society/ja", "-r", "high-society/ko", *args)
    first = json.loads(out)
    code, out, _err = run(
        capsys, "-r", "high-society/ja", "-r", "high-society/ko", "--baseline", "high-society/ko", *args
    )
    assert code == 0
    swapped = json.loads(out)
    assert [entry["ruleset"] for entry in swapped["rulesets"]] == ["high-society/ko", "high-society/ja"]
    assert swapped["differences"][0]["baseline"] == "high-society/ko"
    # The same games, seen from the other side: each ruleset's own figures are unchanged.
    assert swapped["rulesets"][0] == first["rulesets"][1] and swapped["rulesets"][1] == first["rulesets"][0]
    code, _out, err = run(capsys, "-r", "high-society/ja", "--baseline", "high-society/ko", *args)
    assert code == 2 and "high-society/ko is not one of the rulesets compared: high-society/ja" in err


def test_the_report_ends_with_how_to_read_its_numbers(capsys):
    code, out, _err = run(
        capsys,
        "-r",
        "high-society/ja",
        "-r",
        "high-society/ko",
        "--games",
        "20",
        "--seed",
        "1",
        "--players",
        FOUR_BOTS,
        "--jobs",
        "1",
    )
    assert code == 0
    text = " ".join(out.split())
    assert "(percentage points)" in text
    assert "± is one standard deviation of the values over the games" in text
    assert "among the 6 intervals of differences above, about 0.3 may show a difference that chance alone made" in text


def _children_of(parent: int) -> list[int]:
    """The live processes whose parent is ``parent`` (read from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat", encoding="utf-8") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent and fields[0] != "Z":
                found.append(int(entry))
    return found


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat", encoding="utf-8") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the kernel's parent-death signal is Linux's")
@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGKILL"])
def test_workers_end_when_the_simulation_is_killed(signal_name):
    """`kill` of a --jobs run must not leave its workers playing on for nobody."""
    import signal
    import time

    parent = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "engine",
            "simulate",
            "-r",
            "high-society/ja",
            "--games",
            "10000000",
            "--players",
            "bot:random,bot:random,bot:random",
            "--jobs",
            "2",
            "--seed",
            "1",
            "--lang",
            "en",
        ],
        cwd=str(REPO),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        deadline = time.monotonic() + 60
        while len(_children_of(parent.pid)) < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        workers = _children_of(parent.pid)
        assert len(workers) >= 2
        parent.send_signal(getattr(signal, signal_name))
        parent.wait(timeout=30)
        deadline = time.monotonic() + 20
        while any(_alive(pid) for pid in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_alive(pid) for pid in workers)
    finally:
        if parent.poll() is None:
            parent.kill()


def test_logs_already_written_are_replaced_only_with_force(capsys, tmp_path):
    logs = tmp_path / "games.jsonl"
    logs.write_text("hours of games\n", encoding="utf-8")
    code, _out, err = run(capsys, "-r", "high-society/ja", "--games", "2", "--players", FOUR_BOTS, "--logs", str(logs))
    assert code == 2
    assert f"{logs} already holds a file: replace it with --force" in err
    assert logs.read_text(encoding="utf-8") == "hours of games\n"
    code, _out, err = run(
        capsys, "-r", "high-society/ja", "--games", "2", "--players", FOUR_BOTS, "--logs", str(logs), "--force"
    )
    assert code == 0, err
    assert len(logs.read_text(encoding="utf-8").splitlines()) == 2


def test_logs_into_a_named_pipe_are_refused_before_any_game_instead_of_waiting_for_a_reader(capsys, tmp_path):
    pipe = tmp_path / "logs.jsonl"
    os.mkfifo(pipe)
    code, _out, err = run(capsys, "-r", "high-society/ja", "--games", "2", "--players", FOUR_BOTS, "--logs", str(pipe))
    assert code == 2
    assert f"cannot write {pipe}: it is not a regular file" in err


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("rulesets", [1, 2, 5])
@pytest.mark.parametrize("total", [300, 20000])
def test_at_80_columns_the_progress_bar_keeps_the_game_count_and_the_time_whole(lang, rulesets, total):
    """A long description (ja, ko) once made rich cut the count mid-number or drop it: the description is
    shortened and the bar left out first."""
    import io
    import re

    from rich.cells import cell_len
    from rich.console import Console

    from engine.base.i18n import set_language
    from engine.fronts.cli import simulate_run

    set_language(lang)
    try:
        progress = simulate_run.LazyProgress(total, enabled=False, rulesets=rulesets)
        console = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
        progress._start(console)
        progress.started_at -= 1
        progress.progress.update(
            progress.task, completed=total // 2, rate=simulate_run._("{speed} games/s", speed="12,345")
        )
        progress.close()
        shown = Console(file=io.StringIO(), width=80, color_system=None, force_terminal=False)
        shown.print(progress.progress.make_tasks_table(progress.progress.tasks))
        line = shown.file.getvalue().splitlines()[-1]
    finally:
        set_language("en")
    assert f"{total // 2}/{total}" in line, line
    assert re.search(r"(\d+:\d\d:\d\d|-:--:--)$", line.rstrip()), line
    assert "…" not in line and cell_len(line.rstrip()) <= 80, line


def test_a_log_too_long_to_read_back_is_not_written_and_the_statistics_are_kept(capsys, tmp_path, monkeypatch):
    # What replay could not read is not written: the file stops before that game, the report is still printed.
    from engine.fronts.formats import gamelog

    logs = tmp_path / "games.jsonl"
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "--games",
        "3",
        "--players",
        FOUR_BOTS,
        "--seed",
        "2",
        "--jobs",
        "1",
        "--logs",
        str(logs),
    )
    assert code == 0, err
    lines = logs.read_text(encoding="utf-8").splitlines()
    longest = max(len(line.encode("utf-8")) for line in lines)
    monkeypatch.setattr(gamelog, "MAX_LOG_LINE_BYTES", longest - 1)
    code, out, err = run(
        capsys,
        "-r",
        "high-society/ja",
        "--games",
        "3",
        "--players",
        FOUR_BOTS,
        "--seed",
        "2",
        "--jobs",
        "1",
        "--logs",
        str(logs),
        "--force",
    )
    assert code == 1
    assert "Score of the winner" in out or "Winning score" in out
    assert f"{logs}: cannot write the file: a game's log is longer than a log may be ({longest - 1} bytes)" in err
    written = logs.read_text(encoding="utf-8").splitlines()
    assert written == lines[: lines.index(next(line for line in lines if len(line.encode("utf-8")) == longest))]


def test_play_keeps_its_last_save_rather_than_write_a_log_too_long_to_read(tmp_path, monkeypatch):
    from engine.base.errors import LogError
    from engine.fronts.formats import gamelog

    target = tmp_path / "game.json"
    target.write_text('{"kept": true}', encoding="utf-8")
    monkeypatch.setattr(gamelog, "MAX_LOG_FILE_BYTES", 10)
    with pytest.raises(LogError) as refused:
        gamelog.save_log_atomic(target, {"ruleset": "high-society/ja", "players": ["A", "B", "C"], "actions": []})
    assert str(refused.value) == f"{target}: cannot save the log: a game's log is longer than a log may be (10 bytes)"
    assert target.read_text(encoding="utf-8") == '{"kept": true}'
    assert sorted(path.name for path in tmp_path.iterdir()) == ["game.json"]


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_with_ascii_the_report_holds_no_ambiguous_width_character(lang):
    # --ascii is for terminals that draw "–", "±" or "…" two cells wide: a row holding one sticks out of the table.
    import unicodedata

    from cli_helpers import cardrules_process

    done = cardrules_process(
        "simulate",
        "-r",
        "high-society/ja",
        "-r",
        "docs/examples/my-house-rule.yaml",
        "--games",
        "20",
        "--players",
        FOUR_BOTS,
        "--seed",
        "1",
        "--jobs",
        "1",
        env={"COLUMNS": "80", "CARDRULES_ASCII": "1"},
        lang=lang,
    )
    assert done.returncode == 0, done.stderr
    assert not {char for char in done.stdout if unicodedata.east_asian_width(char) == "A"}, done.stdout
    assert "+/-" in done.stdout  # the spread of the scores, and the note that explains it


class _FillingDisk:
    """A file on a disk that fills after ``room`` bytes: the write that crosses it writes what fits, then fails
    (ENOSPC), as a real full disk does in the middle of a line."""

    def __init__(self, path, room: int) -> None:
        self.handle = open(path, "wb")  # noqa: SIM115 - closed by close(), like the file it stands for
        self.room = room

    def write(self, data: bytes) -> int:
        if len(data) > self.room:
            self.handle.write(data[: self.room])
            self.handle.flush()
            self.room = 0
            raise OSError(28, "No space left on device")
        self.room -= len(data)
        return self.handle.write(data)

    def flush(self) -> None:
        self.handle.flush()

    def tell(self) -> int:
        return self.handle.tell()

    def close(self) -> None:
        self.handle.close()


def test_a_disk_that_fills_during_the_games_leaves_the_logs_whole_up_to_their_last_line(capsys, tmp_path, monkeypatch):
    from engine.fronts.cli import simulate_run

    logs = tmp_path / "games.jsonl"
    monkeypatch.setattr(simulate_run, "_open_logs_alone", lambda path: _FillingDisk(path, 12_000))
    code, out, err = run(
        capsys,
        "-r",
        "no-thanks/classic",
        "--games",
        "20",
        "--players",
        "bot:random,bot:random,bot:random",
        "--seed",
        "3",
        "--jobs",
        "1",
        "--logs",
        str(logs),
    )
    assert code == 1
    assert err.strip().splitlines()[-1] == f"{logs}: cannot write the file: No space left on device"
    text = logs.read_text(encoding="utf-8")
    assert text.endswith("\n") and 0 < len(text) <= 12_000  # whole lines only: the half line is cut off
    from cli_helpers import cardrules_process

    replayed = cardrules_process("replay", "--json", str(logs))
    assert replayed.returncode == 0, replayed.stderr
    assert len(replayed.stdout.splitlines()) == text.count("\n") > 1  # one result per whole game kept
