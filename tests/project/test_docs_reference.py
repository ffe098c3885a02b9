"""The ruleset reference (docs/rulesets/) documents the whole language, and its generated parts are up to date.

The parameter table and summary of every block and every kind of modifier
are written by ``docs/generate_reference.py`` from the engine's own
declarations, between marker comments. These tests fail when a region is
stale (run ``PYTHONPATH=. python docs/generate_reference.py --write``), when
a block of the catalog has no section on its family's page, when a kind of
modifier, a top-level key of the schema or a condition is documented
nowhere, and when a link into these pages names a heading that is not there.
"""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import locations
import pytest

from engine.families.catalog import CATALOG
from engine.language.params import condition_definition
from engine.language.schema_gen import build_schema

ROOT = locations.REPO
DOCS = ROOT / "docs"
PAGES = DOCS / "rulesets"
REFERENCE = PAGES / "reference.md"
INDEX = PAGES / "README.md"
FENCE = re.compile(r"^[ \t]*```.*?^[ \t]*```", re.DOTALL | re.MULTILINE)


def load_generator():
    """docs/generate_reference.py as a module (docs/ is no package)."""
    spec = importlib.util.spec_from_file_location("generate_reference", DOCS / "generate_reference.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("generate_reference", module)
    spec.loader.exec_module(module)
    return module


generator = load_generator()

BLOCKS = [(kind, block) for kinds in CATALOG.by_category().values() for kind, block in kinds.items()]


def section(text: str, heading: str) -> str:
    """The text under a markdown heading line, up to the next heading of the same or a higher level (code left out:
    a YAML comment looks like a heading)."""
    text = FENCE.sub("", text)
    match = re.search(rf"^(#+) {re.escape(heading)}\s*$", text, re.MULTILINE)
    assert match, f"no heading {heading!r}"
    level = len(match.group(1))
    following = re.compile(rf"^#{{1,{level}}} ", re.MULTILINE).search(text, match.end())
    return text[match.end() : following.start() if following else len(text)]


# ---------------------------------------------------------------------------- generated regions


def test_the_generated_regions_are_up_to_date_and_complete():
    problems = generator.problems()
    assert problems == [], "run: PYTHONPATH=. python docs/generate_reference.py --write\n" + "\n".join(problems)


@pytest.mark.parametrize("kind, block", BLOCKS, ids=[kind for kind, _ in BLOCKS])
def test_every_block_has_a_section_on_its_family_page(kind, block):
    page = PAGES / "families" / f"{generator.family_of(block)}.md"
    assert page.is_file(), f"no page for the family of {kind}: {page.relative_to(ROOT)}"
    body = section(page.read_text(encoding="utf-8"), f"`{kind}`")
    assert f"<!-- generated: block {kind} -->" in body, f"the section of {kind} has no generated table"
    for parameter in block.parameters:
        assert f"`{parameter}`" in body, f"the section of {kind} does not name `{parameter}`"


def test_every_family_page_documents_only_blocks_of_its_family():
    for page in sorted((PAGES / "families").glob("*.md")):
        text = FENCE.sub("", page.read_text(encoding="utf-8"))
        for kind in re.findall(r"^## `([a-z-]+)`$", text, re.MULTILINE):
            if kind in CATALOG.modifiers:
                assert generator.modifier_families()[kind] == page.stem, f"{page.name}: modifier {kind}"
                continue
            _, block = generator.find_block(kind)
            assert generator.family_of(block) == page.stem, f"{page.name} has a section for {kind}"


def test_the_generator_rewrites_only_what_lies_between_the_markers():
    page = PAGES / "families" / "scoring.md"
    text = page.read_text(encoding="utf-8")
    stale = text.replace("`round`: round the score so far.", "`round`: an old summary.", 1)
    assert stale != text
    assert generator.regenerated(stale, page) == text


def test_every_parameter_is_told_what_it_takes():
    fragments = [fragment for _, block in BLOCKS for fragment in block.parameters.values()]
    fragments += [fragment for modifier in CATALOG.modifiers.values() for fragment in modifier.parameters.values()]
    for fragment in fragments:
        words = generator.takes(fragment)
        assert words and "a value" not in words, f"{fragment.get('title')}: {words!r}"


# ---------------------------------------------------------------------------- what must be documented


def test_every_modifier_kind_is_documented():
    modifiers = section(REFERENCE.read_text(encoding="utf-8"), "Modifiers")
    everything = "".join(page.read_text(encoding="utf-8") for page in sorted(PAGES.rglob("*.md")))
    for kind in CATALOG.modifiers:
        assert f"`{kind}`" in modifiers, f"the reference's Modifiers do not name {kind}"
        assert f"<!-- generated: modifier {kind} -->" in everything, f"modifier {kind} has no table"


def test_every_top_level_key_is_documented():
    keys = section(REFERENCE.read_text(encoding="utf-8"), "Top-level keys")
    for key in build_schema(CATALOG)["properties"]:
        assert f"| `{key}` |" in keys, f"top-level key {key} is not in the table"


def test_every_presentation_part_and_the_migration_are_documented():
    text = REFERENCE.read_text(encoding="utf-8")
    presentation = section(text, "`presentation`")
    for part in build_schema(CATALOG)["properties"]["presentation"]["properties"]:
        if not part.startswith("$"):
            assert f"#### `{part}`" in text and f"`{part}`" in presentation, part
    migration = section(text, "Moving to `presentation`")
    assert "`view.tell`" in migration and "warning" in migration


def test_every_condition_is_documented():
    conditions = section(REFERENCE.read_text(encoding="utf-8"), "Conditions")
    for key in condition_definition()["properties"]:
        named = re.compile(rf"`[^`]*(?<![\w-]){re.escape(key)}(?![\w-])[^`]*`")
        assert named.search(conditions), f"condition key {key}"


def test_the_maps_of_blocks_name_each_block_with_its_family():
    where = section(REFERENCE.read_text(encoding="utf-8"), "Where blocks go")
    index_rows = {
        match["family"]: match.group(0)
        for match in re.finditer(
            r"^\| \[(?P<family>[a-z]+)\]\(families/[a-z]+\.md\) \|.*$", INDEX.read_text(encoding="utf-8"), re.M
        )
    }
    for kind, block in BLOCKS:
        family = generator.family_of(block)
        assert re.search(rf"`{kind}`[^|]*?\(families/{family}\.md\)", where), f"Where blocks go: {kind}"
        assert f"`{kind}`" in index_rows.get(family, ""), f"the index's row of {family} does not name {kind}"


# ---------------------------------------------------------------------------- links


def anchors(page: Path) -> set[str]:
    """The anchors of a page as GitHub makes them: each heading's slug (numbered when repeated) and every id."""
    text = page.read_text(encoding="utf-8")
    found = set(re.findall(r'<a id="([^"]+)"></a>', text))
    seen: dict[str, int] = {}
    for heading in re.findall(r"^#{1,6} (.+?)\s*$", FENCE.sub("", text), re.MULTILINE):
        slug = re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-")
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        found.add(slug if count == 0 else f"{slug}-{count}")
    return found


LINKING_PAGES = [ROOT / "README.md", ROOT / "TRANSLATING.md", *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize("page", LINKING_PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_links_into_the_ruleset_pages_land_on_a_heading(page):
    text = FENCE.sub("", page.read_text(encoding="utf-8"))
    for target, anchor in re.findall(r"\]\(([^)#\s]*)(?:#([^)\s]*))?\)", text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        linked = (page.parent / target).resolve() if target else page
        inside = linked == DOCS / "rulesets.md" or PAGES in linked.parents
        if not inside or linked.suffix != ".md":
            continue
        assert linked.is_file(), f"{page.name} links to {target}, which does not exist"
        if anchor:
            assert anchor in anchors(linked), f"{page.name} links to {target}#{anchor}: no such heading"
