"""The ``trading`` strategy: give away what would break its zones, ask for what fits them.

Positions are valued as the field strategy values them
(:class:`~engine.fronts.bots.strategies.fields.Outlook`): the cards a player must
plant (received cards, the face-up cards the active player keeps, the front
of the hand) played out into their zones. A card is *unwanted* when the
position is worth more without it (it would force a zone to be harvested
early), *wanted* when it is worth more with it (it joins a zone of its type).
The trading family tells how offers and answers are numbered and which zones
a trade names (:class:`~engine.families.common.front.hints.TradingFacts`).

- **Answering** an offer, it accepts when the position after the trade
  (cards received set aside to plant, its cards given, the hand positions
  chosen to give the least useful copies) is worth more than before, by a
  margin; otherwise it declines.
- **Offering**, it builds a few offers to each player it may trade with:
  its unwanted cards (face-up cards it would have to keep, hand cards near
  the front) given, a wanted card asked for (a face-up card of the active
  player, or a hand card of a type its zones hold), or both. Each is scored by
  its own gain times a guess of the chance it is accepted: the receiver's
  gain judged from what the table shows of them (their zones and cards set
  aside; their hand is hidden), and for hand cards asked for, the chance that
  they hold one. It makes the best offer worth making, never the same one
  twice in a trading phase, and otherwise passes (letting the others offer);
  trading ends when everyone has passed.

A player out to *win* rather than to score also weighs what a trade gives
the other side, a rival: with a ``rivalry`` of r, it accepts only when its
own gain beats the offerer's (judged from what the table shows of them) times
r, and scores its offers by its gain less r times the receiver's, making
every offer whose score is above nothing (:data:`RIVAL_OFFER_MARGIN`) where a
player out for its own points wants some gain (:data:`OFFER_MARGIN`). Rivals are
not alike: each one's r is scaled by a weight that follows their standing
(:data:`RIVAL_SPREAD`), so that a trade with the leader must gain it more
than one with a player far behind, who is no threat to its win. The
heuristic bot plays for its own points (r = 0); the searching bot's own moves
weigh their rivals (:data:`engine.fronts.bots.ismcts.RIVALRY`; measured in
``docs/bot-strength.md``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from math import exp
from typing import Any

from engine.core.observation import Observation
from engine.fronts.bots.strategies.fields import HORIZON, FieldPolicy, FieldRules, Holding, Outlook, read_holding

# The least gain, in points, for which it accepts an offer (0.4 lost 0.4 points a game in self-play).
ACCEPT_MARGIN = 0.02
# The least expected gain, in points, for which it makes an offer.
OFFER_MARGIN = 0.08
# The same for a player out to win (a rivalry): every offer whose score (its gain less what it gives the rival, times
# the chance it is accepted) is above nothing. One seat with rivalry 0.5 and no margin against three heuristic bots,
# 1,600 Amigo deals paired against the same seat with OFFER_MARGIN: 2.6 points more wins (standard error 1.0), 0.22
# more margin a game (0.06); a margin of 0.2 lost 4.4 points (1.2).
RIVAL_OFFER_MARGIN = 0.0
# The most ways of accepting it weighs (the hand positions giving the cards asked for).
ACCEPT_WAYS = 24
# The most parts of the pool weighed as gifts one by one (see _sub_counts).
MOST_POOL_PARTS = 64
# The chance an offer is accepted, by how the receiver seems to gain from it: clearly, barely, not at all.
ACCEPT_CHANCE = (0.8, 0.5, 0.15)
# With a rivalry, how it is shared among the rivals, in points: each rival's weight is a softmax of their standing
# (coins plus what their zones are worth, as the table sees them) over this spread, scaled so that the weights average
# 1: the leader counts most, a player far behind hardly at all. One seat with rivalry 0.5 against three heuristic bots,
# 1,600 Amigo deals paired against the same seat with the rivals alike: spread 2 gained 0.31 points of margin a game
# (standard error 0.09) and 1.8 points of wins (1.2); spread 1 gained 0.22 (0.10), spread 4 0.27 (0.07).
RIVAL_SPREAD = 2.0


class TradingPolicy(FieldPolicy):
    """Answers the decisions of a trade (see the module docstring)."""

    # How much of what a trade gives the other side counts against it (0: plays for its own points alone); the
    # bot that owns the policy sets it.
    rivalry = 0.0
    # How the rivalry is shared among the rivals (0: alike); see RIVAL_SPREAD.
    rival_spread = RIVAL_SPREAD

    def choose(self, obs: Observation, legal: Any) -> int:
        """Accept or decline; make an offer or pass."""
        rules = self.rules_for(obs)
        parts = self.legal_parts(legal)
        trade = rules.trading
        answering = trade.answering(obs.decision)
        if answering and trade.accept not in parts:
            # It lacks the cards asked for.
            return trade.declining
        turn = parts.get(trade.passing)
        if not answering and trade.offer not in parts and turn is not None:
            return next(iter(turn))
        active, pool, holding, outlook = self._position(obs, rules)
        if active == obs.player and not answering:
            # Before offering its face-up cards, the active player may make room (every last chance offers it too).
            action = self.at_any_time(obs, rules, parts, holding, outlook)
            if action is not None:
                return action
        if answering:
            return self.answer(obs, rules, parts, holding, outlook)
        offer = self.best_offer(obs, rules, parts, holding, outlook, pool, active)
        if offer is not None:
            return offer
        return next(iter(turn)) if turn is not None else next(iter(legal))

    def ranked(self, obs: Observation, legal: Any, count: int) -> list[int]:
        """Up to ``count`` actions worth a search's look, best first: the best offers (or ways to accept), then passing.

        What :meth:`choose` weighs, kept beyond its best: a search that tries
        the runners-up learns more than one that tries offers drawn at random.
        """
        rules = self.rules_for(obs)
        parts = self.legal_parts(legal)
        trade = rules.trading
        answering = trade.answering(obs.decision)
        if answering and trade.accept not in parts:
            return []
        active, pool, holding, outlook = self._position(obs, rules)
        if answering:
            ways = [action for _gain, action in self.accepting(obs, rules, parts, holding, outlook, count)]
            return ways + [trade.declining]
        found = [
            action for _score, action in self.scored_offers(obs, rules, parts, holding, outlook, pool, active, count)
        ]
        turn = parts.get(trade.passing)
        return found + (list(turn) if turn is not None else [])

    def _position(self, obs: Observation, rules: FieldRules) -> tuple[int, Sequence[str], Holding, Outlook]:
        """The active player, the face-up pool's types, this player's holding (the pool theirs when active) and
        outlook."""
        active = obs.decision.get("active", obs.player)
        pool = (obs.card_types(rules.pool) or ()) if rules.pool else ()
        holding = read_holding(obs, rules, obs.player, pool if active == obs.player else ())
        return active, pool, holding, self.outlook(obs, rules, holding)

    # ------------------------------------------------------------------ answering

    def answer(
        self, obs: Observation, rules: FieldRules, parts: dict[str, Any], holding: Holding, outlook: Outlook
    ) -> int:
        """Accept the best way when the trade is worth it, else decline."""
        decline = rules.trading.declining
        if rules.trading.accept not in parts:
            return decline
        ways = self.accepting(obs, rules, parts, holding, outlook, 1)
        if not ways or ways[0][0] <= ACCEPT_MARGIN:
            return decline
        gain, action = ways[0]
        if self.rivalry and gain <= ACCEPT_MARGIN + self.rivalry * self.rival_weights(obs, rules, outlook).get(
            obs.decision["offerer"], 1.0
        ) * max(self.offerer_gain(obs, rules, outlook), 0.0):
            return decline
        return action

    def rival_weights(self, obs: Observation, rules: FieldRules, outlook: Outlook) -> dict[int, float]:
        """How much each other seat counts as a rival (see ``rival_spread``); empty when they count alike."""
        if not self.rival_spread or not rules.coins:
            return {}
        others = outlook.for_others()
        pool = (obs.card_types(rules.pool) or ()) if rules.pool else ()
        active = obs.decision.get("active", obs.player)
        standing = {}
        for seat in range(len(obs.players)):
            if seat != obs.player:
                theirs = read_holding(obs, rules, seat, pool if seat == active else ())
                standing[seat] = (obs.count(rules.coins, seat) or 0) + others.value(
                    theirs.fields, theirs.incoming, None
                )
        top = max(standing.values())
        raw = {seat: exp((value - top) / self.rival_spread) for seat, value in standing.items()}
        scale = len(raw) / sum(raw.values())
        return {seat: weight * scale for seat, weight in raw.items()}

    @staticmethod
    def offerer_gain(obs: Observation, rules: FieldRules, outlook: Outlook) -> float:
        """What the offer being answered gives its offerer, judged from what the table shows of them (their zones
        and cards set aside; the hand cards they give leave a hand nobody else sees)."""
        offerer = obs.decision["offerer"]
        offer = rules.trading.decode(obs.decision["offer_action"])
        active = obs.decision.get("active", obs.player)
        pool = (obs.card_types(rules.pool) or ()) if rules.pool and offerer == active else ()
        theirs = read_holding(obs, rules, offerer, pool)
        incoming = [
            count - given + got + asked
            for count, given, got, asked in zip(theirs.incoming, offer.give_pool, offer.ask_pool, offer.ask_hand)
        ]
        if min(incoming) < 0:
            return 0.0
        others = outlook.for_others()
        return others.value(theirs.fields, incoming, None) - others.value(theirs.fields, theirs.incoming, None)

    @staticmethod
    def accepting(
        obs: Observation, rules: FieldRules, parts: dict[str, Any], holding: Holding, outlook: Outlook, count: int
    ) -> list[tuple[float, int]]:
        """The ``count`` best ways to accept the offer, as ``(gain, action)`` best first (the first way wins a tie)."""
        trade = rules.trading
        replies = parts.get(trade.decline) or parts.get(trade.accept)
        decline = trade.declining
        offer = trade.decode(obs.decision["offer_action"])
        incoming = list(holding.incoming)
        for card in obs.decision.get("offered_hand_cards", ()):
            incoming[rules.index_of[card]] += 1
        for card_type, count_given in enumerate(offer.give_pool):
            incoming[card_type] += count_given
        for card_type, count_asked in enumerate(offer.ask_pool):
            incoming[card_type] -= count_asked
        if min(incoming) < 0:
            return []
        base = outlook.value(holding.fields, holding.incoming, holding.hand)
        hand = holding.hand or ()
        ways = []
        for number, action in enumerate(replies):
            if action == decline:
                continue
            if number > ACCEPT_WAYS:
                break
            mask = action - decline - 1
            kept = tuple(card for position, card in enumerate(hand) if not mask >> position & 1)
            ways.append((outlook.value(holding.fields, incoming, kept) - base, number, action))
        ways.sort(key=lambda way: (-way[0], way[1]))
        return [(gain, action) for gain, _number, action in ways[:count]]

    # ------------------------------------------------------------------ offering

    def best_offer(
        self,
        obs: Observation,
        rules: FieldRules,
        parts: dict[str, Any],
        holding: Holding,
        outlook: Outlook,
        pool: Sequence[int],
        active: int,
    ) -> int | None:
        """The offer worth making now, if any."""
        scored = self.scored_offers(obs, rules, parts, holding, outlook, pool, active, 1)
        return scored[0][1] if scored else None

    def scored_offers(
        self,
        obs: Observation,
        rules: FieldRules,
        parts: dict[str, Any],
        holding: Holding,
        outlook: Outlook,
        pool: Sequence[int],
        active: int,
        keep: int,
    ) -> list[tuple[float, int]]:
        """The ``keep`` offers worth making now with the best expected gain, as ``(score, action)`` best first
        (``pool``: the types of the face-up cards)."""
        trade = rules.trading
        offers = parts.get(trade.offer)
        if offers is None:
            return []
        margin = RIVAL_OFFER_MARGIN if self.rivalry else OFFER_MARGIN
        me = obs.player
        # Never the same offer twice in a trading phase: the table has heard which it made (a fact of the decision,
        # not a memory of this bot's, so that a search's simulated players each remember only their own game).
        made = obs.decision.get("offers_so_far") or ()
        made = made[me] if me < len(made) else ()
        types = rules.types
        nothing = (0,) * types
        pool_counts = [0] * types
        for card_type in pool:
            pool_counts[card_type] += 1
        hand = holding.hand or ()
        fields, held = holding.fields, holding.incoming
        base = outlook.value(fields, held, hand)

        # A partial, not a closure: compiled, a closure shares one scope with the function that made it, a reference
        # cycle left for the garbage collector (with the outlook it holds) at every offer weighed.
        mine = partial(_offer_gain, outlook, fields, held, hand, base)

        # What it would rather be rid of: sets of face-up cards it would keep (there are few), hand cards one by
        # one (only those it will plant soon: further back, a card only adds to the growth of its type).
        gives: list[tuple[int, tuple[int, ...]]] = []
        if me == active:
            pool_gives = sorted(
                ((mine(0, counts, nothing, nothing), counts) for counts in _sub_counts(pool_counts)), reverse=True
            )
            gives += [(0, counts) for gain, counts in pool_gives[:2] if gain > 0]
        hand_gives = sorted(
            ((mine(1 << position, nothing, nothing, nothing), position) for position in range(min(HORIZON, len(hand)))),
            reverse=True,
        )
        hand_gives = [position for gain, position in hand_gives[:2] if gain > 0]
        gives += [(1 << position, nothing) for position in hand_gives]
        if len(hand_gives) == 2:
            gives.append(((1 << hand_gives[0]) | (1 << hand_gives[1]), nothing))
        if gives and hand_gives and gives[0][0] == 0:
            gives.append((1 << hand_gives[0], gives[0][1]))
        # What it would like: a card of a type its zones hold, or a face-up card of the active player.
        wanted = []
        candidates = {card_type for card_type, amount in fields if amount}
        if me != active:
            candidates.update(card_type for card_type, count in enumerate(pool_counts) if count)
        for card_type in candidates:
            single = tuple(1 if t == card_type else 0 for t in range(types))
            gain = mine(0, nothing, single, nothing)
            if gain > 0:
                wanted.append((gain, card_type, single))
        wanted.sort(reverse=True)
        if not (gives or wanted):
            return []

        # Clockwise from this player, so that ties go the same way wherever the table starts counting.
        players = len(obs.players)
        receivers = [(me + step) % players for step in range(1, players)] if me == active else [active]
        # Every offer's worth to this player, best first: the receivers' side is judged only for those that may win.
        asks = [(nothing, nothing)]
        for _gain, card_type, single in wanted[:2]:
            if me != active and pool_counts[card_type]:
                asks.append((single, nothing))
            else:
                asks.append((nothing, single))
        offered = []
        for mask, give_pool in [(0, nothing)] + gives:
            for ask_pool, ask_hand in asks:
                if mask or any(give_pool) or any(ask_pool) or any(ask_hand):
                    gain = mine(mask, give_pool, ask_pool, ask_hand)
                    if gain > margin:
                        offered.append((gain, mask, give_pool, ask_pool, ask_hand))
        offered.sort(key=lambda item: -item[0])
        others = outlook.for_others()
        weights = self.rival_weights(obs, rules, outlook) if self.rivalry else {}
        judged = {}
        # The best offers found, best first; an offer must beat the last of them once there are ``keep``.
        best: list[tuple[float, int]] = []
        floor = margin
        for gain, mask, give_pool, ask_pool, ask_hand in offered:
            if gain * ACCEPT_CHANCE[0] <= floor:
                break
            given = list(give_pool)
            for position in range(len(hand)):
                if mask >> position & 1:
                    given[hand[position]] += 1
            for receiver in receivers:
                if any(ask_pool) and receiver != active:
                    continue
                their_hand = obs.count(rules.hand, receiver) or 0
                if sum(ask_hand) > their_hand:
                    continue
                if receiver not in judged:
                    theirs = read_holding(obs, rules, receiver, pool if receiver == active else ())
                    judged[receiver] = (theirs, others.value(theirs.fields, theirs.incoming, None))
                theirs, their_base = judged[receiver]
                incoming = [count + got - lost for count, got, lost in zip(theirs.incoming, given, ask_pool)]
                their_gain = others.value(theirs.fields, incoming, None) - their_base
                for card_type, count in enumerate(ask_hand):
                    if count:
                        their_gain -= count * self._marginal(others, theirs, card_type)
                chance = (
                    ACCEPT_CHANCE[0]
                    if their_gain > 0.1
                    else ACCEPT_CHANCE[1]
                    if their_gain > -0.3
                    else ACCEPT_CHANCE[2]
                )
                for card_type, count in enumerate(ask_hand):
                    if count:
                        chance *= 1.0 - (1.0 - outlook.share[card_type]) ** their_hand
                score = (gain - self.rivalry * weights.get(receiver, 1.0) * max(their_gain, 0.0)) * chance
                if score > floor:
                    action = trade.encode(receiver, mask, give_pool, ask_pool, ask_hand)
                    if action not in made and action in offers and all(action != found for _s, found in best):
                        at = next((i for i, (better, _a) in enumerate(best) if score > better), len(best))
                        best.insert(at, (score, action))
                        del best[keep:]
                        if len(best) == keep:
                            floor = best[-1][0]
        return best

    @staticmethod
    def _marginal(outlook: Outlook, holding: Holding, card_type: int) -> float:
        """What one more card of ``card_type`` adds to a zone of that type (0 when no zone holds it)."""
        amount = max((held_amount for held, held_amount in holding.fields if held == card_type), default=0)
        if not amount:
            return 0.0
        return outlook.worth(card_type, amount + 1) - outlook.worth(card_type, amount)


def _offer_gain(
    outlook: Outlook,
    fields: Any,
    held: Sequence[int],
    hand: Sequence[int],
    base: float,
    mask: int,
    give_pool: Sequence[int],
    ask_pool: Sequence[int],
    ask_hand: Sequence[int],
) -> float:
    """What an offer gains its offerer: the position after it (the hand cards at ``mask`` given, the counts given and
    got) less ``base``, the position before."""
    kept = tuple(card for position, card in enumerate(hand) if not mask >> position & 1) if mask else hand
    incoming = [count - given + got + asked for count, given, got, asked in zip(held, give_pool, ask_pool, ask_hand)]
    return outlook.value(fields, incoming, kept) - base


def _sub_counts(counts: Sequence[int]) -> list[tuple[int, ...]]:
    """Every non-empty part of a collection given as counts per type, or, for a large one, the parts worth a look.

    A pool of two face-up cards has at most three parts; a house rule that
    trades from the discard pile has millions (every count of every type).
    Past ``MOST_POOL_PARTS`` the bot weighs one card of a type, all of a type,
    and the whole pool: its decision stays quick whatever the ruleset.
    """
    every = 1
    for count in counts:
        every *= count + 1
    if every > MOST_POOL_PARTS:
        picked: set[tuple[int, ...]] = {tuple(counts)}
        for card_type, count in enumerate(counts):
            for taken in {1, count} if count else ():
                picked.add(tuple(taken if index == card_type else 0 for index in range(len(counts))))
        return sorted(picked)
    parts: list[tuple[int, ...]] = [()]
    for count in counts:
        parts = [part + (taken,) for part in parts for taken in range(count + 1)]
    return [part for part in parts if any(part)]
