"""Any ruleset as an OpenSpiel game: :func:`register` it, then ``pyspiel.load_game`` it (or :func:`load` it).

``register(ruleset, players, options)`` registers a (ruleset, options) pair as
a Python game of ``pyspiel`` under a stable short name
(``cardrules_<ruleset id>_<players>p``, plus a hash of the options when there
are any) and returns the name; ``pyspiel.load_game(name)`` then makes games,
``pyspiel.load_game(name, {"players": 3})`` a game for another number of
players. Registration lives in the process. Importing this module registers
every shipped ruleset for every number of players it allows
(:func:`register_shipped`), so their names load in any process that imported
it; a house rule is registered by each process that plays it.

What OpenSpiel sees:

- **Chance is explicit** (``EXPLICIT_STOCHASTIC``). The engine shuffles inside
  its own flow, by asking its chance source. The source used here serves the
  outcomes queued so far and raises a private exception when it has none; the
  state catches it and turns the shuffle asked for into chance nodes, one per
  card to place (top first): the outcomes are the card *types* still to place,
  each as likely as its copies left. Once the remaining cards are all of one
  type, they are placed without asking (nothing is left to chance). The first
  player is one chance node whose outcomes are the seats, uniform. When a
  step's outcomes are complete, the step (the setup, or the player action
  that led to the shuffle) runs again from a copy taken before it, with the
  outcomes queued: the engine is deterministic, so it takes the same path and
  gets its cards. The copies of a type are handed out lowest instance first,
  so a history of chance and player actions gives exactly one state.
- **Player actions** are the bounded numbering of
  :class:`~engine.fronts.agents.actions.AgentActions`: ``num_distinct_actions`` is
  its ``size``, ``legal_actions()`` its ``legal(state)``.
- **Returns** are terminal only and zero-sum: each of the ``k`` winners of the
  engine's result gets ``1/k``, then everyone's share is lowered by ``1/n``
  for ``n`` players, so the returns add up to 0 and lie in
  ``[-1/n, 1 - 1/n]``. A game nobody wins (a truncated one too) returns 0 to
  everyone.
- **Length**: the engine stops a game that makes no progress or goes past
  what a log holds (100,000 decisions) with an error, which is no ending a
  game-AI tool can use. The adapter enforces a cap of its own: after
  ``max_game_length`` player actions (a game parameter; by default
  ``MAX_ACTIONS_PER_GAME``, 20,000, which every shipped ruleset's
  random games stay far below: a game of four players takes under 2,000
  actions), the game is over, nobody wins. So ``max_game_length`` is a true
  bound.
- **Observations**: the tensor is
  :class:`~engine.fronts.agents.tensor.ObservationTensor` of the seat's
  :class:`~engine.core.observation.Observation`; the observation string a
  compact line of the same view; the information state string the seat's
  perfect recall, terse: the first view, then per action its number (the
  engine's actions are public: an action int is seen by the whole table;
  ``?`` for another seat's secret choice) and what changed in the seat's
  view (see :func:`_information_state`). No information state tensor is
  provided.
- **Bots**: :class:`ISMCTSBot` is OpenSpiel's ISMCTS bot made able to
  start inside ``evaluate_bots``; states draw the worlds it searches with
  ``resample_from_infostate``.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts

from engine.base.errors import CardrulesError, IllegalActionError
from engine.base.i18n import _
from engine.base.resources import package_root
from engine.core.game import Game
from engine.core.information import InformationSet
from engine.core.zones import SHARED, instances_in
from engine.families.catalog import load_merged, load_ruleset
from engine.fronts.agents.actions import AgentActions
from engine.fronts.agents.players import check_player_count
from engine.fronts.agents.tensor import ObservationTensor
from engine.language.ruleset import is_abstract

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# Deals drawn for one resample_from_infostate before giving up.
MOST_REDEALS = 40
# The default max_game_length: player actions after which a game is over with nobody winning.
MAX_ACTIONS_PER_GAME = 20_000

# Short names start with this, so cardrules games are easy to tell among OpenSpiel's.
PREFIX = "cardrules_"
# The game parameters a registered game accepts, and their defaults (players: the registered count).
PLAYERS = "players"
MAX_GAME_LENGTH = "max_game_length"

# short name -> what it was registered with (the ruleset, the players, the GameType, the class pyspiel makes
# games with). The class is kept here for the life of the process: pyspiel's registry outlives the
# interpreter, and a factory only it referred to would be freed without the interpreter at exit (a crash).
_REGISTERED: dict[str, _Registration] = {}


# ---------------------------------------------------------------------------------------------- registering


def short_name(ruleset: Ruleset, players: int, options: Mapping[str, Any] | None = None) -> str:
    """The short name a ruleset (a ``Ruleset``, or its id) registers under for ``players`` and ``options``."""
    ruleset_id = ruleset if isinstance(ruleset, str) else ruleset.id
    name = PREFIX + "".join(char if char.isalnum() else "_" for char in ruleset_id.lower()) + f"_{players}p"
    if options:
        # Options are part of the game: two option sets are two games, named apart by a stable hash.
        text = json.dumps(
            {str(key): options[key] for key in sorted(options, key=str)}, sort_keys=True, default=str, ensure_ascii=True
        )
        name += "_" + hashlib.blake2b(text.encode("ascii"), digest_size=4).hexdigest()
    return name


def register(ruleset: Ruleset, players: int = 4, options: Mapping[str, Any] | None = None) -> str:
    """Register a ruleset (a name, a path, or a loaded ``Ruleset``) as an OpenSpiel game; returns its short name.

    ``pyspiel.load_game(name)`` then makes the game for ``players`` players
    with ``options``; the game parameter ``players`` picks another count the
    ruleset allows, ``max_game_length`` a lower cap on the number of player
    actions (a game reaching it is over, nobody winning). Registering the same
    ruleset and options again is harmless and returns the same name. The
    shipped rulesets need no call: importing this module registers them
    (:func:`register_shipped`).
    """

    named = options
    if isinstance(ruleset, (str, os.PathLike)):
        loaded = load_ruleset(ruleset, options=dict(options) if options else None)
    elif options:
        # A loaded ruleset carries its options already: load it again by its id with these.
        loaded = load_ruleset(ruleset.id, options=dict(options))
    else:
        # Its options may be anything: they are named in full, so that it never takes the plain name.
        loaded = ruleset
        named = dict(ruleset.options)
    players = check_player_count(loaded, players)
    name = short_name(loaded, players, named)
    if name not in _REGISTERED:
        _register_name(name, loaded, loaded.id, loaded.name, players, loaded.players_min, loaded.players_max)
    return name


def register_shipped() -> list[str]:
    """Register every ruleset that ships with the program, for every number of players it allows; their names.

    Done when this module is imported, so ``pyspiel.load_game("cardrules_<id>_<players>p")`` works in
    any process that imported it (a worker process, one that unpickles a state) without a call to
    :func:`register`. Only each file's chain is read here; a ruleset is loaded and checked when its game is
    first made. Registering again changes nothing. A shipped file that does not load is left out (``register``
    and ``cardrules validate`` say what is wrong with it): an import must not fail for one file.
    """
    names = []
    shipped = package_root() / "rulesets"
    for path in sorted(shipped.rglob("*.yaml")):
        try:
            merged = load_merged(path)
        except CardrulesError:
            continue
        if is_abstract(merged):
            continue
        data = merged.tree.plain()
        players = data.get("players") or {}
        least, most = players.get("min"), players.get("max")
        if type(least) is not int or type(most) is not int:
            continue  # not a ruleset that loads: see the docstring
        # The id the file writes, else its name under the rulesets folder (as loading it gives).
        written = merged.source.tree.get("id")
        ruleset_id = str(written.value) if written is not None else path.relative_to(shipped).with_suffix("").as_posix()
        for count in range(max(least, 1), most + 1):
            name = short_name(ruleset_id, count)
            if name not in _REGISTERED:
                _register_name(name, path, ruleset_id, str(data.get("name", ruleset_id)), count, least, most)
            names.append(name)
    return names


def _register_name(
    name: str, ruleset: Any, ruleset_id: str, display_name: str, players: int, least: int, most: int
) -> None:
    """Register ``name`` with pyspiel: a game of ``ruleset`` (loaded, or a path loaded when first played)."""
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"cardrules {display_name} ({ruleset_id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=most,
        min_num_players=least,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={PLAYERS: players, MAX_GAME_LENGTH: MAX_ACTIONS_PER_GAME},
    )
    game_class = type(f"CardrulesGame_{name}", (CardrulesGame,), {"registered_name": name})
    _REGISTERED[name] = _Registration(ruleset, players, game_type, game_class)
    pyspiel.register_game(game_type, game_class)


class _Registration:
    """What a short name was registered with: its ruleset (a path until first played), players, type, class."""

    def __init__(self, ruleset: Any, players: int, game_type: Any, game_class: type) -> None:
        self.source = ruleset
        self.players = players
        self.game_type = game_type
        # Kept for the life of the process: see _REGISTERED.
        self.game_class = game_class

    @property
    def ruleset(self) -> Ruleset:
        """The ruleset, loaded (and checked) the first time a game of it is made."""
        if isinstance(self.source, (str, os.PathLike)):
            self.source = load_ruleset(self.source)
        return self.source


def load(ruleset: Ruleset, players: int = 4, options: Mapping[str, Any] | None = None) -> Any:
    """Register a ruleset (see :func:`register`) and return its ``pyspiel.Game`` for ``players`` players."""
    return pyspiel.load_game(register(ruleset, players, options))


# ---------------------------------------------------------------------------------------------- the game


class _Context:
    """What every state of one OpenSpiel game shares: the compiled engine game and its numberings (immutable)."""

    def __init__(
        self, name: str, params: Mapping[str, Any], engine_game: Any, actions: Any, tensor: Any, cap: int
    ) -> None:
        self.name = name
        self.params = params
        self.game = engine_game
        self.actions = actions
        self.tensor = tensor
        self.cap = cap
        # The play of the game's first state (read by observers of states never used yet).
        self.first: Any = None
        self.players = engine_game.player_count
        self.type_of = engine_game.cards.type_of
        self.card_ids = engine_game.cards.ids

    def __deepcopy__(self, memo: Any) -> _Context:
        return self  # shared by every state, never changed


class CardrulesGame(pyspiel.Game):
    """A registered ruleset as a ``pyspiel.Game`` (made by ``pyspiel.load_game``; see :func:`register`)."""

    # The short name this class was registered under (set on the class :func:`register` makes).
    registered_name = ""

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:

        registration = _REGISTERED[self.registered_name]
        ruleset, default_players, game_type = registration.ruleset, registration.players, registration.game_type
        params = dict(params or {})
        players = check_player_count(ruleset, params.get(PLAYERS, default_players))
        cap = params.get(MAX_GAME_LENGTH, MAX_ACTIONS_PER_GAME)
        if type(cap) is not int or cap < 1:
            # TRANSLATORS: a game parameter of the OpenSpiel adapter; max_game_length is its name, not translated.
            raise CardrulesError.at(_("max_game_length must be a whole number of at least 1, not {value}", value=cap))
        engine_game = Game(ruleset, players)
        actions = AgentActions(engine_game)
        tensor = ObservationTensor(engine_game)
        self.context = _Context(
            self.registered_name, {PLAYERS: players, MAX_GAME_LENGTH: cap}, engine_game, actions, tensor, cap
        )
        info = pyspiel.GameInfo(
            num_distinct_actions=actions.size,
            # A chance node deals a card type, or picks a seat.
            max_chance_outcomes=max(len(engine_game.cards.ids), players),
            num_players=players,
            # Win shares less an even share (see the module's docstring): a winner alone gets 1 - 1/n.
            min_utility=-1.0 / players,
            max_utility=1.0 - 1.0 / players,
            utility_sum=0.0,
            max_game_length=cap,
        )
        super().__init__(game_type, info, params)

    @property
    def engine_game(self) -> Any:
        """The compiled engine :class:`~engine.core.game.Game` the states play."""
        return self.context.game

    def new_initial_state(self) -> CardrulesState:
        """A new game: chance nodes for the setup's shuffles and the first player, then the first decision."""
        return CardrulesState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Any:
        """An observer of one seat's view (``perfect_recall``: its information state; strings only)."""
        if params:
            # TRANSLATORS: OpenSpiel asked for an observation with parameters this adapter does not take.
            raise ValueError(_("observation parameters are not supported: {params}", params=params))
        if iig_obs_type is None:
            return _Observer(self.context, perfect_recall=False)
        if not iig_obs_type.public_info or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            return None  # only a seat's own view (public and its private information) is offered
        return _Observer(self.context, perfect_recall=iig_obs_type.perfect_recall)


