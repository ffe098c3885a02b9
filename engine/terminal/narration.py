"""The game told as it happens: one localized line per event.

The game records structured events (reveal, bid, pass, take, pay, discard,
pending, end); this module only words them. Events may be small dataclasses
or dicts; both are read the same way.
"""
from __future__ import annotations

from typing import Any, Sequence

from ..text.formatting import card_name, format_list, format_money, format_number, tag_name
from ..text.i18n import _


def event_field(event: Any, name: str, default: Any = None) -> Any:
    """A field of an event, whether the event is a mapping or an object."""
    if isinstance(event, dict):
        return event.get(name, default)
    return getattr(event, name, default)


def _player(players: Sequence[str], event: Any) -> str:
    seat = event_field(event, "player")
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _money_values(event: Any) -> list[int]:
    for name in ("cards", "values", "money"):
        values = event_field(event, name)
        if isinstance(values, (list, tuple)):
            return [int(v) for v in values]
    return []


def _card_ids(event: Any) -> list[str]:
    card = event_field(event, "card")
    if isinstance(card, str):
        return [card]
    cards = event_field(event, "cards")
    if isinstance(cards, (list, tuple)) and all(isinstance(c, str) for c in cards):
        return list(cards)
    return []


def describe_event(ruleset: Any, players: Sequence[str], event: Any) -> str | None:
    """One line for one event, or None for an event not worth telling."""
    kind = event_field(event, "type")
    who = _player(players, event)
    if kind == "reveal":
        cards = _card_ids(event)
        if not cards:
            return None
        # TRANSLATORS: a status card is turned face up for auction.
        return _("Revealed: {card}.", card=card_name(ruleset, cards[0]))
    if kind == "bid":
        values = _money_values(event)
        total = event_field(event, "total")
        # The cards themselves, as their faces read ("6,000 + 3,000"): players
        # follow which cards have left a hand, not only the sums.
        added = money_cards(values)
        if total is None:
            return _("{player} bids {amount}.", player=who, amount=added)
        # TRANSLATORS: {amount} lists the money cards the player added this turn by
        # their face values ("6,000 + 3,000"), {total} is their whole bid on the table now.
        return _("{player} adds {amount} and bids {total} in all.", player=who, amount=added,
                 total=format_money(ruleset, int(total)))
    if kind == "pass":
        return _("{player} passes.", player=who)
    if kind == "take":
        cards = _card_ids(event)
        card = card_name(ruleset, cards[0]) if cards else "?"
        if event_field(event, "free"):
            return _("{player} takes {card} for free.", player=who, card=card)
        return _("{player} takes {card}.", player=who, card=card)
    if kind == "pay":
        values = _money_values(event)
        amount = event_field(event, "amount")
        total = sum(values) if values else int(amount or 0)
        if not total:
            return None
        # TRANSLATORS: the money a player bid is discarded (out of the game).
        return _("{player} pays {amount}.", player=who, amount=format_money(ruleset, total))
    if kind == "discard":
        cards = [card_name(ruleset, card) for card in _card_ids(event)]
        if not cards:
            return None
        return _("{player} discards {cards}.", player=who, cards=format_list(cards))
    if kind == "pending":
        tag = event_field(event, "tag")
        if tag is None:
            effect = event_field(event, "effect") or {}
            tag = effect.get("tag") if isinstance(effect, dict) else None
        return _("{player} has no {tag} card yet: the next one they take will be discarded.",
                 player=who, tag=tag_name(ruleset, tag) if tag else "?")
    if kind == "end":
        cards = _card_ids(event)
        if cards:
            return _("{card} is revealed: the game ends.", card=card_name(ruleset, cards[0]))
        return _("The game ends.")
    return None


def money_cards(values: Sequence[int]) -> str:
    """Money cards by their faces, ascending: ``3,000 + 6,000`` (one card: ``6,000``)."""
    return " + ".join(format_number(value) for value in sorted(values))


def _ends_with(event: Any, following: Any) -> bool:
    """Whether ``following`` is the end of the game caused by the card ``event`` reveals."""
    return (event_field(event, "type") == "reveal" and following is not None
            and event_field(following, "type") == "end" and _card_ids(following) == _card_ids(event))


def describe_events(ruleset: Any, players: Sequence[str], events: Sequence[Any]) -> list[str]:
    """The lines for several events, leaving out the ones not worth telling.

    A card whose reveal ends the game is told once, by the end line.
    """
    lines = []
    for position, event in enumerate(events):
        following = events[position + 1] if position + 1 < len(events) else None
        if _ends_with(event, following):
            continue
        line = describe_event(ruleset, players, event)
        if line:
            lines.append(line)
    return lines
