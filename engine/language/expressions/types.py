"""The types of the expression language, checked when a ruleset is read.

Every expression has one type, known before the game starts: a number, a
yes-or-no flag, a text (a card id, a word), a player, a card, a group of
cards (``groups``), a variant of a hand with its wild cards assigned
(``assignments``), or a list of one of these. A list of cards is what a zone
holds, a list of players what ``players`` is.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.base.i18n import _


@dataclass(frozen=True)
class Type:
    """A type: ``name`` (``number``, ``flag``, ``text``, ``player``, ``card``, ``group``, ``variant``, ``list``,
    ``any``); ``item`` is a list's item type, or a group's key type."""

    name: str
    item: Type | None = None

    @property
    def is_list(self) -> bool:
        """Whether values of this type are lists."""
        return self.name == "list"

    def shown(self) -> str:
        """The type in the reader's language, for messages."""
        if self.name == "list":
            assert self.item is not None
            # TRANSLATORS: a type of the expression language: a list of {item} (e.g. "list of cards").
            return _("list of {item}", item=self.item.plural())
        return _type_names()[self.name]

    def plural(self) -> str:
        """The type's plural, as a list names its items."""
        if self.name == "list":
            # TRANSLATORS: plural of the type "list" of the expression language, as in "list of lists".
            return _("lists")
        return _type_plurals()[self.name]

    def __str__(self) -> str:
        return self.shown()


def _type_names() -> dict[str, str]:
    return {
        # TRANSLATORS: types of the expression language in the ruleset docs (one word each where possible).
        "number": _("number"),
        # TRANSLATORS: the type of true-or-false values (flags) of the expression language, e.g. "must be a yes-or-no
        # value".
        "flag": _("yes-or-no value"),
        "text": _("text"),
        "player": _("player"),
        "card": _("card"),
        # TRANSLATORS: a type of the expression language: what groups() gives, cards sharing an id or an attribute.
        "group": _("group of cards"),
        # TRANSLATORS: a type of the expression language: what assignments() gives, a hand with its wild cards assigned.
        "variant": _("variant"),
        # TRANSLATORS: a type of the expression language: any value at all, when the type is not known yet.
        "any": _("value"),
    }


def _type_plurals() -> dict[str, str]:
    return {
        # TRANSLATORS: plural of the type "number" of the expression language, as in "list of numbers".
        "number": _("numbers"),
        # TRANSLATORS: plural of the type "yes-or-no value" of the expression language, as in "list of yes-or-no
        # values".
        "flag": _("yes-or-no values"),
        # TRANSLATORS: plural of the type "text" of the expression language (card ids, words), as in "list of texts".
        "text": _("texts"),
        # TRANSLATORS: plural of the type "player" of the expression language, as in "list of players".
        "player": _("players"),
        # TRANSLATORS: plural of the type "card" of the expression language, as in "list of cards".
        "card": _("cards"),
        # TRANSLATORS: plural of the type "group of cards" of the expression language, as in "list of groups of cards".
        "group": _("groups of cards"),
        # TRANSLATORS: plural of the type "variant" of the expression language, as in "list of variants".
        "variant": _("variants"),
        # TRANSLATORS: plural of the type "value" of the expression language (any value), as in "list of values".
        "any": _("values"),
    }


NUMBER = Type("number")
FLAG = Type("flag")
TEXT = Type("text")
PLAYER = Type("player")
CARD = Type("card")
VARIANT = Type("variant")
ANY = Type("any")


def list_of(item: Type) -> Type:
    """The type of a list of ``item``."""
    return Type("list", item)


def group_of(key: Type) -> Type:
    """The type of a group of cards whose key has type ``key``."""
    return Type("group", key)


CARDS = list_of(CARD)
PLAYERS = list_of(PLAYER)
NUMBERS = list_of(NUMBER)
TEXTS = list_of(TEXT)

# The types a ruleset writes by name (a function's parameters, a step's parameters).
BY_NAME = {
    "number": NUMBER,
    "flag": FLAG,
    "text": TEXT,
    "player": PLAYER,
    "card": CARD,
    "cards": CARDS,
    "players": PLAYERS,
    "numbers": NUMBERS,
    "texts": TEXTS,
}


def fits(actual: Type, expected: Type) -> bool:
    """Whether a value of type ``actual`` may stand where ``expected`` is asked for.

    ``any`` fits everything (an empty list's items); a group fits where a
    group with any key is asked for.
    """
    if actual == expected or actual.name == "any" or expected.name == "any":
        return True
    if actual.name != expected.name:
        return False
    if actual.item is None or expected.item is None:
        return True
    return fits(actual.item, expected.item)


def joined(first: Type, second: Type) -> Type | None:
    """The one type that values of both types have (for ``a if c else b`` and list items), or None."""
    if fits(first, second) and first.name != "any" and not _has_any(first):
        return first
    if fits(second, first):
        return second
    if fits(first, second):
        return first
    return None


def _has_any(value: Type) -> bool:
    return value.name == "any" or (value.item is not None and _has_any(value.item))
