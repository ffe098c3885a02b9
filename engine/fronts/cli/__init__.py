"""The ``cardrules`` command line: one module per command, ``main.py`` is the group."""
