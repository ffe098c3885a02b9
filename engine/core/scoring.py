"""Scoring: measures, elimination, the per-player step pipeline, winners and tiebreaks.

The pipeline is data: the ruleset lists score steps (blocks of its catalog),
run in order for every player from a score of 0 with exact fractions over the
cards of the player's scored zones (``scoring.zones``) and their measures,
each recorded as a :class:`~engine.core.result.ScoreStep` so a score can be
explained step by step. The same pipeline scores a game in play and a
physical game read from a table file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING, NamedTuple

from engine.base.exact import as_fraction
from engine.base.jsontypes import JSON, Spec
from engine.core.measures import Measure
from engine.core.result import PlayerResult, Result, ScoreStep, selected_fields
from engine.core.selectors import card_selector

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import RulesetLike, ScoreFormula, ScoreStepBlock
    from engine.core.state import State

_ZERO = Fraction(0)
_NO_VALUES: Mapping[str, JSON] = MappingProxyType({})


class Holdings(NamedTuple):
    """What one player ends with: scored card ids, measure values, and the card ids of every zone a result names.

    A named tuple, not a dataclass: a simulation makes four of these per game.
    """

    name: str
    cards: tuple[str, ...]
    measures: Mapping[str, int | Fraction]
    zones: Mapping[str, tuple[str, ...]] = MappingProxyType({})


class Scoring:
    """The compiled scoring rules of one ruleset (build once, score many games).

    ``game`` is needed to score states (measures read zones); tables give
    measures directly.
    """

    def __init__(self, ruleset: RulesetLike, game: Game | None = None) -> None:
        registry = ruleset.blocks
        self.ruleset = ruleset
        self.steps = [registry.build("score-step", spec, ruleset) for spec in ruleset.scoring_steps]
        self._steps_needing_zones: tuple[tuple[ScoreStepBlock, bool], ...] = tuple(
            (step, getattr(step, "needs_zones", False)) for step in self.steps
        )
        self.elimination = registry.build("elimination", ruleset.elimination or {"kind": "none"}, ruleset)
        self.tiebreak = [
            (name, registry.build("tiebreak", ruleset.tiebreak_criteria[name], ruleset)) for name in ruleset.tiebreak
        ]
        self.cards_by_id = {card.id: card for card in ruleset.cards}
        # Plain dicts: a Result travels between processes (simulation workers) by pickle.
        self.layout = tuple(dict(item) for item in ruleset.result_layout)
        self.result_zones: tuple[str, ...] = tuple(
            dict.fromkeys(zone for item in self.layout if (zone := item.get("zone") or item.get("counts")))
        )
        # Result fields that list some cards of a zone only (``cards: SELECTOR``).
        self.selecting = any(item.get("cards") for item in self.layout)
        self.game = game
        # A ruleset that scores with expressions (``scoring.score``, ``scoring.winners``) scores a game in play by them.
        self.formula: ScoreFormula | None = ruleset.score_formula(game) if game is not None else None
        if game is not None:
            self.measures = tuple(Measure(spec, game) for spec in ruleset.measures)
            self._measure_by_id = {measure.id: measure for measure in self.measures}
            self.scored_zones = tuple(game.zone_index(zone) for zone in ruleset.scored_zones)
            # Every zone a result reads, scored ones first, each once: (id, index).
            read = dict.fromkeys((*ruleset.scored_zones, *self.result_zones))
            self._read_zones = tuple((zone, game.zone_index(zone)) for zone in read)

    def expression_score(self, state: State, player: int) -> int | Fraction:
        """A player's score now by the ruleset's score expression (0 for a ruleset that has none)."""
        return self.formula.score(state, player) if self.formula is not None else 0

    def selects(self, selector: Spec, card_id: str) -> bool:
        """Whether a card (by id) is one a result field's selector picks."""
        card = self.cards_by_id.get(card_id)
        return card is not None and card_selector(selector)(card)

    def measure(self, measure_id: str) -> Measure:
        """The compiled measure called ``measure_id`` (KeyError if none)."""
        return self._measure_by_id[measure_id]

    # ------------------------------------------------------------------ the pipeline

    def score_cards(
        self,
        card_ids: Sequence[str],
        measures: Mapping[str, int | Fraction] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
    ) -> tuple[Fraction, tuple[ScoreStep, ...]]:
        """The exact score of a set of held cards and every step that led to it."""
        cards = [self.cards_by_id[card_id] for card_id in card_ids]
        # Steps work with ints while the score is whole (exact and fast); the record is in Fractions.
        score: int | Fraction = 0
        before = _ZERO
        explanation: list[ScoreStep] = []
        for step in self.steps:
            if getattr(step, "needs_zones", False):
                score, detail = step.apply(score, cards, measures, zones=zones, ruleset=self.ruleset)
            else:
                score, detail = step.apply(score, cards, measures)
            after = as_fraction(score)
            explanation.append(ScoreStep(step.id, step.kind, before, after, detail))
            before = after
        return before, tuple(explanation)

    def score_only(
        self,
        card_ids: Sequence[str],
        measures: Mapping[str, int | Fraction] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
    ) -> Fraction:
        """The exact score of a set of held cards, without the explanation (fast path for bots)."""
        cards = list(map(self.cards_by_id.__getitem__, card_ids))
        score: int | Fraction = 0
        for step, needs_zones in self._steps_needing_zones:
            if needs_zones:
                score = step.value(score, cards, measures, zones=zones, ruleset=self.ruleset)
            else:
                score = step.value(score, cards, measures)
        return as_fraction(score)

    def holdings_of(self, state: State, seat: int) -> Holdings:
        """What ``seat`` holds in a game in play."""
        measures: dict[str, int | Fraction] = {}
        for measure in self.measures:  # a loop, not a comprehension: a simulation asks this four times a game
            measures[measure.id] = measure.of(state, seat)
        cards: tuple[str, ...] = ()
        zones: dict[str, tuple[str, ...]] = {}
        for zone_id, zone_index in self._read_zones:
            held = state.card_ids_in(zone_index, seat)
            zones[zone_id] = held
            if zone_index in self.scored_zones:
                cards += held
        return Holdings(state.game.players[seat], cards, measures, zones)

    def score_state(self, state: State) -> Result:
        """The result of a finished game."""
        if self.formula is not None:
            return self.formula.result(state)
        return self.score(
            [self.holdings_of(state, seat) for seat in range(state.player_count)], start=state.first_player
        )

    @property
    def breaks_ties_by_seat(self) -> bool:
        """Whether a tiebreak ranks seats (from the start player), so scoring needs to know who started."""
        return any(getattr(criterion, "by_seat", False) for _name, criterion in self.tiebreak)

    def score(self, players: Sequence[Holdings], start: int | None = None) -> Result:
        """Score every seat's holdings, in seat order; ``start`` is the start player's seat (for a tiebreak by
        seat; without it such a criterion decides nothing)."""
        eliminated = self.elimination.eliminated([holdings.measures for holdings in players])
        results = []
        for holdings, out in zip(players, eliminated):
            held = tuple(holdings.cards)
            measures = MappingProxyType(holdings.measures)
            zones = MappingProxyType(holdings.zones)

            # The step-by-step record is worked out only if someone reads it (an explanation).
            def explanation(
                held: tuple[str, ...] = held,
                measures: Mapping[str, int | Fraction] = measures,
                zones: Mapping[str, tuple[str, ...]] = zones,
            ) -> tuple[ScoreStep, ...]:
                return self.score_cards(held, measures, zones)[1]

            results.append(
                PlayerResult.made(
                    holdings.name,
                    self.score_only(held, measures, zones),
                    out,
                    held,
                    measures,
                    zones,
                    explanation,
                    MappingProxyType(selected_fields(self.layout, zones, self.selects))
                    if self.selecting
                    else _NO_VALUES,
                )
            )
        winners, decided_by = self._winners(results, start)
        return Result(self.ruleset.id, tuple(results), winners, decided_by, self.layout)

    def _winners(self, results: list[PlayerResult], start: int | None = None) -> tuple[tuple[str, ...], str | None]:
        contenders = [index for index, player in enumerate(results) if not player.eliminated]
        if not contenders:
            return (), None
        best = max(results[i].score for i in contenders)
        contenders = [i for i in contenders if results[i].score == best]
        if len(contenders) == 1:
            return (results[contenders[0]].name,), "score"
        # The tied players' cards, looked up once for every criterion.
        cards = {i: [self.cards_by_id[card_id] for card_id in results[i].cards] for i in contenders}
        for name, criterion in self.tiebreak:
            if getattr(criterion, "by_seat", False):
                ranks = {
                    i: () if start is None else criterion.rank_seat(i, start, len(results))  # type: ignore[attr-defined]
                    for i in contenders
                }
            else:
                ranks = {i: criterion.rank(cards[i], results[i].measures) for i in contenders}
            top = max(ranks.values())
            contenders = [i for i in contenders if ranks[i] == top]
            if len(contenders) == 1:
                return (results[contenders[0]].name,), name
        # Ties left after every criterion share the win.
        return tuple(results[i].name for i in contenders), None


def score_players(ruleset: RulesetLike, players: Sequence[Holdings]) -> Result:
    """Score holdings without a game (``cardrules score TABLE``)."""
    return Scoring(ruleset).score(players)
