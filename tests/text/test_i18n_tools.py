"""The translators' workflow: extract, init, update, check (TRANSLATING.md, step by step)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file
from babel.messages.pofile import read_po, write_po
from catalog_helpers import write_catalog

from engine.base import catalogs, i18n
from engine.base.resources import package_root
from engine.text import i18n_tools
from engine.text.i18n_extract import extract_ruleset

RULESETS = package_root() / "rulesets" / "high-society"


def extracted(path: Path) -> set[tuple[str | None, str]]:
    """``(context, text)`` of every message the ruleset extractor finds in ``path``."""
    return {
        (context, message)
        for _line, message, _comments, context in extract_from_file(
            extract_ruleset, str(path), keywords={"_": None, "pgettext": ((1, "c"), 2)}
        )
    }


def run_cli(*args: str, env: dict[str, str] | None = None, cwd: Path | None = None) -> subprocess.CompletedProcess:
    full_env = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}
    full_env.update(env or {})
    return subprocess.run(
        [sys.executable, "-m", "engine", *args], capture_output=True, text=True, env=full_env, timeout=300, cwd=cwd
    )


# --------------------------------------------------------------------------- the extractor


def test_the_korean_editions_half_score_card_is_extracted_in_the_korean_context():
    assert ("high-society/ko", "Tax evasion") in extracted(RULESETS / "ko.yaml")


def test_the_shared_base_declares_its_texts_in_the_games_context():
    texts = extracted(RULESETS / "base.yaml")
    assert ("high-society", "Scandal") in texts
    assert ("high-society", "Red border") in texts
    assert ("high-society", "most money in hand") in texts  # a tiebreak criterion
    assert (
        "high-society",
        "How the final score is rounded (half-up rounds a half towards plus infinity).",
    ) in texts  # an option definition


def test_a_house_rule_without_a_context_inherits_its_editions():
    texts = extracted(RULESETS / "house" / "long-season.yaml")
    assert ("high-society/ja", "Title") in texts
    assert ("high-society/ja", "A fourth title card; the game ends at the fifth red card.") in texts
    assert (
        "high-society/ko",
        "Korean edition where the poorest player is not out and scores are rounded down.",
    ) in extracted(RULESETS / "house" / "forgiving.yaml")


def extracted_with_comments(path: Path) -> dict[tuple[str | None, object], list[str]]:
    """``(context, text or (singular, plural))`` -> translator comments, for every message in ``path``."""
    keywords = {"_": None, "pgettext": ((1, "c"), 2), "ngettext": (1, 2), "npgettext": ((1, "c"), 2, 3)}
    return {
        (context, message): comments
        for _line, message, comments, context in extract_from_file(
            extract_ruleset, str(path), keywords=keywords, comment_tags=("TRANSLATORS:",), strip_comment_tags=True
        )
    }


def test_translator_comments_in_a_ruleset_reach_the_translator(tmp_path):
    ruleset = tmp_path / "game.yaml"
    ruleset.write_text(
        "text-context: some-game\n"
        "cards:\n"
        '  # TRANSLATORS: in German "Feuerbohne"; use the name players know.\n'
        "  - {id: fire, name: Fire Bean, count: 3}\n"
        "  - {id: ice, name: Ice Bean, count: 3}  # TRANSLATORS: a pale bean\n"
        "  - {id: mud, name: Mud Bean, count: 3}\n",
        encoding="utf-8",
    )
    comments = extracted_with_comments(ruleset)
    assert 'in German "Feuerbohne"; use the name players know.' in comments[("some-game", "Fire Bean")]
    assert "a pale bean" in comments[("some-game", "Ice Bean")]
    assert not any("German" in note or "pale" in note for note in comments[("some-game", "Mud Bean")])


def test_a_text_with_a_singular_and_a_plural_is_extracted_as_a_plural_message(tmp_path):
    ruleset = tmp_path / "game.yaml"
    ruleset.write_text(
        "text-context: some-game\nmeasures:\n"
        '  hand: {count: [hand], says: {one: "{amount} card in hand", other: "{amount} cards in hand"}}\n',
        encoding="utf-8",
    )
    assert ("some-game", ("{amount} card in hand", "{amount} cards in hand")) in extracted_with_comments(ruleset)


def test_a_broken_ruleset_file_yields_no_messages_rather_than_an_error(tmp_path):
    broken = tmp_path / "broken.yaml"
    broken.write_text("name: [unclosed\n", encoding="utf-8")
    assert extracted(broken) == set()


def test_the_extractor_is_registered_for_babel():
    from importlib.metadata import entry_points

    names = {ep.name: ep.value for ep in entry_points(group="babel.extractors")}
    assert names.get("cardrules_ruleset") == "engine.text.i18n_extract:extract_ruleset"


def test_the_template_covers_code_click_and_rulesets_alike():
    template = i18n_tools.build_template()
    keys = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template if m.id}
    assert (None, "{name} {value}") in keys  # our code
    assert (None, "Show this message and exit.") in keys  # click's own
    assert ("high-society/ko", "Thief") in keys  # a ruleset


# --------------------------------------------------------------------------- a fourth language


def test_a_translator_adds_a_language_under_cardrules_path_without_writing_code(tmp_path):
    env = {"CARDRULES_PATH": str(tmp_path)}
    init = run_cli("i18n", "init", "eo", env=env)
    assert init.returncode == 0, init.stderr
    catalog_path = tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po"
    assert catalog_path.is_file()

    with open(catalog_path, "rb") as handle:
        catalog = read_po(handle)
    catalog.get("Show this message and exit.").string = "Montri ĉi tiun mesaĝon kaj eliri."
    with open(catalog_path, "wb") as handle:
        write_po(handle, catalog)

    shown = run_cli("--lang", "eo", "--help", env=env)
    assert shown.returncode == 0, shown.stderr
    assert "Montri ĉi tiun mesaĝon kaj eliri." in shown.stdout
    assert "Usage:" in shown.stdout  # English for whatever the new catalog lacks

    check = run_cli("i18n", "check", "eo", env=env)
    assert check.returncode == 1
    assert "untranslated" in check.stdout
    assert "Show this message and exit." not in check.stdout


def test_init_refuses_to_overwrite_a_catalog(tmp_path):
    assert run_cli("i18n", "init", "eo", "--dir", str(tmp_path)).returncode == 0
    again = run_cli("i18n", "init", "eo", "--dir", str(tmp_path))
    assert again.returncode == 1
    assert str(tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po") in again.stderr


def test_init_writes_to_the_current_directory_without_cardrules_path(tmp_path):
    result = run_cli("i18n", "init", "pt_BR", env={"CARDRULES_PATH": ""}, cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "locales" / "pt_BR" / "LC_MESSAGES" / "cardrules.po").is_file()


def test_init_rejects_a_language_tag_that_is_not_one(tmp_path):
    result = run_cli("i18n", "init", "../../etc", "--dir", str(tmp_path))
    assert result.returncode == 1
    assert not any(tmp_path.rglob("*.po"))


# --------------------------------------------------------------------------- check


@pytest.fixture
def small_template():
    """A template of three messages, so a check is quick to reason about."""
    from babel.messages.catalog import Catalog

    template = Catalog()
    template.add("Score: {score}")
    template.add(("{n} card", "{n} cards"))
    template.add("Possession", context="game")
    return template


def write(root: Path, lang: str, text: str) -> Path:
    return write_catalog(root, lang, text, plural_forms="nplurals=1; plural=0;")


def kinds(problems) -> list[tuple[str, str]]:
    return sorted((p.kind, p.msgid) for p in problems)


def test_check_lists_untranslated_fuzzy_obsolete_and_placeholder_mismatches(tmp_path, monkeypatch, small_template):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write(
        tmp_path,
        "eo",
        'msgid "Score: {score}"\nmsgstr "Poentoj: {poentoj}"\n\n'
        '#, fuzzy\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} kartoj"\n\n'
        'msgid "Gone"\nmsgstr "For"\n\n',
    )
    problems = i18n_tools.check_languages(["eo"], small_template)
    assert kinds(problems) == [
        ("fuzzy", "{n} card"),
        ("obsolete", "Gone"),
        ("placeholders", "Score: {score}"),
        ("untranslated", "Possession"),
    ]
    assert all(p.location.file.endswith("cardrules.po") for p in problems)
    placeholder = next(p for p in problems if p.kind == "placeholders")
    assert placeholder.location.line == 6


def test_a_message_used_again_is_told_once_with_the_command_that_brings_its_translation_back(
    tmp_path, monkeypatch, small_template
):
    # A change undone: the message is back in the program, its translation still an obsolete #~ entry.
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write(
        tmp_path,
        "eo",
        'msgid "Score: {score}"\nmsgstr "Poentoj: {score}"\n\n'
        'msgctxt "game"\nmsgid "Possession"\nmsgstr "Posedaĵo"\n\n'
        '#~ msgid "{n} card"\n#~ msgid_plural "{n} cards"\n#~ msgstr[0] "{n} kartoj"\n',
    )
    (problem,) = i18n_tools.check_languages(["eo"], small_template)
    assert problem.kind == "reused" and problem.location.line == 13
    assert problem.diagnostic().message.startswith(
        "used again, with its translation kept here as obsolete: run `cardrules i18n update eo` to bring it back"
    )


def test_a_complete_catalog_passes_the_check(tmp_path, monkeypatch, small_template):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write(
        tmp_path,
        "eo",
        'msgid "Score: {score}"\nmsgstr "Poentoj: {score}"\n\n'
        'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} kartoj"\n\n'
        'msgctxt "game"\nmsgid "Possession"\nmsgstr "Posedaĵo"\n\n',
    )
    assert i18n_tools.check_languages(["eo"], small_template) == []


def test_an_untranslated_entry_is_placed_at_its_line_and_each_language_is_summed_up(
    tmp_path, monkeypatch, small_template
):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write(
        tmp_path,
        "eo",
        'msgid "Score: {score}"\nmsgstr "Poentoj: {score}"\n\n'
        '#, fuzzy\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n} kartoj"\n\n'
        'msgctxt "game"\nmsgid "Possession"\nmsgstr ""\n\n',
    )
    summaries = []
    problems = i18n_tools.check_languages(["eo"], small_template, summaries)
    untranslated = next(p for p in problems if p.kind == "untranslated")
    lines = (tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po").read_text(encoding="utf-8").splitlines()
    assert (untranslated.msgid, untranslated.location.line) == ("Possession", lines.index('msgid "Possession"') + 1)
    assert summaries == [i18n_tools.LanguageSummary("eo", translated=1, fuzzy=1, untranslated=1)]


def test_an_editions_text_that_its_games_context_translates_is_not_asked_for(tmp_path, monkeypatch):
    from babel.messages.catalog import Catalog

    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    template = Catalog()
    template.add("Scandal", context="some-game")
    template.add("Scandal", context="some-game/edition")
    template.add("Theft", context="some-game/edition")
    write(tmp_path, "eo", 'msgctxt "some-game"\nmsgid "Scandal"\nmsgstr "Skandalo"\n\n')
    summaries = []
    problems = i18n_tools.check_languages(["eo"], template, summaries)
    assert kinds(problems) == [("untranslated", "Theft")]
    assert summaries[0].translated == 2


def updated_catalog(tmp_path: Path, monkeypatch, messages: list, *, drop_obsolete: bool = False):
    """The eo catalog under ``tmp_path`` after ``update`` against a template of ``messages``."""
    from babel.messages.catalog import Catalog

    template = Catalog()
    for message in messages:
        # A message is its msgid, or (context, msgid).
        context, msgid = message if isinstance(message, tuple) else (None, message)
        template.add(msgid, context=context)
    monkeypatch.setattr(i18n_tools, "build_template", lambda *_args, **_kwargs: template)
    [update] = i18n_tools.update_catalogs(["eo"], tmp_path, drop_obsolete=drop_obsolete)
    with open(update.path, "rb") as handle:
        return update, read_po(handle)


def test_update_keeps_a_changed_messages_translation_as_fuzzy_and_a_removed_ones_as_obsolete(tmp_path, monkeypatch):
    write(
        tmp_path,
        "eo",
        'msgid "The draw pile has run out."\nmsgstr "La tirstako elĉerpiĝis."\n\n'
        'msgid "Harvest a field"\nmsgstr "Rikolti kampon"\n\n',
    )
    update, catalog = updated_catalog(tmp_path, monkeypatch, ["The draw pile has run out!", "Quit the game"])
    changed = catalog.get("The draw pile has run out!")
    assert (changed.string, changed.fuzzy) == ("La tirstako elĉerpiĝis.", True)
    text = update.path.read_text(encoding="utf-8")
    assert '#| msgid "The draw pile has run out."' in text  # the English it was translated from
    assert [message.string for message in catalog.obsolete.values()] == ["Rikolti kampon"]
    assert '#~ msgid "Harvest a field"' in text
    assert (update.untranslated, update.fuzzy, update.obsolete) == (1, 1, 1)


def test_a_message_that_comes_back_gets_its_old_translation_and_obsolete_ones_can_be_dropped(tmp_path, monkeypatch):
    write(tmp_path, "eo", 'msgid "Harvest a field"\nmsgstr "Rikolti kampon"\n\n')
    _update, catalog = updated_catalog(tmp_path, monkeypatch, ["Quit the game"])
    assert [message.string for message in catalog.obsolete.values()] == ["Rikolti kampon"]
    _update, catalog = updated_catalog(tmp_path, monkeypatch, ["Quit the game", "Harvest a field"])
    back = catalog.get("Harvest a field")
    assert (back.string, back.fuzzy) == ("Rikolti kampon", False)
    assert not catalog.obsolete
    updated_catalog(tmp_path, monkeypatch, ["Quit the game"])
    update, catalog = updated_catalog(tmp_path, monkeypatch, ["Quit the game"], drop_obsolete=True)
    assert not catalog.obsolete and update.obsolete == 0
    assert "#~" not in update.path.read_text(encoding="utf-8")


def test_an_injection_attempt_is_a_placeholder_mismatch(tmp_path, monkeypatch, small_template):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    write(tmp_path, "eo", 'msgid "Score: {score}"\nmsgstr "{score.__class__}"\n\n')
    assert ("placeholders", "Score: {score}") in kinds(i18n_tools.check_languages(["eo"], small_template))


def test_validate_judges_placeholders_exactly_as_the_check_does(tmp_path, monkeypatch, small_template):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    # A comment in the catalog itself cannot allow a placeholder the template's does not name,
    # and a fuzzy translation is never shown, so its placeholders are nobody's problem yet.
    path = write(
        tmp_path,
        "eo",
        '#. {bonus} may be used\nmsgid "Score: {score}"\nmsgstr "Poentoj: {score} {bonus}"\n\n'
        '#, fuzzy\nmsgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{kartoj}"\n\n',
    )
    checked = [p.diagnostic() for p in i18n_tools.check_languages(["eo"], small_template) if p.kind == "placeholders"]
    validated = i18n_tools.validate_catalog(path, small_template)
    assert validated == checked
    assert [(d.location.line, d.message) for d in validated] == [
        (7, "placeholders differ from the English text: 'Score: {score}' ({bonus} not in the English text)")
    ]


@pytest.mark.parametrize(
    "entry, detail",
    [
        (
            'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "karto"\nmsgstr[1] "karto{j}"\n',
            "msgstr[1]: {j} not in the English text",
        ),
        ('msgid "Score: {score}"\nmsgstr "Poentoj"\n', "{score} missing"),
        (
            'msgid "Score: {score}"\nmsgstr "Poentoj {score"\n',
            "a { or } is not closed; {{ or }} writes the character itself",
        ),
        ('msgid "Usage: %(prog)s"\nmsgstr "Uzado: %(programo)s"\n', "%(programo)s not in the English text"),
    ],
)
def test_a_placeholder_mismatch_says_which_placeholder_and_which_form(tmp_path, entry, detail):
    path = write_catalog(tmp_path, "eo", entry)  # two plural forms, as English
    (problem,) = i18n_tools.validate_catalog(path)
    assert problem.message.endswith(f" ({detail})"), problem.message


def test_a_language_without_a_catalog_is_a_problem(small_template, monkeypatch, tmp_path):
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    assert kinds(i18n_tools.check_languages(["zz"], small_template)) == [("missing", "")]


def test_check_on_a_malformed_catalog_is_exit_1_naming_file_and_line(tmp_path):
    path = write(tmp_path, "eo", 'msgid "a"\nmsgstr "b"\ngarbage\n')
    result = run_cli("i18n", "check", "eo", env={"CARDRULES_PATH": str(tmp_path)})
    assert result.returncode == 1
    assert result.stderr.startswith(f"{path}:8: ")
    assert "Traceback" not in result.stderr


def test_extract_writes_a_template_babel_can_read(tmp_path):
    target = tmp_path / "out.pot"
    result = run_cli("i18n", "extract", "--output", str(target))
    assert result.returncode == 0, result.stderr
    with open(target, "rb") as handle:
        template = read_po(handle)
    assert template.get("Tax evasion", context="high-society/ko") is not None


def test_a_new_catalog_names_where_to_report_problems_not_gettexts_placeholders(tmp_path):
    assert run_cli("i18n", "init", "eo", "--dir", str(tmp_path)).returncode == 0
    header = (tmp_path / "locales" / "eo" / "LC_MESSAGES" / "cardrules.po").read_text(encoding="utf-8")[:1500]
    assert "EMAIL@ADDRESS" not in header and "FULL NAME" not in header and "LL@li.org" not in header
    assert f"Report-Msgid-Bugs-To: {i18n_tools.BUG_REPORTS}" in header


def test_the_old_english_of_a_fuzzy_entry_survives_updates_and_goes_once_it_is_reviewed(tmp_path, monkeypatch):
    write(tmp_path, "eo", 'msgid "The draw pile has run out."\nmsgstr "La tirstako elĉerpiĝis."\n\n')
    updated_catalog(tmp_path, monkeypatch, ["The draw pile has run out!"])
    update, _catalog = updated_catalog(tmp_path, monkeypatch, ["The draw pile has run out!"])  # a second update
    text = update.path.read_text(encoding="utf-8")
    assert '#| msgid "The draw pile has run out."' in text and "# |" not in text
    # The translator reviews it: the flag goes, and with the next update the old English too.
    update.path.write_text(text.replace("#, fuzzy\n", ""), encoding="utf-8")
    update, catalog = updated_catalog(tmp_path, monkeypatch, ["The draw pile has run out!"])
    text = update.path.read_text(encoding="utf-8")
    assert "#|" not in text and "# |" not in text
    assert catalog.get("The draw pile has run out!").string == "La tirstako elĉerpiĝis."


def test_an_editions_text_the_games_translation_covers_is_not_asked_for_but_its_own_word_is_kept(tmp_path, monkeypatch):
    write(
        tmp_path,
        "eo",
        'msgctxt "game"\nmsgid "Money cards"\nmsgstr "Monkartoj"\n\n'
        'msgctxt "game/edition"\nmsgid "Tax evasions"\nmsgstr "Impostfraŭdo"\n\n',
    )
    update, catalog = updated_catalog(
        tmp_path,
        monkeypatch,
        [
            ("game", "Money cards"),
            ("game/edition", "Money cards"),
            ("game", "Tax evasion"),
            ("game/edition", "Tax evasion"),
        ],
    )
    # The edition's "Money cards" reads as the game's: no guess to review.
    covered = catalog.get("Money cards", context="game/edition")
    assert (covered.string, covered.fuzzy) == ("", False)
    # The edition's own word for a changed text is kept for review, though the game's entry is empty.
    own = catalog.get("Tax evasion", context="game/edition")
    assert (own.string, own.fuzzy) == ("Impostfraŭdo", True)
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    assert ("fuzzy", "Money cards") not in kinds(i18n_tools.check_languages(["eo"]))
    assert ("untranslated", "Money cards") not in kinds(i18n_tools.check_languages(["eo"]))


def test_update_of_a_language_with_no_catalog_there_is_refused_not_started(tmp_path):
    # A mistyped --dir (or language) would otherwise create an empty catalog and call it an update.
    from engine.base.errors import CatalogError

    with pytest.raises(CatalogError) as caught:
        i18n_tools.update_catalogs(["ja"], tmp_path / "nowhere")
    assert "there is no ja catalog here: start one with `cardrules i18n init ja --dir " in str(caught.value)
    assert not (tmp_path / "nowhere").exists()


def test_update_counts_what_is_left_to_translate_as_check_does(tmp_path, monkeypatch):
    # An edition's text that the game's translation covers is not asked for by check: update does not count it.
    write(
        tmp_path,
        "eo",
        'msgctxt "high-society"\nmsgid "Money cards"\nmsgstr "Monkartoj"\n\n'
        'msgctxt "high-society/ko"\nmsgid "Money cards"\nmsgstr ""\n\n',
    )
    update, _catalog = updated_catalog(
        tmp_path, monkeypatch, [("high-society", "Money cards"), ("high-society/ko", "Money cards"), "Quit the game"]
    )
    assert update.untranslated == 1  # "Quit the game" only


def test_update_and_check_read_a_catalog_as_the_program_does(tmp_path, monkeypatch, small_template):
    # A message written twice is refused wherever a catalog is read: update would otherwise rewrite it without
    # the second translation.
    from engine.base.errors import CatalogError

    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    path = write(
        tmp_path, "eo", 'msgid "Score: {score}"\nmsgstr "A {score}"\n\nmsgid "Score: {score}"\nmsgstr "B {score}"\n'
    )
    before = path.read_text(encoding="utf-8")
    for read in (
        lambda: i18n_tools.update_catalogs(["eo"], tmp_path),
        lambda: i18n_tools.check_languages(["eo"], small_template),
    ):
        with pytest.raises(CatalogError) as refused:
            read()
        assert "this message is already in the catalog at line" in str(refused.value)
    assert path.read_text(encoding="utf-8") == before


# --------------------------------------------------------------------------- typed commands translated alike


def test_two_commands_typed_at_one_prompt_translated_alike_are_located_by_check_and_validate(
    tmp_path, monkeypatch, small_template
):
    # The audit's catalog: "for" for both pass and quit made `for` at a bid prompt save and quit.
    monkeypatch.setenv("CARDRULES_PATH", str(tmp_path))
    path = write(
        tmp_path,
        "eo",
        'msgctxt "auction"\nmsgid "pass"\nmsgstr "for"\n\nmsgid "quit"\nmsgstr "For "\n\nmsgid "help"\nmsgstr "helpo"\n\n',
    )
    checked = [p.diagnostic() for p in i18n_tools.check_languages(["eo"], small_template) if p.kind == "typed-alike"]
    validated = i18n_tools.validate_catalog(path, small_template)
    assert validated == checked
    found = {(d.location.line, d.message.split(":")[0]) for d in validated}
    assert (10, """'quit' and 'pass' are both "for\"""") in found
    # English "for" is already a word of an offer (ask for): quit translated "For" takes it at every prompt.
    assert (10, """'quit' and 'ask' are both "for\"""") in found
    assert all(d.location.file == str(path) for d in validated)


