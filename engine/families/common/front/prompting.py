"""Prompts that read typed commands: a decision's own words plus what a player may do at any time.

A block family's prompt (planting, trading...) subclasses :class:`CommandPrompt`:
it says what the decision is about (:meth:`~CommandPrompt.introduce`), asks a
short question ending with ``"> "``, and turns the words typed into an action
(:meth:`~CommandPrompt.action`). At every such prompt the actions a ruleset
allows at any time (``anytime``: a harvest, buying a zone) are typed too,
each read by the command its family registers (``"anytime:KIND"`` under the
family's ``FRONT_ENDS["prompts"]``), or else chosen from a numbered list.
``?`` lists what is legal now, ``q`` saves and quits, and an action the
rules refuse is explained with the engine's own reason, then asked again.

The parsing helpers here are pure (words in, numbers out, :class:`InputProblem`
for anything else), so they can be tested with any input.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from babel.lists import format_list

from engine.base.errors import CardrulesError
from engine.base.formatting import card_name, clause_separator, reader_locale
from engine.base.i18n import N_, _
from engine.families.common.front.card_notes import info_help_line
from engine.families.common.front.player_input import (
    COMMAND_PROMPT,
    InputProblem,
    help_words,
    in_typed_form,
    normalize_input,
    parse_choice_prompt,
    quit_words,
    squash,
    typed_command,
)

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

# Between the words of a command: spaces, commas, plus signs, semicolons, "×", and their full-width forms.
_SEPARATORS = re.compile(r"[\s,+;、，；×]+")


@dataclass(frozen=True)
class Typed:
    """One line typed at a command prompt: ``help``, ``quit`` or ``words`` (split, normalized)."""

    kind: str
    words: tuple[str, ...] = ()


def split_words(text: str) -> list[str]:
    """The words of a typed line, normalized (full-width to ASCII, lower case): ``"Give 1,3"`` -> ``["give", "1", "3"]``."""
    return [word for word in _SEPARATORS.split(normalize_input(text)) if word]


def read_words(text: str, empty_message: str) -> Typed:
    """A command prompt's answer: help, quit, or its words (an empty line is explained by ``empty_message``)."""
    typed = normalize_input(text)
    if typed in help_words():
        return Typed("help")
    if typed in quit_words():
        return Typed("quit")
    words = split_words(typed)
    if not words:
        raise InputProblem(empty_message)
    return Typed("words", tuple(words))


def is_number(word: str) -> bool:
    """Whether a word is a whole number (ASCII digits after normalization)."""
    return word.isascii() and word.isdigit() and len(word) <= 6


def match_name(typed: str, choices: Sequence[tuple[Any, Sequence[str]]], what: str) -> Any:
    """The value of the one choice whose names ``typed`` spells or begins (case, spaces and signs ignored).

    ``choices`` are ``(value, names)``; a name spelled exactly wins over
    names it only begins; ``what`` names the kind of thing for the message
    when nothing or several match.
    """
    key = squash(typed)
    if not key:
        # TRANSLATORS: at a prompt, a name was expected but what the player typed has no letter or digit; {text} is
        # what they typed, e.g. "?!"; {what} is e.g. "card" or "player".
        raise InputProblem(_('"{text}" is not a {what}.', text=typed, what=what))
    exact = [value for value, names in choices if any(squash(name) == key for name in names)]
    if len(set(map(repr, exact))) == 1:
        return exact[0]
    starting = []
    for value, names in choices:
        if any(squash(name).startswith(key) for name in names) and value not in starting:
            starting.append(value)
    if len(starting) == 1:
        return starting[0]
    # Listed as the reader's language lists ("A, B, or C"; "A、B、またはC"): CLDR's patterns, not English commas.
    listed = format_list([str(names[0]) for value, names in choices], style="or", locale=reader_locale())
    if not starting:
        # TRANSLATORS: {what} is e.g. "card" or "player"; {choices} lists the ones that may be typed.
        raise InputProblem(
            _('There is no {what} "{text}" here; type one of: {choices}.', what=what, text=typed, choices=listed)
        )
    shown = format_list(
        [str(names[0]) for value, names in choices if value in starting], style="or", locale=reader_locale()
    )
    # TRANSLATORS: at a prompt, the start of a name that fits several; {text} is what the player typed, e.g. "re";
    # {choices} lists the names it fits, e.g. "Red Rose, Red Tulip".
    raise InputProblem(_('"{text}" could be {choices}: type more of the name.', text=typed, choices=shown))


