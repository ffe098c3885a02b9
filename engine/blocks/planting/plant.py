"""Decision ``plant``: play the front card of a row (an ordered hand) into one of your zones that takes it."""
from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from ...core.decisions import ActionList, ActionSpace
from ...core.flow import DONE, FlowNode
from ...errors import IllegalActionError, LogError
from ...text.i18n import _
from ..params import COUNT, name, one_of, param, variable, zone
from ..registry import register


def takes(state: Any, spec: Any, slot: int, card_type: Any) -> bool:
    """Whether the zone at ``slot`` (of ``spec``) may take a card of ``card_type`` now.

    Closed zones take nothing; ``accepts`` limits the types; ``capacity`` the
    number; ``holds: one-type`` locks a non-empty zone to its type.
    """
    from ..selectors import card_selector

    if state.closed_slots and slot in state.closed_slots:
        return False
    content = state.zones[slot]
    if spec.capacity is not None and (content.bit_count() if type(content) is int else len(content)) >= spec.capacity:
        return False
    if spec.accepts and not card_selector(spec.accepts)(card_type):
        return False
    if spec.one_type and content:
        held = content[0] if type(content) is not int else (content & -content).bit_length() - 1
        return state.game.cards.type_of[held] == card_type.index
    return True


class PlantSpace(ActionSpace):
    """The ``plant`` space: one int per zone a card may be planted in (by the zone's index), and ``done``."""

    name = "plant"
    json_actions = ("plant", "done")

    def __init__(self, ruleset: Any, game: Any) -> None:
        super().__init__(ruleset, game)
        self.size = len(game.zones.specs) + 1
        self.done = len(game.zones.specs)

    def to_json(self, state: Any, action: int, player: int) -> dict[str, Any]:
        local = action - self.base
        if local == self.done:
            return {"player": player, "action": "done"}
        return {"player": player, "action": "plant", "zone": self.game.zones.specs[local].id}

    def from_json(self, state: Any, entry: Mapping[str, Any]) -> int:
        if entry.get("action") == "done":
            return self.base + self.done
        zone_id = entry.get("zone")
        index = self.game.zones.index_of_id.get(zone_id) if type(zone_id) is str else None
        if index is None:
            raise LogError.at(_("there is no zone {zone}", zone=str(zone_id)[:80]))
        return self.base + index

    def describe(self, state: Any, action: int, player: int) -> str:
        from ...text.formatting import card_name, ruleset_text

        local = action - self.base
        if local == self.done:
            # TRANSLATORS: ending a step where a player may do something more (plant another card) or stop.
            return _("done")
        zone = ruleset_text(self.ruleset, self.game.zones.specs[local].name)
        front = _front_of(state, player)
        if front is None:
            return _("plant into {zone}", zone=zone)
        # TRANSLATORS: planting a card, e.g. "plant Red into First row".
        return _("plant {card} into {zone}", card=card_name(self.ruleset, self.game.cards.id_of(front)), zone=zone)


def _front_of(state: Any, player: int) -> int | None:
    """The front card of the row the plant step under way plants from."""
    frame = state.stack[-1] if state.stack else None
    node = frame[0] if frame else None
    if not isinstance(node, PlantStep):
        return None
    return node._front(state, player)


