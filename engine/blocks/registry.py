"""The registry of building blocks: every kind a ruleset may name, by category.

``BLOCKS[category][kind]`` is the class implementing that kind. Categories:

- ``step``: a step of the setup or the turn flow (containers, card moves,
  decisions such as an auction);
- ``effect``: what happens when a player takes a card (a card's ``on-take``);
- ``end``: an end condition;
- ``score-step``: a step of the scoring pipeline;
- ``elimination``: who cannot win;
- ``tiebreak``: a criterion that breaks a tie for the best score;
- ``anytime``: an action a player may take at any of their decision points.

Each block is a small class in its own module, grouped in folders by family
(``flow``, ``cards``, ``auction``, ``end``, ``scoring``, ``outcome``); its
docstring documents it, ``parameters`` gives its parameters' schema (the
ruleset schema is generated from the registry) and ``required`` the ones it
needs. A new kind of rule is one module plus its catalog entries.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

CATEGORIES = ("step", "effect", "end", "score-step", "elimination", "tiebreak", "anytime")

BLOCKS: dict[str, dict[str, type]] = {category: {} for category in CATEGORIES}


def register(block: type) -> type:
    """Class decorator: make ``block`` available under its ``category`` and ``kind``."""
    BLOCKS[block.category][block.kind] = block
    return block


def _load_families() -> None:
    # Importing a family registers its blocks.
    import importlib

    for family in FAMILIES:
        importlib.import_module(f"{__package__}.{family}")


FAMILIES = (
    "flow",
    "cards",
    "zones",
    "supply",
    "auction",
    "planting",
    "harvest",
    "trading",
    "end",
    "scoring",
    "outcome",
)


def family_parts(part: str) -> dict[str, Any]:
    """What every family offers the front ends under ``part`` (``prompts``, ``policies``: kind -> object).

    A family's ``FRONT_ENDS`` names them as ``"module:attribute"`` inside the
    family's folder; they are imported here, when a front end first asks.
    """
    import importlib

    found: dict[str, Any] = {}
    for family in FAMILIES:
        module = importlib.import_module(f"{__package__}.{family}")
        for kind, target in (getattr(module, "FRONT_ENDS", {}).get(part) or {}).items():
            module_name, attribute = target.split(":")
            found[kind] = getattr(importlib.import_module(f"{__package__}.{family}.{module_name}"), attribute)
    return found


def family_modules(part: str) -> list[Any]:
    """Every family module listed under ``part`` (``narration``), imported."""
    import importlib

    modules = []
    for family in FAMILIES:
        module = importlib.import_module(f"{__package__}.{family}")
        for name in getattr(module, "FRONT_ENDS", {}).get(part) or ():
            modules.append(importlib.import_module(f"{__package__}.{family}.{name}"))
    return modules


def build(category: str, spec: Mapping[str, Any] | str, ruleset: Any) -> Any:
    """An instance of the block that ``spec`` names (a mapping with ``kind``, or a bare kind).

    The ruleset loader has already checked kinds against the schema; an
    unknown kind here is a programming error and raises ``KeyError``.
    """
    _load_families()
    if isinstance(spec, str):
        spec = {"kind": spec}
    return BLOCKS[category][spec["kind"]](spec, ruleset)


def step_builder(ruleset: Any) -> Callable[..., Any]:
    """A function building flow nodes from step specs (containers build their children with it)."""
    _load_families()
    steps = BLOCKS["step"]

    def build_step(spec: Mapping[str, Any], children: Sequence[Any] | None = None) -> Any:
        node = steps[spec["kind"]](spec, ruleset, build_step)
        if children is not None:
            node.set_children(children)
        return node

    return build_step


def all_blocks() -> dict[str, dict[str, type]]:
    """Every registered block by category (loading the families first)."""
    _load_families()
    return BLOCKS
