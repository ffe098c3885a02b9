"""What a card is and what it does, and how the game ends, read from the ruleset's data.

Nothing here knows a game: each block words itself (a score step says what a
card adds, an effect what it does, an auction how the card is sold, an end
condition when the game ends); this module asks the blocks that concern a card.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, clause_separator, list_separator, ruleset_text, tag_name
from engine.base.i18n import _
from engine.core.selectors import card_selector, selector_of

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.language.ruleset import Ruleset


def _block(ruleset: Ruleset, category: str, spec: Mapping[str, Any] | None) -> Any:
    if not spec:
        return None
    return ruleset.blocks.block(category, spec.get("kind"))


def scoring_phrases(ruleset: Ruleset, card: Any) -> list[str]:
    """How holding the card changes its holder's score, one phrase per scoring step."""
    phrases: list[str] = []
    for step in ruleset.scoring_steps:
        # The selector the score step itself uses, so a card is described by the steps that really count it.
        block = _block(ruleset, "score-step", step)
        if block is None or not hasattr(block, "card_phrases") or not card_selector(selector_of(step))(card):
            continue
        phrases.extend(block.card_phrases(ruleset, step, card))
    return phrases


def effect_phrases(ruleset: Ruleset, card: Any) -> list[str]:
    """What happens when the card is taken (its ``on-take`` block), as sentences."""
    block = _block(ruleset, "effect", card.on_take)
    return list(block.describe(ruleset, card.on_take)) if block is not None and hasattr(block, "describe") else []


def step_phrase(ruleset: Ruleset, step_kind: str | None, spec: Mapping[str, Any] | None = None) -> str:
    """What the step deciding now does, in one sentence (how an auction sells its card)."""
    block = ruleset.blocks.block("step", step_kind or "")
    if block is None or not hasattr(block, "describe"):
        return ""
    return block.describe(ruleset, spec or {})


def describe_card(ruleset: Ruleset, card_id: str) -> str:
    """The card's name, its kinds and what it does, e.g. "Title (Red border): score ×2"."""
    card = ruleset.card(card_id)
    name = card_name(ruleset, card_id)
    own_name = ruleset_text(ruleset, card.name)
    kinds = [tag_name(ruleset, tag) for tag in sorted(card.tags)]
    kinds = [kind for kind in kinds if kind != own_name]
    label = name
    if kinds:
        # TRANSLATORS: a card and the kinds it belongs to, e.g. "Title (Red border)".
        label = _("{card} ({kinds})", card=name, kinds=list_separator().join(kinds))
    effects = scoring_phrases(ruleset, card) + effect_phrases(ruleset, card)
    if not effects:
        return label
    # TRANSLATORS: a card followed by what it does, e.g. "Title (Red border): score ×2".
    return _("{card}: {effects}", card=label, effects=clause_separator().join(effects))


def game_rule_phrases(ruleset: Ruleset) -> list[str]:
    """How the game ends and who cannot win, worded by the end and elimination blocks.

    A newcomer asking for help needs these rules most: the game may end
    before the deck does, and spending everything can cost the win.
    """
    phrases: list[str] = []
    for end in ruleset.end_conditions:
        block = _block(ruleset, "end", end)
        if block is not None and hasattr(block, "describe"):
            phrases.extend(block.describe(ruleset, end))
    elimination = _block(ruleset, "elimination", ruleset.elimination)
    if elimination is not None and hasattr(elimination, "describe"):
        phrases.extend(elimination.describe(ruleset, ruleset.elimination))
    return phrases


def progress_phrases(ruleset: Ruleset, observation: Observation) -> list[str]:
    """How near each end condition is ("Red border seen: 2 of 4"), as the end blocks word it."""
    phrases = []
    for end in ruleset.end_conditions:
        block = _block(ruleset, "end", end)
        if block is not None and hasattr(block, "progress"):
            phrase = block.progress(ruleset, end, observation)
            if phrase:
                phrases.append(phrase)
    return phrases
