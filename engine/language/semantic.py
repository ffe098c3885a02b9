"""Checks after the schema: what a JSON Schema cannot say about a ruleset.

Every referenced card, tag, attribute, option and tiebreak criterion exists;
values are in range; card ids are unique; option values fit their
declarations; and every end condition can trigger, every card has an auction,
the game can end. All problems are collected in one run, each located where
the offending value was written (in the parent's file when inherited).
"""
from __future__ import annotations

from typing import Any, Callable, Iterator

from ..errors import Diagnostic, Location
from ..text.i18n import _
from .options import OptionValueError, coerce_option_value, did_you_mean, is_option_reference
from .yaml_loader import Node, PositionIndex, json_path_child


class _Reporter:
    """Collects diagnostics located through a position index."""

    def __init__(self, tree: Node) -> None:
        self.index = PositionIndex.of(tree)
        self.diagnostics: list[Diagnostic] = []

    def add(self, path: str, message: str, *, key: bool = False) -> None:
        position = self.index.key(path) if key else self.index.value(path)
        location = position.location(path) if position else Location(json_path=path)
        self.diagnostics.append(Diagnostic(location, message))


def check_duplicate_ids(tree: Node) -> list[Diagnostic]:
    """Items of one file's id-lists that share an id (the merge would silently fold them)."""
    reporter = _Reporter(tree)
    for path, items in _id_lists(tree.plain(), "$"):
        seen: dict[str, int] = {}
        for index, item in enumerate(items):
            item_id = item.get("id")
            if not isinstance(item_id, str):
                continue
            if item_id in seen:
                reporter.add(json_path_child(json_path_child(path, index), "id"),
                             _("duplicate id '{id}' (also item {n} of this list)", id=item_id[:80], n=seen[item_id] + 1))
            else:
                seen[item_id] = index
    return reporter.diagnostics


def _id_lists(value: Any, path: str) -> Iterator[tuple[str, list]]:
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _id_lists(child, json_path_child(path, key))
    elif isinstance(value, list):
        if value and all(isinstance(item, dict) and "id" in item for item in value):
            yield path, value
        for index, child in enumerate(value):
            yield from _id_lists(child, json_path_child(path, index))


