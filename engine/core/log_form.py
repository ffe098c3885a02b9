"""Actions and games in their log form: JSON entries, words, and the whole game log."""

from __future__ import annotations

import weakref
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from engine.base.errors import CardrulesError, IllegalActionError, LogError
from engine.base.i18n import _
from engine.base.jsontypes import JSON
from engine.core.chance import ChanceOutcome
from engine.core.flow import DECIDE, Frame
from engine.core.result import Result, options_to_json

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.rules import RulesetLike


def plain_entry_word(entry: JSON, player: int) -> str | None:
    """The ``action`` word of a log entry that is an object by seat ``player`` (None for any other entry).

    What a replay's fast paths take without more ado; the usual path says what is wrong with the rest. Types
    are asked first: an in-memory log may hold any object, whose comparisons could do anything.
    """
    if type(entry) is dict:
        given = entry.get("player")
        if type(given) is int and given == player:
            word = entry.get("action")
            if type(word) is str:
                return word
    return None


class LogForm:
    """The log half of :class:`~engine.core.state.State` (a mixin)."""

    game: Game
    ruleset: RulesetLike
    current: int
    terminal: bool
    recording: bool
    history: list[int]
    action_players: list[int]
    stack: list[Frame]
    first_player: int
    seed: int | None
    chance_record: list[ChanceOutcome]
    _watchers: list[weakref.ref[Observation]]
    _next_progress_check: int
    # The log entries of the actions so far, once encoded (see logged_actions).
    _logged: list[dict[str, JSON]]

    if TYPE_CHECKING:

        def _run(self, signal: int) -> int: ...

        def result(self) -> Result: ...

    def action_to_json(self, action: int, player: int | None = None) -> dict[str, JSON]:
        """The log entry of ``action`` by ``player`` (default: the current player)."""
        if player is None:
            player = self.current
        return self.game.space_of(action).to_json(self, action, player)

    def describe_action(self, action: int, player: int | None = None) -> str:
        """What ``action`` does, in the reader's language."""
        if player is None:
            player = self.current
        return self.game.space_of(action).describe(self, action, player)

    def action_from_json(self, obj: Mapping[str, JSON]) -> int:
        """The action int of a log entry; raises LogError (malformed) or IllegalActionError (wrong turn)."""
        if not isinstance(obj, Mapping):
            # TRANSLATORS: error in a game log file (JSON): an entry of its list of actions is not a JSON object
            # ({...}); "object" in the JSON sense.
            raise LogError.at(_("an action must be an object"))
        player = obj.get("player")
        if player is not None and not self.terminal and player != self.current:
            # TRANSLATORS: why an action is refused: another player is to move.
            raise IllegalActionError.at(_("it is {name}'s turn", name=self.game.players[self.current]))
        return self.parse_action(obj)

    def parse_action(self, obj: Mapping[str, JSON]) -> int:
        """The action int of a log entry, without asking whose turn it is; raises LogError when malformed."""
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise LogError.at(_("an action must be an object"))
        kind = obj.get("action")
        space = self.game.space_by_word.get(kind) if type(kind) is str else None
        if space is None:
            words = ", ".join(self.game.space_by_word)
            # TRANSLATORS: error in a game log file: an entry's "action" is no action of this game; {action} is what
            # it says and {actions} the words it may say, e.g. "take, pass", which stay untranslated.
            raise LogError.at(
                _("unknown action {action}: expected one of {actions}", action=str(kind)[:80], actions=words)
            )
        return space.from_json(self, obj)

    def apply_log_entries(self, entries: Sequence[JSON], start: int = 0) -> int:
        """Apply log entries from ``start`` on, for as long as each is plainly the current player's legal action.

        Returns the index of the first entry not applied (``len(entries)`` when
        all were). The game is the same as after :meth:`parse_action` and
        ``apply_action`` of each entry: this is a replay's fast path, one loop
        instead of two calls and their checks per entry. An entry it leaves
        (not an object, another player's, a word of no decision, malformed,
        illegal, an action at any time, the game over, or the check for a game
        that cannot end falling due) is for the caller to apply the usual way,
        which applies it or says why not; then call this again.

        Only a state that records no events and that no observation watches
        takes the fast path (it returns ``start`` otherwise). An error raised by
        an entry's consequences (a recorded shuffle that does not fit) propagates;
        ``history`` then ends with that entry's action.
        """
        if self.recording or self._watchers:
            return start
        history = self.history
        action_players = self.action_players
        stack = self.stack
        game = self.game
        bare = game.bare_actions
        by_word = game.space_by_word
        anytime_from = game.anytime_from
        # Up to the next check for a game that cannot end, which apply_action makes.
        stop = min(len(entries), start + self._next_progress_check - len(history))
        index = start
        if self.terminal:
            return start
        while index < stop:
            frame = stack[-1]
            run = frame[0].apply_log_run
            if run is not None:  # the decision reads a run of its own entries
                after, signal = run(self, frame, entries, index, stop)
                if after != index:
                    index = after
                    if signal != DECIDE:
                        self._run(signal)
                        if self.terminal:
                            break
                    continue
            player = self.current
            entry = entries[index]
            word = plain_entry_word(entry, player)
            action = bare.get(word) if word is not None else None
            if action is None:
                space = by_word.get(word) if word is not None else None
                if space is None or (anytime_from is not None and space.base >= anytime_from):
                    break
                try:
                    action = space.from_json(self, entry)
                except CardrulesError:
                    break
            # In the history first: an error of the action's consequences then tells which entry it was.
            history.append(action)
            action_players.append(player)
            try:
                signal = frame[0].apply(self, frame, action)
            except IllegalActionError:  # nothing changed: the usual way says why
                history.pop()
                action_players.pop()
                break
            index += 1
            if signal != DECIDE:
                self._run(signal)
                if self.terminal:
                    break
        return index

    def logged_actions(self) -> list[dict[str, JSON]]:
        """Every action so far as its log entry (encoded once: a game saved after every action re-encodes none).

        An action's log entry depends on the action int and its player only
        (every action space's encoding is self-contained), so the entries of
        earlier actions never change. Treat the list as read-only.
        """
        encoded = self.__dict__.get("_logged")
        if encoded is None or len(encoded) > len(self.history):
            encoded = self.__dict__["_logged"] = []
        history, players = self.history, self.action_players
        for index in range(len(encoded), len(history)):
            encoded.append(self.action_to_json(history[index], players[index]))
        return encoded

    def to_log(self) -> dict[str, JSON]:
        """The game log so far (with ``result`` once the game is over)."""

        game = self.game
        log: dict[str, JSON] = {
            "format": 2,
            "ruleset": self.ruleset.id,
            "options": options_to_json(dict(self.ruleset.options)),
            "players": list(game.players),
            "first_player": self.first_player,
        }
        later = []
        ids_of = game.cards.ids_of
        for zone_id, order, log_key in self.chance_record:
            if log_key == "deck" and "deck" not in log:
                log["deck"] = list(ids_of(order))
            else:
                later.append({"zone": zone_id, "cards": list(ids_of(order))})
        if "deck" not in log:
            log["deck"] = []
        if later:
            log["chance"] = later
        log["actions"] = list(self.logged_actions())
        if self.seed is not None:
            log["seed"] = self.seed
        if game.seats is not None:
            log["seats"] = list(game.seats)
        if self.terminal:
            log["result"] = self.result().to_json()
        return log
