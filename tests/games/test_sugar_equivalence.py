"""The old games' special-purpose blocks are sugar: their general forms play, score and end exactly alike.

``tests/games/general_forms/`` holds High Society and Bohnanza written in the
general language: each ruleset extends a shipped edition and replaces, by
id, every block that is a special case of a general construct (score steps
by ``scoring.score``, tiebreak criteria by ``tiebreak-by``, the elimination
by ``scoring.eliminated``, ``deck-empty`` and ``nth-tagged-revealed`` by
``condition`` ends, ``reveal``/``draw``/``move-all`` by ``move``, ``switch`` by
``if``, ``set-player`` by ``assign``). The mechanisms (auctions, trading,
planting, harvests) stay. The shipped rulesets keep their blocks: the
native fast path, which these tests hold to the general form.

Each test plays games on both in lockstep: at every decision the same seat
acts with the same legal actions (in the same action codec), the action a
bot picks on the shipped game is applied to both, and a random bot picks
the same action on either (it sees nothing that differs). The games end
the same way and their results (scores, who is out, winners, what decided
the win) agree; at every decision every card lies in the same place (the
deal included) and every counter holds the same. Old logs replay on the general form to the result they
record, and random finished tables score alike (Hypothesis).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from game_fixtures import status_cards
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine.core.game import Game
from engine.core.result import Result
from engine.families.catalog import load_ruleset
from engine.fronts.bots import make_bot
from engine.fronts.formats.gamelog import LogRecord
from engine.fronts.formats.replay import ReplayContext, replay_record
from engine.fronts.formats.table import Table, TablePlayer
from engine.language.ruleset import Ruleset

HERE = Path(__file__).resolve().parent
GENERAL = HERE / "general_forms"
LOGS = HERE.parent / "logs"
# The example game of the docs whose beds score by lookup tables (table-by-count).
GARDENS = HERE.parents[1] / "docs" / "examples" / "gardens.yaml"

# shipped ruleset -> its general form
PAIRS = {
    "high-society/ja": GENERAL / "high-society-ja.yaml",
    "high-society/ko": GENERAL / "high-society-ko.yaml",
    "bohnanza/amigo": GENERAL / "bohnanza-amigo.yaml",
    "bohnanza/rio-grande": GENERAL / "bohnanza-rio-grande.yaml",
    "bohnanza/high-bohn": GENERAL / "high-bohn.yaml",
    str(GARDENS): GENERAL / "gardens.yaml",
}
# High Society's house rules, each written again over the general form of its edition.
HOUSE_RULES = [
    "clamped-ja",
    "forfeit-on-pass",
    "forgiving",
    "long-season",
    "money-scores",
    "most-titles",
    "no-theft",
    "open-hands",
    "sole-poorest",
]
PAIRS.update({f"high-society/house/{name}": GENERAL / "house" / f"{name}.yaml" for name in HOUSE_RULES})


def _frozen(options: Mapping[str, Any]) -> str:
    return json.dumps(dict(options), sort_keys=True)


@cache
def _ruleset(name: str, options: str) -> Ruleset:
    return load_ruleset(name, options=json.loads(options) or None)


@cache
def _game(name: str, options: str, players: int) -> Game:
    return Game(_ruleset(name, options), players)


def games(shipped: str, players: int, options: Mapping[str, Any] | None = None) -> tuple[Game, Game]:
    """The shipped ruleset's game and its general form's, with the same options."""
    frozen = _frozen(options or {})
    return _game(shipped, frozen, players), _game(str(PAIRS[shipped]), frozen, players)


def same_result(shipped: Result, general: Result, tiebreak: list[str]) -> None:
    """The two results agree: every field of the result JSON but the ruleset's id, who is out, the winners, and
    what decided the win (a criterion named by the option ``tiebreak`` is the expression at its place)."""
    left, right = shipped.to_json(), general.to_json()
    assert left.pop("ruleset") != right.pop("ruleset")
    assert left == right
    assert [player.score for player in shipped.players] == [player.score for player in general.players]
    assert [player.eliminated for player in shipped.players] == [player.eliminated for player in general.players]
    assert shipped.winners == general.winners
    decided = shipped.decided_by
    expected = decided if decided in ("score", None) else f"tiebreak-by[{tiebreak.index(decided)}]"
    assert general.decided_by == expected


# Up to this many legal actions are compared one by one.
ALL_ACTIONS = 5_000


def lockstep(shipped_game: Game, general_game: Game, seed: int, kinds: list[str]) -> int:
    """Play one game on both in lockstep (bots of ``kinds`` by seat, deciding on the shipped game); check that
    they agree at every decision and at the end; the number of actions played."""
    shipped = shipped_game.new_initial_state(seed=seed, record_events=False)
    general = general_game.new_initial_state(seed=seed, record_events=False)
    probe = random.Random(seed)
    bots = [make_bot(kind, seed * 10 + seat) for seat, kind in enumerate(kinds)]
    # The random bots again, deciding on the general form: they must see nothing that differs.
    twins = {seat: make_bot("random", seed * 10 + seat) for seat, kind in enumerate(kinds) if kind == "random"}
    actions = 0
    while not shipped.is_terminal():
        assert not general.is_terminal(), f"seed {seed}: the general form ended after {actions} actions"
        # Every card in the same place (the deal included), every counter alike.
        assert general.zones == shipped.zones and general.counters == shipped.counters
        seat = shipped.current_player()
        assert general.current_player() == seat
        legal, other = shipped.legal_actions(), general.legal_actions()
        assert other.size() == legal.size() and other.kinds() == legal.kinds()
        if legal.size() <= ALL_ACTIONS:
            assert list(other) == list(legal)
        else:  # a trade's offers may be past counting: a sample of each side is legal on the other
            assert all(legal.sample(probe) in other and other.sample(probe) in legal for _ in range(20))
        action = bots[seat].choose(shipped.observation(seat), legal)
        if seat in twins:
            assert twins[seat].choose(general.observation(seat), general.legal_actions()) == action
        assert general.action_to_json(action) == shipped.action_to_json(action)
        shipped.apply_action(action)
        general.apply_action(action)
        actions += 1
    assert general.is_terminal()
    assert general.end_reason == shipped.end_reason
    assert general.history == shipped.history
    assert general.to_log()["deck"] == shipped.to_log()["deck"]
    same_result(shipped.result(), general.result(), criteria(shipped_game.ruleset))
    return actions


def criteria(ruleset: Ruleset) -> list[str]:
    """The tiebreak criteria in order: the option ``tiebreak`` where the ruleset has one, else its scoring's."""
    return list(ruleset.options.get("tiebreak") or ruleset.data["scoring"].get("tiebreak") or [])


