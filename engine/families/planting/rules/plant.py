"""Decision ``plant``: play the front card of a row (an ordered hand) into one of your zones that takes it."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from engine.base.errors import IllegalActionError
from engine.base.formatting import zone_word
from engine.base.i18n import _
from engine.core.decisions import ActionList, UnionActions
from engine.core.flow import DONE, FlowNode
from engine.families.common.rules.done import DoneSpace
from engine.families.planting.rules.space import PlantSpace, takes
from engine.language.params import COUNT, name, one_of, param, variable, zone

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class PlantingStep(FlowNode):
    """What the planting decisions share: the zones planted into (by tag) and who plants."""

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.tag = spec["into"]
        self.player_name = spec.get("player", "active")
        self.texts = ruleset  # the word for one of the zones planted into, in refusals

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("plant", PlantSpace), ("done", DoneSpace))

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Game) -> None:
        self.space = game.space("plant")
        self.done = game.space("done").base
        self.source_zone = game.zone_index(self.source_id)
        self.targets = tuple(spec for spec in game.zones.specs if self.tag in spec.tags)
        self.target_by_index = {spec.index: spec for spec in self.targets}
        self.player = game.variable(self.player_name)
        # Asked at every planting decision: each seat's target zones with their slots, looked up once.
        self.targets_of_player = tuple(
            tuple((spec, game.zones.slot(spec.index, seat)) for spec in self.targets)
            for seat in range(game.player_count)
        )
        self.done_only = ActionList([self.done], kind="done")

    def open_targets(self, state: State, player: int, type_index: int) -> list[int]:
        """The indices of ``player``'s zones that take a card of ``type_index`` now."""
        card_type = state.game.cards.types[type_index]
        return [spec.index for spec, slot in self.targets_of_player[player] if takes(state, spec, slot, card_type)]

    def takes_now(self, state: State, player: int, zone_index: int, type_index: int) -> bool:
        """Whether ``player``'s zone ``zone_index`` is planted into here and takes a card of ``type_index`` now."""
        spec = self.target_by_index.get(zone_index)
        return spec is not None and takes(
            state, spec, state.slot(zone_index, player), state.game.cards.types[type_index]
        )

    def plant(self, state: State, player: int, instance: int, zone_index: int) -> None:
        """Move ``instance`` from the player's source zone into their zone ``zone_index``."""
        state.move(
            (instance,),
            state.slot(self.source_zone, player),
            state.slot(zone_index, player),
            player=player,
            step=self.id,
        )

    def describe_requirement(self) -> str:
        # TRANSLATORS: why a planting move is refused, shown after "Not allowed:": the zone does not take the card;
        # {zone} is the ruleset's word for one of the zones planted into, e.g. "field" (else your word for "zone").
        return _("that {zone} cannot take this card now", zone=zone_word(self.texts, self.tag))


