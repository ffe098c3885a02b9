"""Scoring a finished physical game from a table file (``cardrules score``).

A table file names a ruleset and, per player in seat order, what they hold at
the end, field by field as the ruleset's ``table`` section declares: each
field fills a player zone (``as: ids``: card ids; ``as: values``: cards named
by their value, or a total; ``as: counts``: a count per card type, or a total;
``as: count``: a number of cards) or gives a measure's total: an auction game's
fields may be ``cards`` and ``money``, a trading game's ``coins`` and ``hand``.

It is untrusted input: it is read with the project's safe YAML loader (JSON
is read the same way), checked against ``schemas/table.schema.json`` and then
against the ruleset (unknown cards with a suggestion, a card held more often
than the game has it, more cards at the table than the game has, values the
edition does not have, a total no hand can make, a player count the ruleset
does not allow). Every problem is a located :class:`~engine.base.errors.TableError`.
"""

from __future__ import annotations

import json
import os
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any

import jsonschema

from engine.base import resources
from engine.base.errors import CardrulesError, Diagnostic, Location, RulesetError, TableError
from engine.base.formatting import card_name, format_list, language_name, measure_name, ruleset_text, zone_name
from engine.base.i18n import _, available_languages, current_language, in_language, ngettext
from engine.base.suggestions import close_match, listed
from engine.core.cards import copies_for
from engine.core.game import Game
from engine.core.measures import through_table
from engine.core.result import Result
from engine.core.scoring import Holdings, Scoring
from engine.core.selectors import card_selector
from engine.families.catalog import load_ruleset
from engine.families.common.front.player_input import normalize_input
from engine.language import schema_check
from engine.language.block_walk import blocks_of
from engine.language.expression_scoring import ExpressionScoring
from engine.language.expressions.worlds import HeldWorld
from engine.language.options import LocatedOptions
from engine.language.overlay import reference_target
from engine.language.ruleset import Ruleset, referenced_ruleset_problems
from engine.language.yaml_loader import Node, PositionIndex, json_path_child, load_yaml

MAX_REPORTED_PROBLEMS = 50


@dataclass(frozen=True)
class TablePlayer:
    """One seat of a physical game: its name, the card ids each zone holds, and measure totals given as numbers."""

    name: str
    zones: Mapping[str, tuple[str, ...]]
    totals: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    # Cards given only as a number, by zone (``bank: 13``): they count wherever a measure counts that zone's cards
    # whatever their types (the interest on a Bank), as they would had their types been given.
    untyped: Mapping[str, int] = field(default_factory=lambda: MappingProxyType({}))
    # The selector of the field that gave each such number (its cards are of those the field may hold).
    untyped_cards: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))


@dataclass(frozen=True)
class Table:
    """A finished physical game, checked against its ruleset and ready to score."""

    ruleset: Ruleset
    players: tuple[TablePlayer, ...]
    file: str
    # The start player's seat (``start: NAME``), for a tiebreak by seat.
    start: int | None = None

    def holdings(self) -> list[Holdings]:
        """Every seat's holdings, as the scoring pipeline takes them."""
        return [holdings_of(self.ruleset, player) for player in self.players]

    def score(self) -> Result:
        """The result of the game under the table's ruleset (its score expressions, when it writes them)."""
        if self.ruleset.scored_by_expressions:
            return _scored_by_expressions(self.ruleset, self.players)
        return Scoring(self.ruleset).score(self.holdings(), start=self.start)


def _scored_by_expressions(ruleset: Ruleset, players: Sequence[TablePlayer]) -> Result:
    """A table scored by the ruleset's expressions: its zones and the counters its measures' totals give."""
    game = Game(ruleset, [player.name for player in players])
    formula = ExpressionScoring(ruleset, game)
    types = ruleset.cards
    type_index = {card.id: index for index, card in enumerate(types)}
    ids_by_zone: dict[tuple[int, int], tuple[str, ...]] = {}
    cards_by_zone: dict[tuple[int, int], tuple[int, ...]] = {}
    counters: dict[tuple[int, int], Any] = {}
    for seat, player in enumerate(players):
        for zone, card_ids in player.zones.items():
            ids_by_zone[(game.zone_index(zone), seat)] = card_ids
            # A held card is no numbered card of a game: it stands for its type, as -1 - the type's index.
            cards_by_zone[(game.zone_index(zone), seat)] = tuple(-1 - type_index[card] for card in card_ids)
        for spec in ruleset.measures:
            if spec.counter and spec.id in player.totals:
                counters[(game.counter_index[spec.counter], seat)] = player.totals[spec.id]
    world = HeldWorld(types, len(players), cards_by_zone, counters)
    holdings = [holdings_of(ruleset, player) for player in players]
    return formula.result_in(
        world,
        [player.name for player in players],
        lambda zone_index, seat: ids_by_zone.get((zone_index, seat), ()),
        lambda seat: holdings[seat].measures,
    )