def mixed(players: int, seed: int) -> list[str]:
    """Heuristic and random bots, a different mix for each seed."""
    return ["heuristic" if (seed >> seat) & 1 else "random" for seat in range(players)]


# ------------------------------------------------------------------ High Society


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("edition", ["high-society/ja", "high-society/ko"])
def test_high_society_plays_alike_on_its_general_form(edition: str, players: int) -> None:
    shipped, general = games(edition, players)
    played = [lockstep(shipped, general, seed, mixed(players, seed)) for seed in range(12)]
    assert min(played) > players  # whole games, every seat acting


@pytest.mark.parametrize("house_rule", HOUSE_RULES)
def test_every_house_rule_plays_alike_on_its_general_form(house_rule: str) -> None:
    for players in (3, 4, 5):
        shipped, general = games(f"high-society/house/{house_rule}", players)
        for seed in range(10):
            lockstep(shipped, general, seed, mixed(players, seed + players))


HIGH_SOCIETY_OPTIONS = st.fixed_dictionaries(
    {
        "tiebreak": st.sampled_from(
            [["money"], ["highest-luxury"], ["money", "highest-luxury"], ["highest-luxury", "money"]]
        ),
        "eliminate-poorest": st.booleans(),
        "rounding": st.sampled_from(["exact", "floor", "ceil", "half-up"]),
    }
)


@settings(max_examples=25, deadline=None)
@given(options=HIGH_SOCIETY_OPTIONS, players=st.integers(3, 5), seed=st.integers(0, 2**32 - 1))
def test_high_society_options_play_alike_on_the_general_form(options: dict[str, Any], players: int, seed: int) -> None:
    shipped, general = games("high-society/ja", players, options)
    lockstep(shipped, general, seed, ["random"] * players)


@settings(max_examples=25, deadline=None)
@given(
    options=HIGH_SOCIETY_OPTIONS,
    floor=st.fractions(min_value=-30, max_value=30, max_denominator=4),
    players=st.integers(3, 5),
    seed=st.integers(0, 2**32 - 1),
)
def test_the_debt_floor_is_max_on_the_general_form(
    options: dict[str, Any], floor: Any, players: int, seed: int
) -> None:
    # The Korean edition floors the score after the debt; any floor, whole or not.
    text = str(floor.numerator) if floor.denominator == 1 else f"{floor.numerator}/{floor.denominator}"
    shipped, general = games("high-society/ko", players, {**options, "debt-floor": text})
    lockstep(shipped, general, seed, ["random"] * players)


# The cards won in auctions: every card but money, as the shipped edition lists them.
WON = status_cards(load_ruleset("high-society/ja"))


