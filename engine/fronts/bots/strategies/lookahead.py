"""The ``lookahead`` strategy: weigh each legal action by where it leads, in games the bot may not see whole.

It knows no game. For a decision it draws a few states that fit what the
player knows (:class:`~engine.core.information.InformationSet`: no peeking
at hidden cards), applies each legal action to each, follows the player's
own next decisions greedily (a card played, then its target), draws the
other players' choices that would be made in secret before its own is
revealed (a bid against theirs), and weighs the position reached: the player's score against the best of the others' (the
ruleset's score expression; the other way round when the lowest wins), plus
the ruleset's own judgement of a position when it gives one
(``presentation.search.evaluate``: "still in the round is worth a lot"). A
finished game weighs its result. The best average wins; of equal ones, the
first listed.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from engine.base.errors import CardrulesError
from engine.core.information import redealt_for
from engine.language.expression_params import compile_or_raise, evaluate
from engine.language.expression_places import ME
from engine.language.expressions.for_ruleset import compiler_for
from engine.language.expressions.types import NUMBER

if TYPE_CHECKING:
    from engine.core.decisions import LegalActions
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State

# States drawn per decision, own decisions followed after an action, and actions weighed per decision at most.
DRAWS = 4
FOLLOW_UPS = 3
MOST_ACTIONS = 40
# The other players' secret choices drawn after an action, at most (each value of a count is one).
MOST_SECRET_DRAWN = 200
# What a finished game is worth beside the score margin: a win, shared among the winners.
WIN = 1000.0


class Judge:
    """How good a position is for a player, in one compiled game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        ruleset = game.ruleset
        formula = game.scoring.formula
        self.formula = formula
        self.sign = -1.0 if formula is not None and getattr(formula, "lowest", False) else 1.0
        text = (ruleset.search or {}).get("evaluate")
        self.hint = (
            compile_or_raise(compiler_for(ruleset), text, NUMBER, ME, ruleset, "presentation", "search.evaluate")  # type: ignore[arg-type]
            if isinstance(text, str)
            else None
        )

    def judged(self, state: State, player: int) -> float | None:
        """The ruleset's own judgement of ``state`` for ``player`` (``presentation.search.evaluate``), or None."""
        if self.hint is None:
            return None
        return float(evaluate(self.hint, state, {"me": player}, "presentation", "search.evaluate"))

    def value(self, state: State, player: int) -> float:
        """The worth of ``state`` to ``player``: the result once over, else the margin and the ruleset's hint."""
        if state.is_terminal():
            result = state.result()
            names = state.game.players
            winners = result.winners
            share = WIN / len(winners) if names[player] in winners else 0.0
            return share + self.sign * float(
                result.players[player].score
                - max((p.score for index, p in enumerate(result.players) if index != player), default=0)
            )
        total = 0.0
        if self.formula is not None:
            scores = [float(self.formula.score(state, seat)) for seat in range(state.player_count)]
            others = [score for seat, score in enumerate(scores) if seat != player]
            best = (min(others) if self.sign < 0 else max(others)) if others else 0.0
            total += self.sign * (scores[player] - best)
        judged = self.judged(state, player)
        if judged is not None:
            total += judged
        return total


