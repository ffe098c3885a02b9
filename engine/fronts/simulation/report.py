"""A simulation's statistics as one JSON object and as tables in the reader's language.

:func:`summarize` turns the merged tallies into the JSON object that
``cardrules simulate --json`` prints (the format is documented in
docs/simulate.md); :func:`render_report` draws that same object as rich
tables, with every word through :mod:`engine.base.i18n` and every number through
Babel. The table is drawn from the summary, never from the tallies, so the two
cannot disagree.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterator, Mapping, Sequence
from decimal import ROUND_HALF_EVEN, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from babel.numbers import format_percent, format_scientific
from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from engine.base.formatting import (
    compact_units,
    criterion_description,
    format_with_pattern,
    reader_locale,
    ruleset_text,
)
from engine.base.glyphs import table_box
from engine.base.i18n import _, distinct_name, ngettext
from engine.base.shown import literal
from engine.core.result import score_to_json
from engine.fronts.bots import bot_kind_name
from engine.fronts.simulation.stats import (
    BatchTally,
    PairedTally,
    RulesetTally,
    mean_and_sd,
    reported_counters,
    reported_measures,
    round_unit,
    wilson_interval,
)
from engine.text.explain import measure_amount

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

FORMAT_VERSION = 1
CONFIDENCE = 0.95
# Floats in the JSON are rounded so that scripts and diffs see stable, readable numbers.
DIGITS = 6


# --------------------------------------------------------------------------- JSON


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, DIGITS)


def _interval(bounds: tuple[float, float] | None) -> list[float] | None:
    return None if bounds is None else [_round(bounds[0]), _round(bounds[1])]


def _rate(successes: int, trials: int) -> dict[str, Any]:
    """A proportion with its Wilson interval."""
    return {
        "count": successes,
        "of": trials,
        "rate": _round(successes / trials) if trials else None,
        "ci": _interval(wilson_interval(successes, trials)),
    }


def exact_number_key(value: Fraction) -> str:
    """A score as a JSON object key: ``"14"``, ``"3.5"``, ``"7/3"`` (the Result's score format, as text)."""
    return str(score_to_json(Fraction(value)))


def _distribution(histogram: Mapping[Fraction, int]) -> dict[str, Any]:
    """Mean, spread and the full histogram of exact scores (ascending)."""
    summary = mean_and_sd(histogram)
    return {
        "count": sum(histogram.values()),
        "mean": _round(summary[0]) if summary else None,
        "sd": _round(summary[1]) if summary else None,
        "histogram": {exact_number_key(score): histogram[score] for score in sorted(histogram)},
    }


def _difference(summary: Any) -> dict[str, Any]:
    """A paired difference: mean, interval, and whether the interval excludes zero."""
    if summary is None:
        return {"difference": None, "ci": None, "significant": False}
    ci = None if summary.low is None else [_round(summary.low), _round(summary.high)]
    significant = ci is not None and (summary.low > 0 or summary.high < 0)
    return {"difference": _round(summary.mean), "ci": ci, "significant": significant}


def _ruleset_summary(ruleset: Ruleset, source: str, tally: RulesetTally) -> dict[str, Any]:
    games = tally.games
    seats = []
    for seat, kind in enumerate(tally.seat_kinds):
        seats.append(
            {
                "seat": seat,
                "kind": kind,
                "wins": _rate(tally.wins[seat], games),
                "sole_wins": _rate(tally.sole_wins[seat], games),
            }
        )
    kinds = []
    for kind in tally.kinds():
        seat_count = len(tally.seats_of_kind(kind))
        kinds.append({"kind": kind, "seats": seat_count, "wins": _rate(tally.kind_wins(kind), games * seat_count)})
    decided = {criterion: _rate(count, games) for criterion, count in sorted(tally.decided_by.items())}
    return {
        "ruleset": ruleset.id,
        "source": source,
        "options": _plain(ruleset.options),
        "games": games,
        "seats": seats,
        "kinds": kinds,
        "winning_score": _distribution(tally.winning_scores),
        "score": _distribution(tally.scores),
        "eliminated": _rate(tally.eliminated, tally.player_games),
        "no_winner": _rate(tally.games_without_winner, games),
        "decided_by": decided,
        "mean_rounds": _round(tally.rounds / games) if games else None,
        "round_unit": round_unit(ruleset),
        "mean_actions": _round(tally.actions / games) if games else None,
        "mean_measures": _mean_measures(ruleset, tally),
        "mean_counters": _mean_counters(ruleset, tally),
    }


def _mean_measures(ruleset: Ruleset, tally: RulesetTally) -> dict[str, float | None]:
    """Each reported measure's mean per player-game, in the order the ruleset's ``report`` lists them."""
    names = [*reported_measures(ruleset), *sorted(set(tally.measure_totals) - set(reported_measures(ruleset)))]
    means: dict[str, float | None] = {}
    for name in names:
        total = tally.measure_totals.get(name)
        means[name] = _round(float(Fraction(total) / tally.player_games)) if tally.games and total is not None else None
    return means


def _mean_counters(ruleset: Ruleset, tally: RulesetTally) -> dict[str, dict[str, float | None]]:
    """Each reported counter's total per game and per round (a ratio of exact sums), in ``report`` order."""
    names = [
        *(name for name, _per in reported_counters(ruleset)),
        *sorted(set(tally.counter_totals) - {name for name, _per in reported_counters(ruleset)}),
    ]
    means: dict[str, dict[str, float | None]] = {}
    for name in names:
        total = tally.counter_totals.get(name)
        known = tally.games and total is not None
        means[name] = {
            "per_game": _round(total / tally.games) if known else None,
            "per_round": _round(total / tally.rounds) if known and tally.rounds else None,
        }
    return means


def _declared_counter(ruleset: Ruleset, name: str) -> Any:
    """The ruleset's declaration of the counter ``name`` (None when it declares none by that name)."""
    return next((spec for spec in getattr(ruleset, "counters", None) or () if spec.get("id") == name), None)


def _counter_per(ruleset: Ruleset, name: str) -> str | None:
    """How the ruleset asks for a counter to be shown (``game`` or ``round``); None when it does not report it."""
    return dict(reported_counters(ruleset)).get(name)


def counter_label(ruleset: Ruleset, name: str, per: str, unit: str) -> str:
    """A counter's row label: ``Trades per turn``, ``Trades per round``, ``Trades per game``.

    ``unit`` is what a round of the game is (``turn`` or ``round``).
    """

    spec = _declared_counter(ruleset, name)
    heading = ruleset_text(ruleset, spec["name"]) if spec is not None and spec.get("name") else name
    heading = heading[:1].upper() + heading[1:]
    if per == "round" and unit == "turn":
        # TRANSLATORS: row label: a counter's total divided by the turns played, e.g. "Trades per turn";
        # {counter} is the ruleset's name for the counter.
        return _("{counter} per turn", counter=heading)
    if per == "round":
        # TRANSLATORS: row label: a counter's total divided by the rounds played, e.g. "Trades per round".
        return _("{counter} per round", counter=heading)
    # TRANSLATORS: row label: a counter's total at the end of a game, on average, e.g. "Trades per game".
    return _("{counter} per game", counter=heading)


def common_round_unit(entries: Sequence[Mapping[str, Any]]) -> str:
    """``turn`` when every compared ruleset's summary counts its rounds in turns, else ``round``."""
    return "turn" if entries and all(entry.get("round_unit") == "turn" for entry in entries) else "round"


def length_label(unit: str) -> str:
    """The game-length row's label: ``Turns per game`` for games counted in turns, else ``Rounds per game``."""
    if unit == "turn":
        # TRANSLATORS: row label: average number of turns played per game (each player's turn counts once).
        return _("Turns per game")
    # TRANSLATORS: row label: average number of rounds played per game.
    return _("Rounds per game")


def _declared_measure(ruleset: Ruleset, name: str) -> Any:
    """The ruleset's declaration of the measure ``name`` (None when it declares none by that name)."""
    try:
        return ruleset.measure(name)
    except (KeyError, AttributeError):
        return None


def _measure_heading(ruleset: Ruleset, name: str) -> str:
    """A measure's heading as the ruleset words it (``Money left``), else its name with a capital, else its id."""

    spec = _declared_measure(ruleset, name)
    if spec is None:
        return name
    if spec.heading:
        return ruleset_text(ruleset, spec.heading)
    text = ruleset_text(ruleset, spec.name)
    return text[:1].upper() + text[1:]


def _plain(value: Any) -> Any:
    """Option values as JSON (read-only mappings and tuples become dicts and lists)."""
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, Fraction):
        return exact_number_key(value) if value.denominator != 1 else value.numerator
    return value


