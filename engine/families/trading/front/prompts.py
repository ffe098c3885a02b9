"""The trading prompt of a human player: offers typed in one line or asked step by step, answers, passing.

An offer is typed after ``offer``: the player it is made to (by name, or
any beginning of it; left out when only one player may receive it), then
``give`` and the hand positions given (from 1, the front) and pool cards
(face-up cards) by name, then ``ask`` and the cards asked for by name with
their numbers, pool cards after the pool's word::

    offer Bo give 1 3 face-up red ask blue 2
    offer give 2 ask face red          (to the active player: only they may receive)

``offer`` alone asks for each part in turn. ``pass`` makes no offer this
time round; the active player's ``end`` ends trading. Answering, ``accept``
(with the hand positions given, when there is a choice) or ``decline``.
Parsing (:func:`parse_offer_words`) is pure: the session checks the offer
against the rules and explains a refusal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from engine.base.formatting import card_name, format_list, list_separator, ruleset_text
from engine.base.i18n import N_, NP_, _, pgettext
from engine.families.common.front.narrating import event_field
from engine.families.common.front.player_input import (
    COMMAND_PROMPT,
    InputProblem,
    as_typed,
    normalize_input,
    typed_command,
)
from engine.families.common.front.prompting import (
    CommandPrompt,
    Turn,
    ask_words,
    card_choices,
    choose,
    flat_parts,
    is_number,
    match_name,
    or_list,
    parse_marked_card_counts,
    parse_positions,
    squash,
    word_set,
)
from engine.families.common.rules.card_counts import card_counts_text
from engine.families.trading.rules.offers import Offer, OfferActions, OfferSpace, position_choices, position_sets
from engine.families.trading.rules.replies import ReplyActions, ReplySpace

if TYPE_CHECKING:
    from engine.language.ruleset import Ruleset

# TRANSLATORS: the command a player types to make a trade offer (a short word, lower case).
OFFER_COMMAND = typed_command(N_("offer"), aliases=("offer", "o"), prompt=COMMAND_PROMPT)


def offer_words() -> set[str]:
    """Words that make an offer."""
    return OFFER_COMMAND.words()


# TRANSLATORS: what a player types to make no trade offer now (a short word, lower case).
PASS_COMMAND = typed_command(NP_("trading", "pass"), aliases=("pass", "p"), prompt=COMMAND_PROMPT)


def pass_words() -> set[str]:
    """Words that make no offer this time round."""
    return PASS_COMMAND.words()


# TRANSLATORS: what the active player types to end the trading (a short word, lower case).
END_COMMAND = typed_command(N_("end"), aliases=("end", "e"), prompt=COMMAND_PROMPT)


def end_words() -> set[str]:
    """Words that end trading."""
    return END_COMMAND.words()


# TRANSLATORS: what a player types to accept a trade offer (a short word, lower case).
ACCEPT_COMMAND = typed_command(N_("accept"), aliases=("accept", "a", "y", "yes"), prompt=COMMAND_PROMPT)


def accept_words() -> set[str]:
    """Words that accept an offer."""
    return ACCEPT_COMMAND.words()


# TRANSLATORS: what a player types to decline a trade offer (a short word, lower case).
DECLINE_COMMAND = typed_command(N_("decline"), aliases=("decline", "n", "no"), prompt=COMMAND_PROMPT)


def decline_words() -> set[str]:
    """Words that decline an offer."""
    return DECLINE_COMMAND.words()


# TRANSLATORS: in a typed trade offer, the word before the cards given (a short word, lower case).
GIVE_COMMAND = typed_command(N_("give"), aliases=("give", "gives"), prompt=COMMAND_PROMPT)


def give_words() -> set[str]:
    """The word before what an offer gives."""
    return GIVE_COMMAND.words()


# TRANSLATORS: in a typed trade offer, the word before the cards asked for (a short word, lower case).
ASKING_COMMAND = typed_command(N_("ask"), aliases=("ask", "for", "want"), prompt=COMMAND_PROMPT)


def asking_words() -> set[str]:
    """The word before what an offer asks for."""
    return ASKING_COMMAND.words()


# TRANSLATORS: in a typed trade offer, the optional word before the player's name (lower case).
TO_COMMAND = typed_command(N_("to"), aliases=("to",), prompt=COMMAND_PROMPT)


def to_words() -> set[str]:
    """The filler word before the player an offer is made to."""
    return TO_COMMAND.words()


@dataclass
class OfferText:
    """An offer as typed, before it is checked: the receiver's words and each part (types as indices)."""

    receiver_words: tuple[str, ...] = ()
    give_positions: tuple[int, ...] = ()
    give_pool: dict[int, int] = field(default_factory=dict)
    ask_hand: dict[int, int] = field(default_factory=dict)
    ask_pool: dict[int, int] = field(default_factory=dict)
    give_store: dict[int, int] = field(default_factory=dict)
    ask_store: dict[int, int] = field(default_factory=dict)
    gives: bool = False
    asks: bool = False