class LookaheadPolicy:
    """One bot's lookahead (one per bot: it keeps its judges and its random generator)."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)
        self._judges: dict[int, Judge] = {}
        self.rivalry = 0.0
        # The states drawn for the last decision and the actions they had seen: the next decision carries them
        # through the actions taken since instead of drawing them again.
        self._drawn: tuple[tuple[int, ...], list[State]] = ((), [])

    def judge(self, game: Game) -> Judge:
        found = self._judges.get(id(game))
        if found is None or found.game is not game:
            found = self._judges[id(game)] = Judge(game)
        return found

    def choose(self, observation: Observation, legal: LegalActions) -> int:
        actions = self._candidates(legal)
        if len(actions) == 1:
            return actions[0]
        ranked = self.ranked(observation, legal, 1)
        return ranked[0] if ranked else actions[0]

    def choose_drawn(self, state: State, player: int, legal: LegalActions) -> int:
        """The best action of ``player`` in the drawn game ``state`` alone (a search's playout draws no more).

        Weighed in a copy whose cards hidden from ``player`` are dealt again
        (:func:`~engine.core.information.redealt_for`): the drawn game is
        the searcher's guess, and a player who weighed it as it is would
        know the cards it deals the others (a guess of a hidden card that always
        hits), which makes a search's model of the table clairvoyant.
        """
        actions = self._candidates(legal)
        if len(actions) <= 1:
            return actions[0]
        judge = self.judge(state.game)
        weighed = redealt_for(state, player, self.rng)
        values = [self._after(weighed, action, player, judge, FOLLOW_UPS) for action in actions]
        return actions[max(range(len(actions)), key=lambda index: (values[index], -index))]

    def ranked(self, observation: Observation, legal: LegalActions, count: int) -> list[int]:
        """The legal actions, best first (at most ``count``)."""
        actions = self._candidates(legal)
        if len(actions) <= 1:
            return actions[:count]
        player = observation.player
        states = self._draws(observation)
        if not states:
            return actions[:count]
        judge = self.judge(states[0].game)
        totals = [0.0] * len(actions)
        for state in states:
            for index, action in enumerate(actions):
                totals[index] += self._after(state, action, player, judge, FOLLOW_UPS)
        order = sorted(range(len(actions)), key=lambda index: -totals[index])  # stable: the first of equals first
        return [actions[index] for index in order[:count]]

    def _candidates(self, legal: LegalActions) -> list[int]:
        actions = list(legal) if legal.size() <= MOST_ACTIONS else [legal.sample(self.rng) for _ in range(MOST_ACTIONS)]
        return list(dict.fromkeys(actions))

    def _draws(self, observation: Observation) -> list[State]:
        history = observation.record()[1]
        states = self._carried(observation, history)
        if len(states) < DRAWS:
            try:
                information = observation.information_set()
            except CardrulesError:
                return states
            for _draw in range(DRAWS - len(states)):
                state = information.sample(self.rng)
                if state is not None:
                    states.append(state)
        self._drawn = (history, states)
        return states

    def _carried(self, observation: Observation, history: tuple[int, ...]) -> list[State]:
        """The last decision's draws carried through the actions taken since, those that still fit.

        A drawn state in which an action since was illegal, or which now shows
        the player something else than the game does (a guess that would have
        hit, a card drawn that is not the one in hand), is dropped; the
        others are as likely as they were. Drawing again replays the whole
        game (a match of many rounds), so carrying them is what keeps a
        decision quick.
        """
        seen, drawn = self._drawn
        if not drawn or len(history) <= len(seen) or history[: len(seen)] != seen:
            return []
        if any(place >= len(seen) for place in observation.hidden_actions()):
            return []  # another player's secret choice since: the player may not replay it (drawn afresh instead)
        player = observation.player
        expected = observation.visible()
        states = []
        for old in drawn:
            state = old.clone()
            try:
                for action in history[len(seen) :]:
                    state.apply_action(action)
            except CardrulesError:
                continue
            if state.observation(player).visible() == expected:
                states.append(state)
        return states

    def _after(self, state: State, action: int, player: int, judge: Judge, depth: int) -> float:
        """The worth to ``player`` of ``action`` in ``state``, the player's own next decisions taken at their best."""
        child = state.clone()
        try:
            child.apply_action(action)
        except CardrulesError:
            return float("-inf")
        if depth > 0 and not child.is_terminal() and child.current_player() == player:
            follow = self._candidates(child.legal_actions())
            if follow:
                return max(self._after(child, next_action, player, judge, depth - 1) for next_action in follow)
        self._others_choose_in_secret(child, player)
        return judge.value(child, player)

    def _others_choose_in_secret(self, state: State, player: int) -> None:
        """Draw the other players' secret choices still to come (a choice made by all at once), so that the
        position weighed is the one after they are revealed: a bid is worth something only against the others'."""
        for _choice in range(MOST_SECRET_DRAWN):
            if state.is_terminal() or state.current_player() == player or not state.stack:
                return
            top = state.stack[-1]
            if not top[0].decides_in_secret(state, top):
                return
            legal = state.legal_actions()
            if not legal:
                return
            try:
                state.apply_action(legal.sample(self.rng))
            except CardrulesError:
                return