def _paired_summary(paired: PairedTally, ruleset: Ruleset, baseline: Any) -> dict[str, Any]:
    seats = [
        {"seat": seat, "kind": kind, **_difference(paired.seat_difference(seat))}
        for seat, kind in enumerate(paired.seat_kinds)
    ]
    kinds = [{"kind": kind, **_difference(paired.kind_difference(kind))} for kind in dict.fromkeys(paired.seat_kinds)]
    return {"ruleset": ruleset.id, "baseline": baseline.id, "games": paired.games, "seats": seats, "kinds": kinds}


def summarize(
    *,
    rulesets: Sequence[Any],
    sources: Sequence[str],
    seat_kinds: Sequence[str],
    games: int,
    seed: int,
    tally: BatchTally,
) -> dict[str, Any]:
    """The JSON object of a simulation (see docs/simulate.md for every key)."""
    return {
        "format": FORMAT_VERSION,
        "games": games,
        "seed": seed,
        "players": [f"bot:{kind}" for kind in seat_kinds],
        "confidence": CONFIDENCE,
        "rulesets": [
            _ruleset_summary(ruleset, source, ruleset_tally)
            for ruleset, source, ruleset_tally in zip(rulesets, sources, tally.rulesets)
        ],
        "differences": [
            _paired_summary(paired, ruleset, rulesets[0]) for paired, ruleset in zip(tally.paired, rulesets[1:])
        ],
    }


