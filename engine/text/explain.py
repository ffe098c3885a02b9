"""Scoring explained like a rulebook: one function from a Result to localized lines.

Each scoring step of the ruleset becomes one line per card it touched, with the
running total, the way a rulebook's worked example reads::

    Treasure 3 + Treasure 9 = 12
    Penalty -5 = 7
    Bonus x2 = 14
    Bonus x2 = 28
    Curse x1/2 = 14

followed by who is out (for the least money, say) and how a tie for the top
score was broken. Amounts are shown with their measure's ``says`` sentence
(``{amount} in hand``) in the ruleset's unit. ``score``, ``replay`` and the terminal game all print these
lines; this module does not print anything itself.

The lines are rebuilt from the step's specification in the ruleset, the cards
the player holds and the step's value before and after. If re-deriving the
running totals does not land exactly on the recorded result (a step kind this
module does not know in detail), the step is shown as one generic line, so
the explanation never contradicts the score.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.formatting import (
    criterion_description,
    format_amount,
    format_list,
    format_number,
    format_score,
    list_separator,
    measure_name,
    plural_count,
    ruleset_plural_text,
    ruleset_text,
)
from engine.base.i18n import _, ngettext

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

INDENT = "  "


def explain_result(ruleset: Ruleset, result: Any) -> list[str]:
    """Every player's scoring steps, then who is out and how the winners were decided."""
    lines: list[str] = []
    for player in result.players:
        lines.extend(explain_player(ruleset, player))
    lines.extend(explain_elimination(ruleset, result))
    lines.extend(explain_winners(ruleset, result))
    return lines


def measure_amount(ruleset: Ruleset, measure_id: str, amount: Any) -> str:
    """An amount of a measure in its unit (``26,000``, ``600만 달러``); a plain number for a measure without one."""
    try:
        unit = ruleset.measure(measure_id).unit
    except KeyError:
        unit = None
    if unit is None:
        return format_number(amount)
    return format_amount(ruleset, amount, unit)


def measure_says(ruleset: Ruleset, measure_id: str, amount: Any) -> str:
    """An amount of a measure in a sentence, as the ruleset words it (``26,000 in hand``)."""
    try:
        says = ruleset.measure(measure_id).says
    except KeyError:
        says = None
    shown = measure_amount(ruleset, measure_id, amount)
    if not says:
        return shown
    if isinstance(says, tuple):
        singular, plural = says
        return ruleset_plural_text(ruleset, singular, plural, plural_count(amount), amount=shown)
    return ruleset_text(ruleset, says, amount=shown)


def shown_measures(ruleset: Ruleset) -> list[str]:
    """The measures a player's result shows, in the order of the ruleset's ``result``."""
    return [item["measure"] for item in ruleset.result_layout if item.get("measure")] or [
        spec.id for spec in ruleset.measures
    ]


def explain_player(ruleset: Ruleset, player: Any) -> list[str]:
    """A player's heading, one line per scoring effect, and their score."""
    amounts = [measure_says(ruleset, name, player.measure(name)) for name in shown_measures(ruleset)]
    # TRANSLATORS: heading of one player's scoring explanation; {measures} says what they have left,
    # e.g. "26,000 in hand".
    heading = (
        _("{name}: {measures}", name=player.name, measures=list_separator().join(amounts)) if amounts else player.name
    )
    if player.eliminated:
        # TRANSLATORS: added to a player's heading when they are out (least money) and cannot win.
        heading = _("{heading} (out)", heading=heading)
    lines = [heading]
    specs = {spec.get("id"): spec for spec in ruleset.scoring_steps}
    for step in player.explanation:
        if step.kind == "part":
            lines.append(INDENT + explain_part(ruleset, step))
            continue
        spec = specs.get(step.step_id, {"kind": step.kind})
        lines.extend(INDENT + line for line in explain_step(ruleset, spec, step, player.cards))
    # TRANSLATORS: the last line of a player's score explanation.
    lines.append(INDENT + _("Score: {score}", score=format_score(player.score)))
    return lines


def explain_part(ruleset: Ruleset, step: Any) -> str:
    """One named part of a score written in parts (``scoring.parts``): its points and the running total."""
    before, after = Fraction(step.before), Fraction(step.after)
    # TRANSLATORS: one part of a player's score, e.g. "Cards: 33 = 33" then "Chips: -4 = 29"; {part} is the
    # ruleset's name for it, {amount} its points, {total} the score so far.
    return _(
        "{part}: {amount} = {total}",
        part=ruleset_text(ruleset, str(step.detail.get("name", step.step_id))),
        amount=format_score(after - before),
        total=format_score(after),
    )


