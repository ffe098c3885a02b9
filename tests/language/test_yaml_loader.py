"""The safe YAML loader: positions, limits, duplicate keys and the YAML 1.1 rulings."""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import i18n
from engine.base.errors import RulesetError
from engine.language import yaml_loader
from engine.language.yaml_loader import MAX_DEPTH, MAX_FILE_BYTES, PositionIndex, load_yaml


def problems(text: str | bytes) -> list[str]:
    with pytest.raises(RulesetError) as caught:
        load_yaml(text, "house.yaml")
    return [str(d) for d in caught.value.diagnostics]


def test_every_value_remembers_its_file_line_and_column():
    tree = load_yaml("name: Test\ncards:\n  - {id: a, tags: [x, z]}\n", "house.yaml")
    index = PositionIndex.of(tree)
    position = index.value("$.cards[0].tags[1]")
    assert (position.file, position.line, position.column) == ("house.yaml", 3, 23)
    assert index.key("$.cards").line == 2 and index.key("$.cards").column == 1


def test_plain_values_come_back_as_python_values():
    tree = load_yaml("a: 3\nb: -5\nc: 0.5\nd: 1/2\ne: true\nf: null\ng: ~\nh: text\n", "f.yaml")
    assert tree.plain() == {
        "a": 3,
        "b": -5,
        "c": Fraction(1, 2),
        "d": "1/2",
        "e": True,
        "f": None,
        "g": None,
        "h": "text",
    }


def test_decimals_are_exact_never_floats():
    value = load_yaml("x: 0.1\n", "f.yaml").plain()["x"]
    assert value == Fraction(1, 10) and not isinstance(value, float)


def test_a_position_lookup_falls_back_to_the_nearest_written_parent():
    index = PositionIndex.of(load_yaml("a: {b: 1}\n", "f.yaml"))
    assert index.value("$.a.missing") == index.value("$.a")


def test_duplicate_keys_name_both_places():
    assert problems("a: 1\nb: 2\na: 3\n") == ["house.yaml:3:1: duplicate key 'a' (first written at line 1, column 1)"]


def test_every_duplicate_is_reported_in_one_run():
    assert len(problems("a: 1\na: 2\nb: {c: 1, c: 2}\n")) == 2


@pytest.mark.parametrize("word", ["yes", "no", "on", "off", "Yes", "NO"])
def test_yaml11_booleans_must_be_written_true_or_false_or_quoted(word):
    (message,) = problems(f"flag: {word}\n")
    assert f"'{word}' means true or false in YAML 1.1" in message and message.startswith("house.yaml:1:7:")


def test_single_letters_are_text():
    assert load_yaml("a: y\nb: n\n", "f.yaml").plain() == {"a": "y", "b": "n"}


def test_quoted_yaml11_booleans_are_text():
    assert load_yaml("a: \"no\"\nb: 'yes'\n", "f.yaml").plain() == {"a": "no", "b": "yes"}


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("a: 1:30\n", "base-60"),
        ("a: 010\n", "another base"),
        ("a: 0x1F\n", "another base"),
        ("a: 1_000\n", "underscores"),
        ("a: .inf\n", "exact numbers only"),
        ("a: .nan\n", "exact numbers only"),
    ],
)
def test_yaml11_number_traps_are_refused_with_advice(text, fragment):
    (message,) = problems(text)
    assert fragment in message


def test_dates_stay_text_on_purpose():
    assert load_yaml("a: 2024-01-01\nb: 2001-12-14t21:59:43.10-05:00\n", "f.yaml").plain() == {
        "a": "2024-01-01",
        "b": "2001-12-14t21:59:43.10-05:00",
    }


def test_tabs_in_indentation_get_a_clear_message():
    assert problems("a:\n\tb: 1\n") == ["house.yaml:2:1: tab character in indentation: YAML indents with spaces only"]


@pytest.mark.parametrize(
    "tag", ["!!python/object:os.system", "!!python/name:os.system", "!custom", "!!binary", "!!timestamp", "!!set"]
)
def test_no_tag_ever_builds_an_object(tag):
    (message,) = problems(f"a: {tag} x\n")
    assert "is not allowed" in message


def test_standard_core_tags_are_accepted_when_they_fit():
    assert load_yaml("a: !!str 12\nb: !!int 3\nc: !!bool true\n", "f.yaml").plain() == {"a": "12", "b": 3, "c": True}
    assert "is not a valid !!int" in problems("a: !!int three\n")[0]


