"""The ``ismcts`` bot: information-set Monte Carlo tree search, for any ruleset.

It sees only its observation. From it, :class:`~engine.core.information.InformationSet`
draws whole games that fit what the bot knows (determinizations: the cards
it has not seen dealt again, every public action replayed); the search runs
on copies of those games with the engine's own ``clone`` and
``apply_action``, so it needs no game-specific code.

One tree serves every drawn game (single-observer ISMCTS, Cowling, Powley and
Whitehouse 2012): a node is a sequence of actions from the decision at hand,
its children the actions tried after it. Each iteration takes the next drawn
game and walks down the tree: at the bot's own decisions it chooses by UCB
among the actions legal *in that game* (an action's "availability" counts the
visits in which it could have been chosen); the other players play as the
heuristic bot would (reading their own views of the drawn game: an opponent
model, not a peek). It adds one node, plays on with the heuristic bot for
every seat (a *playout*) and backs the result up. A playout longer than
``depth`` actions stops there. Where a heuristic strategy reckons what a position
may still score (``HeuristicBot.points_to_come``: what the field strategy's
zones may still pay), each seat is scored by its score now plus that estimate;
elsewhere play ends there and the ruleset's finish steps run (a final harvest
sells what the fields hold). Either predicts a long card game's end better
than one more path to it.

The heuristic that proposes and plays out this bot's own moves is out to
win, as the search's reward is: it weighs what a move gives a rival against
what it gives this bot (``rivalry``, read by the policies that have one: a
trade's other side). The others are played as the heuristic bot plays them,
for their own points alone: the model of the table it meets.

Random playouts would mislead it: a table of random players wastes what it
holds, and a search that plays against wasters loses to careful players
(measured: ``docs/bot-strength.md``). Heuristic playouts model the table it meets.

Legal sets too large to try whole (every set of cards one could bid, every
trade offer) are *widened*: a node tries the heuristic bot's choice for the
player to move, then the runners-up its policy ranks (the next best offers)
and the ruleset's hints, or where the policy ranks nothing, actions drawn by
kind, at most ``width`` in all. The
heuristic's choice is searched first and favoured by a bonus that fades with
its visits (progressive bias), so the search leaves it only for a move that
proves better; and the move made is the heuristic's unless the search's
favourite was visited at least ``MIN_SWITCH_VISITS`` times (a tight budget
plays as the heuristic does, rather than on the noise of a few playouts).
A ruleset whose playouts are too few for that (``search:
switch-significance``, or the ``significance`` option) asks more: the
favourite's mean reward must lead the heuristic choice's by that many
standard errors, since the most visited of ten actions is often only the
luckiest (``_lead``).

With ``paired``, the root is searched differently: each drawn game is
played once after every root action, so that the luck of the deal is the
same for each, and the heuristic's choice stands unless another action beat
it game for game by more than the noise (a paired test). With ``explain``,
that many games are drawn and the ``deals`` kept are those the heuristic,
at the others' seats, explains best: it would have made the very moves they
made in their last ``explain_window`` actions (an offer of the same cards,
the same answer), or most of them. Both are off by default:
``docs/bot-strength.md`` has what they were measured to change.

Budget: ``bot:ismcts`` searches until it has simulated ``DEFAULT_ACTIONS``
actions (walks and playouts together), and at most ``DEFAULT_ITERATIONS``
iterations: a budget of work, so a short game gets more iterations than a
long one, a move costs about the same in any game, and the same seed gives
the same moves on any machine. ``bot:ismcts:2000`` sets the iterations (no
work bound), ``bot:ismcts:0.5s`` a time per move (then the moves depend on
the machine's speed, not only on the seed).
"""

from __future__ import annotations

import math
import random
import time
from itertools import islice
from typing import TYPE_CHECKING, Any

from engine.base.errors import CardrulesError
from engine.core.decisions import LegalActions
from engine.fronts.bots.heuristic_bot import HeuristicBot
from engine.fronts.bots.strategies.lookahead import Judge

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.core.state import State

