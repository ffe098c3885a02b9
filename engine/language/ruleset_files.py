"""Where rulesets are found: names under the rulesets roots, paths given by hand, and their parsed files (cached).

A name (``GAME/EDITION``) is looked up under every root of
:func:`engine.base.resources.subdirs` (the first root that has it wins); a
path is read as given. Each file is parsed once while it does not change.
"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from engine.base import resources
from engine.base.errors import CardrulesError, RulesetError, UnknownRulesetName, display_path
from engine.base.i18n import _
from engine.base.suggestions import did_you_mean
from engine.language.yaml_loader import Node, load_yaml

_lock = threading.Lock()
_yaml_cache: dict[tuple[str, str], tuple[tuple[int, int], Node]] = {}


def file_stamp(path: Path) -> tuple[int, int]:
    stat = path.stat()
    return stat.st_mtime_ns, stat.st_size


def cached_yaml(path: Path, shown_name: str) -> Node:
    """:func:`~engine.language.yaml_loader.load_yaml` of ``path``, cached by path and modification time."""
    key = (str(path.resolve()), shown_name)
    try:
        stamp = file_stamp(path)
    except OSError:
        return load_yaml(path, shown_name)  # reports the missing or unreadable file
    with _lock:
        hit = _yaml_cache.get(key)
    if hit is not None and hit[0] == stamp:
        return hit[1]
    tree = load_yaml(path, shown_name)
    with _lock:
        _yaml_cache[key] = (stamp, tree)
    return tree


def _is_safe_name(name: str) -> bool:
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and all(p not in ("", ".", "..") for p in parts) and "\\" not in name


def find_ruleset_path(name: str) -> Path | None:
    """The file of the ruleset called ``name`` (``game/edition``), first root first; None if unknown."""
    if not _is_safe_name(name):
        return None
    for directory in resources.subdirs("rulesets"):
        for suffix in (".yaml", ".yml"):
            candidate = directory / f"{name}{suffix}"
            if os.path.isfile(candidate):
                return candidate
    return None


def ruleset_files() -> dict[str, Path]:
    """Every ruleset name and its file, the first root winning on duplicates."""
    found: dict[str, Path] = {}
    for directory in resources.subdirs("rulesets"):
        for path in sorted(directory.rglob("*.y*ml")):
            if path.suffix not in (".yaml", ".yml") or not os.path.isfile(path):
                continue
            name = path.relative_to(directory).with_suffix("").as_posix()
            found.setdefault(name, path)
    return found


def ruleset_names(playable_only: bool = False) -> list[str]:
    """Every ruleset name under every root, sorted; with ``playable_only``, not those whose own file says
    ``abstract: true``.

    Read from each file alone, never from what it extends: a name is listed in a
    message about a file whose ``extends`` is wrong, and following the other files'
    chains there would meet that file again.
    """
    names = []
    for name, path in sorted(ruleset_files().items()):
        if playable_only:
            try:
                abstract = cached_yaml(path, display_path(path)).get("abstract")
            except CardrulesError:
                abstract = None  # unreadable: still a name the user may have meant
            if abstract is not None and abstract.value is True:
                continue
        names.append(name)
    return names


def default_id(path: Path) -> str:
    """A ruleset's id when its file names none: ``game/edition`` under a rulesets root, else the file stem."""
    resolved = path.resolve()
    for directory in resources.subdirs("rulesets"):
        try:
            return resolved.relative_to(directory.resolve()).with_suffix("").as_posix()
        except ValueError:
            continue
    return path.stem


def _looks_like_path(name_or_path: str | os.PathLike[str]) -> bool:
    if isinstance(name_or_path, os.PathLike):
        return True
    if os.path.isfile(name_or_path) and not find_ruleset_path(name_or_path):
        return True  # an existing file with an unusual extension is still a file
    return name_or_path.endswith((".yaml", ".yml", ".json")) or name_or_path.startswith((".", "/", "~"))


def locate(name_or_path: str | os.PathLike[str]) -> tuple[Path, str]:
    """The file of a ruleset name or path, and the name to show in diagnostics."""
    given = os.fspath(name_or_path)
    if _looks_like_path(name_or_path) or (os.path.isdir(given) and find_ruleset_path(given) is None):
        path = Path(os.path.expanduser(given))
        if os.path.isdir(path):
            raise RulesetError.at(_("is a directory, not a file"), file=given, line=1, column=1)
        if not os.path.isfile(path):
            if os.path.exists(path):  # a FIFO, a device, a socket: never opened (it could block or never end)
                raise RulesetError.at(
                    _("it is not a regular file (a pipe, a device or a socket)"), file=given, line=1, column=1
                )
            # TRANSLATORS: a ruleset path given that does not exist.
            raise RulesetError.at(_("no such ruleset file"), file=given, line=1, column=1)
        return path, given
    found = find_ruleset_path(str(name_or_path))
    if found is None:
        known = ruleset_names(playable_only=True)
        raise UnknownRulesetName.at(
            # TRANSLATORS: an error: the ruleset name given (command line, table or log file) is not known; {hint} is
            # empty or " (did you mean 'x'?)"; {known} lists the playable rulesets, e.g. "mygame/classic, ...".
            _(
                "unknown ruleset '{name}'{hint}; available: {known}",
                name=str(name_or_path)[:80],
                hint=did_you_mean(str(name_or_path), known),
                known=", ".join(known) or "-",
            )
        )
    return found, display_path(found)