def test_commands_of_different_prompts_may_be_translated_alike_and_the_shipped_catalogs_have_no_collision(
    tmp_path, monkeypatch
):
    from engine.text.typed_commands import all_typed_commands, typed_collisions

    # "give up" (passing at a bid) and "end" (ending the trading) are never read at the same prompt.
    path = write_catalog(tmp_path, "eo", 'msgid "give up"\nmsgstr "fini"\n\nmsgid "end"\nmsgstr "fini"\n\n')
    assert not [d for d in i18n_tools.validate_catalog(path) if "both" in d.message]
    # Every prompt module declares its commands: the words the parsers read are the ones checked.
    declared = {i18n.marked_text(msgid) for command in all_typed_commands() for msgid in command.msgids}
    assert {
        "quit",
        "help",
        "recap",
        "back",
        "pass",
        "give up",
        "done",
        "harvest",
        "offer",
        "end",
        "accept",
        "decline",
    } <= declared
    for lang in ("ja", "ko"):
        catalog = i18n_tools.read_catalog(i18n.catalog_files(lang)[0])
        # A command marked with a context (NP_) is looked up as it was marked: context, separator, text.
        translations = {
            (f"{m.context}{i18n.CONTEXT_SEPARATOR}{m.id}" if m.context else m.id): m.string
            for m in catalog
            if m.id and isinstance(m.id, str)
        }
        assert typed_collisions(translations.get) == [], lang


def test_validate_reads_a_catalog_once(tmp_path, monkeypatch):
    # Parsing is most of the time a large catalog takes: validate compiled it and then read it again to check it.
    from engine.fronts.cli.validate_run import check_path

    path = write_catalog(
        tmp_path, "eo", 'msgctxt "auction"\nmsgid "pass"\nmsgstr "for"\n\nmsgid "quit"\nmsgstr "for"\n\n'
    )
    calls = []
    parse = catalogs.parse_catalog
    monkeypatch.setattr(catalogs, "parse_catalog", lambda data: calls.append(1) or parse(data))
    problems = check_path(str(path))
    assert len(calls) == 1
    assert any("'quit' and 'pass' are both \"for\"" in problem.message for problem in problems)
