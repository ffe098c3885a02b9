"""Scoring a finished physical game from a table file (CONTRACTS.md, ``cardrules score``).

A table file names a ruleset and, per player in seat order, the status cards
they hold and the money left in their hand (a list of card values, or a
total). It is untrusted input: it is read with the project's safe YAML loader
(JSON is read the same way), checked against ``schemas/table.schema.json``
and then against the ruleset (unknown cards with a suggestion, a card held
twice or by two players, money the edition does not have, a player count the
ruleset does not allow). Every problem is a located
:class:`~engine.errors.TableError`.
"""
from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Mapping

import jsonschema

from .. import resources
from ..language import schema_check
from ..errors import CardrulesError, Diagnostic, Location, RulesetError, TableError
from ..text.formatting import format_list
from ..text.i18n import _
from ..result import Result
from ..language.options import LocatedOptions, close_match
from ..language.overlay import reference_target
from ..language.ruleset import Ruleset, load_ruleset, referenced_ruleset_problems
from ..scoring import score_players
from ..language.yaml_loader import Node, PositionIndex, json_path_child, load_yaml

MAX_REPORTED_PROBLEMS = 50


@dataclass(frozen=True)
class TablePlayer:
    """One seat of a physical game: name, status cards held, money total in hand (face units)."""

    name: str
    cards: tuple[str, ...]
    money: int


@dataclass(frozen=True)
class Table:
    """A finished physical game, checked against its ruleset and ready to score."""

    ruleset: Ruleset
    players: tuple[TablePlayer, ...]
    file: str

    def score(self) -> Result:
        """The result of the game under the table's ruleset."""
        return score_players(self.ruleset, [(p.name, list(p.cards), p.money) for p in self.players])


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """The table schema's validator, built once."""
    with open(resources.schema_path("table"), encoding="utf-8") as handle:
        return jsonschema.Draft202012Validator(json.load(handle))


class _Locator:
    """Turns JSON paths of the table into file, line and column."""

    def __init__(self, file: str, root: Node) -> None:
        self.file = file
        self.index = PositionIndex.of(root)

    def at(self, path: str, *, key: bool = False) -> Location:
        """Where the value (or with ``key``, the key) at ``path`` was written; unplaced if it was not."""
        position = self.index.key(path) if key else self.index.value(path)
        if position is None:
            return Location(self.file, None, None, path)
        return Location(self.file, position.line, position.column, path)


def load_table(path: str | os.PathLike, options: Mapping[str, Any] | None = None) -> Table:
    """Read, validate and check a table file; ``options`` (from ``-o``) win over the file's own."""
    file = str(path)
    try:
        root = load_yaml(Path(path), file)
    except RulesetError as error:
        # The loader reports for rulesets; the same problems in a table are table errors.
        raise TableError(list(error.diagnostics)) from None
    locate = _Locator(file, root)
    data = root.plain()
    schema_problems = schema_check.check_against(_validator(), root, data)
    if schema_problems:
        raise TableError(schema_problems[:MAX_REPORTED_PROBLEMS])
    ruleset = _load_table_ruleset(data, Path(path), options, locate)
    players = _check_players(ruleset, data["players"], locate)
    return Table(ruleset, players, file)


def _load_table_ruleset(data: Mapping[str, Any], path: Path, options: Mapping[str, Any] | None,
                        locate: _Locator) -> Ruleset:
    """The table's ruleset: a name, or a house-rule file relative to the table file.

    The table's own options are reported at the line where they were written;
    ``-o`` on the command line wins over them and is reported as such.
    """
    name = data["ruleset"]
    table_options = {key: value for key, value in (data.get("options") or {}).items()
                     if key not in (options or {})}
    effective = LocatedOptions({**table_options, **(options or {})},
                               {key: locate.at(json_path_child("$.options", key)) for key in table_options})
    target = reference_target(name, path, locate.file)
    try:
        return load_ruleset(target, effective or None)
    except CardrulesError as error:
        raise TableError(referenced_ruleset_problems(locate.at("$.ruleset"), name, error)) from None


