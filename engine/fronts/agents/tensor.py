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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from engine.core.flow import FlowNode
from engine.core.zones import SHARED, visible_to
from engine.families.common.front.agent_views import per_seat, seat_one_hot
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
    into a list of ``size`` floats.
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
        self._encoders: dict[str, Callable[..., list[float]]] = {
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
        cells: list[float] = []
        encoders = self._encoders
        # The zones' segments (most of a tensor) are read here from every slot's view, in one loop; the others
        # through their encoders.
        seen = observation.seen_slots()
        slots = self._slots_for(observation.player)
        type_count = self.type_count
        for (kind, arguments), slot in zip(self._plan, slots):
            if kind == "count":
                cells.append(float(seen[slot][1] or 0))
            elif kind == "cards":
                counts = [0.0] * type_count
                for card_type in seen[slot][0] or ():
                    counts[card_type] += 1.0
                cells.extend(counts)
            elif kind == "front":
                cells.extend(self._front(seen[slot][0] or (), arguments[2]))
            else:
                cells.extend(encoders[kind](observation, *arguments))
        return cells

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

    def _type_counts(self, card_ids: Any) -> list[float]:
        counts = [0.0] * self.type_count
        index_of_id = self._index_of_id
        for card in card_ids or ():
            counts[index_of_id[card]] += 1.0
        return counts

    def _front(self, card_types: tuple[int, ...], top_last: bool) -> list[float]:
        """A row's first cards (a stack's top ones), one-hot by type, from the types of its cards in order."""
        type_count = self.type_count
        cells = [0.0] * (FRONT_CARDS * type_count)
        # A row's front is its start; a stack's top is its end (stored bottom first).
        front = card_types[::-1][:FRONT_CARDS] if top_last else card_types[:FRONT_CARDS]
        for position, card_type in enumerate(front):
            cells[position * type_count + card_type] = 1.0
        return cells

    def _known(self, observation: Observation, zone_id: str, relative: int | None) -> list[float]:
        return self._type_counts(observation.known_cards(zone_id, self._owner(observation, relative)))

    def _open(self, observation: Observation, zone_id: str, relative: int | None) -> list[float]:
        return [1.0 if observation.is_open(zone_id, self._owner(observation, relative)) else 0.0]

    def _counter(self, observation: Observation, counter_id: str, per_player: bool) -> list[float]:
        value = observation.counters[counter_id]
        if per_player:
            return per_seat(value, observation.player, self.players)
        return [float(value or 0)]

    def _variable(self, observation: Observation, name: str) -> list[float]:
        return seat_one_hot(observation.variables.get(name), observation.player, self.players)

    def _current(self, observation: Observation) -> list[float]:
        return seat_one_hot(observation.current_player, observation.player, self.players)

    def _round(self, observation: Observation) -> list[float]:
        return [float(observation.round_number)]

    def _pending(self, observation: Observation, relative: int) -> list[float]:
        pending = observation.pending
        seat = (observation.player + relative) % self.players
        return self._type_counts(pending[seat] if seat < len(pending) else ())

    def _kind(self, observation: Observation) -> list[float]:
        kind = observation.decision.get("kind")
        return [1.0 if kind == known else 0.0 for known in self.decision_kinds]

    def _fact_cards(self, observation: Observation) -> list[float]:
        cards = observation.decision.get("cards")
        if not isinstance(cards, tuple) or not all(
            isinstance(card, str) and card in self._index_of_id for card in cards
        ):
            return [0.0] * self.type_count  # absent, or a number of cards (a row's length), not the cards
        return self._type_counts(cards)

    def _fact_card(self, observation: Observation) -> list[float]:
        card = observation.decision.get("card")
        cells = [0.0] * self.type_count
        if isinstance(card, str) and card in self._index_of_id:
            cells[self._index_of_id[card]] = 1.0
        return cells

    def _features(self, observation: Observation, kind: str, features: Any) -> list[float]:
        if observation.decision.get("kind") != kind:
            return [0.0] * features.size
        return [float(value) for value in features.encode(observation)]

    def _phase(self, observation: Observation) -> list[float]:
        under_way = set(observation.phases)
        return [1.0 if phase in under_way else 0.0 for phase in self.phases]
