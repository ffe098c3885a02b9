"""Statistics for simulations: intervals, and accumulators that merge exactly.

Workers play batches of games and summarise them into :class:`RulesetTally`
and :class:`PairedTally` objects; the parent merges the tallies of every batch.
Everything a tally holds is an exact integer or ``Fraction`` (counts, sums,
sums of squares, small histograms keyed by exact scores), so merging is
associative and commutative without any rounding: the statistics are the same
bit for bit however the games were split between workers. Floats appear only
at the very end, when an interval or a mean is computed from the exact sums.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from statistics import NormalDist
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

#: The two-sided 95% normal quantile (1.959963984540054), not the rounded 1.96.
Z_95 = NormalDist().inv_cdf(0.975)


# --------------------------------------------------------------------------- intervals


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float] | None:
    """The Wilson score interval for a proportion (Wilson 1927; Newcombe 1998, method 3).

    Unlike the textbook ``p ± z·sqrt(p(1-p)/n)`` it stays inside [0, 1] and
    is honest at 0 and n successes (0 of 10 gives 0 to 0.278, not 0 to 0).
    Returns None when there are no trials.
    """
    if trials <= 0:
        return None
    if not 0 <= successes <= trials:
        raise ValueError("successes must lie between 0 and trials")
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half_width = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    # At the edges the formula gives exactly 0 or 1 in exact arithmetic; keep
    # float noise from pushing the bound a hair past them.
    low = 0.0 if successes == 0 else max(0.0, centre - half_width)
    high = 1.0 if successes == trials else min(1.0, centre + half_width)
    return low, high


@dataclass(frozen=True)
class MeanInterval:
    """A mean with a normal-approximation interval: ``mean ± z·sd/√n``."""

    mean: float
    sd: float | None
    low: float | None
    high: float | None
    count: int


def mean_interval(
    total: int | Fraction, total_of_squares: int | Fraction, count: int, z: float = Z_95
) -> MeanInterval | None:
    """Mean, sample standard deviation and a 95% interval from exact sums.

    This is the interval of a paired difference when the values summed are
    per-game differences (Student would use t, but with the thousands of games
    a simulation plays the two agree to the third decimal). The standard
    deviation needs two values; with one, only the mean is known.
    """
    if count <= 0:
        return None
    mean = Fraction(total) / count
    if count < 2:
        return MeanInterval(float(mean), None, None, None, count)
    # The sum of squared deviations, exactly: Σx² - (Σx)²/n.
    squared_deviations = Fraction(total_of_squares) - Fraction(total) * Fraction(total) / count
    variance = max(Fraction(0), squared_deviations / (count - 1))
    sd = math.sqrt(variance)
    half_width = z * sd / math.sqrt(count)
    return MeanInterval(float(mean), sd, float(mean) - half_width, float(mean) + half_width, count)


def mean_and_sd(values: Counter) -> tuple[float, float | None] | None:
    """Mean and sample standard deviation of a histogram ``{value: count}`` (exact until the end)."""
    count = sum(values.values())
    if count == 0:
        return None
    total = sum((Fraction(v) * n for v, n in values.items()), Fraction(0))
    squares = sum((Fraction(v) * Fraction(v) * n for v, n in values.items()), Fraction(0))
    summary = mean_interval(total, squares, count)
    assert summary is not None
    return summary.mean, summary.sd


# --------------------------------------------------------------------------- what one game yields


def reported_measures(ruleset: Ruleset) -> tuple[str, ...]:
    """The measures a ruleset's ``report`` lists (its entries that are plain names), each once, in its order.

    Listing a measure twice must not count it twice.
    """
    return tuple(dict.fromkeys(entry for entry in getattr(ruleset, "report", None) or () if isinstance(entry, str)))


#: How a reported counter is shown: its total per game, or per round (a player's turn in a ``turns`` loop).
COUNTER_UNITS = ("game", "round")


def reported_counters(ruleset: Ruleset) -> tuple[tuple[str, str], ...]:
    """``(counter, per)`` for each counter the ruleset's ``report`` lists (``{counter: NAME, per: round}``), each once.

    ``per`` is ``game`` unless the entry says ``round``; a counter listed twice
    keeps its first entry.
    """
    counters: dict[str, str] = {}
    for entry in getattr(ruleset, "report", None) or ():
        if isinstance(entry, Mapping) and isinstance(entry.get("counter"), str):
            counters.setdefault(entry["counter"], entry.get("per") or "game")
    return tuple(counters.items())


def round_unit(ruleset: Ruleset) -> str:
    """What one of the game's rounds is, as ``simulate`` counts them: ``turn`` or ``round``.

    The outermost loops of the flow count the rounds (``state.round_number``);
    a ``turns`` loop counts every player's turn, a ``repeat`` loop every pass.
    A flow whose only loops are ``turns`` loops is counted in turns.
    """
    kinds = {step.get("kind") for step in getattr(ruleset, "flow", None) or () if isinstance(step, Mapping)}
    return "turn" if "turns" in kinds and "repeat" not in kinds else "round"


@dataclass(frozen=True)
class GameOutcome:
    """The facts about one finished game that the statistics need, and nothing more.

    ``scores`` are per seat, ``measures`` ``(name, per seat)`` for each measure
    the ruleset reports, ``counters`` ``(name, value)`` for each counter it
    reports (a per-player counter summed over the players); ``winning_seats``
    may hold several seats (a shared win) or none; ``decided_by`` is the
    result's tiebreak criterion, ``"score"``, or None when nobody won.
    """

    winning_seats: frozenset[int]
    eliminated: tuple[bool, ...]
    scores: tuple[Fraction, ...]
    measures: tuple[tuple[str, tuple[Any, ...]], ...]
    decided_by: str | None
    rounds: int
    actions: int
    counters: tuple[tuple[str, int], ...] = ()


def decision_of(outcome: GameOutcome) -> str:
    """What settled a game: ``score``, a tiebreak criterion's name, ``shared`` (a tie no
    criterion broke) or ``no-winner`` (everyone out)."""
    if outcome.decided_by:
        return outcome.decided_by
    return "shared" if outcome.winning_seats else "no-winner"


# --------------------------------------------------------------------------- tallies


@dataclass
class RulesetTally:
    """Everything counted about the games of one ruleset; merges exactly.

    ``seat_kinds`` names the bot kind in each seat; the per-kind win counts are
    pooled over the seats of that kind.
    """

    seat_kinds: tuple[str, ...]
    games: int = 0
    wins: list[int] = field(default_factory=list)
    sole_wins: list[int] = field(default_factory=list)
    games_without_winner: int = 0
    decided_by: Counter = field(default_factory=Counter)
    winning_scores: Counter = field(default_factory=Counter)
    scores: Counter = field(default_factory=Counter)
    eliminated: int = 0
    rounds: int = 0
    actions: int = 0
    # For each reported measure: the sum over every player of every game (exact: ints and Fractions).
    measure_totals: dict[str, int | Fraction] = field(default_factory=dict)
    # For each reported counter: the sum of its final value over every game.
    counter_totals: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seats = len(self.seat_kinds)
        if not self.wins:
            self.wins = [0] * seats
        if not self.sole_wins:
            self.sole_wins = [0] * seats

    @property
    def seats(self) -> int:
        """How many seats each game has."""
        return len(self.seat_kinds)

    @property
    def player_games(self) -> int:
        """Games times seats: the denominator of per-player rates."""
        return self.games * self.seats

    def kinds(self) -> list[str]:
        """The bot kinds seated, in order of their first seat."""
        return list(dict.fromkeys(self.seat_kinds))

    def seats_of_kind(self, kind: str) -> list[int]:
        """The seats a bot kind sits in."""
        return [seat for seat, seated in enumerate(self.seat_kinds) if seated == kind]

    def kind_wins(self, kind: str) -> int:
        """Wins of a bot kind, pooled over its seats (a shared win counts for each sharer)."""
        return sum(self.wins[seat] for seat in self.seats_of_kind(kind))

    def add(self, outcome: GameOutcome) -> None:
        """Count one finished game."""
        self.games += 1
        for seat in outcome.winning_seats:
            self.wins[seat] += 1
            if len(outcome.winning_seats) == 1:
                self.sole_wins[seat] += 1
        if outcome.winning_seats:
            # Winners share the top score (ties are what tiebreaks decide), so
            # one winning score per game describes "how much it takes to win".
            seat = min(outcome.winning_seats)
            self.winning_scores[outcome.scores[seat]] += 1
        else:
            self.games_without_winner += 1
        self.decided_by[decision_of(outcome)] += 1
        self.scores.update(outcome.scores)
        self.eliminated += sum(outcome.eliminated)
        self.rounds += outcome.rounds
        self.actions += outcome.actions
        for name, values in outcome.measures:
            self.measure_totals[name] = self.measure_totals.get(name, 0) + sum(values)
        for name, value in outcome.counters:
            self.counter_totals[name] = self.counter_totals.get(name, 0) + value

    def merge(self, other: RulesetTally) -> None:
        """Add another tally of the same ruleset and seats into this one."""
        if other.seat_kinds != self.seat_kinds:
            raise ValueError("cannot merge tallies of different seatings")
        self.games += other.games
        self.wins = [a + b for a, b in zip(self.wins, other.wins)]
        self.sole_wins = [a + b for a, b in zip(self.sole_wins, other.sole_wins)]
        self.games_without_winner += other.games_without_winner
        self.decided_by.update(other.decided_by)
        self.winning_scores.update(other.winning_scores)
        self.scores.update(other.scores)
        self.eliminated += other.eliminated
        self.rounds += other.rounds
        self.actions += other.actions
        for name, total in other.measure_totals.items():
            self.measure_totals[name] = self.measure_totals.get(name, 0) + total
        for name, total in other.counter_totals.items():
            self.counter_totals[name] = self.counter_totals.get(name, 0) + total


@dataclass
class PairedTally:
    """Per-game differences between a ruleset and the baseline, for the same deals.

    For every game and seat, ``d = won under this ruleset - won under the
    baseline`` is -1, 0 or 1; the tally keeps Σd and Σd² per seat and per bot
    kind (for a kind, d is the difference in the number of its seats that won,
    divided by that number when reported), so the paired interval follows
    from integers alone.
    """

    seat_kinds: tuple[str, ...]
    games: int = 0
    seat_sum: list[int] = field(default_factory=list)
    seat_sum_of_squares: list[int] = field(default_factory=list)
    kind_sum: dict[str, int] = field(default_factory=dict)
    kind_sum_of_squares: dict[str, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        seats = len(self.seat_kinds)
        if not self.seat_sum:
            self.seat_sum = [0] * seats
        if not self.seat_sum_of_squares:
            self.seat_sum_of_squares = [0] * seats
        for kind in self.seat_kinds:
            self.kind_sum.setdefault(kind, 0)
            self.kind_sum_of_squares.setdefault(kind, 0)

    def add(self, outcome: GameOutcome, baseline: GameOutcome) -> None:
        """Count one game played under both rulesets with the same deal."""
        self.games += 1
        kind_difference: dict[str, int] = {kind: 0 for kind in self.kind_sum}
        for seat, kind in enumerate(self.seat_kinds):
            difference = int(seat in outcome.winning_seats) - int(seat in baseline.winning_seats)
            self.seat_sum[seat] += difference
            self.seat_sum_of_squares[seat] += difference * difference
            kind_difference[kind] += difference
        for kind, difference in kind_difference.items():
            self.kind_sum[kind] += difference
            self.kind_sum_of_squares[kind] += difference * difference

    def merge(self, other: PairedTally) -> None:
        """Add another paired tally of the same seating into this one."""
        if other.seat_kinds != self.seat_kinds:
            raise ValueError("cannot merge tallies of different seatings")
        self.games += other.games
        self.seat_sum = [a + b for a, b in zip(self.seat_sum, other.seat_sum)]
        self.seat_sum_of_squares = [a + b for a, b in zip(self.seat_sum_of_squares, other.seat_sum_of_squares)]
        for kind in self.kind_sum:
            self.kind_sum[kind] += other.kind_sum[kind]
            self.kind_sum_of_squares[kind] += other.kind_sum_of_squares[kind]

    def seat_difference(self, seat: int) -> MeanInterval | None:
        """Mean paired difference of the seat's win rate, with its 95% interval."""
        return mean_interval(self.seat_sum[seat], self.seat_sum_of_squares[seat], self.games)

    def kind_difference(self, kind: str) -> MeanInterval | None:
        """Mean paired difference of a bot kind's pooled win rate, with its 95% interval."""
        seats = sum(1 for seated in self.seat_kinds if seated == kind)
        per_game = mean_interval(self.kind_sum[kind], self.kind_sum_of_squares[kind], self.games)
        if per_game is None:
            return None
        # The per-game value counts seats; divide by the number of seats so it is a rate.
        scale = 1 / seats

        def scaled(x: float | None) -> float | None:
            return None if x is None else x * scale

        return MeanInterval(
            per_game.mean * scale, scaled(per_game.sd), scaled(per_game.low), scaled(per_game.high), per_game.count
        )


