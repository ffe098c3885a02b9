"""A non-editable install finds its rulesets, catalogs and schemas from any directory.

The wheel is built from this checkout and unpacked into a fresh directory that
is put first on the import path, so the checkout itself cannot be what answers.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import locations
import pytest

REPO = locations.REPO


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    wheels = tmp_path_factory.mktemp("wheels")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            str(REPO),
            "-w",
            str(wheels),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = wheels.glob("cardrules-*.whl")
    target = tmp_path_factory.mktemp("site")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-compile",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
        capture_output=True,
    )
    return target


def run_installed(target: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("CARDRULES_PATH",)}
    env["PYTHONPATH"] = str(target)
    env["XDG_DATA_HOME"] = str(cwd / "xdg")  # an empty user data dir
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120
    )


def test_the_wheel_carries_rulesets_catalogs_and_schemas(installed: Path) -> None:
    data = installed / "engine" / "_data"
    assert (data / "rulesets" / "high-society" / "ja.yaml").is_file()
    assert (data / "rulesets" / "high-society" / "ko.yaml").is_file()
    assert (data / "locales" / "ko" / "LC_MESSAGES" / "cardrules.po").is_file()
    assert (data / "schemas" / "ruleset.schema.json").is_file()


def test_the_wheel_carries_the_engine_alone_not_the_tests_benchmarks_or_references(installed: Path) -> None:
    """The second implementations, the benchmarks and the tests are the checkout's: a user installs the engine."""
    top = {path.name for path in installed.iterdir() if not path.name.endswith(".dist-info")}
    assert "engine" in top and not top & {"references", "benchmarks", "tests"}


def test_an_installed_cardrules_works_from_an_unrelated_directory(installed: Path, tmp_path: Path) -> None:
    probe = subprocess.run(
        [sys.executable, "-c", "import engine, sys; print(engine.__file__)"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(installed)},
        capture_output=True,
        text=True,
    )
    assert probe.stdout.strip().startswith(str(installed)), probe.stdout + probe.stderr

    listed = run_installed(installed, tmp_path, "rulesets")
    assert listed.returncode == 0, listed.stderr
    assert "high-society/ja" in listed.stdout and "high-society/ko" in listed.stdout

    checked = run_installed(
        installed, tmp_path, "validate", str(installed / "engine" / "_data" / "rulesets" / "high-society" / "ko.yaml")
    )
    assert checked.returncode == 0, checked.stderr

    korean = run_installed(installed, tmp_path, "--lang", "ko", "--help")
    assert korean.returncode == 0
    assert "Usage" not in korean.stdout  # click's own words are translated too