# The largest number a table's field may give (no table holds more chips or tokens than this).
MOST_OF_A_NUMBER = 1_000_000


def holdings_of(ruleset: Ruleset, player: TablePlayer) -> Holdings:
    """A table seat's holdings: scored cards from the scored zones, measures from zones or the totals given."""
    cards: tuple[str, ...] = ()
    for zone in ruleset.scored_zones:
        cards += tuple(player.zones.get(zone, ()))
    measures = {}
    for spec in ruleset.measures:
        if spec.id in player.totals:
            measures[spec.id] = player.totals[spec.id]
        else:
            measures[spec.id] = measure_of_cards(ruleset, spec, player.zones, player.untyped, player.untyped_cards)
    return Holdings(player.name, cards, measures, MappingProxyType(dict(player.zones)))


def measure_of_cards(
    ruleset: Ruleset,
    spec: Any,
    zones: Mapping[str, tuple[str, ...]],
    untyped: Mapping[str, int] | None = None,
    untyped_cards: Mapping[str, Any] | None = None,
) -> Any:
    """A measure worked out from the card ids of a player's zones (a counter counts as 0 on a table), and the
    cards given as a number (``untyped``, by zone; ``untyped_cards``: the selector of the field that gave them),
    which a count of those cards counts."""

    if spec.kind == "counter":
        return through_table(spec, 0, lambda kind: _modifiers_held(ruleset, zones, kind))
    matches = card_selector(spec.cards)
    total: Any = 0
    seen = set()
    for zone in spec.zones:
        if untyped and zone in untyped and counts_untyped(spec, (untyped_cards or {}).get(zone)):
            total += untyped[zone]
    for zone in spec.zones:
        for card_id in zones.get(zone, ()):
            card = ruleset.card(card_id)
            if not matches(card):
                continue
            if spec.kind == "sum":
                value = card.attributes.get(spec.attribute, 0)
                total += int(value) if value.denominator == 1 else value
            elif spec.distinct:
                seen.add(card_id)
            else:
                total += 1
    if spec.distinct:
        total = len(seen)
    return through_table(spec, total, lambda kind: _modifiers_held(ruleset, zones, kind))


def normalized_name(text: str) -> str:
    """A name as compared when a table names a card: full-width and half-width alike, hiragana and katakana
    alike (as the prompts read them: ``ソラマメ`` is ``そらまめ``), case and spaces ignored (``財産９`` is
    ``財産 9``)."""
    return "".join(normalize_input(unicodedata.normalize("NFKC", text).casefold()).split())


def card_names(ruleset: Ruleset) -> dict[str, str | tuple[str, ...]]:
    """Each name a card is shown by, normalized, with the card's id (or the ids of every card that shares it).

    A card's name with its value as the screen shows it (``Possession 3``,
    ``宝石 3``), its name alone, in the language of the output and as the
    ruleset writes it: a table written from what the players saw needs no ids.
    """
    found: dict[str, set[str]] = {}
    for card in ruleset.cards:
        value = (card.attributes or {}).get("value")
        plain = [card.name] if value is None else [card.name, f"{card.name} {value}"]
        for name in (*plain, card_name(ruleset, card.id), ruleset_text(ruleset, card.name)):
            found.setdefault(normalized_name(name), set()).add(card.id)
    return {name: next(iter(ids)) if len(ids) == 1 else tuple(sorted(ids)) for name, ids in found.items()}


def scored_measures(ruleset: Ruleset) -> set[str]:
    """The measures the score depends on: those the scoring steps, the elimination and the tiebreak criteria
    name (a measure only shown, such as the kinds of coins held, may stay unknown on a table)."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, Mapping):
            for key, item in value.items():
                if key == "measure" and isinstance(item, str):
                    found.add(item)
                else:
                    walk(item)
        elif isinstance(value, (list, tuple)):
            for item in value:
                walk(item)

    walk(ruleset.data.get("scoring"))
    walk(ruleset.data.get("tiebreak-criteria"))
    return found


def counts_untyped(spec: Any, given: Any) -> bool:
    """Whether a measure counts cards given only as a number by a field whose selector is ``given``: a count, not
    of distinct types, of every card or of the very cards the field holds. A sum of values, a count of distinct
    types or of some of the field's cards needs their types."""
    return spec.kind == "count" and not spec.distinct and (not spec.cards or spec.cards == given)