# --------------------------------------------------------------------------- text


def _locale() -> Any:

    return reader_locale()


# Decimals of every percentage and difference in the report's tables: one format throughout a table.
TABLE_DECIMALS = 1


def percent(value: float | None, digits: int | None = None) -> str:
    """A share as the reader writes percentages (``40.6%``, ``40,6 %``).

    With ``digits`` (the tables): exactly that many decimals. Without (a
    sentence): one, and a second below 1% where it carries the information
    (0.02%, not 0.0%).
    """
    if value is None:
        return "–"
    if digits is None:
        digits = 1 if value == 0 or abs(value) >= 0.01 else 2
    return format_percent(value, "#,##0" + ("." + "0" * digits if digits else "") + "%", locale=_locale())


def points(value: float | None, digits: int | None = None) -> str:
    """A difference of two rates in percentage points, always signed (``+1.2``); ``digits`` as for :func:`percent`."""
    if value is None:
        return "–"
    if digits is None:
        digits = 1 if value == 0 or abs(value) >= 0.01 else 2
    decimals = "." + "0" * digits if digits else ""
    return format_with_pattern(value * 100, f"+#,##0{decimals};-#,##0{decimals}", _locale())


def float_places(value: float) -> int:
    """How many decimal places of ``value`` a float holds: 1 near 10**13, 0 near 10**14, -1 near 10**15.

    The statistics come out of the games as floats, which hold 15 significant
    decimal digits (``sys.float_info.dig``): digits shown past them are noise
    (a mean of 1,912,499,999,999,830.165 printed as ...830.2).
    """
    if not value:
        return sys.float_info.dig
    # The exponent of the leading digit, exactly (a logarithm rounds 99999999999999.94 up to 14).
    return (sys.float_info.dig - 1) - Decimal(repr(float(value))).adjusted()


def decimal(value: float | None, digits: int = 1) -> str:
    """A mean or spread with ``digits`` decimals in the reader's notation, never past a float's precision.

    Only the digits a float holds are shown: from 10**14 on the decimals go, and
    from 10**15 on, where the units digit is past the float's 15 significant
    digits, the number is written in scientific notation (``5.16666666666667E30``):
    written out in full it would end in zeros the float does not hold, and a
    reader takes them for the exact mean.
    """
    if value is None:
        return "–"
    places = float_places(value) if math.isfinite(value) else 0
    if places < 0:
        return scientific(value)
    digits = max(0, min(digits, places))
    pattern = "#,##0." + "0" * digits if digits else "#,##0"
    return format_with_pattern(value, pattern, _locale())


def scientific(value: float) -> str:
    """``value`` in the reader's scientific notation with the float's own digits, at most 15 significant ones.

    Starts from the shortest decimal that reads back as the float (its repr), so every digit shown is the
    float's; trailing zeros of the mantissa are dropped (``1E15``, not ``1.00000000000000E15``).
    """

    pattern = "0." + "#" * (sys.float_info.dig - 1) + "E0"
    with localcontext() as context:
        context.rounding = ROUND_HALF_EVEN
        return format_scientific(Decimal(repr(float(value))), pattern, locale=_locale())


# The most decimals a table's means get: a second only where one would show a mean that is not zero as 0.0.
MOST_MEAN_DECIMALS = 2


def mean_decimals(means: Sequence[float | None]) -> int:
    """The decimals of every mean in one table: one, or two when one decimal would read a small mean as 0.0.

    Decided for the table, not the row: one number format throughout a table.
    """
    for digits in range(1, MOST_MEAN_DECIMALS):
        # Judged by the formatter that prints them: it rounds the written value half to even (0.05 reads 0.0).
        zero = decimal(0.0, digits)
        if not any(value and math.isfinite(value) and decimal(abs(value), digits) == zero for value in means):
            return digits
    return MOST_MEAN_DECIMALS


def can_eliminate(ruleset: Ruleset) -> bool:
    """Whether ``ruleset`` may put players out (its ``scoring.elimination``, with its options applied)."""
    spec = getattr(ruleset, "elimination", None)
    if not spec or spec.get("kind") == "none":
        return False
    return bool(getattr(ruleset.blocks.build("elimination", spec, ruleset), "enabled", False))


