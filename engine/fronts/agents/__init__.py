"""What learning libraries need of a game: a fixed, bounded numbering of its actions and a fixed observation tensor.

- :mod:`engine.fronts.agents.actions`: :class:`~engine.fronts.agents.actions.AgentActions`,
  one ``Discrete(N)`` numbering of every action of a (ruleset, player count);
- :mod:`engine.fronts.agents.tensor`: :class:`~engine.fronts.agents.tensor.ObservationTensor`,
  a fixed-length vector of what one seat sees;
- :mod:`engine.fronts.agents.views`: the bounded views block families declare for
  their astronomically large action spaces, and the decision features they
  add to the tensor.

The PettingZoo environment (:mod:`engine.fronts.adapters.pettingzoo`) is built on these.
"""
