"""The two HTML pages, written on the server in the reader's language: the lobby and a table.

Every word a page shows is translated here (or sent in a frame's labels):
the pages' script holds no text of its own. Everything from a ruleset or
a player (names, descriptions) is escaped.
"""

from __future__ import annotations

import json
from html import escape

from engine.base.i18n import _, current_language, distinct_name, pgettext
from engine.families.catalog import list_rulesets
from engine.fronts.bots import BOT_KINDS, bot_kind_name
from engine.fronts.web.frames import languages


def _page(title: str, body: str, script: str, data: dict[str, object]) -> str:
    language = escape(current_language())
    payload = escape(json.dumps(data, ensure_ascii=False))
    return f"""<!doctype html>
<html lang="{language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<link rel="stylesheet" href="/static/cardrules.css">
</head>
<body data-page="{payload}">
{body}
<script src="/static/{script}"></script>
</body>
</html>
"""


def lobby_page() -> str:
    """The page that makes a table: a ruleset (shipped, or a house-rule file), its options, its seats."""
    rulesets = [
        {
            "name": info.name,
            "description": pgettext(info.text_context, info.description) if info.description else "",
        }
        for info in list_rulesets()
        if not info.abstract and info.error is None
    ]
    # TRANSLATORS: web lobby: a seat played by a person, who gets an invite link.
    kinds = [{"kind": "human", "name": _("Human (an invite link)")}]
    for kind in BOT_KINDS:
        # TRANSLATORS: web lobby: a seat played by a bot; {kind} is its kind, e.g. "heuristic".
        kinds.append({"kind": f"bot:{kind}", "name": _("Bot: {kind}", kind=bot_kind_name(kind))})
    # TRANSLATORS: web lobby: a seat played by the searching bot, given two seconds to think about each move.
    searching = _("searching, 2 seconds a move")
    kinds.append({"kind": "bot:ismcts:2s", "name": _("Bot: {kind}", kind=searching)})
    options = "".join(
        f'<option value="{escape(item["name"])}">{escape(item["name"])}: {escape(item["description"])}</option>'
        for item in rulesets
    )
    # TRANSLATORS: web lobby: the page's title and heading.
    title = _("cardrules: a new table")
    words = {
        # TRANSLATORS: web lobby: the label of the menu of shipped rulesets.
        "ruleset": _("Ruleset"),
        # TRANSLATORS: web lobby: the label of the button that uploads a house-rule file instead; keep YAML.
        "house": _("Or a house-rule file (YAML)"),
        # TRANSLATORS: web lobby: the label of the box of options; keep NAME=VALUE as it is.
        "options": _("Options (one NAME=VALUE a line)"),
        # TRANSLATORS: web lobby: the heading of the list of seats.
        "seats": _("Seats"),
        # TRANSLATORS: web lobby: the button that adds a seat.
        "add": _("Add a seat"),
        # TRANSLATORS: web lobby: the button that makes the table.
        "create": _("Create the table"),
        # TRANSLATORS: web lobby: the heading of the invite links, one per human seat.
        "links": _("Invite links"),
        # TRANSLATORS: web lobby: said above the invite links.
        "send": _("Send each link to the player of that seat: holding it is the only way to play the seat."),
    }
    shown = {key: escape(value) for key, value in words.items()}
    body = f"""<main class="lobby">
<h1>{escape(title)}</h1>
<form id="new-table">
<label>{shown["ruleset"]} <select name="ruleset">{options}</select></label>
<label>{shown["house"]} <input type="file" name="house" accept=".yaml,.yml"></label>
<label>{shown["options"]} <textarea name="options" rows="2"></textarea></label>
<fieldset id="seats"><legend>{shown["seats"]}</legend></fieldset>
<button type="button" id="add-seat">{shown["add"]}</button>
<button type="submit">{shown["create"]}</button>
</form>
<ul id="problems" class="problems" role="alert"></ul>
<section id="links" hidden><h2>{shown["links"]}</h2>
<p>{shown["send"]}</p>
<ul id="link-list"></ul></section>
</main>"""
    data = {
        "kinds": kinds,
        "languages": languages(),
        "labels": {
            # TRANSLATORS: web lobby: the label of a seat's name box; {number} counts the seats from 1.
            "seat": distinct_name("Seat {number}", number="{number}"),  # the page puts each seat's number in
            # TRANSLATORS: web lobby: the placeholder of a seat's name box.
            "name": _("Player name"),
            # TRANSLATORS: web lobby: the button that removes a seat.
            "remove": _("Remove"),
            # TRANSLATORS: web lobby: the link for those who only watch (they see what every player may see).
            "spectators": _("Spectators"),
            # TRANSLATORS: web lobby: the link of the table's owner, who alone may close the table.
            "owner": _("Your link to close the table (keep it to yourself)"),
        },
    }
    return _page(title, body, "lobby.js", data)


def table_page(table_id: str) -> str:
    """A table's page: the seat (and its token) are read by the script from the link's #fragment, never sent in a URL."""
    # TRANSLATORS: web table: the page's title.
    title = _("cardrules: a table")
    body = """<main class="table">
<header><span id="status" role="status"></span>
<label id="language-label"><span></span> <select id="language"></select></label>
<button type="button" id="close" hidden></button></header>
<p id="notice" class="notice" hidden></p>
<ul id="notices" class="notice" role="status" hidden></ul>
<button type="button" id="back" hidden></button>
<section id="view-section"><pre id="view" class="view"></pre></section>
<section id="prompt-section" hidden>
<div id="said" class="said" aria-live="polite"></div>
<form id="answer"><label id="prompt" for="line"></label>
<input id="line" autocomplete="off" maxlength="500"><button type="submit" id="send"></button></form>
</section>
<section id="result-section" hidden><h2 id="result-heading"></h2><div id="result"></div>
<a id="download" href="#"></a></section>
<section><h2 id="story-heading"></h2><ol id="story" class="story"></ol></section>
</main>"""
    return _page(title, body, "table.js", {"table": table_id})
