"""An independent, deliberately plain implementation of Love Letter (Seiji Kanai, the classic 16 cards, 2 to 4 players).

This module is a second implementation the generic engine is checked
against: it knows one game and says so, with plain lists and numbers, so a
reader can hold it against the rules line by line. It must never import
``engine``: agreement between two programs means something only when they
share no code.

It can

* replay a game log: each round's deck order, top first (``deck`` for the
  first round, then one ``{"zone": "deck", "cards": [...]}`` entry of
  ``chance`` per later round), and the actions ``{"action": "play", "card":
  ID}``, then, for a card that chooses a player, ``{"action": "target",
  "target": SEAT}`` and, for the Guard, ``{"action": "name", "name": ID}``;
  an action the rules do not allow is refused (:class:`ReferenceIllegalAction`);
* play random games with its own random bot and write their logs;
* score a finished match as the engine's result JSON: ``{"ruleset",
  "players": [{"name", "score", "tokens"}], "winners", "rounds": [{"winners",
  "how"}]}``, ``how`` being ``last-standing`` or ``deck-empty``.

A round: the top card is set aside face down (with 2 players the next three
are set aside face up), then each player, from the first seat on, gets one
card. A turn: the protection of the player to act ends, they draw, and play
one of their two cards. The round ends when one player is left or when the
deck is empty at the end of a turn; the match when someone has the tokens the
player count asks for (7, 5, 4), everyone who has them winning together.

The option ``minister`` (the original Japanese edition's seventh card): card 7
is the Minister, the Countess's rule does not apply, and a player whose two
cards hold it and total 12 or more right after drawing is out at once.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

RULESET = "love-letter/classic"
# (id, value, copies), in the cards' order.
CARDS = (
    ("guard", 1, 5),
    ("priest", 2, 2),
    ("baron", 3, 2),
    ("handmaid", 4, 2),
    ("prince", 5, 2),
    ("king", 6, 1),
    ("countess", 7, 1),  # the Minister under the option; the id stays
    ("princess", 8, 1),
)
VALUE = {card: value for card, value, _ in CARDS}
FULL_DECK = tuple(card for card, _, copies in CARDS for _ in range(copies))
NAMEABLE = tuple(card for card, _, _ in CARDS if card != "guard")  # the Guard names any card but the Guard
GOAL = {2: 7, 3: 5, 4: 4}  # tokens of affection that win the match
FACE_UP = {2: 3}  # cards set aside face up at the start of a round
MINISTER_LIMIT = 12
TARGETS_AN_OPPONENT = ("guard", "priest", "baron", "king")
OPTIONS = {"minister": False}


class ReferenceIllegalAction(Exception):
    """An action the rules do not allow; ``index`` is its 0-based position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


class ReferenceLogError(ValueError):
    """A log that cannot be a game of Love Letter (its decks, its players); ``path`` says where."""

    def __init__(self, reason: str, path: str = "$") -> None:
        super().__init__(f"{path}: {reason}")
        self.reason = reason
        self.path = path


