"""JSON Schema validation of ruleset trees, every error located where its value was written.

``schemas/ruleset.schema.json`` (Draft 2020-12) is run with
:class:`jsonschema.Draft202012Validator` and ``iter_errors``, so one run finds
every problem. Each error becomes a :class:`~engine.base.errors.Diagnostic` at the
offending value's position (for a misspelt key: the key's), with its JSON path
and a short translated message; values are never dumped whole, and misspelt
keys, kinds and names get a "did you mean" hint.
"""

from __future__ import annotations

import json
import re
import threading
import weakref
from collections.abc import Iterable
from fractions import Fraction
from functools import cache, lru_cache

import jsonschema
from jsonschema import Draft202012Validator

from engine.base import resources
from engine.base.errors import Diagnostic, Location, RulesetError
from engine.base.i18n import _, ngettext
from engine.base.jsontypes import JSON
from engine.base.suggestions import close_match, did_you_mean
from engine.language.params import WHOLE_KEY_PATTERN
from engine.language.yaml_loader import Node, PositionIndex, json_path_child, yaml_scalar_text

_lock = threading.RLock()
MAX_SHOWN = 40


@lru_cache(maxsize=1)
def ruleset_schema() -> dict[str, JSON]:
    """The ruleset JSON Schema shipped with the program."""
    path = resources.schema_path("ruleset")
    try:
        with open(path, encoding="utf-8") as handle:
            schema: dict[str, JSON] = json.load(handle)
            return schema
    except (OSError, ValueError) as error:
        # TRANSLATORS: an error: the program's own ruleset schema (a JSON file it ships) cannot be read, a broken
        # installation; {reason} is the system's message, e.g. "[Errno 2] No such file or directory".
        raise RulesetError.at(
            _("cannot read the ruleset schema: {reason}", reason=str(error)[:200]), file=str(path)
        ) from None


@cache
def _python_pattern(pattern: str) -> re.Pattern[str]:
    """A schema pattern (ECMA-262) as Python reads it: a final ``$`` ends the text, as it does in ECMA-262.

    Python's ``$`` also matches before a final newline, so ``"card-1\\n"``
    would pass ``^[a-z0-9-]*$`` and then name no card anywhere.
    """
    if pattern.endswith("$") and not pattern.endswith("\\$"):
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(
    validator: Draft202012Validator, pattern: str, instance: JSON, schema: JSON
) -> Iterable[jsonschema.ValidationError]:
    if validator.is_type(instance, "string") and _python_pattern(pattern).search(instance) is None:
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


def _kind_branches(branches: list[JSON]) -> dict[str, list[int]] | None:
    """The branches of an ``allOf`` by the ``kind`` their ``if`` asks for, when every branch is such a branch.

    The ruleset schema writes a block's own keys as ``allOf: [{if: {kind:
    const}, then: ...}, ...]``, one branch per kind, which standard tools
    read; asked in order, each block would be tried against every kind's
    ``if`` (some fifty), most of a validation's time.
    """
    found: dict[str, list[int]] = {}
    for index, branch in enumerate(branches):
        if not isinstance(branch, dict) or set(branch) - {"if", "then"}:
            return None
        condition = branch.get("if")
        if condition != {"properties": {"kind": {"const": _const_of(condition)}}, "required": ["kind"]}:
            return None
        found.setdefault(_const_of(condition), []).append(index)
    return found


def _const_of(condition: JSON) -> str:
    try:
        const = condition["properties"]["kind"]["const"]
    except (KeyError, TypeError):
        return ""
    return const if isinstance(const, str) else ""


# The branches by kind of each such allOf met (the schemas live as long as the program).
_by_kind: dict[int, tuple[list[JSON], dict[str, list[int]] | None]] = {}


