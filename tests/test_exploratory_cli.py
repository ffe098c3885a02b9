"""Found by exploratory testing: what a demanding user ran and what went wrong before."""
from __future__ import annotations

from tests.cli_helpers import cardrules_process


def test_starting_a_new_language_prints_nothing_on_stderr(tmp_path):
    # `i18n init LANG` once named its argument like the --lang option, and click warned about it on stderr.
    created = cardrules_process("i18n", "init", "fr", "--dir", str(tmp_path))
    assert created.returncode == 0
    assert created.stderr == ""
    assert (tmp_path / "locales" / "fr" / "LC_MESSAGES" / "cardrules.po").is_file()


def test_a_single_simulated_game_is_counted_in_the_singular():
    run = cardrules_process("simulate", "-r", "high-society/ja", "--games", "1", "--seed", "3",
                            "--players", "bot:random,bot:random,bot:random", env={"COLUMNS": "200"})
    assert run.returncode == 0, run.stderr
    assert "1 game per ruleset, seats" in run.stdout
    assert "Win rate per seat, 1 game per ruleset" in run.stdout
    assert "1 games" not in run.stdout


def test_the_figure_title_counts_a_single_game_in_the_singular():
    from engine.simulation.plot import figure_title

    assert figure_title({"games": 1, "seed": 5}) == "1 game per ruleset, seed 5"
    assert figure_title({"games": 2, "seed": 5}) == "2 games per ruleset, seed 5"