DEFAULT_ITERATIONS = 50
DEFAULT_ACTIONS = 2000
# Drawn games the iterations cycle through: each costs one replay of the game so far.
DEFAULT_DEALS = 16
DEFAULT_WIDTH = 10
# UCB's exploration constant, for rewards between 0 and 1.
EXPLORATION = 0.7
# How much the heuristic's choice is favoured (a bonus that fades as 1/visits: progressive bias).
GUIDE_BIAS = 2.0
# The fewest visits that let the search's choice overrule the heuristic's (a tight budget keeps the heuristic's).
MIN_SWITCH_VISITS = 4
# With every root action tried in the same drawn games: how many standard errors above the heuristic's choice an
# action's mean reward must be to overrule it (a paired test over the drawn games).
SWITCH_SIGNIFICANCE = 2.0
# A playout longer than this is scored as if the game ended there (a long card game's playouts cost more than
# they tell).
PLAYOUT_DEPTH = 120
# With ``explain``: how many of the others' last actions a kept deal should explain.
EXPLAIN_WINDOW = 60
# How many of the heuristic policy's runners-up a node of many actions tries (where the policy ranks its options).
RANKED = 3
# How much this bot's own moves weigh what they give the other players (the policies with a ``rivalry``: a trade's
# other side), where the heuristic bot, and so the model of the others, plays for its own points alone.
RIVALRY = 0.5


class _Node:
    """A sequence of actions from the root: its visits, each player's total reward, the actions tried after it."""

    __slots__ = ("visits", "reward", "children", "available", "candidates", "wide", "guided")

    def __init__(self, players: int) -> None:
        self.visits = 0
        self.reward = [0.0] * players
        self.children: dict[int, _Node] = {}
        self.available: dict[int, int] = {}
        self.candidates: list[int] | None = None
        self.wide = False
        # The heuristic bot's choice here: searched first and favoured until the others prove better.
        self.guided: int | None = None


