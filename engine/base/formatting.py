"""Numbers, money, lists and names in the reader's language, from Babel's CLDR data.

Nothing here formats by hand: digits, grouping, decimal signs, compact forms
("6 million", "600万", "600만"), currency symbols and names, and list
conjunctions all come from CLDR for the language chosen in :mod:`engine.base.i18n`.
Only the order of the pieces of a money amount is a translatable pattern,
because that is a matter of taste CLDR leaves to the writer.

Amounts (``format_amount``: money, coins) follow one of the ruleset's ``units``:

* ``style: plain`` -- a bare number with the reader's grouping (``25,000``);
* ``style: currency`` -- face value x ``scale`` in ``currency``. The amount
  is written in the locale's long compact form and then combined with the currency by the catalog's pattern, so the
  reader sees ``$6 million`` (en), ``600万ドル`` (ja), ``600만 달러`` (ko),
  and ``$0`` / ``0ドル`` / ``0 달러`` for nothing at all. Languages
  that count in myriads split an amount across units and group the digits
  before a unit (``1억 600만``, ``1,800만``), as newspapers write them.
  A game has one currency, so a name that begins with its country's name
  drops it (CLDR's ``미국 달러`` reads ``달러``; see :func:`currency_word`).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Sequence
from decimal import Decimal, localcontext
from fractions import Fraction
from typing import Literal

from babel import Locale, UnknownLocaleError
from babel.lists import format_list as _cldr_format_list
from babel.numbers import (
    format_compact_decimal,
    format_currency,
    format_decimal,
    get_currency_name,
    get_currency_symbol,
)

from engine.base import i18n
from engine.base.i18n import _, pgettext
from engine.base.named import RulesetTexts
from engine.base.shown import printable

FALLBACK_LOCALE = "en"

# The list patterns CLDR has (``or``: "a, b, or c").
ListStyle = Literal["standard", "standard-short", "or", "or-short", "unit", "unit-short", "unit-narrow"]


def reader_locale() -> Locale:
    """The CLDR locale of the current language (English for a language CLDR lacks)."""
    lang = i18n.current_language()
    try:
        return Locale.parse(lang, sep="_")
    except (UnknownLocaleError, ValueError, TypeError):
        # A translator may add a language CLDR does not know: numbers then
        # follow English conventions while the words are theirs.
        return Locale.parse(FALLBACK_LOCALE)


def _to_decimal(value: Fraction | int | Decimal) -> Decimal | None:
    """The exact decimal of ``value``, or None when it has no finite decimal expansion."""
    if isinstance(value, Decimal):
        return value
    value = Fraction(value)
    denominator = value.denominator
    # A fraction has a finite decimal form exactly when its reduced
    # denominator has no prime factors other than 2 and 5.
    twos = fives = 0
    while denominator % 2 == 0:
        denominator //= 2
        twos += 1
    while denominator % 5 == 0:
        denominator //= 5
        fives += 1
    if denominator != 1:
        return None
    digits = max(twos, fives)
    scaled = value * 10**digits
    # Built from its digits and exponent: exact, whatever the number of digits (scaleb would round
    # to the context's 28 digits).
    numerator = scaled.numerator
    return Decimal((0 if numerator >= 0 else 1, tuple(int(d) for d in str(abs(numerator))), -digits))


def _format_decimal(value: Decimal, locale: Locale, group_separator: bool = True) -> str:
    """CLDR formatting of an exact decimal, with enough precision for every digit of it."""
    with localcontext() as context:
        context.prec = max(context.prec, abs(value.adjusted()) + len(value.as_tuple().digits) + 4)
        return format_decimal(value, locale=locale, decimal_quantization=False, group_separator=group_separator)


def format_with_pattern(value: float | int | Decimal, pattern: str, locale: Locale | str) -> str:
    """``value`` by a CLDR number pattern (``#,##0.0``), with the precision its size needs.

    Babel rounds in the current decimal context (28 digits): a mean of 10^30
    points shown with one decimal would not fit, and fail.
    """
    # A float may come as numpy's, whose repr is no number: float() and str() give its shortest decimal.
    number = value if isinstance(value, (Decimal, int)) else Decimal(str(float(value)))
    number = Decimal(number)
    with localcontext() as context:
        if number.is_finite():
            context.prec = max(context.prec, abs(number.adjusted()) + 40)
        return format_decimal(value, pattern, locale=locale)


def format_number(number: int | Fraction | Decimal) -> str:
    """A number with the reader's grouping and decimal sign (``25,000``; ``3,5`` in German)."""
    as_decimal = _to_decimal(number) if not isinstance(number, int) else Decimal(number)
    if as_decimal is None:
        return format_score(Fraction(number))
    return _format_decimal(as_decimal, reader_locale())


def format_score(score: Fraction | int) -> str:
    """An exact score, readably: ``14``, ``3.5`` (locale's decimal sign), else ``7/3``."""
    score = Fraction(score)
    as_decimal = _to_decimal(score)
    locale = reader_locale()
    if as_decimal is not None:
        return _format_decimal(as_decimal, locale)
    sign = "-" if score < 0 else ""
    numerator = _format_decimal(Decimal(abs(score.numerator)), locale, group_separator=False)
    denominator = _format_decimal(Decimal(score.denominator), locale, group_separator=False)
    return f"{sign}{numerator}/{denominator}"


def format_amount(ruleset: RulesetTexts, amount: int | Fraction, unit_name: str | None = None) -> str:
    """``amount`` in one of ``ruleset``'s units (None: the first declared), as its edition's reader would write it."""
    unit = ruleset.unit(unit_name) if hasattr(ruleset, "unit") else {}
    locale = reader_locale()
    scale = Fraction(unit.get("scale", 1))
    real_amount = Fraction(amount) * scale
    if unit.get("style", "plain") != "currency" or not unit.get("currency"):
        return format_number(real_amount)
    currency = str(unit["currency"])
    exact = _to_decimal(real_amount)
    if exact is None:
        exact = Decimal(real_amount.numerator) / Decimal(real_amount.denominator)
    if exact != exact.to_integral_value():
        # Fractions of a unit only arise from odd scales; CLDR's full currency form shows them.
        return format_currency(exact, currency, locale=locale, currency_digits=False, decimal_quantization=False)
    compact = compact_amount(int(exact), locale)
    count = int(exact)
    # TRANSLATORS: a large amount of money, e.g. "$6 million". {amount} is the
    # number in your language's long compact form ("600万", "600만"), {symbol}
    # the currency's symbol ("$", "US$"), {currency} its name ("US dollars",
    # "米ドル", "달러"). Use whichever reads most naturally: optional: {symbol}, {currency}.
    return _(
        "{symbol}{amount}",
        amount=compact,
        symbol=get_currency_symbol(currency, locale=locale),
        currency=currency_word(currency, count, locale),
    )


def currency_word(currency: str, count: int, locale: Locale) -> str:
    """The currency's CLDR name as a game's single currency is called: ``달러``, ``米ドル``, ``US dollars``.

    CLDR names some currencies after their country (``미국 달러``, "US
    dollar"). Where the name starts with the country's own CLDR name and a
    space, the country is dropped: a game has only one currency, and players
    say "1,800만 달러". ISO 4217 codes begin with the issuing country's code.
    """
    named = catalog_currency_word(currency)
    if named is not None:
        return named
    name = get_currency_name(currency, count=count, locale=locale)
    country = locale.territories.get(currency[:2].upper())
    if country and name.startswith(country + " ") and name[len(country) + 1 :].strip():
        return name[len(country) + 1 :].strip()
    return name


def catalog_currency_word(currency: str) -> str | None:
    """What the catalog says players call ``currency`` (msgctxt ``currency``, msgid its ISO code), if it says.

    CLDR's Japanese name of the US dollar is 米ドル ("American dollar"), a
    word for exchange rates; Japanese players say ドル. The country is no
    word of its own there, so no rule drops it: the catalog names it.
    """

    # TRANSLATORS: what players call the US dollar in a game's amounts ("ドル" rather than CLDR's "米ドル");
    # leave "USD" as it is to use CLDR's name.
    word = pgettext("currency", "USD") if currency == "USD" else pgettext("currency", currency)
    return None if word == currency or not word.strip() else word


def compact_units(locale: Locale) -> list[int]:
    """The magnitudes the locale's long compact forms count in (10**3, 10**6 ... or 10**4, 10**8 ...)."""
    units = set()
    for patterns in locale.compact_decimal_formats.get("long", {}).values():
        for key, pattern in patterns.items():
            text = str(getattr(pattern, "pattern", pattern))
            zeros = text.count("0")
            if zeros and text.strip("0 "):  # a pattern with a unit word, not a bare number
                units.add(int(key) // 10 ** (zeros - 1))
    return sorted(units)


def compact_amount(value: int, locale: Locale) -> str:
    """A whole amount in the locale's long compact form: ``6 million``, ``600万``, ``1억 600만``.

    Locales that count in myriads (10**4, 10**8: Japanese, Korean, Chinese)
    write an amount that does not fit one unit as a sum of units, the way
    people read it (``1억 600만`` rather than ``1.06억``); the others keep
    CLDR's decimal compact form (``1.5 million``).
    """
    # As many fraction digits as it takes: an amount of money is never rounded.
    text = _compact_decimal(value, locale, fraction_digits=len(str(value)))
    units = compact_units(locale)
    if value <= 0 or not {10**4, 10**8} <= set(units):
        # Past the largest unit the count of units is long: its whole part grouped, as any long number is
        # (CLDR's compact output never groups, and its fraction follows a decimal sign).
        return re.sub(r"^(\D*)(\d{4,})", lambda m: m.group(1) + _grouped(int(m.group(2)), locale), text)
    unit = max((u for u in units if u <= value), default=None)
    if unit is None or value % unit == 0:
        return _grouped_count(text, locale)
    larger = _grouped_count(_compact_decimal(value - value % unit, locale), locale)
    # TRANSLATORS: a large number said in two parts, only in languages that count in
    # myriads: "1億600万" (ja), "1억 600만" (ko). {larger} is the part in the bigger unit.
    return _("{larger} {smaller}", larger=larger, smaller=compact_amount(value % unit, locale))


def _compact_decimal(value: int, locale: Locale, fraction_digits: int = 0) -> str:
    """CLDR's long compact form of ``value``, with a decimal context that holds every digit.

    The default context (28 digits) fails on an amount of 10**21 and more.
    """
    with localcontext() as context:
        context.prec = max(context.prec, 2 * len(str(value)) + fraction_digits + 8)
        return format_compact_decimal(value, format_type="long", locale=locale, fraction_digits=fraction_digits)


def _grouped_count(text: str, locale: Locale) -> str:
    """``1800만`` as ``1,800만``: the whole count of units in a myriad compact form, grouped.

    CLDR's compact patterns print the count without grouping; readers of
    myriad languages group a count of four digits like any other number.
    """
    return re.sub(r"\d{4,}", lambda digits: _grouped(int(digits.group()), locale), text)


def _grouped(whole: int, locale: Locale) -> str:
    """A whole number grouped in the locale's way, however many digits it has."""
    with localcontext() as context:
        context.prec = max(context.prec, len(str(whole)) + 8)
        return format_decimal(whole, locale=locale)


def format_list(names: Iterable[str], style: ListStyle = "standard") -> str:
    """``Ann, Bo, and Cy`` / ``Ann、Bo、Cy`` / ``Ann, Bo 및 Cy`` (CLDR list patterns); ``style="or"``: ``a or b``."""
    return _cldr_format_list([str(name) for name in names], style=style, locale=reader_locale())


def ruleset_text(ruleset: RulesetTexts, text: str, **values: object) -> str:
    """A text the ruleset declares (a name, a description, a sentence) in the reader's language.

    Looked up in the edition's message context, so the same English word can
    read differently per edition (see :func:`engine.base.i18n.pgettext`);
    ``values`` fill its ``{placeholders}`` (safely: only plain names).
    """
    if not text:
        return text
    # A ruleset is a stranger's file: its text untranslated is shown with control characters made visible too.
    return printable(i18n.pgettext(getattr(ruleset, "text_context", "") or "", text, **values))


def list_separator() -> str:
    """What separates the items of a short list in the reader's language (``, `` in English, ``、`` in Japanese).

    For lists that are not sentences (cards in a zone, amounts in a result
    line); sentences join with :func:`format_list` (``A, B, and C``).
    """
    # TRANSLATORS: separates the items of a short list: cards in a zone, a player's amounts
    # ("11 coins, 3 cards in hand"). Japanese uses "、".
    return _(", ")


def clause_separator() -> str:
    """What separates two clauses of a short phrase (a card's two effects, a prompt's question and an action
    allowed at any time): ``; `` in English, a translation's own punctuation elsewhere."""
    # TRANSLATORS: separates two clauses of a short phrase: a card's effects ("score ×2; discard a card"), a prompt's
    # question and an action allowed at any time ("1, 2, or done; harvest N"). Japanese uses "；" or "。".
    return _("; ")


def ruleset_plural_text(ruleset: RulesetTexts, singular: str, plural: str, n: int, **values: object) -> str:
    """A ruleset text with a singular and a plural (``{amount} card in hand``), chosen for ``n``."""
    return i18n.npgettext(getattr(ruleset, "text_context", "") or "", singular, plural, n, **values)


def plural_count(amount: int | float | Fraction | Decimal) -> int:
    """The whole number that picks a plural form for ``amount``: a fraction takes the form of its next whole number."""
    try:
        whole = int(amount)
    except (TypeError, ValueError, OverflowError):
        return 0
    return abs(whole) if whole == amount else abs(whole) + 1


@functools.lru_cache(maxsize=64)
def language_name(language: str) -> str:
    """A language's own name for itself (日本語, 한국어, English), from CLDR."""
    try:
        return Locale.parse(language).get_display_name(language) or language
    except (UnknownLocaleError, ValueError, TypeError):
        return language


def card_name(ruleset: RulesetTexts, card_id: str) -> str:
    """A card's translated name, with its value where it has one (``Possession 3``)."""
    card = ruleset.card(card_id)
    name = ruleset_text(ruleset, card.name)
    value = (card.attributes or {}).get("value")
    if value is None or name == format_number(value):
        return name  # a card named by its number (a card whose name is its number, 23) is not "23 23"
    # TRANSLATORS: a card's name followed by its value, e.g. "Possession 3".
    return _("{name} {value}", name=name, value=format_number(value))


def criterion_description(ruleset: RulesetTexts, name: str) -> str:
    """A tiebreak criterion's translated description (``most money in hand``), else its name."""
    criteria = getattr(ruleset, "tiebreak_criteria", None) or {}
    description = (criteria.get(name) or {}).get("description")
    return ruleset_text(ruleset, str(description)) if description else name


def tag_name(ruleset: RulesetTexts, tag: str) -> str:
    """The translated name of a card tag (``Possession``, ``Red border``)."""
    spec = ruleset.tags.get(tag) or {}
    return ruleset_text(ruleset, str(spec.get("name", tag)))


def zone_word(ruleset: RulesetTexts, tag: str) -> str:
    """The word for one of the zones ``tag`` groups, in the reader's language: the tag's declared name (``field``),
    else "zone"."""
    spec = ruleset.tags.get(tag) or {}
    if spec.get("name"):
        return ruleset_text(ruleset, str(spec["name"]))
    # TRANSLATORS: the word for one of a player's places for cards (a field, a row...) when a ruleset names none,
    # e.g. in "Type the number of the zone to plant in" (lower case, singular).
    return _("zone")


def zone_name(ruleset: RulesetTexts, zone_id: str) -> str:
    """The translated name of a zone (``First field``), else its id."""
    for spec in getattr(ruleset, "zones", ()):
        if spec.id == zone_id:
            return ruleset_text(ruleset, spec.name)
    return zone_id


def measure_name(ruleset: RulesetTexts, measure_id: str) -> str:
    """A measure's name for sentences (``money in hand``)."""
    try:
        return ruleset_text(ruleset, ruleset.measure(measure_id).name)
    except KeyError:
        return measure_id


def format_factor(factor: Fraction | int) -> str:
    """A multiplier as the rules write it: ``2``, ``1/2`` (never ``0.5``)."""
    factor = Fraction(factor)
    if factor.denominator == 1:
        return format_number(factor.numerator)
    return f"{format_number(factor.numerator)}/{format_number(factor.denominator)}"


def format_signed(amount: Fraction | int) -> str:
    """An amount with its sign always shown: ``-5``, ``+3``."""
    amount = Fraction(amount)
    return format_score(amount) if amount < 0 else "+" + format_score(amount)


def face_value(ruleset: RulesetTexts, card_id: str) -> Fraction | None:
    """The value a card's face shows (its ``value`` attribute), if it has one."""
    return ruleset.card(card_id).attributes.get("value")


def counted_cards(ruleset: RulesetTexts, card_ids: Sequence[str]) -> str:
    """Cards by type, in the order they first appear: ``3 × Red, 1 × Blue``."""
    counts: dict[str, int] = {}
    for card in card_ids:
        counts[card] = counts.get(card, 0) + 1
    # TRANSLATORS: a number of cards of one kind, e.g. "3 × Red".
    return list_separator().join(
        _("{count} × {card}", count=count, card=card_name(ruleset, card)) for card, count in counts.items()
    )
