"""docs/rulesets/, docs/formats.md and docs/examples/ stay true: every example is checked by the engine.

Every fenced ``yaml`` block of the pages under docs/rulesets/ (and of
docs/rulesets.md, which now only points to them) starts with a line that
says what it is, and is checked accordingly:

- ``# example: complete``: a whole ruleset; written to a file of its own, it
  must validate and pass the conformance games (random games to the end).
  ``# example: complete as PATH`` also says that the repository file PATH
  holds the same ruleset.
- ``# example: overlay of TARGET``: lines of a file that extends TARGET (a
  ruleset name such as ``high-society/ja``, or a repository path such as
  ``docs/examples/gardens.yaml``); written to a file of its own, its
  ``extends:`` pointed at TARGET, it must validate and pass the conformance
  games too.
- ``# example: invalid overlay of TARGET`` / ``# example: invalid complete``:
  a mistake shown on purpose; it must fail, and each ``# error: TEXT`` line
  in it must be part of a reported problem.
- ``# example: deprecated overlay of TARGET``: a file in an older form that
  still works (the presentation parts written at the top); it must validate
  and play like an overlay, and each ``# warning: TEXT`` line in it must be
  part of a warning ``validate`` prints. Every other example must draw no
  such warning: the pages show the current form.
- ``# example: fragment``: a piece that is no ruleset; it must be YAML.

docs/formats.md marks its blocks the same way (a ``yaml`` block's first line,
or an HTML comment ``<!-- example: KIND -->`` on the line before a ``json``
block): ``log`` (a game log, replayed), ``actions`` (log entries, checked
against the log schema), ``result`` (a result object, checked against the log
schema), ``table`` (a table file, scored).

docs/examples/*.yaml are rulesets (validated and played) or table files (a
top-level ``ruleset`` key: scored).

The generated parameter tables of docs/rulesets/ and what must be documented
there are checked by tests/test_docs_reference.py.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import locations
import pytest
import yaml

from engine.base import resources
from engine.families.catalog import deprecations, validate
from engine.fronts.conformance import check_ruleset
from engine.fronts.formats.gamelog import read_log
from engine.fronts.formats.replay import replay_record
from engine.fronts.formats.table import load_table
from engine.language.ruleset_files import find_ruleset_path

ROOT = locations.REPO
DOCS = ROOT / "docs"
RULESETS_DOC = DOCS / "rulesets.md"
# The ruleset language's pages: the index, tutorial, reference, cookbook, checking and one page per family.
RULESETS_PAGES = [RULESETS_DOC, *sorted((DOCS / "rulesets").rglob("*.md"))]
FORMATS_DOC = DOCS / "formats.md"
EXAMPLES = DOCS / "examples"

# A fence may be indented (inside a list item); its body is then indented as much.
FENCE = re.compile(
    r"^(?P<indent>[ \t]*)```(?P<language>[a-z]*)\n(?P<body>.*?)^(?P=indent)```", re.DOTALL | re.MULTILINE
)
YAML_MARKER = re.compile(
    r"^# example: (?:(?P<invalid>invalid )|(?P<deprecated>deprecated ))?(?P<what>complete|fragment|overlay of|table)"
    r"(?: (?:as )?(?P<target>\S+))?\s*$"
)
JSON_MARKER = re.compile(r"<!-- example: (?P<what>log|actions|result) -->\s*$")
ERROR_LINE = re.compile(r"^\s*# error: (?P<text>.+?)\s*$", re.MULTILINE)
WARNING_LINE = re.compile(r"^\s*# warning: (?P<text>.+?)\s*$", re.MULTILINE)
EXTENDS_LINE = re.compile(r"^extends:[ \t]*(?P<value>\S.*?)[ \t]*(?:#.*)?$", re.MULTILINE)


class Example:
    """A fenced block of a page: where it starts, its language, its text and what its marker says."""

    def __init__(self, page: Path, line: int, language: str, body: str, marker: re.Match | None) -> None:
        self.page = page
        self.line = line
        self.language = language
        self.body = body
        self.what = marker.group("what") if marker else None
        self.invalid = bool(marker and marker.groupdict().get("invalid"))
        self.deprecated = bool(marker and marker.groupdict().get("deprecated"))
        self.target = marker.groupdict().get("target") if marker else None

    def __repr__(self) -> str:
        return f"{self.page.relative_to(DOCS)}:{self.line}"


def fenced_blocks(page: Path) -> list[Example]:
    """Every fenced block of ``page`` with its marker (None when it has none)."""
    text = page.read_text(encoding="utf-8")
    examples = []
    for match in FENCE.finditer(text):
        line = text.count("\n", 0, match.start()) + 1
        language, indent = match.group("language"), match.group("indent")
        body = "".join(
            row[len(indent) :] if row.startswith(indent) else row
            for row in match.group("body").splitlines(keepends=True)
        )
        marker = None
        if language == "yaml":
            marker = YAML_MARKER.match(body.split("\n", 1)[0])
        elif language == "json":
            before = text[: match.start()].rstrip("\n").rsplit("\n", 1)[-1]
            marker = JSON_MARKER.search(before)
        examples.append(Example(page, line, language, body, marker))
    return examples


def yaml_examples(page: Path) -> list[Example]:
    return [example for example in fenced_blocks(page) if example.language == "yaml"]


def json_examples(page: Path) -> list[Example]:
    return [example for example in fenced_blocks(page) if example.language == "json"]


def rulesets_examples() -> list[Example]:
    """Every yaml block of every page of the ruleset language."""
    return [example for page in RULESETS_PAGES for example in yaml_examples(page)]


def ruleset_examples(kind: str) -> list[Example]:
    return [example for example in rulesets_examples() if example.what == kind]


def target_reference(target: str) -> str:
    """What ``extends:`` names for a marker's TARGET: the name, or the repository file's absolute path."""
    if target.endswith((".yaml", ".yml")):
        path = ROOT / target
        assert path.is_file(), f"{target} is not a file of the repository"
        return str(path)
    assert find_ruleset_path(target) is not None, f"{target} is not a shipped ruleset"
    return target


def written_file(example: Example, directory: Path) -> Path:
    """The example as a ruleset file in ``directory``; an overlay's ``extends`` points at its target."""
    text = example.body
    if example.what == "overlay of":
        assert example.target, f"{example!r}: an overlay must say what it extends"
        written = EXTENDS_LINE.search(text)
        if written:
            # What the reader sees must be what the marker says: the name itself, or the file's name.
            value = written.group("value").strip("'\"")
            if example.target.endswith((".yaml", ".yml")):
                agrees = Path(value).name == Path(example.target).name
            else:
                agrees = value == example.target
            assert agrees, f"{example!r}: extends {value}, but the marker says {example.target}"
            text = EXTENDS_LINE.sub("", text, count=1)
        first, rest = text.split("\n", 1)
        text = f"{first}\nextends: {target_reference(example.target)}\n{rest}"
    path = directory / "example.yaml"
    path.write_text(text, encoding="utf-8")
    return path


