"""Fuzzing: whatever text a stranger writes, loading and validating fails only with a CardrulesError.

Properties, not examples: arbitrary text, arbitrary YAML-shaped documents, and
random mutations of the shipped rulesets. Each input must either validate or
fail with located diagnostics; nothing else may escape.
"""

from __future__ import annotations

from pathlib import Path

import locations
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base.errors import CardrulesError
from engine.families.catalog import validate
from engine.language.yaml_loader import load_yaml

REPO = locations.REPO
SHIPPED = [p.read_text(encoding="utf-8") for p in sorted((REPO / "rulesets").rglob("*.yaml"))]
FUZZ = settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)


def validate_text(tmp_path: Path, text: str | bytes) -> None:
    path = tmp_path / "fuzz.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8", "surrogatepass"))
    for diagnostic in validate(str(path)):
        assert diagnostic.location.file is not None and diagnostic.message


@FUZZ
@given(st.text(max_size=400))
def test_arbitrary_text_only_raises_cardrules_errors(text):
    try:
        load_yaml(text, "fuzz.yaml")
    except CardrulesError as error:
        assert error.diagnostics and all(d.location.file == "fuzz.yaml" for d in error.diagnostics)


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_only_raise_cardrules_errors(data):
    try:
        load_yaml(data, "fuzz.yaml")
    except CardrulesError as error:
        assert error.diagnostics


yaml_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.text(max_size=12),
    st.sampled_from(
        [
            "yes",
            "no",
            "1:30",
            "010",
            ".inf",
            "1/2",
            "0.5",
            "!!python/none x",
            "*a",
            "&a x",
            "luxury",
            "{option: debt-floor}",
            "[1, 2",
            "- x",
        ]
    ),
)
yaml_keys = st.sampled_from(
    [
        "extends",
        "id",
        "name",
        "cards",
        "players",
        "money",
        "end",
        "kind",
        "tag",
        "count",
        "options",
        "scoring",
        "steps",
        "round",
        "auctions",
        "when",
        "$remove",
        "$replace",
        "tags",
        "value",
        "on-take",
        "option-definitions",
        "at",
        "factor",
        "min",
        "max",
    ]
) | st.text(max_size=6)


def to_yaml(value, indent: int = 0) -> str:
    pad = "  " * indent
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "\n" + "\n".join(f"{pad}{key}: {to_yaml(child, indent + 1)}" for key, child in value.items())
    if isinstance(value, list):
        if not value:
            return "[]"
        return "\n" + "\n".join(f"{pad}- {to_yaml(child, indent + 1).lstrip()}" for child in value)
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


documents = st.recursive(
    yaml_scalars,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(yaml_keys, children, max_size=4),
    max_leaves=25,
)


@FUZZ
@given(st.dictionaries(yaml_keys, documents, max_size=6), st.booleans())
def test_yaml_shaped_documents_validate_or_fail_located(tmp_path, document, as_overlay):
    text = to_yaml(document).lstrip("\n") + "\n"
    if as_overlay:
        text = "extends: high-society/ja\n" + text
    validate_text(tmp_path, text)


@FUZZ
@given(
    st.sampled_from(range(len(SHIPPED))),
    st.lists(
        st.tuples(
            st.integers(0, 10**6),
            st.sampled_from(
                [
                    "",
                    ":",
                    "-",
                    " ",
                    "\t",
                    "[",
                    "]",
                    "{",
                    "}",
                    "&a ",
                    "*a",
                    "!!str ",
                    "1/0",
                    "luxury",
                    "\n  ",
                    "#",
                    "'",
                    '"',
                    "99",
                    "-1",
                    "none",
                    "$remove: true",
                    "extends: ",
                    "\0",
                    "é",
                ]
            ),
        ),
        min_size=1,
        max_size=4,
    ),
)
def test_mutated_shipped_rulesets_validate_or_fail_located(tmp_path, which, mutations):
    text = SHIPPED[which]
    for position, insertion in mutations:
        position %= len(text) + 1
        text = text[:position] + insertion + text[position + 1 :]
    # A mutated edition refers to base.yaml next to it; put the mutant where the original lives.
    validate_text(tmp_path, text.replace("extends: base.yaml", f"extends: {REPO}/rulesets/high-society/base.yaml"))