def parse_give(
    words: Sequence[str],
    hand_size: int,
    pool_choices: Sequence[tuple[int, Sequence[str]]],
    pool_words: set[str],
    store_choices: Sequence[tuple[int, Sequence[str]]] = (),
    store_words: set[str] = frozenset(),
) -> tuple[tuple[int, ...], dict[int, int], dict[int, int]]:
    """What an offer gives: numbers are hand positions (from 1), names are pool cards (one each; the pool's word
    may come first), or store cards after the store's word (up to the next number or word of a zone); a player
    with no pool cards to give gives store cards without the word. Returns (positions, pool, store)."""
    positions = parse_positions([word for word in words if is_number(word)], hand_size)
    pool: dict[int, int] = {}
    store: dict[int, int] = {}
    markers = pool_words | store_words
    in_store = False
    for index, word in enumerate(words):
        if word in markers:
            if index + 1 == len(words) or is_number(words[index + 1]) or words[index + 1] in markers:
                raise InputProblem(_('Name a card after "{word}".', word=word))
            in_store = word in store_words and word not in pool_words
            continue
        if is_number(word):
            in_store = False
            continue
        if in_store or (not pool_choices and store_choices):
            type_index = match_name(word, store_choices, _("card")) if store_choices else None
            if type_index is None:
                # TRANSLATORS: a typed trade offer gives a card the player does not hold; {text} is the word typed.
                raise InputProblem(_('"{text}": you have no such card to give.', text=word))
            store[type_index] = store.get(type_index, 0) + 1
            continue
        if not pool_choices:
            # TRANSLATORS: a typed trade offer gives a card by name where only hand positions are read; {text} is
            # the word typed, e.g. "red" (the right way: "give 1 3").
            raise InputProblem(_('"{text}": you give hand cards by their positions (numbers from 1).', text=word))
        type_index = match_name(word, pool_choices, _("card"))
        pool[type_index] = pool.get(type_index, 0) + 1
    return tuple(positions), pool, store


def parse_ask(
    words: Sequence[str],
    card_options: Sequence[tuple[int, Sequence[str]]],
    pool_words: set[str],
    store_words: set[str] = frozenset(),
) -> tuple[dict[int, int], dict[int, int], dict[int, int]]:
    """What an offer asks for: hand cards by name and number; pool cards after the pool's word, store cards
    after the store's. Returns (hand, pool, store)."""
    hand, pool, store = parse_marked_card_counts(words, card_options, (pool_words, store_words))
    return hand, pool, store


def parse_offer_words(
    words: Sequence[str],
    hand_size: int,
    card_options: Sequence[tuple[int, Sequence[str]]],
    pool_choices: Sequence[tuple[int, Sequence[str]]],
    pool_words: set[str],
    store_choices: Sequence[tuple[int, Sequence[str]]] = (),
    store_words: set[str] = frozenset(),
) -> OfferText:
    """An offer's words after ``offer``: ``[to] NAME... [give ...] [ask ...]``, parts in either order."""
    gives, asks, tos = give_words(), asking_words(), to_words()
    text = OfferText()
    receiver: list[str] = []
    part: str | None = None
    give_part: list[str] = []
    ask_part: list[str] = []
    for word in words:
        if word in gives:
            if text.gives:
                # TRANSLATORS: a typed trade offer has the word "give" twice; {word} is that word as typed, e.g. "give".
                raise InputProblem(_('Say "{word}" once, with everything you give after it.', word=word))
            part, text.gives = "give", True
        elif word in asks:
            if text.asks:
                # TRANSLATORS: a typed trade offer has the word "ask" twice; {word} is that word as typed, e.g. "ask".
                raise InputProblem(_('Say "{word}" once, with everything you ask for after it.', word=word))
            part, text.asks = "ask", True
        elif part == "give":
            give_part.append(word)
        elif part == "ask":
            ask_part.append(word)
        elif not (word in tos and not receiver):
            receiver.append(word)
    text.receiver_words = tuple(receiver)
    text.give_positions, text.give_pool, text.give_store = parse_give(
        give_part, hand_size, pool_choices, pool_words, store_choices, store_words
    )
    text.ask_hand, text.ask_pool, text.ask_store = parse_ask(ask_part, card_options, pool_words, store_words)
    return text


