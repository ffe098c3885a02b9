"""An independent, deliberately plain implementation of Coloretto (Michael Schacht, 3 to 5 players).

This module is a second implementation the generic engine is checked
against: it knows one game and says so, with plain lists and dicts, so a
reader can hold it against the rules line by line. It must never import
``engine``: agreement between two programs means something only when they
share no code.

It can

* replay a game log: the starting colours are the log's first chance entry
  (``{"zone": "starters", "cards": [seven colours, top first]}``), the deck is
  ``deck`` (top first, without the last-round card, which goes in with 15
  cards beneath it), and the actions are ``{"action": "draw"}``, then
  ``{"action": "place", "target": ROW}``, or ``{"action": "take", "target":
  ROW}``, rows being numbered by seat; an action the rules do not allow is
  refused (:class:`ReferenceIllegalAction`);
* play random games with its own random bot and write their logs;
* score a finished game as the engine's result JSON: ``{"ruleset", "players":
  [{"name", "score", "cards_by_colour", "plus_colours", "jokers_to", "plus_2"}],
  "winners"}``.

The option ``scoring-table`` chooses the standard table (1, 3, 6, 10, 15, 21)
or the alternative one printed on the summary cards' other side (1, 4, 8, 7,
6, 5).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable
from typing import Any

RULESET = "coloretto/classic"
COLOURS = ("blue", "brown", "green", "grey", "orange", "pink", "yellow")  # their order breaks ties
CHAMELEONS_PER_COLOUR = 9
PLUS_2 = "plus-2"
PLUS_2_CARDS = 10
JOKER = "joker"
JOKERS = 3
LAST_ROUND = "last-round"
BENEATH_LAST_ROUND = 15  # cards left under the last-round card
ROW_SIZE = 3
TABLES = {"standard": (1, 3, 6, 10, 15, 21), "alternative": (1, 4, 8, 7, 6, 5)}
OPTIONS = {"scoring-table": "standard"}


def points(table: tuple[int, ...], cards: int) -> int:
    """Points for ``cards`` cards of one colour: 6 or more score as 6."""
    return table[min(cards, len(table)) - 1] if cards > 0 else 0


def colour_score(table: tuple[int, ...], counts: dict[str, int]) -> int:
    """The three best colours score plus, every other colour minus (the best three is the best choice)."""
    values = sorted((points(table, n) for n in counts.values() if n), reverse=True)
    return sum(values[:3]) - sum(values[3:])


def best_placement(
    table: tuple[int, ...], collection: list[str], in_play: tuple[str, ...]
) -> tuple[dict[str, int], tuple[str, ...]]:
    """The colour counts with the jokers placed to the owner's best advantage, and where each joker went.

    Each joker joins a colour in play (even one the owner has no card of).
    Placements are tried in colour order (every joker on the first colour,
    then the last joker moving on...); of equally good ones the first is kept.
    """
    plain = {colour: collection.count(colour) for colour in COLOURS}
    jokers = collection.count(JOKER)
    best: tuple[dict[str, int], tuple[str, ...]] | None = None
    best_score = None
    for choice in itertools.combinations_with_replacement(in_play, jokers):
        counts = dict(plain)
        for colour in choice:
            counts[colour] += 1
        score = colour_score(table, counts)
        if best_score is None or score > best_score:
            best, best_score = (counts, choice), score
    assert best is not None
    return best


class ReferenceIllegalAction(Exception):
    """An action the rules do not allow; ``index`` is its 0-based position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


class ReferenceLogError(ValueError):
    """A log that cannot be a game of Coloretto (its deck, its starting colours); ``path`` says where."""

    def __init__(self, reason: str, path: str = "$") -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason
        self.path = path