def rate_with_interval(rate: Mapping[str, Any], digits: int | None = None) -> str:
    """``40.6% (39.9–41.3%)``."""
    if rate["rate"] is None:
        return "–"
    low, high = rate["ci"]
    # TRANSLATORS: a rate and its 95% confidence interval, e.g. "40.6% (39.9–41.3%)".
    return _(
        "{rate} ({low}–{high})",
        rate=percent(rate["rate"], digits),
        low=percent(low, digits),
        high=percent(high, digits),
    )


def difference_text(difference: Mapping[str, Any], digits: int | None = None) -> str:
    """``+1.2 (+0.4 to +2.0)`` percentage points."""
    if difference["difference"] is None:
        return "–"
    if difference["ci"] is None:
        return points(difference["difference"], digits)
    low, high = difference["ci"]
    # TRANSLATORS: a difference of two win rates in percentage points with its
    # 95% interval, e.g. "+1.2 (+0.4 to +2.0)".
    return _(
        "{difference} ({low} to {high})",
        difference=points(difference["difference"], digits),
        low=points(low, digits),
        high=points(high, digits),
    )


def seat_label(seat: int, kind: str) -> str:
    """``Seat 1 (heuristic)`` (seats are counted from 1 for people)."""
    # TRANSLATORS: a seat at the table and the kind of bot in it, e.g. "Seat 1 (heuristic)".
    return distinct_name("Seat {number} ({kind})", number=seat + 1, kind=_kind_name(kind))


def kind_label(kind: str, seats: int) -> str:
    """``All random bots (3 seats)``."""
    # TRANSLATORS: every seat of one bot kind taken together, e.g. "All random bots (3 seats)".
    return ngettext("All {kind} bots ({n} seat)", "All {kind} bots ({n} seats)", seats, kind=_kind_name(kind))


def _kind_name(kind: str) -> str:
    """A bot kind as the reader's language names it (the same words the terminal game uses)."""

    return bot_kind_name(kind)


def criterion_label(criterion: str, rulesets: Sequence[Any]) -> str:
    """What decided a game, in words: the highest score, a tiebreak criterion's description, or nobody."""
    if criterion == "score":
        lowest = [
            bool((getattr(ruleset, "data", None) or {}).get("scoring", {}).get("lowest-wins")) for ruleset in rulesets
        ]
        if lowest and all(lowest):
            # TRANSLATORS: the winner was decided by score alone (no tiebreak needed), in a game the lowest score wins.
            return _("Decided by the lowest score")
        if any(lowest):
            # TRANSLATORS: the winner was decided by score alone, in a comparison of rulesets some of which the
            # lowest score wins.
            return _("Decided by the score")
        # TRANSLATORS: the winner was decided by score alone (no tiebreak needed).
        return _("Decided by the highest score")
    if criterion == "shared":
        # TRANSLATORS: games where players tied even after every tiebreak and shared the win.
        return _("Shared win (tie left after every tiebreak)")
    if criterion == "no-winner":
        # TRANSLATORS: games where every player was out, so nobody won.
        return _("Nobody won")

    # The first compared ruleset that declares the criterion names it.
    declaring = next(
        (ruleset for ruleset in rulesets if criterion in (getattr(ruleset, "tiebreak_criteria", None) or {})), None
    )
    described = criterion_description(declaring, criterion) if declaring is not None else criterion
    # TRANSLATORS: the share of games a tiebreak criterion decided; {criterion} is the ruleset's
    # description of the criterion, e.g. "most cards in hand".
    return _("Decided by tiebreak: {criterion}", criterion=described)


def _plain_scale(ruleset: Ruleset, measure: str) -> Fraction | None:
    """The scale a measure's mean is written with as a plain number (1 without a unit); None for a currency's words."""
    spec = _declared_measure(ruleset, measure)
    if spec is None or not spec.unit:
        return Fraction(1)
    unit = ruleset.unit(spec.unit) if hasattr(ruleset, "unit") else {}
    if unit.get("style", "plain") == "currency" and unit.get("currency"):
        return None
    return Fraction(unit.get("scale", 1))


def _compact_mean(ruleset: Ruleset, measure: str, amount: float) -> Fraction:
    """A mean written in a currency's words, rounded to a tenth of the word it is said in ($74.6 million).

    The mean is a float: digits past that tenth, or past the float's 15 significant digits, are its
    noise, not the games' ($1,000,000,000.0000096 trillion for a mean of 10**21 dollars).
    """

    spec = _declared_measure(ruleset, measure)
    scale = Fraction(ruleset.unit(spec.unit).get("scale", 1))
    dollars = Fraction(amount) * scale
    word = max((unit for unit in compact_units(reader_locale()) if unit <= abs(dollars)), default=1)
    # A tenth of the word (of a dollar, below the smallest word), or coarser where the float is.
    step = max(Fraction(word, 10), Fraction(10) ** -float_places(amount) * scale)
    return Fraction(round(dollars / step)) * step / scale


