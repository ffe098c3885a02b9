"""`cardrules score` for Bohnanza: coins by bean (or a total) and cards left in hand, the tiebreak by hand.

The rules: the player with the most coins wins; a tie goes to the player with
the most cards left in hand; a tie on both is a shared win. A table names the
coins of each player by bean type, or only their number, and the number of
cards left in each hand, and it cannot hold beans the edition does not have
or more cards than the deck.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import jsonschema
import locations
import pytest
from cli_helpers import RESULT_SCHEMA, cardrules, cardrules_process
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base.errors import TableError
from engine.base.i18n import set_language
from engine.fronts.formats.table import load_table

TABLES = locations.TESTS / "tables"
_TABLES_WRITTEN = tempfile.TemporaryDirectory(prefix="bohnanza-table-")
AMIGO_BEANS = {"blue": 20, "chili": 18, "stink": 16, "green": 14, "soy": 12, "black-eyed": 10, "red": 8, "garden": 6}


@pytest.fixture(autouse=True)
def english():
    set_language("en")


def problems(path: Path) -> list[str]:
    """The diagnostics loading a broken table gives, as printed."""
    with pytest.raises(TableError) as caught:
        load_table(path)
    return [str(diagnostic) for diagnostic in caught.value.diagnostics]


def write_table(tmp_path: Path, players: str, ruleset: str = "bohnanza/amigo") -> Path:
    table = tmp_path / "table.yaml"
    table.write_text(f"ruleset: {ruleset}\nplayers:\n{players}", encoding="utf-8")
    return table


# --------------------------------------------------------------------------- who wins


def test_the_most_coins_win_and_a_tie_on_coins_goes_to_the_most_cards_in_hand():
    result = load_table(TABLES / "bohnanza-amigo.yaml").score()
    assert [(player.name, player.score) for player in result.players] == [("Ann", 11), ("Bo", 11), ("Cy", 5), ("Di", 9)]
    # Ann and Bo both have 11 coins; Bo has 5 cards left in hand against Ann's 3.
    assert result.winners == ("Bo",)
    assert result.decided_by == "hand"


def test_players_tied_on_coins_and_on_cards_in_hand_share_the_win():
    result = load_table(TABLES / "bohnanza-shared-win.yaml").score()
    assert result.winners == ("Ann", "Cy")
    assert result.decided_by is None


def test_without_the_tiebreak_a_tie_on_coins_is_shared_whatever_the_hands():
    done = cardrules("score", str(TABLES / "bohnanza-amigo.yaml"), "--json", "-o", "tiebreak=")
    assert done.exit_code == 0, done.output
    assert json.loads(done.stdout)["winners"] == ["Ann", "Bo"]


def test_one_player_with_the_most_coins_wins_whatever_the_hands():
    result = load_table(TABLES / "bohnanza-rio-grande-six.json").score()
    assert result.winners == ("Di",)
    assert result.decided_by == "score"


@settings(max_examples=60, deadline=None)
# Beans of ten copies or more: five seats of two coins each never hold more than the deck has (a table that
# does is refused, as a test of its own shows).
@given(
    st.lists(
        st.tuples(
            st.dictionaries(
                st.sampled_from(sorted(set(AMIGO_BEANS) - {"garden", "red"})), st.integers(0, 2), max_size=4
            ),
            st.integers(0, 9),
            st.booleans(),
        ),
        min_size=3,
        max_size=5,
    )
)
def test_the_winners_are_those_with_the_most_coins_then_the_most_cards_in_hand(seats):
    """Any table of the Amigo edition, coins given by bean or as a total, scored against the rule itself."""
    lines = []
    for index, (coins, hand, as_total) in enumerate(seats):
        written = str(sum(coins.values())) if as_total else json.dumps(coins)
        lines.append(f"  P{index}: {{coins: {written}, hand: {hand}}}\n")
    table = _written("".join(lines))
    result = load_table(table).score()
    coins = [sum(held.values()) for held, _hand, _total in seats]
    hands = [hand for _coins, hand, _total in seats]
    assert [player.score for player in result.players] == coins
    best = max(coins)
    tied = [seat for seat, amount in enumerate(coins) if amount == best]
    most_in_hand = max(hands[seat] for seat in tied)
    expected = [f"P{seat}" for seat in tied if hands[seat] == most_in_hand]
    assert list(result.winners) == expected
    if len(tied) == 1:
        assert result.decided_by == "score"
    elif len(expected) == 1:
        assert result.decided_by == "hand"
    else:
        assert result.decided_by is None


def _written(players: str) -> Path:
    """A table file in a fresh directory under the module's own (Hypothesis examples cannot share pytest's
    function-scoped tmp_path); the module's directory is removed when the test process ends."""
    return write_table(Path(tempfile.mkdtemp(dir=_TABLES_WRITTEN.name)), players)


