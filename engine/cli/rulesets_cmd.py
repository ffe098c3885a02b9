"""``cardrules rulesets``: the rulesets you can play, with a one-line description each.

Built-in editions and house rules from every root (``CARDRULES_PATH``, the
user data directory, the program's own) are listed by name, the name to give
``-r``. Abstract rulesets (shared parts of editions) are shown only with
``--all``; a file that does not load is listed with its first problem.
"""
from __future__ import annotations

import click

from ..text.i18n import _, pgettext
from ..text.shown import printable
from .common import exits_on_bad_input, lang_option


@click.command(help=_("List the available rulesets (editions and house rules)."))
@click.option("--all", "show_all", is_flag=True, help=_("Also list abstract rulesets (shared parts, not playable)."))
@lang_option
@exits_on_bad_input
def command(show_all: bool) -> None:
    """Print one line per ruleset: its name and its localized description."""
    from ..language.ruleset import list_rulesets

    infos = [info for info in list_rulesets() if show_all or not info.abstract]
    width = max((len(info.name) for info in infos), default=0)
    for info in infos:
        if info.error is not None:
            # TRANSLATORS: shown after a ruleset's name when its file has a problem; {problem} is FILE:LINE:COL: message
            line = _("(does not load: {problem})", problem=info.error)
        else:
            line = pgettext(info.text_context, info.description) if info.description else ""
            if info.abstract:
                # TRANSLATORS: marks a ruleset that holds shared parts and cannot be played by itself
                line = _("[abstract] {description}", description=line)
        # A name (a file name) and a description from a user's root are a stranger's text.
        click.echo(printable(f"{info.name.ljust(width)}  {line}".rstrip(), keep_newlines=False))
    if not infos:
        # TRANSLATORS: cardrules rulesets, when no ruleset is installed.
        click.echo(_("No rulesets found."))
