"""The ``cardrules`` group.

The language is chosen before click parses anything (``--lang`` may stand
before or after the command name), so help texts, click's own messages and
every output are in the user's language. Command modules are imported only
when used, after the language is set, which also keeps start-up quick.
"""

from __future__ import annotations

import os
import sys

import click

from engine.base import i18n
from engine.base.i18n import _
from engine.base.suggestions import did_you_mean
from engine.fronts.cli import click_i18n, common
from engine.fronts.cli.common import lang_option
from engine.fronts.cli.standard_output import OutputUnwritable, where_output_goes, write_standard_output_whole


def language_from_argv(argv: list[str]) -> str | None:
    """The value of ``--lang`` anywhere on the command line (last one wins)."""
    lang = None
    for i, arg in enumerate(argv):
        if arg == "--":
            break
        if arg == "--lang" and i + 1 < len(argv):
            lang = argv[i + 1]
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
    return lang


class OutputClosed(Exception):
    """Whoever read our output has stopped reading (``cardrules simulate | head -1``)."""


class CommandGroup(click.Group):
    """The commands, listed in the order they are given (not sorted); a closed pipe is no error of ours."""

    def invoke(self, ctx: click.Context) -> object:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            # Raised past click, which would turn it into a silent exit 1: a closed pipe is no error of ours.
            raise OutputClosed() from None

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)


def build_group() -> click.Group:
    """The ``cardrules`` group, built after the language is known.

    Each command declares its options only (its work, and the engine, load when it runs), so `cardrules --help`
    and a typo's suggestion load none of the game.
    """
    # lazy: a command's help is translated as its module loads, so it loads once the language is chosen
    from engine.fronts.cli import (
        i18n_cmd,
        play_cmd,
        replay_cmd,
        rulesets_cmd,
        score_cmd,
        serve_cmd,
        simulate_cmd,
        validate_cmd,
    )

    @click.group(
        cls=CommandGroup,
        context_settings={"help_option_names": ["-h", "--help"]},
        # TRANSLATORS: the first line of cardrules --help; keep cardrules as it is.
        help=_("cardrules: card games as data. Play, score, replay and compare rulesets."),
    )
    @lang_option
    @click.version_option(package_name="cardrules", message="%(prog)s %(version)s")
    def cardrules() -> None:
        pass

    for name, module in (
        ("rulesets", rulesets_cmd),
        ("validate", validate_cmd),
        ("play", play_cmd),
        ("score", score_cmd),
        ("replay", replay_cmd),
        ("simulate", simulate_cmd),
        ("serve", serve_cmd),
        ("i18n", i18n_cmd),
    ):
        cardrules.add_command(module.command, name)
    return cardrules


def _stand_in_for_closed_streams() -> None:
    """A program started with a standard stream closed (``>&-``, ``<&-``) gets None for it from Python.

    Input closed reads as empty input (no terminal: bots play); error output
    closed goes nowhere; output closed is a failure told on error output, as
    other command-line tools tell it, since whatever the command would say
    could not be read.
    """
    if sys.stdin is None:
        sys.stdin = open(os.devnull, encoding="utf-8")
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")
    if sys.stdout is None:
        sys.stdout = open(os.devnull, "w", encoding="utf-8")
        # TRANSLATORS: the program was started with its standard output closed (e.g. `cardrules rulesets >&-`).
        print("cardrules: " + _("cannot write the output: standard output is closed"), file=sys.stderr)
        sys.exit(1)


def _meant_language(asked: str, known: list[str]) -> str:
    """`` (did you mean 'ja'?)`` for a country's code given as a language (jp, kr, cn: CLDR's likely
    language of that territory), or a near spelling of one there is."""
    from babel import Locale, UnknownLocaleError  # lazy: only to suggest a language after a mistyped --lang

    territory = asked.strip().upper()
    try:
        # ZZ is CLDR's "unknown region", whose likely language says nothing of what was meant.
        likely = Locale.parse(f"und_{territory}").language if territory != "ZZ" else None
    except (ValueError, TypeError, LookupError, UnknownLocaleError):
        likely = None
    if likely in known:
        return did_you_mean(likely, [likely])
    return did_you_mean(asked, known)


def main(argv: list[str] | None = None) -> None:
    """Entry point of the ``cardrules`` console script (Ctrl-C before a command runs ends it as interrupted,
    status 130, without a traceback)."""
    try:
        _main(argv)
    except KeyboardInterrupt:
        common.end_as_interrupted()  # looked up now: a test stands in for it


def _main(argv: list[str] | None) -> None:
    args = list(sys.argv[1:] if argv is None else argv)
    asked = language_from_argv(args)
    chosen = i18n.set_language(asked)
    _stand_in_for_closed_streams()
    write_standard_output_whole()
    if asked and chosen == i18n.DEFAULT_LANGUAGE and not asked.lower().startswith(i18n.DEFAULT_LANGUAGE):
        # Said once, on stderr, so that output meant for a program stays as it is.
        known = i18n.available_languages()
        # TRANSLATORS: --lang named a language that has no catalog; {language} as typed, {hint} empty or
        # " (did you mean 'ja'?)", {languages} the languages there are.
        click.echo(
            _(
                "cardrules: no translation for language {language}{hint}; using English. Languages: {languages}",
                language=asked[:40],
                hint=_meant_language(asked, known),
                languages=", ".join(known),
            ),
            err=True,
        )

    click_i18n.install()
    try:
        try:
            build_group().main(args=args, prog_name="cardrules")
        except SystemExit:
            # click meets a closed pipe while parsing (`cardrules --help | true`) by muting the streams and
            # exiting 1, silently: the reader went away, which is no failure of the command's.
            if type(sys.stdout).__name__ == "_PacifyFlushWrapper":
                raise OutputClosed() from None
            raise
        finally:
            sys.stdout.flush()  # here, not at interpreter exit, where a failure could only be ignored
    except (OutputClosed, BrokenPipeError):
        # The reader is gone (`| head`): stop quietly, as well-behaved command-line tools do, with the status
        # the command had come to (a failure stays a failure when its message could not be read). Whatever
        # is still buffered would fail again at exit: let it go nowhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(_status_when_output_closed())
    except OutputUnwritable as error:
        # A full disk, a quota, a file too large under the output: told, not a traceback, and a failure.
        where = where_output_goes()
        # Whatever is still buffered would fail again at exit: let it go nowhere.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        # TRANSLATORS: after "FILE: " (the file the output was redirected to, else "cardrules: "), the output cannot
        # be written; {reason} is the system's, e.g. "No space left on device".
        problem = _("cannot write the output: {reason}", reason=error.strerror or str(error))
        click.echo(f"{where or 'cardrules'}: {problem}", err=True)
        sys.exit(1)


def _status_when_output_closed() -> int:
    """The exit status of a command whose reader went away: the failure it was telling (click's errors and
    ours note theirs before they are shown), else 0."""
    return common.failing_status  # read now: a command notes its failure as it runs
