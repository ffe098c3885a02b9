"""Checks after the schema: what a JSON Schema cannot say about a ruleset.

Every name a ruleset uses is declared (zones, tags, cards, attributes,
measures, counters, player variables, tiebreak criteria, options, the step an
end condition waits for); ids are unique; values fit their declarations; each
block kind's own rules hold (its ``check``); and the game can end: every end
condition can trigger and at least one exists. All problems are collected in
one run, each located where the offending value was written (in the parent's
file when inherited).

The checks run twice: on the merged tree as written (``validate``), and once
more on the tree with the option values in effect (``check_resolved``), so a
``-o`` value that makes the game unplayable is refused too.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from engine.base.errors import Diagnostic, Location
from engine.base.formatting import format_list
from engine.base.i18n import _, pgettext
from engine.base.jsontypes import JSON
from engine.base.suggestions import did_you_mean, listed
from engine.core.cards import copies_for
from engine.core.limits import MAX_CARDS
from engine.core.selectors import card_selector
from engine.language.block_walk import blocks_of
from engine.language.catalog import BlockCatalog
from engine.language.expression_params import check_expression, expression_paths
from engine.language.expression_places import top_level_expressions
from engine.language.expressions.names import Scope
from engine.language.expressions.types import Type
from engine.language.options import (
    OPTION_TYPES,
    OptionValueError,
    coerce_option_value,
    declared_range,
    is_option_reference,
)
from engine.language.scopes import scope_of
from engine.language.yaml_loader import Node, PositionIndex, json_path_child

BUILT_IN_VARIABLES = ("active", "start", "player")
BOX = "box"


def in_the_extended_ruleset(problem: str, where: str | list[str]) -> str:
    """``problem`` said of an overlay whose mistake shows in the ruleset it extends: ``{problem} (at FILE:LINE:COL
    in the ruleset this file extends)``, ``where`` one place there or several (written as a list).

    One wording for every such message (validate's, a game's stop, a ruleset's own check).
    """

    # TRANSLATORS: a problem this file causes in the ruleset it extends; {where} is FILE:LINE:COL there (or
    # several, as a list).
    return _(
        "{problem} (at {where} in the ruleset this file extends)",
        problem=problem,
        where=where if isinstance(where, str) else format_list(where),
    )


class Reporter:
    """Collects diagnostics located through a position index."""

    def __init__(self, tree: Node) -> None:
        self.index = PositionIndex.of(tree)
        self.diagnostics: list[Diagnostic] = []
        # The file asked for (an overlay's own, when the tree is a merged chain).
        self.own_file = tree.position.file if tree.position else None

    def add(self, path: str, message: str, *, key: bool = False, against: str | None = None) -> None:
        """A problem at ``path`` (at its key instead of its value with ``key``).

        ``against`` is the path of the value the one at ``path`` is wrong
        against (the fewest players, for the most). When the problem is in the
        file asked for and that value is inherited, the message says where the
        parent writes it: the reader's file does not show it. (A problem placed
        in a parent is moved to the overlay with the parent's place by
        ``ruleset.validate``.)
        """
        position = self.index.key(path) if key else self.index.value(path)
        other = self.index.value(against) if against else None
        if (
            position is not None
            and other is not None
            and position.file == self.own_file
            and other.file != position.file
        ):
            message = in_the_extended_ruleset(message, other.location(against or "$").prefix())
        location = position.location(path) if position else Location(json_path=path)
        diagnostic = Diagnostic(location, message)
        if diagnostic not in self.diagnostics:  # two blocks may find one mistake: say it once
            self.diagnostics.append(diagnostic)


def check_duplicate_ids(tree: Node) -> list[Diagnostic]:
    """Items of one file's id-lists that share an id (the merge would silently fold them)."""
    reporter = Reporter(tree)
    for path, items in _id_lists(tree.plain(), "$"):
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            item_id = item.get("id")
            if not isinstance(item_id, str):
                continue
            if item_id in seen:
                reporter.add(
                    json_path_child(json_path_child(path, index), "id"),
                    # TRANSLATORS: an error in a ruleset file: two items of one list (cards, zones, steps...) share an
                    # id; {id} is it, {n} the place of the other item in the list, counted from 1.
                    _("duplicate id '{id}' (also item {n} of this list)", id=item_id[:80], n=seen[item_id] + 1),
                )
            else:
                seen[item_id] = index
    return reporter.diagnostics


def _id_lists(value: JSON, path: str) -> Iterator[tuple[str, list[JSON]]]:
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _id_lists(child, json_path_child(path, key))
    elif isinstance(value, list):
        if value and all(isinstance(item, dict) and "id" in item for item in value):
            yield path, value
        for index, child in enumerate(value):
            yield from _id_lists(child, json_path_child(path, index))


