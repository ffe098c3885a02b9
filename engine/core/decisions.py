"""Decisions and actions: action spaces (the int <-> Action <-> JSON codec) and lazy legal-action sets.

Every action is an int, cheap to store, compare and send to a learning
library. A game's ints are split into *action spaces*, each owned by a block
(``discard``, ``plant``...; each owned by a block family): the
:class:`~engine.core.game.Game` gives each space used by its ruleset a range
``[base, base + size)`` in the order the flow first uses them. A space turns
its ints into log entries and back, and says in words what an action does.

Legal actions are never listed unless asked: a decision returns a
:class:`LegalActions` whose membership test is cheap and which can
``sample`` uniformly (a choice of any subset of a hand; a trade of any part
of two hands). :class:`ActionList` is the plain case of a short list.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from engine.base.jsontypes import JSON
from engine.core.draws import below
from engine.core.log_fields import LogField

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.log_form import LogForm
    from engine.core.rules import AnytimeBlock, RulesetLike
    from engine.core.state import State


@dataclass(frozen=True)
class Action:
    """An action in structured form: its kind (the log's ``action``) and its fields.

    ``Action("discard", {"card": "crown-2"})`` is the log entry
    ``{"action": "discard", "card": "crown-2"}`` without its player.
    """

    kind: str
    fields: Mapping[str, JSON] = field(default_factory=lambda: MappingProxyType({}))

    def to_json(self, player: int | None = None) -> dict[str, JSON]:
        """The log entry of this action (by ``player`` when given)."""
        entry: dict[str, JSON] = {} if player is None else {"player": player}
        entry["action"] = self.kind
        for key, value in self.fields.items():
            entry[key] = list(value) if isinstance(value, tuple) else value
        return entry

    @classmethod
    def from_json(cls, entry: Mapping[str, JSON]) -> Action:
        """The action of a log entry (its ``player`` key is left out)."""
        fields = {
            key: tuple(value) if isinstance(value, list) else value
            for key, value in entry.items()
            if key not in ("player", "action")
        }
        return cls(str(entry.get("action")), MappingProxyType(fields))


class ActionSpace:
    """One block's range of action ints and its codec (subclassed by blocks).

    ``name`` identifies the space (several nodes may share one, as two kinds
    of one family may); ``json_actions`` are the log's
    ``action`` words this space reads, ``bare_actions`` those that need no
    other field; ``size`` is how many ints it needs.
    ``base`` is set when a :class:`~engine.core.game.Game` allocates it.
    """

    name = "space"
    json_actions: tuple[str, ...] = ()
    # The words among them that are a whole action alone ({"action": "pass"}): a ruleset's search hints name them.
    # Such a word's action depends on nothing else: ``from_json`` decodes it without a state (``state`` None).
    bare_actions: tuple[str, ...] = ()
    size = 1
    # True when the blocks deciding in this space tell their own events (narration skips the decision).
    tells_itself = False
    # The keys its log entries hold beside ``player`` and ``action``, by the shape of their values, and, per word,
    # the keys an entry must hold: the game-log schema and the log reader's quick check are made from them.
    log_fields: Mapping[str, LogField] = MappingProxyType({})
    required_fields: Mapping[str, tuple[str, ...]] = MappingProxyType({})

    def __init__(self, ruleset: RulesetLike, game: Game) -> None:
        self.ruleset = ruleset
        self.game = game
        self.base = 0

    def __contains__(self, action: object) -> bool:
        return type(action) is int and self.base <= action < self.base + self.size

    def to_json(self, state: LogForm | None, action: int, player: int) -> dict[str, JSON]:
        """The log entry of ``action`` by ``player``."""
        raise NotImplementedError

    def from_json(self, state: LogForm | None, entry: Mapping[str, JSON]) -> int:
        """The action int of a log entry this space reads; raises LogError when malformed."""
        raise NotImplementedError

    def describe(self, state: LogForm | None, action: int, player: int) -> str:
        """What ``action`` does, in the reader's language (for help, narration and logs shown to people)."""
        return str(self.to_json(state, action, player))

    def decode(self, state: LogForm | None, action: int, player: int) -> Action:
        """The structured form of ``action``."""
        return Action.from_json(self.to_json(state, action, player))

    def encode(self, state: LogForm | None, action: Action) -> int:
        """The int of a structured action."""
        return self.from_json(state, action.to_json())


class LegalActions:
    """The legal actions of one decision (the interface every implementation offers).

    ``a in legal`` is cheap; ``iter`` lists them in a stable order;
    ``sample(rng)`` draws one uniformly; ``sample_by_kind(rng)`` first draws a
    kind of action uniformly (pass or raise, plant or harvest...) and then one
    action of that kind, which is what a random player who "might do anything"
    does; ``kinds()`` names the kinds present.
    """

    def __contains__(self, action: object) -> bool:
        raise NotImplementedError

    def __iter__(self) -> Iterator[int]:
        raise NotImplementedError

    def size(self) -> int:
        """How many legal actions there are: any whole number (a trade of any part of a long hand can have
        more than 2**63, which ``len`` cannot return; code that weighs decisions by size asks this)."""
        return sum(1 for _ in self)

    def __len__(self) -> int:
        return self.size()

    def __bool__(self) -> bool:
        return next(iter(self), None) is not None

    def sample(self, rng: random.Random) -> int:
        """One legal action drawn uniformly; ValueError when there is none."""
        actions = list(self)
        if not actions:
            raise ValueError("no legal action")
        return actions[below(rng, len(actions))]

    def kinds(self) -> tuple[str, ...]:
        """The kinds of action present (the log's ``action`` words)."""
        return ("action",) if self else ()

    def sample_by_kind(self, rng: random.Random) -> int:
        """A kind drawn uniformly among those present, then an action of that kind uniformly."""
        return self.sample(rng)


class ActionList(LegalActions):
    """A short, explicit list of legal actions, all of one ``kind`` unless ``kind_of`` says otherwise."""

    __slots__ = ("actions", "kind", "_set")

    def __init__(self, actions: Sequence[int], kind: str = "action") -> None:
        self.actions = tuple(actions)
        self.kind = kind
        self._set: frozenset[int] | None = None

    def __contains__(self, action: object) -> bool:
        if len(self.actions) <= 8:
            return action in self.actions  # a few ints: a scan is cheaper than building a set
        if self._set is None:
            self._set = frozenset(self.actions)
        return action in self._set

    def __iter__(self) -> Iterator[int]:
        return iter(self.actions)

    def size(self) -> int:
        return len(self.actions)

    def __bool__(self) -> bool:
        return bool(self.actions)

    def sample(self, rng: random.Random) -> int:
        if not self.actions:
            raise ValueError("no legal action")
        return self.actions[below(rng, len(self.actions))]

    sample_by_kind = sample

    def kinds(self) -> tuple[str, ...]:
        return (self.kind,) if self.actions else ()

    def __repr__(self) -> str:
        return f"ActionList({list(self.actions)!r}, kind={self.kind!r})"


class NoActions(LegalActions):
    """No legal action (the game is over, or chance is to move)."""

    def __contains__(self, action: object) -> bool:
        return False

    def __iter__(self) -> Iterator[int]:
        return iter(())

    def size(self) -> int:
        return 0

    def __bool__(self) -> bool:
        return False

    def kinds(self) -> tuple[str, ...]:
        return ()

    def __repr__(self) -> str:
        return "NoActions()"


NO_ACTIONS = NoActions()


class AnytimeActions(LegalActions):
    """An at-any-time action's legal actions at one decision point, listed only when someone looks.

    ``item`` is the block (it has ``word``, ``available(state, player)`` and
    ``legal(state, player)``). The state makes one only for an item that is
    open (``available``): offered at every decision of the player, these
    actions are mostly not taken, and whether any is open is all a random bot
    drawing a kind, or a player who answers the decision, needs. Like every
    legal-action view, it holds for the state as it is until the next action.
    """

    __slots__ = ("item", "state", "player", "_listed")

    def __init__(self, item: AnytimeBlock, state: State, player: int) -> None:
        self.item = item
        self.state = state
        self.player = player
        self._listed: LegalActions | None = None

    def _list(self) -> LegalActions:
        if self._listed is None:
            self._listed = self.item.legal(self.state, self.player)
        return self._listed

    def __bool__(self) -> bool:
        return True

    def kinds(self) -> tuple[str, ...]:
        return (self.item.word,)

    def __contains__(self, action: object) -> bool:
        return action in self._list()

    def __iter__(self) -> Iterator[int]:
        return iter(self._list())

    def size(self) -> int:
        return len(self._list())

    def sample(self, rng: random.Random) -> int:
        return self._list().sample(rng)

    def sample_by_kind(self, rng: random.Random) -> int:
        return self._list().sample_by_kind(rng)

    def __repr__(self) -> str:
        return f"AnytimeActions({self.item.id!r}, player={self.player})"


class UnionActions(LegalActions):
    """The legal actions of several disjoint parts (a decision's own, plus what a player may do at any time)."""

    __slots__ = ("parts", "_part_kinds", "_kinds")
    parts: tuple[LegalActions, ...]
    # Each part's kinds, read with the union's (empty until then).
    _part_kinds: tuple[tuple[str, ...], ...]
    _kinds: tuple[str, ...] | None

    def __init__(self, parts: Sequence[LegalActions]) -> None:
        # A union inside a union is flattened: drawing a kind looks at each part's own kinds.
        flat: list[LegalActions] = []
        for part in parts:
            if type(part) is UnionActions:
                flat.extend(part.parts)
            elif part:
                flat.append(part)
        self.parts = tuple(flat)
        self._part_kinds = ()
        self._kinds = None

    @classmethod
    def of_decision(cls, own: LegalActions, open_now: list[LegalActions]) -> UnionActions:
        """A decision's own actions with the at-any-time actions open now (each known to hold an action)."""
        union = cls.__new__(cls)
        if type(own) is UnionActions:
            union.parts = (*own.parts, *open_now)
        elif own:
            union.parts = (own, *open_now)
        else:
            union.parts = tuple(open_now)
        union._part_kinds = ()
        union._kinds = None
        return union

    def __contains__(self, action: object) -> bool:
        return any(action in part for part in self.parts)

    def __iter__(self) -> Iterator[int]:
        for part in self.parts:
            yield from part

    def size(self) -> int:
        return sum(part.size() for part in self.parts)

    def __bool__(self) -> bool:
        return bool(self.parts)

    def sample(self, rng: random.Random) -> int:
        sizes = [part.size() for part in self.parts]
        total = sum(sizes)
        if not total:
            raise ValueError("no legal action")
        pick = below(rng, total)
        for part, size in zip(self.parts, sizes):
            if pick < size:
                return part.sample(rng)
            pick -= size
        raise AssertionError("unreachable")

    def kinds(self) -> tuple[str, ...]:
        if self._kinds is None:
            # Asked at every decision by a random bot: each part's kinds are read once.
            self._part_kinds = part_kinds = tuple([part.kinds() for part in self.parts])
            if len(part_kinds) == 1:
                self._kinds = part_kinds[0]
            else:  # each kind once, in the parts' order (a loop: a generator is dear at every decision)
                found: list[str] = []
                for kinds in part_kinds:
                    for kind in kinds:
                        if kind not in found:
                            found.append(kind)
                self._kinds = tuple(found)
        return self._kinds

    def sample_by_kind(self, rng: random.Random) -> int:
        kinds = self.kinds()
        if not kinds:
            raise ValueError("no legal action")
        kind = kinds[below(rng, len(kinds))]
        part_kinds = self._part_kinds
        holders = [index for index, held in enumerate(part_kinds) if kind in held]
        index = holders[below(rng, len(holders))]
        part = self.parts[index]
        if len(part_kinds[index]) == 1:
            return part.sample(rng)
        # A part holding several kinds draws within the chosen kind by rejection (bounded), else lists.
        for _ in range(64):
            action = part.sample_by_kind(rng)
            if self.kind_of_in(part, action) == kind:
                return action
        return part.sample(rng)

    @staticmethod
    def kind_of_in(part: LegalActions, action: int) -> str | None:
        kind_of = getattr(part, "kind_of", None)
        return kind_of(action) if kind_of is not None else (part.kinds() or (None,))[0]

    def __repr__(self) -> str:
        return f"UnionActions({list(self.parts)!r})"