class PlantStep(PlantingStep):
    """``plant``: the player plants the front card of their row ``from`` into one of their zones tagged ``into`` that takes it.

    A zone takes the card when it is open, has room (``capacity``), accepts
    its type (``accepts``) and, for ``holds: one-type``, is empty or holds
    that type already. The player plants up to ``most`` cards one after the
    other (a limit a modifier may raise, named by ``limit``); the first
    ``least`` are compulsory, after that ``done`` stops. When no zone takes a
    compulsory card, ``when-blocked`` says what happens: ``wait`` (the player
    must first make room with an action they may take at any time, such as a
    harvest), or ``discard`` (the card goes to the shared zone ``discard``).
    With an empty row there is nothing to plant.

    Parameters: ``from`` (a row), ``into`` (a zone tag), ``least`` (default
    1), ``most`` (default 1), ``limit`` (a name modifiers use), ``when-blocked``,
    ``discard``, ``player`` (default ``active``).

    ```yaml
    - {kind: plant, from: hand, into: field, least: 1, most: 2, limit: plant-from-hand, when-blocked: wait}
    ```
    """

    kind = "plant"
    parameters = {
        "from": param("From", "The player's row whose front card is planted.", zone("player", ("row",)), option=False),
        "into": param("Into", "The tag of the player's zones cards are planted in.", name("zone-tag"), option=False),
        "least": param(
            "Least",
            "How many cards must be planted (when there are cards).",
            {"type": "integer", "minimum": 0, "maximum": 100},
        ),
        "most": param("Most", "How many cards may be planted.", COUNT),
        "limit": param("Limit", "The name under which modifiers may raise `most`.", name(), option=False),
        "when-blocked": param(
            "When blocked", "wait (make room first) or discard.", one_of("wait", "discard"), option=False
        ),
        "discard": param(
            "Discard",
            "The shared zone a blocked card goes to (with when-blocked: discard).",
            zone("shared"),
            option=False,
        ),
        "player": param("Player", "Who plants (a player variable; default active).", variable(), option=False),
    }
    required = ("from", "into")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.least = int(spec.get("least", 1))
        self.most = int(spec.get("most", 1))
        self.limit_name = spec.get("limit")
        self.blocked = spec.get("when-blocked", "wait")
        self.discard_id = spec.get("discard")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards (into every zone with the tag; the semantic check resolves tags loosely)."""
        paths = [(spec.get("from"), f"#{spec.get('into')}", None, False)]
        if spec.get("discard"):
            paths.append((spec.get("from"), spec["discard"], None, False))
        return paths

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """A card that waits for room needs an action taken at any time to make it (a harvest)."""
        if spec.get("when-blocked", "wait") == "wait" and not (context.data.get("anytime") or []):
            context.add(
                f"{path}.when-blocked" if "when-blocked" in spec else path,
                # TRANSLATORS: a ruleset error of a plant step; `anytime`, when-blocked and discard are ruleset
                # keywords: keep them as they are. An action taken at any time is e.g. a harvest that frees a field.
                _(
                    "a card no zone takes waits for room made by an action taken at any time, and this ruleset "
                    "declares none (`anytime`): use when-blocked: discard, or declare one"
                ),
            )
        if spec.get("when-blocked") == "discard" and not spec.get("discard"):
            # TRANSLATORS: a ruleset error of a plant step; when-blocked, discard and `discard` are ruleset keywords.
            context.add(path, _("when-blocked: discard needs `discard`, the shared zone the card goes to"))

    def compile(self, game: Game) -> None:
        super().compile(game)
        self.discard_slot = game.zones.slot_of(self.discard_id) if self.discard_id else None

    def new_frame(self) -> list:
        # [node, cards planted so far]
        return [self, 0]

    def _front(self, state: State, player: int) -> int | None:
        content = state.zones[state.slot(self.source_zone, player)]
        return content[0] if content else None

    def _most(self, state: State, player: int) -> int:
        return state.limit(player, self.limit_name, self.most) if self.limit_name else self.most

    def start(self, state: State, frame: list) -> int:
        frame[1] = 0
        return self._next(state, frame)

    def _next(self, state: State, frame: list) -> int:
        player = state.variables[self.player]
        instance = self._front(state, player)
        if instance is None or frame[1] >= self._most(state, player):
            return DONE
        type_index = state.game.cards.type_of[instance]
        if frame[1] >= self.least or self.blocked == "wait" or self.open_targets(state, player, type_index):
            return state.decide(player)
        # A compulsory card with nowhere to go.
        state.move((instance,), state.slot(self.source_zone, player), self.discard_slot, player=player, step=self.id)
        frame[1] += 1
        return self._next(state, frame)

    def legal(self, state: State, frame: list) -> Any:
        player = state.current
        instance = self._front(state, player)
        plants = ActionList((), kind="plant")
        if instance is not None:
            type_index = state.game.cards.type_of[instance]
            plants = ActionList(
                [
                    self.space.action(type_index, zone_index)
                    for zone_index in self.open_targets(state, player, type_index)
                ],
                kind="plant",
            )
        if frame[1] < self.least:
            return plants
        return UnionActions([plants, self.done_only])

    def public_facts(self, state: State, frame: list) -> Mapping[str, Any]:
        player = state.current
        return {
            "planted": frame[1],
            "least": self.least,
            "most": self._most(state, player),
            "from": self.source_id,
            "into": self.tag,
        }

    def apply(self, state: State, frame: list, action: int) -> int:
        if action == self.done:
            if frame[1] < self.least:
                # TRANSLATORS: why "done" is refused, shown after "Not allowed:": the player must plant the card first.
                raise IllegalActionError.at(_("this card must be planted first"))
            return DONE
        player = state.current
        front = self._front(state, player)
        if front is None or action not in self.space:
            raise IllegalActionError.at(self.describe_requirement())
        type_index, zone_index = self.space.parts(action)
        if type_index != state.game.cards.type_of[front] or not self.takes_now(state, player, zone_index, type_index):
            raise IllegalActionError.at(self.describe_requirement())
        self.plant(state, player, front, zone_index)
        frame[1] += 1
        return self._next(state, frame)