# ---------------------------------------------------------------------------- docs/rulesets/


def test_every_yaml_block_of_the_rulesets_pages_says_what_it_is():
    unmarked = [repr(example) for example in rulesets_examples() if example.what is None]
    assert unmarked == [], "yaml blocks without a first line '# example: ...'"


def test_the_rulesets_pages_have_complete_examples_and_overlays():
    assert len(ruleset_examples("complete")) >= 1
    assert len(ruleset_examples("overlay of")) >= 20
    # Every page a new author reads has examples, the cookbook most of all.
    pages = {example.page.name for example in rulesets_examples()}
    assert {"tutorial.md", "reference.md", "cookbook.md"} <= pages
    assert len([e for e in ruleset_examples("overlay of") if e.page.name == "cookbook.md"]) >= 12


VALID_RULESETS = [
    example for example in rulesets_examples() if example.what in ("complete", "overlay of") and not example.invalid
]
INVALID_RULESETS = [
    example for example in rulesets_examples() if example.what in ("complete", "overlay of") and example.invalid
]


@pytest.mark.parametrize("example", VALID_RULESETS, ids=repr)
def test_every_ruleset_example_validates(example, tmp_path):
    path = written_file(example, tmp_path)
    problems = [str(problem) for problem in validate(path)]
    assert problems == [], f"{example!r}:\n" + "\n".join(problems)


@pytest.mark.parametrize("example", VALID_RULESETS, ids=repr)
def test_every_ruleset_example_plays_to_the_end(example, tmp_path):
    path = written_file(example, tmp_path)
    assert [str(problem) for problem in check_ruleset(path)] == []


@pytest.mark.parametrize("example", VALID_RULESETS, ids=repr)
def test_every_example_is_in_the_current_form_unless_it_says_otherwise(example, tmp_path):
    warnings = [str(warning) for warning in deprecations(written_file(example, tmp_path))]
    expected = WARNING_LINE.findall(example.body)
    if not example.deprecated:
        assert warnings == [] and expected == [], f"{example!r} is written in an older form: {warnings}"
        return
    assert expected, f"{example!r}: an example of an older form names its warnings with '# warning: ...'"
    assert len(warnings) == len(expected), f"{example!r}: {warnings}"
    for text in expected:
        assert any(text in warning for warning in warnings), f"{example!r}: no warning says {text!r}: {warnings}"


def test_an_example_of_an_older_form_is_shown():
    assert any(example.deprecated for example in VALID_RULESETS)


