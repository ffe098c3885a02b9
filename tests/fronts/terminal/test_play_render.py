"""What `cardrules play` shows: the table, what a card does, the narration and the end, in en, ja and ko."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import locations
import pytest
from game_fixtures import deck_with_top, hs_mask
from rich.cells import cell_len
from rich.console import Console

from engine.base.formatting import format_amount
from engine.base.i18n import set_language
from engine.core.events import GameEnded, Revealed
from engine.core.game import Game
from engine.core.scoring import Holdings
from engine.core.scoring import score_players as score_holdings
from engine.families.auction.front.prompts import parse_bid_prompt
from engine.families.auction.rules.events import Bid
from engine.families.catalog import load_ruleset
from engine.families.common.front.narrating import event_field
from engine.fronts.bots import make_bot
from engine.fronts.terminal.ending import final_report
from engine.fronts.terminal.table_view import faces, own_lines, render_table
from engine.text.card_text import describe_card
from engine.text.narration import describe_event

ROOT = locations.REPO
EDITIONS = [("en", "high-society/ja"), ("ja", "high-society/ja"), ("ko", "high-society/ko")]


@pytest.fixture(autouse=True)
def back_to_english():
    yield
    set_language("en")


def played_state(ruleset, players, seed, actions=None):
    """A game played by heuristic bots (all the way, or ``actions`` moves)."""
    state = Game(ruleset, players).new_initial_state(seed=seed)
    bots = [make_bot("heuristic", seed + seat) for seat in range(len(players))]
    moves = 0
    while not state.is_terminal() and (actions is None or moves < actions):
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        moves += 1
    return state


def score_players(ruleset, players):
    """Score ``(name, cards won, money in hand)`` seats as a table gives them."""
    return score_holdings(
        ruleset,
        [Holdings(name, tuple(cards), {"money": money}, {"won": tuple(cards)}) for name, cards, money in players],
    )


def money_values(ruleset):
    """The face values of the ruleset's money cards, in card-list order."""
    return [int(card.attributes["value"]) for card in ruleset.cards if "money" in card.tags]


def value_of(ruleset, card_id):
    return int(ruleset.card(card_id).attributes["value"])


def rendered(renderable, width=120):
    console = Console(file=io.StringIO(), width=width, color_system=None, force_terminal=False)
    console.print(renderable)
    return console.file.getvalue()


def separator_columns(line):
    """Cell positions of the table's column separators on one line."""
    return [cell_len(line[:i]) for i, ch in enumerate(line) if ch in "│┼┬┴├┤┌┐└┘"]


@pytest.mark.parametrize("lang,ruleset_name", EDITIONS)
def test_the_table_columns_line_up_with_wide_east_asian_names(lang, ruleset_name):
    set_language(lang)
    ruleset = load_ruleset(ruleset_name)
    players = ["さくら", "민준", "Ann"]
    state = played_state(ruleset, players, seed=3, actions=5)
    text = rendered(render_table(ruleset, state.observation(0), 0, ["…"]))
    table_lines = [line for line in text.splitlines() if line[:1] in "│┌├└"]
    assert len(table_lines) >= 3 + 3
    columns = {tuple(separator_columns(line)) for line in table_lines}
    assert len(columns) == 1, text
    for name in players:
        assert name in text


@pytest.mark.parametrize("lang,ruleset_name", EDITIONS)
def test_what_the_table_shows_a_player(lang, ruleset_name):
    set_language(lang)
    ruleset = load_ruleset(ruleset_name)
    state = played_state(ruleset, ["Ann", "Bo", "Cy", "Di"], seed=5, actions=6)
    observation = state.observation(1)
    text = rendered(render_table(ruleset, observation, 1, []))
    # The viewer's own hand, every money card as its face reads, and the deck count.
    hand = observation.cards("hand", 1)
    assert hand
    for card in hand:
        assert faces(ruleset, [card]) in text
    assert str(observation.count("deck")) in text
    # The end condition's progress ("Red border seen: k of 4") names the tag count of the ruleset.
    assert "4" in text


