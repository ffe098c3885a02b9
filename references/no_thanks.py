"""An independent, deliberately plain implementation of No Thanks! (Thorsten Gimmler, 3 to 7 players).

This module is a second implementation the generic engine is checked
against: it knows one game and says so, with plain lists and numbers, so a
reader can hold it against the rules line by line. It must never import
``engine``: agreement between two programs means something only when they
share no code.

It can

* replay a game log (``deck`` top first, ``first_player``, and the actions
  ``{"player": 0, "action": "no-thanks"}`` / ``{"player": 0, "action": "take"}``),
  checking that every action is by the player to act and is legal, and
  rejecting the first that is not (:class:`ReferenceIllegalAction`);
* play random games with its own random bot and write their logs;
* score a finished game as the engine's result JSON:
  ``{"ruleset", "players": [{"name", "score", "cards", "chips"}], "winners", "lowest_wins": true}``.
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any

RULESET = "no-thanks/classic"
CARDS = tuple(str(number) for number in range(3, 36))  # one card of each number 3 to 35
REMOVED = 9  # cards removed face down at setup, unseen for the whole game
OPTIONS = {"random-start": False}


def chips_at_start(player_count: int) -> int:
    """11 chips each with 3 to 5 players, 9 with 6, 7 with 7."""
    return {6: 9, 7: 7}.get(player_count, 11)


def card_total(cards: Iterable[str]) -> int:
    """The sum of one's cards where a run of consecutive numbers counts only its lowest card.

    A run is a maximal set of consecutive numbers: 20 21 22 counts 20, and
    20 22 counts both.
    """
    total = 0
    previous = None
    for number in sorted(int(card) for card in cards):
        if previous is None or number != previous + 1:
            total += number  # the lowest card of a new run
        previous = number
    return total


class ReferenceIllegalAction(Exception):
    """An action the rules do not allow; ``index`` is its 0-based position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


class ReferenceLogError(ValueError):
    """A log that cannot be a game of No Thanks! (its deck, its players); ``path`` says where."""

    def __init__(self, reason: str, path: str = "$") -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason
        self.path = path


class ReferenceGame:
    """One game of No Thanks!, played action by action."""

    def __init__(self, players: list[str], deck: list[str], first_player: int = 0) -> None:
        count = len(players)
        if not 3 <= count <= 7:
            raise ReferenceLogError("No Thanks! is for 3 to 7 players", "$.players")
        if sorted(deck) != sorted(CARDS):
            raise ReferenceLogError("the deck must hold each card 3 to 35 once", "$.deck")
        if not 0 <= first_player < count:
            raise ReferenceLogError(f"first player {first_player} does not exist", "$.first_player")
        self.players = list(players)
        self.first_player = first_player
        self.removed = list(deck[:REMOVED])  # never seen
        self.deck = list(deck[REMOVED:])  # position 0 is the top
        self.chips = [chips_at_start(count)] * count
        self.taken: list[list[str]] = [[] for _ in players]
        self.pot = 0  # the chips on the face-up card
        self.face_up: str | None = self.deck.pop(0)
        self.turn = first_player
        self.actions_done = 0

    @property
    def over(self) -> bool:
        """The game ends when the last card is taken: no card is face up any more."""
        return self.face_up is None

    def current_player(self) -> int | None:
        """Who acts, or None when the game is over."""
        return None if self.over else self.turn

    def legal_actions(self) -> list[dict[str, Any]]:
        """The actions open to the player to act: a player with no chips must take."""
        if self.over:
            return []
        words = (["no-thanks"] if self.chips[self.turn] > 0 else []) + ["take"]
        return [{"player": self.turn, "action": word} for word in words]

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
        if kind == "no-thanks":
            if self.chips[player] == 0:
                raise ReferenceIllegalAction(index, "a player with no chips must take the card")
            # One chip on the card; the next player clockwise acts.
            self.chips[player] -= 1
            self.pot += 1
            self.turn = (player + 1) % len(self.players)
        elif kind == "take":
            # The card and every chip on it; the next card is turned up and the same player acts again.
            assert self.face_up is not None
            self.taken[player].append(self.face_up)
            self.chips[player] += self.pot
            self.pot = 0
            self.face_up = self.deck.pop(0) if self.deck else None
        else:
            raise ReferenceIllegalAction(index, f"{kind!r} is not an action of No Thanks!")
        self.actions_done += 1

    def score(self, player: int) -> int:
        """Cards (a run counting its lowest card only), minus a point per chip."""
        return card_total(self.taken[player]) - self.chips[player]

    def result(self) -> dict[str, Any]:
        """The engine's result JSON: the lowest score wins, ties share."""
        assert self.over, "the game is not over"
        scores = [self.score(seat) for seat in range(len(self.players))]
        best = min(scores)
        return {
            "ruleset": RULESET,
            "players": [
                {
                    "name": name,
                    "score": scores[seat],
                    "cards": sorted(self.taken[seat], key=int),
                    "chips": self.chips[seat],
                }
                for seat, name in enumerate(self.players)
            ],
            "winners": [name for seat, name in enumerate(self.players) if scores[seat] == best],
            "lowest_wins": True,
        }

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A legal action, uniform over the legal actions."""
        return rng.choice(self.legal_actions())


def options_for(options: dict[str, Any] | None) -> dict[str, Any]:
    """The option values in effect (only ``random-start``: a seat drawn by chance starts)."""
    values = dict(OPTIONS)
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            raise ReferenceLogError(f"No Thanks! has no option {name!r}", f"$.options.{name}")
        if isinstance(value, str) and value.lower() in ("true", "false"):
            value = value.lower() == "true"
        if not isinstance(value, bool):
            raise ReferenceLogError(f"{name} is true or false, not {value!r}", f"$.options.{name}")
        values[name] = value
    return values


def new_game(log: dict[str, Any]) -> ReferenceGame:
    """The game a log starts, before its actions."""
    if log.get("format", 2) != 2:
        raise ReferenceLogError(f"unknown log format {log.get('format')!r}", "$.format")
    if log.get("ruleset") != RULESET:
        raise ReferenceLogError(f"this reference plays {RULESET}, not {log.get('ruleset')!r}", "$.ruleset")
    if log.get("chance"):
        raise ReferenceLogError("No Thanks! never shuffles after setup", "$.chance")
    options = options_for(log.get("options"))
    if not options["random-start"] and log["first_player"] != 0:
        raise ReferenceLogError("the first seat starts (unless random-start)", "$.first_player")
    return ReferenceGame(list(log["players"]), list(log["deck"]), log["first_player"])


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


def play_random_game(
    seed: int,
    players: Iterable[str] | int = ("Ann", "Bo", "Cy"),
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game with random bots; return its log with its result."""
    rng = random.Random(seed)
    names = [f"Player {n + 1}" for n in range(players)] if isinstance(players, int) else list(players)
    values = options_for(options)
    deck = list(CARDS)
    rng.shuffle(deck)
    first_player = rng.randrange(len(names)) if values["random-start"] else 0
    game = ReferenceGame(names, deck, first_player)
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
        "first_player": first_player,
        "deck": deck,
        "actions": actions,
        "result": game.result(),
    }
