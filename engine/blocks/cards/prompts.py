"""The prompt of a ``move-in-row`` step: ``move 3 1`` puts the third card of the row first; ``done`` leaves it."""
from __future__ import annotations

from ...terminal.commands import CommandPrompt, Turn, parse_number, word_set
from ...text.formatting import ruleset_text
from ...text.i18n import _
from ...text.player_input import InputProblem
from ..flow.prompts import done_words


def move_words() -> set[str]:
    """Words that move a card within the row."""
    # TRANSLATORS: the command a player types to move a card within their hand: "move 3 1".
    return word_set("move", "mv", _("move"))


class MoveInRowPrompt(CommandPrompt):
    """Asks a human whether to move one card of their row, and where."""

    def _row(self, turn: Turn) -> tuple[str, int]:
        spec = turn.game.zones.specs[turn.node.zone_index]
        return ruleset_text(turn.ruleset, spec.name), len(turn.state.zones[turn.state.slot(spec.index, turn.player)])

    def introduce(self, turn: Turn) -> list[str]:
        zone, _count = self._row(turn)
        # TRANSLATORS: {zone} is the name of the player's row, e.g. "Hand".
        return [_("You may take one card of your {zone} and put it back at another position (move FROM TO), "
                  "or leave it as it is (done).", zone=zone)]

    def question(self, turn: Turn) -> str:
        return _("move FROM TO, or done")

    def empty_message(self, turn: Turn) -> str:
        return _("Type move and two positions, e.g. move 3 1, or done.")

    def help_lines(self, turn: Turn) -> list[str]:
        zone, count = self._row(turn)
        return [_("move FROM TO: the card at position FROM of your {zone} goes to position TO (1 to {count}, the "
                  "front is 1)", zone=zone, count=count), _("done: leave your {zone} as it is", zone=zone)]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if len(words) == 1 and words[0] in done_words():
            return turn.node.done
        if words and words[0] in move_words():
            words = words[1:]
        if len(words) != 2:
            raise InputProblem(self.empty_message(turn))
        _zone, count = self._row(turn)
        # TRANSLATORS: what the numbers after "move" stand for.
        source = parse_number(words[0], 1, count, _("position"))
        target = parse_number(words[1], 1, count, _("position"))
        return turn.node.space.action(source - 1, target - 1)
