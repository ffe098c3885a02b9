"""Cards counted by type: how logs write them (``{TYPE: N}``) and how people read them (``2 × Red, 1 × Blue``)."""
from __future__ import annotations

from typing import Any, Mapping, Sequence

from ..errors import LogError
from ..text.i18n import _


def counts_by_type(game: Any, value: Any, key: str) -> list[int]:
    """A log's ``{TYPE: N}`` as a count per type index (LogError for unknown types or bad counts)."""
    counts = [0] * len(game.cards.types)
    if value is None:
        return counts
    if not isinstance(value, Mapping):
        raise LogError.at(_("{key} must map card ids to numbers of cards", key=key))
    for card, count in value.items():
        type_index = game.cards.index_of_id.get(card) if type(card) is str else None
        if type_index is None:
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        if type(count) is not int or not 0 <= count <= len(game.cards.instances_of[type_index]):
            raise LogError.at(_("{key}: a game has {copies} × {card}, not {count}", key=key, card=card,
                                copies=len(game.cards.instances_of[type_index]), count=str(count)[:40]))
        counts[type_index] = count
    return counts


def card_counts_text(ruleset: Any, game: Any, counts: Sequence[int]) -> str:
    """``2 × Red, 1 × Blue`` in the reader's language."""
    from ..text.formatting import card_name, format_list

    return format_list(_("{count} × {card}", count=count, card=card_name(ruleset, game.cards.ids[t]))
                       for t, count in enumerate(counts) if count)
