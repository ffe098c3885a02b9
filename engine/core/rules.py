"""What the core reads of a ruleset and of the blocks it is built from, as protocols.

The core never imports the language that reads rulesets, nor the block
families: it sees a ruleset through :class:`RulesetLike` (which the
language's ``Ruleset`` satisfies), the catalog of blocks through
:class:`BlockBuilder`, and each kind of block through the few methods the
core calls on it. Flow steps have a base class of their own
(:class:`~engine.core.flow.FlowNode`), as action spaces do
(:class:`~engine.core.decisions.ActionSpace`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal, Protocol, overload

from engine.base.jsontypes import JSON, Spec
from engine.base.named import RulesetTexts

if TYPE_CHECKING:
    from engine.base.errors import Diagnostic
    from engine.core.cards import CardType
    from engine.core.decisions import ActionSpace, LegalActions
    from engine.core.flow import FlowNode
    from engine.core.game import Game
    from engine.core.measures import MeasureSpec
    from engine.core.result import Result
    from engine.core.state import State
    from engine.core.zones import ZoneSpec

# An exact number of the scoring: an int while whole, else a Fraction (see engine.base.exact).
Exact = int | Fraction

# What makes an action space for a game: its class, called with the ruleset and the game.
SpaceFactory = Callable[["RulesetLike", "Game"], "ActionSpace"]


class BlockKind(Protocol):
    """A kind of block, the class itself: what the catalog and the ruleset checks read of it.

    Its constructor's arguments depend on the category (a step's is
    ``(spec, ruleset, build)``, every other's ``(spec, ruleset)``), so it is
    called with any: the catalog's :meth:`BlockBuilder.build` and
    :meth:`BlockBuilder.step_builder` say what each category makes.
    """

    @property
    def category(self) -> str: ...

    @property
    def kind(self) -> str: ...

    @property
    def parameters(self) -> Mapping[str, Spec]: ...

    def __call__(self, *args: Any, **kwargs: Any) -> Any: ...


class StepKind(BlockKind, Protocol):
    """A kind of flow step, the class itself (a :class:`~engine.core.flow.FlowNode` subclass)."""

    def sets_variables(self, spec: Spec) -> Sequence[str]:
        """The player variables a step of this kind sets, read from its spec."""
        ...


class StepBuilder(Protocol):
    """Builds a flow step from its spec (containers build their children with it)."""

    def __call__(self, spec: Spec, children: Sequence[FlowNode] | None = None) -> FlowNode: ...


class EffectBlock(Protocol):
    """A card's ``on-take`` effect: what happens when a player takes a card of its type."""

    def compile(self, game: Game) -> None: ...

    def decision_nodes(self) -> Iterable[FlowNode]:
        """The flow steps the effect decides in (a choice it asks its taker for)."""
        ...

    def on_take(self, state: State, taker: int, instance: int, won_slot: int) -> None: ...


class EndBlock(Protocol):
    """An end condition: when it is asked (``checked_at_*``) and how it ends the game."""

    @property
    def id(self) -> str: ...

    @property
    def checked_at_check(self) -> bool: ...

    @property
    def checked_at_reveal(self) -> bool: ...

    def compile(self, game: Game) -> None: ...

    def holds(self, state: State) -> bool: ...

    def on_reveal(self, state: State, instance: int) -> bool: ...

    def trigger(self, state: State, card: str | None) -> int:
        """End the game now (or after a step); the flow signal."""
        ...


class CounterEndBlock(EndBlock, Protocol):
    """An end condition that watches a counter (``checked_at_counter``): asked the moment the counter changes."""

    @property
    def counter(self) -> int | None: ...

    def on_counter(self, state: State, counter: int) -> bool: ...


class AnytimeBlock(Protocol):
    """An action a player may take at any of their decision points."""

    @property
    def id(self) -> str: ...

    @property
    def word(self) -> str:
        """The log's ``action`` word of its actions (the kind a random bot draws among)."""
        ...

    @property
    def space(self) -> ActionSpace: ...

    def space_requests(self) -> Sequence[tuple[str, SpaceFactory]]: ...

    def compile(self, game: Game) -> None: ...

    def available(self, state: State, player: int) -> bool: ...

    def legal(self, state: State, player: int) -> LegalActions: ...

    def apply(self, state: State, player: int, action: int) -> int:
        """Apply a legal action; the flow signal."""
        ...


class ScoreStepBlock(Protocol):
    """A step of the scoring pipeline. A step whose ``needs_zones`` is true is also given ``zones`` and ``ruleset``."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...

    def value(
        self,
        score: Exact,
        cards: Sequence[CardType],
        measures: Mapping[str, Exact] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
        ruleset: RulesetLike | None = None,
    ) -> Exact:
        """The new score."""
        ...

    def apply(
        self,
        score: Exact,
        cards: Sequence[CardType],
        measures: Mapping[str, Exact] | None = None,
        zones: Mapping[str, Sequence[str]] | None = None,
        ruleset: RulesetLike | None = None,
    ) -> tuple[Exact, Mapping[str, JSON]]:
        """The new score and what the step counted (for explanations)."""
        ...


class EliminationBlock(Protocol):
    """Who cannot win, from every seat's measures."""

    def eliminated(self, measures: Sequence[Mapping[str, Exact]]) -> Sequence[bool]: ...


