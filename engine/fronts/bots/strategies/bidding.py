"""The ``bidding`` strategy: values cards through the ruleset's own scoring and guards its money.

It plays the decisions of an auction whose family gives
:class:`~engine.families.common.front.hints.BiddingFacts` (how bids are
numbered, which cards are money, the zones of the auction), reads how near
the end is from the end conditions' facts, and otherwise reads nothing but
its :class:`~engine.core.observation.Observation` (which carries the public
ruleset). It works for any auction ruleset:

- A card's worth is its marginal score: the ruleset's scoring pipeline is run
  on the bot's holdings plus a cautious guess of what it will still win, with
  and without the card, so adders, multipliers and penalties are all valued by
  the rules themselves. A card whose ``on-take`` effect discards one of the
  bot's cards is charged the cheapest such loss.
- Points become money at a fixed exchange rate (a share of the money a player
  is dealt per point), so the same bot fits any money scale.
- Money it may spend is capped so that it keeps more than the poorest
  opponent will (opponents' money is public: dealt minus what they paid),
  more carefully as the end of the game draws near.
- It bids the cheapest raise, preferring few cards (no change is made), and in
  an auction where the first to pass takes the card it pays small sums to dodge
  a costly card and passes early when dodging is dear.
- Asked to discard, it gives up the card it will miss least.
"""

from __future__ import annotations

import heapq
from bisect import bisect_right
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.exact import exact
from engine.core.observation import Observation
from engine.core.scoring import Scoring
from engine.families.common.front.hints import BiddingFacts, RevealFacts, TagEndFacts
from engine.fronts.bots.hints import GameFacts, facts_of

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.language.ruleset import Ruleset

# How many points a player's whole starting money is worth to this bot; lower
# makes it bid more freely. Tuned with benchmarks/bot_strength.py.
POINTS_PER_FORTUNE = 30
# Share of the poorest opponent's money this bot always keeps above, by how
# close the end may be: early on opponents will still spend (4/5 of theirs is
# enough), but once the next card that counts towards the end could end the
# game, nobody spends any more and the bot must keep strictly more than the
# poorest. Kept at 4/5 throughout, the bot was out in 46% of games against
# copies of itself; this way, against three of those copies, it is out in 15%
# of games and wins 37-39% (800 games per edition); against random bots it
# still wins 92%.
SAFETY_SHARE = Fraction(4, 5)
SAFETY_SHARE_NEAR_END = {1: Fraction(1), 2: Fraction(9, 10)}
# Share of a bad card's cost (in money) it will risk to dodge it.
DODGE_SHARE = Fraction(1, 2)