def _walk(value: JSON, path: str) -> Iterator[tuple[str, JSON]]:
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _walk(child, json_path_child(path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, json_path_child(path, index))


# What a zone's properties read as when left out (as the compiled ruleset reads them).
ZONE_DEFAULTS = {"owner": "shared", "kind": "set", "visibility": "all"}


class Context:
    """What a ruleset declares, for checking the names it uses; blocks' ``check`` methods receive it."""

    def __init__(self, data: dict[str, JSON], reporter: Reporter, catalog: BlockCatalog) -> None:
        self.data = data
        self.reporter = reporter
        # The tree with positions and the expression scope (set by the checks before the blocks' own).
        self.tree: Node | None = None
        self.scope = Scope()
        self.scope_problems: list[tuple[str, str]] = []
        self.catalog = catalog
        self.cards = expanded_cards(data)
        self.card_ids = [card["id"] for card in self.cards]
        self.tags = dict(data.get("tags") or {})
        self.zones = dict(data.get("zones") or {})
        self.zones.setdefault(BOX, dict(ZONE_DEFAULTS))
        self.counters = dict(data.get("counters") or {})
        self.measures = dict(data.get("measures") or {})
        self.units = dict(data.get("units") or {})
        self.definitions = dict(data.get("option-definitions") or {})
        self.criteria = dict(data.get("tiebreak-criteria") or {})
        self.attributes = set()
        self.tables: set[str] = set()
        for card in self.cards:
            self.attributes.update(card["attributes"])
            self.tables.update((card["spec"].get("tables") or {}).keys())
        self.zone_tags = {
            tag for spec in self.zones.values() if isinstance(spec, dict) for tag in spec.get("tags") or ()
        }
        players = data.get("players") or {}
        self.players_min: int = players["min"] if isinstance(players.get("min"), int) else 1
        self.players_max: int = players["max"] if isinstance(players.get("max"), int) else self.players_min
        self.variables = set(BUILT_IN_VARIABLES)
        self.step_ids: set[str] = set()
        self._reaching: dict[str, set[str]] | None = None

    def zone_differs(self, zone_id: JSON, **wanted: str) -> bool:
        """Whether ``zone_id`` is a declared zone whose ``owner``, ``kind`` or ``visibility`` is not as ``wanted``.

        An undeclared zone is reported elsewhere (as an unknown name), so it
        differs from nothing here. A property left out reads as its default.
        """
        declared = self.zones.get(zone_id) if isinstance(zone_id, str) else None
        return isinstance(declared, dict) and any(
            declared.get(name, ZONE_DEFAULTS[name]) != value for name, value in wanted.items()
        )

    def report(self, diagnostic: Diagnostic) -> None:
        """A problem already placed (an expression's, at its column)."""
        if diagnostic not in self.reporter.diagnostics:
            self.reporter.diagnostics.append(diagnostic)

    def add(self, path: str, message: str, *, key: bool = False) -> None:
        """Report a problem at ``path``."""
        self.reporter.add(path, message, key=key)

    def first_time(self, *cause: object) -> bool:
        """True the first time a block asks about ``cause``: a mistake several blocks share is told once
        (two auctions that find no money card, because the ruleset has none)."""
        told = self.__dict__.setdefault("_told", set())
        key = repr(cause)
        if key in told:
            return False
        told.add(key)
        return True

    def copies(self, card: dict[str, JSON], players: int) -> int:
        """How many copies of a card type a game of ``players`` players has."""

        return copies_for(card.get("count", 1), players)

    def player_counts(self) -> range:
        """Every number of players the ruleset allows (at most 64)."""
        return range(max(self.players_min, 1), max(self.players_min, self.players_max) + 1)

    def matching(self, selector: Mapping[str, JSON] | None) -> list[dict[str, JSON]]:
        """The card types a selector picks."""

        class _Card:
            def __init__(self, spec: dict[str, JSON]) -> None:
                self.id = spec["id"]
                self.tags = frozenset(spec.get("tags") or ())

        matches = card_selector(selector)
        return [card for card in self.cards if matches(_Card(card))]

    def types_reaching(self, zone: str) -> set[str]:
        """The card types that may ever lie in ``zone`` (worked out once from the steps' card paths).

        Setup steps run in order (a deal takes cards out of the box); the
        flow's steps are applied until nothing changes, as if any could come
        after any other: an over-estimate, never an under-estimate.
        """
        if self._reaching is None:
            self._reaching = self._card_flow()
        return self._reaching.get(zone, set())

    def _card_flow(self) -> dict[str, set[str]]:
        steps = self.catalog.kinds("step")
        contents: dict[str, set[str]] = {zone: set() for zone in self.zones}
        contents[BOX] = set(self.card_ids)

        def paths(block: dict[str, JSON]) -> list[tuple[str, str, JSON, bool]]:
            kind_class = steps.get(block.get("kind", ""))
            if kind_class is not None and hasattr(kind_class, "card_paths"):
                return list(kind_class.card_paths(block))
            return []

        def zones_named(name: JSON) -> list[str]:
            # "#tag" stands for every zone with that tag, "*" for every zone (cards an expression names).
            if name == "*":
                return [*self.zones, BOX]
            if isinstance(name, str) and name.startswith("#"):
                return [zone for zone, spec in self.zones.items() if name[1:] in (spec.get("tags") or [])]
            return [name] if isinstance(name, str) else []

        def apply(source: str, target: str, selector: JSON, empties: bool) -> bool:
            picked = {card["id"] for card in self.matching(selector)} if selector else None
            changed = False
            for source_zone in zones_named(source):
                moving = contents.get(source_zone, set())
                if picked is not None:
                    moving = moving & picked
                for target_zone in zones_named(target):
                    before = len(contents.setdefault(target_zone, set()))
                    contents[target_zone] |= moving
                    changed |= len(contents[target_zone]) != before
                if empties:
                    contents[source_zone] = contents.get(source_zone, set()) - moving
            return changed

        flow_paths: list[tuple[str, str, JSON, bool]] = []
        for category, where, block in blocks_of(self.data):
            if category != "step":
                continue
            if where.startswith("$.setup"):
                for source, target, selector, empties in paths(block):
                    apply(source, target, selector, empties)
            else:  # the flow, and the steps of procedures, triggers and cards, which may run at any time
                flow_paths.extend(paths(block))
        for block in self.data.get("anytime") or []:
            kind_class = self.catalog.kinds("anytime").get(block.get("kind", "")) if isinstance(block, dict) else None
            if kind_class is not None and hasattr(kind_class, "card_paths"):
                flow_paths.extend(kind_class.card_paths(block))
        for zone_id, spec in self.zones.items():
            refill = spec.get("refill") if isinstance(spec, dict) else None
            if isinstance(refill, dict) and isinstance(refill.get("from"), str):
                flow_paths.append((refill["from"], zone_id, None, False))
        for card in self.cards:
            effect = card["spec"].get("on-take")
            kind_class = self.catalog.kinds("effect").get(effect.get("kind", "")) if isinstance(effect, dict) else None
            if kind_class is not None and hasattr(kind_class, "card_paths"):
                flow_paths.extend(kind_class.card_paths(effect))
        changed = True
        while changed:
            changed = False
            for source, target, selector, _empties in flow_paths:
                changed |= apply(source, target, selector, False)
        return contents

    def check_reference(self, kind: str, path: str, value: JSON) -> None:
        """Report ``value`` at ``path`` if it does not name a declared ``kind`` (zone, tag, card...)."""
        if not isinstance(value, str):
            return
        known: JSON = {
            "zone": self.zones,
            "tag": self.tags,
            "card": self.card_ids,
            "attribute": self.attributes,
            "measure": self.measures,
            "counter": self.counters,
            "unit": self.units,
            "variable": self.variables,
            "step": self.step_ids,
            "zone-tag": self.zone_tags,
            "table": self.tables,
        }.get(kind)
        if kind in ("shared-counter", "player-counter"):
            if value in self.counters:
                owner = (self.counters[value] or {}).get("owner", "shared")
                if kind == "shared-counter" and owner != "shared":
                    # TRANSLATORS: an error in a ruleset: a step or condition needs a shared counter (one for the table)
                    # but names a counter each player has; {name} is the counter's id, e.g. "coins".
                    self.add(path, _("{name} is counted per player; this needs a shared counter", name=value[:80]))
                elif kind == "player-counter" and owner != "player":
                    self.add(
                        path,
                        # TRANSLATORS: an error in a ruleset: a step needs a counter each player has but names a shared
                        # one; {name} is the counter's id; keep "owner: player" (what the ruleset writes).
                        _(
                            "{name} is a shared counter; this needs a counter per player (owner: player)",
                            name=value[:80],
                        ),
                    )
                return
            kind = "counter"
            known = self.counters
        if known is None or value in known:
            return
        # Declared things in the order the ruleset declares them; the rest (attributes, variables) sorted.
        names = list(known) if kind in ("zone", "tag", "card", "measure", "counter", "unit") else sorted(known)
        shown = listed(names)
        hint = did_you_mean(value, names)
        name = value[:80]
        if kind == "zone":
            # TRANSLATORS: an error in a ruleset: a zone id that `zones` does not declare; {hint} is empty or " (did you
            # mean 'x'?)"; {valid} lists the declared zones (keep the ids).
            message = _("unknown zone '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "tag":
            # TRANSLATORS: an error in a ruleset: a tag that `tags` does not declare; {hint} is empty or " (did you mean
            # 'x'?)"; {valid} lists the declared tags (keep the ids).
            message = _("unknown tag '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "card":
            # TRANSLATORS: an error in a ruleset: a card id that `cards` does not declare; {hint} is empty or " (did you
            # mean 'x'?)"; {valid} lists the declared card ids (keep them).
            message = _("unknown card '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "attribute":
            # TRANSLATORS: an error in a ruleset: a card attribute (such as value) that no card has; {hint} is empty or
            # " (did you mean 'x'?)"; {valid} lists the cards' attributes (keep them).
            message = _(
                "no card has the attribute '{name}'{hint}; attributes: {valid}", name=name, hint=hint, valid=shown
            )
        elif kind == "measure":
            # TRANSLATORS: an error in a ruleset: a measure (a named number about each player) that `measures` does not
            # declare; {hint} is empty or " (did you mean 'x'?)"; {valid} lists the declared measures.
            message = _("unknown measure '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "counter":
            # TRANSLATORS: an error in a ruleset: a counter that `counters` does not declare; {hint} is empty or " (did
            # you mean 'x'?)"; {valid} lists the declared counters (keep the ids).
            message = _("unknown counter '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "unit":
            # TRANSLATORS: an error in a ruleset: a unit (how amounts are written) that `units` does not declare; {hint}
            # is empty or " (did you mean 'x'?)"; {valid} lists the declared units.
            message = _("unknown unit '{name}'{hint}; declared: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "variable":
            # TRANSLATORS: an error in a ruleset: a player variable (such as active) that no step sets; {hint} is empty
            # or " (did you mean 'x'?)"; {valid} lists the variables (keep the names).
            message = _(
                "no step sets the player variable '{name}'{hint}; variables: {valid}", name=name, hint=hint, valid=shown
            )
        elif kind == "zone-tag":
            # TRANSLATORS: an error in a ruleset: a tag that no zone carries (a zone's `tags`); {hint} is empty or "
            # (did you mean 'x'?)"; {valid} lists the zones' tags.
            message = _("no zone has the tag '{name}'{hint}; zone tags: {valid}", name=name, hint=hint, valid=shown)
        elif kind == "table":
            # TRANSLATORS: an error in a ruleset: a lookup table (a card's `tables`, e.g. "meter") that no card has;
            # {hint} is empty or " (did you mean 'x'?)"; {valid} lists the cards' tables.
            message = _("no card has the table '{name}'{hint}; tables: {valid}", name=name, hint=hint, valid=shown)
        else:
            # TRANSLATORS: an error in a ruleset: a step id that no step has; {name} is it; {hint} is empty or " (did
            # you mean 'x'?)".
            message = _("no step has the id '{name}'{hint}", name=name, hint=hint)
        self.add(path, message)


def expanded_cards(data: dict[str, JSON]) -> list[dict[str, JSON]]:
    """The card types of a tree's ``cards`` list, a series expanded (``id``, ``tags``, ``attributes``, ``count``, ``path``)."""
    cards = []
    for index, spec in enumerate(data.get("cards") or []):
        if not isinstance(spec, dict) or not isinstance(spec.get("id"), str):
            continue
        attributes = set((spec.get("attributes") or {}).keys())
        if "value" in spec:
            attributes.add("value")
        base = {
            "tags": spec.get("tags") or [],
            "count": spec.get("count", 1),
            "path": f"$.cards[{index}]",
            "spec": spec,
        }
        if spec.get("values"):
            attribute = spec.get("attribute", "value")
            for value in spec["values"]:
                cards.append(
                    {
                        **base,
                        "id": f"{spec['id']}-{value}",
                        "attributes": attributes | {attribute},
                        "series_value": value,
                    }
                )
        else:
            cards.append({**base, "id": spec["id"], "attributes": attributes})
    return cards


def _annotation(schema: JSON, key: str) -> JSON:
    """A parameter schema's annotation ``key`` (``x-ref``, ``x-zone``), looking through ``anyOf``."""
    if not isinstance(schema, dict):
        return None
    if key in schema:
        return schema[key]
    return next(filter(None, (_annotation(branch, key) for branch in schema.get("anyOf", ()))), None)


def _check_every_player_count(context: Context, path: str, value: Mapping[str, JSON]) -> None:
    """A number by players with no ``otherwise`` must name every number of players the ruleset allows, where
    the number cannot be 0 (a count of cards to deal, of exhaustions to end the game)."""

    if "otherwise" in value or is_option_reference(value) or not isinstance(value.get("by-players"), dict):
        return
    listed = {key for key in value["by-players"] if isinstance(key, str) and key.isdigit()}
    missing = [players for players in context.player_counts() if str(players) not in listed]
    if missing:
        # TRANSLATORS: {players} lists numbers of players, e.g. "3 and 4"; by-players and otherwise are keys.
        context.add(
            path,
            _(
                "no number for {players} players: list them under by-players, or give one for "
                "every other number with otherwise",
                players=format_list([str(n) for n in missing[:10]]),
            ),
        )


def _check_zone_fits(
    context: Context,
    path: str,
    zone_id: JSON,
    needs: Mapping[str, JSON],
    default_for: str | None = None,
    step: JSON = None,
) -> None:
    """A zone named where a block needs (``needs``: its ``x-zone``) one of each player, a shared one, or a set,
    row or stack, is one.

    ``default_for``: the parameter the block at ``path`` (whose id is ``step``) left out, so that it works on
    its default zone; the problem is then placed at the zone's declaration, where the ruleset changed it (or,
    when the ruleset declares no zone of that name, at the block).
    """

    declared = context.zones.get(zone_id) if isinstance(zone_id, str) else None
    if not isinstance(declared, dict):
        if default_for is not None and isinstance(zone_id, str) and zone_id not in context.zones:
            # TRANSLATORS: a step (or effect, end condition) leaves a parameter out (e.g. `won` of an auction), so it
            # works on the zone of that name, which the ruleset does not declare; {parameter} is as written in a file.
            context.add(
                path,
                _(
                    "`{parameter}` is left out, so this uses the zone {zone}, which is not declared: "
                    "declare it, or name a zone with `{parameter}`",
                    parameter=default_for,
                    zone=zone_id,
                ),
            )
        return
    owner = declared.get("owner", ZONE_DEFAULTS["owner"])
    kind = declared.get("kind", ZONE_DEFAULTS["kind"])
    if needs.get("owner") and owner != needs["owner"]:
        changed = "owner"
        if needs["owner"] == "player":
            # TRANSLATORS: a block parameter names a shared zone where it works on each player's own zone.
            problem = _("the zone {zone} is shared, but this step needs a zone of each player's", zone=zone_id)
        else:
            # TRANSLATORS: a block parameter names a zone of each player where it works on one shared zone.
            problem = _("the zone {zone} belongs to each player, but this step needs one shared zone", zone=zone_id)
    elif needs.get("kinds") and kind not in needs["kinds"]:
        changed = "kind"
        # TRANSLATORS: {kind} and {kinds} are zone kinds: set, row, stack ("a row or a stack").
        problem = _(
            "the zone {zone} is a {kind}, but this step needs a {kinds}",
            zone=zone_id,
            kind=zone_kind_name(kind),
            kinds=format_list([zone_kind_name(k) for k in needs["kinds"]], style="or"),
        )
    else:
        return
    if default_for is None:
        context.add(path, problem)
        return
    where = (
        json_path_child(json_path_child("$.zones", zone_id), changed)
        if changed in declared
        else json_path_child("$.zones", zone_id)
    )
    # TRANSLATORS: {problem} says what is wrong with a zone; the step (its id) uses it because it leaves
    # its parameter out, e.g. "(the step bid uses it as its hand)".
    context.add(
        where,
        _(
            "{problem} (the step {step} uses it as its {parameter})",
            problem=problem,
            step=step if isinstance(step, str) else path,
            parameter=default_for,
        ),
    )


def zone_kind_name(kind: str) -> str:
    """A zone kind in the reader's words."""
    names = {
        # TRANSLATORS: a kind of zone: cards in no order.
        "set": pgettext("zone kind", "set"),
        # TRANSLATORS: a kind of zone: cards in an order that matters, front to back.
        "row": pgettext("zone kind", "row"),
        # TRANSLATORS: a kind of zone: a pile with a top card.
        "stack": pgettext("zone kind", "stack"),
    }
    return names.get(kind, kind)


def check(tree: Node, catalog: BlockCatalog) -> list[Diagnostic]:
    """Every semantic problem of a merged ruleset tree that passed the schema, its blocks read from ``catalog``."""
    return _check(tree, catalog, resolved=False)


def check_resolved(tree: Node, catalog: BlockCatalog) -> list[Diagnostic]:
    """The problems that only the option values in effect reveal (``-o``), located at the reference."""
    return _check(tree, catalog, resolved=True)


def _check(tree: Node, catalog: BlockCatalog, resolved: bool) -> list[Diagnostic]:
    registry = catalog.by_category()
    reporter = Reporter(tree)
    data = tree.plain()
    context = Context(data, reporter, catalog)
    context.tree = tree
    context.scope, context.scope_problems = _scope_for_checks(data, catalog)
    add = reporter.add

    if not resolved:
        players = data.get("players") or {}
        if isinstance(players.get("min"), int) and isinstance(players.get("max"), int):
            if players["min"] < 2:
                # TRANSLATORS: an error in a ruleset: players.min is below 2; {n} is the number written.
                add("$.players.min", _("a game needs at least 2 players, not {n}", n=players["min"]))
            if players["min"] > players["max"]:
                add(
                    "$.players.max",
                    # TRANSLATORS: an error in a ruleset: players.max is below players.min; {max} and {min} are the
                    # numbers written.
                    _(
                        "the most players ({max}) is fewer than the fewest ({min})",
                        max=players["max"],
                        min=players["min"],
                    ),
                    against="$.players.min",
                )
        seen_ids: dict[str, str] = {}
        for card in context.cards:
            if card["id"] in seen_ids:
                # TRANSLATORS: an error in a ruleset: two cards share an id; {id} is it, e.g. "red".
                add(card["path"] + ".id", _("duplicate card id '{id}'", id=str(card["id"])[:80]))
            seen_ids[card["id"]] = card["path"]
        for index, spec in enumerate(data.get("cards") or []):
            if not isinstance(spec, dict):
                continue
            for tag_index, tag in enumerate(spec.get("tags") or []):
                context.check_reference("tag", f"$.cards[{index}].tags[{tag_index}]", tag)
            for modifier_index, modifier in enumerate(spec.get("modifiers") or []):
                base = f"$.cards[{index}].modifiers[{modifier_index}]"
                context.check_reference("zone", base + ".while-in", modifier.get("while-in"))
                if (
                    modifier.get("while-in") in context.zones
                    and context.zones[modifier["while-in"]].get("owner", "shared") != "player"
                ):
                    # TRANSLATORS: an error in a ruleset: a card's modifier names in `while-in` a shared zone; it must
                    # be a zone each player has.
                    add(base + ".while-in", _("a modifier applies to the owner of a player zone; this zone is shared"))
                modifier_kind = catalog.modifiers.get(modifier.get("kind"))
                if modifier_kind is not None and modifier_kind.check is not None:
                    modifier_kind.check(modifier, base, context)

    # Names that steps introduce: player variables they set, their ids.
    for category, _path, block in blocks_of(data):
        if category != "step":
            continue
        if isinstance(block.get("id"), str):
            context.step_ids.add(block["id"])
        kind_class = catalog.kinds("step").get(block.get("kind", ""))
        if kind_class is not None:
            context.variables.update(name for name in kind_class.sets_variables(block) if isinstance(name, str))

    for category, path, block in blocks_of(data):
        kind = block.get("kind")
        known = registry.get(category, {})
        block_class = known.get(kind) if isinstance(kind, str) else None
        if block_class is None:
            continue
        reported = len(reporter.diagnostics)
        for parameter, schema in block_class.parameters.items():
            ref = _annotation(schema, "x-ref")
            needs = _annotation(schema, "x-zone")
            if needs and "default" in needs and parameter not in block and len(reporter.diagnostics) == reported:
                # Left out: the block works on its default zone, which must fit too (blamed on its declaration).
                _check_zone_fits(context, path, needs["default"], needs, parameter, block.get("id"))
            if ref and parameter in block and not is_option_reference(block[parameter]):
                value = block[parameter]
                if isinstance(value, list):
                    for index, item in enumerate(value):
                        context.check_reference(ref, json_path_child(json_path_child(path, parameter), index), item)
                else:
                    context.check_reference(ref, json_path_child(path, parameter), value)
                    if needs and len(reporter.diagnostics) == reported:
                        _check_zone_fits(context, json_path_child(path, parameter), value, needs)
            if _annotation(schema, "x-every-player-count") and isinstance(block.get(parameter), dict):
                _check_every_player_count(context, json_path_child(path, parameter), block[parameter])
        for key in ("when", "cards", "money", "accepts"):
            selector = block.get(key)
            if isinstance(selector, dict) and not is_option_reference(selector):
                for selector_key, ref in (("tag", "tag"), ("card", "card"), ("not-tag", "tag")):
                    if selector_key in selector:
                        context.check_reference(
                            ref, json_path_child(json_path_child(path, key), selector_key), selector[selector_key]
                        )
        block_check = getattr(block_class, "check", None)
        # A block that names something unknown is told so once: its own checks (an end condition that can
        # never trigger because it counts a tag that does not exist) would only say it again.
        if block_check is not None and len(reporter.diagnostics) == reported:
            block_check(block, path, context)

    _check_expressions(reporter, tree, data, catalog)
    _check_deck_size(context)
    _check_structure_names(context, data)
    _check_zones(context)
    _check_conditions(context, data)
    _check_view(context, data)
    if not resolved:
        _check_options(reporter, data, context.definitions)
    _check_tiebreak(reporter, data, context.definitions, context.criteria)
    _check_ending(context, data, catalog)
    _check_search(reporter, data, catalog)
    return reporter.diagnostics


def _check_expressions(reporter: Reporter, tree: Node, data: dict[str, JSON], catalog: BlockCatalog) -> None:
    """Every expression compiles against the ruleset's names, with the type its place needs (located at the
    column where the problem is); a name bound with two types is told where it is bound the second time."""
    scope, problems = _scope_for_checks(data, catalog)
    for path, message in problems:
        reporter.add(path, message)
    for place, text, expected, local in expression_places(data, catalog):
        problem = check_expression(scope, tree, place, text, expected, local)
        if problem is not None and problem not in reporter.diagnostics:
            reporter.diagnostics.append(problem)


def _scope_for_checks(data: dict[str, JSON], catalog: BlockCatalog) -> tuple[Scope, list[tuple[str, str]]]:
    """The ruleset's expression scope, its options at their values as written (defaults otherwise)."""
    definitions = data.get("option-definitions") or {}
    options = {
        name: definition.get("default") for name, definition in definitions.items() if isinstance(definition, dict)
    }
    given = data.get("options")
    if isinstance(given, dict):
        options.update({name: value for name, value in given.items() if not is_option_reference(value)})
    return scope_of(data, catalog, options)


def expression_places(
    data: dict[str, JSON], catalog: BlockCatalog
) -> Iterator[tuple[str, str, Type | None, Mapping[str, Type]]]:
    """Every expression of a ruleset: ``(JSON path, text, type, local names)`` (blocks, scoring, results...)."""
    registry = catalog.by_category()
    for category, path, block in blocks_of(data):
        kind = block.get("kind")
        block_class = registry.get(category, {}).get(kind) if isinstance(kind, str) else None
        if block_class is not None:
            yield from expression_paths(block_class, block, path)
    for path, text, expected, local in top_level_expressions(data):
        yield path, text, expected, local


def _check_search(reporter: Reporter, data: dict[str, JSON], catalog: BlockCatalog) -> None:
    """The searching bot's hints name actions some block has (a word that is a whole action alone)."""
    search = (data.get("presentation") or {}).get("search")
    if not isinstance(search, dict):
        return
    words = {word for space in catalog.spaces for word in space.bare_actions}
    for index, word in enumerate(search.get("try-first") or ()):
        if isinstance(word, str) and word not in words:
            # TRANSLATORS: search.try-first in a ruleset names log action words such as "pass"; {words} lists them.
            reporter.add(
                f"$.presentation.search.try-first[{index}]",
                _(
                    "{word} is not an action that stands alone; try-first takes one of: {words}",
                    word=word[:40],
                    words=", ".join(sorted(words)),
                ),
            )
    if search.get("playout-until") == "round" and not any(
        block.get("kind") == "record-round" for _category, _path, block in blocks_of(data)
    ):
        reporter.add(
            "$.presentation.search.playout-until",
            # TRANSLATORS: an error in a ruleset: the bot's playouts stop at the end of a round, but no step ends one;
            # "playout-until: round" and "record-round" are ruleset keywords: keep them as they are.
            _(
                "playout-until: round needs a record-round step: this ruleset ends no round, so playouts would never stop"
            ),
        )


def _check_structure_names(context: Context, data: dict[str, JSON]) -> None:
    """Names used outside blocks: measures, scoring zones, results, tables, report."""
    for measure_id, spec in context.measures.items():
        base = json_path_child("$.measures", measure_id)
        if not isinstance(spec, dict):
            continue
        zones = spec.get("zones") or spec.get("count") or []
        key = "zones" if "zones" in spec else "count"
        for index, zone in enumerate([zones] if isinstance(zones, str) else zones):
            where = json_path_child(base, key) if isinstance(zones, str) else f"{json_path_child(base, key)}[{index}]"
            context.check_reference("zone", where, zone)
        for key, ref in (("sum", "attribute"), ("counter", "counter"), ("unit", "unit")):
            if key in spec:
                context.check_reference(ref, json_path_child(base, key), spec[key])
        if spec.get("distinct") and ("sum" in spec or "counter" in spec):
            context.add(
                json_path_child(base, "distinct"),
                # TRANSLATORS: an error in a ruleset: a measure's `distinct` cannot be combined with `sum` or
                # `counter`; keep distinct, `count`, sum and counter (keys of a measure).
                _("distinct counts the different cards of `count`: it does not go with sum or counter"),
            )
    scoring = data.get("scoring") or {}
    for index, zone in enumerate(scoring.get("zones") or []):
        context.check_reference("zone", f"$.scoring.zones[{index}]", zone)
    for index, item in enumerate(data.get("result") or []):
        for key, ref in (("measure", "measure"), ("zone", "zone"), ("counts", "zone")):
            if isinstance(item, dict) and key in item:
                context.check_reference(ref, f"$.result[{index}].{key}", item[key])
    for name, spec in (data.get("table") or {}).items():
        base = json_path_child("$.table", name)
        for key, ref in (("measure", "measure"), ("zone", "zone")):
            if isinstance(spec, dict) and key in spec:
                context.check_reference(ref, json_path_child(base, key), spec[key])
    for index, entry in enumerate((data.get("presentation") or {}).get("report") or []):
        if isinstance(entry, dict):
            context.check_reference("counter", f"$.presentation.report[{index}].counter", entry.get("counter"))
        else:
            context.check_reference("measure", f"$.presentation.report[{index}]", entry)


def _check_zones(context: Context) -> None:
    """What zones name: their accepted cards, their refill's zone and counter."""
    for zone_id, spec in context.zones.items():
        if not isinstance(spec, dict):
            continue
        base = json_path_child("$.zones", zone_id)
        accepts = spec.get("accepts")
        if isinstance(accepts, dict):
            for key, ref in (("tag", "tag"), ("card", "card"), ("not-tag", "tag")):
                if key in accepts:
                    context.check_reference(ref, json_path_child(json_path_child(base, "accepts"), key), accepts[key])
        refill = spec.get("refill")
        if isinstance(refill, dict):
            path = json_path_child(base, "refill")
            if "from" in refill:
                source = refill["from"]
                context.check_reference("zone", json_path_child(path, "from"), source)
                if isinstance(source, str) and (context.zones.get(source) or {}).get("owner", "shared") != "shared":
                    context.add(
                        json_path_child(path, "from"),
                        # TRANSLATORS: an error in a ruleset: a stack's `refill` takes its cards from a zone each
                        # player has (whose?); {zone} is that zone's id; keep "refill" and "shared" (ruleset words).
                        _(
                            "a refill takes the cards of one zone: {zone} belongs to each player; refill from a "
                            "shared zone",
                            zone=source[:80],
                        ),
                    )
            counter = refill.get("counter")
            if counter in context.counters and (context.counters[counter] or {}).get("owner", "shared") != "shared":
                context.add(
                    json_path_child(path, "counter"),
                    # TRANSLATORS: an error in a ruleset: a stack's `refill` counts the times it runs out on a counter
                    # each player has; it must be a shared counter.
                    _("the exhaustions of a shared stack are counted on a shared counter"),
                )
            elif counter is not None:
                context.check_reference("counter", json_path_child(path, "counter"), counter)


CONDITION_QUESTIONS = ("empty", "all-empty", "counter", "all", "any", "not")


def _check_conditions(context: Context, data: dict[str, JSON]) -> None:
    """Every condition (a loop's ``until``, an ``each-player``'s ``skip``, an end's ``when``) asks one question about declared things."""
    for category, path, block in blocks_of(data):
        for key in ("until", "skip", "when"):
            condition = block.get(key)
            if key == "when" and category == "step":
                continue  # a switch case's card selector, not a condition
            if isinstance(condition, dict) and not is_option_reference(condition):
                _check_condition(context, json_path_child(path, key), condition, about_a_player=key == "skip")


def _check_condition(context: Context, path: str, condition: dict[str, JSON], about_a_player: bool) -> None:
    questions = [key for key in CONDITION_QUESTIONS if key in condition]
    if len(questions) != 1:
        context.add(
            path,
            # TRANSLATORS: an error in a ruleset: a condition (until, skip, when) must have exactly one of the keys
            # listed in {keys}; keep all, any and not (ruleset keys).
            _(
                "a condition asks one question ({keys}); combine several with all, any or not",
                keys=", ".join(CONDITION_QUESTIONS),
            ),
        )
        return
    question = questions[0]
    if "owner" in condition and question != "empty":
        # TRANSLATORS: an error in a ruleset: a condition's `owner` key goes only with its `empty` key; keep both as
        # written.
        context.add(json_path_child(path, "owner"), _("`owner` goes with `empty`"))
    if "at-least" in condition and question != "counter":
        # TRANSLATORS: an error in a ruleset: a condition's `at-least` key goes only with its `counter` key; keep both
        # as written.
        context.add(json_path_child(path, "at-least"), _("`at-least` goes with `counter`"))
    if question in ("empty", "all-empty"):
        zone = condition[question]
        context.check_reference("zone", json_path_child(path, question), zone)
        spec = context.zones.get(zone)
        per_player = isinstance(spec, dict) and spec.get("owner", "shared") == "player"
        if question == "empty" and per_player and "owner" not in condition and not about_a_player:
            context.add(
                json_path_child(path, question),
                # TRANSLATORS: an error in a ruleset: a condition asks whether a zone is empty, but each player has that
                # zone; {zone} is its id; keep `owner` and all-empty (ruleset keys).
                _("{zone} belongs to each player: say whose with `owner`, or use all-empty", zone=zone),
            )
        if "owner" in condition:
            context.check_reference("variable", json_path_child(path, "owner"), condition["owner"])
    elif question == "counter":
        counter = condition["counter"]
        context.check_reference("counter", json_path_child(path, "counter"), counter)
        if counter in context.counters and (context.counters[counter] or {}).get("owner", "shared") != "shared":
            context.add(
                json_path_child(path, "counter"),
                # TRANSLATORS: an error in a ruleset: a condition reads a counter each player has, where only shared
                # counters may be read; {counter} is its id, e.g. "coins".
                _("a condition reads a shared counter; {counter} is counted per player", counter=counter),
            )
    elif question in ("all", "any"):
        for index, part in enumerate(condition[question] or []):
            if isinstance(part, dict):
                _check_condition(context, f"{json_path_child(path, question)}[{index}]", part, about_a_player)
    elif isinstance(condition["not"], dict):
        _check_condition(context, json_path_child(path, "not"), condition["not"], about_a_player)


def _check_view(context: Context, data: dict[str, JSON]) -> None:
    """The zones and measures the terminal table shows, and the moves the narration tells."""
    presentation = data.get("presentation") or {}
    for index, item in enumerate(presentation.get("tell") or []):
        if isinstance(item, dict):
            for key, ref in (("step", "step"), ("from", "zone"), ("to", "zone"), ("counter", "counter")):
                if key in item:
                    context.check_reference(ref, json_path_child(f"$.presentation.tell[{index}]", key), item[key])
    view = presentation.get("view")
    if not isinstance(view, dict):
        return
    if "banner" in view:
        context.check_reference("zone", "$.presentation.view.banner", view["banner"])
    for section in ("columns", "own", "shared", "details"):
        for index, column in enumerate(view.get(section) or []):
            if not isinstance(column, dict):
                continue
            base = f"$.presentation.view.{section}[{index}]"
            for key, ref in (("zone", "zone"), ("measure", "measure"), ("total", "measure"), ("unit", "unit")):
                if key in column:
                    context.check_reference(ref, json_path_child(base, key), column[key])
            if "unit" in column and column.get("show") != "values":
                context.add(  # TRANSLATORS: an error in a ruleset: a column's `unit` needs `show: values`; keep both.
                    json_path_child(base, "unit"), _("`unit` says what card faces count in: it needs show: values")
                )
            for zone_index, zone in enumerate(column.get("zones") or []):
                context.check_reference("zone", f"{base}.zones[{zone_index}]", zone)
            if section in ("own", "shared"):
                _check_line_zones(context, section, base, column)
            anytime_ids = [block.get("id") for block in data.get("anytime") or [] if isinstance(block, dict)]
            if isinstance(column.get("pays"), str) and column["pays"] not in anytime_ids:
                context.add(
                    json_path_child(base, "pays"),
                    # TRANSLATORS: an error in a ruleset: `pays` of a column of the players table names no `anytime`
                    # action; {name} is the id written, e.g. "harvest"; {hint} is empty or " (did you mean 'x'?)".
                    _(
                        "no action taken at any time has the id '{name}'{hint}",
                        name=column["pays"][:80],
                        hint=did_you_mean(column["pays"], anytime_ids),
                    ),
                )
    if "turn" in view:
        context.check_reference("variable", "$.presentation.view.turn", view["turn"])


def _check_line_zones(context: Context, section: str, base: str, item: dict[str, JSON]) -> None:
    """A line of ``own`` or ``shared`` shows the cards of its ``zone`` or ``zones``; ``shared`` only of shared zones."""
    named = [("zone", item["zone"])] if "zone" in item else []
    named += [(f"zones[{index}]", zone) for index, zone in enumerate(item.get("zones") or [])]
    if not named:
        # TRANSLATORS: {section} is `own` or `shared`, a list of the ruleset's presentation.view; `zone` and
        # `zones` are keys of a ruleset file. Keep them as they are.
        context.add(
            base,
            _(
                "a line of `{section}` shows the cards of a zone: give it `zone` or `zones` "
                "(measures and the status go in `columns`)",
                section=section,
            ),
        )
        return
    if section != "shared":
        return
    for key, zone in named:
        declared = context.zones.get(zone) if isinstance(zone, str) else None
        if isinstance(declared, dict) and declared.get("owner", ZONE_DEFAULTS["owner"]) == "player":
            # TRANSLATORS: presentation.view.shared names a zone every player has; `shared`, `columns` and
            # `details` are keys of a ruleset file.
            context.add(
                f"{base}.{key}",
                _(
                    "the zone {zone} belongs to each player, but `shared` shows the table's shared zones: "
                    "show it in `columns` or `details`",
                    zone=zone,
                ),
            )


def _declared_range_is_sound(reporter: Reporter, path: str, name: str, definition: dict[str, JSON]) -> bool:
    """Whether the option's ``minimum`` and ``maximum`` (if any) make sense: for a number or an integer (whole for
    an integer), the least no more than the most. Each problem is told at its key."""
    sound = True
    kind = definition.get("type")
    for key in ("minimum", "maximum"):
        if key not in definition:
            continue
        if kind not in ("number", "integer"):
            # TRANSLATORS: an error in a ruleset: `minimum`/`maximum` ({key}, keep it) given to an option whose type
            # ({type}, keep it) is not number or integer.
            reporter.add(
                json_path_child(path, key),
                _("a {type} option takes no `{key}`", type=str(kind)[:40], key=key),
                key=True,
            )
            sound = False
            continue
        try:
            coerce_option_value(name, {"type": kind}, definition[key])
        except OptionValueError as error:
            reporter.add(json_path_child(path, key), str(error))
            sound = False
    if sound:
        low, high = declared_range(definition)
        if low is not None and high is not None and low > high:
            # TRANSLATORS: an error in a ruleset: an option's `minimum` is more than its `maximum` (keep both words).
            reporter.add(json_path_child(path, "minimum"), _("the `minimum` is more than the `maximum`"))
            sound = False
    return sound


def _check_options(reporter: Reporter, data: dict[str, JSON], definitions: dict[str, JSON]) -> None:
    add = reporter.add
    for name, definition in definitions.items():
        if not isinstance(definition, dict):
            continue
        path = json_path_child("$.option-definitions", name)
        # An overlay may add an option the schema (which sees only the overlay's changes) cannot
        # check whole: a missing `type` or `default` is named here, at the option's key.
        if definition.get("type") is None:
            # TRANSLATORS: `type` is a key of an option's definition; {types} lists its values.
            add(
                path,
                _("option '{name}' has no `type`: add one of {types}", name=name[:80], types=", ".join(OPTION_TYPES)),
                key=True,
            )
            continue
        if definition.get("type") not in OPTION_TYPES:
            continue  # the schema names the valid types, at the `type` line
        if "default" not in definition and not definition.get("nullable"):
            # TRANSLATORS: `default` and `nullable: true` are keys of an option's definition, as written in a file.
            add(
                path,
                _(
                    "option '{name}' has no `default`: add one (or `nullable: true` if the option may be none)",
                    name=name[:80],
                ),
                key=True,
            )
            continue
        if definition.get("type") in ("choice", "list") and not definition.get("values"):
            # TRANSLATORS: an error in a ruleset: an option of type choice or list ({type}, keep it) declares no
            # `values`.
            add(path, _("a {type} option needs `values`", type=definition["type"]))
            continue
        if not _declared_range_is_sound(reporter, path, name, definition):
            continue
        if "default" in definition or not definition.get("nullable"):
            try:
                coerce_option_value(name, definition, definition.get("default"))
            except OptionValueError as error:
                add(json_path_child(path, "default") if "default" in definition else path, str(error))
    for name, value in (data.get("options") or {}).items():
        path = json_path_child("$.options", name)
        if name not in definitions:
            add(
                path,
                _(
                    "unknown option '{name}'{hint}; valid options: {valid}",
                    name=name[:80],
                    hint=did_you_mean(name, list(definitions)),
                    valid=", ".join(sorted(definitions)) or "-",
                ),
                key=True,
            )
            continue
        try:
            coerce_option_value(name, definitions[name], value)
        except OptionValueError as error:
            add(path, str(error))
    for path, value in _walk({k: v for k, v in data.items() if k not in ("options", "option-definitions")}, "$"):
        if is_option_reference(value) and value["option"] not in definitions:
            add(
                json_path_child(path, "option"),
                _(
                    "unknown option '{name}'{hint}; valid options: {valid}",
                    name=value["option"][:80],
                    hint=did_you_mean(value["option"], list(definitions)),
                    valid=", ".join(sorted(definitions)) or "-",
                ),
            )
        elif is_option_reference(value) and isinstance(value.get("map"), dict):
            definition = definitions[value["option"]]
            kinds = {"boolean": ["true", "false"], "choice": [str(v) for v in definition.get("values") or ()]}
            for missing in [key for key in kinds.get(definition.get("type"), []) if key not in value["map"]]:
                add(
                    json_path_child(path, "map"),
                    # TRANSLATORS: an error in a ruleset: {option: NAME, map: ...} gives no entry for one of the
                    # option's values; {value} is that value, e.g. true; {name} the option's name (keep both).
                    _(
                        "the map gives nothing for the value {value} of option '{name}'",
                        value=missing,
                        name=value["option"],
                    ),
                )


def _check_tiebreak(
    reporter: Reporter, data: dict[str, JSON], definitions: dict[str, JSON], criteria: dict[str, JSON]
) -> None:
    scoring = data.get("scoring") or {}
    if isinstance(scoring, dict) and scoring.get("score") is not None and scoring.get("parts") is not None:
        reporter.add(
            "$.scoring.parts",
            # TRANSLATORS: "score", "parts" and "$replace: true" are ruleset keywords (the score as one expression, or
            # in named parts); keep them as they are.
            _(
                "write the score as score or as parts, not both (an overlay that writes its own score over "
                "inherited parts replaces the scoring: $replace: true)"
            ),
        )
    parts = scoring.get("parts") if isinstance(scoring, dict) else None
    for index, part in enumerate(parts if isinstance(parts, list) else ()):
        for key in ("name", "value"):
            if isinstance(part, dict) and key not in part:
                reporter.add(f"$.scoring.parts[{index}]", _("missing required key '{key}'", key=key))
    tiebreak = (data.get("scoring") or {}).get("tiebreak")
    names: list[tuple[str, JSON]] = []
    if isinstance(tiebreak, list):
        names = [(f"$.scoring.tiebreak[{i}]", name) for i, name in enumerate(tiebreak)]
    elif is_option_reference(tiebreak) and tiebreak["option"] in definitions:
        definition = definitions[tiebreak["option"]]
        option_path = json_path_child("$.option-definitions", tiebreak["option"])
        if definition.get("type") not in ("list", "choice"):
            # TRANSLATORS: an error in a ruleset: scoring.tiebreak names an option that is neither of type list nor
            # choice.
            reporter.add("$.scoring.tiebreak.option", _("the tiebreak option must be a list or choice option"))
        names = [
            (json_path_child(option_path, "values") + f"[{i}]", name)
            for i, name in enumerate(definition.get("values") or [])
        ]
    for path, name in names:
        if name not in criteria:
            reporter.add(
                path,
                # TRANSLATORS: an error in a ruleset: a tiebreak criterion not declared under tiebreak-criteria; {hint}
                # is empty or " (did you mean 'x'?)"; {valid} lists the declared criteria (keep the ids).
                _(
                    "unknown tiebreak criterion '{name}'{hint}; declared: {valid}",
                    name=str(name)[:80],
                    hint=did_you_mean(str(name), list(criteria)),
                    valid=", ".join(criteria) or "-",
                ),
            )


def _check_deck_size(context: Context) -> None:
    """A game deals no more cards than a game log lists (its ``deck``), whatever the number of players (a count
    ``by-players`` may be largest for a number between the fewest and the most)."""
    for players in context.player_counts():
        total = 0
        for card in context.cards:
            try:
                total += max(context.copies(card, players), 0)
            except (TypeError, ValueError):
                return  # a count from an option: judged once the option's value is known
        if total > MAX_CARDS:
            context.add(
                "$.cards",
                # TRANSLATORS: an error in a ruleset: too many cards; {players} is a number of players, {count} the
                # cards a game would have, {limit} the most cards a game may have.
                _(
                    "a game of {players} players would have {count} cards; a game holds at most "
                    "{limit}, as many as a game log lists",
                    players=players,
                    count=total,
                    limit=MAX_CARDS,
                ),
            )
            return


def _check_ending(context: Context, data: dict[str, JSON], catalog: BlockCatalog) -> None:
    """Every end condition can trigger (its own ``reachable``), and at least one does."""
    ends = catalog.kinds("end")
    reachable = False
    conditions = [c for c in data.get("end") or [] if isinstance(c, dict)]
    for index, condition in enumerate(conditions):
        block_class = ends.get(condition.get("kind", ""))
        if block_class is None:
            continue
        can = getattr(block_class, "reachable", None)
        path = f"$.end[{index}]"
        # A condition already reported (it counts a tag that does not exist) is not judged again.
        told = any(
            (d.location.json_path or "").startswith((path + ".", path + "[")) or d.location.json_path == path
            for d in context.reporter.diagnostics
        )
        if can is None or told or can(condition, path, context):
            reachable = True
    if conditions and not reachable:
        # TRANSLATORS: an error in a ruleset: no end condition under `end` can ever trigger with this deck and these
        # rules.
        context.add("$.end", _("the game can never end: no end condition can trigger"))
