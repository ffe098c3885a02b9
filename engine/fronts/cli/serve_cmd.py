"""``cardrules serve``: a web table where each seat plays from its own browser, in its own language.

The options are declared here, with only what `--help` needs; the work is in
:mod:`engine.fronts.cli.serve_run`, loaded when the command runs.
"""

from __future__ import annotations

import click

from engine.base.i18n import _
from engine.fronts.cli import completion
from engine.fronts.cli.common import exits_on_bad_input, lang_option


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
@lang_option
@exits_on_bad_input
def command(host: str, port: int, data_dir: str | None) -> None:
    """Serve until interrupted; every table is saved after every move and resumed at the next start."""
    from engine.fronts.cli import serve_run  # lazy: the web server loads only when it runs

    serve_run.run_command(host=host, port=port, data_dir=data_dir)
