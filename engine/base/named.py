"""What the base layer reads of a ruleset: the names and texts it shows, as protocols.

The base knows no game model; the formatting of names (:mod:`engine.base.formatting`)
reads a ruleset through :class:`RulesetTexts`, which the language's
``Ruleset`` satisfies (and the core's ``RulesetLike`` extends).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol

from engine.base.jsontypes import Spec


class Named(Protocol):
    """A declared thing with an id and a name to translate (a zone, a measure)."""

    @property
    def id(self) -> str: ...

    @property
    def name(self) -> str: ...


class NamedCard(Named, Protocol):
    """A card type as names are made of it: its name and its exact attributes (``value``)."""

    @property
    def attributes(self) -> Mapping[str, Fraction]: ...


class RulesetTexts(Protocol):
    """What formatting reads of a ruleset: its message context, and the names of its cards, tags, zones..."""

    @property
    def text_context(self) -> str: ...

    @property
    def tags(self) -> Mapping[str, Spec]: ...

    @property
    def zones(self) -> Sequence[Named]: ...

    @property
    def tiebreak_criteria(self) -> Mapping[str, Spec]: ...

    def card(self, card_id: str) -> NamedCard: ...

    def measure(self, measure_id: str) -> Named: ...

    def unit(self, name: str | None = None) -> Spec: ...
