"""The outcome of a game: scores, who is out, who won, each player's measures and how each score was reached."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from engine.base.jsontypes import JSON, Spec


def score_to_json(score: Fraction | int) -> int | float | str:
    """An exact number for JSON: an int, a finite decimal (``3.5``), else ``"p/q"`` in lowest terms.

    A decimal is used only when it is exact: the denominator has no prime
    factors but 2 and 5 and the float prints back to the same value.
    """
    if type(score) is int:
        return score
    if type(score) is not Fraction:
        score = Fraction(score)
    if score.denominator == 1:
        return score.numerator
    denominator = score.denominator
    while denominator % 2 == 0:
        denominator //= 2
    while denominator % 5 == 0:
        denominator //= 5
    if denominator == 1:
        as_float = float(score)
        if Fraction(repr(as_float)) == score:
            return as_float
    return f"{score.numerator}/{score.denominator}"


def score_from_json(value: int | float | str) -> Fraction:
    """The inverse of :func:`score_to_json`."""
    if isinstance(value, str):
        return Fraction(value)
    return Fraction(repr(value)) if isinstance(value, float) else Fraction(value)


def options_to_json(value: JSON) -> JSON:
    """Option values as plain JSON (fractions as exact numbers or ``"p/q"``)."""
    if isinstance(value, Fraction):
        return score_to_json(value)
    if isinstance(value, (list, tuple)):
        return [options_to_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: options_to_json(item) for key, item in value.items()}
    return value


@dataclass(frozen=True)
class ScoreStep:
    """One step of a player's scoring: the block, the score before and after, what it counted."""

    step_id: str
    kind: str
    before: Fraction
    after: Fraction
    detail: Mapping[str, JSON] = field(default_factory=dict)


class _WorkedOutWhenRead:
    """A field whose value may be given as a function of no arguments, called the first time it is read.

    A replay or a simulation scores thousands of games and asks for the
    winners only; recording every scoring step of every player (for
    ``--explain``) is most of the cost of scoring, so the record is built
    only for the results someone reads it from.
    """

    def __set_name__(self, owner: type, name: str) -> None:
        self._slot = "_" + name

    def __get__(self, instance: object, owner: type | None = None) -> tuple[ScoreStep, ...]:
        if instance is None:
            return ()  # the field's default, as the dataclass machinery asks for it
        value: tuple[ScoreStep, ...] | Callable[[], tuple[ScoreStep, ...]] = instance.__dict__[self._slot]
        if callable(value):
            value = value()
            instance.__dict__[self._slot] = value
        return value

    def __set__(self, instance: object, value: tuple[ScoreStep, ...] | Callable[[], tuple[ScoreStep, ...]]) -> None:
        instance.__dict__[self._slot] = value if callable(value) else tuple(value)


@dataclass(frozen=True)
class PlayerResult:
    """One seat's result: exact score, whether out, the scored cards, the ruleset's measures, what zones held.

    ``measures`` maps each declared measure (``gold``, ``hand``) to its
    value; ``zones`` the zones a result names to the card ids they held;
    ``explanation`` (the scoring steps) may be given as a function that
    returns them, called once when first read.
    """

    name: str
    score: Fraction
    eliminated: bool
    cards: tuple[str, ...]
    measures: Mapping[str, int | Fraction] = field(default_factory=lambda: MappingProxyType({}))
    zones: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    # The fields a ruleset writes as expressions (``{field: chips, value: me.chips}``), as JSON values.
    values: Mapping[str, JSON] = field(default_factory=lambda: MappingProxyType({}))
    # The descriptor stands as the field's default: reading the field gives the tuple (see _WorkedOutWhenRead).
    explanation: tuple[ScoreStep, ...] = _WorkedOutWhenRead()  # type: ignore[assignment]

    @classmethod
    def made(
        cls,
        name: str,
        score: Fraction,
        eliminated: bool,
        cards: tuple[str, ...],
        measures: Mapping[str, int | Fraction],
        zones: Mapping[str, tuple[str, ...]],
        explanation: Callable[[], tuple[ScoreStep, ...]],
        values: Mapping[str, JSON] = MappingProxyType({}),
    ) -> PlayerResult:
        """The same as calling the class, without the frozen dataclass's checks (scoring makes thousands)."""
        result = object.__new__(cls)
        result.__dict__.update(
            name=name,
            score=score,
            eliminated=eliminated,
            cards=cards,
            measures=measures,
            zones=zones,
            values=values,
            _explanation=explanation,
        )
        return result

    def __getstate__(self) -> dict[str, object]:
        # A pickled or copied result carries its explanation, never the function that works it out.
        _ = self.explanation  # worked out now: the copy keeps it
        return {
            key: (dict(value) if isinstance(value, MappingProxyType) else value) for key, value in self.__dict__.items()
        }

    def __setstate__(self, values: dict[str, object]) -> None:
        self.__dict__.update(values)

    def measure(self, name: str, default: int | Fraction = 0) -> int | Fraction:
        """The value of the measure called ``name``."""
        return self.measures.get(name, default)

    def to_json(self, layout: Sequence[Spec] = ()) -> dict[str, JSON]:
        """This player's result object, its fields in the order the ruleset's ``result`` lists them."""
        entry: dict[str, JSON] = {"name": self.name}
        if not layout:
            layout = default_layout(self)
        for item in layout:
            name = item["field"]
            if name in self.values:
                entry[name] = self.values[name]
            elif name == "score":
                entry[name] = score_to_json(self.score)
            elif name == "eliminated":
                entry[name] = self.eliminated
            elif "measure" in item:
                entry[name] = score_to_json(self.measures.get(item["measure"], 0))
            elif "counts" in item:
                counts: dict[str, int] = {}
                for card in self.zones.get(item["counts"], ()):
                    counts[card] = counts.get(card, 0) + 1
                entry[name] = counts
            elif "zone" in item:
                entry[name] = list(self.zones.get(item["zone"], ()))
            elif name == "cards":
                entry[name] = list(self.cards)
        return entry


