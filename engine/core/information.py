"""What one player knows of a game, and games drawn to fit it (determinizations for searching bots).

A searching bot may not look at cards it cannot see, yet it needs whole
states to search. :class:`InformationSet` gives it states drawn from what a
player knows, and nothing else:

- Everything a player knows comes from the rules, the public actions (every
  action int is seen by the whole table, but the other players' secret
  choices, until they are revealed), and the cards the player has seen.
  Cards are uncertain only because of chance: a card nobody shuffled lies
  where the rules put it. So the unknowns are the shuffles' outcomes.
- One replay of the game from its recorded chance notes, at every decision,
  which cards the player sees (in zones visible to them, or shown by the
  decision under way: to everyone, as cards offered from a hand, or to them
  alone, as a card peeked at). A card seen since it was last shuffled
  *pins* its place in that shuffle; every other place of that shuffle is
  free.
- A determinization deals each shuffle again, the pinned places keeping their
  card types and the free places taking the shuffle's other cards in a random
  order, then replays every action. A deal in which an action was illegal
  (a player played a card the deal did not give them: what they have shown
  they lack), or after which the player would see something else than they
  do, is refused and another is drawn. An action the player does not know (a
  secret choice) is drawn among those legal in the deal.

A player's actions tell something of their hidden cards too: ``best_explained``
keeps, of many deals, those in which a model of the players (a bot reading
their views of the deal) would have made their last actions.

The draw depends only on the pinned types, the card types of each shuffle and
the actions: two games the player cannot tell apart give the same states from
the same random generator. That is what lets a bot search without peeking.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, cast

from engine.base.errors import CardrulesError
from engine.core.chance import ChanceOutcome, GameInPlay

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.moves import CardMoves
    from engine.core.observation import Observation
    from engine.core.state import State

# Deals drawn for one determinization before giving up (each a replay of the game).
MOST_DEALS = 40
# A part of a deal after a later shuffle (a round's deck) is drawn again this many times before the part before it.
REDRAWS_PER_SHUFFLE = 10
# A shuffle after the game's start that the deal stops fitting after is drawn again this many times (a replay from
# there on each) before the whole deal is drawn again.
REDRAWS_PER_SHUFFLE = 10


class DealRefused(Exception):
    """A drawn deal that does not fit what the player saw (the replay asked for a shuffle it cannot serve)."""


class _ReplayedChance:
    """Serves a game's recorded shuffles again, instance for instance, noting where each card landed."""

    def __init__(
        self,
        record: Sequence[ChanceOutcome],
        first_player: int,
        on_shuffle: Callable[[int, tuple[int, ...]], None],
    ) -> None:
        self.record = record
        self.next = 0
        self.first = first_player
        self.on_shuffle = on_shuffle

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        zone, order, _key = self.record[self.next]
        if zone != zone_id or sorted(order) != sorted(instances):
            raise DealRefused(zone_id)  # the game is not the one recorded: nothing to learn from it
        self.on_shuffle(self.next, order)
        self.next += 1
        return list(order)

    def first_player(self, state: GameInPlay, players: int) -> int:
        return self.first

    def clone(self) -> _ReplayedChance:
        return self


class _DealtAgain:
    """Deals each shuffle again: pinned places keep their card type, free places take the rest at random.

    The random order is drawn over card *types* (the instances of a type are
    interchangeable), so it depends on what the player knows only.
    """

    def __init__(
        self, plan: Sequence[tuple[str, tuple[int | None, ...]]], first_player: int, rng: random.Random
    ) -> None:
        self.plan = plan
        self.next = 0
        self.first = first_player
        self.rng = rng

    def shuffle(self, state: GameInPlay, zone_id: str, instances: list[int], log_key: str | None) -> list[int]:
        if self.next >= len(self.plan):
            # A shuffle the real game never had (the deal ran the deck dry sooner): searching past now, draw freely.
            drawn = sorted(instances)
            self.rng.shuffle(drawn)
            return drawn
        zone, pinned = self.plan[self.next]
        self.next += 1
        if zone != zone_id or len(pinned) != len(instances):
            raise DealRefused(zone_id)
        type_of = state.game.cards.type_of
        by_type: dict[int, list[int]] = {}
        for instance in sorted(instances, reverse=True):
            by_type.setdefault(type_of[instance], []).append(instance)
        order: list[int | None] = [None] * len(pinned)
        for place, card_type in enumerate(pinned):
            if card_type is not None:
                copies = by_type.get(card_type)
                if not copies:
                    raise DealRefused(zone_id)
                order[place] = copies.pop()
        free_types = sorted(card_type for card_type, copies in by_type.items() for _ in copies)
        self.rng.shuffle(free_types)
        for place, card_type in zip((place for place, card in enumerate(order) if card is None), free_types):
            order[place] = by_type[card_type].pop()
        return [card for card in order if card is not None]  # every place is filled now

    def first_player(self, state: GameInPlay, players: int) -> int:
        return self.first

    def clone(self) -> _DealtAgain:
        other = _DealtAgain(self.plan, self.first, random.Random())
        other.rng.setstate(self.rng.getstate())
        other.next = self.next
        return other


