"""A web table's folder: who sits where (``table.json``), the game log (``game.json``), an uploaded house rule.

Everything is written atomically (a temporary file renamed over the old
one), so a server killed at any moment leaves each table as it was after its
last complete action, and a restarted server resumes every table from its
folder. Seat tokens and the owner's token are kept as their SHA-256 digests:
the folder alone lets nobody act for a seat nor close the table.

``table.json`` holds ``seats``, ``owner`` (the digest of the token that
closes the table; none in a folder written before owners existed) and
``active`` (when the table last saw a move or a page, in seconds since the
epoch: an idle table expires).
"""

from __future__ import annotations

import hashlib
import hmac
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.base.i18n import _
from engine.base.output_files import atomic_write_bytes
from engine.fronts.bots import BOT_KINDS
from engine.fronts.terminal.seats import SeatSpecError, seats_from_log

TABLE_FILE = "table.json"
LOG_FILE = "game.json"
HOUSE_RULE_FILE = "house.yaml"


@dataclass
class WebSeat:
    """One seat of a web table: its player's name, its bot kind (None: a human), its token's digest, its language."""

    name: str
    bot_kind: str | None = None
    token_digest: str | None = None
    # The language the seat's page chose (None: its browser's, negotiated when it connects).
    language: str | None = None

    @property
    def is_human(self) -> bool:
        return self.bot_kind is None

    def log_kind(self) -> str:
        """The seat kind as the game log writes it: ``human`` or ``bot:KIND``."""
        return "human" if self.bot_kind is None else f"bot:{self.bot_kind}"

    def holds(self, token: object) -> bool:
        """Whether ``token`` is this seat's (compared in constant time)."""
        return opens(self.token_digest, token)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "kind": self.log_kind(), "token": self.token_digest, "language": self.language}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> WebSeat:
        """A seat as ``table.json`` keeps it; a kind the program has no bot for, or a token or language that is
        not text, raises ``ValueError`` (the folder is a stranger's file too)."""
        try:
            (seat,) = seats_from_log([str(data["name"])], [str(data["kind"])], BOT_KINDS)
        except SeatSpecError as problem:
            raise ValueError(problem.message) from None
        token, language = data.get("token"), data.get("language")
        if not all(value is None or isinstance(value, str) for value in (token, language)):
            # TRANSLATORS: serve: a seat in a table's table.json has a token or a language that is not text.
            raise ValueError(_("a seat's token and language must be text"))
        return cls(seat.name, seat.bot_kind, token, language)


def opens(token_digest: str | None, token: object) -> bool:
    """Whether ``token`` is the one whose digest is ``token_digest`` (compared in constant time)."""
    if token_digest is None or not isinstance(token, str):
        return False
    return hmac.compare_digest(token_digest, digest(token))


def new_token() -> str:
    """An unguessable token, a seat's or a table owner's (192 bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    return secrets.token_hex(8)


def digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def is_table_id(text: str) -> bool:
    """Whether ``text`` could be a table's id (16 hexadecimal digits): anything else names no folder."""
    return len(text) == 16 and all(character in "0123456789abcdef" for character in text)


def folder_bytes(folder: Path) -> int:
    """The bytes of every file under ``folder`` (a file removed while counting counts for nothing)."""
    total = 0
    for root, _folders, files in os.walk(folder):
        for name in files:
            try:
                total += os.stat(os.path.join(root, name), follow_symlinks=False).st_size
            except OSError:
                continue
    return total


def write_json(path: Path, data: Any) -> None:
    atomic_write_bytes(path, (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8"))


def read_json(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))
