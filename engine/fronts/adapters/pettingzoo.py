"""A PettingZoo AEC environment for any ruleset: ``engine.fronts.adapters.pettingzoo.env(ruleset, players)``.

The agents are ``player_0`` ... ``player_{n-1}``, seat order. Every agent has
the same ``Discrete(N)`` action space, ``N`` the size of the game's
:class:`~engine.fronts.agents.actions.AgentActions` numbering, and the same
observation space, a ``Dict`` of ``observation`` (the
:class:`~engine.fronts.agents.tensor.ObservationTensor` of what that seat sees,
float32, seats counted from the agent) and ``action_mask`` (int8, 1 for
the indices legal now; all 0 for an agent whose turn it is not). The engine
decides whose turn it is, so ``agent_selection`` follows the game (a trade
passes the turn back and forth; nobody is skipped or forced).

Rewards come only at the end, zero-sum: each winner gets ``1 / winners``,
everyone else 0, and the mean (``1 / players`` when anyone wins) is taken
from everyone, so the rewards of a game sum to 0 (all 0 when nobody wins).

:func:`env` wraps :class:`raw_env` as PettingZoo's classic games are: an
action outside the mask ends the game with -1 for the player who chose it
(``TerminateIllegalWrapper``), an action outside the space is an error, and
calls out of order are caught. :class:`raw_env` itself raises the engine's
:class:`~engine.base.errors.IllegalActionError` on an illegal action.
"""

from __future__ import annotations

import io
import operator
import os
import random
from typing import Any

import gymnasium
import numpy as np
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger
from rich.console import Console

from engine.base.errors import ArgumentTypeError, ArgumentValueError, CardrulesError, RulesetError
from engine.base.formatting import format_list
from engine.base.i18n import _
from engine.core.game import Game
from engine.families.catalog import list_rulesets, load_ruleset
from engine.fronts.agents.actions import AgentActions
from engine.fronts.agents.players import check_player_count
from engine.fronts.agents.tensor import ObservationTensor
from engine.fronts.terminal.table_view import render_table
from engine.text.narration import describe_events

# The bounds of the observation Box: counts, one-hot cells and the numbers of counters and auctions lie well inside.
OBSERVATION_BOUND = 1e9


def default_ruleset() -> str:
    """The ruleset an environment plays when given none: the first playable edition (``GAME/EDITION``) by name."""
    editions = sorted(
        info.name for info in list_rulesets() if not info.abstract and not info.error and info.name.count("/") == 1
    )
    if not editions:
        # TRANSLATORS: an error: a game is started without naming a ruleset, and no installed ruleset can be played.
        raise RulesetError.at(_("no playable ruleset was found"))
    return editions[0]


