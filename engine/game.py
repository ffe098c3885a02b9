"""The generic interpreter: :class:`Game` (immutable factory) and :class:`State` (one game in play).

Shaped like OpenSpiel's games. A :class:`Game` compiles a ruleset once: it
builds its blocks (``engine.blocks``) and precomputes the tables the hot loop
needs (the money total of every subset of a hand, the auction held for each
card, each card's effect). A :class:`State` is cheap and mutable: hands and
bids are bitmasks over the ruleset's money values, actions are ints
(``engine.actions``).

Chance is the seed: ``new_initial_state(seed)`` shuffles the deck and then
draws the first player from one ``random.Random(seed)``, so the same seed
gives the same game; a replay passes the deck and the first player instead.

A round: the start player reveals the top card (automatic); an end condition
may end the game right there; otherwise the first auction whose ``when``
matches the card is held; the taker gets the card, a pending effect of theirs
may discard it at once, or its own ``on-take`` effect may ask them to choose a
card (their decision) or wait as pending; the next round starts with the
player the ``next-start`` rule names.
"""
from __future__ import annotations

import copy
import random
from fractions import Fraction
from types import MappingProxyType
from typing import Any, Mapping, Sequence

from . import blocks
from .actions import (CHOICE_BASE, MAX_MONEY_VALUES, PASS, LegalActions, choice_action, choice_card_index, is_choice,
                      mask_values, subset_sums)
from .errors import CardrulesError, IllegalActionError, LogError
from .text.i18n import _
from .observation import Observation
from .result import Result, score_to_json
from .scoring import Scoring

TERMINAL = -4


class _NoChance(random.Random):
    """The generator of a replay, which must never be asked for chance."""

    def random(self) -> float:  # pragma: no cover - a programming error if reached
        raise AssertionError("a replayed game drew a random number")

    def getrandbits(self, k: int) -> int:  # pragma: no cover - a programming error if reached
        raise AssertionError("a replayed game drew a random number")


_NO_CHANCE = _NoChance(0)


def _money_text(ruleset: Any, amount: int) -> str:
    """Money as the edition writes it, for the message of an illegal action."""
    # Imported here, not at the top: only a refused action needs Babel, and
    # simulation workers never refuse one.
    from .text.formatting import format_money

    return format_money(ruleset, amount)


