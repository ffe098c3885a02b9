"""The planting family: play cards from an ordered hand into zones that take one type each, score them by a table."""
from . import plant  # noqa: F401
