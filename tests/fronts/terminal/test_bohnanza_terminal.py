"""`cardrules play -r bohnanza/...` in a real terminal (pexpect), its narration without one, and its command parsers.

The human seat is driven the way a person reads the screen: the prompt's
question names the card to plant and the fields that take it, the table's own
row shows what each field holds and would pay, the help (`?`) what is legal.
Every session is dealt with a fixed --seed, so a run is the same every time.
"""

from __future__ import annotations

import io
import re
import subprocess

import pexpect
import pytest
from bean_player import BeanPlayer, own_row, table_row
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from terminal_helpers import CARDRULES, ENV, ROOT, answer, finish, load_log, plain, session_for, spawn

from engine.core.game import Game
from engine.families.catalog import load_ruleset
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import (
    match_name,
    parse_card_counts,
    parse_number,
    parse_positions,
    read_words,
    split_words,
)
from engine.fronts.bots import make_bot
from engine.fronts.terminal.session import QuitRequested
from engine.fronts.terminal.table_view import render_table
from engine.text.narration import describe_events

PROMPT = r"\(\? help, q quit\) > "
NUMBER_PROMPT = r"Number \(1-\d+\), or back > "
FOLLOW_UP = r"(?:Give|Ask for|Positions) > "
FINAL = "Final scoring"
HAND_OVER = r"Pass the keyboard to {name}, then press Enter \(q to save and quit\) > "
# The most prompts one test answers: a whole game asks a human a few hundred times.
MOST_PROMPTS = 3000


class Human(BeanPlayer):
    """Ann's seat in a terminal: the bean player's answers typed at the prompt."""

    def __init__(self, child: pexpect.spawn, name: str = "Ann") -> None:
        super().__init__(name)
        self.child = child

    def type_line(self, line: str) -> None:
        self.child.sendline(line)

    def play(self, stop=lambda human: False) -> str:
        """Answer every prompt until the final scoring (returns the screen after it) or until ``stop`` says so."""
        while self.prompts < MOST_PROMPTS:
            index = self.child.expect([PROMPT, NUMBER_PROMPT, FOLLOW_UP, FINAL])
            screen = plain(self.child.before)
            if index == 3:
                self.child.expect(pexpect.EOF)
                return plain(self.child.before)
            if "Not allowed" in screen.rsplit("> ", 1)[-1]:
                self.refusals.append(screen.rsplit("> ", 1)[-1])
            self.prompts += 1
            if stop(self):
                return screen
            if index == 1:
                self.send("1")
            elif index == 2:
                self.send(re.findall(r"e\.g\. ([\d ]+);", screen)[-1])
            else:
                self.answer(screen)
        raise AssertionError("the game did not end")


def actions_of(log: dict, player: int, kind: str) -> list[dict]:
    return [entry for entry in log["actions"] if entry["player"] == player and entry["action"] == kind]


def test_a_human_plants_harvests_trades_buys_a_field_quits_and_resumes(tmp_path):
    log_path = tmp_path / "beans.json"
    child = spawn(
        "play",
        "-r",
        "bohnanza/amigo",
        "--lang",
        "en",
        "--players",
        "Ann,bot:random,bot:random",
        "--seed",
        "7",
        "--log",
        str(log_path),
    )
    human = Human(child)
    # Play until the third field is bought, then stop at the next prompt.
    screen = human.play(stop=lambda h: bool(actions_of(load_log(log_path), 0, "buy")) and h.prompts > 1)
    assert "(? help, q quit) > " in child.after or child.after
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0
    saved = load_log(log_path)
    assert "result" not in saved
    actions = saved["actions"]
    # Ann planted, harvested, bought her third field paying coins of her choice, and made offers a bot answered.
    assert actions_of(saved, 0, "plant") and actions_of(saved, 0, "harvest")
    bought = actions_of(saved, 0, "buy")
    assert len(bought) == 1 and bought[0]["zone"] == "field-3" and sum(bought[0]["pay"].values()) == 3
    offers = [index for index, entry in enumerate(actions) if entry["player"] == 0 and entry["action"] == "offer"]
    assert offers
    for index in offers:
        # The receiver may harvest (or buy) first: that is allowed at any of their decisions.
        answer = next(entry for entry in actions[index + 1 :] if entry["action"] not in ("harvest", "buy"))
        assert answer["player"] == actions[index]["to"] != 0 and answer["action"] in ("accept", "decline")
    # Ann answered bots' offers too.
    assert actions_of(saved, 0, "accept") or actions_of(saved, 0, "decline")
    # The table showed the third field for sale, then Ann's own row with it open.
    assert "closed, costs 3" not in own_row(screen)
    assert human.refusals == []

    child = spawn("play", "--resume", str(log_path), "--lang", "en")
    child.expect("Resuming the game")
    ending = Human(child).play()
    assert finish(child) == 0
    assert "Winner" in ending or "tied" in ending
    finished = load_log(log_path)
    assert finished["actions"][: len(actions)] == actions
    assert "result" in finished
    replayed = subprocess.run(
        [*CARDRULES, "replay", str(log_path)], cwd=str(ROOT), env=ENV, capture_output=True, text=True, timeout=120
    )
    assert replayed.returncode == 0, replayed.stdout + replayed.stderr


def test_invalid_input_is_explained_and_asked_again(tmp_path):
    child = spawn(
        "play",
        "-r",
        "bohnanza/amigo",
        "--lang",
        "en",
        "--players",
        "Ann,bot:random,bot:random",
        "--seed",
        "7",
        "--log",
        str(tmp_path / "g.json"),
    )
    # Seed 7 deals Ann the first turn: the first question is where her front card goes.
    child.expect(PROMPT)
    screen = plain(child.before)
    assert "Turn 1: Ann" in screen and "Phase: Plant" in screen
    assert (
        "Your hand: 1. Black-eyed Bean (front), 2. Chili Bean, 3. Green Bean, 4. Green Bean, 5. Garden Bean" in screen
    )
    assert "Plant Black-eyed Bean, the front card of your hand: 1 (First field), 2 (Second field)." in screen
    assert "Ann, plant Black-eyed Bean: 1 or 2 (? help, q quit) > " in screen + child.after
    for typed, explained in [
        ("", "Type the number of the field to plant in"),
        ("banana", '"banana" is not a number: type a field number from 1 to 3.'),
        ("9", "There is no field number 9: type one from 1 to 3."),
        ("3", "Not there: Third field is closed."),
        ("done", "Not allowed: this card must be planted first."),
        ("harvest 1", "First field is empty: there is nothing to harvest."),
        ("buy", "It costs 3 of your Coins; you have 0."),
        ("offer bo give 1", "Type one field number (the front card goes there), or done."),
    ]:
        child.sendline(typed)
        child.expect(re.escape(explained))
        child.expect(PROMPT)
    child.sendline("?")
    child.expect(PROMPT)
    help_text = plain(child.before)
    assert "1: plant Black-eyed Bean into First field" in help_text
    assert "3: not now (Third field is closed)" in help_text
    assert "buy: Third field costs 3 of your Coins; you have 0, not enough yet" in help_text
    assert "q: save the game and quit." in help_text and "The game ends when Exhaustions reaches 3." in help_text
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("done")
    # The trading: the same care for offers.
    child.expect(r"Ann, offer, pass, or end")
    child.expect(PROMPT)
    for typed, explained in [
        ("offer nobody give 1", 'There is no player "nobody" here; type one of: Bot 1 (random) or Bot 2 (random).'),
        ("offer bot give 1", '"bot" could be Bot 1 (random) or Bot 2 (random): type more of the name.'),
        ("offer bot1 give 9", "There is no hand position 9: type one from 1 to 4."),
        ("offer bot1 give 1 ask zzz", 'There is no card "zzz" here'),
        ("offer bot1 give 1 1", "You named position 1 twice."),
        ("offer bot1 ask 2 3 green", "Two numbers in a row (2 3)"),
        (
            "offer bot1 ask face green",
            "Not allowed: only the active player's face-up cards on the table may be asked for.",
        ),
        ("accept", "Type offer, pass or end"),
    ]:
        child.sendline(typed)
        child.expect(re.escape(explained))
        child.expect(PROMPT)
    # "offer" alone asks step by step, and "back" leaves the questions.
    child.sendline("offer")
    child.expect("To whom?")
    child.expect(NUMBER_PROMPT)
    child.sendline("2")
    child.expect(FOLLOW_UP)
    child.sendline("back")
    child.expect(PROMPT)
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0


