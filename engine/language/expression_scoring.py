"""Scoring written as expressions: a score per player, the order that wins, tiebreaks, winners, result fields.

A ruleset that writes ``scoring.score`` (an expression; ``me`` is the player
scored) is scored by it; ``lowest-wins: true`` makes the lowest score win (the
result then says ``"lowest_wins": true``); ``tiebreak-by`` lists
expressions that break a tie for the best score, in order; ``winners``, an
expression giving players, names the winners outright (a match won by
everyone who reached the goal); ``eliminated``, an expression giving yes or
no (``me`` is the player), puts out the players for whom it holds: they are
still scored but cannot win, and the result says ``eliminated`` (the least
money left loses everything). Result fields written ``{field: chips,
value: "me.chips"}`` are worked out for each player; ``record-round`` steps
give the result its ``rounds``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from functools import partial
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.exact import as_fraction
from engine.base.jsontypes import JSON
from engine.core.measures import Measure
from engine.core.result import PlayerResult, Result, ScoreStep, score_to_json, selected_fields
from engine.core.selectors import card_selector
from engine.language.block_walk import blocks_of
from engine.language.expression_params import compile_or_raise, evaluate_in, world_of
from engine.language.expression_places import ME
from engine.language.expressions.compiler import Memo
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.types import ANY, FLAG, NUMBER, PLAYERS, Type
from engine.language.expressions.values import Group, Variant
from engine.language.expressions.worlds import RecordingWorld, unchanged

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.expressions.compiler import Expression
    from engine.language.expressions.values import World
    from engine.language.ruleset import Ruleset


# How many scores of each seat are kept with what they read (positions weighed one after another differ little).
REMEMBERED = 8


class ExpressionScoring:
    """The compiled scoring expressions of a ruleset, for one game."""

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        self.ruleset = ruleset
        self.game = game
        scoring = ruleset.data.get("scoring") or {}
        compiler = compiler_for(ruleset)

        def compiled(text: Any, expected: Type | None, where: str, local: Mapping[str, Type] = ME) -> Expression | None:
            if not isinstance(text, str):
                return None
            return compile_or_raise(compiler, text, ANY if expected is None else expected, local, ruleset, where, "")

        self.score_expression = compiled(scoring.get("score"), NUMBER, "scoring.score")
        # The score in named parts (``parts``): their sum is the score, and an explanation shows each.
        self.parts = tuple(
            (str(part["name"]), expression)
            for index, part in enumerate(scoring.get("parts") or ())
            if (expression := compiled(part.get("value"), NUMBER, f"scoring.parts[{index}].value")) is not None
        )
        self.lowest = bool(scoring.get("lowest-wins"))
        self.eliminated_expression = compiled(scoring.get("eliminated"), FLAG, "scoring.eliminated")
        self.tiebreaks = tuple(
            expression
            for index, text in enumerate(scoring.get("tiebreak-by") or ())
            if (expression := compiled(text, NUMBER, f"scoring.tiebreak-by[{index}]")) is not None
        )
        self.winners_expression = compiled(scoring.get("winners"), PLAYERS, "scoring.winners", {})
        self.layout = tuple(dict(item) for item in ruleset.result_layout)
        self.fields = tuple(
            (str(item["field"]), expression)
            for index, item in enumerate(ruleset.result_layout)
            if (expression := compiled(item.get("value"), None, f"result[{index}]")) is not None
        )
        self.scored_zones = tuple(game.zone_index(zone) for zone in ruleset.scored_zones)
        # The zones a result field lists (by id or as counts): (zone id, zone index).
        self.listed_zones = tuple(
            (zone, game.zone_index(zone))
            for zone in dict.fromkeys(item.get("zone") or item.get("counts") for item in ruleset.result_layout)
            if zone
        )
        # The ruleset's measures (chips, tokens), worked out for the result as the block pipeline does.
        self.measures = tuple(Measure(spec, game) for spec in ruleset.measures)
        # Each seat's last scores with the state they read (see ``score``), the latest first.
        self._remembered: list[list[tuple[tuple[tuple[int, object, object], ...], int | Fraction]]] = [
            [] for _seat in range(game.player_count)
        ]
        self.records_rounds = any(block.get("kind") == "record-round" for block in _steps(ruleset.data))

    def selects(self, selector: Mapping[str, Any], card_id: str) -> bool:
        """Whether a card (by id) is one a result field's selector picks."""
        return card_selector(selector)(self.ruleset.card(card_id))

    def score(self, state: State, player: int) -> int | Fraction:
        """``player``'s score now (0 when the ruleset writes no score).

        A bot weighs many positions that differ from one another in a few
        cards, and a score may be costly (every way to place the jokers).
        So each seat's last few scores are kept with what they read of the
        state (:class:`RecordingWorld`): a position where all of that is
        unchanged has the same score, and is not worked out again.
        """
        if self.score_expression is None and not self.parts:
            return 0
        remembered = self._remembered[player]
        for reads, known in remembered:
            if unchanged(state, reads):
                return known
        world = RecordingWorld(state)
        local: dict[str, object] = {"me": player}
        value: int | Fraction
        if self.parts:
            value = sum(
                (evaluate_in(part, world, local, self.ruleset, "scoring", "parts") for _name, part in self.parts), 0
            )
        else:
            assert self.score_expression is not None
            value = evaluate_in(self.score_expression, world, local, self.ruleset, "scoring", "score")
        remembered.insert(0, (world.recorded(), value))
        del remembered[REMEMBERED:]
        return value

    def _parts_of(self, world: World, player: int, memo: Memo) -> list[Fraction]:
        """Each part's points for ``player`` (``parts``), in order."""
        return [as_fraction(self._value(part, world, {"me": player}, "parts", memo, 0)) for _name, part in self.parts]

    def result(self, state: State) -> Result:
        """The result of a finished game."""
        names = state.game.players
        recorded: list[dict[str, Any]] = state.rounds
        rounds = tuple({"winners": [names[seat] for seat in item["winners"]], "how": item["how"]} for item in recorded)
        return self.result_in(
            world_of(state),
            names,
            lambda zone_index, player: state.card_ids_in(zone_index, player),
            lambda player: {measure.id: measure.of(state, player) for measure in self.measures},
            rounds if self.records_rounds else (),
        )

    def result_in(
        self,
        world: World,
        names: Sequence[str],
        ids_in: Callable[[int, int], tuple[str, ...]],
        measures_of: Callable[[int], Mapping[str, int | Fraction]],
        rounds: tuple[Mapping[str, Any], ...] = (),
    ) -> Result:
        """The result of a finished game in ``world`` (a state's, or a table's): ``ids_in(zone, player)`` gives the
        card ids a player's zone holds, ``measures_of(player)`` the player's measures."""
        players = range(len(names))
        # The world does not change while the result is worked out: every expression of it shares the calls of the
        # ruleset's functions (a player's best placement of jokers, read by the score and by two fields).
        memo: Memo = {}
        parts = [self._parts_of(world, player, memo) for player in players] if self.parts else []
        scores = (
            [sum(points, Fraction(0)) for points in parts]
            if self.parts
            else [
                as_fraction(self._value(self.score_expression, world, {"me": player}, "score", memo, 0))
                for player in players
            ]
        )
        out = [
            bool(self._value(self.eliminated_expression, world, {"me": player}, "eliminated", memo, False))
            for player in players
        ]
        results = []
        for player in players:
            values = {
                name: self._json(world, names, self._value(field, world, {"me": player}, name, memo))
                for name, field in self.fields
            }
            cards: tuple[str, ...] = ()
            for zone_index in self.scored_zones:
                cards += ids_in(zone_index, player)
            zones = {zone: ids_in(index, player) for zone, index in self.listed_zones}
            values.update(selected_fields(self.layout, zones, self.selects))
            results.append(
                PlayerResult.made(
                    names[player],
                    scores[player],
                    out[player],
                    cards,
                    MappingProxyType(dict(measures_of(player))),
                    MappingProxyType(zones),
                    partial(self._explained, parts[player]) if parts else _no_steps,
                    MappingProxyType(values),
                )
            )
        winners, decided_by = self._winners(world, scores, out, memo)
        return Result(
            self.ruleset.id,
            tuple(results),
            tuple(names[seat] for seat in winners),
            decided_by,
            self.layout,
            lowest_wins=self.lowest,
            rounds=rounds,
        )

    def _explained(self, points: Sequence[Fraction]) -> tuple[ScoreStep, ...]:
        """A player's parts as scoring steps: each part's name, and the running total before and after it."""
        steps = []
        total = Fraction(0)
        for index, ((name, _part), amount) in enumerate(zip(self.parts, points)):
            steps.append(ScoreStep(f"parts[{index}]", "part", total, total + amount, {"name": name}))
            total += amount
        return tuple(steps)

    def _value(
        self,
        expression: Expression | None,
        world: World,
        local: dict[str, object] | None,
        key: str,
        memo: Memo,
        default: Any = None,
    ) -> Any:
        """An expression's value in ``world``; a failure is a located error of the ruleset."""
        if expression is None:
            return default
        return evaluate_in(expression, world, local, self.ruleset, "scoring", key, memo)

    def _winners(
        self, world: World, scores: Sequence[Fraction], out: Sequence[bool], memo: Memo
    ) -> tuple[list[int], str | None]:
        if self.winners_expression is not None:
            chosen = self._value(self.winners_expression, world, None, "winners", memo)
            return sorted(set(chosen)), None
        sign = -1 if self.lowest else 1
        # As scoring steps' elimination: a player out cannot win, and when everyone is out nobody does.
        contenders = [seat for seat in range(len(scores)) if not out[seat]]
        if not contenders:
            return [], None
        best = max(sign * scores[seat] for seat in contenders)
        contenders = [seat for seat in contenders if sign * scores[seat] == best]
        if len(contenders) == 1:
            return contenders, "score"
        for index, tiebreak in enumerate(self.tiebreaks):
            ranks = {seat: self._value(tiebreak, world, {"me": seat}, "tiebreak-by", memo) for seat in contenders}
            top = max(sign * rank for rank in ranks.values())
            contenders = [seat for seat in contenders if sign * ranks[seat] == top]
            if len(contenders) == 1:
                return contenders, f"tiebreak-by[{index}]"
        return contenders, None

    def _json(self, world: World, names: Sequence[str], value: Any) -> JSON:
        """A value of an expression as the result writes it: numbers exact, cards by id, players by name."""
        if isinstance(value, bool) or isinstance(value, str):
            return value
        if isinstance(value, (int, Fraction)):
            return score_to_json(value)
        if isinstance(value, Group):
            return {
                "key": self._json(world, names, value.key),
                "cards": [world.card_type(card).id for card in value.cards],
            }
        if isinstance(value, Variant):
            return {"cards": [world.card_type(card).id for card in value.cards], "assigned": list(value.assigned)}
        if isinstance(value, (tuple, list)):
            return [self._json(world, names, item) for item in value]
        if isinstance(value, Mapping):
            return {str(key): self._json(world, names, item) for key, item in value.items()}
        return str(value)


def _no_steps() -> tuple[ScoreStep, ...]:
    """A score worked out by one expression has no steps to explain: the total is the whole story."""
    return ()


def _steps(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    return [block for category, _path, block in blocks_of(data) if category == "step"]
