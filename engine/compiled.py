"""The compiled core: which modules run compiled, and the check that never lets a compiled module stand for a changed
source.

``make fast`` (:mod:`engine.compile_core`) compiles the game model and
the families' rules with Cython, the same ``.py`` sources, into extension
modules beside them, and writes a manifest (``engine/_compiled.json``) of
each compiled module's source: its SHA-256, size and modification time.
Python imports an extension module before a source of the same name, so a
source edited after the build would be shadowed by its stale compiled
module: :func:`use_current_sources`, called when ``engine`` is imported, sends the import
of every module whose source no longer matches the manifest to the source
instead. ``CARDRULES_PURE=1`` in the environment sends every compiled
module to its source: the pure Python mode, which gives the same results.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from importlib.machinery import ModuleSpec
    from types import ModuleType

# hashlib, json and importlib's machinery are imported where they are used: a checkout with nothing compiled
# (the usual case) pays two directory listings at start-up, no more.

# The package directory of ``engine``, where the sources and their compiled modules lie.
ENGINE_DIR = Path(__file__).resolve().parent
MANIFEST = ENGINE_DIR / "_compiled.json"
# The environment variable that runs every module from its source.
PURE_VARIABLE = "CARDRULES_PURE"
MANIFEST_FORMAT = 1


def source_path(module: str) -> Path:
    """The ``.py`` source of an ``engine`` module named ``engine.a.b``."""
    parts = module.split(".")
    return ENGINE_DIR.joinpath(*parts[1:]).with_suffix(".py")


def fingerprint(path: Path) -> dict[str, object]:
    """What the manifest keeps of a source: its SHA-256, and its size and modification time (a quick check that
    spares hashing a file that did not change)."""
    import hashlib

    data = path.read_bytes()
    status = path.stat()
    return {"sha256": hashlib.sha256(data).hexdigest(), "size": status.st_size, "mtime_ns": status.st_mtime_ns}


def _matches(path: Path, recorded: object) -> bool:
    import hashlib

    if not isinstance(recorded, dict):
        return False
    try:
        status = path.stat()
        if status.st_size == recorded.get("size") and status.st_mtime_ns == recorded.get("mtime_ns"):
            return True
        return hashlib.sha256(path.read_bytes()).hexdigest() == recorded.get("sha256")
    except OSError:
        return False


def read_manifest(path: Path = MANIFEST) -> dict[str, object]:
    """The compiled modules and their sources' fingerprints (empty when nothing was compiled, or the manifest
    cannot be read: then no compiled module is trusted)."""
    import json

    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict) or data.get("format") != MANIFEST_FORMAT or not isinstance(data.get("modules"), dict):
        return {}
    modules: dict[str, object] = data["modules"]
    return modules


def write_manifest(modules: Sequence[str], path: Path = MANIFEST) -> None:
    """Record ``modules`` as compiled from their sources as they are now (written whole, then renamed)."""
    import json

    data = {"format": MANIFEST_FORMAT, "modules": {name: fingerprint(source_path(name)) for name in modules}}
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    os.replace(temporary, path)


class _FromSource:
    """Imports the named ``engine`` modules from their ``.py`` sources, past any compiled module beside them."""

    def __init__(self, names: frozenset[str], spec_of: Callable[[str, Path], ModuleSpec | None]) -> None:
        self.names = names
        self.spec_of = spec_of

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        """A meta path finder's look-up: the source's spec for a named module, None for any other."""
        if fullname not in self.names:
            return None
        source = source_path(fullname)
        if not source.is_file():
            return None
        return self.spec_of(fullname, source)


# Where ``make fast`` compiles (not the packages' ``__init__``): the game model, every family's rules, the
# expression language that rules evaluate at every step, and the front modules that play or read whole games in a
# loop: the log formats (replays), the bots and their strategies (a search's playouts), the learning adapters'
# actions and tensors.
COMPILED_GLOBS = (
    "core/*",
    "families/*/rules/*",
    "language/expressions/*",
    "language/expression_*",
    "fronts/formats/*",
    "fronts/bots/*",
    "fronts/bots/strategies/*",
    "fronts/agents/*",
)


def compilable() -> list[str]:
    """The modules ``make fast`` compiles."""
    return sorted(
        _module_of(path)
        for pattern in COMPILED_GLOBS
        for path in ENGINE_DIR.glob(pattern + ".py")
        if path.name != "__init__.py"
    )


# How a compiled module's file name ends (``state.cpython-311-x86_64-linux-gnu.so``, ``state.cp311-win_amd64.pyd``).
COMPILED_SUFFIX = ".pyd" if os.name == "nt" else ".so"


def compiled_paths() -> list[Path]:
    """The compiled modules' files beside their sources (whether or not they are trusted)."""
    return sorted(path for pattern in COMPILED_GLOBS for path in ENGINE_DIR.glob(pattern + COMPILED_SUFFIX))


def compiled_files() -> list[str]:
    """The modules that have a compiled file beside their source (whether or not it is trusted)."""
    return sorted({_module_of(path.with_name(path.name.split(".", 1)[0] + ".py")) for path in compiled_paths()})


def _module_of(source: Path) -> str:
    return "engine." + ".".join(source.relative_to(ENGINE_DIR).with_suffix("").parts)


def use_current_sources(environ: dict[str, str] | None = None) -> frozenset[str]:
    """Send to their sources the modules that must not run compiled: every compiled module in the pure mode,
    those whose source changed since the build otherwise, and any the manifest does not name. Returns the
    modules that will run compiled. Called when ``engine`` is imported; without compiled files it costs two
    directory listings."""
    for finder in list(sys.meta_path):
        if isinstance(finder, _FromSource):
            sys.meta_path.remove(finder)
    present = compiled_files()
    if not present:
        return frozenset()
    environ = dict(os.environ) if environ is None else environ
    pure = environ.get(PURE_VARIABLE, "") not in ("", "0")
    manifest = {} if pure else read_manifest()
    trusted = frozenset(name for name in present if name in manifest and _matches(source_path(name), manifest[name]))
    untrusted = frozenset(present) - trusted
    if untrusted:
        # Imported before the finder is in place: a finder that imports while it finds would find itself again.
        from importlib.util import spec_from_file_location

        sys.meta_path.insert(0, _FromSource(untrusted, spec_from_file_location))
    return trusted


def running_compiled() -> list[str]:
    """The ``engine`` modules imported so far that run compiled."""
    import importlib.machinery

    return sorted(
        name
        for name, module in list(sys.modules.items())
        if name.startswith("engine.")
        and str(getattr(module, "__file__", "") or "").endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES))
    )
