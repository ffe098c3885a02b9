"""Every test starts in English with no user catalogs, whatever the machine's locale.

Commands run in-process (click's runner) choose a language for the thread;
without this reset one test's Japanese would leak into the next test's
assertions.
"""

from __future__ import annotations

import os
import tempfile

import pytest

from engine.base import i18n

# Subprocesses the tests start inherit these: English unless a test says otherwise.
for variable in ("LANGUAGE", "LC_MESSAGES", "LANG", "CARDRULES_PATH"):
    os.environ.pop(variable, None)
os.environ["LC_ALL"] = "C.UTF-8"
# Nothing in the tester's own ~/.local/share/cardrules may change what the tests see.
# The directory goes when the test process ends (each xdist worker has its own).
_DATA_HOME = tempfile.TemporaryDirectory(prefix="cardrules-xdg-")
os.environ["XDG_DATA_HOME"] = _DATA_HOME.name
# Nor its cache: a trial passed there (engine.fronts.conformance.require_trial) must not spare a ruleset its trial here.
# One cache serves the whole run: the first process (pytest itself, before xdist starts its workers, which inherit
# the variable) makes it. A house rule many tests play is tried once per run, not once per worker. A test of the
# cache itself sets a folder of its own.
if "CARDRULES_TEST_CACHE_HOME" not in os.environ:
    _CACHE_HOME = tempfile.TemporaryDirectory(prefix="cardrules-cache-")
    os.environ["CARDRULES_TEST_CACHE_HOME"] = _CACHE_HOME.name
os.environ["XDG_CACHE_HOME"] = os.environ["CARDRULES_TEST_CACHE_HOME"]


@pytest.fixture(autouse=True)
def english_by_default():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.fixture
def english():
    """The program in English (every test already is; a test may name it to say so)."""
    i18n.set_language("en")
    yield
    i18n.set_language("en")
