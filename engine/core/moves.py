"""Moving cards between zones: what blocks call, so every card stays in exactly one zone and moves are told."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from engine.base.errors import EndlessGameError
from engine.base.i18n import _
from engine.core.chance import ChanceOutcome, ChanceSource
from engine.core.events import CardsMoved, Event, Shuffled
from engine.core.limits import MAX_CHANCE_OUTCOMES
from engine.core.zones import SHARED, STACK, ZoneContent, count_of, iterate_bits

if TYPE_CHECKING:
    from engine.core.game import Game


class SlotOf(Protocol):
    """The slot of a zone of ``owner`` (ignored for a shared zone): :meth:`ZoneLayout.slot`."""

    def __call__(self, zone_index: int, owner: int = SHARED) -> int: ...


class CardsWitness(Protocol):
    """Told of every move, before anyone forgets the moved cards: ``moved`` (a bitmask of instances) went to slot
    ``target``. What an :class:`~engine.core.information.InformationSet` uses to learn the cards its player
    saw only for a moment (a card discarded face up, then shuffled into the next round's deck by the same action).
    """

    def __call__(self, state: CardMoves, moved: int, target: int) -> None: ...


class CardMoves:
    """The card-moving half of :class:`~engine.core.state.State` (a mixin: it uses the state's zones and game)."""

    zones: list[ZoneContent]
    game: Game
    recording: bool
    events: list[Event]
    chance: ChanceSource
    chance_record: list[ChanceOutcome]
    closed_slots: frozenset[int]
    known: list[int]
    knowing: bool
    witness: CardsWitness | None

    if TYPE_CHECKING:
        # Each state sets the layout's own method (blocks ask for slots on every move).
        slot: SlotOf

        def endless(self, message: str, *, step: str | None = None) -> EndlessGameError: ...

    else:

        def slot(self, zone_index: int, owner: int = SHARED) -> int:
            """The slot of a zone of ``owner`` (ignored for a shared zone)."""
            return self.game.zones.slot(zone_index, owner)

    def cards_in(self, zone: str | int, owner: int = SHARED) -> tuple[int, ...]:
        """The card instances in a zone (set: by instance; row: front first; stack: bottom first)."""
        layout = self.game.zones
        zone_index = layout.index_of_id[zone] if type(zone) is str else zone
        # mypy narrows ``type(zone) is str`` in one branch only (a str subclass is no int); ``isinstance``, which it
        # narrows in both, costs 8% of this call: every bot reads zones through it.
        content = self.zones[layout.slot(zone_index, owner)]  # type: ignore[arg-type]
        return tuple(iterate_bits(content)) if type(content) is int else content

    def card_ids_in(self, zone: str | int, owner: int = SHARED) -> tuple[str, ...]:
        """The type ids of the cards in a zone, in the zone's order."""
        return self.game.cards.ids_of(self.cards_in(zone, owner))

    def count_in(self, zone: str | int, owner: int = SHARED) -> int:
        """How many cards a zone holds."""
        zone_index = self.game.zones.index_of_id[zone] if isinstance(zone, str) else zone
        return count_of(self.zones[self.game.zones.slot(zone_index, owner)])

    def move(
        self,
        instances: Sequence[int],
        source: int,
        target: int,
        *,
        at: int | None = None,
        player: int | None = None,
        step: str | None = None,
    ) -> None:
        """Move card instances from slot ``source`` to slot ``target``.

        Into a row they go to the back (or before position ``at``), onto a
        stack to the top, in the order given. Blocks check legality first;
        this only moves, keeping every card in exactly one zone.
        """
        zones = self.zones
        content = zones[source]
        if type(content) is int:
            mask = 0
            for instance in instances:
                mask |= 1 << instance
            zones[source] = content & ~mask
        else:
            remaining = list(content)
            for instance in instances:
                remaining.remove(instance)
            zones[source] = tuple(remaining)
        self._add(instances, target, at)
        if self.knowing:
            mask = 0
            for instance in instances:
                mask |= 1 << instance
            self._forget_moved(mask, source, target)
        if self.recording and instances:  # moving no card is no event (nobody is told of it)
            self._moved(instances, source, target, player, step)

    def move_mask(
        self, mask: int, source: int, target: int, *, player: int | None = None, step: str | None = None
    ) -> None:
        """Move a bitmask of instances between two set zones (the fast path of set-to-set moves)."""
        zones = self.zones
        zones[source] &= ~mask
        zones[target] |= mask
        if self.knowing:
            self._forget_moved(mask, source, target)
        if self.recording and mask:
            self._moved(tuple(iterate_bits(mask)), source, target, player, step)

    def _add(self, instances: Sequence[int], target: int, at: int | None) -> None:
        zones = self.zones
        content = zones[target]
        if type(content) is int:
            for instance in instances:
                content |= 1 << instance
            zones[target] = content
        elif at is None:
            zones[target] = content + tuple(instances)
        else:
            zones[target] = content[:at] + tuple(instances) + content[at:]

    def _moved(self, instances: Sequence[int], source: int, target: int, player: int | None, step: str | None) -> None:
        layout = self.game.zones
        specs = layout.specs
        self.events.append(
            CardsMoved(
                self.game.cards.ids_of(instances),
                specs[layout.slot_zone[source]].id,
                layout.slot_owner[source],
                specs[layout.slot_zone[target]].id,
                layout.slot_owner[target],
                player,
                step,
            )
        )

    def _forget_moved(self, moved: int, source: int, target: int) -> None:
        """Nobody knows any more where the ``moved`` cards (a bitmask) are; and a player who cannot tell which
        cards left a zone hidden from them no longer knows which of its cards stayed: a card they did not know of
        the same kind as one they knew left (a second copy drawn, then one of the two played), or cards went
        where they cannot see. Knowing which copy stayed would tell them what the rules do not."""
        if self.witness is not None:
            self.witness(self, moved, target)
        zones = self.zones
        left = zones[source]
        if type(left) is not int:
            left = sum(1 << instance for instance in left)
        layout = self.game.zones
        type_of = self.game.cards.type_of
        known_now = []
        for viewer, known in enumerate(self.known):
            stayed = known & left
            if stayed and source not in layout.visible_set(viewer):
                if target not in layout.visible_set(viewer):
                    known &= ~stayed
                else:
                    kinds = {type_of[instance] for instance in iterate_bits(moved & ~known)}
                    for instance in iterate_bits(stayed):
                        if type_of[instance] in kinds:
                            known &= ~(1 << instance)
            known_now.append(known & ~moved)
        self.known = known_now

    def forget(self, instances: Sequence[int]) -> None:
        """Nobody knows any more where these cards are (they moved): they are seen again only as their zone shows."""
        mask = 0
        for instance in instances:
            mask |= 1 << instance
        self.known = [known & ~mask for known in self.known]

    def show_to(self, instances: Sequence[int], player: int) -> None:
        """``player`` knows these cards from now on, wherever they lie, until they move."""
        mask = 0
        for instance in instances:
            mask |= 1 << instance
        known = list(self.known)
        known[player] |= mask
        self.known = known
        self.knowing = True

    def open_zone(self, slot: int) -> None:
        """A closed zone (a field not yet bought) takes cards from now on."""
        self.closed_slots = self.closed_slots - {slot}

    def take_top(self, slot: int) -> int | None:
        """Remove and return the top card of a stack (or the front of a row); None when empty."""
        content: tuple[int, ...] = self.zones[slot]
        if not content:
            return None
        if self.game.zones.specs[self.game.zones.slot_zone[slot]].kind == STACK:
            self.zones[slot] = content[:-1]
            taken = content[-1]
        else:
            self.zones[slot] = content[1:]
            taken = content[0]
        if self.knowing:
            self.forget((taken,))
        return taken

    def shuffle_into(
        self,
        instances: Sequence[int],
        source: int,
        target: int,
        zone_id: str,
        log_key: str | None = None,
        mask: int | None = None,
    ) -> None:
        """Shuffle cards from ``source`` onto the stack ``target`` (a chance outcome, drawn or replayed, recorded).

        ``mask``: the instances as a bitmask, when the caller has it (a set zone's cards).
        """
        if len(self.chance_record) >= MAX_CHANCE_OUTCOMES:
            # TRANSLATORS: error about a ruleset whose game never ends, shown at its end conditions; {limit} is a
            # number of shuffles, e.g. 10000.
            raise self.endless(
                _(
                    "the game did not end within {limit} shuffles, the most a game log holds: "
                    "its end conditions are out of reach, or too far away",
                    limit=MAX_CHANCE_OUTCOMES,
                )
            )
        order = self.chance.shuffle(self, zone_id, list(instances), log_key)
        # The card ids are worked out when the log is written: most simulated games never are.
        self.chance_record.append((zone_id, tuple(order), log_key))
        content = self.zones[source]
        if type(content) is int:
            if mask is None:
                mask = 0
                for instance in order:
                    mask |= 1 << instance
            self.zones[source] = content & ~mask
        else:
            remaining = list(content)
            for instance in order:
                remaining.remove(instance)
            self.zones[source] = tuple(remaining)
        # The order is written top first; a stack keeps its top last.
        self.zones[target] = self.zones[target] + tuple(reversed(order))
        if self.knowing:
            self.forget(order)
        if self.recording:
            self.events.append(Shuffled(zone_id, len(order)))