# --------------------------------------------------------------------------- what is printed


def test_the_json_result_names_coins_by_bean_and_leaves_them_empty_when_only_a_total_is_known():
    done = cardrules("score", str(TABLES / "bohnanza-amigo.yaml"), "--json")
    assert done.exit_code == 0, done.output
    result = json.loads(done.stdout)
    jsonschema.validate(result, RESULT_SCHEMA)
    assert result == {
        "ruleset": "bohnanza/amigo",
        "players": [
            {
                "name": "Ann",
                "score": 11,
                "coins": 11,
                "coins_by_type": {"blue": 3, "chili": 2, "soy": 4, "red": 2},
                "hand": 3,
            },
            {
                "name": "Bo",
                "score": 11,
                "coins": 11,
                "coins_by_type": {"stink": 4, "green": 3, "garden": 3, "black-eyed": 1},
                "hand": 5,
            },
            {"name": "Cy", "score": 5, "coins": 5, "coins_by_type": {"blue": 2, "red": 3}, "hand": 7},
            {"name": "Di", "score": 9, "coins": 9, "coins_by_type": {}, "hand": 2},
        ],
        "winners": ["Bo"],
    }


def test_a_player_with_nothing_written_has_no_coins():
    result = json.loads(cardrules("score", str(TABLES / "bohnanza-rio-grande-six.json"), "--json").stdout)
    assert result["players"][5] == {"name": "Fay", "score": 0, "coins": 0, "coins_by_type": {}, "hand": 9}


def test_explain_says_how_the_coins_scored_and_how_the_tie_was_broken():
    done = cardrules_process("score", str(TABLES / "bohnanza-amigo.yaml"), "--explain")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert done.stdout == (TABLES / "bohnanza-amigo.explain.en.txt").read_text(encoding="utf-8")


def test_explain_says_a_tie_on_coins_and_hand_is_a_shared_win():
    done = cardrules("score", str(TABLES / "bohnanza-shared-win.yaml"), "--explain")
    assert done.exit_code == 0
    assert done.stdout.splitlines()[-2:] == [
        "Winners: Ann and Cy with 8 each.",
        "Ann and Cy are still tied after every tiebreak and share the win.",
    ]


def test_the_short_report_gives_coins_and_cards_in_hand():
    done = cardrules("score", str(TABLES / "bohnanza-amigo.yaml"))
    assert done.stdout.splitlines() == [
        "Ann: 11 points, 11 coins, 3 cards in hand",
        "Bo: 11 points, 11 coins, 5 cards in hand",
        "Cy: 5 points, 5 coins, 7 cards in hand",
        "Di: 9 points, 9 coins, 2 cards in hand",
        "Winner: Bo with 11.",
    ]


