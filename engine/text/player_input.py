"""What a player types at a prompt: the words every prompt shares and numbered choices.

Typed text is normalized (full-width digits and letters typed with an input
method become ASCII, case and edges are dropped); ``?`` asks for help and
``q`` saves and quits at every prompt. A block family's prompt reads its own
commands (a bid's money cards: ``engine.blocks.auction.prompts``) and uses
these for the rest. Parsing knows nothing about legality: the session checks
the resulting action against the legal moves and explains a refusal.
"""
from __future__ import annotations

import unicodedata
from dataclasses import dataclass

from .i18n import _


@dataclass(frozen=True)
class PlayerCommand:
    """One understood input: ``help``, ``quit``, ``choice`` (with the 0-based position
    in the list shown), or a family's own (``bid`` with the money values added, ``pass``)."""

    kind: str
    values: tuple[int, ...] = ()
    choice: int = -1


class InputProblem(Exception):
    """Input that means nothing at this prompt; the message (translated) says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def normalize_input(text: str) -> str:
    """Full-width digits and letters (typed with an IME) become ASCII; case and edges are dropped."""
    return unicodedata.normalize("NFKC", text).strip().lower()


def quit_words() -> set[str]:
    """Words that mean "save and quit"."""
    # TRANSLATORS: what a player may type to save and quit (a short word, lower case).
    return {"q", "quit", "exit", normalize_input(_("quit"))}


def help_words() -> set[str]:
    """Words that ask for the legal moves."""
    # TRANSLATORS: what a player may type to list the legal moves (a short word, lower case).
    return {"?", "h", "help", normalize_input(_("help"))}


def recap_words() -> set[str]:
    """Words that show again the whole of what happened since the player's last move (a short screen cuts it)."""
    # TRANSLATORS: what a player may type to see again everything that happened since their last move
    # (a short word, lower case).
    return {"recap", normalize_input(_("recap"))}


def parse_choice_prompt(text: str, count: int) -> PlayerCommand:
    """Read a numbered-list prompt's answer: a number from 1 to ``count``, help or quit."""
    typed = normalize_input(text)
    if typed in help_words():
        return PlayerCommand("help")
    if typed in quit_words():
        return PlayerCommand("quit")
    if typed.isdigit() and 1 <= int(typed) <= count:
        return PlayerCommand("choice", choice=int(typed) - 1)
    raise InputProblem(_("Type a number from 1 to {count}.", count=count))
