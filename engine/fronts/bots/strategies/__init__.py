"""The heuristic bot's strategies, by name: how it plays the decisions the families' hints send it.

A family's front half names, per decision kind, the strategy that plays it
and gives the facts the strategy may not read from the observation alone
(:mod:`engine.families.common.front.hints`, gathered in
:mod:`engine.fronts.bots.hints`). The strategies name no family: no block
kind, no action word, no family constant (``tests/test_engine_is_generic.py``
holds them to it).

- ``bidding`` (:mod:`.bidding`): an auction's bids and discards, valuing cards
  through the ruleset's scoring and guarding its money.
- ``fields`` (:mod:`.fields`): what planting zones are worth, and when to
  harvest, buy a zone, build or deposit (:mod:`.building`); it plays a last
  chance to act at any time, and the strategies below build on it.
- ``planting`` (:mod:`.planting`): where each card goes.
- ``trading`` (:mod:`.trading`): offers and answers.
- ``rows`` (:mod:`.rows`): the decisions about a row of cards a building may grant.
- ``lookahead`` (:mod:`.lookahead`): any choice of any game, weighed by the
  positions it leads to (the ruleset's score and its own judgement).

:data:`ESTIMATES` are what the strategies reckon a player's position may
still score, for a search that cuts a game short.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.fronts.bots.strategies.bidding import AuctionPolicy
from engine.fronts.bots.strategies.fields import HarvestPolicy, points_to_come
from engine.fronts.bots.strategies.lookahead import LookaheadPolicy
from engine.fronts.bots.strategies.planting import PlantingPolicy
from engine.fronts.bots.strategies.rows import RowPolicy
from engine.fronts.bots.strategies.trading import TradingPolicy

# strategy name (as the families' hints give it) -> its class (a policy: ``choose(observation, legal)``, one per bot)
STRATEGIES: dict[str, Callable[[], Any]] = {
    "bidding": AuctionPolicy,
    "fields": HarvestPolicy,
    "planting": PlantingPolicy,
    "trading": TradingPolicy,
    "rows": RowPolicy,
    "lookahead": LookaheadPolicy,
}

# What a player's position may still score, as the strategies reckon it: observation -> points, or None where the
# game has nothing a strategy values that way (the field strategy's: what the planting zones may still pay).
ESTIMATES: tuple[Callable[[Any], float | None], ...] = (points_to_come,)
