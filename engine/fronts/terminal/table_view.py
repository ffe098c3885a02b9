"""The table one player may see, drawn with rich from zones, measures and the ruleset's ``view`` hints.

Everything shown comes from an :class:`~engine.core.observation.Observation`
(what that player may know) and the ruleset: the zone named by
``view.banner`` heads the table with its card and what it does (or
``view.turn`` names the turn and whose it is), then one row per player with
the ``view.columns`` (a zone's cards, their values, their count, or their
count by type with what an action at any time would pay for them; the
player's status in the decision under way; a measure), the viewer's own
hidden zones (``view.own``, a row numbered front first), a line per player
of what they have beside the table (``view.details``: buildings, deposits),
how near the end is, and what just happened. Public facts the observation does not hold (the
price of a closed zone, what a harvest would pay) are asked of the game's
blocks when the state is given. Column widths are measured in terminal cells by rich, so
Japanese and Korean names line up.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from enum import IntEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from rich import box
from rich.cells import cell_len
from rich.console import Console, Group, RenderableType
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text

from engine.base.formatting import (
    card_name,
    counted_cards,
    face_value,
    format_amount,
    format_list,
    format_number,
    list_separator,
    ruleset_text,
    zone_name,
)
from engine.base.glyphs import cut_overflow, ellipsis, nothing, table_box, turn_marker
from engine.base.i18n import _, ngettext
from engine.base.shown import literal, printable
from engine.core.selectors import card_selector
from engine.families.common.front.narrating import card_ids, event_field
from engine.fronts.terminal.console import Wrapped
from engine.language.block_walk import all_steps
from engine.text.card_text import describe_card, progress_phrases, step_phrase
from engine.text.explain import measure_amount
from engine.text.narration import phase_name

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

DEFAULT_COLUMNS = ()


def faces(ruleset: Ruleset, card_ids: Sequence[str]) -> str:
    """Cards by their faces, ascending and joined by " + ": ``1,000 + 6,000``; card names for cards without a value.

    The spaces let a narrow table wrap a bid between its cards, never inside a number.
    """
    values = sorted(value for value in (face_value(ruleset, card) for card in card_ids) if value is not None)
    names = [card_name(ruleset, card) for card in card_ids if face_value(ruleset, card) is None]
    return " + ".join([format_number(value) for value in values] + names)


def _zones_of(column: Mapping[str, Any]) -> list[str]:
    zones = column.get("zones") or ([column["zone"]] if column.get("zone") else [])
    return list(zones)


def with_unit(ruleset: Ruleset, label: str, unit: str) -> str:
    """A label of card faces that count in ``unit``, saying what a face of 1 is worth: "Bid (1 = $1 million)"."""
    # TRANSLATORS: a heading or label of card faces that count in a unit (the Korean edition's millions),
    # e.g. "Your hand (1 = $1 million)": {one} is a face of 1, {amount} what it is worth.
    return _("{zone} ({one} = {amount})", zone=label, one=format_number(1), amount=format_amount(ruleset, 1, unit))


def _line_label(ruleset: Ruleset, item: Mapping[str, Any]) -> str:
    """The label of a line under or over the table: the item's heading, else its zones' names (with its unit)."""
    if item.get("heading"):
        label = ruleset_text(ruleset, str(item["heading"]))
    else:
        label = format_list(zone_name(ruleset, zone) for zone in _zones_of(item))
    return with_unit(ruleset, label, item["unit"]) if item.get("unit") else label


def _heading(ruleset: Ruleset, column: Mapping[str, Any]) -> str:
    """A column's heading. A column of faces with a unit shows amounts in that unit (see :func:`cell`): its
    heading needs no note of what a face is worth, the note a line of faces (the viewer's hand) carries."""
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


def by_name(ruleset: Ruleset, card_ids: Sequence[str]) -> str:
    """Cards grouped by name, each name once with its cards' values: ``Hotel 1/2/4, Saloon 3``.

    A card without a value is counted instead (``Red × 2``). The names come
    in the ruleset's card order.
    """
    groups: dict[str, list[Any]] = {}
    for card in sorted(card_ids, key=lambda card: ruleset.card(card).index):
        groups.setdefault(ruleset_text(ruleset, ruleset.card(card).name), []).append(face_value(ruleset, card))
    shown = []
    for name, values in groups.items():
        if all(value is not None for value in values):
            shown.append(f"{name} {'/'.join(format_number(value) for value in values)}")
        else:
            shown.append(_("{count} × {card}", count=len(values), card=name))
    return list_separator().join(shown)


def row_position_items(ruleset: Ruleset, card_ids: Sequence[str]) -> list[str]:
    """A row's cards numbered from its front, the front marked: ``["1. Red (front)", "2. Blue"]``."""
    shown = []
    for position, card in enumerate(card_ids, start=1):
        name = card_name(ruleset, card)
        if position == 1:
            # TRANSLATORS: the first card of an ordered hand, the one that is played next.
            name = _("{card} (front)", card=name)
        # TRANSLATORS: a card and its position in an ordered hand, e.g. "2. Blue".
        shown.append(_("{position}. {card}", position=position, card=name))
    return shown


def row_positions(ruleset: Ruleset, card_ids: Sequence[str]) -> str:
    """A row's cards numbered from its front, the front marked: ``1. Red (front), 2. Blue``."""
    return list_separator().join(row_position_items(ruleset, card_ids))


class ItemsLine:
    """A labelled list that wraps between its items, never inside one (a card named in two words stays whole)."""

    def __init__(self, label: str, items: Sequence[str], separator: str | None = None) -> None:
        self.label = label
        self.items = list(items)
        # The reader's list separator ("、" in Japanese) unless told otherwise.
        self.separator = list_separator() if separator is None else separator
        separator = self.separator
        self.plain = label + separator.join(self.items)

    def __rich_console__(self, console: Any, options: Any) -> Any:

        width = options.max_width
        lines: list[str] = []
        current = self.label
        for index, item in enumerate(self.items):
            piece = item + (self.separator.rstrip() if index < len(self.items) - 1 else "")
            # The separator's own space, if it has one ("、" has none): a line may break there.
            joiner = "" if current == self.label else self.separator[len(self.separator.rstrip()) :]
            if current.strip() and cell_len(current + joiner + piece) > width:
                lines.append(current)
                current = "  " + piece
            else:
                current += joiner + piece
        lines.append(current)
        yield Text("\n".join(lines))


def _anytime_item(state: State, item_id: str) -> Any:
    for item in state.game.anytime:
        if item.id == item_id:
            return item
    return None


def closed_text(state: State, zone_id: str, seat: int) -> str:
    """A closed zone's cell: "closed", with its price when an action at any time sells it (``state`` None: no price)."""
    if state is None:
        # TRANSLATORS: a zone (a field) that takes no card yet.
        return _("closed")
    zone_index = state.game.zones.zone(zone_id).index
    for item in state.game.anytime:
        cost = item.zone_price(state, seat, zone_index)
        if cost is not None:
            # TRANSLATORS: a zone (a field) that may be bought, and its price in cards.
            return _("closed, costs {cost}", cost=cost)
    # TRANSLATORS: a zone (a field) that takes no card yet.
    return _("closed")


def zone_payout(state: State, item_id: str, zone_id: str, seat: int) -> int | None:
    """What the action at any time ``item_id`` (a harvest) would pay the player for the zone now, if it says."""
    item = _anytime_item(state, item_id)
    if item is None:
        return None
    return item.zone_payout(state, seat, state.game.zones.zone(zone_id).index)


def cell(
    ruleset: Ruleset,
    observation: Observation,
    column: Mapping[str, Any],
    seat: int,
    state: State = None,
    compact: bool = False,
) -> str:
    """One player's cell of a column (``state``: the game, for a closed zone's price and what a harvest would pay).

    ``compact`` (a narrow screen): cards shown by value give their total only, not each face: a bid of seven
    cards made one player's row seven lines tall, and the table pushed the round's heading off the screen.
    """
    if column.get("status"):
        return status_text(observation, seat, ruleset)
    if column.get("measure"):
        return measure_cell(ruleset, observation, column["measure"], seat)
    show = column.get("show", "names")
    zones = [zone for zone in _zones_of(column) if ruleset.zone(zone).per_player]
    if zones and all(not observation.is_open(zone, seat) for zone in zones):
        return closed_text(state, zones[0], seat)
    cards: list[str] = []
    known: list[str] = []
    count = 0
    hidden = False
    count_hidden = False
    for zone in _zones_of(column):
        view = observation.zone(zone, seat) if ruleset.zone(zone).per_player else observation.zone(zone)
        if view.cards is None:
            hidden = True
            known.extend(view.known)
        else:
            cards.extend(view.cards)
        if view.count is None:
            count_hidden = True
        else:
            count += view.count
    if show == "count" and not (hidden and known):
        # A count is a count, for the viewer's own cards and for a hand only its owner sees alike (but a card the
        # viewer was shown in a hidden hand is named: they know it).
        return "?" if count_hidden else str(count)
    if hidden and known:
        # TRANSLATORS: a hidden zone's count and the cards the viewer was shown there, e.g. "1 (seen: Spy 3)".
        return _(
            "{count} (seen: {cards})",
            count=count if not count_hidden else "?",
            cards=list_separator().join(card_name(ruleset, card) for card in known),
        )
    if hidden:
        return str(count) if count and not count_hidden else nothing()
    if not cards:
        return nothing()
    if show == "counts":
        text = counted_cards(ruleset, cards)
        payout = (
            zone_payout(state, column["pays"], _zones_of(column)[0], seat)
            if state is not None and column.get("pays") and _zones_of(column)
            else None
        )
        if payout is not None:
            # TRANSLATORS: under the cards of a field: what harvesting it now would pay, e.g. "pays 2".
            text += "\n" + _("pays {amount}", amount=payout)
        return text
    if show == "positions":
        return row_positions(ruleset, cards)
    if show == "by-name":
        return by_name(ruleset, cards)
    if show == "values":
        values = [face_value(ruleset, card) or 0 for card in cards]
        if column.get("unit"):
            # Faces that count in a unit (millions) are shown as the amount they make, written as every other
            # amount of that unit on the screen (the money left beside it): a bare face beside "92 million"
            # read as a different number. The faces, what a player types, are on the viewer's own line.
            return format_amount(ruleset, sum(values), column["unit"])
        if len(cards) > 1 and compact:
            return format_number(sum(values))
        text = faces(ruleset, cards)
        if len(cards) > 1:
            text += " = " + format_number(sum(values))
        return text
    # In the ruleset's card order, so equal kinds sit together and values ascend.
    ordered = sorted(cards, key=lambda card: ruleset.card(card).index)
    return list_separator().join(card_name(ruleset, card) for card in ordered)


def measure_cell(ruleset: Ruleset, observation: Observation, measure_id: str, seat: int) -> str:
    """A measure of a player, when the viewer may know it ("?" otherwise)."""
    value = observation.measure(measure_id, seat)
    return "?" if value is None else measure_amount(ruleset, measure_id, value)


def _worth(ruleset: Ruleset, spec: Any, card_id: str) -> Any:

    card = ruleset.card(card_id)
    if spec.cards and not card_selector(spec.cards)(card):
        return 0
    if spec.kind == "sum":
        value = card.attributes.get(spec.attribute, 0)
        return int(value) if Fraction(value).denominator == 1 else value
    return 1


def status_text(observation: Observation, seat: int, ruleset: Ruleset | None = None) -> str:
    """A player's status in the decision under way: passed, to play, an effect pending; and the statuses the
    ruleset declares that the player has (out of the round, protected)."""
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
    if ruleset is not None:
        declared = ruleset.data.get("statuses") or {}
        for name, seats in observation.statuses.items():
            if seat in seats:
                spec = declared.get(name.replace("_", "-")) or declared.get(name) or {}
                status = (status + ", " if status else "") + ruleset_text(ruleset, str(spec.get("name") or name))
    return status


def heading_card(ruleset: Ruleset, observation: Observation) -> str | None:
    """The card the ``view.heading`` zone shows (the last one when it holds several), if any."""
    zone = ruleset.view.get("banner")
    cards = observation.cards(zone) if zone else None
    return cards[-1] if cards else None


def round_card(ruleset: Ruleset, observation: Observation, events: Sequence[Any]) -> str | None:
    """The card revealed this round, once it has left the table's heading zone (else None).

    Taken, a card may still be what the decision under way is about (its
    effect asks its taker to choose a card to give up): the table keeps it at
    its head, with what it does, until the next card is revealed. ``events``:
    the game's, which tell every reveal (public).
    """
    if heading_card(ruleset, observation) is not None:
        return None
    for event in reversed(events):
        if event_field(event, "type") == "reveal":
            cards = card_ids(event)
            same_round = event_field(event, "round") == observation.round_number
            return cards[0] if cards and same_round else None
    return None


def heading_lines(
    ruleset: Ruleset,
    observation: Observation,
    round_card: str | None = None,
    compact: bool = False,
    explained: bool = True,
) -> list[Wrapped]:
    """The round, the card the heading zone shows and what it does, the phase, and how the decision works.

    ``round_card`` heads the table when the heading zone is empty: the card
    of the round under way that has left it already (a card taken, whose
    effect asks its taker to choose). With ``view.turn`` (a player variable)
    the rounds are turns, named after that player. ``compact``: the phase
    goes on the heading's line (a narrow screen). ``explained`` False leaves
    out how the decision works (a short screen, where the prompt says it).
    """
    round_number = observation.round_number
    card = heading_card(ruleset, observation) or round_card
    turn_of = ruleset.view.get("turn")
    seat = observation.variables.get(turn_of) if turn_of else None
    if seat is not None and 0 <= seat < len(observation.players):
        # TRANSLATORS: heading of the table: the turn's number and whose turn it is, e.g. "Turn 12: Ann".
        heading = Wrapped(
            _("Turn {number}: {player}", number=round_number, player=observation.players[seat]), style="bold"
        )
    elif card:
        # TRANSLATORS: heading of the table; {card} describes the card in play.
        heading = Wrapped(
            _("Round {number}: {card}", number=round_number, card=describe_card(ruleset, card)), style="bold"
        )
    else:
        # TRANSLATORS: the heading of the game table: the round under way.
        heading = Wrapped(_("Round {number}", number=round_number), style="bold")
    lines = [heading]
    for phase in observation.phases:
        name = phase_name(ruleset, phase)
        if name:
            # TRANSLATORS: the phase of the turn under way, e.g. "Phase: Draw".
            phase_text = _("Phase: {phase}", phase=name)
            if compact:
                lines[0].append(" · " + phase_text)
            else:
                lines.append(Wrapped(phase_text, style="bold"))
    how = step_phrase(ruleset, observation.decision.get("kind"), _step_spec(ruleset, observation.decision.get("step")))
    if how and explained:
        lines.append(Wrapped(how, style="italic"))
    return lines


def _step_spec(ruleset: Ruleset, step_id: Any) -> Mapping[str, Any]:

    for spec in all_steps(ruleset.flow):
        if spec.get("id") == step_id:
            return spec
    return {}


# Terminals narrower than this get the compact table (see render_table).
COMPACT_BELOW = 100


def lists_names(column: Mapping[str, Any]) -> bool:
    """Whether a column lists cards by name (cards won, a field by type): what a narrow table moves out."""
    return bool(_zones_of(column)) and column.get("show") in (None, "names", "by-name", "counts", "positions")


# The narrowest a narrow screen's table shortens the name column to (in cells, turn marker and "(you)" included):
# below it amounts fold onto a second line rather than names becoming unreadable.
NAME_LEAST_CELLS = 12
_NAME_STAND_IN = "\ue000"  # a private-use character: no name or translation has it
# A name's closing aside, in ASCII or full-width brackets: "Bot 1 (heuristic)", "ボット 1（ヒューリスティック）".
_ASIDE = re.compile(r"^(?P<base>.*\S)\s*(\([^()]*\)|（[^（）]*）)$")


def shortened(text: str, cells: int) -> str:
    """``text`` cut to ``cells`` display cells, an ellipsis marking the cut (whole when it fits)."""
    if cell_len(text) <= cells:
        return text
    mark = ellipsis()  # "..." with --ascii: "…" is drawn two cells wide by some terminals
    cut = Text(text)
    cut.truncate(max(0, cells - cell_len(mark)), overflow="crop")
    # A wide character that does not fit leaves a space in its place: the mark follows the last one that does.
    return cut.plain.rstrip() + mark


def short_names(names: Sequence[str], cells: Sequence[int]) -> list[str]:
    """``names`` fitted to their ``cells`` display cells, in a deliberate short form where one is too long.

    A name ending in an aside in brackets (a bot's kind: "Bot 1 (heuristic)")
    drops the aside first, so the cut never falls inside a word with a bracket
    left open; only when that is still too long, or would make two names the
    same, is the name cut with an ellipsis.
    """
    fitted = []
    for name, room in zip(names, cells):
        room = max(1, room)
        if cell_len(name) > room:
            match = _ASIDE.match(name)
            base = match.group("base") if match else None
            others = [_ASIDE.sub(r"\g<base>", other) for other in names if other != name]
            if base and cell_len(base) <= room and base not in others and base not in names:
                name = base
            else:
                name = shortened(name, room)
        fitted.append(name)
    return fitted


def _natural_width(table: Table) -> int:
    """The cells ``table`` takes when nothing in it is wrapped or cut."""

    console = Console(width=10**4)
    return Measurement.get(console, console.options, table).maximum


def players_table(
    ruleset: Ruleset,
    observation: Observation,
    viewer: int | None,
    state: State = None,
    columns: Sequence[Mapping[str, Any]] | None = None,
    width: int | None = None,
    borderless: bool = False,
) -> Table:
    """One row per player: the ``view.columns``, or ``columns`` (``state``: see :func:`cell`).

    ``width``: the cells the table may take (a narrow screen). The names get
    the room the other columns leave (see :func:`short_names`); amounts are
    never cut. ``borderless``: no lines around and inside the table (a
    short screen: three rows more for the rest).
    """
    table = Table(
        box=None if borderless else table_box(box.SQUARE), show_lines=False, expand=False, pad_edge=not borderless
    )
    columns = list(ruleset.view.get("columns") or DEFAULT_COLUMNS) if columns is None else list(columns)
    # TRANSLATORS: column heading of the game table: the players' names.
    # A long name is cut with an ellipsis rather than leaving the amounts too little room: they are never cut.
    table.add_column(literal(_("Player")), no_wrap=True, overflow=cut_overflow())
    compact = width is not None
    rows = [
        [cell(ruleset, observation, column, seat, state, compact) for column in columns]
        for seat in range(len(observation.players))
    ]
    for column in columns:
        amounts = column.get("show") in ("count", "values") or column.get("measure")
        # An amount is never cut short with an ellipsis: one too wide for a narrow screen folds onto a second line.
        table.add_column(
            literal(_heading(ruleset, column)),
            justify="right" if amounts else "left",
            overflow="fold" if amounts else cut_overflow(),
        )
    current = observation.current_player
    names = [printable(name, keep_newlines=False) for name in observation.players]  # a log's or --players' name
    markers = [turn_marker() if seat == current else "  " for seat in range(len(names))]
    # TRANSLATORS: marks the viewer's own row, e.g. "Ann (you)".
    owns = [
        _("{name} (you)", name=_NAME_STAND_IN) if viewer is not None and seat == viewer else _NAME_STAND_IN
        for seat in range(len(names))
    ]
    labels = [marker + own.replace(_NAME_STAND_IN, name) for marker, own, name in zip(markers, owns, names)]
    if width is not None:
        # The name column gets what the other columns leave of the width (the words around a name, measured with
        # a stand-in for it, are never shortened).
        whole = Table(box=table.box, pad_edge=table.pad_edge)
        for table_column in table.columns:
            whole.add_column(table_column.header)
        for label, cells in zip(labels, rows):
            whole.add_row(literal(label), *map(literal, cells))
        name_column = max(cell_len(label) for label in [*labels, _("Player")]) if labels else 0
        excess = _natural_width(whole) - width
        if excess > 0:
            cells_left = max(NAME_LEAST_CELLS, name_column - excess)
            around = [
                cell_len(marker) + cell_len(own.replace(_NAME_STAND_IN, "")) for marker, own in zip(markers, owns)
            ]
            fitted = short_names(names, [cells_left - cells for cells in around])
            labels = [marker + own.replace(_NAME_STAND_IN, name) for marker, own, name in zip(markers, owns, fitted)]
    for seat, label in enumerate(labels):
        cells = rows[seat]
        # Rows of several lines (a field and what it pays) are told apart by lines between rows.
        table.show_lines = not borderless and (table.show_lines or any("\n" in text for text in cells))
        table.add_row(literal(label), *map(literal, cells), style="bold" if seat == current else None)
    return table


def own_lines(ruleset: Ruleset, observation: Observation, viewer: int) -> list[Any]:
    """The viewer's own hidden zones (``view.own``): "Your hand: 1,000 2,000 (total 3,000)".

    Each line is a rich Text (or, for a row numbered from its front, an
    :class:`ItemsLine`); either has ``plain``.
    """
    lines: list[Any] = []
    for item in ruleset.view.get("own") or ():
        zones = _zones_of(item)
        cards = tuple(card for zone in zones for card in observation.cards(zone, viewer) or ())
        label = _line_label(ruleset, item)
        if item.get("show") == "positions" and cards and not item.get("total"):
            # TRANSLATORS: the label before one of the viewer's own zones, e.g. "Your hand: ".
            lines.append(ItemsLine(_("{zone}: ", zone=label), row_position_items(ruleset, cards)))
            continue
        if item.get("show") == "values":
            shown = " ".join(
                format_number(face_value(ruleset, card) or 0)
                for card in sorted(cards, key=lambda card: face_value(ruleset, card) or 0)
            )
        elif item.get("show") == "positions":
            shown = row_positions(ruleset, cards)
        elif item.get("show") == "count":
            shown = str(len(cards))
        elif item.get("show") == "counts":
            shown = counted_cards(ruleset, cards)
        elif item.get("show") == "by-name":
            shown = by_name(ruleset, cards)
        else:
            shown = list_separator().join(card_name(ruleset, card) for card in cards)
        if not cards and item.get("show") != "count":
            # TRANSLATORS: an empty zone of the viewer's own, e.g. "Your hand: (none)".
            shown = _("(none)")
        if item.get("total"):
            spec = ruleset.measure(item["total"])
            total = sum(_worth(ruleset, spec, card) for card in cards)
            # The measure may count other zones too (a bid on the table is still the bidder's money): then the
            # line says so, and agrees with the measure's column.
            others = [zone for zone in spec.zones if zone not in zones and observation.cards(zone, viewer)]
            if others:
                whole = total + sum(
                    _worth(ruleset, spec, card) for zone in others for card in observation.cards(zone, viewer)
                )
                # TRANSLATORS: one of the viewer's own zones, when its measure also counts other zones of theirs,
                # e.g. "Your hand: 1,000 6,000 (total 7,000; with Bid: 9,000)"; {zones} names those zones.
                lines.append(
                    Wrapped(
                        _(
                            "{zone}: {cards} (total {total}; with {zones}: {all})",
                            zone=label,
                            cards=shown,
                            total=measure_amount(ruleset, item["total"], total),
                            zones=format_list(zone_name(ruleset, zone) for zone in others),
                            all=measure_amount(ruleset, item["total"], whole),
                        )
                    )
                )
                continue
            # TRANSLATORS: one of the viewer's own zones; {cards} lists them, {total} adds them up.
            lines.append(
                Wrapped(
                    _(
                        "{zone}: {cards} (total {total})",
                        zone=label,
                        cards=shown,
                        total=measure_amount(ruleset, item["total"], total),
                    )
                )
            )
        else:
            # TRANSLATORS: a line under the game table: a zone and the cards in it.
            lines.append(Wrapped(_("{zone}: {cards}", zone=label, cards=shown)))
    return lines


def detail_lines(
    ruleset: Ruleset,
    observation: Observation,
    viewer: int | None,
    state: State = None,
    moved: Sequence[Mapping[str, Any]] = (),
    marked: bool = False,
    cut_to: int | None = None,
) -> list[Wrapped]:
    """A line per player of what they have beside the table (``view.details``): "Bo: Buildings: Hotel 2 · Bank: 5".

    Items shown as the table's columns are; an item with nothing in it (an
    empty zone, a zone still closed, a measure of 0) is left out, and so is a
    player with nothing to show. ``moved``: columns a narrow terminal shows
    here instead of in the table (see :func:`render_table`), first.
    ``marked``: there is no table, and these lines mark whose turn it is.
    ``cut_to``: the other players' lines are held to one row of that many
    cells (see :func:`one_row`); the viewer's own line stays whole.
    """
    items = [*moved, *(ruleset.view.get("details") or ())]
    if not items:
        return []
    lines = []
    for seat, name in enumerate(observation.players):
        parts = []
        for item in items:
            zones = [zone for zone in _zones_of(item) if ruleset.zone(zone).per_player]
            if zones and all(not observation.is_open(zone, seat) for zone in zones):
                continue
            shown = cell(ruleset, observation, item, seat, state)
            if shown in (nothing(), "0", ""):
                continue
            # TRANSLATORS: one item of a player's line under the table, e.g. "Buildings: Hotel 2".
            parts.append(_("{zone}: {cards}", zone=_heading(ruleset, item), cards=shown.replace("\n", " ")))
        if parts:
            name = printable(name, keep_newlines=False)
            if viewer is not None and seat == viewer:
                name = _("{name} (you)", name=name)
            if marked:
                name = (turn_marker() if seat == observation.current_player else "  ") + name
            # TRANSLATORS: a player's line under the table: their name, then what they have ("Bo: Bank: 5 · Shop: Red").
            line = Wrapped(_("{name}: {items}", name=name, items=" · ".join(parts)))
            lines.append(one_row(line, cut_to) if cut_to is not None and seat != viewer else line)
    return lines


def one_row(line: Wrapped, cells: int) -> Wrapped:
    """``line`` held to one screen row of ``cells`` cells, an ellipsis marking a cut (unchanged when it fits)."""
    return Wrapped(shortened(line.plain, max(1, cells - line.indent)), line.style, line.indent, line.hanging)


def was_cut(lines: Sequence[Wrapped], whole: Sequence[Wrapped]) -> bool:
    """Whether any of ``lines`` differs from the line of ``whole`` it was cut from."""
    return any(line.plain != full.plain for line, full in zip(lines, whole))


class Cut(IntEnum):
    """What a screen too short even for the short table (see :func:`render_table`) holds to one row a line each."""

    NOTHING = 0
    # The other players' lines: what they hold beside the table.
    PLAYERS = 1
    # And the shared zones' lines above the players (a supply listed card by card).
    SHARED = 2


def cut_marker() -> Wrapped:
    """The line under the players that says lines were cut to fit the screen, and which word shows them whole."""
    # TRANSLATORS: under the players' lines of a screen too short for them: lines ending in "…" were cut to fit, and the
    # word that shows the whole table (the translation of "recap").
    return Wrapped(_("(… lines cut to fit the screen: type {word} to see the whole table)", word=_("recap")), "dim")


def detail_descriptions(ruleset: Ruleset, observation: Observation) -> list[str]:
    """What the cards in the players' detail zones do (their descriptions), each card once, for the help."""

    owners: dict[str, list[str]] = {}
    for item in ruleset.view.get("details") or ():
        for zone in _zones_of(item):
            if not ruleset.zone(zone).per_player:
                continue
            for seat, name in enumerate(observation.players):
                for card in observation.cards(zone, seat) or ():
                    if ruleset.card(card).description and name not in owners.setdefault(card, []):
                        owners[card].append(printable(name, keep_newlines=False))
    lines = []
    for card in sorted(owners, key=lambda card: ruleset.card(card).index):
        # TRANSLATORS: a card in play and what it does, for the help, e.g. "Hotel 2 (Ann): You may look at ...".
        lines.append(
            _(
                "{card} ({owners}): {description}",
                card=card_name(ruleset, card),
                owners=format_list(owners[card]),
                description=ruleset_text(ruleset, ruleset.card(card).description),
            )
        )
    return lines


def counters_line(ruleset: Ruleset, observation: Observation) -> Text:
    """How near the end is, and how many cards are left in face-down stacks."""
    progress = list(progress_phrases(ruleset, observation))
    # A counter an end condition words its progress on ("Exhaustions: 1 of 3") is not repeated bare.
    watched = {end.get("counter") for end in ruleset.end_conditions} if progress else set()
    parts = list(progress)
    for spec in ruleset.zones:
        if spec.per_player or spec.kind != "stack":
            continue
        count = observation.count(spec.id)
        if count is not None:
            # TRANSLATORS: a line under the game table: a zone and how many cards it holds.
            parts.append(ngettext("{zone}: {n} card", "{zone}: {n} cards", count, zone=zone_name(ruleset, spec.id)))
    for counter in ruleset.counters:
        if counter.get("owner", "shared") == "shared" and counter.get("name") and counter["id"] not in watched:
            # TRANSLATORS: a counter of the game and its value, e.g. "Exhaustions: 1".
            parts.append(
                _(
                    "{counter}: {value}",
                    counter=ruleset_text(ruleset, counter["name"]),
                    value=observation.counter(counter["id"]),
                )
            )
    return Wrapped(" · ".join(parts))


def shared_lines(ruleset: Ruleset, observation: Observation) -> list[Wrapped]:
    """The shared zones the ruleset shows above the players (``view.shared``): "Face-up cards: Red, Blue".

    An item's ``zones`` share its line, their cards shown together as a column's are.
    """
    lines = []
    for item in ruleset.view.get("shared") or ():
        zones = _zones_of(item)
        if not zones:
            continue  # `validate` refuses it: a line above the table shows zones
        label = _line_label(ruleset, item)
        views = [observation.zone(zone) for zone in zones]
        cards = [card for view in views for card in view.cards or ()]
        if any(view.cards is None for view in views):
            counts = [view.count for view in views]
            count = sum(counts) if None not in counts else None
            # TRANSLATORS: how many cards a zone holds, e.g. in a table cell.
            shown = ngettext("{n} card", "{n} cards", count) if count is not None else "?"
        elif item.get("show") == "count":
            shown = str(len(cards))
        elif item.get("show") == "counts":
            shown = counted_cards(ruleset, cards) or _("(none)")
        elif item.get("show") == "values":
            shown = faces(ruleset, cards) or _("(none)")
        elif item.get("show") == "by-name":
            shown = by_name(ruleset, cards) or _("(none)")
        else:
            shown = list_separator().join(card_name(ruleset, card) for card in cards) or _("(none)")
        lines.append(Wrapped(_("{zone}: {cards}", zone=label, cards=shown)))
    return lines


def render_table(
    ruleset: Ruleset,
    observation: Observation,
    viewer: int | None,
    last_events: Sequence[str] = (),
    round_card: str | None = None,
    state: State = None,
    width: int | None = None,
    short: bool = False,
    cut: Cut = Cut.NOTHING,
) -> RenderableType:
    """The whole table as ``viewer`` may see it (``viewer`` None: no hidden zone shown).

    ``round_card``: the card of the round under way, shown when the heading
    zone is empty (see :func:`heading_lines`). ``state``: the game, asked
    only for public facts the observation does not hold (see :func:`cell`).
    ``width``: the terminal's columns. Below ``COMPACT_BELOW`` the columns
    that list cards by name (cards won, fields) leave the table for a line per
    player under it, where long names wrap between words instead of in a
    narrow column that makes every row tall, and the phase joins the
    heading's line. ``short``: a screen too short for it all; the players'
    table loses its lines and the heading how the decision works (the prompt
    says it), so the heading, the shared zones and the story stay on screen.
    ``cut`` (a screen too short even for that): the lines :class:`Cut` names
    are held to one row each, cut with an ellipsis, and a line under the
    players says so and how to see them whole (``recap``). The heading, the
    viewer's own line and zones, and the question are never cut.
    """
    columns = list(ruleset.view.get("columns") or DEFAULT_COLUMNS)
    compact = width is not None and width < COMPACT_BELOW
    # A screen both narrow and short: every column joins its player's line, and the table goes.
    moved = (columns if short else [column for column in columns if lists_names(column)]) if compact else []
    cut_to = width if width is not None and cut else None
    shared = shared_lines(ruleset, observation)
    shown_shared = [one_row(line, cut_to) for line in shared] if cut_to and cut >= Cut.SHARED else shared
    parts: list[RenderableType] = [
        *heading_lines(ruleset, observation, round_card, compact, explained=not short),
        *shown_shared,
    ]
    kept = [column for column in columns if column not in moved]
    if kept:
        parts.append(
            players_table(ruleset, observation, viewer, state, kept, width if compact else None, borderless=short)
        )
    details = detail_lines(ruleset, observation, viewer, state, moved, marked=not kept, cut_to=cut_to)
    parts.extend(details)
    if cut_to and (
        was_cut(shown_shared, shared)
        or was_cut(details, detail_lines(ruleset, observation, viewer, state, moved, marked=not kept))
    ):
        parts.append(cut_marker())
    if viewer is not None:
        parts.extend(own_lines(ruleset, observation, viewer))
    parts.append(counters_line(ruleset, observation))
    if last_events:
        parts.extend(story_lines(last_events))
    return Group(*parts)


def story_line(line: str) -> Wrapped:
    """One line of what happened since the player's last move, as drawn under the table (and measured there)."""
    return Wrapped(line, style="dim", indent=2, hanging=2)


def story_lines(events: Sequence[str]) -> list[RenderableType]:
    """The heading and the lines of what happened since the player's last move."""
    # TRANSLATORS: heading of the list of what happened since the player's last move.
    return [Text(_("What just happened:"), style="dim"), *(story_line(line) for line in events)]
