"""Click's own messages ("Usage:", "Show this message and exit.", errors) in the user's language.

Click formats its messages itself (``_("Error: {message}").format(...)``,
``"%(prog)s" % {...}``), so a translation reaches ``str.format`` and ``%``.
A translation is data from a stranger: one whose fields are not exactly
fields of the English text (``{message.__class__}``, ``{0}``, ``%(x)r``) is
ignored in favour of the English text.
"""

from __future__ import annotations

import string
import sys
from typing import Any

import click._textwrap as click_wrapping
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types
from click.exceptions import _join_param_hints

from engine.base import i18n
from engine.base.errors import CatalogError
from engine.base.i18n import N_, _, pgettext
from engine.base.particles import agree
from engine.base.shown import printable
from engine.fronts.cli.common import failing, report
from engine.text.percent import percent_fields
from engine.text.wrapping import display_width, wrap

# Messages click translates through a variable (``_(extra["required"])`` in
# an option's help), which no extractor can see: named here so they reach
# the catalogs.
DYNAMIC_CLICK_MESSAGES = (
    # TRANSLATORS: click marks a required option in --help: "[required]".
    N_("required"),
)


def _fields(text: str) -> set[str] | None:
    """Every ``{...}`` and ``%...`` field of ``text`` as written; None when unparsable."""
    found: set[str] = set()
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is not None:
                found.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    except ValueError:
        return None
    found.update(field for field in percent_fields(text) if field != "%%")  # one pass: see engine.text.percent
    return found


def safe_translation(translated: str, *originals: str) -> str:
    """``translated`` when it only uses fields of the English ``originals``, else the English text."""
    english = originals[0]
    if translated in originals:
        return translated
    allowed: set[str] = set()
    for original in originals:
        allowed |= _fields(original) or set()
    fields = _fields(translated)
    if fields is None or not fields <= allowed:
        return english
    return translated


def install() -> None:
    """Route click's gettext calls through the project's translation layer.

    The chosen language's catalogs are loaded first: a malformed one is
    reported with its file and line and the program exits 1 before printing
    anything else.
    """

    try:
        i18n.load_current_catalogs()
    except CatalogError as error:
        report(error)
        sys.exit(1)

    # A catalog may come from a stranger: click's words are shown as text, as every other translation is.
    def gettext(message: str) -> str:
        return printable(safe_translation(i18n._translations().gettext(message), message))

    def ngettext(singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        translated = i18n.plural_lookup(lambda t: t.ngettext(singular, plural, n), english)
        return (
            printable(safe_translation(translated, english, singular, plural))
            if translated not in (singular, plural)
            else translated
        )

    def gettext_with_kinds(message: str) -> str:
        return ValueKindFormat(gettext(message)) if "{number_type}" in message else gettext(message)

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext_with_kinds
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
    # Click puts the values into its messages itself: a Korean particle written after one ("{value}은(는)")
    # can agree with it only in the finished message, as the project's own messages do.

    plain_echo = click.exceptions.echo

    def echo_agreeing(message: Any = None, *args: Any, **kwargs: Any) -> None:
        plain_echo(agree(message) if isinstance(message, str) else message, *args, **kwargs)

    click.exceptions.echo = echo_agreeing
    click.exceptions.MissingParameter.format_message = missing_parameter_message
    wrap_by_display_width()
    remember_failure_before_telling()


def remember_failure_before_telling() -> None:
    """A click error notes its exit status before it is shown: a reader gone away (`2>&1 | head -0`) must not
    turn a usage error into success (see :func:`engine.fronts.cli.common.failing`)."""

    for error_class in (click.exceptions.ClickException, click.exceptions.UsageError):
        show = error_class.__dict__.get("show")
        if show is None or getattr(show, "notes_failure", False):
            continue

        def noting(self: Any, file: Any = None, _show: Any = show) -> None:
            failing(self.exit_code)
            _show(self, file)

        noting.notes_failure = True  # type: ignore[attr-defined]
        error_class.show = noting


def value_kind(name: str) -> str:
    """click's name for a kind of value ("integer"), in the user's language."""

    kinds = {
        # TRANSLATORS: click's names for kinds of value, in "'x' is not a valid integer.".
        "integer": pgettext("value kind", "integer"),
        # A bounded option's value that is no whole number is not an integer: its range is told on its own.
        "integer range": pgettext("value kind", "integer"),
    }  # no option takes a decimal number: click's "float" kinds are never shown
    return kinds.get(name, name)


class ValueKindFormat(str):
    """A translated click message whose ``{number_type}`` ("integer") is translated as it is filled in."""

    def format(self, *args: Any, **kwargs: Any) -> str:
        if isinstance(kwargs.get("number_type"), str):
            kwargs["number_type"] = value_kind(kwargs["number_type"])
        return str.format(self, *args, **kwargs)


def missing_parameter_message(self: Any) -> str:
    """click's "Missing option '--games'." as one translated sentence (click joins two fragments, whose word
    order reads wrongly in Japanese and Korean)."""

    hint = (
        self.param_hint
        if self.param_hint is not None
        else self.param.get_error_hint(self.ctx)
        if self.param is not None
        else None
    )
    hint = _join_param_hints(hint)
    kind = (
        self.param_type
        if self.param_type is not None
        else self.param.param_type_name
        if self.param is not None
        else "parameter"
    )
    if kind == "option":
        text = (
            # TRANSLATORS: a required command-line option was not given; {name} is it, e.g. '--games'.
            _("Missing option {name}.", name=hint)
            if hint
            # TRANSLATORS: a required command-line option was not given (its name is unknown).
            else _("Missing option.")
        )
    elif kind == "argument":
        text = (
            # TRANSLATORS: a required command-line argument was not given; {name} is it, e.g. 'FILE'.
            _("Missing argument {name}.", name=hint)
            if hint
            # TRANSLATORS: a required command-line argument was not given (its name is unknown).
            else _("Missing argument.")
        )
    else:
        text = (
            # TRANSLATORS: a required command-line value was not given; {name} is it.
            _("Missing parameter {name}.", name=hint)
            if hint
            # TRANSLATORS: a required command-line value was not given (its name is unknown).
            else _("Missing parameter.")
        )
    extra = self.param.type.get_missing_message(param=self.param, ctx=self.ctx) if self.param is not None else None
    message = " ".join(part for part in (self.message, extra) if part)
    return f"{text} {message}" if message else text


def wrap_by_display_width() -> None:
    """Make click wrap help text as every other text of the program is wrapped (:mod:`engine.text.wrapping`).

    A Japanese or Korean character takes two columns: counted as one, the
    help ran past the terminal's edge; and Japanese, written without spaces,
    must break between characters. Click measures with ``term_len`` (also for
    the column of option names) and wraps with its ``TextWrapper``: both are
    given the shared wrapper's display widths and line breaks.
    """

    def wrap_by_cells(self: Any, text: str) -> list[str]:
        return wrap(self._munge_whitespace(text), self.width, self.initial_indent, self.subsequent_indent)

    click_wrapping.term_len = display_width
    click.formatting.term_len = display_width
    click_wrapping.TextWrapper.wrap = wrap_by_cells
