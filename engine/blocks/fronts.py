"""What the families offer the front ends, looked up by name (to be replaced by the families' front halves)."""

from __future__ import annotations

from typing import Any

FAMILIES = (
    "flow",
    "cards",
    "zones",
    "supply",
    "auction",
    "planting",
    "harvest",
    "trading",
    "end",
    "scoring",
    "outcome",
)


def family_parts(part: str) -> dict[str, Any]:
    """What every family offers the front ends under ``part`` (``prompts``, ``policies``: kind -> object).

    A family's ``FRONT_ENDS`` names them as ``"module:attribute"`` inside the
    family's folder; they are imported here, when a front end first asks.
    """
    import importlib

    found: dict[str, Any] = {}
    for family in FAMILIES:
        module = importlib.import_module(f"{__package__}.{family}")
        for kind, target in (getattr(module, "FRONT_ENDS", {}).get(part) or {}).items():
            module_name, attribute = target.split(":")
            found[kind] = getattr(importlib.import_module(f"{__package__}.{family}.{module_name}"), attribute)
    return found


def family_modules(part: str) -> list[Any]:
    """Every family module listed under ``part`` (``narration``), imported."""
    import importlib

    modules = []
    for family in FAMILIES:
        module = importlib.import_module(f"{__package__}.{family}")
        for name in getattr(module, "FRONT_ENDS", {}).get(part) or ():
            modules.append(importlib.import_module(f"{__package__}.{family}.{name}"))
    return modules
