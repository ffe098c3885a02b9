"""What one player may see of a game: the input of every bot."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping


@dataclass(frozen=True)
class Observation:
    """One player's view of the state: their own hand plus everything public.

    Money cards are listed by face value. Bids on the table, cards won, money
    discarded (out of the game) and the revealed cards are public; the order
    of the deck is not, but which cards are still unseen is (the card list is
    public), so ``unseen_cards`` lists them in ruleset order.
    """

    player: int
    players: tuple[str, ...]
    hand: tuple[int, ...]
    hand_mask: int
    bids: tuple[tuple[int, ...], ...]
    bid_totals: tuple[int, ...]
    highest_bid: int
    passed: tuple[bool, ...]
    won_cards: tuple[tuple[str, ...], ...]
    money_cards_left: tuple[int, ...]
    discarded_money: tuple[tuple[int, ...], ...]
    revealed_card: str | None
    auction_kind: str | None
    cards_left_in_deck: int
    unseen_cards: tuple[str, ...]
    tag_counts_revealed: Mapping[str, int]
    end_thresholds: Mapping[str, int]
    pending_effects: tuple[tuple[Mapping[str, Any], ...], ...]
    round_number: int
    current_player: int
    start_player: int
    ruleset: str
    options: Mapping[str, Any]
    money_values: tuple[int, ...] = ()
    # The ruleset itself (public knowledge: the card list, the scoring steps).
    rules: Any = None

    @property
    def ruleset_id(self) -> str:
        """Same as ``ruleset``."""
        return self.ruleset

    @property
    def hand_total(self) -> int:
        """The money in this player's hand."""
        return sum(self.hand)
