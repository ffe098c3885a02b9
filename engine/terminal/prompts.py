"""How a human answers each kind of decision: a prompt per decision kind, from the block families.

A block family knows how its decisions are typed (a bid's money cards:
``engine.blocks.auction.prompts``; planting in a numbered zone:
``engine.blocks.planting.prompts``), and how its actions allowed at any time
are (``harvest N``: ``engine.blocks.harvest.prompts``), on the typed-command
prompts of :mod:`.commands`. A decision no family has a prompt for is asked
as a numbered list of the legal actions, each described by its action space,
so a person can play any ruleset.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.base.i18n import _
from engine.text.player_input import parse_choice_prompt

# The most legal actions a generic prompt lists; beyond, a family must provide a prompt.
MAX_LISTED = 60

PROMPTS: dict[str, Callable[[], Any]] = {}


def register_prompt(kinds: tuple[str, ...], factory: Callable[[], Any]) -> None:
    """Ask decisions of ``kinds`` with prompts made by ``factory``."""
    for kind in kinds:
        PROMPTS[kind] = factory


def _register_families() -> None:
    from engine.blocks.fronts import family_parts

    for kind, factory in family_parts("prompts").items():
        register_prompt((kind,), factory)


def prompt_for(kind: str) -> Any:
    """The prompt that asks a decision of ``kind``."""
    if not PROMPTS:
        _register_families()
    factory = PROMPTS.get(kind)
    return factory() if factory is not None else ChoicePrompt()


def anytime_commands(turn: Any) -> list[Any]:
    """The commands of the actions a player may take at any time (``anytime``), one per action of the ruleset.

    A family registers the command that reads one of its actions as
    ``"anytime:KIND"``; an action without one is chosen from a numbered list.
    """
    from engine.terminal.commands import ListedAnytime

    if not PROMPTS:
        _register_families()
    commands = []
    for item in getattr(turn.game, "anytime", ()):
        factory = PROMPTS.get(f"anytime:{item.kind}")
        commands.append(factory(item) if factory is not None else ListedAnytime(item))
    return commands


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


def ask_numbered(
    session: Any, player: int, choices: Sequence[int], labels: Sequence[str], heading: str, help_text: str
) -> int:
    """One of ``choices`` from a numbered list of their ``labels``; a single choice is taken and said.

    A decision with one legal action is not asked as "Number (1-1)".
    """
    if len(choices) == 1:
        # TRANSLATORS: said instead of asking for a number when there is only one thing to choose.
        session.say(_("{name} has only one choice: {choice}.", name=session.seats[player].name, choice=labels[0]))
        return choices[0]
    session.say(heading)
    for number, label in enumerate(labels, start=1):
        session.say(f"  {number}. {label}")
    # TRANSLATORS: prompt for a number from the list above; keep the final "> ".
    prompt = _("Number (1-{count}), ? for help, q to save and quit > ", count=len(choices))
    command = session.read_command(
        prompt, lambda answer: parse_choice_prompt(answer, len(choices)), lambda: session.say(help_text)
    )
    return choices[command.choice]


def _first(legal: Any, count: int) -> list[int]:
    found = []
    for action in legal:
        found.append(action)
        if len(found) >= count:
            break
    return found
