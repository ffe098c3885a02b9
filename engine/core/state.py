"""One game in play: zones, counters, player variables, the flow's frames, history and chance.

Shaped like OpenSpiel's states: ask :meth:`State.current_player`, get the
:meth:`State.legal_actions`, :meth:`State.apply_action` one of them, until
:meth:`State.is_terminal`; then :meth:`State.result`. :meth:`State.clone`
copies a game cheaply (zone contents are immutable values). Everything a
block may change goes through the methods under "for blocks", so moves are
recorded as events and the state's invariants (every card in exactly one
zone) hold.
"""

from __future__ import annotations

import copy
import weakref
from typing import TYPE_CHECKING

from engine.base.errors import EndlessGameError, IllegalActionError
from engine.base.i18n import _
from engine.core.chance import ChanceOutcome, ChanceSource
from engine.core.decisions import NO_ACTIONS, AnytimeActions, LegalActions, UnionActions
from engine.core.events import DecisionMade, Event, GameEnded
from engine.core.flow import DECIDE, DONE, END_OF_ROUND, ENDED, PUSHED, FlowNode, Frame
from engine.core.limits import MAX_ACTIONS
from engine.core.log_form import LogForm
from engine.core.moves import CardMoves, CardsWitness
from engine.core.observation import Observation
from engine.core.result import Result
from engine.core.rule_queries import RuleQueries
from engine.core.zones import ZoneContent

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import AnytimeBlock, EffectBlock

# Every this many decisions the state checks that the game still changes ...
PROGRESS_WINDOW = 256
# ... and a game unchanged at this many checks in a row cannot end: 2,048 decisions in which no card moved
# and no counter changed, far more than any game's passes and declined offers in a row (a played game whose
# bots tell each move took 10 s to be stopped after 8,192).
IDLE_WINDOWS = 8
TERMINAL = -4
CHANCE = -1


