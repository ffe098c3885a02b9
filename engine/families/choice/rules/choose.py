"""Step ``choose``: a player, each of several in turn, or all of them at once, chooses one of the options whose
condition holds (one value of its domain, or with ``count`` several)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.formatting import format_list
from engine.base.i18n import _
from engine.base.jsontypes import JSON
from engine.core.decisions import ActionList, LegalActions
from engine.core.flow import DONE, FlowNode, run_steps
from engine.families.choice.rules.events import ChoiceRevealed
from engine.families.choice.rules.options import (
    DOMAINS,
    DONE_WORD,
    MOST_PICKED,
    bound_name,
    count_range,
    number_range,
    option_shape,
)
from engine.families.choice.rules.space import ChoiceSpace, choice_options
from engine.language.expression_params import ExpressionParams, compile_or_raise, evaluate, expression
from engine.language.expressions.compiler import Expression
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.names import expression_name
from engine.language.expressions.types import FLAG, PLAYER, PLAYERS, Type
from engine.language.params import NAME_PATTERN, STEPS, TEXT, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.rules import SpaceFactory
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

WORD = {"type": "string", "pattern": "^[a-z][a-z0-9-]*$", "maxLength": 60}
NAME = {"type": "string", "pattern": NAME_PATTERN, "maxLength": 200}
OPTION_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["action"],
    "properties": {
        "action": {"title": "Action", "description": "The option's word (the log's action).", **WORD},
        "label": {"title": "Label", "description": "How the option is called (translated; default its word).", **TEXT},
        "says": {
            "title": "Says",
            "description": "How choosing it is told: {player}, and {card}, {target}, {name} or {number}.",
            **TEXT,
        },
        "card": {
            "title": "Card",
            "description": "Choose one of these cards (an expression).",
            **expression(DOMAINS["card"][0]),
        },
        "target": {
            "title": "Target",
            "description": "Choose one of these players (an expression).",
            **expression(DOMAINS["target"][0]),
        },
        "name": {
            "title": "Name",
            "description": "Name one of these card ids (an expression).",
            **expression(DOMAINS["name"][0]),
        },
        "number": {
            "title": "Number",
            "description": "Choose a whole number from `from` to `to`.",
            "type": "object",
            "additionalProperties": False,
            "required": ["from", "to"],
            "properties": {
                "from": {
                    "title": "From",
                    "description": "The least number.",
                    "type": "integer",
                    "minimum": -1_000_000,
                    "maximum": 1_000_000,
                },
                "to": {
                    "title": "To",
                    "description": "The greatest number.",
                    "type": "integer",
                    "minimum": -1_000_000,
                    "maximum": 1_000_000,
                },
            },
        },
        "count": {
            "title": "Count",
            "description": "Choose several values, one at a time: exactly this many, or `{min, max}` (then `done`).",
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": MOST_PICKED},
                {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["max"],
                    "properties": {
                        "min": {
                            "title": "Min",
                            "description": "The fewest values chosen (default 0).",
                            "type": "integer",
                            "minimum": 0,
                            "maximum": MOST_PICKED,
                        },
                        "max": {
                            "title": "Max",
                            "description": "The most values chosen.",
                            "type": "integer",
                            "minimum": 1,
                            "maximum": MOST_PICKED,
                        },
                    },
                },
            ],
        },
        "as": {
            "title": "As",
            "description": "The name the value chosen is bound to (default the domain's key).",
            **NAME,
        },
        "when": {
            "title": "When",
            "description": "The option is open only when this holds (an expression).",
            **expression(FLAG),
        },
        "then": {"title": "Then", "description": "The steps run when it is chosen.", **STEPS},
    },
}


# A choose step's frame: [node, next step of the steps running, those steps, the choosers, the next chooser's
# place, the option being chosen several values of (-1: none), the values chosen of it so far, the choices
# collected from all at once (chooser, option, value), the next of them to carry out (-1: still collecting)].
STEP, STEPS, CHOOSERS, NEXT_CHOOSER, OPTION, PICKED, COLLECTED, CARRYING_OUT = range(1, 9)

# The name of the values chosen so far, in the condition of an option with a count.
PICKED_NAME = "picked"


class ChooseStep(ExpressionParams, FlowNode):
    """``choose``: the player ``player`` (an expression; default the active player), each player of ``each``
    in turn, or every player of ``all`` at once, chooses one of the ``options`` open to them; the option's
    ``then`` steps run.

    An option is a word (``action``, the log's word) with, optionally, what it
    chooses among: ``card`` (cards an expression gives), ``target`` (players),
    ``name`` (card ids: naming a card) or ``number`` (``{from, to}``); the value
    chosen is bound to ``as`` (default the domain's key) for the steps that
    follow. ``when`` is the option's condition, asked for each value with the
    value bound: the legal actions and the check of a typed answer are one
    rule. ``chooser`` binds who is choosing. When no option is open: ``none:
    skip`` passes the decision over (a card that targets another player
    when everyone else is protected); otherwise the game cannot go on, which
    is told at the step.

    **Several values.** An option of cards, players or names with ``count``
    (``count: 2``, or ``count: {min: 0, max: 3}``) is chosen one value at a
    time, each an action of its own, until ``max`` are chosen or none is left
    open; once ``min`` are chosen, the word ``done`` ends it. Its name is then
    bound to the list chosen; in its ``when``, the name is the value asked
    about and ``picked`` the values chosen so far. Fewer than ``min`` are
    chosen when no more are open (discard two cards, holding one). One
    option of a choice at most may have a ``min`` of 0: ``done`` chooses it
    with nothing.

    **All at once.** With ``all``, every player of the list chooses, in its
    order (the log's), without learning what the others chose: a choice is
    told as made in secret, and kept out of the other players' views and
    searches, until all have chosen. Then each choice is revealed and its
    ``then`` steps run, in the same order, with ``chooser`` bound to its
    player.

    ```yaml
    - kind: choose
      id: turn
      options:
        - {action: pass, when: "active.chips > 0", then: [...]}
        - {action: take, then: [...]}
    - kind: choose
      id: look
      none: skip
      options:
        - action: look
          target: "opponents(active)"
          when: "not target.out and not target.protected"
          then: [{kind: show, cards: target.hand, to: active}]
    - kind: choose
      id: bid
      all: "players"
      chooser: bidder
      options:
        - action: bid
          card: bidder.hand
          count: {min: 1, max: 2}
          then: [{kind: move, cards: card, to: bidder.played}]
    ```
    """

    kind = "choose"
    parameters = {
        "player": param("Player", "Who chooses (an expression; default active).", expression(PLAYER), option=False),
        "each": param(
            "Each", "Each of these players chooses in turn (an expression).", expression(PLAYERS), option=False
        ),
        "all": param(
            "All",
            "All of these players choose at once, each unaware of the others' choices (an expression).",
            expression(PLAYERS),
            option=False,
        ),
        "chooser": param("Chooser", "The name bound to the player choosing.", NAME, option=False),
        "options": param(
            "Options",
            "What may be chosen, each with its condition and its steps.",
            {"type": "array", "minItems": 1, "maxItems": 100, "items": OPTION_SCHEMA},
            option=False,
        ),
        "none": param(
            "None", "skip: when no option is open, the decision is passed over.", {"enum": ["skip"]}, option=False
        ),
    }
    required = ("options",)
    expression_params = {"player": PLAYER, "each": PLAYERS, "all": PLAYERS}

    @classmethod
    def expressions(
        cls, spec: Mapping[str, Any]
    ) -> Iterator[tuple[tuple[str | int, ...], str, Type, Mapping[str, Type]]]:
        yield from super().expressions(spec)
        for index, option in enumerate(spec.get("options") or ()):
            if not isinstance(option, Mapping):
                continue
            shape = option_shape(option)
            if shape.domain is not None and shape.domain != "number" and isinstance(option.get(shape.domain), str):
                yield ("options", index, shape.domain), option[shape.domain], DOMAINS[shape.domain][0], {}
            if isinstance(option.get("when"), str):
                yield ("options", index, "when"), option["when"], FLAG, _condition_names(option)

    @classmethod
    def binds(cls, spec: Mapping[str, Any]) -> Iterator[tuple[str, Type]]:
        if isinstance(spec.get("chooser"), str):
            yield spec["chooser"], PLAYER
        for option in spec.get("options") or ():
            if isinstance(option, Mapping):
                shape = option_shape(option)
                name = bound_name(option)
                if name is not None and shape.domain is not None:
                    several = _counted(option)
                    yield name, DOMAINS[shape.domain][0 if several else 1]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        if sum(key in spec for key in ("player", "each", "all")) > 1:
            context.add(
                path,
                # TRANSLATORS: error in a ruleset file about a "choose" step; keep the keys player, each and all.
                _(
                    "a choice is made by one player (player), by each of several in turn (each) or by all at "
                    "once (all): one of them"
                ),
            )
        words: set[str] = set()
        from_nothing = 0
        for index, option in enumerate(spec.get("options") or ()):
            if not isinstance(option, Mapping):
                continue
            domains = [key for key in DOMAINS if key in option]
            where = f"{path}.options[{index}]"
            if len(domains) > 1:
                # TRANSLATORS: error in a ruleset file: an option of a choice; keep the keys card, target, name and
                # number.
                context.add(where, _("an option chooses among one thing: card, target, name or number"))
            if option.get("action") in words:
                # TRANSLATORS: error in a ruleset file; {word} is an option's word (what the player types and the game
                # log writes), e.g. "steal".
                context.add(
                    f"{where}.action", _("two options of one choice have the word '{word}'", word=option.get("action"))
                )
            words.add(str(option.get("action")))
            if "number" in option:
                low, high = number_range(option)
                if high < low or high - low >= 1000:
                    context.add(  # TRANSLATORS: ruleset error; keep `from` and `to` (keys of the ruleset).
                        f"{where}.number", _("a number option ranges over 1 to 1000 numbers, from `from` to `to`")
                    )
            if _counted(option):
                cls._check_count(option, where, context)
                least = count_range(option)
                from_nothing += least is not None and least[0] == 0
        if from_nothing > 1:
            context.add(
                f"{path}.options",
                # TRANSLATORS: error in a ruleset file: several options of a choice let the player choose no value at
                # all; keep "count" and "min" (keys of the ruleset).
                _("one option of a choice at most may be chosen with nothing (a count whose min is 0)"),
            )
        cls._check_words(spec, path, context)

    @staticmethod
    def _check_count(option: Mapping[str, Any], where: str, context: Any) -> None:
        shape = option_shape(option)
        if shape.domain not in ("card", "target", "name"):
            # TRANSLATORS: error in a ruleset file; keep "count" (a key of the ruleset).
            context.add(f"{where}.count", _("a count is for an option that chooses cards, players or names"))
        counts = count_range(option)
        if counts is not None and counts[0] > counts[1]:
            # TRANSLATORS: error in a ruleset file; keep "count", "min" and "max" (keys of the ruleset).
            context.add(f"{where}.count", _("the count's min is more than its max"))

    @staticmethod
    def _check_words(spec: Mapping[str, Any], path: str, context: Any) -> None:
        # A word means one thing wherever it is offered (one action space serves every choice).
        everywhere = choice_options(context.data)
        shapes: dict[str, Any] = {}
        for option in everywhere:
            shape = option_shape(option)
            shapes.setdefault(shape.word, shape)
        counts = any(_counted(option) for option in everywhere)
        # Words other blocks write with keys of their own: a log entry of the word must hold them (the log format
        # is one for every ruleset), so a choice may offer such a word only when its value gives those keys.
        fixed = {
            word: tuple(keys)
            for space in context.catalog.spaces
            if space is not ChoiceSpace
            for word, keys in space.required_fields.items()
        }
        for index, option in enumerate(spec.get("options") or ()):
            if isinstance(option, Mapping):
                shape = option_shape(option)
                needs = fixed.get(shape.word)
                if needs is not None and set(needs) - {shape.domain}:
                    # TRANSLATORS: error in a ruleset file; {word} is an option's word, e.g. "discard"; {keys} the keys
                    # a game log writes with it, e.g. "card" (keep them as they are).
                    context.add(
                        f"{path}.options[{index}].action",
                        _(
                            "the word '{word}' is written in game logs with {keys} by other blocks: give the option "
                            "another word",
                            word=shape.word,
                            keys=format_list(needs),
                        ),
                    )
                first = shapes.get(shape.word)
                if first is not None and first.domain != shape.domain:
                    # TRANSLATORS: fills {other} in "the word '{word}' is offered elsewhere for a {other}": an option
                    # that is its word only and chooses no value (the others name "card", "target", "name", "number").
                    alone = _("word alone")
                    context.add(
                        f"{path}.options[{index}].action",
                        # TRANSLATORS: error in a ruleset file; {word} is an option's word, e.g. "steal"; {other} is
                        # what it chooses elsewhere: card, target, name or number (keys, kept as they are), or the
                        # message "word alone" (an option that is its word only and chooses no value).
                        _(
                            "the word '{word}' is offered elsewhere for a {other}: a word chooses one kind of thing",
                            word=shape.word,
                            other=first.domain or alone,
                        ),
                    )
                if counts and shape.word == DONE_WORD:
                    # TRANSLATORS: error in a ruleset file; {word} is "done" (keep it); keep "count" (a key of the
                    # ruleset).
                    context.add(
                        f"{path}.options[{index}].action",
                        _(
                            "the word '{word}' ends a choice of several values (count) in this ruleset: give the "
                            "option another word",
                            word=DONE_WORD,
                        ),
                    )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        compiler = compiler_for(ruleset)
        bindings = ruleset.scope.bindings
        self.skip_when_none = spec.get("none") == "skip"
        self.at_once = "all" in spec
        self.chooser_slot = bindings[expression_name(spec["chooser"])].slot if spec.get("chooser") else None
        self.options: list[_Option] = []
        # The option `done` chooses with nothing (a count whose min is 0), if any.
        self.from_nothing: int | None = None
        for index, option in enumerate(spec.get("options") or ()):
            shape = option_shape(option)
            name = bound_name(option)
            local_name = expression_name(name) if name else None
            values = None
            if shape.domain is not None and shape.domain != "number":
                values = compile_or_raise(
                    compiler, option[shape.domain], DOMAINS[shape.domain][0], {}, ruleset, self.id, f"options[{index}]"
                )
            when = (
                compile_or_raise(
                    compiler, option["when"], FLAG, _condition_names(option), ruleset, self.id, f"options[{index}].when"
                )
                if isinstance(option.get("when"), str)
                else None
            )
            counts = count_range(option) if _counted(option) else None
            if counts is not None and counts[0] == 0:
                self.from_nothing = index
            self.options.append(
                _Option(
                    shape.word,
                    shape.domain,
                    values,
                    number_range(option) if shape.domain == "number" else (0, 0),
                    bindings[local_name].slot if local_name else None,
                    local_name,
                    when,
                    tuple(build(child) for child in option.get("then") or ()),
                    counts,
                )
            )
        self.by_word = {option.word: index for index, option in enumerate(self.options)}

    def children(self) -> Sequence[FlowNode]:
        return tuple(node for option in self.options for node in option.steps)

    def space_requests(self) -> Sequence[tuple[str, SpaceFactory]]:
        return (("choose", ChoiceSpace),)

    def compile(self, game: Game) -> None:
        space = game.space("choose")
        assert isinstance(space, ChoiceSpace)
        self.space = space
        self.done = space.action(DONE_WORD) if DONE_WORD in space.words and space.words[DONE_WORD].ends_count else -1
        self.active = game.variable("active")
        self.card_types = game.cards.type_of

    # ------------------------------------------------------------------ frames

    def new_frame(self) -> list:
        return [self, 0, (), (), 0, -1, (), (), -1]

    def start(self, state: State, frame: list) -> int:
        if "each" in self.compiled:
            frame[CHOOSERS] = tuple(self.value(state, "each"))
        elif "all" in self.compiled:
            frame[CHOOSERS] = tuple(self.value(state, "all"))
        else:
            frame[CHOOSERS] = (self.player_named(state),)
        frame[NEXT_CHOOSER] = 0
        frame[COLLECTED] = ()
        frame[CARRYING_OUT] = -1
        return self._next_chooser(state, frame)

    def _next_chooser(self, state: State, frame: list) -> int:
        while frame[NEXT_CHOOSER] < len(frame[CHOOSERS]):
            chooser = frame[CHOOSERS][frame[NEXT_CHOOSER]]
            frame[NEXT_CHOOSER] += 1
            if self.chooser_slot is not None:
                state.bound[self.chooser_slot] = chooser
            if self.skip_when_none and not self._open(state, chooser, frame, stop_at_first=True):
                continue
            frame[STEP] = 0
            frame[STEPS] = ()
            return state.decide(chooser)
        if self.at_once and frame[CARRYING_OUT] < 0:
            # Everyone has chosen: the choices are known to all from here, and carried out in order.
            state.reveal_actions()
            frame[CARRYING_OUT] = 0
            return self._carry_out(state, frame)
        return DONE

    def _carry_out(self, state: State, frame: list) -> int:
        """Reveal the choices made all at once and run their steps, one chooser after another."""
        while frame[CARRYING_OUT] < len(frame[COLLECTED]):
            chooser, index, value, told = frame[COLLECTED][frame[CARRYING_OUT]]
            frame[CARRYING_OUT] += 1
            if self.chooser_slot is not None:
                state.bound[self.chooser_slot] = chooser
            if state.recording:
                state.events.append(ChoiceRevealed(chooser, told))
            signal = self._run_option(state, frame, self.options[index], value)
            if signal != DONE:
                return signal
        return DONE

    def resume(self, state: State, frame: list) -> int:
        signal = run_steps(state, frame, frame[STEPS])
        if signal != DONE:
            return signal
        if frame[CARRYING_OUT] >= 0:
            return self._carry_out(state, frame)
        return self._next_chooser(state, frame)

    def decides_in_secret(self, state: State, frame: list) -> bool:
        return self.at_once and frame[CARRYING_OUT] < 0

    # ------------------------------------------------------------------ deciding

    def _open(self, state: State, chooser: int, frame: list, stop_at_first: bool = False) -> list[int]:
        """The legal actions of ``chooser`` now (the first one only, with ``stop_at_first``)."""
        if frame[OPTION] >= 0:
            # Several values of one option are being chosen: more of them, or done once there are enough.
            option = self.options[frame[OPTION]]
            found = self._open_values(state, option, frame[PICKED], stop_at_first)
            assert option.counts is not None
            if len(frame[PICKED]) >= option.counts[0]:
                found.append(self.done)
            return found
        found = []
        for index, option in enumerate(self.options):
            found.extend(self._open_values(state, option, (), stop_at_first))
            if index == self.from_nothing:
                found.append(self.done)
            if stop_at_first and found:
                return found[:1]
        return found

    def _open_values(self, state: State, option: _Option, picked: tuple, stop_at_first: bool) -> list[int]:
        """The actions of the values of ``option`` open now (``picked``: those of it chosen already)."""
        found: list[int] = []
        space = self.space
        local = self._condition_scope(option, picked)
        for value, index in self._values(state, option, picked):
            if option.when is not None and not self._allows(state, option, local, value):
                continue
            found.append(space.action(option.word, index))
            if stop_at_first:
                return found
        return found

    @staticmethod
    def _condition_scope(option: _Option, picked: tuple) -> dict[str, object] | None:
        """The names an option's condition reads besides the ruleset's (its value's, filled in by
        :meth:`_allows`, and ``picked`` with a count); None when the option binds no name."""
        if not option.local_name:
            return None
        return {PICKED_NAME: picked} if option.counts is not None else {}

    def _allows(self, state: State, option: _Option, local: dict[str, object] | None, value: Any) -> bool:
        """Whether the condition (``when``) of an option that has one holds for ``value`` now."""
        if local is not None:
            local[option.local_name] = value  # type: ignore[index]
        return bool(evaluate(option.when, state, local, self.id, "when"))

    def _values(self, state: State, option: _Option, picked: tuple = ()) -> Iterator[tuple[Any, int]]:
        """The values an option ranges over now, but those ``picked``: (value bound, its index in the space),
        each index once."""
        if option.domain is None:
            yield None, 0
            return
        if option.domain == "number":
            for number in range(option.numbers[0], option.numbers[1] + 1):
                yield number, number
            return
        assert option.values is not None
        listed = evaluate(option.values, state, None, self.id, option.domain)
        seen: set[int] = set()
        for value in listed:
            if picked and value in picked:
                continue
            index = self._index_of(option, value)
            if index is None or index in seen:
                continue
            seen.add(index)
            yield value, index

    def legal(self, state: State, frame: list) -> LegalActions:
        return ActionList(self._open(state, state.current, frame), kind="choose")

    def apply(self, state: State, frame: list, action: int) -> int:
        chooser = state.current
        opened = self._opened(state, frame, action) if action in self.space else None
        if opened is None:
            # TRANSLATORS: why an action is refused at a choice: the option is not offered at this moment.
            raise IllegalActionError.at(_("that is not one of the options open now"))
        if self.at_once and frame[CARRYING_OUT] < 0:
            state.hide_action(chooser)
        index, value = opened
        if action == self.done:
            return self._chosen(state, frame, chooser, index, frame[PICKED])
        option = self.options[index]
        if option.counts is None:
            return self._chosen(state, frame, chooser, index, value)
        picked = (*frame[PICKED], value)
        if len(picked) >= option.counts[1] or not self._open_values(state, option, picked, stop_at_first=True):
            return self._chosen(state, frame, chooser, index, picked)
        frame[OPTION] = index
        frame[PICKED] = picked
        return state.decide(chooser)

    def _opened(self, state: State, frame: list, action: int) -> tuple[int, Any] | None:
        """``(option index, value bound)`` when ``action`` is one of :meth:`_open`'s actions now, else None.

        The same answer as looking ``action`` up in the list of every open
        action, without working out the others: a replay, or a bot's move,
        asks about one action, and each value's condition is an expression.
        """
        if action == self.done:
            if frame[OPTION] >= 0:
                counts = self.options[frame[OPTION]].counts
                assert counts is not None
                return (frame[OPTION], None) if len(frame[PICKED]) >= counts[0] else None
            return None if self.from_nothing is None else (self.from_nothing, None)
        entry, value_index = self.space.word_of(action)
        index = self.by_word.get(entry.word)
        if index is None or (frame[OPTION] >= 0 and index != frame[OPTION]):
            return None
        option = self.options[index]
        picked = frame[PICKED] if frame[OPTION] >= 0 else ()
        for value, found in self._values(state, option, picked):
            if found != value_index:
                continue
            # As _open_values: the first value of this index is the one offered, if its condition holds.
            if option.when is not None and not self._allows(
                state, option, self._condition_scope(option, picked), value
            ):
                return None
            return index, value
        return None

    def _chosen(self, state: State, frame: list, chooser: int, index: int, value: Any) -> int:
        """``chooser`` has chosen ``value`` of option ``index``: its steps run now, or once all have chosen."""
        frame[OPTION] = -1
        frame[PICKED] = ()
        if self.at_once:
            told = self._told(state, chooser, index, value) if state.recording else None
            frame[COLLECTED] = (*frame[COLLECTED], (chooser, index, value, told))
            return self._next_chooser(state, frame)
        signal = self._run_option(state, frame, self.options[index], value)
        if signal != DONE:
            return signal
        return self._next_chooser(state, frame)

    def _run_option(self, state: State, frame: list, option: _Option, value: Any) -> int:
        if option.slot is not None:
            state.bound[option.slot] = value
        frame[STEPS] = option.steps
        frame[STEP] = 0
        return run_steps(state, frame, option.steps)

    def _told(self, state: State, chooser: int, index: int, value: Any) -> str:
        """How a choice made in secret is told once revealed: its option's words, with every value chosen."""
        option = self.options[index]
        values = value if option.counts is not None else (value,)
        if option.domain is None:
            return self.space.describe(state, self.space.action(option.word), chooser)
        if not values:
            return self.space.describe(state, self.done, chooser)
        return format_list(
            [
                self.space.describe(state, self.space.action(option.word, self._index_of(option, one)), chooser)
                for one in values
            ]
        )

    def _index_of(self, option: _Option, value: Any) -> int | None:
        """A value's index in the action space (a card's type, a seat, a card id's place, a number); None for a
        name that is no card id (a list of names may hold any string: such a name is no choice)."""
        if option.domain == "card":
            return int(self.card_types[value] if value >= 0 else -1 - value)
        if option.domain == "name":
            found = self.space.ruleset.card(value) if isinstance(value, str) else None
            return found.index if found is not None else None
        return int(value)

    def public_facts(self, state: State, frame: list) -> Mapping[str, JSON]:
        return {"chooser": state.current}


def _counted(option: Mapping[str, Any]) -> bool:
    """Whether an option chooses several values (it has a ``count``)."""
    return option.get("count") is not None


def _condition_names(option: Mapping[str, Any]) -> dict[str, Type]:
    """The names an option's ``when`` may use besides the ruleset's: the value asked about, and with a count
    the values chosen so far (``picked``)."""
    shape = option_shape(option)
    name = bound_name(option)
    if name is None or shape.domain is None:
        return {}
    names = {expression_name(name): DOMAINS[shape.domain][1]}
    if _counted(option):
        names[PICKED_NAME] = DOMAINS[shape.domain][0]
    return names


class _Option:
    """One compiled option of a choice."""

    __slots__ = ("word", "domain", "values", "numbers", "slot", "local_name", "when", "steps", "counts")

    def __init__(
        self,
        word: str,
        domain: str | None,
        values: Expression | None,
        numbers: tuple[int, int],
        slot: int | None,
        local_name: str | None,
        when: Expression | None,
        steps: tuple[FlowNode, ...],
        counts: tuple[int, int] | None = None,
    ) -> None:
        self.word = word
        self.domain = domain
        self.values = values
        self.numbers = numbers
        self.slot = slot
        self.local_name = local_name
        self.when = when
        self.steps = steps
        # (least, most) values chosen, for an option with a count; None for one value.
        self.counts = counts