def test_a_guided_offer_is_made_part_by_part_and_the_bot_answers_it(tmp_path):
    log_path = tmp_path / "g.json"
    child = spawn(
        "play",
        "-r",
        "bohnanza/amigo",
        "--lang",
        "en",
        "--players",
        "Ann,bot:random,bot:random",
        "--seed",
        "7",
        "--log",
        str(log_path),
    )
    child.expect(PROMPT)
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("done")
    child.expect(r"Ann, offer, pass, or end")
    child.expect(PROMPT)
    child.sendline("offer")
    child.expect(NUMBER_PROMPT)
    child.sendline("2")
    child.expect("Hand positions \\(1 is the front\\) and Face-up cards by name, e.g. 1 face chili.")
    child.expect(FOLLOW_UP)
    child.sendline("1 face chili")
    child.expect(FOLLOW_UP)
    child.sendline("black 1")
    child.expect(PROMPT)
    log = load_log(log_path)
    offer = actions_of(log, 0, "offer")[0]
    # Ann's hand after planting her Chili: Green, Green, Garden; Bot 2 sits two seats on.
    assert offer == {
        "player": 0,
        "action": "offer",
        "to": 2,
        "give": {"hand": [0], "face-up": {"chili": 1}},
        "ask": {"hand": {"black-eyed": 1}},
    }
    assert "Bot 2 (random): " in plain(child.before)
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0


def test_hot_seat_shows_each_human_their_own_hand_only(tmp_path):
    child = spawn(
        "play",
        "-r",
        "bohnanza/amigo",
        "--lang",
        "en",
        "--players",
        "Ann,Bo,bot:random",
        "--seed",
        "7",
        "--log",
        str(tmp_path / "g.json"),
    )
    child.expect(HAND_OVER.format(name="Ann"))
    child.sendline("")
    child.expect(PROMPT)
    assert "Ann (you)" in plain(child.before)
    ann_hand = re.findall(r"Your hand: ([^\n]*)", plain(child.before))[-1]
    child.sendline("1")
    child.expect(PROMPT)
    child.sendline("done")
    child.expect(PROMPT)
    child.sendline("offer bo give 1")
    child.expect(HAND_OVER.format(name="Bo"))
    # The screen is cleared before the keyboard changes hands: nothing of Ann's hand is left on it.
    assert "Your hand" not in plain(child.before).rsplit("\x1b[2J", 1)[-1]
    child.sendline("")
    child.expect(PROMPT)
    screen = plain(child.before)
    assert "Bo (you)" in screen and "Ann (you)" not in screen
    assert "Ann offers you" in screen
    assert re.findall(r"Your hand: ([^\n]*)", screen)[-1] != ann_hand
    child.sendline("q")
    child.expect("Resume it with")
    assert finish(child) == 0