@pytest.mark.parametrize(
    "lang, first, second",
    [
        ("en", "Ann: 1 point, 1 coin, 1 card in hand", "Bo: 2 points, 2 coins, 0 cards in hand"),
        ("ja", "Ann：1点、コイン1枚、手札1枚", "Bo：2点、コイン2枚、手札0枚"),
        ("ko", "Ann: 1점, 코인 1개, 손패 1장", "Bo: 2점, 코인 2개, 손패 0장"),
    ],
)
def test_one_coin_and_one_card_are_worded_in_the_singular_where_the_language_has_one(tmp_path, lang, first, second):
    table = write_table(tmp_path, "  Ann: {coins: 1, hand: 1}\n  Bo: {coins: 2, hand: 0}\n  Cy: {coins: 0, hand: 2}\n")
    done = cardrules("score", str(table), lang=lang)
    assert done.exit_code == 0
    assert done.stdout.splitlines()[:2] == [first, second]


def test_a_finished_game_written_as_a_table_scores_as_the_game_did(tmp_path):
    """Coins by bean and cards in hand are all a table needs: the same result as the game itself."""
    from engine.core.game import Game
    from engine.families.catalog import load_ruleset
    from engine.fronts.bots import make_bot

    for ruleset_name, seed in (("bohnanza/amigo", 3), ("bohnanza/rio-grande", 8)):
        names = ["Ann", "Bo", "Cy", "Di"]
        state = Game(load_ruleset(ruleset_name), names).new_initial_state(seed=seed, record_events=False)
        bots = [make_bot("heuristic", seed=seat) for seat in range(len(names))]
        while not state.is_terminal():
            player = state.current_player()
            state.apply_action(bots[player].choose(state.observation(player), state.legal_actions()))
        played = state.result().to_json()
        table = tmp_path / f"{seed}.json"
        table.write_text(
            json.dumps(
                {
                    "ruleset": ruleset_name,
                    "players": {
                        entry["name"]: {"coins": entry["coins_by_type"], "hand": entry["hand"]}
                        for entry in played["players"]
                    },
                }
            ),
            encoding="utf-8",
        )
        assert load_table(table).score().to_json() == played


# --------------------------------------------------------------------------- what a table may not say


def test_a_bean_must_be_in_the_edition_at_this_player_count_and_no_more_often_than_the_deck_has_it():
    path = TABLES / "bohnanza-bad-beans.yaml"
    assert problems(path) == [
        # The cards listed are those of the game at this player count: no coffee with four players.
        f"{path}:5:23: $.players.Ann.coins.bleu: unknown card bleu (did you mean blue?); the cards here: wax, "
        "blue, chili, stink, green, soy, black-eyed, red, garden, cocoa",
        # Rio Grande with four players is played without coffee.
        f"{path}:5:34: $.players.Ann.coins.coffee: there are no coffee cards in this game with 4 players",
        # 5 red coins for Ann and 4 for Bo: the deck has 8.
        f"{path}:6:22: $.players.Bo.coins.red: there are only 8 red cards in this game",
        f"{path}:6:32: $.players.Bo.coins.cocoa: there are only 4 cocoa cards in this game",
    ]


def test_no_hand_and_no_table_holds_more_cards_than_the_deck():
    path = TABLES / "bohnanza-too-many-cards.yaml"
    assert problems(path) == [
        f"{path}:5:26: $.players.Ann.hand: 105 cards, but this game has only 104 cards",
        # 40 + 20 + 38 + 10 = 108 cards at the table with Cy's coins (Ann's impossible hand is not counted).
        f"{path}:7:16: $.players.Cy.coins: with these 10 cards the players hold 108 cards, but this game has only 104",
    ]


def test_counts_are_never_negative_and_a_count_by_bean_is_whole():
    path = TABLES / "bohnanza-bad-counts.yaml"
    assert problems(path) == [
        f"{path}:4:23: $.players.Ann.coins.blue: -2 is too small: the least allowed is 0",
        f"{path}:4:32: $.players.Ann.coins.soy: expected a whole number, got 1.5",
        f"{path}:5:16: $.players.Bo.coins: -4 is too small: the least allowed is 0",
        f"{path}:6:25: $.players.Cy.hand: -1 is too small: the least allowed is 0",
    ]


