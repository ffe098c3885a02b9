"""``python -m engine.compile_core`` (``make fast``, ``make pure``) speaks the user's language, click's own words too.

Its help and its usage errors need neither Cython nor a compiler: they are shown before anything is built.
"""

from __future__ import annotations

import os
import subprocess
import sys

import locations
import pytest

REPO = locations.REPO


def _compile_command(*args: str, lang: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "LANG": lang, "LC_ALL": "", "LANGUAGE": "", "PYTHONPATH": str(REPO)}
    return subprocess.run(
        [sys.executable, "-m", "engine.compile_core", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=REPO,
        timeout=120,
        check=False,
    )


@pytest.mark.parametrize(
    ("lang", "usage", "options", "jobs_help"),
    [
        ("en_US.UTF-8", "Usage:", "Options:", "how many compilers run at once"),
        ("ja_JP.UTF-8", "使い方：", "オプション", "同時に動かすコンパイラの数"),
        ("ko_KR.UTF-8", "사용법:", "옵션", "동시에 실행할 컴파일러 수"),
    ],
)
def test_help_is_in_the_users_language(lang: str, usage: str, options: str, jobs_help: str) -> None:
    shown = _compile_command("--help", lang=lang)
    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.startswith(usage + " python -m engine.compile_core")
    assert options in shown.stdout
    assert jobs_help in shown.stdout
    if not lang.startswith("en"):
        assert "Usage:" not in shown.stdout and "Options:" not in shown.stdout


def test_a_bad_value_is_a_usage_error_in_the_users_language() -> None:
    refused = _compile_command("--jobs", "0", lang="ko_KR.UTF-8")
    assert refused.returncode == 2
    assert "'--jobs'" in refused.stderr and "0" in refused.stderr
    assert refused.stderr.startswith("사용법:")
    assert "Traceback" not in refused.stderr