@pytest.mark.parametrize(
    "ruleset, players",
    [
        ("bohnanza/amigo", "bot:random,bot:random,bot:random,bot:random"),
        ("bohnanza/rio-grande", "bot:heuristic,bot:random,bot:heuristic"),
        ("bohnanza/rio-grande", "bot:random,bot:random,bot:random,bot:random,bot:random,bot:random"),
    ],
)
def test_without_a_terminal_a_whole_game_is_narrated(ruleset, players):
    done = subprocess.run(
        [*CARDRULES, "play", "-r", ruleset, "--players", players, "--seed", "3", "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0] == "No terminal on input: bots play every seat and the game is narrated."
    story = done.stdout
    # Every kind of event a player needs to follow the game is told.
    assert re.search(r"^Bot \d \(\w+\): Plant phase$", story, re.MULTILINE)
    assert re.search(r"^Bot \d \(\w+\): plant [\w-]+ Bean into (First|Second|Third) field$", story, re.MULTILINE)
    assert re.search(r"^Bot \d \(\w+\) turns up [\w -]+ Bean", story, re.MULTILINE)
    draw = 4 if "bot:random," * 5 in players else 3
    assert re.search(rf"^Bot \d \(\w+\) draws {draw} cards\.$", story, re.MULTILINE)
    assert re.search(r"^Bot \d \(\w+\) harvests \d+ × [\w -]+ from \w+ field, which pays \d+\.$", story, re.MULTILINE)
    assert re.search(r"^Bot \d \(\w+\): (offer|give|ask) Bot \d", story, re.MULTILINE)
    assert re.search(r"^The draw pile has run out \(exhaustion 1\)\.$", story, re.MULTILINE)
    assert re.search(r"^\d+ cards are shuffled into Draw pile\.$", story, re.MULTILINE)
    assert "The game ends." in story and FINAL in story
    # Drawn cards go to a hidden hand: the story never names them.
    assert not re.search(r"draws .*Bean", story)
    # A harvest is told once, by what it paid, not again as a decision.
    assert not re.search(r": harvest (First|Second|Third) field$", story, re.MULTILINE)


# ---------------------------------------------------------------------- the table and the story, in process


def rendered(renderable, width=120) -> str:
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def played(ruleset_name: str, players: list[str], seed: int, until=lambda state: False, kind: str = "random"):
    """A game played by bots until ``until`` holds (or to its end)."""
    ruleset = load_ruleset(ruleset_name)
    state = Game(ruleset, players).new_initial_state(seed=seed)
    bots = [make_bot(kind, seed * 10 + seat) for seat in range(len(players))]
    while not state.is_terminal() and not until(state):
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    return ruleset, state


def fields_planted(state) -> bool:
    return (
        sum(state.count_in(field, seat) for seat in range(state.player_count) for field in ("field-1", "field-2")) >= 8
        and state.observation(0).decision.get("kind") == "plant"
    )


def test_each_field_shows_its_cards_and_what_harvesting_it_would_pay_now():
    ruleset, state = played("bohnanza/amigo", ["Ann", "Bo", "Cy"], seed=5, until=fields_planted, kind="heuristic")
    harvest = next(item for item in state.game.anytime if item.id == "harvest")
    text = rendered(render_table(ruleset, state.observation(0), 0, [], state=state))
    for seat, name in enumerate(["Ann (you)", "Bo", "Cy"]):
        row = table_row(text, name)
        for number, field in enumerate(("field-1", "field-2", "field-3"), start=1):
            cards = state.card_ids_in(field, seat)
            zone_index = state.game.zones.zone(field).index
            if state.slot(zone_index, seat) in state.closed_slots:
                # A third field not bought yet: for sale at 3.
                assert row[1 + number] == "closed, costs 3"
            elif cards:
                pays = harvest.payout(state, seat, zone_index)
                assert row[1 + number] == f"{len(cards)} × {ruleset.card(cards[0]).name} pays {pays}", row
            else:
                assert row[1 + number] == "–"
    assert "Exhaustions: 0 of 3" in text and "Turn " in text


def test_three_players_of_rio_grande_start_with_three_fields_and_end_at_the_second_exhaustion():
    ruleset, state = played("bohnanza/rio-grande", ["Ann", "Bo", "Cy"], seed=2, until=lambda s: len(s.history) > 20)
    text = rendered(render_table(ruleset, state.observation(1), 1, [], state=state))
    assert "closed" not in text
    assert "Exhaustions: 0 of 2" in text
    ruleset, state = played(
        "bohnanza/rio-grande", ["A", "B", "C", "D", "E", "F"], seed=2, until=lambda s: len(s.history) > 5
    )
    assert "closed, costs 2" in rendered(render_table(ruleset, state.observation(0), 0, [], state=state))


def test_the_viewer_sees_their_hand_front_first_and_their_coins_by_kind():
    ruleset, state = played(
        "bohnanza/amigo", ["Ann", "Bo", "Cy"], seed=4, until=lambda s: len(s.card_ids_in("coins", 1)) >= 2
    )
    observation = state.observation(1)
    text = rendered(render_table(ruleset, observation, 1, [], state=state), width=400)
    hand = observation.cards("hand", 1)
    shown = ", ".join(
        f"{n}. {ruleset.card(card).name}" + (" (front)" if n == 1 else "") for n, card in enumerate(hand, start=1)
    )
    assert f"Your hand: {shown}" in text
    coins = state.card_ids_in("coins", 1)
    for card in set(coins):
        assert f"{coins.count(card)} × {ruleset.card(card).name}" in text.split("Your coins: ")[1].splitlines()[0]
    # Another player's hand is never listed, only counted.
    assert table_row(text, "Ann")[1] == str(state.count_in("hand", 0))


def test_a_long_hand_wraps_between_cards_never_inside_one():
    # The deal: five cards, several of them named in two words.
    ruleset, state = played("bohnanza/amigo", ["Ann", "Bo", "Cy"], seed=7, until=lambda s: True)
    assert state.count_in("hand", 0) == 5
    text = rendered(render_table(ruleset, state.observation(0), 0, [], state=state), width=45)
    lines = text.split("Your hand: ")[1].split("Your coins")[0].splitlines()
    assert len(lines) > 1
    for line in lines:
        assert re.fullmatch(r"\s*(\d+\. [^,]+?(, )?)+,?", line.rstrip()), line


def test_the_story_tells_cards_turned_up_traded_kept_and_drawn_but_never_names_cards_drawn_into_a_hand():
    ruleset, state = played(
        "bohnanza/amigo",
        ["Ann", "Bo", "Cy"],
        seed=6,
        until=lambda s: s.counters[s.game.counter_index["trades"]] >= 2 and s.round_number > 4,
    )
    lines = describe_events(ruleset, ["Ann", "Bo", "Cy"], state.events)
    turned = [line for line in lines if " turns up " in line]
    assert turned and all(line.endswith(".") for line in turned)
    assert any(re.fullmatch(r"(Ann|Bo|Cy) gives .+ to (Ann|Bo|Cy)\.", line) for line in lines)
    assert any(re.fullmatch(r"(Ann|Bo|Cy) keeps .+ to plant\.", line) for line in lines)
    # Three cards drawn one at a time are one line, by their number only.
    draws = [line for line in lines if " draws " in line]
    assert draws and all(re.fullmatch(r"(Ann|Bo|Cy) draws 3 cards\.", line) for line in draws)
    assert len(draws) == sum(1 for line in lines if line.endswith(": Draw phase"))


# ---------------------------------------------------------------------- the prompts, in process


def decision_kind(state, kind: str, stage: str | None = None) -> bool:
    decision = state.observation(state.current_player()).decision
    return decision.get("kind") == kind and (stage is None or decision.get("stage") == stage)


DECISIONS = {
    "plant": lambda s: decision_kind(s, "plant") and s.round_number > 3,
    "plant-all": lambda s: decision_kind(s, "plant-all") and s.count_in("set-aside", s.current_player()) > 1,
    "offer": lambda s: decision_kind(s, "trade", "offer") and s.round_number > 2,
    "answer": lambda s: decision_kind(s, "trade", "answer"),
    "last chance": lambda s: decision_kind(s, "anytime-chance") and s.round_number > 3,
}
_STATES: dict[str, tuple] = {}


def state_at(name: str):
    """A game of Amigo stopped at a decision of each kind (played once, copied for every use)."""
    if name not in _STATES:
        _STATES[name] = played("bohnanza/amigo", ["Ann", "Bo", "Cy", "Di"], seed=11, until=DECISIONS[name])
    ruleset, state = _STATES[name]
    assert not state.is_terminal()
    return ruleset, state.clone()


typed_line = st.one_of(
    st.text(max_size=40),
    st.lists(
        st.sampled_from(
            [
                "offer",
                "give",
                "ask",
                "face",
                "face-up",
                "accept",
                "decline",
                "pass",
                "end",
                "done",
                "harvest",
                "buy",
                "back",
                "to",
                "bo",
                "cy",
                "di",
                "blue",
                "chili",
                "black",
                "b",
                "0",
                "1",
                "2",
                "3",
                "9",
                "99",
                "?",
                "×",
                ",",
                "",
                "１",
                "ＢＬＵＥ",
            ]
        ),
        max_size=8,
    ).map(" ".join),
)


@pytest.mark.parametrize("decision", sorted(DECISIONS))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(typed_line, max_size=6))
def test_no_typed_line_makes_a_prompt_fail(decision, lines):
    ruleset, state = state_at(decision)
    action, screen = answer(ruleset, state, lines)
    if action != "quit":
        assert action in state.legal_actions()
        state.apply_action(action)
    assert "Traceback" not in screen


def test_planting_takes_a_zone_number_and_says_why_a_zone_does_not_take_the_card():
    ruleset, state = state_at("plant")
    player = state.current_player()
    front = state.card_ids_in("hand", player)[0]
    open_zones = [
        number
        for number, zone in enumerate(("field-1", "field-2", "field-3"), start=1)
        if state.game.space("plant").action(state.game.cards.index_of_id[front], state.game.zones.zone(zone).index)
        in state.legal_actions()
    ]
    closed = answer(ruleset, state, ["3"])[1]
    assert "Not there: Third field is closed." in closed
    action, screen = answer(ruleset, state, [str(open_zones[0])])
    assert state.action_to_json(action, player) == {
        "player": player,
        "action": "plant",
        "card": front,
        "zone": f"field-{open_zones[0]}",
    }


def test_set_aside_cards_are_planted_by_card_and_zone_in_any_order():
    ruleset, state = state_at("plant-all")
    player = state.current_player()
    waiting = list(dict.fromkeys(state.card_ids_in("set-aside", player)))
    legal = [
        state.action_to_json(action, player)
        for action in state.legal_actions()
        if state.action_to_json(action, player)["action"] == "plant"
    ]
    wanted = legal[-1]
    card_number = waiting.index(wanted["card"]) + 1
    zone_number = wanted["zone"][-1]
    by_number = answer(ruleset, state, [f"{card_number} {zone_number}"])[0]
    by_name = answer(ruleset, state, [f"{wanted['card']} {zone_number}"])[0]
    assert state.action_to_json(by_number, player) == state.action_to_json(by_name, player) == wanted


def test_accepting_gives_the_hand_positions_of_exactly_the_cards_asked_for():
    ruleset, state = state_at("offer")
    active = state.current_player()
    receiver = (active + 1) % state.player_count
    hand = state.card_ids_in("hand", receiver)
    # Ask the next player for one card of a kind they hold twice: they must say which of the two goes.
    kind = max(set(hand), key=hand.count)
    positions = [n for n, card in enumerate(hand, start=1) if card == kind]
    other = next(n for n, card in enumerate(hand, start=1) if card != kind)
    assert len(positions) >= 2
    offer = state.action_from_json({"player": active, "action": "offer", "to": receiver, "ask": {"hand": {kind: 1}}})
    state.apply_action(offer)
    assert state.current_player() == receiver
    action, screen = answer(ruleset, state, ["accept", str(other), f"accept {positions[-1]}"])
    name = ruleset.card(kind).name
    assert f"{state.players[active]} asks you for 1 × {name} from your hand, for nothing." in screen
    assert "The cards asked for in your hand: " + ", ".join(f"{n}. {name}" for n in positions) + "." in screen
    assert f"Which of your cards do you give for 1 × {name}? Their hand positions, e.g. {positions[0]};" in screen
    assert "Not allowed: to accept, give hand cards of exactly the kinds asked for." in screen
    assert state.action_to_json(action, receiver) == {
        "player": receiver,
        "action": "accept",
        "positions": [positions[-1] - 1],
    }
    assert answer(ruleset, state, ["decline"])[0] == state.action_from_json({"player": receiver, "action": "decline"})


@pytest.mark.parametrize("reply", ["accept", "decline"])
def test_the_answer_to_ones_own_offer_is_said_at_ones_next_question(reply):
    """The story under the table may be cut on a short screen: the prompt itself says how the offer was answered."""
    ruleset, state = state_at("offer")
    active = state.current_player()
    receiver = (active + 1) % state.player_count
    state.apply_action(
        state.action_from_json({"player": active, "action": "offer", "to": receiver, "give": {"hand": [0]}})
    )
    state.apply_action(state.action_from_json({"player": receiver, "action": reply}))
    while state.current_player() != active:  # everyone else passes
        seat = state.current_player()
        state.apply_action(state.action_from_json({"player": seat, "action": "pass"}))
    _action, screen = answer(ruleset, state.clone(), [])
    said = {"accept": "accepted", "decline": "declined"}[reply]
    assert f"{state.players[receiver]} {said} your offer." in screen, screen
    # Once the player has moved again, it is not said again.
    state.apply_action(state.action_from_json({"player": active, "action": "end-trading"}))
    assert "your offer" not in played_until_asked(ruleset, state, active)


def played_until_asked(ruleset, state, seat: int) -> str:
    """What ``seat`` is told at their next trading question (empty when none comes before the game ends)."""
    while not state.is_terminal():
        if state.current_player() == seat and state.observation(seat).decision.get("kind") == "trade":
            return answer(ruleset, state.clone(), [])[1]
        player = state.current_player()
        state.apply_action(make_bot("random", 3).choose(state.observation(player), state.legal_actions()))
    return ""


def test_a_single_card_field_may_not_be_harvested_while_another_holds_more_and_the_help_says_so():
    def protected(state):
        if not decision_kind(state, "anytime-chance"):
            return False
        seat = state.current_player()
        counts = sorted(state.count_in(field, seat) for field in ("field-1", "field-2"))
        return counts == [1, max(2, counts[1])]

    ruleset, state = played("bohnanza/amigo", ["Ann", "Bo", "Cy"], seed=3, until=protected, kind="heuristic")
    seat = state.current_player()
    single = next(n for n, field in enumerate(("field-1", "field-2"), start=1) if state.count_in(field, seat) == 1)
    action, screen = answer(ruleset, state, ["?", f"harvest {single}"])
    assert (
        f"harvest {single}: " in screen
        and "a field with a single card may not be harvested while another holds more" in screen
    )
    assert "Not allowed: a field with a single card may not be harvested while another holds more." in screen
    assert action == "quit"


def give_coins(state, seat: int, kinds: dict[str, int]) -> None:
    """Move cards of ``kinds`` from the draw pile to ``seat``'s coins (a position to test buying from)."""
    game = state.game
    draw = game.zones.slot_of("draw")
    coins = state.slot(game.zones.zone("coins").index, seat)
    for kind, count in kinds.items():
        picked = [card for card in state.cards_in("draw") if game.cards.ids[game.cards.type_of[card]] == kind][:count]
        state.move(picked, draw, coins)


def test_buying_asks_which_coins_pay_when_there_is_a_choice():
    ruleset, state = state_at("last chance")
    seat = state.current_player()
    give_coins(state, seat, {"blue": 2, "red": 2})
    coins = state.card_ids_in("coins", seat)
    action, screen = answer(ruleset, state, ["?", "buy", "2"])
    assert f"buy: pay 3 of your Coins to open Third field (you have {len(coins)})" in screen
    listed = re.findall(r"^  (\d)\. (.*)$", screen.split("Pay 3 of your Coins with:")[1], re.MULTILINE)
    payments = [
        state.action_to_json(a, seat)["pay"]
        for a in state.legal_actions()
        if state.action_to_json(a, seat)["action"] == "buy"
    ]
    assert len(listed) == len(payments) > 1
    for (_number, text), pay in zip(listed, payments):
        assert text == " and ".join(f"{n} × {ruleset.card(kind).name}" for kind, n in pay.items()) or "," in text
        assert sum(pay.values()) == 3 and all(coins.count(kind) >= n for kind, n in pay.items())
    assert state.action_to_json(action, seat) == {
        "player": seat,
        "action": "buy",
        "zone": "field-3",
        "pay": payments[1],
    }
    # The payment may be typed at once; a payment the coins cannot make is refused with the rule.
    typed = answer(ruleset, state, ["buy red 2 blue"])[0]
    assert state.action_to_json(typed, seat)["pay"] == {"blue": 1, "red": 2}
    refused = answer(ruleset, state, ["buy blue 3"])[1]
    assert "Not allowed: Third field costs 3 cards, paid with cards you have." in refused


# ---------------------------------------------------------------------- the parsers


CARDS = [(0, ("Blue Bean", "blue")), (1, ("Chili Bean", "chili")), (2, ("Black-eyed Bean", "black-eyed"))]


def test_typed_words_are_split_on_spaces_commas_plus_signs_and_times_signs():
    assert split_words("Give 1,3 + ２×Chili") == ["give", "1", "3", "2", "chili"]
    assert read_words("  ?  ", "empty").kind == "help" and read_words("Q", "empty").kind == "quit"
    with pytest.raises(InputProblem, match="empty"):
        read_words(" ,, ", "empty")


def test_a_name_may_be_typed_by_any_beginning_that_names_one_thing():
    assert match_name("bla", CARDS, "card") == 2
    assert match_name("BLUE bean", CARDS, "card") == 0
    assert match_name("black-eyed", CARDS, "card") == 2
    with pytest.raises(InputProblem, match="could be Blue Bean or Black-eyed Bean"):
        match_name("b", CARDS, "card")
    with pytest.raises(InputProblem, match='There is no card "soy"'):
        match_name("soy", CARDS, "card")
    # A whole name wins over a longer one it begins: "Bo" is not "Bot 1".
    assert match_name("bo", [(0, ("Bo",)), (1, ("Bot 1 (random)",))], "player") == 0
    assert match_name("bot1", [(0, ("Bo",)), (1, ("Bot 1 (random)",))], "player") == 1


def test_cards_asked_for_are_counted_before_or_after_their_name():
    assert parse_card_counts(["chili", "2"], CARDS) == ({1: 2}, {})
    assert parse_card_counts(["2", "chili", "blue"], CARDS) == ({1: 2, 0: 1}, {})
    assert parse_card_counts(["blue", "2", "3", "chili"], CARDS) == ({0: 2, 1: 3}, {})
    assert parse_card_counts(["chili", "face", "blue"], CARDS, ["face"]) == ({1: 1}, {0: 1})
    for words, problem in [
        (["2", "3", "chili"], "Two numbers in a row"),
        (["chili", "2", "3"], "Which card"),
        (["face"], "Name a card"),
        (["0", "chili"], "not a number of cards"),
    ]:
        with pytest.raises(InputProblem, match=problem):
            parse_card_counts(words, CARDS, ["face"])


def test_a_card_name_of_several_words_may_be_typed_whole():
    assert parse_card_counts(["2", "Black-eyed", "Bean", "blue", "bean"], CARDS) == ({2: 2, 0: 1}, {})
    assert parse_card_counts(["Blue", "Bean", "3"], CARDS) == ({0: 3}, {})
    korean = [(4, ("소이 빈", "soy")), (5, ("레드 빈", "red"))]
    assert parse_card_counts(["소이", "빈", "2", "레드", "빈"], korean) == ({4: 2, 5: 1}, {})
    # A number is never part of a name: "soy 2" is two soy beans even beside a card called "Soy 2".
    assert parse_card_counts(["soy", "2"], [(4, ("Soy", "soy")), (6, ("Soy 2", "soy-2"))]) == ({4: 2}, {})


def test_offer_words_name_the_receiver_then_what_is_given_and_asked():
    from engine.families.trading.front.prompts import parse_offer_words

    text = parse_offer_words(
        split_words("offer to Bo give 1,3 face blue ask chili 2 face black")[1:], 5, CARDS, CARDS[:1], {"face"}
    )
    assert text.receiver_words == ("bo",)
    assert text.give_positions == (0, 2) and text.give_pool == {0: 1}
    assert text.ask_hand == {1: 2} and text.ask_pool == {2: 1}
    with pytest.raises(InputProblem, match="There is no hand position 6"):
        parse_offer_words(["give", "6"], 5, CARDS, CARDS[:1], {"face"})
    with pytest.raises(InputProblem, match="by their positions"):
        parse_offer_words(["give", "blue"], 5, CARDS, [], {"face"})


words_drawn = st.lists(
    st.one_of(
        st.sampled_from(
            [
                "give",
                "ask",
                "for",
                "to",
                "face",
                "bo",
                "blue",
                "chili",
                "black",
                "b",
                "1",
                "2",
                "3",
                "0",
                "7",
                "99",
                "x",
            ]
        ),
        st.text(min_size=1, max_size=6),
    ),
    max_size=12,
)


@given(words=words_drawn, size=st.integers(0, 12))
def test_no_words_make_the_offer_parser_fail_otherwise_than_by_explaining(words, size):
    from engine.families.trading.front.prompts import parse_offer_words

    try:
        text = parse_offer_words(words, size, CARDS, CARDS[:2], {"face"})
    except InputProblem as problem:
        assert problem.message
        return
    assert all(0 <= position < size for position in text.give_positions)
    assert len(set(text.give_positions)) == len(text.give_positions)
    for part in (text.give_pool, text.ask_hand, text.ask_pool):
        assert all(type_index in (0, 1, 2) and count >= 1 for type_index, count in part.items())


@given(words=words_drawn, size=st.integers(0, 12))
def test_positions_are_distinct_and_in_the_hand_or_explained(words, size):
    try:
        positions = parse_positions(words, size)
    except InputProblem as problem:
        assert problem.message
        return
    assert sorted(set(positions)) == sorted(positions) and all(0 <= p < size for p in positions)


@given(text=st.text(max_size=30), low=st.integers(-3, 5), high=st.integers(-3, 12))
def test_a_number_is_read_in_its_range_or_explained(text, low, high):
    try:
        number = parse_number(text, low, high, "zone number")
    except InputProblem as problem:
        assert problem.message
        return
    assert low <= number <= high and number == int(text)


@given(text=st.text(max_size=30))
def test_a_name_is_matched_or_explained(text):
    try:
        assert match_name(text, CARDS, "card") in (0, 1, 2)
    except InputProblem as problem:
        assert problem.message


def test_a_view_naming_what_does_not_exist_is_refused_with_a_hint(tmp_path):
    house = tmp_path / "house.yaml"
    house.write_text(
        "extends: bohnanza/amigo\nid: house/view\npresentation:\n  view:\n    $replace: true\n    turn: activ\n"
        "    columns:\n      - {zone: field-1, show: counts, pays: harvst}\n"
        '  tell:\n    - {step: turn-upp, says: "{player} turns up {cards}."}\n'
        '    - {counter: exhaustion, says: "{value}"}\n',
        encoding="utf-8",
    )
    done = subprocess.run(
        [*CARDRULES, "validate", str(house), "--lang", "en"],
        cwd=str(ROOT),
        env=ENV,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert (
        "$.presentation.view.columns[0].pays: no action taken at any time has the id 'harvst' (did you mean 'harvest'?)"
        in done.stderr
    )
    assert "$.presentation.view.turn: no step sets the player variable 'activ' (did you mean 'active'?)" in done.stderr
    assert "$.presentation.tell[0].step: no step has the id 'turn-upp' (did you mean 'turn-up'?)" in done.stderr
    assert "$.presentation.tell[1].counter: unknown counter 'exhaustion' (did you mean 'exhaustions'?)" in done.stderr


def test_a_decision_with_one_legal_action_is_taken_and_said_not_asked_as_number_1_of_1():
    from engine.fronts.terminal.prompts import ChoicePrompt

    ruleset = load_ruleset("high-society/ja")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=1)
    only = next(iter(state.legal_actions()))
    session = session_for(ruleset, state, state.current_player(), [])
    assert ChoicePrompt().ask(session, state.current_player(), [only]) == only
    screen = session.console.file.getvalue()
    assert "Number (1-1)" not in screen
    name = state.players[state.current_player()]
    assert f"{name} has only one choice: {state.describe_action(only, state.current_player())}." in screen


def test_a_discard_between_several_cards_is_asked_as_a_numbered_list():
    from engine.families.auction.front.prompts import DiscardPrompt

    ruleset = load_ruleset("high-society/ja")
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    top = ["luxury-3", "luxury-7", "theft"]
    rest = [card for card in game.cards.ids if card not in top and not card.startswith("money")]
    state = game.new_initial_state(deck=top + rest, first_player=0)

    def act(entry):
        state.apply_action(state.action_from_json({"player": state.current_player(), **entry}))

    for _round in range(2):  # Ann bids the 1,000 card, the others pass: she wins both possessions
        act({"action": "bid", "cards": [1000 if _round == 0 else 2000]})
        act({"action": "pass"})
        act({"action": "pass"})
    act({"action": "pass"})  # the theft: the first to pass takes it, and must give up a possession
    legal = list(state.legal_actions())
    assert len(legal) == 2
    session = session_for(ruleset, state, 0, ["2"])
    assert DiscardPrompt().ask(session, 0, legal) == legal[1]
    screen = session.console.file.getvalue()
    assert "Ann, choose the card to discard:" in screen and "Number (1-2)" in screen


@pytest.mark.parametrize("lang, quotes", [("en", '""'), ("ja", "「」"), ("ko", '""')])
@pytest.mark.parametrize("stage", ["offer", "answer-side"])
def test_the_offer_example_is_in_the_readers_words_and_typed_back_makes_that_offer(lang, quotes, stage):
    """The introduction's example offer uses the translated command, card and zone words, and is read back."""
    from engine.base.i18n import set_language

    if stage == "offer":
        ruleset, state = state_at("offer")
    else:  # a player offering to the active player (who asks for face-up cards from them)
        ruleset, state = played(
            "bohnanza/amigo",
            ["Ann", "Bo", "Cy", "Di"],
            seed=5,
            until=lambda s: (
                decision_kind(s, "trade", "offer")
                and s.round_number > 2
                and s.observation(s.current_player()).decision.get("active") != s.current_player()
            ),
        )
    set_language(lang)
    try:
        _action, screen = answer(ruleset, state.clone(), [])
        open_quote, close_quote = quotes
        found = re.search(
            re.escape(open_quote) + r"([^\n" + re.escape(close_quote) + r"]+)" + re.escape(close_quote), screen
        )
        assert found, screen
        example = found.group(1)
        if lang != "en":
            assert not re.search(r"\b(offer|give|ask)\b", example), example  # the reader's words, not English
        action, screen = answer(ruleset, state.clone(), [example])
    finally:
        set_language("en")
    assert action != "quit" and action in state.legal_actions(), screen
    offers = state.game.space("offer") if hasattr(state.game, "space") else None
    assert offers is None or action in offers


def test_at_80x24_an_offer_that_cannot_be_accepted_is_declined_for_the_player_and_the_screen_keeps_its_heading():
    """A decision with one answer is played for the player, logged, and told; a wrong word is told the legal ones."""
    import pyte

    env = dict(ENV, COLUMNS="80", LINES="24")
    child = pexpect.spawn(
        CARDRULES[0],
        [
            *CARDRULES[1:],
            "play",
            "-r",
            "bohnanza/amigo",
            "--lang",
            "en",
            "--seed",
            "13",
            "--players",
            "Ann,bot:heuristic,bot:heuristic",
        ],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    child.delaybeforesend = None
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)

    def next_screen() -> str:
        child.expect(r"> $")
        stream.feed(child.before + child.after)
        return "\n".join(line.rstrip() for line in screen.display)

    try:
        for _ in range(2):  # Bot 1's turn, then Bot 2's: Ann makes no offer
            next_screen()
            child.sendline("pass")
        shown = next_screen()
        # Bot 2's offer asked for a Soy Bean Ann does not hold: declined for her, and said under the table.
        assert "Ann has only one choice: decline." in shown, shown
        assert "Ann: decline" in shown and "Enter to" not in shown
        # The heading and the face-up cards stay on the screen's first lines.
        assert shown.startswith("Turn ") and "Face-up cards" in shown.splitlines()[1], shown
        assert shown.rstrip().endswith("Ann, offer or pass (? help, q quit) >"), shown  # trading goes on
        child.sendline("xyz")
        shown = next_screen()
        # Not the active player: "end" is not offered, in the hint as in the prompt.
        assert "Type offer or pass, or ? to see what you may do." in shown and "end" not in shown.splitlines()[-2]
    finally:
        child.terminate(force=True)


@pytest.mark.parametrize(
    "lang, typed, said",
    [
        ("en", "info hotel", "Hotel 2: At the start of your turn you may look at the top card of the draw pile"),
        ("en", "info farm 3", "Farm 3: One garden bean pays 1 coin"),
        ("en", "info zz", 'No card with a text of its own is called "zz".'),
        ("ja", "説明 hotel-4", "ホテル 4："),
    ],
)
def test_info_says_what_a_building_in_the_supply_does_in_the_rulesets_words(lang, typed, said):
    """Before building, a player reads a building's effect: ``info NAME`` at any prompt, then the same question."""
    from engine.base.i18n import set_language

    ruleset = load_ruleset("bohnanza/high-bohn")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=3)
    set_language(lang)
    try:
        action, screen = answer(ruleset, state, [typed, "1"])
    finally:
        set_language("en")
    assert said in screen, screen
    assert action in state.legal_actions()  # the question was asked again and answered