def test_the_hand_is_shown_as_it_can_be_typed_back():
    for lang, ruleset_name in EDITIONS:
        set_language(lang)
        ruleset = load_ruleset(ruleset_name)
        scale = int(ruleset.unit("money").get("scale", 1))
        values = money_values(ruleset)
        observation = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=1).observation(0)
        hand = sorted(observation.cards("hand", 0), key=lambda card: value_of(ruleset, card))
        assert [value_of(ruleset, card) for card in hand] == sorted(values)
        hand_line = "\n".join(line.plain for line in own_lines(ruleset, observation, 0))
        shown = [faces(ruleset, [card]) for card in hand]
        # The hand line lists the faces in order, and typed back whole it bids every card.
        assert " ".join(shown) in hand_line
        assert parse_bid_prompt(" ".join(shown), values, values, scale).values == tuple(sorted(values))
        for card, face in zip(hand, shown):
            typed = parse_bid_prompt(face, values, values, scale)
            assert typed.values == (value_of(ruleset, card),)


@pytest.mark.parametrize(
    "lang, label",
    [
        ("en", "Your hand (1 = $1 million): 1 2 3 4 6 8"),
        ("ja", "手札（1 = 100万ドル）：1 2 3 4 6 8"),
        ("ko", "내 손패 (1 = 100만 달러): 1 2 3 4 6 8"),
    ],
)
def test_faces_that_count_millions_say_their_unit(lang, label):
    """The Korean edition's money faces count millions of dollars: the hand's line says what a 1 is worth."""
    set_language(lang)
    ruleset = load_ruleset("high-society/ko")
    observation = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=1).observation(0)
    assert own_lines(ruleset, observation, 0)[0].plain.startswith(label)
    # Faces that are the amounts themselves (the Japanese edition's dollars) need no such note.
    japanese = load_ruleset("high-society/ja")
    observation = Game(japanese, ["Ann", "Bo", "Cy"]).new_initial_state(seed=1).observation(0)
    assert "=" not in own_lines(japanese, observation, 0)[0].plain


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
def test_the_hand_line_agrees_with_money_left_while_a_bid_is_on_the_table(lang):
    """Money left counts the bid on the table; the hand's line says so rather than disagree with the column."""
    from engine.text.explain import measure_amount

    set_language(lang)
    ruleset = load_ruleset("high-society/ja")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=3)
    player = state.current_player()
    bid = next(action for action in state.legal_actions() if action != 0)  # the cheapest bid
    state.apply_action(bid)
    observation = state.observation(player)
    line = own_lines(ruleset, observation, player)[0].plain
    money_left = measure_amount(ruleset, "money", observation.measure("money", player))
    assert line.rstrip(")）").endswith(money_left), line
    # Nothing on the table: the plain total, which is the money left.
    other = state.current_player()
    line = own_lines(ruleset, state.observation(other), other)[0].plain
    assert measure_amount(ruleset, "money", state.observation(other).measure("money", other)) in line
    assert ";" not in line and "；" not in line


@pytest.mark.parametrize("lang", ["en", "ja", "ko"])
@pytest.mark.parametrize("width", [80, 120])
def test_a_column_of_faces_with_a_unit_shows_its_total_as_the_money_left_is_shown(lang, width):
    """A bid of faces that count millions reads "$2 million" beside "$92 million", not "2": the faces, what a
    player types, are on the hand's line only, and the column's heading needs no note of what a 1 is worth."""
    from engine.text.explain import measure_amount

    set_language(lang)
    ruleset = load_ruleset("high-society/ko")
    state = Game(ruleset, ["Ann", "Bo", "Cy"]).new_initial_state(seed=3)
    bidder = state.current_player()
    bids = [action for action in state.legal_actions() if action != 0]
    state.apply_action(bids[1])  # a bid of one or more cards
    viewer = state.current_player()
    observation = state.observation(viewer)
    console = Console(width=width, record=True, color_system=None)
    console.print(render_table(ruleset, observation, viewer, (), state=state, width=width))
    text = console.export_text()
    row = next(line for line in text.splitlines() if observation.players[bidder] in line and "│" in line)
    bid_cells = [card for card in (observation.cards("bid", bidder) or ())]
    bid_total = sum(ruleset.card(card).attributes["value"] for card in bid_cells)
    assert format_amount(ruleset, bid_total, "money") in row, text
    assert measure_amount(ruleset, "money", observation.measure("money", bidder)) in row, text
    hand_line = own_lines(ruleset, observation, viewer)[0].plain
    assert "1 = " in hand_line and text.count("1 = ") == 1, text  # the note is on the hand's line only