@pytest.mark.parametrize("example", INVALID_RULESETS, ids=repr)
def test_every_mistake_shown_is_reported_as_the_page_says(example, tmp_path):
    expected = ERROR_LINE.findall(example.body)
    assert expected, f"{example!r}: an invalid example names the problem it shows with '# error: ...'"
    problems = [str(problem) for problem in validate(written_file(example, tmp_path))]
    assert problems, f"{example!r} was expected to fail"
    for text in expected:
        assert any(text in problem for problem in problems), f"{example!r}: no problem says {text!r}: {problems}"


@pytest.mark.parametrize("example", ruleset_examples("fragment"), ids=repr)
def test_every_fragment_is_yaml(example):
    yaml.safe_load(example.body)


def test_a_complete_example_said_to_be_a_file_is_that_file():
    for example in ruleset_examples("complete"):
        if not example.target:
            continue
        shown = example.body.split("\n", 1)[1]
        file_text = (ROOT / example.target).read_text(encoding="utf-8")
        # The file may start with the editor's schema line; the rest is the same text.
        if file_text.startswith("# yaml-language-server:"):
            file_text = file_text.split("\n", 1)[1]
        assert shown == file_text, f"{example!r} differs from {example.target}"


# ---------------------------------------------------------------------------- docs/formats.md


def test_every_example_block_of_the_formats_page_says_what_it_is():
    examples = [example for example in fenced_blocks(FORMATS_DOC) if example.language in ("yaml", "json")]
    assert [repr(example) for example in examples if example.what is None] == []
    assert {example.what for example in examples} >= {"log", "actions", "result", "table"}


def located(example: Example, directory: Path, name: str, text: str) -> Path:
    """``text`` as a file; a ruleset given as a path is taken from docs/examples/."""
    data = json.loads(text) if name.endswith(".json") else yaml.safe_load(text)  # a table file is YAML
    reference = data["ruleset"]
    if reference.endswith((".yaml", ".yml")):
        data["ruleset"] = str(EXAMPLES / reference)
    path = directory / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")  # JSON is YAML too
    return path


@pytest.mark.parametrize("example", [e for e in json_examples(FORMATS_DOC) if e.what == "log"], ids=repr)
def test_every_log_shown_replays_to_its_result(example, tmp_path):
    record = read_log(located(example, tmp_path, "game.json", example.body))
    result = replay_record(record)
    assert "result" in record.log and result.to_json()["winners"] == record.log["result"]["winners"]


def log_schema() -> dict:
    return json.loads(resources.schema_path("game-log").read_text(encoding="utf-8"))


def definition(name: str) -> jsonschema.Draft202012Validator:
    schema = log_schema()
    return jsonschema.Draft202012Validator(
        {
            **schema,
            "$ref": f"#/$defs/{name}",
            "required": [],
            "type": "object",
            "properties": {},
            "additionalProperties": True,
        }
    )


@pytest.mark.parametrize("example", [e for e in json_examples(FORMATS_DOC) if e.what == "actions"], ids=repr)
def test_every_log_entry_shown_fits_the_log_schema(example):
    entries = json.loads(example.body)
    assert isinstance(entries, list) and entries
    validator = definition("action")
    for entry in entries:
        assert list(validator.iter_errors(entry)) == [], entry


@pytest.mark.parametrize("example", [e for e in json_examples(FORMATS_DOC) if e.what == "result"], ids=repr)
def test_every_result_shown_fits_the_log_schema(example):
    errors = list(definition("result").iter_errors(json.loads(example.body)))
    assert errors == []


@pytest.mark.parametrize("example", [e for e in yaml_examples(FORMATS_DOC) if e.what == "table"], ids=repr)
def test_every_table_shown_scores(example, tmp_path):
    table = load_table(located(example, tmp_path, "table.yaml", example.body))
    assert table.score().players


def test_the_pages_cite_nothing_outside_the_repository():
    for page in (*RULESETS_PAGES, FORMATS_DOC):
        text = page.read_text(encoding="utf-8")
        assert "CONTRACTS" not in text
        for linked in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text):
            if not linked.startswith(("http://", "https://")):
                assert (page.parent / linked).exists(), f"{page.name} links to {linked}, which does not exist"


# ---------------------------------------------------------------------------- docs/examples/

EXAMPLE_FILES = sorted(EXAMPLES.glob("*.yaml"))


def is_table_file(path: Path) -> bool:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and "ruleset" in data


@pytest.mark.parametrize("path", [p for p in EXAMPLE_FILES if not is_table_file(p)], ids=lambda p: p.name)
def test_every_example_ruleset_validates_and_plays(path):
    assert [str(problem) for problem in validate(path)] == []
    assert [str(problem) for problem in check_ruleset(path)] == []


@pytest.mark.parametrize("path", [p for p in EXAMPLE_FILES if is_table_file(p)], ids=lambda p: p.name)
def test_every_example_table_scores(path):
    assert load_table(path).score().winners
