"""The generated parts of the ruleset reference (docs/rulesets/), written from the engine's own declarations.

Every block class declares what it takes (``parameters``: a JSON Schema
fragment per parameter, with a title and a description; ``required``) and
says what it does in the first paragraph of its docstring. Every kind of
modifier declares the same (``ModifierKind``). The pages under
``docs/rulesets/`` hold, for each block and each kind of modifier, a region
between two marker comments::

    <!-- generated: block KIND -->
    ...
    <!-- end generated -->

(``modifier KIND`` for a kind of modifier). This module rewrites what lies
between the markers: the one-line summary and a table of the parameters.
Everything around a region (the prose, the examples) is written by hand and
left as it is. A region names its kind once; the markers stay, so running
it again after a change to the engine brings the page up to date.

Run from the repository root::

    PYTHONPATH=. python docs/generate_reference.py            # check: exit 1 when a region is stale or missing
    PYTHONPATH=. python docs/generate_reference.py --write    # rewrite the stale regions in place

``tests/test_docs_reference.py`` runs the check, so a block whose parameters
change without the page being regenerated fails the tests.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import os
import re
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from engine.families.catalog import CATALOG
from engine.language.catalog import ModifierKind
from engine.language.schema_gen import modifier_definition

PAGES = Path(__file__).resolve().parent / "rulesets"
FAMILIES = PAGES / "families"
# Where the kinds of modifier that no one family owns are documented (``engine.families.common``).
REFERENCE = PAGES / "reference.md"
COMMON_MODIFIERS_PAGE = REFERENCE
# Links to the reference are written ``](@reference#anchor)``, then made relative to the page a region is on;
# links to the expression language's page ``](@expressions)``.
TO_REFERENCE = "](@reference#"
EXPRESSIONS = PAGES / "expressions.md"
TO_EXPRESSIONS = "](@expressions)"

REGION = re.compile(
    r"(?P<start><!-- generated: (?P<what>block|modifier) (?P<kind>[a-z0-9-]+) -->\n)"
    r"(?P<body>.*?)"
    r"(?P<end><!-- end generated -->)",
    re.DOTALL,
)
# A start marker, whether or not its region is well formed (to find one left without its end).
START = re.compile(r"<!-- generated: (?P<what>[a-z]+) (?P<kind>[a-z0-9-]+) -->")

# Where each category of block is written in a ruleset, said at the head of its region.
CATEGORY_WORDS = {
    "step": "A step (`setup`, `flow`, `finish`)",
    "effect": "A card effect (a card's `on-take`)",
    "end": "An end condition (`end`)",
    "score-step": "A score step (`scoring.steps`)",
    "elimination": "An elimination (`scoring.elimination`)",
    "tiebreak": "A tiebreak criterion (`tiebreak-criteria`)",
    "anytime": "An action at any time (`anytime`)",
}
# What a name refers to (``x-ref`` in a fragment), in words.
REFERENCE_WORDS = {
    "variable": "a player variable",
    "tag": "a tag",
    "card": "a card id",
    "attribute": "a card attribute",
    "measure": "a measure",
    "table": "a lookup table's name",
    "zone-tag": "a zone tag",
    "shared-counter": "a shared counter",
    "player-counter": "a per-player counter",
    "counter": "a counter",
    "step": "a step id",
}
# The shared definitions a fragment may point at (``$ref``), in words.
DEFINITION_WORDS = {
    "exact-number": "an exact number (`3`, `-5`, `0.5`, `1/2`)",
    "card-selector": "a [card selector](@reference#card-selectors)",
    "condition": "a [condition](@reference#conditions)",
    "lookup-table": "a [lookup table](@reference#cards)",
    "step": "a step",
    "option-reference": "`{option: NAME}`",
}
# A parameter written as an expression (``x-expression``: the type of its value), in words.
EXPRESSION_WORDS = {
    "number": "an [expression](@expressions) giving a number",
    "flag": "an [expression](@expressions) giving yes or no",
    "text": "an [expression](@expressions) giving a text",
    "player": "an [expression](@expressions) giving a player",
    "card": "an [expression](@expressions) giving a card",
    "list": "an [expression](@expressions) giving a list",
}
OPTION_SENTENCE = " May be an option reference {option: NAME}."
BY_PLAYERS = "a count [by number of players](@reference#counts-that-depend-on-the-number-of-players)"


# ---------------------------------------------------------------------------- what a fragment takes


def takes(fragment: Mapping[str, Any]) -> str:
    """What a parameter's schema fragment accepts, in words: "a player zone (a row)", "`true` or `false`"..."""
    alternatives = list(dict.fromkeys(_alternatives(fragment)))
    if len(alternatives) <= 2:
        return " or ".join(alternatives)
    return ", ".join(alternatives[:-1]) + " or " + alternatives[-1]


