"""The simulation plot: a real PNG, labels in the reader's language, a clean fallback without CJK fonts."""

from __future__ import annotations

import random
from fractions import Fraction
from types import SimpleNamespace

import pytest

from engine.base import i18n
from engine.fronts.simulation import plot
from engine.fronts.simulation.report import summarize
from engine.fronts.simulation.stats import BatchTally, GameOutcome

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def made_up_summary() -> dict:
    """A summary of invented games (the plot only reads the summary)."""
    rulesets = [SimpleNamespace(id=name, options={}) for name in ("edition-a", "edition-b")]
    kinds = ("heuristic", "random", "random")
    tally = BatchTally.empty(kinds, 2)
    rng = random.Random(3)
    for _ in range(150):
        outcomes = []
        for _ruleset in rulesets:
            winners = frozenset(rng.sample(range(3), rng.choice([0, 1, 1, 2])))
            outcomes.append(
                GameOutcome(
                    winners,
                    tuple(rng.random() < 0.3 for _ in kinds),
                    tuple(Fraction(rng.randint(-10, 80), rng.choice([1, 2])) for _ in kinds),
                    (("money", tuple(rng.randint(0, 90) for _ in kinds)),),
                    "score" if len(winners) == 1 else None,
                    13,
                    55,
                )
            )
        tally.add_game(outcomes)
    return summarize(rulesets=rulesets, sources=["a", "b"], seat_kinds=kinds, games=150, seed=3, tally=tally)


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


def test_the_plot_is_a_png_with_pixels_in_it(tmp_path):
    i18n.set_language("en")
    path = tmp_path / "plot.png"
    assert plot.save_plot(made_up_summary(), path) == []
    data = path.read_bytes()
    assert data[:8] == PNG_SIGNATURE
    width = int.from_bytes(data[16:20], "big")
    height = int.from_bytes(data[20:24], "big")
    assert width > 800 and height > 300


def test_a_japanese_plot_uses_a_japanese_font_or_says_it_fell_back_to_english(tmp_path):
    i18n.set_language("ja")
    warnings = plot.save_plot(made_up_summary(), tmp_path / "plot.png")
    font = plot.cjk_font_for("ja")
    if font is not None:
        assert warnings == []
        assert "CJK" in font or "Gothic" in font
    else:
        assert len(warnings) == 1
    assert (tmp_path / "plot.png").read_bytes()[:8] == PNG_SIGNATURE
    assert i18n.current_language() == "ja"


def test_the_korean_font_is_preferred_for_korean_when_installed():
    font = plot.cjk_font_for("ko")
    assert font is None or "KR" in font or "CJK" in font or "Gothic" in font


def test_without_a_cjk_font_the_labels_are_english_and_the_user_is_told(tmp_path, monkeypatch):
    monkeypatch.setattr(plot, "cjk_font_for", lambda lang: None)
    languages_drawn = []
    draw = plot.draw_figure

    def spy(summary, font_family=None, rulesets=None):
        languages_drawn.append((i18n.current_language(), font_family))
        return draw(summary, font_family, rulesets)

    monkeypatch.setattr(plot, "draw_figure", spy)
    i18n.set_language("ko")
    warnings = plot.save_plot(made_up_summary(), tmp_path / "plot.png")
    assert languages_drawn == [("en", None)]
    assert len(warnings) == 1 and str(tmp_path / "plot.png") in warnings[0]
    # The reader's language is back once the plot is drawn.
    assert i18n.current_language() == "ko"


def test_english_needs_no_cjk_font():
    assert not plot.needs_cjk_font("en")
    assert plot.needs_cjk_font("ja") and plot.needs_cjk_font("ko_KR")


def test_scores_are_binned_in_whole_numbers_for_the_distribution_lines():
    edges, shares = plot._histogram_points({"3.5": 1, "3": 1, "7/3": 2, "-1": 4})
    assert edges[0] == -1.0 and edges[-1] == 4.0
    # Bins [-1, 0), [0, 1), [1, 2), [2, 3) holding 7/3, [3, 4) holding 3 and 3.5.
    assert shares[:-1] == [0.5, 0.0, 0.0, 0.25, 0.25]


