"""Declared ruleset options: their types, their values, and ``{option: NAME}`` references.

A ruleset declares each option under ``option-definitions`` (type, allowed
values, nullable, default, description); an edition sets its values under
``options``; a run may override them with ``-o NAME=VALUE``. Wherever the
ruleset writes ``{option: NAME}``, the effective value is put in its place
when the :class:`~engine.language.ruleset.Ruleset` is built.

Types: ``number`` (exact: ``3``, ``-5``, ``0.5``, ``1/2``), ``integer``,
``boolean`` (``true``/``false``), ``choice`` (one of ``values``) and ``list``
(an ordered list of distinct ``values``; on the command line comma-separated).
A nullable option also takes ``none`` (or ``null``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from fractions import Fraction
from typing import TypeGuard

from engine.base.errors import Diagnostic, Location, OptionError
from engine.base.i18n import _
from engine.base.jsontypes import JSON
from engine.base.suggestions import did_you_mean
from engine.language.yaml_loader import MAX_NUMBER_DIGITS, oversized_number_message, yaml_scalar_text

OPTION_TYPES = ("number", "integer", "boolean", "choice", "list")
_FRACTION = re.compile(r"^\s*[-+]?[0-9]+\s*/\s*[0-9]+\s*$")
_NUMBER = re.compile(r"^\s*[-+]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][-+]?[0-9]+)?\s*$")


# The smallest whole number written with more digits than a number may have.
_SMALLEST_TOO_LONG = 10**MAX_NUMBER_DIGITS


class OptionValueError(ValueError):
    """A value that does not fit an option's declaration (message already translated)."""


def parse_number(value: JSON) -> int | Fraction:
    """An exact number from an int, a Fraction, or text such as ``-5``, ``0.5`` or ``1/2``.

    Raises :class:`OptionValueError` for anything else (floats included: rules are exact).
    """
    if isinstance(value, bool):
        # TRANSLATORS: an error: a number was expected (an option's value, a number in a ruleset); {value} is what was
        # written, e.g. 'abc' or true.
        raise OptionValueError(_("expected a number, got {value}", value=option_value_text(value)))
    if isinstance(value, int):
        # Written as text the same number would be refused; a JSON integer (a log's options) has no limit of its own.
        oversized = oversized_number_message(str(value)) if abs(value) >= _SMALLEST_TOO_LONG else None
        if oversized is not None:
            raise OptionValueError(oversized)
        return value
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else value
    if isinstance(value, str) and (_FRACTION.match(value) or _NUMBER.match(value)):
        for part in value.split("/"):
            oversized = oversized_number_message(part.strip())
            if oversized is not None:
                raise OptionValueError(oversized)
        try:
            number = Fraction(value.replace(" ", ""))
        except ZeroDivisionError:
            # TRANSLATORS: an error: a fraction such as 3/0 given as a number (an option's value, a number in a
            # ruleset); {value} is it.
            raise OptionValueError(_("{value} divides by zero", value=option_value_text(value))) from None
        return int(number) if number.denominator == 1 else number
    raise OptionValueError(_("expected a number, got {value}", value=option_value_text(value)))


def option_value_text(value: JSON) -> str:
    """A value as a message shows it: text quoted, true/false/null as a file writes them."""
    text = repr(value) if isinstance(value, str) else yaml_scalar_text(value) or str(value)
    if isinstance(value, Fraction):
        text = str(value)
    return text if len(text) <= 60 else text[:59] + "…"


