"""``cardrules serve``: a web table where each seat plays from its own browser, in its own language.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.serve_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import FiniteFloatRange, exits_on_bad_input, lang_option
from engine.fronts.web.limits import (
    AWAY_SECONDS,
    DATA_CAP_BYTES,
    FINISHED_IDLE_SECONDS,
    IDLE_SECONDS,
    ServeLimits,
)

# The longest time an option may give (a century: longer is forever) and the largest data cap (a petabyte).
MOST_DAYS = 36_500
MOST_DATA_CAP_MB = 1_000_000_000


@click.command(
    "serve",
    # TRANSLATORS: --help of the serve command: a web server where friends play one game from their own browsers.
    help=_("Serve web tables: friends play one game from their own browsers, each in their own language."),
)
# TRANSLATORS: --help of serve --host: the network address the server listens on.
@click.option("--host", default="127.0.0.1", show_default=True, help=_("The address to listen on."))
@click.option(
    "--port",
    type=click.IntRange(0, 65535),
    default=8000,
    show_default=True,
    # TRANSLATORS: --help of serve --port: the TCP port the server listens on.
    help=_("The port to listen on."),
)
@click.option(
    "--data",
    "data_dir",
    type=click.Path(file_okay=False),
    shell_complete=completion.files,
    # TRANSLATORS: --help of serve --data: where the tables are kept; keep XDG_DATA_HOME as it is.
    help=_("The folder where tables are kept (default: cardrules/web under XDG_DATA_HOME)."),
)
@click.option(
    "--away-minutes",
    type=FiniteFloatRange(min=0, min_open=True, max=MOST_DAYS * 24 * 60),
    default=AWAY_SECONDS / 60,
    show_default=True,
    # TRANSLATORS: --help of serve --away-minutes: a bot plays the seat of a player who leaves a question unanswered.
    help=_("A bot plays the seat of a player who leaves a question unanswered this many minutes, until they return."),
)
@click.option(
    "--idle-days",
    type=FiniteFloatRange(min=0, min_open=True, max=MOST_DAYS),
    default=IDLE_SECONDS / 86400,
    show_default=True,
    # TRANSLATORS: --help of serve --idle-days: when a table whose game is not over is removed.
    help=_("Remove a table whose game is not over after this many days with no move and no page open."),
)
@click.option(
    "--finished-idle-days",
    type=FiniteFloatRange(min=0, min_open=True, max=MOST_DAYS),
    default=FINISHED_IDLE_SECONDS / 86400,
    show_default=True,
    # TRANSLATORS: --help of serve --finished-idle-days: when a table whose game is over is removed.
    help=_("Remove a table whose game is over after this many days with no page open."),
)
@click.option(
    "--data-cap-mb",
    type=FiniteFloatRange(min=0, max=MOST_DATA_CAP_MB),
    default=DATA_CAP_BYTES / 1_000_000,
    show_default=True,
    # TRANSLATORS: --help of serve --data-cap-mb: MB are millions of bytes; games under way go on saving.
    help=_("Make no new table while the data folder holds more than this many MB (games under way go on)."),
)
@lang_option
@exits_on_bad_input
def command(
    host: str,
    port: int,
    data_dir: str | None,
    away_minutes: float,
    idle_days: float,
    finished_idle_days: float,
    data_cap_mb: float,
) -> None:
    """Serve until interrupted; every table is saved after every move and resumed at the next start."""
    from engine.fronts.cli import serve_run  # lazy: the web server loads only when it runs

    limits = ServeLimits(
        away_seconds=away_minutes * 60,
        idle_seconds=idle_days * 86400,
        finished_idle_seconds=finished_idle_days * 86400,
        data_cap_bytes=int(data_cap_mb * 1_000_000),
    )
    serve_run.run_command(host=host, port=port, data_dir=data_dir, limits=limits)
