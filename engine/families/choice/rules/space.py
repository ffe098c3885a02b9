"""The action space of every ``choose`` step of a ruleset: one int per word, or per word and value.

A ruleset's choices share one space, laid out by word: each word a choice
offers gets a range of ints, one per value its domain may take (a card
type, a seat, a card id, a number), so the same word means the same thing
wherever it is offered, and a log entry reads back without knowing which
step wrote it. ``validate`` refuses a word offered with two domains.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import LogError
from engine.base.formatting import card_name, ruleset_text
from engine.base.i18n import _
from engine.core.decisions import ActionSpace
from engine.core.log_fields import CARD, INDEX, WHOLE
from engine.families.choice.rules.options import DONE_WORD, count_range, number_range, option_shape
from engine.language.block_walk import blocks_of

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.log_form import LogForm
    from engine.core.rules import RulesetLike

# The most values one word's domain may take (a number range's width).
MAX_VALUES = 1000


class WordRange:
    """One word's ints: where they start (from the space's base), the domain, and how values map to ints."""

    __slots__ = ("word", "offset", "domain", "size", "low", "says", "label", "ends_count")

    def __init__(
        self,
        word: str,
        offset: int,
        domain: str | None,
        size: int,
        low: int,
        says: str | None,
        label: str,
        ends_count: bool = False,
    ) -> None:
        self.word = word
        self.offset = offset
        self.domain = domain
        self.size = size
        self.low = low
        self.says = says
        self.label = label
        # The engine's own word that ends a choice of several values (worded by the program, not the ruleset).
        self.ends_count = ends_count


def choice_options(data: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """Every option of every ``choose`` step of a ruleset's data, in the order written."""
    found = []
    for category, _path, block in blocks_of(data):
        if category == "step" and block.get("kind") == "choose":
            found.extend(option for option in block.get("options") or () if isinstance(option, Mapping))
    return found


class ChoiceSpace(ActionSpace):
    """The ints of every choice of the ruleset, word by word."""

    name = "choose"
    log_fields = MappingProxyType({"card": CARD, "target": INDEX, "name": CARD, "number": WHOLE})

    def __init__(self, ruleset: RulesetLike, game: Game) -> None:
        super().__init__(ruleset, game)
        self.words: dict[str, WordRange] = {}
        offset = 0
        card_count = len(ruleset.cards)
        for option in choice_options(ruleset.data):
            shape = option_shape(option)
            if shape.word in self.words:
                continue
            low = 0
            if shape.domain is None:
                size = 1
            elif shape.domain in ("card", "name"):
                size = card_count
            elif shape.domain == "target":
                size = game.player_count
            else:
                low, high = number_range(option)
                size = max(high - low + 1, 1)
            says = option.get("says")
            label = str(option.get("label") or shape.word)
            self.words[shape.word] = WordRange(shape.word, offset, shape.domain, size, low, says, label)
            offset += size
        if any(count_range(option) is not None for option in choice_options(ruleset.data)):
            self.words[DONE_WORD] = WordRange(DONE_WORD, offset, None, 1, 0, None, DONE_WORD, ends_count=True)
            offset += 1
        self.size = max(offset, 1)
        self.json_actions = tuple(self.words)
        self.bare_actions = tuple(word for word, entry in self.words.items() if entry.domain is None)
        self.required_fields = MappingProxyType(
            {word: (entry.domain,) for word, entry in self.words.items() if entry.domain is not None}
        )
        # offset -> the word's range, for decoding
        self._by_offset = sorted(self.words.values(), key=lambda entry: entry.offset)

    # ------------------------------------------------------------------ ints

    def action(self, word: str, value: int = 0) -> int:
        """The int of ``word`` with the value's index (a type index, a seat, a number)."""
        entry = self.words[word]
        return self.base + entry.offset + (value - entry.low if entry.domain == "number" else value)

    def word_of(self, action: int) -> tuple[WordRange, int]:
        """The word's range of an int, and the value it carries (a type index, a seat, a number)."""
        offset = action - self.base
        found = self._by_offset[0]
        for entry in self._by_offset:
            if entry.offset <= offset:
                found = entry
            else:
                break
        index = offset - found.offset
        return found, index + found.low if found.domain == "number" else index

    # ------------------------------------------------------------------ the log

    def to_json(self, state: LogForm | None, action: int, player: int) -> dict[str, Any]:
        entry, value = self.word_of(action)
        written: dict[str, Any] = {"player": player, "action": entry.word}
        if entry.domain in ("card", "name"):
            written[entry.domain] = self.ruleset.cards[value].id
        elif entry.domain is not None:
            written[entry.domain] = value
        return written

    def from_json(self, state: LogForm | None, entry: Mapping[str, Any]) -> int:
        word = entry.get("action")
        found = self.words.get(str(word))
        if found is None:
            # TRANSLATORS: error in a game log file: an entry's "action" is no word of this game; {action} is what it
            # says, e.g. 'steal'.
            raise LogError.at(_("unknown action {action}", action=repr(word)[:80]))
        if found.domain is None:
            return self.base + found.offset
        value = entry.get(found.domain)
        if found.domain in ("card", "name"):
            card = self.ruleset.card(value) if isinstance(value, str) and value in self._card_ids() else None
            if card is None:
                # TRANSLATORS: error in a game log file; {key} is the entry's key "card" or "name" (keep it); {value}
                # what it says, e.g. 'gem-11'.
                raise LogError.at(_("{key}: no card has the id {value}", key=found.domain, value=repr(value)[:80]))
            return self.action(found.word, card.index)
        if type(value) is not int:
            # TRANSLATORS: error in a game log file; {key} is the entry's key "target" or "number" (keep it).
            raise LogError.at(_("{key} must be a whole number", key=found.domain))
        if found.domain == "target" and not 0 <= value < self.game.player_count:
            # TRANSLATORS: error in a game log file; keep "target" (its key); {seat} is a seat number, counted from 0.
            raise LogError.at(_("target: there is no seat {seat}", seat=value))
        if found.domain == "number" and not found.low <= value < found.low + found.size:
            # TRANSLATORS: error in a game log file; keep "number" (its key); {value}, {low} and {high} are numbers.
            raise LogError.at(
                _(
                    "number: {value} is not between {low} and {high}",
                    value=value,
                    low=found.low,
                    high=found.low + found.size - 1,
                )
            )
        return self.action(found.word, value)

    def _card_ids(self) -> frozenset[str]:
        return frozenset(card.id for card in self.ruleset.cards)

    # ------------------------------------------------------------------ words

    def describe(self, state: LogForm | None, action: int, player: int) -> str:
        entry, value = self.word_of(action)
        values: dict[str, Any] = {"player": self.game.players[player], "action": entry.word}
        if entry.domain in ("card", "name"):
            values[entry.domain] = card_name(self.ruleset, self.ruleset.cards[value].id)
        elif entry.domain == "target":
            values["target"] = self.game.players[value]
        elif entry.domain == "number":
            values["number"] = value
        if entry.ends_count:
            # TRANSLATORS: a player stops choosing cards, players or names one by one ("Ann: done choosing").
            return _("done choosing")
        if entry.says:
            return ruleset_text(self.ruleset, entry.says, **values)
        word = ruleset_text(self.ruleset, entry.label)
        if entry.domain is None:
            return word
        # TRANSLATORS: a choice described when its ruleset words it no better: "play: Spy", "target: Ann".
        return _("{action}: {value}", action=word, value=values[entry.domain])
