"""Card effect ``discard-tagged``: the taker gives up one of their cards with a tag."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError, LogError
from engine.base.formatting import card_name, format_list, tag_name
from engine.base.i18n import _
from engine.core.decisions import ActionList, ActionSpace
from engine.core.flow import DONE, FlowNode
from engine.core.log_fields import CARD
from engine.families.auction.rules.events import Discard, Pending
from engine.language.params import BOOLEAN, name, one_of, param, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class DiscardSpace(ActionSpace):
    """The ``discard`` space: one int per card type (the type given up)."""

    name = "discard"
    tells_itself = True
    json_actions = ("discard",)
    log_fields = MappingProxyType({"card": CARD})
    required_fields = MappingProxyType({"discard": ("card",)})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.size = len(game.cards.types)

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        return {"player": player, "action": "discard", "card": self.game.cards.ids[action - self.base]}

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        card = entry.get("card")
        index = self.game.cards.index_of_id.get(card) if type(card) is str else None
        if index is None:
            # TRANSLATORS: error in a game log file: an entry (e.g. a discard) names a card the ruleset does not
            # have; {card} is the card id written there, e.g. "gem-11".
            raise LogError.at(_("there is no card {card}", card=str(card)[:80]))
        return self.base + index

    def describe(self, state: State, action: int, player: int) -> str:

        # TRANSLATORS: an action in a list of choices: give up the card {card}.
        return _("discard {card}", card=card_name(self.ruleset, self.game.cards.ids[action - self.base]))


class DiscardChoice(FlowNode):
    """The decision a ``discard-tagged`` effect asks for: which card to give up."""

    kind = "discard-choice"

    def __init__(self, effect: DiscardTagged) -> None:
        self.id = "discard"
        self.spec = {}
        self.effect = effect

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("discard", DiscardSpace),)

    def compile(self, game: Game) -> None:
        self.space = game.space("discard")
        self.cards = game.cards

    def new_frame(self) -> list:
        # [node, chooser, candidate type indices, the effect card's instance, the chooser's won slot]
        return [self, 0, (), -1, -1]

    def start(self, state: State, frame: list) -> int:
        return state.decide(frame[1])

    def legal(self, state: State, frame: list) -> ActionList:
        base = self.space.base
        return ActionList([base + card_type for card_type in frame[2]], kind="discard")

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        return {"choice": "discard", "cards": tuple(self.cards.ids[t] for t in frame[2])}

    def apply(self, state: State, frame: list, action: int) -> int:
        base = self.space.base
        if type(action) is not int or action - base not in frame[2]:
            names = format_list([card_name(state.ruleset, self.cards.ids[t]) for t in frame[2]])
            # TRANSLATORS: why an action is refused where a player must choose a card to discard; {cards} lists the
            # card names they may choose, e.g. "Possession 2 and Possession 5".
            raise IllegalActionError.at(_("choose one of these cards: {cards}", cards=names))
        self.effect.discard(state, frame[1], action - base, frame[3], frame[4])
        return DONE


class DiscardTagged:
    """``discard-tagged``: the taker must discard one of their cards with a tag.

    When a card with this ``on-take`` effect is taken, its taker chooses one
    of the cards they hold with ``tag`` and discards it; this is a decision
    (a ``discard`` action in the log) even when only one card qualifies. With
    ``discard-self: true`` the effect card is discarded with it. Discarded
    cards go to the shared zone ``to`` (default ``discarded``), out of the game.

    When the taker holds no such card, ``when-none`` decides: ``pending``
    means the next card with ``tag`` that player takes is discarded at once,
    with no choice (together with the effect card if ``discard-self``);
    ``nothing`` means the effect is lost. A pending effect still waiting at
    the end of the game does nothing.

    Parameters: ``tag``, ``discard-self`` (default false), ``when-none``
    (``pending`` or ``nothing``, default ``pending``), ``to``.

    ```yaml
    on-take: {kind: discard-tagged, tag: treasure, discard-self: true, when-none: pending}
    ```
    """

    category = "effect"
    kind = "discard-tagged"
    parameters = {
        "tag": param("Tag", "The tag of the cards one of which is discarded.", name("tag")),
        "discard-self": param("Discard self", "Discard the effect card too.", BOOLEAN),
        "when-none": param(
            "When none", "pending (the next such card taken goes) or nothing.", one_of("pending", "nothing")
        ),
        "to": param(
            "To",
            "The shared zone of discarded cards (default discarded).",
            zone("shared", default="discarded"),
            option=False,
        ),
    }
    required = ("tag",)

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> list[str]:
        """The effect in words, for the card's description."""

        tag = tag_name(ruleset, str(spec.get("tag")))
        if spec.get("discard-self"):
            # TRANSLATORS: a card effect; {tag} is a kind of card, e.g. "Possession".
            sentence = _("Its taker discards one of their {tag} cards together with this card.", tag=tag)
        else:
            # TRANSLATORS: a card effect, in the card's description; {tag} is a kind of card, e.g. "Possession".
            sentence = _("Its taker discards one of their {tag} cards.", tag=tag)
        if spec.get("when-none", "pending") == "pending":
            # TRANSLATORS: follows the sentence "Its taker discards one of their {tag} cards." in a card's description:
            # a taker who has no card of the kind {tag} (e.g. "Possession") discards the next one they take.
            sentence += " " + _("With none, the next {tag} card they take is discarded instead.", tag=tag)
        return [sentence]

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        self.tag = spec["tag"]
        self.discard_self = bool(spec.get("discard-self", False))
        self.when_none = spec.get("when-none", "pending")
        self.discard_zone_id = spec.get("to", "discarded")
        self.choice = DiscardChoice(self)

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Discarded cards leave the taker's cards for the discard zone."""
        return [
            ("won", spec.get("to", "discarded"), None, False),
            ("revealed", spec.get("to", "discarded"), None, False),
        ]

    def decision_nodes(self) -> Sequence[FlowNode]:
        """The decision this effect asks for (the game allocates its action space)."""
        return (self.choice,)

    def compile(self, game: Game) -> None:
        self.tagged = frozenset(card.index for card in game.cards.types if self.tag in card.tags)
        self.discard_slot = game.zones.slot_of(self.discard_zone_id)
        self.cards = game.cards

    def on_take(self, state: State, taker: int, instance: int, won_slot: int) -> None:
        """Ask the taker to choose, or leave the effect pending."""
        type_of = self.cards.type_of
        candidates = []
        for held in state.cards_in(state.game.zones.slot_zone[won_slot], taker):
            card_type = type_of[held]
            if held != instance and card_type in self.tagged and card_type not in candidates:
                candidates.append(card_type)
        if candidates:
            state.schedule([self.choice, taker, tuple(sorted(candidates)), instance, won_slot])
        elif self.when_none == "pending":
            state.pending[taker].append((self, instance))
            if state.recording:
                state.events.append(Pending(taker, self.cards.id_of(instance), self.tag))

    def discard(self, state: State, player: int, card_type: int, source: int, won_slot: int) -> None:
        """Discard the chosen card (and the effect card itself if ``discard-self``)."""
        held = next(
            instance
            for instance in state.cards_in(state.game.zones.slot_zone[won_slot], player)
            if self.cards.type_of[instance] == card_type and instance != source
        )
        self._discard(state, player, held, won_slot)
        if self.discard_self:
            self._discard(state, player, source, won_slot)

    def _discard(self, state: State, player: int, instance: int, slot: int) -> None:
        state.move((instance,), slot, self.discard_slot, player=player)
        if state.recording:
            state.events.append(Discard(player, self.cards.id_of(instance)))

    def intercepts(self, card_type: int) -> bool:
        """Whether a pending copy of this effect catches a newly taken card of ``card_type``."""
        return card_type in self.tagged

    def on_intercept(self, state: State, player: int, instance: int, lot_slot: int, source: int) -> None:
        """A pending effect fires: the new card is discarded at once, no choice."""
        self._discard(state, player, instance, lot_slot)
        if self.discard_self:
            won_slot = next(
                slot
                for slot in range(len(state.zones))
                if state.game.zones.slot_owner[slot] == player and _holds(state.zones[slot], source)
            )
            self._discard(state, player, source, won_slot)


def _holds(content: Any, instance: int) -> bool:
    return bool(content >> instance & 1) if type(content) is int else instance in content