def _mean_amounts(rulesets: Sequence[Any], measure: str, amounts: Sequence[float | None], digits: int = 1) -> list[str]:
    """A row of a measure's means, one per ruleset, each in its ruleset's unit (``$18.7 million``, ``20,400.0``).

    A mean keeps ``digits`` decimals of a unit (the table's, see :func:`mean_decimals`); a plain number always
    shows them, as every other mean of the table does (``20,633.3`` beside ``20,400.0``, not ``20,400``).
    """
    scales = [_plain_scale(ruleset, measure) for ruleset in rulesets]
    cells = []
    for ruleset, scale, amount in zip(rulesets, scales, amounts):
        if amount is None:
            cells.append("–")
        elif scale is not None:
            cells.append(decimal(float(Fraction(round(amount * 10**digits), 10**digits) * scale), digits))
        else:
            cells.append(measure_amount(ruleset, measure, _compact_mean(ruleset, measure, amount)))
    return cells


def render_report(summary: Mapping[str, Any], rulesets: Sequence[Any], width: int | None = None) -> list[Any]:
    """The report as rich renderables: win rates, the other measures, and what stands out.

    ``width``: the terminal's columns; a table too wide for it (many rulesets
    compared) is split into tables of fewer columns, each repeating the row
    labels, so that no cell is ever cut in the middle of a number.
    """

    ruleset_summaries = summary["rulesets"]
    differences = summary["differences"]
    title_games = summary["games"]
    # Ruleset names are long paths: with several compared, the columns take letters a legend explains,
    # so that an 80-column table never cuts a name (or a number) in the middle.
    names = [entry["ruleset"] for entry in ruleset_summaries]
    heading = dict(zip(names, column_letters(len(names)))) if len(names) > 1 else {name: name for name in names}
    # TRANSLATORS: a legend line above the simulation tables: the column letter that stands for a ruleset,
    # e.g. "A: game/edition".
    legend = (
        [literal(_("{letter}: {ruleset}", letter=heading[name], ruleset=name)) for name in names]
        if len(names) > 1
        else []
    )

    # TRANSLATORS: title of the win-rate table; {games} (also {n}) is the number of games per ruleset.
    wins = Table(
        box=table_box(),
        title=literal(
            ngettext(
                "Win rate per seat, {games} game per ruleset (95% intervals)",
                "Win rate per seat, {games} games per ruleset (95% intervals)",
                title_games,
                games=decimal(title_games, 0),
            )
        ),
        title_justify="left",
    )
    # TRANSLATORS: column header: the seat (and bot kind) a row is about.
    wins.add_column(literal(_("Seat")))
    for entry in ruleset_summaries:
        wins.add_column(literal(heading[entry["ruleset"]]), justify="right", overflow="fold")
    for difference in differences:
        # TRANSLATORS: column header: a paired difference in percentage points between two rulesets
        # ({ruleset} and {baseline} are the letters of their columns).
        wins.add_column(
            literal(
                _(
                    "{ruleset} − {baseline} (percentage points)",
                    ruleset=heading[difference["ruleset"]],
                    baseline=heading[difference["baseline"]],
                )
            ),
            justify="right",
            overflow="fold",
        )

    def difference_cell(difference: Mapping[str, Any]) -> Text:
        shown = literal(difference_text(difference, TABLE_DECIMALS))
        shown.stylize("bold" if difference["significant"] else "dim")
        return shown

    base = ruleset_summaries[0]
    for index, seat in enumerate(base["seats"]):
        cells = []
        for entry in ruleset_summaries:
            seat_entry = entry["seats"][index]
            cells.append(
                rate_with_interval(seat_entry["wins"], TABLE_DECIMALS)
                + "\n"
                # TRANSLATORS: the share of games a seat won alone (not shared), e.g. "alone: 39.8%".
                + _("alone: {rate}", rate=percent(seat_entry["sole_wins"]["rate"], TABLE_DECIMALS))
            )
        wins.add_row(
            literal(seat_label(seat["seat"], seat["kind"])),
            *map(literal, cells),
            *(difference_cell(d["seats"][index]) for d in differences),
        )
    if len(base["kinds"]) > 1 or base["kinds"][0]["seats"] > 1:
        wins.add_section()
        for index, kind in enumerate(base["kinds"]):
            wins.add_row(
                literal(kind_label(kind["kind"], kind["seats"])),
                *(
                    literal(rate_with_interval(entry["kinds"][index]["wins"], TABLE_DECIMALS))
                    for entry in ruleset_summaries
                ),
                *(difference_cell(d["kinds"][index]) for d in differences),
            )

    # TRANSLATORS: title of the table of other measures of the simulated games.
    measures = Table(box=table_box(), title=literal(_("How the games went")), title_justify="left")
    # TRANSLATORS: column header: what a row measures.
    measures.add_column(literal(_("Measure")))
    for entry in ruleset_summaries:
        measures.add_column(literal(heading[entry["ruleset"]]), justify="right", overflow="fold")

    def row(label: str, cells: Sequence[str]) -> None:
        measures.add_row(literal(label), *map(literal, cells))

    unit = common_round_unit(ruleset_summaries)
    measure_names = list(dict.fromkeys(name for entry in ruleset_summaries for name in entry["mean_measures"]))
    counter_names = list(dict.fromkeys(name for entry in ruleset_summaries for name in entry.get("mean_counters", {})))
    counter_keys = {}
    for name in counter_names:
        declaring = next((ruleset for ruleset in rulesets if _counter_per(ruleset, name) is not None), rulesets[0])
        counter_keys[name] = (declaring, _counter_per(declaring, name) or "game")
    # One number of decimals for every mean of the table, decided by the whole table: a row of its own
    # precision (1.18 beside 13.6) reads as if it were measured more exactly.
    digits = mean_decimals(
        [
            value
            for entry in ruleset_summaries
            for value in (
                entry["winning_score"]["mean"],
                entry["winning_score"]["sd"],
                entry["score"]["mean"],
                entry["score"]["sd"],
                entry["mean_rounds"],
                entry["mean_actions"],
                *(
                    entry["mean_measures"].get(name)
                    for name in measure_names
                    if all(_plain_scale(ruleset, name) is not None for ruleset in rulesets)
                ),
                *(
                    (entry.get("mean_counters", {}).get(name) or {}).get("per_round" if per == "round" else "per_game")
                    for name, (_declaring, per) in counter_keys.items()
                ),
            )
        ]
    )

    def mean_sd(distribution: Mapping[str, Any]) -> str:
        if distribution["mean"] is None:
            return "–"
        if distribution["sd"] is None:
            return decimal(distribution["mean"], digits)
        # TRANSLATORS: a mean and its standard deviation, e.g. "23.4 ± 8.1".
        return _("{mean} ± {sd}", mean=decimal(distribution["mean"], digits), sd=decimal(distribution["sd"], digits))

    # TRANSLATORS: row label: the winners' score (mean ± standard deviation).
    row(_("Winning score"), [mean_sd(entry["winning_score"]) for entry in ruleset_summaries])
    # TRANSLATORS: row label: every player's final score (mean ± standard deviation).
    row(_("Score of every player"), [mean_sd(entry["score"]) for entry in ruleset_summaries])
    # Only elimination leaves a game without a winner (everyone out): without it in any compared ruleset, both rows
    # would print a 0% with an interval, as if it could happen.
    if any(can_eliminate(ruleset) for ruleset in rulesets) or any(
        entry["eliminated"]["rate"] or entry["no_winner"]["rate"] for entry in ruleset_summaries
    ):
        row(
            # TRANSLATORS: row label: the share of players the ruleset's elimination rule put out (they cannot win).
            _("Players eliminated"),
            [rate_with_interval(entry["eliminated"], TABLE_DECIMALS) for entry in ruleset_summaries],
        )
        row(
            # TRANSLATORS: row label: the share of games that nobody won.
            _("Games without a winner"),
            [rate_with_interval(entry["no_winner"], TABLE_DECIMALS) for entry in ruleset_summaries],
        )
    criteria = list(dict.fromkeys(c for entry in ruleset_summaries for c in entry["decided_by"]))
    criteria.sort(key=lambda c: (c != "score", c in ("shared", "no-winner"), c))
    for criterion in criteria:
        row(
            criterion_label(criterion, rulesets),
            [
                percent(entry["decided_by"][criterion]["rate"], TABLE_DECIMALS)
                if criterion in entry["decided_by"]
                else percent(0.0, TABLE_DECIMALS)
                for entry in ruleset_summaries
            ],
        )
    row(length_label(unit), [decimal(entry["mean_rounds"], digits) for entry in ruleset_summaries])
    # TRANSLATORS: row label: average number of player decisions per game.
    row(_("Actions per game"), [decimal(entry["mean_actions"], digits) for entry in ruleset_summaries])
    # One row per measure a compared ruleset reports, in the order the rulesets list them.
    for name in measure_names:
        # The first compared ruleset that declares the measure words its heading.
        declaring = next((ruleset for ruleset in rulesets if _declared_measure(ruleset, name) is not None), rulesets[0])
        # TRANSLATORS: row label: a measure's average per player at the end of a game; {measure} is the
        # ruleset's heading for it, e.g. "Money left" (so "Money left per player").
        row(
            _("{measure} per player", measure=_measure_heading(declaring, name)),
            _mean_amounts(rulesets, name, [entry["mean_measures"].get(name) for entry in ruleset_summaries], digits),
        )
    # One row per counter a compared ruleset reports, per game or per round as the first that reports it asks.
    for name, (declaring, per) in counter_keys.items():
        key = "per_round" if per == "round" else "per_game"
        row(
            counter_label(declaring, name, per, unit),
            [decimal((entry.get("mean_counters", {}).get(name) or {}).get(key), digits) for entry in ruleset_summaries],
        )

    tables = [wins, measures] if width is None else [*fit_to_width(wins, width), *fit_to_width(measures, width)]
    return [*legend, *tables, *findings(summary), *reading_notes(summary)]


