"""The translation layer: language choice, fallbacks, and catalogs treated as untrusted data."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import locations
import pytest
from catalog_helpers import catalog_header, write_catalog
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import catalogs, i18n
from engine.base.errors import CatalogError
from engine.base.i18n import _, ngettext, pgettext
from engine.fronts.cli.click_i18n import safe_translation

HEADER = catalog_header()


def entry(msgid: str, msgstr: str) -> str:
    """One .po entry, with the quoting a .po file needs."""

    def quote(text: str) -> str:
        return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'

    return f"msgid {quote(msgid)}\nmsgstr {quote(msgstr)}\n\n"


@pytest.fixture
def user_root(tmp_path, monkeypatch):
    """A CARDRULES_PATH root of our own; the language is reset afterwards."""
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


def run_cli(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    """``cardrules ARGS`` in a fresh process (so the language is chosen from scratch)."""
    full_env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, env=full_env, timeout=120
    )


# --------------------------------------------------------------------------- choosing the language


@pytest.mark.parametrize(
    "variables, expected",
    [
        ({"LANG": "ko_KR.UTF-8"}, "ko"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "ko_KR.UTF-8"}, "ja"),
        ({"LC_MESSAGES": "ja_JP.UTF-8", "LANG": "en_US.UTF-8"}, "ja"),
        ({"LANGUAGE": "ko:ja", "LANG": "ja_JP.UTF-8"}, "ko"),
        ({"LANG": "C"}, "en"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({}, "en"),
    ],
)
def test_the_language_comes_from_the_environment_negotiated_against_the_catalogs(monkeypatch, variables, expected):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in variables.items():
        monkeypatch.setenv(name, value)
    try:
        assert i18n.set_language(None) == expected
    finally:
        i18n.set_language("en")


def test_only_an_explicit_choice_is_remembered_as_requested(monkeypatch):
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    try:
        assert i18n.set_language("ja_JP") == "ja" and i18n.requested_language() == "ja"
        assert i18n.set_language(None) == "ko" and i18n.requested_language() is None
    finally:
        i18n.set_language("en")


def test_a_while_in_another_language_leaves_the_choice_as_it_was(monkeypatch):
    """in_language translates in another language for a while, then goes back to the language in use and to how it
    was chosen (the environment's choice stays unrequested; an error inside changes nothing either)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    try:
        for asked, requested in ((None, None), ("ja", "ja")):
            chosen = i18n.set_language(asked)
            before = i18n._("Score: {score}", score=3)
            with i18n.in_language("en") as used:
                assert used == "en" and i18n.current_language() == "en"
                assert i18n._("Score: {score}", score=3) == "Score: 3"
            assert i18n.current_language() == chosen and i18n.requested_language() == requested
            assert i18n._("Score: {score}", score=3) == before != "Score: 3"
            with pytest.raises(ZeroDivisionError), i18n.in_language("en"):
                1 / 0  # noqa: B018
            assert i18n.current_language() == chosen and i18n.requested_language() == requested
    finally:
        i18n.set_language("en")


def test_lang_is_accepted_before_or_after_the_command_name():
    before = run_cli("--lang", "ko", "i18n", "--help")
    after = run_cli("i18n", "--help", "--lang", "ko")
    assert before.returncode == after.returncode == 0
    assert "사용법:" in before.stdout and before.stdout == after.stdout


def test_the_environment_chooses_the_language_when_no_lang_is_given():
    result = run_cli("--help", env={"LANG": "ja_JP.UTF-8"})
    assert result.returncode == 0
    assert "使い方：" in result.stdout


def test_clicks_own_errors_are_translated():
    result = run_cli("--lang", "ko", "no-such-command")
    assert result.returncode == 2
    assert "오류:" in result.stderr and "명령은 없습니다" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.parametrize(
    "lang, missing, invalid, out_of_range",
    [
        ("en", "Error: Missing option '--games'.", "'x' is not a valid integer.", "0 is not in the range x>=1."),
        (
            "ja",
            "エラー：オプション '--games' が指定されていません。",
            "'x' は正しい整数ではありません。",
            "0 は範囲 x>=1 に入っていません。",
        ),
        # The particle after a value click fills in agrees with it where its reading is known (0: 영).
        (
            "ko",
            "오류: 옵션 '--games'이(가) 지정되지 않았습니다.",
            "'x'은(는) 올바른 정수 값이 아닙니다.",
            "0은 범위 x>=1 안에 있지 않습니다.",
        ),
    ],
)
def test_clicks_missing_option_and_value_kinds_read_as_whole_sentences(lang, missing, invalid, out_of_range):
    """click joins "Missing option" and the option's name itself, and names kinds of value in English:
    both are one translated sentence, in each language's word order."""
    seats = ("--players", "bot:random,bot:random,bot:random")
    result = run_cli("simulate", "--lang", lang, "-r", "high-society/ja", *seats)
    assert result.returncode == 2 and missing in result.stderr, result.stderr
    result = run_cli("simulate", "--lang", lang, "-r", "high-society/ja", *seats, "--games", "x")
    assert result.returncode == 2 and invalid in result.stderr, result.stderr
    result = run_cli("simulate", "--lang", lang, "-r", "high-society/ja", *seats, "--games", "0")
    assert result.returncode == 2 and out_of_range in result.stderr, result.stderr


@pytest.mark.parametrize(("lang", "not_given"), [("ja", "指定されていません"), ("ko", "지정되지 않았습니다")])
@pytest.mark.parametrize("kind", ["option", "argument", "parameter"])
def test_a_missing_option_reads_as_not_given_never_as_no_such_option(lang, not_given, kind):
    """click says "Missing option." when it has no name to give: "not given" too, not "there is no option"."""
    try:
        i18n.set_language(lang)
        i18n.load_current_catalogs()
        for message in (f"Missing {kind}.", f"Missing {kind} {{name}}.", f"Missing {kind}"):
            assert not_given in i18n._translations().gettext(message), message
    finally:
        i18n.set_language("en")


def test_the_template_holds_no_message_only_a_programming_mistake_shows():
    from engine.text.i18n_tools import CLICK_DEVELOPER_MESSAGES, CLICK_UNUSED_MESSAGES, build_template

    ids = {message.id if isinstance(message.id, str) else message.id[0] for message in build_template()}
    assert not ids & (CLICK_DEVELOPER_MESSAGES | CLICK_UNUSED_MESSAGES)
    assert {"Usage:", "Error: {message}", "No such option {name!r}."} <= ids  # what users see stays


# --------------------------------------------------------------------------- fallbacks


def test_a_message_a_catalog_lacks_falls_back_to_english(user_root):
    write_catalog(user_root, "eo", entry("Usage:", "Uzado:"))
    assert i18n.set_language("eo") == "eo"
    assert _("Show this message and exit.") == "Show this message and exit."
    assert i18n._translations().gettext("Usage:") == "Uzado:"


def test_an_unknown_language_is_english():
    try:
        assert i18n.set_language("xx-not-a-language") == "en"
        assert _("Score: {score}", score=3) == "Score: 3"
    finally:
        i18n.set_language("en")


def test_an_editions_text_falls_back_to_its_games_context(user_root):
    write_catalog(user_root, "eo", 'msgctxt "game"\nmsgid "Coin"\nmsgstr "Monero"\n\n')
    i18n.set_language("eo")
    assert pgettext("game/edition", "Coin") == "Monero"
    assert pgettext("other-game", "Coin") == "Coin"


def test_plural_forms_follow_the_catalogs_rule():
    try:
        i18n.set_language("ko")
        assert ngettext("{n} problem found.", "{n} problems found.", 1) == "문제 1개를 찾았습니다."
        assert ngettext("{n} problem found.", "{n} problems found.", 5) == "문제 5개를 찾았습니다."
        i18n.set_language("en")
        assert ngettext("{n} problem found.", "{n} problems found.", 1) == "1 problem found."
        assert ngettext("{n} problem found.", "{n} problems found.", 2) == "2 problems found."
    finally:
        i18n.set_language("en")


def test_an_edited_catalog_is_seen_at_once(user_root):
    path = write_catalog(user_root, "eo", entry("Usage:", "Uzado:"))
    i18n.set_language("eo")
    assert i18n._translations().gettext("Usage:") == "Uzado:"
    time.sleep(0.01)  # a distinct modification time, not a timing assertion
    path.write_text(HEADER + entry("Usage:", "Uzo:"), encoding="utf-8")
    os.utime(path, ns=(time.time_ns(), time.time_ns() + 1_000_000))
    i18n.refresh()
    assert i18n._translations().gettext("Usage:") == "Uzo:"


# --------------------------------------------------------------------------- untrusted catalogs


@pytest.mark.parametrize(
    "evil",
    [
        "{score.__class__}",
        "{score.__init__.__globals__}",
        "{0}",
        "{}",
        "{score[0]}",
        "{score!r}",
        "{score:>99999999}",
        "{secret}",
        "unbalanced {score",
    ],
)
def test_a_translation_cannot_reach_python_objects(user_root, evil):
    write_catalog(user_root, "eo", entry("Score: {score}", evil))
    i18n.set_language("eo")
    assert _("Score: {score}", score=14) == "Score: 14"


def test_a_translation_may_reorder_and_repeat_the_named_values(user_root):
    write_catalog(user_root, "eo", entry("{player} takes {card}.", "{card} → {player} ({player})"))
    i18n.set_language("eo")
    assert _("{player} takes {card}.", player="Ann", card="X") == "X → Ann (Ann)"


@pytest.mark.parametrize(
    "evil", ["Error: {message.__class__}", "Error: {0}", "Error: {message!s:>9999}", "%(prog)r", "Error {"]
)
def test_a_click_message_translation_cannot_reach_python_objects(evil):
    assert safe_translation(evil, "Error: {message}") == "Error: {message}"


def test_a_click_message_translation_may_use_the_english_fields():
    assert safe_translation("오류: {message}", "Error: {message}") == "오류: {message}"
    assert safe_translation("%(prog)s 버전 %(version)s", "%(prog)s, version %(version)s") == "%(prog)s 버전 %(version)s"


def test_a_malformed_catalog_is_reported_with_its_file_and_line(user_root):
    path = write_catalog(user_root, "eo", entry("Usage:", "Uzado:") + 'msgid "broken"\nmsgstr "x"\nnonsense here\n')
    i18n.set_language("eo")
    with pytest.raises(CatalogError) as caught:
        i18n.load_current_catalogs()
    diagnostic = caught.value.diagnostics[0]
    assert diagnostic.location.file == str(path)
    assert diagnostic.location.line == 11


def test_a_malformed_catalog_is_exit_1_naming_file_and_line_without_a_traceback(tmp_path):
    path = write_catalog(tmp_path, "eo", 'msgid "Usage:"\nmsgstr "Uzado:"\nthis line is not gettext\n')
    result = run_cli("--lang", "eo", "--help", env={"CARDRULES_PATH": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}:8: ")
    assert "Traceback" not in result.stderr


def test_a_catalog_that_is_not_utf8_is_exit_1(tmp_path):
    path = tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po"
    path.parent.mkdir(parents=True)
    path.write_bytes(b'msgid ""\nmsgstr ""\n\nmsgid "Usage:"\nmsgstr "\xff\xfe"\n')
    result = run_cli("--lang", "eo", "--help", env={"CARDRULES_PATH": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}:5:")


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from(list("{}!:.[]_0 abscore%()rx")), max_size=24))
def test_whatever_a_translation_says_formatting_never_fails_or_leaks(translation):
    """A stranger's msgstr either fills in exactly the named values or is replaced by the English."""
    out = i18n._finish(translation, "Score: {score}", {"score": 14})
    allowed = i18n.safe_format(translation, {"score": 14})
    assert out == (allowed if allowed is not None else "Score: 14")
    assert "class" not in out or "class" in translation


def test_a_plural_formula_that_divides_by_zero_falls_back_to_english(tmp_path, monkeypatch):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    path = tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po"
    path.parent.mkdir(parents=True)
    path.write_text(
        'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
        '"Plural-Forms: nplurals=2; plural=(n / 0);\\n"\n\n'
        'msgid "{n} problem found."\nmsgid_plural "{n} problems found."\n'
        'msgstr[0] "{n} problemo"\nmsgstr[1] "{n} problemoj"\n',
        encoding="utf-8",
    )
    try:
        i18n.set_language("eo")
        assert ngettext("{n} problem found.", "{n} problems found.", 3) == "3 problems found."
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize(
    "asked, found",
    [
        ("zh_CN", "zh_Hans"),
        ("zh-CN", "zh_Hans"),
        ("zh", "zh_Hans"),
        ("zh_CN.UTF-8", "zh_Hans"),
        ("zh_SG", "zh_Hans"),
        ("zh_TW", "en"),
    ],
)
def test_a_chinese_locale_finds_the_catalog_of_its_script(tmp_path, monkeypatch, asked, found):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write_catalog(
        tmp_path, "zh_Hans", 'msgid "Nobody wins."\nmsgstr "没有人获胜。"\n', plural_forms="nplurals=1; plural=0;"
    )
    try:
        assert i18n.set_language(asked) == found
        monkeypatch.setenv("LANG", asked)
        for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
            monkeypatch.delenv(name, raising=False)
        assert i18n.set_language(None) == found
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("asked, hint", [("xx", ""), ("jp", " (did you mean 'ja'?)"), ("kr", " (did you mean 'ko'?)")])
def test_a_language_without_a_catalog_is_said_once_on_stderr_and_english_is_used(asked, hint):
    # A country's code given for its language (jp, kr) is recognised from CLDR's likely language of the country.
    done = subprocess.run(
        [sys.executable, "-m", "engine", "--lang", asked, "rulesets"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=str(locations.REPO),
    )
    assert done.returncode == 0
    assert (
        done.stderr == f"cardrules: no translation for language {asked}{hint}; using English. Languages: en, ja, ko\n"
    )
    assert "high-society/ja" in done.stdout


# Header lines as a stranger may write them: good and bad fields, a field twice, one split over two lines, one
# folded (a line starting with a space continues the field before it), one in an obsolete line (Babel joins it to
# the entry above), two in one line.
_HEADER_LINES = [
    '"Content-Type: text/plain; charset=UTF-8\\n"',
    '"Content-Type: text/plain; charset=utf-7\\n"',
    '"Content-Type: text/plain; charset=latin-1\\n"',
    '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"',
    '"Plural-Forms: nplurals=2; plural=n/0;\\n"',
    '"Plural-Forms: nplurals=7; plural=0;\\n"',
    '"Plural-Forms: nplurals=1; plural=n;\\n"',
    '#~ "Plural-Forms: nplurals=2; plural=n%3;\\n"',
    '"Plural-"',
    '"Forms: nplurals=3; plural=n%4;\\n"',
    '" plural=n/0;\\n"',
    '"Language: eo\\n"',
    '""',
    '"X-Pad: a\\n"',
    '"Language: eo\\nPlural-Forms: nplurals=2; plural=n%5;\\n"',
    '"Plural-Forms: nplurals=2; plural=n%2; plural=n/0\\n"',
]


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(_HEADER_LINES), max_size=6), st.booleans(), st.sampled_from(["", 'msgctxt "x"\n']))
def test_a_catalog_the_program_accepts_has_a_header_babel_reads_as_valid(
    tmp_path_factory, lines, message_first, context
):
    """Whatever a header says, and wherever: the program refuses it at a line, or what Babel reads from it is sound."""
    from babel.messages.pofile import read_po

    header = context + 'msgid ""\nmsgstr ""\n' + "".join(line + "\n" for line in lines) + "\n"
    message = 'msgid "one game"\nmsgid_plural "{n} games"\nmsgstr[0] "unu"\nmsgstr[1] "multaj"\n\n'
    text = message + header if message_first else header + message
    path = tmp_path_factory.mktemp("header") / "cardrules.po"
    path.write_text(text, encoding="utf-8")
    try:
        compiled = catalogs._compile(path)
    except CatalogError as error:
        assert error.diagnostics[0].location.line is not None
        return
    babel = read_po(path.open("rb"))
    assert babel.charset.lower().replace("_", "-") in ("utf-8", "utf8")
    assert catalogs.plural_forms_problem(f"nplurals={babel.num_plurals}; plural={babel.plural_expr};") is None
    assert [compiled.plural(n) for n in range(20)] == [i18n._gettext.c2py(babel.plural_expr)(n) for n in range(20)]


