"""What the shell completes for the commands' arguments (``_CARDRULES_COMPLETE``, see the README).

Click completes nothing for a plain string, and the script it installs then
leaves bash nothing to fall back on: arguments that are files say so (the
shell lists file names), and a ruleset completes to the names found under
the roots as well as to files, for a house rule.
"""

from __future__ import annotations

from typing import Any

from click.shell_completion import CompletionItem

from engine.base.errors import CardrulesError
from engine.language.ruleset_files import ruleset_names


def files(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """File names, completed by the shell itself."""
    return [CompletionItem(incomplete, type="file")]


def rulesets(ctx: Any, param: Any, incomplete: str) -> list[CompletionItem]:
    """Playable ruleset names that start with what is typed, then file names (a house rule)."""

    try:
        names = ruleset_names(playable_only=True)
    except (CardrulesError, OSError):
        names = []
    return [CompletionItem(name) for name in names if name.startswith(incomplete)] + files(ctx, param, incomplete)
