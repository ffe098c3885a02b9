"""Card moves and counter changes told as the ruleset's ``presentation.tell`` words them.

Most moves are not news (a bid's cards go to the bid zone while the bid is
told; dealing is setup), so a move is told only when the ruleset asks:

```yaml
presentation:
  tell:
    - {step: turn-up, says: "{player} turns up {cards}."}
    - {step: draw-cards, says: "{player} draws {cards}."}
    - {counter: exhaustions, says: "The draw pile has run out ({value})."}
```

An entry matches a move by ``step`` (the step that moved the cards), ``from``
and ``to`` (zone ids), each optional; ``counter`` entries tell a counter's
changes. Cards moved into a zone that hides them from some players are told
by their number only: narration is the same for everyone at the table.
Consecutive moves alike (three cards drawn one at a time) are told as one;
a move of no card (a ``move-all`` whose ``cards`` pick none of the cards
there) is not told.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, format_list, ruleset_text, zone_name
from engine.base.i18n import _, ngettext
from engine.families.common.front.narrating import event_field

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _telling(ruleset: Ruleset) -> Sequence[Mapping[str, Any]]:
    return getattr(ruleset, "tell", None) or ()


def _matches(item: Mapping[str, Any], event: Any) -> bool:
    if "counter" in item:
        return False
    return all(
        item.get(key) is None or item[key] == event_field(event, field)
        for key, field in (("step", "step"), ("from", "source"), ("to", "target"))
    )


def _seen_by_all(ruleset: Ruleset, zone_id: str) -> bool:
    try:
        return ruleset.zone(zone_id).visibility == "all"
    except KeyError:
        return False


def _cards_text(ruleset: Ruleset, cards: Sequence[str], shown: bool) -> str:
    if not shown:
        return ngettext("{n} card", "{n} cards", len(cards))
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1

    # TRANSLATORS: several cards of one kind in a sentence of the game's story, e.g. "2 × Red".
    return format_list(
        card_name(ruleset, card) if count == 1 else _("{count} × {card}", count=count, card=card_name(ruleset, card))
        for card, count in counts.items()
    )


def _seat_name(players: Sequence[str], seat: Any) -> str:
    return players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else ""


def _move(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = list(event_field(event, "cards") or ())
    if not cards:
        return None  # no card moved: nothing to tell ("Ann keeps  to plant.")
    for item in _telling(ruleset):
        if not _matches(item, event):
            continue
        target = str(event_field(event, "target"))
        owner = _seat_name(players, event_field(event, "target_owner"))
        mover = event_field(event, "player")
        player = _seat_name(players, mover) or owner
        values = {
            "player": player,
            "cards": _cards_text(ruleset, cards, _seen_by_all(ruleset, target)),
            "count": len(cards),
            "owner": owner,
            "from": zone_name(ruleset, str(event_field(event, "source"))),
            "to": zone_name(ruleset, target),
        }
        return ruleset_text(ruleset, str(item["says"]), **values)
    return None


def _counter(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    counter_id = event_field(event, "counter")
    for item in _telling(ruleset):
        if item.get("counter") != counter_id:
            continue
        names = {counter.get("id"): counter.get("name") for counter in getattr(ruleset, "counters", ())}
        name = ruleset_text(ruleset, str(names.get(counter_id) or counter_id))
        return ruleset_text(
            ruleset,
            str(item["says"]),
            counter=name,
            value=event_field(event, "after"),
            player=_seat_name(players, event_field(event, "owner")),
        )
    return None


def group_moves(events: Sequence[Any]) -> list[Any]:
    """The events with consecutive moves alike (same step, zones, owners and mover) joined into one."""
    grouped: list[Any] = []
    key_fields = ("step", "source", "source_owner", "target", "target_owner", "player")
    for event in events:
        if (
            grouped
            and event_field(event, "type") == "move"
            and event_field(grouped[-1], "type") == "move"
            and all(event_field(event, key) == event_field(grouped[-1], key) for key in key_fields)
        ):
            previous = grouped[-1]
            cards = tuple(event_field(previous, "cards") or ()) + tuple(event_field(event, "cards") or ())
            grouped[-1] = (
                {**previous, "cards": cards}
                if isinstance(previous, dict)
                else dataclasses.replace(previous, cards=cards)
            )
            continue
        grouped.append(event)
    return grouped


# How moves and counters are told, by event type (the narration looks them up).
NARRATORS = {"move": _move, "counter": _counter}
