"""How the effects' events are told (looked up by :mod:`engine.text.narration`).

The narration is one text for the whole table, so it tells only what
everyone knows: that cards were shown to a player, never which (the player
shown them sees them in their own view of the table); that two players
compared, never what they held.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, format_list, ruleset_text, zone_name
from engine.base.i18n import _, ngettext
from engine.families.common.front.narrating import event_field, player_name

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _seat(players: Sequence[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"


def _status_name(ruleset: Ruleset, status: str) -> str:
    spec = (ruleset.data.get("statuses") or {}).get(status) or {}
    return ruleset_text(ruleset, str(spec.get("name") or status))


def _show(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = list(event_field(event, "cards") or ())
    zone = zone_name(ruleset, str(event_field(event, "zone")))
    owner = _seat(players, event_field(event, "owner"))
    if event_field(event, "to") == -1:
        # TRANSLATORS: cards turned face up for everyone where they lie, e.g. "Ann shows Bob's Hand: Spy 1."
        return _(
            "{player} shows {owner}'s {zone}: {cards}.",
            player=player_name(players, event),
            owner=owner,
            zone=zone,
            cards=format_list(card_name(ruleset, card) for card in cards),
        )
    # TRANSLATORS: cards shown to one player only; the others learn how many, not which. E.g. "Bob shows 1 card
    # of Bob's Hand to Ann."
    return ngettext(
        "{player} shows {count} card of {owner}'s {zone} to {viewer}.",
        "{player} shows {count} cards of {owner}'s {zone} to {viewer}.",
        len(cards),
        player=player_name(players, event),
        count=len(cards),
        owner=owner,
        zone=zone,
        viewer=_seat(players, event_field(event, "to")),
    )


def _compare(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    seats = list(event_field(event, "players") or ())
    if len(seats) != 2:
        return None
    # TRANSLATORS: two players weigh their cards in secret; what follows tells the outcome.
    return _("{first} and {second} compare in secret.", first=_seat(players, seats[0]), second=_seat(players, seats[1]))


def _out(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    # TRANSLATORS: a player is out, e.g. "Bob: out of the round." {status} is the ruleset's name for being out.
    return _(
        "{player}: {status}.",
        player=player_name(players, event),
        status=_status_name(ruleset, str(event_field(event, "status"))),
    )


def _status(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    if not event_field(event, "value"):
        return None  # a status cleared (a new round, a new turn) is no news
    spec = (ruleset.data.get("statuses") or {}).get(str(event_field(event, "status"))) or {}
    says = spec.get("says")
    if not says:
        return None  # the ruleset tells only the statuses it words (the table's column shows them all)
    return ruleset_text(ruleset, str(says), player=player_name(players, event))


def _round(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    winners = [_seat(players, seat) for seat in event_field(event, "winners") or ()]
    how = event_field(event, "told") or event_field(event, "how")
    # TRANSLATORS: stands for the winners in "The round goes to ..." when no player wins the round.
    names = format_list(winners) if winners else _("nobody")
    if how:
        # TRANSLATORS: the end of a round of a match, e.g. "The round goes to Ann (the deck ran out)."; {how} is
        # what the ruleset calls how it ended.
        return _("The round goes to {winners} ({how}).", winners=names, how=ruleset_text(ruleset, str(how)))
    # TRANSLATORS: narration: the end of a round of a match; {winners} lists player names, e.g. "Ann and Bo", or is
    # the message "nobody".
    return _("The round goes to {winners}.", winners=names)


# How each of this family's events is told, by event type (the narration looks them up).
NARRATORS = {"show": _show, "compare": _compare, "out": _out, "status": _status, "round": _round}
