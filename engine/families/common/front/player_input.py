"""What a player types at a prompt: the words every prompt shares and numbered choices.

Typed text is normalized (full-width digits and letters typed with an input
method become ASCII, case and edges are dropped); ``?`` asks for help and
``q`` saves and quits at every prompt. A block family's prompt reads its own
commands (a bid's money cards: ``engine.families.auction.front.prompts``) and uses
these for the rest. Parsing knows nothing about legality: the session checks
the resulting action against the legal moves and explains a refusal.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass

from engine.base.i18n import N_, _, translate_marked


@dataclass(frozen=True)
class PlayerCommand:
    """One understood input: ``help``, ``quit``, ``choice`` (with the 0-based position
    in the list shown), or a family's own (``bid`` with the money values added, ``pass``)."""

    kind: str
    values: tuple[int, ...] = ()
    choice: int = -1


class InputProblem(Exception):
    """Input that means nothing at this prompt; the message (translated) says why."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


# Hiragana to katakana: a word typed in either kana is the same word (ぱす is パス).
_KATAKANA = {code: code + 0x60 for code in range(0x3041, 0x3097)}


def normalize_input(text: str) -> str:
    """Full-width digits and letters (typed with an IME) become ASCII, hiragana katakana; case and edges are
    dropped. Commands' words are normalized alike, so a player types them in whichever form the IME gives."""
    return unicodedata.normalize("NFKC", text).strip().lower().translate(_KATAKANA)


def in_typed_form(message: str, typed: str) -> str:
    """A refusal of ``typed`` with the words it quotes in the form the player typed them: what is typed is read
    normalized (hiragana as katakana), and a message that quotes a word read so would show 「カンリョウ」 to a
    player who typed かんりょう."""
    read = (
        (word.translate(_KATAKANA), word) for word in re.findall(r"\w+", unicodedata.normalize("NFKC", typed).lower())
    )
    changed = [(read_as, word) for read_as, word in read if read_as != word]
    if not changed:
        return message

    def as_typed(quoted: re.Match[str]) -> str:
        text = quoted.group(0)
        for read_as, word in changed:
            text = text.replace(read_as, word)
        return text

    # Only inside quotes, where a refusal repeats what was typed: a list of choices it adds keeps its own spelling
    # (紅花インゲン stays so when いんげ was typed).
    return _QUOTED.sub(as_typed, message)


_QUOTED = re.compile(r"「[^」]*」|\"[^\"]*\"|“[^”]*”")


def as_typed(text: str) -> str:
    """A name as an example shows it to be typed: as the screen shows it, letters and digits only
    (``"表向きのカード"`` stays as it is, ``"Face-up cards"`` -> ``"Faceupcards"``). What is typed is normalized before it is
    read (:func:`squash`), so the form shown is read back; the normalized form itself (hiragana as katakana) is
    for matching, not for showing."""
    return "".join(ch for ch in text if ch.isalnum())


def squash(text: str) -> str:
    """A name as typed for matching: normalized (hiragana as katakana too), letters and digits only
    (``"Bot 2 (random)"`` -> ``"bot2random"``)."""
    return "".join(ch for ch in normalize_input(text) if ch.isalnum())


# The prompts a typed command is read at. Words of every prompt are read beside those of each kind of prompt;
# words of two different kinds of prompt are never read at the same prompt, so they may be translated alike.
EVERY_PROMPT = "every"
COMMAND_PROMPT = "command"


@dataclass(frozen=True)
class TypedCommand:
    """A command a player types at a prompt: its English words (messages, translated at each read), the fixed
    aliases accepted in every language, and the kind of prompt that reads it.

    Every typed command is declared with :func:`typed_command`, so that ``i18n check`` and ``validate FILE.po``
    can tell two commands a catalog translates alike at one prompt (the parser would take the first it tests).
    """

    msgids: tuple[str, ...]
    aliases: tuple[str, ...]
    prompt: str

    def words(self) -> set[str]:
        """What the player may type for it: the aliases and the translations (normalized as typed text is)."""
        return {normalize_input(word) for word in (*self.aliases, *map(translate_marked, self.msgids)) if word}


# Every typed command of the program, by its first English word and its kind of prompt (filled as the prompt
# modules are imported: see all_typed_commands).
TYPED_COMMANDS: dict[tuple[str, str], TypedCommand] = {}


def typed_command(*msgids: str, aliases: tuple[str, ...] = (), prompt: str) -> TypedCommand:
    """Declare a typed command: its English words (each marked with ``N_``, or ``NP_`` with a context, for
    extraction), the aliases, and
    ``prompt``, the kind of prompt that reads it (EVERY_PROMPT, COMMAND_PROMPT or the reading module's name)."""
    command = TypedCommand(msgids, aliases, prompt)
    TYPED_COMMANDS.setdefault((msgids[0], prompt), command)
    return command


# TRANSLATORS: what a player may type to save and quit (a short word, lower case).
QUIT = typed_command(N_("quit"), aliases=("q", "quit", "exit"), prompt=EVERY_PROMPT)
# TRANSLATORS: what a player may type to list the legal moves (a short word, lower case).
HELP = typed_command(N_("help"), aliases=("?", "h", "help"), prompt=EVERY_PROMPT)
# TRANSLATORS: what a player may type to see again everything that happened since their last move
# (a short word, lower case).
RECAP = typed_command(N_("recap"), aliases=("recap",), prompt=EVERY_PROMPT)


def quit_words() -> set[str]:
    """Words that mean "save and quit"."""
    return QUIT.words()


def help_words() -> set[str]:
    """Words that ask for the legal moves."""
    return HELP.words()


def recap_words() -> set[str]:
    """Words that show again the whole of what happened since the player's last move (a short screen cuts it)."""
    return RECAP.words()


def parse_choice_prompt(text: str, count: int) -> PlayerCommand:
    """Read a numbered-list prompt's answer: a number from 1 to ``count``, help or quit."""
    typed = normalize_input(text)
    if typed in help_words():
        return PlayerCommand("help")
    if typed in quit_words():
        return PlayerCommand("quit")
    if typed.isdigit() and 1 <= int(typed) <= count:
        return PlayerCommand("choice", choice=int(typed) - 1)
    # TRANSLATORS: at a prompt that lists numbered choices, when what the player typed is no number of the list;
    # {count} is the last number, e.g. 4.
    raise InputProblem(_("Type a number from 1 to {count}.", count=count))