class InformationSet:
    """What ``player`` knows of a game at one decision: the actions, and the places of the cards they saw.

    Built from a state (or an observation's record of it); :meth:`sample`
    draws a state that fits it. ``pinned`` counts the shuffled places the
    player knows, ``free`` those they do not.
    """

    def __init__(
        self,
        game: Game,
        player: int,
        history: Sequence[int],
        chance_record: Sequence[ChanceOutcome],
        first_player: int,
        seen: tuple[object, ...] | None = None,
        hidden: Sequence[int] = (),
    ) -> None:
        self.game = game
        self.player = player
        self.history = tuple(history)
        # The places of the actions the player does not know, and who made each action (a drawn secret choice
        # must leave the same player to act next).
        self.hidden = frozenset(hidden)
        actors: list[int] = []
        self.first_player = first_player
        plan: list[tuple[str, list[int | None]]] = []
        # Where each shuffled instance landed last: (shuffle, place).
        landed: dict[int, tuple[int, int]] = {}
        # Instances seen since their last shuffle (their places are pinned already).
        known = 0
        # The actions during which the game shuffled (a later round's deck).
        redraws: set[int] = set()

        def on_shuffle(number: int, order: Sequence[int]) -> None:
            nonlocal known
            plan.append((chance_record[number][0], [None] * len(order)))
            if actors:
                redraws.add(len(actors) - 1)  # the action under way shuffled
            for place, instance in enumerate(order):
                landed[instance] = (number, place)
                known &= ~(1 << instance)

        type_of = game.cards.type_of
        seen_slots = game.zones.visible_set(player)

        def pin(visible: int) -> None:
            """The cards of bitmask ``visible`` are seen: each keeps its type where its last shuffle put it."""
            nonlocal known
            new = visible & ~known
            known |= visible
            while new:
                lowest = new & -new
                instance = lowest.bit_length() - 1
                new ^= lowest
                where = landed.get(instance)
                if where is not None:
                    plan[where[0]][1][where[1]] = type_of[instance]

        def witness(state: CardMoves, moved: int, target: int) -> None:
            # Cards seen only during an action (discarded face up, then shuffled into the next round's deck by the
            # same action): the view after the action no longer shows them.
            pin(moved if target in seen_slots else moved & state.known[player])

        replay = game.new_initial_state(
            chance_source=_ReplayedChance(chance_record, first_player, on_shuffle), record_events=False, witness=witness
        )

        def note_what_is_seen(state: State) -> None:
            pin(cards_seen(state, player))

        note_what_is_seen(replay)
        # What the player saw just after each action that shuffled (a round's end and the next round's deal).
        seen_after_shuffle: dict[int, tuple[object, ...]] = {}
        for index, action in enumerate(self.history):
            actors.append(replay.current)
            replay.apply_action(action)
            note_what_is_seen(replay)
            if index in redraws:
                seen_after_shuffle[index] = replay.observation(player).visible()
        self.actors = tuple(actors)
        self._seen_after_shuffle = seen_after_shuffle
        self.plan = tuple((zone, tuple(pinned)) for zone, pinned in plan)
        self.pinned = sum(1 for _zone, pinned in plan for card in pinned if card is not None)
        self.free = sum(1 for _zone, pinned in plan for card in pinned if card is None)
        self._expected = replay.observation(player).visible() if seen is None else seen

    @classmethod
    def of_state(cls, state: State, player: int) -> InformationSet:
        """What ``player`` knows of ``state`` now."""
        return cls(
            state.game, player, state.history, state.chance_record, state.first_player, hidden=state.hidden_from(player)
        )

    @classmethod
    def of_observation(cls, observation: Observation) -> InformationSet:
        """What the observing player knew when ``observation`` was taken."""
        game, history, chance_record, first_player = observation.record()
        return cls(
            game,
            observation.player,
            history,
            chance_record,
            first_player,
            observation.visible(),
            observation.hidden_actions(),
        )

    def sample(self, rng: random.Random, attempts: int = MOST_DEALS) -> State | None:
        """A state that fits what the player knows, drawn with ``rng``; None when no deal of ``attempts`` fits.

        The state records no events; its later shuffles (while a bot searches
        ahead) are drawn from the same generator.
        """
        dealt = self._deal(rng, attempts=attempts)
        return dealt[0] if dealt is not None else None

    def best_explained(
        self, rng: random.Random, draws: int, keep: int, explains: Callable[[State, int], bool], window: int
    ) -> list[tuple[State, int]]:
        """Of ``draws`` deals drawn with ``rng``, the ``keep`` (at most) that fit and best explain the last
        ``window`` actions: ``(state, misses)`` each, the fewest misses first.

        ``explains(state, action)`` is asked before each of those actions is
        applied: a model of the other players (would they have done that,
        holding these cards?). A deal misses the actions it does not
        explain; the fewer it misses, the likelier it is the real one when
        the others play as the model does. Of deals that miss as many, the
        one drawn first comes first. A deal is no longer replayed once it
        misses more than the worst of a full ``keep`` would, so a draw that
        cannot be kept costs less than a whole replay.
        """
        kept: list[tuple[int, int, State]] = []
        for number in range(draws):
            most_misses = window
            if len(kept) >= keep:
                most_misses = kept[-1][0] - 1
                if most_misses < 0:
                    break  # every deal kept explains every action: no deal drawn could do better
            dealt = self._deal(rng, explains, window, most_misses)
            if dealt is None:
                continue
            state, misses = dealt
            kept.append((misses, number, state))
            kept.sort(key=lambda entry: entry[:2])
            del kept[keep:]
        return [(state, misses) for misses, _number, state in kept]

    def _deal(
        self,
        rng: random.Random,
        explains: Callable[[State, int], bool] | None = None,
        window: int = 0,
        most_misses: int = 0,
        attempts: int = 1,
    ) -> tuple[State, int] | None:
        """A drawn state that fits, and how many of the last ``window`` actions ``explains`` denied (a deal that
        misses more than ``most_misses`` is refused); None when no deal of ``attempts`` fits.

        A game may shuffle again as it goes (each round's deck). Drawing every
        shuffle again at once needs every round to fit at the same time, a
        chance that shrinks with each round played; so a deal is drawn a
        shuffle at a time. Just after an action that shuffled, the player's
        view must be the one they had (else an earlier shuffle is wrong: the
        round before it was won by another player). A part that stops fitting
        is drawn again from its shuffle on, up to ``REDRAWS_PER_SHUFFLE``
        times, then from the shuffle before it; an attempt fails when its first
        part fails, or when it has used ``REDRAWS_PER_SHUFFLE`` redraws per
        later shuffle in all (the parts' limits alone would multiply). A game
        that shuffles only at its start draws exactly as a whole deal at a time.
        """
        checked_from = len(self.history) - window if explains is not None else len(self.history)
        hidden = self.hidden
        seen_after_shuffle = self._seen_after_shuffle
        failed = 0
        # Where a deal is drawn again: (action index, a copy of the game before that action, misses then, redraws
        # left); the first is the start of the game, drawn from scratch.
        parts: list[tuple[int, State | None, int]] = [(0, None, 0)]
        redraws_left = [0]
        most_redraws = REDRAWS_PER_SHUFFLE * len(seen_after_shuffle)
        redrawn = 0
        while failed < attempts:
            start, saved, misses = parts[-1]
            earlier_wrong = False
            try:
                if saved is None:
                    state = self.game.new_initial_state(
                        chance_source=_DealtAgain(self.plan, self.first_player, rng), record_events=False
                    )
                else:
                    state = saved.clone()
                    cast(_DealtAgain, state.chance).rng = rng  # the copy's own generator would draw the same again
                for index in range(start, len(self.history)):
                    shuffles = index in seen_after_shuffle
                    if shuffles and (saved is None or index != start):
                        parts.append((index, state.clone(), misses))
                        redraws_left.append(REDRAWS_PER_SHUFFLE)
                    action = self.history[index]
                    if hidden and index in hidden:
                        # A choice the player does not know: any the deal allows (the same player choosing).
                        if state.current != self.actors[index]:
                            raise DealRefused(index)
                        legal = state.legal_actions()
                        if not legal:
                            raise DealRefused(index)
                        state.apply_action(legal.sample(rng))
                    else:
                        if hidden and state.current != self.actors[index]:
                            raise DealRefused(index)
                        if index >= checked_from and explains is not None and not explains(state, action):
                            misses += 1
                            if misses > most_misses:
                                return None
                        state.apply_action(action)
                    if shuffles and state.observation(self.player).visible() != seen_after_shuffle[index]:
                        earlier_wrong = True  # the new deal shows only pinned cards: the part before it is wrong
                        raise DealRefused(index)
                if state.observation(self.player).visible() != self._expected:
                    raise DealRefused(len(self.history))
                return state, misses
            except (DealRefused, CardrulesError):
                # An action the deal makes illegal (the player saw it was legal), or a view the player did not
                # have: this part of the deal cannot be the game's. Refused before the part's shuffle was drawn
                # again, it is the part before that is wrong.
                latest = parts[-1][1]
                if latest is not None and _shuffles_drawn(state) == _shuffles_drawn(latest):
                    earlier_wrong = True
                if earlier_wrong:
                    del parts[-1], redraws_left[-1]
                while len(parts) > 1 and redraws_left[-1] == 0:
                    del parts[-1], redraws_left[-1]
                if len(parts) > 1 and redrawn < most_redraws:
                    redraws_left[-1] -= 1
                    redrawn += 1
                else:
                    failed += 1
                    redrawn = 0
                    del parts[1:], redraws_left[1:]
        return None


