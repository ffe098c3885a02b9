"""The ``fields`` strategy: what a player's planting zones are worth, and when to harvest or buy one.

A zone the ruleset harvests (the tag of its harvest at any time, the fields)
holds cards of one type; harvesting it pays by the type's card table (the
meter) read at its number of cards. The strategy knows nothing else about the
game: it reads the families' facts about the rules
(:mod:`engine.families.common.front.hints`: the tagged zones, the table, the
protection rule, the rows planted from, the zone of cards received, the end
counter and the draw pile that drives it, how each action reads) and its
:class:`~engine.core.observation.Observation`.

- **A zone's worth** is the payout it may still reach: its table read at its
  cards plus the cards of its type still to come, a Poisson guess whose mean
  is the share of the unseen cards of that type among the cards this player
  will see before the end (fewer as the last pass through the draw pile runs
  out), plus the copies waiting far back in its own hand. Only the largest
  zone of a type is expected to grow: a second zone of the same type is
  worth its payout now. An empty zone is worth a little: room for what comes.
- **A position's worth** (:meth:`Outlook.value`) plays the cards the player
  must plant in a plausible order: the cards received (matching zones first,
  then the most numerous types into empty zones) and then the front of the
  hand, harvesting, when a card has nowhere to go, the zone that loses least
  (``worth - payout``) among those the protection rule allows; it is the
  coins harvested on the way plus the worth of the zones left.
- **At any time** (every decision offers it) the player buys a closed zone
  when it can pay and enough of the game is left for the zone to pay back
  (a zone is reckoned to earn ``BUY_RETURN`` points a turn, so a dear zone
  waits for more turns left than a cheap one),
  and harvests a zone when that raises the position's worth: a zone at a
  table step it cannot climb from any more is worth no more than its payout,
  and emptying it makes room.
- At its last chance of a turn (a decision whose family gives
  :class:`~engine.families.common.front.hints.ChanceFacts`) it does the same,
  then says done.

The planting, trading and row strategies build on this one
(:mod:`engine.fronts.bots.strategies.planting`, :mod:`engine.fronts.bots.strategies.trading`,
:mod:`engine.fronts.bots.strategies.rows`).
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from math import exp
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.core.observation import Observation
from engine.families.common.front.hints import (
    BuildingFacts,
    BuyingFacts,
    ChanceFacts,
    CounterEndFacts,
    DepositFacts,
    DrawFacts,
    HarvestFacts,
    PlantingFacts,
    TradingFacts,
)
from engine.fronts.bots.hints import facts_of
from engine.fronts.bots.strategies.building import best_build, best_deposit

if TYPE_CHECKING:
    from engine.core.game import Game

# How many plantings from the front of the hand a position's worth plays out
# (the next turn plants one or two).
HORIZON = 3
# How many cards a player sees (draws and turns up) while a zone grows, at most.
FUTURE_CARDS = 8
# How much a copy of a zone's type far back in the hand adds to the cards expected. One seat with 0.3 against three
# with 0.6 scored 0.39 points a game more (standard error 0.07) over 1,600 Amigo games; 1.0 scored 0.58 fewer.
BEYOND_WEIGHT = 0.3
# What an empty planting zone is worth (room), early in the game; it shrinks with the cards left. Tuned in
# self-play (benchmarks/bot_strength.py): 0.8 loses 1.4 points a game against 0.3, 0.1 gains a little.
EMPTY_WORTH = 0.1
# The least gain, in points, for which the player harvests when nothing forces it.
HARVEST_MARGIN = 0.05
# How much more than room is worth a zone may give up and still be considered for a harvest nothing forces.
RIPE_SLACK = 0.5
# What a bought zone is reckoned to earn a turn, in points: a zone is bought when the turns left (estimated, see
# Outlook.turns_left) times this reach its price. Amigo's 3-coin field then waits for 9 turns left (the estimate
# runs high: some 7 real ones); buying at 5, as before, scored 0.29 points a game less over 1,600 games.
BUY_RETURN = 1 / 3
# Terms of the Poisson guess of the cards still to come.
_TERMS = 14
# How many outlooks a game keeps for the decisions to come (a search's playouts ask about the recent ones), how many
# positions each remembers, and how many hands' copies far back: bounds on memory, not on what is worked out.
_OUTLOOKS_KEPT = 64
_VALUES_KEPT = 8192
_HANDS_KEPT = 64


class FieldRules:
    """What the policies read once per compiled game: zones, tables, rows, the end of the game, how actions read.

    Each family answers its own part (:func:`~engine.fronts.bots.hints.facts_of`):
    the harvest, the planting steps, the trade, the purchases, deposits and
    buildings at any time, the draws, the end counter.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        cards = game.cards
        self.types = len(cards.types)
        self.copies = tuple(len(copies) for copies in cards.instances_of)
        self.index_of = cards.index_of_id
        self.players = game.player_count
        facts = facts_of(game)
        # The facts of each decision (by kind), for the policies that answer it.
        self.decisions = facts.by_kind
        harvest = facts.first(HarvestFacts)
        planting = facts.every(PlantingFacts)
        plant = next((found for found in planting if found.from_hand), None)
        plant_all = next((found for found in planting if not found.from_hand), None)
        trade = facts.first(TradingFacts)
        self.harvesting = harvest
        self.trading = trade
        self.buying = facts.first(BuyingFacts)
        self.depositing = facts.first(DepositFacts)
        self.building = facts.first(BuildingFacts)
        chance = facts.first(ChanceFacts)
        # The words the legal actions are listed under (None: the game has no such action).
        self.harvest_word = harvest.word if harvest is not None else None
        self.buy_word = self.buying.word if self.buying is not None else None
        self.deposit_word = self.depositing.word if self.depositing is not None else None
        self.build_word = self.building.word if self.building is not None else None
        self.done_word = chance.done if chance is not None else None
        # The zones planted into: the tag harvested, else the tag the planting steps name.
        self.tag = (harvest.zones if harvest is not None else None) or (plant.into if plant is not None else None)
        self.table = harvest.table if harvest is not None else None
        self.protection = harvest.protection if harvest is not None else False
        self.targets = tuple(zone.index for zone in game.zones.specs if self.tag in zone.tags and zone.per_player)
        self.zone_ids = {zone.index: zone.id for zone in game.zones.specs}
        self.hand = (plant.source if plant is not None else None) or (trade.hand if trade is not None else None)
        self.received = (plant_all.source if plant_all is not None else None) or (
            trade.received if trade is not None else None
        )
        self.pool = trade.pool if trade is not None else None
        self.coins = harvest.coins if harvest is not None else None
        # pay[t][n]: what a zone of n cards of type t pays (the table's highest step reached, never more than n).
        self.card_count = cards.size
        self.pay = tuple(self._payouts(card_type) for card_type in cards.types)
        self._potentials: dict[tuple[int, int, int], float] = {}
        # The outlooks of recent decisions, by what they depend on (Outlook.of), one memory per thread: an outlook
        # changes as it is asked about one hand or another, and a Dask worker plays games in several threads.
        self._recent = threading.local()
        # The end: a shared counter reaching a count (exhaustions of a stack that refills from another zone).
        self.end_counter, self.end_count, self.stack, self.refill_from = None, None, None, None
        end = facts.first(CounterEndFacts)
        if end is not None:
            self.end_counter, self.end_count = end.counter, end.count
        end_index = game.counter_index.get(self.end_counter) if self.end_counter is not None else None
        for stack_id, refill in game.refills.items():
            if end_index is None or refill.counter == end_index:
                self.stack, self.refill_from = stack_id, refill.source_id
                break
        # Cards leaving the stack per turn (turned up, drawn).
        draws = facts.first(DrawFacts)
        self.per_turn = sum(count for stack, count in (draws.draws if draws else ()) if stack == self.stack) or 1

    def _payouts(self, card_type: Any) -> tuple[int, ...]:
        steps = tuple((int(threshold), int(value)) for threshold, value in card_type.tables.get(self.table, ()))
        # No zone holds more cards than the game has: a step past that (a house rule's 10^29) is never reached.
        top = min(steps[-1][0] if steps else 0, self.card_count)
        pays = []
        for amount in range(max(top, 1) + 1):
            reached = 0
            for threshold, value in steps:
                if amount >= threshold:
                    reached = value
            pays.append(min(reached, amount))
        return tuple(pays)

    def payout(self, card_type: int, amount: int) -> int:
        """What a zone of ``amount`` cards of ``card_type`` pays when harvested now."""
        pays = self.pay[card_type]
        return pays[amount] if amount < len(pays) else pays[-1]

    def potential(self, card_type: int, amount: int, growth: float) -> float:
        """The expected payout of a zone of ``amount`` cards that gains Poisson(``growth``) more."""
        if amount <= 0:
            return 0.0
        pays = self.pay[card_type]
        last = len(pays) - 1
        if growth <= 0.0 or amount >= last:
            return float(pays[min(amount, last)])
        key = (card_type, amount, int(growth * 20 + 0.5))
        found = self._potentials.get(key)
        if found is None:
            mean = key[2] / 20
            term = exp(-mean)
            total = covered = 0.0
            for extra in range(_TERMS):
                total += term * pays[min(amount + extra, last)]
                covered += term
                term *= mean / (extra + 1)
            found = total + (1.0 - covered) * pays[min(amount + _TERMS, last)]
            self._potentials[key] = found
        return found


