"""Bad input is expected input: every command, every kind of bad file or argument.

Each case runs the real program in a fresh process from a scratch directory and
asks three things: the exit status is 1 (bad input) or 2 (bad command line),
the first line of stderr is located (``FILE:LINE:COL: ...``), and no Python
traceback ever reaches the user.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import locations
import pytest
from cli_helpers import cardrules_process

TESTS = locations.TESTS
REPO = TESTS.parent
LOGS = TESTS / "logs"
GOOD_LOG = json.loads((LOGS / "valid-ja.json").read_text(encoding="utf-8"))
THREE_SEATS = "players:\n  Ann: {money: 0}\n  Bo: {money: 0}\n  Cy: {money: 0}\n"


def cardrules(*args: str, cwd: Path, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """The real command line, in English, in a fresh process started in ``cwd``."""
    return cardrules_process(*args, cwd=cwd, env=env)


def assert_bad_input(done: subprocess.CompletedProcess, first_line: str) -> None:
    """Exit 1, no traceback, and the first diagnostic is exactly ``first_line`` (or starts with it)."""
    assert "Traceback" not in done.stderr, done.stderr
    assert done.returncode == 1, done.stderr
    assert done.stderr.splitlines()[0].startswith(first_line), done.stderr


def log_with(**changes) -> str:
    """The valid Japanese log with some keys changed, as JSON text."""
    return json.dumps({**GOOD_LOG, **changes})


# (file name, file content (str, or bytes), expected start of the first stderr line)
BAD_TABLES = [
    (
        "syntax.yaml",
        "ruleset: high-society/ja\nplayers: {Ann: [\n",
        "syntax.yaml:2:16: this [ is never closed: the file ends before its ]",
    ),
    ("syntax.json", '{"ruleset": "high-society/ja", "players": {"Ann": }}', "syntax.json:1:"),
    (
        "wrong-type.yaml",
        "ruleset: high-society/ja\nplayers: [Ann, Bo]\n",
        "wrong-type.yaml:2:10: $.players: expected a mapping, got a list of 2 items",
    ),
    (
        "fraction-money.json",
        '{"ruleset": "high-society/ja", "players": {"A": {"money": 1.5}, "B": {}, "C": {}}}',
        "fraction-money.json:1:59: $.players.A.money: expected a whole number, got 1.5",
    ),
    (
        "huge-number.json",
        '{"ruleset": "high-society/ja", "players": {"A": {"money": 1e400}}}',
        "huge-number.json:1:59: '1e400' has too large an exponent (from -30 to 30)",
    ),
    (
        "long-number.yaml",
        "ruleset: high-society/ja\n" + THREE_SEATS.replace("Ann: {money: 0}", "Ann: {money: " + "9" * 5000 + "}"),
        "long-number.yaml:3:16: '99999999999999999999999999999999999999",
    ),
    (
        "unknown-card.yaml",
        "ruleset: high-society/ja\n" + THREE_SEATS.replace("Ann: {", "Ann: {cards: [luxary-9], "),
        "unknown-card.yaml:3:17: $.players.Ann.cards[0]: unknown card luxary-9 (did you mean luxury-9?)",
    ),
    (
        "odd-money.yaml",
        "ruleset: high-society/ja\n" + THREE_SEATS.replace("Ann: {money: 0}", "Ann: {money: [7]}"),
        "odd-money.yaml:3:17: $.players.Ann.money[0]: there is no money card of 7",
    ),
    (
        "duplicate.yaml",
        "ruleset: high-society/ja\n" + THREE_SEATS + "  Ann: {money: 0}\n",
        "duplicate.yaml:6:3: duplicate key 'Ann' (first written at line 3, column 3)",
    ),
    (
        "bomb.yaml",
        "a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(
            f"{chr(98 + i)}: &{chr(98 + i)} [*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, "
            f"*{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}, *{chr(97 + i)}]\n"
            for i in range(8)
        ),
        "bomb.yaml:",
    ),
    ("huge.yaml", "ruleset: high-society/ja\n" + "# padding\n" * 120_000, "huge.yaml:1:1: file is too large"),
    ("binary.yaml", b"\x89PNG\r\n\x1a\n\x00\x00\xff", "binary.yaml:1:"),
    ("empty.yaml", "", "empty.yaml:1:1: the file is empty"),
    (
        "table-options.yaml",
        "ruleset: high-society/ja\noptions: {debt-flor: 0}\n" + THREE_SEATS,
        "table-options.yaml:2:22: $.options.debt-flor: unknown option",
    ),
    (
        "broken-house.yaml",
        "ruleset: house/broken.yaml\n" + THREE_SEATS,
        'broken-house.yaml:1:10: $.ruleset: cannot use the ruleset "house/broken.yaml"',
    ),
    (
        "missing-house.yaml",
        "ruleset: house/none.yaml\n" + THREE_SEATS,
        'missing-house.yaml:1:10: $.ruleset: cannot use the ruleset "house/none.yaml"',
    ),
]


@pytest.fixture
def scratch(tmp_path: Path) -> Path:
    """A working directory holding a broken house rule (``house/broken.yaml``) and a subdirectory."""
    (tmp_path / "house").mkdir()
    (tmp_path / "house" / "broken.yaml").write_text(
        "extends: high-society/ja\nplayers: {min: 9, max: 2}\n", encoding="utf-8"
    )
    (tmp_path / "a-directory").mkdir()
    return tmp_path


def write(path: Path, content: str | bytes) -> None:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")


@pytest.mark.parametrize("name, content, first_line", BAD_TABLES, ids=[case[0] for case in BAD_TABLES])
def test_score_refuses_a_bad_table_with_a_located_message(scratch, name, content, first_line):
    write(scratch / name, content)
    assert_bad_input(cardrules("score", name, cwd=scratch), first_line)


def test_a_table_option_is_reported_where_the_table_wrote_it_with_a_suggestion(scratch):
    write(scratch / "t.yaml", "ruleset: high-society/ja\noptions: {debt-flor: 0}\n" + THREE_SEATS)
    done = cardrules("score", "t.yaml", cwd=scratch)
    assert (
        "t.yaml:2:22: $.options.debt-flor: unknown option 'debt-flor' (did you mean 'debt-floor'?); "
        "valid options: debt-floor, eliminate-poorest, rounding, tiebreak"
    ) in done.stderr.splitlines()


def test_a_broken_house_rule_named_by_a_table_is_reported_in_its_own_file_from_the_tables_base(scratch):
    (scratch / "games").mkdir()
    write(scratch / "games" / "t.yaml", "ruleset: ../house/broken.yaml\n" + THREE_SEATS)
    done = cardrules("score", "games/t.yaml", cwd=scratch)
    assert done.returncode == 1
    assert done.stderr.splitlines()[1].startswith("house/broken.yaml:2:24: $.players.max:")


def test_a_missing_house_rule_is_named_where_it_was_looked_for(scratch):
    (scratch / "games").mkdir()
    write(scratch / "games" / "t.yaml", "ruleset: ./nowhere.yaml\n" + THREE_SEATS)
    done = cardrules("score", "games/t.yaml", cwd=scratch)
    assert done.stderr.splitlines()[1] == "games/nowhere.yaml:1:1: no such ruleset file"


@pytest.mark.parametrize("command", ["score", "replay", "validate"])
def test_a_missing_file_or_a_directory_is_bad_input_at_its_first_line(scratch, command):
    missing = "nowhere.yaml:1:1: no such ruleset file" if command == "validate" else "nowhere.yaml:1:1: no such file"
    assert_bad_input(cardrules(command, "nowhere.yaml", cwd=scratch), missing)
    assert_bad_input(cardrules(command, "a-directory", cwd=scratch), "a-directory:1:1: is a directory, not a file")


BAD_LOGS = [
    ("syntax.json", '{"ruleset": "high-society/ja",\n "players": [}', "syntax.json:2:14: invalid JSON"),
    ("empty.json", "", "empty.json:1:1: the file holds no log"),
    ("blank.jsonl", "\n\n", "blank.jsonl:1:1: the file holds no log"),
    ("truncated.json", log_with()[:-40], "truncated.json:1:"),
    (
        "nan.json",
        log_with(first_player="NAN").replace('"NAN"', "NaN"),
        "nan.json:1:101: invalid JSON: NaN is not allowed",
    ),
    ("deep.json", "[" * 100_000 + "]" * 100_000, "deep.json:1:1: invalid JSON: nested too deeply"),
    ("duplicate-key.json", '{"ruleset": "a", "ruleset": "b"}', "duplicate-key.json:1:18: invalid JSON: the key"),
    ("not-an-object.json", "[1, 2, 3]", "not-an-object.json:1:1: a log must be a JSON object"),
    ("binary.json", b"{\n\xff\xfe}", "binary.json:2:1: the log is not UTF-8 text"),
    (
        "third-line-bad.jsonl",
        "\n".join([log_with(), log_with(), "{oops", log_with()]) + "\n",
        "third-line-bad.jsonl:3:2: invalid JSON",
    ),
    ("illegal.jsonl", "\n".join([log_with(), log_with(actions=GOOD_LOG["actions"][1:])]) + "\n", "illegal.jsonl:2:"),
    (
        "bad-option.json",
        log_with(options={"debt-floor": "banana"}),
        "bad-option.json:1:58: $.options.debt-floor: option 'debt-floor' expects a number or none",
    ),
    ("broken-house.json", log_with(ruleset="house/broken.yaml"), "broken-house.json:1:13: $.ruleset: cannot use"),
    ("wrong-type.json", log_with(players=5), "wrong-type.json:1:58: $.players: does not match the log format"),
]


@pytest.mark.parametrize("name, content, first_line", BAD_LOGS, ids=[case[0] for case in BAD_LOGS])
def test_replay_refuses_a_bad_log_with_a_located_message(scratch, name, content, first_line):
    write(scratch / name, content)
    assert_bad_input(cardrules("replay", name, "--json", cwd=scratch), first_line)


def test_the_good_logs_before_a_bad_line_are_replayed_and_the_bad_line_is_named(scratch):
    write(scratch / "mixed.jsonl", "\n".join([log_with(), log_with(), "{oops", log_with()]) + "\n")
    done = cardrules("replay", "mixed.jsonl", "--json", cwd=scratch)
    assert done.returncode == 1
    assert len(done.stdout.splitlines()) == 2
    assert done.stderr.startswith("mixed.jsonl:3:2: invalid JSON")


def test_a_log_option_is_reported_at_the_log_not_the_command_line(scratch):
    write(scratch / "log.json", log_with(options={"debt-floor": "banana"}))
    done = cardrules("replay", "log.json", cwd=scratch)
    # The log itself holds the mistake: it is said once, at the option, with no heading over it.
    assert (
        done.stderr.splitlines()[0]
        == "log.json:1:58: $.options.debt-floor: option 'debt-floor' expects a number or none, got 'banana'"
    )


def test_an_over_long_json_lines_line_is_refused_without_reading_it_whole(scratch, monkeypatch):
    from engine.fronts.formats import gamelog

    limit = len(log_with()) + 10
    monkeypatch.setattr(gamelog, "MAX_LOG_LINE_BYTES", limit)
    write(scratch / "long.jsonl", log_with() + "\n" + "[" + " " * (3 * limit) + "]\n")
    records = gamelog.read_logs(scratch / "long.jsonl")
    next(records)
    with pytest.raises(gamelog.LogError) as raised:
        next(records)
    assert str(raised.value).startswith(f"{scratch / 'long.jsonl'}:2: the line is too long")


def test_rulesets_lists_a_broken_house_rule_with_its_problem(scratch):
    root = scratch / "root" / "rulesets" / "mygame"
    root.mkdir(parents=True)
    write(root / "broken.yaml", "extends: high-society/ja\nplayers: {min: 9, max: 2}\n")
    write(root / "binary.yaml", b"\xff\xfe")
    write(root / "syntax.yaml", "a: [1\n")
    done = cardrules("rulesets", cwd=scratch, env={"CARDRULES_PATH": str(scratch / "root")})
    assert done.returncode == 0, done.stderr
    lines = {line.split()[0]: line for line in done.stdout.splitlines()}
    assert "(does not load: root/rulesets/mygame/broken.yaml:2:24: $.players.max:" in lines["mygame/broken"]
    assert "(does not load: root/rulesets/mygame/binary.yaml:1:1: the file is not valid UTF-8" in lines["mygame/binary"]
    assert "(does not load: root/rulesets/mygame/syntax.yaml:1:4: this [ is never closed" in lines["mygame/syntax"]
    assert "Japanese edition" in lines["high-society/ja"]


@pytest.mark.parametrize(
    "option, message",
    [
        (
            "nope=1",
            "command line: unknown option 'nope'; valid options: debt-floor, eliminate-poorest, rounding, tiebreak",
        ),
        ("debt-flor=0", "command line: unknown option 'debt-flor' (did you mean 'debt-floor'?)"),
        (
            "tiebreak=money,mony",
            "command line: option 'tiebreak' cannot contain 'mony' (did you mean 'money'?); "
            "valid values: money, highest-luxury",
        ),
        ("debt-floor=1/0", "command line: '1/0' divides by zero"),
        (
            "rounding=flor",
            "command line: option 'rounding' cannot be 'flor' (did you mean 'floor'?); valid values: exact, floor",
        ),
    ],
)
@pytest.mark.parametrize("command", ["score", "play"])
def test_a_bad_option_on_the_command_line_is_exit_1_with_the_valid_ones(scratch, command, option, message):
    args = (
        [str(TESTS / "tables" / "rulebook-example.yaml")]
        if command == "score"
        else ["-r", "high-society/ja", "--players", "bot:random,bot:random,bot:random", "--seed", "1"]
    )
    done = cardrules(command, *args, "-o", option, cwd=scratch)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert any(line.startswith(message) for line in done.stderr.splitlines()), done.stderr


def test_an_option_without_a_value_is_a_bad_command_line(scratch):
    done = cardrules("score", str(TESTS / "tables" / "rulebook-example.yaml"), "-o", "debt-floor", cwd=scratch)
    assert done.returncode == 2
    assert "expected NAME=VALUE" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    "content", ["", "{not json", log_with(players=5), b"\xff\xfe\x00"], ids=["empty", "syntax", "schema", "binary"]
)
def test_play_resume_of_a_corrupt_file_is_exit_1(scratch, content):
    write(scratch / "saved.json", content)
    done = cardrules("play", "--resume", "saved.json", cwd=scratch)
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stderr.startswith("saved.json:1")


CATALOGS = [
    ("directory.po", None, "directory.po:1:1: is a directory, not a file"),
    ("binary.po", b'msgid "a"\nmsgstr "\xff"\n', "binary.po:2: the catalog is not valid UTF-8 text"),
    (
        "placeholders.po",
        'msgid "You bid {amount}."\nmsgstr "Vous misez {montant}."\n',
        "placeholders.po:1: placeholders differ from the English text",
    ),
    (
        "plural-code.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=__import__(1);\\n"\n',
        "plural-code.po:2: the Plural-Forms formula is not a C expression of n",
    ),
    (
        "plural-zero.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n>1 ? n/0 : 0);\\n"\n',
        "plural-zero.po:2: the Plural-Forms formula fails for n = 2",
    ),
    (
        "plural-range.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=n%3;\\n"\n',
        "plural-range.po:2: the Plural-Forms formula gives form 2 for n = 2, but nplurals is 2",
    ),
    (
        "too-many-forms.po",
        'msgid "a"\nmsgid_plural "as"\nmsgstr[0] "x"\nmsgstr[5] "y"\n',
        "too-many-forms.po:1: malformed catalog",
    ),
    # Babel would cut the text's last character, or keep the first of two translations without a word.
    (
        "unclosed.po",
        'msgid "Usage:"\nmsgstr "Uzado:\n\nmsgid "Options"\nmsgstr "Opcioj"\n',
        'unclosed.po:2: this text in quotes is never closed (a quote inside the text is written \\")',
    ),
    ("inner-quote.po", 'msgid "Usage:"\nmsgstr "Uz"ado:"\n', "inner-quote.po:2: this text in quotes is never closed"),
    (
        "twice.po",
        'msgid "Usage:"\nmsgstr "Uzado:"\n\nmsgid "Usage:"\nmsgstr "Uzo:"\n',
        "twice.po:4: this message is already in the catalog at line 1: only one of the two would be used",
    ),
    (
        "twice-in-context.po",
        'msgctxt "c"\nmsgid "a"\nmsgstr "x"\n\nmsgctxt "c"\nmsgid "a"\nmsgstr "y"\n',
        "twice-in-context.po:5: this message is already in the catalog at line 1",
    ),
    (
        "misspelt.po",
        'msgid "Usage:"\nmsgtsr "Uzado:"\n',
        "misspelt.po:2: unknown keyword msgtsr (did you mean 'msgstr'?)",
    ),
    ("stray-text.po", '"Usage:"\nmsgid "a"\nmsgstr "b"\n', "stray-text.po:1: this text belongs to no msgid or msgstr"),
]

# Headers that Babel reads differently from a quick look at the first lines: the program must judge the header
# Babel will use (every field, wherever it stands, the last of two winning), so each is refused where it is written.
_PLURAL_ENTRY = '\nmsgid "one game"\nmsgid_plural "{n} games"\nmsgstr[0] "unu"\nmsgstr[1] "multaj"\n'
HOSTILE_HEADERS = [
    (
        "plural-twice.po",
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        '"Plural-Forms: nplurals=2; plural=n/0;\\n"\n' + _PLURAL_ENTRY,
        "plural-twice.po:4: the header field Plural-Forms is written twice, at lines 3 and 4: give it once",
    ),
    (
        "charset-twice.po",
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Content-Type: text/plain; charset=utf-7\\n"\n\nmsgid "Usage:"\nmsgstr "+AGEAYgBj-"\n',
        "charset-twice.po:4: the header field Content-Type is written twice, at lines 3 and 4",
    ),
    (
        "plural-in-obsolete-line.po",
        'msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n'
        '#~ "Plural-Forms: nplurals=999999999; plural=0;\\n"\n' + _PLURAL_ENTRY,
        "plural-in-obsolete-line.po:4: the header field Plural-Forms is written twice, at lines 3 and 4",
    ),
    (
        "plural-after-450-fields.po",
        'msgid ""\nmsgstr ""\n'
        + "".join(f'"X-Pad-{i}: a\\n"\n' for i in range(450))
        + '"Plural-Forms: nplurals=999999999; plural=0;\\n"\n'
        + _PLURAL_ENTRY,
        "plural-after-450-fields.po:453: nplurals must be from 1 to 6, not 999999999",
    ),
    (
        "two-fields-in-one-line.po",
        'msgid ""\nmsgstr "Language: eo\\nPlural-Forms: nplurals=2; plural=n/0;\\n"\n' + _PLURAL_ENTRY,
        "two-fields-in-one-line.po:2: the Plural-Forms formula fails for n = 0",
    ),
    (
        "header-not-first.po",
        'msgid "Usage:"\nmsgstr "Uzado:"\n\nmsgid ""\nmsgstr ""\n'
        '"Plural-Forms: nplurals=2; plural=n/0;\\n"\n' + _PLURAL_ENTRY,
        'header-not-first.po:4: the header entry (msgid "") must be the first entry of the catalog',
    ),
    (
        "second-header.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\nmsgctxt "x"\n'
        'msgid ""\nmsgstr "Plural-Forms: nplurals=999999999; plural=0;\\n"\n' + _PLURAL_ENTRY,
        'second-header.po:5: a second header entry (msgid ""): the header is at line 1',
    ),
    (
        "long-formula.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n' + "*n" * 600 + ')%2;\\n"\n' + _PLURAL_ENTRY,
        "long-formula.po:2: the Plural-Forms formula is longer than 1000 characters",
    ),
    (
        "deep-formula.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=' + "(" * 30 + "n%2" + ")" * 30 + ';\\n"\n' + _PLURAL_ENTRY,
        "deep-formula.po:2: the Plural-Forms formula nests more than 20 parentheses or ?: choices",
    ),
    (
        "long-header.po",
        'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural=(n' + "*n" * 1_000_000 + ')%2;\\n"\n' + _PLURAL_ENTRY,
        "long-header.po:1: the header is longer than 16384 characters",
    ),
    (
        "bad-language.po",
        'msgid ""\nmsgstr "Language: e o\\n"\n',
        "bad-language.po:2: the header field Language cannot be read",
    ),
    # Texts longer than a message can be, and more messages than a catalog holds: refused as soon as they are
    # (megabytes of them made every command in that language take 15 s before it did anything).
    (
        "long-translation.po",
        'msgid "Usage:"\nmsgstr "' + "%(" * 501 + '"\n',
        "long-translation.po:2: this translation is longer than 1000 characters, more than 10 times its English "
        "text: a translation that long is a mistake",
    ),
    (
        "continued-translation.po",
        'msgid "Usage:"\nmsgstr ""\n' + '"ab"\n' * 501,
        "continued-translation.po:2: this translation is longer than 1000 characters",
    ),
    (
        "long-english.po",
        'msgid "' + "a" * 20_001 + '"\nmsgstr "b"\n',
        "long-english.po:1: this English text is longer than 20000 characters: no message of the program is that long",
    ),
    (
        "many-messages.po",
        'msgid ""\nmsgstr "Language: eo\\n"\n' + "".join(f'\nmsgid "m{i}"\nmsgstr "t{i}"\n' for i in range(20_001)),
        "many-messages.po:60004: a catalog holds at most 20000 messages (the program has about a thousand): "
        "this is one more",
    ),
]
CATALOGS += HOSTILE_HEADERS


@pytest.mark.parametrize("name, content, first_line", CATALOGS, ids=[case[0] for case in CATALOGS])
def test_validate_refuses_a_bad_catalog_with_a_located_message(scratch, name, content, first_line):
    if content is None:
        (scratch / name).mkdir()
    else:
        write(scratch / name, content)
    assert_bad_input(cardrules("validate", name, cwd=scratch), first_line)


@pytest.mark.parametrize("name, content, first_line", HOSTILE_HEADERS, ids=[case[0] for case in HOSTILE_HEADERS])
def test_the_program_refuses_a_hostile_header_where_validate_does(scratch, name, content, first_line):
    # `validate` judges what the program will use: the same file under a root is refused by the same words at the
    # same line before anything else happens, even by --help.
    path = scratch / "root" / "locales" / "eo" / "LC_MESSAGES" / name
    path.parent.mkdir(parents=True)
    write(path, content)
    done = cardrules_process("--help", cwd=scratch, env={"CARDRULES_PATH": str(scratch / "root")}, lang="eo")
    assert_bad_input(done, str(path) + first_line[len(name) :])
    assert done.stdout == ""


def test_the_shipped_catalogs_are_valid(scratch):
    catalogs = sorted(str(p) for p in (REPO / "locales").glob("*/LC_MESSAGES/*.po"))
    done = cardrules("validate", *catalogs, cwd=scratch)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("value", "reason"),
    [
        ("-1", "-1 is too small: the least allowed is 0"),
        ("1000000000000000", "1000000000000000 is too large: the most allowed is 1000000"),
    ],
)
def test_an_option_value_that_does_not_fit_where_it_is_used_is_blamed_on_the_command_line(value, reason):
    done = cardrules("play", "-r", "bohnanza/amigo", "-o", f"third-field-price={value}", "--lang", "en", cwd=REPO)
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert done.stderr.splitlines()[0] == (
        f"command line: -o third-field-price={value}: {reason} "
        "(where the ruleset uses it: rulesets/bohnanza/base.yaml:114:67)"
    )


@pytest.mark.parametrize(
    "args, message",
    [
        (("play", "-r", ""), "the ruleset is empty: give a name (GAME/EDITION) or a house-rule file"),
        (
            ("simulate", "-r", "", "--games", "1", "--players", "bot:random,bot:random,bot:random"),
            "the ruleset is empty",
        ),
        (
            (
                "simulate",
                "-r",
                "high-society/ja",
                "--baseline",
                " ",
                "--games",
                "1",
                "--players",
                "bot:random,bot:random,bot:random",
            ),
            "the ruleset is empty",
        ),
        (("play", "--players", ""), "The list of players is empty"),
        (
            ("play", "--players", "Bot 1 (heuristic),bot,bot"),
            'The name "Bot 1 (heuristic)" is the one given to the bot in seat 2: choose another name.',
        ),
        (
            ("play", "-o", "tiebreak=money", "-o", "tiebreak=highest-luxury"),
            "'tiebreak' is set twice; give it once (a list as NAME=VALUE,VALUE)",
        ),
    ],
)
def test_an_empty_or_repeated_command_line_value_is_a_command_line_error(scratch, args, message):
    # `-r "$RULES"` with the variable unset played the default; a second -o silently won over the first.
    done = cardrules(*args, cwd=scratch)
    assert done.returncode == 2, done.stderr
    assert message in done.stderr
    assert done.stdout == ""