def parse_number(word: str, low: int, high: int, what: str) -> int:
    """A number from ``low`` to ``high`` (a typed word); ``what`` names it in the message."""
    if not is_number(word):
        # TRANSLATORS: {what} names what the number stands for, e.g. "hand position".
        raise InputProblem(
            _('"{text}" is not a number: type a {what} from {low} to {high}.', text=word, what=what, low=low, high=high)
        )
    number = int(word)
    if not low <= number <= high:
        if high < low:
            # TRANSLATORS: at a prompt, a number typed where there is nothing to choose; {what} names what the number
            # stands for, e.g. "hand position".
            raise InputProblem(_("There is no {what} to choose.", what=what))
        # TRANSLATORS: at a prompt, a number out of range; {what} names what the number stands for, e.g. "hand
        # position"; {number} is the number typed; {low} and {high} the range, e.g. 1 and 5.
        raise InputProblem(
            _(
                "There is no {what} {number}: type one from {low} to {high}.",
                what=what,
                number=number,
                low=low,
                high=high,
            )
        )
    return number


def or_list(items: Iterable[str]) -> str:
    """``1, 2, or done`` in the reader's language."""

    items = [str(item) for item in items]
    if not items:
        return ""
    return format_list(items, style="or", locale=reader_locale())


def card_choices(ruleset: Ruleset, game: Game, type_indices: Iterable[int]) -> list[tuple[int, tuple[str, ...]]]:
    """``(type index, names)`` a card type may be typed by: its translated name and its id."""

    choices = []
    for type_index in type_indices:
        card_id = game.cards.ids[type_index]
        choices.append((type_index, (card_name(ruleset, card_id), card_id)))
    return choices


def parse_card_counts(
    words: Sequence[str], choices: Sequence[tuple[int, Sequence[str]]], marker_words: Iterable[str] = ()
) -> tuple[dict[int, int], dict[int, int]]:
    """Card types with their numbers: ``["blue", "2", "3", "red"]`` -> ``{blue: 2, red: 3}``.

    A number right after a type whose number was not given yet is that
    type's; any other number is the next type's (``2 red``, ``red 2`` and
    ``red ×2`` all mean two). A word of ``marker_words`` puts the type after it
    in the second mapping (the face-up cards of an offer). Returns
    ``(counts, marked counts)``.
    """
    counts, marked = parse_marked_card_counts(words, choices, (marker_words,))
    return counts, marked


def parse_marked_card_counts(
    words: Sequence[str], choices: Sequence[tuple[int, Sequence[str]]], marker_sets: Sequence[Iterable[str]]
) -> list[dict[int, int]]:
    """As :func:`parse_card_counts`, with several kinds of marker: a word of
    ``marker_sets[i]`` puts the type after it in mapping ``i + 1`` (mapping 0
    holds the unmarked types)."""
    markers = [{normalize_input(word) for word in marker_words} for marker_words in marker_sets]
    found: list[dict[int, int]] = [{} for _ in range(len(markers) + 1)]
    pending: int | None = None
    last: tuple[dict[int, int], int] | None = None
    last_explicit = True
    mark_next: int | None = None
    words = _names_joined(words, choices)
    for word in words:
        marker = next((index for index, words_of in enumerate(markers, start=1) if word in words_of), None)
        if marker is not None:
            if mark_next is not None or pending is not None:
                # TRANSLATORS: at a prompt where cards are typed by name (e.g. a trade offer); {word} is a word typed
                # that must be followed by a card's name, e.g. the word for the face-up cards.
                raise InputProblem(_('Name a card after "{word}".', word=word))
            mark_next = marker
            continue
        if is_number(word):
            number = int(word)
            if number == 0 or number > 99:
                # TRANSLATORS: at a prompt where cards are typed by name and number (e.g. "2 red"); {number} is the
                # number typed, e.g. 0 or 500.
                raise InputProblem(_("{number} is not a number of cards.", number=word))
            if last is not None and not last_explicit:
                target, type_index = last
                target[type_index] += number - 1
                last_explicit = True
            elif pending is None:
                pending = number
            else:
                # TRANSLATORS: at a prompt where cards are typed by name and number (e.g. "2 red 1 blue"); {first} and
                # {second} are the two numbers typed one after the other.
                raise InputProblem(
                    _(
                        "Two numbers in a row ({first} {second}): say which card each counts.",
                        first=pending,
                        second=word,
                    )
                )
            continue
        type_index = match_name(word, choices, _("card"))
        target = found[mark_next or 0]
        target[type_index] = target.get(type_index, 0) + (pending if pending is not None else 1)
        last, last_explicit = (target, type_index), pending is not None
        pending, mark_next = None, None
    if pending is not None:
        # TRANSLATORS: at a prompt where cards are typed by name and number (e.g. "2 red"); {number} is a number typed
        # with no card's name beside it.
        raise InputProblem(_("Which card does {number} count? Put the card's name next to it.", number=pending))
    if mark_next is not None:
        # TRANSLATORS: at a prompt where cards are typed by name (e.g. a trade offer): the last word typed must be
        # followed by a card's name (e.g. the word for the face-up cards).
        raise InputProblem(_("Name a card after the last word."))
    return found


