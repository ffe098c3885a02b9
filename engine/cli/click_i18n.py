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

    def gettext(message: str) -> str:
        return safe_translation(i18n._translations().gettext(message), message)

    def ngettext(singular: str, plural: str, n: int) -> str:
        english = singular if n == 1 else plural
        translated = i18n.plural_lookup(lambda t: t.ngettext(singular, plural, n), english)
        return safe_translation(translated, english, singular, plural) if translated not in (singular, plural) \
            else translated

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
