"""`cardrules play` in a real terminal (pexpect): a newcomer's whole game, stopping, resuming.

Every session is dealt with a fixed --seed, so the cards and the bots' play are
the same on every run; the human seat is driven by reading the screen the way
a person would: the card on offer, the hand, and the help's cheapest bids.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pexpect
import pytest
from terminal_helpers import CARDRULES, ENV, ROOT, finish, load_log, plain, spawn

BID_PROMPT = r"cards to add \(e\.g\. [^)]*\), pass, \? or q > "
CHOICE_PROMPT = r"Number \(1-\d+\), \? for help, q to save and quit > "
FINAL = "Final scoring"


def last_match(pattern: str, text: str) -> str | None:
    found = re.findall(pattern, text)
    return found[-1] if found else None


# More prompts than any game of High Society asks one seat (about 16 cards, a few bids each).
MOST_PROMPTS = 400


class Human:
    """Plays one seat through the prompts: wins what it can, takes a theft when it has something to lose."""

    def __init__(self, child: pexpect.spawn) -> None:
        self.child = child
        self.choices_made = 0
        self.bids_made = 0
        self.passes_made = 0
        # The card heading the table at each choice prompt (what the choice is about).
        self.choice_headings: list[str] = []
        # Everything shown before each prompt, as text.
        self.transcript = ""

    def cheapest_bid(self) -> str | None:
        """Ask the help (`?`) for the cheapest legal bid, as typed."""
        self.child.sendline("?")
        self.child.expect(BID_PROMPT)
        help_text = plain(self.child.before).replace("\n", " ")
        assert "pass:" in help_text
        cheapest = last_match(r"Cheapest: ([^;]+?)[;.]", help_text)
        return cheapest.strip() if cheapest else None

    def bid_turn(self, screen: str) -> None:
        card = last_match(r"Round \d+: ([^\n]*)", screen) or ""
        holds_possession = bool(re.search(r"Possession \d+", last_match(r"▶? ?Ann \(you\)[^\n]*", screen) or ""))
        is_theft = "discards one of their" in card
        if is_theft and holds_possession:
            self.child.sendline("pass")
            self.passes_made += 1
            return
        bid = self.cheapest_bid()
        if bid is None:
            self.child.sendline("p")
            self.passes_made += 1
        else:
            self.child.sendline(bid)
            self.bids_made += 1

    def play_to_the_end(self) -> str:
        """Answer every prompt until the final scoring; returns the screen after it.

        A game has far fewer prompts than the bound: an answer the game keeps refusing fails the test
        instead of looping for ever.
        """
        for _ in range(MOST_PROMPTS):
            index = self.child.expect([BID_PROMPT, CHOICE_PROMPT, FINAL])
            screen = plain(self.child.before)
            self.transcript += screen
            if index == 0:
                self.bid_turn(screen)
            elif index == 1:
                self.choice_headings.append(last_match(r"Round \d+: ([^\n]*)", screen) or "")
                self.child.sendline("1")
                self.choices_made += 1
            else:
                self.child.expect(pexpect.EOF)
                return plain(self.child.before)
        raise AssertionError(f"no end after {MOST_PROMPTS} prompts:\n{self.transcript[-2000:]}")


def replay(path: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [*CARDRULES, "replay", str(path)], cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=60
    )


def theft_seed() -> int:
    """A seed whose deck opens with a possession and then the theft.

    The human outbids everyone for the first card, so starts the theft round
    and passes at once: they take the theft and must choose a possession.
    """
    from engine.core.game import Game
    from engine.families.catalog import load_ruleset

    ruleset = load_ruleset("high-society/ja")
    game = Game(ruleset, ["Ann", "B1", "B2", "B3"])
    for seed in range(1, 2000):
        state = game.new_initial_state(seed=seed, record_events=False)
        # The deck as the log records it, top first: the first card is already up for auction.
        deck = state.to_log()["deck"]
        if "luxury" in ruleset.card(deck[0]).tags and deck[1] == "theft":
            assert state.card_ids_in("revealed") == (deck[0],) and state.card_ids_in("deck")[-1] == "theft"
            return seed
    raise AssertionError("no seed opens with a possession and the theft")


def test_a_whole_game_with_a_human_seat_including_a_theft_discard(tmp_path):
    log = tmp_path / "game.json"
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,bot:heuristic,bot:heuristic,bot:heuristic",
        "--seed",
        str(theft_seed()),
        "--log",
        str(log),
    )
    human = Human(child)
    ending = human.play_to_the_end()
    assert finish(child) == 0
    assert human.bids_made > 0
    assert "Winner" in ending or "Nobody" in ending or "out" in ending
    assert str(log) in ending.replace("\n", "")
    saved = load_log(log)
    assert "result" in saved
    ann_discards = [a for a in saved["actions"] if a["player"] == 0 and a["action"] == "discard"]
    assert len(ann_discards) == 1
    # With a single possession to lose there is nothing to choose: the theft takes it, and the screen says so
    # instead of asking "Number (1-1)".
    assert human.choices_made == 0
    stolen = ann_discards[0]["card"].replace("luxury-", "Possession ")
    assert f"Ann has only one choice: discard {stolen}." in " ".join((human.transcript + ending).split())
    assert replay(log).returncode == 0


def test_invalid_input_is_explained_and_asked_again(tmp_path):
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,bot:random,bot:random",
        "--seed",
        "3",
        "--log",
        str(tmp_path / "g.json"),
    )
    child.expect(BID_PROMPT)
    child.sendline("banana")
    child.expect("not a money value")
    child.expect(BID_PROMPT)
    child.sendline("5")
    child.expect("There is no money card")
    child.expect(BID_PROMPT)
    child.sendline("1 1000")
    child.expect("twice")
    child.expect(BID_PROMPT)
    child.sendline("")
    child.expect("Type the values")
    child.expect(BID_PROMPT)
    child.sendline("?")
    child.expect("q: save the game and quit")
    child.expect(BID_PROMPT)
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0


def test_quit_and_resume_finishes_the_same_game(tmp_path):
    log = tmp_path / "game.json"
    child = spawn(
        "play",
        "-r",
        "high-society/ko",
        "--lang",
        "en",
        "--players",
        "Ann,bot:heuristic,bot:heuristic",
        "--seed",
        "11",
        "--log",
        str(log),
    )
    child.expect(BID_PROMPT)
    child.sendline("p")
    child.expect(BID_PROMPT)
    child.sendline("q")
    child.expect("cardrules play --resume")
    assert finish(child) == 0
    saved = load_log(log)
    assert "result" not in saved and saved["seats"][1] == "bot:heuristic"
    actions_before = len(saved["actions"])
    assert actions_before >= 1

    child = spawn("play", "--resume", str(log), "--lang", "en")
    child.expect("Resuming the game")
    Human(child).play_to_the_end()
    assert finish(child) == 0
    finished = load_log(log)
    assert finished["actions"][:actions_before] == saved["actions"]
    assert "result" in finished
    assert replay(log).returncode == 0

    refused = subprocess.run(
        [*CARDRULES, "play", "--resume", str(log), "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert refused.returncode == 1 and "finished" in refused.stderr and "Traceback" not in refused.stderr


def test_ctrl_c_saves_the_game_and_says_how_to_resume(tmp_path):
    log = tmp_path / "game.json"
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,Bo,bot:random",
        "--seed",
        "5",
        "--log",
        str(log),
    )
    index = child.expect([BID_PROMPT, r"Pass the keyboard to \w+, then press Enter \(q to save and quit\) > "])
    child.sendintr()
    child.expect("Resume it with")
    assert finish(child) == 0
    saved = load_log(log)
    assert saved["players"] == ["Ann", "Bo", "Bot 1 (random)"] and "result" not in saved
    assert index in (0, 1)


@pytest.mark.parametrize(
    "file_name, shown_path",
    [
        ("game.json", r"(\S+)"),
        # Quoted, so the hint can be pasted into a shell as printed.
        ("our game.json", r"'([^']+)'"),
    ],
)
def test_end_of_input_saves_the_game_and_says_how_to_resume(tmp_path, file_name, shown_path):
    log = tmp_path / file_name
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,bot:random,bot:random",
        "--seed",
        "8",
        "--log",
        str(log),
    )
    child.expect(BID_PROMPT)
    child.sendeof()
    # The game was started in an explicit language: resuming it the way it says keeps that language.
    child.expect(r"Resume it with: cardrules play --resume " + shown_path + r" --lang en\r?\n")
    assert child.match.group(1) == str(log)
    assert finish(child) == 0
    assert load_log(log)["deck"]


def test_hot_seat_hides_one_humans_hand_from_the_next(tmp_path):
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,Bo,bot:random",
        "--seed",
        "2",
        "--log",
        str(tmp_path / "g.json"),
    )
    handovers = 0
    for _ in range(12):
        index = child.expect(
            [BID_PROMPT, CHOICE_PROMPT, r"Pass the keyboard to (\w+), then press Enter \(q to save and quit\) > "]
        )
        if index == 2:
            handovers += 1
            name = child.match.group(1)
            child.sendline("")
            child.expect(BID_PROMPT)
            assert f"{name} (you)" in plain(child.before)
            child.sendline("p")
        elif index == 1:
            child.sendline("1")
        else:
            child.sendline("p")
        if handovers >= 2:
            break
    assert handovers >= 2
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0


@pytest.mark.parametrize(
    "lang,ruleset,script",
    [
        ("en", "high-society/ja", r"[A-Za-z]"),
        ("ja", "high-society/ja", r"[\u3040-\u30ff\u4e00-\u9fff]"),
        ("ko", "high-society/ko", r"[\uac00-\ud7a3]"),
    ],
)
def test_without_a_terminal_bots_play_and_the_game_is_narrated(tmp_path, lang, ruleset, script):
    log = tmp_path / "narrated.json"
    done = subprocess.run(
        [*CARDRULES, "play", "-r", ruleset, "--lang", lang, "--seed", "4", "--log", str(log)],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "\x1b[" not in done.stdout, "no colour codes when the output is not a terminal"
    assert re.search(script, done.stdout)
    saved = load_log(log)
    assert "result" in saved and all(kind.startswith("bot:") for kind in saved["seats"])
    for player in saved["result"]["players"]:
        assert player["name"] in done.stdout
    assert replay(log).returncode == 0


def test_a_finished_or_corrupt_log_cannot_be_resumed(tmp_path):
    corrupt = tmp_path / "corrupt.json"
    corrupt.write_text('{"ruleset": "high-society/ja", "players": [', encoding="utf-8")
    unknown = tmp_path / "unknown.json"
    unknown.write_text(
        json.dumps(
            {"ruleset": "no-such/game", "players": ["A", "B", "C"], "first_player": 0, "deck": [], "actions": []}
        ),
        encoding="utf-8",
    )
    for path in (corrupt, unknown):
        done = subprocess.run(
            [*CARDRULES, "play", "--resume", str(path), "--lang", "en"],
            cwd=str(ROOT),
            env=ENV,
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            timeout=60,
        )
        assert done.returncode == 1, done.stderr
        assert str(path) in done.stderr and "Traceback" not in done.stderr


def test_an_unknown_bot_kind_is_a_command_line_error():
    done = subprocess.run(
        [*CARDRULES, "play", "-r", "high-society/ja", "--players", "Ann,bot:genius,bot:random", "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 2
    assert "heuristic" in done.stderr and "random" in done.stderr


def test_a_killed_game_leaves_a_log_that_resumes(tmp_path):
    log = tmp_path / "game.json"
    child = spawn(
        "play",
        "-r",
        "high-society/ja",
        "--lang",
        "en",
        "--players",
        "Ann,bot:heuristic,bot:heuristic",
        "--seed",
        "21",
        "--log",
        str(log),
    )
    child.expect(BID_PROMPT)
    child.sendline("p")
    child.expect([BID_PROMPT, CHOICE_PROMPT])
    child.kill(9)
    child.close(force=True)
    saved = load_log(log)
    assert saved["actions"] and "result" not in saved

    child = spawn("play", "--resume", str(log), "--lang", "en")
    child.expect("Resuming the game")
    child.expect([BID_PROMPT, CHOICE_PROMPT])
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0
    assert load_log(log)["actions"] == saved["actions"]


def test_a_house_rule_file_is_recorded_relative_to_the_log_and_replays(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text("extends: high-society/ja\nid: house/tested\noptions:\n  debt-floor: 0\n", encoding="utf-8")
    (tmp_path / "logs").mkdir()
    log = tmp_path / "logs" / "game.json"
    done = subprocess.run(
        [*CARDRULES, "play", "-r", str(house), "--lang", "en", "--seed", "6", "--log", str(log)],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    saved = load_log(log)
    assert saved["ruleset"] == os.path.join("..", "house.yaml")
    assert saved["options"]["debt-floor"] == 0
    assert replay(log).returncode == 0


def test_a_log_that_cannot_be_written_is_a_located_error(tmp_path):
    done = subprocess.run(
        [*CARDRULES, "play", "-r", "high-society/ja", "--lang", "en", "--log", str(tmp_path / "missing" / "game.json")],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert done.returncode == 1
    assert "missing" in done.stderr and "Traceback" not in done.stderr


def test_the_prompts_example_is_the_cheapest_legal_bid_and_the_chosen_edition_stays_on_screen(tmp_path):
    child = spawn(
        "play", "--players", "Ann,bot:heuristic,bot:heuristic", "--seed", "3", "--log", str(tmp_path / "g.json")
    )
    child.expect(r"cards to add \(e\.g\. ([^)]*)\), pass, \? or q > ")
    example = child.match.group(1)
    # Printed before the table, yet still on the cleared screen, under "what just happened".
    assert "playing high-society/ja" in plain(child.before)
    child.sendline("?")
    child.expect(BID_PROMPT)
    cheapest = last_match(r"Cheapest: ([^;]+?)[;.]", plain(child.before).replace("\n", " "))
    assert cheapest is not None and cheapest.strip() == example
    child.sendline("q")
    # No --lang given: the environment's language applies again on resuming, so none is suggested.
    child.expect(r"Resume it with: cardrules play --resume \S+\r?\n")
    assert "--lang" not in child.match.group(0)
    assert finish(child) == 0


def test_a_resumed_narrated_game_retells_only_the_round_under_way(tmp_path):
    log = tmp_path / "g.json"
    whole = subprocess.run(
        [*CARDRULES, "play", "--players", "Ann,Bo,bot:heuristic", "--seed", "4", "--log", str(log), "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert whole.returncode == 0, whole.stderr
    saved = load_log(log)
    saved.pop("result")
    saved["actions"] = saved["actions"][:30]
    log.write_text(json.dumps(saved), encoding="utf-8")
    resumed = subprocess.run(
        [*CARDRULES, "play", "--resume", str(log), "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )
    assert resumed.returncode == 0, resumed.stderr
    lines = resumed.stdout.splitlines()
    after = lines[lines.index(f"Resuming the game saved in {log}.") + 1]
    # The card up for auction when the game stopped is named first, then its bids so far.
    assert after.startswith("Revealed:")
    assert resumed.stdout.count("Revealed:") < whole.stdout.count("Revealed:")
    assert FINAL in resumed.stdout


def test_the_resume_hint_names_the_program_as_the_user_can_run_it(tmp_path):
    # After `make play` the program is .venv/bin/cardrules, which the shell does not find by name.
    program = os.path.join(os.path.dirname(sys.executable), "cardrules")
    env = {**ENV, "PATH": "/usr/bin:/bin"}
    log = tmp_path / "g.json"
    child = pexpect.spawn(
        program,
        [
            "play",
            "-r",
            "high-society/ja",
            "--lang",
            "en",
            "--players",
            "Ann,bot:random,bot:random",
            "--seed",
            "8",
            "--log",
            str(log),
        ],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
    )
    child.expect(BID_PROMPT)
    child.sendline("q")
    child.expect(r"Resume it with: (\S+) play --resume ")
    shown = child.match.group(1)
    assert shown == program
    assert finish(child) == 0
    resumed = subprocess.run(
        [shown, "play", "--resume", str(log), "--lang", "en"],
        cwd=str(ROOT),
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert resumed.returncode == 0, resumed.stderr


def test_the_resume_hint_runs_from_the_users_directory_even_after_make_dash_c(tmp_path, monkeypatch):
    """``make -C project play`` runs the program in the project: the hint names it (and the log) by absolute paths."""
    from engine.fronts.terminal import session

    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", [".venv/bin/cardrules", "play"])
    monkeypatch.setattr("shutil.which", lambda name: None)  # not on the PATH, as after `make play`
    monkeypatch.setenv("PWD", str(ROOT))
    assert session.in_users_directory() and session.program_as_typed() == ".venv/bin/cardrules"
    monkeypatch.setenv("PWD", str(tmp_path))  # the user's shell is elsewhere
    assert not session.in_users_directory()
    assert session.program_as_typed() == os.path.join(str(ROOT), ".venv", "bin", "cardrules")
    # A shell running make's recipe resets PWD to the project: `make play` says where the user is.
    monkeypatch.setenv("PWD", str(ROOT))
    monkeypatch.setenv("CARDRULES_USER_DIR", str(tmp_path))
    assert not session.in_users_directory()


def test_ctrl_c_saves_the_game_even_when_the_parent_ignored_it(tmp_path):
    """A process inherits an ignored SIGINT (nohup, some test runners): Ctrl-C must still save and stop."""
    import signal

    import pexpect

    log = tmp_path / "game.json"
    child = pexpect.spawn(
        CARDRULES[0],
        [
            *CARDRULES[1:],
            "play",
            "-r",
            "high-society/ja",
            "--lang",
            "en",
            "--players",
            "Ann,Bo,bot:random",
            "--seed",
            "5",
            "--log",
            str(log),
        ],
        cwd=str(ROOT),
        env=ENV,
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_IGN),
    )
    child.expect(r"> $")
    child.sendintr()
    child.expect("Resume it with")
    assert finish(child) == 0
    assert "result" not in load_log(log)


def test_a_data_folder_that_cannot_be_made_asks_for_a_log_file_instead_of_failing_with_a_traceback(tmp_path):
    """An interactive game with no --log is saved under $XDG_DATA_HOME: a file there (or /dev/null) is no folder."""
    import pexpect

    not_a_folder = tmp_path / "data"
    not_a_folder.write_text("", encoding="utf-8")
    child = pexpect.spawn(
        CARDRULES[0],
        [*CARDRULES[1:], "play", "-r", "high-society/ja", "--lang", "en", "--players", "Ann,bot:random,bot:random"],
        cwd=str(ROOT),
        env={**ENV, "XDG_DATA_HOME": str(not_a_folder)},
        encoding="utf-8",
        timeout=30,
        dimensions=(50, 120),
    )
    child.expect("cannot make the folder for saved games \\(Not a directory\\); name a file with --log")
    assert finish(child) == 1
    assert "Traceback" not in child.before


def test_while_only_bots_move_the_log_is_saved_now_and_then_and_whole_at_the_end(tmp_path, monkeypatch):
    """A save rewrites and syncs the whole file: after every bot move a long game spent most of its time saving."""
    import io

    from rich.console import Console

    from engine.core.game import Game
    from engine.families.catalog import load_ruleset
    from engine.fronts.formats import gamelog
    from engine.fronts.terminal import session as session_module
    from engine.fronts.terminal.seats import Seat

    saves = []
    real_save = gamelog.save_log_atomic
    monkeypatch.setattr(
        gamelog, "save_log_atomic", lambda *args, **kwargs: (saves.append(1), real_save(*args, **kwargs))
    )
    monkeypatch.setattr(session_module, "BOTS_SAVE_INTERVAL", 3600)
    ruleset = load_ruleset("bohnanza/amigo")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=3)
    log = tmp_path / "bots.json"
    session = session_module.GameSession(
        ruleset=ruleset,
        seats=[Seat(name, "random") for name in state.players],
        state=state,
        console=Console(file=io.StringIO()),
        interactive=False,
        log_path=log,
        bot_seed=1,
    )
    session.run()
    assert len(state.history) > 1000
    assert len(saves) == 2  # when the game starts, and when it ends
    saved = json.loads(log.read_text(encoding="utf-8"))
    assert len(saved["actions"]) == len(state.history) and "result" in saved
    assert replay(log).returncode == 0