class AuctionTables:
    """What the policy precomputes once per ruleset: scoring, money, which cards are auctioned."""

    def __init__(self, rules: Ruleset, facts: GameFacts) -> None:
        self.rules = rules
        self.scoring = Scoring(rules)
        self.cards = {card.id: card for card in rules.cards}
        # The decisions this strategy answers, by kind: what they share is the auction's (money, zones...).
        decisions = {kind: found for kind, found in facts.by_kind.items() if isinstance(found, BiddingFacts)}
        if not decisions:
            raise ValueError("no family tells the bidding strategy how this game's auctions are played")
        auction = next(iter(decisions.values()))
        # Decisions where passing takes the card (a bad card is dodged by bidding), and those giving up a card won.
        self.dodging = frozenset(kind for kind, found in decisions.items() if found.passing_takes)
        self.discarding = frozenset(kind for kind, found in decisions.items() if found.discarding)
        self.passing = auction.passing
        self.bid_base = auction.bid_base
        self.hand_mask = auction.hand_mask
        self.spent_zone = auction.spent
        self.won_zone = auction.won
        self.lot_zone = auction.lot
        # The stacks the lots are turned up from (the ruleset names them: a deck may be called anything). With
        # none (lots reach the auction another way), what is still to come is counted from the unseen lots.
        reveals = facts.first(RevealFacts)
        self.lot_sources = reveals.sources(self.lot_zone) if reveals is not None else ()
        self.money_ids = frozenset(auction.money)
        self.value_of = dict(zip(auction.money, auction.values))
        values = auction.values
        self.lots = tuple(card.id for card in rules.cards if card.id not in self.money_ids)
        self.fortune = sum(values)
        self.money_per_point = exact(Fraction(self.fortune, POINTS_PER_FORTUNE))
        self.values = values
        self.sums = auction.subset_sums(values)
        self.discard_tags = auction.discard_tags
        ends = facts.first(TagEndFacts)
        self.end_thresholds = dict(ends.thresholds) if ends is not None else {}
        # Cards that no score can tell apart (the same tags, attributes and tables, and no scoring step that
        # names a card by id) add the same to any score: a projection weighs one of each kind, which keeps a
        # decision quick in a ruleset of a thousand cards worth one of ten values.
        by_id = any("card" in step for step in rules.scoring_steps)
        kinds: dict[Any, int] = {}
        self.score_kind = {
            card.id: kinds.setdefault(
                card.id
                if by_id
                else (card.tags, tuple(sorted(card.attributes.items())), tuple(sorted(card.tables.items()))),
                len(kinds),
            )
            for card in rules.cards
        }
        # What the policies work out from the ruleset and public facts alone, shared by every bot: in a
        # game of many seats, most ask for the same scores and worths in the same auction.
        self._scores: dict[tuple[str, ...], Fraction | int] = {}
        self.worths: dict[Any, Fraction | int] = {}
        self.poorest: dict[Any, list[tuple[int, int]]] = {}
        # The cheapest raise of a hand over a need, and the cards that may still be revealed before a tag ends
        # the game, by the unseen cards: pure functions of their keys, asked again at every playout of a search.
        self.raises: dict[tuple[int, int], int | None] = {}
        self.tag_distances: dict[tuple[str, ...], int | None] = {}
        self._lot_masks: dict[int, tuple[tuple[str, int], ...]] = {}

    def lot_masks(self, game: Game) -> tuple[tuple[str, int], ...]:
        """Each lot's id with the mask of its instances in ``game`` (in card-list order; by number of players,
        which decides the copies)."""
        players = game.player_count
        masks = self._lot_masks.get(players)
        if masks is None:
            cards = game.cards
            masks = self._lot_masks[players] = tuple(
                (card, cards.type_mask[cards.index_of_id[card]]) for card in self.lots if card in cards.index_of_id
            )
        return masks

    def score(self, cards: Sequence[str]) -> Fraction | int:
        """The score ``cards`` would earn (remembered: a decision scores the cards held plus each one to come).

        An int when it is whole: the worths and limits worked out from scores at every decision of a search stay
        in Python's fast integers unless a score is a fraction (a value is the same either way).
        """
        key = tuple(cards)
        score = self._scores.get(key)
        if score is None:
            remember(self._scores)
            score = self._scores[key] = exact(self.scoring.score_only(cards))
        return score


# Answers remembered at most per table (then forgotten all at once: a long search asks afresh).
MOST_REMEMBERED = 20000


def remember(answers: dict) -> None:
    """Make room in a table of remembered answers for one more."""
    if len(answers) >= MOST_REMEMBERED:
        answers.clear()


def _half_sums(values: Sequence[int], bits: Sequence[int]) -> list[tuple[int, int]]:
    """``(total, mask)`` of every subset of the cards at ``bits`` (the empty one too)."""
    found = [(0, 0)]
    for bit in bits:
        found += [(total + values[bit], mask | 1 << bit) for total, mask in found]
    return found


