"""The interpreter names no particular game: game knowledge lives in rulesets/ and locales/ only."""

from __future__ import annotations

import re

import locations

ENGINE = locations.REPO / "engine"
GAME_WORDS = re.compile(
    r"luxury|prestige|scandal|theft|high.?society|\bbeans?\b|bohn|chili|stink|\bsoy\b|"
    r"black.?eyed|\bcocoa\b|beanometer|"
    # No Thanks!, Coloretto and Love Letter: written in YAML and catalogs only.
    r"no.?thanks|coloretto|chameleon|love.?letter|\bguard\b|\bpriest\b|\bbaron\b|handmaid|\bprince\b|"
    r"\bking\b|countess|princess|\bminister\b",
    re.IGNORECASE,
)


def test_no_python_file_in_the_engine_names_a_game():
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if GAME_WORDS.search(line):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}")
    assert offenders == []


def test_the_check_itself_catches_a_game_word():
    assert GAME_WORDS.search("High-Society") and GAME_WORDS.search("the THEFT card") and GAME_WORDS.search("Blue Bean")
    assert (
        GAME_WORDS.search("No Thanks!") and GAME_WORDS.search("coloretto/classic") and GAME_WORDS.search("Love_Letter")
    )
    assert (
        GAME_WORDS.search("the Countess") and GAME_WORDS.search("a Priest looks") and not GAME_WORDS.search("kingdom")
    )


CORE = ENGINE / "core"
AUCTION_OR_TRADE_WORDS = re.compile(r"money|\bbids?\b|auction|\bbeans?\b|\bcoins?\b", re.IGNORECASE)