@pytest.mark.parametrize(
    ("holdings", "where", "value"), [("{coins: 2.5, hand: 1}", 15, "2.5"), ("{coins: 3, hand: 4.0}", 24, "4.0")]
)
def test_a_total_of_coins_or_cards_in_hand_is_a_whole_number_as_written(tmp_path, holdings, where, value):
    path = write_table(tmp_path, f"  Ann: {{coins: 1, hand: 1}}\n  Bo: {{coins: 2, hand: 0}}\n  Cy: {holdings}\n")
    field = "coins" if where == 15 else "hand"
    assert problems(path) == [f"{path}:5:{where}: $.players.Cy.{field}: expected a whole number, got {value}"]


@pytest.mark.parametrize(
    ("holdings", "message"),
    [
        ("{coins: 3, hand: [soy, red]}", "$.players.Cy.hand: expected a number of cards"),
        ("{coins: [blue, blue], hand: 1}", "$.players.Cy.coins: expected counts by card type or a total"),
        ("{coins: 3, cards: 1}", "$.players.Cy.cards: unknown field 'cards'; this ruleset's tables have: coins, hand"),
        (
            "{coin: 3, hand: 1}",
            "$.players.Cy.coin: unknown field 'coin' (did you mean coins?); this ruleset's tables have: coins, hand",
        ),
    ],
)
def test_a_field_of_the_wrong_shape_or_name_is_located(tmp_path, holdings, message):
    path = write_table(tmp_path, f"  Ann: {{coins: 1, hand: 1}}\n  Bo: {{coins: 2, hand: 0}}\n  Cy: {holdings}\n")
    found = problems(path)
    assert len(found) == 1
    assert found[0].startswith(f"{path}:5:")
    assert found[0].endswith(message)


def test_the_player_count_must_fit_the_edition(tmp_path):
    path = write_table(tmp_path, "".join(f"  P{seat}: {{coins: 1, hand: 1}}\n" for seat in range(6)))
    assert problems(path) == [f"{path}:3:3: $.players: 6 players, but this ruleset is for 3 to 5"]


@pytest.mark.parametrize(
    "name", ["bohnanza-bad-beans.yaml", "bohnanza-too-many-cards.yaml", "bohnanza-bad-counts.yaml"]
)
def test_a_bad_table_exits_1_with_located_messages_and_no_traceback(name):
    done = cardrules("score", str(TABLES / name))
    assert done.exit_code == 1
    assert done.stdout == ""
    lines = done.stderr.splitlines()
    assert lines and all(line.startswith(f"{TABLES / name}:") for line in lines)
    assert "Traceback" not in done.stderr


def test_the_real_program_refuses_a_bad_table_the_same_way():
    done = cardrules_process("score", str(TABLES / "bohnanza-bad-beans.yaml"))
    assert done.returncode == 1
    assert done.stdout == ""
    assert "Traceback" not in done.stderr
    assert f"{TABLES / 'bohnanza-bad-beans.yaml'}:5:23: $.players.Ann.coins.bleu: unknown card bleu" in done.stderr


# --------------------------------------------------------------------------- positions no game reaches


