"""What ``serve`` does once its command line is read: the work of :mod:`engine.fronts.cli.serve_cmd`."""

from __future__ import annotations

import os
import socket
import sys
from pathlib import Path

import click

from engine.base.errors import CardrulesError
from engine.base.i18n import _
from engine.base.resources import user_data_root
from engine.fronts.web.limits import ServeLimits


def run_command(host: str, port: int, data_dir: str | None, limits: ServeLimits) -> None:
    """Start uvicorn on the tables of ``data_dir`` until Ctrl-C (every table resumes at the next start)."""
    try:
        import uvicorn

        from engine.fronts.web.app import make_app
        from engine.fronts.web.limits import MAX_MESSAGE_BYTES
    except ImportError as error:
        # TRANSLATORS: serve: one of the web server's packages, which cardrules depends on, is missing (a broken
        # install); {module} is the missing one. Keep the pip command as it is.
        raise CardrulesError.at(
            _(
                "the web table needs {module}, which cardrules depends on: reinstall it with pip install cardrules",
                module=error.name or "starlette",
            )
        ) from None
    data = Path(data_dir) if data_dir else user_data_root() / "web"
    try:
        data.mkdir(parents=True, exist_ok=True)
        probe = data / ".written"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        # TRANSLATORS: serve: the data folder cannot be made or written; {reason} is the system's reason.
        raise CardrulesError.at(
            _("cannot keep tables here: {reason}", reason=error.strerror or str(error)), os.fspath(data)
        ) from None
    try:
        # Asked before the server starts, so a port in use is said in the user's language, not uvicorn's.
        with socket.create_server((host, port)):
            pass
    except OSError as error:
        # TRANSLATORS: serve: the server cannot listen at this address; {address} is HOST:PORT, {reason} the system's.
        raise CardrulesError.at(
            _("cannot listen on {address}: {reason}", address=f"{host}:{port}", reason=error.strerror or str(error))
        ) from None
    app = make_app(data, report=lambda line: click.echo(line, err=True), limits=limits)
    url = f"http://{host}:{port}/"

    class AnnouncingServer(uvicorn.Server):
        """Says where it serves once it listens, its tables resumed and Ctrl-C its own. Said before (as uvicorn
        started), a Ctrl-C right after it could come before uvicorn handled Ctrl-C: the program then ended with
        the traceback of a half-made event loop, or did not end."""

        async def startup(self, sockets: list[socket.socket] | None = None) -> None:
            await super().startup(sockets=sockets)
            if self.started and not self.should_exit:
                # TRANSLATORS: serve: said when the server starts; {url} is its address. Ctrl-C stops it.
                serving = _(
                    "Serving web tables on {url} (Ctrl-C stops; every table resumes at the next start).", url=url
                )
                click.echo(serving)
                sys.stdout.flush()

    config = uvicorn.Config(app, host=host, port=port, log_level="warning", ws_max_size=MAX_MESSAGE_BYTES * 4)
    AnnouncingServer(config).run()
