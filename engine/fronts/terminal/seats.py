"""Who sits at the table: the ``--players`` list, seat names and seat kinds.

A seat is a human (named by the list) or a bot (``bot:KIND``). The log keeps
the seat kinds (``"human"``, ``"bot:heuristic"``) under its ``seats`` key so a
resumed game gives every seat back to the same kind of player.
"""

from __future__ import annotations

import getpass
from collections.abc import Sequence
from dataclasses import dataclass

from engine.base.i18n import _, distinct_name
from engine.base.suggestions import did_you_mean
from engine.fronts.bots import bot_kind_name

DEFAULT_BOT_KIND = "heuristic"
DEFAULT_BOT_SEATS = 3


class SeatSpecError(Exception):
    """A ``--players`` list that cannot be read; the message (translated) says why."""

    def __init__(self, message: str, seat: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.seat = seat  # the seat (from 0) it is about, when it is about one


@dataclass(frozen=True)
class Seat:
    """One seat: its player's name, and the bot kind that plays it (None: a human)."""

    name: str
    bot_kind: str | None = None
    # A seat read from a file (a saved game's): its bot's search is bounded in time as well (MOST_SECONDS_FROM_FILES).
    from_file: bool = False

    @property
    def is_human(self) -> bool:
        """True when a person at the keyboard plays this seat."""
        return self.bot_kind is None

    def log_kind(self) -> str:
        """The seat kind as the log writes it: ``human`` or ``bot:KIND``."""
        return "human" if self.bot_kind is None else f"bot:{self.bot_kind}"


def user_name() -> str:
    """The login name of the person at the keyboard, else a translated "You"."""
    try:
        name = getpass.getuser().strip()
    except (KeyError, OSError, ImportError):
        name = ""
    # TRANSLATORS: the default name of the human player when the login name is unknown.
    return name or _("You")


def bot_name(number: int, kind: str) -> str:
    """A bot's display name, e.g. "Bot 2 (heuristic)".

    The name tells the bots apart in the table, the narration and the log.
    A translation that leaves out the number (every bot "ボット"), or so
    long a name that no log could keep it, would make a game unplayable in
    that language: the English name is used instead (``i18n check`` and
    ``validate`` refuse such a translation).
    """
    shown_kind = bot_kind_name(kind)
    # TRANSLATORS: the name of a computer player; {number} counts the bots, {kind} is e.g. "heuristic". Keep
    # {number}: it tells the bots apart.
    name = distinct_name("Bot {number} ({kind})", number=number, kind=shown_kind)
    if 0 < len(name) <= MAX_PLAYER_NAME:
        return name
    return f"Bot {number} ({kind})"


# The limits of a game log (schemas/game-log.schema.json): what --players accepts, a log can hold.
MAX_PLAYER_NAME = 200
MAX_PLAYERS = 64


def parse_players_spec(spec: str | None, bot_kinds: Sequence[str]) -> list[Seat]:
    """Seats from a comma-separated list: a name is a human, ``bot:KIND`` a bot.

    Without a list: the user and three heuristic bots. Bots are numbered in
    seat order; a name used twice is refused (a log names players by seat, but
    people at the table need to tell them apart).
    """
    if spec is not None and not spec.strip():
        # `--players "$SEATS"` with the variable unset: not a request for the default seats.
        # TRANSLATORS: --players was given with nothing in it.
        raise SeatSpecError(_("The list of players is empty: name the seats, e.g. Ann,bot:heuristic,bot:random."))
    if spec is None:
        entries = [user_name()] + [f"bot:{DEFAULT_BOT_KIND}"] * DEFAULT_BOT_SEATS
    else:
        entries = [entry.strip() for entry in spec.split(",")]
    seats: list[Seat] = []
    bots = 0
    for entry in entries:
        if not entry:
            # TRANSLATORS: --players has an empty entry, e.g. "Ann,,bot:random"; {spec} is the whole --players value as
            # typed.
            raise SeatSpecError(_('A player name is empty in "{spec}".', spec=spec or ""))
        if entry.lower().startswith("bot:") or entry.lower() == "bot":
            kind = entry.split(":", 1)[1].strip() if ":" in entry else DEFAULT_BOT_KIND
            check_bot_kind(kind, bot_kinds)
            bots += 1
            seats.append(Seat(bot_name(bots, kind), kind))
        else:
            if any("\ud800" <= char <= "\udfff" for char in entry):
                # Bytes that are no UTF-8 come in as lone surrogates: a log could not save the name, nor a
                # terminal show it.
                # TRANSLATORS: a --players name holding bytes that are not UTF-8 text; {name} shows them escaped.
                raise SeatSpecError(
                    _(
                        "The player name {name} is not UTF-8 text.",
                        name=entry.encode("utf-8", "backslashreplace").decode("utf-8"),
                    )
                )
            if len(entry) > MAX_PLAYER_NAME:
                # The log keeps names of at most this length: a longer one would save a game no one could replay.
                raise SeatSpecError(
                    # TRANSLATORS: a --players name is too long to be kept in a game log; {limit} and {length} are
                    # numbers of characters.
                    _(
                        "A player name may be at most {limit} characters long, not {length}.",
                        limit=MAX_PLAYER_NAME,
                        length=len(entry),
                    )
                )
            seats.append(Seat(entry))
    if len(seats) > MAX_PLAYERS:
        raise SeatSpecError(
            # TRANSLATORS: --players names more seats than a game can have; {limit} is the most there can be, {count}
            # how many were named.
            _("At most {limit} players can sit at a table, not {count}.", limit=MAX_PLAYERS, count=len(seats))
        )
    names = [seat.name for seat in seats]
    for name in names:
        if names.count(name) > 1:
            bot_seat = next(
                (index for index, seat in enumerate(seats) if seat.name == name and not seat.is_human), None
            )
            if bot_seat is not None:
                # The user wrote the name once; the program gave it to a bot too.
                # TRANSLATORS: {seat} counts the seats from 1.
                raise SeatSpecError(
                    _(
                        'The name "{name}" is the one given to the bot in seat {seat}: choose another name.',
                        name=name,
                        seat=bot_seat + 1,
                    )
                )
            # TRANSLATORS: --players gives two seats the same name; {name} is that name.
            raise SeatSpecError(_('The name "{name}" is used by more than one player.', name=name))
    return seats


def check_bot_kind(kind: str, bot_kinds: Sequence[str], seat: int | None = None) -> None:
    """Refuse a bot kind there is no bot for (:class:`SeatSpecError`, naming ``seat`` when given), with the
    nearest kind and the list; a searching bot's kind with a budget it cannot take says what budgets are."""
    if kind in bot_kinds:
        return
    if kind.partition(":")[0] in tuple(bot_kinds):
        # TRANSLATORS: {kind} is e.g. "ismcts:abc"; keep "ismcts:2000" and "ismcts:0.5s" as they are.
        raise SeatSpecError(
            _(
                '"{kind}" has no valid budget: write a whole number of iterations '
                "from 1 to 1000000 (ismcts:2000) or seconds above 0 and up to 3600 "
                "(ismcts:0.5s).",
                kind=kind[:80],
            ),
            seat=seat,
        )
    # TRANSLATORS: {hint} is empty or " (did you mean 'heuristic'?)".
    raise SeatSpecError(
        _(
            'Unknown bot kind "{kind}"{hint}; the kinds are: {kinds}.',
            kind=kind[:80],
            hint=did_you_mean(kind, list(bot_kinds)),
            kinds=", ".join(bot_kinds),
        ),
        seat=seat,
    )


def seats_from_log(players: Sequence[str], kinds: Sequence[str] | None, bot_kinds: Sequence[str]) -> list[Seat]:
    """The seats of a saved game (a log without seat kinds: every seat is human).

    A seat written ``bot:KIND`` with a kind there is no bot for (a hand-edited
    log) is refused (:class:`SeatSpecError` naming the seat): played by whoever
    sits at the keyboard, a bot's seat would change hands without a word.
    """
    seats: list[Seat] = []
    for index, name in enumerate(players):
        kind = kinds[index] if kinds is not None and index < len(kinds) else "human"
        if isinstance(kind, str) and kind.startswith("bot:"):
            check_bot_kind(kind[4:], bot_kinds, seat=index)
            seats.append(Seat(name, kind[4:]))
        else:
            seats.append(Seat(name))
    return seats


def all_bots(seats: Sequence[Seat]) -> list[Seat]:
    """The same seats with every human replaced by a heuristic bot (no terminal to ask)."""
    return [seat if not seat.is_human else Seat(seat.name, DEFAULT_BOT_KIND) for seat in seats]
