"""Answers to an offer: decline, or accept (naming the hand positions given when the offer asks for hand cards)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from engine.base.errors import LogError
from engine.base.formatting import format_list
from engine.base.i18n import _
from engine.core.decisions import ActionSpace, LegalActions
from engine.core.draws import below, drawn_positions
from engine.core.log_fields import POSITIONS
from engine.families.trading.rules.offers import position_choices, position_sets

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class ReplySpace(ActionSpace):
    """The ``reply`` space: ``{"action": "decline"}``, or ``{"action": "accept", "positions": [...]}``.

    ``positions`` (left out when empty) are the receiver's hand positions
    they give, 0 being the front; their types must be what the offer asks.
    """

    name = "reply"
    json_actions = ("accept", "decline")
    bare_actions = ("decline",)
    log_fields = MappingProxyType({"positions": POSITIONS})

    def __init__(self, ruleset: Ruleset, game: Game) -> None:
        super().__init__(ruleset, game)
        self.size = 1 + (1 << game.cards.size)
        self.decline = 0

    def accept(self, mask: int) -> int:
        """The int of accepting, giving the hand positions in ``mask``."""
        return self.base + 1 + mask

    def to_json(self, state: State, action: int, player: int) -> dict[str, Any]:
        local = action - self.base
        if local == 0:
            return {"player": player, "action": "decline"}
        entry: dict[str, Any] = {"player": player, "action": "accept"}
        positions = _positions(local - 1)
        if positions:
            entry["positions"] = positions
        return entry

    def from_json(self, state: State, entry: Mapping[str, Any]) -> int:
        if entry.get("action") == "decline":
            return self.base
        positions = entry.get("positions") or []
        if not isinstance(positions, (list, tuple)):
            raise LogError.at(_("the hand cards given are a list of positions"))
        mask = 0
        for position in positions:
            if type(position) is not int or not 0 <= position < self.game.cards.size or mask >> position & 1:
                raise LogError.at(
                    _("a hand position is a number from 0, each given once, not {value}", value=str(position)[:40])
                )
            mask |= 1 << position
        return self.accept(mask)

    def describe(self, state: State, action: int, player: int) -> str:
        local = action - self.base
        if local == 0:
            # TRANSLATORS: turning a trade offer down.
            return _("decline")
        positions = _positions(local - 1)
        if not positions:
            # TRANSLATORS: taking a trade offer.
            return _("accept")
        # TRANSLATORS: taking a trade offer and giving the hand cards at these positions (1 is the front).
        return _("accept, giving hand cards {positions}", positions=format_list(str(p + 1) for p in positions))


def _positions(mask: int) -> list[int]:
    found = []
    while mask:
        lowest = mask & -mask
        found.append(lowest.bit_length() - 1)
        mask ^= lowest
    return found


class ReplyActions(LegalActions):
    """Decline, and every way to accept: the hand positions that give exactly the cards asked for."""

    __slots__ = ("space", "hand_types", "wanted", "can_accept")

    def __init__(
        self, space: ReplySpace, hand_types: tuple[int, ...], wanted: tuple[int, ...], can_accept: bool
    ) -> None:
        self.space = space
        self.hand_types = hand_types
        self.wanted = wanted
        self.can_accept = can_accept and all(not n or hand_types.count(k) >= n for k, n in enumerate(wanted))

    def __contains__(self, action: object) -> bool:
        if action not in self.space:
            return False
        local = action - self.space.base  # type: ignore[operator]
        if local == 0:
            return True
        if not self.can_accept:
            return False
        mask = local - 1
        if mask >> len(self.hand_types):
            return False
        given = [0] * len(self.wanted)
        for position in _positions(mask):
            given[self.hand_types[position]] += 1
        return tuple(given) == self.wanted

    def __iter__(self) -> Iterator[int]:
        yield self.space.base
        if self.can_accept:
            for mask in position_sets(self.hand_types, self.wanted):
                yield self.space.accept(mask)

    def size(self) -> int:
        return 1 + (position_choices(self.hand_types, self.wanted) if self.can_accept else 0)

    def __bool__(self) -> bool:
        return True

    def kinds(self) -> tuple[str, ...]:
        return ("decline", "accept") if self.can_accept else ("decline",)

    def kind_of(self, action: int) -> str:
        return "decline" if action == self.space.base else "accept"

    def sample_accept(self, rng: random.Random) -> int:
        """One way to accept, drawn uniformly."""
        mask = 0
        for t, count in enumerate(self.wanted):
            if count:
                positions = [p for p, held in enumerate(self.hand_types) if held == t]
                for drawn in drawn_positions(rng, len(positions), count):
                    mask |= 1 << positions[drawn]
        return self.space.accept(mask)

    def sample(self, rng: random.Random) -> int:
        total = self.size()
        if below(rng, total) == 0:
            return self.space.base
        return self.sample_accept(rng)

    def sample_by_kind(self, rng: random.Random) -> int:
        if self.can_accept and below(rng, 2):
            return self.sample_accept(rng)
        return self.space.base

    def __repr__(self) -> str:
        return f"ReplyActions(wanted={self.wanted}, can_accept={self.can_accept})"
