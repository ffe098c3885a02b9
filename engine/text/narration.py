"""The game told as it happens: one localized line per event.

The state records typed events (``engine.core.events`` and each block
family's own); this module words them. Each event type has a *describer*:
the generic ones here, the card moves and counters a ruleset's ``presentation.tell``
words (:mod:`engine.text.move_narration`), and each family's in its front
half (``narrators``, e.g. ``engine.families.auction.front.narration``). A
describer returns a line, or None for an event not worth telling; an event
nobody describes is not told.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, ruleset_text, zone_name
from engine.base.i18n import _, ngettext
from engine.families.common.front.narrating import card_ids, event_field, player_name
from engine.families.fronts import served
from engine.language.block_walk import all_steps
from engine.text.move_narration import NARRATORS as MOVE_NARRATORS
from engine.text.move_narration import group_moves

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

Describer = Callable[[Any, Sequence[str], Any], "str | None"]
DESCRIBERS: dict[str, Describer] = {}


def describes(event_type: str) -> Callable[[Describer], Describer]:
    """Decorator: the function words events of ``event_type``."""

    def register(function: Describer) -> Describer:
        DESCRIBERS[event_type] = function
        return function

    return register


@describes("reveal")
def _reveal(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = card_ids(event)
    if not cards:
        return None
    # TRANSLATORS: a card is turned face up.
    return _("Revealed: {card}.", card=card_name(ruleset, cards[0]))


@describes("end")
def _end(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = card_ids(event)
    if cards:
        # TRANSLATORS: narration: turning up a card ends the game (e.g. the fourth red-bordered card); {card} is its
        # name, e.g. "Title".
        return _("{card} is revealed: the game ends.", card=card_name(ruleset, cards[0]))
    # TRANSLATORS: narration: the game is over.
    return _("The game ends.")


@describes("phase")
def _phase(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    name = phase_name(ruleset, event_field(event, "phase"))
    if name is None:
        return None
    # TRANSLATORS: a phase of a player's turn begins, e.g. "Ann: Draw phase".
    return _("{player}: {phase} phase", player=player_name(players, event), phase=name)


@describes("decision")
def _decision(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    text = event_field(event, "text")
    if not text:
        return None
    # TRANSLATORS: a player's decision, e.g. "Ann: plant Red into the first row".
    return _("{player}: {action}", player=player_name(players, event), action=text)


@describes("shuffle")
def _shuffle(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    count = event_field(event, "count", 0)
    if event_field(event, "zone") is None:
        return None
    zone = zone_name(ruleset, str(event_field(event, "zone")))
    # TRANSLATORS: cards are shuffled into a face-down pile, e.g. "12 cards shuffled into the Draw pile".
    return ngettext("{n} card is shuffled into {zone}.", "{n} cards are shuffled into {zone}.", count, zone=zone)


def phase_name(ruleset: Ruleset, phase_id: Any) -> str | None:
    """A phase's translated name, from the flow step that declares it (None for no such phase)."""
    for spec in all_steps(getattr(ruleset, "flow", ())):
        if spec.get("kind") == "phase" and spec.get("id") == phase_id:
            return ruleset_text(ruleset, str(spec.get("name", phase_id)))
    return None


# The families' events and the moves a ruleset words, beside the generic events above.
DESCRIBERS.update(MOVE_NARRATORS)
DESCRIBERS.update(served("narrators"))


# What a game does before anyone plays: cards dealt, counters set, the deck shuffled.
SETUP_EVENT_TYPES = frozenset({"move", "shuffle", "counter"})


def setup_length(events: Sequence[Any]) -> int:
    """How many of a new game's first events only set the table up (dealing, the first shuffle).

    Every game starts that way, so they are not news: the story of a game
    starts with its first reveal, phase or decision. A shuffle later in the
    game (a discard pile shuffled back) is told.
    """
    for position, event in enumerate(events):
        if event_field(event, "type") not in SETUP_EVENT_TYPES:
            return position
    return len(events)


def describe_event(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    """One line for one event, or None for an event not worth telling."""
    describer = DESCRIBERS.get(event_field(event, "type"))
    return describer(ruleset, players, event) if describer is not None else None


def _ends_with(event: Any, following: Any) -> bool:
    """Whether ``following`` is the end of the game caused by the card ``event`` reveals."""
    return (
        event_field(event, "type") == "reveal"
        and following is not None
        and event_field(following, "type") == "end"
        and card_ids(following) == card_ids(event)
    )


def describe_events(ruleset: Ruleset, players: Sequence[str], events: Sequence[Any]) -> list[str]:
    """The lines for several events, leaving out the ones not worth telling.

    A card whose reveal ends the game is told once, by the end line; moves
    alike in a row (cards drawn one at a time) are told once.
    """
    events = group_moves(events)
    lines = []
    for position, event in enumerate(events):
        following = events[position + 1] if position + 1 < len(events) else None
        if _ends_with(event, following):
            continue
        line = describe_event(ruleset, players, event)
        if line:
            lines.append(line)
    return lines