def fit_to_width(table: Any, width: int) -> list[Any]:
    """``table`` as it is if every cell fits ``width`` columns whole (words unbroken), else split by columns.

    The first column (the row labels) is repeated in each part; the other
    columns are taken in order, as many as fit; the title heads the first
    part only.
    """
    # Each column as narrow as its longest word (a number is one word), plus its padding and one border.
    needs = [_narrowest(table, index) + 3 for index in range(len(table.columns))]
    if sum(needs) + 1 <= width or len(table.columns) <= 2:
        groups = [list(range(1, len(table.columns)))]
    else:
        groups = []
        for index in range(1, len(table.columns)):
            if groups and needs[0] + sum(needs[i] for i in groups[-1]) + needs[index] + 1 <= width:
                groups[-1].append(index)
            else:
                groups.append([index])
    parts = [_with_columns(table, [0, *group], _label_room(table, group, needs, width)) for group in groups]
    for part in parts[1:]:
        part.title = None
    return parts


# The row labels may fold inside a word (a Japanese or Korean label has no spaces to break at); numbers may not.
LABEL_MIN_WIDTH = 16


def _narrowest(table: Any, index: int) -> int:
    """How narrow column ``index`` may be: its longest word, or for the row labels at most LABEL_MIN_WIDTH."""
    longest = _longest_word(table.columns[index])
    return min(longest, LABEL_MIN_WIDTH) if index == 0 else longest