class TiebreakBlock(Protocol):
    """A criterion that breaks a tie for the best score: the higher rank wins."""

    def rank(self, cards: Sequence[CardType], measures: Mapping[str, Exact]) -> tuple[Exact, ...]:
        """A rank of exact numbers, compared as tuples."""
        ...


class BlockBuilder(Protocol):
    """The catalog of blocks as the core uses it: it builds a ruleset's blocks by category."""

    @overload
    def build(self, category: Literal["effect"], spec: Spec | str, ruleset: RulesetLike) -> EffectBlock: ...

    @overload
    def build(self, category: Literal["end"], spec: Spec | str, ruleset: RulesetLike) -> EndBlock: ...

    @overload
    def build(self, category: Literal["score-step"], spec: Spec | str, ruleset: RulesetLike) -> ScoreStepBlock: ...

    @overload
    def build(self, category: Literal["elimination"], spec: Spec | str, ruleset: RulesetLike) -> EliminationBlock: ...

    @overload
    def build(self, category: Literal["tiebreak"], spec: Spec | str, ruleset: RulesetLike) -> TiebreakBlock: ...

    @overload
    def build(self, category: Literal["anytime"], spec: Spec | str, ruleset: RulesetLike) -> AnytimeBlock: ...

    @overload
    def build(self, category: str, spec: Spec | str, ruleset: RulesetLike) -> object: ...

    def step_builder(self, ruleset: RulesetLike) -> StepBuilder: ...

    def block(self, category: str, kind: str) -> BlockKind | None: ...

    def kinds(self, category: str) -> Mapping[str, BlockKind]: ...


class ScoreFormula(Protocol):
    """A ruleset's scoring written as expressions (``engine.language.expression_scoring``), as the core reads it."""

    def score(self, state: State, player: int) -> int | Fraction:
        """A player's score now."""
        ...

    def result(self, state: State) -> Result:
        """The result of a finished game."""
        ...


class RulesetLike(RulesetTexts, Protocol):
    """A validated, immutable ruleset as the core reads it (``engine.language.ruleset.Ruleset`` is one).

    Block specs are read-only mappings of the ruleset's YAML (:data:`~engine.base.jsontypes.Spec`).
    """

    @property
    def id(self) -> str: ...

    @property
    def game(self) -> str: ...

    @property
    def name(self) -> str: ...

    @property
    def description(self) -> str: ...

    @property
    def languages(self) -> tuple[str, ...]: ...

    @property
    def source(self) -> Path | None: ...

    @property
    def players_min(self) -> int: ...

    @property
    def players_max(self) -> int: ...

    @property
    def units(self) -> Mapping[str, Spec]: ...

    @property
    def cards(self) -> Sequence[CardType]: ...

    @property
    def zones(self) -> Sequence[ZoneSpec]: ...

    @property
    def counters(self) -> Sequence[Spec]: ...

    def score_formula(self, game: Game) -> ScoreFormula | None:
        """The ruleset's scoring by expressions for ``game`` (None when it scores with steps)."""
        ...

    @property
    def bound_names(self) -> Sequence[str]:
        """The names the steps bind (``as: target``), in slot order."""
        ...

    @property
    def status_names(self) -> Sequence[str]:
        """The statuses a player may have (out of the round, protected), in the order declared."""
        ...

    @property
    def measures(self) -> Sequence[MeasureSpec]: ...

    @property
    def setup(self) -> Sequence[Spec]: ...

    @property
    def flow(self) -> Sequence[Spec]: ...

    @property
    def finish(self) -> Sequence[Spec]: ...

    @property
    def anytime(self) -> Sequence[Spec]: ...

    @property
    def end_conditions(self) -> Sequence[Spec]: ...

    @property
    def scored_zones(self) -> Sequence[str]: ...

    @property
    def scoring_steps(self) -> Sequence[Spec]: ...

    @property
    def elimination(self) -> Spec: ...

    @property
    def tiebreak(self) -> Sequence[str]: ...

    @property
    def result_layout(self) -> Sequence[Spec]: ...

    @property
    def table_fields(self) -> Mapping[str, Spec]: ...

    @property
    def view(self) -> Spec: ...

    @property
    def tell(self) -> Sequence[Spec]: ...

    @property
    def report(self) -> Sequence[JSON]: ...

    @property
    def search(self) -> Spec: ...

    @property
    def options(self) -> Mapping[str, JSON]: ...

    @property
    def option_definitions(self) -> Mapping[str, Spec]: ...

    @property
    def blocks(self) -> BlockBuilder: ...

    @property
    def data(self) -> Spec: ...

    def card(self, card_id: str) -> CardType: ...

    def cards_with_tag(self, tag: str) -> tuple[CardType, ...]: ...

    def zone(self, zone_id: str) -> ZoneSpec: ...

    def measure(self, measure_id: str) -> MeasureSpec: ...

    def section(self, key: str) -> Spec: ...

    def problem_at(
        self, json_path: str, message: str, *, step: str | None = None, expression: str | None = None
    ) -> Diagnostic:
        """A problem found in play (a game that never ends, an expression that failed), located in the ruleset's
        files."""
        ...