def test_a_unit_is_for_card_faces_only(tmp_path):
    from engine.base.errors import CardrulesError

    house = tmp_path / "unit.yaml"
    house.write_text(
        "extends: high-society/ko\nview:\n  own:\n    - {zone: hand, show: count, unit: money}\n"
        "    - {zone: won, show: values, unit: coins}\n",
        encoding="utf-8",
    )
    with pytest.raises(CardrulesError) as raised:
        load_ruleset(str(house))
    text = "\n".join(str(diagnostic) for diagnostic in raised.value.diagnostics)
    assert "unit.yaml:4:" in text and "needs show: values" in text
    assert "unit.yaml:5:" in text and "coins" in text


# Lines over and under the table that show several zones each.
LINES_OF_SEVERAL_ZONES = """extends: high-society/ja
id: high-society/house/lines
presentation:
  view:
    shared:
      - {zones: [revealed, discarded], heading: On the table}
      - {zones: [deck, revealed], show: count}
    own:
      - {zones: [hand, bid], show: count, heading: Money cards}
      - {zones: [hand, bid], show: values, total: money}
"""


def test_a_line_of_shared_or_own_shows_the_cards_of_all_its_zones(tmp_path):
    set_language("en")
    house = tmp_path / "lines.yaml"
    house.write_text(LINES_OF_SEVERAL_ZONES, encoding="utf-8")
    ruleset = load_ruleset(str(house))
    game = Game(ruleset, ["Ann", "Bo", "Cy"])
    state = game.new_initial_state(deck=deck_with_top(ruleset, "luxury-3"), first_player=0)
    state.apply_action(hs_mask(game, [1000, 2000]))
    text = rendered(render_table(ruleset, state.observation(0), 0, []), width=200)
    lines = text.splitlines()
    # Above the table: the card on auction and the (empty) discards on one line; the face-down deck and the
    # card turned up counted together (15 + 1), under the zones' names.
    assert "On the table: Possession 3" in lines, text
    assert "Deck and Revealed card: 16 cards" in lines, text
    # Under it: Ann's money cards, in hand and bid, counted and listed together.
    assert "Money cards: 11" in lines, text
    assert "Hand and Bid: 1,000 2,000 3,000 4,000 6,000 8,000 10,000 12,000 15,000 20,000 25,000 (total 106,000)" in (
        lines
    ), text


def test_a_spectator_table_shows_no_hand():
    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    state = played_state(ruleset, ["Ann", "Bo", "Cy"], seed=2, actions=2)
    assert "Your hand" not in rendered(render_table(ruleset, state.observation(0), None, []))


def test_what_a_card_does_is_read_from_the_ruleset():
    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    assert describe_card(ruleset, "luxury-3").startswith("Possession 3")
    assert "+3" in describe_card(ruleset, "luxury-3")
    assert "×2" in describe_card(ruleset, "prestige-1")
    assert "×0.5" in describe_card(ruleset, "scandal")
    assert "-5" in describe_card(ruleset, "debt")
    assert "discards one of their Possession cards" in describe_card(ruleset, "theft")


def test_a_card_is_described_only_by_the_score_steps_that_count_it(tmp_path):
    set_language("en")
    # A step for a Possession that is also a Title: the Possession 3 is not one, so it scores no bonus.
    house = tmp_path / "bonus.yaml"
    house.write_text(
        "extends: high-society/ja\nid: house/bonus\nscoring:\n  steps:\n"
        "    - {id: bonus, kind: add-per-card, card: luxury-3, tag: prestige, amount: 1, $after: debt}\n",
        encoding="utf-8",
    )
    ruleset = load_ruleset(house)
    assert score_players(ruleset, [("Ann", ["luxury-3"], 0)]).players[0].score == 3
    assert describe_card(ruleset, "luxury-3") == "Possession 3: +3 points"


def test_without_the_theft_card_a_house_rule_has_no_discard_to_describe():
    set_language("en")
    ruleset = load_ruleset(ROOT / "rulesets/high-society/house/no-theft.yaml")
    assert all("discards" not in describe_card(ruleset, card.id) for card in ruleset.cards)


# What happens in a game of High Society, each told in a line of its own.
TOLD = {"reveal", "bid", "pass", "pay", "take", "discard", "pending", "end"}