# FieldRules depend on the compiled game only; every policy shares them (a simulation makes new bots per game).
_SHARED_RULES: dict[int, FieldRules] = {}
_SHARED_RULES_LIMIT = 16


def rules_of(game: Game) -> FieldRules:
    """The :class:`FieldRules` of ``game``, built once."""
    rules = _SHARED_RULES.get(id(game))
    if rules is None or rules.game is not game:
        if len(_SHARED_RULES) >= _SHARED_RULES_LIMIT:
            _SHARED_RULES.pop(next(iter(_SHARED_RULES)))
        rules = _SHARED_RULES[id(game)] = FieldRules(game)
    return rules


class Holding(NamedTuple):
    """One seat's planting as a viewer sees it.

    ``fields``: ``[type or -1, cards]`` per open planting zone (in zone order),
    ``zones`` their zone indices; ``closed``: the closed planting zones;
    ``incoming``: cards to plant in any order (received, face-up kept), a
    count per type; ``hand``: the hand's types front first (None when hidden).
    """

    fields: tuple[tuple[int, int], ...]
    zones: tuple[int, ...]
    closed: tuple[int, ...]
    incoming: tuple[int, ...]
    hand: tuple[int, ...] | None


def read_holding(obs: Observation, rules: FieldRules, seat: int, pool: Sequence[int] = ()) -> Holding:
    """What ``obs`` shows of ``seat``'s planting (``pool``: the types of face-up cards that will be theirs, if any)."""
    fields, zones, closed = [], [], []
    for zone_index in rules.targets:
        zone_id = rules.zone_ids[zone_index]
        if not obs.is_open(zone_id, seat):
            closed.append(zone_index)
            continue
        cards = obs.card_types(zone_id, seat) or ()
        fields.append((cards[0], len(cards)) if cards else (-1, 0))
        zones.append(zone_index)
    incoming = [0] * rules.types
    for card_type in (obs.card_types(rules.received, seat) or ()) if rules.received else ():
        incoming[card_type] += 1
    for card_type in pool:
        incoming[card_type] += 1
    hand = obs.card_types(rules.hand, seat) if rules.hand else None
    return Holding(tuple(fields), tuple(zones), tuple(closed), tuple(incoming), hand)


