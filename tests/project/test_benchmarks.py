"""`make bench` runs end to end: every side plays the same games and replays the same logs, a chunk at a time.

No timing is asserted (the figures are for people); what is checked is
that every section runs at tiny sizes, that the comparisons compare like with
like, and that the summary judges every figure by the speed issue's target.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys

import locations
import pytest

REPO = locations.REPO


SIDE = re.compile(r"^  (.+?)\s+[\d.]+/s  \((\d+) in [\d.]+ s(?:, ([\d.]+) actions each)?\)$", re.M)
VERDICT = r"(meets|MISSES)$"


def bench(*arguments: str, module: str = "benchmarks") -> str:
    """The output of ``python -m MODULE ARGUMENTS``, which must succeed."""
    done = subprocess.run(
        [sys.executable, "-m", module, *arguments], cwd=REPO, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def sections(out: str) -> dict[str, str]:
    """The output's sections by their headings (``== bohnanza/amigo 3p``...)."""
    parts = re.split(r"^== (.+)$", out, flags=re.M)
    return dict(zip(parts[1::2], parts[2::2], strict=True))


def counts(section: str) -> dict[str, tuple[int, str]]:
    """Each side's count and actions per item in a section, by its label."""
    return {label.strip(): (int(count), actions) for label, count, actions in SIDE.findall(section)}


def test_make_bench_runs_every_section_end_to_end_on_the_same_work_on_every_side():
    # High Society: 70 games and 300 logs, chunks of 50 and 250 with a shorter last chunk each; Bohnanza: 7 games
    # and 12 logs, chunks of 5 and 10; the new games: 23 games and 21 logs, chunks of 20.
    out = bench(
        "--rulesets",
        "high-society/ja",
        "--games",
        "70",
        "--logs",
        "300",
        "--repeats",
        "1",
        "--no-simulate",
        "--no-seats",
        "--bohnanza",
        "bohnanza/amigo:3",
        "--bohnanza-games",
        "7",
        "--bohnanza-logs",
        "12",
        "--new-games",
        "no-thanks/classic:3,coloretto/classic:4,love-letter/classic:3",
        "--new-games-games",
        "23",
        "--new-games-logs",
        "21",
        "--agents-moves",
        "1",
        "--agents-games",
        "1",
        "--startup-repeats",
        "1",
    )
    # The previous interpreter, when it runs, applied as many actions: the same games.
    assert "NOTE: the previous interpreter" not in out
    found = sections(out)
    high_society = counts(found["high-society/ja"])
    assert high_society["interpreter (new core), random bot"][0] == high_society["reference, random bot"][0] == 70
    assert high_society["interpreter (new core), replay"][0] == high_society["reference, replay"][0] == 300
    assert high_society["interpreter (new core), JSON Lines file"][0] == 300
    assert high_society["reference, JSON Lines file"][0] == 300
    previous = [label for label in high_society if label.startswith("previous interpreter")]
    if "Previous interpreter NOT run from git history" in out:
        assert not previous or all("recorded" in line for line in out.splitlines() if "previous interpreter" in line)
    else:
        uniform_new = high_society["interpreter (new core), legal_actions().sample"]
        uniform_old = next(high_society[label] for label in previous if label.endswith("legal_actions().sample"))
        assert uniform_new == uniform_old  # the same 70 games, action for action
        assert next(high_society[label] for label in previous if label.endswith(", replay"))[0] == 300
        assert "engine/previous interpreter" in found["high-society/ja"]
    for case, games, logs in (
        ("bohnanza/amigo 3p", 7, 12),
        ("no-thanks/classic 3p", 23, 21),
        ("coloretto/classic 4p", 23, 21),
        ("love-letter/classic 3p", 23, 21),
    ):
        sides = counts(found[case])
        assert sides["interpreter, random bot"][0] == sides["reference, random bot"][0] == games, case
        assert sides["interpreter, replay"] == sides["reference, replay"], case  # the same logs, action for action
        assert sides["interpreter, replay"][0] == logs, case
    agents = next(text for heading, text in found.items() if heading.startswith("the searching bot"))
    assert re.findall(r"ISMCTS iterations per second\s+[\d.]+/s  \((\d+) in", agents)  # one searched move each
    assert len(re.findall(r"^  (OpenSpiel|PettingZoo) steps per second .*now/baseline", agents, re.M)) == 4
    assert "NOTE: not the baseline's work" in agents  # a run this small is no match for the baseline
    startup = next(text for heading, text in found.items() if heading.startswith("start-up"))
    assert "cardrules --help" in startup and "to the first prompt" in startup

    summary = out.split("== The speed targets")[1]
    rows = [
        ("high-society/ja 4p", "seeded random-bot games", r">= 2\.0x the plain implementation"),
        ("high-society/ja 4p", "logs replayed in process", r">= 1\.5x the plain implementation"),
        ("high-society/ja 4p", "`cardrules replay FILE.jsonl`", r">= 1\.2x the plain implementation"),
    ]
    for case, target in (
        ("bohnanza/amigo 3p", "1.0"),
        ("no-thanks/classic 3p", "0.5"),
        ("coloretto/classic 4p", "0.5"),
        ("love-letter/classic 3p", "0.5"),
    ):
        for figure in ("seeded random-bot games", "logs replayed in process"):
            rows.append((case, figure, rf">= {re.escape(target)}x the plain implementation"))
    for case in ("high-society/ja 4p", "bohnanza/amigo 4p"):
        for figure in ("ISMCTS iterations/s", "OpenSpiel steps/s", "PettingZoo steps/s"):
            rows.append((case, figure, r">= 3\.0x the recorded baseline"))
    rows.append(("start-up", "`cardrules --help`", r"<= 0\.5 s"))
    rows.append(("start-up", "first prompt of `cardrules play`", r"<= 0\.5 s"))
    for case, figure, target in rows:
        measured = r"\d+\.\d{3} s" if case == "start-up" else r"\d+\.\d\dx"
        assert re.search(
            rf"^  {re.escape(case)}\s+{re.escape(figure)}\s+({measured})  {target}\s+{VERDICT}", summary, re.M
        ), (case, figure, summary)
    assert re.search(rf"^  \d+ of {len(rows)} figures meet their targets$", summary, re.M)


