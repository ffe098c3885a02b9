"""Fuzzing every other parser: tables, game logs (JSON and JSON Lines), ``-o`` values and ``.po`` catalogs.

Whatever a stranger hands the program, it either accepts it or fails with a
:class:`~engine.base.errors.CardrulesError` holding located diagnostics; nothing
else may escape, and nothing may hang. Inputs are both arbitrary and
structure-aware (a valid table or log with one part replaced by junk), so the
checks behind the parsers are reached too, not only the syntax errors.
"""

from __future__ import annotations

import json
from pathlib import Path

import locations
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import catalogs
from engine.base.errors import CardrulesError
from engine.families.catalog import load_ruleset
from engine.fronts.cli.validate_run import check_path
from engine.fronts.formats import gamelog
from engine.fronts.formats.replay import ReplayContext, replay_file
from engine.fronts.formats.table import load_table

TESTS = locations.TESTS
GOOD_LOG = json.loads((TESTS / "logs" / "valid-ja.json").read_text(encoding="utf-8"))
GOOD_TABLE = (TESTS / "tables" / "rulebook-example.yaml").read_text(encoding="utf-8")
FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

json_scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.sampled_from(["high-society/ja", "luxury-3", "bid", "pass", "discard", "debt", "../x.yaml", "money"]),
)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)


def accepted_or_located(action) -> None:
    """Run ``action``; it may succeed, or fail with located CardrulesError diagnostics only."""
    try:
        action()
    except CardrulesError as error:
        assert error.diagnostics
        assert all(d.location.file and d.message for d in error.diagnostics), error


# --------------------------------------------------------------------------- tables


@FUZZ
@given(st.binary(max_size=400))
def test_arbitrary_bytes_as_a_table_only_raise_cardrules_errors(tmp_path, data):
    path = tmp_path / "table.yaml"
    path.write_bytes(data)
    accepted_or_located(lambda: load_table(path).score())


@FUZZ
@given(st.sampled_from(["ruleset", "players", "options", "Ann", "cards", "money", "format"]), json_values)
def test_a_table_with_one_part_replaced_by_junk_only_raises_cardrules_errors(tmp_path, key, junk):
    table = {
        "ruleset": "high-society/ja",
        "options": {},
        "players": {
            "Ann": {"cards": ["luxury-3", "scandal"], "money": [1000, 25000]},
            "Bo": {"cards": ["luxury-10"], "money": 12000},
            "Cy": {"money": 6000},
        },
    }
    if key in ("Ann",):
        table["players"]["Ann"] = junk
    elif key in ("cards", "money"):
        table["players"]["Bo"][key] = junk
    else:
        table[key] = junk
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table), encoding="utf-8")
    accepted_or_located(lambda: load_table(path).score())


@FUZZ
@given(st.integers(0, len(GOOD_TABLE)), st.text(max_size=20))
def test_a_table_with_text_spliced_in_only_raises_cardrules_errors(tmp_path, at, text):
    path = tmp_path / "table.yaml"
    path.write_text(GOOD_TABLE[:at] + text + GOOD_TABLE[at:], encoding="utf-8", errors="surrogatepass")
    accepted_or_located(lambda: load_table(path).score())


# --------------------------------------------------------------------------- logs


def replay_all(path: Path) -> None:
    for _record, _ruleset, _result in replay_file(path, ReplayContext()):
        pass


@FUZZ
@given(st.binary(max_size=400), st.sampled_from(["log.json", "log.jsonl"]))
def test_arbitrary_bytes_as_a_log_only_raise_cardrules_errors(tmp_path, data, name):
    path = tmp_path / name
    path.write_bytes(data)
    accepted_or_located(lambda: replay_all(path))


