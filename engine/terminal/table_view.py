"""The table one player may see, drawn with rich from zones, measures and the ruleset's ``view`` hints.

Everything shown comes from an :class:`~engine.core.observation.Observation`
(what that player may know) and the ruleset: the zone named by
``view.heading`` heads the table with its card and what it does, then one
row per player with the ``view.columns`` (a zone's cards, their values or
their count; the player's status in the decision under way; a measure), the
viewer's own hidden zones (``view.own``), how near the end is, and what just
happened. Column widths are measured in terminal cells by rich, so Japanese
and Korean names line up.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..text.explain import measure_amount
from ..text.formatting import card_name, format_number, ruleset_text
from ..text.i18n import _, ngettext
from ..text.narration import phase_name, zone_name
from ..text.card_text import describe_card, progress_phrases, step_phrase

DEFAULT_COLUMNS = ()


def face_value(ruleset: Any, card_id: str) -> Fraction | None:
    """The value a card's face shows (its ``value`` attribute), if it has one."""
    return ruleset.card(card_id).attributes.get("value")


def faces(ruleset: Any, card_ids: Sequence[str]) -> str:
    """Cards by their faces, ascending and joined by "+": ``1,000+6,000``; card names for cards without a value."""
    values = sorted(value for value in (face_value(ruleset, card) for card in card_ids) if value is not None)
    names = [card_name(ruleset, card) for card in card_ids if face_value(ruleset, card) is None]
    return "+".join([format_number(value) for value in values] + names)


def _zones_of(column: Mapping[str, Any]) -> list[str]:
    zones = column.get("zones") or ([column["zone"]] if column.get("zone") else [])
    return list(zones)


def _heading(ruleset: Any, column: Mapping[str, Any]) -> str:
    if column.get("heading"):
        return ruleset_text(ruleset, str(column["heading"]))
    if column.get("status"):
        # TRANSLATORS: column heading of the game table: passed, to play...
        return _("Status")
    if column.get("measure"):
        try:
            spec = ruleset.measure(column["measure"])
            return ruleset_text(ruleset, spec.heading or spec.name)
        except KeyError:
            return column["measure"]
    zones = _zones_of(column)
    return zone_name(ruleset, zones[0]) if zones else ""


def cell(ruleset: Any, observation: Any, column: Mapping[str, Any], seat: int) -> str:
    """One player's cell of a column."""
    if column.get("status"):
        return status_text(observation, seat)
    if column.get("measure"):
        return measure_cell(ruleset, observation, column["measure"], seat)
    show = column.get("show", "names")
    cards: list[str] = []
    count = 0
    hidden = False
    count_hidden = False
    for zone in _zones_of(column):
        view = observation.zone(zone, seat) if ruleset.zone(zone).per_player else observation.zone(zone)
        if view.cards is None:
            hidden = True
        else:
            cards.extend(view.cards)
        if view.count is None:
            count_hidden = True
        else:
            count += view.count
    if show == "count":
        # A count is a count, for the viewer's own cards and for a hand only its owner sees alike.
        return "?" if count_hidden else str(count)
    if hidden:
        return str(count) if count and not count_hidden else "–"
    if not cards:
        return "–"
    if show == "values":
        text = faces(ruleset, cards)
        values = [face_value(ruleset, card) or 0 for card in cards]
        if len(cards) > 1:
            text += " = " + format_number(sum(values))
        return text
    # In the ruleset's card order, so equal kinds sit together and values ascend.
    ordered = sorted(cards, key=lambda card: ruleset.card(card).index)
    return ", ".join(card_name(ruleset, card) for card in ordered)


def measure_cell(ruleset: Any, observation: Any, measure_id: str, seat: int) -> str:
    """A measure of a player, when the viewer may know it ("?" otherwise)."""
    value = observation.measure(measure_id, seat)
    return "?" if value is None else measure_amount(ruleset, measure_id, value)