class IsmctsBot:
    """Information-set MCTS over drawn games; ``iterations``, ``seconds`` or ``actions`` (simulated) bound a move's search."""

    kind = "ismcts"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | None = None,
        seconds: float | None = None,
        actions: int | None = None,
        deals: int = DEFAULT_DEALS,
        width: int = DEFAULT_WIDTH,
        exploration: float = EXPLORATION,
        playout: str = "heuristic",
        depth: int | None = None,
        opponents: str = "heuristic",
        cut: str = "estimate",
        ranked: int = RANKED,
        spread: float = 0.0,
        paired: bool = False,
        explain: int = 0,
        explain_window: int = EXPLAIN_WINDOW,
        rivalry: float = RIVALRY,
        significance: float | None = None,
    ) -> None:

        self.rng = random.Random(seed)
        chosen = iterations is not None or seconds is not None or actions is not None
        self.iterations = iterations if chosen else DEFAULT_ITERATIONS
        self.actions = actions if chosen else DEFAULT_ACTIONS
        self.simulated = 0
        self.seconds = seconds
        self.deals = deals
        self.width = width
        self.exploration = exploration
        # The heuristic bot proposes the first action a node tries and plays out every seat (it, too, reads
        # observations only): the others' seats for their own points, as the heuristic players play, and this
        # bot's own out to win, weighing what a move gives a rival, as the search's reward (the win, then the
        # rank) does (see ``_guided``).
        self.guide = HeuristicBot(None if seed is None else seed + 1)
        self.rivalry = rivalry
        # The seat this bot searches for (set by each search).
        self.searcher: int | None = None
        self.playout = playout
        self.opponents = opponents
        self.depth = depth
        # How a playout cut short is scored: "estimate" (the strategies' reckoning, where the game has one) or
        # "finish" (play ends there and the ruleset's finish steps run).
        self.cut = cut
        # How many runners-up the heuristic's policy is asked for at a node of many actions (0: draw them at random).
        self.ranked = ranked
        # How uncertain, in points, an estimated score is (0: the estimated leader takes the whole win).
        self.spread = spread
        # Whether every root action is tried in each drawn game (and the best mean reward chosen), rather than
        # the root choosing by UCB like any node.
        self.paired = paired
        # How many deals are drawn to keep the ``deals`` that best explain the others' last ``explain_window``
        # actions as the heuristic's (0: every deal that fits is kept, as drawn). They are drawn before the search,
        # outside its budget.
        self.explain = explain
        self.explain_window = explain_window
        self.last_search: dict[str, Any] = {}
        # How many standard errors the search's favourite must lead the heuristic's choice by, in mean reward, to
        # be played instead (None: the ruleset's ``search: switch-significance``; where it has none, the default
        # root needs only ``MIN_SWITCH_VISITS`` visits, and ``paired`` ``SWITCH_SIGNIFICANCE``).
        self.significance = significance
        # This move's reward of each root action, iteration by iteration (with ``paired``, drawn game by drawn
        # game: the lists line up).
        self._root_rewards: dict[int, list[float]] = {}
        # The hinted actions of each game this bot played (their ints depend on the compiled game).
        self._hints: dict[Any, list[int]] = {}
        # Each game's judge of positions (a round's playout cut short is judged by the ruleset's evaluate).
        self._judges: dict[int, Judge] = {}

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        """The most visited action after the search (a forced move is made at once)."""
        head = list(islice(iter(legal), 2))
        if len(head) == 1:
            return head[0]
        information = observation.information_set()
        player = self.searcher = observation.player
        root = _Node(len(observation.players))
        # The root's actions are the bot's own decision: the same in every drawn game.
        root.candidates, root.wide = self._candidates(observation, legal)
        root.guided = root.candidates[0]
        if len(root.candidates) == 1:
            # Nothing else worth a try (the policy ranks no runner-up, nor does the ruleset hint one).
            self.last_search = {
                "iterations": 0,
                "actions": 0,
                "deals": 0,
                "guided": root.guided,
                "pinned": information.pinned,
                "free": information.free,
                "unexplained": [],
                "tried": {},
            }
            return root.guided
        games: list[Any] = []
        unexplained: list[int] = []
        if self.explain:
            # The deals the heuristic model of the others explains best, best first (the iterations cycle through
            # them); no more are drawn while searching.
            explained = self.drawn_games(information)
            games = [state for state, _misses in explained]
            unexplained = [misses for _state, misses in explained]
        drawing = not games
        self.simulated = 0
        self._root_rewards = {}
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = cycles = 0
        while True:
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            if self.actions is not None and self.simulated >= self.actions:
                break
            if drawing and len(games) < self.deals:
                drawn = information.sample(self.rng)
                if drawn is not None:
                    games.append(drawn)
            if not games:
                break
            drawn = games[cycles % len(games)]
            cycles += 1
            if self.paired:
                # Every action of the root in the same drawn game: the luck of the deal is the same for each, so
                # their difference tells what the choice itself is worth (common random numbers).
                for action in root.candidates:
                    self._iterate(root, drawn.clone(), action)
                    done += 1
            else:
                self._iterate(root, drawn.clone())
                done += 1
        self.last_search = {
            "iterations": done,
            "actions": self.simulated,
            "deals": len(games),
            "guided": root.guided,
            "pinned": information.pinned,
            "free": information.free,
            # With ``explain``: how many of the others' last actions each deal kept leaves
            # unexplained.
            "unexplained": unexplained,
            # Each action tried at the root: its visits and its mean reward for this bot.
            "tried": {
                action: (child.visits, child.reward[player] / child.visits) for action, child in root.children.items()
            },
        }
        if not root.children:
            # No drawn game fits what was seen (should not happen): the heuristic's move, which reads the view only.
            return self._guided(observation, legal)
        significance = self.significance
        if significance is None:
            significance = observation.rules.search.get("switch-significance")
        if self.paired:
            return self._best_paired(root, player, SWITCH_SIGNIFICANCE if significance is None else significance)
        best, node = max(root.children.items(), key=lambda item: (item[1].visits, item[1].reward[player]))
        if best == root.guided or root.guided not in root.children:
            return best
        lead = self._lead(best, root.guided)
        self.last_search["lead"] = lead
        if node.visits < MIN_SWITCH_VISITS:
            # A few playouts are noise: leaving the heuristic's choice takes an action searched more than that.
            return root.guided
        if significance is not None and lead <= significance:
            # Nor does the favourite of a close race overrule it: the most visited of ten is often the luckiest.
            return root.guided
        return best

    def _lead(self, action: int, guided: int) -> float:
        """How many standard errors ``action``'s mean reward at the root is above the heuristic choice's.

        The spread of one iteration's reward is pooled over every root
        action (a few iterations each would give an action that happened to
        score alike every time no spread at all); the difference of two
        means then has its usual standard error.
        """
        mine, theirs = self._root_rewards.get(action, ()), self._root_rewards.get(guided, ())
        rewards = [reward for kept in self._root_rewards.values() for reward in kept]
        if not mine or not theirs or len(rewards) < 2:
            return 0.0
        mean = sum(rewards) / len(rewards)
        variance = sum((reward - mean) ** 2 for reward in rewards) / (len(rewards) - 1)
        difference = sum(mine) / len(mine) - sum(theirs) / len(theirs)
        error = math.sqrt(variance * (1 / len(mine) + 1 / len(theirs)))
        if error == 0.0:
            return 0.0  # every iteration scored alike: no evidence either way
        return difference / error

    def drawn_games(self, information: Any) -> list[tuple[Any, int | None]]:
        """The games this bot searches at the decision ``information`` is of: with ``explain``, the ``deals`` its
        model explains best, each with how many actions it leaves unexplained; else ``deals`` games as drawn (None).

        (A search without ``explain`` draws the same games one an iteration, so a short search draws fewer.)
        """
        self.searcher = information.player
        if self.explain:
            return information.best_explained(self.rng, self.explain, self.deals, self._explains, self.explain_window)
        drawn = (information.sample(self.rng) for _ in range(self.deals))
        return [(state, None) for state in drawn if state is not None]

    def _explains(self, state: State, action: int) -> bool:
        """Whether the heuristic, in the seat of the player to move in ``state``, would have made ``action``: the
        very move, as the log writes it (an offer of the same card types, the same answer; a card's copy number
        may differ between deals). This bot's own moves need no explaining."""
        mover = state.current_player()
        if mover == self.searcher:
            return True
        choice = self._guided(state.observation(mover), state.legal_actions(), state)
        if choice == action:
            return True
        space = state.game.space_of(action)
        return state.game.space_of(choice) is space and space.to_json(state, choice, mover) == space.to_json(
            state, action, mover
        )

    def _best_paired(self, root: _Node, player: int, significance: float) -> int:
        """The heuristic's choice, unless another root action did clearly better in the same drawn games.

        Clearly: its reward minus the heuristic choice's, game by game, has a
        positive mean more than ``significance`` standard errors above zero (a
        paired test); of several such, the best mean wins.
        """
        guided = self._root_rewards.get(root.guided)
        if guided is None:
            return max(root.children.items(), key=lambda item: item[1].reward[player] / item[1].visits)[0]
        best, best_mean = root.guided, 0.0
        for action, rewards in self._root_rewards.items():
            count = min(len(rewards), len(guided))
            if action == root.guided or count < MIN_SWITCH_VISITS:
                continue
            differences = [mine - theirs for mine, theirs in zip(rewards, guided)]
            mean = sum(differences) / count
            spread = math.sqrt(sum((difference - mean) ** 2 for difference in differences) / (count - 1))
            if mean > best_mean and mean > significance * spread / math.sqrt(count):
                best, best_mean = action, mean
        return best

    # ------------------------------------------------------------------ one iteration

    def _iterate(self, root: _Node, state: State, first: int | None = None) -> None:
        rng = self.rng
        start = len(state.history)
        # With ``search: playout-until: round``: the round under way ends the iteration, which is scored by what
        # each seat gained in it.
        by_round = state.ruleset.search.get("playout-until") == "round"
        # (Without: a round count no game reaches, so the walk never stops at a round's end.)
        rounds = len(state.rounds) if by_round else -2
        before = _scores(state) if by_round else None
        node = root
        path = [(root, None)]
        searcher = self.searcher
        model_opponents = self.opponents == "heuristic"
        expanding = True
        # The root action this iteration took: its reward is kept for the switch test (``_lead``).
        root_action = first
        if first is not None:
            # The root's action is given (every root action in turn, in the same drawn game).
            root.available[first] = root.available.get(first, 0) + 1
            state.apply_action(first)
            node = root.children.get(first)
            expanding = node is not None
            if node is None:
                node = root.children[first] = _Node(len(root.reward))
            path.append((node, searcher))
        while expanding and not state.is_terminal() and len(state.rounds) != rounds + 1:
            mover = state.current_player()
            legal = state.legal_actions()
            if model_opponents and mover != searcher:
                # The others play as the heuristic bot would: the tree branches on this bot's choices only.
                action = self._guided(state.observation(mover), legal, state)
                state.apply_action(action)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = _Node(len(root.reward))
                node = child
                path.append((node, mover))
                continue
            actions = self._legal_candidates(node, state, mover, legal)
            for action in actions:
                node.available[action] = node.available.get(action, 0) + 1
            untried = [action for action in actions if action not in node.children]
            if untried:
                action = untried[0]
                if node is root:
                    root_action = action
                state.apply_action(action)
                child = node.children[action] = _Node(len(root.reward))
                path.append((child, mover))
                break
            action = self._select(node, actions, mover)
            if node is root:
                root_action = action
            state.apply_action(action)
            node = node.children[action]
            path.append((node, mover))
        rewards = self._playout(state, rng) if before is None else self._round_playout(state, rng, rounds, before)
        if root_action is not None:
            self._root_rewards.setdefault(root_action, []).append(rewards[searcher])
        self.simulated += len(state.history) - start
        for visited, _mover in path:
            visited.visits += 1
            reward = visited.reward
            for seat, value in enumerate(rewards):
                reward[seat] += value

    def _select(self, node: _Node, actions: list[int], mover: int) -> int:
        children, available, guided = node.children, node.available, node.guided
        best, best_value = actions[0], -math.inf
        for action in actions:
            child = children[action]
            value = child.reward[mover] / child.visits + self.exploration * math.sqrt(
                math.log(available[action]) / child.visits
            )
            if action == guided:
                value += GUIDE_BIAS / child.visits
            if value > best_value:
                best, best_value = action, value
        return best

    def _legal_candidates(self, node: _Node, state: State, mover: int, legal: LegalActions) -> list[int]:
        """The actions this node may try in this drawn game (its candidates that are legal here)."""
        if node.candidates is None:
            node.candidates, node.wide = self._candidates(state.observation(mover), legal, state)
            node.guided = node.candidates[0]
            return list(node.candidates)
        if node.wide:
            found = [action for action in node.candidates if action in legal]
            if not found:
                found = self._candidates(state.observation(mover), legal, state)[0]
                node.candidates.extend(action for action in found if action not in node.candidates)
            return found
        return list(legal)  # a small set: every action (drawn games may differ in what is legal)

    def _guided(self, observation: Observation, legal: LegalActions, drawn: State | None = None) -> int:
        """The heuristic's move for the seat observing: this bot's own with its ``rivalry``, the others' with none.

        ``drawn``: the drawn game the observation is of. A strategy that weighs
        drawn games (the lookahead) weighs that one instead of drawing more: the
        search's game is already one the searcher cannot tell from the real one.
        """
        self.guide.rivalry = self.rivalry if observation.player == self.searcher else 0.0
        return self.guide.choose(observation, legal, drawn)

    def _candidates(
        self, observation: Observation, legal: LegalActions, drawn: State | None = None
    ) -> tuple[list[int], bool]:
        """The actions to try at a new node, and whether they are a choice among more (widened)."""
        guided = self._guided(observation, legal, drawn)
        head = list(islice(iter(legal), self.width + 1))
        if len(head) <= self.width:
            head.remove(guided)
            return [guided] + head, False
        # Too many to try: the heuristic's choice first, the runners-up its policy ranks, the ruleset's hints, then
        # (when the policy ranks nothing) a spread of kinds drawn at random.
        found = [guided]
        ranked = self.guide.ranked(observation, legal, self.ranked) if self.ranked else []
        for action in ranked + self._hinted(observation, legal):
            if action not in found:
                found.append(action)
        if ranked:
            return found[: self.width], True
        for _ in range(self.width * 3):
            if len(found) >= self.width:
                break
            action = legal.sample_by_kind(self.rng)
            if action not in found:
                found.append(action)
        return found, True

    def _hinted(self, observation: Observation, legal: LegalActions) -> list[int]:
        """The legal actions the ruleset's ``search: try-first`` names, in its order."""
        game = observation.game
        hinted = self._hints.get(game)
        if hinted is None:
            hinted = self._hints[game] = []
            for word in observation.rules.search.get("try-first", ()):
                for space in game.spaces:
                    if word in space.bare_actions:
                        try:
                            hinted.append(space.from_json(None, {"action": word}))
                        except (CardrulesError, KeyError, TypeError, ValueError):
                            continue  # a space that needs a game in play to read the word: not hinted
        return [action for action in hinted if action in legal]

    # ------------------------------------------------------------------ playouts

    def _playout(self, state: State, rng: random.Random) -> list[float]:
        steps = 0
        guided = self._guided if self.playout == "heuristic" else None
        depth = self.depth if self.depth is not None else state.ruleset.search.get("playout-depth", PLAYOUT_DEPTH)
        while not state.is_terminal() and steps < depth:
            self._playout_step(state, guided, rng)
            steps += 1
        if not state.is_terminal() and self.cut == "estimate":
            # Cut short: each seat's score now plus what its position may still score, as the strategies reckon it.
            to_come = self.guide.points_to_come(state)
            if to_come is not None:
                return rewards_of(state.game.scoring.score_state(state), to_come, self.spread)
        if not state.is_terminal():
            # Cut short, with no estimate: scored as if play ended here, the ruleset's finish steps included (a
            # final harvest sells what the fields hold: coins alone would call a field about to pay worthless).
            state.end_play("search-cut")
            steps = 0
            while not state.is_terminal() and steps < depth:
                self._playout_step(state, guided, rng)
                steps += 1
        result = state.result() if state.is_terminal() else state.game.scoring.score_state(state)
        return rewards_of(result)

    def _round_playout(self, state: State, rng: random.Random, rounds: int, before: list[float]) -> list[float]:
        """Play on to the end of the round under way (or of the game); each seat's reward is by what it gained.

        In a match of rounds, a move is judged by the round it is played in:
        the rounds after it are mostly luck, and only blur what the move did.
        The seat that gained the most (tokens, points) wins the playout.
        """
        guided = self._guided if self.playout == "heuristic" else None
        depth = self.depth if self.depth is not None else state.ruleset.search.get("playout-depth", PLAYOUT_DEPTH)
        steps = 0
        while not state.is_terminal() and len(state.rounds) == rounds and steps < depth:
            self._playout_step(state, guided, rng)
            steps += 1
        gained = [now - then for now, then in zip(_scores(state), before)]
        if not state.is_terminal() and len(state.rounds) == rounds:
            # Cut short inside the round: the ruleset's judgement of where each seat stands (still in it, against
            # how many) says who is likelier to gain it, where the gains so far are all alike.
            judge = self._judge(state)
            if judge.hint is not None:
                gained = [gain + float(judge.judged(state, seat) or 0.0) for seat, gain in enumerate(gained)]
        standings = [(True, gain) for gain in gained]
        return _rewards_by_standing(standings, _win_shares(standings, 0.0))

    def _judge(self, state: State) -> Judge:
        """The ruleset's judgement of a position (its score, its ``search.evaluate``), compiled once per game."""
        judge = self._judges.get(id(state.game))
        if judge is None or judge.game is not state.game:
            judge = self._judges[id(state.game)] = Judge(state.game)
        return judge

    @staticmethod
    def _playout_step(state: State, guided: Any, rng: random.Random) -> None:
        if guided is not None:
            player = state.current_player()
            state.apply_action(guided(state.observation(player), state.legal_actions(), state))
        else:
            state.apply_action(state.legal_actions().sample_by_kind(rng))


