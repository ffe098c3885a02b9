"""Rulesets and views for the interpreter's tests.

``sample_ruleset()`` is the Japanese edition of High Society, and its keyword
arguments change a part of it: they are written as a small house rule (YAML
extending ``high-society/ja``) and loaded by the real loader, so every
variation goes through the same checks as a user's file. ``shipped(name)``
loads a ruleset of the repository. The ``hs_*`` helpers read a High Society
game through the generic state (zones, the auction's public facts) the way the
rules speak of it: hands, bids, cards won.
"""

from __future__ import annotations

import hashlib
import json
import random
import tempfile
from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import cache
from pathlib import Path
from typing import Any

from engine.families.catalog import load_ruleset

REPO = Path(__file__).resolve().parent.parent
# Removed when the test process ends (a TemporaryDirectory cleans up when it is collected at exit).
_OVERLAYS_DIRECTORY = tempfile.TemporaryDirectory(prefix="cardrules-test-rulesets-")
_OVERLAYS = Path(_OVERLAYS_DIRECTORY.name)


def _yaml_value(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, Fraction):
        return f'"{value.numerator}/{value.denominator}"' if value.denominator != 1 else str(value.numerator)
    return json.dumps(value)


def sample_ruleset(
    *,
    debt_floor: Any = None,
    tiebreak: Sequence[str] = ("money",),
    eliminate: bool = True,
    rounding: str = "exact",
    money_values: Sequence[int] | None = None,
    extra_titles: int = 0,
    theft: bool = True,
    red_count: int = 4,
    extra: str = "",
) -> Any:
    """A High Society ruleset (Japanese edition by default), changed as the arguments say.

    ``extra`` is more YAML for the overlay (top-level keys).
    """
    from engine.families.catalog import load_ruleset

    lines = [
        "extends: high-society/ja",
        "id: test/high-society",
        "options:",
        f"  debt-floor: {_yaml_value(debt_floor)}",
        f"  tiebreak: {json.dumps(list(tiebreak))}",
        f"  eliminate-poorest: {_yaml_value(eliminate)}",
        f"  rounding: {rounding}",
    ]
    cards = []
    if money_values is not None:
        cards.append(f"  - {{id: money, values: {json.dumps(list(money_values))}}}")
    for number in range(4, 4 + extra_titles):
        cards.append(f"  - {{id: prestige-{number}, name: Title, tags: [prestige, red]}}")
    if not theft:
        cards.append("  - {id: theft, $remove: true}")
    if cards:
        lines.append("cards:")
        lines.extend(cards)
    if red_count != 4:
        lines.extend(["end:", f"  - {{id: fourth-red, count: {red_count}}}"])
    if extra:
        lines.append(extra)
    text = "\n".join(lines) + "\n"
    path = _OVERLAYS / (hashlib.sha1(text.encode()).hexdigest()[:16] + ".yaml")
    if not path.exists():
        path.write_text(text, encoding="utf-8")
    return load_ruleset(path)


def _playable_rulesets() -> tuple[str, ...]:
    """Every playable ruleset the registry finds (editions and house rules alike)."""
    from engine.families.catalog import list_rulesets

    return tuple(sorted(info.name for info in list_rulesets() if not info.abstract))


SHIPPED = _playable_rulesets()


