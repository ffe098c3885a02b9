"""Rewrite the golden outputs: ``.venv/bin/python tests/golden/regenerate.py [NAME...]``.

Review the diff by eye before committing (natural Japanese and Korean!).
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from cases import CASES, LANGUAGES, golden_path, run_case  # noqa: E402


def main(names: list[str]) -> None:
    """Regenerate every case (or the named ones) in every language."""
    with tempfile.TemporaryDirectory() as scratch:
        for name, args in CASES:
            if names and name not in names:
                continue
            for lang in LANGUAGES:
                path = golden_path(name, lang)
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(run_case(args, lang, Path(scratch)), encoding="utf-8")
                print(path)


if __name__ == "__main__":
    main(sys.argv[1:])