def _longest_word(column: Any) -> int:
    """The display width of the longest word in a rich table column (header and cells)."""

    return max((cell_len(word) for text in _cell_texts(column) for word in text.split()), default=0)


def _cell_texts(column: Any) -> Iterator[str]:
    """The plain text of a rich table column's header and of each of its cells."""
    for cell in (column.header, *column.cells):
        yield cell.plain if hasattr(cell, "plain") else str(cell)


def _label_room(table: Any, group: Sequence[int], needs: Sequence[int], width: int) -> int:
    """The widest the row labels may be beside the columns of ``group``, so that those keep their whole width.

    Rich, given a table too wide, narrows every column alike and then widens
    again those below their least width (a number of 41 digits): the table
    stayed too wide and was cropped. The labels wrap between words instead.
    """
    others = sum(max(_widest(table, index), needs[index] - 3) + 3 for index in group)
    return max(needs[0] - 3, width - 1 - 3 - others)


def _widest(table: Any, index: int) -> int:
    """The display width of the longest line in a rich table column (header and cells)."""

    return max((cell_len(line) for text in _cell_texts(table.columns[index]) for line in text.split("\n")), default=0)


def _with_columns(table: Any, indices: Sequence[int], label_room: int | None = None) -> Any:
    """A copy of a rich ``table`` with only the columns at ``indices`` (rows and sections kept); the row labels
    (column 0) at most ``label_room`` wide."""

    copy = Table(box=table.box, title=table.title, title_justify=table.title_justify)
    for index in indices:
        column = table.columns[index]
        # No narrower than its longest word: when rich shrinks a wide table, it then breaks lines between words.
        copy.add_column(
            column.header,
            justify=column.justify,
            overflow="fold" if index == 0 else column.overflow,
            min_width=_narrowest(table, index),
            max_width=label_room if index == 0 else None,
        )
    cells = [list(table.columns[index].cells) for index in indices]
    for row_index, row in enumerate(table.rows):
        copy.add_row(*(column_cells[row_index] for column_cells in cells), end_section=row.end_section)
    return copy


def column_letters(count: int) -> list[str]:
    """Column names for ``count`` compared rulesets: A to Z, then AA, AB... (as spreadsheets name columns)."""
    letters = []
    for index in range(count):
        name, number = "", index + 1
        while number:
            number, digit = divmod(number - 1, 26)
            name = chr(ord("A") + digit) + name
        letters.append(name)
    return letters


