"""The conformance suite every ruleset must pass, built-in or a user's house rule.

Shipped in the package (like PettingZoo's API test) so that anyone writing a
ruleset runs the same checks as the project: ``cardrules validate
--conformance FILE``, or from pytest::

    @pytest.mark.parametrize("name", all_shipped_rulesets())
    def test_conforms(name):
        assert check_ruleset(name) == []

The checks: the ruleset loads; every file of its chain and the merged result
pass the schema and the semantic checks; and, for a playable ruleset, a few
seeded games with random legal actions reach the end for every allowed number
of players (all of them, or a sample when a ruleset allows very many), with
every card in exactly one zone after every action, one score per player and
winners among the players who are not out.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base import resources
from engine.base.errors import CardrulesError, Diagnostic, EndlessGameError, Location, RulesetError, display_path
from engine.base.i18n import _
from engine.core.game import Game
from engine.core.limits import MAX_ACTIONS
from engine.families.catalog import list_rulesets, load_merged, load_ruleset, validate_merged
from engine.language.options import declared_range, option_value_text
from engine.language.ruleset import is_abstract

if TYPE_CHECKING:
    from engine.core.state import State
    from engine.language.ruleset import Ruleset

GAMES_PER_PLAYER_COUNT = 2
# A ruleset may allow any number of players; the suite plays the smallest
# counts and the largest, not every one in between.
MAX_PLAYER_COUNTS = 8
# A game that does not end is stopped by the engine itself (engine.core.state: no progress for 2,048
# decisions, or past what a log holds, engine.core.limits), with a located error the suite reports.
# (Extrapolating how fast the end conditions come nearer cannot tell: another rule may end the game first,
# as a refill from an empty pile can, whatever a count says.)
# The games played here must also end sooner than that: within this many decisions, or this many per card of
# the deck when that is more (never past what a log holds). The longest random game of a shipped ruleset
# takes about 2,200; a game ten times as long is not one people play, and playing a game that never ends to
# the log's 100,000 decisions took 15 seconds.
TRIAL_DECISIONS = 20_000
TRIAL_DECISIONS_PER_CARD = 20


def all_shipped_rulesets() -> list[str]:
    """The names of every ruleset found under every root (abstract ones too: they must validate)."""
    return [info.name for info in list_rulesets()]


def check_ruleset(
    name_or_path: str | os.PathLike, *, games: int = GAMES_PER_PLAYER_COUNT, seed: int = 0
) -> list[Diagnostic]:
    """Every conformance problem of a ruleset (an empty list when it conforms)."""
    try:
        merged = load_merged(name_or_path)
    except CardrulesError as error:
        return list(error.diagnostics)
    diagnostics = validate_merged(merged)
    if diagnostics:
        return diagnostics
    if is_abstract(merged):
        return []  # shared parts only: valid, but not a game to play
    try:
        ruleset = load_ruleset(name_or_path)
    except CardrulesError as error:
        return list(error.diagnostics)
    where = Location(merged.source.shown_name)
    return _play_games(ruleset, where, games, seed)


def trial_problems(name_or_path: str | os.PathLike) -> list[Diagnostic]:
    """What ``cardrules validate`` adds to the checks of the files: one random game at each of
    :func:`trial_player_counts` must end (a valid ruleset may still never end: a deal larger than its deck at
    five seats), told at the ruleset's end conditions. The conformance suite plays more games and checks more."""
    try:
        if is_abstract(load_merged(name_or_path)):
            return []
        ruleset = load_ruleset(name_or_path)
    except CardrulesError as error:
        return list(error.diagnostics)
    where = Location(display_path(ruleset.source) if ruleset.source else ruleset.id)
    return _play_games(ruleset, where, 1, 0, counts=trial_player_counts(ruleset), thorough=False) or (
        _range_end_problems(name_or_path, ruleset, where)
    )


