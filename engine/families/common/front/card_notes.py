"""``info [NAME]`` at any prompt: what the cards of the game do, in the ruleset's own words.

A ruleset gives a card a ``description`` when the card changes the rules
(a building, a special card). The help lists the ones in play; ``info``
lists every one, those still to come too, and ``info NAME`` the ones whose
name (translated, or the id) begins with NAME, so that a player can read
what a card does before buying, taking or playing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.base.formatting import card_name, ruleset_text
from engine.base.i18n import N_, _
from engine.families.common.front.player_input import EVERY_PROMPT, squash, typed_command

# TRANSLATORS: what a player may type, followed by a card's name or nothing, to read what cards do (a short word,
# lower case).
INFO = typed_command(N_("info"), aliases=("info",), prompt=EVERY_PROMPT)


def info_words() -> set[str]:
    """Words that show what cards do."""
    return INFO.words()


def described_cards(ruleset: Any) -> list[Any]:
    """The card types the ruleset gives a text of their own (``description``), in its order."""
    return [card for card in ruleset.cards if card.description]


def card_notes(ruleset: Any, words: Sequence[str]) -> list[str]:
    """A line per card that ``words`` name (every described card when there are none): "Hotel 2: At the start..."."""
    cards = described_cards(ruleset)
    if not cards:
        # TRANSLATORS: said when a player types info (what cards do) in a game whose cards have no text of their own.
        return [_("No card of this game has a text of its own: the help (?) says what you may do.")]
    key = squash(" ".join(words))
    if key:
        cards = [
            card
            for card in cards
            if squash(card_name(ruleset, card.id)).startswith(key)
            or squash(ruleset_text(ruleset, card.name)).startswith(key)
            or squash(card.id).startswith(key)
        ]
    if not cards:
        # TRANSLATORS: said when no card with a text of its own has a name beginning with what the player typed after
        # info; {text} is what they typed, e.g. "hotl".
        return [_('No card with a text of its own is called "{text}".', text=" ".join(words))]
    return [
        # TRANSLATORS: a card and what it does, in the ruleset's words, e.g. "Hotel 2: At the start of your turn...".
        _(
            "{card}: {description}",
            card=card_name(ruleset, card.id),
            description=ruleset_text(ruleset, card.description),
        )
        for card in cards
    ]


def info_help_line(ruleset: Any) -> str | None:
    """The help's line for ``info``, in a game whose cards have texts of their own."""
    if not described_cards(ruleset):
        return None
    # TRANSLATORS: a line of the help; "info" is the command the player types (use your translation), NAME a card's
    # name or its beginning.
    return _("info [NAME]: what the cards called NAME do (all of them without NAME)")