def counted(cards: Iterable[str]) -> dict[str, int]:
    """How many of each card id."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return counts


class ReferenceGame:
    """One game of Coloretto, played action by action."""

    def __init__(
        self,
        players: list[str],
        starters: list[str],
        deck: list[str],
        scoring_table: str = "standard",
        first_player: int = 0,
    ) -> None:
        count = len(players)
        if not 3 <= count <= 5:
            raise ReferenceLogError("Coloretto is for 3 to 5 players", "$.players")
        if sorted(starters) != sorted(COLOURS):
            raise ReferenceLogError("the starting cards are one chameleon of each colour", "$.chance[0]")
        if first_player != 0:
            raise ReferenceLogError("the first seat starts the first round", "$.first_player")
        self.players = list(players)
        self.first_player = first_player
        self.table = TABLES[scoring_table]
        self.starters = list(starters)
        # Setup: with 3 players the top starting card's colour leaves the game entirely.
        pile = list(starters)
        self.removed_colour = pile.pop(0) if count == 3 else None
        self.in_play = tuple(colour for colour in COLOURS if colour != self.removed_colour)
        # Each player, from the first seat on, gets the next starting card; the others go back into the box.
        self.collections: list[list[str]] = [[pile.pop(0)] for _ in players]
        expected = {colour: CHAMELEONS_PER_COLOUR for colour in self.in_play}
        for collection in self.collections:
            expected[collection[0]] -= 1
        expected[PLUS_2] = PLUS_2_CARDS
        expected[JOKER] = JOKERS
        if counted(deck) != {card: n for card, n in expected.items() if n}:
            raise ReferenceLogError("the deck is not the cards left after setup", "$.deck")
        # The last-round card goes in with 15 cards beneath it (position 0 is the top).
        self.deck = list(deck)
        self.deck.insert(len(self.deck) - BENEATH_LAST_ROUND, LAST_ROUND)
        self.rows: list[list[str]] = [[] for _ in players]  # numbered by seat
        self.row_gone = [False] * count  # a taken row leaves the table for the round
        self.has_taken = [False] * count  # the player sits out the rest of the round
        self.last_round = False  # the last-round card has been drawn
        self.drawn: str | None = None  # a card drawn, waiting to be placed
        self.start = first_player
        self.turn = first_player
        self.over = False
        self.actions_done = 0
        self.start_round()

    # ------------------------------------------------------------------ rounds and turns

    def start_round(self) -> None:
        """Rows come back and everyone plays; the game ends instead when the last round was played out."""
        if self.last_round:
            self.over = True
            return
        self.row_gone = [False] * len(self.players)
        self.has_taken = [False] * len(self.players)
        self.turn = self.start

    def open_rows(self) -> list[int]:
        """Rows still on the table with room for a card."""
        return [row for row in range(len(self.rows)) if not self.row_gone[row] and len(self.rows[row]) < ROW_SIZE]

    def takeable_rows(self) -> list[int]:
        """Rows still on the table that hold at least one card."""
        return [row for row in range(len(self.rows)) if not self.row_gone[row] and self.rows[row]]

    def next_turn(self) -> None:
        """The next player clockwise who has not taken a row (the same player when alone); or the round ends."""
        if all(self.has_taken):
            self.start_round()
            return
        count = len(self.players)
        for step in range(1, count):
            seat = (self.turn + step) % count
            if not self.has_taken[seat]:
                self.turn = seat
                return
        # A player left alone in a round goes on until they take a row.

    def current_player(self) -> int | None:
        """Who decides, or None when the game is over."""
        return None if self.over else self.turn

    def legal_actions(self) -> list[dict[str, Any]]:
        """The actions open now: place the card drawn on a row with room; or draw (if a row has room) or take a row."""
        if self.over:
            return []
        player = self.turn
        if self.drawn is not None:
            return [{"player": player, "action": "place", "target": row} for row in self.open_rows()]
        actions: list[dict[str, Any]] = [{"player": player, "action": "draw"}] if self.open_rows() else []
        return actions + [{"player": player, "action": "take", "target": row} for row in self.takeable_rows()]

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action in log form; raise ReferenceIllegalAction if it is not allowed now."""
        index = self.actions_done
        if self.over:
            raise ReferenceIllegalAction(index, "the game is over")
        if not isinstance(action, dict):
            raise ReferenceIllegalAction(index, "an action is a JSON object")
        player = action.get("player")
        if type(player) is not int or player != self.turn:
            raise ReferenceIllegalAction(index, f"it is player {self.turn}'s turn, not {player}'s")
        kind = action.get("action")
        target = action.get("target")
        if kind == "draw":
            self.draw(index)
        elif kind in ("place", "take"):
            if type(target) is not int:
                raise ReferenceIllegalAction(index, f"{kind} names a row by its seat: target")
            if kind == "place":
                self.place(index, target)
            else:
                self.take(index, target)
        else:
            raise ReferenceIllegalAction(index, f"{kind!r} is not an action of Coloretto")
        self.actions_done += 1

    def draw(self, index: int) -> None:
        """Draw the top card; the last-round card is set aside and the player draws again at once."""
        if self.drawn is not None:
            raise ReferenceIllegalAction(index, "the card drawn must be placed on a row")
        if not self.open_rows():
            raise ReferenceIllegalAction(index, "no row has room: the player must take a row")
        card = self.deck.pop(0)
        if card == LAST_ROUND:
            self.last_round = True
            card = self.deck.pop(0)
        self.drawn = card

    def place(self, index: int, row: int) -> None:
        """Place the card drawn on a row that holds fewer than 3 cards."""
        if self.drawn is None:
            raise ReferenceIllegalAction(index, "draw a card before placing one")
        if row not in self.open_rows():
            raise ReferenceIllegalAction(index, f"row {row} cannot take a card")
        self.rows[row].append(self.drawn)
        self.drawn = None
        self.next_turn()

    def take(self, index: int, row: int) -> None:
        """Take a row: its cards join the collection, the row leaves the table and the player sits the round out."""
        if self.drawn is not None:
            raise ReferenceIllegalAction(index, "the card drawn must be placed on a row")
        if row not in self.takeable_rows():
            raise ReferenceIllegalAction(index, f"row {row} cannot be taken")
        player = self.turn
        self.collections[player].extend(self.rows[row])
        self.rows[row] = []
        self.row_gone[row] = True
        self.has_taken[player] = True
        self.start = player  # the last player to take a row starts the next round
        self.next_turn()

    # ------------------------------------------------------------------ scoring

    def player_result(self, seat: int) -> dict[str, Any]:
        """One player's score and how it was made."""
        collection = self.collections[seat]
        counts, jokers_to = best_placement(self.table, collection, self.in_play)
        plus_2 = collection.count(PLUS_2)
        # The three plus colours: the best-scoring colours, equal ones in colour order.
        held = [colour for colour in COLOURS if counts[colour]]
        plus = sorted(held, key=lambda colour: points(self.table, counts[colour]), reverse=True)[:3]
        return {
            "name": self.players[seat],
            "score": colour_score(self.table, counts) + 2 * plus_2,
            "cards_by_colour": {colour: collection.count(colour) for colour in COLOURS if colour in collection},
            "plus_colours": plus,
            "jokers_to": list(jokers_to),
            "plus_2": plus_2,
        }

    def result(self) -> dict[str, Any]:
        """The engine's result JSON: the highest score wins, ties share."""
        assert self.over, "the game is not over"
        players = [self.player_result(seat) for seat in range(len(self.players))]
        best = max(entry["score"] for entry in players)
        return {
            "ruleset": RULESET,
            "players": players,
            "winners": [entry["name"] for entry in players if entry["score"] == best],
        }

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A legal action, uniform over the legal actions."""
        return rng.choice(self.legal_actions())


def options_for(options: dict[str, Any] | None) -> dict[str, Any]:
    """The option values in effect (only ``scoring-table``)."""
    values = dict(OPTIONS)
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            raise ReferenceLogError(f"Coloretto has no option {name!r}", f"$.options.{name}")
        if value not in TABLES:
            raise ReferenceLogError(f"scoring-table is standard or alternative, not {value!r}", f"$.options.{name}")
        values[name] = value
    return values


def new_game(log: dict[str, Any]) -> ReferenceGame:
    """The game a log starts, before its actions."""
    if log.get("format", 2) != 2:
        raise ReferenceLogError(f"unknown log format {log.get('format')!r}", "$.format")
    if log.get("ruleset") != RULESET:
        raise ReferenceLogError(f"this reference plays {RULESET}, not {log.get('ruleset')!r}", "$.ruleset")
    chance = log.get("chance") or []
    if len(chance) != 1 or chance[0].get("zone") != "starters":
        raise ReferenceLogError("the log records one shuffle besides the deck: the starting cards", "$.chance")
    table = options_for(log.get("options"))["scoring-table"]
    return ReferenceGame(list(log["players"]), list(chance[0]["cards"]), list(log["deck"]), table, log["first_player"])


def replay_game(log: dict[str, Any]) -> ReferenceGame:
    """Replay a log, checking every action; return the finished game."""
    game = new_game(log)
    for action in log["actions"]:
        game.apply(action)
    if not game.over:
        raise ReferenceIllegalAction(len(log["actions"]), "the log ends before the game does")
    return game


def replay(log: dict[str, Any]) -> dict[str, Any]:
    """Replay a log, checking every action; return its result in the engine's JSON form."""
    return replay_game(log).result()