@settings(max_examples=200, deadline=None)
@given(
    dealt=st.permutations(WON),
    cuts=st.lists(st.integers(0, len(WON)), min_size=2, max_size=4),
    hands=st.lists(
        st.lists(st.sampled_from([1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25]), unique=True), min_size=5, max_size=5
    ),
    edition=st.sampled_from(["high-society/ja", "high-society/ko"]),
    options=HIGH_SOCIETY_OPTIONS,
)
def test_any_high_society_table_scores_alike(
    dealt: list[str], cuts: list[int], hands: list[list[int]], edition: str, options: dict[str, Any]
) -> None:
    # The score steps, the elimination and the tiebreaks against their expressions, on finished tables (cards
    # won, money left) that no game need reach: every multiplier, the floor, every rounding, ties for the least money.
    # Each card won by at most one player: the status cards cut into 3 to 5 piles (some left unsold).
    bounds = [0, *sorted(cuts), len(WON)]
    won = [dealt[start:end] for start, end in zip(bounds, bounds[1:])]
    scale = 1000 if edition.endswith("ja") else 1
    frozen = _frozen(options)
    shipped, general = _ruleset(edition, frozen), _ruleset(str(PAIRS[edition]), frozen)
    players = [
        TablePlayer(
            f"P{seat}", {"won": tuple(cards), "hand": tuple(f"money-{value * scale}" for value in sorted(hand))}
        )
        for seat, (cards, hand) in enumerate(zip(won, hands))
    ]
    same_result(
        Table(shipped, tuple(players), "-").score(), Table(general, tuple(players), "-").score(), options["tiebreak"]
    )


def _replayed(log: dict[str, Any], ruleset: str) -> dict[str, Any]:
    record = LogRecord({**log, "ruleset": ruleset}, str(LOGS / "replayed.json"), 1, 0, None)
    result = replay_record(record, ReplayContext()).to_json()
    result.pop("ruleset")
    return result


@pytest.mark.parametrize(
    ("file", "edition"), [("valid-ja.json", "high-society/ja"), ("three-ko-games.jsonl", "high-society/ko")]
)
def test_old_logs_replay_to_their_results_on_the_general_form(file: str, edition: str) -> None:
    text = (LOGS / file).read_text(encoding="utf-8")
    logs = (
        [json.loads(line) for line in text.splitlines() if line.strip()] if file.endswith("l") else [json.loads(text)]
    )
    for log in logs:
        recorded = dict(log["result"])
        assert recorded.pop("ruleset") == edition
        assert _replayed(log, edition) == recorded
        assert _replayed(log, str(PAIRS[edition])) == recorded


# ------------------------------------------------------------------ Bohnanza


@pytest.mark.parametrize("players", [3, 4, 5])
def test_bohnanza_plays_alike_on_its_general_form(players: int) -> None:
    shipped, general = games("bohnanza/amigo", players)
    for seed in range(3):
        assert lockstep(shipped, general, seed, ["random"] * players) > 100


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_rio_grande_plays_alike_on_its_general_form(players: int) -> None:
    # Every player count: the deal (3, 4 and 5 cards for the first seats with 6 or 7), the cards drawn, the cards
    # removed and the third field all change with it.
    shipped, general = games("bohnanza/rio-grande", players)
    for seed in range(2):
        assert lockstep(shipped, general, seed, ["random"] * players) > 100


@pytest.mark.parametrize("players", [3, 4, 5])
def test_high_bohn_plays_alike_on_its_general_form(players: int) -> None:
    # Heuristic bots build, deposit and use the buildings' decisions; random ones try what the heuristic would not.
    shipped, general = games("bohnanza/high-bohn", players)
    for seed in range(2):
        assert lockstep(shipped, general, seed, mixed(players, seed + 1)) > 100


def test_a_move_from_a_stack_with_a_refill_counts_the_exhaustion() -> None:
    # The gap the general form of `draw` found: a stack's refill is the stack's rule, whichever step empties it.
    shipped, general = games("bohnanza/amigo", 3)
    state = general.new_initial_state(seed=5, record_events=False)
    rng = random.Random(5)
    exhaustions = general.counter_index["exhaustions"]
    seen = 0
    while not state.is_terminal():
        state.apply_action(state.legal_actions().sample(rng))
        seen = max(seen, state.counters[exhaustions])
    assert seen == 3 and state.end_reason == "final-exhaustion"


# ------------------------------------------------------------------ table-by-count (the example game Gardens)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_gardens_plays_alike_with_its_tables_written_as_expressions(players: int) -> None:
    shipped, general = games(str(GARDENS), players)
    for seed in range(4):
        assert lockstep(shipped, general, seed, mixed(players, seed)) > 20


# A bed: empty, or some cards of one flower.
BED = st.one_of(
    st.just(()),
    st.tuples(st.sampled_from(["tulip", "rose", "lily"]), st.integers(1, 8)).map(lambda bed: bed[:1] * bed[1]),
)


@settings(max_examples=200, deadline=None)
@given(beds=st.lists(st.tuples(BED, BED), min_size=2, max_size=4))
def test_any_gardens_table_scores_alike(beds: list[tuple[tuple[str, ...], tuple[str, ...]]]) -> None:
    # Every count of every flower against its table: below the first step, on each step, between and past the last.
    shipped, general = _ruleset(str(GARDENS), "{}"), _ruleset(str(PAIRS[str(GARDENS)]), "{}")
    planted = Counter(card for first, second in beds for card in first + second)
    assume(all(planted[card.id] <= card.copies(len(beds)) for card in shipped.cards if card.id in planted))
    players = tuple(
        TablePlayer(f"P{seat}", {"bed-1": first, "bed-2": second}) for seat, (first, second) in enumerate(beds)
    )
    same_result(Table(shipped, players, "-").score(), Table(general, players, "-").score(), criteria(shipped))