def require_trial(name_or_path: str | os.PathLike) -> None:
    """Refuse, as ``validate`` does, a ruleset from the user's files whose trial games do not end: what ``validate``
    refuses is not played (a RulesetError with the same located problems).

    The program's own rulesets are tried by its tests. A user's chain is tried
    once per content of its files (a mark under the user's cache folder), so a
    house rule played again starts at once; a trial that fails is tried again
    next time, since the files will change.
    """
    merged = load_merged(name_or_path)
    program = resources.package_root().resolve()
    files = [loaded.path.resolve() for loaded in merged.chain]
    if all(path.is_relative_to(program) for path in files):
        return
    digest = hashlib.sha256(resources.program_version().encode())
    for path in files:
        digest.update(os.fsencode(path) + b"\0")
        try:
            digest.update(hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            return  # load_ruleset has just read it: gone since, the game's own loading says so
    mark = resources.user_cache_root() / "trials" / digest.hexdigest()
    if mark.is_file():
        return
    problems = trial_problems(name_or_path)
    if problems:
        raise RulesetError(problems)
    with contextlib.suppress(OSError):  # a cache that cannot be written only means trying again next time
        mark.parent.mkdir(parents=True, exist_ok=True)
        mark.touch()


def _range_end_problems(name_or_path: str | os.PathLike, ruleset: Ruleset, where: Location) -> list[Diagnostic]:
    """A game at each end of every number option's declared range (``minimum``, ``maximum``), one option at a
    time, at the fewest players and at the most: a goal that the option's maximum puts out of reach, or a deal
    that the deck holds for three players and not for five, is found by ``validate`` before a table waits for
    it. ``-o`` refuses a value past either end. (The trial of one end stops as soon as the game is seen not to
    end: the engine's own limits, see ``decision_limit``.)"""
    problems: list[Diagnostic] = []
    counts = sorted({ruleset.players_min, ruleset.players_max})
    for name, definition in ruleset.option_definitions.items():
        for value in declared_range(definition):
            if value is None or value == ruleset.options.get(name):
                continue
            try:
                variant = load_ruleset(name_or_path, {name: value})
            except CardrulesError as error:
                problems.extend(error.diagnostics)  # validate's own checks of each end say so first
                continue
            # TRANSLATORS: a condition before a problem; {value} is a value the option may take (true, a choice).
            condition = _("when option '{name}' is {value}", name=name, value=option_value_text(value))
            problems.extend(
                # TRANSLATORS: {condition} is "when option 'X' is Y"; {problem} what goes wrong then.
                Diagnostic(d.location, _("{condition}: {problem}", condition=condition, problem=d.message))
                for d in _play_games(variant, where, 1, 0, counts=counts, thorough=False)
            )
    return problems


# Up to this many numbers of players, the trial plays every one of them.
EVERY_COUNT_UP_TO = 8


def trial_player_counts(ruleset: Ruleset) -> list[int]:
    """Every number of players the ruleset is for, when they are few (``EVERY_COUNT_UP_TO``); else the fewest
    and the most, every number that a ``by-players`` count anywhere names (a card's copies, a deal, the first
    seats' cards, an end, a cap), and the first and last number of each run of numbers such a table leaves to
    its ``otherwise``: a deal that the deck cannot hold is as likely at a number reached only through
    ``otherwise`` as at the two ends."""
    low, high = ruleset.players_min, ruleset.players_max
    if high - low < EVERY_COUNT_UP_TO:
        return list(range(low, high + 1))
    counts = {low, high}
    for named in _by_players_tables(ruleset.data):
        counts.update(players for players in named if low <= players <= high)
        counts.update(_ends_of_runs([players for players in range(low, high + 1) if players not in named]))
    return sorted(counts)


def _ends_of_runs(numbers: list[int]) -> set[int]:
    """The first and the last number of each run of consecutive ``numbers`` (sorted): the counts of players a
    ``by-players`` table leaves to its ``otherwise`` come in runs, and a count that grows or shrinks with the
    players (a deal, a goal) is at its extremes at a run's ends."""
    ends: set[int] = set()
    for index, number in enumerate(numbers):
        if index == 0 or numbers[index - 1] != number - 1:
            ends.add(number)
        if index == len(numbers) - 1 or numbers[index + 1] != number + 1:
            ends.add(number)
    return ends


def _by_players_tables(value: Any) -> list[set[int]]:
    """The numbers of players each ``by-players`` mapping of ``value`` (a ruleset's resolved tree) names."""
    found: list[set[int]] = []
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, Mapping):
            table = item.get("by-players")
            if isinstance(table, Mapping):
                found.append({int(key) for key in table if str(key).isdigit()})
            pending.extend(item.values())
        elif isinstance(item, (list, tuple)):
            pending.extend(item)
    return found


