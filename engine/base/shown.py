"""Text from strangers made safe to show: control characters made visible, never read as markup.

Player names (from a log, a table or ``--players``), card and tag names (from
a ruleset) and translations (from a catalog) all end up on the user's
terminal. A control character there is a command to the terminal (an OSC
sequence retitles the window or makes a hyperlink, ESC [2J clears the
screen), and rich reads ``[link=...]`` in a plain string as markup. Every
message goes through :func:`printable` (see ``engine.base.i18n``), and every
rich table cell, heading or progress-bar column through :func:`literal`.
"""

from __future__ import annotations

import json
import re
import unicodedata
from typing import Any

from engine.base.glyphs import one_cell_wide
from engine.base.jsontypes import JSON

# Characters that reorder the text around them (Unicode bidirectional controls): shown, not obeyed.
_BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


# What JSON may carry raw inside a string but a terminal would obey: DEL and C1 controls, the line and
# paragraph separators, bidirectional controls and lone surrogates. (json.dumps escapes C0 itself.)
_JSON_UNSAFE = re.compile("[\x7f-\x9f\u2028\u2029\ud800-\udfff" + "".join(sorted(_BIDI_CONTROLS)) + "]")


def _visible(char: str) -> str:
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, keep_newlines: bool = True) -> str:
    """``text`` with C0 and C1 control characters, DEL, line separators and bidirectional controls written out.

    A newline (and a tab) is kept where ``keep_newlines`` says so: messages
    that span lines are made of several lines on purpose.
    """
    if text.isprintable():
        return text  # the usual case, checked in C
    kept = "\n\t" if keep_newlines else ""
    # Cc: control characters; Zl and Zp: the line and paragraph separators, which break a line as \n does;
    # Cs: a lone surrogate (bytes that were no UTF-8), which would reach the terminal as those raw bytes.
    return "".join(
        _visible(char)
        if (unicodedata.category(char) in ("Cc", "Zl", "Zp", "Cs") and char not in kept) or char in _BIDI_CONTROLS
        else char
        for char in text
    )


def literal(value: object) -> object:
    """A rich table cell or heading that shows a string as it is (printable, never markup); renderables pass.

    Newlines stay: a cell of several lines is made so on purpose. With
    ``--ascii``, the ambiguous-width characters become ASCII (see
    :func:`engine.base.glyphs.one_cell_wide`): a table is where they break the lines.
    """
    if isinstance(value, str):
        from rich.text import Text  # here: most commands that translate a message draw no table

        return Text(one_cell_wide(printable(value)))
    return value


def json_text(value: JSON, **options: Any) -> str:  # options: json.dumps's own (indent)
    """``value`` as JSON for the terminal: non-ASCII text as it is, every character a terminal would obey escaped.

    The same data as ``json.dumps`` gives (a ``\\u009b`` escape reads back as
    the character), so programs reading the output see what the file held.
    """
    text = json.dumps(value, ensure_ascii=False, **options)
    return _JSON_UNSAFE.sub(lambda found: f"\\u{ord(found.group()):04x}", text)