def test_each_section_can_be_left_out():
    out = bench(
        "--rulesets",
        "",
        "--bohnanza",
        "",
        "--no-previous",
        "--no-new-games",
        "--no-agents",
        "--no-startup",
        "--no-simulate",
        "--no-seats",
    )
    assert list(sections(out)) == ["The speed targets (the speed issue): every figure, its ratio and its verdict"]
    assert "0 of 0 figures meet their targets" in out


def test_the_bohnanza_figures_replay_the_same_logs_on_both_sides_a_chunk_at_a_time():
    # 7 games and 12 logs: chunks of 5 and 10 with a shorter last chunk each.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.bench_bohnanza",
            "--bohnanza",
            "bohnanza/amigo:3",
            "--bohnanza-games",
            "7",
            "--bohnanza-logs",
            "12",
            "--repeats",
            "1",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    sides = re.findall(r"^  (.+?)\s+[\d.]+/s  \((\d+) in [\d.]+ s, ([\d.]+) actions each\)$", done.stdout, re.M)
    counts = {label.strip(): (int(count), actions) for label, count, actions in sides}
    assert counts["interpreter, random bot"][0] == counts["reference, random bot"][0] == 7
    assert counts["interpreter, replay"] == counts["reference, replay"]  # the same 12 logs, action for action
    assert counts["interpreter, replay"][0] == 12
    summary = done.stdout.split("== The speed targets")[1]
    for figure in ("seeded random-bot games", "logs replayed in process"):
        assert re.search(rf"bohnanza/amigo 3p\s+{figure}\s+\d+\.\d\dx  >= 1\.0x .*(meets|MISSES)$", summary, re.M)


def test_the_new_games_figures_run_alone_on_the_same_work_on_both_sides_a_chunk_at_a_time():
    case = "no-thanks/classic:3"
    # 23 games and 21 logs: chunks of 20 with a shorter last chunk each.
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchmarks.bench_new_games",
            "--new-games",
            case,
            "--new-games-games",
            "23",
            "--new-games-logs",
            "21",
            "--repeats",
            "1",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    sides = re.findall(r"^  (.+?)\s+[\d.]+/s  \((\d+) in [\d.]+ s, ([\d.]+) actions each\)$", done.stdout, re.M)
    counts = {label.strip(): (int(count), actions) for label, count, actions in sides}
    assert counts["interpreter, random bot"][0] == counts["reference, random bot"][0] == 23
    assert counts["interpreter, replay"] == counts["reference, replay"]  # the same 21 logs, action for action
    assert counts["interpreter, replay"][0] == 21
    ruleset, players = case.split(":")
    summary = done.stdout.split("== The speed targets")[1]
    for figure in ("seeded random-bot games", "logs replayed in process"):
        assert re.search(rf"{ruleset} {players}p\s+{figure}\s+\d+\.\d\dx  >= 0\.5x .*(meets|MISSES)$", summary, re.M)


