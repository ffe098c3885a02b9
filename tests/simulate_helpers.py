"""`cardrules simulate` run in process for the tests, on a wide pretend terminal."""

from __future__ import annotations

import pytest

from engine.fronts.cli.main import main


@pytest.fixture(autouse=True)
def wide_output(monkeypatch):
    """A wide pretend terminal, so table cells are not wrapped mid-phrase (autouse where imported)."""
    monkeypatch.setenv("COLUMNS", "200")


def run(capsys, *args: str) -> tuple[int, str, str]:
    """``cardrules simulate ARGS`` in process; returns (exit status, stdout, stderr)."""
    with pytest.raises(SystemExit) as exited:
        main(["simulate", *args, "--lang", "en"])
    captured = capsys.readouterr()
    code = exited.value.code
    return (0 if code is None else code), captured.out, captured.err
