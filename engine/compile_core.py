"""``make fast`` (``python -m engine.compile_core``): compile the game model, the families' rules, the
expression language, the log formats, the bots and the learning adapters' modules with Cython, in place, for a
faster engine with the same results.

The sources are compiled as they are (no annotation, no other source): an
extension module is built beside each ``.py`` of
:data:`engine.compiled.COMPILED_GLOBS`, then the manifest of their
sources is written, which :func:`engine.compiled.use_current_sources` checks at every
start (a source changed since is imported instead of its stale compiled
module). Needs Cython, setuptools and a C compiler (the ``fast`` extra:
``pip install -e '.[fast]'``). ``--clean`` removes what a build made.
``CARDRULES_PURE=1`` runs the pure Python sources without removing anything.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import click

from engine.base.i18n import _, ngettext, set_language
from engine.compiled import ENGINE_DIR, MANIFEST, compilable, compiled_paths, source_path, write_manifest
from engine.fronts.cli import click_i18n

# Cython's generated C and the objects compiled from it: outside the source tree.
BUILD_DIR = ENGINE_DIR.parent / ".compiled-core"
COMPILER_DIRECTIVES = {"language_level": 3, "binding": True}


def build(jobs: int = 1) -> list[str]:
    """Compile every module of :func:`~engine.compiled.compilable` in place; returns their names."""
    try:
        # Imported here: the build's tools (the fast extra) are no dependency of the engine.
        import setuptools
        from Cython.Build import cythonize
    except ImportError as missing:
        raise SystemExit(
            # TRANSLATORS: `make fast` was run without its build tools; {missing} is the missing package's name;
            # keep the command pip install -e '.[fast]' as it is.
            _(
                "make fast needs Cython and setuptools ({missing} is missing): pip install -e '.[fast]'",
                missing=str(missing.name),
            )
        ) from None
    modules = compilable()
    root = ENGINE_DIR.parent
    sources = [str(source_path(name).relative_to(root)) for name in modules]
    previous = Path.cwd()
    os.chdir(root)  # the extensions' names follow the sources' paths from the project's root
    try:
        extensions = cythonize(
            sources, compiler_directives=COMPILER_DIRECTIVES, build_dir=str(BUILD_DIR / "c"), quiet=True
        )
        distribution = setuptools.Distribution({"ext_modules": extensions, "name": "cardrules-compiled-core"})
        command = distribution.get_command_obj("build_ext")
        command.inplace = True
        command.build_temp = str(BUILD_DIR / "objects")
        command.parallel = max(1, jobs)
        distribution.run_command("build_ext")
    finally:
        os.chdir(previous)
    write_manifest(modules)
    return modules


def clean_compiled() -> int:
    """Remove the compiled modules, their manifest and the build directory; returns how many files went."""
    removed = 0
    for path in compiled_paths():
        path.unlink()
        removed += 1
    if MANIFEST.exists():
        MANIFEST.unlink()
        removed += 1
    shutil.rmtree(BUILD_DIR, ignore_errors=True)
    return removed


def main(argv: list[str] | None = None) -> None:
    """Compile the core (or ``--clean`` it away), in the user's language as every command of the program speaks."""
    set_language(None)
    click_i18n.install()  # click's own words ("Usage:", "Options:", its errors) translated too
    command = click.Command(
        "compile_core",
        callback=_run,
        # TRANSLATORS: what `python -m engine.compile_core --help` (run by `make fast`) says the command does.
        help=_("Compile the engine with Cython, in place: a faster engine with the same results."),
        params=[
            click.Option(
                ["--jobs"],
                type=click.IntRange(min=1),
                default=os.cpu_count() or 1,
                metavar="N",
                # TRANSLATORS: the help of the option --jobs of `python -m engine.compile_core` (`make fast`).
                help=_("how many compilers run at once (default: one per core)"),
            ),
            # TRANSLATORS: the help of the option --clean of `python -m engine.compile_core` (`make pure`).
            click.Option(["--clean"], is_flag=True, help=_("remove the compiled modules and their manifest")),
        ],
    )
    command.main(args=argv, prog_name="python -m engine.compile_core")


def _run(jobs: int, clean: bool) -> None:
    if clean:
        removed = clean_compiled()
        print(
            # TRANSLATORS: after `make pure`; {count} is how many compiled files were deleted.
            ngettext(
                "{count} file removed; the engine runs its Python sources.",
                "{count} files removed; the engine runs its Python sources.",
                removed,
                count=removed,
            )
        )
        return
    modules = build(jobs)
    print(
        # TRANSLATORS: after `make fast`; {count} is how many engine modules were compiled; keep CARDRULES_PURE=1.
        ngettext(
            "{count} module compiled; CARDRULES_PURE=1 runs the Python sources instead.",
            "{count} modules compiled; CARDRULES_PURE=1 runs the Python sources instead.",
            len(modules),
            count=len(modules),
        )
    )


if __name__ == "__main__":
    main()