class State(CardMoves, RuleQueries, LogForm):
    """A game in play (mutable). Change it only through :meth:`apply_action`.

    What blocks use to move cards lives in :class:`~engine.core.moves.CardMoves`,
    to read counters and modifiers in :class:`~engine.core.rule_queries.RuleQueries`,
    and the log form of actions in :class:`~engine.core.log_form.LogForm`.

    Public facts for interfaces: ``zones`` (contents by slot; read them with
    :meth:`cards_in`), ``counters``, ``round_number``, ``history`` (action
    ints), ``events`` (when recorded), ``first_player``.
    """

    def __init__(
        self,
        game: Game,
        chance: ChanceSource,
        record_events: bool = True,
        seed: int | None = None,
        witness: CardsWitness | None = None,
    ) -> None:
        self.game = game
        self.ruleset = game.ruleset
        self.player_count = game.player_count
        self.seed = seed
        self.recording = record_events
        self.zones: list[ZoneContent] = list(game.zones.empty)
        # The layout's own method, looked up once: blocks ask for slots on every move.
        self.slot = game.zones.slot
        # Every card starts in the box (the shared zone ``box``) until setup moves it.
        self.zones[game.box_slot] = (1 << game.cards.size) - 1
        self.counters: list[int] = list(game.counter_start)
        self.variables: list[int] = [0] * len(game.variable_names)
        # The values of the names the steps bind (engine.core.bindings), and each status as a bitmask of seats.
        self.bound: list[object] = list(game.bound_start)
        self.statuses: list[int] = [0] * len(game.status_names)
        # Per player, the card instances they were shown where they cannot see them (a hand looked at), as a
        # bitmask; a card that moves is no longer known (CardMoves forgets it). ``knowing`` is False until a
        # card is first shown, so the games that never show one pay nothing on a move.
        self.known: list[int] = [0] * game.player_count
        # A witness is told of every move (see CardsWitness); it rides on the moves that keep ``known`` up to date.
        self.witness = witness
        self.knowing = witness is not None
        # What each round of a match came to, as the steps recorded it (``record-round``).
        self.rounds: list[dict[str, object]] = []
        self.stack: list[Frame] = []
        self.scheduled: list[Frame] = []
        self.current = 0
        self.terminal = False
        # True while the ruleset's finish steps run, after play has ended.
        self.finishing = False
        self.end_reason: str | None = None
        self.end_card: str | None = None
        self.end_after: str | None = None
        self.round_number = 0
        self.history: list[int] = []
        # When to look again whether the game still goes anywhere (see _check_progress).
        self._next_progress_check = PROGRESS_WINDOW
        self._progress_fingerprint: tuple[tuple[ZoneContent, ...], tuple[int, ...]] | None = None
        self._idle_windows = 0
        self.action_players: list[int] = []
        self.events: list[Event] = []
        self.chance = chance
        self.chance_record: list[ChanceOutcome] = []
        self.first_player = 0
        self.revealed_mask = 0
        # Actions of the history made in secret and not yet revealed: (place in the history, the player's seat).
        self.secret_actions: tuple[tuple[int, int], ...] = ()
        # Slots of zones that take no card until a block opens them (a field to buy).
        self.closed_slots = game.closed_slots
        # Effects waiting on a player until a card they catch arrives: (effect block, source instance).
        self.pending: list[list[tuple[EffectBlock, int]]] = [[] for _ in range(self.player_count)]
        self._result: Result | None = None
        self._anytime: tuple[AnytimeBlock, ...] = game.anytime
        # Observations handed out and not yet taken (weak references: most are dropped unread).
        self._watchers: list[weakref.ref[Observation]] = []
        self.stack.append(game.root.new_frame())
        self._run(PUSHED)

    # ------------------------------------------------------------------ the OpenSpiel-shaped API

    @property
    def players(self) -> tuple[str, ...]:
        """The players' names in seat order."""
        return self.game.players

    def current_player(self) -> int:
        """The seat to act, or ``TERMINAL`` (-4) once the game is over."""
        return TERMINAL if self.terminal else self.current

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.terminal

    def legal_actions(self) -> LegalActions:
        """The current player's legal actions (a lazy view; empty once the game is over)."""
        if self.terminal:
            return NO_ACTIONS
        frame = self.stack[-1]
        own: LegalActions = frame[0].legal(self, frame)
        anytime = self.game.anytime
        if not anytime:
            return own
        player = self.current
        # Always a union (even of one part): a random player's draws, and so seeded games, stay as they were.
        return UnionActions.of_decision(
            own, [AnytimeActions(item, self, player) for item in anytime if item.available(self, player)]
        )

    def apply_action(self, action: int) -> None:
        """Apply the current player's action; raise IllegalActionError (with the reason, nothing changed) if illegal."""
        if self.terminal:
            # TRANSLATORS: why an action is refused: the game has ended.
            raise IllegalActionError.at(_("the game is over"))
        if len(self.history) >= self._next_progress_check:
            self._check_progress()
        watchers = self._watchers
        if watchers:  # observations taken at this decision keep what they saw (inlined: once per action)
            self._watchers = []
            for reference in watchers:
                observation = reference()
                if observation is not None:
                    observation.take()
        player = self.current
        anytime_from = self.game.anytime_from
        if anytime_from is not None and type(action) is int and action >= anytime_from:
            item: AnytimeBlock | None
            for item in self._anytime:
                if action in item.space:
                    if self.recording:
                        told = self._tell_decision(action, player)
                        try:
                            signal: int = item.apply(self, player, action)
                        except BaseException:
                            del self.events[told:]  # refused: no event of it stays
                            raise
                    else:
                        signal = item.apply(self, player, action)
                    break
            else:
                item = None
            if item is not None:
                self.history.append(action)
                self.action_players.append(player)
                self._run(signal)
                return
        frame = self.stack[-1]
        try:
            if self.recording:
                told = self._tell_decision(action, player, frame[0].decides_in_secret(self, frame))
                try:
                    signal = frame[0].apply(self, frame, action)
                except BaseException:
                    del self.events[told:]  # refused: no event of it stays
                    raise
            else:
                signal = frame[0].apply(self, frame, action)
        except IllegalActionError:
            self._refuse_foreign(frame[0], action)
            raise
        self.history.append(action)
        self.action_players.append(player)
        if signal != DECIDE:
            self._run(signal)

    def _refuse_foreign(self, node: FlowNode, action: int) -> None:
        """Refuse an action of another kind of decision as such, naming the moves this one takes.

        The decision's own refusal would read the action as one of its own
        (a log's "bottom", which only a look at a pile's top card allows,
        refused at a planting as "that field cannot take this card now").
        """
        game = self.game
        try:
            space = game.space_of(action)
            own = [game.space(name) for name, _factory in node.space_requests()]
        except KeyError:
            return
        if not own or space in own:
            return
        words = [word for each in own for word in each.json_actions]
        # TRANSLATORS: why an action is refused: it belongs to another kind of decision; {action} is its word in a
        # game log, e.g. "bottom"; {actions} the words the decision in play takes, e.g. "plant, done" (both stay
        # untranslated).
        raise IllegalActionError.at(
            _(
                "{action} is not a move of this decision, which takes {actions}",
                action=(space.json_actions or (space.name,))[0],
                actions=", ".join(words),
            )
        )

    def _check_progress(self) -> None:
        """Stop a game that cannot end: one past what a log holds, or one where nothing has changed for a while.

        Asked every ``PROGRESS_WINDOW`` decisions (one comparison per action
        otherwise). Nothing changed means the same cards in the same zones and
        the same counters as at each of the last ``IDLE_WINDOWS`` checks: the
        players only pass, or decline, and the end conditions wait for cards
        that can no longer move (a deal that emptied the deck and nothing to
        refill it from).
        """
        decisions = len(self.history)
        if decisions >= MAX_ACTIONS:
            # TRANSLATORS: error about a ruleset whose game never ends, shown at its end conditions; {limit} is a
            # number of the players' decisions (actions), e.g. 100000.
            raise self.endless(
                _(
                    "the game did not end within {limit} decisions, the most a game log holds: "
                    "its end conditions are out of reach, or too far away",
                    limit=MAX_ACTIONS,
                )
            )
        fingerprint = (tuple(self.zones), tuple(self.counters))
        if fingerprint == self._progress_fingerprint:
            self._idle_windows += 1
            if self._idle_windows >= IDLE_WINDOWS:
                # TRANSLATORS: error about a ruleset whose game can never end, shown at its end conditions; {count}
                # is a number of the players' decisions (actions), e.g. 2048.
                raise self.endless(
                    _(
                        "in the last {count} decisions no card moved and no counter changed: "
                        "the game cannot reach any of its end conditions",
                        count=IDLE_WINDOWS * PROGRESS_WINDOW,
                    )
                )
        else:
            self._progress_fingerprint = fingerprint
            self._idle_windows = 0
        self._next_progress_check = min(decisions + PROGRESS_WINDOW, MAX_ACTIONS)

    def checked_legal_actions(self) -> LegalActions:
        """The legal actions of a player who must act; a located EndlessGameError when there are none.

        A valid ruleset may still leave a player with nothing to do (fields
        that take no card, and a card that must be planted): the game cannot
        go on. Asked where players choose (the terminal, a simulation), so the
        stop is told at the step that waits, as a game that never ends is.
        """
        legal = self.legal_actions()
        if not legal and not self.terminal:
            step = self.stack[-1][0].id if self.stack else None
            # TRANSLATORS: error about a ruleset that leaves a player nothing to do; {player} is a player's name,
            # {seat} their seat number counted from 0, {step} the id of the ruleset's step, e.g. "plant-from-hand".
            raise self.endless(
                _(
                    "{player} (seat {seat}) has no legal action at step {step}: the game cannot go on",
                    player=self.game.players[self.current],
                    seat=self.current,
                    step=step,
                ),
                step=step,
            )
        return legal

    def endless(self, message: str, *, step: str | None = None) -> EndlessGameError:
        """The error that stops a game which would never end, located at the ruleset's end conditions (or at
        ``step``, the loop that spins). Raised before an action when the game went on too long, or (a shuffle
        past the limit) during one, before the action joins the history: a log written then holds only the
        actions applied whole, and reads back."""
        return EndlessGameError([self.game.ruleset.problem_at("$.end", message, step=step)])

    def _tell_decision(self, action: int, player: int, secret: bool = False) -> int:
        """Record the decision event of an action about to be applied, before its consequences are told.

        Returns how many events there were before it: an action refused takes
        back every event from there (an int that is no action of this game
        gets no event, and apply refuses it with the reason).
        """
        events = self.events
        told = len(events)
        if secret:
            # TRANSLATORS: told when a player makes a choice the others learn only later, e.g. "Ann: chooses in
            # secret".
            events.append(DecisionMade(player, {"player": player}, _("chooses in secret")))
            return told
        try:
            space = self.game.space_of(action)
            entry = space.to_json(self, action, player)
            text = None if space.tells_itself else space.describe(self, action, player)
        except (KeyError, TypeError, ValueError, IndexError):
            return told
        events.append(DecisionMade(player, entry, text))
        return told

    def result(self) -> Result:
        """The scored :class:`~engine.core.result.Result` (only once the game is over)."""
        if not self.terminal:
            raise ValueError("the game is not over yet")
        if self._result is None:
            self._result = self.game.scoring.score_state(self)
        return self._result

    def clone(self) -> State:
        """An independent copy of this game in play."""
        other = copy.copy(self)
        other.zones = list(self.zones)
        other.counters = list(self.counters)
        other.variables = list(self.variables)
        other.bound = list(self.bound)
        other.statuses = list(self.statuses)
        other.known = list(self.known)
        other.rounds = list(self.rounds)
        other.stack = [frame[0].copy_frame(frame) for frame in self.stack]
        other.scheduled = [frame[0].copy_frame(frame) for frame in self.scheduled]
        other.history = list(self.history)
        other.action_players = list(self.action_players)
        other.events = list(self.events)
        clone_chance = getattr(self.chance, "clone", None)  # a source of one's own may have none: copied whole
        other.chance = clone_chance() if clone_chance is not None else copy.deepcopy(self.chance)
        other.chance_record = list(self.chance_record)
        other.pending = [list(waiting) for waiting in self.pending]
        other._watchers = []
        if "_logged" in self.__dict__:
            other._logged = list(self._logged)
        return other

    def observation(self, player: int) -> Observation:
        """What ``player`` may see now (an :class:`~engine.core.observation.Observation`)."""
        return Observation(self, player)

    def watch(self, observation: Observation) -> None:
        """Remember an observation that must be taken before this state changes."""
        self._watchers.append(weakref.ref(observation))

    # ------------------------------------------------------------------ the flow

    def _run(self, signal: int) -> int:
        """Run the flow from ``signal`` until a decision is pending or the game is over."""
        stack = self.stack
        while True:
            if signal == PUSHED:
                frame = stack[-1]
                signal = frame[0].start(self, frame)
            elif signal == DONE:
                finished = stack.pop()
                if self.end_after is not None and (
                    finished[0].id == self.end_after or self.end_after in finished[0].aliases
                ):
                    signal = self.end_game(self.end_reason or "end")
                    continue
                if self.scheduled:
                    self.push_scheduled()
                    signal = PUSHED
                    continue
                if not stack:
                    signal = self.end_game(self.end_reason or "flow")
                    continue
                frame = stack[-1]
                signal = frame[0].resume(self, frame)
            else:
                return signal

    def schedule(self, frame: Frame) -> None:
        """Run ``frame`` as soon as the step now running has finished."""
        self.scheduled.append(frame)

    def push_scheduled(self) -> None:
        """Put scheduled frames on the stack (the first scheduled runs first)."""
        self.stack.extend(reversed(self.scheduled))
        self.scheduled = []

    def end_game(self, reason: str, card: str | None = None) -> int:
        """Play is over now (``reason``: the end condition's id); returns the flow signal.

        The ruleset's ``finish`` steps (a final harvest) run next, if any;
        then the game is over (the signal is ENDED).
        """
        if self.finishing:
            # The finish itself is done (or ends early): the game is over.
            self.terminal = True
            self.stack.clear()
            self.scheduled = []
            return ENDED
        self.end_reason = reason
        self.end_card = card
        self.end_after = None
        self.stack.clear()
        self.scheduled = []
        if self.recording:
            self.events.append(GameEnded(reason, card))
        finish = self.game.finish
        if finish is None:
            self.terminal = True
            return ENDED
        self.finishing = True
        self.stack.append(finish.new_frame())
        return PUSHED

    def end_play(self, reason: str) -> None:
        """End play now, as an end condition would: the ruleset's finish steps (a final harvest) run next.

        For a search that scores a game cut short: afterwards the game is over,
        or waits on a decision of its finish steps. Nothing happens once play
        has already ended.
        """
        if self.terminal or self.finishing:
            return
        self._run(self.end_game(reason))

    def end_after_round(self, reason: str, node_id: str | None = None) -> None:
        """End the game once the flow step ``node_id`` (None: the current round) has finished."""
        self.end_reason = reason
        self.end_after = node_id if node_id is not None else END_OF_ROUND

    def hide_action(self, player: int) -> None:
        """The action ``player`` is making now is secret: the other players' views hold it as unknown (their
        searches draw it among the legal ones) until :meth:`reveal_actions`."""
        self.secret_actions = (*self.secret_actions, (len(self.history), player))

    def reveal_actions(self) -> None:
        """Every secret action is known to all from now on."""
        self.secret_actions = ()

    def hidden_from(self, player: int) -> tuple[int, ...]:
        """The places in the history of the actions ``player`` does not know (other players' secret ones)."""
        return tuple(place for place, seat in self.secret_actions if seat != player)

    def decide(self, player: int) -> int:
        """A decision node waits for ``player``; returns the DECIDE signal."""
        self.current = player
        return DECIDE

    def __repr__(self) -> str:
        return f"State(round={self.round_number}, current={self.current_player()}, actions={len(self.history)})"