# The most words a card's name may take (a translated name of two or three words is typed as several).
_MOST_NAME_WORDS = 4


def _names_joined(words: Sequence[str], choices: Sequence[tuple[Any, Sequence[str]]]) -> list[str]:
    """``words`` with each run of words that spells a whole name (``Red Rose``) joined into one word."""
    names = {squash(name) for _value, choice_names in choices for name in choice_names}
    joined: list[str] = []
    index = 0
    while index < len(words):
        for length in range(min(_MOST_NAME_WORDS, len(words) - index), 1, -1):
            run = words[index : index + length]
            if not any(is_number(word) for word in run) and squash("".join(run)) in names:
                joined.append(" ".join(run))
                index += length
                break
        else:
            joined.append(words[index])
            index += 1
    return joined


def parse_positions(words: Sequence[str], size: int) -> list[int]:
    """Hand positions typed from 1 (``["1", "3"]``) as 0-based positions, each once, within a hand of ``size``."""
    positions: list[int] = []
    for word in words:
        # TRANSLATORS: what a number typed at a prompt stands for.
        number = parse_number(word, 1, size, _("hand position"))
        if number - 1 in positions:
            # TRANSLATORS: at a prompt where hand cards are typed by their positions; {number} is a position, e.g. 3.
            raise InputProblem(_("You named position {number} twice.", number=number))
        positions.append(number - 1)
    return positions


# ---------------------------------------------------------------------- the prompt


@dataclass
class Turn:
    """What a prompt works with: the session, the player deciding and their legal actions."""

    session: Any
    player: int
    legal: Any
    _observation: Any = field(default=None, repr=False)

    @property
    def state(self) -> Any:
        """The game in play (read for public facts and to check actions)."""
        return self.session.state

    @property
    def game(self) -> Any:
        """The compiled game."""
        return self.session.state.game

    @property
    def ruleset(self) -> Any:
        """The ruleset played."""
        return self.session.ruleset

    @property
    def name(self) -> str:
        """The deciding player's name."""
        return self.session.seats[self.player].name

    @property
    def observation(self) -> Any:
        """What the deciding player may see now."""
        if self._observation is None:
            self._observation = self.state.observation(self.player)
        return self._observation

    @property
    def node(self) -> Any:
        """The step deciding now."""
        return self.state.stack[-1][0]

    @property
    def frame(self) -> list:
        """The deciding step's frame."""
        return self.state.stack[-1]

    def say(self, text: str) -> None:
        """One line to the player."""
        self.session.say(text)

    def say_wrapped(self, text: str, indent: int = 0) -> None:
        """A paragraph to the player, wrapped at word boundaries to the screen (``indent`` cells under each other)."""
        self.session.say_wrapped(text, indent)

    def refuse(self, problem: InputProblem) -> None:
        """Tell why the line just typed was refused, quoting its words as they were typed."""
        self.say(in_typed_form(problem.message, self.session.last_answer))


def refusal_reason(state: State, action: int) -> str | None:
    """The rule refusing ``action`` now, in the engine's words (tried on a copy of the game); None when allowed."""

    probe = state.clone()
    probe.recording = False
    try:
        probe.apply_action(action)
    except CardrulesError as error:
        return "; ".join(diagnostic.message for diagnostic in error.diagnostics)
    return None


def refusal(state: State, action: int) -> str:
    """Why the rules refuse ``action`` now: a sentence for the player."""
    reason = refusal_reason(state, action)
    if reason is None:
        # TRANSLATORS: said to a player whose typed command the rules do not allow at this moment.
        return _("That is not allowed now.")
    # TRANSLATORS: {reason} is the rule that refuses what the player typed, e.g. "that zone cannot take this card now".
    return _("Not allowed: {reason}.", reason=reason)