def _play_games(
    ruleset: Ruleset, where: Location, games: int, seed: int, counts: list[int] | None = None, thorough: bool = True
) -> list[Diagnostic]:

    problems: list[Diagnostic] = []
    rng = random.Random(seed)
    for players in counts or player_counts(ruleset):
        for _game_number in range(games):
            game_seed = rng.randrange(2**32)
            try:
                problem = _play_one(Game(ruleset, players), game_seed, thorough)
            except EndlessGameError as error:
                # Located in the ruleset, and the same whatever the number of players: said once.
                return problems + [
                    Diagnostic(
                        d.location,
                        # TRANSLATORS: validate --conformance: a random test game of the ruleset failed; {players} is
                        # how many played, {seed} the game's random seed (a number), {problem} what went wrong.
                        _(
                            "{players} players, seed {seed}: {problem}",
                            players=players,
                            seed=game_seed,
                            problem=d.message,
                        ),
                    )
                    for d in error.diagnostics
                ]
            except CardrulesError as error:
                # TRANSLATORS: validate --conformance: the engine refused an action it had itself listed as legal;
                # {reason} is its error message.
                problem = _("the interpreter refused a legal action: {reason}", reason=str(error)[:200])
            if problem is not None:
                problems.append(
                    Diagnostic(
                        where,
                        _(
                            "{players} players, seed {seed}: {problem}",
                            players=players,
                            seed=game_seed,
                            problem=problem,
                        ),
                    )
                )
                break  # one failing game per player count is enough to show
    return problems


def player_counts(ruleset: Ruleset) -> list[int]:
    """The player counts the suite tries: every one, or the smallest and the largest few."""
    low, high = ruleset.players_min, ruleset.players_max
    if high - low < MAX_PLAYER_COUNTS:
        return list(range(low, high + 1))
    half = MAX_PLAYER_COUNTS // 2
    return list(range(low, low + half)) + list(range(high - half + 1, high + 1))


# Decks up to this size are counted after every action of a checked game; larger ones every (size // this) actions.
CARDS_COUNTED_PER_ACTION = 256


def cards_misplaced(state: State) -> str | None:
    """Why the cards are not each in exactly one zone, or None when they are.

    Linear in the number of cards: ordered zones are marked in a byte array,
    since testing one bit of a mask of thousands of cards costs the whole mask.
    """
    size = state.game.cards.size
    in_sets = 0
    total = 0
    ordered = []
    for content in state.zones:
        if type(content) is int:
            if in_sets & content:
                # TRANSLATORS: validate --conformance: the rules left one card in two places at once (zones: hands,
                # piles...).
                return _("a card lies in two zones")
            in_sets |= content
            total += content.bit_count()
        else:
            ordered.append(content)
            total += len(content)
    if total != size or in_sets >> size:
        # TRANSLATORS: validate --conformance: cards were lost or duplicated; {count} is how many the zones hold,
        # {expected} how many the deck has.
        return _("{count} cards are in play instead of {expected}", count=total, expected=size)
    if ordered:
        marks = bytearray(format(in_sets, f"0{size}b")[::-1], "ascii")  # b"1" where a set zone holds the card
        for content in ordered:
            for instance in content:
                if not 0 <= instance < size:
                    return _("{count} cards are in play instead of {expected}", count=total, expected=size)
                if marks[instance] == 49:  # "1": already in a zone
                    return _("a card lies in two zones")
                marks[instance] = 49
    return None


