"""The prompt of an ``anytime-chance`` step: a human may still act at any time (harvest, buy), then types ``done``."""

from __future__ import annotations

from engine.base.i18n import _
from engine.families.common.front.player_input import InputProblem
from engine.families.common.front.prompting import CommandPrompt, Turn, done_words


class ChancePrompt(CommandPrompt):
    """Asks a human for the actions they may take at any time, until ``done``."""

    hints_first = True

    def introduce(self, turn: Turn) -> list[str]:
        # TRANSLATORS: said when a player may take actions allowed at any time (e.g. harvest) before play goes on;
        # "done" is the command the player types (use your translation of it).
        return [_("Your chance to act before play goes on: take any action the prompt lists, then type done.")]

    def question(self, turn: Turn) -> str:
        return _("done")

    def empty_message(self, turn: Turn) -> str:
        # TRANSLATORS: at the prompt of a chance to act at any time, when the player typed nothing; "done" is the
        # command the player types (use your translation of it); keep "?", what they type for help.
        return _("Type done to go on, or ? to see what you may do.")

    def help_lines(self, turn: Turn) -> list[str]:
        # TRANSLATORS: help line; "done" is the command the player types (use your translation of it).
        return [_("done: go on with the game")]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        if len(words) == 1 and words[0] in done_words():
            return turn.node.space.base
        # TRANSLATORS: at the prompt of a chance to act at any time, when what the player typed means nothing there;
        # "done" is the command the player types (use your translation of it); keep "?", what they type for help.
        raise InputProblem(_("Type done to go on, or one of the actions below (? lists them)."))