def flat_parts(legal: Any) -> list[Any]:
    """The parts of a decision's legal actions, nested unions opened (the decision's own, then each action at any time)."""
    parts = getattr(legal, "parts", None)
    if parts is None:
        return [legal]
    return [leaf for part in parts for leaf in flat_parts(part)]


def word_set(*words: str) -> set[str]:
    """Command words, normalized (a translated word joins the English ones)."""
    return {normalize_input(word) for word in words if word}


# TRANSLATORS: what a player types to leave a follow-up question and go back (a short word, lower case).
BACK_COMMAND = typed_command(N_("back"), aliases=("back", "cancel"), prompt=COMMAND_PROMPT)


def back_words() -> set[str]:
    """Words that leave a follow-up question without choosing."""
    return BACK_COMMAND.words()


def ask_words(turn: Turn, prompt: str, help_text: str) -> tuple[str, ...] | None:
    """A follow-up question: the words typed, or None when the player goes back (an empty line or ``back``)."""

    def parse(text: str) -> Typed:
        typed = normalize_input(text)
        if typed in help_words():
            return Typed("help")
        if typed in quit_words():
            return Typed("quit")
        return Typed("words", tuple(split_words(typed)))

    command = turn.session.read_command(prompt, parse, lambda: turn.say(help_text))
    if command.words and command.words[0] in back_words() and len(command.words) == 1:
        return None
    return command.words


def choose(turn: Turn, heading: str, options: Sequence[str]) -> int | None:
    """A numbered list to choose from: the 0-based choice, or None to go back."""
    turn.say(heading)
    for number, option in enumerate(options, start=1):
        turn.say(f"  {number}. {option}")
    # TRANSLATORS: prompt for a number from the list above, or going back; keep the final "> ".
    prompt = _("Number (1-{count}), or back > ", count=len(options))
    while True:
        # TRANSLATORS: help at a numbered list; "back" is the command the player types (use your translation of it).
        words = ask_words(turn, prompt, _("Type the number in front of your choice, or back."))
        if words is None:
            return None
        try:
            if len(words) != 1:
                # TRANSLATORS: at a numbered list, when more than one word was typed; {count} is the last number.
                raise InputProblem(_("Type one number from 1 to {count}.", count=len(options)))
            # TRANSLATORS: what a number typed at a numbered list stands for (a noun).
            return parse_number(words[0], 1, len(options), _("choice")) - 1
        except InputProblem as problem:
            turn.refuse(problem)


