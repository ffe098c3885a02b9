"""Setup step ``deal``: cards from the top of a stack, one at a time round the table, to the back of each hand."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.core.cards import count_for_players
from engine.core.flow import DONE, FlowNode
from engine.language.params import COUNT, WHOLE_KEY_PATTERN, by_players_schema, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


def seat_counts_schema() -> dict[str, Any]:
    """Counts for the first seats from the start player, by number of players: ``{by-players: {6: [3, 4, 5]}}``."""
    counts = {
        "type": "array",
        "items": {"type": "integer", "minimum": 0, "maximum": 1000},
        "minItems": 1,
        "maxItems": 100,
    }
    return {
        "type": "object",
        "additionalProperties": False,
        "required": ["by-players"],
        "properties": {
            "by-players": {
                "title": "By players",
                "description": "The counts for each number of players.",
                "type": "object",
                "propertyNames": {"pattern": WHOLE_KEY_PATTERN},
                "additionalProperties": counts,
            }
        },
    }


class DealStep(FlowNode):
    """``deal``: one card at a time from the top of the stack ``from``, clockwise from the player in ``starting-with``, to the back of each player's zone ``to``, until each has their share.

    Everyone gets ``count`` cards (a number, or by number of players);
    ``first-seats`` gives the first seats from the start player other counts
    for some numbers of players (with 6 players: 3, 4 and 5 cards, the others
    ``count``). The first card dealt to a player is the front of their row.

    Parameters: ``from`` (a stack), ``to`` (a player zone), ``count``, ``first-seats``, ``starting-with`` (a variable, default ``start``).

    ```yaml
    - {kind: deal, from: draw, to: hand, count: 5, first-seats: {by-players: {6: [3, 4, 5], 7: [3, 4, 5]}}}
    ```
    """

    kind = "deal"
    instant = True
    parameters = {
        "from": param("From", "The stack dealt from.", zone("shared", ("stack",)), option=False),
        "to": param("To", "The player zone cards are dealt to.", zone("player"), option=False),
        "count": param(
            "Count",
            "How many cards each player gets (a number, or by number of players).",
            {"anyOf": [COUNT, by_players_schema(COUNT)]},
        ),
        "first-seats": param(
            "First seats",
            "Other counts for the first seats from the start player, by number of players.",
            seat_counts_schema(),
            option=False,
        ),
        "starting-with": param(
            "Starting with", "The player dealt to first (a variable; default start).", variable(), option=False
        ),
    }
    required = ("from", "to", "count")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.target_id = spec["to"]
        self.count_spec = spec["count"]
        self.first_seats = (spec.get("first-seats") or {}).get("by-players") or {}
        self.start_name = spec.get("starting-with", "start")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards."""
        return [(spec.get("from"), spec.get("to"), None, False)]

    def variable_names(self) -> Sequence[str]:
        return (self.start_name,)

    def compile(self, game: Game) -> None:
        self.source = game.zones.slot_of(self.source_id)
        self.target_zone = game.zone_index(self.target_id)
        self.start = game.variable(self.start_name)
        players = game.player_count
        shares = [count_for_players(self.count_spec, players)] * players
        for key, counts in self.first_seats.items():
            if int(key) == players:
                for position, count in enumerate(counts[:players]):
                    shares[position] = int(count)
        self.shares = tuple(shares)  # by position from the start player

    def run(self, state: State) -> int:
        players = state.player_count
        start = state.variables[self.start]
        for round_number in range(max(self.shares, default=0)):
            for position in range(players):
                if round_number >= self.shares[position]:
                    continue
                content = state.zones[self.source]
                if not content:
                    return DONE
                seat = (start + position) % players
                state.move((content[-1],), self.source, state.slot(self.target_zone, seat), player=seat, step=self.id)
        return DONE