def _worth(ruleset: Any, spec: Any, card_id: str) -> Any:
    from ..blocks.selectors import card_selector

    card = ruleset.card(card_id)
    if spec.cards and not card_selector(spec.cards)(card):
        return 0
    if spec.kind == "sum":
        value = card.attributes.get(spec.attribute, 0)
        return int(value) if Fraction(value).denominator == 1 else value
    return 1


def status_text(observation: Any, seat: int) -> str:
    """A player's status in the decision under way: passed, to play, an effect pending."""
    passed = observation.decision.get("passed") or ()
    if seat < len(passed) and passed[seat]:
        # TRANSLATORS: status of a player who has passed in this auction.
        status = _("passed")
    elif seat == observation.current_player:
        # TRANSLATORS: status of the player whose turn it is.
        status = _("to play")
    else:
        status = ""
    if seat < len(observation.pending) and observation.pending[seat]:
        # TRANSLATORS: a card effect waiting for this player's next matching card.
        status = (status + " " if status else "") + _("(effect pending)")
    return status


def heading_card(ruleset: Any, observation: Any) -> str | None:
    """The card the ``view.heading`` zone shows (the last one when it holds several), if any."""
    zone = ruleset.view.get("banner")
    cards = observation.cards(zone) if zone else None
    return cards[-1] if cards else None


def heading_lines(ruleset: Any, observation: Any, round_card: str | None = None) -> list[Text]:
    """The round, the card the heading zone shows and what it does, the phase, and how the decision works.

    ``round_card`` heads the table when the heading zone is empty: the card
    of the round under way that has left it already (a card taken, whose
    effect asks its taker to choose).
    """
    round_number = observation.round_number
    card = heading_card(ruleset, observation) or round_card
    if card:
        # TRANSLATORS: heading of the table; {card} describes the card in play.
        heading = Text(_("Round {number}: {card}", number=round_number, card=describe_card(ruleset, card)),
                       style="bold")
    else:
        heading = Text(_("Round {number}", number=round_number), style="bold")
    lines = [heading]
    for phase in observation.phases:
        name = phase_name(ruleset, phase)
        if name:
            # TRANSLATORS: the phase of the turn under way, e.g. "Phase: Draw".
            lines.append(Text(_("Phase: {phase}", phase=name), style="bold"))
    how = step_phrase(ruleset, observation.decision.get("kind"), _step_spec(ruleset, observation.decision.get("step")))
    if how:
        lines.append(Text(how, style="italic"))
    return lines


def _step_spec(ruleset: Any, step_id: Any) -> Mapping[str, Any]:
    from ..text.narration import _all_steps

    for spec in _all_steps(ruleset.flow):
        if spec.get("id") == step_id:
            return spec
    return {}


def players_table(ruleset: Any, observation: Any, viewer: int | None) -> Table:
    """One row per player: the ``view.columns``."""
    table = Table(box=box.SQUARE, show_lines=False, expand=False, pad_edge=True)
    columns = list(ruleset.view.get("columns") or DEFAULT_COLUMNS)
    # TRANSLATORS: column heading of the game table: the players' names.
    table.add_column(_("Player"), no_wrap=True)
    for column in columns:
        table.add_column(_heading(ruleset, column),
                         justify="right" if column.get("show") in ("count", "values") or column.get("measure") else "left")
    current = observation.current_player
    for seat, name in enumerate(observation.players):
        marker = "▶ " if seat == current else "  "
        label = marker + name
        if viewer is not None and seat == viewer:
            # TRANSLATORS: marks the viewer's own row, e.g. "Ann (you)".
            label = marker + _("{name} (you)", name=name)
        table.add_row(label, *(cell(ruleset, observation, column, seat) for column in columns),
                      style="bold" if seat == current else None)
    return table