def _alternatives(fragment: Mapping[str, Any]) -> Iterator[str]:
    if "anyOf" in fragment:
        for item in fragment["anyOf"]:
            yield from _alternatives(item)
        return
    if "$ref" in fragment:
        name = fragment["$ref"].rsplit("/", 1)[-1]
        yield DEFINITION_WORDS.get(name, f"a {name}")
        return
    if "const" in fragment:
        yield f"`{fragment['const']}`"
        return
    if "enum" in fragment:
        words = [f"`{value}`" for value in fragment["enum"]]
        yield words[0] if len(words) == 1 else "one of " + ", ".join(words)
        return
    kind = fragment.get("type")
    if isinstance(kind, list):  # several JSON types: each in words
        for each in kind:
            yield from _alternatives({**fragment, "type": each})
        return
    if kind == "boolean":
        yield "`true` or `false`"
    elif kind == "null":
        yield "`null`"
    elif kind == "integer":
        yield _whole_number(fragment)
    elif kind == "number":
        yield "a number"
    elif kind == "string":
        yield _string(fragment)
    elif kind == "array":
        yield _list(fragment)
    elif kind == "object":
        yield _mapping(fragment)
    else:
        yield "a value"


def _whole_number(fragment: Mapping[str, Any]) -> str:
    low, high = fragment.get("minimum"), fragment.get("maximum")
    if low is not None and high is not None and high < 1_000_000:
        return f"a whole number from {low} to {high}"
    if low is not None:
        return f"a whole number from {low}"
    return "a whole number"


def _string(fragment: Mapping[str, Any]) -> str:
    if "x-expression" in fragment:
        return EXPRESSION_WORDS.get(fragment["x-expression"], "an [expression](@expressions)")
    reference = fragment.get("x-ref")
    if reference == "zone":
        return _zone(fragment.get("x-zone", {}))
    if reference:
        return REFERENCE_WORDS.get(reference, f"a {reference}")
    if "pattern" in fragment:
        return "a name"
    return "a text"


def _zone(needs: Mapping[str, Any]) -> str:
    owner = {"player": "a player zone", "shared": "a shared zone"}.get(needs.get("owner", ""), "a zone")
    kinds = needs.get("kinds")
    return f"{owner} (a {' or '.join(kinds)})" if kinds else owner


def _list(fragment: Mapping[str, Any]) -> str:
    items = fragment.get("items", {})
    if items.get("$ref", "").endswith("/step"):
        return "a list of steps"
    described = takes(items)
    noun = {
        "a zone": "zones",
        "a player zone": "player zones",
        "a shared zone": "shared zones",
        "a name": "names",
    }.get(described)
    if noun:
        return f"a list of {noun}"
    if described.startswith("a whole number"):
        return "a list of whole numbers"
    return f"a list, each {described}"


