"""Names for data read from files and logs: values whose shape a schema vouches for, not the type checker.

A ruleset's YAML, a game log's JSON and a table file are checked against
their JSON Schemas (and the semantic checks) when they are read; after that
the code reads them by key. Their values are written :data:`JSON` so that
every ``Any`` left in the typed layers says what it stands for.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeAlias

# Any JSON or YAML value (a mapping, a list, a string, a number, a bool or null) as a file or a log holds it.
JSON: TypeAlias = Any
# A mapping as a ruleset writes it: a block's spec, a zone's or a counter's declaration, an option's definition.
Spec: TypeAlias = Mapping[str, JSON]
