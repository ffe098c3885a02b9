"""The outcome of a game: scores, who is out, who won, and how each score was reached."""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Mapping


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


class _WorkedOutWhenRead:
    """A field whose value may be given as a function of no arguments, called the first time it is read.

    A replay or a simulation scores thousands of games and asks for the
    winners only; recording every scoring step of every player (for
    ``--explain``) is most of the cost of scoring, so the record is built
    only for the results someone reads it from.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    def __get__(self, instance: Any, owner: type | None = None) -> Any:
        if instance is None:
            return ()  # the field's default, as the dataclass machinery asks for it
        value = instance.__dict__[self._slot]
        if callable(value):
            value = value()
            instance.__dict__[self._slot] = value
        return value

    def __set__(self, instance: Any, value: tuple | Callable[[], tuple]) -> None:
        instance.__dict__[self._slot] = value if callable(value) else tuple(value)


@dataclass(frozen=True)
class PlayerResult:
    """One seat's result: money in hand (face units), whether out, exact score, cards held.

    ``explanation`` (the scoring steps) may be given as a function that returns
    them; it is then called once, when the explanation is first read.
    """

    name: str
    money: int
    eliminated: bool
    score: Fraction
    cards: tuple[str, ...]
    explanation: tuple[ScoreStep, ...] = _WorkedOutWhenRead()  # type: ignore[assignment]

    def __getstate__(self) -> dict[str, Any]:
        # A pickled or copied result carries its explanation, never the function that works it out.
        self.explanation
        return dict(self.__dict__)

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