@pytest.mark.parametrize(
    ("holdings", "message"),
    [
        # Coins are beans: a building is never turned into a coin.
        ("{coins: {saloon-1: 1}, hand: 1}", "$.players.Cy.coins.saloon-1: unknown card saloon-1"),
        # Coins go on the Bank only with a Bank 2, 3 or 4 (Bank 1 allows no deposit), given by number or by bean.
        (
            "{coins: 1, hand: 1, bank: 4, buildings: [bank-1]}",
            "$.players.Cy.bank: Cy has cards in Bank, but none of the cards that allow it: Bank 2, Bank 3, or Bank 4",
        ),
        (
            "{coins: 1, hand: 1, bank: {red: 2}}",
            "$.players.Cy.bank: Cy has cards in Bank, but none of the cards that allow it: Bank 2, Bank 3, or Bank 4",
        ),
        # Nor is a building a coin on the Bank.
        (
            "{coins: 1, hand: 1, bank: {hotel-1: 1}, buildings: [bank-4]}",
            "$.players.Cy.bank.hotel-1: unknown card hotel-1",
        ),
        # The stew opens with a Saloon 3 or 4 only.
        (
            "{coins: 1, hand: 1, stew: [red], buildings: [saloon-2]}",
            "$.players.Cy.stew: Cy has cards in Stew, but none of the cards that allow it: Saloon 3 or Saloon 4",
        ),
        # One bean of each kind under the Saloon.
        (
            "{coins: 1, hand: 1, stew: [red, soy, red], buildings: [saloon-3]}",
            "$.players.Cy.stew[2]: Stew holds one card of each kind: Red Bean is listed twice",
        ),
    ],
)
def test_a_position_no_game_reaches_is_refused_at_its_field(tmp_path, holdings, message):
    path = write_table(
        tmp_path,
        f"  Ann: {{coins: 1, hand: 1}}\n  Bo: {{coins: 2, hand: 0}}\n  Cy: {holdings}\n",
        ruleset="bohnanza/high-bohn",
    )
    found = problems(path)
    assert len(found) == 1, found
    assert found[0].startswith(f"{path}:5:")
    assert message in found[0]


@pytest.mark.parametrize(
    "holdings",
    [
        "{coins: 1, hand: 1, bank: 4, buildings: [bank-3]}",
        "{coins: 1, hand: 1, bank: {red: 2}, buildings: [bank-2]}",
        "{coins: 1, hand: 1, stew: [red, soy], buildings: [saloon-4]}",
        "{coins: {red: 2}, hand: 1, stew: [soy], buildings: [saloon-3, bank-4], bank: 3}",
    ],
)
def test_the_positions_the_buildings_allow_are_scored(tmp_path, holdings):
    path = write_table(
        tmp_path,
        f"  Ann: {{coins: 1, hand: 1}}\n  Bo: {{coins: 2, hand: 0}}\n  Cy: {holdings}\n",
        ruleset="bohnanza/high-bohn",
    )
    assert load_table(path).score().winners


def test_a_tie_by_seat_needs_the_start_player_named_at_the_table(tmp_path):
    players = "  Ann: {coins: 2, hand: 1}\n  Bo: {coins: 2, hand: 0}\n  Cy: {coins: 1, hand: 0}\n"
    path = tmp_path / "table.yaml"
    path.write_text(f"ruleset: bohnanza/amigo\noptions: {{tiebreak: [seat]}}\nplayers:\n{players}", encoding="utf-8")
    (found,) = problems(path)
    assert (
        found
        == f"{path}:1:1: this ruleset breaks ties by seat from the start player: name the start player with `start: NAME`"
    )
    path.write_text(
        f"ruleset: bohnanza/amigo\noptions: {{tiebreak: [seat]}}\nstart: Di\nplayers:\n{players}", encoding="utf-8"
    )
    (found,) = problems(path)
    assert found == f"{path}:3:8: $.start: Di is not at the table: Ann, Bo, and Cy"
    for start, winner in (("Ann", "Bo"), ("Bo", "Ann"), ("Cy", "Bo")):
        path.write_text(
            f"ruleset: bohnanza/amigo\noptions: {{tiebreak: [seat]}}\nstart: {start}\nplayers:\n{players}",
            encoding="utf-8",
        )
        assert load_table(path).score().winners == (winner,), start
    # Without the criterion, `start` is allowed and changes nothing.
    path.write_text(f"ruleset: bohnanza/amigo\nstart: Cy\nplayers:\n{players}", encoding="utf-8")
    assert load_table(path).score().winners == ("Ann",)
