"""``deposit CARD N`` at any prompt: a human deposits cards of one type (coins into a bank), choosing from lists when unsaid."""
from __future__ import annotations

from typing import Any

from ...terminal.commands import Turn, card_choices, choose, parse_card_counts, word_set
from ...text.formatting import card_name, ruleset_text
from ...text.i18n import _
from ...text.player_input import InputProblem
from ..card_counts import held_by_type


def deposit_words() -> set[str]:
    """Words that deposit."""
    # TRANSLATORS: the command a player types to deposit cards (coins into a bank).
    return word_set("deposit", "dp", _("deposit"))


class DepositCommand:
    """Reads ``deposit`` for an ``anytime`` deposit (:class:`~engine.blocks.zones.deposit.Deposit`)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """The command's words."""
        return deposit_words()

    def _zone(self, turn: Turn, zone_index: int) -> str:
        return ruleset_text(turn.ruleset, turn.game.zones.specs[zone_index].name)

    def hint(self, turn: Turn) -> str | None:
        """``deposit`` when the player may deposit now."""
        return _("deposit") if self.item.available(turn.state, turn.player) else None

    def help_lines(self, turn: Turn) -> list[str]:
        """What a deposit does, when the player may make one."""
        if not self.item.available(turn.state, turn.player):
            return []
        # TRANSLATORS: a line of the help, e.g. "deposit: move cards of one kind from your Coins to your Bank, for good".
        return [_("deposit: move cards of one kind from your {source} to your {target}, for good",
                  source=self._zone(turn, self.item.from_zone), target=self._zone(turn, self.item.to_zone))]

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The deposit the words name, or the one chosen from the lists that follow."""
        state, player = turn.state, turn.player
        if not self.item.granted(state, player):
            raise InputProblem(_("You may not deposit anything yet."))
        held = held_by_type(state, state.slot(self.item.from_zone, player))
        types = [t for t, count in enumerate(held) if count]
        if not types:
            raise InputProblem(_("Your {source} is empty.", source=self._zone(turn, self.item.from_zone)))
        if words:
            counts, _marked = parse_card_counts(words, card_choices(turn.ruleset, turn.game, types))
            if len(counts) != 1:
                raise InputProblem(_("Deposit one kind of card at a time, e.g. deposit {card} 2.",
                                     card=card_name(turn.ruleset, turn.game.cards.ids[types[0]])))
            (type_index, count), = counts.items()
            return self.item.space.action(type_index, count)
        picked = choose(turn, _("Which cards do you deposit?"),
                        [_("{card} (you have {count})", card=card_name(turn.ruleset, turn.game.cards.ids[t]),
                           count=held[t]) for t in types])
        if picked is None:
            return None
        type_index = types[picked]
        if held[type_index] == 1:
            return self.item.space.action(type_index, 1)
        number = choose(turn, _("How many?"), [str(n) for n in range(1, held[type_index] + 1)])
        return None if number is None else self.item.space.action(type_index, number + 1)