@FUZZ
@given(
    st.sampled_from(
        [
            "ruleset",
            "players",
            "first_player",
            "deck",
            "actions",
            "options",
            "result",
            "format",
            "action 0",
            "action 5 player",
            "action 5 cards",
            "action 7 card",
        ]
    ),
    json_values,
)
def test_a_log_with_one_part_replaced_by_junk_only_raises_cardrules_errors(tmp_path, key, junk):
    log = json.loads(json.dumps(GOOD_LOG))
    if key.startswith("action "):
        parts = key.split()
        index = int(parts[1])
        if len(parts) == 2:
            log["actions"][index] = junk
        else:
            log["actions"][index][parts[2]] = junk
    else:
        log[key] = junk
    path = tmp_path / "log.json"
    path.write_text(json.dumps(log), encoding="utf-8")
    accepted_or_located(lambda: replay_all(path))


@FUZZ
@given(st.lists(st.one_of(st.just("good"), st.text(max_size=30)), min_size=1, max_size=4))
def test_json_lines_with_junk_lines_among_good_ones_only_raise_cardrules_errors(tmp_path, lines):
    path = tmp_path / "logs.jsonl"
    good = json.dumps(GOOD_LOG)
    path.write_text(
        "\n".join(good if line == "good" else line.replace("\n", " ") for line in lines) + "\n",
        encoding="utf-8",
        errors="surrogatepass",
    )
    accepted_or_located(lambda: replay_all(path))


@FUZZ
@given(st.integers(0, 2000), st.text(max_size=10))
def test_a_log_with_text_spliced_in_only_raises_cardrules_errors(tmp_path, at, text):
    original = gamelog.dumps_log(GOOD_LOG)
    at = at % (len(original) + 1)
    path = tmp_path / "log.json"
    path.write_text(original[:at] + text + original[at:], encoding="utf-8", errors="surrogatepass")
    accepted_or_located(lambda: replay_all(path))


# --------------------------------------------------------------------------- -o NAME=VALUE

option_names = st.sampled_from(["debt-floor", "tiebreak", "eliminate-poorest", "rounding"]) | st.text(max_size=10)
option_texts = st.one_of(
    st.text(max_size=20),
    st.sampled_from(
        [
            "none",
            "null",
            "0",
            "-5",
            "1/2",
            "1/0",
            "0.5",
            "1e999999",
            "1e-999999",
            "true",
            "FALSE",
            "money,money",
            "money,highest-luxury",
            ",",
            "floor",
            "9" * 5000,
            "1/" + "9" * 400,
        ]
    ),
)


@FUZZ
@given(st.dictionaries(option_names, option_texts, max_size=3), st.sampled_from(["high-society/ja", "high-society/ko"]))
def test_any_option_values_from_the_command_line_only_raise_cardrules_errors(options, ruleset):
    accepted_or_located(lambda: load_ruleset(ruleset, options))


# --------------------------------------------------------------------------- .po catalogs

po_lines = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            'msgid ""',
            'msgstr ""',
            '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
            '"Plural-Forms: nplurals=1; plural=0;\\n"',
            '"Plural-Forms: nplurals=2; plural=n/0;\\n"',
            '"Plural-Forms: nplurals=x; plural=;\\n"',
            '"Content-Type: text/plain; charset=UTF-8\\n"',
            '"Content-Type: text/plain; charset=nonsense\\n"',
            'msgid "You bid {amount}."',
            'msgstr "{amount} bid."',
            'msgstr "{oops"',
            'msgid_plural "{n} cards"',
            'msgstr[0] "a"',
            'msgstr[9] "b"',
            'msgctxt "x"',
            "#, fuzzy",
            '#~ msgid "old"',
            '"',
            "msgstr[",
            "",
        ]
    ),
)


@FUZZ
@given(st.lists(po_lines, max_size=12))
def test_any_catalog_only_gives_located_diagnostics(tmp_path, lines):
    path = tmp_path / "fuzz.po"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8", errors="surrogatepass")
    for diagnostic in check_path(str(path)):
        assert diagnostic.location.file == str(path) and diagnostic.message
    accepted_or_located(lambda: catalogs._compile(path))


@FUZZ
@given(st.binary(max_size=300))
def test_arbitrary_bytes_as_a_catalog_only_give_located_diagnostics(tmp_path, data):
    path = tmp_path / "fuzz.po"
    path.write_bytes(data)
    for diagnostic in check_path(str(path)):
        assert diagnostic.location.file == str(path) and diagnostic.message