# ---------------------------------------------------------------------------------------------- chance


class _NeedChance(Exception):
    """The engine asked for a chance outcome that is not queued yet (carries the request)."""

    def __init__(self, request: Any) -> None:
        super().__init__()
        self.request = request


class _QueuedChance:
    """A chance source serving the outcomes queued for one step, in order; raises ``_NeedChance`` past them."""

    def __init__(self, outcomes: list | tuple = ()) -> None:
        self.outcomes = tuple(outcomes)
        self.next = 0

    def _served(self, kind: str) -> Any:
        outcome = self.outcomes[self.next]
        if outcome[0] != kind:
            raise _mismatch()
        self.next += 1
        return outcome

    def shuffle(self, state: State, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        if not instances:
            return []  # nothing to order, nothing to ask
        if self.next < len(self.outcomes):
            outcome = self._served("shuffle")
            if outcome[1] != zone_id or sorted(outcome[2]) != sorted(instances):
                raise _mismatch()
            return list(outcome[2])
        raise _NeedChance(_ShuffleRequest(state.game, zone_id, instances))

    def first_player(self, state: State, players: int) -> int:
        if self.next < len(self.outcomes):
            return self._served("seat")[1]
        raise _NeedChance(_SeatRequest(players))

    def clone(self) -> _QueuedChance:
        other = _QueuedChance(self.outcomes)
        other.next = self.next
        return other


def _mismatch() -> CardrulesError:
    # The engine is deterministic: the same step asks for the same outcomes. If not, say so rather than go on.
    # TRANSLATORS: an internal error of the OpenSpiel adapter (a step did not replay the same way).
    return CardrulesError.at(_("the engine asked for other chance outcomes when a step was replayed"))


class _ShuffleRequest:
    """A shuffle in the making: the card types placed so far (top first) and the copies of each still to place."""

    def __init__(self, engine_game: Any, zone_id: str, instances: list[int]) -> None:
        type_of = engine_game.cards.type_of
        self.zone = zone_id
        by_type: dict[int, list[int]] = {}
        for instance in sorted(instances):
            by_type.setdefault(type_of[instance], []).append(instance)
        # The copies of each type, lowest instance first: the order they are handed out in.
        self.by_type = by_type
        self.left = {card_type: len(copies) for card_type, copies in by_type.items()}
        self.total_left = len(instances)
        self.placed: list[int] = []

    def clone(self) -> _ShuffleRequest:
        other = object.__new__(_ShuffleRequest)
        other.zone = self.zone
        other.by_type = self.by_type  # only read
        other.left = dict(self.left)
        other.total_left = self.total_left
        other.placed = list(self.placed)
        return other

    def outcomes(self) -> list[tuple[int, float]]:
        total = self.total_left
        return [(card_type, count / total) for card_type, count in sorted(self.left.items()) if count]

    def place(self, card_type: int) -> None:
        if not self.left.get(card_type):
            # TRANSLATORS: an OpenSpiel chance action that is not a card type still to be shuffled in.
            raise IllegalActionError.at(_("chance outcome {outcome} is not a card still to place", outcome=card_type))
        self.left[card_type] -= 1
        self.total_left -= 1
        self.placed.append(card_type)
        self.place_forced()

    def place_forced(self) -> None:
        """Place the rest when it is all of one type: chance has nothing left to decide."""
        remaining = [card_type for card_type, count in self.left.items() if count]
        if len(remaining) == 1:
            card_type = remaining[0]
            self.placed.extend([card_type] * self.left[card_type])
            self.total_left -= self.left[card_type]
            self.left[card_type] = 0

    def done(self) -> bool:
        return self.total_left == 0

    def outcome(self) -> tuple:
        """The queued outcome: the instances top first, each type's copies lowest first."""
        handed = {card_type: iter(copies) for card_type, copies in self.by_type.items()}
        return ("shuffle", self.zone, tuple(next(handed[card_type]) for card_type in self.placed))

    def describe(self, engine_game: Any, action: int) -> str:
        ids = engine_game.cards.ids
        card = ids[action] if 0 <= action < len(ids) else str(action)
        return f"{self.zone} #{len(self.placed) + 1}: {card}"


class _SeatRequest:
    """The first player to draw: the seats, uniform."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.seat: int | None = None

    def clone(self) -> _SeatRequest:
        other = _SeatRequest(self.players)
        other.seat = self.seat
        return other

    def outcomes(self) -> list[tuple[int, float]]:
        return [(seat, 1.0 / self.players) for seat in range(self.players)]

    def place(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            # TRANSLATORS: an OpenSpiel chance action that is not a seat when the first player is drawn.
            raise IllegalActionError.at(_("chance outcome {outcome} is not a seat", outcome=seat))
        self.seat = seat

    def place_forced(self) -> None:
        if self.players == 1:
            self.seat = 0

    def done(self) -> bool:
        return self.seat is not None

    def outcome(self) -> tuple:
        return ("seat", self.seat)

    def describe(self, engine_game: Any, action: int) -> str:
        return f"first player p{action}"


# ---------------------------------------------------------------------------------------------- states


class _Step:
    """One committed engine state in a game's past: the setup, or a player action and what followed it.

    A persistent list (``prev`` links): clones share their past. Engine
    states kept here are never changed (every step applies on a copy), so an
    information state can read any of them later.
    """

    __slots__ = ("prev", "seat", "index", "before", "after", "lines", "cache")

    def __init__(self, prev: _Step | None, seat: int | None, index: int | None, before: Any, after: Any) -> None:
        self.prev = prev
        self.seat = seat
        self.index = index
        self.before = before
        self.after = after
        # Per viewer, this step's lines of the information state (worked out when first asked).
        self.lines: dict[int, str] = {}
        # What the states at this step are asked again and again (OpenSpiel's tests ask every seat's view at
        # every node, of clones too): views, tensors, the debugging string. Dropped once a step follows.
        self.cache: dict[Any, Any] = {}


class _Play:
    """Everything a state holds besides what pyspiel keeps (history); copied as a whole by ``clone``."""

    __slots__ = (
        "started",
        "context",
        "engine",
        "step_from",
        "action",
        "actor",
        "index",
        "outcomes",
        "request",
        "moves",
        "truncated",
        "past",
        "legal",
        "returns",
        "info",
        "trail",
    )

    def __deepcopy__(self, memo: Any) -> _Play:
        other = object.__new__(_Play)
        for name in _Play.__slots__:
            setattr(other, name, getattr(self, name))
        # Engine states are never changed once committed, so they are shared; the step in progress is not.
        other.outcomes = list(self.outcomes)
        other.request = self.request.clone() if self.request is not None else None
        other.info = dict(self.info)
        return other

    def __reduce__(self) -> tuple:
        # pyspiel serializes a Python state by pickling it: the game's name, its parameters and the actions
        # are enough, since a history gives exactly one state (engine states themselves hold the compiled
        # game, which does not pickle).
        actions = []
        link = self.trail
        while link is not None:
            actions.append(link[0])
            link = link[1]
        actions.reverse()
        return (_replayed_play, (self.context.name, dict(self.context.params), actions))


def _replayed_play(name: str, params: dict, actions: list[int]) -> _Play:
    """The play of a state of game ``name`` after ``actions`` (chance and player actions), for unpickling."""
    state = pyspiel.load_game(name, params).new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state._play


SETUP = "setup"


class CardrulesState(pyspiel.State):
    """A game in play, as OpenSpiel sees it: chance nodes, seats deciding, a terminal state with returns."""

    def __init__(self, game: CardrulesGame) -> None:
        super().__init__(game)
        # pyspiel clones a Python state by making a new initial state and copying the old one's attributes
        # over it: so the setup runs on first use only, not for every clone.
        play = self._lazy = object.__new__(_Play)
        play.started = False
        play.context = game.context
        play.engine = None  # the engine state committed last (None until the setup is done)
        play.step_from = SETUP  # the step in progress: SETUP, the engine state it applies to, or None
        play.action = None  # the engine action of the step in progress
        play.actor = None
        play.index = None
        play.outcomes = []  # chance outcomes complete for the step in progress
        play.request = None  # the chance outcome being drawn, card by card
        play.moves = 0
        play.truncated = False
        play.past = None
        play.legal = None
        play.returns = None
        play.info = {}  # per viewer: (step, information state string) last worked out
        play.trail = None  # every action applied, newest first: (action, older trail)

    @property
    def _play(self) -> _Play:
        play = self._lazy
        if not play.started:
            play.started = True
            self._settle()
        return play

    # ------------------------------------------------------------------ the step machinery

    def _settle(self) -> None:
        """Run the step in progress with the outcomes queued until it is done or needs a chance outcome."""
        play = self._play
        context = play.context
        while True:
            source = _QueuedChance(play.outcomes)
            try:
                if play.step_from is SETUP:
                    trial = context.game.new_initial_state(chance_source=source, record_events=False)
                else:
                    trial = play.step_from.clone()
                    trial.chance = source
                    trial.apply_action(play.action)
            except _NeedChance as need:
                request = need.request
                request.place_forced()
                if request.done():
                    play.outcomes.append(request.outcome())
                    continue
                play.request = request
                return
            break
        before = None if play.step_from is SETUP else play.step_from
        if play.past is not None:
            play.past.cache = {}  # a state still at that step (a clone) works its views out again if asked
        play.past = _Step(play.past, play.actor, play.index, before, trial)
        play.engine = trial
        play.step_from = play.action = play.actor = play.index = None
        play.outcomes = []
        play.request = None
        play.legal = None
        if not trial.terminal and play.moves >= context.cap:
            play.truncated = True  # the adapter's cap on the game's length (see the module's docstring)

    # ------------------------------------------------------------------ the pyspiel API

    def current_player(self) -> int:
        """The seat to act, ``pyspiel.PlayerId.CHANCE`` while an outcome is drawn, or ``TERMINAL``."""
        play = self._play
        if play.request is not None:
            return pyspiel.PlayerId.CHANCE
        if play.truncated or play.engine.terminal:
            return pyspiel.PlayerId.TERMINAL
        return play.engine.current

    def is_terminal(self) -> bool:
        """Whether the game is over (the engine's game ended, or the length cap was reached)."""
        play = self._play
        return play.request is None and (play.truncated or play.engine.terminal)

    def _legal_actions(self, player: int) -> list[int]:
        play = self._play
        if self.is_terminal() or play.request is not None or player != play.engine.current:
            return []
        if play.legal is None:
            play.legal = list(play.context.actions.legal(play.engine))
        return play.legal

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The outcomes of the chance node: card types (as likely as their copies left) or seats (uniform)."""
        request = self._play.request
        return request.outcomes() if request is not None else []

    def _apply_action(self, action: int) -> None:
        play = self._play
        request = play.request
        if request is not None:
            request.place(action)  # refuses an outcome that is not offered, changing nothing
            play.trail = (action, play.trail)
            if request.done():
                play.outcomes.append(request.outcome())
                play.request = None
                self._settle()
            return
        if self.is_terminal():
            # TRANSLATORS: why an action is refused: the game has ended.
            raise IllegalActionError.at(_("the game is over"))
        engine_state = play.engine
        engine_action = play.context.actions.to_engine(engine_state, action)  # raises IllegalActionError
        trail, moves = play.trail, play.moves
        play.action = engine_action
        play.actor = engine_state.current
        play.index = action
        play.step_from = engine_state
        play.trail = (action, trail)
        play.moves = moves + 1
        try:
            self._settle()
        except BaseException:
            # The engine refused the action (on a copy): the state stays as it was.
            play.step_from = play.action = play.actor = play.index = None
            play.trail, play.moves = trail, moves
            play.outcomes = []
            play.request = None
            raise

    def _action_to_string(self, player: int, action: int) -> str:
        play = self._play
        if player == pyspiel.PlayerId.CHANCE:
            if play.request is not None:
                return play.request.describe(play.context.game, action)
            return f"chance {action}"
        engine_state = play.engine
        if engine_state is not None and not engine_state.terminal and engine_state.current == player:
            return f"p{player}: {_described(play.context, engine_state, action)}"
        return f"p{player}: #{action}"

    def returns(self) -> list[float]:
        """Each seat's win share less ``1/n`` once the game is over (0 for all before, and when nobody won)."""
        play = self._play
        players = play.context.players
        if not self.is_terminal() or play.truncated:
            return [0.0] * players
        if play.returns is None:
            result = play.engine.result()
            seat_of = {name: seat for seat, name in enumerate(play.engine.players)}
            winners = [seat_of[name] for name in result.winners]
            if winners:
                share = 1.0 / len(winners)
                even = 1.0 / players
                play.returns = [(share if seat in winners else 0.0) - even for seat in range(players)]
            else:
                play.returns = [0.0] * players
        return list(play.returns)

    def __str__(self) -> str:
        """Everything, hidden cards included (for debugging; no semantics)."""
        play = self._play
        if play.engine is None:
            head = "setup"
        else:
            head = f"moves {play.moves}; " + ("over" if self.is_terminal() else f"p{play.engine.current} to play")
            full = play.past.cache.get("full")
            if full is None:
                full = play.past.cache["full"] = _full_view(play.engine)
            head += "\n" + full
        if play.request is not None:
            head += f"\nchance: {len(play.outcomes)} outcomes queued"
        return head

    # ------------------------------------------------------------------ for the adapter's users

    @property
    def engine_state(self) -> Any:
        """The engine :class:`~engine.core.state.State` as of the last completed step (None during the setup).

        Do not change it: states share it. At a chance node it is the state
        before the step whose outcomes are being drawn.
        """
        return self._play.engine

    @property
    def truncated(self) -> bool:
        """Whether the game ended at the length cap rather than by the rules."""
        return self._play.truncated

    def information_state(self, player: int) -> str:
        """The information state string of ``player`` (see :class:`_Observer`)."""
        return _information_state(self._play, player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> CardrulesState:
        """A state ``player_id`` cannot tell from this one, drawn from what they know (for OpenSpiel's ISMCTS).

        The engine's :class:`~engine.core.information.InformationSet` deals
        the cards the seat has not seen again and replays every action; the
        new state is then built the OpenSpiel way, through chance nodes that
        give that deal, and the same player actions. ``probability_sampler``
        (a ``pyspiel.UniformProbabilitySampler``, or any callable giving a
        number in [0, 1)) seeds the draw. Only at a seat's decision.
        """

        play = self._play
        if play.request is not None or self.is_terminal():
            # TRANSLATORS: OpenSpiel asked to redraw hidden cards at a chance node or after the game.
            raise CardrulesError.at(_("hidden cards can be drawn again only at a player's decision"))
        information = InformationSet.of_state(play.engine, player_id)
        hidden_places = set(play.engine.hidden_from(player_id))
        indices = []
        # The places in `indices` of the other players' secret choices: drawn again, never replayed as made.
        hidden: set[int] = set()
        step = play.past
        while step is not None:
            if step.index is not None:
                if step.before is not None and len(step.before.history) in hidden_places:
                    hidden.add(len(indices))
                indices.append(step.index)
            step = step.prev
        indices.reverse()
        hidden = {len(indices) - 1 - place for place in hidden}
        seen = self.information_state_string(player_id)
        for _attempt in range(MOST_REDEALS):
            rng = random.Random(int(probability_sampler() * 2**53))
            drawn = information.sample(rng)
            if drawn is None:
                break
            try:
                state = self._dealt_as(drawn, indices, hidden, rng)
            except CardrulesError:
                continue  # an action index means something else in this deal ("the front-most card of a type")
            # The numbering's own meanings tell more than the engine's actions (a front-most card given shows
            # the cards before it are of other types): a deal must fit those too.
            if state.information_state_string(player_id) == seen:
                return state
        # TRANSLATORS: no deal of the unseen cards fitted what the player saw (after many tries).
        raise CardrulesError.at(_("no deal of the unseen cards fits what the player has seen"))

    def _dealt_as(
        self, drawn: Any, indices: list[int], hidden: set[int] | None = None, rng: random.Random | None = None
    ) -> CardrulesState:
        """A new state whose chance nodes give ``drawn``'s deal, with the player actions ``indices`` (but those at
        the places ``hidden``: another player's secret choices, drawn with ``rng`` among the legal ones)."""
        type_of = self._play.context.game.cards.type_of
        shuffles = [(zone, [type_of[instance] for instance in order]) for zone, order, _key in drawn.chance_record]
        state = self.get_game().new_initial_state()
        served, order, played = 0, None, 0
        while played < len(indices) or state.is_chance_node():
            if not state.is_chance_node():
                if hidden and played in hidden and rng is not None:
                    state.apply_action(rng.choice(state.legal_actions()))
                else:
                    state.apply_action(indices[played])
                played += 1
                continue
            request = state._play.request
            if isinstance(request, _SeatRequest):
                state.apply_action(drawn.first_player)
                continue
            if not request.placed:
                # A new shuffle: the drawn game's next one of this zone and these cards (one of a single
                # kind of card was settled without a chance node, and is passed over).
                wanted = sorted(card_type for card_type, count in request.left.items() for _ in range(count))
                while sorted(shuffles[served][1]) != wanted or shuffles[served][0] != request.zone:
                    served += 1
                order = shuffles[served][1]
                served += 1
            state.apply_action(order[len(request.placed)])
        return state


# ---------------------------------------------------------------------------------------------- bots


class ISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS bot (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, same arguments), for ``evaluate_bots``.

    ``evaluate_bots`` starts every bot with ``restart_at(state)`` and tells
    it each action with ``inform_action``; OpenSpiel's ISMCTS bot defines
    neither, so pyspiel refuses it there ("RestartAt(state) not
    implemented"), for any game. It keeps nothing between its moves (each
    ``step`` searches afresh from the state, drawing worlds with
    :meth:`CardrulesState.resample_from_infostate`), so restarting forgets
    the last search and an action told is noted by the state already.

    It draws its worlds with its own ``random_state``: OpenSpiel's bot
    seeds their draws from the machine's entropy, so that the same seed
    did not give the same moves.
    """

    def resample_from_infostate(self, state: Any) -> Any:
        """A world the seat to play cannot tell from ``state``, drawn with the bot's ``random_state``."""
        if self._resampler_cb:
            return self._resampler_cb(state, state.current_player())
        return state.resample_from_infostate(state.current_player(), self._random_state.random_sample)

    def restart_at(self, state: Any) -> None:
        """Start again at ``state``: forget the last search (the next ``step`` searches from its state)."""
        self.reset()

    def inform_action(self, state: Any, player_id: int, action: int) -> None:
        """Another seat's action: nothing to do (the state given to ``step`` holds the history)."""


# ---------------------------------------------------------------------------------------------- observations


class _Observer:
    """One seat's view (the PyObserver interface of ``open_spiel.python.observation``).

    Without perfect recall: the tensor of ``ObservationTensor`` and a compact
    line of what the seat sees. With perfect recall: no tensor, and the
    information state string.
    """

    def __init__(self, context: _Context, perfect_recall: bool) -> None:
        self.context = context
        self.perfect_recall = perfect_recall
        self.dict: dict[str, Any] = {}
        if perfect_recall:
            self.tensor = None
            return
        encoder = context.tensor
        self.tensor = np.zeros(encoder.size, np.float32)
        for name, start, size in encoder.segments:
            self.dict[name] = self.tensor[start : start + size]

    def set_from(self, state: CardrulesState, player: int) -> None:
        """Fill ``tensor`` with what ``player`` sees now (zeros during the setup)."""
        if self.tensor is None:
            return
        step = _read_only_play(state).past
        if step is None:
            self.tensor.fill(0.0)
            return
        key = ("tensor", player)
        encoded = step.cache.get(key)
        if encoded is None:
            # Mostly zeros: only the cells that are not are filled in.
            encoded = step.cache[key] = np.zeros(self.context.tensor.size, np.float32)
            positions, values = self.context.tensor.nonzero(step.after.observation(player))
            encoded[positions] = values
        self.tensor[:] = encoded

    def string_from(self, state: CardrulesState, player: int) -> str:
        """The observation line, or with perfect recall the information state, of ``player``."""
        play = _read_only_play(state)
        if self.perfect_recall:
            return _information_state(play, player)
        step = play.past
        if step is None:
            return "setup"
        key = ("line", player)
        line = step.cache.get(key)
        if line is None:
            line = step.cache[key] = f"p{player} | " + " | ".join(
                f"{key}={value}" for key, value in _step_items(step, player).items()
            )
        return line


def _read_only_play(state: CardrulesState) -> _Play:
    """The play of ``state`` to read a view from; for a state never used yet, the game's first state's.

    pyspiel makes a new initial state each time it works out the shape of an
    observation tensor, and observes it: every such state is the same, so its
    setup runs once per game, not at every observation.
    """
    play = state._lazy
    if play.started:
        return play
    context = play.context
    if context.first is None:
        state._play  # noqa: B018 - starts this state (it runs its setup)
        context.first = copy.deepcopy(play)  # a copy: this state goes on, the first state stays
    return context.first


def _step_items(step: _Step, viewer: int) -> dict[str, str]:
    """:func:`view_items` of ``viewer`` after ``step`` (kept while it is the newest step)."""
    key = ("items", viewer)
    items = step.cache.get(key)
    if items is None:
        items = step.cache[key] = view_items(step.after.observation(viewer))
    return items


def _recall_items(step: _Step, viewer: int) -> dict[str, str]:
    """:func:`view_items` of ``viewer`` after ``step``, terse (for the information state; kept as ``_step_items``)."""
    key = ("recall", viewer)
    items = step.cache.get(key)
    if items is None:
        items = step.cache[key] = view_items(step.after.observation(viewer), terse=True)
    return items


def view_items(observation: Observation, terse: bool = False) -> dict[str, str]:
    """Everything an :class:`~engine.core.observation.Observation` shows, as named items in a stable order.

    Zones with nothing to show are left out; runs of one card are written
    ``id×n``; counters, player variables and the decision's facts are one
    item each. Equal observations give equal items, and unequal ones unequal
    items. ``terse`` writes the same with fewer characters, for the
    information state (which repeats what changes at every step): a count of
    cards as ``#n`` (not ``n cards``), a fact of the decision as ``@key``
    (not ``decision.key``; no zone, counter or variable name starts with
    ``@``).
    """
    items = {"round": str(observation.round_number), "first": f"p{observation.first_player}"}
    current = observation.current_player
    items["turn"] = f"p{current}" if current >= 0 else "over"
    for view in observation.zones():
        where = view.zone if view.owner is None else f"{view.zone}[p{view.owner}]"
        if not observation.is_open(view.zone, view.owner):
            items[where] = "closed"
        elif view.cards:
            items[where] = _runs(view.cards)
        elif view.cards is None and view.count:
            items[where] = f"#{view.count}" if terse else f"{view.count} cards"
        if view.known:
            items[f"{where}.known"] = _runs(view.known)
    for key, value in observation.counters.items():
        items[key] = _value(value)
    for key, value in observation.variables.items():
        items[key] = str(value)
    if observation.phases:
        items["phases"] = "/".join(str(phase) for phase in observation.phases)
    for seat, cards in enumerate(observation.pending):
        if cards:
            items[f"pending[p{seat}]"] = ",".join(cards)
    decision = observation.decision
    prefix = "@" if terse else "decision."
    for key in sorted(decision):
        items[prefix + key] = _value(decision[key])
    return items


def observation_line(observation: Observation) -> str:
    """A compact line of everything an :class:`~engine.core.observation.Observation` shows (see :func:`view_items`)."""
    return f"p{observation.player} | " + " | ".join(f"{key}={value}" for key, value in view_items(observation).items())


def _runs(cards: Any) -> str:
    words = []
    previous, count = None, 0
    for card in cards:
        if card == previous:
            count += 1
            continue
        if previous is not None:
            words.append(previous if count == 1 else f"{previous}×{count}")
        previous, count = card, 1
    if previous is not None:
        words.append(previous if count == 1 else f"{previous}×{count}")
    return " ".join(words)


def _value(value: Any) -> str:
    if value is None:
        return "?"  # a number only its owner sees
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{key}:{_value(value[key])}" for key in sorted(value, key=str)) + "}"
    if isinstance(value, (tuple, list, frozenset, set)):
        items = sorted(value, key=str) if isinstance(value, (frozenset, set)) else value
        return "(" + ",".join(_value(item) for item in items) + ")"
    return str(value)


def _changes(before: Mapping[str, str], after: Mapping[str, str]) -> str:
    """The items that changed from one view to the next (``key=-`` for one that is gone): enough to rebuild it."""
    changed = [f"{key}={value}" for key, value in after.items() if before.get(key) != value]
    changed.extend(f"{key}=-" for key in before if key not in after)
    return ";".join(changed)


def _described(context: _Context, engine_state: Any, index: int) -> str:
    """An action in words, with its number: two actions may read alike (asking for a card type from two
    places), and OpenSpiel wants every legal action's string, and a perfect recall, to tell them apart."""
    try:
        return f"{context.actions.describe(engine_state, index)} #{index}"
    except (CardrulesError, ValueError, KeyError, IndexError):
        return f"#{index}"  # not an action of this decision: its number is all there is to say


def _information_state(play: _Play, viewer: int) -> str:
    """``viewer``'s perfect recall: their first view, then per step the action (public) and what changed.

    The first line names the viewer (``p0``), the second is their whole first
    view, then one line per player action: ``<seat>:<index>><items that
    changed>`` (``1:937>turn=p2;bid[p1]=money-1000 money-4000;@highest=5000``),
    the index standing for the action (every seat sees it, and its number
    says everything its words would), or ``?`` for another seat's secret
    choice. Terse items (:func:`view_items`) and views diffed keep the
    string short, growing by what changed per action, as tabular methods
    (CFR's tables are keyed by it) and OpenSpiel's tests (which ask every
    seat's information state at every node) want; it stays exact: it is
    the seat's views and the public actions, written without loss. The
    string of the last step asked is kept with that step's view, so asking
    again costs the new steps only.
    """
    newest = play.past
    cached = play.info.get(viewer)
    steps = []
    step = newest
    while step is not None and (cached is None or step is not cached[0]):
        steps.append(step)
        step = step.prev
    if step is not None and cached is not None:
        text, items = cached[1], cached[2]
    else:
        text, items = f"p{viewer}", None
    if steps:
        lines = [text]
        for step in reversed(steps):
            after = None
            line = step.lines.get(viewer)
            if line is None:
                after = _recall_items(step, viewer)
                if items is None:
                    before_items = _recall_items(step.prev, viewer) if step.prev is not None else {}
                else:
                    before_items = items
                if step.before is None:
                    line = _changes(before_items, after)
                else:
                    action = SECRET_ACTION if step.seat != viewer and _in_secret(step.before) else step.index
                    line = f"{step.seat}:{action}>{_changes(before_items, after)}"
                step.lines[viewer] = line
            items = after
            lines.append(line)
        text = "\n".join(lines)
        if items is None:
            items = _recall_items(newest, viewer)
        play.info[viewer] = (newest, text, items)
    if play.request is not None and play.actor is not None:
        # A chance node inside a player's step: the action is known to all (but a secret one), its outcome not yet.
        action = SECRET_ACTION if play.actor != viewer and _in_secret(play.step_from) else play.index
        text += f"\n{play.actor}:{action}>{PENDING_OUTCOME}"
    return text


# How another player's secret choice stands in a player's information state (the same for every choice).
SECRET_ACTION = "?"
# What changed after an action whose chance outcomes are still being drawn (no item's name starts with it).
PENDING_OUTCOME = "?"


def _in_secret(engine_state: Any) -> bool:
    """Whether the decision under way in ``engine_state`` is made in secret (a choice made by all at once)."""
    if engine_state is None or engine_state.terminal or not engine_state.stack:
        return False
    top = engine_state.stack[-1]
    return bool(top[0].decides_in_secret(engine_state, top))


def _full_view(engine_state: Any) -> str:
    """Every zone's cards (hidden ones too), one zone a line: the debugging string of a state."""

    game = engine_state.game
    layout = game.zones
    lines = []
    for spec in layout.specs:
        for seat in range(game.player_count) if spec.per_player else (SHARED,):
            content = engine_state.zones[layout.slot(spec.index, seat)]
            if content:
                where = spec.id if seat == SHARED else f"{spec.id}[p{seat}]"
                lines.append(f"{where}: {_runs(game.cards.ids_of(instances_in(content)))}")
    return "\n".join(lines)


# The shipped rulesets are games of pyspiel as soon as the adapter is imported (see register_shipped).
register_shipped()