class Outlook:
    """A viewer's expectations at one decision: cards still to come per type, and the worth of positions.

    Every value it gives is a function of the cards unseen, the cards left
    and the arguments, so one outlook serves every decision that sees the
    same (:meth:`of`): a trading phase asks the same player about the same
    positions again and again, with no card moving between the questions.
    """

    def __init__(self, rules: FieldRules, unseen: tuple[int, ...], cards_left: float) -> None:
        self.rules = rules
        total = sum(unseen) or 1
        self.cards_left = cards_left
        seen = min(FUTURE_CARDS, cards_left / rules.players)
        # Expected cards of each type among those this player will still see, and the share of each type.
        self.share = tuple(count / total for count in unseen)
        self.unseen = unseen
        self.base_growth = tuple(seen * share for share in self.share)
        self.growth = self.base_growth
        # The copies far back in the hand in force (none yet: the growth is the base growth).
        self._far: tuple[int, ...] | None = ()
        # Worth of growing zones by (type, cards) and what harvesting one gives up, for the growth in force; the
        # same for each hand's copies far back (by those copies); positions already valued.
        self._worths: dict[tuple[int, int], float] = {}
        self._losses: dict[tuple[int, int], float] = {}
        self._by_far: dict[tuple[int, ...], tuple[tuple[float, ...], dict, dict]] = {
            (): (self.base_growth, self._worths, self._losses)
        }
        self._values: dict[tuple, float] = {}
        self._others: Outlook | None = None
        # Whether this is the outlook for a player whose hand is hidden (see for_others).
        self._for_others = False
        self.empty_worth = EMPTY_WORTH * seen / FUTURE_CARDS

    @classmethod
    def of(cls, obs: Observation, rules: FieldRules) -> Outlook:
        """The viewer's outlook: one for every decision that sees the same cards unseen and cards left."""
        key = (obs.unseen_by_type(), cls._cards_left(obs, rules))
        known = getattr(rules._recent, "outlooks", None)
        if known is None:
            known = rules._recent.outlooks = {}
        found = known.get(key)
        if found is None:
            if len(known) >= _OUTLOOKS_KEPT:
                del known[next(iter(known))]
            found = known[key] = cls(rules, *key)
        elif len(found._values) > _VALUES_KEPT:
            found._values.clear()
        return found

    @staticmethod
    def _cards_left(obs: Observation, rules: FieldRules) -> float:
        """About how many cards will still leave the draw pile before the game ends."""
        if rules.stack is None:
            return float(FUTURE_CARDS * rules.players)
        left = obs.count(rules.stack) or 0
        if rules.end_counter is not None and rules.end_count is not None:
            passes = rules.end_count - 1 - obs.counter(rules.end_counter)
            if passes > 0:
                again = left + (obs.count(rules.refill_from) or 0 if rules.refill_from else 0)
                left += passes * again
        return float(left)

    def for_others(self) -> Outlook:
        """The same expectations for a player whose hand is hidden (no copies far back in it are known)."""
        if self._for_others:
            return self.with_hand(None)
        other = self._others
        if other is None:
            # Its own hand in force, the memories shared (they are keyed by the hand). It does not point back at
            # itself: an outlook and its memories then go as soon as nothing uses them, not at the garbage
            # collector's next full pass (a search makes hundreds of outlooks).
            other = self._others = object.__new__(Outlook)
            other.__dict__.update(self.__dict__)
            other._others = None
            other._for_others = True
            other._far = None
        return other.with_hand(None)

    def turns_left(self) -> float:
        """About how many more turns each player will have."""
        return self.cards_left / (self.rules.per_turn * self.rules.players)

    def with_hand(self, hand: Sequence[int] | None) -> Outlook:
        """This outlook for a player holding ``hand``: copies far back in it will come to their zones too."""
        far = tuple(hand[HORIZON:]) if hand else ()
        if far != self._far:
            self._far = far
            known = self._by_far.get(far)
            if known is None:
                growth = list(self.base_growth)
                for card_type in far:
                    growth[card_type] += BEYOND_WEIGHT
                if len(self._by_far) >= _HANDS_KEPT:
                    self._by_far.clear()
                known = self._by_far[far] = (tuple(growth), {}, {})
            self.growth, self._worths, self._losses = known
        return self

    # ------------------------------------------------------------------ worth

    def worth(self, card_type: int, amount: int, grows: bool = True) -> float:
        """What a zone of ``amount`` cards of ``card_type`` is worth (``grows``: it gets the new cards of its type)."""
        if not grows:
            return float(self.rules.payout(card_type, amount))
        key = (card_type, amount)
        found = self._worths.get(key)
        if found is None:
            found = self._worths[key] = self.rules.potential(card_type, amount, self.growth[card_type])
        return found

    def standing(self, fields: Iterable[Sequence[int]]) -> float:
        """The worth of planting zones as they stand (``[type or -1, cards]`` each)."""
        total = 0.0
        largest: dict[int, int] = {}
        for card_type, amount in fields:
            if card_type < 0:
                total += self.empty_worth
            elif amount > largest.get(card_type, 0):
                if card_type in largest:
                    total += self.worth(card_type, largest[card_type], False)
                largest[card_type] = amount
            else:
                total += self.worth(card_type, amount, False)
        for card_type, amount in largest.items():
            total += self.worth(card_type, amount)
        return total

    def harvest_loss(self, field: Sequence[int]) -> float:
        """What harvesting a zone now gives up: its worth less its payout."""
        key = (field[0], field[1])
        found = self._losses.get(key)
        if found is None:
            found = self._losses[key] = self.worth(*key) - self.rules.payout(*key)
        return found

    def harvestable(self, fields: Sequence[Sequence[int]]) -> list[int]:
        """The positions of the zones that may be harvested (the protection rule: a single card waits while another zone holds more)."""
        filled = [i for i, (card_type, amount) in enumerate(fields) if amount]
        if self.rules.protection and any(fields[i][1] >= 2 for i in filled):
            return [i for i in filled if fields[i][1] >= 2]
        return filled

    def _place(self, fields: list[list[int]], card_type: int, amount: int) -> float:
        """Plant ``amount`` cards of a type no zone holds: into an empty zone, else where a harvest loses least."""
        for field in fields:
            if field[0] < 0:
                field[0], field[1] = card_type, amount
                return 0.0
        pick, least = -1, 0.0
        for i in self.harvestable(fields):
            loss = self.harvest_loss(fields[i])
            if pick < 0 or loss < least:
                pick, least = i, loss
        if pick < 0:
            return 0.0
        paid = self.rules.payout(*fields[pick])
        fields[pick][0], fields[pick][1] = card_type, amount
        return float(paid)

    @staticmethod
    def _match(fields: Sequence[Sequence[int]], card_type: int) -> int:
        best, most = -1, 0
        for i, (held, amount) in enumerate(fields):
            if held == card_type and amount > most:
                best, most = i, amount
        return best

    def value(
        self,
        fields: Sequence[Sequence[int]],
        incoming: Sequence[int],
        hand: Sequence[int] | None,
        horizon: int = HORIZON,
    ) -> float:
        """A position's worth: plant the cards received, then the front of the hand; coins harvested plus what stands."""
        key = (tuple(fields), tuple(incoming), tuple(hand) if hand is not None else None, horizon)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = self._value(fields, incoming, hand, horizon)
        return found

    def _value(
        self, fields: Sequence[Sequence[int]], incoming: Sequence[int], hand: Sequence[int] | None, horizon: int
    ) -> float:
        self.with_hand(hand)
        planted = [[card_type, amount] for card_type, amount in fields]
        coins = 0.0
        unmatched = []
        for card_type, amount in enumerate(incoming):
            if amount:
                at = self._match(planted, card_type)
                if at >= 0:
                    planted[at][1] += amount
                else:
                    unmatched.append((amount, card_type))
        if len(unmatched) > 1:
            unmatched.sort(key=lambda item: (-item[0], -self.worth(item[1], item[0])))
        for amount, card_type in unmatched:
            at = self._match(planted, card_type)
            if at >= 0:
                planted[at][1] += amount
            else:
                coins += self._place(planted, card_type, amount)
        if hand and planted:
            for card_type in hand[:horizon]:
                at = self._match(planted, card_type)
                if at >= 0:
                    planted[at][1] += 1
                else:
                    coins += self._place(planted, card_type, 1)
        return coins + self.standing(planted)