def test_merge_keys_are_refused_in_favour_of_extends():
    assert "merge keys" in problems("base: &b {x: 1}\nother:\n  <<: *b\n")[0]


def test_the_top_level_must_be_a_mapping():
    assert problems("- a\n- b\n") == [
        "house.yaml:1:1: the top level must be a mapping (keys such as `name` and `cards`), not a list"
    ]
    assert "a single value" in problems("just text\n")[0]


@pytest.mark.parametrize("text", ["", "   \n", "# only a comment\n", "---\n"])
def test_an_empty_file_is_a_located_error(text):
    assert problems(text)[0].startswith("house.yaml:1:1: the file is empty")


def test_non_utf8_bytes_are_located():
    assert problems(b"a: 1\nb: caf\xe9\n") == [
        "house.yaml:2:7: the file is not valid UTF-8 (byte 0xe9 cannot be decoded)"
    ]


def test_a_nul_character_is_located():
    assert problems("a: 1\nb: x\0y\n") == ["house.yaml:2:5: the file contains a NUL character"]


@pytest.mark.parametrize("char", ["\x1b", "\x7f", "\x07", "\ufffe"])
def test_a_character_yaml_does_not_allow_is_located_and_named(char):
    assert problems(f'a: 1\nb: "x{char}y"\n') == [
        f"house.yaml:2:6: the file contains a control character (U+{ord(char):04X}), which YAML does not allow: "
        "remove it"
    ]


@pytest.mark.parametrize("char", ["\u2028", "\u2029", "\x85"])
def test_a_line_break_only_yaml_sees_is_located_where_an_editor_shows_it(char):
    assert problems(f"a: 1\nb: x{char}y\n") == [
        f"house.yaml:2:5: the file contains a line separator (U+{ord(char):04X}), which YAML reads as a line break: "
        f"remove it, or write \\u{ord(char):04x} inside double quotes"
    ]


def test_a_byte_order_mark_is_harmless():
    assert load_yaml("\ufeffa: 1\n".encode(), "f.yaml").plain() == {"a": 1}


def test_deep_nesting_is_refused_before_python_recursion_could_fail():
    (message,) = problems("a: " + "[" * (MAX_DEPTH + 5) + "]" * (MAX_DEPTH + 5) + "\n")
    assert "nested too deeply" in message