@pytest.mark.parametrize(
    "plural_forms",
    ["nplurals=2; plural=n/0;", "nplurals=99; plural=n;", "nplurals=2; plural=(n" + "*n" * 20_000 + ")%2;"],
)
def test_a_refused_catalog_is_read_once_and_its_problem_worded_in_english(user_root, monkeypatch, plural_forms):
    # The catalog being loaded words its own problem: asking it for the words would load it again, and again
    # (a 2 MB header was read 81 times and took 20 s to refuse).
    write_catalog(user_root, "eo", entry("card", "karto"), plural_forms=plural_forms)
    i18n.set_language("eo")
    i18n.refresh()
    parsed = []
    real = catalogs.parse_catalog
    monkeypatch.setattr(catalogs, "parse_catalog", lambda *args, **kwargs: parsed.append(1) or real(*args, **kwargs))
    with pytest.raises(CatalogError) as refused:
        i18n.load_translations("eo")
    assert len(parsed) == 1
    assert refused.value.diagnostics[0].location.line in (1, 4)
    assert refused.value.diagnostics[0].message.isascii()
    assert _("card") == "card"  # and the program goes on in English


@pytest.mark.parametrize(
    "english, translation, refused",
    [
        ("a", 1000, False),
        ("a", 1001, True),  # a short text: room for 1,000 characters
        ("a" * 200, 2000, False),
        ("a" * 200, 2001, True),  # a longer one: ten times its length
        ("a" * 20_000, 1, False),
        ("a" * 20_001, 1, True),  # no English text of the program is that long
    ],
)
def test_texts_are_measured_at_their_limits_whatever_their_lines(english, translation, refused):
    for lines in (1, 7):  # one line, or continued over several: the same length
        piece, rest = divmod(translation, lines)
        parts = [piece] * lines
        parts[-1] += rest
        entry_text = (
            'msgid ""\nmsgstr "Language: eo\\n"\n\nmsgid "'
            + english
            + '"\nmsgstr ""\n'
            + "".join(f'"{"x" * size}"\n' for size in parts)
        )
        problem = catalogs.catalog_syntax_problem(entry_text.encode())
        assert (problem is not None) == refused, (english[:20], translation, lines, problem)
        if refused:
            assert problem[0] == (4 if len(english) > 20_000 else 5)