def _all_of(
    validator: Draft202012Validator, branches: list[JSON], instance: JSON, schema: JSON
) -> Iterable[jsonschema.ValidationError]:
    """``allOf``, going straight to the branches whose ``if`` asks for the block's ``kind`` (the same errors as
    trying every branch: another kind's ``if`` fails, and a branch's ``then`` is all it could report)."""
    known = _by_kind.get(id(branches))
    if known is None or known[0] is not branches:
        known = (branches, _kind_branches(branches))
        _by_kind[id(branches)] = known
    by_kind = known[1]
    if by_kind is None or not isinstance(instance, dict):
        # Not kind branches, or not a block: the standard reading (an `if` on properties holds for a non-object).
        indexes: Iterable[int] = range(len(branches))
    else:
        kind = instance.get("kind")
        indexes = by_kind.get(kind, ()) if isinstance(kind, str) else ()
    for index in indexes:
        yield from validator.descend(instance, branches[index], schema_path=index)


# The validator of every schema the program checks files against (rulesets, logs, tables).
SchemaValidator = jsonschema.validators.extend(Draft202012Validator, {"pattern": _pattern, "allOf": _all_of})


@lru_cache(maxsize=1)
def _validator() -> Draft202012Validator:
    # The schema itself is checked against the metaschema by the test suite, not at every start.
    return SchemaValidator(ruleset_schema())


# Parsed files are cached (engine.language.ruleset.cached_yaml), so a parent shared by
# several editions is checked once per process, not once per edition.
_file_results: weakref.WeakKeyDictionary[Node, list[Diagnostic]] = weakref.WeakKeyDictionary()


def check_file(tree: Node) -> list[Diagnostic]:
    """Schema problems of one file as written (an overlay with ``extends`` may be partial)."""
    with _lock:
        cached = _file_results.get(tree)
    if cached is not None:
        return list(cached)
    diagnostics = _check(tree, tree.plain())
    with _lock:
        _file_results[tree] = diagnostics
    return list(diagnostics)


def check_merged(tree: Node) -> list[Diagnostic]:
    """Schema problems of a merged chain, checked as a complete ruleset."""
    data = tree.plain()
    data.pop("extends", None)
    return _check(tree, data)


def _check(tree: Node, data: JSON) -> list[Diagnostic]:
    return check_against(_validator(), tree, data)


def check_against(validator: Draft202012Validator, tree: Node, data: JSON) -> list[Diagnostic]:
    """Every problem ``validator`` finds in ``data`` (the plain value of ``tree``), located and worded.

    Used for rulesets and for the other files read with the YAML loader (tables).
    """
    index = PositionIndex.of(tree)
    with _lock:  # validators are not documented as thread-safe
        errors = list(validator.iter_errors(data))
    diagnostics = _worded(errors, index, data)
    diagnostics.sort(key=lambda d: (d.location.file or "", d.location.line or 0, d.location.column or 0, d.message))
    return diagnostics


# Rules about a value's size or form, which a value of the wrong type breaks only as a consequence.
_RANGE_RULES = frozenset(
    {"maximum", "minimum", "exclusiveMaximum", "exclusiveMinimum", "multipleOf", "maxLength", "minLength", "pattern"}
)


def _one_per_value(errors: list[jsonschema.ValidationError]) -> list[jsonschema.ValidationError]:
    """A value of the wrong type is one mistake: its size or form is not reported as another (1e30 for a count)."""
    mistyped = {tuple(error.absolute_path) for error in errors if error.validator == "type"}
    if not mistyped:
        return errors
    return [
        error for error in errors if not (error.validator in _RANGE_RULES and tuple(error.absolute_path) in mistyped)
    ]


Misspellings = dict[tuple[tuple[str | int, ...], str], str]


