"""The outcome of a game: scores, who is out, who won, and how each score was reached."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Mapping


def score_to_json(score: Fraction) -> int | float | str:
    """An exact score for JSON: an int, a finite decimal (``3.5``), else ``"p/q"`` in lowest terms.

    A decimal is used only when it is exact: the denominator has no prime
    factors but 2 and 5 and the float prints back to the same value.
    """
    score = Fraction(score)
    if score.denominator == 1:
        return int(score)
    denominator = score.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator == 1:
        as_float = float(score)
        if Fraction(repr(as_float)) == score:
            return as_float
    return f"{score.numerator}/{score.denominator}"


def score_from_json(value: int | float | str) -> Fraction:
    """The inverse of :func:`score_to_json`."""
    if isinstance(value, str):
        return Fraction(value)
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


@dataclass(frozen=True)
class ScoreStep:
    """One step of a player's scoring: the block, the score before and after, what it counted."""

    step_id: str
    kind: str
    before: Fraction
    after: Fraction
    detail: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerResult:
    """One seat's result: money in hand (face units), whether out, exact score, cards held."""

    name: str
    money: int
    eliminated: bool
    score: Fraction
    cards: tuple[str, ...]
    explanation: tuple[ScoreStep, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The CONTRACTS form of one player."""
        return {"name": self.name, "money": self.money, "eliminated": self.eliminated,
                "score": score_to_json(self.score), "cards": list(self.cards)}


@dataclass(frozen=True)
class Result:
    """The result of a game, players in seat order.

    ``winners`` is empty when nobody can win. ``decided_by`` says what settled
    the win: ``"score"`` (a single highest score), the name of the tiebreak
    criterion that left one winner, or ``None`` (a shared win, or no winner).
    """

    ruleset: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    decided_by: str | None = None

    @property
    def ruleset_id(self) -> str:
        """Same as ``ruleset``."""
        return self.ruleset

    @property
    def steps(self) -> dict[str, tuple[ScoreStep, ...]]:
        """Each player's scoring steps, by name (for explanations)."""
        return {player.name: player.explanation for player in self.players}

    def player(self, name: str) -> PlayerResult:
        """The result of the player called ``name``."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def to_json(self) -> dict[str, Any]:
        """The CONTRACTS "Result" object."""
        return {"ruleset": self.ruleset, "players": [player.to_json() for player in self.players],
                "winners": list(self.winners)}
