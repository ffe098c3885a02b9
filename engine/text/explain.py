"""Scoring explained like a rulebook: one function from a Result to localized lines.

Each scoring step of the ruleset becomes one line per card it touched, with the
running total, the way a rulebook's worked example reads::

    Treasure 3 + Treasure 9 = 12
    Penalty -5 = 7
    Bonus x2 = 14
    Bonus x2 = 28
    Curse x1/2 = 14

followed by who is out for having the least money and how a tie for the top
score was broken. ``score``, ``replay`` and the terminal game all print these
lines; this module does not print anything itself.

The lines are rebuilt from the step's specification in the ruleset, the cards
the player holds and the step's value before and after. If re-deriving the
running totals does not land exactly on the recorded result (a step kind this
module does not know in detail), the step is shown as one generic line, so
the explanation never contradicts the score.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Mapping, Sequence

from ..blocks.selectors import card_selector, selector_of
from .formatting import card_name, criterion_description, format_list, format_money, format_number, format_score, tag_name
from .i18n import _, ngettext

INDENT = "  "


def explain_result(ruleset: Any, result: Any) -> list[str]:
    """Every player's scoring steps, then who is out and how the winners were decided."""
    lines: list[str] = []
    for player in result.players:
        lines.extend(explain_player(ruleset, player))
    lines.extend(explain_elimination(ruleset, result))
    lines.extend(explain_winners(ruleset, result))
    return lines


def explain_player(ruleset: Any, player: Any) -> list[str]:
    """A player's heading, one line per scoring effect, and their score."""
    # TRANSLATORS: heading of one player's scoring explanation; {money} is the money left in hand.
    heading = _("{name}: {money} in hand", name=player.name, money=format_money(ruleset, player.money))
    if player.eliminated:
        # TRANSLATORS: added to a player's heading when they are out (least money) and cannot win.
        heading = _("{heading} (out)", heading=heading)
    lines = [heading]
    specs = {spec.get("id"): spec for spec in ruleset.scoring_steps}
    for step in player.explanation:
        spec = specs.get(step.step_id, {"kind": step.kind})
        lines.extend(INDENT + line for line in explain_step(ruleset, spec, step, player.cards))
    lines.append(INDENT + _("Score: {score}", score=format_score(player.score)))
    return lines


def _matching_cards(ruleset: Any, spec: Mapping[str, Any], held: Sequence[str]) -> list[str]:
    """The held cards a step applies to (by ``tag`` or ``card``), in the ruleset's card order."""
    # The same selector the score step itself uses, so the explanation counts the same cards.
    matches = card_selector(selector_of(spec))
    matching = sorted((card for card in map(ruleset.card, held) if matches(card)), key=lambda card: card.index)
    return [card.id for card in matching]


def format_factor(factor: Fraction | int) -> str:
    """A multiplier as the rules write it: ``2``, ``1/2`` (never ``0.5``)."""
    factor = Fraction(factor)
    if factor.denominator == 1:
        return format_number(factor.numerator)
    return f"{format_number(factor.numerator)}/{format_number(factor.denominator)}"


def format_signed(amount: Fraction | int) -> str:
    """An amount with its sign always shown: ``-5``, ``+3``."""
    amount = Fraction(amount)
    return format_score(amount) if amount < 0 else "+" + format_score(amount)


def explain_step(ruleset: Any, spec: Mapping[str, Any], step: Any, held: Sequence[str]) -> list[str]:
    """The lines of one scoring step (nothing when the step changed nothing and touched no card)."""
    kind = spec.get("kind", step.kind)
    before, after = Fraction(step.before), Fraction(step.after)
    lines = None
    if kind == "sum-attribute":
        lines = _explain_sum(ruleset, spec, held, before, after)
    elif kind in ("add-per-card", "multiply-per-card"):
        lines = _explain_per_card(ruleset, spec, kind, held, before, after)
    elif before == after:
        return []
    elif kind == "floor":
        floor = Fraction(spec.get("at") or 0)
        if floor == after:
            lines = [_("raised to at least {floor} = {score}", floor=format_score(floor), score=format_score(after))]
    elif kind == "round":
        lines = [_explain_rounding(spec.get("mode"), after)]
    if lines is None:
        # TRANSLATORS: a scoring step explained generically: {step} is its id, e.g. "14 -> 7".
        lines = [_("{step}: {before} -> {after}", step=step.step_id, before=format_score(before),
                   after=format_score(after))]
    return lines


