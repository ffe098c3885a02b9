"""The block families: every kind of rule a ruleset may name, grouped by family.

Each family is a folder with a ``rules`` half (its blocks: steps, effects,
end conditions, score steps... each a small class) and, where players decide
or a bot needs to know, a ``front`` half (what the front ends need of those
blocks: prompts, narration, hints to the bots' strategies, bounded views). The
rules half never imports a front; a contract in ``pyproject.toml`` holds it
to that.

:mod:`engine.families.catalog` gathers every rules half into the catalog the
ruleset language reads with; :mod:`engine.families.fronts` gathers every
front half for the front ends. A new family is a folder and a line in each.
"""