def own_lines(ruleset: Any, observation: Any, viewer: int) -> list[Text]:
    """The viewer's own hidden zones (``view.own``): "Your hand: 1,000 2,000 (total 3,000)"."""
    lines = []
    for item in ruleset.view.get("own") or ():
        cards = observation.cards(item["zone"], viewer) or ()
        label = ruleset_text(ruleset, str(item.get("heading") or ruleset.zone(item["zone"]).name))
        if item.get("show") == "values":
            shown = " ".join(format_number(face_value(ruleset, card) or 0)
                             for card in sorted(cards, key=lambda card: face_value(ruleset, card) or 0))
        else:
            shown = ", ".join(card_name(ruleset, card) for card in cards)
        if not cards:
            # TRANSLATORS: an empty zone of the viewer's own, e.g. "Your hand: (none)".
            shown = _("(none)")
        if item.get("total"):
            total = sum(_worth(ruleset, ruleset.measure(item["total"]), card) for card in cards)
            # TRANSLATORS: one of the viewer's own zones; {cards} lists them, {total} adds them up.
            lines.append(Text(_("{zone}: {cards} (total {total})", zone=label, cards=shown,
                                total=measure_amount(ruleset, item["total"], total))))
        else:
            lines.append(Text(_("{zone}: {cards}", zone=label, cards=shown)))
    return lines


def counters_line(ruleset: Any, observation: Any) -> Text:
    """How near the end is, and how many cards are left in face-down stacks."""
    parts = list(progress_phrases(ruleset, observation))
    for spec in ruleset.zones:
        if spec.per_player or spec.kind != "stack":
            continue
        count = observation.count(spec.id)
        if count is not None:
            parts.append(ngettext("{zone}: {n} card", "{zone}: {n} cards", count, zone=zone_name(ruleset, spec.id)))
    for counter in ruleset.counters:
        if counter.get("owner", "shared") == "shared" and counter.get("name"):
            # TRANSLATORS: a counter of the game and its value, e.g. "Exhaustions: 1".
            parts.append(_("{counter}: {value}", counter=ruleset_text(ruleset, counter["name"]),
                           value=observation.counter(counter["id"])))
    return Text(" · ".join(parts))


def shared_lines(ruleset: Any, observation: Any) -> list[Text]:
    """The shared zones the ruleset shows above the players (``view.shared``): "Face-up cards: Blue, Chili"."""
    lines = []
    for item in ruleset.view.get("shared") or ():
        zone = item.get("zone")
        if not zone:
            continue
        label = ruleset_text(ruleset, str(item.get("heading") or ruleset.zone(zone).name))
        view = observation.zone(zone)
        if view.cards is None:
            shown = ngettext("{n} card", "{n} cards", view.count or 0) if view.count is not None else "?"
        elif item.get("show") == "count":
            shown = str(len(view.cards))
        elif item.get("show") == "values":
            shown = faces(ruleset, view.cards) or _("(none)")
        else:
            shown = ", ".join(card_name(ruleset, card) for card in view.cards) or _("(none)")
        lines.append(Text(_("{zone}: {cards}", zone=label, cards=shown)))
    return lines


def render_table(ruleset: Any, observation: Any, viewer: int | None, last_events: Sequence[str] = (),
                 round_card: str | None = None) -> RenderableType:
    """The whole table as ``viewer`` may see it (``viewer`` None: no hidden zone shown).

    ``round_card``: the card of the round under way, shown when the heading
    zone is empty (see :func:`heading_lines`).
    """
    parts: list[RenderableType] = [*heading_lines(ruleset, observation, round_card),
                                   *shared_lines(ruleset, observation), players_table(ruleset, observation, viewer)]
    if viewer is not None:
        parts.extend(own_lines(ruleset, observation, viewer))
    parts.append(counters_line(ruleset, observation))
    if last_events:
        # TRANSLATORS: heading of the list of what happened since the player's last move.
        parts.append(Text(_("What just happened:"), style="dim"))
        parts.extend(Text("  " + line, style="dim") for line in last_events)
    return Group(*parts)
