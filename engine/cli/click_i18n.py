"""Click's own messages ("Usage:", "Show this message and exit.", errors) in the user's language.

Click formats its messages itself (``_("Error: {message}").format(...)``,
``"%(prog)s" % {...}``), so a translation reaches ``str.format`` and ``%``.
A translation is data from a stranger: one whose fields are not exactly
fields of the English text (``{message.__class__}``, ``{0}``, ``%(x)r``) is
ignored in favour of the English text.
"""
from __future__ import annotations

import re
import string
from typing import Any

from ..text.i18n import N_

# Messages click translates through a variable (``_(extra["required"])`` in
# an option's help), which no extractor can see: named here so they reach
# the catalogs.
DYNAMIC_CLICK_MESSAGES = (
    # TRANSLATORS: click marks a required option in --help: "[required]".
    N_("required"),
)

_PERCENT_FIELD = re.compile(r"%(?:\([^)]*\))?[#0\- +]*\d*(?:\.\d+)?[a-zA-Z%]")


def _fields(text: str) -> set[str] | None:
    """Every ``{...}`` and ``%...`` field of ``text`` as written; None when unparsable."""
    found: set[str] = set()
    try:
        for _literal, name, spec, conversion in string.Formatter().parse(text):
            if name is not None:
                found.add("{" + name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "") + "}")
    except ValueError:
        return None
    found.update(m.group(0) for m in _PERCENT_FIELD.finditer(text) if m.group(0) != "%%")
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
    import sys

    from ..errors import CatalogError
    from .common import report
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    from ..text import i18n

    try:
        i18n.load_current_catalogs()
    except CatalogError as error:
        report(error)
        sys.exit(1)

    from ..text.shown import printable

    # A catalog may come from a stranger: click's words are shown as text, as every other translation is.
    def gettext(message: str) -> str:
        return printable(safe_translation(i18n._translations().gettext(message), message))

    def ngettext(singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        translated = i18n.plural_lookup(lambda t: t.ngettext(singular, plural, n), english)
        return printable(safe_translation(translated, english, singular, plural)) if translated not in (singular, plural) \
            else translated

    def gettext_with_kinds(message: str) -> str:
        return ValueKindFormat(gettext(message)) if "{number_type}" in message else gettext(message)

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext_with_kinds
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
    # Click puts the values into its messages itself: a Korean particle written after one ("{value}은(는)")
    # can agree with it only in the finished message, as the project's own messages do.
    from ..text.particles import agree

    plain_echo = click.exceptions.echo

    def echo_agreeing(message: Any = None, *args: Any, **kwargs: Any) -> None:
        plain_echo(agree(message) if isinstance(message, str) else message, *args, **kwargs)

    click.exceptions.echo = echo_agreeing
    click.exceptions.MissingParameter.format_message = missing_parameter_message
    wrap_by_display_width()
    remember_failure_before_telling()


def remember_failure_before_telling() -> None:
    """A click error notes its exit status before it is shown: a reader gone away (`2>&1 | head -0`) must not
    turn a usage error into success (see :func:`engine.cli.common.failing`)."""
    import click.exceptions

    from .common import failing

    for error_class in (click.exceptions.ClickException, click.exceptions.UsageError):
        show = error_class.__dict__.get("show")
        if show is None or getattr(show, "notes_failure", False):
            continue

        def noting(self: Any, file: Any = None, _show: Any = show) -> None:
            failing(self.exit_code)
            _show(self, file)

        noting.notes_failure = True  # type: ignore[attr-defined]
        setattr(error_class, "show", noting)


def value_kind(name: str) -> str:
    """click's name for a kind of value ("integer"), in the user's language."""
    from ..text.i18n import pgettext

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
    from click.exceptions import _join_param_hints

    from ..text.i18n import _

    hint = self.param_hint if self.param_hint is not None else \
        self.param.get_error_hint(self.ctx) if self.param is not None else None
    hint = _join_param_hints(hint)
    kind = self.param_type if self.param_type is not None else \
        self.param.param_type_name if self.param is not None else "parameter"
    if kind == "option":
        # TRANSLATORS: a required command-line option was not given; {name} is it, e.g. '--games'.
        text = _("Missing option {name}.", name=hint) if hint else _("Missing option.")
    elif kind == "argument":
        # TRANSLATORS: a required command-line argument was not given; {name} is it, e.g. 'FILE'.
        text = _("Missing argument {name}.", name=hint) if hint else _("Missing argument.")
    else:
        # TRANSLATORS: a required command-line value was not given; {name} is it.
        text = _("Missing parameter {name}.", name=hint) if hint else _("Missing parameter.")
    extra = self.param.type.get_missing_message(param=self.param, ctx=self.ctx) if self.param is not None else None
    message = " ".join(part for part in (self.message, extra) if part)
    return f"{text} {message}" if message else text


# Characters a line may not start with (closing punctuation): they stay with the character before them.
_NO_LINE_START = set("、。，．：；！？）」』】〉》〕］｝ー・…,.:;!?)]}")


def _display_width(text: str) -> int:
    from click._compat import _ansi_re
    from rich.cells import cell_len

    return cell_len(_ansi_re.sub("", text))


def _breaks_anywhere(char: str) -> bool:
    """A wide character a line may break after, as Japanese and Chinese text does (Korean breaks at spaces)."""
    from rich.cells import cell_len

    hangul = "\uac00" <= char <= "\ud7a3" or "\u1100" <= char <= "\u11ff" or "\u3130" <= char <= "\u318f"
    return cell_len(char) > 1 and not hangul


def _split_wide(chunks: list[str]) -> list[str]:
    """Chunks with every Japanese or Chinese character on its own, so a line may break between them, as
    it does in those languages; closing punctuation stays with what it closes."""
    pieces: list[str] = []
    for chunk in chunks:
        if chunk.isascii():
            pieces.append(chunk)
            continue
        run = ""
        for char in chunk:
            if _breaks_anywhere(char) or char in _NO_LINE_START:
                if run:
                    pieces.append(run)
                    run = ""
                if char in _NO_LINE_START and pieces:
                    pieces[-1] += char
                else:
                    pieces.append(char)
            else:
                run += char
        if run:
            pieces.append(run)
    return pieces


def _truncate_cells(text: str, cells: int) -> str:
    """The longest prefix of ``text`` at most ``cells`` columns wide (one character at least)."""
    from rich.cells import cell_len

    used = 0
    for index, char in enumerate(text):
        used += cell_len(char)
        if used > cells:
            return text[:max(index, 1)]
    return text


def wrap_by_display_width() -> None:
    """Make click wrap help text by the columns it takes on screen, not by its number of characters.

    A Japanese or Korean character takes two columns: counted as one, the
    help ran past the terminal's edge. Click's wrapper measures with
    ``term_len`` and breaks words with ``_truncate_visible``; both are given
    display widths, and wide characters become break points.
    """
    import click._textwrap as wrapping

    wrapping.term_len = _display_width
    wrapping._truncate_visible = _truncate_cells
    if not getattr(wrapping.TextWrapper, "_cardrules_wide", False):
        split = wrapping.TextWrapper._split

        def _split(self: Any, text: str) -> list[str]:
            return _split_wide(split(self, text))

        wrapping.TextWrapper._split = _split
        wrapping.TextWrapper._cardrules_wide = True
