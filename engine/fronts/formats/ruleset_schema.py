"""``schemas/ruleset.schema.json``: the ruleset schema for the engine's catalog, as editors and other tools read it.

The schema is generated from the blocks (:mod:`engine.language.schema_gen`);
a test checks that the committed file is current. Regenerate it with::

    python -m engine.fronts.formats.ruleset_schema --write
"""

from __future__ import annotations

import sys
from pathlib import Path

from engine.base import resources
from engine.families.catalog import CATALOG
from engine.language.schema_gen import schema_text


def main(argv: list[str] | None = None) -> int:
    """Print the ruleset schema, or write the committed file (``--write``)."""
    argv = sys.argv[1:] if argv is None else argv
    text = schema_text(CATALOG)
    if "--write" in argv:
        Path(resources.schema_path("ruleset")).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
