"""How a human answers each kind of decision: a prompt per decision kind, from the block families.

A block family knows how its decisions are typed (a bid's money cards:
``engine.families.auction.front.prompts``; planting in a numbered zone:
``engine.families.planting.front.prompts``), and how its actions allowed at any time
are (``harvest N``: ``engine.families.harvest.front.prompts``), on the typed-command
prompts of :mod:`.commands`. A decision no family has a prompt for is asked
as a numbered list of the legal actions, each described by its action space,
so a person can play any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.base.i18n import _
from engine.families.common.front.card_notes import card_notes, info_words
from engine.families.common.front.prompting import ListedAnytime, ask_numbered, split_words
from engine.families.fronts import served
from engine.fronts.terminal.table_view import detail_descriptions
from engine.text.card_text import game_rule_phrases

# The most legal actions a generic prompt lists; beyond, a family must provide a prompt.
MAX_LISTED = 60

# decision kind -> a factory of the prompt that asks it, from every family's front half; a program may add its own.
PROMPTS: dict[str, Callable[[], Any]] = dict(served("prompts"))
# at-any-time action kind -> a factory (of the action) of the command that reads it at every prompt.
COMMANDS: dict[str, Callable[[Any], Any]] = dict(served("commands"))


def register_prompt(kinds: tuple[str, ...], factory: Callable[[], Any]) -> None:
    """Ask decisions of ``kinds`` with prompts made by ``factory``."""
    for kind in kinds:
        PROMPTS[kind] = factory


def prompt_for(kind: str) -> Any:
    """The prompt that asks a decision of ``kind`` (a numbered list of the legal actions when no family has one)."""
    factory = PROMPTS.get(kind)
    return factory() if factory is not None else ChoicePrompt()


def forced_action(host: Any, player: int, legal: Any) -> int | None:
    """The move a human has no choice about, which a front end plays for them instead of asking (None: ask).

    Forced is the only legal action, or the one answer a decision's prompt
    knows it has whatever is done at any time first (an offer that cannot be
    accepted: decline). The move is applied and logged like any other, so a
    log replays as it always did.
    """
    first_two = _first(legal, 2)
    if len(first_two) == 1:
        return first_two[0]
    kind = host.state.observation(player).decision.get("kind", "")
    forced = getattr(prompt_for(kind), "forced", None)
    return forced(host, player, legal) if forced is not None else None


def anytime_commands(turn: Any) -> list[Any]:
    """The commands of the actions a player may take at any time (``anytime``), one per action of the ruleset.

    A family's front half names the command that reads one of its actions;
    an action without one is chosen from a numbered list.
    """
    commands = []
    for item in getattr(turn.game, "anytime", ()):
        factory = COMMANDS.get(item.kind)
        commands.append(factory(item) if factory is not None else ListedAnytime(item))
    return commands


class PromptHost:
    """What the families' prompts ask of the session that hosts them, beside ``say`` and ``read_command``.

    The terminal's session and a web table's seat both host prompts (they
    never import a front); both need a ``ruleset``.
    """

    ruleset: Any
    # The line the player typed last, as typed (a refusal quotes its words so): set by ``read_command``.
    last_answer: str = ""

    def anytime_commands(self, turn: Any) -> list[Any]:
        """The commands of the actions a player may take at any time, for a family's prompt."""
        return anytime_commands(turn)

    def in_play_lines(self, observation: Any) -> list[str]:
        """The cards in play that change the rules, and what each does, for a prompt's help."""
        return detail_descriptions(self.ruleset, observation)

    def recap_help_line(self) -> str | None:
        """The help's line for ``recap``, when the front end has one to say (None: the help leaves it out)."""
        return None

    def game_rule_phrases(self) -> list[str]:
        """How the game ends, in sentences, for a prompt's help."""
        return game_rule_phrases(self.ruleset)

    def card_notes(self, answer: str) -> list[str] | None:
        """What the cards an ``info [NAME]`` line names do, to say before asking again (None: no such line)."""
        words = split_words(answer)
        if not words or words[0] not in info_words():
            return None
        return card_notes(self.ruleset, words[1:])


class ChoicePrompt:
    """Any decision as a numbered list of its legal actions, worded by their action spaces."""

    def ask(self, session: Any, player: int, legal: Any) -> int:
        """The number of an action from the list."""
        state = session.state
        choices = list(_first(legal, MAX_LISTED))
        # TRANSLATORS: heading of a numbered list of what a player may do now.
        heading = _("{name}, choose:", name=session.seats[player].name)
        # TRANSLATORS: help at a numbered list of what a player may do now.
        help_text = _("Type the number in front of what you choose.")
        return ask_numbered(
            session, player, choices, [state.describe_action(action, player) for action in choices], heading, help_text
        )


def _first(legal: Any, count: int) -> list[int]:
    found = []
    for action in legal:
        found.append(action)
        if len(found) >= count:
            break
    return found