def zone_requirements(ruleset: Ruleset) -> dict[str, frozenset[str]]:
    """The player zones that hold cards only when the player holds one of some cards, with those cards' ids.

    A zone with no tags (no step fills it by tag) that every step moving cards
    into it (``to``) fills only where a ``grant`` allows it (``granted-by``):
    the cards whose ``grant`` modifier gives one of those grants. A ``closed``
    zone that no ``open-zones`` step opens: the cards whose ``on-take`` opens it.
    """
    found = ruleset.__dict__.get("_table_zone_requirements")
    if found is not None:
        return found  # type: ignore[no-any-return]
    grants_into: dict[str, set[str | None]] = {}
    opened_by_steps: set[str] = set()
    for _category, _path, spec in blocks_of(ruleset.data):
        if not isinstance(spec, Mapping):
            continue
        if spec.get("kind") == "open-zones":
            opened_by_steps.update(zone for zone in spec.get("zones") or () if isinstance(zone, str))
        if isinstance(spec.get("to"), str):
            grants_into.setdefault(spec["to"], set()).add(spec.get("granted-by"))
    requirements: dict[str, frozenset[str]] = {}
    for zone in ruleset.zones:
        if zone.owner != "player":
            continue
        grants = grants_into.get(zone.id, set())
        if grants and None not in grants and not zone.tags:
            requirements[zone.id] = frozenset(
                card.id
                for card in ruleset.cards
                for modifier in card.spec.get("modifiers") or ()
                if modifier.get("kind") == "grant" and modifier.get("grant") in grants
            )
        elif zone.starts_closed and zone.id not in opened_by_steps:
            requirements[zone.id] = frozenset(
                card.id
                for card in ruleset.cards
                if isinstance(card.spec.get("on-take"), Mapping)
                and card.spec["on-take"].get("kind") == "open-zone"
                and card.spec["on-take"].get("zone") == zone.id
            )
    ruleset.__dict__["_table_zone_requirements"] = requirements
    return requirements


def _modifiers_held(ruleset: Ruleset, zones: Mapping[str, tuple[str, ...]], kind: str) -> list[Mapping[str, Any]]:
    """The modifiers of ``kind`` the cards of a table seat's zones apply (each card in its ``while-in`` zone)."""
    found = []
    for zone_id, card_ids in zones.items():
        for card_id in dict.fromkeys(card_ids):
            for modifier in ruleset.card(card_id).spec.get("modifiers") or ():
                if modifier.get("kind") == kind and modifier.get("while-in") == zone_id:
                    found.append(modifier)
    return found


@lru_cache(maxsize=1)
def _validator() -> jsonschema.Draft202012Validator:
    """The table schema's validator, built once."""
    with open(resources.schema_path("table"), encoding="utf-8") as handle:
        return schema_check.SchemaValidator(json.load(handle))


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
    return Table(ruleset, players, file, _start_seat(ruleset, data, players, locate))


def _start_seat(
    ruleset: Ruleset, data: Mapping[str, Any], players: Sequence[TablePlayer], locate: _Locator
) -> int | None:
    """The seat of the table's ``start`` player; a located error when it names nobody at the table, or when the
    ruleset breaks ties by seat from the start player and the table does not name them."""
    names = [player.name for player in players]
    start = data.get("start")
    if start is None:
        if not ruleset.scored_by_expressions and Scoring(ruleset).breaks_ties_by_seat:
            raise TableError(
                [
                    Diagnostic(
                        locate.at("$"),
                        # TRANSLATORS: score, table file: the ruleset breaks ties by where players sit from the start
                        # player; keep `start: NAME` (a key of the table file).
                        _(
                            "this ruleset breaks ties by seat from the start player: name the start player with `start: NAME`"
                        ),
                    )
                ]
            )
        return None
    if start not in names:
        raise TableError(
            [
                Diagnostic(
                    locate.at("$.start"),
                    # TRANSLATORS: score, table file: `start` names nobody at the table; {name} is what it names,
                    # {players} the players' names.
                    _("{name} is not at the table: {players}", name=str(start)[:80], players=format_list(names)),
                )
            ]
        )
    return names.index(start)


def _load_table_ruleset(
    data: Mapping[str, Any], path: Path, options: Mapping[str, Any] | None, locate: _Locator
) -> Ruleset:
    """The table's ruleset: a name, or a house-rule file relative to the table file.

    The table's own options are reported at the line where they were written;
    ``-o`` on the command line wins over them and is reported as such.
    """
    name = data["ruleset"]
    table_options = {key: value for key, value in (data.get("options") or {}).items() if key not in (options or {})}
    effective = LocatedOptions(
        {**table_options, **(options or {})},
        {key: locate.at(json_path_child("$.options", key)) for key in table_options},
    )
    target = reference_target(name, path, locate.file)
    try:
        return load_ruleset(target, effective or None)
    except CardrulesError as error:
        raise TableError(referenced_ruleset_problems(locate.at("$.ruleset"), name, error)) from None


