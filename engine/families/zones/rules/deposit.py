"""At any time, ``deposit``: a player moves cards of one type from one of their zones to another (coins to a bank)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import ruleset_text
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DECIDE
from engine.core.log_fields import CARD
from engine.families.common.rules.anytime import AnytimeAction
from engine.families.common.rules.card_counts import card_counts_text, held_by_type, take_counts
from engine.language.params import name, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class DepositSpace(ActionSpace):
    """The ``deposit`` space: a card type and a number, ``{"action": "deposit", "card": ID, "count": N}`` in the log."""

    name = "deposit"
    json_actions = ("deposit",)
    log_fields = MappingProxyType({"card": CARD})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        # One int per (type, number from 1 to the type's copies).
        self.most = max((len(copies) for copies in game.cards.instances_of), default=0)
        # The zone deposits go to, for their description (set by the deposit block).
        self.target_zone = 0
        self.size = len(game.cards.types) * max(self.most, 1)

    def action(self, type_index: int, count: int) -> int:
        """The int of depositing ``count`` cards of type ``type_index``."""
        return self.base + type_index * self.most + count - 1

    def parts(self, action: int) -> tuple[int, int]:
        """``(card type index, number of cards)`` of an action."""
        type_index, rest = divmod(action - self.base, self.most)
        return type_index, rest + 1

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        type_index, count = self.parts(action)
        return {"player": player, "action": "deposit", "card": self.game.cards.ids[type_index], "count": count}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        card = entry.get("card")
        type_index = self.game.cards.index_of_id.get(card) if type(card) is str else None
        if type_index is None:
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        count = entry.get("count")
        copies = len(self.game.cards.instances_of[type_index])
        if type(count) is not int or not 1 <= count <= copies:
            raise LogError.at(
                # TRANSLATORS: error in a game log file: a deposit's `count` (a key, keep it) is out of range; {card} is
                # a card id, e.g. "red"; {copies} the number of its copies in the game, e.g. 8.
                _("count: a game has {copies} × {card}, so a number from 1 to {copies}", copies=copies, card=card)
            )
        return self.action(type_index, count)

    def describe(self, state: State, action: int, player: int) -> str:

        type_index, count = self.parts(action)
        counts = [0] * len(self.game.cards.types)
        counts[type_index] = count
        # TRANSLATORS: moving cards into a zone of one's own, e.g. "deposit 3 × Red in Bank".
        return _(
            "deposit {cards} in {zone}",
            cards=card_counts_text(self.ruleset, self.game, counts),
            zone=ruleset_text(self.ruleset, self.game.zones.specs[self.target_zone].name),
        )


class Deposit(AnytimeAction):
    """``deposit``: at any of their decision points a player moves cards of one type, as many as they like, from their zone ``from`` to their zone ``to``, for good.

    With ``granted-by``, only a player for whom a ``grant`` modifier of that
    name is active may deposit (a bank built): ``{kind: grant, while-in:
    buildings, grant: deposit}``. Each deposit is one type of card; a player
    deposits several types one after another.

    Parameters: ``from``, ``to`` (player zones), ``granted-by``.

    ```yaml
    anytime:
      - {id: deposit, kind: deposit, from: coins, to: bank, granted-by: bank}
    ```
    """

    kind = "deposit"
    word = "deposit"
    parameters = {
        "from": param("From", "The player's zone the cards leave (their coins).", zone(), option=False),
        "to": param("To", "The player's zone the cards go to, for good (a bank).", zone(), option=False),
        "granted-by": param(
            "Granted by", "Only a player with a `grant` modifier of this name may deposit.", name(), option=False
        ),
    }
    required = ("from", "to")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.granted_by = spec.get("granted-by")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where a deposit moves cards."""
        return [(spec.get("from"), spec.get("to"), None, False)]

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """Both zones are the player's own."""
        for key in ("from", "to"):
            if context.zone_differs(spec.get(key), owner="player"):
                context.add(
                    f"{path}.{key}",
                    # TRANSLATORS: a ruleset error of a deposit step: it names a shared zone; {zone} is a zone id,
                    # e.g. "discard".
                    _("the zone {zone} is shared: a deposit moves a player's own cards", zone=spec.get(key)),
                )

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("deposit", DepositSpace),)

    def compile(self, game: Game) -> None:
        self.space = game.space("deposit")
        self.from_zone = game.zone_index(self.spec["from"])
        self.to_zone = game.zone_index(self.spec["to"])
        self.space.target_zone = self.to_zone

    def granted(self, state: State, player: int) -> bool:
        """Whether ``player`` may deposit at all now."""
        return self.granted_by is None or state.granted(player, self.granted_by)

    def available(self, state: State, player: int) -> bool:
        return bool(state.zones[state.slot(self.from_zone, player)]) and self.granted(state, player)

    def legal(self, state: State, player: int) -> ActionList:
        if not self.granted(state, player):
            return ActionList((), kind="deposit")
        held = held_by_type(state, state.slot(self.from_zone, player))
        action = self.space.action
        return ActionList(
            [action(t, count) for t, most in enumerate(held) for count in range(1, most + 1)], kind="deposit"
        )

    def apply(self, state: State, player: int, action: int) -> int:
        if action not in self.space:
            # TRANSLATORS: why a deposit is refused, shown after "Not allowed:": the move is not a deposit.
            raise IllegalActionError.at(_("that is not a deposit"))
        if not self.granted(state, player):
            # TRANSLATORS: why a deposit is refused: the player lacks what allows it (e.g. a Bank building).
            raise IllegalActionError.at(_("you may not deposit anything yet"))
        type_index, count = self.space.parts(action)
        source = state.slot(self.from_zone, player)
        if held_by_type(state, source)[type_index] < count:
            # TRANSLATORS: why a deposit is refused: it moves more cards of a kind than the player holds.
            raise IllegalActionError.at(_("you do not hold that many of those cards"))
        counts = [0] * len(state.game.cards.types)
        counts[type_index] = count
        state.move(
            take_counts(state, source, counts), source, state.slot(self.to_zone, player), player=player, step=self.id
        )
        return DECIDE