@pytest.mark.parametrize(
    "body, line, starts",
    [
        # Empty lines of a text count as one character each: a million of them is a long text, not an empty one.
        (
            'msgid ""\nmsgstr "Language: eo\\n"\n\nmsgid "Usage:"\n' + '""\n' * 20_001 + 'msgstr "U"\n',
            4,
            "this English text is longer than 20000 characters",
        ),
        (
            'msgid ""\nmsgstr "Language: eo\\n"\n\nmsgid "Usage:"\nmsgstr "U"\n' + '""\n' * 1_000,
            5,
            "this translation is longer than 1000 characters",
        ),
        ('msgid ""\nmsgstr ""\n' + '""\n' * 16_385, 1, "the header is longer than 16384 characters"),
        ('msgid ""\nmsgstr "Language: eo\\n"\n' + "#\n" * 200_000, 200_001, "a catalog holds at most 200000 lines"),
    ],
)
def test_a_catalog_of_empty_lines_is_refused_as_soon_as_it_is_too_long(body, line, starts):
    problem = catalogs.catalog_syntax_problem(body.encode())
    assert problem is not None and problem[0] == line and problem[1].startswith(starts), problem


def test_a_long_msgid_of_many_lines_is_read_in_linear_time():
    # Each line used to copy the whole text so far (400,000 lines took 28 s): the pieces are joined once.
    body = (
        'msgid ""\nmsgstr "Language: eo\\n"\n\nmsgid ""\n'
        + '"a"\n' * 19_000
        + 'msgstr ""\n\nmsgid ""\n'
        + '"a"\n' * 19_000
        + 'msgstr ""\n'
    )
    problem = catalogs.catalog_syntax_problem(body.encode())
    assert problem is not None and problem[1].startswith("this message is already in the catalog at line 4")
