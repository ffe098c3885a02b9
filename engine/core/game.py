"""A ruleset compiled for a table of players: :class:`Game`, the immutable factory of states.

Compiling works out everything a game's hot loop should not: the card
instances for this number of players, the zone slots, the flow's nodes and
their action spaces, the effects of each card type, the end conditions, the
scoring pipeline and the modifiers. A :class:`~engine.core.state.State` is
then cheap to make and to copy.
"""

from __future__ import annotations

import bisect
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeGuard

from engine.base.errors import CardrulesError
from engine.base.i18n import _, distinct_name
from engine.base.jsontypes import JSON
from engine.core.bindings import UNBOUND
from engine.core.cards import CardSet, count_for_players
from engine.core.chance import ChanceSource, RecordedChance, SeededChance
from engine.core.decisions import ActionSpace
from engine.core.flow import FlowNode
from engine.core.modifiers import ModifierIndex
from engine.core.moves import CardsWitness
from engine.core.refill import Refill
from engine.core.scoring import Scoring
from engine.core.state import State
from engine.core.zones import SHARED, ZoneLayout, ZoneSpec

if TYPE_CHECKING:
    from engine.core.rules import CounterEndBlock, EffectBlock, EndBlock, RulesetLike, SpaceFactory

# The zone every card starts in, and returns to when it leaves the game for good.
BOX = "box"
# Player variables every flow has: whose turn it is and who starts a round.
BUILT_IN_VARIABLES = ("active", "start")


def check_table_size(ruleset: RulesetLike, count: int) -> None:
    """A :class:`CardrulesError` unless ``ruleset`` is for ``count`` players."""
    if not ruleset.players_min <= count <= ruleset.players_max:
        # TRANSLATORS: error when a game is started with the wrong number of players; {ruleset} is the ruleset's id,
        # e.g. "mygame/classic"; {low}, {high} and {count} are numbers of players.
        raise CardrulesError.at(
            _(
                "{ruleset} is for {low} to {high} players, not {count}",
                ruleset=ruleset.id,
                low=ruleset.players_min,
                high=ruleset.players_max,
                count=count,
            )
        )