def pool_marker_words(ruleset: Ruleset, pool_id: str | None) -> set[str]:
    """How a player names the pool (face-up cards) in an offer: its id, the id's first part, its name's first word."""
    return zone_marker_words(ruleset, pool_id, "pool")


def zone_marker_words(ruleset: Ruleset, zone_id: str | None, *extra: str) -> set[str]:
    """How a player names a zone in an offer: its id, the id's first part, its name's first word (and ``extra``)."""
    if not zone_id:
        return set()
    words = {zone_id, zone_id.split("-")[0], *extra}
    try:
        name = normalize_input(ruleset_text(ruleset, ruleset.zone(zone_id).name))
    except KeyError:
        name = ""
    if name.split():
        words.add(name.split()[0])
    return word_set(*words)


def pool_word(pool_id: str | None) -> str:
    """The pool's word as examples show it: its id's first part (``face`` for ``face-up``)."""
    return pool_id.split("-")[0] if pool_id else ""


def short_name(name: str, others: Sequence[str]) -> str:
    """The shortest beginning of a player's name that names only them (as typed: letters and digits)."""
    key = squash(name)
    for length in range(min(2, len(key)), len(key) + 1):
        prefix = key[:length]
        if squash(name) == prefix or not any(squash(other).startswith(prefix) for other in others if other != name):
            return prefix
    return key or name