def _mapping(fragment: Mapping[str, Any]) -> str:
    properties = fragment.get("properties", {})
    if "by-players" in properties:
        return BY_PLAYERS if "otherwise" in properties else "`{by-players: {N: [COUNT, ...]}}`"
    values = fragment.get("additionalProperties")
    if isinstance(values, Mapping):
        return f"a mapping from names to {takes(values)}"
    return "a mapping"


# ---------------------------------------------------------------------------- the regions


def _markdown(text: str) -> str:
    """Docstring text as markdown: reStructuredText's double backquotes become single ones, lines are joined."""
    return " ".join(text.replace("``", "`").split())


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def _description(fragment: Mapping[str, Any], kind: str) -> str:
    """A fragment's description, without what the table says already.

    Left out: the sentence every option parameter ends with (the column
    "takes" says it), and the kind a modifier parameter's description starts
    with (the schema holds every kind's parameters in one list, the table one
    kind's).
    """
    text = fragment.get("description", "").replace(OPTION_SENTENCE, "").strip()
    if text.startswith(f"{kind}: "):
        text = text[len(kind) + 2 :]
        text = text[:1].upper() + text[1:]
    return text


def parameter_table(kind: str, parameters: Mapping[str, Mapping[str, Any]], required: tuple[str, ...]) -> list[str]:
    """The rows of a parameter table, required parameters first, each group in declaration order."""
    if not parameters:
        return ["No parameters."]
    rows = ["| parameter | required | takes | description |", "|---|---|---|---|"]
    ordered = [name for name in parameters if name in required] + [name for name in parameters if name not in required]
    for name in ordered:
        fragment = parameters[name]
        needed = "yes" if name in required else "no"
        rows.append(f"| `{name}` | {needed} | {_cell(takes(fragment))} | {_cell(_description(fragment, kind))} |")
    return rows


def block_summary(block: type) -> str:
    """The first paragraph of a block's docstring, as markdown (it starts with the kind: "`draw`: ...")."""
    doc = inspect.getdoc(block) or ""
    return _markdown(doc.split("\n\n", 1)[0])


def block_region(kind: str) -> str:
    """The generated text of one block: where it is written, its summary and its parameter table."""
    category, block = find_block(kind)
    lines = [f"*{CATEGORY_WORDS[category]}.* {block_summary(block)}", ""]
    lines += parameter_table(kind, block.parameters, tuple(block.required))
    return "\n".join(lines) + "\n"


def modifier_region(kind: str) -> str:
    """The generated text of one kind of modifier: its summary and the parameters of its own."""
    modifier = CATALOG.modifiers[kind]
    # A required key every modifier may have (``wild`` needs ``cards``) is listed with the kind's own.
    common = modifier_definition(CATALOG)["properties"]
    parameters = dict(modifier.parameters)
    for name in modifier.required:
        parameters.setdefault(name, common[name])
    summary = _markdown(modifier.summary)
    summary = summary[:1].lower() + summary[1:]
    lines = [f"*A kind of modifier (a card's `modifiers`).* `{kind}`: {summary}", ""]
    lines += parameter_table(kind, parameters, modifier.required)
    return "\n".join(lines) + "\n"


def region(what: str, kind: str, page: Path) -> str:
    """The generated text of a region on ``page`` (its links to the reference made relative to the page)."""
    text = block_region(kind) if what == "block" else modifier_region(kind)
    target = "" if page == REFERENCE else os.path.relpath(REFERENCE, page.parent).replace(os.sep, "/")
    expressions = os.path.relpath(EXPRESSIONS, page.parent).replace(os.sep, "/")
    return text.replace(TO_REFERENCE, f"]({target}#").replace(TO_EXPRESSIONS, f"]({expressions})")


def find_block(kind: str) -> tuple[str, type]:
    """The category and class of a block kind (kinds are unique across categories)."""
    found = [(category, kinds[kind]) for category, kinds in CATALOG.by_category().items() if kind in kinds]
    if len(found) != 1:
        raise KeyError(f"{kind!r} names {len(found)} blocks")
    return found[0]


