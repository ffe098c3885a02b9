"""The table one player may see, drawn with rich.

Everything shown comes from an :class:`engine.observation.Observation` (what
that player may know) and the ruleset (names, what cards do). Column widths are
measured in terminal cells by rich, so Japanese and Korean names line up.
"""
from __future__ import annotations

from typing import Any, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ..text.formatting import card_name, format_money, format_number, tag_name
from ..text.i18n import _, ngettext
from .card_text import auction_phrase, describe_card


def money_face(value: int) -> str:
    """A money card as its face reads: ``6,000`` in one edition, ``6`` in another."""
    return format_number(value)


def hand_line(ruleset: Any, hand: Sequence[int]) -> Text:
    """"Your hand: 1,000 2,000 ... (total 41,000)"."""
    faces = " ".join(money_face(v) for v in hand) if hand else _("(no money cards)")
    # TRANSLATORS: the player's own money cards; {cards} lists their values, {total} the sum as money.
    return Text(_("Your hand: {cards} (total {total})", cards=faces, total=format_money(ruleset, sum(hand))))


def counters_line(ruleset: Any, observation: Any) -> Text:
    """Cards seen toward each end condition, and cards left in the deck."""
    parts: list[str] = []
    seen = dict(getattr(observation, "tag_counts_revealed", {}) or {})
    for tag, threshold in (getattr(observation, "end_thresholds", {}) or {}).items():
        # TRANSLATORS: progress toward the end of the game, e.g. "Red border seen: 2 of 4".
        parts.append(_("{tag} seen: {count} of {total}", tag=tag_name(ruleset, tag),
                       count=seen.get(tag, 0), total=threshold))
    left = int(getattr(observation, "cards_left_in_deck", 0))
    parts.append(ngettext("{n} card left in the deck", "{n} cards left in the deck", left))
    return Text(" · ".join(parts))


def revealed_lines(ruleset: Any, observation: Any) -> list[Text]:
    """The card up for auction, what it does and how it is sold."""
    card_id = getattr(observation, "revealed_card", None)
    round_number = getattr(observation, "round_number", 0)
    if card_id is None:
        return [Text(_("Round {number}", number=round_number), style="bold")]
    # TRANSLATORS: heading of the table; {card} describes the card up for auction.
    heading = Text(_("Round {number}: {card}", number=round_number, card=describe_card(ruleset, card_id)),
                   style="bold")
    lines = [heading]
    how = auction_phrase(getattr(observation, "auction_kind", None))
    if how:
        lines.append(Text(how, style="italic"))
    return lines


def money_left(ruleset: Any, observation: Any, seat: int) -> int:
    """What a player still owns (hand and bid): everyone starts with the same cards, and paid money is public."""
    return sum(ruleset.money_values) - sum(observation.discarded_money[seat])


def players_table(ruleset: Any, observation: Any, viewer: int | None) -> Table:
    """One row per player: bid on the table, passed or not, money cards left, cards won."""
    table = Table(box=box.SQUARE, show_lines=False, expand=False, pad_edge=True)
    # TRANSLATORS: column headings of the game table.
    table.add_column(_("Player"), no_wrap=True)
    table.add_column(_("Bid"), justify="right")
    table.add_column(_("Status"))
    table.add_column(_("Money cards"), justify="right")
    # TRANSLATORS: column heading: the money a player still owns (hand and bid); public, since paid money is discarded face up.
    table.add_column(_("Money left"), justify="right")
    table.add_column(_("Cards won"))
    players = observation.players
    current = getattr(observation, "current_player", -1)
    pending = getattr(observation, "pending_effects", None) or [()] * len(players)
    for seat, name in enumerate(players):
        bid = observation.bids[seat]
        bid_text = "+".join(money_face(v) for v in bid) if bid else "–"
        if bid and len(bid) > 1:
            bid_text += " = " + money_face(sum(bid))
        if observation.passed[seat]:
            # TRANSLATORS: status of a player who has passed in this auction.
            status = _("passed")
        elif seat == current:
            # TRANSLATORS: status of the player whose turn it is.
            status = _("to play")
        else:
            status = ""
        if pending[seat]:
            # TRANSLATORS: a card effect waiting for this player's next matching card.
            status = (status + " " if status else "") + _("(effect pending)")
        # In the ruleset's card order, so equal kinds sit together and values ascend.
        won_cards = sorted(observation.won_cards[seat], key=lambda card: ruleset.card(card).index)
        won = ", ".join(card_name(ruleset, card) for card in won_cards) or "–"
        marker = "▶ " if seat == current else "  "
        label = marker + name
        if viewer is not None and seat == viewer:
            # TRANSLATORS: marks the viewer's own row, e.g. "Ann (you)".
            label = marker + _("{name} (you)", name=name)
        table.add_row(label, bid_text, status, str(observation.money_cards_left[seat]),
                      format_money(ruleset, money_left(ruleset, observation, seat)), won,
                      style="bold" if seat == current else None)
    return table


def render_table(ruleset: Any, observation: Any, viewer: int | None, last_events: Sequence[str] = ()) -> RenderableType:
    """The whole table as ``viewer`` may see it (``viewer`` None: no hand shown)."""
    parts: list[RenderableType] = [*revealed_lines(ruleset, observation), players_table(ruleset, observation, viewer)]
    if viewer is not None:
        parts.append(hand_line(ruleset, observation.hand))
    parts.append(counters_line(ruleset, observation))
    if last_events:
        # TRANSLATORS: heading of the list of what happened since the player's last move.
        parts.append(Text(_("What just happened:"), style="dim"))
        parts.extend(Text("  " + line, style="dim") for line in last_events)
    return Group(*parts)
