"""Bounded views of large action spaces, and decision features, as block families declare them.

An action space whose ints encode whole structures (a set of cards bid, a
trade offer with its six parts, a payment counted by card type) is far too
large for a learning library's ``Discrete(N)``. The family that owns such a
space declares a *bounded view* of it: a documented subset of its actions,
numbered ``0 .. size - 1``, the same meaning for each number in every state
of a game (an index may stand for different engine ints in two states, as
"give the front-most card of type T" does, but never for different things).

A family declares its views in its front half
(:class:`~engine.families.common.front.family.FrontHalf`), without touching
its rules or the core:

- ``agent_views``: action space name -> ``factory(space, game)`` returning a
  :class:`~engine.families.common.front.agent_views.BoundedView` (or None
  when the space needs none in this game);
- ``decision_features``: decision kind -> ``factory(game)`` returning a
  :class:`~engine.families.common.front.agent_views.DecisionFeatures`
  (numbers about the decision under way that an observation tensor adds,
  such as the highest stake or the offer to answer).

:func:`views_for` and :func:`features_for` are every family's, merged.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine.families.fronts import served

_VIEWS = served("agent_views")
_FEATURES = served("decision_features")


def views_for() -> Mapping[str, Callable[..., Any]]:
    """Every declared bounded view factory, by action space name."""
    return _VIEWS


def features_for() -> Mapping[str, Callable[..., Any]]:
    """Every declared decision features factory, by decision kind."""
    return _FEATURES
