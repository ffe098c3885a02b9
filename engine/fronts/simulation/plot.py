"""The picture of a simulation: win rate per seat with intervals, the score distributions, how the games went.

Drawn with matplotlib's object API (``Figure`` + ``FigureCanvasAgg``), never
``pyplot``: no global figure state, safe in any thread, no display needed.

Labels are in the reader's language. Japanese and Korean need a font with
their glyphs; :func:`cjk_font_for` looks for one among the fonts matplotlib
knows (the Noto CJK family, or any other "CJK"/Gothic family). Without one the
plot is drawn with English labels and :func:`save_plot` says so, rather than
drawing boxes where the letters should be.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import Any

import matplotlib
from babel.numbers import format_percent
from matplotlib import font_manager
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure
from matplotlib.ticker import Formatter

from engine.base import i18n
from engine.base.formatting import format_with_pattern
from engine.base.formatting import reader_locale as _locale
from engine.base.i18n import _, ngettext
from engine.fronts.simulation.report import (
    _counter_per,
    _declared_measure,
    _measure_heading,
    common_round_unit,
    counter_label,
    decimal,
    length_label,
    seat_label,
)

# Languages whose script the default (DejaVu) fonts cannot draw, and the
# region each prefers among the CJK font families (shapes differ by region).
_CJK_REGIONS = {"ja": "JP", "ko": "KR", "zh": "SC"}
_CJK_FAMILY_HINTS = ("CJK", "Gothic", "Mincho", "Hei", "Nanum", "Malgun", "Meiryo", "Yu Gothic")


def _language_base(lang: str) -> str:
    return lang.replace("-", "_").split("_")[0].lower()


def needs_cjk_font(lang: str) -> bool:
    """Whether text in ``lang`` needs a CJK font."""
    return _language_base(lang) in _CJK_REGIONS


def cjk_font_for(lang: str) -> str | None:
    """The name of an installed font family that can draw ``lang``, or None.

    Prefers the family for the language's region (``Noto Sans CJK JP`` for
    Japanese, ``... KR`` for Korean), then any CJK family.
    """

    names = sorted({entry.name for entry in font_manager.fontManager.ttflist})
    candidates = [name for name in names if any(hint.lower() in name.lower() for hint in _CJK_FAMILY_HINTS)]
    if not candidates:
        return None
    region = _CJK_REGIONS.get(_language_base(lang), "")
    for preferred in (f"Sans CJK {region}", f"CJK {region}", "Sans CJK", "CJK"):
        for name in candidates:
            if preferred.lower() in name.lower():
                return name
    return candidates[0]


def _histogram_points(
    histogram: Mapping[str, int], bins: int = 40, shown: tuple[float, float] | None = None
) -> tuple[list[float], list[float]]:
    """Bin edges and the share of the total in each bin, for a step plot.

    Exact scores take many distinct values (halves, quarters); whole-number
    bins (wider when the range is large) show the shape instead of the noise.
    """
    total = sum(histogram.values())
    if not total:
        return [], []
    scores = {Fraction(key): count for key, count in histogram.items()}
    low = math.floor(min(scores))
    high = math.floor(max(scores)) + 1
    # About ``bins`` bins across the part of the axis that is shown (all of it by default).
    shown_width = (shown[1] - shown[0]) if shown is not None else high - low
    width = max(1, math.ceil(shown_width / bins))
    counts = [0] * math.ceil((high - low) / width)
    for score, count in scores.items():
        counts[math.floor((score - low) / width)] += count
    edges = [float(low + index * width) for index in range(len(counts) + 1)]
    shares = [count / total for count in counts]
    # A step plot with where="post" needs the last value repeated at the last edge.
    return edges, shares + shares[-1:]


def _central_range(histograms: Sequence[Mapping[str, int]], tail: float = 0.005) -> tuple[float, float] | None:
    """The score range holding all but ``tail`` of the mass at each end, over all histograms.

    A handful of extreme games would otherwise squeeze the bulk of the
    distribution into a sliver of the axis.
    """
    low = high = None
    for histogram in histograms:
        total = sum(histogram.values())
        if not total:
            continue
        ordered = sorted((Fraction(key), count) for key, count in histogram.items())
        seen = 0
        for score, count in ordered:
            seen += count
            if seen / total > tail:
                low = float(score) if low is None else min(low, float(score))
                break
        seen = 0
        for score, count in reversed(ordered):
            seen += count
            if seen / total > tail:
                high = float(score) if high is None else max(high, float(score))
                break
    if low is None or high is None:
        return None
    return low - 1, high + 1


def _bars_with_intervals(
    axes: Any,
    groups: Sequence[Sequence[tuple[float | None, list[float] | None]]],
    labels: Sequence[str],
    colours: Sequence[str],
) -> None:
    """Grouped bars (one group per seat, one bar per series) with their intervals as error bars."""
    width = 0.8 / max(1, len(groups))
    for index, (series, label, colour) in enumerate(zip(groups, labels, colours)):
        positions = [seat + (index - (len(groups) - 1) / 2) * width for seat in range(len(series))]
        values = [value or 0.0 for value, _interval in series]
        lower = [max(0.0, value - interval[0]) if interval else 0.0 for value, (_v, interval) in zip(values, series)]
        upper = [max(0.0, interval[1] - value) if interval else 0.0 for value, (_v, interval) in zip(values, series)]
        axes.bar(positions, values, width=width * 0.95, yerr=[lower, upper], capsize=3, label=label, color=colour)


def game_measures(
    summary: Mapping[str, Any], rulesets: Sequence[Any] | None = None
) -> list[tuple[str, list[float | None], int]]:
    """What the bottom row of the plot shows: ``(title, one mean per ruleset, decimals)`` per panel.

    The game's length (rounds, or turns), then each reported measure per
    player and each reported counter (per game or per round, as the ruleset
    asks), in the order the report's table has them. A measure is left out
    when the rulesets count it in different units (one edition's money in
    plain face values, another's in millions of dollars): one axis would
    compare numbers that do not compare. Without the rulesets there are no
    headings or units to go by, and the panels show the game's length and
    the counters, named by id.
    """

    entries = summary["rulesets"]
    unit = common_round_unit(entries)
    panels: list[tuple[str, list[float | None], int]] = [
        (length_label(unit), [entry["mean_rounds"] for entry in entries], 1)
    ]
    if rulesets is not None:
        names = list(dict.fromkeys(name for entry in entries for name in entry["mean_measures"]))
        for name in names:
            declared = [
                (ruleset, _declared_measure(ruleset, name))
                for ruleset, entry in zip(rulesets, entries)
                if name in entry["mean_measures"]
            ]
            counted_in = {
                tuple(sorted(dict(ruleset.unit(spec.unit)).items())) if spec is not None and spec.unit else ()
                for ruleset, spec in declared
            }
            if len(counted_in) > 1:
                continue
            declaring = next((ruleset for ruleset, spec in declared if spec is not None), rulesets[0])
            panels.append(
                (
                    # TRANSLATORS: plot title: a measure's average per player, e.g. "Coins per player".
                    _("{measure} per player", measure=_measure_heading(declaring, name)),
                    [entry["mean_measures"].get(name) for entry in entries],
                    1,
                )
            )
    counter_names = list(dict.fromkeys(name for entry in entries for name in entry.get("mean_counters", {})))
    for name in counter_names:
        declaring = None
        if rulesets is not None:
            declaring = next((ruleset for ruleset in rulesets if _counter_per(ruleset, name) is not None), None)
        per = _counter_per(declaring, name) if declaring is not None else "game"
        key = "per_round" if per == "round" else "per_game"
        title = counter_label(declaring, name, per, unit) if declaring is not None else name
        panels.append(
            (
                title,
                [(entry.get("mean_counters", {}).get(name) or {}).get(key) for entry in entries],
                2 if per == "round" else 1,
            )
        )
    return panels


def _draw_game_measures(
    row: Sequence[Any], panels: Sequence[tuple[str, list[float | None], int]], ruleset_names: Sequence[str]
) -> None:
    """One small bar chart per panel: a bar per ruleset, its mean written on it."""

    for axes, (title, values, digits) in zip(row, panels):
        positions = range(len(values))
        bars = axes.bar(
            positions, [value or 0.0 for value in values], width=0.6, color=[f"C{index}" for index in positions]
        )
        axes.bar_label(bars, labels=[decimal(value, digits) for value in values], fontsize="small")
        axes.set_title(title, fontsize="medium")
        axes.set_xticks(list(positions), list(ruleset_names), rotation=15, fontsize="small")
        axes.margins(y=0.15)
        axes.yaxis.set_major_formatter(_axis_formatter("number"))


def draw_figure(
    summary: Mapping[str, Any], font_family: str | None = None, rulesets: Sequence[Any] | None = None
) -> Any:
    """A matplotlib Figure of the summary (labels in the current language), and the rc settings it needs.

    Top: win rate per seat for every ruleset, and (with two or more rulesets)
    the paired difference of each seat's win rate from the first ruleset.
    Middle: the distributions of winning scores and of every player's score.
    Bottom: how the games went (:func:`game_measures`; ``rulesets`` word
    the measures' and counters' headings).
    """

    rc = {"font.family": [font_family, "DejaVu Sans"]} if font_family else {}
    with matplotlib.rc_context(rc):
        figure = Figure(figsize=(13, 12), layout="constrained")
        upper, lower = figure.subfigures(2, 1, height_ratios=[2, 0.9])
        (wins_axes, differences_axes), (winning_axes, scores_axes) = upper.subplots(2, 2)
        panels = game_measures(summary, rulesets)
        # At least four columns, so that one or two panels are not stretched across the page.
        measure_axes = lower.subplots(1, max(4, len(panels)), squeeze=False)[0]
        entries = summary["rulesets"]
        _draw_game_measures(measure_axes, panels, [entry["ruleset"] for entry in entries])
        for axes in measure_axes[len(panels) :]:
            axes.set_axis_off()
        seats = entries[0]["seats"]
        seat_names = [seat_label(seat["seat"], seat["kind"]) for seat in seats]

        _bars_with_intervals(
            wins_axes,
            [[(seat["wins"]["rate"], seat["wins"]["ci"]) for seat in entry["seats"]] for entry in entries],
            [entry["ruleset"] for entry in entries],
            [f"C{i}" for i in range(len(entries))],
        )
        # TRANSLATORS: plot title; error bars are 95% confidence intervals.
        wins_axes.set_title(_("Win rate per seat (95% intervals)"))
        # TRANSLATORS: plot axis label.
        wins_axes.set_ylabel(_("Games won"))
        wins_axes.yaxis.set_major_formatter(_percent_formatter())

        differences = summary["differences"]
        if differences:
            _bars_with_intervals(
                differences_axes,
                [[(seat["difference"], seat["ci"]) for seat in difference["seats"]] for difference in differences],
                [difference["ruleset"] for difference in differences],
                [f"C{i + 1}" for i in range(len(differences))],
            )
            differences_axes.axhline(0, color="black", linewidth=0.8)
            # TRANSLATORS: plot title: each seat's win rate under a ruleset minus under the first ruleset
            # ({baseline}), same deals; error bars are 95% intervals.
            differences_axes.set_title(
                _("Change in win rate from {baseline} (paired, 95% intervals)", baseline=differences[0]["baseline"])
            )
            # TRANSLATORS: plot axis label: a difference of two win rates, in percentage points.
            differences_axes.set_ylabel(_("Percentage points"))
            differences_axes.yaxis.set_major_formatter(_points_formatter())
        else:
            differences_axes.set_axis_off()
        for axes in (wins_axes, differences_axes):
            axes.set_xticks(range(len(seats)), seat_names, rotation=15)
            if axes.has_data():
                axes.legend(fontsize="small")

        shown_ranges = {
            key: _central_range([entry[key]["histogram"] for entry in entries]) for key in ("winning_score", "score")
        }
        for index, entry in enumerate(entries):
            for axes, key in ((winning_axes, "winning_score"), (scores_axes, "score")):
                x, shares = _histogram_points(entry[key]["histogram"], shown=shown_ranges[key])
                axes.step(x, shares, where="post", label=entry["ruleset"], color=f"C{index}")
        # TRANSLATORS: plot title: how the winners' scores are distributed.
        winning_axes.set_title(_("Winning scores"))
        # TRANSLATORS: plot title: how every player's final score is distributed.
        scores_axes.set_title(_("Scores of every player"))
        for axes, key in ((winning_axes, "winning_score"), (scores_axes, "score")):
            shown = shown_ranges[key]
            if shown is not None:
                axes.set_xlim(*shown)
            # TRANSLATORS: plot axis label: a final score.
            axes.set_xlabel(_("Score"))
            # TRANSLATORS: plot axis label: the share of games (or of players) with that score.
            axes.set_ylabel(_("Share"))
            axes.yaxis.set_major_formatter(_percent_formatter())
            axes.legend(fontsize="small")
        figure.suptitle(figure_title(summary))
    return figure, rc


def _tick_decimals(values: Sequence[float], scale: float) -> int:
    """Decimals that tell every tick apart once ``values`` are multiplied by ``scale``, and no more."""
    shown = sorted({round(value * scale, 9) for value in values})
    steps = [b - a for a, b in zip(shown, shown[1:]) if b - a > 1e-9]
    if not steps:
        return 0
    step = min(steps)
    decimals = 0
    while decimals < 4 and abs(step * 10**decimals - round(step * 10**decimals)) > 1e-6:
        decimals += 1
    return decimals


def _axis_formatter(kind: str) -> Any:
    """Tick labels in the reader's notation with one number of decimals for the whole axis.

    ``kind`` is ``percent`` (a share: ``20%``, ``2.5%``), ``points`` (a
    difference of two shares in percentage points, signed but for zero:
    ``+0.5``, ``0.0``, ``-1.5``) or ``number`` (a plain mean: ``12.5``).
    The label of a single value (the report's) picks its decimals by its
    size; ticks side by side read better with the same decimals, enough to
    tell them apart.
    """

    class AxisFormatter(Formatter):
        decimals = 1

        def set_locs(self, locs: Sequence[float]) -> None:
            super().set_locs(locs)
            self.decimals = _tick_decimals(list(locs), 1 if kind == "number" else 100)

        def __call__(self, value: float, position: Any = None) -> str:
            fraction = "." + "0" * self.decimals if self.decimals else ""
            if kind == "percent":
                return format_percent(value, f"#,##0{fraction}%", locale=_locale())
            if kind == "number":
                return format_with_pattern(value, f"#,##0{fraction}", _locale())
            if abs(value * 100) < 0.5 * 10**-self.decimals:
                return format_with_pattern(0, f"#,##0{fraction}", _locale())
            return format_with_pattern(value * 100, f"+#,##0{fraction};-#,##0{fraction}", _locale())

    return AxisFormatter()


def _points_formatter() -> Any:
    return _axis_formatter("points")


def _percent_formatter() -> Any:
    return _axis_formatter("percent")


def save_plot(summary: Mapping[str, Any], path: str | Path, rulesets: Sequence[Any] | None = None) -> list[str]:
    """Draw the summary into ``path`` (PNG, or the format its ending names); returns warnings for the user (translated).

    ``rulesets`` (in the summary's order) word the headings of the measures
    and counters they report; without them those panels are named by id.

    The only warning so far: the reader's language needs a CJK font and none is
    installed, so the labels are in English.
    """

    warnings: list[str] = []
    lang = i18n.current_language()
    font_family = None
    draw_language = lang
    if needs_cjk_font(lang):
        font_family = cjk_font_for(lang)
        if font_family is None:
            # TRANSLATORS: {path} is the plot file; the reader may install e.g. fonts-noto-cjk.
            warnings.append(
                _(
                    "No font with Japanese or Korean letters is installed, so the plot {path} is labelled "
                    "in English (install Noto Sans CJK, e.g. the fonts-noto-cjk package, to change that).",
                    path=str(path),
                )
            )
            draw_language = i18n.DEFAULT_LANGUAGE
    with i18n.in_language(draw_language):
        figure, rc = draw_figure(summary, font_family, rulesets)
        with matplotlib.rc_context(rc):
            canvas = FigureCanvasAgg(figure)
            canvas.print_figure(str(path), format=image_format(path))
    return warnings


def image_format(path: str | Path) -> str:
    """The image format a plot file's name asks for (``out.svg`` -> ``svg``); PNG when it names none."""
    suffix = Path(path).suffix.lower().lstrip(".")
    return suffix or "png"


def supported_image_formats() -> list[str]:
    """The file name endings matplotlib can draw the plot into (png, svg, pdf, jpg, ...)."""

    return sorted(FigureCanvasAgg(Figure()).get_supported_filetypes())


def figure_title(summary: Mapping[str, Any]) -> str:
    """The figure's title: how many games each ruleset had, and the seed that makes them again."""
    # TRANSLATORS: the figure's title; {games} (also {n}) is the number of games per ruleset, {seed} the seed.
    return ngettext(
        "{games} game per ruleset, seed {seed}",
        "{games} games per ruleset, seed {seed}",
        summary["games"],
        games=summary["games"],
        seed=summary["seed"],
    )