def coerce_option_value(name: str, definition: Mapping[str, JSON], value: JSON) -> JSON:
    """``value`` (text from ``-o`` or a value from YAML) checked and converted for the option ``name``.

    Raises :class:`OptionValueError` with a message listing what is valid.
    """
    kind = definition.get("type")
    allowed = list(definition.get("values") or [])
    nullable = bool(definition.get("nullable", False))
    if value is None or (isinstance(value, str) and value.strip().lower() in ("none", "null")):
        if nullable:
            return None
        # TRANSLATORS: an error: no value (none) given for an option that needs one; {name} is the option's name, given
        # with -o NAME=VALUE or in the ruleset; keep it.
        raise OptionValueError(_("option '{name}' cannot be none", name=name))
    if kind in ("number", "integer"):
        number = _option_number(name, kind, nullable, value)
        _within_declared_range(name, definition, number)
    if kind == "number":
        return number
    if kind == "integer":
        # Written as a count is anywhere in a ruleset: 2.0, 1e3 and 4/2 are refused there, so here too.
        if (
            not isinstance(number, int)
            or isinstance(value, Fraction)
            or (isinstance(value, str) and any(mark in value.lower() for mark in "./e"))
        ):
            shown = (
                f"{value.numerator}.0"
                if isinstance(value, Fraction) and value.denominator == 1
                else option_value_text(value)
            )
            # TRANSLATORS: an error about a value given with -o NAME=VALUE or in a ruleset: {name} is the option's name
            # (keep it), {value} what was written, e.g. 2.5.
            raise OptionValueError(_("option '{name}' expects a whole number, got {value}", name=name, value=shown))
        return number
    if kind == "boolean":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in ("true", "false"):
            return value.strip().lower() == "true"
        raise OptionValueError(
            # TRANSLATORS: an error about a value given with -o NAME=VALUE or in a ruleset; {name} is the option's name,
            # {value} what was written, e.g. 'yes'; keep true and false (what the player types).
            _("option '{name}' expects true or false, got {value}", name=name, value=option_value_text(value))
        )
    if kind == "choice":
        if isinstance(value, str):
            value = value.strip()
        if value not in allowed:
            raise OptionValueError(
                # TRANSLATORS: an error: a value a choice option does not allow; {hint} is empty or " (did you mean
                # 'x'?)"; {valid} lists the allowed values, e.g. "basic, advanced"; keep the names and values.
                _(
                    "option '{name}' cannot be {value}{hint}; valid values: {valid}",
                    name=name,
                    value=option_value_text(value),
                    hint=did_you_mean(str(value), allowed),
                    valid=", ".join(map(str, allowed)),
                )
            )
        return value
    if kind == "list":
        if isinstance(value, str):
            items = [item.strip() for item in value.split(",")] if value.strip() else []
        elif isinstance(value, (list, tuple)):
            items = list(value)
        else:
            raise OptionValueError(
                # TRANSLATORS: an error about a list option (comma-separated with -o NAME=VALUE); {name} is the option's
                # name (keep it), {value} what was given instead, e.g. 3.
                _("option '{name}' expects a list, got {value}", name=name, value=option_value_text(value))
            )
        for item in items:
            if item not in allowed:
                raise OptionValueError(
                    # TRANSLATORS: an error: a list option holds a value it does not allow; {value} is that item, {hint}
                    # empty or " (did you mean 'x'?)", {valid} the values allowed; keep the option's name and values.
                    _(
                        "option '{name}' cannot contain {value}{hint}; valid values: {valid}",
                        name=name,
                        value=option_value_text(item),
                        hint=did_you_mean(str(item), allowed),
                        valid=", ".join(map(str, allowed)),
                    )
                )
        duplicates = sorted({str(item) for item in items if items.count(item) > 1})
        if duplicates:
            raise OptionValueError(
                # TRANSLATORS: an error: a list option names the same value twice; {name} is the option's name, {value}
                # the repeated values, e.g. "red, blue"; keep them.
                _("option '{name}' lists {value} more than once", name=name, value=", ".join(duplicates))
            )
        return tuple(items)
    # TRANSLATORS: an error in a ruleset: an option declared under option-definitions has a `type` other than number,
    # integer, boolean, choice or list; {type} is what was written, e.g. 'decimal'.
    raise OptionValueError(_("option '{name}' has an unknown type {type}", name=name, type=option_value_text(kind)))


def declared_range(definition: Mapping[str, JSON]) -> tuple[int | Fraction | None, int | Fraction | None]:
    """The ``minimum`` and ``maximum`` a number option declares (``None`` where it declares none, or a bound that is
    no number: the ruleset's checks report that one)."""
    bounds: list[int | Fraction | None] = []
    for key in ("minimum", "maximum"):
        bound = definition.get(key)
        if isinstance(bound, bool) or not isinstance(bound, (int, Fraction, str)):
            bounds.append(None)
            continue
        try:
            bounds.append(_option_number(key, "number", False, bound))
        except OptionValueError:
            bounds.append(None)
    return bounds[0], bounds[1]


def _within_declared_range(name: str, definition: Mapping[str, JSON], number: int | Fraction) -> None:
    """Refuse a value outside the range the option declares (``minimum``, ``maximum``): ``validate`` tried the game
    at both ends, and no further."""
    low, high = declared_range(definition)
    if low is not None and number < low:
        # TRANSLATORS: an error: a value below the least an option declares (its `minimum`); {name} is the option's
        # name (keep it), {value} what was given, {minimum} the least value allowed.
        raise OptionValueError(
            _(
                "option '{name}' is at least {minimum}, not {value}",
                name=name,
                minimum=option_value_text(low),
                value=option_value_text(number),
            )
        )
    if high is not None and number > high:
        # TRANSLATORS: an error: a value above the most an option declares (its `maximum`); {name} is the option's
        # name (keep it), {value} what was given, {maximum} the most allowed.
        raise OptionValueError(
            _(
                "option '{name}' is at most {maximum}, not {value}",
                name=name,
                maximum=option_value_text(high),
                value=option_value_text(number),
            )
        )


