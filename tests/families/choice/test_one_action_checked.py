"""A choice checks the one action it is given (``ChooseStep._opened``) with the same answer as the list of every
open action: a replay and a bot's move no longer work out the others, and nothing else may change.

At every choice of seeded games of each ruleset that chooses (random moves), every action of the choices' space
is asked about both ways: open or not, and the value an open one binds (the first of the option's values with
that index, as the list offers it).
"""

from __future__ import annotations

import random

import locations
import pytest

import engine
from engine.base.errors import IllegalActionError
from engine.families.choice.rules.choose import OPTION, PICKED, ChooseStep
from engine.fronts.bots import make_bot

RULESETS = [
    ("no-thanks/classic", 3),
    ("coloretto/classic", 4),
    ("love-letter/classic", 3),
    (str(locations.REPO / "docs" / "examples" / "sealed-bids.yaml"), 3),
]
GAMES = 2


def expected_value(node: ChooseStep, state, frame, action: int):
    """The value the list of open actions binds for ``action``: the first value of its option with its index."""
    entry, value_index = node.space.word_of(action)
    option = node.options[node.by_word[entry.word]]
    picked = frame[PICKED] if frame[OPTION] >= 0 else ()
    return next(value for value, found in node._values(state, option, picked) if found == value_index)


@pytest.mark.parametrize(("ruleset", "players"), RULESETS, ids=[name for name, _players in RULESETS])
def test_the_action_asked_about_is_open_exactly_when_the_list_offers_it(ruleset, players):
    game = engine.Game(engine.load_ruleset(ruleset), players)
    choices = 0
    for seed in range(GAMES):
        bot = make_bot("random", seed)
        state = game.new_initial_state(seed=seed)
        while not state.is_terminal():
            frame = state.stack[-1]
            node = frame[0]
            if isinstance(node, ChooseStep):
                choices += 1
                listed = set(node._open(state, state.current, frame))
                for action in range(node.space.base, node.space.base + node.space.size):
                    opened = node._opened(state, frame, action)
                    assert (opened is not None) == (action in listed), (ruleset, seed, action)
                    if opened is not None and action != node.done:
                        assert opened[1] == expected_value(node, state, frame, action)
            player = state.current_player()
            state.apply_action(bot.choose(state.observation(player), state.legal_actions()))
    assert choices > 0


def finished(state, seed: int):
    """``state`` played to its end with seeded random moves: its log and result."""
    chooser = random.Random(seed)
    while not state.is_terminal():
        state.apply_action(chooser.choice(list(state.legal_actions())))
    return list(state.history), state.result().to_json()


def test_an_action_not_open_is_refused_and_changes_nothing():
    game = engine.Game(engine.load_ruleset("no-thanks/classic"), 3)
    state = game.new_initial_state(seed=1)
    passing = state.action_from_json({"player": state.current_player(), "action": "no-thanks"})
    while True:  # everyone passes until a player has no chip left, and so cannot pass
        node = state.stack[-1][0]
        legal = set(state.legal_actions())
        closed = [action for action in range(node.space.base, node.space.base + node.space.size) if action not in legal]
        if closed:
            break
        state.apply_action(passing)
    untouched = state.clone()
    for action in closed:
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert finished(state, 5) == finished(untouched, 5)
