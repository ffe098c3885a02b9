"""``harvest N`` at any prompt: a human harvests their zone number N, told first what each would pay.

The zones are numbered from 1 in the order the ruleset declares the zones
with the harvest's tag (the numbers planting uses). ``harvest`` alone
harvests the only zone that may be harvested, if there is just one.
"""

from __future__ import annotations

from typing import Any

from engine.base.formatting import counted_cards, list_separator, ruleset_text, zone_word
from engine.base.i18n import N_, _
from engine.families.common.front.player_input import COMMAND_PROMPT, InputProblem, typed_command
from engine.families.common.front.prompting import Turn, choose, parse_number, refusal_reason

# TRANSLATORS: the command a player types to harvest a zone (a field), followed by its number.
HARVEST_COMMAND = typed_command(N_("harvest"), aliases=("harvest", "hv"), prompt=COMMAND_PROMPT)


def harvest_words() -> set[str]:
    """Words that harvest."""
    return HARVEST_COMMAND.words()


class HarvestCommand:
    """Reads ``harvest N`` for an ``anytime`` harvest (:class:`~engine.families.harvest.rules.harvest.Harvest`)."""

    def __init__(self, item: Any) -> None:
        self.item = item

    def words(self) -> set[str]:
        """The command's words."""
        return harvest_words()

    def _word(self, turn: Turn) -> str:
        """The word for one of the zones harvested, as the ruleset names their tag (``field``), else "zone"."""
        return zone_word(turn.ruleset, self.item.harvester.tag)

    def _zones(self, turn: Turn) -> list[Any]:
        """The player's zones this harvest takes, in their numbering order (zone specs)."""
        specs = turn.game.zones.specs
        return [specs[index] for index in self.item.harvester.zones]

    def _open(self, turn: Turn) -> list[int]:
        """The numbers of the zones the player may harvest now."""
        harvestable = set(self.item.harvestable(turn.state, turn.player))
        return [number for number, spec in enumerate(self._zones(turn), start=1) if spec.index in harvestable]

    def hint(self, turn: Turn) -> str | None:
        """``harvest 1-2`` when a zone may be harvested now."""
        numbers = self._open(turn)
        if not numbers:
            return None
        # TRANSLATORS: the hint for the harvest command in a prompt; {numbers} lists the zones that may be harvested.
        return _("harvest {numbers}", numbers="/".join(str(number) for number in numbers))

    def help_lines(self, turn: Turn) -> list[str]:
        """Each non-empty zone: what harvesting it would pay, or why it may not be harvested now."""

        lines = []
        open_numbers = self._open(turn)
        for number, spec in enumerate(self._zones(turn), start=1):
            cards = turn.observation.cards(spec.id, turn.player) or ()
            if not cards:
                continue
            zone = ruleset_text(turn.ruleset, spec.name)
            held = counted_cards(turn.ruleset, cards)
            if number in open_numbers:
                # TRANSLATORS: a line of the help, e.g. "harvest 1: First field, 3 × Red, pays 2".
                lines.append(
                    _(
                        "harvest {number}: {zone}, {cards}, pays {amount}",
                        number=number,
                        zone=zone,
                        cards=held,
                        amount=self.item.payout(turn.state, turn.player, spec.index),
                    )
                )
            else:
                action = self.item.space.base + spec.index
                # TRANSLATORS: a line of the help for a zone that may not be harvested now, e.g. "harvest 2: Second
                # field, 1 × Red: ..."; "harvest" is the command (use your translation); {reason} is the rule's reason.
                lines.append(
                    _(
                        "harvest {number}: {zone}, {cards}: {reason}",
                        number=number,
                        zone=zone,
                        cards=held,
                        reason=refusal_reason(turn.state, action) or "?",
                    )
                )
        return lines

    def action(self, turn: Turn, words: list[str]) -> int | None:
        """The harvest of the zone numbered by the words (the only one open, when none is named)."""
        zones = self._zones(turn)
        if not words:
            numbers = self._open(turn)
            if len(numbers) == 1:
                return self._with_wild_cards(turn, zones[numbers[0] - 1])
            if not numbers:
                # TRANSLATORS: the player typed the harvest command but no zone (field) of theirs may be harvested now.
                raise InputProblem(_("You have nothing you may harvest now."))
            # TRANSLATORS: the player typed the harvest command alone, but several zones may be harvested; "harvest"
            # is the command (use your translation); {numbers} lists the zones' numbers, e.g. "1, 3".
            raise InputProblem(
                _(
                    "Which one? Type harvest and its number: {numbers}.",
                    numbers=list_separator().join(str(number) for number in numbers),
                )
            )
        if len(words) != 1:
            # TRANSLATORS: what the player typed after the harvest command cannot be read; "harvest" is the command the
            # player types (use your translation of it); {zone} is the ruleset's word for a zone harvested, e.g. "field".
            raise InputProblem(_("Type harvest and one {zone} number, e.g. harvest 1.", zone=self._word(turn)))
        # TRANSLATORS: what the number after "harvest" stands for; {zone} is the ruleset's word for one of the zones
        # harvested, e.g. "field" (else your word for "zone").
        number = parse_number(words[0], 1, len(zones), _("{zone} number", zone=self._word(turn)))
        spec = zones[number - 1]
        if not turn.observation.cards(spec.id, turn.player):
            # TRANSLATORS: the player asked to harvest a zone with no card; {zone} is its name, e.g. "Second field".
            raise InputProblem(
                _("{zone} is empty: there is nothing to harvest.", zone=ruleset_text(turn.ruleset, spec.name))
            )
        return self._with_wild_cards(turn, spec)

    def _with_wild_cards(self, turn: Turn, spec: Any) -> int | None:
        """The harvest of the zone; when it holds wild cards among its own, the player says which become coins."""

        low, high = self.item.harvester.wild_range(turn.state, turn.player, spec.index)
        if low == high:
            return self.item.space.action(spec.index, low)
        cards = turn.state.card_ids_in(spec.index, turn.player)
        game = turn.game
        wild_types = game.modifiers.wild_types
        own = [card for card in cards if game.cards.index_of_id[card] not in wild_types]
        jokers = [card for card in cards if game.cards.index_of_id[card] in wild_types]
        paid = self.item.payout(turn.state, turn.player, spec.index)
        options = [counted_cards(turn.ruleset, own[: paid - wild] + jokers[:wild]) for wild in range(low, high + 1)]
        # TRANSLATORS: a field holding wild cards among its own pays; which cards become coins is the player's choice.
        picked = choose(
            turn, _("Which cards of {zone} become coins?", zone=ruleset_text(turn.ruleset, spec.name)), options
        )
        return None if picked is None else self.item.space.action(spec.index, low + picked)
