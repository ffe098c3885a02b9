"""Actions and games in their log form: JSON entries, words, and the whole game log."""
from __future__ import annotations

from typing import Any, Mapping

from ..errors import IllegalActionError, LogError
from ..text.i18n import _


class LogForm:
    """The log half of :class:`~engine.core.state.State` (a mixin)."""

    game: Any
    ruleset: Any
    current: int
    terminal: bool

    def action_to_json(self, action: int, player: int | None = None) -> dict[str, Any]:
        """The log entry of ``action`` by ``player`` (default: the current player)."""
        if player is None:
            player = self.current
        return self.game.space_of(action).to_json(self, action, player)

    def describe_action(self, action: int, player: int | None = None) -> str:
        """What ``action`` does, in the reader's language."""
        if player is None:
            player = self.current
        return self.game.space_of(action).describe(self, action, player)

    def action_from_json(self, obj: Mapping[str, Any]) -> int:
        """The action int of a log entry; raises LogError (malformed) or IllegalActionError (wrong turn)."""
        if not isinstance(obj, Mapping):
            raise LogError.at(_("an action must be an object"))
        player = obj.get("player")
        if player is not None and not self.terminal and player != self.current:
            # TRANSLATORS: why an action is refused: another player is to move.
            raise IllegalActionError.at(_("it is {name}'s turn", name=self.game.players[self.current]))
        return self.parse_action(obj)

    def parse_action(self, obj: Mapping[str, Any]) -> int:
        """The action int of a log entry, without asking whose turn it is; raises LogError when malformed."""
        if type(obj) is not dict and not isinstance(obj, Mapping):
            raise LogError.at(_("an action must be an object"))
        kind = obj.get("action")
        space = self.game.space_by_word.get(kind) if type(kind) is str else None
        if space is None:
            words = ", ".join(self.game.space_by_word)
            raise LogError.at(_("unknown action {action}: expected one of {actions}", action=str(kind)[:80],
                                actions=words))
        return space.from_json(self, obj)

    def logged_actions(self) -> list[dict[str, Any]]:
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

    def to_log(self) -> dict[str, Any]:
        """The game log so far (with ``result`` once the game is over)."""
        from .result import options_to_json

        game = self.game
        log: dict[str, Any] = {
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