@pytest.mark.parametrize("lang,ruleset_name", EDITIONS)
def test_every_event_of_a_whole_game_is_told_in_one_line(lang, ruleset_name):
    set_language(lang)
    ruleset = load_ruleset(ruleset_name)
    players = ["Ann", "Bo", "Cy", "Di"]
    told = set()
    for seed in range(4):
        state = played_state(ruleset, players, seed=seed)
        for event in state.events:
            line = describe_event(ruleset, players, event)
            if line is None:
                # Only the bookkeeping is left untold (cards moved, a bid's decision told by the bid itself),
                # and a payment of nothing.
                assert event.type not in TOLD or (event.type == "pay" and not event.cards), event
                continue
            assert line and "\n" not in line and "{" not in line, event
            told.add(event.type)
            if event_field(event, "player") is not None and event.type != "reveal":
                assert players[event.player] in line
    # Every kind of thing that happens in a game of High Society is told.
    assert {"reveal", "bid", "pass", "pay", "take", "end"} <= told


@pytest.mark.parametrize("lang,ruleset_name", EDITIONS)
def test_the_end_explains_every_players_score_and_the_winners(lang, ruleset_name):
    set_language(lang)
    ruleset = load_ruleset(ruleset_name)
    players = ["Ann", "Bo", "Cy", "Di"]
    state = played_state(ruleset, players, seed=9)
    result = state.result()
    report = "\n".join(final_report(ruleset, result))
    for name in players:
        assert name in report
    for winner in result.winners:
        assert winner in report.splitlines()[-1] or winner in report.splitlines()[-2]


def test_a_tied_top_score_names_the_tiebreak_that_decided_it():
    set_language("en")
    ruleset = load_ruleset("high-society/ja")

    result = score_players(ruleset, [("Ann", ["luxury-5"], 20000), ("Bo", ["luxury-5"], 30000), ("Cy", [], 1000)])
    report = "\n".join(final_report(ruleset, result))
    assert "Bo" in report.splitlines()[-2] or "Bo" in report.splitlines()[-1]
    assert "most money" in report
    assert "Cy" in report and "least money" in report


def run_play(*args, lang_env="C.UTF-8"):
    env = {**os.environ, "LANG": lang_env, "LC_ALL": lang_env, "COLUMNS": "120"}
    env.pop("LANGUAGE", None)
    return subprocess.run(
        [sys.executable, "-m", "engine", "play", *args],
        cwd=str(ROOT),
        env=env,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=60,
    )


def test_make_play_picks_the_edition_of_the_users_language(tmp_path):
    korean = run_play("--seed", "1", "--log", str(tmp_path / "ko.json"), lang_env="ko_KR.UTF-8")
    assert korean.returncode == 0, korean.stderr
    assert "high-society/ko" in korean.stdout.splitlines()[1] or "high-society/ko" in korean.stdout
    english = run_play("--seed", "1", "--log", str(tmp_path / "en.json"))
    assert english.returncode == 0, english.stderr
    assert "playing high-society/ja" in english.stdout


def test_a_wrong_number_of_players_or_an_unknown_option_is_refused(tmp_path):
    too_few = run_play("-r", "high-society/ja", "--players", "bot:random,bot:random", "--lang", "en")
    assert too_few.returncode == 2 and "3 to 5" in too_few.stderr
    bad_option = run_play("-r", "high-society/ja", "-o", "debt-flor=0", "--lang", "en")
    assert bad_option.returncode == 1 and "debt-floor" in bad_option.stderr
    assert "Traceback" not in too_few.stderr + bad_option.stderr


def test_a_bid_names_the_money_cards_added_not_only_the_sum():
    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    line = describe_event(ruleset, ["Ann", "Bo"], Bid(1, (6000, 3000), 9000))
    assert line == "Bo adds 3,000 + 6,000 and bids 9,000 in all."
    # An event read back as a plain mapping is told the same way.
    line = describe_event(ruleset, ["Ann", "Bo"], {"type": "bid", "player": 1, "cards": [6000, 3000], "total": 9000})
    assert line == "Bo adds 3,000 + 6,000 and bids 9,000 in all."


