"""How the auction family's events are told (looked up by :mod:`engine.text.narration`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, format_amount, format_list, tag_name
from engine.base.i18n import _
from engine.families.auction.rules.bidding import money_cards
from engine.families.common.front.narrating import card_ids, event_field, player_name

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def _values(event: Any) -> list[int]:
    values = event_field(event, "cards")
    return [int(v) for v in values] if isinstance(values, (list, tuple)) else []


def _bid(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    who = player_name(players, event)
    # The cards themselves, as their faces read ("6,000 + 3,000"): players
    # follow which cards have left a hand, not only the sums.
    added = money_cards(ruleset, _values(event))
    total = event_field(event, "total")
    if total is None:
        # TRANSLATORS: narration: {player} (a name) bids in an auction; {amount} lists the money cards bid by the
        # amounts on their faces, e.g. "3,000 + 6,000".
        return _("{player} bids {amount}.", player=who, amount=added)
    # TRANSLATORS: {amount} lists the money cards the player added this turn by
    # the amounts on their faces ("3,000 + 6,000"), {total} is their whole bid on the table now.
    return _(
        "{player} adds {amount} and bids {total} in all.",
        player=who,
        amount=added,
        total=format_amount(ruleset, int(total)),
    )


def _pass(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    # TRANSLATORS: narration: {player} passes in an auction.
    return _("{player} passes.", player=player_name(players, event))


def _take(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    who = player_name(players, event)
    cards = card_ids(event)
    card = card_name(ruleset, cards[0]) if cards else "?"
    if event_field(event, "free"):
        # TRANSLATORS: narration: {player} (a name) wins the card up for auction, {card} its name (e.g. "Possession
        # 3"), with no money bid for it.
        return _("{player} takes {card} for free.", player=who, card=card)
    # TRANSLATORS: narration: {player} (a name) takes the card up for auction; {card} is its name, e.g. "Title".
    return _("{player} takes {card}.", player=who, card=card)


def _pay(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    total = sum(_values(event))
    if not total:
        return None
    # TRANSLATORS: the money a player bid is discarded (out of the game).
    return _("{player} pays {amount}.", player=player_name(players, event), amount=format_amount(ruleset, total))


def _discard(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    cards = [card_name(ruleset, card) for card in card_ids(event)]
    if not cards:
        return None
    # TRANSLATORS: narration: a card's effect makes {player} (a name) discard cards out of the game; {cards} is a
    # list of card names, e.g. "Ruby 7 and Curse".
    return _("{player} discards {cards}.", player=player_name(players, event), cards=format_list(cards))


def _pending(ruleset: Ruleset, players: Sequence[str], event: Any) -> str | None:
    tag = event_field(event, "tag")
    # TRANSLATORS: narration: a card (e.g. a curse) should make {player} (a name) discard a card of a kind, {tag}
    # (e.g. "Possession"), that they do not have yet; the next such card they win goes instead.
    return _(
        "{player} has no {tag} card yet: the next one they take will be discarded.",
        player=player_name(players, event),
        tag=tag_name(ruleset, tag) if tag else "?",
    )


# How each of this family's events is told, by event type (the narration looks them up).
NARRATORS = {"bid": _bid, "pass": _pass, "take": _take, "pay": _pay, "discard": _discard, "pending": _pending}
