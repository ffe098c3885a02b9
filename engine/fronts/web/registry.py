"""Every table of one server: made from a request, found by id, saved in the data folder, resumed at start.

A table lives in ``DATA/tables/ID/`` (:mod:`engine.fronts.web.store`). At
start the server reads every folder there: a game not over resumes where its
log stops (its bots and prompts start again), a finished one can still be
watched and downloaded. A folder that cannot be read is left alone and
reported, with its file, line and column, once; the other tables are served.

Over time (:class:`~engine.fronts.web.limits.ServeLimits`): a table's owner
may close it, and a table idle for too long expires; either way its folder
is removed, so it is neither served nor resumed again. No table is made while
the data folder is past its cap (the games under way go on saving).
"""

from __future__ import annotations

import random
import shutil
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from engine.base.errors import CardrulesError, Diagnostic, Location
from engine.base.i18n import _, distinct_name
from engine.base.suggestions import did_you_mean
from engine.core.game import Game
from engine.families.catalog import list_rulesets, load_ruleset, validate
from engine.fronts.bots import BOT_KINDS, capped_from_file, parse_bot_kind
from engine.fronts.conformance import trial_problems
from engine.fronts.formats.gamelog import read_log
from engine.fronts.formats.resume import resume_state
from engine.fronts.terminal.seats import MAX_PLAYER_NAME, bot_name
from engine.fronts.web.limits import MAX_RULESET_BYTES, MAX_TABLES, ServeLimits
from engine.fronts.web.store import (
    HOUSE_RULE_FILE,
    LOG_FILE,
    TABLE_FILE,
    WebSeat,
    digest,
    folder_bytes,
    is_table_id,
    new_table_id,
    new_token,
    opens,
    read_json,
    write_json,
)
from engine.fronts.web.table import WebTable


class TableRequestError(Exception):
    """A request to create a table that cannot be met: its problems, located where they are in a file."""

    def __init__(self, problems: Sequence[str], status: int = 422) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)
        # The HTTP status that answers it: 422 for a request with problems, 507 when the server has no room.
        self.status = status


@dataclass
class NewTable:
    """A table just made, the token of each human seat and its owner's (given once: the server keeps digests)."""

    table: WebTable
    tokens: dict[int, str]
    owner_token: str


