"""Step ``choose``: a player, or each of several in turn, chooses one of the options whose condition holds."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.i18n import _
from engine.base.jsontypes import JSON
from engine.core.decisions import ActionList, LegalActions
from engine.core.flow import DONE, FlowNode, run_steps
from engine.families.choice.rules.options import DOMAINS, bound_name, number_range, option_shape
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


class ChooseStep(ExpressionParams, FlowNode):
    """``choose``: the player ``player`` (an expression; default the active player), or each player of ``each``
    in turn, chooses one of the ``options`` open to them; the option's ``then`` steps run.

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
    ```
    """

    kind = "choose"
    parameters = {
        "player": param("Player", "Who chooses (an expression; default active).", expression(PLAYER), option=False),
        "each": param(
            "Each", "Each of these players chooses in turn (an expression).", expression(PLAYERS), option=False
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
    expression_params = {"player": PLAYER, "each": PLAYERS}

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
                local: dict[str, Type] = {}
                name = bound_name(option)
                if name is not None and shape.domain is not None:
                    local[expression_name(name)] = DOMAINS[shape.domain][1]
                yield ("options", index, "when"), option["when"], FLAG, local

    @classmethod
    def binds(cls, spec: Mapping[str, Any]) -> Iterator[tuple[str, Type]]:
        if isinstance(spec.get("chooser"), str):
            yield spec["chooser"], PLAYER
        for option in spec.get("options") or ():
            if isinstance(option, Mapping):
                shape = option_shape(option)
                name = bound_name(option)
                if name is not None and shape.domain is not None:
                    yield name, DOMAINS[shape.domain][1]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        if "player" in spec and "each" in spec:
            context.add(path, _("a choice is made by one player (player) or by each of several (each), not both"))
        words: set[str] = set()
        for index, option in enumerate(spec.get("options") or ()):
            if not isinstance(option, Mapping):
                continue
            domains = [key for key in DOMAINS if key in option]
            where = f"{path}.options[{index}]"
            if len(domains) > 1:
                context.add(where, _("an option chooses among one thing: card, target, name or number"))
            if option.get("action") in words:
                context.add(
                    f"{where}.action", _("two options of one choice have the word '{word}'", word=option.get("action"))
                )
            words.add(str(option.get("action")))
            if "number" in option:
                low, high = number_range(option)
                if high < low or high - low >= 1000:
                    context.add(
                        f"{where}.number", _("a number option ranges over 1 to 1000 numbers, from `from` to `to`")
                    )
        # A word means one thing wherever it is offered (one action space serves every choice).
        shapes: dict[str, Any] = {}
        for option in choice_options(context.data):
            shape = option_shape(option)
            shapes.setdefault(shape.word, shape)
        for index, option in enumerate(spec.get("options") or ()):
            if isinstance(option, Mapping):
                shape = option_shape(option)
                first = shapes.get(shape.word)
                if first is not None and first.domain != shape.domain:
                    context.add(
                        f"{path}.options[{index}].action",
                        _(
                            "the word '{word}' is offered elsewhere for a {other}: a word chooses one kind of thing",
                            word=shape.word,
                            other=first.domain or _("word alone"),
                        ),
                    )

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.compile_expressions(spec, ruleset)
        compiler = compiler_for(ruleset)
        bindings = ruleset.scope.bindings
        self.skip_when_none = spec.get("none") == "skip"
        self.chooser_slot = bindings[expression_name(spec["chooser"])].slot if spec.get("chooser") else None
        # Per option: (word, domain, values expression, number range, bound slot, local name, condition, steps)
        self.options: list[_Option] = []
        for index, option in enumerate(spec.get("options") or ()):
            shape = option_shape(option)
            name = bound_name(option)
            local_name = expression_name(name) if name else None
            values = None
            if shape.domain is not None and shape.domain != "number":
                values = compile_or_raise(
                    compiler, option[shape.domain], DOMAINS[shape.domain][0], {}, ruleset, self.id, f"options[{index}]"
                )
            local = {local_name: DOMAINS[shape.domain][1]} if local_name and shape.domain else {}
            when = (
                compile_or_raise(compiler, option["when"], FLAG, local, ruleset, self.id, f"options[{index}].when")
                if isinstance(option.get("when"), str)
                else None
            )
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
                )
            )

    def children(self) -> Sequence[FlowNode]:
        return tuple(node for option in self.options for node in option.steps)

    def space_requests(self) -> Sequence[tuple[str, SpaceFactory]]:
        return (("choose", ChoiceSpace),)

    def compile(self, game: Game) -> None:
        space = game.space("choose")
        assert isinstance(space, ChoiceSpace)
        self.space = space
        self.active = game.variable("active")
        self.card_types = game.cards.type_of

    # ------------------------------------------------------------------ frames

    def new_frame(self) -> list:
        # [node, next step of the option chosen, its steps, the choosers, the next chooser's place]
        return [self, 0, (), (), 0]

    def start(self, state: State, frame: list) -> int:
        if "each" in self.compiled:
            frame[3] = tuple(self.value(state, "each"))
        else:
            frame[3] = (self.player_named(state),)
        frame[4] = 0
        return self._next_chooser(state, frame)

    def _next_chooser(self, state: State, frame: list) -> int:
        while frame[4] < len(frame[3]):
            chooser = frame[3][frame[4]]
            frame[4] += 1
            if self.chooser_slot is not None:
                state.bound[self.chooser_slot] = chooser
            if self.skip_when_none and not self._open(state, chooser, stop_at_first=True):
                continue
            frame[1] = 0
            frame[2] = ()
            return state.decide(chooser)
        return DONE

    def resume(self, state: State, frame: list) -> int:
        signal = run_steps(state, frame, frame[2])
        if signal != DONE:
            return signal
        return self._next_chooser(state, frame)

    # ------------------------------------------------------------------ deciding

    def _open(self, state: State, chooser: int, stop_at_first: bool = False) -> list[int]:
        """The legal actions of ``chooser`` now (the first one only, with ``stop_at_first``)."""
        found: list[int] = []
        space = self.space
        for option in self.options:
            for value, index in self._values(state, option):
                if option.when is not None:
                    local = {option.local_name: value} if option.local_name else None
                    if not evaluate(option.when, state, local, self.id, "when"):
                        continue
                found.append(space.action(option.word, index))
                if stop_at_first:
                    return found
        return found

    def _values(self, state: State, option: _Option) -> Iterator[tuple[Any, int]]:
        """The values an option ranges over now: (value bound, its index in the space), each once."""
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
            if option.domain == "card":
                index = self.card_types[value] if value >= 0 else -1 - value
            elif option.domain == "name":
                found = state.game.ruleset.card(value) if isinstance(value, str) else None
                if found is None:
                    continue
                index = found.index
            else:
                index = value
            if index in seen:
                continue
            seen.add(index)
            yield value, index

    def legal(self, state: State, frame: list) -> LegalActions:
        return ActionList(self._open(state, state.current), kind="choose")

    def apply(self, state: State, frame: list, action: int) -> int:
        if action not in self.space or action not in self._open(state, state.current):
            raise IllegalActionError.at(_("that is not one of the options open now"))
        entry, index = self.space.word_of(action)
        option = next(option for option in self.options if option.word == entry.word)
        if option.slot is not None:
            state.bound[option.slot] = self._value_of(state, option, index)
        frame[2] = option.steps
        frame[1] = 0
        signal = run_steps(state, frame, option.steps)
        if signal != DONE:
            return signal
        return self._next_chooser(state, frame)

    def _value_of(self, state: State, option: _Option, index: int) -> Any:
        """The value bound for an option's index: the first such card of the list, a seat, a card id, a number."""
        for value, found in self._values(state, option):
            if found == index:
                return value
        return index

    def public_facts(self, state: State, frame: list) -> Mapping[str, JSON]:
        return {"chooser": state.current}


class _Option:
    """One compiled option of a choice."""

    __slots__ = ("word", "domain", "values", "numbers", "slot", "local_name", "when", "steps")

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
    ) -> None:
        self.word = word
        self.domain = domain
        self.values = values
        self.numbers = numbers
        self.slot = slot
        self.local_name = local_name
        self.when = when
        self.steps = steps