@dataclass
class BatchTally:
    """What one batch of games yields: a tally per ruleset and a paired tally per non-baseline ruleset."""

    rulesets: list[RulesetTally]
    paired: list[PairedTally]

    @classmethod
    def empty(cls, seat_kinds: Sequence[str], ruleset_count: int) -> BatchTally:
        """A tally with nothing counted yet."""
        kinds = tuple(seat_kinds)
        return cls(
            [RulesetTally(kinds) for _ in range(ruleset_count)], [PairedTally(kinds) for _ in range(ruleset_count - 1)]
        )

    def add_game(self, outcomes: Sequence[GameOutcome]) -> None:
        """Count one deal played under every ruleset (outcomes in ruleset order)."""
        for tally, outcome in zip(self.rulesets, outcomes):
            tally.add(outcome)
        for paired, outcome in zip(self.paired, outcomes[1:]):
            paired.add(outcome, outcomes[0])

    def merge(self, other: BatchTally) -> None:
        """Add another batch's tallies into this one."""
        for mine, theirs in zip(self.rulesets, other.rulesets):
            mine.merge(theirs)
        for mine, theirs in zip(self.paired, other.paired):
            mine.merge(theirs)


def merge_all(tallies: Iterable[BatchTally]) -> BatchTally | None:
    """Merge batch tallies in the order given (None for no batches)."""
    merged: BatchTally | None = None
    for tally in tallies:
        if merged is None:
            merged = tally
        else:
            merged.merge(tally)
    return merged