def _suggestion(card_id: str, known: list[str]) -> str:
    """`` (did you mean card-3?)`` when a known id is close, else nothing."""
    close = close_match(str(card_id), known)
    # TRANSLATORS: added after an unknown card id or field name in a score table file; {card} is a close known one, e.g.
    # "gem-3"; keep the leading space.
    return _(" (did you mean {card}?)", card=close[0]) if close else ""


def _unknown_card(card_id: Any, known: list[str]) -> str:
    """Why ``card_id`` is refused: the closest id, and the ids this field takes (as for unknown rulesets)."""
    # TRANSLATORS: a table names a card the ruleset does not have; {suggestion} is " (did you mean x?)" or
    # nothing; {cards} lists the ids the field takes.
    return _(
        "unknown card {card}{suggestion}; the cards here: {cards}",
        card=str(card_id)[:80],
        suggestion=_suggestion(str(card_id), known),
        cards=listed(known),
    )


class _SeatReader:
    """Reads the fields of the players' holdings, collecting problems; knows what the whole table holds."""

    def __init__(self, ruleset: Ruleset, locate: _Locator) -> None:

        self.ruleset = ruleset
        self.locate = locate
        self.problems: list[Diagnostic] = []
        self.players = 0
        self.fields = dict(ruleset.table_fields)
        self.matches = {name: card_selector(spec.get("cards")) for name, spec in self.fields.items()}
        # card id -> the players holding it so far (a card of one copy can be held once at the table)
        self.holders: dict[str, list[str]] = {}
        # Cards counted so far per field, over every player: the game has only so many.
        self.field_cards: Counter = Counter()
        # The ids each field may hold, and (key None) every id of the game.
        self.card_sets: dict[str | None, frozenset[str]] = {
            name: frozenset(card.id for card in self._cards_of(name)) for name in self.fields
        }
        self.card_sets[None] = frozenset(card.id for card in ruleset.cards)
        # The names a player reads on screen, each standing for its card's id (the ids, where several cards share it).
        self.names = card_names(ruleset)
        # The names of other installed languages, by name: (the ids, the language), read when first needed.
        self._other_names: dict[str, tuple[tuple[str, ...], str]] | None = None
        # The measures the score depends on (a total given for their zone must count them whatever the types).
        self.scored = scored_measures(ruleset)
        self.limits: dict[frozenset[str], int] = {}
        # The rules of what a player may hold that blocks keep (one building of each kind, a cap per kind),
        # and what each zone holds so far: per player, and at the whole table.
        self.holding_rules = [
            block
            for block in (ruleset.blocks.build("anytime", spec, ruleset) for spec in ruleset.anytime)
            if hasattr(block, "table_problem")
        ]
        self.held: dict[tuple[str, str], list[str]] = {}
        self.held_by_all: dict[str, list[str]] = {}

    def copies(self, card: Any) -> int:
        """How many copies of a card type the game has with this many players."""
        return copies_for(card.count, max(self.players, 1))

    def in_play(self, card_ids: Iterable[str]) -> list[str]:
        """The ids of card types the game has with this many players (an edition may leave some out)."""
        return [card_id for card_id in card_ids if self.copies(self.ruleset.card(card_id))]

    def _limit(self, cards: frozenset[str]) -> int:
        """How many cards of these kinds the game has with this many players."""
        if cards not in self.limits:
            self.limits[cards] = sum(self.copies(self.ruleset.card(card_id)) for card_id in cards)
        return self.limits[cards]

    def room(self, key: str, count: int, path: str) -> bool:
        """Count ``count`` more cards of field ``key``; False (and why, at ``path``) if the game has not that many.

        Every card at the table is a different physical card. So the cards of
        all fields that may only hold cards of some kinds, summed over the
        players, cannot outnumber the game's cards of those kinds (two beds of
        flowers, together, hold no more flowers than the game has), and all
        fields together cannot outnumber the cards of the game.
        """
        sets = self.card_sets
        mine, everything = sets[key], sets[None]
        # The narrowest bounds first: the fields' own card sets that hold this field's, then the whole game.
        bounds = sorted({sets[name] for name in self.fields if mine <= sets[name]} - {everything}, key=len) + [
            everything
        ]
        for bound in bounds:
            within = [name for name in self.fields if sets[name] <= bound]
            limit = self._limit(bound)
            total = sum(self.field_cards[name] for name in within) + count
            if total <= limit:
                continue
            if bound != everything:
                fields = format_list(within)
                if count > limit:
                    self.add(
                        path,
                        # TRANSLATORS: score, table file: a player has more cards than the game has for these fields;
                        # {fields} lists field names as typed, e.g. "stew and buildings".
                        _(
                            "{count} cards, but this game has only {limit} that {fields} can hold",
                            count=count,
                            limit=limit,
                            fields=fields,
                        ),
                    )
                else:
                    self.add(
                        path,
                        # TRANSLATORS: score, table file: the players together have more cards than the game has for
                        # these fields; {n} counts the cards just read, {fields} as typed.
                        ngettext(
                            "with this card the players hold {total} that {fields} can hold, but this game has only {limit}",
                            "with these {n} cards the players hold {total} that {fields} can hold, but this game has only {limit}",
                            count,
                            total=total,
                            fields=fields,
                            limit=limit,
                        ),
                    )
            elif count > limit:
                # TRANSLATORS: score, table file: a player has more cards than the whole game has; {count} and {limit}
                # are numbers of cards.
                self.add(path, _("{count} cards, but this game has only {limit} cards", count=count, limit=limit))
            else:
                self.add(
                    path,
                    # TRANSLATORS: score, table file: the players together have more cards than the whole game; {n}
                    # counts the cards just read, {total} all they hold.
                    ngettext(
                        "with this card the players hold {total} cards, but this game has only {limit}",
                        "with these {n} cards the players hold {total} cards, but this game has only {limit}",
                        count,
                        total=total,
                        limit=limit,
                    ),
                )
            return False
        self.field_cards[key] += count
        return True

    def too_many_copies(self, where: str, card_id: str, copies: int) -> None:
        """Say that the table holds more of ``card_id`` than the game's ``copies``."""
        if copies == 0:
            # TRANSLATORS: a card type the edition leaves out at this player count (or altogether).
            self.add(
                where,
                _("there are no {card} cards in this game with {players} players", card=card_id, players=self.players),
            )
        else:
            # TRANSLATORS: score, table file: a card is held more often than the game has it; {count} is its number of
            # copies, {card} its id, e.g. "gem-3".
            self.add(where, _("there are only {count} {card} cards in this game", count=copies, card=card_id))

    def add(self, path: str, message: str) -> None:
        self.problems.append(Diagnostic(self.locate.at(path), message))

    def seat(self, name: str, holdings: Mapping[str, Any], base: str) -> TablePlayer:
        zones: dict[str, list[str]] = {}
        totals: dict[str, Any] = {}
        untyped: dict[str, int] = {}
        untyped_cards: dict[str, Any] = {}
        field_paths: dict[str, str] = {}  # zone -> the path of the first field that fills it
        for key, value in (holdings or {}).items():
            path = json_path_child(base, key)
            spec = self.fields.get(key)
            if spec is None:
                known = sorted(self.fields)
                self.problems.append(
                    Diagnostic(
                        self.locate.at(path, key=True),
                        # TRANSLATORS: score, table file: a field the ruleset's tables do not have; {field} is it as
                        # typed, {hint} " (did you mean money?)" or nothing.
                        _(
                            "unknown field '{field}'{hint}; this ruleset's tables have: {fields}",
                            field=str(key)[:60],
                            hint=_(" (did you mean {card}?)", card=close_match(key, known)[0])
                            if close_match(key, known)
                            else "",
                            fields=", ".join(known) or "-",
                        ),
                    )
                )
                continue
            shape = spec.get("as", "ids")
            reader = {
                "ids": self._ids,
                "values": self._values,
                "counts": self._counts,
                "count": self._count,
                "number": self._number,
            }[shape]
            cards, total = reader(name, key, spec, value, path)
            if spec.get("zone"):
                field_paths.setdefault(spec["zone"], path)
            if spec.get("zone") and cards is not None:
                zones.setdefault(spec["zone"], []).extend(cards)
            if total is not None and spec.get("measure"):
                totals[spec["measure"]] = total
            if total is not None and spec.get("zone") and shape in ("counts", "count"):
                untyped[spec["zone"]] = untyped.get(spec["zone"], 0) + total
                untyped_cards[spec["zone"]] = spec.get("cards")
                self._needs_types(spec["zone"], spec.get("measure"), spec.get("cards"), total, path)
        self._zones_allowed(name, zones, untyped, field_paths)
        return TablePlayer(
            name,
            MappingProxyType({zone: tuple(cards) for zone, cards in zones.items()}),
            MappingProxyType(totals),
            MappingProxyType(untyped),
            MappingProxyType(untyped_cards),
        )

    def _listed_twice(self, where: str, zone: str, card_id: str) -> None:
        """Say that a zone that holds one card of each kind (``holds: distinct``) lists ``card_id`` twice."""
        self.add(
            where,
            # TRANSLATORS: score, table file: a zone that holds one card of each kind lists a kind twice; {zone} is
            # the zone's name, {card} the card's.
            _(
                "{zone} holds one card of each kind: {card} is listed twice",
                zone=zone_name(self.ruleset, zone),
                card=card_name(self.ruleset, card_id),
            ),
        )

    def _zones_allowed(
        self, name: str, zones: Mapping[str, list[str]], untyped: Mapping[str, int], field_paths: Mapping[str, str]
    ) -> None:
        """A zone that only some cards make usable holds nothing unless the seat holds one of them: a zone only a
        granted step fills (a Bank's deposits), or a closed zone only a card's ``on-take`` opens."""
        held = {card_id for card_ids in zones.values() for card_id in card_ids}
        for zone, allowing in zone_requirements(self.ruleset).items():
            if not (zones.get(zone) or untyped.get(zone)) or zone not in field_paths:
                continue
            if held & allowing:
                continue
            self.add(
                field_paths[zone],
                # TRANSLATORS: score, table file: a player's zone holds cards that only some cards they would have to
                # hold allow (coins on a bank without a bank card); {zone} is the zone's name, {player} the player's,
                # {cards} lists the cards that would allow it, e.g. "Bank 2, Bank 3 or Bank 4".
                _(
                    "{player} has cards in {zone}, but none of the cards that allow it: {cards}",
                    player=name,
                    zone=zone_name(self.ruleset, zone),
                    cards=format_list(sorted({card_name(self.ruleset, card) for card in allowing}), style="or"),
                ),
            )

    def _needs_types(self, zone: str, given: str | None, selector: Any, total: int, path: str) -> None:
        """A zone given as a number of cards: every measure scored from it must be one that counts its cards (the
        interest on coins banked); one that needs their types (a sum of values, distinct types) is told at the
        field, naming the measure."""
        if not total:
            return
        for spec in self.ruleset.measures:
            if spec.id == given or spec.id not in self.scored or zone not in spec.zones or spec.kind == "counter":
                continue
            if counts_untyped(spec, selector):
                continue
            # TRANSLATORS: a table file gave a zone's cards as a number; {measure} (a measure's name, e.g.
            # "stew coins") is worked out from the cards' types, so they must be listed.
            self.add(
                path,
                _(
                    "give these cards by type (as {{TYPE: COUNT}}): {measure} depends on their types",
                    measure=measure_name(self.ruleset, spec.id),
                ),
            )
            return

    def card_named(self, written: Any, known: list[str], where: str) -> str | None:
        """The id of the card ``written`` names, by id or by a name shown on screen (in the language of the
        output, or the ruleset's own); None, told at ``where``, when it names none of ``known`` or several."""
        if written in known:
            return str(written)
        found = self.names.get(normalized_name(written)) if isinstance(written, str) else None
        if isinstance(found, str) and found in known:
            return found
        if isinstance(found, tuple):
            # TRANSLATORS: a card written by a name several cards share (Possession, where each has a value);
            # {ids} lists the ids that tell them apart.
            self.add(
                where,
                _(
                    "{name} names several cards; write one of: {ids}",
                    name=str(written)[:80],
                    ids=listed([card_id for card_id in found if card_id in known]),
                ),
            )
            return None
        elsewhere = self.name_in_another_language(written) if isinstance(written, str) else None
        ids = [card_id for card_id in elsewhere[0] if card_id in known] if elsewhere is not None else []
        if elsewhere is not None and ids:
            language = elsewhere[1]
            self.add(
                where,
                # TRANSLATORS: a table names a card by its name in another language than the output's; {name} is
                # it as written, {language} that language's own name (e.g. 日本語), {ids} the card id (or ids) to
                # write instead, {lang} the language's code; keep --lang as it is (the option).
                _(
                    "{name} is a card's name in {language}: write {ids}, or score with --lang {lang}",
                    name=written[:80],
                    language=language_name(language),
                    ids=listed(ids),
                    lang=language,
                ),
            )
            return None
        self.add(where, _unknown_card(written, self.in_play(known)))
        return None

    def name_in_another_language(self, written: str) -> tuple[tuple[str, ...], str] | None:
        """The ids of the cards ``written`` names in another installed language, with that language; None when
        it names none (a table written from a screen in Japanese, scored in English)."""
        if self._other_names is None:  # read once, at the first unknown name: a table may hold thousands
            self._other_names = {}
            here = current_language()
            for language in available_languages():
                if language == here:
                    continue
                with in_language(language) as chosen:
                    names = card_names(self.ruleset) if chosen == language else {}
                for name, found in names.items():
                    if name not in self.names:
                        self._other_names.setdefault(name, ((found,) if isinstance(found, str) else found, language))
        return self._other_names.get(normalized_name(written))

    def _cards_of(self, key: str) -> list[Any]:
        matches = self.matches[key]
        return [card for card in self.ruleset.cards if matches(card)]

    def _ids(self, name: str, key: str, spec: Mapping[str, Any], value: Any, path: str) -> tuple[list[str] | None, Any]:
        """A list of card ids."""
        if not isinstance(value, list):
            # TRANSLATORS: score, table file: the field must list card ids, e.g. [gem-3, gem-5].
            self.add(path, _("expected a list of card ids"))
            return None, None
        known = [card.id for card in self._cards_of(key)]
        cards = []
        for index, written in enumerate(value):
            where = json_path_child(path, index)
            card_id = self.card_named(written, known, where)
            if card_id is None:
                continue
            holders = self.holders.setdefault(card_id, [])
            copies = self.copies(self.ruleset.card(card_id))
            if len(holders) >= copies:
                if copies == 1 and holders[0] == name:
                    # TRANSLATORS: score, table file: a player lists a card the game has one of twice; {player} is the
                    # player's name, {card} the card's id.
                    self.add(where, _("{player} lists {card} twice", player=name, card=card_id))
                elif copies == 1:
                    self.add(
                        where,
                        # TRANSLATORS: score, table file: a card the game has one of is listed under two players; {card}
                        # is its id, {players} e.g. "Ann and Bo".
                        _("{card} is held by both {players}", card=card_id, players=format_list([holders[0], name])),
                    )
                else:
                    self.too_many_copies(where, card_id, copies)
                continue
            zone = spec.get("zone")
            if zone and self.ruleset.zone(zone).distinct and card_id in self.held.get((name, zone), []):
                self._listed_twice(where, zone, card_id)
                continue
            problem = (
                next(
                    (
                        found
                        for found in (
                            rule.table_problem(
                                self.ruleset,
                                zone,
                                self.held.get((name, zone), []),
                                self.held_by_all.get(zone, []),
                                card_id,
                                self.players,
                            )
                            for rule in self.holding_rules
                        )
                        if found
                    ),
                    None,
                )
                if zone
                else None
            )
            if problem:
                self.add(where, problem)
                continue
            if not self.room(key, 1, where):
                continue
            holders.append(name)
            cards.append(card_id)
            if zone:
                self.held.setdefault((name, zone), []).append(card_id)
                self.held_by_all.setdefault(zone, []).append(card_id)
        return cards, None

    def _values(
        self, name: str, key: str, spec: Mapping[str, Any], value: Any, path: str
    ) -> tuple[list[str] | None, Any]:
        """Cards named by their value (one of each per player), or a total."""
        attribute = spec.get("attribute", "value")
        by_value = {int(card.attributes.get(attribute, 0)): card.id for card in self._cards_of(key)}
        values = sorted(by_value)
        if not self._whole_or_list(value, path):
            return None, None
        if not isinstance(value, list):
            if value not in _reachable_totals(tuple(values)):
                # TRANSLATORS: score, table file: no set of the cards of a field of valued cards (e.g. money) makes the
                # total given; {field} is the field as typed.
                self.add(path, _("no hand of this edition's {field} cards adds up to {total}", field=key, total=value))
            return None, value
        seen: set[int] = set()
        cards = []
        for index, item in enumerate(value):
            where = json_path_child(path, index)
            if item not in by_value:
                self.add(
                    where,
                    # TRANSLATORS: score, table file: no card of the field has the value given; {field} is the field as
                    # typed, e.g. "money"; {values} lists the values.
                    _(
                        "there is no {field} card of {value}; this edition has {values}",
                        field=key,
                        value=item,
                        values=", ".join(str(v) for v in values),
                    ),
                )
            elif item in seen:
                self.add(
                    where,
                    # TRANSLATORS: score, table file: a player gives one value twice; {player} is the player's name,
                    # {field} the field as typed, e.g. "money".
                    _(
                        "{player} lists the {field} card {value} twice, but each player has one of each",
                        player=name,
                        field=key,
                        value=item,
                    ),
                )
            elif self.room(key, 1, where):
                cards.append(by_value[item])
            seen.add(item)
        return cards, None

    def _counts(
        self, name: str, key: str, spec: Mapping[str, Any], value: Any, path: str
    ) -> tuple[list[str] | None, Any]:
        """``{type: count}``, or a total."""
        known = {card.id: card for card in self._cards_of(key)}
        if not isinstance(value, Mapping):
            if isinstance(value, list) or not self._whole_or_list(value, path):
                if isinstance(value, list):
                    # TRANSLATORS: score, table file: the field takes a count per card type (e.g. tulip: 2, rose: 1) or
                    # one total, not a list.
                    self.add(path, _("expected counts by card type or a total"))
                return None, None
            # A total, of cards whose types are not given: the game must still have that many.
            self.room(key, value, path)
            return None, value
        cards: list[str] = []
        for written, count in value.items():
            where = json_path_child(path, written)
            card_id = self.card_named(written, list(known), where)
            if card_id is None:
                continue
            if not isinstance(count, int) or isinstance(count, bool) or count < 0:
                # TRANSLATORS: score, table file: a field, or a card type in it, must be given a whole number of cards,
                # not a negative one.
                self.add(where, _("expected a number of cards"))
                continue
            zone = spec.get("zone")
            if zone and count > 1 and self.ruleset.zone(zone).distinct:
                self._listed_twice(where, zone, card_id)
                continue
            holders = self.holders.setdefault(card_id, [])
            copies = self.copies(known[card_id])
            if len(holders) + count > copies:
                self.too_many_copies(where, card_id, copies)
                continue
            if not self.room(key, count, where):
                continue
            holders.extend([name] * count)
            cards.extend([card_id] * count)
        return cards, None

    def _count(
        self, name: str, key: str, spec: Mapping[str, Any], value: Any, path: str
    ) -> tuple[list[str] | None, Any]:
        """A number of cards (whose kinds do not matter for the score)."""
        if isinstance(value, (list, Mapping)):
            self.add(path, _("expected a number of cards"))
            return None, None
        if not self._whole_or_list(value, path):
            return None, None
        self.room(key, value, path)
        return None, value

    def _number(
        self, name: str, key: str, spec: Mapping[str, Any], value: Any, path: str
    ) -> tuple[list[str] | None, Any]:
        """A whole number that is no cards (a measure's total: chips, tokens)."""
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MOST_OF_A_NUMBER:
            # TRANSLATORS: score, table file: the field takes a whole number, such as chips or tokens; {most} is the
            # largest allowed.
            self.add(path, _("expected a whole number from 0 to {most}", most=MOST_OF_A_NUMBER))
            return None, None
        return None, value

    def _whole_or_list(self, value: Any, path: str) -> bool:
        """Whether a field's value is a list, a mapping or a whole number (else why not, worded like the schema's)."""
        if isinstance(value, (list, Mapping)) or (isinstance(value, int) and not isinstance(value, bool)):
            return True
        # TRANSLATORS: a kind of value expected in a file, in "expected a whole number, got ...".
        expected = _("a whole number")
        # TRANSLATORS: score, table file: a value of the wrong kind; {expected} is e.g. "a whole number", {value} what
        # was written, e.g. "1.5".
        self.add(path, _("expected {expected}, got {value}", expected=expected, value=schema_check.short(value)))
        return False