def reading_notes(summary: Mapping[str, Any]) -> list[str]:
    """How to read the report's numbers: what ± is, and how many 95% intervals may mislead by chance."""
    notes = [
        # TRANSLATORS: a note at the end of the simulate report on reading cells such as "23.4 ± 8.1"; keep the sign ±.
        _("± is one standard deviation of the values over the games (their spread, not the uncertainty of the mean).")
    ]
    intervals = sum(len(difference["seats"]) + len(difference["kinds"]) for difference in summary["differences"])
    if intervals > 1:
        # TRANSLATORS: {n} (also {count}) counts the 95% intervals of differences in the report; {expected}
        # is how many of them would show a difference by chance alone if the rulesets were the same.
        notes.append(
            ngettext(
                "Each 95% interval misses the true value once in 20: among the {count} interval of differences "
                "above, about {expected} may show a difference that chance alone made.",
                "Each 95% interval misses the true value once in 20: among the {count} intervals of differences "
                "above, about {expected} may show a difference that chance alone made.",
                intervals,
                count=intervals,
                expected=decimal(intervals / 20, 1),
            )
        )
    return notes


def findings(summary: Mapping[str, Any]) -> list[str]:
    """Plain sentences about the paired differences a house-rule author can act on."""
    lines: list[str] = []
    # A difference and its interval are written as the table row for the same difference writes them (its
    # decimals), so that the sentence reads as a summary of that row, not as another measurement.
    base = summary["rulesets"][0]
    for difference, entry in zip(summary["differences"], summary["rulesets"][1:]):
        for kind in difference["kinds"]:
            if kind["difference"] is None:
                continue
            low, high = kind["ci"] if kind["ci"] else (None, None)
            if kind["significant"]:
                if kind["difference"] > 0:
                    # TRANSLATORS: a finding; {ruleset} and {baseline} are ruleset ids, {kind} a bot kind,
                    # {points} a difference in percentage points, {low}/{high} its 95% interval.
                    message = _(
                        "Under {ruleset}, {kind} bots win {points} percentage points more often than under {baseline} "
                        "(95% interval {low} to {high}).",
                        ruleset=difference["ruleset"],
                        baseline=difference["baseline"],
                        kind=_kind_name(kind["kind"]),
                        points=points(abs(kind["difference"]), TABLE_DECIMALS).lstrip("+"),
                        low=points(low, TABLE_DECIMALS),
                        high=points(high, TABLE_DECIMALS),
                    )
                else:
                    # TRANSLATORS: as above, for a decrease.
                    message = _(
                        "Under {ruleset}, {kind} bots win {points} percentage points less often than under {baseline} "
                        "(95% interval {low} to {high}).",
                        ruleset=difference["ruleset"],
                        baseline=difference["baseline"],
                        kind=_kind_name(kind["kind"]),
                        points=points(abs(kind["difference"]), TABLE_DECIMALS).lstrip("+"),
                        low=points(low, TABLE_DECIMALS),
                        high=points(high, TABLE_DECIMALS),
                    )
            else:
                # TRANSLATORS: a finding: no difference the games can tell apart from chance.
                message = _(
                    "{ruleset} and {baseline}: no clear difference in how often {kind} bots win "
                    "(95% interval {low} to {high} percentage points).",
                    ruleset=difference["ruleset"],
                    baseline=difference["baseline"],
                    kind=_kind_name(kind["kind"]),
                    low=points(low, TABLE_DECIMALS),
                    high=points(high, TABLE_DECIMALS),
                )
            lines.append(message)
        before, after = base["winning_score"], entry["winning_score"]
        if _clearly_different(before, after):
            # TRANSLATORS: a finding about the winners' mean score under two rulesets.
            lines.append(
                _(
                    "Winning score: {before} on average under {baseline}, {after} under {ruleset}.",
                    before=decimal(before["mean"]),
                    after=decimal(after["mean"]),
                    baseline=difference["baseline"],
                    ruleset=difference["ruleset"],
                )
            )
        no_winner_change = (entry["no_winner"]["rate"] or 0) - (base["no_winner"]["rate"] or 0)
        if abs(no_winner_change) >= 0.005:
            # TRANSLATORS: a finding about games nobody wins; {before} and {after} are percentages.
            lines.append(
                _(
                    "Games without a winner: {before} under {baseline}, {after} under {ruleset}.",
                    before=percent(base["no_winner"]["rate"]),
                    after=percent(entry["no_winner"]["rate"]),
                    baseline=difference["baseline"],
                    ruleset=difference["ruleset"],
                )
            )
    return lines


def _clearly_different(before: Mapping[str, Any], after: Mapping[str, Any]) -> bool:
    """Whether two mean scores differ by more than twice the standard error of their difference.

    Treats the two as independent samples, which overstates the error of
    paired games: a conservative test, good enough to decide what to mention.
    """
    if before["mean"] is None or after["mean"] is None or before["sd"] is None or after["sd"] is None:
        return False
    error = (before["sd"] ** 2 / before["count"] + after["sd"] ** 2 / after["count"]) ** 0.5
    return abs(after["mean"] - before["mean"]) > 2 * error