def rewards_of(result: Any, to_come: list[float] | None = None, spread: float = 0.0) -> list[float]:
    """Each seat's reward in [0, 1]: a win's share (1/k for k winners) plus a little for the rank by score.

    The rank breaks the ties of the win alone (most playouts are lost by
    all but one), so the search still prefers a closer second place. With
    ``to_come`` (a game cut short), each seat's score is its score now plus
    its estimate; an estimate is a guess, so with a ``spread`` (in points)
    the win is shared by how likely each seat is to end first (a softmax of
    the scores over the spread) rather than given whole to the one ahead: a
    point gained then counts even where it does not change the leader.
    """
    players = result.players
    count = len(players)
    if to_come is None:
        standings = [(not player.eliminated, player.score) for player in players]
        winners = {index for index, player in enumerate(players) if player.name in result.winners}
        shares = [1 / len(winners) if index in winners else 0.0 for index in range(count)]
    else:
        standings = [(not player.eliminated, float(player.score) + extra) for player, extra in zip(players, to_come)]
        shares = _win_shares(standings, spread)
    return _rewards_by_standing(standings, shares)


def _rewards_by_standing(standings: list[tuple[bool, float]], shares: list[float]) -> list[float]:
    """Each seat's share of the win, plus a little for its rank among the ``standings`` (still in, then score)."""
    count = len(standings)
    rewards = []
    for share, standing in zip(shares, standings):
        below = sum(1 for other in standings if other < standing)
        rank = below / (count - 1) if count > 1 else 0.0
        rewards.append(0.8 * share + 0.2 * rank)
    return rewards


def _scores(state: State) -> list[float]:
    """Each seat's score now, the higher the better (negated where the lowest score wins)."""
    scoring = state.game.scoring
    formula = scoring.formula
    if formula is not None:
        sign = -1.0 if getattr(formula, "lowest", False) else 1.0
        return [sign * float(formula.score(state, seat)) for seat in range(state.player_count)]
    result = scoring.score_state(state)
    sign = -1.0 if result.lowest_wins else 1.0
    return [sign * float(player.score) for player in result.players]


def _win_shares(standings: list[tuple[bool, float]], spread: float) -> list[float]:
    """Each seat's share of the win by estimated scores: the leaders' (ties shared), or a softmax over ``spread``."""
    alive = [index for index, (playing, _score) in enumerate(standings) if playing]
    shares = [0.0] * len(standings)
    if not alive:
        return shares
    best = max(standings[index][1] for index in alive)
    if spread <= 0:
        leaders = [index for index in alive if standings[index][1] == best]
        for index in leaders:
            shares[index] = 1 / len(leaders)
        return shares
    weights = {index: math.exp((standings[index][1] - best) / spread) for index in alive}
    total = sum(weights.values())
    for index, weight in weights.items():
        shares[index] = weight / total
    return shares
