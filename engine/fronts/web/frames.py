"""What one page is sent: its seat's view of the table, in its language, and nothing more.

A frame is drawn from ``state.observation(seat)`` (a spectator's:
:data:`~engine.core.observation.SPECTATOR`, what every player may see) by the
terminal's own table view (:func:`~engine.fronts.terminal.table_view.render_table`,
as HTML), with the public story of what happened, and for a seat the lines its
prompts said to it and the question put to it now. Another seat's hand, the
deck's order or a card shown to someone else is never in it: the observation
does not hold them, and the story tells only what everyone saw.
"""

from __future__ import annotations

import io
from typing import Any

from rich.console import Console

from engine.base.formatting import language_name
from engine.base.i18n import _, available_languages, set_language
from engine.core.observation import SPECTATOR
from engine.fronts.terminal.ending import final_report
from engine.fronts.terminal.table_view import render_table, round_card
from engine.fronts.web.table import WebTable

# The HTML the table view is exported into: only its spans (the page gives the <pre> its look).
_CODE_FORMAT = "{code}"


def languages() -> list[dict[str, str]]:
    """Every installed language (a catalog added through ``CARDRULES_PATH`` included), with its own name."""
    return [{"code": code, "name": language_name(code)} for code in available_languages()]


def table_html(table: WebTable, seat: int | None, columns: int) -> str:
    """The table as ``seat`` may see it (None: a spectator), drawn by the terminal's view, as HTML spans."""
    observation = table.state.observation(SPECTATOR if seat is None else seat)
    console = Console(
        record=True,
        width=columns,
        file=io.StringIO(),
        force_terminal=True,
        color_system="truecolor",
        legacy_windows=False,
    )
    console.print(
        render_table(
            table.ruleset,
            observation,
            seat,
            (),
            round_card(table.ruleset, observation, table.state.events),
            state=table.state,
            width=columns,
        )
    )
    return console.export_html(inline_styles=True, code_format=_CODE_FORMAT)


def frame(table: WebTable, seat: int | None, language: str, columns: int) -> dict[str, Any]:
    """Everything ``seat``'s page shows (None: a spectator's), in ``language``, drawn at ``columns`` cells."""
    chosen = set_language(language)
    with table.lock:
        state = table.state
        players = [seat_.name for seat_ in table.seats]
        waiting = table.waiting_for
        asked = seat is not None and table.prompts[seat] is not None
        result_lines: list[str] = []
        if state.is_terminal():
            result_lines = final_report(table.ruleset, state.result())
        if table.closed:
            # TRANSLATORS: web table: the status line of a table its owner closed (or that expired): play has ended.
            status = _("This table is closed.")
        elif table.failure is not None:
            status = table.failure_text()
        elif waiting is None:
            # TRANSLATORS: web table: the status line once the game has ended.
            status = _("The game is over.")
        elif seat is not None and waiting == seat:
            # TRANSLATORS: web table: the status line when the game waits for this page's player.
            status = _("Your move.")
        else:
            # TRANSLATORS: web table: the status line while another player (or a bot) is to move; {name} is theirs.
            status = _("Waiting for {name}.", name=players[waiting])
        return {
            "type": "frame",
            "version": table.version,
            "table": table.id,
            "seat": seat,
            "language": chosen,
            "ruleset": table.ruleset.id,
            "players": players,
            "kinds": [seat_.log_kind() for seat_ in table.seats],
            "waiting": waiting,
            "finished": state.is_terminal(),
            "closed": table.closed,
            "away": [index for index, away in enumerate(table.away) if away],
            "notices": away_notices(table, seat),
            "status": status,
            "view": table_html(table, seat, columns),
            "story": table.story(),
            "said": list(table.said[seat]) if seat is not None else [],
            "prompt": table.prompts[seat] if asked else None,
            "question": table.questions[seat] if asked else None,
            "result": result_lines,
            "labels": labels(),
            "languages": languages(),
        }


def away_notices(table: WebTable, seat: int | None) -> list[str]:
    """What every page is told of the seats a bot plays while their players are away (under the table's lock)."""
    notices: list[str] = []
    for index, away in enumerate(table.away):
        if not away:
            continue
        if index == seat:
            # TRANSLATORS: web table: told to a player who left a question unanswered too long; the page shows a
            # button that gives the seat back.
            notices.append(_("You were away for a while: a bot plays your seat until you come back."))
        else:
            # TRANSLATORS: web table: told to every page while a bot plays the seat of a player who is away; {name}
            # is the player's.
            notices.append(
                _("{name} is away: a bot plays for them until they come back.", name=table.seats[index].name)
            )
    return notices


def labels() -> dict[str, str]:
    """The words of the page itself, in the current language (the page's script holds no text of its own)."""
    return {
        # TRANSLATORS: web table: heading of the list of what happened in the game.
        "story": _("What happened"),
        # TRANSLATORS: web table: the button that sends what the player typed.
        "send": _("Send"),
        # TRANSLATORS: web table: the label of the language menu.
        "language": _("Language"),
        # TRANSLATORS: web table: heading of the final scoring.
        "result": _("Final scoring"),
        # TRANSLATORS: web table: the link that downloads the finished game's log.
        "download": _("Download the game log"),
        # TRANSLATORS: web table: shown to a spectator, who sees only what every player may see.
        "spectator": _("You are watching: you see what every player may see."),
        # TRANSLATORS: web table: shown while the page is reconnecting to the server.
        "offline": _("Connection lost: reconnecting…"),
        # TRANSLATORS: web table: the placeholder of the box where a player types their move.
        "type_here": _("Type your move, or ? for help"),
        # TRANSLATORS: web table: the button a player who was away presses to play their seat again.
        "back": _("I am back: let me play"),
        # TRANSLATORS: web table: the button that closes the table, shown to its owner only.
        "close": _("Close the table"),
        # TRANSLATORS: web table: asked of the owner before the table is closed.
        "close_confirm": _("Close this table for everyone? Its game cannot be resumed."),
    }