def deck_after_setup(player_count: int, starters: list[str]) -> list[str]:
    """The cards shuffled into the deck: all but the removed colour, the starting cards given and the last-round card."""
    removed = starters[0] if player_count == 3 else None
    given = starters[1 : 1 + player_count] if removed else starters[:player_count]
    cards = []
    for colour in COLOURS:
        if colour != removed:
            cards += [colour] * (CHAMELEONS_PER_COLOUR - given.count(colour))
    return cards + [PLUS_2] * PLUS_2_CARDS + [JOKER] * JOKERS


def play_random_game(
    seed: int,
    players: Iterable[str] | int = ("Ann", "Bo", "Cy"),
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game with random bots; return its log with its result."""
    rng = random.Random(seed)
    names = [f"Player {n + 1}" for n in range(players)] if isinstance(players, int) else list(players)
    values = options_for(options)
    starters = list(COLOURS)
    rng.shuffle(starters)
    deck = deck_after_setup(len(names), starters)
    rng.shuffle(deck)
    game = ReferenceGame(names, starters, deck, values["scoring-table"])
    actions = []
    while not game.over:
        action = game.random_action(rng)
        game.apply(action)
        actions.append(action)
    return {
        "format": 2,
        "ruleset": RULESET,
        "options": values,
        "players": names,
        "first_player": 0,
        "deck": deck,
        "chance": [{"zone": "starters", "cards": starters}],
        "actions": actions,
        "result": game.result(),
    }