def test_the_core_names_no_money_bid_or_auction():
    """engine/core is the game model: the words of a kind of game belong to its block family."""
    offenders = []
    for path in sorted(CORE.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if AUCTION_OR_TRADE_WORDS.search(line):
                offenders.append(f"{path.relative_to(ENGINE.parent)}:{number}: {line.strip()}")
    assert offenders == []


# The bots layer's strategies, and what hands them their decisions: held strictly. Besides naming no family's action
# word or constant, they name no block kind nor action space (a family's hints name the strategy that plays its
# decisions, and its facts say what the strategy may not read from the observation) and import nothing of a family
# but the hints' interface (engine.families.common) and the list of front halves (engine.families.fronts).
STRICT = ("fronts/bots/strategies/", "fronts/bots/hints.py", "fronts/bots/heuristic_bot.py")
# Words that are not one family's: "pass" is two families' (at a bid, and making no offer); "move" is also the core's
# event type of cards moving between zones.
SHARED = {"pass", "move"}


def _family_knowledge():
    """Per family: the log words of its actions, the names of its public constants (UPPER_CASE), and its block
    kinds and action spaces' names."""
    import ast as python_ast
    import importlib

    from engine.families import catalog

    known = {}
    for name in (
        "auction",
        "cards",
        "end",
        "flow",
        "harvest",
        "outcome",
        "planting",
        "scoring",
        "supply",
        "trading",
        "zones",
    ):
        rules = importlib.import_module(f"engine.families.{name}.rules")
        words = {word for space in getattr(rules, "SPACES", ()) for word in space.json_actions}
        kinds = {block.kind for block in getattr(rules, "BLOCKS", ()) if getattr(block, "kind", None)}
        kinds |= {space.name for space in getattr(rules, "SPACES", ())}
        constants = set()
        for path in (ENGINE / "families" / name).rglob("*.py"):
            for node in python_ast.parse(path.read_text(encoding="utf-8")).body:
                if isinstance(node, python_ast.Assign):
                    constants |= {
                        target.id
                        for target in node.targets
                        if isinstance(target, python_ast.Name) and target.id.isupper() and not target.id.startswith("_")
                    }
        known[name] = (words, constants, kinds)
    assert catalog.CATALOG.spaces  # the families were read
    # A name several families define is an interface every family answers (BLOCKS, SPACES, FRONT...): nobody's own.
    everywhere = [constants for _words, constants, _kinds in known.values()]
    common = {name for constants in everywhere for name in constants if sum(name in other for other in everywhere) > 1}
    return {family: (words, constants - common, kinds) for family, (words, constants, kinds) in known.items()}


def _offenders(relative, source, knowledge):
    """Where the module at ``relative`` (under engine/) names a family's action, constant, or (held strictly) block
    kind or module."""
    import ast as python_ast

    tree = python_ast.parse(source)
    literals = {
        (node.value, node.lineno)
        for node in python_ast.walk(tree)
        if isinstance(node, python_ast.Constant) and isinstance(node.value, str)
    }
    names = {(node.id, node.lineno) for node in python_ast.walk(tree) if isinstance(node, python_ast.Name)}
    names |= {
        (alias.asname or alias.name, node.lineno)
        for node in python_ast.walk(tree)
        if isinstance(node, python_ast.ImportFrom)
        for alias in node.names
    }
    strict = any(relative.as_posix().startswith(prefix) for prefix in STRICT)
    offenders = []
    for family, (words, constants, kinds) in knowledge.items():
        if relative.parts[:2] == ("families", family):
            continue
        offenders += [
            f"{relative}:{line}: {family}'s action '{value}'" for value, line in literals if value in words - SHARED
        ]
        offenders += [f"{relative}:{line}: {family}'s constant {name}" for name, line in names if name in constants]
        if strict:
            offenders += [
                f"{relative}:{line}: {family}'s block kind or action space '{value}'"
                for value, line in literals
                if value in kinds - SHARED
            ]
    if strict:
        imported = [
            (node.module or "", node.lineno)
            for node in python_ast.walk(tree)
            if isinstance(node, python_ast.ImportFrom)
        ]
        imported += [
            (alias.name, node.lineno)
            for node in python_ast.walk(tree)
            if isinstance(node, python_ast.Import)
            for alias in node.names
        ]
        offenders += [
            f"{relative}:{line}: imports {module}"
            for module, line in imported
            if module.startswith("engine.families.") and module.split(".")[2] not in ("common", "fronts")
        ]
    return offenders


def test_no_module_outside_the_families_names_their_actions_or_constants():
    """The log reader, the log schema, the public exports, the table view and every other front ask the families:
    none writes a family's action word as a string or uses one of its constants by name. The heuristic bot's
    strategies are held strictly (``STRICT``): no block kind, no action space, no family's module either."""
    knowledge = _family_knowledge()
    offenders = []
    for path in sorted(ENGINE.rglob("*.py")):
        relative = path.relative_to(ENGINE)
        if relative.parts[0] == "families":
            continue  # a family's front may build on another's (the card decisions a building grants)
        offenders += _offenders(relative, path.read_text(encoding="utf-8"), knowledge)
    assert offenders == [], "\n".join(sorted(offenders))
    assert (ENGINE / STRICT[0]).is_dir() and all((ENGINE / prefix).is_file() for prefix in STRICT[1:])


def test_the_check_itself_catches_a_strategy_that_names_a_family():
    from pathlib import PurePosixPath

    knowledge = _family_knowledge()
    source = (
        "from engine.families.trading.rules.offers import Offer\n"
        "from engine.families.harvest.rules import HARVEST_COMMAND\n"
        'KIND = "plant-all"\n'
        'WORD = "offer"\n'
    )
    strategy = _offenders(PurePosixPath("fronts/bots/strategies/new.py"), source, knowledge)
    assert any("'plant-all'" in found for found in strategy)
    assert any("imports engine.families.trading.rules.offers" in found for found in strategy)
    assert any("constant HARVEST_COMMAND" in found for found in strategy)
    assert any("action 'offer'" in found for found in strategy)
    # Elsewhere in the front ends only the actions and constants count.
    other = _offenders(PurePosixPath("fronts/cli/new.py"), source, knowledge)
    assert sorted(found.split(": ", 1)[1] for found in other) == [
        "harvest's constant HARVEST_COMMAND",
        "trading's action 'offer'",
    ]
