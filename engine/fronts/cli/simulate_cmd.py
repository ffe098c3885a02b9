"""``cardrules simulate``: many seeded bot games per ruleset, compared side by side.

Game ``i`` is dealt identically under every ruleset (see
:mod:`engine.fronts.simulation.runner`), so the differences reported are paired.
The work runs in this process (``--jobs 1``), a process pool (``--jobs N``,
default: every core) or on a Dask cluster (``--scheduler tcp://HOST:PORT``);
the statistics are the same whichever.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.simulate_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import (
    FiniteFloatRange,
    ascii_option,
    exits_on_bad_input,
    given_rulesets,
    lang_option,
    option_overrides,
)


@click.command(
    name="simulate",
    # TRANSLATORS: --help of the simulate command; "game i" is the i-th game of the run, dealt alike under each ruleset.
    help=_(
        "Play many games with bots under one or more rulesets and compare them side by side "
        "(game i is dealt the same way under every ruleset)."
    ),
)
@click.option(
    "-r",
    "--ruleset",
    "ruleset_names",
    multiple=True,
    required=True,
    metavar="RULESET",
    shell_complete=completion.rulesets,
    callback=given_rulesets,
    # TRANSLATORS: --help of simulate -r; keep GAME/EDITION, YAML and --baseline as they are.
    help=_(
        "A ruleset (GAME/EDITION or a house-rule YAML file); repeat to compare. "
        "Differences are against the first, or against --baseline."
    ),
)
@click.option(
    "--baseline",
    metavar="RULESET",
    shell_complete=completion.rulesets,
    callback=given_rulesets,
    # TRANSLATORS: --help of simulate --baseline; keep -r as it is.
    help=_("The ruleset (one of the -r values) the others are compared with; default: the first."),
)
@option_overrides
@click.option(
    "--games",
    type=click.IntRange(min=1),
    required=True,
    metavar="N",
    # TRANSLATORS: --help of simulate --games.
    help=_("Games per ruleset."),
)
@click.option(
    "--players",
    "players_spec",
    required=True,
    metavar="SPEC",
    # TRANSLATORS: --help of simulate --players; keep the example bot:heuristic,bot:random,... as it is (typed as is).
    help=_("The seats, all bots: e.g. bot:heuristic,bot:random,bot:random,bot:random."),
)
@click.option(  # TRANSLATORS: --help of simulate --seed; the seed chosen is printed.
    "--seed", type=int, default=None, metavar="N", help=_("Seed of the whole run (default: a random one, reported).")
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=None,
    metavar="N",
    # TRANSLATORS: --help of simulate --jobs; "1" means no worker process: the games are played by the command itself.
    help=_("Worker processes (default: every core; 1 plays in this process)."),
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    # TRANSLATORS: --help of simulate --scheduler; keep Dask, the example address and cardrules[cluster] as they are.
    help=_("Run on a Dask cluster, e.g. tcp://127.0.0.1:8786 (needs cardrules[cluster])."),
)
@click.option(
    "--scheduler-timeout",
    type=FiniteFloatRange(min=0.1, max=3600),
    default=10.0,
    envvar="CARDRULES_SCHEDULER_TIMEOUT",
    metavar="SECONDS",
    # TRANSLATORS: --help of simulate --scheduler-timeout; keep CARDRULES_SCHEDULER_TIMEOUT as it is.
    help=_(
        "Seconds to wait for the Dask scheduler to answer and for a worker to be there, before giving up "
        "(default: 10; also CARDRULES_SCHEDULER_TIMEOUT)."
    ),
)
@click.option(
    "--logs",
    "logs_path",
    type=click.Path(dir_okay=False),
    metavar="FILE.jsonl",
    # TRANSLATORS: --help of simulate --logs (a JSON Lines file); keep JSON as it is.
    help=_("Write every game's log, one JSON object per line."),
)
# TRANSLATORS: --help of simulate --force; keep --logs as it is.
@click.option("--force", is_flag=True, help=_("Replace a --logs file that already exists."))
@click.option(
    "--plot",
    "plot_path",
    type=click.Path(dir_okay=False),
    metavar="FILE.png",
    # TRANSLATORS: --help of simulate --plot; keep the file endings (.svg, .pdf, .jpg) and PNG as they are.
    help=_(
        "Draw win rates and score distributions into an image (PNG, or the format the file name ends with: .svg, .pdf, .jpg, ...)."
    ),
)
# TRANSLATORS: --help of simulate --json; keep JSON as it is.
@click.option("--json", "as_json", is_flag=True, help=_("Print the statistics as one JSON object."))
@lang_option
@ascii_option
@exits_on_bad_input
def command(
    ruleset_names: tuple[str, ...],
    baseline: str | None,
    options: dict[str, str],
    games: int,
    players_spec: str,
    seed: int | None,
    jobs: int | None,
    scheduler: str | None,
    scheduler_timeout: float,
    logs_path: str | None,
    force: bool,
    plot_path: str | None,
    as_json: bool,
) -> None:
    """Simulate and report (see the module docstring)."""
    from engine.fronts.cli import simulate_run  # lazy: the command loads the engine only when it runs

    simulate_run.run_command(
        ruleset_names=ruleset_names,
        baseline=baseline,
        options=options,
        games=games,
        players_spec=players_spec,
        seed=seed,
        jobs=jobs,
        scheduler=scheduler,
        scheduler_timeout=scheduler_timeout,
        logs_path=logs_path,
        force=force,
        plot_path=plot_path,
        as_json=as_json,
    )
