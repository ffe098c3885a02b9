"""Where rulesets, catalogs and schemas are found.

Roots are searched in order, the first that has a file wins:

1. every directory in ``CARDRULES_PATH`` (colon-separated), so a translator or
   a house-rule author sees their files at once, without reinstalling;
2. the user data directory, ``$XDG_DATA_HOME/cardrules`` (default
   ``~/.local/share/cardrules``);
3. the package's own data: ``engine/_data`` in an installed wheel, or the
   repository root in a checkout (an editable install).

Each root may hold ``rulesets/``, ``locales/`` and ``schemas/``.
"""

from __future__ import annotations

import os
from importlib import metadata
from pathlib import Path

_PACKAGE_DIR = Path(__file__).resolve().parent.parent  # engine/, this module being in engine/base/


def package_root() -> Path:
    """The root that ships with the program (wheel data or checkout)."""
    installed = _PACKAGE_DIR / "_data"
    if (installed / "rulesets").is_dir():
        return installed
    return _PACKAGE_DIR.parent


def in_checkout() -> bool:
    """Whether the program runs from a checkout of its sources (its files are the developer's to write), not from
    an installed package (whose files the next install replaces)."""
    root = package_root()
    return root == _PACKAGE_DIR.parent and (root / "pyproject.toml").is_file()


def user_data_root() -> Path:
    """``$XDG_DATA_HOME/cardrules``, default ``~/.local/share/cardrules``."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    return Path(base) / "cardrules"


def program_version() -> str:
    """The installed program's version (``0`` in a checkout that was never installed)."""
    try:
        return metadata.version("cardrules")
    except metadata.PackageNotFoundError:
        return "0"


def user_cache_root() -> Path:
    """``$XDG_CACHE_HOME/cardrules``, default ``~/.cache/cardrules``: what the program may forget and work out again."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "cardrules"


def path_roots() -> list[Path]:
    """The roots named in ``CARDRULES_PATH``, in order (empty entries skipped)."""
    value = os.environ.get("CARDRULES_PATH", "")
    return [Path(p) for p in value.split(os.pathsep) if p.strip()]


def roots() -> list[Path]:
    """Every root, highest priority first, without duplicates."""
    seen: set[Path] = set()
    ordered: list[Path] = []
    for root in [*path_roots(), user_data_root(), package_root()]:
        key = root.resolve() if root.exists() else root
        if key not in seen:
            seen.add(key)
            ordered.append(root)
    return ordered


def subdirs(name: str) -> list[Path]:
    """The existing ``<root>/<name>`` directories, highest priority first."""
    return [root / name for root in roots() if (root / name).is_dir()]


def schema_path(name: str) -> Path:
    """A schema shipped with the program (``ruleset``, ``game-log``, ``table``)."""
    return package_root() / "schemas" / f"{name}.schema.json"