def test_info_in_a_game_whose_cards_have_no_text_says_so():
    ruleset, state = state_at("plant")
    _action, screen = answer(ruleset, state, ["info"])
    assert "No card of this game has a text of its own: the help (?) says what you may do." in screen


@pytest.mark.parametrize(
    "ruleset, players",
    [("bohnanza/amigo", 3), ("bohnanza/amigo", 5), ("bohnanza/high-bohn", 5), ("bohnanza/rio-grande", 7)],
)
def test_at_80x24_every_question_shows_the_heading_the_face_up_cards_and_the_answer_to_ones_offer(ruleset, players):
    """A whole game on an 80x24 terminal: each freshly drawn question keeps the turn's heading on the first line and
    the face-up cards right under it, and the one after an offer of the player's shows how it was answered."""
    import pyte

    env = dict(ENV, COLUMNS="80", LINES="24")
    seats = ",".join(["Ann", *["bot:heuristic"] * (players - 1)])
    child = pexpect.spawn(
        CARDRULES[0],
        [*CARDRULES[1:], "play", "-r", ruleset, "--lang", "en", "--seed", "7", "--players", seats],
        cwd=str(ROOT),
        env=env,
        encoding="utf-8",
        timeout=60,
        dimensions=(24, 80),
    )
    child.delaybeforesend = None
    screen = pyte.Screen(80, 24)
    stream = pyte.Stream(screen)

    class OnScreen(BeanPlayer):
        def type_line(self, line: str) -> None:
            child.sendline(line)

    ann = OnScreen()
    drawn = answers_seen = 0
    offered = False
    try:
        while ann.prompts < MOST_PROMPTS:
            index = child.expect([PROMPT, NUMBER_PROMPT, FOLLOW_UP, FINAL])
            stream.feed(child.before + child.after)
            if index == 3:
                break
            ann.prompts += 1
            shown = [line.rstrip() for line in screen.display]
            if index == 0 and "\x1b[2J" in child.before:  # a question asked on a screen drawn afresh
                drawn += 1
                face_up = [number for number, line in enumerate(shown) if line.startswith("Face-up cards: ")]
                assert re.match(r"Turn \d+: ", shown[0]) and face_up and face_up[0] < 4, "\n".join(shown)
                if offered:
                    answers_seen += 1
                    # Said by the question itself (a later phase's question: the story keeps the answer at its head).
                    answered = r"^\S.* (accepted|declined) your offer\.$|^  \S.*: (accept|decline)$"
                    assert re.search(answered, "\n".join(shown), re.M), "\n".join(shown)
            offered = False
            if index == 1:
                ann.send("1")
            elif index == 2:
                ann.send(re.findall(r"e\.g\.\s+([\d ]+);", plain(child.before))[-1])
            else:
                ann.answer(plain(child.before))
                offered = ann.commands[-1].startswith("offer")
        else:
            raise AssertionError("the game did not end")
    finally:
        child.terminate(force=True)
    assert drawn > 50 and answers_seen > 5, (drawn, answers_seen)