def family_of(block: type) -> str:
    """The family a block belongs to: ``engine.families.FAMILY.rules.MODULE``."""
    parts = block.__module__.split(".")
    return parts[2]


def modifier_families() -> dict[str, str]:
    """Each kind of modifier by the family that declares it (``common``: the ones any family may ask for)."""
    owners: dict[str, str] = {}
    for path in sorted((Path(__file__).resolve().parent.parent / "engine" / "families").iterdir()):
        if not (path / "rules" / "__init__.py").is_file():
            continue
        rules = importlib.import_module(f"engine.families.{path.name}.rules")
        for modifier in getattr(rules, "MODIFIERS", ()):
            if isinstance(modifier, ModifierKind):
                owners[modifier.kind] = path.name
    return owners


def family_page(family: str) -> Path:
    """The page of a family; the common modifiers are on the reference page."""
    return COMMON_MODIFIERS_PAGE if family == "common" else FAMILIES / f"{family}.md"


def expected_places() -> dict[tuple[str, str], Path]:
    """Where each block and each kind of modifier must have its region: ``(what, kind) -> page``."""
    places = {
        ("block", kind): family_page(family_of(block))
        for kinds in CATALOG.by_category().values()
        for kind, block in kinds.items()
    }
    for kind, family in modifier_families().items():
        places[("modifier", kind)] = family_page(family)
    return places


# ---------------------------------------------------------------------------- pages


def pages() -> list[Path]:
    return sorted(PAGES.rglob("*.md"))


def regenerated(text: str, page: Path) -> str:
    """The text of ``page`` with every generated region rewritten (the rest unchanged)."""
    return REGION.sub(lambda match: match["start"] + region(match["what"], match["kind"], page) + match["end"], text)


def problems() -> list[str]:
    """What is wrong with the generated parts: regions that are stale, unknown, unclosed, duplicated or missing."""
    found: list[str] = []
    places = expected_places()
    seen: dict[tuple[str, str], Path] = {}
    root = PAGES.parent.parent
    for page in pages():
        text = page.read_text(encoding="utf-8")
        shown = page.relative_to(root)
        closed = {match.start("start") for match in REGION.finditer(text)}
        for match in START.finditer(text):
            key = (match["what"], match["kind"])
            if match.start() not in closed:
                found.append(f"{shown}: the region of {key[0]} {key[1]} has no '<!-- end generated -->'")
            if key not in places:
                found.append(f"{shown}: {key[0]} {key[1]} is not in the catalog")
            elif key in seen:
                found.append(f"{shown}: {key[0]} {key[1]} has a second region (the first is in {seen[key].name})")
            else:
                seen[key] = page
        for match in REGION.finditer(text):
            key = (match["what"], match["kind"])
            if key in places and match["body"] != region(*key, page):
                found.append(f"{shown}: the region of {key[0]} {key[1]} is stale")
    for key, page in sorted(places.items()):
        if key not in seen:
            found.append(f"{page.relative_to(root)}: no region for {key[0]} {key[1]}")
        elif seen[key] != page:
            found.append(f"{seen[key].relative_to(root)}: {key[0]} {key[1]} belongs in {page.relative_to(root)}")
    return found


def write() -> list[Path]:
    """Rewrite the stale regions of every page; the pages changed."""
    changed = []
    for page in pages():
        text = page.read_text(encoding="utf-8")
        new = regenerated(text, page)
        if new != text:
            page.write_text(new, encoding="utf-8")
            changed.append(page)
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Check or rewrite the generated parts of docs/rulesets/.")
    parser.add_argument("--write", action="store_true", help="rewrite the stale regions in place")
    arguments = parser.parse_args(argv)
    if arguments.write:
        for page in write():
            print(f"rewritten: {page.relative_to(PAGES.parent.parent)}")
    left = problems()
    for problem in left:
        print(problem, file=sys.stderr)
    return 1 if left else 0


if __name__ == "__main__":
    sys.exit(main())