class TradePrompt(CommandPrompt):
    """Asks a human for an offer, a pass or the end of trading; or for an answer to an offer made to them."""

    # ------------------------------------------------------------------ what the decision is

    def _answering(self, turn: Turn) -> bool:
        return turn.observation.decision.get("stage") == "answer"

    def _offers(self, turn: Turn) -> OfferActions | None:
        for part in flat_parts(turn.legal):
            if isinstance(part, OfferActions):
                return part
        return None

    def _replies(self, turn: Turn) -> ReplyActions | None:
        for part in flat_parts(turn.legal):
            if isinstance(part, ReplyActions):
                return part
        return None

    def _is_active(self, turn: Turn) -> bool:
        return turn.observation.decision.get("active") == turn.player

    def _hand(self, turn: Turn) -> tuple[str, ...]:
        return turn.observation.cards(turn.node.hand_id, turn.player) or ()

    def _pool(self, turn: Turn) -> tuple[str, ...]:
        pool_id = turn.node.pool_id
        return (turn.observation.cards(pool_id) or ()) if pool_id else ()

    def _pool_words(self, turn: Turn) -> set[str]:
        return pool_marker_words(turn.ruleset, turn.node.pool_id)

    def _store(self, turn: Turn, seat: int) -> tuple[str, ...]:
        store_id = turn.node.store_id
        return (turn.observation.cards(store_id, seat) or ()) if store_id else ()

    def _store_words(self, turn: Turn) -> set[str]:
        return zone_marker_words(turn.ruleset, turn.node.store_id)

    def _store_choices(self, turn: Turn) -> list[tuple[int, tuple[str, ...]]]:
        types = sorted({turn.game.cards.index_of_id[card] for card in self._store(turn, turn.player)})
        return card_choices(turn.ruleset, turn.game, types)

    def _store_name(self, turn: Turn) -> str:
        store_id = turn.node.store_id
        return ruleset_text(turn.ruleset, turn.ruleset.zone(store_id).name) if store_id else ""

    def _receivers(self, turn: Turn) -> list[int]:
        offers = self._offers(turn)
        return [choice[0] for choice in offers.choices] if offers is not None else []

    def _names(self, turn: Turn) -> list[str]:
        return [seat.name for seat in turn.session.seats]

    # ------------------------------------------------------------------ introducing

    def introduce(self, turn: Turn) -> list[str]:
        answered = self._answer_to_own_offer(turn)
        return [*answered, *(self._introduce_answer(turn) if self._answering(turn) else self._introduce_offer(turn))]

    def _answer_to_own_offer(self, turn: Turn) -> list[str]:
        """How the player's offer was answered, when it was their last move (the story under the table may be cut).

        Only the player's own answers to others' offers since count as moves
        in between; a phase that began since means the trading it was in is over.
        """
        reply: tuple[int, str] | None = None
        for event in reversed(turn.state.events):
            kind = event_field(event, "type")
            if kind == "phase":
                return []
            if kind != "decision":
                continue
            seat, entry = event_field(event, "player"), event_field(event, "action") or {}
            word = entry.get("action")
            if seat != turn.player:
                if word in ReplySpace.json_actions:
                    reply = (seat, word)
                continue
            if word in ReplySpace.json_actions:
                continue  # the player's own answer to an offer made to them
            if word not in OfferSpace.json_actions or reply is None or reply[0] != entry.get("to"):
                return []
            name = self._names(turn)[reply[0]]
            if reply[1] == "accept":
                # TRANSLATORS: said to a player at their next question after their trade offer was accepted.
                return [_("{name} accepted your offer.", name=name)]
            # TRANSLATORS: said to a player at their next question after their trade offer was declined.
            return [_("{name} declined your offer.", name=name)]
        return []

    def _introduce_offer(self, turn: Turn) -> list[str]:
        decision = turn.observation.decision
        made = decision.get("offers_made") or ()
        allowed = decision.get("offers_allowed", 0)
        left = max(0, allowed - (made[turn.player] if turn.player < len(made) else 0))
        names = self._names(turn)
        lines = []
        if self._is_active(turn):
            lines.append(
                # TRANSLATORS: shown when trading starts on the player's own turn; {left} and {allowed} are numbers of
                # offers, e.g. "2 of 3 offers left". offer, pass and end are typed commands: use your words for them.
                _(
                    "Trading on your turn: offer to any other player ({left} of {allowed} offers left), pass, "
                    "or end trading.",
                    left=left,
                    allowed=allowed,
                )
            )
        else:
            active = names[decision.get("active", 0)]
            lines.append(
                # TRANSLATORS: shown when trading starts on another player's turn; {active} is that player's name, e.g.
                # "Bo"; {left} and {allowed} are numbers of offers, e.g. "2 of 3 offers left". offer and pass: commands.
                _(
                    "Trading on {active}'s turn: you may offer to {active} ({left} of {allowed} offers left), or pass.",
                    active=active,
                    left=left,
                    allowed=allowed,
                )
            )
        example = self.example(turn)
        if example:
            # TRANSLATORS: {example} is a whole typed offer, e.g. "offer bo give 1 3 ask red 2".
            lines.append(
                _('Type an offer like "{example}", or just "offer" to be asked step by step.', example=example)
            )
        stored = self._store(turn, turn.player)
        if stored:
            marker = self._marker(turn, turn.node.store_id)
            # TRANSLATORS: {zone} is a building's storage, e.g. "Shop"; {give} is your word for the command "give"
            # (as the player types it), {example} its storage and first card, "shop red"; {cards} lists the cards.
            lines.append(
                _(
                    'Your {zone} holds {cards}: offer them with "{give} {example}".',
                    zone=self._store_name(turn),
                    give=_("give"),
                    example=f"{marker} {self._card_word(turn, stored[0])}",
                    cards=format_list(card_name(turn.ruleset, card) for card in stored),
                )
            )
        return lines

    def example(self, turn: Turn) -> str:
        """A typed offer this player could make now (for the introduction and the help)."""
        receivers = self._receivers(turn)
        if not receivers:
            return ""
        names = self._names(turn)
        hand = self._hand(turn)
        # In the reader's words: each translated command word is read back as the English one is.
        parts = [_("offer")]
        if len(receivers) > 1:
            parts.append(short_name(names[receivers[0]], names))
        give = [str(position) for position in range(1, min(len(hand), 2) + 1)]
        pool = self._pool(turn)
        marker = self._marker(turn, turn.node.pool_id)
        if pool and self._is_active(turn):
            give += [marker, self._card_word(turn, pool[0])]
        if give:
            parts += [_("give"), *give]
        parts += [_("ask"), self._ask_example(turn), "2"]
        if pool and not self._is_active(turn):
            parts += [marker, self._card_word(turn, pool[0])]
        return " ".join(parts)

    @staticmethod
    def _card_word(turn: Turn, card_id: str) -> str:
        """A card as an example types it: its id, or its translated name as one word (both are read back)."""
        name = card_name(turn.ruleset, card_id)
        return card_id if name == turn.ruleset.card(card_id).name else as_typed(name)

    @staticmethod
    def _marker(turn: Turn, zone_id: str | None) -> str:
        """The word before a zone's cards in an example: its translated name's first word, else its id's first part."""
        if not zone_id:
            return ""
        zone = turn.ruleset.zone(zone_id)
        shown = ruleset_text(turn.ruleset, zone.name)
        return shown.split()[0] if shown != zone.name and shown.split() else pool_word(zone_id)

    def _words_now(self, turn: Turn) -> list[str]:
        """The words that do something now, in the reader's language: the question and every hint name these only
        (a player who is not the active one is never told to type "end")."""
        if self._answering(turn):
            replies = self._replies(turn)
            return [_("accept"), _("decline")] if replies is not None and replies.can_accept else [_("decline")]
        words = [_("offer")] if self._offers(turn) is not None else []
        words.append(pgettext("trading", "pass"))
        if self._is_active(turn):
            words.append(_("end"))
        return words

    def question(self, turn: Turn) -> str:
        return or_list(self._words_now(turn))

    def only_answer(self, turn: Turn) -> int | None:
        """Declining an offer the player cannot accept; passing for a player who may neither offer nor end."""
        if self._answering(turn):
            replies = self._replies(turn)
            return turn.node.replies.base if replies is None or not replies.can_accept else None
        # Only "pass" is left to a player who may not offer and is not the active one (who alone ends trading).
        return turn.node.turns.base if self._offers(turn) is None and not self._is_active(turn) else None

    def empty_message(self, turn: Turn) -> str:
        words = self._words_now(turn)
        if words == [_("accept"), _("decline")]:
            # TRANSLATORS: the hint after a word that means nothing, when answering an offer; accept and decline are
            # the commands typed (use your words for them); "?" shows the help.
            return _("Type accept or decline, or ? to see what you may do.")
        if words == [_("offer"), pgettext("trading", "pass"), _("end")]:
            # TRANSLATORS: the hint after a word that means nothing, when trading; offer, pass and end are the
            # commands typed (use your words for them); "?" shows the help.
            return _("Type offer, pass or end, or ? to see what you may do.")
        # TRANSLATORS: the hint after a word that means nothing; {words} lists the words possible now, e.g.
        # "offer or pass".
        return _("Type {words}, or ? to see what you may do.", words=or_list(words))

    # ------------------------------------------------------------------ help

    def help_lines(self, turn: Turn) -> list[str]:
        if self._answering(turn):
            lines = []
            replies = self._replies(turn)
            if replies is not None and replies.can_accept:
                if any(replies.wanted):
                    lines.append(
                        # TRANSLATORS: a help line; accept is the command typed (use your word for it), POSITIONS what
                        # follows it; {example} is hand positions, e.g. "1 3".
                        _(
                            "accept POSITIONS: take the offer, giving the cards at these positions of your "
                            "hand (from 1, the front), e.g. accept {example}",
                            example=" ".join(str(p + 1) for p in self._one_way(replies)),
                        )
                    )
                else:
                    # TRANSLATORS: a help line: what typing "accept" (the command, in your words) does.
                    lines.append(_("accept: take the offer"))
            # TRANSLATORS: a help line: what typing "decline" (the command, in your words) does.
            lines.append(_("decline: turn the offer down"))
            return lines
        lines = []
        if self._offers(turn) is not None:
            lines.append(
                # TRANSLATORS: a help line; offer, give and ask are typed commands (use your words for them), NAME a
                # player's name; {example} is a whole typed offer, e.g. "offer bo give 1 3 ask red 2".
                _(
                    "offer [NAME] [give POSITIONS and face-up cards] [ask CARDS with numbers]: make an offer, "
                    "e.g. {example}",
                    example=self.example(turn),
                )
            )
            # TRANSLATORS: a help line: typing "offer" (the command, in your words) alone asks for each part in turn.
            lines.append(_("offer: make an offer, asked part by part"))
            if turn.node.store_id:
                marker = self._marker(turn, turn.node.store_id)
                # TRANSLATORS: a help line; {marker} is the word for a player's storage in an offer, e.g. "stall";
                # {give} and {ask} are your words for the commands "give" and "ask" (as the player types them).
                lines.append(
                    _(
                        "{marker} CARD after {give}: a card of your {zone}; after {ask}: a card of theirs",
                        marker=marker,
                        give=_("give"),
                        ask=_("ask"),
                        zone=self._store_name(turn),
                    )
                )
            # TRANSLATORS: a help line; {ids} lists the card ids a player may type, e.g. "tulip, rose, lily".
            lines.append(_("cards are typed by name or by id: {ids}", ids=list_separator().join(self._card_ids(turn))))
        else:
            # TRANSLATORS: a help line: the player has made all the trade offers allowed this turn.
            lines.append(_("(you cannot make another offer this turn)"))
        # TRANSLATORS: a help line: what typing "pass" (the command, in your words) does during trading.
        lines.append(_("pass: make no offer this time round"))
        if self._is_active(turn):
            # TRANSLATORS: a help line: what typing "end" does during trading.
            lines.append(_("end: end the trading"))
        return lines

    # ------------------------------------------------------------------ reading

    def action(self, turn: Turn, words: list[str]) -> int | None:
        head, rest = words[0], words[1:]
        if self._answering(turn):
            if head in decline_words() and not rest:
                return turn.node.replies.base
            if head in accept_words():
                return self._accept(turn, rest)
            raise InputProblem(self.empty_message(turn))
        if head in pass_words() and not rest:
            return turn.node.turns.base
        if head in end_words() and not rest:
            return turn.node.turns.base + 1
        if head in offer_words():
            return self._offer(turn, rest)
        raise InputProblem(self.empty_message(turn))

    def _card_options(self, turn: Turn) -> list[tuple[int, tuple[str, ...]]]:
        return card_choices(turn.ruleset, turn.game, turn.node.tradable_types)

    def _card_ids(self, turn: Turn) -> list[str]:
        """The ids of the cards an offer may name (the trade's ``cards``)."""
        return [turn.game.cards.ids[index] for index in turn.node.tradable_types]

    def _pool_choices(self, turn: Turn) -> list[tuple[int, tuple[str, ...]]]:
        pool_types = sorted({turn.game.cards.index_of_id[card] for card in self._pool(turn)})
        return card_choices(turn.ruleset, turn.game, pool_types)

    def _offer(self, turn: Turn, words: list[str]) -> int | None:
        if self._offers(turn) is None:
            decision = turn.observation.decision
            raise InputProblem(
                # TRANSLATORS: the player typed offer after making all offers allowed; {made} and {allowed} are numbers,
                # e.g. "3 of 3". pass is the command typed (use your word for it).
                _(
                    "You cannot make an offer now (you have made {made} of {allowed}): pass instead.",
                    made=(decision.get("offers_made") or (0,) * (turn.player + 1))[turn.player],
                    allowed=decision.get("offers_allowed", 0),
                )
            )
        hand_size = len(self._hand(turn))
        text = parse_offer_words(
            words,
            hand_size,
            self._card_options(turn),
            self._pool_choices(turn),
            self._pool_words(turn),
            self._store_choices(turn),
            self._store_words(turn),
        )
        receiver = self._receiver(turn, text.receiver_words)
        if receiver is None:
            return None
        if not text.gives and not text.asks:
            guided = self._guided(turn, text)
            if guided is None:
                return None
            text = guided
        return self._encode(turn, receiver, text)

    def _receiver(self, turn: Turn, words: Sequence[str]) -> int | None:
        names = self._names(turn)
        receivers = self._receivers(turn)
        if words:
            everyone = [(seat, (name,)) for seat, name in enumerate(names) if seat != turn.player]
            # TRANSLATORS: the kind of thing typed, in messages such as "There is no player \"x\" here" (a noun).
            return match_name(" ".join(words), everyone, _("player"))
        if len(receivers) == 1:
            return receivers[0]
        # TRANSLATORS: the question before a trade offer: which player the offer goes to.
        picked = choose(turn, _("To whom?"), [names[seat] for seat in receivers])
        return None if picked is None else receivers[picked]

    def _guided(self, turn: Turn, text: OfferText) -> OfferText | None:
        pool_words = self._pool_words(turn)
        marker = self._marker(turn, turn.node.pool_id)
        hand = self._hand(turn)
        pool = [self._card_word(turn, card) for card in self._pool(turn)]
        pool_name = ruleset_text(turn.ruleset, turn.ruleset.zone(turn.node.pool_id).name) if marker else ""
        if self._is_active(turn) and pool:
            turn.say(
                # TRANSLATORS: a question of an offer asked step by step; {zone} is the face-up cards' zone, e.g.
                # "Face-up cards"; {example} what to type, e.g. "1 face red"; back is a typed command (your word).
                _(
                    "What do you give? Hand positions (1 is the front) and {zone} by name, e.g. {example}. "
                    "Enter for nothing, back to go back.",
                    zone=pool_name,
                    example=" ".join(["1", marker, pool[0]] if hand else [marker, pool[0]]),
                )
            )
        else:
            turn.say(
                # TRANSLATORS: a question of an offer asked step by step; Enter is the key; back is a typed command.
                _("What do you give? Hand positions (1 is the front), e.g. 1 3. Enter for nothing, back to go back.")
            )
        # TRANSLATORS: the player's hand cards, numbered by position, e.g. "1. Rose, 2. Tulip".
        hand_listing = _(
            "Your hand: {cards}",
            cards=list_separator().join(
                f"{n}. {card_name(turn.ruleset, card)}" for n, card in enumerate(hand, start=1)
            ),
        )
        while True:
            # TRANSLATORS: the prompt for the cards given in a trade offer asked step by step; keep the final "> ".
            given = ask_words(turn, _("Give > "), hand_listing)
            if given is None:
                return None
            try:
                text.give_positions, text.give_pool, text.give_store = parse_give(
                    given,
                    len(hand),
                    self._pool_choices(turn),
                    pool_words,
                    self._store_choices(turn),
                    self._store_words(turn),
                )
                break
            except InputProblem as problem:
                turn.refuse(problem)
        example = f"{self._ask_example(turn)} 2"
        if marker and pool and not self._is_active(turn):
            turn.say(
                # TRANSLATORS: a question of an offer asked step by step; {example} is e.g. "red 2", {zone} the face-up
                # cards' zone, {marker} the word typed before its cards, e.g. "face", {card} a card, e.g. "blue".
                _(
                    "What do you ask for? Cards by name with their numbers, e.g. {example}; for {zone}, put "
                    "{marker} first, e.g. {marker} {card}. Enter for nothing, back to go back.",
                    example=example,
                    zone=pool_name,
                    marker=marker,
                    card=pool[0],
                )
            )
        else:
            turn.say(
                # TRANSLATORS: a question of an offer asked step by step; {example} is e.g. "red 2"; back is a typed
                # command (your word for it).
                _(
                    "What do you ask for? Cards by name with their numbers, e.g. {example}. Enter for nothing, "
                    "back to go back.",
                    example=example,
                )
            )
        # TRANSLATORS: the help of the "Ask for" prompt; {ids} lists the card ids a player may type, e.g. "red, blue".
        card_listing = _("Cards are typed by name or by id: {ids}", ids=list_separator().join(self._card_ids(turn)))
        while True:
            # TRANSLATORS: the prompt for the cards asked for in a trade offer asked step by step; keep the final "> ".
            asked = ask_words(turn, _("Ask for > "), card_listing)
            if asked is None:
                return None
            try:
                text.ask_hand, text.ask_pool, text.ask_store = parse_ask(
                    asked, self._card_options(turn), pool_words, self._store_words(turn)
                )
                break
            except InputProblem as problem:
                turn.refuse(problem)
        text.gives, text.asks = True, True
        return text

    def _ask_example(self, turn: Turn) -> str:
        """A card id to ask for in examples: one of the player's hand unlike the first face-up card."""
        pool = self._pool(turn)
        for card in self._hand(turn):
            if not pool or card != pool[0]:
                return self._card_word(turn, card)
        return self._card_word(turn, turn.game.cards.ids[0])

    def _encode(self, turn: Turn, receiver: int, text: OfferText) -> int:
        types = len(turn.game.cards.types)
        mask = 0
        for position in text.give_positions:
            mask |= 1 << position

        def counts(part: dict[int, int]) -> tuple[int, ...]:
            radixes = turn.node.offers.radixes
            values = tuple(part.get(type_index, 0) for type_index in range(types))
            if any(value >= radix for value, radix in zip(values, radixes)):
                # TRANSLATORS: a typed trade offer names more cards of one kind than the game has.
                raise InputProblem(_("There are not that many such cards in the game."))
            return values

        offer = Offer(
            receiver,
            mask,
            counts(text.give_pool),
            counts(text.ask_pool),
            counts(text.ask_hand),
            counts(text.give_store),
            counts(text.ask_store),
        )
        if offer.is_empty():
            # TRANSLATORS: a typed trade offer that gives nothing and asks for nothing.
            raise InputProblem(_("An offer gives or asks for at least one card."))
        return turn.node.offers.encode_offer(offer)

    # ------------------------------------------------------------------ answering

    def _offer_made(self, turn: Turn) -> tuple[int, Offer]:
        decision = turn.observation.decision
        return decision["offerer"], turn.node.offers.decode(decision["offer_action"])

    def _one_way(self, replies: ReplyActions) -> list[int]:
        mask = next(position_sets(replies.hand_types, replies.wanted), 0)
        return [p for p in range(len(replies.hand_types)) if mask >> p & 1]

    def _introduce_answer(self, turn: Turn) -> list[str]:
        offerer, offer = self._offer_made(turn)
        ruleset, game = turn.ruleset, turn.game
        pool_name = ruleset_text(ruleset, ruleset.zone(turn.node.pool_id).name) if turn.node.pool_id else ""
        given = []
        if offer.give_hand:
            offerer_hand = turn.state.card_ids_in(turn.node.hand_id, offerer)
            given.append(
                format_list(card_name(ruleset, offerer_hand[p]) for p in offer.positions() if p < len(offerer_hand))
            )
        if any(offer.give_pool):
            # TRANSLATORS: cards of an offer and where they come from, e.g. "2 Rose from Face-up cards".
            given.append(
                _("{cards} from {zone}", cards=card_counts_text(ruleset, game, offer.give_pool), zone=pool_name)
            )
        if any(offer.give_store):
            given.append(
                _(
                    "{cards} from {zone}",
                    cards=card_counts_text(ruleset, game, offer.give_store),
                    zone=self._store_name(turn),
                )
            )
        asked = []
        if any(offer.ask_hand):
            # TRANSLATORS: cards an offer asks of the player's hand, e.g. "2 × Red from your hand".
            asked.append(_("{cards} from your hand", cards=card_counts_text(ruleset, game, offer.ask_hand)))
        if any(offer.ask_pool):
            asked.append(
                _("{cards} from {zone}", cards=card_counts_text(ruleset, game, offer.ask_pool), zone=pool_name)
            )
        if any(offer.ask_store):
            # TRANSLATORS: cards an offer asks of the player's own storage, e.g. "1 Rose from your Shop".
            asked.append(
                _(
                    "{cards} from your {zone}",
                    cards=card_counts_text(ruleset, game, offer.ask_store),
                    zone=self._store_name(turn),
                )
            )
        name = self._names(turn)[offerer]
        if not given:
            # TRANSLATORS: an offer that gives nothing in return, e.g. "Bo asks you for 2 × Red from your hand, for nothing."
            line = _("{name} asks you for {asked}, for nothing.", name=name, asked=format_list(asked))
        elif not asked:
            # TRANSLATORS: an offer that asks nothing in return, e.g. "Bo offers you Red, for nothing."
            line = _("{name} offers you {given}, for nothing.", name=name, given=format_list(given))
        else:
            # TRANSLATORS: an offer made to the player, e.g. "Bo offers you Rose, Lily for 2 × Tulip from your hand."
            line = _(
                "{name} offers you {given} for {asked}.", name=name, given=format_list(given), asked=format_list(asked)
            )
        lines = [line]
        replies = self._replies(turn)
        if replies is not None and not replies.can_accept:
            # TRANSLATORS: answering an offer the player cannot take; decline is the command typed (your word for it).
            lines.append(_("You do not hold the cards asked for: you can only decline."))
        elif replies is not None and any(replies.wanted):
            hand = self._hand(turn)
            held = [
                f"{position}. {card_name(ruleset, card)}"
                for position, card in enumerate(hand, start=1)
                if replies.wanted[game.cards.index_of_id[card]]
            ]
            # TRANSLATORS: answering an offer; {cards} lists hand cards by position, e.g. "1. Red, 3. Red".
            lines.append(_("The cards asked for in your hand: {cards}.", cards=list_separator().join(held)))
        return lines

    def _accept(self, turn: Turn, words: list[str]) -> int | None:
        replies = self._replies(turn)
        space = turn.node.replies
        if replies is None or not replies.can_accept:
            raise InputProblem(_("You do not hold the cards asked for: you can only decline."))
        if not any(replies.wanted):
            if words:
                # TRANSLATORS: the player typed accept with positions though the offer asks for no hand cards; accept
                # is the command typed (your word for it).
                raise InputProblem(_("This offer asks for none of your hand cards: type accept alone."))
            return space.accept(0)
        if not words:
            if position_choices(replies.hand_types, replies.wanted) == 1:
                return space.accept(next(position_sets(replies.hand_types, replies.wanted)))
            wanted = card_counts_text(turn.ruleset, turn.game, replies.wanted)
            turn.say(
                # TRANSLATORS: accepting an offer; {cards} is what it asks for, e.g. "2 × Red"; {example} hand
                # positions, e.g. "1 3"; back is a typed command (your word for it).
                _(
                    "Which of your cards do you give for {cards}? Their hand positions, e.g. {example}; back to go "
                    "back.",
                    cards=wanted,
                    example=" ".join(str(p + 1) for p in self._one_way(replies)),
                )
            )
            words = ask_words(
                turn,
                # TRANSLATORS: the prompt for the hand positions of the cards given on accepting an offer; keep the final "> ".
                _("Positions > "),
                # TRANSLATORS: the help of the "Positions" prompt on accepting an offer.
                _("Type the positions in your hand (1 is the front) of the cards you give."),
            )
            if words is None:
                return None
        mask = 0
        for position in parse_positions(words, len(replies.hand_types)):
            mask |= 1 << position
        return space.accept(mask)