def env(
    ruleset: str | None = None, players: int = 4, options: dict[str, Any] | None = None, render_mode: str | None = None
) -> AECEnv:
    """The environment of ``ruleset`` (a name or a house rule's path; None: :func:`default_ruleset`), wrapped.

    ``options`` overrides the ruleset's options (``{"debt-floor": "0"}``),
    ``render_mode`` is ``"human"`` (print the table) or ``"ansi"`` (return it).
    """
    environment: AECEnv = raw_env(ruleset, players, options, render_mode)
    environment = wrappers.TerminateIllegalWrapper(environment, illegal_reward=-1)
    environment = wrappers.AssertOutOfBoundsWrapper(environment)
    return wrappers.OrderEnforcingWrapper(environment)


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's name for the unwrapped environment
    """The unwrapped environment (see the module docstring); ``state`` is the engine's game in play."""

    # The name's version goes up whenever observations change (PettingZoo's custom): a policy trained on
    # cardrules_v0 read amounts as the cards write them, cardrules_v1 on the scale the ruleset's unit declares.
    metadata = {"render_modes": ["human", "ansi"], "name": "cardrules_v1", "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        ruleset: str | None = None,
        players: int = 4,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            # TRANSLATORS: a program asked the PettingZoo environment for a way of showing the table it does not have;
            # "render_mode" is code, {modes} lists the ones it has ("human" or "ansi").
            raise ArgumentValueError.at(
                _(
                    "render_mode {mode} is not one of {modes}",
                    mode=repr(render_mode)[:80],
                    modes=format_list(self.metadata["render_modes"], style="or"),
                )
            )
        if ruleset is not None and not isinstance(ruleset, (str, os.PathLike)):
            # TRANSLATORS: a program gave the PettingZoo environment a ruleset that is neither a name nor a path;
            # {value} is what it gave.
            raise ArgumentTypeError.at(_("the ruleset must be a name or a path, not {value}", value=repr(ruleset)[:80]))
        try:
            self.ruleset = load_ruleset(ruleset or default_ruleset(), options=options)
        except CardrulesError as error:
            # An unknown ruleset, a broken file, an option it does not have: a value the constructor cannot take.
            raise ArgumentValueError(error.diagnostics) from None
        self.game = Game(self.ruleset, check_player_count(self.ruleset, players))
        self.agent_actions = AgentActions(self.game)
        self.tensor = ObservationTensor(self.game)
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self.game.player_count)]
        self.agents = list(self.possible_agents)
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        size = self.agent_actions.size
        self.action_spaces = {agent: gymnasium.spaces.Discrete(size) for agent in self.possible_agents}
        self.observation_spaces = {
            agent: gymnasium.spaces.Dict(
                {
                    "observation": gymnasium.spaces.Box(
                        -OBSERVATION_BOUND, OBSERVATION_BOUND, (self.tensor.size,), dtype=np.float32
                    ),
                    "action_mask": gymnasium.spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        # Seeds of games reset without one come from here, so a seeded first reset fixes the ones after it.
        self._seeds = random.Random()
        self.state: Any = None
        self._legal: tuple[int, list[int]] | None = None
        self._told = 0
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[0]

    # ------------------------------------------------------------------ spaces

    def observation_space(self, agent: str) -> gymnasium.spaces.Space:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.spaces.Space:
        """The action space of ``agent`` (the same object every time)."""
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ playing

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: dealt by ``game.new_initial_state(seed=seed)`` (a seed drawn from the last one when None)."""
        if seed is not None:
            # Any integer, NumPy's included (what gymnasium's seeding hands out); a float or a text is refused as
            # ``random.Random`` would refuse it.
            seed = operator.index(seed)
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        # Events are what render() tells; without a render_mode nobody reads them (a game that records none
        # is the same game, played in some 40% less time).
        self.state = self.game.new_initial_state(seed=game_seed, record_events=self.render_mode is not None)
        self._legal = None
        self._told = len(self.state.events)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos = {agent: {} for agent in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def legal_indices(self) -> list[int]:
        """The agent indices legal now for the agent to move (worked out once per position)."""
        key = len(self.state.history)
        if self._legal is None or self._legal[0] != key:
            self._legal = (key, self.agent_actions.legal(self.state))
        return self._legal[1]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What ``agent`` sees now, and its action mask."""
        seat = self._seat[agent]
        observation = np.zeros(self.tensor.size, dtype=np.float32)
        # Mostly zeros: only the cells that are not are filled in (converting every cell cost more than the rest).
        positions, values = self.tensor.nonzero(self.state.observation(seat))
        observation[positions] = values
        mask = np.zeros(self.agent_actions.size, dtype=np.int8)
        if not self.state.is_terminal() and seat == self.state.current_player():
            mask[self.legal_indices()] = 1
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Any) -> None:
        """Apply the agent to move's action (an agent index); at the end, everyone's reward and termination."""
        if self.state is None:
            EnvLogger.error_step_before_reset()  # raises, as the wrapped environment does
        if not self.agents:
            # Every agent is done and gone: PettingZoo's warning (reset first), and nothing changes.
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        # An integer (NumPy's too); 1.5 or "1" is a TypeError, not action 1.
        index = operator.index(action)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        state = self.state
        state.apply_action(self.agent_actions.to_engine(state, index))
        if state.is_terminal():
            self._finish()
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _finish(self) -> None:
        """Rewards from the result (zero-sum, see the module docstring), and everyone's game over."""
        result = self.state.result()
        names = list(self.game.players)
        winners = [names.index(name) for name in result.winners if name in names]
        shares = [0.0] * len(names)
        for seat in winners:
            shares[seat] = 1.0 / len(winners)
        mean = sum(shares) / len(shares)
        for seat, agent in enumerate(self.possible_agents):
            self.rewards[agent] = shares[seat] - mean
        self.terminations = {agent: True for agent in self.agents}

    # ------------------------------------------------------------------ showing

    def render(self) -> str | None:
        """The table as ``play`` draws it, every hidden zone hidden (``human``: printed; ``ansi``: returned)."""
        if self.render_mode is None:
            # TRANSLATORS: a program asked for the game's table without saying how to show it; "render_mode" is code.
            gymnasium.logger.warn(_("render() was called without a render_mode"))
            return None
        text = self._table_text()
        if self.render_mode == "human":
            print(text, end="")
            return None
        return text

    def _table_text(self) -> str:

        state = self.state
        if state is None:
            return ""
        seat = 0 if state.is_terminal() else state.current_player()
        events = state.events[self._told :]
        self._told = len(state.events)
        lines = describe_events(self.ruleset, self.game.players, events)[-12:] if events else []
        buffer = io.StringIO()
        console = Console(file=buffer, width=100, color_system=None, force_terminal=False, highlight=False, emoji=False)
        console.print(render_table(self.ruleset, state.observation(seat), None, lines, state=state))
        return buffer.getvalue()

    def close(self) -> None:
        """Nothing to release."""
