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


def test_an_auctions_pass_and_a_trades_pass_are_two_messages() -> None:
    # "pass" drops out of an auction in High Society and makes no offer in Bohnanza: a language may word them
    # apart, so each has its own context and its own comment.
    passes = {message.context: message for message in build_template() if message.id == "pass"}
    assert set(passes) == {"auction", "trading"}
    assert passes["auction"].auto_comments != passes["trading"].auto_comments
