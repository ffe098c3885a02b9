"""What a player types at a prompt, turned into an action (or a reason it is not one).

Money is typed the way the cards read: the face value (``6000``, ``6,000``,
``６０００``), or, when it cannot mean anything else, a shortened form (``6``
for the 6000 card, ``6000000`` for a card whose face value 6 counts millions).
Several cards are separated by spaces, ``+`` or commas. Parsing knows nothing
about legality: the session checks the resulting bid against the legal moves
and explains a refusal.
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Sequence

from ..text.i18n import _

# Grouped thousands such as 12,000 or 1,000,000 are one number, not a list.
_GROUPED_NUMBER = re.compile(r"^\d{1,3}(,\d{3})+$")
_SEPARATORS = re.compile(r"[\s+、，;]+")


@dataclass(frozen=True)
class PlayerCommand:
    """One understood input: ``bid`` (with the money values added), ``pass``,
    ``help``, ``quit`` or ``choice`` (with the 0-based position in the list shown)."""

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


def pass_words() -> set[str]:
    """Words that mean "pass", in English and in the user's language."""
    # TRANSLATORS: what a player may type to pass at a bid prompt (a short word, lower case).
    return {"pass", "p", normalize_input(_("pass"))}


def quit_words() -> set[str]:
    """Words that mean "save and quit"."""
    # TRANSLATORS: what a player may type to save and quit (a short word, lower case).
    return {"q", "quit", "exit", normalize_input(_("quit"))}


def help_words() -> set[str]:
    """Words that ask for the legal moves."""
    # TRANSLATORS: what a player may type to list the legal moves (a short word, lower case).
    return {"?", "h", "help", normalize_input(_("help"))}


def split_amounts(text: str) -> list[str]:
    """The number tokens of a bid: ``"6 4"``, ``"6+4"``, ``"6,4"``, ``"12,000 4,000"``."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text):
        if not chunk:
            continue
        if _GROUPED_NUMBER.match(chunk):
            tokens.append(chunk.replace(",", ""))
        else:
            tokens.extend(part for part in chunk.split(",") if part)
    return tokens


def resolve_money_value(token: str, money_values: Sequence[int], scale: int = 1) -> int:
    """The face value of the money card ``token`` names.

    The exact face value wins; otherwise the token may be shortened by a
    thousand, written out in thousands, or written in the unit's full amount
    (face value x scale), as long as exactly one card fits.
    """
    cleaned = token.replace("_", "").replace(".", "") if re.fullmatch(r"\d{1,3}([._]\d{3})+", token) else token
    if cleaned.endswith("k") and cleaned[:-1].isdigit():
        cleaned = str(int(cleaned[:-1]) * 1000)
    if not cleaned.isdigit():
        raise InputProblem(_("\"{text}\" is not a money value.", text=token))
    number = int(cleaned)
    faces = set(money_values)
    if number in faces:
        return number
    candidates = {number * 1000}
    if number % 1000 == 0:
        candidates.add(number // 1000)
    if scale > 1 and number % scale == 0:
        candidates.add(number // scale)
    matches = sorted(candidates & faces)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise InputProblem(_("\"{text}\" could mean more than one money card; type the value as the card shows it.",
                             text=token))
    raise InputProblem(_("There is no money card \"{text}\".", text=token))


def parse_bid_prompt(text: str, hand_values: Sequence[int], money_values: Sequence[int],
                     scale: int = 1, can_pass: bool = True) -> PlayerCommand:
    """Read a bid prompt's answer: money cards to add, pass, help or quit."""
    typed = normalize_input(text)
    if not typed:
        raise InputProblem(_("Type the values of the money cards to add, or pass."))
    if typed in help_words():
        return PlayerCommand("help")
    if typed in quit_words():
        return PlayerCommand("quit")
    if typed in pass_words():
        if not can_pass:
            raise InputProblem(_("You cannot pass now."))
        return PlayerCommand("pass")
    tokens = split_amounts(typed)
    values: list[int] = []
    for token in tokens:
        value = resolve_money_value(token, money_values, scale)
        if value in values:
            raise InputProblem(_("You named the {value} card twice; you hold only one.", value=token))
        if value not in hand_values:
            raise InputProblem(_("The {value} card is not in your hand.", value=token))
        values.append(value)
    return PlayerCommand("bid", values=tuple(sorted(values)))


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


def bid_mask(values: Sequence[int], money_values: Sequence[int]) -> int:
    """The action bitmask of a bid: bit i set for the money card ``money_values[i]``."""
    mask = 0
    for value in values:
        mask |= 1 << list(money_values).index(value)
    return mask


def mask_values(mask: int, money_values: Sequence[int]) -> tuple[int, ...]:
    """The money values a bid bitmask adds, ascending."""
    return tuple(v for i, v in enumerate(money_values) if mask >> i & 1)
