"""An independent, deliberately plain implementation of High Society.

This module is the yardstick for the generic engine: it knows one game and
says so, with plain lists and dicts and no cleverness, so a reader can check it
against the rulebook line by line. It must never import ``engine``: agreement
between two implementations written from the rules only means something when
they share no code.

It can

* replay a game from a deck order, a first player and the actions of a game
  log in the game-log format of docs/formats.md (``{"player": 0, "action": "bid", "cards": [6000]}``,
  ``{"action": "pass"}``, ``{"action": "discard", "card": "luxury-3"}``),
  rejecting the first illegal action;
* play random games with its own random bot (uniform over the legal actions);
* score the finished game: money, who is out, exact scores, winners.

The two editions differ in the money values, the debt floor and the tiebreak;
house rules that only change options (``debt-floor``, ``tiebreak``,
``eliminate-poorest``, ``rounding``: exact, floor, ceil or half-up) are
expressed with the same flags, and so are the house rules of
``rulesets/high-society/house/`` that change the deck (which status cards it
holds: a fourth title, no theft; how many red cards end the game), a pass that
forfeits the money bid, points for money left, a tie broken by the most
titles, and only a sole poorest player being out. Open hands change what the
players see, not the rules: the Japanese flags play them.

Logs of both formats are read (format 2 only adds keys); a log that records a
later shuffle (``chance``) is not a High Society game this module knows.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

JA_MONEY = (1000, 2000, 3000, 4000, 6000, 8000, 10000, 12000, 15000, 20000, 25000)
KO_MONEY = (1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25)

LUXURIES = tuple(f"luxury-{value}" for value in range(1, 11))
PRESTIGES = ("prestige-1", "prestige-2", "prestige-3")
MISFORTUNES = ("scandal", "debt", "theft")
ALL_CARDS = LUXURIES + PRESTIGES + MISFORTUNES
RED_CARDS_THAT_END_THE_GAME = 4
ROUNDING_MODES = ("exact", "floor", "ceil", "half-up")


def is_prestige(card: str) -> bool:
    """Titles (``prestige-1`` ...; a house rule may add ``prestige-4``) double the score."""
    return card.startswith("prestige-")


def is_red(card: str) -> bool:
    """The red-bordered cards: every title and the scandal."""
    return is_prestige(card) or card == "scandal"


class ReferenceIllegalAction(Exception):
    """An action the rules do not allow; ``index`` is its 0-based position in the log."""

    def __init__(self, index: int, reason: str) -> None:
        super().__init__(f"action {index}: {reason}")
        self.index = index
        self.reason = reason


@dataclass(frozen=True)
class Rules:
    """What may differ between editions and option-only house rules."""

    money_values: tuple[int, ...] = JA_MONEY
    debt_floor: Fraction | int | None = None  # None: debt may push a score below zero
    tiebreak: tuple[str, ...] = ("money",)  # "money", "highest-luxury" and/or "most-titles", in order
    eliminate_poorest: bool = True
    rounding: str = "exact"  # one of ROUNDING_MODES
    cards: tuple[str, ...] = ALL_CARDS  # the status cards of the deck
    reds_to_end: int = RED_CARDS_THAT_END_THE_GAME  # the red card that ends the game at once
    pass_forfeits: bool = False  # a pass in a normal auction pays the money already bid
    money_per_point: int | None = None  # a point per full this much money left, added before rounding
    sole_poorest_only: bool = False  # a tie for the least money puts nobody out


JAPANESE = Rules(JA_MONEY, None, ("money",))
KOREAN = Rules(KO_MONEY, 0, ("highest-luxury",))
CLAMPED_JA = Rules(JA_MONEY, 0, ("highest-luxury", "money"))
FORGIVING = Rules(KO_MONEY, 0, ("highest-luxury",), eliminate_poorest=False, rounding="floor")
# A fourth title joins the deck; the fifth red card ends the game.
LONG_SEASON = Rules(JA_MONEY, None, ("money",), cards=ALL_CARDS + ("prestige-4",), reds_to_end=5)
NO_THEFT = Rules(JA_MONEY, None, ("money",), cards=tuple(card for card in ALL_CARDS if card != "theft"))
FORFEIT_ON_PASS = Rules(JA_MONEY, None, ("money",), pass_forfeits=True)
MONEY_SCORES = Rules(JA_MONEY, None, ("money",), money_per_point=10000)
MOST_TITLES = Rules(JA_MONEY, None, ("most-titles", "money"))
SOLE_POOREST = Rules(JA_MONEY, None, ("money",), sole_poorest_only=True)
OPEN_HANDS = JAPANESE  # only what the players see changes

# The editions and the house rules (rulesets/high-society/house/) the reference
# can express, under the ids their logs carry and the short names people use.
KNOWN_RULESETS = {
    "high-society/ja": JAPANESE,
    "high-society/ko": KOREAN,
}
for _name, _rules in (
    ("clamped-ja", CLAMPED_JA),
    ("forgiving", FORGIVING),
    ("long-season", LONG_SEASON),
    ("no-theft", NO_THEFT),
    ("forfeit-on-pass", FORFEIT_ON_PASS),
    ("money-scores", MONEY_SCORES),
    ("most-titles", MOST_TITLES),
    ("sole-poorest", SOLE_POOREST),
    ("open-hands", OPEN_HANDS),
):
    for _key in (f"high-society/house/{_name}", f"house/{_name}", _name):
        KNOWN_RULESETS[_key] = _rules


def rules_for(ruleset: str, options: dict[str, Any] | None = None) -> Rules:
    """The flags for a ruleset id the reference knows, with option overrides applied."""
    base = KNOWN_RULESETS[ruleset]
    options = options or {}
    debt_floor = base.debt_floor
    if "debt-floor" in options:
        value = options["debt-floor"]
        debt_floor = None if value in (None, "none", "null") else Fraction(str(value))
    tiebreak = base.tiebreak
    if "tiebreak" in options:
        value = options["tiebreak"]
        tiebreak = tuple(value.split(",")) if isinstance(value, str) else tuple(value)
    eliminate = base.eliminate_poorest
    if "eliminate-poorest" in options:
        value = options["eliminate-poorest"]
        eliminate = value if isinstance(value, bool) else str(value).lower() == "true"
    rounding = options.get("rounding", base.rounding)
    if rounding not in ROUNDING_MODES:
        raise ValueError(f"unknown rounding {rounding!r}: expected one of {', '.join(ROUNDING_MODES)}")
    return Rules(
        base.money_values,
        debt_floor,
        tiebreak,
        eliminate,
        rounding,
        base.cards,
        base.reds_to_end,
        base.pass_forfeits,
        base.money_per_point,
        base.sole_poorest_only,
    )


def rounded(score: Fraction, mode: str) -> Fraction:
    """The final score rounded as the ``rounding`` option says.

    ``floor`` goes down and ``ceil`` up; ``half-up`` goes to the nearest whole
    number, a half going up towards plus infinity (7/2 -> 4, -7/2 -> -3).
    """
    if mode == "floor":
        return Fraction(math.floor(score))
    if mode == "ceil":
        return Fraction(math.ceil(score))
    if mode == "half-up":
        return Fraction(math.floor(score + Fraction(1, 2)))
    return score


def luxury_value(card: str) -> int:
    """The printed value of a luxury card (``luxury-7`` -> 7)."""
    return int(card.split("-")[1])


@dataclass
class ReferenceGame:
    """One game of High Society, played action by action."""

    players: list[str]
    deck: list[str]
    first_player: int
    rules: Rules = JAPANESE
    hands: list[list[int]] = field(default_factory=list)
    table: list[list[int]] = field(default_factory=list)  # bids in front of each player
    discarded_money: list[list[int]] = field(default_factory=list)
    passed: list[bool] = field(default_factory=list)
    won: list[list[str]] = field(default_factory=list)
    theft_pending: list[bool] = field(default_factory=list)
    deck_position: int = 0
    revealed: str | None = None
    red_cards_seen: int = 0
    start_player: int = 0
    turn: int = 0
    anyone_bid: bool = False
    waiting_for_discard: int | None = None  # the theft taker who must choose a luxury
    over: bool = False
    actions_done: int = 0

    def __post_init__(self) -> None:
        count = len(self.players)
        if not 3 <= count <= 5:
            raise ValueError("High Society is for 3 to 5 players")
        if sorted(self.deck) != sorted(self.rules.cards):
            raise ValueError(f"the deck must hold each of the {len(self.rules.cards)} status cards once")
        self.hands = [list(self.rules.money_values) for _ in range(count)]
        self.table = [[] for _ in range(count)]
        self.discarded_money = [[] for _ in range(count)]
        self.passed = [False] * count
        self.won = [[] for _ in range(count)]
        self.theft_pending = [False] * count
        self.start_player = self.first_player
        self.start_round()

    # ------------------------------------------------------------------ rounds

    def start_round(self) -> None:
        """The start player reveals the next card, or the game ends."""
        if self.deck_position >= len(self.deck):
            self.end_game()
            return
        card = self.deck[self.deck_position]
        self.deck_position += 1
        if is_red(card):
            self.red_cards_seen += 1
            if self.red_cards_seen == self.rules.reds_to_end:
                # The fourth red card (fifth in a long season) ends the game at once; it is not auctioned.
                self.end_game()
                return
        self.revealed = card
        self.passed = [False] * len(self.players)
        self.table = [[] for _ in self.players]
        self.anyone_bid = False
        self.turn = self.start_player

    def end_game(self) -> None:
        """No more rounds; the revealed card (if any) and the rest of the deck are not scored."""
        self.revealed = None
        self.over = True

    def highest_bid(self) -> int:
        """The highest total on the table this round."""
        return max(sum(bid) for bid in self.table)

    def next_active_player(self, after: int) -> int:
        """The next player clockwise after ``after`` who has not passed."""
        count = len(self.players)
        seat = (after + 1) % count
        while self.passed[seat]:
            seat = (seat + 1) % count
        return seat

    def give_card(self, taker: int, card: str) -> None:
        """The taker receives the card, with theft and pending theft handled."""
        self.won[taker].append(card)
        if card.startswith("luxury-") and self.theft_pending[taker]:
            # A pending theft takes the next luxury at once, with the theft card.
            self.won[taker].remove(card)
            self.won[taker].remove("theft")
            self.theft_pending[taker] = False
        elif card == "theft":
            if any(c.startswith("luxury-") for c in self.won[taker]):
                self.waiting_for_discard = taker
                self.turn = taker
                return
            self.theft_pending[taker] = True
        self.start_player = taker
        self.start_round()

    # ------------------------------------------------------------------ actions

    def current_player(self) -> int | None:
        """Whose decision it is, or None when the game is over."""
        return None if self.over else self.turn

    def legal_bids(self) -> list[tuple[int, ...]]:
        """Every set of money cards the current player may add (for tests and bots)."""
        hand = self.hands[self.turn]
        need = self.highest_bid() - sum(self.table[self.turn])
        bids = []
        for mask in range(1, 1 << len(hand)):
            cards = tuple(hand[i] for i in range(len(hand)) if mask >> i & 1)
            if sum(cards) > need:
                bids.append(cards)
        return bids

    def apply(self, action: dict[str, Any]) -> None:
        """Apply one action in log form; raise ReferenceIllegalAction if it is not allowed."""
        index = self.actions_done
        if self.over:
            raise ReferenceIllegalAction(index, "the game is over")
        if action.get("player") is not None and action["player"] != self.turn:
            raise ReferenceIllegalAction(index, f"it is player {self.turn}'s turn, not {action['player']}'s")
        kind = action.get("action")
        if self.waiting_for_discard is not None:
            if kind != "discard":
                raise ReferenceIllegalAction(index, "the theft taker must discard a luxury")
            card = action.get("card")
            if card not in self.won[self.turn] or not str(card).startswith("luxury-"):
                raise ReferenceIllegalAction(index, f"{card} is not a luxury held by the player")
            self.won[self.turn].remove(card)
            self.won[self.turn].remove("theft")
            self.waiting_for_discard = None
            self.actions_done += 1
            self.start_player = self.turn
            self.start_round()
            return
        if kind == "bid":
            self.bid(index, list(action.get("cards", [])))
        elif kind == "pass":
            self.pass_turn()
        else:
            raise ReferenceIllegalAction(index, f"{kind!r} is not allowed now")
        self.actions_done += 1

    def bid(self, index: int, cards: list[int]) -> None:
        """Add money cards to the table; the new total must beat the highest strictly."""
        if not cards:
            raise ReferenceIllegalAction(index, "a bid needs at least one money card")
        hand = list(self.hands[self.turn])
        for card in cards:
            if card not in hand:
                raise ReferenceIllegalAction(index, f"{card} is not in the player's hand")
            hand.remove(card)
        if sum(self.table[self.turn]) + sum(cards) <= self.highest_bid():
            raise ReferenceIllegalAction(index, "the bid does not beat the highest bid")
        self.hands[self.turn] = hand
        self.table[self.turn].extend(cards)
        self.anyone_bid = True
        self.turn = self.next_active_player(self.turn)

    def pass_turn(self) -> None:
        """Pass: the bid goes back to the hand, except as the auction kind says."""
        player = self.turn
        card = self.revealed
        assert card is not None
        if card in MISFORTUNES:
            # The first to pass takes the misfortune and keeps their money;
            # everyone else pays what they bid.
            self.hands[player].extend(self.table[player])
            self.table[player] = []
            for other in range(len(self.players)):
                self.discarded_money[other].extend(self.table[other])
                self.table[other] = []
            self.give_card(player, card)
            return
        if self.rules.pass_forfeits:
            # The house rule: whoever passes loses what they had bid.
            self.discarded_money[player].extend(self.table[player])
        else:
            self.hands[player].extend(self.table[player])
        self.table[player] = []
        self.passed[player] = True
        still_in = [p for p in range(len(self.players)) if not self.passed[p]]
        if len(still_in) == 1:
            taker = still_in[0]
            self.discarded_money[taker].extend(self.table[taker])
            self.table[taker] = []
            self.give_card(taker, card)
            return
        self.turn = self.next_active_player(player)

    # ------------------------------------------------------------------ scoring

    def money_left(self, player: int) -> int:
        """The money a player still owns: their hand and their bid on the table."""
        return sum(self.hands[player]) + sum(self.table[player])

    def score(self, player: int) -> Fraction:
        """Luxuries, minus 5 for the debt (floored if the rules say), x2 per prestige, x1/2 for scandal.

        With money scoring, a point per full ``money_per_point`` left is added
        last, before the final rounding.
        """
        cards = self.won[player]
        score = Fraction(sum(luxury_value(c) for c in cards if c.startswith("luxury-")))
        if "debt" in cards:
            score -= 5
        if self.rules.debt_floor is not None and score < self.rules.debt_floor:
            score = Fraction(self.rules.debt_floor)
        for card in cards:
            if is_prestige(card):
                score *= 2
        if "scandal" in cards:
            score /= 2
        if self.rules.money_per_point:
            score += self.money_left(player) // self.rules.money_per_point
        return rounded(score, self.rules.rounding)

    def result(self) -> dict[str, Any]:
        """Money, elimination, exact scores and winners, players in seat order."""
        assert self.over, "the game is not over"
        count = len(self.players)
        money = [self.money_left(p) for p in range(count)]
        eliminated = [False] * count
        if self.rules.eliminate_poorest:
            least = min(money)
            eliminated = [m == least for m in money]
            if self.rules.sole_poorest_only and eliminated.count(True) > 1:
                eliminated = [False] * count  # a tie for the least money puts nobody out
        scores = [self.score(p) for p in range(count)]
        contenders = [p for p in range(count) if not eliminated[p]]
        if contenders:
            best = max(scores[p] for p in contenders)
            contenders = [p for p in contenders if scores[p] == best]
        for criterion in self.rules.tiebreak:
            if len(contenders) <= 1:
                break
            if criterion == "money":
                measure = {p: money[p] for p in contenders}
            elif criterion == "most-titles":
                measure = {p: sum(is_prestige(c) for c in self.won[p]) for p in contenders}
            elif criterion == "highest-luxury":
                measure = {
                    p: max([luxury_value(c) for c in self.won[p] if c.startswith("luxury-")], default=0)
                    for p in contenders
                }
            else:
                raise ValueError(f"unknown tiebreak {criterion!r}")
            best_measure = max(measure.values())
            contenders = [p for p in contenders if measure[p] == best_measure]
        return {
            "players": [
                {
                    "name": self.players[p],
                    "money": money[p],
                    "eliminated": eliminated[p],
                    "score": scores[p],
                    "cards": list(self.won[p]),
                }
                for p in range(count)
            ],
            "winners": [self.players[p] for p in contenders],
        }

    # ------------------------------------------------------------------ random play

    def random_action(self, rng: random.Random) -> dict[str, Any]:
        """A legal action, uniform over all legal actions (as the random bot plays)."""
        player = self.turn
        if self.waiting_for_discard is not None:
            luxuries = [c for c in self.won[player] if c.startswith("luxury-")]
            return {"player": player, "action": "discard", "card": rng.choice(luxuries)}
        hand = self.hands[player]
        need = self.highest_bid() - sum(self.table[player])
        subsets = 1 << len(hand)
        # Rejection sampling over "pass" and the non-empty subsets of the hand is
        # uniform over the legal actions; fall back to listing them when few are legal.
        for _ in range(32):
            pick = rng.randrange(subsets)  # 0 stands for "pass"
            if pick == 0:
                return {"player": player, "action": "pass"}
            cards = [hand[i] for i in range(len(hand)) if pick >> i & 1]
            if sum(cards) > need:
                return {"player": player, "action": "bid", "cards": sorted(cards)}
        choices: list[Any] = [None, *self.legal_bids()]
        pick = rng.choice(choices)
        if pick is None:
            return {"player": player, "action": "pass"}
        return {"player": player, "action": "bid", "cards": sorted(pick)}


def replay(log: dict[str, Any], rules: Rules | None = None) -> dict[str, Any]:
    """Replay a game log (docs/formats.md) and return its result (scores as Fractions)."""
    if rules is None:
        rules = rules_for(log["ruleset"], log.get("options"))
    if log.get("format", 1) not in (1, 2):
        raise ValueError(f"unknown log format {log.get('format')!r}")
    if log.get("chance"):
        raise ValueError("High Society never shuffles after the deal: this log records a later shuffle")
    game = ReferenceGame(list(log["players"]), list(log["deck"]), log["first_player"], rules)
    for action in log["actions"]:
        game.apply(action)
    if not game.over:
        raise ReferenceIllegalAction(len(log["actions"]), "the log ends before the game does")
    return game.result()


def play_random_game(
    seed: int,
    players: Iterable[str] = ("Ann", "Bo", "Cy", "Di"),
    ruleset: str = "high-society/ja",
    options: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play one game with random bots; return the game log with its result."""
    rng = random.Random(seed)
    names = list(players)
    rules = rules_for(ruleset, options)
    deck = list(rules.cards)
    rng.shuffle(deck)
    first_player = rng.randrange(len(names))
    game = ReferenceGame(names, deck, first_player, rules)
    actions = []
    while not game.over:
        action = game.random_action(rng)
        game.apply(action)
        actions.append(action)
    return {
        "ruleset": ruleset,
        "options": dict(options or {}),
        "players": names,
        "first_player": first_player,
        "deck": deck,
        "actions": actions,
        "result": game.result(),
    }
