"""Every block family in one catalog, and the ruleset language bound to it.

The language (:mod:`engine.language`) reads rulesets against whatever
catalog it is given; this module gives it the engine's families, in one
list: a new family is a folder and a line here. Everything above the
families loads rulesets through the functions below.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from engine.base.errors import Diagnostic
from engine.base.i18n import _
from engine.families.auction import rules as auction
from engine.families.auction.rules.format1 import upgrade as upgrade_format_1
from engine.families.cards import rules as cards
from engine.families.choice import rules as choice
from engine.families.common import rules as common
from engine.families.control import rules as control
from engine.families.effects import rules as effects
from engine.families.end import rules as end
from engine.families.flow import rules as flow
from engine.families.harvest import rules as harvest
from engine.families.outcome import rules as outcome
from engine.families.planting import rules as planting
from engine.families.scoring import rules as scoring
from engine.families.supply import rules as supply
from engine.families.trading import rules as trading
from engine.families.zones import rules as zones
from engine.language import ruleset as language
from engine.language.catalog import BlockCatalog
from engine.language.overlay import MergedRuleset
from engine.language.ruleset import Ruleset, RulesetInfo

CATALOG = BlockCatalog(
    (
        *flow.BLOCKS,
        *cards.BLOCKS,
        *zones.BLOCKS,
        *supply.BLOCKS,
        *auction.BLOCKS,
        *planting.BLOCKS,
        *harvest.BLOCKS,
        *trading.BLOCKS,
        *end.BLOCKS,
        *scoring.BLOCKS,
        *outcome.BLOCKS,
        *control.BLOCKS,
        *effects.BLOCKS,
        *choice.BLOCKS,
    ),
    spaces=(
        *common.SPACES,
        *cards.SPACES,
        *zones.SPACES,
        *supply.SPACES,
        *auction.SPACES,
        *planting.SPACES,
        *harvest.SPACES,
        *trading.SPACES,
        *choice.SPACES,
    ),
    modifiers=(*common.MODIFIERS, *zones.MODIFIERS, *harvest.MODIFIERS),
    upgrades=(upgrade_format_1,),
)


# Names the package ``engine`` once exported for a family (``engine.PASS``), kept working with a warning.
DEPRECATED_NAMES: Mapping[str, Any] = MappingProxyType(
    {
        name: value
        for family in (flow, cards, zones, supply, auction, planting, harvest, trading, end, scoring, outcome)
        for name, value in getattr(family, "DEPRECATED_NAMES", {}).items()
    }
)


def deprecated_name(name: str) -> Any:
    """The value of a name ``engine`` once exported for a family (None when it never did)."""
    return DEPRECATED_NAMES.get(name)


def deprecation_message(name: str) -> str:
    """What using a deprecated name is told (a warning for programmers)."""
    # TRANSLATORS: a warning for programmers; {name} is a Python name such as engine.PASS. Keep "docs/api.md".
    return _("engine.{name} is deprecated and will be removed: see docs/api.md", name=name)


def load_ruleset(name_or_path: str | os.PathLike[str], options: Mapping[str, Any] | None = None) -> Ruleset:
    """The validated, immutable ruleset named ``name_or_path``, with ``options`` applied (see the language)."""
    return language.load_ruleset(name_or_path, options, catalog=CATALOG)


def validate(name_or_path: str | os.PathLike[str]) -> list[Diagnostic]:
    """Every problem of a ruleset file or name; empty when valid."""
    return language.validate(name_or_path, catalog=CATALOG)


def deprecations(name_or_path: str | os.PathLike[str]) -> list[Diagnostic]:
    """What a ruleset's files write in an older form that still works (located, for ``validate``'s warnings)."""
    return language.deprecations(name_or_path, catalog=CATALOG)


def list_rulesets() -> list[RulesetInfo]:
    """Every ruleset found, sorted by name, abstract ones marked and broken ones with their first problem."""
    return language.list_rulesets(catalog=CATALOG)


def load_merged(name_or_path: str | os.PathLike[str]) -> MergedRuleset:
    """Locate, load and merge a ruleset chain, without validating it."""
    return language.load_merged(name_or_path, catalog=CATALOG)


def validate_merged(merged: MergedRuleset) -> list[Diagnostic]:
    """Every problem of a merged chain (schema per file, then the semantics of the whole)."""
    return language.validate_merged(merged)
