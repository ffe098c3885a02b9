"""What the families' agent views share (for learning libraries, ``engine.fronts.agents``): a bounded view of a
large action space (:class:`BoundedView`, :class:`ListedView`), the numbers a kind of decision adds to an
observation tensor (:class:`DecisionFeatures`), and helpers to size and fill them (card types a zone may hold,
seats relative to the viewer, amounts on an observed scale)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import combinations_with_replacement
from typing import TYPE_CHECKING, Any

from engine.language.semantic import Context

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State


class BoundedView:
    """A fixed subset of one action space, numbered ``0 .. size - 1`` (subclassed by block families).

    ``to_engine`` and ``from_engine`` convert a local index and an engine
    action int for the player to move in a state; ``from_engine`` answers
    None for an action outside the subset, so every engine action has at
    most one index and every index of a legal action converts back to it.
    """

    size = 0
    # Whether legal() gives its local indices in increasing order, each once (a lone part then needs no sorting).
    ordered = False

    def __init__(self, space: Any, game: Game) -> None:
        self.space = space
        self.game = game

    def to_engine(self, state: State, player: int, local: int) -> int | None:
        """The engine action ``local`` stands for now (None when it stands for nothing now)."""
        raise NotImplementedError

    def from_engine(self, state: State, player: int, action: int) -> int | None:
        """The local index of an engine action of this space (None: outside the subset)."""
        raise NotImplementedError

    def candidates(self, state: State, player: int) -> Iterable[int]:
        """Local indices that may be legal now (a superset; the default is every index, for small views)."""
        return range(self.size)

    def legal(self, state: State, player: int, part: Any) -> Iterator[int]:
        """The local indices legal now, ``part`` being the legal actions of this space (membership is cheap)."""
        for local in self.candidates(state, player):
            action = self.to_engine(state, player, local)
            if action is not None and action in part:
                yield local

    def describe(self, state: State, player: int, local: int) -> str:
        """What ``local`` does, in words, whether or not it is legal now (a view with a state-free text overrides)."""
        action = self.to_engine(state, player, local)
        if action is None:
            raise ValueError(local)
        return self.space.describe(state, action, player)


class ListedView(BoundedView):
    """A view whose indices stand for a fixed list of engine actions (the same ints in every state).

    ``actions`` is that list; an engine action not in it is outside the view.
    Used for payments: a thing and the cards paid for it, listed in a
    canonical order.
    """

    def __init__(self, space: Any, game: Game, actions: Iterable[int], most: int | None = None) -> None:
        """``actions`` in their order, each once; only the first ``most`` when given (a bound on the view's size)."""
        super().__init__(space, game)
        distinct = dict.fromkeys(actions)
        self.actions = tuple(distinct)[:most] if most is not None else tuple(distinct)
        self.index = {action: local for local, action in enumerate(self.actions)}
        self.size = len(self.actions)

    def to_engine(self, state: State, player: int, local: int) -> int | None:
        return self.actions[local] if 0 <= local < self.size else None

    def from_engine(self, state: State, player: int, action: int) -> int | None:
        return self.index.get(action)

    def legal(self, state: State, player: int, part: Any) -> Iterator[int]:
        # The legal actions of these spaces are short lists: read them rather than test every index.
        index = self.index
        for action in part:
            local = index.get(action)
            if local is not None:
                yield local

    def describe(self, state: State, player: int, local: int) -> str:
        return self.space.describe(state, self.actions[local], player)


class DecisionFeatures:
    """Numbers about one kind of decision that an observation tensor adds (subclassed by block families).

    ``names`` label the cells (``size`` of them); ``encode(observation)``
    fills them for a decision of this kind, seats relative to the viewer.
    """

    names: tuple[str, ...] = ()

    @property
    def size(self) -> int:
        """How many cells."""
        return len(self.names)

    def encode(self, observation: Observation) -> list[float]:
        """The cells for the decision under way (of this kind)."""
        raise NotImplementedError


def _thaw(value: Any) -> Any:
    if isinstance(value, Mapping):
        return {key: _thaw(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_thaw(item) for item in value]
    return value


class _Quiet:
    """A reporter that drops problems: the ruleset was checked when it loaded."""

    def add(self, *args: Any, **kwargs: Any) -> None:
        pass


def types_reaching(game: Game, zone_ids: Iterable[str]) -> tuple[int, ...]:
    """The card type indices that may ever lie in any of ``zone_ids`` and have copies in this game.

    Read from the ruleset's card paths as validation reads them (an
    over-estimate, never an under-estimate), so a view never leaves out a
    card that could be there.
    """
    cache = game.__dict__.setdefault("_agent_types_reaching", {})
    key = tuple(zone_ids)
    if key not in cache:
        context = Context(_thaw(game.ruleset.data), _Quiet(), game.ruleset.blocks)
        names: set[str] = set()
        for zone_id in key:
            names |= context.types_reaching(zone_id)
        index_of_id = game.cards.index_of_id
        cache[key] = tuple(
            sorted(
                index_of_id[name]
                for name in names
                if name in index_of_id and game.cards.instances_of[index_of_id[name]]
            )
        )
    return cache[key]


def multisets(types: Sequence[int], size: int, type_count: int) -> Iterator[tuple[int, ...]]:
    """Every way to pick ``size`` cards among ``types`` (repeats allowed), as a count per type, in a stable order."""
    for choice in combinations_with_replacement(types, size):
        counts = [0] * type_count
        for card_type in choice:
            counts[card_type] += 1
        yield tuple(counts)


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """Where ``seat`` sits counted from ``viewer`` (0 is the viewer, 1 the next seat clockwise)."""
    return (seat - viewer) % players


def seat_one_hot(seat: Any, viewer: int, players: int) -> list[float]:
    """``players`` cells, 1 at ``seat``'s place relative to ``viewer`` (all 0 for no seat)."""
    cells = [0.0] * players
    if type(seat) is int and 0 <= seat < players:
        cells[relative_seat(seat, viewer, players)] = 1.0
    return cells


def per_seat(values: Any, viewer: int, players: int) -> list[float]:
    """A per-seat tuple of numbers rotated so the viewer comes first (zeros when absent)."""
    if not isinstance(values, (tuple, list)) or len(values) != players:
        return [0.0] * players
    return [float(values[(viewer + step) % players] or 0) for step in range(players)]


def observed_scale(game: Game, unit: str | None = None) -> int:
    """What one observed unit of an amount in ``unit`` stands for (None: the ruleset's first unit).

    A ruleset declares it as ``units.<unit>.observed-scale`` (default 1): a
    tensor cell holds the amount divided by it, so that editions whose faces
    count in different units (1,000 in one, 1 in another) are observed on
    one scale and a model trained on one edition reads the other.
    """
    units = game.ruleset.units
    spec = units.get(unit) if unit is not None else next(iter(units.values()), None)
    scale = spec.get("observed-scale", 1) if spec is not None else 1
    return scale if type(scale) is int and scale >= 1 else 1


# The dearest price (in cards) whose payments are numbered, and the most payments a view numbers.
MOST_CARDS = 8
MOST_PAYMENTS = 20000


def payment_counts(game: Game, types: Iterable[int], size: int) -> list[tuple[int, ...]]:
    """Every payment of ``size`` cards among ``types`` that the game's copies allow, as counts per type."""
    if size > MOST_CARDS:
        return []
    copies = [len(instances) for instances in game.cards.instances_of]
    return [
        counts
        for counts in multisets(tuple(types), size, len(copies))
        if all(count <= most for count, most in zip(counts, copies))
    ]