def _walk(value: Any, path: str) -> Iterator[tuple[str, Any]]:
    yield path, value
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _walk(child, json_path_child(path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk(child, json_path_child(path, index))


def _blocks(data: dict) -> Iterator[tuple[str, dict]]:
    """Every block spec of the ruleset with its JSON path."""
    for index, card in enumerate(data.get("cards") or []):
        if isinstance(card, dict) and isinstance(card.get("on-take"), dict):
            yield f"$.cards[{index}].on-take", card["on-take"]
    for key in ("setup", "end"):
        for index, block in enumerate(data.get(key) or []):
            if isinstance(block, dict):
                yield f"$.{key}[{index}]", block
    round_spec = data.get("round") or {}
    if isinstance(round_spec.get("reveal"), dict):
        yield "$.round.reveal", round_spec["reveal"]
    for index, block in enumerate(round_spec.get("auctions") or []):
        if isinstance(block, dict):
            yield f"$.round.auctions[{index}]", block
    scoring = data.get("scoring") or {}
    for index, block in enumerate(scoring.get("steps") or []):
        if isinstance(block, dict):
            yield f"$.scoring.steps[{index}]", block
    if isinstance(scoring.get("elimination"), dict):
        yield "$.scoring.elimination", scoring["elimination"]
    for name, block in (data.get("tiebreak-criteria") or {}).items():
        if isinstance(block, dict):
            yield json_path_child("$.tiebreak-criteria", name), block


def _matches(selector: dict | None, card: dict) -> bool:
    if not selector:
        return True
    if "tag" in selector:
        return selector["tag"] in (card.get("tags") or [])
    if "card" in selector:
        return selector["card"] == card.get("id")
    return False


def check(tree: Node, registry: dict[str, dict[str, Any]] | None = None) -> list[Diagnostic]:
    """Every semantic problem of a merged ruleset tree that passed the schema."""
    reporter = _Reporter(tree)
    data = tree.plain()
    add = reporter.add
    cards = [card for card in data.get("cards") or [] if isinstance(card, dict)]
    card_ids = [card.get("id") for card in cards]
    tags = data.get("tags") or {}
    definitions = data.get("option-definitions") or {}
    criteria = data.get("tiebreak-criteria") or {}
    attributes = {"value"} if any("value" in card for card in cards) else set()
    for card in cards:
        attributes.update((card.get("attributes") or {}).keys())

    players = data.get("players") or {}
    if isinstance(players.get("min"), int) and isinstance(players.get("max"), int):
        if players["min"] < 2:
            add("$.players.min", _("a game needs at least 2 players, not {n}", n=players["min"]))
        if players["min"] > players["max"]:
            add("$.players.max", _("the most players ({max}) is fewer than the fewest ({min})",
                                   max=players["max"], min=players["min"]))

    values = (data.get("money") or {}).get("values") or []
    for index, value in enumerate(values):
        if index and isinstance(value, int) and isinstance(values[index - 1], int) and value <= values[index - 1]:
            add(f"$.money.values[{index}]", _("money values must be distinct and ascending: {value} comes after {previous}",
                                              value=value, previous=values[index - 1]))

    seen_ids: set[str] = set()
    for index, card in enumerate(cards):
        if card.get("id") in seen_ids:
            add(f"$.cards[{index}].id", _("duplicate card id '{id}'", id=str(card.get("id"))[:80]))
        seen_ids.add(card.get("id"))
        for tag_index, tag in enumerate(card.get("tags") or []):
            if tag not in tags:
                add(f"$.cards[{index}].tags[{tag_index}]",
                    _("unknown tag '{tag}'{hint}", tag=str(tag)[:80], hint=did_you_mean(str(tag), list(tags))))

    def check_tag(path: str, value: Any) -> None:
        if isinstance(value, str) and value not in tags:
            add(path, _("unknown tag '{tag}'{hint}", tag=value[:80], hint=did_you_mean(value, list(tags))))

    def check_card(path: str, value: Any) -> None:
        if isinstance(value, str) and value not in card_ids:
            add(path, _("unknown card '{card}'{hint}", card=value[:80], hint=did_you_mean(value, card_ids)))

    def check_attribute(path: str, value: Any) -> None:
        if isinstance(value, str) and value not in attributes:
            add(path, _("no card has the attribute '{attribute}'{hint}", attribute=value[:80],
                        hint=did_you_mean(value, sorted(attributes))))

    checkers: dict[str, Callable[[str, Any], None]] = {"tag": check_tag, "card": check_card, "attribute": check_attribute}
    for path, block in _blocks(data):
        for key, checker in checkers.items():
            if key in block:
                checker(json_path_child(path, key), block[key])
        when = block.get("when")
        if isinstance(when, dict):
            for key in ("tag", "card"):
                if key in when:
                    checkers[key](json_path_child(json_path_child(path, "when"), key), when[key])
        if registry is not None and isinstance(block.get("kind"), str):
            _check_kind(reporter, path, block["kind"], registry, data)

    _check_options(reporter, data, definitions)
    _check_tiebreak(reporter, data, definitions, criteria)
    _check_reachability(reporter, data, cards)
    return reporter.diagnostics


def _category_of(path: str) -> str | None:
    for prefix, category in (("$.cards", "effect"), ("$.setup", "setup"), ("$.end", "end"), ("$.round.reveal", "reveal"),
                             ("$.round.auctions", "auction"), ("$.scoring.steps", "score-step"),
                             ("$.scoring.elimination", "elimination"), ("$.tiebreak-criteria", "tiebreak")):
        if path.startswith(prefix):
            return category
    return None


def _check_kind(reporter: _Reporter, path: str, kind: str, registry: dict[str, dict[str, Any]], data: dict) -> None:
    category = _category_of(path)
    known = registry.get(category) if category else None
    if known is not None and kind not in known:
        reporter.add(json_path_child(path, "kind"),
                     _("the engine has no {category} block '{kind}'{hint}", category=category, kind=kind[:80],
                       hint=did_you_mean(kind, list(known))))


def _check_options(reporter: _Reporter, data: dict, definitions: dict) -> None:
    add = reporter.add
    for name, definition in definitions.items():
        if not isinstance(definition, dict):
            continue
        path = json_path_child("$.option-definitions", name)
        if definition.get("type") in ("choice", "list") and not definition.get("values"):
            add(path, _("a {type} option needs `values`", type=definition["type"]))
            continue
        if "default" in definition or not definition.get("nullable"):
            try:
                coerce_option_value(name, definition, definition.get("default"))
            except OptionValueError as error:
                add(json_path_child(path, "default") if "default" in definition else path, str(error))
    for name, value in (data.get("options") or {}).items():
        path = json_path_child("$.options", name)
        if name not in definitions:
            add(path, _("unknown option '{name}'{hint}; valid options: {valid}", name=name[:80],
                        hint=did_you_mean(name, list(definitions)), valid=", ".join(sorted(definitions)) or "-"), key=True)
            continue
        try:
            coerce_option_value(name, definitions[name], value)
        except OptionValueError as error:
            add(path, str(error))
    for path, value in _walk({k: v for k, v in data.items() if k not in ("options", "option-definitions")}, "$"):
        if is_option_reference(value) and value["option"] not in definitions:
            add(json_path_child(path, "option"), _("unknown option '{name}'{hint}; valid options: {valid}",
                                                   name=value["option"][:80], hint=did_you_mean(value["option"], list(definitions)),
                                                   valid=", ".join(sorted(definitions)) or "-"))


def _check_tiebreak(reporter: _Reporter, data: dict, definitions: dict, criteria: dict) -> None:
    tiebreak = (data.get("scoring") or {}).get("tiebreak")
    names: list[tuple[str, Any]] = []
    if isinstance(tiebreak, list):
        names = [(f"$.scoring.tiebreak[{i}]", name) for i, name in enumerate(tiebreak)]
    elif is_option_reference(tiebreak) and tiebreak["option"] in definitions:
        definition = definitions[tiebreak["option"]]
        option_path = json_path_child("$.option-definitions", tiebreak["option"])
        if definition.get("type") not in ("list", "choice"):
            reporter.add("$.scoring.tiebreak.option", _("the tiebreak option must be a list or choice option"))
        names = [(json_path_child(option_path, "values") + f"[{i}]", name)
                 for i, name in enumerate(definition.get("values") or [])]
    for path, name in names:
        if name not in criteria:
            reporter.add(path, _("unknown tiebreak criterion '{name}'{hint}; declared: {valid}", name=str(name)[:80],
                                 hint=did_you_mean(str(name), list(criteria)), valid=", ".join(criteria) or "-"))


def _check_reachability(reporter: _Reporter, data: dict, cards: list[dict]) -> None:
    add = reporter.add
    auctions = [a for a in ((data.get("round") or {}).get("auctions") or []) if isinstance(a, dict)]
    if auctions:
        for index, auction in enumerate(auctions[:-1]):
            if not auction.get("when"):
                add(f"$.round.auctions[{index + 1}]",
                    _("this auction is never held: the auction before it has no `when` and takes every card"))
                break
        without = [card.get("id") for card in cards
                   if not any(_matches(a.get("when") if isinstance(a.get("when"), dict) else None, card) for a in auctions)]
        if without:
            add(f"$.round.auctions[{len(auctions) - 1}].when",
                _("no auction is held for {cards}: give the last auction no `when`", cards=", ".join(map(str, without[:5]))
                  + (", …" if len(without) > 5 else "")))
    reachable = False
    for index, condition in enumerate(data.get("end") or []):
        if not isinstance(condition, dict):
            continue
        kind = condition.get("kind")
        if kind == "nth-tagged-revealed" and isinstance(condition.get("count"), int) and isinstance(condition.get("tag"), str):
            available = sum(1 for card in cards if condition["tag"] in (card.get("tags") or []))
            if condition["count"] > available:
                add(f"$.end[{index}].count",
                    _("this end condition can never trigger: it waits for {count} cards tagged '{tag}' but the deck has {available}",
                      count=condition["count"], tag=condition["tag"], available=available))
                continue
            reachable = True
        elif kind is not None:
            reachable = True
    if data.get("end") and not reachable:
        add("$.end", _("the game can never end: no end condition can trigger"))