def test_a_story_cut_to_fit_keeps_the_players_own_move_its_answer_and_moves_played_for_them():
    """Bots may make dozens of moves after an offer: the screen keeps the offer and its answer, a move played for
    the player, then the latest lines, a marker for each run left out."""
    ruleset, state = state_at("offer")
    active = state.current_player()
    receiver = (active + 1) % state.player_count
    session = session_for(ruleset, state, active, [])
    session.console = Console(file=io.StringIO(), width=80, height=24, color_system=None, force_terminal=False)
    offer = state.action_from_json({"player": active, "action": "offer", "to": receiver, "give": {"hand": [0]}})
    # As the game loop tells it: the human's move and the next one (the answer) are kept, then many more.
    session._recent, session._events_told = [], len(state.events)
    state.apply_action(offer)
    session._tell_new_events()
    state.apply_action(state.action_from_json({"player": receiver, "action": "decline"}))
    session._tell_new_events()
    session._kept = list(range(len(session._recent)))
    session._recent += [f"Bot {n}: no offer now" for n in range(30)]
    session.notice("Ann has only one choice: decline.", keep=True)
    session._recent += [f"Bot {n}: no offer now" for n in range(30, 60)]
    shown = session._recent_lines(state.observation(active), active, reserved=3, short=True)
    name = state.players[receiver]
    assert shown[0].startswith(f"{state.players[active]}: give {name}") and shown[1] == f"{name}: decline", shown
    marker = r"\(… \d+ more lines: type recap to see them\)"
    assert re.fullmatch(marker, shown[2]) and shown[3] == "Ann has only one choice: decline.", shown
    assert re.fullmatch(marker, shown[4]) and shown[-1] == "Bot 59: no offer now", shown


