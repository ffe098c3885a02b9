"""The bid prompt of a human player: money typed the way the cards read, pass, help.

Money is typed the way the cards read: the face value (``6000``, ``6,000``,
``６０００``), or, when it cannot mean anything else, a shortened form (``6``
for the 6000 card, ``6000000`` for a card whose face value 6 counts millions).
Several cards are separated by spaces, ``+`` or commas. The prompt checks the
bid against the legal moves and explains a refusal; ``?`` lists the cheapest
bids and the rules that end the game, ``q`` saves and quits.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from engine.base.formatting import card_name, format_amount, format_number
from engine.base.i18n import N_, NP_, _, pgettext
from engine.families.auction.rules.bidding import PASS
from engine.families.common.front.player_input import (
    InputProblem,
    PlayerCommand,
    help_words,
    normalize_input,
    quit_words,
    typed_command,
)
from engine.families.common.front.prompting import ask_numbered

if TYPE_CHECKING:
    from engine.core.observation import Observation
    from engine.language.ruleset import Ruleset

# Grouped thousands such as 12,000 or 1,000,000 are one number, not a list; so is 1,200만 (a unit after it, as the
# Korean screen writes 1,500만 달러).
_GROUPED_NUMBER = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?([千천万萬만億억]\d*)*$")
_BRACKETED = re.compile(r"[(（][^()（）]*[)）]")
_SEPARATORS = re.compile(r"[\s+、，;]+")
# Numbers with a unit of the East Asian languages, as they write large amounts (1万, 600만, 1.5억).
_UNITS = {"千": 1000, "천": 1000, "万": 10_000, "萬": 10_000, "만": 10_000, "億": 10**8, "억": 10**8}
_UNIT_NUMBER = re.compile(r"(\d+(?:\.\d+)?)([千천万萬만億억])")
# One amount written with several units, largest first, and the ones after the last (2万5千, 1억2000만, 1万2000).
_UNITS_AMOUNT = re.compile(r"(?:\d+(?:\.\d+)?[千천万萬만億억])+\d*")
# How many example bids the help lists.
HELP_EXAMPLE_BIDS = 5


PASS_COMMAND = typed_command(
    # TRANSLATORS: what a player may type to pass at a bid prompt: to drop out of this auction (a short word,
    # lower case; rulebooks say パス, 패스).
    NP_("auction", "pass"),
    # TRANSLATORS: another word a player may type to pass at a bid prompt, the one
    # players of your language also use (Korean 포기); keep it different from your
    # word for "quit".
    N_("give up"),
    aliases=("pass", "p", "give up"),
    prompt=__name__,
)


def pass_words() -> set[str]:
    """Words that mean "pass", in English and in the user's language."""
    return PASS_COMMAND.words()


def split_amounts(text: str) -> list[str]:
    """The number tokens of a bid: ``"6 4"``, ``"6+4"``, ``"6,4"``, ``"12,000 4,000"``."""
    tokens: list[str] = []
    for chunk in _SEPARATORS.split(text):
        if not chunk:
            continue
        if _GROUPED_NUMBER.match(chunk):
            tokens.append(chunk.replace(",", ""))
        else:
            tokens.extend(part for part in chunk.split(",") if part)
    return tokens


