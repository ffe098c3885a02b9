"""Scoring: money in hand, elimination, the per-player step pipeline, winners and tiebreaks.

The pipeline is data: the ruleset lists score steps (``engine.blocks``), run in
order for every player from a score of 0 with exact fractions, each recorded
as a :class:`~engine.result.ScoreStep` so a score can be explained step by step.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from . import blocks
from .blocks.numbers import as_fraction
from .result import PlayerResult, Result, ScoreStep


_ZERO = Fraction(0)


class Scoring:
    """The compiled scoring rules of one ruleset (build once, score many games)."""

    def __init__(self, ruleset: Any) -> None:
        self.ruleset = ruleset
        self.steps = [blocks.build("score-step", spec, ruleset) for spec in ruleset.scoring_steps]
        elimination = ruleset.elimination or {"kind": "none"}
        self.elimination = blocks.build("elimination", elimination, ruleset)
        self.tiebreak = [(name, blocks.build("tiebreak", ruleset.tiebreak_criteria[name], ruleset))
                         for name in ruleset.tiebreak]
        self.cards_by_id = {card.id: card for card in ruleset.cards}

    def score_cards(self, card_ids: Sequence[str]) -> tuple[Fraction, tuple[ScoreStep, ...]]:
        """The exact score of a set of held cards and every step that led to it."""
        cards = [self.cards_by_id[card_id] for card_id in card_ids]
        # Steps work with ints while the score is whole (exact and fast); the record is in Fractions.
        score: int | Fraction = 0
        before = _ZERO
        explanation = []
        for step in self.steps:
            score, detail = step.apply(score, cards)
            after = as_fraction(score)
            explanation.append(ScoreStep(step.id, step.kind, before, after, detail))
            before = after
        return before, tuple(explanation)

    def score_only(self, card_ids: Sequence[str]) -> Fraction:
        """The exact score of a set of held cards, without the explanation (fast path for bots)."""
        cards_by_id = self.cards_by_id
        cards = [cards_by_id[card_id] for card_id in card_ids]
        score: int | Fraction = 0
        for step in self.steps:
            score = step.value(score, cards)
        return as_fraction(score)

    def score(self, players: Sequence[tuple[str, Sequence[str], int]]) -> Result:
        """Score ``(name, card ids held, money total in hand)`` per seat, in seat order."""
        money = [amount for _, _, amount in players]
        eliminated = self.elimination.eliminated(money)
        results = []
        for (name, card_ids, amount), out in zip(players, eliminated):
            held = tuple(card_ids)
            # The step-by-step record is worked out only if someone reads it (an explanation).
            results.append(PlayerResult(name, amount, out, self.score_only(held), held,
                                        lambda held=held: self.score_cards(held)[1]))
        winners, decided_by = self._winners(results)
        return Result(self.ruleset.id, tuple(results), winners, decided_by)

    def _winners(self, results: list[PlayerResult]) -> tuple[tuple[str, ...], str | None]:
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
            ranks = {i: criterion.rank(cards[i], results[i].money) for i in contenders}
            top = max(ranks.values())
            contenders = [i for i in contenders if ranks[i] == top]
            if len(contenders) == 1:
                return (results[contenders[0]].name,), name
        # Ties left after every criterion share the win.
        return tuple(results[i].name for i in contenders), None


def score_players(ruleset: Any, players: Sequence[tuple[str, Sequence[str], int]]) -> Result:
    """Score holdings without a game (``cardrules score TABLE``).

    ``players``: ``(name, card ids held, money total in hand)`` in seat order.
    """
    return Scoring(ruleset).score(players)