class Game:
    """A ruleset compiled for a table of players (immutable; a factory of states).

    ``players`` is a list of names or a number of players (named "Player 1"...).
    ``seats`` optionally records what sits in each seat (``"human"``,
    ``"bot:heuristic"``...) for the game log.
    """

    def __init__(
        self, ruleset: RulesetLike, players: Sequence[str] | int, *, seats: Sequence[str] | None = None
    ) -> None:
        blocks = ruleset.blocks  # the catalog it was read with builds its steps

        if isinstance(players, int):
            # TRANSLATORS: a default player name when none is given, e.g. "Player 2".
            names = tuple(distinct_name("Player {number}", number=seat + 1) for seat in range(players))
        else:
            names = tuple(str(name) for name in players)
        check_table_size(ruleset, len(names))
        if len(set(names)) != len(names):
            # TRANSLATORS: error when a game is started with two players of the same name.
            raise CardrulesError.at(_("every player needs a different name"))
        self.ruleset = ruleset
        self.players = names
        self.player_count = count = len(names)
        self.seats = tuple(seats) if seats is not None else None

        self.cards = CardSet(ruleset.cards, count)
        zone_specs = list(ruleset.zones)
        if not any(spec.id == BOX for spec in zone_specs):
            zone_specs.append(ZoneSpec(BOX, len(zone_specs), "Box", "shared", "set", "all"))
        self.zones = ZoneLayout(zone_specs, count)
        self.box_slot = self.zones.slot_of(BOX)
        # Per player, per zone slot: the content an observation last read and what that player sees of it
        # (Observation.seen_slots); one entry a slot, so it stays as small as the table.
        self.seen_by_player: dict[int, list[tuple[Any, Any]]] = {}
        # Slots of zones that take no card until a block opens them (a field to buy).
        self.closed_slots = frozenset(
            slot for spec in self.zones.specs if spec.starts_closed for slot in self.zones.slots(spec.index)
        )

        # Counters: one slot per shared counter, one per player for per-player ones.
        self.counter_ids = tuple(spec["id"] for spec in ruleset.counters)
        self.counter_index = {counter_id: index for index, counter_id in enumerate(self.counter_ids)}
        self._counter_base: list[int] = []
        self._counter_per_player: list[bool] = []
        start: list[int] = []
        # Per viewer, the slots of the counters they may not see (another player's counter with ``visibility:
        # owner``, as chips kept behind a hand): an observation shows None there.
        hidden: list[set[int]] = [set() for _seat in range(count)]
        for spec in ruleset.counters:
            self._counter_base.append(len(start))
            per_player = spec.get("owner", "shared") == "player"
            self._counter_per_player.append(per_player)
            if per_player and spec.get("visibility") == "owner":
                for viewer in range(count):
                    hidden[viewer].update(len(start) + seat for seat in range(count) if seat != viewer)
            start.extend([count_for_players(spec.get("start", 0), count)] * (count if per_player else 1))
        self.counter_start = tuple(start)
        self.hidden_counters = tuple(frozenset(slots) for slots in hidden)

        # The names the ruleset's steps bind (a state keeps a value for each) and the players' statuses.
        self.bound_start = (UNBOUND,) * len(ruleset.bound_names)
        self.status_names = tuple(ruleset.status_names)
        self.status_index = MappingProxyType({name: index for index, name in enumerate(self.status_names)})

        self.refills = {
            spec.id: Refill(spec.id, spec.spec["refill"], self) for spec in self.zones.specs if spec.spec.get("refill")
        }
        build = blocks.step_builder(ruleset)
        setup_nodes = [build(spec) for spec in ruleset.setup]
        if not any(node.kind == "choose-first-player" for node in setup_nodes):
            setup_nodes.append(build({"kind": "choose-first-player"}))
        flow_nodes = [build(spec) for spec in ruleset.flow]
        for node in flow_nodes:
            node.counts_rounds = True  # the outermost loops count the game's rounds
        self.root = build({"id": "game", "kind": "sequence", "steps": ()}, children=setup_nodes + flow_nodes)
        # The steps after play has ended and before scoring (a final harvest), if the ruleset has any.
        self.finish: FlowNode | None = (
            build({"id": "finish", "kind": "sequence", "steps": ruleset.finish}) if ruleset.finish else None
        )
        self.effect_for_type: tuple[EffectBlock | None, ...] = tuple(
            blocks.build("effect", card.on_take, ruleset) if card.on_take else None for card in ruleset.cards
        )
        self.end_conditions = tuple(blocks.build("end", spec, ruleset) for spec in ruleset.end_conditions)
        self.nodes: tuple[FlowNode, ...] = tuple(self.root.walk()) + (
            tuple(self.finish.walk()) if self.finish is not None else ()
        )
        for effect in self.effect_for_type:
            if effect is not None:
                self.nodes += tuple(effect.decision_nodes())

        names_seen = list(BUILT_IN_VARIABLES)
        for node in self.nodes:
            for name in getattr(node, "variable_names", lambda: ())():
                if name not in names_seen:
                    names_seen.append(name)
        self.variable_names = tuple(names_seen)
        self.variable_index = MappingProxyType({name: index for index, name in enumerate(names_seen)})

        # Before the action spaces: some are sized by what modifiers may do (wild cards).
        self.modifiers = ModifierIndex(self)
        self.spaces: list[ActionSpace] = []
        self._space_by_name: dict[str, ActionSpace] = {}
        for node in self.nodes:
            for name, factory in node.space_requests():
                self._allocate(name, factory)
        self.anytime = tuple(blocks.build("anytime", spec, ruleset) for spec in ruleset.anytime)
        for item in self.anytime:
            for name, factory in item.space_requests():
                self._allocate(name, factory)
        self._bases = [space.base for space in self.spaces]
        # A plain dict (read it, never change it): a replay looks a word up at every action.
        self.space_by_word = {word: space for space in self.spaces for word in space.json_actions}
        # The spaces of the actions a player may take at any time: a replay's fast path leaves their words to the
        # usual path.
        self.anytime_spaces = frozenset(
            self._space_by_name[name] for item in self.anytime for name, _factory in item.space_requests()
        )
        self.bare_actions = self._bare_actions()
        # Which end conditions are asked when, known before the steps compile (they keep these tuples).
        self.check_ends = tuple(end for end in self.end_conditions if end.checked_at_check)
        self.counter_ends = tuple(end for end in self.end_conditions if _watches_counter(end))
        self.reveal_ends = tuple(end for end in self.end_conditions if end.checked_at_reveal)

        for node in self.nodes:
            node.compile(self)
        for effect in self.effect_for_type:
            if effect is not None:
                effect.compile(self)
        for end in self.end_conditions:
            end.compile(self)
        for item in self.anytime:
            item.compile(self)
        # Where the spaces of the actions a player may take at any time begin: they are allocated after
        # every flow step's, so one comparison tells an action at any time from a decision's own.
        self.anytime_from = min(
            (item.space.base for item in self.anytime if getattr(item, "space", None)), default=None
        )
        self.scoring = Scoring(ruleset, self)

    def _bare_actions(self) -> dict[str, int]:
        """The action of each word that is a whole action alone (``{"action": "pass"}``), decoded once.

        A replay's fast path reads most entries from here. Only the words of
        flow decisions: an action at any time takes the usual path. A space
        that cannot decode its word without a game in play (which its
        ``bare_actions`` should not name) leaves that word to the usual path.
        """
        found: dict[str, int] = {}
        for word, space in self.space_by_word.items():
            if word in space.bare_actions and space not in self.anytime_spaces:
                try:
                    found[word] = space.from_json(None, {"action": word})
                except (CardrulesError, AttributeError, KeyError, TypeError, ValueError):
                    continue
        return found

    def _allocate(self, name: str, factory: SpaceFactory) -> None:
        if name in self._space_by_name:
            return
        space = factory(self.ruleset, self)
        space.base = self.spaces[-1].base + self.spaces[-1].size if self.spaces else 0
        self.spaces.append(space)
        self._space_by_name[name] = space

    # ------------------------------------------------------------------ look-ups for blocks

    def space(self, name: str) -> ActionSpace:
        """The action space called ``name``."""
        return self._space_by_name[name]

    def space_of(self, action: int) -> ActionSpace:
        """The action space an action int belongs to (KeyError for an int outside every space)."""
        if type(action) is not int or action < 0:
            raise KeyError(action)
        position = bisect.bisect_right(self._bases, action) - 1
        space = self.spaces[position] if position >= 0 else None
        if space is None or action >= space.base + space.size:
            raise KeyError(action)
        return space

    def zone_index(self, zone_id: str) -> int:
        """The index of a zone by id."""
        return self.zones.index_of_id[zone_id]

    def counter_slot(self, counter_index: int, owner: int = SHARED) -> int:
        """The index into ``state.counters`` of a counter (``owner`` for a per-player one)."""
        base = self._counter_base[counter_index]
        return base + owner if self._counter_per_player[counter_index] else base

    def variable(self, name: str) -> int:
        """The index of a player variable."""
        return self.variable_index[name]

    # ------------------------------------------------------------------ states

    def new_initial_state(
        self,
        seed: int | None = None,
        *,
        deck: Sequence[str] | None = None,
        first_player: int | None = None,
        chance: Sequence[Mapping[str, JSON]] | None = None,
        record_events: bool = True,
        chance_source: ChanceSource | None = None,
        witness: CardsWitness | None = None,
    ) -> State:
        """A new game: setup runs, then the flow up to the first decision.

        With a ``seed`` every chance outcome (the deck's shuffle, the first
        player, later reshuffles) is drawn from ``random.Random(seed)``, so the
        same seed gives the same game. A replay passes the recorded outcomes
        instead: ``deck`` (the first shuffle, card ids top first),
        ``first_player`` and ``chance`` (later shuffles, in order); a game
        given some of them draws the rest from the seed.
        ``record_events=False`` leaves ``events`` empty (replays and
        simulations nobody narrates); the game is otherwise the same.
        ``chance_source`` replaces all of these with an object of one's own
        (``engine.core.chance``: a simulation's paired deals). A ``witness``
        is told of every card move (``engine.core.moves.CardsWitness``).
        """
        if chance_source is not None:
            source: ChanceSource = chance_source
        elif deck is None and first_player is None and chance is None:
            source = SeededChance(seed)
        else:
            fallback = SeededChance(seed) if seed is not None or deck is None or first_player is None else None
            source = RecordedChance(first_player, deck, chance or (), fallback)
        return State(self, source, record_events, seed, witness)


def _watches_counter(end: EndBlock) -> TypeGuard[CounterEndBlock]:
    """Whether an end condition is asked the moment a counter changes (its ``checked_at_counter``)."""
    return bool(getattr(end, "checked_at_counter", False))