def test_the_plot_is_drawn_in_the_format_its_file_name_asks_for(tmp_path):
    summary = made_up_summary()
    plot.save_plot(summary, tmp_path / "plot.jpg")
    plot.save_plot(summary, tmp_path / "plot.svg")
    plot.save_plot(summary, tmp_path / "plot")
    assert (tmp_path / "plot.jpg").read_bytes()[:2] == b"\xff\xd8"  # a JPEG, not PNG bytes in a .jpg
    assert b"<svg" in (tmp_path / "plot.svg").read_bytes()[:500]
    assert (tmp_path / "plot").read_bytes().startswith(PNG_SIGNATURE)


def test_a_plot_file_with_an_unknown_ending_is_refused_before_any_game(tmp_path):
    from click.testing import CliRunner

    from engine.fronts.cli.simulate_cmd import command

    result = CliRunner().invoke(
        command,
        [
            "-r",
            "high-society/ja",
            "--games",
            "100000",
            "--players",
            "bot:random,bot:random,bot:random",
            "--plot",
            str(tmp_path / "out.xyz"),
        ],
    )
    assert result.exit_code == 2
    assert "out.xyz" in result.output and "png" in result.output
    assert not (tmp_path / "out.xyz").exists()


def test_the_ticks_of_an_axis_share_their_decimals():
    i18n.set_language("en")
    points = plot._axis_formatter("points")
    assert points.format_ticks([-0.015, -0.01, -0.005, 0.0, 0.005, 0.01, 0.015]) == [
        "-1.5",
        "-1.0",
        "-0.5",
        "0.0",
        "+0.5",
        "+1.0",
        "+1.5",
    ]
    assert points.format_ticks([-0.02, 0.0, 0.02, 0.04]) == ["-2", "0", "+2", "+4"]
    shares = plot._axis_formatter("percent")
    assert shares.format_ticks([0.0, 0.2, 0.4, 0.6]) == ["0%", "20%", "40%", "60%"]
    assert shares.format_ticks([0.0, 0.025, 0.05]) == ["0.0%", "2.5%", "5.0%"]


def test_the_bottom_row_shows_the_length_and_every_reported_measure_and_counter():
    from simulate_helpers import trading_summary

    i18n.set_language("en")
    rulesets, summary = trading_summary()
    assert plot.game_measures(summary, rulesets) == [
        ("Turns per game", [30.0], 1),
        ("Coins per player", [3.0], 1),
        ("Trades per turn", [0.35], 2),
    ]
    # Without the rulesets there are no headings to go by: the counters are named by id, per game.
    assert plot.game_measures(summary) == [("Turns per game", [30.0], 1), ("trades", [10.5], 1)]


def test_a_measure_two_rulesets_count_in_different_units_is_left_out_of_the_plot():
    from engine.families.catalog import load_ruleset

    i18n.set_language("en")
    japanese, korean = load_ruleset("high-society/ja"), load_ruleset("high-society/ko")
    summary = made_up_summary()
    # Yen against millions of dollars: one axis cannot compare them.
    assert [title for title, _values, _digits in plot.game_measures(summary, [japanese, korean])] == ["Rounds per game"]
    assert [title for title, _values, _digits in plot.game_measures(summary, [japanese, japanese])] == [
        "Rounds per game",
        "Money left per player",
    ]


def test_a_plot_with_the_rulesets_is_drawn_with_their_headings(tmp_path):
    from simulate_helpers import trading_summary

    i18n.set_language("en")
    rulesets, summary = trading_summary()
    figure, _rc = plot.draw_figure(summary, None, rulesets)
    titles = [axes.get_title() for axes in figure.get_axes()]
    assert {"Turns per game", "Coins per player", "Trades per turn"} <= set(titles)
    assert plot.save_plot(summary, tmp_path / "trading.png", rulesets) == []
    assert (tmp_path / "trading.png").read_bytes()[:8] == PNG_SIGNATURE