def resolve_money_value(token: str, money_values: Sequence[int], scale: int = 1) -> int:
    """The face value of the money card ``token`` names.

    The exact face value wins; otherwise the token may be shortened by a
    thousand, written out in thousands, or written in the unit's full amount
    (face value x scale), as long as exactly one card fits.
    """
    cleaned = token.replace("_", "").replace(".", "") if re.fullmatch(r"\d{1,3}([._]\d{3})+", token) else token
    if cleaned.endswith("k") and cleaned[:-1].isdigit():
        cleaned = str(int(cleaned[:-1]) * 1000)
    amount = units_amount(cleaned)
    if amount is not None:
        cleaned = str(amount)
    if not cleaned.isdigit():
        # TRANSLATORS: at the bid prompt, what the player typed is no number; {text} is what they typed, e.g. "abc".
        raise InputProblem(_('"{text}" is not a money value.', text=token))
    number = int(cleaned)
    faces = set(money_values)
    if number in faces:
        return number
    candidates = {number * 1000}
    if number % 1000 == 0:
        candidates.add(number // 1000)
    if scale > 1 and number % scale == 0:
        candidates.add(number // scale)
    matches = sorted(candidates & faces)
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        # TRANSLATORS: at the bid prompt, a shortened number fits two money cards (e.g. "6" for 6 and 6,000);
        # {text} is what the player typed.
        raise InputProblem(
            _('"{text}" could mean more than one money card; type the value as the card shows it.', text=token)
        )
    # TRANSLATORS: at the bid prompt, no money card has the value the player typed; {text} is what they typed,
    # e.g. "7000".
    raise InputProblem(_('There is no money card "{text}".', text=token))


def units_amount(token: str) -> int | None:
    """The whole amount ``token`` writes with the units of Japanese and Korean, as their screens and their
    speakers write large amounts: 1万 is 10,000, 600만 6,000,000, 2万5千 25,000, 1.5万 15,000; None when it
    is no such amount (no unit, units not largest first, or not a whole number)."""
    if not _UNITS_AMOUNT.fullmatch(token):
        return None
    total = Fraction(0)
    last_unit: int | None = None
    end = 0
    for number, unit in _UNIT_NUMBER.findall(token):
        size = _UNITS[unit]
        if last_unit is not None and size >= last_unit:
            return None  # 5千2万: not how an amount is written
        total += Fraction(number) * size
        last_unit = size
        end += len(number) + len(unit)
    ones = token[end:]
    if ones:
        total += int(ones)
    return total.numerator if total.denominator == 1 else None


def parse_bid_prompt(
    text: str, hand_values: Sequence[int], money_values: Sequence[int], scale: int = 1, can_pass: bool = True
) -> PlayerCommand:
    """Read a bid prompt's answer: money cards to add, pass, help or quit."""
    typed = normalize_input(text)
    if not typed:
        # TRANSLATORS: at the bid prompt, when the player typed nothing; "pass" is the command the player types (use
        # your translation of the "pass" command).
        raise InputProblem(_("Type the values of the money cards to add, or pass."))
    if typed in help_words():
        return PlayerCommand("help")
    if typed in quit_words():
        return PlayerCommand("quit")
    if typed in pass_words():
        if not can_pass:
            # TRANSLATORS: at a bid prompt, when passing is not allowed.
            raise InputProblem(_("You cannot pass now."))
        return PlayerCommand("pass")
    # The help writes a bid as faces with what they make in brackets ("1 (100만 달러)"): copied whole, it reads
    # as the faces.
    tokens = split_amounts(_BRACKETED.sub(" ", typed))
    values: list[int] = []
    for token in tokens:
        value = resolve_money_value(token, money_values, scale)
        if value in values:
            # TRANSLATORS: at the bid prompt, one money card typed twice; {value} is the value as typed, e.g. "6000".
            raise InputProblem(_("You named the {value} card twice; you hold only one.", value=token))
        if value not in hand_values:
            # TRANSLATORS: at the bid prompt, a money card the player has already bid or paid; {value} is the value as
            # typed, e.g. "6000".
            raise InputProblem(_("The {value} card is not in your hand.", value=token))
        values.append(value)
    return PlayerCommand("bid", values=tuple(sorted(values)))


def bid_mask(values: Sequence[int], money_values: Sequence[int]) -> int:
    """The action bitmask of a bid: bit i set for the money card ``money_values[i]``."""
    mask = 0
    for value in values:
        mask |= 1 << list(money_values).index(value)
    return mask


def mask_values(mask: int, money_values: Sequence[int]) -> tuple[int, ...]:
    """The money values a bid bitmask adds, ascending."""
    return tuple(v for i, v in enumerate(money_values) if mask >> i & 1)


def bid_actions(legal: Any) -> Any:
    """The bidding part of a turn's legal actions (they may also hold what a player may do at any time)."""
    if hasattr(legal, "hand_mask"):
        return legal
    for part in getattr(legal, "parts", ()):
        if hasattr(part, "hand_mask"):
            return part
    raise TypeError(f"no bid among the legal actions {legal!r}")


def money_face(value: int) -> str:
    """A money card as its face reads: ``6,000`` in one edition, ``6`` in another."""
    return format_number(value)


class BidPrompt:
    """Asks a human for a bid or a pass, explains refusals, lists the cheapest bids on ``?``."""

    def ask(self, session: Any, player: int, legal: Any) -> int:
        """Money cards to add, pass, help or quit; refusals are explained and asked again."""
        state = session.state
        observation = state.observation(player)
        space = state.game.space("bid")
        bids = bid_actions(legal)
        money_values = list(space.values)
        scale = int(session.ruleset.unit(None).get("scale", 1))
        hand = list(space.values_of(bids.hand_mask))
        # TRANSLATORS: the bid prompt; keep the final "> ".
        prompt = _(
            "{name}, cards to add (e.g. {example}), pass, ? or q > ",
            name=session.seats[player].name,
            example=self.example(space, bids),
        )
        while True:
            command = session.read_command(
                prompt,
                lambda answer: parse_bid_prompt(answer, hand, money_values, scale, bids.can_pass),
                lambda: self.print_help(session, observation, space, bids),
            )
            if command.kind == "pass":
                return PASS
            mask = bid_mask(command.values, money_values)
            if mask in legal:
                return mask
            session.say(self.refusal(session.ruleset, observation, command.values))

    @staticmethod
    def example(space: Any, legal: Any) -> str:
        """The cheapest bid the player can make, as they would type it (else "pass").

        A newcomer copies the example: it must be legal and must not throw
        away their biggest cards.
        """
        cheapest = legal.cheapest_raises() if legal.can_raise() else []
        if not cheapest:
            # TRANSLATORS: the example of a bid prompt when no bid is possible: the word typed to pass (an auction).
            return pgettext("auction", "pass")
        return " ".join(money_face(v) for v in space.values_of(cheapest[0]))

    @staticmethod
    def refusal(ruleset: Ruleset, observation: Observation, values: Sequence[int]) -> str:
        """Why a bid is not allowed: it does not beat the highest bid."""
        own = observation.decision["totals"][observation.player]
        total = own + sum(values)
        # TRANSLATORS: at the bid prompt, a bid too low to be allowed; {total} and {highest} are amounts of money,
        # e.g. "9,000"; "pass" is the command the player types (use your translation of the "pass" command).
        return _(
            "That makes your bid {total}, but it must be more than {highest}. Add more, or pass.",
            total=format_amount(ruleset, total),
            highest=format_amount(ruleset, observation.decision["highest"]),
        )

    @staticmethod
    def print_help(session: Any, observation: Observation, space: Any, legal: Any) -> None:
        """The legal moves in short: pass, and the cheapest bids; then the rules that end the game."""
        say = session.say_wrapped  # by display width, at word boundaries: a help line outgrows a narrow screen
        ruleset = session.ruleset
        highest = format_amount(ruleset, observation.decision["highest"])
        if observation.decision.get("kind") == "first-pass-takes":
            # TRANSLATORS: help line at the bid prompt (an auction where the first player to pass takes the card);
            # "pass" is the command the player types (use your translation of the "pass" command).
            say(_("pass: take the card on the table and your bid back."))
        else:
            # TRANSLATORS: help line at the bid prompt; "pass" is the command the player types (use your translation
            # of the "pass" command).
            say(_("pass: take your bid back and leave this auction."))
        if not legal.can_raise():
            # TRANSLATORS: help line at the bid prompt; {highest} is an amount of money, e.g. "12,000".
            say(
                _(
                    "You cannot beat the highest bid ({highest}) with the cards in your hand: you can only pass.",
                    highest=highest,
                )
            )
        else:
            cheapest = legal.cheapest_raises()[:HELP_EXAMPLE_BIDS]
            # Not commas: money values may have grouping commas themselves. Faces that count in a unit (a face of
            # 1 is $1 million) say the amount they make beside what to type.
            in_units = format_amount(ruleset, 1) != format_number(1)
            # TRANSLATORS: what separates the example bids of the bid prompt's help ("1,000 2,000; 4,000"): not a
            # comma, which the amounts may hold themselves (Japanese: 、 reads apart from the amounts' ",").
            separator = pgettext("bids", "; ")
            examples = separator.join(
                " ".join(money_face(v) for v in space.values_of(m))
                + (" (" + format_amount(ruleset, sum(space.values_of(m))) + ")" if in_units else "")
                for m in cheapest
            )
            # TRANSLATORS: help line at the bid prompt; {highest} is an amount of money, e.g. "12,000"; {examples}
            # lists the cheapest bids as typed, separated by semicolons, e.g. "1000 2000; 4000".
            say(
                _(
                    "bid: type the values of the cards to add; your bid must total more than {highest}. Cheapest: {examples}.",
                    highest=highest,
                    examples=examples,
                )
            )
        # TRANSLATORS: help line at the bid prompt; keep "q", the key the player types in every language.
        say(_("q: save the game and quit."))
        recap = session.recap_help_line()
        if recap:
            say(recap)
        for phrase in session.game_rule_phrases():
            say(phrase)


class DiscardPrompt:
    """Asks a human which card a discard effect takes: a numbered list."""

    def ask(self, session: Any, player: int, legal: Any) -> int:
        """The number of a card from the list."""

        cards = session.state.observation(player).decision["cards"]
        # TRANSLATORS: heading of the numbered list of cards a card effect makes the player give up.
        heading = _("{name}, choose the card to discard:", name=session.seats[player].name)
        # TRANSLATORS: help at the numbered list of cards to give up.
        help_text = _("Type the number in front of the card you give up.")
        return ask_numbered(
            session, player, list(legal), [card_name(session.ruleset, card) for card in cards], heading, help_text
        )