def _explain_sum(ruleset: Any, spec: Mapping[str, Any], held: Sequence[str],
                 before: Fraction, after: Fraction) -> list[str] | None:
    """``Treasure 3 + Treasure 9 = 12``."""
    attribute = spec.get("attribute", "value")
    cards = [c for c in _matching_cards(ruleset, spec, held)
             if ruleset.card(c).attributes.get(attribute) is not None]
    total = before + sum((Fraction(ruleset.card(c).attributes[attribute]) for c in cards), Fraction(0))
    if total != after:
        return None
    if not cards:
        if before == after == 0:
            # TRANSLATORS: the player holds no card of this kind, e.g. "Treasure: none = 0".
            return [_("{tag}: none = {score}", tag=tag_name(ruleset, spec["tag"]) if spec.get("tag") else "-",
                      score=format_score(after))]
        return []
    terms = " + ".join(card_name(ruleset, c) for c in cards)
    if before != 0:
        terms = format_score(before) + " + " + terms
    # TRANSLATORS: a sum of card values and its result, e.g. "Treasure 3 + Treasure 9 = 12".
    return [_("{terms} = {score}", terms=terms, score=format_score(after))]


def _explain_per_card(ruleset: Any, spec: Mapping[str, Any], kind: str, held: Sequence[str],
                      before: Fraction, after: Fraction) -> list[str] | None:
    """One line per matching card: ``Penalty -5 = 7``, ``Bonus x2 = 14``."""
    cards = _matching_cards(ruleset, spec, held)
    running = before
    lines = []
    for card in cards:
        if kind == "add-per-card":
            amount = Fraction(spec.get("amount", 0))
            running += amount
            # TRANSLATORS: a card that adds to or subtracts from the score, e.g. "Penalty -5 = 7".
            lines.append(_("{card} {amount} = {score}", card=card_name(ruleset, card),
                           amount=format_signed(amount), score=format_score(running)))
        else:
            factor = Fraction(spec.get("factor", 1))
            running *= factor
            # TRANSLATORS: a card that multiplies the score, e.g. "Bonus x2 = 14", "Curse x1/2 = 14".
            lines.append(_("{card} x{factor} = {score}", card=card_name(ruleset, card),
                           factor=format_factor(factor), score=format_score(running)))
    if running != after:
        return None
    return lines


def _explain_rounding(mode: Any, after: Fraction) -> str:
    """``rounded down = 3``."""
    if mode == "floor":
        return _("rounded down = {score}", score=format_score(after))
    if mode == "ceil":
        return _("rounded up = {score}", score=format_score(after))
    return _("rounded = {score}", score=format_score(after))


def explain_elimination(ruleset: Any, result: Any) -> list[str]:
    """Who is out for having the least money (all of them when everyone is tied)."""
    out = [p for p in result.players if p.eliminated]
    if not out:
        return []
    money = format_money(ruleset, min(p.money for p in out))
    if len(out) == len(result.players):
        return [_("Everyone is tied for the least money ({money}): everyone is out and nobody wins.",
                  money=money)]
    return [ngettext("{names} is out with the least money in hand ({money}).",
                     "{names} are out, tied for the least money in hand ({money}).",
                     len(out), names=format_list(p.name for p in out), money=money)]


def explain_winners(ruleset: Any, result: Any) -> list[str]:
    """The winners with their score, and how a tie for the top score was broken."""
    winners = list(result.winners)
    if not winners:
        return []
    scores = {p.name: p.score for p in result.players}
    top = scores[winners[0]]
    lines = [ngettext("Winner: {names} with {score}.", "Winners: {names} with {score} each.",
                      len(winners), names=format_list(winners), score=format_score(top))]
    tied = [p.name for p in result.players if not p.eliminated and p.score == top]
    decided_by = getattr(result, "decided_by", None)
    if len(tied) > 1:
        if decided_by and decided_by != "score" and len(winners) < len(tied):
            # TRANSLATORS: {names} tied for the best score; {criterion} describes the tiebreak,
            # e.g. "most money in hand".
            lines.append(_("{names} tied on score; decided by {criterion}.",
                           names=format_list(tied), criterion=criterion_description(ruleset, decided_by)))
        else:
            lines.append(_("{names} are still tied after every tiebreak and share the win.",
                           names=format_list(winners)))
    return lines


def summarize_result(ruleset: Any, result: Any) -> list[str]:
    """One line per player (score, money, out or not), then the winners: the short report."""
    lines = []
    for player in result.players:
        money = format_money(ruleset, player.money)
        if player.eliminated:
            # TRANSLATORS: one player's result; they are out (least money) and cannot win.
            lines.append(_("{name}: {score} points, {money} in hand, out", name=player.name,
                           score=format_score(player.score), money=money))
        else:
            # TRANSLATORS: one player's result: exact score and the money left in hand.
            lines.append(_("{name}: {score} points, {money} in hand", name=player.name,
                           score=format_score(player.score), money=money))
    if result.winners:
        lines.extend(explain_winners(ruleset, result)[:1])
    else:
        lines.append(_("Nobody wins."))
    return lines
