"""A fixed-length vector of what one seat sees, derived from the ruleset alone: :class:`ObservationTensor`.

The layout depends only on the game (ruleset and number of players) and is
the same for every seat, because seats are counted *from the viewer*: the
tensor's seat 0 is always the viewer, seat 1 the next seat clockwise, and
so on. Everything is read through :class:`~engine.core.observation.Observation`,
so two states that differ only in cards the viewer cannot see give the same
tensor. The segments, in order (``T`` card types, ``P`` players, ``@s`` a
seat relative to the viewer; a player zone has one group per seat):

==============================  ======  ==============================================================
segment                         length  value
==============================  ======  ==============================================================
``zone:Z[@s]:cards``            T       cards of each type, for each zone slot whose cards the viewer sees
``zone:Z[@s]:front``            3·T     a row's first three cards (a stack's top three), one-hot by type,
                                        when the viewer sees them
``zone:Z[@s]:count``            1       how many cards, for each zone slot whose count the viewer sees
``zone:Z[@s]:known``            T       in a zone slot the viewer cannot see, the cards they were shown
                                        there (games with steps that show cards: ``show``, ``swap``)
``zone:Z[@s]:open``             1       1 when the zone takes cards (zones that start closed only)
``counter:C[@s]``               1 or P  each counter (per-player counters once per seat; 0 for a counter
                                        only its owner sees)
``variable:V``                  P       the seat a player variable names (``active``...), one-hot
``current``                     P       whose turn it is, one-hot (all 0 once the game is over)
``round``                       1       rounds started
``pending@s``                   T       per seat, the cards whose effects wait on that player
``decision:kind``               K       the decision under way, one-hot over the kinds of the game's
                                        deciding steps (sorted)
``decision:cards``              T       the cards the decision offers (a choice's ``cards``)
``decision:card``               T       the card the decider looks at (``card``: a peek)
``decision:KIND:facts``         varies  the numbers the decision's block family declares for it
                                        (an auction's highest and per-seat totals, a trade's offer)
``phase``                       F       the phases under way, over the game's phase names (sorted)
==============================  ======  ==============================================================
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.flow import FlowNode
from engine.core.zones import SHARED, visible_to
from engine.families.common.front.agent_views import seat_one_hot
from engine.fronts.agents.views import features_for

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation

# How many cards of a row's front (a stack's top) are encoded by position.
FRONT_CARDS = 3


def _decides(node: Any) -> bool:
    return type(node).legal is not FlowNode.legal


class ObservationTensor:
    """The fixed-length encoding of one game's observations (see the module docstring for the layout).

    ``size`` is the length; ``segments`` are ``(name, offset, length)``
    in order; :meth:`encode` turns an :class:`~engine.core.observation.Observation`
    into a list of ``size`` floats, and :meth:`nonzero` gives the cells of that
    list that are not 0.
    """

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = players = game.player_count
        cards = game.cards
        self.type_count = types = len(cards.ids)
        self._index_of_id = cards.index_of_id
        self._layout = game.zones
        # Per viewer, the zone slot each segment of the plan reads (see _slots_for).
        self._slot_plans: dict[int, list[int]] = {}
        segments: list[tuple[str, int, int]] = []
        # What encode does, in order: (kind, arguments) for each segment.
        self._plan: list[tuple[str, tuple]] = []

        def add(name: str, length: int, kind: str, *arguments: Any) -> None:
            offset = segments[-1][1] + segments[-1][2] if segments else 0
            segments.append((name, offset, length))
            self._plan.append((kind, arguments))

        # Only a game whose steps show cards to one player has known cards to encode (other tensors stay as they were).
        shows = any(getattr(node, "shows_cards", False) for node in game.nodes)
        for spec in game.zones.specs:
            for relative in range(players) if spec.per_player else (None,):
                label = f"zone:{spec.id}" + (f"@{relative}" if relative is not None else "")
                # Visibility depends on the owner only through "is it the viewer": seat 0 stands for every viewer.
                owner = relative if relative is not None else SHARED
                cards_seen, count_seen = visible_to(spec, owner, 0)
                if cards_seen:
                    add(f"{label}:cards", types, "cards", spec.index, relative)
                    if spec.kind in ("row", "stack"):
                        add(f"{label}:front", FRONT_CARDS * types, "front", spec.index, relative, spec.kind == "stack")
                if count_seen:
                    add(f"{label}:count", 1, "count", spec.index, relative)
                if shows and not cards_seen:
                    add(f"{label}:known", types, "known", spec.id, relative)
                if spec.starts_closed:
                    add(f"{label}:open", 1, "open", spec.id, relative)
        for index, counter_id in enumerate(game.counter_ids):
            per_player = game._counter_per_player[index]
            add(f"counter:{counter_id}", players if per_player else 1, "counter", counter_id, per_player)
        for name in game.variable_names:
            add(f"variable:{name}", players, "variable", name)
        add("current", players, "current")
        add("round", 1, "round")
        for relative in range(players):
            add(f"pending@{relative}", types, "pending", relative)
        kinds = sorted({node.kind for node in game.nodes if _decides(node)})
        self.decision_kinds = tuple(kinds)
        add("decision:kind", len(kinds), "kind")
        add("decision:cards", types, "fact-cards")
        add("decision:card", types, "fact-card")
        factories = features_for()
        for kind in kinds:
            factory = factories.get(kind)
            features = factory(game) if factory is not None else None
            if features is not None and features.size:
                add(f"decision:{kind}:facts", features.size, "features", kind, features)
        phases = sorted({phase for node in game.nodes for phase in (node.phase(),) if phase is not None})
        self.phases = tuple(phases)
        add("phase", len(phases), "phase")
        self.segments: tuple[tuple[str, int, int], ...] = tuple(segments)
        self.size: int = segments[-1][1] + segments[-1][2] if segments else 0
        self._offsets = tuple(offset for _name, offset, _length in segments)
        # Per viewer, per segment of a zone: the slot's entry last encoded and its cells (see nonzero).
        self._zone_cells: dict[int, list[tuple[Any, tuple[int, ...], tuple[float, ...]]]] = {}
        self._encoders: dict[str, Callable[..., Sequence[float]]] = {
            "known": self._known,
            "open": self._open,
            "counter": self._counter,
            "variable": self._variable,
            "current": self._current,
            "round": self._round,
            "pending": self._pending,
            "kind": self._kind,
            "fact-cards": self._fact_cards,
            "fact-card": self._fact_card,
            "features": self._features,
            "phase": self._phase,
        }

    def segment(self, name: str) -> tuple[int, int]:
        """``(offset, length)`` of the segment called ``name`` (KeyError if there is none)."""
        for found, offset, length in self.segments:
            if found == name:
                return offset, length
        raise KeyError(name)

    # ------------------------------------------------------------------ encoding

    def encode(self, observation: Observation) -> list[float]:
        """The tensor of an observation: ``size`` floats, seats counted from ``observation.player``."""
        cells = [0.0] * self.size
        positions, values = self.nonzero(observation)
        for position, value in zip(positions, values):
            cells[position] = value
        return cells

    def nonzero(self, observation: Observation) -> tuple[list[int], list[float]]:
        """The cells of :meth:`encode` that are not 0: their positions, increasing, and their values.

        A tensor is mostly zeros (a few dozen cells of a thousand in a game
        of many card types): an adapter fills a zeroed array with these,
        rather than converting ``size`` Python floats at every step.
        """
        positions: list[int] = []
        values: list[float] = []
        add_position, add_value = positions.append, values.append
        encoders = self._encoders
        # The zones' segments (most of a tensor) are read here from every slot's view, in one loop; the others
        # through their encoders.
        seen = observation.seen_slots()
        viewer = observation.player
        slots = self._slots_for(viewer)
        # Per segment of a zone, the slot's entry last encoded for this viewer and its cells: an entry of
        # seen_slots is the same object while the slot holds the same cards (most slots, from one step to the next).
        remembered = self._zone_cells.get(viewer)
        if remembered is None:
            remembered = self._zone_cells[viewer] = [(None, (), ())] * len(self._plan)
        type_count = self.type_count
        for index, ((kind, arguments), slot, offset) in enumerate(zip(self._plan, slots, self._offsets)):
            if slot >= 0:
                entry = seen[slot]
                last = remembered[index]
                if last[0] is not entry:
                    last = remembered[index] = (entry, *self._zone_cells_of(kind, entry, offset, arguments, type_count))
                positions.extend(last[1])
                values.extend(last[2])
            else:
                for place, value in enumerate(encoders[kind](observation, *arguments)):
                    if value:
                        add_position(offset + place)
                        add_value(value)
        return positions, values

    @staticmethod
    def _zone_cells_of(
        kind: str, entry: tuple[tuple[int, ...] | None, int | None], offset: int, arguments: tuple, type_count: int
    ) -> tuple[tuple[int, ...], tuple[float, ...]]:
        """The cells that are not 0 of a zone's segment (``count``, ``cards`` or ``front``), from the slot's
        entry in :meth:`~engine.core.observation.Observation.seen_slots`: positions and values."""
        card_types, count = entry
        if kind == "count":
            return ((offset,), (float(count),)) if count else ((), ())
        if not card_types:
            return (), ()
        positions: list[int] = []
        values: list[float] = []
        if kind == "cards":
            # Each type once, counted: the types sorted keep the positions increasing.
            last = -1
            for card_type in sorted(card_types):
                if card_type == last:
                    values[-1] += 1.0
                else:
                    positions.append(offset + card_type)
                    values.append(1.0)
                    last = card_type
        else:
            # A row's front is its start; a stack's top is its end (stored bottom first).
            front = card_types[::-1][:FRONT_CARDS] if arguments[2] else card_types[:FRONT_CARDS]
            for place, card_type in enumerate(front):
                positions.append(offset + place * type_count + card_type)
                values.append(1.0)
        return tuple(positions), tuple(values)

    def _slots_for(self, viewer: int) -> list[int]:
        """The zone slot of each segment of the plan for ``viewer`` (-1 for a segment of no zone)."""
        slots = self._slot_plans.get(viewer)
        if slots is None:
            slots = self._slot_plans[viewer] = [
                self._layout.slot(
                    arguments[0], SHARED if arguments[1] is None else (viewer + arguments[1]) % self.players
                )
                if kind in ("cards", "front", "count")
                else -1
                for kind, arguments in self._plan
            ]
        return slots

    def _owner(self, observation: Observation, relative: int | None) -> int | None:
        return None if relative is None else (observation.player + relative) % self.players

    # The encoders below give a segment's cells from its start; the cells past what they give are 0 (nothing
    # at all for a segment of zeros, the usual case: only cells that are not 0 are kept, see nonzero).

    def _type_counts(self, card_ids: Any) -> Sequence[float]:
        if not card_ids:
            return ()
        counts = [0.0] * self.type_count
        index_of_id = self._index_of_id
        for card in card_ids or ():
            counts[index_of_id[card]] += 1.0
        return counts

    def _known(self, observation: Observation, zone_id: str, relative: int | None) -> Sequence[float]:
        return self._type_counts(observation.known_cards(zone_id, self._owner(observation, relative)))

    def _open(self, observation: Observation, zone_id: str, relative: int | None) -> Sequence[float]:
        return [1.0 if observation.is_open(zone_id, self._owner(observation, relative)) else 0.0]

    def _counter(self, observation: Observation, counter_id: str, per_player: bool) -> Sequence[float]:
        # Counter by counter (making the whole mapping of counters for each would cost more than the tensor).
        if per_player:
            viewer, players = observation.player, self.players
            return [float(observation.counter(counter_id, (viewer + step) % players) or 0) for step in range(players)]
        return [float(observation.counter(counter_id) or 0)]

    def _variable(self, observation: Observation, name: str) -> Sequence[float]:
        return seat_one_hot(observation.variable(name), observation.player, self.players)

    def _current(self, observation: Observation) -> Sequence[float]:
        return seat_one_hot(observation.current_player, observation.player, self.players)

    def _round(self, observation: Observation) -> Sequence[float]:
        return [float(observation.round_number)]

    def _pending(self, observation: Observation, relative: int) -> Sequence[float]:
        pending = observation.pending
        seat = (observation.player + relative) % self.players
        return self._type_counts(pending[seat] if seat < len(pending) else ())

    def _kind(self, observation: Observation) -> Sequence[float]:
        kind = observation.decision.get("kind")
        return [1.0 if kind == known else 0.0 for known in self.decision_kinds]

    def _fact_cards(self, observation: Observation) -> Sequence[float]:
        cards = observation.decision.get("cards")
        if not isinstance(cards, tuple) or not all(
            isinstance(card, str) and card in self._index_of_id for card in cards
        ):
            return ()  # absent, or a number of cards (a row's length), not the cards
        return self._type_counts(cards)

    def _fact_card(self, observation: Observation) -> Sequence[float]:
        card = observation.decision.get("card")
        if isinstance(card, str) and card in self._index_of_id:
            cells = [0.0] * self.type_count
            cells[self._index_of_id[card]] = 1.0
            return cells
        return ()

    def _features(self, observation: Observation, kind: str, features: Any) -> Sequence[float]:
        if observation.decision.get("kind") != kind:
            return ()
        return [float(value) for value in features.encode(observation)]

    def _phase(self, observation: Observation) -> Sequence[float]:
        under_way = set(observation.phases)
        return [1.0 if phase in under_way else 0.0 for phase in self.phases]
