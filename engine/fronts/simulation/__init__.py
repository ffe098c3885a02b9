"""Paired simulations of rulesets with bots: runner, statistics, report, plot.

``runner`` plays batches of seeded games (in process, in a process pool, or on
a Dask cluster) and returns mergeable tallies; ``stats`` holds the tallies and
the intervals; ``report`` turns merged tallies into a table and JSON;
``plot`` draws them. See docs/simulate.md for what is measured and how.
"""
