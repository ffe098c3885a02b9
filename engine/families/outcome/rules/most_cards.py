"""Tiebreak criterion ``most-cards``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.selectors import RememberingSelector, selector_of
from engine.language.params import SELECTOR_PARAMETERS, TEXT, param

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


class MostCards:
    """``most-cards``: among tied players, the one holding the most scored cards with ``tag`` (or ``card``) wins.

    Parameters: ``tag`` or ``card``, ``description``.

    ```yaml
    tiebreak-criteria:
      most-crowns: {kind: most-cards, tag: crown, description: most crowns}
    ```
    """

    category = "tiebreak"
    kind = "most-cards"
    parameters = {
        **SELECTOR_PARAMETERS,
        "description": param("Description", "The criterion in words (translated).", TEXT, option=False),
    }
    required = ()

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset = None) -> None:
        self.matches = RememberingSelector(selector_of(spec))

    def rank(self, cards: Sequence[Any], measures: Mapping[str, Any]) -> tuple:
        """A sort key: higher wins."""
        return (self.matches.count(cards),)
