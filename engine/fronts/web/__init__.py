"""``cardrules serve``: a web table where each seat plays from its own browser, in its own language.

The server holds every game; a browser only ever receives its seat's
*frame*: the table drawn from that seat's observation, what happened, and
the question put to that seat, all in the seat's language. A seat acts by
sending lines, read by the same prompts the terminal uses
(:mod:`engine.fronts.terminal.prompts`), so any ruleset the language can
express plays on the web with no web code of its own.

- :mod:`.limits`: how many tables, seats, bytes and messages the server takes;
- :mod:`.store`: a table's folder (its seats and its game log, saved atomically);
- :mod:`.seat_prompter`: a seat's side of the terminal prompts;
- :mod:`.table`: one game, its seats, and the thread that plays it;
- :mod:`.frames`: what one seat (or a spectator) is sent;
- :mod:`.pages`: the HTML pages, translated on the server;
- :mod:`.app`: the Starlette application (HTTP and the WebSocket protocol).

The protocol and the limits are described in ``docs/web.md``.
"""