class ReferenceGame:
    """One match of Love Letter, played action by action.

    ``next_deck(round_number)`` gives each round's shuffled deck (top first):
    from the log when replaying, from a random generator when playing.
    """

    def __init__(
        self,
        players: list[str],
        next_deck: Callable[[int], list[str]],
        minister: bool = False,
        first_player: int = 0,
    ) -> None:
        count = len(players)
        if not 2 <= count <= 4:
            raise ReferenceLogError("Love Letter is for 2 to 4 players", "$.players")
        if first_player != 0:
            raise ReferenceLogError("the first seat starts the first round", "$.first_player")
        self.players = list(players)
        self.next_deck = next_deck
        self.minister = minister
        self.goal = GOAL[count]
        self.tokens = [0] * count
        self.rounds: list[dict[str, Any]] = []
        self.start = first_player  # who starts the round
        self.over = False
        self.actions_done = 0
        # The round's state (set by start_round).
        self.deck: list[str] = []
        self.set_aside: list[str] = []  # face down, unseen
        self.face_up: list[str] = []
        self.hands: list[list[str]] = []
        self.discards: list[list[str]] = []  # in the order discarded
        self.out: list[bool] = []
        self.protected: list[bool] = []
        self.turn = first_player
        self.phase = "play"  # "play", "target" (the card played chooses a player) or "name" (the Guard's guess)
        self.played: str | None = None  # the card being resolved
        self.target: int | None = None  # the Guard's target
        self.start_round()

    # ------------------------------------------------------------------ rounds and turns

    def start_round(self) -> None:
        """Shuffle, set one card aside face down (and three face up with 2 players), deal one card each."""
        count = len(self.players)
        deck = list(self.next_deck(len(self.rounds)))
        if sorted(deck) != sorted(FULL_DECK):
            path = "$.deck" if not self.rounds else f"$.chance[{len(self.rounds) - 1}]"
            raise ReferenceLogError("a round's deck holds the 16 cards", path)
        self.deck = deck
        self.set_aside = [self.deck.pop(0)]
        self.face_up = [self.deck.pop(0) for _ in range(FACE_UP.get(count, 0))]
        self.hands = [[self.deck.pop(0)] for _ in range(count)]
        self.discards = [[] for _ in range(count)]
        self.out = [False] * count
        self.protected = [False] * count
        self.turn = self.start
        self.start_turn()

    def start_turn(self) -> None:
        """The player's protection ends; they draw; the Minister may put them out at once."""
        player = self.turn
        self.protected[player] = False
        self.hands[player].append(self.deck.pop(0))
        hand = self.hands[player]
        if self.minister and "countess" in hand and sum(VALUE[card] for card in hand) >= MINISTER_LIMIT:
            self.knock_out(player)
            self.end_turn()
            return
        self.phase = "play"

    def end_turn(self) -> None:
        """The round ends with one player left or an empty deck; otherwise the next player in the round acts."""
        self.phase = "play"
        self.played = None
        self.target = None
        if sum(not out for out in self.out) <= 1 or not self.deck:
            self.end_round()
            return
        count = len(self.players)
        seat = (self.turn + 1) % count
        while self.out[seat]:
            seat = (seat + 1) % count
        self.turn = seat
        self.start_turn()

    def strength(self, player: int) -> tuple[int, int]:
        """How survivors compare: the card in hand, then the total of their discards."""
        return max(VALUE[card] for card in self.hands[player]), sum(VALUE[card] for card in self.discards[player])

    def end_round(self) -> None:
        """The strongest survivors each get a token; the first of them clockwise from the start player starts next."""
        count = len(self.players)
        survivors = [seat for seat in range(count) if not self.out[seat]]
        best = max(self.strength(seat) for seat in survivors)
        winners = [seat for seat in survivors if self.strength(seat) == best]
        for seat in winners:
            self.tokens[seat] += 1
        self.rounds.append(
            {
                "winners": [self.players[seat] for seat in winners],
                "how": "last-standing" if len(survivors) == 1 else "deck-empty",
            }
        )
        self.start = min(winners, key=lambda seat: (seat - self.start) % count)
        if any(tokens >= self.goal for tokens in self.tokens):
            self.over = True
            return
        self.start_round()

    def knock_out(self, player: int) -> None:
        """The player is out of the round: they reveal and discard their hand."""
        self.out[player] = True
        self.discard(player, list(self.hands[player]))

    def discard(self, player: int, cards: list[str]) -> None:
        """Cards leave the player's hand for their discards; a Princess discarded puts them out, and like anyone
        out they reveal and discard the rest of their hand."""
        for card in cards:
            if card not in self.hands[player]:
                continue  # discarded already, with the rest of a hand after a Princess
            self.hands[player].remove(card)
            self.discards[player].append(card)
            if card == "princess":
                self.out[player] = True
                self.discards[player].extend(self.hands[player])
                self.hands[player].clear()

    # ------------------------------------------------------------------ decisions

    def valid_targets(self, card: str) -> list[int]:
        """The players a card may choose: others in the round and unprotected; the Prince may choose oneself."""
        player = self.turn
        seats = [
            seat
            for seat in range(len(self.players))
            if not self.out[seat] and seat != player and not self.protected[seat]
        ]
        return sorted(seats + [player]) if card == "prince" else seats

    def playable(self) -> list[str]:
        """The cards in hand the player may play (the Countess must be played beside the King or a Prince)."""
        hand = self.hands[self.turn]
        if not self.minister and "countess" in hand and ("king" in hand or "prince" in hand):
            return ["countess"]
        return list(dict.fromkeys(hand))

    def current_player(self) -> int | None:
        """Who decides, or None when the match is over."""
        return None if self.over else self.turn

    def legal_actions(self) -> list[dict[str, Any]]:
        """The actions open to the player to act."""
        if self.over:
            return []
        player = self.turn
        if self.phase == "play":
            return [{"player": player, "action": "play", "card": card} for card in self.playable()]
        if self.phase == "target":
            assert self.played is not None
            return [{"player": player, "action": "target", "target": seat} for seat in self.valid_targets(self.played)]
        return [{"player": player, "action": "name", "name": card} for card in NAMEABLE]

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action in log form; raise ReferenceIllegalAction if it is not allowed now."""
        index = self.actions_done
        if self.over:
            raise ReferenceIllegalAction(index, "the match is over")
        if not isinstance(action, dict):
            raise ReferenceIllegalAction(index, "an action is a JSON object")
        player = action.get("player")
        if type(player) is not int or player != self.turn:
            raise ReferenceIllegalAction(index, f"it is player {self.turn}'s turn, not {player}'s")
        kind = action.get("action")
        field = {"play": "card", "target": "target", "name": "name"}.get(kind)
        if field is None:
            raise ReferenceIllegalAction(index, f"{kind!r} is not an action of Love Letter")
        if field not in action:
            raise ReferenceIllegalAction(index, f"{kind} names its {field}")
        expected = self.phase
        if kind != expected:
            raise ReferenceIllegalAction(index, f"the player must {expected}, not {kind}")
        value = action[field]
        if kind == "play":
            if value not in self.hands[player]:
                raise ReferenceIllegalAction(index, f"{value!r} is not in the player's hand")
            if value not in self.playable():
                raise ReferenceIllegalAction(index, "the Countess must be played beside the King or a Prince")
            self.play(value)
        elif kind == "target":
            assert self.played is not None
            if type(value) is not int or value not in self.valid_targets(self.played):
                raise ReferenceIllegalAction(index, f"{value!r} is not a player the {self.played} may choose")
            self.choose_target(value)
        else:
            if value not in NAMEABLE:
                raise ReferenceIllegalAction(index, f"the Guard names a card other than the Guard, not {value!r}")
            self.guess(value)
        self.actions_done += 1

    def play(self, card: str) -> None:
        """The card goes face up onto the player's discards and is resolved."""
        player = self.turn
        self.discard(player, [card])  # the Princess puts her player out
        self.played = card
        if card == "handmaid":
            self.protected[player] = True
        if card == "prince" or (card in TARGETS_AN_OPPONENT and self.valid_targets(card)):
            self.phase = "target"
            return
        # The Countess, the Princess, the Handmaid, or a card with nobody to choose: no (more) effect.
        self.end_turn()

    def choose_target(self, target: int) -> None:
        """Resolve the card played on the player chosen (the Guard then names a card)."""
        player = self.turn
        card = self.played
        if card == "guard":
            self.target = target
            self.phase = "name"
            return
        if card == "baron":
            mine, theirs = VALUE[self.hands[player][0]], VALUE[self.hands[target][0]]
            if mine != theirs:
                self.knock_out(target if mine > theirs else player)
        elif card == "prince":
            self.discard(target, list(self.hands[target]))  # without its effect
            if not self.out[target]:
                self.hands[target].append(self.deck.pop(0) if self.deck else self.set_aside.pop(0))
        elif card == "king":
            self.hands[player], self.hands[target] = self.hands[target], self.hands[player]
        # The Priest only shows a hand.
        self.end_turn()

    def guess(self, card: str) -> None:
        """The Guard's guess: the target holding the card named is out."""
        assert self.target is not None
        if card in self.hands[self.target]:
            self.knock_out(self.target)
        self.end_turn()

    # ------------------------------------------------------------------ scoring

    def result(self) -> dict[str, Any]:
        """The engine's result JSON: everyone who reached the goal wins."""
        assert self.over, "the match is not over"
        return {
            "ruleset": RULESET,
            "players": [
                {"name": name, "score": self.tokens[seat], "tokens": self.tokens[seat]}
                for seat, name in enumerate(self.players)
            ],
            "winners": [name for seat, name in enumerate(self.players) if self.tokens[seat] >= self.goal],
            "rounds": [dict(entry) for entry in self.rounds],
        }

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A legal action, uniform over the legal actions."""
        return rng.choice(self.legal_actions())


def options_for(options: dict[str, Any] | None) -> dict[str, Any]:
    """The option values in effect (only ``minister``)."""
    values = dict(OPTIONS)
    for name, value in (options or {}).items():
        if name not in OPTIONS:
            raise ReferenceLogError(f"Love Letter has no option {name!r}", f"$.options.{name}")
        if isinstance(value, str) and value.lower() in ("true", "false"):
            value = value.lower() == "true"
        if not isinstance(value, bool):
            raise ReferenceLogError(f"{name} is true or false, not {value!r}", f"$.options.{name}")
        values[name] = value
    return values


def new_game(log: dict[str, Any]) -> ReferenceGame:
    """The match a log starts, before its actions: its decks come from ``deck`` and ``chance``."""
    if log.get("format", 2) != 2:
        raise ReferenceLogError(f"unknown log format {log.get('format')!r}", "$.format")
    if log.get("ruleset") != RULESET:
        raise ReferenceLogError(f"this reference plays {RULESET}, not {log.get('ruleset')!r}", "$.ruleset")
    chance = list(log.get("chance") or [])
    for number, entry in enumerate(chance):
        if not isinstance(entry, dict) or entry.get("zone") != "deck":
            raise ReferenceLogError("each later round's shuffle is a deck entry", f"$.chance[{number}]")
    decks = [list(log["deck"])] + [list(entry["cards"]) for entry in chance]

    def next_deck(number: int) -> list[str]:
        if number >= len(decks):
            raise ReferenceLogError(f"the log has no deck for round {number + 1}", "$.chance")
        return decks[number]

    return ReferenceGame(
        list(log["players"]), next_deck, options_for(log.get("options"))["minister"], log["first_player"]
    )


def replay_game(log: dict[str, Any]) -> ReferenceGame:
    """Replay a log, checking every action; return the finished match."""
    game = new_game(log)
    for action in log["actions"]:
        game.apply(action)
    if not game.over:
        raise ReferenceIllegalAction(len(log["actions"]), "the log ends before the match does")
    if len(game.rounds) != 1 + len(log.get("chance") or []):
        raise ReferenceLogError("the log records more shuffles than the match had rounds", "$.chance")
    return game


def replay(log: dict[str, Any]) -> dict[str, Any]:
    """Replay a log, checking every action; return its result in the engine's JSON form."""
    return replay_game(log).result()


def play_random_game(
    seed: int,
    players: Iterable[str] | int = ("Ann", "Bo", "Cy"),
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one match with random bots; return its log with its result."""
    rng = random.Random(seed)
    names = [f"Player {n + 1}" for n in range(players)] if isinstance(players, int) else list(players)
    values = options_for(options)
    decks: list[list[str]] = []

    def next_deck(number: int) -> list[str]:
        deck = list(FULL_DECK)
        rng.shuffle(deck)
        decks.append(deck)
        return deck

    game = ReferenceGame(names, next_deck, values["minister"])
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
        "deck": decks[0],
        "chance": [{"zone": "deck", "cards": deck} for deck in decks[1:]],
        "actions": actions,
        "result": game.result(),
    }
