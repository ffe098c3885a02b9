"""Found by exploratory testing: what a demanding user ran and what went wrong before."""
from __future__ import annotations

from tests.cli_helpers import cardrules_process


def test_starting_a_new_language_prints_nothing_on_stderr(tmp_path):
    # `i18n init LANG` once named its argument like the --lang option, and click warned about it on stderr.
    created = cardrules_process("i18n", "init", "fr", "--dir", str(tmp_path))
    assert created.returncode == 0
    assert created.stderr == ""
    assert (tmp_path / "locales" / "fr" / "LC_MESSAGES" / "cardrules.po").is_file()
