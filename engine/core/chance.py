"""Chance: every shuffle and the choice of the first player, drawn or replayed, always recorded.

A game is dealt either from a seed (:class:`SeededChance`: one
``random.Random(seed)`` draws every outcome, so the same seed gives the same
game) or from recorded outcomes (:class:`RecordedChance`: a replay needs no
random generator at all). Either way each outcome is appended to the state's
``chance_record``, which the log writes out: the setup shuffle marked
``log: deck`` as the log's ``deck`` and every later outcome, in order, under
``chance``.
"""

from __future__ import annotations

import copy
import hashlib
import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Protocol, TypeAlias

from engine.base.errors import LogError
from engine.base.i18n import _
from engine.base.jsontypes import JSON

if TYPE_CHECKING:
    from engine.core.cards import CardSet
    from engine.core.game import Game

# One chance outcome as a state records it: the zone shuffled, the instances in their order (top first), and the
# log key of the shuffle (``deck`` for the one the log writes as its deck).
ChanceOutcome: TypeAlias = tuple[str, tuple[int, ...], str | None]


class GameInPlay(Protocol):
    """What a chance source reads of the state it deals for: the game (its cards)."""

    @property
    def game(self) -> Game: ...


class ChanceSource(Protocol):
    """Where a game's chance outcomes come from: drawn, replayed, or dealt again (a ``clone()`` is optional:
    a source without one is copied whole)."""

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        """The order of ``instances`` after a shuffle of ``zone_id`` (top first)."""
        ...

    def first_player(self, state: GameInPlay, players: int) -> int:
        """The seat that starts."""
        ...


class SeededChance:
    """Outcomes drawn from one seeded generator."""

    def __init__(self, seed: int | None) -> None:
        self.rng = random.Random(seed)

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        """A uniformly random order of ``instances`` (returned top first)."""
        order = list(instances)
        self.rng.shuffle(order)
        return order

    def first_player(self, state: GameInPlay, players: int) -> int:
        """A uniformly random seat."""
        return self.rng.randrange(players)

    def clone(self) -> SeededChance:
        """An independent copy that draws what this one would (a generator's state is copied whole, in C)."""
        other = object.__new__(SeededChance)
        other.rng = random.Random()
        other.rng.setstate(self.rng.getstate())
        return other


class PairedChance:
    """Outcomes derived from hashes of ``(seed, game, card)``, so that games of different rulesets pair up.

    Every card of a shuffle gets a sort key hashed from the seed, the game's
    number, the card's label (its id, ``#copy`` for copies) and, after the
    game's first shuffle, the zone and how many times it was shuffled: cards
    that two rulesets share come out in the same relative order in both,
    whatever cards either adds or removes, and game ``i`` of a ruleset is the
    same whichever rulesets it is compared with. The first player is hashed
    the same way. Used by ``simulate``; the state records the outcomes like any
    other, so the games replay from their logs.
    """

    def __init__(self, seed: int, game_index: int) -> None:
        self.seed = seed
        self.game_index = game_index
        self.shuffles: dict[str, int] = {}

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        first_of_game = not self.shuffles
        done = self.shuffles.get(zone_id, 0)
        self.shuffles[zone_id] = done + 1
        label = state.game.cards.label
        if first_of_game:
            keys = {
                instance: (hash64(self.seed, self.game_index, "card", label(instance)), label(instance))
                for instance in instances
            }
        else:
            keys = {
                instance: (hash64(self.seed, self.game_index, "card", label(instance), zone_id, done), label(instance))
                for instance in instances
            }
        return sorted(instances, key=keys.__getitem__)

    def first_player(self, state: GameInPlay, players: int) -> int:
        return hash64(self.seed, self.game_index, "first-player") % players

    def clone(self) -> PairedChance:
        """An independent copy (the shuffles counted so far are its own)."""
        other = PairedChance(self.seed, self.game_index)
        other.shuffles = dict(self.shuffles)
        return other


def hash64(*parts: object) -> int:
    """A 64-bit number from the parts; the same on every machine and Python (unlike ``hash``)."""

    text = ":".join(str(part) for part in parts).encode("utf-8")
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big")