def decision_limit(game: Game) -> int:
    """How many decisions a game played here may take before it is refused as one that does not end."""
    return min(MAX_ACTIONS, max(TRIAL_DECISIONS, TRIAL_DECISIONS_PER_CARD * game.cards.size))


# The trial of `validate` counts the cards every this many actions (and at the end): a card lost or doubled
# stays so, and counting after every action was a third of the time of a game that never ends.
TRIAL_COUNT_EVERY = 64


def _play_one(game: Game, seed: int, thorough: bool = True) -> str | None:
    """The first broken promise of one random game, or None.

    ``thorough`` (the conformance suite): every action is also told as the
    terminal tells it (so a block that cannot describe its action fails
    here) and the cards are counted after each. The trial of ``validate``
    only plays: a game that never ends is found in a second, not ten.
    """
    state = game.new_initial_state(seed=seed, record_events=thorough)
    players = len(state.players)
    chooser = random.Random(seed)
    actions = 0
    # Counting every card after every action costs the size of the deck each time: a deck of thousands of
    # cards is counted at intervals instead (and at the end), so the check stays linear in the game's length.
    check_every = max(1 if thorough else TRIAL_COUNT_EVERY, game.cards.size // CARDS_COUNTED_PER_ACTION)
    limit = decision_limit(game)
    while not state.is_terminal():
        legal = state.checked_legal_actions()  # none: a located error, as in play
        # The suite draws uniformly among the legal actions; the trial as a random bot does, a kind first:
        # weighing thousands of offers between players at every decision made a trading game's trial twice as slow.
        action = legal.sample(chooser) if thorough else legal.sample_by_kind(chooser)
        if thorough and action not in legal:  # otherwise apply_action refuses what is not legal, with the reason
            # TRANSLATORS: validate --conformance: internal check: an action picked at random is not a legal one.
            return _("a sampled action is not among the legal actions")
        state.apply_action(action)
        actions += 1
        if actions >= limit and not state.is_terminal():
            raise state.endless(
                # TRANSLATORS: validate --conformance: a random test game never ended; {limit}, {least} and {per_card}
                # are numbers of decisions (a decision: one action chosen by a player).
                _(
                    "a random game did not end within {limit} decisions: its end conditions are out "
                    "of reach, or too far away (a game may take {least} decisions, or {per_card} "
                    "per card of its deck when that is more)",
                    limit=limit,
                    least=TRIAL_DECISIONS,
                    per_card=TRIAL_DECISIONS_PER_CARD,
                )
            )
        misplaced = cards_misplaced(state) if actions % check_every == 0 or state.is_terminal() else None
        if misplaced is not None:
            # TRANSLATORS: validate --conformance: {n} counts the actions played, {problem} says what went wrong, e.g.
            # "a card lies in two zones".
            return _("after action {n}: {problem}", n=actions, problem=misplaced)
    result = state.result()
    if len(result.players) != players:
        # TRANSLATORS: validate --conformance: a game's final result lists {got} players, but {expected} played.
        return _("the result has {got} players instead of {expected}", got=len(result.players), expected=players)
    names = [player.name for player in result.players]
    eligible = {player.name for player in result.players if not player.eliminated}
    if any(winner not in eligible for winner in result.winners):
        # TRANSLATORS: validate --conformance: a game's result names a winner who is out or not at the table; {winners}
        # lists the winners' names.
        return _("a winner is eliminated or not a player: {winners}", winners=", ".join(result.winners))
    if eligible and not result.winners:
        # TRANSLATORS: validate --conformance: a game ended with no winner although {n} players were still in it.
        return _("nobody won although {n} players were not out", n=len(eligible))
    if len(set(names)) != len(names):
        # TRANSLATORS: validate --conformance: a game's final result names one player twice.
        return _("the result lists a player twice")
    return None
