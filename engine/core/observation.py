"""What one player may see of a game: the input of every bot and of the terminal table.

An :class:`Observation` is a snapshot taken when asked for (zone contents
are immutable values, so taking it copies references only) and read through
the zones' visibility: a zone visible to the viewer shows its cards, a zone
visible as a count shows how many, a hidden zone shows nothing. What is
public about the decision under way (the highest stake, who dropped out)
comes from the deciding step, and the phases of the turn from the flow.
"""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Iterator, Mapping
from fractions import Fraction
from functools import reduce
from operator import or_
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.base.jsontypes import JSON
from engine.core.chance import ChanceOutcome
from engine.core.information import InformationSet
from engine.core.zones import SHARED, ZoneContent, ZoneSpec, ZoneView, count_of, instances_in, visible_to

# The seat of a spectator: ``state.observation(SPECTATOR)`` holds what every player may see, and nothing of any
# seat's own (no hand, no card shown to one player, no private fact of the decision under way).
SPECTATOR = -2

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import RulesetLike
    from engine.core.state import State


class Observation:
    """One player's view of the state (immutable once taken).

    Attributes: ``player``, ``players``, ``current_player``,
    ``round_number``, ``first_player``, ``ruleset`` (its id), ``rules`` (the
    ruleset itself: the card list and the rules are public), ``options``,
    ``decision`` (the facts of the decision under way, with its ``kind``:
    public ones, and for the deciding player their private ones too),
    ``phases`` (the flow's phases under way, outermost first), ``pending``
    (per player, the cards whose effects wait on them), ``statuses`` (name -> the seats that have it: out,
    protected), ``counters``
    and ``variables`` (player variables by name: ``active``, ``start``...).
    """

    __slots__ = (
        "player",
        "players",
        "current_player",
        "round_number",
        "first_player",
        "ruleset",
        "rules",
        "options",
        "decision",
        "phases",
        "pending",
        "statuses",
        "_game",
        "_zones",
        "_counters",
        "_variables",
        "_types_read",
        "_seen_slots",
        "_closed",
        "_known",
        "_state",
        "_past",
        "_hidden",
        "__weakref__",
    )
    player: int
    players: tuple[str, ...]
    current_player: int
    round_number: int
    first_player: int
    ruleset: str
    rules: RulesetLike
    options: Mapping[str, JSON]
    decision: Mapping[str, JSON]
    phases: tuple[str, ...]
    pending: tuple[tuple[str, ...], ...]
    # The players' statuses (public): name -> the seats that have it.
    statuses: Mapping[str, tuple[int, ...]]
    _game: Game
    _zones: tuple[ZoneContent, ...]
    _counters: tuple[int | None, ...]
    _variables: tuple[int, ...]
    _types_read: dict[tuple[str, int | None], tuple[int, ...] | None] | None
    _seen_slots: tuple[tuple[tuple[int, ...] | None, int | None], ...] | None
    _closed: frozenset[int]
    # The card instances this player was shown where they cannot see them (a bitmask).
    _known: int
    _state: State | None
    # The public past (see take): the history, its length now, the chance record, its length now, the first player.
    _past: tuple[list[int], int, list[ChanceOutcome], int, int]
    # The places in the past of the actions this player does not know (the others' secret choices).
    _hidden: tuple[int, ...]

    def __init__(self, state: State, player: int) -> None:
        # Taken when first read, or when the state is about to change, whichever comes first: a bot
        # that never looks (the random bot) costs nothing, and one that looks sees the moment it asked.
        self.player = player
        self._game = state.game
        self._state = state
        state._watchers.append(weakref.ref(self))  # what State.watch does, without the call: taken at every decision

    def __getattr__(self, name: str) -> object:
        state = object.__getattribute__(self, "_state")
        if state is None:
            raise AttributeError(name)
        self.take()
        return object.__getattribute__(self, name)

    def take(self) -> None:
        """Copy what this player sees from the state (once)."""
        state = self._state
        if state is None:
            return
        self._state = None
        game = state.game
        player = self.player
        self.players = game.players
        self.current_player = state.current_player()
        self.round_number = state.round_number
        self.first_player = state.first_player
        self.rules = state.ruleset
        self.ruleset = state.ruleset.id
        self.options = state.ruleset.options
        self._zones = tuple(state.zones)
        hidden = game.hidden_counters[player] if 0 <= player < len(game.hidden_counters) else ()
        if hidden:  # another player's chips, kept behind their hand
            self._counters = tuple(None if slot in hidden else value for slot, value in enumerate(state.counters))
        else:
            self._counters = tuple(state.counters)
        self._known = state.known[player] if 0 <= player < len(state.known) else 0
        self.statuses = MappingProxyType(
            {
                name: tuple(seat for seat in range(state.player_count) if bits >> seat & 1)
                for name, bits in zip(game.status_names, state.statuses)
            }
        )
        self._variables = tuple(state.variables)
        # Zones that take no card yet (a field not bought): public, like the zones themselves.
        self._closed = state.closed_slots
        # Zones already read by type (card_types), by (zone id, owner); every slot as seen (seen_slots).
        self._types_read = None
        self._seen_slots = None
        # The public past, for a search that draws states fitting this view (the lists only grow: a length marks now).
        self._past = (
            state.history,
            len(state.history),
            state.chance_record,
            len(state.chance_record),
            state.first_player,
        )
        self._hidden = state.hidden_from(player) if state.secret_actions else ()
        phases = []
        decision: Mapping[str, JSON] = MappingProxyType({})
        for frame in state.stack:
            phase = frame[0].phase()
            if phase is not None:
                phases.append(phase)
        if state.stack and not state.terminal:
            top = state.stack[-1]
            facts = {"kind": top[0].kind, "step": top[0].id, **top[0].public_facts(state, top)}
            if state.current == player:
                facts.update(top[0].private_facts(state, top))
            decision = MappingProxyType(facts)
        self.phases = tuple(phases)
        self.decision = decision
        # Effects waiting on each player (public: everyone saw the card that caused them), by the card's id.
        id_of = game.cards.id_of
        self.pending = tuple(
            tuple(id_of(source) for _effect, source in waiting) if waiting else () for waiting in state.pending
        )

    # ------------------------------------------------------------------ zones

    def zone(self, zone_id: str, owner: int | None = None) -> ZoneView:
        """What this player sees of a zone (``owner``: the seat, for a player zone)."""
        spec, seat, content = self._content(zone_id, owner)
        cards_shown, count_shown = visible_to(spec, seat, self.player)
        cards = self._game.cards.ids_of(instances_in(content)) if cards_shown else None
        known = self._known_in(content) if not cards_shown and self._known else ()
        return ZoneView(
            zone_id, None if seat == SHARED else seat, cards, count_of(content) if count_shown else None, known
        )

    def _known_in(self, content: ZoneContent) -> tuple[str, ...]:
        """The ids of the cards of a zone this player cannot see but was shown, in the zone's order."""
        known = self._known
        return self._game.cards.ids_of([instance for instance in instances_in(content) if known >> instance & 1])

    def known_cards(self, zone_id: str, owner: int | None = None) -> tuple[str, ...]:
        """The cards of a zone this player cannot see but was shown there (a hand looked at), in its order."""
        return self.zone(zone_id, owner).known

    def _slot(self, zone_id: str, owner: int | None) -> tuple[ZoneSpec, int, int]:
        """``(spec, seat, slot)`` of a zone: its spec, its owner (SHARED for a shared zone) and where it is kept."""
        layout = self._game.zones
        # Bots read the same few zones at every decision: each (zone, owner) is worked out once per game.
        located = layout.located
        key = (zone_id, owner)
        found = located.get(key)
        if found is None:
            spec = layout.zone(zone_id)
            if spec.per_player:
                if owner is None:
                    raise ValueError(f"zone {zone_id} belongs to each player: name the owner")
                seat = owner
            else:
                seat = SHARED
            found = located[key] = (spec, seat, layout.slot(spec.index, seat))
        return found

    def _content(self, zone_id: str, owner: int | None) -> tuple[ZoneSpec, int, ZoneContent]:
        """``(spec, seat, content)`` of a zone: its spec, its owner (SHARED for a shared zone) and what it holds."""
        spec, seat, slot = self._slot(zone_id, owner)
        return spec, seat, self._zones[slot]

    def is_open(self, zone_id: str, owner: int | None = None) -> bool:
        """Whether a zone takes cards now (False for a zone still closed, such as a field not bought)."""
        return self._slot(zone_id, owner)[2] not in self._closed

    @property
    def game(self) -> Game:
        """The compiled game: the public structure every seat shares (card types, zones, action spaces), no state."""
        return self._game

    def cards(self, zone_id: str, owner: int | None = None) -> tuple[str, ...] | None:
        """The card ids of a zone this player can see (None when hidden)."""
        spec, seat, content = self._content(zone_id, owner)
        if not visible_to(spec, seat, self.player)[0]:
            return None
        return self._game.cards.ids_of(instances_in(content))

    def card_types(self, zone_id: str, owner: int | None = None) -> tuple[int, ...] | None:
        """The type indices of the cards of a zone this player can see, in the zone's order (None when hidden).

        What a bot that counts by type reads (the card ids name the same
        types); remembered for the observation, since a bot reads the same
        zones many times while weighing one decision.
        """
        key = (zone_id, owner)
        read = self._types_read
        if read is None:
            read = self._types_read = {}
        elif key in read:
            return read[key]
        spec, seat, content = self._content(zone_id, owner)
        if visible_to(spec, seat, self.player)[0]:
            type_of = self._game.cards.type_of
            found = tuple([type_of[instance] for instance in instances_in(content)])
        else:
            found = None
        read[key] = found
        return found

    def seen_slots(self) -> tuple[tuple[tuple[int, ...] | None, int | None], ...]:
        """Every zone slot as this player sees it, in the layout's order: the type indices of its cards in the
        zone's order when they are visible (else None), and how many cards it holds when they may know (else
        None). What :meth:`card_types` and :meth:`count` give zone by zone, all at once (an observation tensor
        reads every zone at every step); worked out once per observation.

        A slot's entry is the same object as in this player's previous observation of the game when the slot
        holds the same content (one step changes a zone or two): it is worked out again only for the slots
        that changed, and a reader may remember what it made of an entry by the entry's identity.
        """
        seen = self._seen_slots
        if seen is None:
            game = self._game
            layout = game.zones
            specs = layout.specs
            type_of = game.cards.type_of
            player = self.player
            # Per slot, the content last seen by this player and its entry: the same content object (a zone's
            # content is never changed in place, only replaced) gives the same entry.
            last = game.seen_by_player.get(player)
            if last is None:
                last = game.seen_by_player[player] = [(None, None)] * len(layout.slot_zone)
            found = []
            for slot, (content, zone_index, owner) in enumerate(zip(self._zones, layout.slot_zone, layout.slot_owner)):
                remembered = last[slot]
                if remembered[0] is content:
                    found.append(remembered[1])
                    continue
                cards_shown, count_shown = visible_to(specs[zone_index], owner, player)
                entry = (
                    tuple([type_of[instance] for instance in instances_in(content)]) if cards_shown else None,
                    count_of(content) if count_shown else None,
                )
                last[slot] = (content, entry)
                found.append(entry)
            seen = self._seen_slots = tuple(found)
        return seen

    def count(self, zone_id: str, owner: int | None = None) -> int | None:
        """How many cards a zone holds, if this player may know."""
        spec, seat, content = self._content(zone_id, owner)
        return count_of(content) if visible_to(spec, seat, self.player)[1] else None

    def zones(self) -> Iterator[ZoneView]:
        """Every zone as this player sees it (player zones once per owner)."""
        for spec in self._game.zones.specs:
            if spec.per_player:
                for seat in range(len(self.players)):
                    yield self.zone(spec.id, seat)
            else:
                yield self.zone(spec.id)

    def unseen(self) -> Counter[str]:
        """How many cards of each type this player cannot see anywhere (in hidden or face-down zones)."""
        ids = self._game.cards.ids
        return Counter({ids[index]: left for index, left in enumerate(self.unseen_by_type()) if left > 0})

    def unseen_by_type(self) -> tuple[int, ...]:
        """:meth:`unseen` as a count per type index (0 for a type all in sight)."""
        cards = self._game.cards
        seen = self.seen_mask()
        return tuple(
            [len(copies) - (seen & mask).bit_count() for copies, mask in zip(cards.instances_of, cards.type_mask)]
        )

    def seen_mask(self) -> int:
        """Every card instance this player sees, or was shown, as a bitmask over instances.

        A type's instances are ``game.cards.type_mask[t]``: all of them are in sight when ``seen & mask ==
        mask``. (Bots ask at every decision: set zones are bitmasks of instances already, rows and stacks
        are few cards.)
        """
        zones = self._zones
        set_slots, sequence_slots = self._game.zones.visible_slots(self.player)
        seen = reduce(or_, [zones[slot] for slot in set_slots], self._known)
        for slot in sequence_slots:
            for instance in zones[slot]:
                seen |= 1 << instance
        return seen

    def zone_key(self, zone_id: str) -> tuple[ZoneContent | int | None, ...]:
        """A value that is equal for two views only when this player sees the same of the zone, for every owner.

        A key for remembering what a bot worked out from a zone (what every
        player has paid, say), read in one slice where the zone is open to
        all. It holds the contents where they are visible and only the counts
        (or None) where they are not. Visible contents are card instances, so
        two views showing the same card types may still differ in which
        copies they show; copies are interchangeable and placed at random,
        so that tells nothing about any hidden card.
        """
        layout = self._game.zones
        spec = layout.zone(zone_id)
        slots = layout.slots(spec.index)
        if spec.visibility == "all":
            return self._zones[slots.start : slots.stop]
        key: list[ZoneContent | int | None] = []
        for slot in slots:
            cards_shown, count_shown = visible_to(spec, layout.slot_owner[slot], self.player)
            content = self._zones[slot]
            if cards_shown:
                key.append(content)
            else:
                shown = count_of(content) if count_shown else None
                known = self._known_in(content) if self._known else ()
                key.append((shown, known) if known else shown)
        return tuple(key)

    # ------------------------------------------------------------------ numbers

    def measure(self, measure_id: str, seat: int | None = None) -> int | Fraction | None:
        """A measure of a player (default: this one) if this player may know it, else None.

        A player knows their own measures when they see every card they count,
        and anyone's measure the ruleset declares ``public`` (gold left
        when everyone starts alike and every payment is face up).
        """
        seat = self.player if seat is None else seat
        game = self._game
        measure = game.scoring.measure(measure_id)
        if not measure.spec.public:
            if seat != self.player:
                return None
            for zone_index in measure.zone_indices:
                spec = game.zones.specs[zone_index]
                if not visible_to(spec, seat if spec.per_player else SHARED, self.player)[0]:
                    return None
        if measure.counter_index is not None:
            return self._counters[game.counter_slot(measure.counter_index, seat)]
        return measure.of_zones(game, self._zones, seat)

    def counter(self, counter_id: str, owner: int | None = None) -> int | None:
        """A counter's value (None for another player's counter that only its owner sees)."""
        game = self._game
        index = game.counter_index[counter_id]
        return self._counters[game.counter_slot(index, owner if owner is not None else SHARED)]

    def variable(self, name: str) -> int:
        """One player variable's value, as :attr:`variables` has it (without making the whole mapping)."""
        return self._variables[self._game.variable_index[name]]

    @property
    def variables(self) -> Mapping[str, int]:
        """The player variables by name (``active``, ``start``, ``taker``...)."""
        return MappingProxyType(dict(zip(self._game.variable_names, self._variables)))

    @property
    def counters(self) -> Mapping[str, int | None | tuple[int | None, ...]]:
        """Every counter by id: a number, or a tuple per player for per-player counters (None where hidden)."""
        game = self._game
        result: dict[str, int | None | tuple[int | None, ...]] = {}
        for index, counter_id in enumerate(game.counter_ids):
            if game._counter_per_player[index]:
                result[counter_id] = tuple(
                    self._counters[game.counter_slot(index, seat)] for seat in range(len(self.players))
                )
            else:
                result[counter_id] = self._counters[game.counter_slot(index)]
        return MappingProxyType(result)

    # ------------------------------------------------------------------ searching

    def record(self) -> tuple[Game, tuple[int, ...], tuple[ChanceOutcome, ...], int]:
        """``(game, actions, chance outcomes, first player)`` up to this view, for an information set.

        The chance outcomes hold cards this player may not see: only
        :class:`~engine.core.information.InformationSet` reads them, to learn
        which cards this player saw, and never hands them out.
        """
        self.take()
        history, actions, record, outcomes, first_player = self._past
        return self._game, tuple(history[:actions]), tuple(record[:outcomes]), first_player

    def hidden_actions(self) -> tuple[int, ...]:
        """The places in :meth:`record`'s actions that this player does not know (other players' secret choices,
        not yet revealed): a search draws them among the actions that were legal."""
        self.take()
        return self._hidden

    def information_set(self) -> InformationSet:
        """What this player knew at this view, able to draw states that fit it (for searching bots)."""

        return InformationSet.of_observation(self)

    # ------------------------------------------------------------------ comparing

    def visible(self) -> tuple[object, ...]:
        """Everything this observation shows, as one comparable value."""
        return (
            self.player,
            self.players,
            self.current_player,
            self.round_number,
            self.first_player,
            self.ruleset,
            tuple(self.zones()),
            self._counters,
            self._variables,
            tuple(sorted(self.decision.items(), key=str)),
            self.phases,
            self.pending,
            tuple(sorted(self._closed)),
            tuple(self.statuses.items()),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Observation) and self.visible() == other.visible()

    def __hash__(self) -> int:
        return hash(self.visible())

    def __repr__(self) -> str:
        return f"Observation(player={self.player}, round={self.round_number}, decision={dict(self.decision)!r})"