def test_a_card_that_ends_the_game_is_told_once_when_it_is_revealed():
    from engine.base.formatting import card_name
    from engine.text.narration import describe_events

    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    title = ruleset.cards_with_tag("red")[0].id
    lines = describe_events(ruleset, ["Ann"], [Revealed(0, title, 1), GameEnded("fourth-red", title)])
    assert len(lines) == 1 and "the game ends" in lines[0]
    # So in a real game: the card that ends it is told once, last.
    state = played_state(ruleset, ["Ann", "Bo", "Cy"], seed=9)
    assert state.end_reason == "fourth-red"
    lines = describe_events(ruleset, ["Ann", "Bo", "Cy"], state.events)
    name = card_name(ruleset, state.end_card)
    assert lines[-1] == f"{name} is revealed: the game ends."
    assert lines[-2] != f"Revealed: {name}."


def test_the_table_shows_the_money_each_player_has_left_and_their_cards_in_order():
    from engine.base.formatting import card_name, format_amount

    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    state = played_state(ruleset, ["Ann", "Bo", "Cy"], seed=7)
    observation = state.observation(0)
    text = rendered(render_table(ruleset, observation, 0, []), width=200)
    assert "Money left" in text
    for seat in range(3):
        # Everyone is dealt the same money, and paid money lies face up: what is left is public.
        left = sum(money_values(ruleset)) - sum(value_of(ruleset, card) for card in observation.cards("spent", seat))
        assert observation.measure("money", seat) == left
        assert format_amount(ruleset, left) in text
        won = sorted(observation.cards("won", seat), key=lambda card: ruleset.card(card).index)
        if won:
            assert ", ".join(card_name(ruleset, card) for card in won) in text


def test_a_narrated_game_says_at_the_start_that_a_bot_plays_the_human_seat(tmp_path):
    done = run_play("-r", "high-society/ja", "--players", "Ann,bot:random,bot:random", "--seed", "2")
    assert done.returncode == 0, done.stderr
    assert "Ann's seat is played by a heuristic bot." in done.stdout.splitlines()[:3]
    # The story starts with the first card up for auction: dealing and shuffling are not news.
    lines = done.stdout.splitlines()
    told = lines[lines.index("Ann's seat is played by a heuristic bot.") + 1]
    assert told.startswith("Revealed: "), told
    assert "shuffled" not in done.stdout


def test_the_help_tells_a_newcomer_how_the_game_ends_and_that_the_poorest_cannot_win():
    from engine.text.card_text import game_rule_phrases

    set_language("en")
    phrases = game_rule_phrases(load_ruleset("high-society/ja"))
    assert any("4 Red border cards have been revealed" in phrase for phrase in phrases)
    assert any("least money" in phrase for phrase in phrases)
    # A house rule where the poorest player is not out says nothing of the kind.
    assert not any(
        "least money" in phrase for phrase in game_rule_phrases(load_ruleset("high-society/house/forgiving"))
    )


def table_rows(text):
    """The cells of the table's player rows (heading row left out)."""
    rows = [[cell.strip() for cell in line.split("│")[1:-1]] for line in text.splitlines() if line.startswith("│")]
    return rows[1:]


def test_the_money_cards_column_counts_every_players_cards_even_those_only_their_owner_sees():
    set_language("en")
    ruleset = load_ruleset("high-society/ja")
    players = ["Ann", "Bo", "Cy"]
    state = Game(ruleset, players).new_initial_state(seed=0)
    bots = [make_bot("random", seat) for seat in range(3)]
    # Random bots spend everything soon: play until a player has no money card left.
    while min(state.count_in("hand", seat) + state.count_in("bid", seat) for seat in range(3)) > 0:
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    assert not state.is_terminal()
    for viewer in range(3):
        observation = state.observation(viewer)
        rows = table_rows(rendered(render_table(ruleset, observation, viewer, []), width=200))
        assert len(rows) == 3
        for seat, row in enumerate(rows):
            assert row[3] == str(state.count_in("hand", seat) + state.count_in("bid", seat)), row
            # Money left: public, since everyone is dealt the same and pays face up.
            assert row[4] == format_amount(ruleset, observation.measure("money", seat))


@pytest.mark.parametrize("edition", ["high-society/ja", "high-society/ko"])
def test_at_80_columns_a_bid_wraps_between_its_cards_never_inside_a_number(edition):
    from engine.fronts.terminal.table_view import render_table

    game = Game(load_ruleset(edition), ["Ann", "Bot 1 (heuristic)", "Bot 2 (heuristic)", "Bot 3 (heuristic)"])
    state = game.new_initial_state(seed=11)
    bots = [make_bot("heuristic", seat) for seat in range(4)]
    for _ in range(9):
        player = state.current_player()
        state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
    console = Console(width=80, record=True, file=io.StringIO())
    console.print(render_table(state.ruleset, state.observation(0), 0, [], state=state))
    text = console.export_text()
    assert "…" not in text  # nothing was cut short
    assert all(cell_len(line) <= 80 for line in text.splitlines())