def test_a_huge_file_is_refused_before_parsing(tmp_path):
    path = tmp_path / "huge.yaml"
    path.write_text("# x\n" * (MAX_FILE_BYTES // 4 + 10))
    with pytest.raises(RulesetError) as caught:
        load_yaml(path)
    assert "file is too large" in str(caught.value)


def test_an_alias_bomb_fails_without_expanding_or_printing_the_value():
    levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    for previous, name in zip("abcdefgh", "bcdefghi"):
        levels.append(f"{name}: &{name} [" + ", ".join([f"*{previous}"] * 9) + "]")
    (message,) = problems("\n".join(levels) + "\n")
    assert "too large once aliases are expanded" in message and "lol" not in message


def test_a_document_of_too_many_plain_values_does_not_blame_aliases_it_has_none_of():
    from engine.language.yaml_loader import MAX_NODES

    (message,) = problems("tags:\n" + "".join(f"  t{i}: {{name: T}}\n" for i in range(MAX_NODES // 2 + 1)))
    assert f"the document holds more than {MAX_NODES} values" in message


def test_aliases_within_the_limits_are_shared_values():
    assert load_yaml("a: &x {k: 1}\nb: *x\n", "f.yaml").plain() == {"a": {"k": 1}, "b": {"k": 1}}


def test_a_recursive_alias_is_refused():
    assert "refers to a value that contains it" in problems("a: &a [1, *a]\n")[0]


def test_an_undefined_alias_is_a_syntax_error_with_a_location():
    assert problems("a: *nowhere\n")[0].startswith("house.yaml:1:4:")


def test_two_documents_in_one_file_are_refused():
    assert "only one YAML document" in problems("a: 1\n---\nb: 2\n")[0]


def test_a_missing_file_is_located(tmp_path):
    with pytest.raises(RulesetError) as caught:
        load_yaml(tmp_path / "nope.yaml")
    assert "no such file" in str(caught.value)


def test_a_huge_value_is_never_printed_whole():
    key = "k" * 5000
    (message,) = problems(f"{key}: 1\n{key}: 2\n")
    assert len(message) < 200


SYNTAX_MISTAKES = [
    # An unclosed bracket is blamed where it was opened (the parser notices it a line later).
    (
        "name: x\ncards: [a, b\nplayers: {min: 3}\n",
        "f.yaml:2:8: this [ is never closed: a ] (or a comma between items) is missing before line 3, column 8",
    ),
    (
        "a: {x: 1, y: 2\nb: 2\n",
        "f.yaml:1:4: this { is never closed: a } (or a comma between items) is missing before line 2, column 2",
    ),
    (
        "a: 1\nb: {c: [1, 2\n",
        "f.yaml:2:8: this [ is never closed: a ] (or a comma between items) is missing before line 3, column 1",
    ),
    ("a: 1\nb: {c: [\n", "f.yaml:2:8: this [ is never closed: the file ends before its ]"),
    ('a: "abc\nb: 2\n', "f.yaml:1:4: this quoted text is never closed: its closing quote is missing"),
    (
        "a: 1\n  b: 2\n",
        "f.yaml:2:4: a ':' cannot stand here: a key starts in the same column as the keys beside it, "
        "and a value that holds ': ' needs quotes",
    ),
    (
        "a:\n  b: 1\n c: 2\n",
        "f.yaml:3:2: this line is indented differently from the lines before it: keys of one "
        "mapping start in the same column (it begins at line 1)",
    ),
    # A closed quote followed by more text: the indentation is fine, the quote ended the text early.
    (
        "description: 'it's fine'\n",
        "f.yaml:1:17: the quoted text ends at this ' but the line goes on: inside single "
        "quotes write an apostrophe twice (it''s), or put the text in double quotes",
    ),
    (
        'a: "say "hi" now"\n',
        'f.yaml:1:9: the quoted text ends at this " but the line goes on: inside double quotes '
        'write a quote as \\", or put the text in single quotes',
    ),
    (
        "cards:\n  - {id: a}\n   - {id: b}\n",
        "f.yaml:3:4: this list item is indented more than the items before it: "
        "items of one list start in the same column (the list begins at line 2)",
    ),
    (
        "a:\n  - b\n  c: 1\n",
        "f.yaml:3:3: this line stands in a list but is not an item: the items of the list that "
        "begins at line 2 each start with '-' in column 3",
    ),
    (
        "a: 1\n- b\n",
        "f.yaml:2:1: a list item cannot stand here: a list goes under a key that ends with ':', its items "
        "indented on the lines below",
    ),
    (
        "a: - b\n",
        "f.yaml:1:4: a list cannot start on the same line as its key: put each '- item' on a line of its own "
        "below the key, indented, or quote the value",
    ),
    ("options: {floor: 0}}\n", "f.yaml:1:20: this } has no { before it to close: remove it"),
    ("a: ]\n", "f.yaml:1:4: this ] has no [ before it to close: remove it"),
    ("a: [1,,2]\n", "f.yaml:1:7: a value is missing before this ',' (two commas in a row, or a comma first)"),
    (
        "a: 1\nfoo\n",
        "f.yaml:2:1: this line is neither 'key: value' nor a list item '- value': add ':' after the key, "
        "or indent the line to continue the value above",
    ),
    (
        "a: [1, 2] x\n",
        "f.yaml:1:11: the value ended before this text on the same line: quote the whole value if it is one text",
    ),
    (
        "a: 1\n...\nb: 2\n",
        "f.yaml:3:1: only one YAML document per file: remove this line and what follows, or the "
        "'...' or '---' before it",
    ),
    (
        'n: "bad \\q escape"\n',
        "f.yaml:1:9: unknown escape \\q: inside double quotes a backslash starts an escape "
        "such as \\n; write \\\\ for a backslash, or use single quotes",
    ),
    (
        'n: "\\ud800"\n',
        "f.yaml:1:5: the escape \\ud800 is half of a character (a lone surrogate): write the "
        "character itself, or one \\UXXXXXXXX escape for it",
    ),
    (
        'n: "\\ud842\\udfb7"\n',
        "f.yaml:1:5: the escapes \\ud842\\udfb7 write one character in two halves, which YAML "
        "does not allow: write \\U00020BB7 instead",
    ),
    ('n: "\\x4"\n', "f.yaml:1:5: the escape \\x needs 2 hexadecimal digits (0-9, a-f)"),
    ('n: "\\U00110000"\n', "f.yaml:1:5: the escape \\U00110000 is not a Unicode character"),
    (
        "n: !important thing\n",
        "f.yaml:1:4: the tag !important is not allowed: ruleset files hold plain data only "
        "(quote the value if it is text that starts with '!')",
    ),
    (
        "description: *wild* rules\n",
        "f.yaml:1:14: a value that starts with '*' must be quoted: YAML gives '*' a meaning there (write \"*...\")",
    ),
    (
        "description: *wild rules\n",
        "f.yaml:1:14: alias *wild has no anchor &wild before it (quote the value if it is text that starts with '*')",
    ),
] + [
    (
        f"description: {char} home rules\n",
        f"f.yaml:1:14: a value that starts with '{char}' must be quoted: YAML gives "
        f"'{char}' a meaning there (write \"{char}...\")",
    )
    for char in "*&@`%|>,"
]


# PyYAML's own parser reads surrogate escapes LibYAML refuses (and fails on an escape past U+10FFFF).
_PARSER_CASES = [
    (text, message, parser)
    for text, message in SYNTAX_MISTAKES
    for parser in ("libyaml", "pure")
    if parser == "libyaml" or not re.search(r"\\(ud8|U0011)", text)
]


@pytest.mark.parametrize("text, message, parser", _PARSER_CASES, ids=[f"{p}-{t[:30]}" for t, _m, p in _PARSER_CASES])
def test_the_usual_syntax_mistakes_are_said_in_plain_words_where_the_fix_goes(text, message, parser, monkeypatch):
    # The mistakes are recognised from the text at the parser's marks, so PyYAML's own parser (used when
    # it was built without LibYAML) gives the same messages.
    if parser == "pure":
        monkeypatch.setattr(yaml_loader, "_PARSER", yaml.SafeLoader)
    with pytest.raises(RulesetError) as caught:
        load_yaml(text, "f.yaml")
    assert [str(d) for d in caught.value.diagnostics] == [message]


YAML_WORDS = (
    "while parsing",
    "while scanning",
    "expected <block end>",
    "did not find",
    "could not find",
    "found character",
    "YAML syntax error",
    "simple key",
    "block mapping",
    "block collection",
)


@pytest.mark.parametrize("lang", ["en", "ja"])
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet="ab: -'\"\n[]{},*&!@`%|>#\\?.~", max_size=40))
def test_any_text_loads_or_gets_a_located_message_in_plain_words_in_the_users_language(text, lang):
    i18n.set_language(lang)
    try:
        load_yaml(text, "f.yaml")
    except RulesetError as error:
        for diagnostic in error.diagnostics:
            assert diagnostic.location.line is not None and diagnostic.location.column is not None, str(diagnostic)
            assert not any(word in diagnostic.message for word in YAML_WORDS), str(diagnostic)
            if lang == "ja":  # every message is translated: no sentence is left in English
                assert re.search("[\u3040-\u30ff\u4e00-\u9fff]", diagnostic.message), str(diagnostic)
    finally:
        i18n.set_language("en")


def test_a_json_file_with_escaped_surrogate_pairs_reads_as_the_characters_and_keeps_its_columns():
    text = json.dumps({"players": {"\U00020bb7\u7530 \U0001f600": {"money": "x"}}, "b": "\\ud842"})
    tree = load_yaml(text, "t.json")
    assert list(tree.plain()["players"]) == ["\U00020bb7\u7530 \U0001f600"]
    assert tree.plain()["b"] == "\\ud842"  # an escaped backslash before it: text, not a surrogate
    money = PositionIndex.of(tree).value('$.players["\U00020bb7\u7530 \U0001f600"].money')
    assert money.column == text.index('"x"') + 1


def test_only_json_files_have_their_surrogate_pairs_joined():
    # In YAML a backslash outside double quotes is text: the file is read as written.
    assert load_yaml("a: \\ud842\\udfb7\n", "f.yaml").plain() == {"a": "\\ud842\\udfb7"}


@pytest.mark.parametrize(
    "written",
    [
        "99999999999999999999999999999999999999/3",
        "1/99999999999999999999999999999999999999",
        '"1/99999999999999999999999999999999999999"',
    ],
)
def test_a_fraction_whose_parts_are_past_the_limits_of_numbers_is_refused_where_it_is_written(written):
    assert problems(f"amount: {written}\n") == [
        "house.yaml:1:9: '99999999999999999999999999999999999999' has too many digits (at most 30)"
    ]


@pytest.mark.parametrize(
    ("written", "reason"),
    [
        ("0.0000000000000000000000000000001", "has too many digits (at most 30)"),
        ("1e-31", "has too large an exponent (from -30 to 30)"),
    ],
)
def test_a_small_number_written_past_the_limits_is_not_called_large(written, reason):
    assert problems(f"amount: {written}\n") == [f"house.yaml:1:9: '{written}' {reason}"]