class TableRegistry:
    """The tables of one data folder."""

    def __init__(self, data: Path, limits: ServeLimits | None = None, clock: Callable[[], float] = time.time) -> None:
        """``clock`` gives the time in seconds since the epoch (tests give their own, to age tables at will)."""
        self.data = Path(data)
        self.folder = self.data / "tables"
        self.limits = limits or ServeLimits()
        self.clock = clock
        self.tables: dict[str, WebTable] = {}
        # What could not be resumed at start, or was changed in a table's folder, one located line each.
        self.problems: list[str] = []
        self._lock = threading.Lock()

    # ------------------------------------------------------------------ start and stop

    def resume_all(self) -> None:
        """Read every table's folder; start the games not over."""
        self.folder.mkdir(parents=True, exist_ok=True)
        for folder in sorted(self.folder.iterdir()):
            if not (folder.is_dir() and is_table_id(folder.name)):
                continue
            try:
                table = self._load(folder)
            except CardrulesError as error:
                self.problems.extend(str(diagnostic) for diagnostic in error.diagnostics)
                continue
            except (OSError, ValueError, KeyError, TypeError) as error:
                # TRANSLATORS: serve: a table's folder could not be read at start; {reason} says why.
                self.problems.append(
                    f"{folder / TABLE_FILE}: " + _("cannot resume this table: {reason}", reason=str(error))
                )
                continue
            if self._expired(table, self.clock()):
                self._remove(table)
                self.problems.append(self._expiry_line(table))
                continue
            self.tables[table.id] = table
            table.start()

    def stop_all(self) -> None:
        for table in list(self.tables.values()):
            table.stop()
        for table in list(self.tables.values()):
            self._save_activity(table)

    # ------------------------------------------------------------------ over time

    def sweep(self) -> list[str]:
        """Remove the tables idle past their limit, save the others' time of activity; what was removed, a line each."""
        now = self.clock()
        removed: list[str] = []
        for table in list(self.tables.values()):
            if self._expired(table, now):
                self._remove(table)
                removed.append(self._expiry_line(table))
            else:
                self._save_activity(table)
        return removed

    def close(self, table_id: str, token: object) -> bool | None:
        """Close a table for its owner: None when there is no such table, False when ``token`` is not its owner's."""
        table = self.get(table_id)
        if table is None:
            return None
        if not opens(table.owner_digest, token):
            return False
        self._remove(table)
        return True

    def _expired(self, table: WebTable, now: float) -> bool:
        limit = self.limits.finished_idle_seconds if table.finished else self.limits.idle_seconds
        return table.idle_for(now) > limit

    def _expiry_line(self, table: WebTable) -> str:
        # TRANSLATORS: serve: a table saw no move and no page for longer than the server keeps idle tables; its folder
        # is removed.
        return f"{table.folder}: " + _("removed: this table was idle for too long")

    def _remove(self, table: WebTable) -> None:
        """Close the table (its pages are told) and remove its folder: it is neither served nor resumed again."""
        with self._lock:
            self.tables.pop(table.id, None)
        table.close()
        with table.lock:  # no save is under way: the thread saves under this lock, and saves nothing once closed
            shutil.rmtree(table.folder, ignore_errors=True)

    def _save_activity(self, table: WebTable) -> None:
        """Keep the table's time of activity in ``table.json`` (so an idle table expires after a restart too)."""
        if table.closed or table.saved_active == table.last_active:
            return
        try:
            self.save_seats(table)
        except OSError:
            pass  # a full disk: the time is saved at the next sweep, and at worst the table lives longer

    def data_bytes(self) -> int:
        """The bytes the data folder holds."""
        return folder_bytes(self.data)

    def get(self, table_id: str) -> WebTable | None:
        return self.tables.get(table_id) if is_table_id(table_id) else None

    # ------------------------------------------------------------------ a new table

    def create(
        self,
        ruleset_name: str | None,
        house_rule: str | None,
        house_rule_name: str,
        options: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
    ) -> NewTable:
        """A new table (started), or :class:`TableRequestError` with every problem of the request, located."""
        with self._lock:
            if len(self.tables) >= MAX_TABLES:
                # TRANSLATORS: web table: the server keeps at most {limit} tables.
                raise TableRequestError([_("This server already has {limit} tables.", limit=MAX_TABLES)])
            if self.data_bytes() > self.limits.data_cap_bytes:
                raise TableRequestError(
                    [
                        # TRANSLATORS: web table: the server's data folder holds more than its cap; {limit} is a
                        # number of bytes. The games under way go on.
                        _(
                            "The server has no room for a new table: its tables hold more than {limit} bytes.",
                            limit=self.limits.data_cap_bytes,
                        )
                    ],
                    status=507,
                )
            table_id = new_table_id()
            folder = self.folder / table_id
            folder.mkdir(parents=True)
        try:
            made = self._create(folder, table_id, ruleset_name, house_rule, house_rule_name, options, seats)
        except BaseException:
            shutil.rmtree(folder, ignore_errors=True)
            raise
        with self._lock:
            self.tables[table_id] = made.table
        made.table.start()
        return made

    def _create(
        self,
        folder: Path,
        table_id: str,
        ruleset_name: str | None,
        house_rule: str | None,
        house_rule_name: str,
        options: Mapping[str, Any],
        seat_specs: Sequence[Mapping[str, Any]],
    ) -> NewTable:
        if house_rule is not None:
            reference: str = HOUSE_RULE_FILE
            target: str | Path = self._uploaded(folder, house_rule, house_rule_name)
        else:
            names = {info.name for info in list_rulesets() if not info.abstract and info.error is None}
            if not isinstance(ruleset_name, str) or ruleset_name not in names:
                # TRANSLATORS: web table: the ruleset asked for is not one this server has; {name} is what was asked.
                raise TableRequestError([_("No ruleset is named {name}.", name=str(ruleset_name))])
            reference = target = ruleset_name
        written = {str(key): str(value) for key, value in options.items()}
        try:
            ruleset = load_ruleset(target, written or None)
        except CardrulesError as error:
            raise TableRequestError([_shown(d, folder, house_rule_name) for d in error.diagnostics]) from None
        seats = self._seats(ruleset, seat_specs)
        tokens = {index: new_token() for index, seat in enumerate(seats) if seat.is_human}
        for index, token in tokens.items():
            seats[index] = WebSeat(seats[index].name, None, digest(token), seats[index].language)
        owner_token = new_token()
        seed = random.SystemRandom().randrange(2**31)
        game = Game(ruleset, [seat.name for seat in seats], seats=[seat.log_kind() for seat in seats])
        state = game.new_initial_state(seed=seed)
        extras: dict[str, Any] = {}
        if reference != ruleset.id:
            extras["ruleset"] = reference
        table = WebTable(
            table_id,
            folder,
            ruleset,
            seats,
            state,
            extras,
            seed,
            away_after=self.limits.away_seconds,
            clock=self.clock,
            owner_digest=digest(owner_token),
        )
        self.save_seats(table)
        table.save()
        return NewTable(table, tokens, owner_token)

    def _uploaded(self, folder: Path, text: str, shown: str) -> Path:
        """The uploaded house rule, written in the table's folder, once ``validate`` accepts it."""
        if len(text.encode("utf-8", "surrogatepass")) > MAX_RULESET_BYTES:
            # TRANSLATORS: web table: an uploaded house-rule file is too large; {limit} is a number of bytes.
            raise TableRequestError(
                [f"{shown}: " + _("a house rule may be at most {limit} bytes", limit=MAX_RULESET_BYTES)]
            )
        problem = _extends_a_file(text, shown)
        if problem is not None:
            raise TableRequestError([str(problem)])
        path = folder / HOUSE_RULE_FILE
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        problems = validate(path) or trial_problems(path)
        if problems:
            raise TableRequestError([_shown(d, folder, shown) for d in problems])
        return path

    def _seats(self, ruleset: Any, specs: Sequence[Mapping[str, Any]]) -> list[WebSeat]:
        if not isinstance(specs, Sequence) or not ruleset.players_min <= len(specs) <= ruleset.players_max:
            raise TableRequestError(
                [
                    # TRANSLATORS: web table: a table asked with a number of seats the ruleset does not allow.
                    _(
                        "{ruleset} is for {low} to {high} players, not {count}.",
                        ruleset=ruleset.id,
                        low=ruleset.players_min,
                        high=ruleset.players_max,
                        count=len(specs) if isinstance(specs, Sequence) else 0,
                    )
                ]
            )
        seats: list[WebSeat] = []
        bots = 0
        problems: list[str] = []
        for index, spec in enumerate(specs):
            kind = str(spec.get("kind", "human")) if isinstance(spec, Mapping) else ""
            name = str(spec.get("name") or "").strip() if isinstance(spec, Mapping) else ""
            if kind == "human":
                # TRANSLATORS: web table: the default name of a human seat; {number} counts the seats from 1.
                seats.append(WebSeat(name or distinct_name("Player {number}", number=index + 1)))
                continue
            bot_kind = kind.removeprefix("bot:")
            parsed = parse_bot_kind(bot_kind) if bot_kind in BOT_KINDS else None
            if parsed is None or capped_from_file(bot_kind) != bot_kind:
                # TRANSLATORS: web table: a seat asks for a kind of player that does not exist (or thinks too long).
                problems.append(_("seat {number}: {kind} is not a kind of player here", number=index + 1, kind=kind))
                continue
            bots += 1
            seats.append(WebSeat(name or bot_name(bots, bot_kind), bot_kind))
        names = [seat.name for seat in seats]
        if len(set(names)) != len(names):
            # TRANSLATORS: web table: two seats were given the same name.
            problems.append(_("two seats have the same name"))
        if any(len(name) > MAX_PLAYER_NAME or not name.isprintable() for name in names):
            # TRANSLATORS: web table: a seat's name is too long or holds characters that cannot be shown.
            problems.append(_("a seat's name is too long or cannot be shown"))
        if problems:
            raise TableRequestError(problems)
        return seats

    # ------------------------------------------------------------------ a table from its folder

    def _load(self, folder: Path) -> WebTable:
        data = read_json(folder / TABLE_FILE)
        seats = [WebSeat.from_json(seat) for seat in data["seats"]]
        owner, active = data.get("owner"), data.get("active")
        if not (owner is None or isinstance(owner, str)) or not (
            active is None or (isinstance(active, (int, float)) and not isinstance(active, bool))
        ):
            # TRANSLATORS: serve: a table's table.json has an owner that is not text, or a time that is not a number.
            raise ValueError(_("a table's owner must be text and its time of activity a number"))
        capped = _capped_budgets(seats)
        record = read_log(folder / LOG_FILE)
        resumed = resume_state(record)
        if [seat.name for seat in seats] != resumed.players:
            # TRANSLATORS: serve: a table's table.json and its game log name different players.
            raise ValueError(_("the seats and the game log name different players"))
        log = record.log
        extras = {"ruleset": log["ruleset"]} if log["ruleset"] != resumed.ruleset.id else {}
        seed = resumed.seed
        bot_seed = None if seed is None else seed + len(log["actions"])
        table = WebTable(
            folder.name,
            folder,
            resumed.ruleset,
            seats,
            resumed.state,
            extras,
            bot_seed,
            away_after=self.limits.away_seconds,
            clock=self.clock,
            owner_digest=owner,
            active=None if active is None else float(active),
        )
        if capped:
            self.save_seats(table)  # the cut budget is the seat's from now on
            for index, written in capped:
                self.problems.append(
                    f"{folder / TABLE_FILE}: "
                    # TRANSLATORS: serve: a seat of a table's table.json asks its bot to think longer than a web table
                    # allows; {kind} is what the file says, {capped} what it plays as now (e.g. bot:ismcts:30s). Keep
                    # the kinds as they are.
                    + _(
                        "seat {number}: {kind} thinks longer than a web table allows; it now plays as {capped}",
                        number=index + 1,
                        kind=written,
                        capped=table.seats[index].log_kind(),
                    )
                )
        return table

    def save_seats(self, table: WebTable) -> None:
        """Rewrite ``table.json`` (a seat chose its language, or the table's time of activity is kept)."""
        with table.lock:
            active = table.last_active
            write_json(
                table.folder / TABLE_FILE,
                {
                    "format": 1,
                    "owner": table.owner_digest,
                    "active": active,
                    "seats": [seat.to_json() for seat in table.seats],
                },
            )
            table.saved_active = active