def selected_fields(
    layout: Sequence[Spec], zones: Mapping[str, Sequence[str]], selects: Callable[[Spec, str], bool]
) -> dict[str, JSON]:
    """The result fields that list only some cards of a zone (``{field, zone or counts, cards: SELECTOR}``), worked
    out from the zones' card ids; ``selects(selector, card_id)`` says whether a card is picked."""
    found: dict[str, JSON] = {}
    for item in layout:
        selector = item.get("cards")
        zone = item.get("counts") or item.get("zone")
        if not selector or not zone:
            continue
        picked = [card for card in zones.get(zone, ()) if selects(selector, card)]
        if item.get("counts"):
            counts: dict[str, JSON] = {}
            for card in picked:
                counts[card] = int(counts.get(card, 0)) + 1
            found[str(item["field"])] = counts
        else:
            found[str(item["field"])] = list(picked)
    return found


def default_layout(player: PlayerResult) -> tuple[dict[str, str], ...]:
    """The result fields when a ruleset lists none: score, eliminated, every measure, the scored cards."""
    return (
        {"field": "score"},
        {"field": "eliminated"},
        *({"field": name, "measure": name} for name in player.measures),
        {"field": "cards"},
    )


@dataclass(frozen=True)
class Result:
    """The result of a game, players in seat order.

    ``winners`` is empty when nobody can win. ``decided_by`` says what settled
    the win: ``"score"`` (a single highest score), the name of the tiebreak
    criterion that left one winner, or ``None`` (a shared win, or no winner).
    """

    ruleset: str
    players: tuple[PlayerResult, ...]
    winners: tuple[str, ...]
    decided_by: str | None = None
    layout: tuple[Spec, ...] = field(default=(), compare=False, repr=False)
    # Declared by the ruleset: the lowest score wins (written in the result only when true).
    lowest_wins: bool = False
    # A match's rounds, each ``{"winners": [names], "how": word}`` (written only when the ruleset records rounds).
    rounds: tuple[Mapping[str, JSON], ...] = ()

    @property
    def ruleset_id(self) -> str:
        """Same as ``ruleset``."""
        return self.ruleset

    @property
    def steps(self) -> dict[str, tuple[ScoreStep, ...]]:
        """Each player's scoring steps, by name (for explanations)."""
        return {player.name: player.explanation for player in self.players}

    def player(self, name: str) -> PlayerResult:
        """The result of the player called ``name``."""
        for player in self.players:
            if player.name == name:
                return player
        raise KeyError(name)

    def to_json(self) -> dict[str, JSON]:
        """The result object of ``replay --json``, ``score --json`` and a finished game's log."""
        layout = tuple(self.layout)
        written: dict[str, JSON] = {
            "ruleset": self.ruleset,
            "players": [player.to_json(layout) for player in self.players],
            "winners": list(self.winners),
        }
        if self.lowest_wins:
            written["lowest_wins"] = True
        if self.rounds:
            written["rounds"] = [dict(item) for item in self.rounds]
        return written