def _option_number(name: str, kind: str, nullable: bool, value: JSON) -> int | Fraction:
    """``value`` as a number for the option ``name``: a message that is not a number names the option and what it takes.

    With several ``-o`` the bare "expected a number" does not say which one is meant, nor that ``none`` is allowed.
    """
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, Fraction, str))
        or (isinstance(value, str) and not (_FRACTION.match(value) or _NUMBER.match(value)))
    ):
        if kind == "integer":
            message = (
                # TRANSLATORS: an error about a value given with -o NAME=VALUE or in a ruleset; {name} is the option's
                # name (keep it), {value} what was written, e.g. 'many'; keep "none", which the player may type.
                _(
                    "option '{name}' expects a whole number or none, got {value}",
                    name=name,
                    value=option_value_text(value),
                )
                if nullable
                else _("option '{name}' expects a whole number, got {value}", name=name, value=option_value_text(value))
            )
        else:
            message = (
                # TRANSLATORS: an error about a value given with -o NAME=VALUE or in a ruleset; {name} is the option's
                # name (keep it), {value} what was written, e.g. 'many'; keep "none", which the player may type.
                _("option '{name}' expects a number or none, got {value}", name=name, value=option_value_text(value))
                if nullable
                # TRANSLATORS: an error about a value given with -o NAME=VALUE or in a ruleset; {name} is the option's
                # name (keep it), {value} what was written, e.g. 'many'.
                else _("option '{name}' expects a number, got {value}", name=name, value=option_value_text(value))
            )
        raise OptionValueError(message)
    return parse_number(value)  # too many digits or a division by zero keep their own messages


class LocatedOptions(dict[str, JSON]):
    """Option overrides that remember where each was written (a table's or a log's ``options``).

    A plain mapping of overrides is reported as given on the command line; one
    of these names the file, line and column of each value instead.
    """

    def __init__(self, values: Mapping[str, JSON], locations: Mapping[str, Location]) -> None:
        super().__init__(values)
        self.locations = dict(locations)


def effective_options(
    definitions: Mapping[str, Mapping[str, JSON]],
    edition_values: Mapping[str, JSON],
    overrides: Mapping[str, JSON] | None,
    *,
    edition_location: Location | None = None,
) -> dict[str, JSON]:
    """Every option's value: its default, then the edition's value, then the override.

    An unknown override or a bad value raises :class:`~engine.base.errors.OptionError`
    listing the valid options or values (all problems at once). The edition's
    own values are checked by :mod:`engine.language.semantic`, where they have a position.
    """
    values: dict[str, JSON] = {}
    for name, declared in definitions.items():
        raw = edition_values.get(name, declared.get("default"))
        try:
            values[name] = coerce_option_value(name, declared, raw)
        except OptionValueError:
            values[name] = raw  # semantic checks report it with its position
    problems: list[Diagnostic] = []
    # TRANSLATORS: stands where a file name would, for an option given with -o NAME=VALUE
    default_location = edition_location or (Location(_("command line")) if overrides else Location())
    located = getattr(overrides, "locations", {})
    for name, raw in (overrides or {}).items():
        location = located.get(name, default_location)
        definition = definitions.get(name)
        if definition is None:
            valid = ", ".join(sorted(definitions)) or "-"
            problems.append(
                Diagnostic(
                    location,
                    # TRANSLATORS: an error: an option name (in -o NAME=VALUE, a file's options) the ruleset does not
                    # declare; {hint} is empty or " (did you mean 'x'?)"; {valid} lists its options; keep the names.
                    _(
                        "unknown option '{name}'{hint}; valid options: {valid}",
                        name=name,
                        hint=did_you_mean(name, list(definitions)),
                        valid=valid,
                    ),
                )
            )
            continue
        try:
            values[name] = coerce_option_value(name, definition, raw)
        except OptionValueError as error:
            problems.append(Diagnostic(location, str(error)))
    if problems:
        raise OptionError(problems)
    return values


def is_option_reference(value: JSON) -> TypeGuard[Mapping[str, JSON]]:
    """True for ``{option: NAME}``, and for ``{option: NAME, map: {VALUE: WHAT}}`` (what each value stands for)."""
    return (
        isinstance(value, Mapping)
        and isinstance(value.get("option"), str)
        and (len(value) == 1 or (len(value) == 2 and isinstance(value.get("map"), Mapping)))
    )


def mapped_option_value(reference: Mapping[str, JSON], value: JSON) -> JSON:
    """What an option reference stands for when its option has ``value``: the value itself, or its ``map`` entry
    (keyed by the value as text: ``true``, ``false``, a choice's word, a number); KeyError when the map has none."""
    mapping = reference.get("map")
    if not isinstance(mapping, Mapping):
        return value
    key = ("true" if value else "false") if isinstance(value, bool) else str(value)
    return mapping[key]
