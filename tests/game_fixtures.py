"""Rulesets built in code for the interpreter's tests.

Small variations of the game are built here directly from the contract's
``Ruleset`` and ``Card`` classes, without YAML: ``sample_ruleset()`` mirrors the Japanese edition of High Society, and
its keyword arguments change any part of it. ``shipped(name)`` loads a real
ruleset file through ``engine.language.ruleset.load_ruleset``.
"""
from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from types import MappingProxyType
from typing import Any, Mapping

from engine.language.ruleset import Card, Ruleset

REPO = Path(__file__).resolve().parent.parent


THEFT = {"kind": "discard-tagged", "tag": "luxury", "discard-self": True, "when-none": "pending"}


def sample_cards(extra_titles: int = 0, theft: bool = True) -> tuple[Card, ...]:
    """The sixteen status cards (luxury-1..10, prestige-1..3, scandal, debt, theft)."""
    specs: list[tuple[str, set[str], dict, Any]] = []
    for value in range(1, 11):
        specs.append((f"luxury-{value}", {"luxury"}, {"value": Fraction(value)}, None))
    for number in range(1, 4 + extra_titles):
        specs.append((f"prestige-{number}", {"prestige", "red"}, {}, None))
    specs.append(("scandal", {"misfortune", "scandal", "red"}, {}, None))
    specs.append(("debt", {"misfortune", "debt"}, {}, None))
    if theft:
        specs.append(("theft", {"misfortune"}, {}, THEFT))
    return tuple(Card(card_id, index, card_id, frozenset(tags), MappingProxyType(attrs), on_take)
                 for index, (card_id, tags, attrs, on_take) in enumerate(specs))


def sample_ruleset(*, debt_floor: Any = None, tiebreak: tuple[str, ...] = ("money",), eliminate: bool = True,
                   rounding: str = "exact", money_values: tuple[int, ...] = (1000, 2000, 3000, 4000, 6000, 8000,
                                                                              10000, 12000, 15000, 20000, 25000),
                   cards: tuple[Card, ...] | None = None, red_count: int = 4, **changes: Any) -> Ruleset:
    """A High Society ruleset (Japanese edition by default) built without YAML."""
    cards = cards if cards is not None else sample_cards()
    ruleset = Ruleset(
        id="test/high-society", game="high-society", name="High Society (test)", description="",
        text_context="high-society/ja", languages=("en",), source=None, players_min=3, players_max=5,
        money_values=money_values, money_unit={"scale": 1, "style": "plain"},
        tags={tag: {"name": tag} for tag in ("luxury", "prestige", "misfortune", "red", "debt", "scandal")},
        cards=cards,
        setup=({"kind": "deal-money"}, {"kind": "shuffle-deck"}),
        reveal={"kind": "reveal-top"},
        auctions=({"id": "misfortune", "when": {"tag": "misfortune"}, "kind": "first-pass-takes"},
                  {"id": "default", "kind": "ascending"}),
        next_start="taker",
        end_conditions=({"id": "fourth-red", "kind": "nth-tagged-revealed", "tag": "red", "count": red_count,
                         "discard-revealed": True},
                        {"id": "deck-empty", "kind": "deck-empty"}),
        scoring_steps=({"id": "luxuries", "kind": "sum-attribute", "attribute": "value", "tag": "luxury"},
                       {"id": "debt", "kind": "add-per-card", "tag": "debt", "amount": -5},
                       {"id": "debt-floor", "kind": "floor", "at": debt_floor},
                       {"id": "prestige", "kind": "multiply-per-card", "tag": "prestige", "factor": 2},
                       {"id": "scandal", "kind": "multiply-per-card", "tag": "scandal", "factor": Fraction(1, 2)},
                       {"id": "rounding", "kind": "round", "mode": rounding}),
        elimination={"kind": "poorest-out", "enabled": eliminate},
        tiebreak=tuple(tiebreak),
        tiebreak_criteria={"money": {"kind": "most-money"},
                           "highest-luxury": {"kind": "highest-attribute", "attribute": "value", "tag": "luxury"}},
        options={"debt-floor": debt_floor, "tiebreak": list(tiebreak), "eliminate-poorest": eliminate,
                 "rounding": rounding},
        option_definitions={},
        _cards_by_id=MappingProxyType({card.id: card for card in cards}),
    )
    return replace(ruleset, **changes) if changes else ruleset


def _playable_rulesets() -> tuple[str, ...]:
    """Every playable ruleset the registry finds (editions and house rules alike)."""
    from engine.language.ruleset import list_rulesets

    return tuple(sorted(info.name for info in list_rulesets() if not info.abstract))


SHIPPED = _playable_rulesets()


def shipped(name: str, options: Mapping[str, Any] | None = None) -> Any:
    """A ruleset of the repository, loaded by the real loader."""
    from engine.language.ruleset import load_ruleset

    return load_ruleset(name, options)


def deck_with_top(ruleset: Any, *top: str) -> list[str]:
    """A deck (card ids) that reveals ``top`` first, then the rest in ruleset order."""
    rest = [card.id for card in ruleset.cards if card.id not in top]
    return list(top) + rest