def test_decision_quality_plays_on_after_both_moves_where_the_search_departs_from_the_heuristic():
    """`bot_strength --decisions`: each judged decision is the search's move and the heuristic's, played on by heuristics."""
    import pytest

    from benchmarks import bot_strength

    judged = bot_strength.decision_quality("high-society/ja", "ismcts", games=1, every=3)
    assert judged and {row[0] for row in judged} <= {"ascending", "first-pass-takes", "discard-choice"}
    assert any(differs for _kind, differs, _gain, _won, _seconds in judged)  # the search does depart somewhere
    assert all(gain == 0 and won == 0 for _kind, differs, gain, won, _seconds in judged if not differs)
    report = bot_strength.decision_report("high-society/ja", "ismcts", judged)
    assert f"{len(judged)} decisions, {sum(row[1] for row in judged)} differ" in report
    with pytest.raises(SystemExit):
        bot_strength.searching_bot("ismcts", 1, {"no-such-option": 1})
    searcher = bot_strength.searching_bot("ismcts", 1, {"paired": True, "depth": 30})
    assert searcher.paired is True and searcher.depth == 30


def test_inference_quality_compares_the_searchs_drawn_games_with_plain_deals_on_the_true_hidden_cards():
    """`bot_strength --inference`: at each sampled decision, the share of the others' hidden cards each way of
    drawing games puts right; the true game itself would put them all right."""
    import random

    from benchmarks import bot_strength
    from engine.core.information import InformationSet

    measured = bot_strength.inference_quality(
        "bohnanza/amigo", "ismcts", games=1, every=250, options={"explain": 6, "deals": 2, "explain_window": 10}
    )
    assert len(measured) >= 2
    for explained, plain in measured:
        right, hidden, placed, ordered, games, seconds = explained
        assert games == 2 == plain[4] and hidden == plain[1] > 0 and ordered == hidden  # hands are rows
        assert 0 <= right <= hidden and 0 <= placed <= right and seconds > 0
    report = bot_strength.inference_report("bohnanza/amigo", "ismcts", measured)
    assert f"at {len(measured)} decisions" in report and "in plain deals" in report
    # The measure itself: the true game scores every hidden card; a drawn one fewer, but never more.
    for _unforced, state, observation, _legal, _move, _bots in bot_strength._sampled_decisions(
        "bohnanza/amigo", 100_000, 300
    ):
        player = observation.player
        right, hidden, placed, ordered = bot_strength._hidden_placed(state, state, player)
        assert right == hidden == placed == ordered > 0
        drawn = InformationSet.of_state(state, player).sample(random.Random(1))
        assert bot_strength._hidden_placed(state, drawn, player)[0] <= hidden
        break


def test_bot_strength_measures_any_bot_kind_against_three_heuristic_bots(capsys):
    """`bot_strength --search heuristic --set rivalry=R --against heuristic`: a heuristic bot with a rivalry in the
    rotating seat, and the same deals with a plain heuristic bot there. With no rivalry it plays the very games four
    heuristic bots play: it wins exactly where that seat wins them, with that seat's margins, and gains nothing over
    the plain bot; with one, what it gains is its own figures less the plain bot's."""
    from benchmarks import bot_strength

    bot = bot_strength.searching_bot("heuristic", 1, {"rivalry": 0.7})
    assert bot.rivalry == 0.7 and bot.policy_for("trade").rivalry == 0.7
    game = bot_strength.compiled_game("bohnanza/amigo", tuple(bot_strength.PLAYERS))
    margins, seat_wins = [], 0
    for number in range(8):
        result = bot_strength._play(
            game, ["heuristic"] * 4, 2024 * 7919 + number * 13, 2024 * 1_000_003 + number
        ).result()
        scores = [float(player.score) for player in result.players]
        seat = number % 4
        margins.append(scores[seat] - max(score for other, score in enumerate(scores) if other != seat))
        seat_wins += bot_strength.PLAYERS[seat] in result.winners
    figure = r"([+-]\d+\.\d+)"
    found = {}
    for rivalry in (0, 0.7):
        bot_strength.search_main(
            [
                "--search",
                "heuristic",
                "--set",
                f"rivalry={rivalry}",
                "--against",
                "heuristic",
                "--games",
                "8",
                "bohnanza/amigo",
            ]
        )
        out = capsys.readouterr().out
        assert "searched moves" not in out
        wins = int(re.search(r"amigo: heuristic vs 3 heuristic: (\d+)/8 wins", out).group(1))
        margin = float(re.search(rf"margin {figure} a game \(standard error", out).group(1))
        assert re.search(rf"on the same deals \({seat_wins}/8 wins\)", out)
        gained = re.search(rf"wins {figure} points \(standard error \d+\.\d\), margin {figure} a game", out)
        found[rivalry] = wins, margin, float(gained.group(1)), float(gained.group(2))
    assert found[0] == (seat_wins, pytest.approx(sum(margins) / 8, abs=0.005), 0.0, 0.0)
    wins, margin, wins_gained, margin_gained = found[0.7]
    assert 0 <= wins <= 8
    assert wins_gained == pytest.approx((wins - seat_wins) / 8 * 100, abs=0.05)
    assert margin_gained == pytest.approx(margin - sum(margins) / 8, abs=0.01)
    assert found[0.7] != found[0]