class RecordedChance:
    """Outcomes read back from a log: the deck, later shuffles in order, the first player.

    Each outcome is checked against what the game asks for (the same cards,
    the same zone); a log whose outcomes do not fit is a located
    :class:`~engine.base.errors.LogError`.
    """

    def __init__(
        self,
        first_player: int | None,
        deck: Sequence[str] | None = None,
        outcomes: Sequence[Mapping[str, JSON]] = (),
        fallback: SeededChance | None = None,
    ) -> None:
        self.deck = list(deck) if deck is not None else None
        self.outcomes = list(outcomes)
        self.next_outcome = 0
        self.first = first_player
        # Draws what the record does not hold (a new game given only its deck, say).
        self.fallback = fallback

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        cards = state.game.cards
        if log_key == "deck" and self.deck is not None:
            order, path = self.deck, "$.deck"
            self.deck = None
        elif self.next_outcome < len(self.outcomes):
            path = f"$.chance[{self.next_outcome}]"
            outcome = self.outcomes[self.next_outcome]
            self.next_outcome += 1
            if (
                not isinstance(outcome, Mapping)
                or outcome.get("zone") != zone_id
                or not isinstance(outcome.get("cards"), (list, tuple))
            ):
                # TRANSLATORS: error in a game log file: the next recorded chance outcome is not the shuffle the game
                # makes now; {zone} is a zone's id in the ruleset, e.g. "discard".
                raise LogError.at(_("expected the shuffle of {zone} here", zone=zone_id), json_path=path)
            order = list(outcome["cards"])
            path += ".cards"
        elif self.fallback is not None:
            return self.fallback.shuffle(state, zone_id, instances, log_key)
        else:
            # TRANSLATORS: error in a game log file: it lacks the shuffle the game makes now; {zone} is a zone's id
            # in the ruleset, e.g. "discard".
            raise LogError.at(
                _("the log holds no outcome for the shuffle of {zone}", zone=zone_id), json_path="$.chance"
            )
        return match_order(cards, instances, order, path, None if path == "$.deck" else zone_id)

    def first_player(self, state: GameInPlay, players: int) -> int:
        if self.first is None:
            if self.fallback is not None:
                return self.fallback.first_player(state, players)
            # TRANSLATORS: error in a game log file that does not say which player starts.
            raise LogError.at(_("the log names no first player"), json_path="$.first_player")
        if type(self.first) is not int or not 0 <= self.first < players:
            # TRANSLATORS: error in a game log file: the starting player is given as a seat number counted from 0;
            # {last} is the last seat, e.g. 3 for four players.
            raise LogError.at(
                _("the first player must be a seat from 0 to {last}", last=players - 1), json_path="$.first_player"
            )
        return self.first

    def unused(self) -> int:
        """How many recorded outcomes the game never asked for."""
        return len(self.outcomes) - self.next_outcome

    def clone(self) -> RecordedChance:
        """An independent copy (the recorded outcomes are only read, so they are shared)."""
        other = copy.copy(self)
        if self.fallback is not None:
            other.fallback = self.fallback.clone()
        return other


def match_order(
    cards: CardSet, instances: Sequence[int], order: Sequence[JSON], path: str, zone_id: str | None = None
) -> list[int]:
    """The instances put in the order a log wrote by type id (copies of a type in ascending order).

    The log names cards by type; the order must hold exactly the cards being
    shuffled, each as often as there are copies. ``zone_id`` names the zone of
    a shuffle after setup (a discard pile reshuffled), which the message names.
    """
    single = cards.single_instance_of
    if len(order) == len(instances):
        # The usual case of a replay: every type named has one copy (a deck of distinct cards).
        found = [single.get(card_id) if type(card_id) is str else None for card_id in order]
        if None not in found and len(set(found)) == len(found) and set(found) == set(instances):
            return [instance for instance in found if instance is not None]  # every one is
    by_type: dict[str, list[int]] = {}
    for instance in sorted(instances):
        by_type.setdefault(cards.id_of(instance), []).append(instance)
    for pile in by_type.values():
        pile.reverse()  # pop() hands out the lowest copy first
    result: list[int] = []
    for card_id in order:
        copies = by_type.get(card_id) if type(card_id) is str else None
        if not copies:
            break
        result.append(copies.pop())
    if len(result) != len(instances) or len(order) != len(instances):
        expected = Counter(cards.id_of(instance) for instance in instances)
        given = Counter(card if type(card) is str else str(card) for card in order)
        missing = sorted((expected - given).elements())
        extra = sorted((given - expected).elements())
        details = []
        if missing:
            # TRANSLATORS: part of a message about a shuffle in a log: the cards it lacks.
            details.append(_("missing {cards}", cards=", ".join(missing[:20]) + (", …" if len(missing) > 20 else "")))
        if extra:
            # TRANSLATORS: part of a message about a shuffle in a log: the card ids it names that the ruleset does
            # not have, or names too often; {cards} is a list of ids, e.g. "gem-3, gem-7".
            details.append(
                _(
                    "not in this ruleset or repeated: {cards}",
                    cards=", ".join(card[:80] for card in extra[:20]) + (", …" if len(extra) > 20 else ""),
                )
            )
        if zone_id is not None:
            # TRANSLATORS: a reshuffle in a log (e.g. of the discard pile) that does not list the cards being shuffled
            raise LogError.at(
                _(
                    "the shuffle into {zone} must hold exactly the cards being shuffled ({details})",
                    zone=zone_id,
                    details="; ".join(details),
                ),
                json_path=path,
            )
        # TRANSLATORS: error in a game log file whose deck order is not the ruleset's cards, each once; {details}
        # says which cards are missing or extra.
        raise LogError.at(
            _("the deck must hold every card of the ruleset once ({details})", details="; ".join(details)),
            json_path=path,
        )
    return result