def _misspellings(errors: list[jsonschema.ValidationError]) -> Misspellings:
    """The keys written in place of required keys (``acton`` for ``action``), by (mapping's path, required key).

    A misspelt required key is one mistake, but breaks two rules: the key is
    missing, and the misspelling is a key the mapping does not take. Told as
    "unknown key 'acton' (did you mean 'action'?)" at the misspelling, it is
    one problem, placed where the fix is. A key is taken for a misspelling of
    the missing one when that is the nearest of the keys the requiring schema
    declares, and the key is itself wrong there: that schema declares other
    keys but not this one, or another error is about the key or its value
    (a key the mapping does take is never blamed for a missing one: an end
    condition's ``id`` is no misspelling of its missing ``kind``).
    """
    flagged: set[tuple[str | int, ...]] = set()
    for error in errors:
        path = tuple(error.absolute_path)
        flagged.add(path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            flagged.update((*path, key) for key in error.instance)
        elif "propertyNames" in list(error.schema_path):
            flagged.add((*path, error.instance))
    found: Misspellings = {}
    for error in errors:
        if error.validator != "required" or not isinstance(error.instance, dict):
            continue
        schema = error.schema if isinstance(error.schema, dict) else {}
        properties = set(schema.get("properties", {}))
        patterns = list(schema.get("patternProperties", {}))
        path = tuple(error.absolute_path)
        for missing in error.validator_value:
            if not isinstance(missing, str) or missing in error.instance:
                continue
            for key in error.instance:
                if not isinstance(key, str) or key in properties or any(re.search(p, key) for p in patterns):
                    continue
                wrong_here = bool(properties) or any(f[: len(path) + 1] == (*path, key) for f in flagged)
                if wrong_here and close_match(key, sorted(properties | {missing})) == [missing]:
                    found[(path, missing)] = key
                    break
    return found


def _without_misspelt_values(
    errors: list[jsonschema.ValidationError], misspelt: Misspellings
) -> list[jsonschema.ValidationError]:
    """The errors, less those about the value of a misspelt key: the fix is the key's name, not its value
    (``card: [5]`` for a bid's ``cards: [5]`` is not to be made a text)."""
    paths = {(*path, key) for (path, _missing), key in misspelt.items()}
    return [error for error in errors if not any(tuple(error.absolute_path)[: len(path)] == path for path in paths)]


def _worded(
    errors: Iterable[jsonschema.ValidationError], index: PositionIndex | _NoPositions, data: JSON
) -> list[Diagnostic]:
    """The leaf errors of ``errors`` worded, each mistake once."""
    leaves = _leaf_errors(errors)
    misspelt = _misspellings(leaves)
    return _once_each(
        [
            (error, _diagnose(error, index, data, misspelt))
            for error in _one_per_value(_without_misspelt_values(leaves, misspelt))
        ]
    )


def _once_each(found: list[tuple[jsonschema.ValidationError, list[Diagnostic]]]) -> list[Diagnostic]:
    """Each mistake told once.

    A "required" error names every missing key, once per key: each is said
    once. A key a block does not take breaks two rules (the block's list of
    parameters and "no other keys"): the block's, which names the parameters,
    is the one said.
    """
    by_parameters = {
        diagnostic.location
        for error, diagnostics in found
        if "propertyNames" in list(error.schema_path)
        for diagnostic in diagnostics
    }
    result: list[Diagnostic] = []
    seen: set[Diagnostic] = set()
    for error, diagnostics in found:
        for diagnostic in diagnostics:
            # A misspelt required key is said at the key, by the "required" error too (see _misspellings).
            if error.validator in ("additionalProperties", "required") and diagnostic.location in by_parameters:
                continue
            if diagnostic not in seen:
                seen.add(diagnostic)
                result.append(diagnostic)
    return result


class _NoPositions:
    """A position index that knows no positions: for data not read with the YAML loader."""

    def value(self, path: str) -> None:
        return None

    def key(self, path: str) -> None:
        return None


def worded_errors(errors: Iterable[jsonschema.ValidationError], data: JSON) -> list[Diagnostic]:
    """``errors`` found in ``data`` worded in the reader's language, each placed only by its JSON path.

    For data read some other way (game logs are JSON read with positions of
    their own); the caller turns each JSON path into a line and column.
    """
    return _worded(errors, _NoPositions(), data)


def _leaf_errors(errors: Iterable[jsonschema.ValidationError]) -> list[jsonschema.ValidationError]:
    """The errors worth showing: an anyOf is replaced by its best branch when it has one."""
    result = []
    for error in errors:
        if error.validator in ("anyOf", "oneOf") and error.context:
            if error.schema.get("x-expected"):
                result.append(error)
                continue
            if _is_option_reference_choice(error):
                # A mapping that names no option was meant as the other alternative (a count by players):
                # what is wrong inside it is told there. Anything else: "expected ... or {option: NAME}".
                meant = _the_alternative_to_a_reference(error)
                result.extend(_leaf_errors([meant]) if meant is not None else [error])
                continue
            # The alternative of the value's own type says what is wrong with it (a count too large is
            # "too large", not "expected a mapping"); jsonschema's best match may pick another.
            best = _branch_of_the_right_type(error) or jsonschema.exceptions.best_match(error.context)
            result.extend(_leaf_errors([best]) if best is not None else [error])
        elif error.validator in ("allOf", "then", "if") and error.context:
            result.extend(_leaf_errors(error.context))
        else:
            result.append(error)
    return result


def _is_option_reference(branch: JSON) -> bool:
    """Whether an alternative of an ``anyOf`` is the option reference (``{option: NAME}``)."""
    return isinstance(branch, dict) and branch.get("$ref") == "#/$defs/option-reference"


def _is_option_reference_choice(error: jsonschema.ValidationError) -> bool:
    return any(_is_option_reference(branch) for branch in error.schema.get("anyOf", []))


def _the_alternative_to_a_reference(error: jsonschema.ValidationError) -> jsonschema.ValidationError | None:
    """The error of the one alternative that is not an option reference, when the value is a mapping without
    ``option``; None otherwise."""
    if not isinstance(error.instance, dict) or "option" in error.instance:
        return None
    branches = error.schema.get("anyOf", [])
    others = {index for index, branch in enumerate(branches) if not _is_option_reference(branch)}
    if len(others) != 1:
        return None
    errors = [sub for sub in error.context or () if sub.relative_schema_path and sub.relative_schema_path[0] in others]
    return errors[0] if errors else None


def _path_of(parts: Iterable[str | int]) -> str:
    path = "$"
    for part in parts:
        path = json_path_child(path, part)
    return path


def short(value: JSON) -> str:
    """A value as shown in a message, cut short so a huge value is never printed whole."""
    if isinstance(value, dict):
        text = "{" + ", ".join(str(k) for k in list(value)[:5]) + (", …}" if len(value) > 5 else "}")
    elif isinstance(value, list):
        # TRANSLATORS: how a value found in a file is shown in a message, e.g. "a list of 3 items".
        text = ngettext("a list of {n} item", "a list of {n} items", len(value))
    elif isinstance(value, str):
        text = repr(value)
    elif isinstance(value, Fraction):
        text = _decimal_text(value)
    else:
        text = yaml_scalar_text(value) or str(value)
    return text if len(text) <= MAX_SHOWN else text[: MAX_SHOWN - 1] + "…"


def _decimal_text(value: Fraction) -> str:
    """A number the loader read from decimal text (``1.25``, ``1000.0``, ``1e3``), written back as a decimal.

    Such a number always has a finite decimal form. ``str`` would give ``5/4``,
    which is not what the reader wrote; a whole one keeps its ``.0`` so that a
    message refusing it as "not a whole number" shows why.
    """
    digits = 0
    while (value * 10**digits).denominator != 1:
        digits += 1
        if digits > 60:  # not from decimal text after all: fall back to the exact fraction
            return str(value)
    scaled = abs(value * 10 ** max(digits, 1)).numerator
    whole, fraction = divmod(scaled, 10 ** max(digits, 1))
    sign = "-" if value < 0 else ""
    return f"{sign}{whole}.{fraction:0{max(digits, 1)}d}"


def _type_name(schema_type: JSON) -> str:
    # Kinds of value expected in a file, as in "expected a mapping, got 3".
    names = {
        # TRANSLATORS: a kind of value expected in a file (keys and values), in "expected a mapping, got ...".
        "object": _("a mapping"),
        # TRANSLATORS: a kind of value expected in a file, in "expected a list, got ...".
        "array": _("a list"),
        # TRANSLATORS: a kind of value expected in a file, in "expected text, got ...".
        "string": _("text"),
        # TRANSLATORS: a kind of value expected in a file, in "expected a whole number, got ...".
        "integer": _("a whole number"),
        # TRANSLATORS: a kind of value expected in a file, in "expected a number, got ...".
        "number": _("a number"),
        # TRANSLATORS: a kind of value expected in a file, in "expected true or false, got ...".
        "boolean": _("true or false"),
        # TRANSLATORS: a kind of value expected in a file (YAML null); usually left as is.
        "null": _("null"),
    }
    if isinstance(schema_type, list):
        # TRANSLATORS: joins alternatives such as "text or a whole number"
        return _(" or ").join(names.get(t, str(t)) for t in schema_type)
    return names.get(schema_type, str(schema_type))


def _describe(schema: JSON) -> list[str]:
    """What a (sub)schema accepts, in words, one entry per alternative."""
    if not isinstance(schema, dict):
        return []
    reference = schema.get("$ref")
    if reference == "#/$defs/exact-number" or schema.get("x-expected") == "number":
        # TRANSLATORS: what a value in a file may be, in "expected ..., got ..."; rulesets write exact numbers, so keep
        # the examples.
        return [_("a number (such as 3, -5, 0.5 or 1/2)")]
    if reference == "#/$defs/option-reference":
        return ["{option: NAME}"]
    if "anyOf" in schema:
        return [text for branch in schema["anyOf"] for text in _describe(branch)]
    if "enum" in schema:
        # TRANSLATORS: what a value in a file may be, e.g. "one of red, blue".
        return [_("one of {values}", values=", ".join(map(str, schema["enum"])))]
    if "type" in schema:
        return [_type_name(schema["type"])]
    return []


def _expected_text(schema: dict[str, JSON]) -> str:
    # TRANSLATORS: what is expected when no better description exists, in "expected another value, got ...".
    alternatively = _("another value")
    # TRANSLATORS: joins alternatives such as "text or a whole number"
    return _(" or ").join(_describe(schema)) or alternatively


def _branch_of_the_right_type(error: jsonschema.ValidationError) -> jsonschema.ValidationError | None:
    """The error of the one alternative of an ``anyOf`` whose type the value has; None if not exactly one.

    Alternatives nest (a count is a number or a table, and either may be an
    option): an alternative that is itself an ``anyOf`` fits when one of its
    own alternatives does.
    """
    by_branch: dict[JSON, list[jsonschema.ValidationError]] = {}
    for sub in error.context or ():
        if sub.relative_schema_path:
            by_branch.setdefault(sub.relative_schema_path[0], []).append(sub)
    fitting = []
    for errors in by_branch.values():
        here = [sub for sub in errors if not sub.relative_path]  # errors about the value itself
        # A pattern tells texts apart (a name, a fraction written as text): failing it is no better a
        # fit than a wrong type, and "expected ..." names what would do.
        if any(sub.validator in ("type", "$ref", "pattern") for sub in here):
            continue
        # A fixed word ("none") is no fit for a number either: -1 for a cost breaks the number's minimum.
        if any(
            sub.validator in ("const", "enum") and not _same_kind(sub.instance, sub.validator_value) for sub in here
        ):
            continue
        nested = [sub for sub in here if sub.validator in ("anyOf", "oneOf")]
        if nested:
            inner = _branch_of_the_right_type(nested[0])
            if inner is not None:
                fitting.append(inner)
            continue
        fitting.append(errors[0])
    return fitting[0] if len(fitting) == 1 else None


def _same_kind(value: JSON, expected: JSON) -> bool:
    """Whether ``value`` is of the kind of the fixed value (or of one of the listed values) a schema expects."""
    choices = expected if isinstance(expected, list) else [expected]
    return any(
        isinstance(value, str) == isinstance(choice, str) and isinstance(value, bool) == isinstance(choice, bool)
        for choice in choices
    )


def _value_at(data: JSON, parts: Iterable[str | int]) -> JSON:
    for part in parts:
        try:
            data = data[part]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _diagnose(
    error: jsonschema.ValidationError,
    index: PositionIndex | _NoPositions,
    data: JSON,
    misspelt: Misspellings | None = None,
) -> list[Diagnostic]:
    path = _path_of(error.absolute_path)
    position = index.value(path)

    def at(message: str, where_path: str = path, key: bool = False) -> Diagnostic:
        where = index.key(where_path) if key else index.value(where_path)
        where = where or position
        location = where.location(where_path) if where else None

        return Diagnostic(location or Location(json_path=where_path), message)

    validator = error.validator
    schema = error.schema if isinstance(error.schema, dict) else {}
    instance = error.instance
    if validator == "additionalProperties" and isinstance(instance, dict):
        allowed = list(schema.get("properties", {}))
        extras = [
            key
            for key in instance
            if key not in allowed
            and not any(__import__("re").search(p, key) for p in schema.get("patternProperties", {}))
        ]
        return [
            at(
                # TRANSLATORS: an error in a file (a ruleset or a table): a key that is not allowed here; {key} is the
                # key as written; {hint} is empty or " (did you mean 'x'?)".
                _(
                    "unknown key '{key}'{hint}",
                    key=short(key)[1:-1] if isinstance(key, str) else key,
                    hint=did_you_mean(key, allowed),
                ),
                json_path_child(path, key),
                key=True,
            )
            for key in extras
        ]
    if "propertyNames" in list(error.schema_path):
        # jsonschema checks a key name as if it were a value at its mapping's path.
        name = instance
        key_path = json_path_child(path, name) if isinstance(name, str) else path
        if validator == "enum":
            owner = _value_at(data, error.absolute_path)
            kind = owner.get("kind") if isinstance(owner, dict) else None
            valid = [
                k for k in error.validator_value if not k.startswith("$") and k not in ("id", "kind", "description")
            ]
            return [
                at(
                    # TRANSLATORS: an error in a ruleset: a step has a key its kind (e.g. 'draw') does not take; {hint}
                    # is empty or " (did you mean 'x'?)"; {valid} lists the kind's parameters; keep the names.
                    _(
                        "'{key}' is not a parameter of kind '{kind}'{hint}; its parameters: {valid}",
                        key=str(name)[:40],
                        kind=str(kind)[:40],
                        hint=did_you_mean(str(name), valid),
                        valid=", ".join(valid) or "-",
                    ),
                    key_path,
                    key=True,
                )
            ]
        if validator == "pattern" and error.validator_value == WHOLE_KEY_PATTERN:
            return [
                at(
                    # TRANSLATORS: a key that must be a whole number (a number of players, a table's threshold).
                    _("{value} is not a whole number written in digits, without leading zeros", value=short(name)),
                    key_path,
                    key=True,
                )
            ]
        if validator == "pattern":
            return [
                at(
                    # TRANSLATORS: an error in a file (a ruleset or a table): an id (a key or a value) is not a valid
                    # name; {value} is it, quoted, e.g. 'Red_Card'.
                    _("{value} is not a valid name: use lowercase letters, digits and hyphens", value=short(name)),
                    key_path,
                    key=True,
                )
            ]
        if validator == "minLength":
            # TRANSLATORS: an error in a file (a ruleset or a table): an empty key, where a name (an id) is expected.
            return [at(_("a name must not be empty"), key_path, key=True)]
        # TRANSLATORS: a name (a key in the file) longer than allowed; {limit} counts characters
        return [
            at(
                _(
                    "the name '{key}' is too long (at most {limit} characters)",
                    key=str(name)[:40],
                    limit=error.validator_value,
                ),
                key_path,
                key=True,
            )
        ]
    if validator == "required":
        missing = error.validator_value
        missing = [m for m in missing if isinstance(instance, dict) and m not in instance]
        told = []
        for key in missing:
            written = (misspelt or {}).get((tuple(error.absolute_path), key))
            if written is None:
                # TRANSLATORS: an error in a file (a ruleset or a table): a key that must be written is missing; {key}
                # is it, e.g. "cards"; keep it as written.
                told.append(at(_("missing required key '{key}'", key=key)))
            else:  # the same words as the "unknown key" error of a mapping that takes no other keys
                told.append(
                    at(
                        _("unknown key '{key}'{hint}", key=short(written)[1:-1], hint=did_you_mean(written, [key])),
                        json_path_child(path, written),
                        key=True,
                    )
                )
        return told
    if validator == "enum":
        valid = [str(v) for v in error.validator_value]
        return [
            at(
                # TRANSLATORS: an error in a file (a ruleset or a table): a value not allowed, e.g. 'bigger'; {valid}
                # lists the allowed values (keep them); {hint} is empty or " (did you mean 'x'?)".
                _(
                    "{value} is not one of {valid}{hint}",
                    value=short(instance),
                    valid=", ".join(valid),
                    hint=did_you_mean(str(instance), valid),
                )
            )
        ]
    if validator == "const":
        # TRANSLATORS: a value in a file must be exactly {value}.
        return [at(_("must be {value}", value=short(error.validator_value)))]
    if validator == "type":
        return [
            at(_("expected {expected}, got {value}", expected=_type_name(error.validator_value), value=short(instance)))
        ]
    if validator in ("anyOf", "oneOf"):
        fitting = _branch_of_the_right_type(error)
        if fitting is not None:
            # 0 where a count from 1 or an option is expected: "too small" says more than "expected ...".
            return _diagnose(fitting, index, data, misspelt)
        return [at(_("expected {expected}, got {value}", expected=_expected_text(schema), value=short(instance)))]
    if validator == "pattern":
        return [at(_("{value} is not a valid name: use lowercase letters, digits and hyphens", value=short(instance)))]
    if validator == "minimum":
        return [
            at(
                # TRANSLATORS: an error in a file (a ruleset or a table): a number below the allowed minimum, e.g. "0 is
                # too small: the least allowed is 1".
                _(
                    "{value} is too small: the least allowed is {limit}",
                    value=short(instance),
                    limit=error.validator_value,
                )
            )
        ]
    if validator == "maximum":
        return [
            at(
                # TRANSLATORS: an error in a file (a ruleset or a table): a number above the allowed maximum, e.g. "12
                # is too large: the most allowed is 10".
                _(
                    "{value} is too large: the most allowed is {limit}",
                    value=short(instance),
                    limit=error.validator_value,
                )
            )
        ]
    if validator == "maxLength":
        # TRANSLATORS: a text in a file longer than allowed; {limit} counts characters.
        return [at(_("is too long (at most {limit} characters)", limit=error.validator_value))]
    if validator in ("minItems", "minLength", "minProperties"):
        # TRANSLATORS: a list, text or mapping in a file that may not be empty.
        return [at(_("must not be empty"))]
    if validator in ("maxItems", "maxProperties"):
        return [at(_("has too many entries (at most {limit})", limit=error.validator_value))]
    if validator == "uniqueItems":
        # TRANSLATORS: an error in a file (a ruleset or a table): a list that must not repeat an entry repeats one.
        return [at(_("lists the same entry more than once"))]
    # TRANSLATORS: an error in a file (a ruleset or a table): a value that fits no rule, when no more precise message
    # applies; {value} is it, e.g. 'abc' or "a list of 3 items".
    return [at(_("invalid value {value}", value=short(instance)))]
