"""Every message a translator translates says, in a comment, what it is and what its placeholders hold.

A translator sees the English text alone in their editor: "pass" may be a
bid passed or a trade declined, "{count}" cards or coins. The program's own
messages carry a ``# TRANSLATORS:`` comment, click's messages theirs from
``engine/text/click_comments.py``, and each text of a ruleset says where in
the ruleset it is (``ruleset text: cards tulip: name``).
"""

from __future__ import annotations

from engine.text.i18n_tools import build_template


def test_every_message_of_the_template_has_a_translator_comment() -> None:
    missing = [
        f"{message.locations[0][0]}:{message.locations[0][1]}: {message.id!r}"
        for message in build_template()
        if message.id and not message.auto_comments
    ]
    assert missing == []