def late_high_bohn():
    """High Bohn with five players late in the game (turn 30), Ann asked to trade: buildings all around."""
    if "late high bohn" not in _STATES:
        _STATES["late high bohn"] = played(
            "bohnanza/high-bohn",
            ["Ann", "Bo", "Cy", "Di", "Ed"],
            seed=5,
            kind="heuristic",
            until=lambda s: s.round_number >= 30 and s.current_player() == 0 and decision_kind(s, "trade"),
        )
    ruleset, state = _STATES["late high bohn"]
    return ruleset, state.clone()


def at_80x24(ruleset, state, story: int, typed: list[str]) -> str:
    """What Ann's question shows at 80x24 with the last ``story`` events as the story, then what ``typed`` shows."""
    session = session_for(ruleset, state, 0, [])
    console = Console(file=io.StringIO(), width=80, height=24, color_system=None, force_terminal=False)
    feed = iter(typed)

    def read_line(prompt: str) -> str:
        console.file.write(prompt + "\n")
        return next(feed, "q")

    session.console, session.read_line = console, read_line
    session._recent = describe_events(ruleset, state.players, state.events[-story:]) if story else []
    with pytest.raises(QuitRequested):
        session.ask_human(0)
    return console.file.getvalue()


def rows_on_screen(text: str, width: int = 80) -> int:
    """The rows ``text`` takes on a screen ``width`` cells wide, each line wrapped there."""
    from rich.cells import cell_len

    return sum(max(1, -(-cell_len(line) // width)) for line in text.rstrip("\n").split("\n"))


@pytest.mark.parametrize(
    "lang, heading, marker, story, helped",
    [
        (
            "en",
            r"Turn \d+: ",
            "(… lines cut to fit the screen: type recap to see the whole table)",
            "What just happened:",
            "recap: the whole table and everything that happened since your last move",
        ),
        (
            "ja",
            r"第\d+ターン：",
            "（…画面に収めるため行を省略：表の全体を見るには経過と入力してください）",
            "直前の出来事：",
            "経過：表の全体と、前回の手番から起きたことすべて",
        ),
    ],
)
def test_at_80x24_five_players_lines_are_cut_to_one_row_each_and_recap_shows_the_whole_table(
    lang, heading, marker, story, helped
):
    """High Bohn with five players, late in the game: every player's line and the building supply wrapped, and the
    story had no row left. The other players' lines are cut to one row each, a line says so and names ``recap``
    (the help names it too), which draws the whole table; the viewer's own line is whole."""
    from engine.base.i18n import set_language

    ruleset, state = late_high_bohn()
    set_language(lang)
    try:
        output = at_80x24(ruleset, state, 40, ["recap", "?"])
        whole = rendered(render_table(ruleset, state.observation(0), 0, (), None, state=state, width=80), 80)
    finally:
        set_language("en")
    first, recap = output.split("> \n", 1)
    lines = first.split("\n")
    # The whole first screen fits, the row Enter moves to left free: the heading stays on its first line.
    assert re.match(heading, lines[0]) and rows_on_screen(first + ">") <= 23, first
    assert marker in lines and story in lines, first
    cut = [line for line in lines[: lines.index(marker)] if line.endswith("…")]
    assert len(cut) >= 2 and not any(line.startswith("▶ Ann") for line in cut), first
    # recap draws the table as a tall screen would, every line whole, before the story.
    assert whole in recap and "…" not in whole, recap
    assert helped in recap.split("> \n")[1], recap


def test_a_cut_table_holds_the_other_players_lines_then_the_shared_lines_to_one_row_and_never_the_viewers_own():
    from engine.fronts.terminal.table_view import Cut

    ruleset, state = late_high_bohn()
    observation = state.observation(0)

    def lines(cut):
        table = render_table(ruleset, observation, 0, (), None, state=state, width=80, short=True, cut=cut)
        return rendered(table, 80).rstrip("\n").split("\n")

    whole, players, shared = lines(Cut.NOTHING), lines(Cut.PLAYERS), lines(Cut.SHARED)
    marker = "(… lines cut to fit the screen: type recap to see the whole table)"
    assert marker not in whole and not any(line.endswith("…") for line in whole), whole
    # The heading, the face-up cards, then the building supply on two rows: whole in the first cut, one row in the next.
    assert whole[1].startswith("Face-up cards: ") and whole[2].startswith("Building supply: "), whole
    assert players[:4] == whole[:4] and players[4].startswith("▶ Ann (you): "), players
    assert shared[:2] == whole[:2] and shared[2].endswith("…") and shared[3].startswith("▶ Ann (you): "), shared
    own = whole[4 : whole.index(next(line for line in whole if line.startswith("Bo: ")))]
    assert len(own) > 1, whole
    for cut in (players, shared):
        others = [line for line in cut if re.match(r"(Bo|Cy|Di|Ed): ", line)]
        assert len(others) == 4 and any(line.endswith("…") for line in others) and marker in cut, cut
        # Every other player on one row, the viewer's own line whole (all its rows).
        assert cut[cut.index(others[0]) : cut.index(marker)] == others, cut
        assert "\n".join(own) in "\n".join(cut), cut


def test_at_80x24_a_question_with_no_story_under_it_keeps_every_line_whole_when_they_fit():
    """Rows are kept for the story's latest line only when there is a story: nothing is cut for one that is not."""
    ruleset, state = late_high_bohn()
    first = at_80x24(ruleset, state, 0, []).split("> \n", 1)[0]
    lines = first.split("\n")
    assert lines[0].startswith("Turn ") and rows_on_screen(first + ">") <= 23, first
    assert "What just happened:" not in first and not any(line.endswith("…") for line in lines), first


@pytest.mark.parametrize("lang", ["ja", "ko"])
def test_the_trading_help_names_the_store_and_shows_names_as_the_screen_does(lang):
    """The help's line on a player's store (High Bohn's shop) uses the store's translated name, and the example
    offer writes card and zone names as the table shows them, not as input is normalized to be read (hiragana
    read as katakana); the example typed back still makes its offer."""
    from engine.base.formatting import card_name, ruleset_text
    from engine.base.i18n import set_language
    from engine.families.common.front.player_input import normalize_input

    ruleset, state = played(
        "bohnanza/high-bohn",
        ["Ann", "Bo", "Cy"],
        seed=3,
        until=lambda s: decision_kind(s, "trade", "offer") and s.round_number > 2,
    )
    set_language(lang)
    try:
        _action, screen = answer(ruleset, state.clone(), ["?"])
        _action, intro = answer(ruleset, state.clone(), [])
        quotes = "「」" if lang == "ja" else '""'
        found = re.search(f"{quotes[0]}([^{quotes[1]}\\n]+){quotes[1]}", intro)
        assert found, intro
        typed_back, _screen = answer(ruleset, state.clone(), [found.group(1)])
        store = ruleset_text(ruleset, ruleset.zone("shop").name)
        shown_names = [card_name(ruleset, card.id) for card in ruleset.cards] + [
            ruleset_text(ruleset, zone.name) for zone in ruleset.zones
        ]
    finally:
        set_language("en")
    help_line = next(line for line in screen.splitlines() if store.split()[0] in line and "shop" not in line)
    assert help_line, screen
    assert " shop " not in plain(screen)
    example = found.group(1).split()
    # Each name as shown, never in the form input is normalized to ("インゲン" for "いんげん").
    normalized_only = {normalize_input(name) for name in shown_names} - {name.lower() for name in shown_names}
    assert not normalized_only & set(example), example
    assert typed_back in state.legal_actions(), _screen


@pytest.mark.parametrize(("lang", "joined", "never"), [("ja", "、パス、または", ", "), ("ko", " 또는 ", "、")])
def test_the_question_lists_its_commands_with_the_languages_own_list_pattern(lang, joined, never):
    """The commands a question offers are joined as CLDR joins an "or" list in the reader's language (Japanese
    提案、パス、または取引終了), never with an English ", "."""
    from engine.base.i18n import set_language

    ruleset, state = state_at("offer")
    set_language(lang)
    try:
        _action, screen = answer(ruleset, state, [])
    finally:
        set_language("en")
    question = plain(screen).rstrip().splitlines()[-1]
    assert joined in question, question
    assert never not in question, question


@pytest.mark.parametrize(
    ("typed", "quoted"), [("かんりょう", "かんりょう"), ("ｶﾝﾘｮｳ", "カンリョウ"), ("カンリョウ", "カンリョウ")]
)
def test_a_refusal_quotes_what_was_typed_as_it_was_typed(typed, quoted):
    """Input is read normalized (hiragana as katakana); a refusal quotes the word as the player wrote it."""
    from engine.base.i18n import set_language

    ruleset, state = state_at("plant")
    set_language("ja")
    try:
        _action, screen = answer(ruleset, state, [typed, "q"])
    finally:
        set_language("en")
    refusal = next(line for line in plain(screen).splitlines() if quoted in line)
    assert f"「{quoted}」" in refusal, screen
    if quoted != "カンリョウ":
        assert "カンリョウ" not in screen, screen
