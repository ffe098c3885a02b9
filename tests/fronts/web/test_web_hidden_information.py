"""A page's frame holds what its seat may see and nothing else: proved by drawing another game that seat
cannot tell from the real one (its information set) and finding the frame unchanged.

A spectator's frame is drawn from public information only: it does not change
in a game drawn from any seat's information set either. The story of what
happened is the same for every seat and for a spectator (it tells only what
everyone saw); an information set fits what a seat sees now, not the story of
rounds gone by, so the story is compared between the pages of one game.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import engine
from engine.fronts.web.frames import frame
from engine.fronts.web.store import WebSeat
from engine.fronts.web.table import WebTable

GAMES = {
    "high-society/ja": 3,
    "bohnanza/amigo": 3,
    "bohnanza/high-bohn": 3,
    "love-letter/classic": 3,
    "coloretto/classic": 3,
    "no-thanks/classic": 3,
}
# Frame fields that name the table itself rather than the game shown, and the story (compared apart).
OWN_FIELDS = ("version", "table", "story")


def played(name: str, players: int, seed: int, steps: int) -> Any:
    game = engine.Game(engine.load_ruleset(name), players)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(state.legal_actions().sample_by_kind(rng))
    return state


def with_events(state: Any) -> Any:
    """The same game again, dealt from its recorded chance, with events recorded (a drawn game records none)."""
    log = state.to_log()
    again = state.game.new_initial_state(
        deck=log["deck"], first_player=log["first_player"], chance=log.get("chance") or ()
    )
    for action in state.history:
        again.apply_action(action)
    return again


def table_of(state: Any) -> WebTable:
    seats = [WebSeat(name) for name in state.game.players]
    return WebTable("0123456789abcdef", Path("."), state.ruleset, seats, state, {}, None)


def shown(table: WebTable, seat: int | None) -> dict[str, Any]:
    drawn = frame(table, seat, "en", 100)
    return {key: value for key, value in drawn.items() if key not in OWN_FIELDS}


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), steps=st.integers(0, 60), draw=st.integers(0, 1_000))
def test_a_seats_frame_is_the_same_in_every_game_it_cannot_tell_apart(
    name: str, seed: int, steps: int, draw: int
) -> None:
    state = played(name, GAMES[name], seed, steps)
    real = table_of(state)
    story = frame(real, None, "en", 100)["story"]
    for seat in range(state.player_count):
        assert frame(real, seat, "en", 100)["story"] == story
        drawn = state.observation(seat).information_set().sample(random.Random(draw))
        if drawn is None:
            continue  # no deal found in the draws allowed (rare): nothing to compare with
        other = table_of(with_events(drawn))
        assert shown(other, seat) == shown(real, seat)
        # The spectator sees less than any seat: its frame does not change either.
        assert shown(other, None) == shown(real, None)


def test_a_frame_shows_the_seats_own_hand_and_a_spectators_shows_no_hand() -> None:
    state = played("love-letter/classic", 2, 5, 0)
    table = table_of(state)
    mine = state.card_ids_in("hand", 0)
    name = state.ruleset.card(mine[0]).name
    assert name in frame(table, 0, "en", 100)["view"]
    seat_one_hand = state.card_ids_in("hand", 1)
    spectator = frame(table, None, "en", 100)
    assert "Your hand" not in spectator["view"] and spectator["said"] == [] and spectator["prompt"] is None
    if seat_one_hand[0] not in mine and seat_one_hand[0] not in state.card_ids_in("face-up"):
        assert state.ruleset.card(seat_one_hand[0]).name not in frame(table, 0, "en", 100)["view"]


def test_a_spectators_observation_shows_no_hidden_zone_of_any_game() -> None:
    from engine.core.observation import SPECTATOR

    for name, players in GAMES.items():
        state = played(name, players, 3, 10)
        watching = state.observation(SPECTATOR)
        for zone in state.ruleset.zones:
            owners = range(players) if zone.owner == "player" else [None]
            for owner in owners:
                seen = watching.zone(zone.id, owner)
                assert (seen.cards is not None) == (zone.visibility == "all"), (name, zone.id)