class CommandPrompt:
    """A decision read as typed commands, with the actions allowed at any time (subclassed by families)."""

    # Whether the prompt names the actions at any time before the decision's own question (a "done" comes last).
    hints_first = False

    def ask(self, session: Any, player: int, legal: Any) -> int:
        """Ask until the player types a legal action, and return it."""
        turn = Turn(session, player, legal)
        extras = session.anytime_commands(turn)
        for line in self.introduce(turn):
            turn.say(line)
        while True:
            command = session.read_command(
                self.prompt(turn, extras),
                lambda text: read_words(text, self.empty_message(turn)),
                lambda: self.show_help(turn, extras),
            )
            try:
                action = self.dispatch(turn, extras, command.words)
            except InputProblem as problem:
                turn.refuse(problem)
                continue
            if action is None:
                continue
            if action in legal:
                return action
            turn.say(refusal(turn.state, action))

    def forced(self, session: Any, player: int, legal: Any) -> int | None:
        """The decision's one possible answer (see :meth:`only_answer`), which a front end plays without asking."""
        only = self.only_answer(Turn(session, player, legal))
        return only if only is not None and only in legal else None

    def dispatch(self, turn: Turn, extras: Sequence[Any], words: Sequence[str]) -> int | None:
        """The action the words ask for: an action at any time, or the decision's own."""
        for extra in extras:
            if words[0] in extra.words():
                return extra.action(turn, list(words[1:]))
        return self.action(turn, list(words))

    def prompt(self, turn: Turn, extras: Sequence[Any]) -> str:
        """The question, with the actions at any time open now: "Ann, 1, 2, or done; harvest N (? help, q quit) > "."""
        question = self.question(turn)
        hints = [hint for hint in (extra.hint(turn) for extra in extras) if hint]
        if hints:
            parts = [*hints, question] if self.hints_first else [question, *hints]

            question = clause_separator().join(part for part in parts if part)
        # TRANSLATORS: every command prompt of a game; {question} says what to type. Keep the final "> ".
        return _("{name}, {question} (? help, q quit) > ", name=turn.name, question=question)

    def show_help(self, turn: Turn, extras: Sequence[Any]) -> None:
        """What is legal now: the decision's commands, the actions at any time, quitting, how the game ends."""
        # Wrapped here, by display width and at word boundaries, with each item's lines under each other:
        # a help line is longer than a narrow screen, and a terminal would break it mid-word.
        own = self.help_lines(turn)
        if own:
            # TRANSLATORS: heading of the help: what the player may type now.
            turn.say_wrapped(_("Now you may type:"))
        for line in own:
            turn.say_wrapped(line, indent=2)
        at_any_time = [line for extra in extras for line in extra.help_lines(turn)]
        if at_any_time:
            # TRANSLATORS: heading of the help's list of actions a player may take at any of their prompts.
            turn.say_wrapped(_("At any time:"))
            for line in at_any_time:
                turn.say_wrapped(line, indent=2)
        turn.say_wrapped(_("q: save the game and quit."), indent=2)
        recap = turn.session.recap_help_line()
        if recap:
            turn.say_wrapped(recap, indent=2)
        info = info_help_line(turn.ruleset)
        if info:
            turn.say_wrapped(info, indent=2)
        described = turn.session.in_play_lines(turn.observation)
        if described:
            # TRANSLATORS: heading of the help's list of the cards in play that change the rules, and what each does.
            turn.say_wrapped(_("In play:"))
            for line in described:
                turn.say_wrapped(line, indent=2)
        for phrase in turn.session.game_rule_phrases():
            turn.say_wrapped(phrase)

    # What a family's prompt provides:

    def introduce(self, turn: Turn) -> list[str]:
        """Lines saying what this decision is about (printed once, before the first question)."""
        return []

    def question(self, turn: Turn) -> str:
        """What to type, in short (the prompt adds the name, the actions at any time and "> ")."""
        return ""

    def only_answer(self, turn: Turn) -> int | None:
        """The decision's one possible answer, whatever the player does at any time first (None: it has several).

        A front end plays it for the player, who is not asked (the actions at
        any time stay open at their next decision): an offer they cannot
        accept is declined, a turn they can do nothing with is passed.
        """
        return None

    def empty_message(self, turn: Turn) -> str:
        """What an empty line is told (and a word that means nothing here)."""
        # TRANSLATORS: at a game's command prompt, when the player typed nothing or a word that means nothing there;
        # keep "?", what they type for help.
        return _("Type a command, or ? to see what you may do.")

    def help_lines(self, turn: Turn) -> list[str]:
        """The decision's own commands, one line each."""
        return []

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The action the words ask for (None: nothing chosen after all); InputProblem when they mean nothing here."""
        raise InputProblem(self.empty_message(turn))


class ListedAnytime:
    """An action at any time no family words: typed by its id, then chosen from a numbered list."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """Its id and kind."""
        return word_set(self.item.id, self.item.kind)

    def hint(self, turn: Turn) -> str | None:
        """Its id, when it is open now."""
        return self.item.id if self.item.legal(turn.state, turn.player) else None

    def help_lines(self, turn: Turn) -> list[str]:
        """Each of its legal actions."""
        return [
            f"{self.item.id}: {turn.state.describe_action(action, turn.player)}"
            for action in self.item.legal(turn.state, turn.player)
        ]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """One of its legal actions, from a numbered list."""
        actions = list(self.item.legal(turn.state, turn.player))
        if not actions:
            # TRANSLATORS: at a game's prompt, an action the player typed is not open now; {action} is the action's id
            # in the ruleset, as the player typed it, e.g. "buy-third-field".
            raise InputProblem(_("You cannot {action} now.", action=self.item.id))
        if len(actions) == 1:
            return actions[0]
        picked = choose(
            turn,
            _("{name}, choose:", name=turn.name),
            [turn.state.describe_action(action, turn.player) for action in actions],
        )
        return None if picked is None else actions[picked]


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


# TRANSLATORS: what a player types to stop (planting, acting at the end of a turn): a short word, lower case.
DONE_COMMAND = typed_command(N_("done"), aliases=("done", "d"), prompt=COMMAND_PROMPT)


def done_words() -> set[str]:
    """Words that end the chance to act."""
    return DONE_COMMAND.words()
