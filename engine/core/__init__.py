"""The game model: cards, zones, counters, the turn flow, decisions, chance, events, modifiers.

Nothing in this package knows a game or a kind of game: the words of a
game live in rulesets, and whole kinds of rule in block families
(``engine.families``). A test holds this package to it.
Data flows one way: a checked :class:`~engine.language.ruleset.Ruleset` ->
:class:`~engine.core.game.Game` (compiled for a table of players) ->
:class:`~engine.core.state.State` -> decisions -> :class:`~engine.core.result.Result`.
"""