def explain_step(ruleset: Ruleset, spec: Mapping[str, Any], step: Any, held: Sequence[str]) -> list[str]:
    """The lines of one scoring step, worded by its block (``explain``), else one generic line.

    A block's lines are re-derived from the cards and must land on the
    recorded result; when they do not (or the block has no wording), the
    step is one generic line, so an explanation never contradicts a score.
    """
    kind = spec.get("kind", step.kind)
    before, after = Fraction(step.before), Fraction(step.after)
    block = ruleset.blocks.block("score-step", kind)
    if getattr(block, "needs_zones", False):
        lines = block.explain(ruleset, spec, before, after, held, step.detail)
    else:
        lines = block.explain(ruleset, spec, before, after, held) if hasattr(block, "explain") else None
    if lines is None:
        if before == after:
            return []
        # TRANSLATORS: a scoring step explained generically: {step} is its id, e.g. "14 -> 7".
        lines = [
            _("{step}: {before} -> {after}", step=step.step_id, before=format_score(before), after=format_score(after))
        ]
    return lines


def explain_elimination(ruleset: Ruleset, result: Any) -> list[str]:
    """Who is out for having the least of the elimination's measure (all of them when everyone is tied)."""
    out = [p for p in result.players if p.eliminated]
    measure_id = (ruleset.elimination or {}).get("measure")
    if not out or not measure_id:
        return []
    amount = measure_amount(ruleset, measure_id, min(p.measure(measure_id) for p in out))
    measure = measure_name(ruleset, measure_id)
    if len(out) == len(result.players):
        # TRANSLATORS: {measure} is what is compared, e.g. "money in hand"; {amount} its value, e.g. "6,000".
        return [
            _(
                "Everyone is tied for the least {measure} ({amount}): everyone is out and nobody wins.",
                measure=measure,
                amount=amount,
            )
        ]
    # TRANSLATORS: {measure} is what is compared, e.g. "money in hand"; {amount} its value, e.g. "6,000".
    return [
        ngettext(
            "{names} is out with the least {measure} ({amount}).",
            "{names} are out, tied for the least {measure} ({amount}).",
            len(out),
            names=format_list(p.name for p in out),
            measure=measure,
            amount=amount,
        )
    ]


def explain_winners(ruleset: Ruleset, result: Any) -> list[str]:
    """The winners with their score, and how a tie for the top score was broken."""
    winners = list(result.winners)
    if not winners:
        return []
    scores = {p.name: p.score for p in result.players}
    top = scores[winners[0]]
    # TRANSLATORS: the last lines of a game's score explanation (score, replay, the end of a game); {names} lists the
    # winners, e.g. "Ann and Bo"; {score} is their score, e.g. "14".
    lines = [
        ngettext(
            "Winner: {names} with {score}.",
            "Winners: {names} with {score} each.",
            len(winners),
            names=format_list(winners),
            score=format_score(top),
        )
    ]
    tied = [p.name for p in result.players if not p.eliminated and p.score == top]
    decided_by = getattr(result, "decided_by", None)
    if len(tied) > 1:
        if decided_by and decided_by != "score" and len(winners) < len(tied):
            # TRANSLATORS: {names} tied for the best score; {criterion} describes the tiebreak,
            # e.g. "most money in hand".
            lines.append(
                _(
                    "{names} tied on score; decided by {criterion}.",
                    names=format_list(tied),
                    criterion=criterion_description(ruleset, decided_by),
                )
            )
        else:
            # TRANSLATORS: a tie for the best score that no tiebreak decided; {names} lists the winners, e.g. "Ann and
            # Bo".
            lines.append(
                _("{names} are still tied after every tiebreak and share the win.", names=format_list(winners))
            )
    return lines


def summarize_result(ruleset: Ruleset, result: Any) -> list[str]:
    """One line per player (score, money, out or not), then the winners: the short report."""
    lines = []
    names = shown_measures(ruleset)
    separator = list_separator()
    for player in result.players:
        measures = separator.join(measure_says(ruleset, name, player.measure(name)) for name in names)
        if player.eliminated:
            # TRANSLATORS: one player's result; they are out and cannot win. {measures} says what they
            # have left, e.g. "26,000 in hand".
            lines.append(
                ngettext(
                    "{name}: {score} point, {measures}, out",
                    "{name}: {score} points, {measures}, out",
                    plural_count(player.score),
                    name=player.name,
                    score=format_score(player.score),
                    measures=measures,
                )
            )
        elif not measures:
            # TRANSLATORS: one player's result in a game that declares nothing else to show: their exact score.
            lines.append(
                ngettext(
                    "{name}: {score} point",
                    "{name}: {score} points",
                    plural_count(player.score),
                    name=player.name,
                    score=format_score(player.score),
                )
            )
        else:
            # TRANSLATORS: one player's result: exact score and what they have left, e.g. "26,000 in hand".
            lines.append(
                ngettext(
                    "{name}: {score} point, {measures}",
                    "{name}: {score} points, {measures}",
                    plural_count(player.score),
                    name=player.name,
                    score=format_score(player.score),
                    measures=measures,
                )
            )
    if result.winners:
        lines.extend(explain_winners(ruleset, result)[:1])
    else:
        # TRANSLATORS: the result when every player is out.
        lines.append(_("Nobody wins."))
    return lines