def _shuffles_drawn(state: State) -> int:
    """How many of the planned shuffles a drawn game has dealt so far."""
    return cast(_DealtAgain, state.chance).next


def cards_seen(state: State, player: int) -> int:
    """The card instances ``player`` sees now, as a bitmask: in the zones open to them, shown to them where they
    lie hidden (a hand looked at), and shown by the decision under way (to all, or to them as its decider)."""
    zones = state.zones
    set_slots, sequence_slots = state.game.zones.visible_slots(player)
    seen = state.known[player] if state.knowing else 0
    for slot in set_slots:
        seen |= zones[slot]
    for slot in sequence_slots:
        for instance in zones[slot]:
            seen |= 1 << instance
    if not state.terminal and state.stack:
        top = state.stack[-1]
        shown = top[0].public_cards(state, top)
        if state.current == player:
            shown += top[0].private_cards(state, top)
        for instance in shown:
            seen |= 1 << instance
    return seen


def redealt_for(state: State, player: int, rng: random.Random) -> State:
    """A copy of ``state`` in which the cards ``player`` does not see are dealt again among the places they lie.

    A quick, rough draw for an opponent model inside a search's drawn game:
    a bot that weighs its moves in the drawn game itself would see the cards
    the drawn game gives the others (a guess that always hits). Here every
    card the player cannot see (not in a zone open to them, not shown to
    them, not revealed) and that some shuffle placed trades places at random
    with the others of its kind; a card nobody shuffled stays where the rules
    put it (a marker placed at a known depth). Unlike
    :meth:`InformationSet.sample` it replays nothing, so it forgets what
    the actions told (a card seen before a swap, a guess that missed): cheap
    enough for every move of a playout, and still blind to what the player
    may not know.
    """
    layout = state.game.zones
    zones = state.zones
    set_slots, sequence_slots = layout.visible_slots(player)
    seen = cards_seen(state, player) | state.revealed_mask
    shuffled = 0
    for _zone, order, _key in state.chance_record:
        for instance in order:
            shuffled |= 1 << instance
    free = shuffled & ~seen
    if not free:
        return state.clone()
    open_slots = set(set_slots) | set(sequence_slots)
    places: list[tuple[int, int]] = []  # (slot, position in a row or stack; -1 in a set)
    cards: list[int] = []
    for slot in range(len(layout)):
        if slot in open_slots:
            continue
        content = zones[slot]
        if type(content) is int:
            mask = content & free
            while mask:
                lowest = mask & -mask
                cards.append(lowest.bit_length() - 1)
                places.append((slot, -1))
                mask ^= lowest
        else:
            for position, instance in enumerate(content):
                if free >> instance & 1:
                    cards.append(instance)
                    places.append((slot, position))
    other = state.clone()
    if len(cards) < 2:
        return other
    # In instance order before the shuffle: the same free cards (all the player can tell) give the same deal.
    cards.sort()
    rng.shuffle(cards)
    new_zones = other.zones
    rows: dict[int, list[int]] = {}
    for slot, position in places:
        if position < 0:
            new_zones[slot] &= ~free  # a set's free cards leave it, and the ones dealt to it join below
        elif slot not in rows:
            rows[slot] = list(new_zones[slot])
    for (slot, position), instance in zip(places, cards):
        if position < 0:
            new_zones[slot] |= 1 << instance
        else:
            rows[slot][position] = instance
    for slot, row in rows.items():
        new_zones[slot] = tuple(row)
    return other