def _bid_of_many_cards(ruleset_name, seed=3):
    """A game whose last move is a bid of several money cards."""
    state = Game(load_ruleset(ruleset_name), ["Ann", "Bo", "Cy", "Di", "Ed"]).new_initial_state(seed=seed)
    from engine.families.auction.rules.bidding import PASS

    legal = state.legal_actions()
    state.apply_action(max((action for action in legal if action != PASS), key=lambda action: bin(action).count("1")))
    return state


def test_a_narrow_screen_shows_a_bid_as_its_total_so_the_table_stays_short():
    state = _bid_of_many_cards("high-society/ja")
    bidder = state.action_players[-1]
    bid = state.observation(0).zone("bid", bidder).cards
    assert len(bid) > 2
    total = format_amount(state.ruleset, sum(int(state.ruleset.card(card).attributes["value"]) for card in bid))
    observation = state.observation(0)
    narrow = rendered(render_table(state.ruleset, observation, 0, [], state=state, width=80), width=80)
    every_face = rendered(render_table(state.ruleset, observation, 0, [], state=state), width=80)
    assert " + " in every_face and " = " in every_face  # each face, then the total
    assert " + " not in narrow and " = " not in narrow and total in narrow
    assert len(narrow.splitlines()) < len(every_face.splitlines())


def test_amounts_too_wide_for_a_narrow_screen_fold_and_are_never_cut_short(tmp_path):
    house = tmp_path / "rich.yaml"
    house.write_text(
        "extends: high-society/ja\nid: rich\ncards:\n  - id: money\n    values: [10000000000000, "
        "20000000000000, 30000000000000, 40000000000000, 60000000000000, 80000000000000, "
        "100000000000000, 120000000000000, 150000000000000, 200000000000000, 999999999999999]\n",
        encoding="utf-8",
    )
    state = _bid_of_many_cards(str(house))
    text = rendered(render_table(state.ruleset, state.observation(0), 0, [], state=state, width=80), width=80)
    assert "…" not in text
    assert all(cell_len(line) <= 80 for line in text.splitlines())
    # Every digit of the money left is on the screen, folded over two lines of its cell.
    digits = "".join(
        character
        for line in text.splitlines()
        if "Ann" in line or line.startswith("│   ")
        for character in line.split("│")[-2]
        if character.isdigit()
    )
    assert "1809999999999999" in digits


@pytest.mark.parametrize("lang, width", [("en", 60), ("ja", 62), ("ja", 80), ("ko", 66)])
def test_a_narrow_table_gives_names_the_room_left_and_shortens_a_bot_to_its_number(lang, width):
    """The name column takes what the other columns leave; a bot's name too long for it drops its kind in
    brackets ("ボット 1"), rather than being cut inside the kind with its bracket left open."""
    from engine.base.i18n import _
    from engine.fronts.terminal.seats import bot_name

    set_language(lang)
    ruleset = load_ruleset("high-society/ko" if lang == "ko" else "high-society/ja")
    names = [_("You")] + [bot_name(number, "heuristic") for number in range(1, 5)]
    state = Game(ruleset, names).new_initial_state(seed=7)
    console = Console(width=width, record=True, color_system=None)
    console.print(render_table(ruleset, state.observation(0), 0, (), state=state, width=width))
    rows = [line for line in console.export_text().splitlines() if line.startswith("│")]
    assert rows and all(cell_len(row) <= width for row in rows), rows
    names_shown = [row.split("│")[1] for row in rows[1:]]
    for number, shown in enumerate(names_shown[1:], start=1):
        whole = bot_name(number, "heuristic")
        short = whole.split("(")[0].split("（")[0].strip()
        assert whole in shown or (short in shown and "(" not in shown and "（" not in shown), names_shown
    if cell_len(rows[0]) < width - 2:  # room to spare: every name whole
        assert all(bot_name(n, "heuristic") in row for n, row in zip(range(1, 5), names_shown[1:])), rows
