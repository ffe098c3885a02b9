"""Click's own messages ("Usage:", "Show this message and exit.", errors) in the user's language."""
from __future__ import annotations


def install() -> None:
    """Route click's gettext calls through the project's translation layer."""
    import click.core
    import click.decorators
    import click.exceptions
    import click.formatting
    import click.parser
    import click.types

    from .. import i18n

    def gettext(message: str) -> str:
        translated = i18n._translations().gettext(message)
        return translated

    def ngettext(singular: str, plural: str, n: int) -> str:
        return i18n._translations().ngettext(singular, plural, n)

    for module in (click.core, click.decorators, click.exceptions, click.formatting, click.parser, click.types):
        if hasattr(module, "_"):
            module._ = gettext
        if hasattr(module, "ngettext"):
            module.ngettext = ngettext
