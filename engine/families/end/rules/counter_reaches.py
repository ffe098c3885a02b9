"""End condition ``counter-reaches``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from engine.base.formatting import ruleset_text
from engine.base.i18n import _
from engine.core.cards import count_for_players
from engine.core.flow import DONE
from engine.families.end.rules.base import END_PARAMETERS, EndCondition
from engine.language.params import COUNT, by_players_schema, name, param

if TYPE_CHECKING:
    from engine.core.game import Game
    from engine.core.observation import Observation
    from engine.core.state import State
    from engine.language.ruleset import Ruleset


class CounterReaches(EndCondition):
    """``counter-reaches``: the game ends the moment a shared ``counter`` reaches ``count`` (the third exhaustion of the draw pile).

    When it ends depends on where the flow is: ``after-in-phase`` maps a phase
    to the step after which the game ends when the counter is reached during
    that phase (turning up cards in the trading phase: the trade and the
    planting that follows are finished first); anywhere else the game ends at
    once (or after ``after``). ``count`` may depend on the number of players.

    Parameters: ``counter``, ``count``, ``after-in-phase`` (phase id -> step id), ``after``.

    ```yaml
    end:
      - id: final-exhaustion
        kind: counter-reaches
        counter: exhaustions
        count: {by-players: {3: 2}, otherwise: 3}
        after-in-phase: {trade: plant-traded}
    ```
    """

    kind = "counter-reaches"
    checked_at_counter = True
    checked_at_check = True
    parameters = {
        **END_PARAMETERS,
        "counter": param("Counter", "The shared counter watched.", name("shared-counter"), option=False),
        "count": param(
            "Count",
            "The value that ends the game (a number, or by number of players).",
            {"anyOf": [COUNT, by_players_schema(COUNT)]},
        ),
        "after-in-phase": param(
            "After in phase",
            "Phase id -> the step after which the game ends when the counter is reached during that phase.",
            {
                "type": "object",
                "propertyNames": {"pattern": "^[a-z0-9][a-z0-9-]*$"},
                "additionalProperties": name("step"),
                "maxProperties": 50,
            },
            option=False,
        ),
    }
    required = ("counter", "count")

    def __init__(self, spec: Mapping[str, Any], ruleset: Ruleset) -> None:
        super().__init__(spec, ruleset)
        self.counter_id = spec["counter"]
        self.count_spec = spec["count"]
        self.after_in_phase = dict(spec.get("after-in-phase") or {})

    @staticmethod
    def _counter_name(ruleset: Ruleset, counter_id: Any) -> str:

        for counter in ruleset.counters:
            if counter.get("id") == counter_id and counter.get("name"):
                return ruleset_text(ruleset, counter["name"])
        return str(counter_id)

    @classmethod
    def describe(cls, ruleset: Ruleset, spec: Mapping[str, Any]) -> list[str]:
        """The rule in words, for the help: "The game ends when Exhaustions reaches 3 (with 3 players: 2)."."""

        count = spec.get("count")
        name = cls._counter_name(ruleset, spec.get("counter"))
        if isinstance(count, Mapping) and not count.get("by-players"):
            count = count.get("otherwise", 0)  # the same number for every number of players
        if not isinstance(count, Mapping):
            # TRANSLATORS: a rule in the help; {counter} names a counter of the game, e.g. "Exhaustions".
            return [_("The game ends when {counter} reaches {count}.", counter=name, count=count)]
        # TRANSLATORS: part of a rule in the help, the ending value for one number of players; several are joined by
        # "; ", e.g. "with 3 players: 2; with 4 players: 3"; {players} and {count} are numbers.
        exceptions = "; ".join(
            _("with {players} players: {count}", players=players, count=value)
            for players, value in (count.get("by-players") or {}).items()
        )
        if "otherwise" not in count:  # every number of players listed (validate sees to it)
            # TRANSLATORS: a rule in the help whose number is given for each number of players.
            return [
                _(
                    "The game ends when {counter} reaches the number for the players ({exceptions}).",
                    counter=name,
                    exceptions=exceptions,
                )
            ]
        # TRANSLATORS: a rule in the help whose number depends on the number of players.
        return [
            _(
                "The game ends when {counter} reaches {count} ({exceptions}).",
                counter=name,
                count=count["otherwise"],
                exceptions=exceptions,
            )
        ]

    @classmethod
    def progress(cls, ruleset: Ruleset, spec: Mapping[str, Any], observation: Observation) -> str | None:
        """How near the end is: "Exhaustions: 1 of 3"."""

        total = count_for_players(spec.get("count", 0), len(observation.players))
        # TRANSLATORS: progress toward the end of the game, e.g. "Exhaustions: 1 of 3".
        return _(
            "{counter}: {value} of {total}",
            counter=cls._counter_name(ruleset, spec.get("counter")),
            value=observation.counter(spec["counter"]),
            total=total,
        )

    @classmethod
    def reachable(cls, spec: Mapping[str, Any], path: str, context: Any) -> bool:
        """The counter must exist (checked as a name); reaching it depends on play."""
        context.check_reference("shared-counter", f"{path}.counter", spec.get("counter"))
        for phase, step in (spec.get("after-in-phase") or {}).items():
            context.check_reference("step", f"{path}.after-in-phase.{phase}", phase)
            context.check_reference("step", f"{path}.after-in-phase.{phase}", step)
        return True

    def compile(self, game: Game) -> None:
        self.counter = game.counter_index[self.counter_id]
        self.count = count_for_players(self.count_spec, game.player_count)

    def holds(self, state: State) -> bool:
        return state.counter(self.counter) >= self.count

    def on_counter(self, state: State, counter: int) -> bool:
        """Whether the counter that just moved has reached the count."""
        return counter == self.counter and state.counter(self.counter) >= self.count

    def trigger(self, state: State, card: str | None) -> int:
        for frame in reversed(state.stack):
            phase = frame[0].phase()
            if phase is not None and phase in self.after_in_phase:
                state.end_after_round(self.id, self.after_in_phase[phase])
                return DONE
        return super().trigger(state, card)
