"""The turn flow: a tree of step nodes run by a stack of frames.

A ruleset's ``setup`` and ``flow`` are lists of steps; each step is a block
(of a block family, ``engine.families``) built into a :class:`FlowNode`.
Containers (a sequence, a loop, each player in turn, the active player's
turns, a phase) hold steps;
decision nodes ask a player to act; instant steps (reveal a card, shuffle,
set who starts) just happen.

The state keeps a stack of *frames*: small lists whose first item is the
node and whose other items are that node's own progress (which step is next,
whose turn it is, what each player has staked). Frames are plain data, so a state
is copied by copying its frames, and the flow never hides in a Python
generator. Nodes return a *signal* to :meth:`State._run`:

- ``PUSHED``: a new frame was pushed; start it.
- ``DONE``: the node on top has finished; pop it and resume the one below.
- ``DECIDE``: the node on top waits for ``state.current`` to act.
- ``ENDED``: the game is over.

A step that makes work for later (an effect that asks its taker to choose a
card) does not push over the node that is running: it *schedules* a frame
with :meth:`State.schedule`, and the frame runs as soon as the current step
has finished.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeAlias

from engine.base.jsontypes import JSON, Spec
from engine.core.decisions import LegalActions

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.log_form import LogForm
    from engine.core.rules import RulesetLike, SpaceFactory
    from engine.core.state import State

# A frame of the flow's stack: the node first (a FlowNode), then that node's own progress (a step index, a seat,
# what each player has staked...), whose shape each kind of node decides: the list is not checked item by item.
Frame: TypeAlias = list[Any]

PUSHED, DONE, DECIDE, ENDED = 0, 1, 2, 3

# ``state.end_after`` set to this ends the game after the current iteration
# of the innermost loop (a round), whatever that loop is called.
END_OF_ROUND = "\0end-of-round"


class FlowNode:
    """A step of the turn flow (blocks subclass it).

    Class attributes: ``category`` (``step``), ``kind`` (the YAML ``kind``),
    ``instant`` (True for steps that never decide and never loop: they are run
    by :meth:`run` without a frame of their own).
    """

    category = "step"
    kind = "step"
    instant = False
    # Set by the Game on the outermost loops: each of their iterations is a round of the game.
    counts_rounds = False
    # Other ids this node finishes for (a switch's case finishes the switch, whose frame it takes).
    aliases: tuple[str, ...] = ()

    def __init__(self, spec: Spec, ruleset: RulesetLike, build: Callable[[Spec], FlowNode]) -> None:
        self.id = str(spec.get("id", self.kind))
        self.spec = spec

    # ------------------------------------------------------------------ structure

    def children(self) -> Sequence[FlowNode]:
        """The steps this node contains (for walking the tree)."""
        return ()

    def walk(self) -> Iterator[FlowNode]:
        """This node and every node under it, depth first."""
        yield self
        for child in self.children():
            yield from child.walk()

    def compile(self, game: Game) -> None:
        """Resolve names against a game (zone slots, action spaces); called once per Game."""

    def space_requests(self) -> Sequence[tuple[str, SpaceFactory]]:
        """The action spaces this node decides in: ``(name, factory(ruleset, game))`` pairs."""
        return ()

    def variable_names(self) -> Sequence[str]:
        """The player variables this node reads or sets (``start``, ``taker``...)."""
        return ()

    @classmethod
    def sets_variables(cls, spec: Spec) -> Sequence[str]:
        """The player variables a step of this kind sets, read from its spec (for the semantic checks)."""
        return ()

    # ------------------------------------------------------------------ running

    def new_frame(self) -> Frame:
        """A fresh frame for this node (the node, then its progress)."""
        return [self, 0]

    def copy_frame(self, frame: Frame) -> Frame:
        """An independent copy of one of this node's frames (override when it holds lists)."""
        return list(frame)

    def run(self, state: State) -> int:
        """An instant step: do it; return DONE, ENDED or PUSHED (after scheduling work)."""
        raise NotImplementedError

    def start(self, state: State, frame: Frame) -> int:
        """The node's frame was just pushed."""
        return DONE

    def resume(self, state: State, frame: Frame) -> int:
        """A frame this node pushed has finished."""
        return DONE

    # ------------------------------------------------------------------ deciding

    def legal(self, state: State, frame: Frame) -> LegalActions:
        """The deciding player's legal actions (decision nodes only)."""
        raise NotImplementedError

    def apply(self, state: State, frame: Frame, action: int) -> int:
        """Apply a legal action (raise IllegalActionError, changing nothing, when it is not)."""
        raise NotImplementedError

    # A decision may read and apply a replay's run of its own log entries in a loop of its own (the fast path
    # of ``State.apply_log_entries``): ``apply_log_run(state, frame, entries, index, stop) -> (index, signal)``
    # applies entries from ``index`` (before ``stop``) while each is plainly the current player's legal action
    # here, as ``parse_action`` and ``apply`` would, each put in ``state.history`` and ``state.action_players``
    # before its consequences; it returns the index of the first entry it left and the signal of the last it
    # applied (DECIDE while this decision goes on). It raises for no entry it cannot take: it leaves that entry
    # to the usual path, which words the error. None: the decision has no run.
    apply_log_run: Callable[[LogForm, Frame, Sequence[JSON], int, int], tuple[int, int]] | None = None

    def decides_in_secret(self, state: State, frame: Frame) -> bool:
        """Whether the decision under way is made in secret: told as made, not what it was, and kept out of the
        other players' views (see :meth:`State.hide_action`) until revealed."""
        return False

    def public_facts(self, state: State, frame: Frame) -> Mapping[str, JSON]:
        """What everyone may know about the decision under way (the highest stake, who dropped out)."""
        return {}

    def private_facts(self, state: State, frame: Frame) -> Mapping[str, JSON]:
        """What only the deciding player may know about the decision under way (the card they look at)."""
        return {}

    def public_cards(self, state: State, frame: Frame) -> tuple[int, ...]:
        """Card instances of hidden zones that :meth:`public_facts` shows everyone (cards offered from a hand)."""
        return ()

    def private_cards(self, state: State, frame: Frame) -> tuple[int, ...]:
        """The card instances :meth:`private_facts` shows the deciding player (what they have seen, for searches)."""
        return ()

    def phase(self) -> str | None:
        """The phase this node stands for, if it is one."""
        return None


def run_steps(state: State, frame: Frame, steps: Sequence[FlowNode], index_slot: int = 1) -> int:
    """Run ``steps`` from ``frame[index_slot]`` until one pushes a frame, decides or ends the game.

    The shared engine of every container: instant steps run in place, others
    get a frame of their own; work a step scheduled runs right after it.
    Returns DONE when every step has run.
    """
    index = frame[index_slot]
    count = len(steps)
    while index < count:
        node = steps[index]
        index += 1
        frame[index_slot] = index
        if node.instant:
            signal = node.run(state)
            if state.scheduled:
                state.push_scheduled()
                return PUSHED
            if signal == DONE:
                if state.end_after is not None and state.end_after == node.id:
                    return state.end_game(state.end_reason or node.id)  # an end waiting for this step
                continue
            return signal
        # Started here rather than through the run loop: the usual next step is a decision.
        stack = state.stack
        new = node.new_frame()
        stack.append(new)
        signal = node.start(state, new)
        if signal != DONE:
            return signal
        stack.pop()  # finished at once: as the run loop would, then on to the next step
        if state.end_after is not None and (node.id == state.end_after or state.end_after in node.aliases):
            return state.end_game(state.end_reason or "end")
        if state.scheduled:
            state.push_scheduled()
            return PUSHED
    return DONE
