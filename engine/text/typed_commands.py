"""Every word a player may type, across every prompt: the typed commands the families' front halves declare.

A translator's catalog must not make two commands read at one prompt share a
word (``pass`` translated as ``quit``); :func:`typed_collisions` finds such
pairs for ``cardrules i18n check`` and ``validate``.
"""

from __future__ import annotations

from collections.abc import Callable

# Imported for what importing it does: every family's front half declares its typed commands as it loads.
import engine.families.fronts  # noqa: F401
from engine.base.i18n import marked_text
from engine.families.common.front.player_input import EVERY_PROMPT, TYPED_COMMANDS, TypedCommand, normalize_input


def all_typed_commands() -> list[TypedCommand]:
    """Every typed command the program declares (the families' front halves and the prompt kit)."""
    return list(TYPED_COMMANDS.values())


def typed_collisions(translate: Callable[[str], str | None]) -> list[tuple[TypedCommand, TypedCommand, str, str]]:
    """Typed commands read at one prompt that a catalog makes share a word: (first, second, the msgid whose
    translation collides, the word). ``translate`` gives a msgid's translation in the catalog, or None.

    A word shared only by English aliases is the program's own choice, not the catalog's, and is not reported.
    """
    commands = all_typed_commands()
    english = {id(c): {normalize_input(marked_text(w)) for w in (*c.aliases, *c.msgids) if w} for c in commands}
    own = {id(c): {msgid: normalize_input(translate(msgid) or "") for msgid in c.msgids} for c in commands}
    found = []
    for index, first in enumerate(commands):
        for second in commands[index + 1 :]:
            if first.msgids == second.msgids or (
                EVERY_PROMPT not in (first.prompt, second.prompt) and first.prompt != second.prompt
            ):
                continue
            for one, other in ((first, second), (second, first)):
                theirs = english[id(other)] | {word for word in own[id(other)].values() if word}
                clash = next(((msgid, word) for msgid, word in own[id(one)].items() if word and word in theirs), None)
                if clash:
                    found.append((first, second, *clash))
                    break
    return found
