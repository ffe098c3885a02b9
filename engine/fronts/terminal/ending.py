"""The end of a game in words: each player's scoring, who was out, who won and why.

The wording of the scoring itself belongs to :mod:`engine.text.explain` (``score``
and ``replay`` print the same lines); this module frames it for the terminal.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.base.i18n import _
from engine.text.explain import explain_result

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset


def final_report(ruleset: Ruleset, result: Any) -> list[str]:
    """Every line of the final scoring, in reading order."""
    # TRANSLATORS: heading of the end-of-game report.
    lines = [_("Final scoring")]
    lines.extend(explain_result(ruleset, result))
    return lines
