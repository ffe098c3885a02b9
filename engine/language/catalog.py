"""The catalog of building blocks: every kind a ruleset may name, by category.

The language reads rulesets against a catalog; it knows none of the blocks
itself. The block families build one (``engine.families.catalog``) from the
blocks each family declares, and everything downstream finds it on the
:class:`~engine.language.ruleset.Ruleset` it loaded (``ruleset.blocks``):
the core compiles a game's steps with it, the text layer describes them.

Categories:

- ``step``: a step of the setup or the turn flow (containers, card moves,
  decisions such as an auction);
- ``effect``: what happens when a player takes a card (a card's ``on-take``);
- ``end``: an end condition;
- ``score-step``: a step of the scoring pipeline;
- ``elimination``: who cannot win;
- ``tiebreak``: a criterion that breaks a tie for the best score;
- ``anytime``: an action a player may take at any of their decision points.

Each block is a class with a ``category``, a ``kind``, a docstring that
documents it, ``parameters`` (each a JSON Schema fragment: the ruleset
schema is generated from the catalog) and ``required``. A family may also
bring the upgrade of an older file format (``upgrades``: tree -> tree, each
applied to every file as it loads). The catalog also lists the action spaces
its blocks decide in (``spaces``): the words a game log's actions may hold;
and the kinds of modifier a card may declare (``modifiers``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING, Literal, overload

from engine.base.jsontypes import JSON, Spec
from engine.core.decisions import ActionSpace
from engine.core.flow import FlowNode
from engine.language.yaml_loader import Node

if TYPE_CHECKING:
    from engine.core.rules import (
        AnytimeBlock,
        BlockKind,
        EffectBlock,
        EliminationBlock,
        EndBlock,
        RulesetLike,
        ScoreStepBlock,
        StepBuilder,
        StepKind,
        TiebreakBlock,
    )
    from engine.language.semantic import Context

CATEGORIES = ("step", "effect", "end", "score-step", "elimination", "tiebreak", "anytime")

# An older format's file tree, read as the current one (positions kept, so diagnostics still point at the text).
Upgrade = Callable[[Node], Node]


@dataclass(frozen=True)
class ModifierKind:
    """A kind of modifier a card may declare (``cards[].modifiers``): a rule it applies while it lies in a zone.

    ``parameters`` are its keys beside the ones every modifier has (``kind``,
    ``while-in``, ``enabled``, ``cards``, ``description``), each a JSON Schema
    fragment with a title and a description; ``required`` the ones it needs;
    ``check(modifier, path, context)`` its own semantic checks. The core
    applies every kind alike (``state.modifiers(kind, player)``): the blocks
    that ask for a kind give it its meaning.
    """

    kind: str
    summary: str
    parameters: Mapping[str, Spec] = field(default_factory=lambda: MappingProxyType({}))
    required: tuple[str, ...] = ()
    # check(modifier, path, context): the context is the semantic checks' (engine.language.semantic.Context).
    check: Callable[[Mapping[str, JSON], str, Context], None] | None = None


class BlockCatalog:
    """Every block kind by category, and the upgrades of older file formats (immutable once made)."""

    def __init__(
        self,
        blocks: Iterable[BlockKind],
        spaces: Iterable[type[ActionSpace]] = (),
        modifiers: Iterable[ModifierKind] = (),
        upgrades: Sequence[Upgrade] = (),
    ) -> None:
        by_category: dict[str, dict[str, BlockKind]] = {category: {} for category in CATEGORIES}
        for block in blocks:
            category = block.category
            kind = block.kind
            known = by_category[category]
            if kind in known and known[kind] is not block:
                raise ValueError(f"two {category} blocks are called {kind!r}: {known[kind]!r} and {block!r}")
            known[kind] = block
        self._by_category: Mapping[str, Mapping[str, BlockKind]] = MappingProxyType(
            {category: MappingProxyType(dict(kinds)) for category, kinds in by_category.items()}
        )
        # The action spaces the blocks decide in: the words of a game log, and what their entries hold.
        self.spaces: tuple[type[ActionSpace], ...] = tuple(dict.fromkeys(spaces))
        # The kinds of modifier a card may declare, by kind.
        self.modifiers: Mapping[str, ModifierKind] = MappingProxyType({item.kind: item for item in modifiers})
        self.upgrades: tuple[Upgrade, ...] = tuple(upgrades)

    def __reduce__(self) -> tuple[type[BlockCatalog], tuple[object, ...]]:
        # A ruleset travels to worker processes with the catalog it was read with (its classes by reference).
        blocks = tuple(block for kinds in self._by_category.values() for block in kinds.values())
        return BlockCatalog, (blocks, self.spaces, tuple(self.modifiers.values()), self.upgrades)

    def __repr__(self) -> str:
        counts = ", ".join(f"{category}: {len(kinds)}" for category, kinds in self._by_category.items())
        return f"BlockCatalog({counts})"

    @overload
    def kinds(self, category: Literal["step"]) -> Mapping[str, StepKind]: ...

    @overload
    def kinds(self, category: str) -> Mapping[str, BlockKind]: ...

    def kinds(self, category: str) -> Mapping[str, BlockKind]:
        """The blocks of one category, by kind."""
        return self._by_category[category]

    def by_category(self) -> Mapping[str, Mapping[str, BlockKind]]:
        """Every block, by category then kind."""
        return self._by_category

    def block(self, category: str, kind: str) -> BlockKind | None:
        """The class of one kind (None when the catalog has no such kind)."""
        return self._by_category[category].get(kind)

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

    def build(self, category: str, spec: Spec | str, ruleset: RulesetLike) -> object:
        """An instance of the block that ``spec`` names (a mapping with ``kind``, or a bare kind).

        The ruleset loader has already checked kinds against the schema; an
        unknown kind here is a programming error and raises ``KeyError``.
        """
        if isinstance(spec, str):
            spec = {"kind": spec}
        return self._by_category[category][spec["kind"]](spec, ruleset)

    def step_builder(self, ruleset: RulesetLike) -> StepBuilder:
        """A function building flow nodes from step specs (containers build their children with it)."""
        steps = self._by_category["step"]

        def build_step(spec: Spec, children: Sequence[FlowNode] | None = None) -> FlowNode:
            built = steps[spec["kind"]](spec, ruleset, build_step)
            if children is not None:
                built.set_children(children)  # a container (the game's own sequence) takes the steps given
            node: FlowNode = built
            return node

        return build_step

    def upgrade(self, tree: Node) -> Node:
        """A file's tree in the current format (the same tree when it already is)."""
        for step in self.upgrades:
            tree = step(tree)
        return tree