def shipped(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """A ruleset of the repository, loaded by the real loader."""
    from engine.families.catalog import load_ruleset

    return load_ruleset(name, options)


def status_cards(ruleset: Any) -> list[str]:
    """The cards that are auctioned (everything but money), in card-list order."""
    return [card.id for card in ruleset.cards if "money" not in card.tags]


def deck_with_top(ruleset: Any, *top: str) -> list[str]:
    """A deck (card ids) that reveals ``top`` first, then the rest in card-list order."""
    rest = [card for card in status_cards(ruleset) if card not in top]
    return list(top) + rest


# --------------------------------------------------------------------------- reading a High Society game


def hs_values(state: Any, zone: str, seat: int) -> list[int]:
    """The face values of the money cards in a player's zone (hand, bid, spent), ascending."""
    cards = state.game.cards
    return sorted(int(cards.types[cards.type_of[i]].attributes["value"]) for i in state.cards_in(zone, seat))


def hs_hand(state: Any, seat: int) -> list[int]:
    """The money values in a player's hand."""
    return hs_values(state, "hand", seat)


def hs_bids(state: Any) -> list[list[int]]:
    """Per player, the money values of their bid on the table."""
    return [hs_values(state, "bid", seat) for seat in range(state.player_count)]


def hs_spent(state: Any) -> list[list[int]]:
    """Per player, the money values they paid (out of the game)."""
    return [hs_values(state, "spent", seat) for seat in range(state.player_count)]


def hs_won(state: Any, seat: int | None = None) -> Any:
    """The ids of the cards a player won, in the order taken (every player's without ``seat``)."""
    if seat is None:
        return [list(state.card_ids_in("won", s)) for s in range(state.player_count)]
    return list(state.card_ids_in("won", seat))


def hs_revealed(state: Any) -> str | None:
    """The card up for auction (or that ended the game)."""
    cards = state.card_ids_in("revealed")
    return cards[-1] if cards else None


def hs_decision(state: Any) -> Mapping[str, Any]:
    """The public facts of the decision under way (an auction's highest bid, who passed)."""
    return state.observation(0).decision


def hs_passed(state: Any) -> list[bool]:
    """Who passed in the auction under way."""
    return list(hs_decision(state).get("passed") or [False] * state.player_count)


def hs_auction_kind(state: Any) -> str | None:
    """The kind of the auction under way (None between auctions, during a choice and at the end)."""
    kind = hs_decision(state).get("kind") if not state.is_terminal() else None
    return kind if kind in ("ascending", "first-pass-takes") else None


def hs_money_left(state: Any, seat: int) -> int:
    """The money a player still owns (hand and bid)."""
    return sum(hs_hand(state, seat)) + sum(hs_values(state, "bid", seat))


def hs_mask(game: Any, values: Sequence[int]) -> int:
    """The bid action of a list of money values."""
    return game.space("bid").mask_of(values)


def hs_mask_values(game: Any, mask: int) -> tuple[int, ...]:
    """The money values a bid action adds."""
    return game.space("bid").values_of(mask)


def hs_discard(game: Any, card_id: str) -> int:
    """The action that discards ``card_id`` when a theft asks for a choice."""
    return game.space("discard").base + game.cards.index_of_id[card_id]


def give(state, seat: int, zone: str, cards: dict[str, int]) -> None:
    """Move cards of the given kinds from the draw pile (or the discard pile) into ``seat``'s ``zone``."""
    game = state.game
    target = state.slot(game.zones.zone(zone).index, seat)
    for kind, count in cards.items():
        for source in ("draw", "discard"):
            slot = game.zones.slot_of(source)
            picked = [card for card in state.cards_in(source) if game.cards.ids[game.cards.type_of[card]] == kind]
            picked = picked[:count]
            state.move(picked, slot, target)
            count -= len(picked)
        assert count == 0, f"not enough {kind} left to give"


def harvest_block(state):
    return next(item for item in state.game.anytime if item.kind == "harvest")


def plant_targets(state, seat: int, card: str) -> set[str]:
    """The zones ``seat``'s planting step would put a card of type ``card`` into now."""
    plant = next(node for node in state.game.nodes if node.id == "plant-from-hand")
    type_index = state.game.cards.index_of_id[card]
    return {state.game.zones.specs[index].id for index in plant.open_targets(state, seat, type_index)}


def play_until(state, rng: random.Random, reached) -> None:
    """Random actions until ``reached(state)`` holds."""
    while not reached(state):
        state.apply_action(state.legal_actions().sample_by_kind(rng))


def deciding(kind: str):
    """Whether the decision under way is of ``kind``."""
    return lambda state: state.observation(state.current_player()).decision["kind"] == kind


# The Bohnanza editions, and seat names enough for the most players any edition takes.
AMIGO, RIO = "bohnanza/amigo", "bohnanza/rio-grande"
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus")


FIELDS = ("field-1", "field-2", "field-3")


def beanometer_pays(bean: str, cards: int) -> int:
    """What a field of ``cards`` beans pays, read off the printed beanometer: the highest step reached, else 0."""
    paid = 0
    for coins, least in enumerate(BEANOMETER[bean], start=1):
        if least is not None and cards >= least:
            paid = coins
    return paid


@cache
def edition(name: str) -> Any:
    """A shipped edition, loaded once."""
    return load_ruleset(name)


# The beanometers as the rules print them: the fewest cards that pay 1, 2, 3 and 4 coins (None: no such step).
BEANOMETER = {
    "coffee": (4, 7, 10, 12),
    "wax": (4, 7, 9, 11),
    "blue": (4, 6, 8, 10),
    "chili": (3, 6, 8, 9),
    "stink": (3, 5, 7, 8),
    "green": (3, 5, 6, 7),
    "soy": (2, 4, 6, 7),
    "black-eyed": (2, 4, 5, 6),
    "red": (2, 3, 4, 5),
    "garden": (None, 2, 3, None),
    "cocoa": (None, 2, 3, 4),
}