def _report_figures(out: str) -> tuple[str, ...]:
    """A `--search` report without its timings (which differ from run to run)."""
    line = re.search(r"^high-society/ja: .*$", out, re.M).group(0)
    return (
        re.search(r"vs 3 heuristic: (\d+/\d+ wins = [\d.]+%)", line).group(1),
        re.search(r"margin ([+-]\d+\.\d+) a game", line).group(1),
        re.search(r"searched moves (\d+)", line).group(1),
    )


def test_a_stopped_search_run_goes_on_from_its_results_file(capsys, tmp_path):
    """`--results FILE` keeps each batch as it finishes; a run stopped part way (its last line cut short) goes on
    with the same file, plays only the games it lacks and reports what the whole run reports; a run whose games
    are all there plays none; other runs' lines are left alone; a line that is not a batch is a located error."""
    from benchmarks import bot_strength

    def run(path, kind="ismcts:4", *extra):
        bot_strength.search_main(["--search", kind, "--games", "6", "--results", str(path), *extra, "high-society/ja"])
        return capsys.readouterr()

    whole = tmp_path / "whole.jsonl"
    everything = run(whole)
    lines = whole.read_text(encoding="utf-8").splitlines(keepends=True)
    assert sum(len(json.loads(line)["games"]) for line in lines) == 6 and len(lines) > 1
    assert all(json.loads(line)["run"]["kind"] == "ismcts:4" for line in lines)

    stopped = tmp_path / "stopped.jsonl"
    other_run = (
        json.dumps(
            {
                "run": {"ruleset": "high-society/ja", "kind": "random", "seed": 2024, "options": {}},
                "first": 0,
                "games": [[True, 99.0]] * 6,
                "times": [],
            }
        )
        + "\n"
    )
    stopped.write_text(other_run + lines[0] + lines[1][: len(lines[1]) // 2], encoding="utf-8")
    resumed = run(stopped)
    assert _report_figures(resumed.out) == _report_figures(everything.out)
    played = re.findall(r"wins in (\d+) games", resumed.err)
    assert played and int(played[0]) > len(json.loads(lines[0])["games"])  # the first batch was not played again
    kept = stopped.read_text(encoding="utf-8").splitlines()
    assert kept[0] == other_run.strip() and kept[1] == lines[0].strip()
    assert sum(len(json.loads(line)["games"]) for line in kept[1:]) == 6

    again = run(stopped)
    assert _report_figures(again.out) == _report_figures(everything.out)
    assert "wins in" not in again.err and stopped.read_text(encoding="utf-8").splitlines() == kept

    # --held plays nothing: it reports on the games the file holds, all of them or the first few.
    held = run(whole, "ismcts:4", "--held")
    assert _report_figures(held.out) == _report_figures(everything.out) and "wins in" not in held.err
    part = tmp_path / "part.jsonl"
    part.write_text("".join(lines[:3]), encoding="utf-8")
    assert re.search(r"vs 3 heuristic: \d/3 wins", run(part, "ismcts:4", "--held").out)
    assert part.read_text(encoding="utf-8") == "".join(lines[:3])
    assert "holds none of these games" in run(part, "ismcts:5", "--held").out

    # Games another engine played (a bot or a card changed since) are not this run's: they are played again.
    changed = tmp_path / "changed.jsonl"
    foreign = [json.loads(line) for line in lines]
    for batch in foreign:
        batch["run"]["engine"] = "0" * 16
    changed.write_text("".join(json.dumps(batch) + "\n" for batch in foreign), encoding="utf-8")
    replayed = run(changed)
    assert _report_figures(replayed.out) == _report_figures(everything.out)
    assert re.findall(r"wins in (\d+) games", replayed.err)[0] == "1"
    assert len(changed.read_text(encoding="utf-8").splitlines()) == len(lines) + 6

    broken = tmp_path / "broken.jsonl"
    wrong = json.loads(lines[1])
    for line, number in (
        ('{"run": 1}', 2),
        (json.dumps({**wrong, "games": [["yes", 1.0]]}), 2),
        (json.dumps({**wrong, "games": [[True, float("nan")]]}), 2),
        ("[1, 2", 2),
    ):
        broken.write_text(lines[0] + line + "\n" + lines[1], encoding="utf-8")
        with pytest.raises(SystemExit) as stopped_at:
            run(broken)
        assert str(stopped_at.value).startswith(f"{broken}:{number}:1: not a results line")
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(SystemExit) as stopped_at:
        run(fifo)
    assert str(stopped_at.value) == f"{fifo}: cannot read the results: not a regular file"


def test_the_bot_compared_against_takes_options_of_its_own(capsys):
    """`--against heuristic --against-set rivalry=0.7`: the baseline is a heuristic bot with that rivalry, so a
    measured bot of the very same kind and options gains nothing over it, game for game; the report names it."""
    from benchmarks import bot_strength

    bot_strength.search_main(
        [
            "--search",
            "heuristic",
            "--set",
            "rivalry=0.7",
            "--against",
            "heuristic",
            "--against-set",
            "rivalry=0.7",
            "--games",
            "8",
            "bohnanza/amigo",
        ]
    )
    out = capsys.readouterr().out
    wins = re.search(r"amigo: heuristic vs 3 heuristic: (\d+)/8 wins", out).group(1)
    assert (
        f"against heuristic rivalry=0.7 in that seat on the same deals ({wins}/8 wins): wins +0.0 points "
        "(standard error 0.0), margin +0.00 a game (standard error 0.00)" in out
    )


@pytest.mark.parametrize(
    "arguments, told",
    [
        (["--held"], "--held reports the games of a --results file"),
        (["--results", "r.jsonl", "--decisions", "1"], "for runs of whole games, not --decisions"),
        (["--scheduler", "tcp://127.0.0.1:1", "--inference", "1"], "for runs of whole games, not --decisions"),
    ],
)
def test_options_for_whole_games_are_refused_where_they_mean_nothing(arguments, told, capsys):
    """`--held` needs the file it reports on; a results file or a cluster is for runs of whole games only."""
    from benchmarks import bot_strength

    with pytest.raises(SystemExit) as stopped:
        bot_strength.search_main(["--search", "ismcts:4", *arguments, "high-society/ja"])
    assert stopped.value.code == 2
    assert told in capsys.readouterr().err


def test_no_game_loads_the_front_ends_the_engine_fingerprint_leaves_out():
    """A results file's games are kept across changes to the front ends (the command line, the terminal...) because
    no game loads them: games of every bot kind and every shipped game, in a fresh process, import none of them."""
    script = """
import sys
from pathlib import Path
import engine
from benchmarks import bot_strength
from engine.fronts.bots import make_bot
for name in ("high-society/ja", "high-society/ko", "bohnanza/amigo", "bohnanza/rio-grande", "bohnanza/high-bohn"):
    game = bot_strength.compiled_game(name, tuple(bot_strength.PLAYERS))
    for kinds, limit in ((["ismcts:2", "heuristic", "random", "heuristic"], 40), (["heuristic", "random"] * 2, None)):
        bots = [make_bot(kind, seat) for seat, kind in enumerate(kinds)]
        state = game.new_initial_state(seed=3, record_events=False)
        while not state.is_terminal() and (limit is None or len(state.history) < limit):
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        if limit is None:
            state.result()
bot_strength.engine_fingerprint()
root = Path(engine.__file__).resolve().parent
for module in list(sys.modules.values()):
    where = getattr(module, "__file__", None)
    if where and Path(where).resolve().is_relative_to(root):
        print(Path(where).resolve().relative_to(root).as_posix())
"""
    loaded = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=REPO
    ).stdout.split()
    from benchmarks import bot_strength

    tops = {path.split("/")[0] for path in loaded}
    assert {"core", "families", "fronts"} <= tops and any(path.startswith("fronts/bots") for path in loaded)
    assert not [path for path in loaded if path.startswith(bot_strength.FRONT_ENDS)]