def _suggestion(card_id: str, known: list[str]) -> str:
    """`` (did you mean card-3?)`` when a known id is close, else nothing."""
    close = close_match(str(card_id), known)
    return _(" (did you mean {card}?)", card=close[0]) if close else ""


def _reachable_totals(values: tuple[int, ...]) -> set[int]:
    """Every total a hand of one card of each value can make."""
    totals = {0}
    for value in values:
        totals |= {total + value for total in totals}
    return totals


def _check_players(ruleset: Ruleset, players: Mapping[str, Any], locate: _Locator) -> tuple[TablePlayer, ...]:
    """The seats, after checking every card and money value against the ruleset."""
    problems: list[Diagnostic] = []
    count = len(players)
    if not ruleset.players_min <= count <= ruleset.players_max:
        problems.append(Diagnostic(locate.at("$.players"), _(
            "{count} players, but this ruleset is for {low} to {high}",
            count=count, low=ruleset.players_min, high=ruleset.players_max)))
    known_cards = [card.id for card in ruleset.cards]
    holder: dict[str, str] = {}  # card id -> the first player listing it, across the whole table
    reachable = _reachable_totals(tuple(ruleset.money_values))
    seats = []
    for name, holdings in players.items():
        base = json_path_child("$.players", name)
        cards = list((holdings or {}).get("cards") or [])
        problems.extend(_card_problems(name, cards, json_path_child(base, "cards"), known_cards, holder, locate))
        total, money_problems = _money_total(ruleset, name, (holdings or {}).get("money", 0),
                                             json_path_child(base, "money"), reachable, locate)
        problems.extend(money_problems)
        seats.append(TablePlayer(name, tuple(cards), total))
    if problems:
        raise TableError(problems[:MAX_REPORTED_PROBLEMS])
    return tuple(seats)


def _card_problems(name: str, cards: list, path: str, known_cards: list[str], holder: dict[str, str],
                   locate: _Locator) -> list[Diagnostic]:
    """Unknown cards, and cards listed twice by one player or held by two (``holder`` records who has what)."""
    problems = []
    for index, card_id in enumerate(cards):
        where = locate.at(json_path_child(path, index))
        if card_id not in known_cards:
            problems.append(Diagnostic(where, _("unknown card {card}{suggestion}", card=card_id,
                                                suggestion=_suggestion(card_id, known_cards))))
        elif card_id in holder:
            if holder[card_id] == name:
                problems.append(Diagnostic(where, _("{player} lists {card} twice", player=name, card=card_id)))
            else:
                problems.append(Diagnostic(where, _("{card} is held by both {players}", card=card_id,
                                                    players=format_list([holder[card_id], name]))))
        else:
            holder[card_id] = name
    return problems


def _money_total(ruleset: Ruleset, name: str, money: Any, path: str, reachable: set,
                 locate: _Locator) -> tuple[Any, list[Diagnostic]]:
    """A player's money in hand, from a list of card values or a total, and what is wrong with it."""
    money_values = tuple(ruleset.money_values)
    problems = []
    if not isinstance(money, list):
        if money not in reachable:
            problems.append(Diagnostic(locate.at(path), _(
                "no hand of this edition's money cards adds up to {total}", total=money)))
        return money, problems
    seen: set[int] = set()
    for index, value in enumerate(money):
        where = locate.at(json_path_child(path, index))
        if value not in money_values:
            problems.append(Diagnostic(where, _(
                "there is no money card of {value}; this edition has {values}",
                value=value, values=", ".join(str(v) for v in money_values))))
        elif value in seen:
            problems.append(Diagnostic(where, _(
                "{player} lists the money card {value} twice, but each player has one of each",
                player=name, value=value)))
        seen.add(value)
    return sum(money), problems
