"""The general decision: ``choose`` among named options, cards, players, card names or numbers, each option with
its own condition and its own steps.

``rules``: its block and its action space; ``front``: how it is asked, told and weighed by bots.
"""