def _capped_budgets(seats: list[WebSeat]) -> list[tuple[int, str]]:
    """Cut every bot's budget to what a file may ask (:func:`engine.fronts.bots.capped_from_file`: 30 seconds or
    50,000 iterations a move), as a table's creation refuses more: the seats cut, with the kind they were written
    with (a ``table.json`` is a file anyone may have edited)."""
    cut: list[tuple[int, str]] = []
    for index, seat in enumerate(seats):
        if seat.bot_kind is not None and capped_from_file(seat.bot_kind) != seat.bot_kind:
            cut.append((index, seat.log_kind()))
            seat.bot_kind = capped_from_file(seat.bot_kind)
    return cut


def _shown(diagnostic: Diagnostic, folder: Path, shown: str) -> str:
    """A diagnostic with the table folder's copy of an uploaded file named as the uploader named it."""
    location = diagnostic.location
    file = location.file or ""
    if file and Path(file).name == HOUSE_RULE_FILE and Path(file).parent.resolve() == folder.resolve():
        file = shown
    return str(Diagnostic(Location(file, location.line, location.column, location.json_path), diagnostic.message))


def _extends_a_file(text: str, shown: str) -> Diagnostic | None:
    """An uploaded house rule may extend a ruleset by its name only: a path would read a file of the server's."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None  # not YAML: the ruleset loader says where
    if not isinstance(root, yaml.MappingNode):
        return None
    for key, value in root.value:
        if not (isinstance(key, yaml.ScalarNode) and key.value == "extends"):
            continue
        references = value.value if isinstance(value, yaml.SequenceNode) else [value]
        names = [info.name for info in list_rulesets()]
        for reference in references:
            if isinstance(reference, yaml.ScalarNode) and str(reference.value) not in names:
                mark = reference.start_mark
                return Diagnostic(
                    Location(shown, mark.line + 1, mark.column + 1, "$.extends"),
                    # TRANSLATORS: web table: an uploaded house rule extends something that is not one of the server's
                    # rulesets (a file, or an unknown name); {name} is what it wrote, {hint} may suggest a name. Keep
                    # GAME/EDITION as it is.
                    _(
                        "{name} is not one of the server's rulesets{hint}: a house rule sent to the web table extends a"
                        " ruleset by its name (GAME/EDITION), never a file",
                        name=str(reference.value),
                        hint=did_you_mean(str(reference.value), names),
                    ),
                )
    return None
