"""What one block family offers the front ends: its front half, keyed by the kinds it serves.

A family's rules half (its blocks) never imports a front. Its front half
says, per block kind, what each front needs: the terminal's prompt for a
decision and command for an action at any time, the narration of its
events, the heuristic bot's hints (which strategy of the bots layer plays a
decision, and the family's facts it reads), the learning libraries' bounded
views.
Each front builds its own registry from every family's :class:`FrontHalf`
(:mod:`engine.families.fronts`) and falls back on a generic answer for a
kind no family serves, so a new front needs no edit in any family's rules
and a new family needs no edit in any front.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from engine.families.common.front.hints import BotHints

# Readers of an event: (ruleset, players' names, event) -> a line, or None for an event not worth telling.
Narrator = Callable[[Any, Sequence[str], Any], "str | None"]


def _empty() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True)
class FrontHalf:
    """One family's front half. Every mapping is keyed by the kind it serves."""

    family: str
    # decision kind -> a factory of the terminal prompt that asks it (terminal)
    prompts: Mapping[str, Callable[[], Any]] = field(default_factory=_empty)
    # at-any-time action kind -> a factory (of the action) of the command typed for it at every prompt (terminal)
    commands: Mapping[str, Callable[[Any], Any]] = field(default_factory=_empty)
    # event type -> how it is told (narration)
    narrators: Mapping[str, Narrator] = field(default_factory=_empty)
    # block kind -> what the heuristic bot's strategies are told of it: the strategy that plays a decision of
    # that kind, and the family's facts about a game (bots; see engine.families.common.front.hints)
    hints: Mapping[str, BotHints] = field(default_factory=_empty)
    # action space name -> a factory (space, game) of its bounded view (learning libraries)
    agent_views: Mapping[str, Callable[[Any, Any], Any]] = field(default_factory=_empty)
    # decision kind -> a factory (game) of the numbers an observation tensor adds for it (learning libraries)
    decision_features: Mapping[str, Callable[[Any], Any]] = field(default_factory=_empty)
