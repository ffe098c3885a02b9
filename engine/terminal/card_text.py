"""What a card is and what it does, read from the ruleset's data.

Nothing here knows a game: a card's effect is found in the scoring steps that
count it, its ``on-take`` block, the auction that sells it and the end
conditions that watch its tags. Every phrase is a translatable sentence.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..blocks.selectors import card_selector, selector_of
from ..text.formatting import card_name, format_score, ruleset_text, tag_name
from ..text.i18n import _, ngettext


def scoring_phrases(ruleset: Any, card: Any) -> list[str]:
    """How holding the card changes its holder's score, one phrase per scoring step."""
    phrases: list[str] = []
    for step in ruleset.scoring_steps:
        # The selector the score step itself uses, so a card is described by the steps that really count it.
        if not card_selector(selector_of(step))(card):
            continue
        kind = step.get("kind")
        if kind == "sum-attribute":
            value = (card.attributes or {}).get(step.get("attribute"))
            if value is not None:
                value = Fraction(value)
                count = int(value) if value.denominator == 1 else 2
                # TRANSLATORS: what a card adds to its holder's score, e.g. "+7 points".
                phrases.append(ngettext("+{points} point", "+{points} points", count,
                                        points=format_score(value)))
        elif kind == "add-per-card":
            amount = Fraction(step.get("amount", 0))
            sign = "+" if amount >= 0 else ""
            count = abs(int(amount)) if amount.denominator == 1 else 2
            # TRANSLATORS: what a card adds to (or, negative, takes from) its holder's score, e.g. "-5 points".
            phrases.append(ngettext("{signed_points} point", "{signed_points} points", count,
                                    signed_points=sign + format_score(amount)))
        elif kind == "multiply-per-card":
            # TRANSLATORS: a card that multiplies its holder's score, e.g. "score ×2" or "score ×0.5".
            phrases.append(_("score ×{factor}", factor=format_score(Fraction(step.get("factor", 1)))))
    return phrases


def effect_phrases(ruleset: Any, card: Any) -> list[str]:
    """What happens when the card is taken (its ``on-take`` block), as sentences."""
    effect = card.on_take
    if not effect:
        return []
    if effect.get("kind") == "discard-tagged":
        tag = tag_name(ruleset, str(effect.get("tag")))
        if effect.get("discard-self"):
            # TRANSLATORS: a card effect; {tag} is a kind of card, e.g. "Possession".
            sentence = _("Its taker discards one of their {tag} cards together with this card.", tag=tag)
        else:
            sentence = _("Its taker discards one of their {tag} cards.", tag=tag)
        if effect.get("when-none") == "pending":
            sentence += " " + _("With none, the next {tag} card they take is discarded instead.", tag=tag)
        return [sentence]
    return []


def auction_phrase(auction_kind: str | None) -> str:
    """How the card on the table is sold, in one sentence."""
    if auction_kind == "first-pass-takes":
        return _("The first player to pass takes it and keeps their money; everyone else loses what they bid.")
    if auction_kind == "ascending":
        return _("Bid higher than everyone else; the last player left takes it and pays their bid.")
    return ""


def describe_card(ruleset: Any, card_id: str) -> str:
    """The card's name, its kinds and what it does, e.g. "Title (Red border): score ×2"."""
    card = ruleset.card(card_id)
    name = card_name(ruleset, card_id)
    own_name = ruleset_text(ruleset, card.name)
    kinds = [tag_name(ruleset, tag) for tag in sorted(card.tags)]
    kinds = [kind for kind in kinds if kind != own_name]
    label = name
    if kinds:
        # TRANSLATORS: a card and the kinds it belongs to, e.g. "Title (Red border)".
        label = _("{card} ({kinds})", card=name, kinds=", ".join(kinds))
    effects = scoring_phrases(ruleset, card) + effect_phrases(ruleset, card)
    if not effects:
        return label
    # TRANSLATORS: a card followed by what it does, e.g. "Title (Red border): score ×2".
    return _("{card}: {effects}", card=label, effects="; ".join(effects))


def game_rule_phrases(ruleset: Any) -> list[str]:
    """How the game ends and who cannot win, from the ruleset's end and elimination blocks.

    A newcomer asking for help needs these two rules most: the game may end
    before the deck does, and spending everything can cost the win.
    """
    phrases: list[str] = []
    for end in ruleset.end_conditions:
        if end.get("kind") == "nth-tagged-revealed":
            count = int(end.get("count", 0))
            # TRANSLATORS: a rule in the help; {tag} is a kind of card, e.g. "Red border".
            phrases.append(ngettext("The game ends at once when {count} {tag} card has been revealed; that card is not auctioned.",
                                    "The game ends at once when {count} {tag} cards have been revealed; the last one is not auctioned.",
                                    count, count=count, tag=tag_name(ruleset, str(end.get("tag")))))
    elimination = ruleset.elimination or {}
    if elimination.get("kind") == "poorest-out" and elimination.get("enabled", True):
        # TRANSLATORS: a rule in the help: at the end, the player(s) with the least money in hand cannot win.
        phrases.append(_("At the end, whoever has the least money left is out and cannot win."))
    return phrases
