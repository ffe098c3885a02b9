"""A Bohnanza player that reads the screen as a newcomer would: the terminal's tests and the web table's use it.

The player reads the question a prompt asks (the card to plant and the
fields that take it, the trading words), its own row of the table (what
each field holds and would pay), and answers with a typed line; how a line
is sent (a terminal, a WebSocket) is the subclass's.
"""

from __future__ import annotations

import re


def table_row(screen: str, name: str) -> list[str]:
    """The cells of a player's row in the last table drawn, a cell's lines joined by spaces.

    The columns: player, hand, field 1-3, to plant, coins, status. A field's
    cell holds its cards and, on its second line, what a harvest would pay.
    """
    lines = screen.splitlines()
    starts = [
        i for i, line in enumerate(lines) if line.startswith("│") and re.search(rf"[▶ ] {re.escape(name)} ", line)
    ]
    if not starts:
        return []
    cells: list[list[str]] = []
    for line in lines[starts[-1] :]:
        if not line.startswith("│") or (cells and re.match(r"│ [▶ ] \S", line)):
            break
        for column, text in enumerate(line.split("│")[1:-1]):
            if column == len(cells):
                cells.append([])
            if text.strip():
                cells[column].append(text.strip())
    return [" ".join(parts) for parts in cells]


def own_row(screen: str, name: str = "Ann") -> list[str]:
    """The cells of the viewer's own row."""
    return table_row(screen, f"{name} (you)")


def own_fields(screen: str, name: str = "Ann") -> dict[int, str]:
    """What each of the viewer's fields holds and would pay ("3 × Red Bean pays 2"), by number, read from the wide
    table's row or, on a narrow screen, from the viewer's line under the table ("Ann (you): Field 1: ... · ...")."""
    row = own_row(screen, name)
    if len(row) > 4:  # the wide table: player, hand, field 1-3, ...
        return {number: row[1 + number] for number in (1, 2, 3)}
    lines = screen.splitlines()
    mine = f"{name} (you): "
    starts = [i for i, line in enumerate(lines) if line.lstrip("▶ ").startswith(mine)]
    if not starts:
        return {}
    text = lines[starts[-1]].lstrip("▶ ")[len(mine) :]
    for line in lines[starts[-1] + 1 :]:
        if line.startswith(("Your ", "What just happened")) or re.match(
            r"(▶ )?[^·]+?: (Hand|Field|To plant|Coins|Status)", line
        ):
            break  # the next player's line, or the viewer's own zones
        text += " " + line
    return {int(number): cards.strip() for number, cards in re.findall(r"Field (\d): ([^·]*)", text)}


class BeanPlayer:
    """Plays Ann's seat the way a newcomer would, from what the screen says.

    Plants the front card on the field that holds its kind (else the first
    that takes it), plants a second card only on such a field, accepts every
    offer it can, makes one offer per trading phase (a card given away), buys
    the third field as soon as the prompt offers ``buy``, and at the last
    chance harvests a field whose harvest pays.
    """

    def __init__(self, name: str = "Ann", offer_to: str = "bot1") -> None:
        self.name = name
        # Whom an offer goes to when the prompt needs a name (the active player's offers).
        self.offer_to = offer_to
        self.prompts = 0
        self.offered_in_phase = False
        self.commands: list[str] = []
        self.refusals: list[str] = []
        self.screens_with_buy = 0

    def send(self, line: str) -> None:
        self.commands.append(line)
        self.type_line(line)

    def type_line(self, line: str) -> None:
        raise NotImplementedError

    def question(self, screen: str) -> list[str]:
        """The parts of the prompt's question: "plant Red: 1, 2, or done", "harvest 1/2", "buy"."""
        last = screen.rstrip("\n").splitlines()[-1] if screen.strip() else ""
        last = last.split(f"{self.name}, ", 1)[-1].strip()
        return [part.strip() for part in last.split(";")]

    def answer(self, screen: str) -> None:
        parts = self.question(screen)
        own = [part for part in parts if not part.startswith("harvest") and part != "buy"]
        harvests = [part for part in parts if part.startswith("harvest")]
        fields = own_fields(screen, self.name)
        trading = any(part.startswith(("offer", "pass")) for part in own)
        if not trading:
            self.offered_in_phase = False
        if "buy" in parts:
            self.screens_with_buy += 1
            self.send("buy")
            return
        if own and own[0] in ("accept or decline", "decline"):
            self.send("accept" if own[0] == "accept or decline" else "decline")
            return
        if trading:
            self.trade(own[0])
            return
        if own and own[0].startswith("plant "):
            self.plant(own[0], fields)
            return
        if own and own[0].startswith("card and "):
            self.send(own[0].rsplit("e.g. ", 1)[-1])
            return
        numbers = harvests[0].split(" ", 1)[1].split("/") if harvests else []
        paying = [n for n in numbers if re.search(r"pays [1-9]", fields.get(int(n), ""))]
        if paying:
            self.send(f"harvest {paying[0]}")
        elif own and own[-1] == "done":
            self.send("done")
        elif numbers:
            # Blocked: no field takes the card to plant; make room.
            self.send(f"harvest {numbers[0]}")
        else:
            raise AssertionError(f"no answer to: {parts!r}")

    def trade(self, question: str) -> None:
        options = [word.strip(" ,") for word in question.replace(" or ", ", ").split(",")]
        options = [word for word in options if word]
        if "offer" in options and not self.offered_in_phase:
            self.offered_in_phase = True
            # The example the intro gives names the receiver when there is a choice.
            self.send("offer " + (f"{self.offer_to} " if "end" in options else "") + "give 1")
        elif "end" in options:
            self.send("end")
        else:
            self.send("pass")

    def plant(self, question: str, fields: dict[int, str]) -> None:
        card, choices = question[len("plant ") :].split(": ", 1)
        options = [word.strip() for word in choices.replace(" or ", ", ").split(",") if word.strip()]
        numbers = [word for word in options if word.isdigit()]
        holding = [n for n in numbers if card in fields.get(int(n), "")]
        if holding:
            self.send(holding[0])
        elif "done" in options:
            self.send("done")
        else:
            self.send(numbers[0])
