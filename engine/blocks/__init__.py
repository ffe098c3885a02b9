"""The registry of building blocks: every kind a ruleset may name, by category.

``BLOCKS[category][kind]`` is the class implementing that kind. Categories:
``setup``, ``reveal``, ``auction``, ``effect``, ``end``, ``score-step``,
``elimination``, ``tiebreak`` and ``next-start``. Each block is a small class
in its own module whose docstring documents its YAML parameters; a new kind of
rule is a new module here plus its schema fragment and its docs entry.
"""
from __future__ import annotations

from typing import Any, Mapping

from .add_per_card import AddPerCard
from .ascending import AscendingAuction
from .deal_money import DealMoney
from .deck_empty import DeckEmpty
from .discard_tagged import DiscardTagged
from .first_pass_takes import FirstPassTakesAuction
from .floor_score import FloorScore
from .highest_attribute import HighestAttribute
from .most_money import MostMoney
from .multiply_per_card import MultiplyPerCard
from .no_elimination import NoElimination
from .nth_tagged_revealed import NthTaggedRevealed
from .poorest_out import PoorestOut
from .reveal_top import RevealTop
from .round_score import RoundScore
from .shuffle_deck import ShuffleDeck
from .sum_attribute import SumAttribute
from .taker_starts import TakerStarts

_ALL = (DealMoney, ShuffleDeck, RevealTop, AscendingAuction, FirstPassTakesAuction, TakerStarts,
        DiscardTagged, NthTaggedRevealed, DeckEmpty, SumAttribute, AddPerCard, FloorScore,
        MultiplyPerCard, RoundScore, PoorestOut, NoElimination, MostMoney, HighestAttribute)

CATEGORIES = ("setup", "reveal", "auction", "effect", "end", "score-step", "elimination", "tiebreak",
              "next-start")

BLOCKS: dict[str, dict[str, type]] = {category: {} for category in CATEGORIES}
for _block in _ALL:
    BLOCKS[_block.category][_block.kind] = _block


def build(category: str, spec: Mapping[str, Any] | str, ruleset: Any) -> Any:
    """An instance of the block that ``spec`` names (a mapping with ``kind``, or a bare kind).

    The ruleset loader has already checked kinds against the schema; an unknown
    kind here is a programming error and raises ``KeyError``.
    """
    if isinstance(spec, str):
        kind, spec = spec, {"kind": spec}
    else:
        kind = spec["kind"]
    return BLOCKS[category][kind](spec, ruleset)


__all__ = ["BLOCKS", "CATEGORIES", "build"] + [block.__name__ for block in _ALL]