class _Totals:
    """Whether a hand of one card of each value can make a total (the subset sums of the values).

    Small values use a bitset (bit ``n`` set: ``n`` can be made), so twenty
    values cost twenty shifts; huge ones fall back to the set of sums.
    """

    def __init__(self, values: tuple[int, ...]) -> None:
        self.bits: int | None = None
        self.sums: set[int] | None = None
        if sum(values) <= 10_000_000:
            bits = 1
            for value in values:
                bits |= bits << value
            self.bits = bits
        else:
            sums = {0}
            for value in values:
                sums |= {total + value for total in sums}
            self.sums = sums

    def __contains__(self, total: object) -> bool:
        if not isinstance(total, int) or isinstance(total, bool) or total < 0:
            return False
        if self.bits is not None:
            return bool(self.bits >> total & 1)
        return total in (self.sums or ())


def _reachable_totals(values: tuple[int, ...]) -> _Totals:
    """Every total a hand of one card of each value can make."""
    return _Totals(values)


def _check_players(ruleset: Ruleset, players: Mapping[str, Any], locate: _Locator) -> tuple[TablePlayer, ...]:
    """The seats, after checking every field against the ruleset."""
    problems: list[Diagnostic] = []
    count = len(players)
    if not ruleset.players_min <= count <= ruleset.players_max:
        problems.append(
            Diagnostic(
                locate.at("$.players"),
                _(
                    "{count} players, but this ruleset is for {low} to {high}",
                    count=count,
                    low=ruleset.players_min,
                    high=ruleset.players_max,
                ),
            )
        )
    reader = _SeatReader(ruleset, locate)
    reader.players = count
    seats = [reader.seat(name, holdings, json_path_child("$.players", name)) for name, holdings in players.items()]
    problems.extend(reader.problems)
    if problems:
        raise TableError(problems[:MAX_REPORTED_PROBLEMS])
    return tuple(seats)