def _json_value(value: Any) -> Any:
    """An option value as plain JSON (fractions as exact numbers or ``"p/q"``)."""
    if isinstance(value, Fraction):
        return score_to_json(value)
    if isinstance(value, (list, tuple)):
        return [_json_value(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _json_value(item) for key, item in value.items()}
    return value


class Game:
    """A ruleset compiled for a table of players (immutable; a factory of states).

    ``players`` is a list of names or a number of players (named "Player 1"...).
    ``seats`` optionally records what sits in each seat (``"human"``,
    ``"bot:heuristic"``...) for the game log.
    """

    def __init__(self, ruleset: Any, players: Sequence[str] | int, *, seats: Sequence[str] | None = None) -> None:
        if isinstance(players, int):
            names = tuple(_("Player {number}", number=seat + 1) for seat in range(players))
        else:
            names = tuple(str(name) for name in players)
        if not ruleset.players_min <= len(names) <= ruleset.players_max:
            raise CardrulesError.at(_("{ruleset} is for {low} to {high} players, not {count}",
                                      ruleset=ruleset.id, low=ruleset.players_min, high=ruleset.players_max,
                                      count=len(names)))
        if len(set(names)) != len(names):
            raise CardrulesError.at(_("every player needs a different name"))
        if len(ruleset.money_values) > MAX_MONEY_VALUES:
            raise CardrulesError.at(_("at most {count} money values are supported", count=MAX_MONEY_VALUES))
        self.ruleset = ruleset
        self.players = names
        self.player_count = len(names)
        self.seats = tuple(seats) if seats is not None else None
        self.money_values = tuple(ruleset.money_values)
        self.money_sums = subset_sums(self.money_values)
        self.full_hand = (1 << len(self.money_values)) - 1
        self.value_bits = {value: 1 << index for index, value in enumerate(self.money_values)}
        self.card_ids = tuple(card.id for card in ruleset.cards)
        self.card_index = {card.id: card.index for card in ruleset.cards}

        self.setup_blocks = tuple(blocks.build("setup", spec, ruleset) for spec in ruleset.setup)
        self.reveal_block = blocks.build("reveal", ruleset.reveal, ruleset)
        auctions = [blocks.build("auction", spec, ruleset) for spec in ruleset.auctions]
        auction_for_card = []
        for card in ruleset.cards:
            matching = [auction for auction in auctions if auction.matches(card)]
            if not matching:
                raise CardrulesError.at(_("no auction is held for the card {card}", card=card.id))
            auction_for_card.append(matching[0])
        self.auction_for_card = tuple(auction_for_card)
        self.effect_for_card = tuple(blocks.build("effect", card.on_take, ruleset) if card.on_take else None
                                     for card in ruleset.cards)
        self.next_start_rule = blocks.build("next-start", ruleset.next_start, ruleset)
        self.end_conditions = tuple(blocks.build("end", spec, ruleset) for spec in ruleset.end_conditions)
        # Each end condition says when it is checked, so a round asks only the relevant ones.
        self.round_start_ends = tuple(end for end in self.end_conditions if end.checked_at_round_start)
        self.reveal_ends = tuple(end for end in self.end_conditions if end.checked_at_reveal)
        self.end_thresholds = {end.tag: end.count for end in self.end_conditions if hasattr(end, "tag")}
        self.end_thresholds_view = MappingProxyType(self.end_thresholds)
        self.scoring = Scoring(ruleset)
        self._values_of: dict[int, tuple[int, ...]] = {}

    def values_of(self, mask: int) -> tuple[int, ...]:
        """The money values a mask stands for, ascending (cached)."""
        values = self._values_of.get(mask)
        if values is None:
            values = self._values_of[mask] = tuple(mask_values(mask, self.money_values))
        return values

    def mask_of(self, values: Sequence[int]) -> int:
        """The mask of a list of money values (raises KeyError for a value that does not exist)."""
        mask = 0
        for value in values:
            mask |= self.value_bits[value]
        return mask

    def new_initial_state(self, seed: int | None = None, *, deck: Sequence[str] | None = None,
                          first_player: int | None = None, record_events: bool = True) -> "State":
        """A new game: setup blocks run, the first round's card is revealed.

        With a ``seed`` the deck is shuffled and then the first player drawn by
        ``random.Random(seed)``; ``deck`` (card ids, top first) and
        ``first_player`` replace either draw (a replay passes both).
        ``record_events=False`` leaves ``events`` empty: replays and simulations
        that nobody narrates skip building them (the game is otherwise the same).
        """
        return State(self, seed, list(deck) if deck is not None else None, first_player, record_events)


class State:
    """One game in play (mutable). Ask it whose turn it is, what is legal, and apply actions.

    The public attributes read by user interfaces (``bids``, ``passed``,
    ``won_cards``, ``revealed_card`` ...) are facts; change the state only
    through :meth:`apply_action`. The methods under "for blocks" are the
    interface the building blocks use to move cards and money.
    """

    def __init__(self, game: Game, seed: int | None, deck: list[str] | None, first_player: int | None,
                 record_events: bool = True) -> None:
        self.game = game
        # Whether ``events`` is kept (narration needs it; a replay does not).
        self.recording = record_events
        self.ruleset = game.ruleset
        self.player_count = count = game.player_count
        self.seed = seed
        # A replay gives both draws; seeding a generator would be wasted work then.
        rng = random.Random(seed) if deck is None or first_player is None else _NO_CHANCE
        self.hands = [0] * count
        self.deck: list[int] = list(range(len(game.card_ids)))
        self.deck_position = 0
        for block in game.setup_blocks:
            block.apply(self, rng, deck)
        if first_player is None:
            first_player = rng.randrange(count)
        elif not isinstance(first_player, int) or not 0 <= first_player < count:
            raise LogError.at(_("the first player must be a seat from 0 to {last}", last=count - 1),
                              json_path="$.first_player")
        self.first_player = first_player
        self.start_player = first_player
        self.dealt_total = sum(game.money_sums[hand] for hand in self.hands)
        self.bid_masks = [0] * count
        self.bid_totals = [0] * count
        self.passed = [False] * count
        self.active_count = count
        self.highest_total = 0
        self.money_bid_this_round = False
        self.discarded_masks = [0] * count
        self.won: list[list[int]] = [[] for _ in range(count)]
        self.discarded_cards: list[int] = []
        # Per player: (effect block, index of the effect card) waiting for a card to catch.
        self.pending: list[list[tuple[Any, int]]] = [[] for _ in range(count)]
        # (player, offered choice actions, effect block, effect card) while a choice is asked.
        self.choice: tuple[int, tuple[int, ...], Any, int] | None = None
        self.revealed = -1
        self.revealed_mask = 0
        self.auction: Any = None
        self.current = first_player
        self.terminal = False
        self.end_reason: str | None = None
        self.ending_after_round: str | None = None
        self.round_number = 0
        self.history: list[int] = []
        self.action_players: list[int] = []
        self.events: list[dict[str, Any]] = []
        self._result: Result | None = None
        # Bumped whenever a public fact other than the auction itself changes (see _public_facts).
        self._public_changes = 0
        self._public_cache: tuple | None = None
        self._start_round()

    # ------------------------------------------------------------------ the OpenSpiel-shaped API

    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` (-4) once the game is over."""
        return TERMINAL if self.terminal else self.current

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.terminal

    def legal_actions(self) -> LegalActions:
        """The current player's legal actions (a lazy view; empty when the game is over)."""
        if self.terminal:
            return LegalActions.nothing()
        if self.choice is not None:
            return LegalActions.choice(self.choice[1])
        player = self.current
        return LegalActions(self.hands[player], self.bid_totals[player], self.highest_total, self.game.money_sums)

    def apply_action(self, action: int) -> None:
        """Apply the current player's action; raises IllegalActionError (with the reason) if illegal."""
        if self.terminal:
            raise IllegalActionError.at(_("the game is over"))
        player = self.current
        if self.choice is not None:
            self._apply_choice(player, action)
            return
        if action == PASS:
            self.history.append(action)
            self.action_players.append(player)
            if self.recording:
                self.events.append({"type": "pass", "player": player})
            taker = self.auction.on_pass(self, player)
            if taker is None:
                self.current = self.next_active_player(player)
            else:
                self._give_card(taker)
            return
        hand = self.hands[player]
        if (type(action) is not int and not isinstance(action, int)) or action < 0 or action >= CHOICE_BASE:
            # TRANSLATORS: said when a card choice (or garbage) is given where a bid or a pass is expected.
            raise IllegalActionError.at(_("this is a bid turn: pass or bid money cards"))
        game = self.game
        if action & ~hand:
            missing = action & ~hand
            if missing > game.full_hand:
                raise IllegalActionError.at(_("there is no such money card"))
            raise IllegalActionError.at(_("you do not hold {money}",
                                          money=self._money_list(game.values_of(missing))))
        total = self.bid_totals[player] + game.money_sums[action]
        if total <= self.highest_total:
            # TRANSLATORS: {total} is the player's table total after the bid.
            raise IllegalActionError.at(_("a bid of {total} does not beat the highest bid {highest}",
                                          total=_money_text(self.ruleset, total),
                                          highest=_money_text(self.ruleset, self.highest_total)))
        self.hands[player] = hand ^ action
        self.bid_masks[player] |= action
        self.bid_totals[player] = total
        self.highest_total = total
        self.money_bid_this_round = True
        self.history.append(action)
        self.action_players.append(player)
        if self.recording:
            self.events.append({"type": "bid", "player": player, "cards": game.values_of(action), "total": total})
        self.current = self.next_active_player(player)

    def _apply_choice(self, player: int, action: int) -> None:
        chooser, offered, effect, effect_card = self.choice  # type: ignore[misc]
        if action not in offered:
            names = self._card_list([self.game.card_ids[choice_card_index(a)] for a in offered])
            raise IllegalActionError.at(_("choose one of these cards: {cards}", cards=names))
        self.history.append(action)
        self.action_players.append(chooser)
        self.choice = None
        effect.on_choice(self, chooser, choice_card_index(action), effect_card)
        self._start_round()

    def result(self) -> Result:
        """The scored result (only once the game is over)."""
        if not self.terminal:
            raise ValueError("the game is not over yet")
        if self._result is None:
            game = self.game
            holdings = [(name, [game.card_ids[card] for card in self.won[seat]], game.money_sums[self.hands[seat]])
                        for seat, name in enumerate(game.players)]
            self._result = game.scoring.score(holdings)
        return self._result

    def returns(self) -> list[float]:
        """OpenSpiel-style returns: 1 for each winner, 0 otherwise (shared wins count fully)."""
        winners = set(self.result().winners)
        return [1.0 if name in winners else 0.0 for name in self.game.players]

    def clone(self) -> "State":
        """An independent copy (bots may explore on it)."""
        other = copy.copy(self)
        other.hands = list(self.hands)
        other.deck = list(self.deck)
        other.bid_masks = list(self.bid_masks)
        other.bid_totals = list(self.bid_totals)
        other.passed = list(self.passed)
        other.discarded_masks = list(self.discarded_masks)
        other.won = [list(cards) for cards in self.won]
        other.discarded_cards = list(self.discarded_cards)
        other.pending = [list(waiting) for waiting in self.pending]
        other.history = list(self.history)
        other.action_players = list(self.action_players)
        other.events = list(self.events)
        return other

    # ------------------------------------------------------------------ rounds

    def _start_round(self) -> None:
        game = self.game
        self._public_changes += 1
        if self.ending_after_round is not None:
            self._end(self.ending_after_round, None)
            return
        for end in game.round_start_ends:
            if end.ends_at_round_start(self):
                self._end(end.id, None)
                return
        self.round_number += 1
        card = game.reveal_block.reveal(self)
        self.revealed = card
        self.revealed_mask |= 1 << card
        if self.recording:
            self.events.append({"type": "reveal", "player": self.start_player, "card": game.card_ids[card],
                                "round": self.round_number})
        for end in game.reveal_ends:
            if end.ends_at_reveal(self, card):
                if end.discard_revealed:
                    self._end(end.id, card)
                    return
                self.ending_after_round = end.id
        self.auction = game.auction_for_card[card]
        count = self.player_count
        self.passed = [False] * count
        self.active_count = count
        self.highest_total = 0
        self.money_bid_this_round = False
        self.current = self.start_player

    def _end(self, reason: str, revealed_card: int | None) -> None:
        self._public_changes += 1
        self.terminal = True
        self.end_reason = reason
        self.auction = None
        if self.recording:
            event: dict[str, Any] = {"type": "end", "reason": reason}
            if revealed_card is not None:
                event["card"] = self.game.card_ids[revealed_card]
            self.events.append(event)

    def _give_card(self, taker: int) -> None:
        game = self.game
        self._public_changes += 1
        card = self.revealed
        if self.recording:
            self.events.append({"type": "take", "player": taker, "card": game.card_ids[card],
                                "free": not self.money_bid_this_round})
        waiting = self.pending[taker]
        for position, (effect, effect_card) in enumerate(waiting):
            if effect.intercepts(card):
                del waiting[position]
                effect.on_intercept(self, taker, card, effect_card)
                break
        else:
            self.won[taker].append(card)
            effect = game.effect_for_card[card]
            if effect is not None:
                effect.on_take(self, taker, card)
        self.start_player = game.next_start_rule.next_start(self, taker)
        self.auction = None
        if self.choice is not None:
            self.current = self.choice[0]
            return
        self._start_round()

    # ------------------------------------------------------------------ for blocks

    def next_active_player(self, player: int) -> int:
        """The next seat clockwise from ``player`` that has not passed this round."""
        count = self.player_count
        passed = self.passed
        seat = (player + 1) % count
        while passed[seat]:
            seat = (seat + 1) % count
        return seat

    def return_bid(self, player: int) -> None:
        """``player`` takes their bid on the table back into hand."""
        self.hands[player] |= self.bid_masks[player]
        returned_total = self.bid_totals[player]
        self.bid_masks[player] = 0
        self.bid_totals[player] = 0
        if returned_total == self.highest_total and returned_total:
            self.highest_total = max(self.bid_totals)

    def discard_bid(self, player: int) -> None:
        """``player``'s bid on the table is paid: out of the game."""
        mask = self.bid_masks[player]
        if mask:
            self._public_changes += 1
            self.discarded_masks[player] |= mask
            if self.recording:
                self.events.append({"type": "pay", "player": player, "cards": self.game.values_of(mask)})
            self.bid_masks[player] = 0
            self.bid_totals[player] = 0

    def mark_passed(self, player: int) -> None:
        """``player`` is out of this round's auction."""
        self.passed[player] = True
        self.active_count -= 1

    def offer_choice(self, player: int, actions: tuple[int, ...], effect: Any, effect_card: int) -> None:
        """Ask ``player`` to choose one of ``actions``; ``effect.on_choice`` applies it."""
        self.choice = (player, tuple(sorted(actions)), effect, effect_card)

    def add_pending(self, player: int, effect: Any, effect_card: int) -> None:
        """Leave ``effect`` waiting on ``player`` until a card it catches is taken."""
        self._public_changes += 1
        self.pending[player].append((effect, effect_card))
        if self.recording:
            self.events.append({"type": "pending", "player": player, "card": self.game.card_ids[effect_card],
                                "tag": getattr(effect, "tag", None)})

    def discard_won(self, player: int, card: int) -> None:
        """A card ``player`` holds is discarded (out of the game)."""
        self._public_changes += 1
        self.won[player].remove(card)
        self.discarded_cards.append(card)
        if self.recording:
            self.events.append({"type": "discard", "player": player, "card": self.game.card_ids[card]})

    def discard_taken(self, player: int, card: int) -> None:
        """A card ``player`` just took is discarded at once, never held."""
        self._public_changes += 1
        self.discarded_cards.append(card)
        if self.recording:
            self.events.append({"type": "discard", "player": player, "card": self.game.card_ids[card]})

    # ------------------------------------------------------------------ facts for interfaces

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.game.players

    @property
    def revealed_card(self) -> str | None:
        """The id of the card being auctioned (or that ended the game), None before the first reveal."""
        return self.game.card_ids[self.revealed] if self.revealed >= 0 else None

    @property
    def auction_kind(self) -> str | None:
        """The kind of the auction being held (``ascending``...), None between rounds and at the end."""
        return self.auction.kind if self.auction is not None and self.choice is None else None

    @property
    def bids(self) -> list[list[int]]:
        """Per player, the money values of their bid on the table."""
        return [list(self.game.values_of(mask)) for mask in self.bid_masks]

    @property
    def won_cards(self) -> list[list[str]]:
        """Per player, the ids of the cards they hold, in the order taken."""
        ids = self.game.card_ids
        return [[ids[card] for card in cards] for cards in self.won]

    @property
    def discarded_money(self) -> list[list[int]]:
        """Per player, the money values they paid (out of the game)."""
        return [list(self.game.values_of(mask)) for mask in self.discarded_masks]

    @property
    def deck_remaining(self) -> int:
        """How many cards are still face down in the deck."""
        return len(self.deck) - self.deck_position

    @property
    def pending_choice(self) -> tuple[int, tuple[int, ...]] | None:
        """``(player, offered choice actions)`` while a card effect asks for a choice."""
        return None if self.choice is None else (self.choice[0], self.choice[1])

    def hand_values(self, player: int) -> list[int]:
        """The money values in ``player``'s hand, ascending."""
        return list(self.game.values_of(self.hands[player]))

    def hand_total(self, player: int) -> int:
        """The money in ``player``'s hand."""
        return self.game.money_sums[self.hands[player]]

    def _card_list(self, card_ids: Sequence[str]) -> str:
        from .text.formatting import card_name, format_list  # lazily, as in _money_text

        return format_list([card_name(self.ruleset, card_id) for card_id in card_ids])

    def _money_list(self, values: Sequence[int]) -> str:
        from .text.formatting import format_list  # lazily, as in _money_text

        return format_list([_money_text(self.ruleset, value) for value in values])

    # ------------------------------------------------------------------ observation

    def _public_facts(self) -> tuple:
        """Cards won, money paid, unseen cards, tag counts, pending effects: rebuilt only when they change.

        Bots ask for an observation at every decision, but these facts change
        only when a card is revealed, taken or discarded, or money is paid.
        """
        cached = self._public_cache
        if cached is not None and cached[0] == self._public_changes:
            return cached[1]
        game = self.game
        ids = game.card_ids
        revealed_mask = self.revealed_mask
        tag_counts: dict[str, int] = {}
        unseen = []
        for card in self.ruleset.cards:
            if revealed_mask >> card.index & 1:
                for tag in card.tags:
                    tag_counts[tag] = tag_counts.get(tag, 0) + 1
            else:
                unseen.append(card.id)
        facts = (
            tuple(tuple(ids[card] for card in won) for won in self.won),
            tuple(game.values_of(mask) for mask in self.discarded_masks),
            tuple(unseen),
            MappingProxyType(tag_counts),
            tuple(tuple(MappingProxyType({"card": ids[effect_card], "kind": effect.kind,
                                          "tag": getattr(effect, "tag", None)})
                        for effect, effect_card in waiting) for waiting in self.pending),
        )
        self._public_cache = (self._public_changes, facts)
        return facts

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now."""
        game = self.game
        values_of = game.values_of
        public = self._public_facts()
        return Observation(
            player=player,
            players=game.players,
            hand=values_of(self.hands[player]),
            hand_mask=self.hands[player],
            bids=tuple(values_of(mask) for mask in self.bid_masks),
            bid_totals=tuple(self.bid_totals),
            highest_bid=self.highest_total,
            passed=tuple(self.passed),
            won_cards=public[0],
            money_cards_left=tuple(hand.bit_count() + bid.bit_count() for hand, bid in zip(self.hands, self.bid_masks)),
            discarded_money=public[1],
            revealed_card=self.revealed_card,
            auction_kind=self.auction_kind,
            cards_left_in_deck=self.deck_remaining,
            unseen_cards=public[2],
            tag_counts_revealed=public[3],
            end_thresholds=game.end_thresholds_view,
            pending_effects=public[4],
            round_number=self.round_number,
            current_player=self.current_player(),
            start_player=self.start_player,
            ruleset=self.ruleset.id,
            options=self.ruleset.options,
            money_values=game.money_values,
            rules=self.ruleset,
        )

    # ------------------------------------------------------------------ log form

    def action_to_json(self, action: int, player: int | None = None) -> dict[str, Any]:
        """The CONTRACTS log form of ``action`` by ``player`` (default: the current player)."""
        if player is None:
            player = self.current
        if action == PASS:
            return {"player": player, "action": "pass"}
        if is_choice(action):
            return {"player": player, "action": "discard", "card": self.game.card_ids[choice_card_index(action)]}
        return {"player": player, "action": "bid", "cards": list(self.game.values_of(action))}

    def action_from_json(self, obj: Mapping[str, Any]) -> int:
        """The action int of a log entry; raises LogError (malformed) or IllegalActionError (wrong turn)."""
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise LogError.at(_("an action must be an object"))
        player = obj.get("player")
        if player is not None and not self.terminal and player != self.current:
            raise IllegalActionError.at(_("it is {name}'s turn", name=self.game.players[self.current]))
        return self.parse_action(obj)

    def parse_action(self, obj: Mapping[str, Any]) -> int:
        """The action int of a log entry's form, without asking whose turn it is (a replay checks that first).

        Raises LogError for a malformed entry; whether the action is legal is
        :meth:`apply_action`'s to say.
        """
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise LogError.at(_("an action must be an object"))
        kind = obj.get("action")
        if kind == "pass":
            return PASS
        if kind == "bid":
            values = obj.get("cards")
            if type(values) is not list or not values:
                raise LogError.at(_("a bid must list one or more money cards"))
            value_bits = self.game.value_bits
            mask = 0
            for value in values:
                # JSON numbers only (a bool is an int to Python but not a money card).
                bit = value_bits.get(value) if type(value) is int or type(value) is float else None
                if bit is None:
                    raise LogError.at(_("there is no money card worth {value}", value=value))
                if mask & bit:
                    raise LogError.at(_("the bid names {value} twice", value=value))
                mask |= bit
            return mask
        if kind == "discard":
            card = obj.get("card")
            index = self.game.card_index.get(card) if type(card) is str else None
            if index is None:
                raise LogError.at(_("there is no card {card}", card=card))
            return choice_action(index)
        raise LogError.at(_("unknown action {action}: expected bid, pass or discard", action=kind))

    def to_log(self) -> dict[str, Any]:
        """The CONTRACTS game log so far (with ``result`` once the game is over)."""
        game = self.game
        log: dict[str, Any] = {
            "format": 1,
            "ruleset": self.ruleset.id,
            "options": _json_value(dict(self.ruleset.options)),
            "players": list(game.players),
            "first_player": self.first_player,
            "deck": [game.card_ids[card] for card in self.deck],
            "actions": [self.action_to_json(action, player)
                        for action, player in zip(self.history, self.action_players)],
        }
        if self.seed is not None:
            log["seed"] = self.seed
        if game.seats is not None:
            log["seats"] = list(game.seats)
        if self.terminal:
            log["result"] = self.result().to_json()
        return log

    def __repr__(self) -> str:
        return (f"State(round={self.round_number}, revealed={self.revealed_card}, current={self.current_player()}, "
                f"bids={self.bid_totals})")