class FieldPolicy:
    """The base of the policies that plant, trade and harvest: reading the position, acting at any time."""

    @staticmethod
    def rules_for(obs: Observation) -> FieldRules:
        """The rules of the observed game (shared by every policy)."""
        return rules_of(obs.game)

    @staticmethod
    def legal_parts(legal: Any) -> dict[str, Any]:
        """The legal actions by kind (the word each part's actions are listed under, as the facts name them)."""
        parts: dict[str, Any] = {}
        stack = [legal]
        while stack:
            part = stack.pop(0)
            inner = getattr(part, "parts", None)
            if inner is not None:
                stack[:0] = inner
                continue
            for kind in part.kinds():
                parts.setdefault(kind, part)
        return parts

    def outlook(self, obs: Observation, rules: FieldRules, holding: Holding) -> Outlook:
        """The viewer's expectations, given its own hand."""
        return Outlook.of(obs, rules).with_hand(holding.hand)

    def read(self, obs: Observation, legal: Any) -> tuple[FieldRules, dict[str, Any], Holding, Outlook]:
        """What a decision about the viewer's own fields reads first: rules, legal actions by kind, holding, outlook."""
        rules = self.rules_for(obs)
        holding = read_holding(obs, rules, obs.player)
        return rules, self.legal_parts(legal), holding, self.outlook(obs, rules, holding)

    def at_any_time(
        self, obs: Observation, rules: FieldRules, parts: dict[str, Any], holding: Holding, outlook: Outlook
    ) -> int | None:
        """A building, a deposit, a harvest or a purchase worth making now, if any (None: go on with the decision)."""

        build = parts.get(rules.build_word)
        if build is not None:
            action = best_build(obs, rules.building, build, outlook.turns_left())
            if action is not None:
                return action
        deposit = parts.get(rules.deposit_word)
        if deposit is not None:
            action = best_deposit(obs, rules.depositing, rules.building, deposit)
            if action is not None:
                return action
        buy = parts.get(rules.buy_word)
        # Every payment of a purchase pays its one price; which cards pay it is only chosen once it is worth buying
        # (late in the game a player who kept its coins would otherwise weigh its payments at every decision).
        if buy is not None:
            price = sum(rules.buying.parts(next(iter(buy)))[1])
            if outlook.turns_left() * BUY_RETURN >= price:
                return self.cheapest_payment(obs, rules, buy)
        harvest = parts.get(rules.harvest_word)
        if harvest is None:
            return None
        outlook.with_hand(holding.hand)
        base = None
        best, best_gain = None, HARVEST_MARGIN
        zone_of = rules.harvesting.parts
        for action in harvest:
            zone_index = zone_of(action)[0]
            at = holding.zones.index(zone_index) if zone_index in holding.zones else -1
            if at < 0:
                continue
            # Only a zone that gives up little when harvested is worth a look: room is worth little.
            if outlook.harvest_loss(holding.fields[at]) > outlook.empty_worth + RIPE_SLACK:
                continue
            if base is None:
                base = outlook.value(holding.fields, holding.incoming, holding.hand)
            gain = self.after_harvest(outlook, holding, at) - base
            if gain > best_gain:
                best, best_gain = action, gain
        return best

    @staticmethod
    def after_harvest(outlook: Outlook, holding: Holding, at: int) -> float:
        """The position's worth once the zone at position ``at`` is harvested (its payout included)."""
        fields = list(holding.fields)
        paid = outlook.rules.payout(*fields[at])
        fields[at] = (-1, 0)
        return paid + outlook.value(fields, holding.incoming, holding.hand)

    def best_harvest(self, obs: Observation, outlook: Outlook, holding: Holding, harvest: Any) -> int | None:
        """The harvest that leaves the best position (when something must be harvested)."""
        zone_of = outlook.rules.harvesting.parts
        best, best_value = None, None
        for action in harvest:
            zone_index = zone_of(action)[0]
            if zone_index not in holding.zones:
                continue
            value = self.after_harvest(outlook, holding, holding.zones.index(zone_index))
            if best_value is None or value > best_value:
                best, best_value = action, value
        return best

    @staticmethod
    def cheapest_payment(obs: Observation, rules: FieldRules, buy: Any) -> int:
        """A purchase paid with the coins of the types held most (kept coins then spread over more types)."""
        coins = obs.cards(rules.coins, obs.player) if rules.coins else None
        held = [0] * rules.types
        for card in coins or ():
            held[rules.index_of[card]] += 1
        parts = rules.buying.parts
        return max(buy, key=lambda action: sum(count * held[t] for t, count in enumerate(parts(action)[1])))


class HarvestPolicy(FieldPolicy):
    """A last chance of a turn to act at any time: harvest or buy when worth it, then done."""

    def choose(self, obs: Observation, legal: Any) -> int:
        """Last chance of a turn: harvest or buy if worth it, else done."""
        rules, parts, holding, outlook = self.read(obs, legal)
        action = self.at_any_time(obs, rules, parts, holding, outlook)
        if action is not None:
            return action
        done = parts.get(rules.done_word)
        if done is not None:
            return next(iter(done))
        return next(iter(legal))


def points_to_come(obs: Observation) -> float | None:
    """What the observing player's planting zones may still pay, with the cards they must plant played out.

    The position's worth as the policies above weigh it (coins harvested on
    the way plus what the zones may still reach); a search adds it to the
    score of a game it cuts short. None when the game has no harvested zones.
    """
    rules = rules_of(obs.game)
    if not rules.targets or rules.table is None:
        return None
    holding = read_holding(obs, rules, obs.player)
    return Outlook.of(obs, rules).with_hand(holding.hand).value(holding.fields, holding.incoming, holding.hand)