@register
class PlantStep(FlowNode):
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
    parameters = {"from": param("From", "The player's row whose front card is planted.", zone(), option=False),
                  "into": param("Into", "The tag of the player's zones cards are planted in.", name("zone-tag"),
                                option=False),
                  "least": param("Least", "How many cards must be planted (when there are cards).", {"type": "integer", "minimum": 0, "maximum": 100}),
                  "most": param("Most", "How many cards may be planted.", COUNT),
                  "limit": param("Limit", "The name under which modifiers may raise `most`.", name(), option=False),
                  "when-blocked": param("When blocked", "wait (make room first) or discard.", one_of("wait", "discard"),
                                        option=False),
                  "discard": param("Discard", "The shared zone a blocked card goes to (with when-blocked: discard).",
                                   zone(), option=False),
                  "player": param("Player", "Who plants (a player variable; default active).", variable(), option=False)}
    required = ("from", "into")

    def __init__(self, spec: Mapping[str, Any], ruleset: Any, build: Callable) -> None:
        super().__init__(spec, ruleset, build)
        self.source_id = spec["from"]
        self.tag = spec["into"]
        self.least = int(spec.get("least", 1))
        self.most = int(spec.get("most", 1))
        self.limit_name = spec.get("limit")
        self.blocked = spec.get("when-blocked", "wait")
        self.discard_id = spec.get("discard")
        self.player_name = spec.get("player", "active")

    @classmethod
    def card_paths(cls, spec: Mapping[str, Any]) -> list[tuple]:
        """Where this step moves cards (into every zone with the tag; the semantic check resolves tags loosely)."""
        paths = [(spec.get("from"), f"#{spec.get('into')}", None, False)]
        if spec.get("discard"):
            paths.append((spec.get("from"), spec["discard"], None, False))
        return paths

    def space_requests(self) -> Sequence[tuple[str, Any]]:
        return (("plant", PlantSpace),)

    @classmethod
    def check(cls, spec: Mapping[str, Any], path: str, context: Any) -> None:
        """A card that waits for room needs an action taken at any time to make it (a harvest)."""
        if spec.get("when-blocked", "wait") == "wait" and not (context.data.get("anytime") or []):
            context.add(f"{path}.when-blocked" if "when-blocked" in spec else path,
                        _("a card no zone takes waits for room made by an action taken at any time, and this ruleset "
                          "declares none (`anytime`): use when-blocked: discard, or declare one"))
        if spec.get("when-blocked") == "discard" and not spec.get("discard"):
            context.add(path, _("when-blocked: discard needs `discard`, the shared zone the card goes to"))

    def variable_names(self) -> Sequence[str]:
        return (self.player_name,)

    def compile(self, game: Any) -> None:
        self.space = game.space("plant")
        self.source_zone = game.zone_index(self.source_id)
        self.targets = tuple(spec for spec in game.zones.specs if self.tag in spec.tags)
        self.player = game.variable(self.player_name)
        self.discard_slot = game.zones.slot_of(self.discard_id) if self.discard_id else None

    def new_frame(self) -> list:
        # [node, cards planted so far]
        return [self, 0]

    def _front(self, state: Any, player: int) -> int | None:
        content = state.zones[state.slot(self.source_zone, player)]
        return content[0] if content else None

    def _most(self, state: Any, player: int) -> int:
        return state.limit(player, self.limit_name, self.most) if self.limit_name else self.most

    def _open_targets(self, state: Any, player: int, instance: int) -> list[int]:
        card_type = state.game.cards.type(instance)
        return [spec.index for spec in self.targets
                if takes(state, spec, state.slot(spec.index, player), card_type)]

    def start(self, state: Any, frame: list) -> int:
        frame[1] = 0
        return self._next(state, frame)

    def _next(self, state: Any, frame: list) -> int:
        player = state.variables[self.player]
        instance = self._front(state, player)
        if instance is None or frame[1] >= self._most(state, player):
            return DONE
        if frame[1] >= self.least or self._open_targets(state, player, instance) or self.blocked == "wait":
            return state.decide(player)
        # A compulsory card with nowhere to go.
        state.move((instance,), state.slot(self.source_zone, player), self.discard_slot, player=player, step=self.id)
        frame[1] += 1
        return self._next(state, frame)

    def legal(self, state: Any, frame: list) -> ActionList:
        player = state.current
        instance = self._front(state, player)
        base = self.space.base
        actions = [base + index for index in self._open_targets(state, player, instance)] if instance is not None else []
        if frame[1] >= self.least:
            actions.append(base + self.space.done)
        return ActionList(actions, kind="plant")

    def public_facts(self, state: Any, frame: list) -> Mapping[str, Any]:
        player = state.current
        return {"planted": frame[1], "least": self.least, "most": self._most(state, player), "from": self.source_id,
                "into": self.tag}

    def apply(self, state: Any, frame: list, action: int) -> int:
        if action not in self.legal(state, frame):
            raise IllegalActionError.at(_("that zone cannot take this card now"))
        player = state.current
        local = action - self.space.base
        if local == self.space.done:
            return DONE
        instance = self._front(state, player)
        state.move((instance,), state.slot(self.source_zone, player), state.slot(local, player), player=player,
                   step=self.id)
        frame[1] += 1
        return self._next(state, frame)
