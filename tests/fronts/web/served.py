"""``cardrules serve`` in a process of its own, on a free port of 127.0.0.1, for tests that need the real server."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

from cli_helpers import REPO


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class Served:
    """A running ``cardrules serve`` (start it again on the same data folder with :meth:`restart`)."""

    def __init__(self, data: Path, *options: str) -> None:
        """``options``: more of ``serve``'s options (its limits, say)."""
        self.data = data
        self.options = options
        self.port = free_port()
        self.process: subprocess.Popen[str] | None = None
        self.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "engine",
                "serve",
                "--port",
                str(self.port),
                "--data",
                str(self.data),
                "--lang",
                "en",
                *self.options,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=REPO,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
        assert self.process.stdout is not None
        said = self.process.stdout.readline()
        assert said.startswith("Serving web tables on "), said + self.process.stderr.read()
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(self.url + "/static/cardrules.css", timeout=2).read()
                return
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.05)

    def stop(self) -> str:
        """Stop it as Ctrl-C would; what it wrote to its error output."""
        assert self.process is not None
        self.process.send_signal(signal.SIGINT)
        _out, errors = self.process.communicate(timeout=30)
        return errors

    def restart(self) -> None:
        self.stop()
        self.start()

    def new_table(self, **request: Any) -> dict[str, Any]:
        asked = urllib.request.Request(
            self.url + "/api/tables", data=json.dumps(request).encode(), headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(asked, timeout=60) as answer:
            return json.loads(answer.read())