def cheapest_raise(values: Sequence[int], hand: int, need: int) -> int | None:
    """The non-empty set of cards in ``hand`` whose total is the lowest above ``need``: fewest cards, then lowest mask.

    Meet in the middle: each half of the hand lists its subsets' totals (2^(n/2) each, not the 2^n sets of
    the whole hand), and for each subset of one half the cheapest fitting subset of the other is found by
    bisection. With 20 money cards that is 2,048 subsets a decision instead of a million.
    """
    bits = [bit for bit in range(len(values)) if hand >> bit & 1]
    left = _half_sums(values, bits[: len(bits) // 2])
    right = sorted(_half_sums(values, bits[len(bits) // 2 :]))
    right_totals = [total for total, _mask in right]
    best_total = None
    for total, mask in left:
        index = bisect_right(right_totals, need - total)
        if index < len(right) and (mask or right[index][1] or index + 1 < len(right)):
            if not mask and not right[index][1]:  # the empty set is no bid: the next subset up
                index += 1
            candidate = total + right_totals[index]
            if best_total is None or candidate < best_total:
                best_total = candidate
    if best_total is None:
        return None
    # Every pair reaching that total: the fewest cards, then the lowest mask (as a sorted list of every set would).
    by_total: dict[int, list[int]] = {}
    for total, mask in right:
        by_total.setdefault(total, []).append(mask)
    pairs = (mask | other for total, mask in left for other in by_total.get(best_total - total, ()) if mask | other)
    return min(pairs, key=lambda chosen: (chosen.bit_count(), chosen))


def cards_to_come(obs: Observation, tables: AuctionTables) -> int:
    """How many cards are still to be auctioned: those left in the stacks the lots are turned up from."""
    if tables.lot_sources:
        return sum(obs.count(source) or 0 for source in tables.lot_sources)
    unseen = obs.unseen()
    return sum(unseen.get(card, 0) for card in tables.lots)


# AuctionTables are immutable once built and depend on the ruleset only: every bot
# shares them (a simulation makes new bots for every game). Rulesets are few.
_SHARED_TABLES: dict[int, AuctionTables] = {}
_SHARED_TABLES_LIMIT = 16
# And at most this many sets of money cards in all (11 money values make 2^11 = 2,048 a ruleset).
_SHARED_SETS_LIMIT = 1 << 21


def tables_of(obs: Observation) -> AuctionTables:
    """The tables of the observed game's ruleset, built once for every policy."""
    rules = obs.rules
    tables = _SHARED_TABLES.get(id(rules))
    if tables is None or tables.rules is not rules:
        tables = AuctionTables(rules, facts_of(obs.game))
        # Oldest first out, by count and by size: a ruleset of 20 money values has tables of a million sets.
        while _SHARED_TABLES and (
            len(_SHARED_TABLES) >= _SHARED_TABLES_LIMIT
            or len(tables.sums) + sum(len(kept.sums) for kept in _SHARED_TABLES.values()) > _SHARED_SETS_LIMIT
        ):
            _SHARED_TABLES.pop(next(iter(_SHARED_TABLES)))
        _SHARED_TABLES[id(rules)] = tables
    return tables


class AuctionPolicy:
    """A cautious, rule-reading bidder (see the module docstring)."""

    @staticmethod
    def tables_for(obs: Observation) -> AuctionTables:
        """The tables of the observed game's ruleset, built once (shared by every policy)."""
        return tables_of(obs)

    # ------------------------------------------------------------------ what the bot sees

    @staticmethod
    def _won(obs: Observation, tables: AuctionTables, seat: int) -> tuple[str, ...]:
        return obs.cards(tables.won_zone, seat) or ()

    @staticmethod
    def _unseen(obs: Observation, tables: AuctionTables) -> tuple[str, ...]:
        """The cards still to come, in card-list order."""
        # A lot is still to come while some instance of it is out of sight (what unseen() counts), read from one
        # mask of the cards in sight (a type of no copies at this table has an empty mask: never to come).
        seen = obs.seen_mask()
        return tuple(card for card, mask in tables.lot_masks(obs.game) if seen & mask != mask)

    @staticmethod
    def _revealed(obs: Observation, tables: AuctionTables) -> str | None:
        cards = obs.cards(tables.lot_zone)
        return cards[-1] if cards else None

    # ------------------------------------------------------------------ valuation

    def _score(self, tables: AuctionTables, cards: Sequence[str]) -> Fraction | int:
        return tables.score(cards)

    def _projection(
        self, tables: AuctionTables, obs: Observation, held: list[str], unseen: Sequence[str], revealed: str | None
    ) -> list[str]:
        """Held cards plus a cautious guess of what the bot will still win."""
        base = self._score(tables, held)
        # The unseen cards that would raise its score, by how much (cards of one kind gain alike: scored once).
        gains: dict[int, Fraction | int] = {}
        by_gain: dict[Fraction | int, list[str]] = {}
        kind_of = tables.score_kind
        for card in unseen:
            if card == revealed:
                continue
            kind = kind_of[card]
            gain = gains.get(kind)
            if gain is None:
                gain = gains[kind] = self._score(tables, held + [card]) - base
            if gain > 0:
                by_gain.setdefault(gain, []).append(card)
        expected_wins = cards_to_come(obs, tables) // max(1, len(obs.players))
        # The weakest of the cards it may win, least gain first then by id: a guess that never flatters a
        # multiplier. (The order of sorting every (gain, card) pair, with a comparison of gains per kind only.)
        weakest: list[str] = []
        for gain in sorted(by_gain):
            if len(weakest) >= expected_wins:
                break
            weakest += sorted(by_gain[gain])
        return held + weakest[:expected_wins]

    def card_worth(
        self, obs: Observation, card: str, unseen: Sequence[str] | None = None, to_come: int | None = None
    ) -> Fraction | int:
        """The revealed ``card``'s expected worth to this bot, in points (negative: a burden).

        ``unseen`` (the cards still to come, as ``_unseen`` gives them) and
        ``to_come`` (:func:`cards_to_come`) save working them out again when the
        caller already has them.
        """
        tables = self.tables_for(obs)
        held = self._won(obs, tables, obs.player)
        if unseen is None:
            unseen = self._unseen(obs, tables)
        # The worth depends only on this key: the same positions come back for every seat in an auction
        # and, for a searching bot whose playouts this policy plays, across thousands of playouts.
        if to_come is None:
            to_come = cards_to_come(obs, tables)
        key = (card, held, tuple(unseen), to_come, len(obs.players))
        worth = tables.worths.get(key)
        if worth is None:
            remember(tables.worths)
            worth = tables.worths[key] = self._card_worth(tables, obs, card, list(held), unseen)
        return worth

    def _card_worth(
        self, tables: AuctionTables, obs: Observation, card: str, held: list[str], unseen: Sequence[str]
    ) -> Fraction | int:
        projected = self._projection(tables, obs, held, unseen, card)
        worth = self._score(tables, projected + [card]) - self._score(tables, projected)
        tag = tables.discard_tags.get(card)
        if tag is not None:
            worth = exact(worth - self._cheapest_loss(tables, held, unseen, card, tag))
        return worth

    def _cheapest_loss(
        self, tables: AuctionTables, held: list[str], unseen: Sequence[str], revealed: str, tag: str
    ) -> Fraction | int:
        """What losing the least valuable held card with ``tag`` costs (or a future one)."""
        base = self._score(tables, held)
        losses = [
            base - self._score(tables, [c for c in held if c != card])
            for card in held
            if tag in tables.cards[card].tags
        ]
        if losses:
            return min(losses)
        future = [
            self._score(tables, held + [card]) - base
            for card in unseen
            if tag in tables.cards[card].tags and card != revealed
        ]
        return Fraction(min(future)) / 2 if future else Fraction(0)

    # ------------------------------------------------------------------ money

    def _money_left(self, tables: AuctionTables, obs: Observation, seat: int) -> int:
        """Money a seat still owns (hand plus table): dealt minus what it paid, all public."""
        spent = obs.cards(tables.spent_zone, seat) or ()
        return tables.fortune - sum(tables.value_of[card] for card in spent)

    @staticmethod
    def _end_distance(tables: AuctionTables, obs: Observation, unseen: Sequence[str], to_come: int) -> int:
        """At most how many more cards may be revealed before the game ends (1: the next may end it)."""
        key = tuple(unseen)
        if key in tables.tag_distances:
            by_tags = tables.tag_distances[key]
        else:
            seen_tags: dict[str, int] = {}
            unseen_set = set(unseen)
            for card in tables.lots:
                if card not in unseen_set:
                    for tag in tables.cards[card].tags:
                        seen_tags[tag] = seen_tags.get(tag, 0) + 1
            distances = [count - seen_tags.get(tag, 0) for tag, count in tables.end_thresholds.items()]
            remember(tables.tag_distances)
            by_tags = tables.tag_distances[key] = min(distances) if distances else None
        # The stack of lots running out ends the game too: after the last card's auction.
        last = to_come + 1
        return last if by_tags is None else min(by_tags, last)

    def _poorest_other(self, tables: AuctionTables, obs: Observation) -> int:
        """The least money any other seat still owns."""
        # Worked out once for every seat by what everyone has paid: that changes once an auction, while each
        # seat decides in it, and a game of many seats would otherwise look at every seat at every decision.
        # Where payments lie face up the answer is the same for every viewer, and shared by every bot.
        spent = tables.spent_zone
        viewer = None if obs.game.zones.zone(spent).visibility == "all" else obs.player
        key = (viewer, obs.zone_key(spent))
        poorest = tables.poorest.get(key)
        if poorest is None:
            remember(tables.poorest)
            poorest = tables.poorest[key] = heapq.nsmallest(
                2, ((self._money_left(tables, obs, seat), seat) for seat in range(len(obs.players)))
            )
        return next(money for money, seat in poorest if seat != obs.player)

    def _spending_limit(self, tables: AuctionTables, obs: Observation, unseen: Sequence[str], to_come: int) -> int:
        """The largest table total the bot allows itself without risking being the poorest."""
        mine = self._money_left(tables, obs, obs.player)
        poorest_other = self._poorest_other(tables, obs)
        share = SAFETY_SHARE_NEAR_END.get(self._end_distance(tables, obs, unseen, to_come), SAFETY_SHARE)
        # int(mine - poorest_other * share) in whole numbers: the difference over the share's denominator, truncated
        # towards zero as int() truncates a Fraction.
        over = mine * share.denominator - poorest_other * share.numerator
        kept = over // share.denominator if over >= 0 else -(-over // share.denominator)
        return kept - 1

    def _cheapest_raise(self, tables: AuctionTables, obs: Observation, legal: Any) -> int | None:
        """The legal bid reaching the lowest total, with the fewest cards (as a set of money cards)."""
        need = obs.decision["highest"] - obs.decision["totals"][obs.player]
        key = (tables.hand_mask(legal), need)
        if key in tables.raises:
            return tables.raises[key]
        remember(tables.raises)
        found = tables.raises[key] = cheapest_raise(tables.values, key[0], need)
        return found

    # ------------------------------------------------------------------ decisions

    def choose(self, obs: Observation, legal: Any) -> int:
        """Bid, pass or choose a card to discard."""
        tables = self.tables_for(obs)
        kind = obs.decision.get("kind")
        if kind in tables.discarding:
            return self._choose_discard(tables, obs, legal)
        bid = self._cheapest_raise(tables, obs, legal)
        revealed = self._revealed(obs, tables)
        if bid is None or revealed is None:
            return tables.passing
        # Worked out once per decision: looking at every zone is the dearest part of a decision.
        unseen = self._unseen(obs, tables)
        to_come = cards_to_come(obs, tables)
        worth = self.card_worth(obs, revealed, unseen, to_come)
        money_per_point = tables.money_per_point
        new_total = obs.decision["totals"][obs.player] + tables.sums[bid]
        limit = self._spending_limit(tables, obs, unseen, to_come)
        if kind in tables.dodging:
            # Passing takes the card for free; bidding risks the whole table total.
            if worth >= 0:
                return tables.passing
            affordable = -worth * money_per_point * DODGE_SHARE
            return tables.bid_base + bid if new_total <= min(affordable, limit) else tables.passing
        if worth <= 0:
            return tables.passing
        if new_total > limit:
            return tables.passing
        # new_total <= worth * money_per_point, in whole numbers when the worth is whole (a search asks at every step).
        if type(worth) is int and type(money_per_point) is Fraction:
            worth_it = new_total * money_per_point.denominator <= worth * money_per_point.numerator
        else:
            worth_it = new_total <= worth * money_per_point
        return tables.bid_base + bid if worth_it else tables.passing

    def _choose_discard(self, tables: AuctionTables, obs: Observation, legal: Any) -> int:
        held = list(self._won(obs, tables, obs.player))
        # The choice lists its cards in the order of its actions.
        card_of = dict(zip(legal, obs.decision["cards"]))

        # Scored first, then compared (compiled, a scoring function defined here would be a reference cycle with
        # this call's scope, left for the garbage collector at every discard).
        kept_scores = {
            action: self._score(tables, [card for card in held if card != card_of[action]]) for action in legal
        }
        return max(legal, key=lambda action: (kept_scores[action], -action))
