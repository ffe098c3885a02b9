"""What learning libraries need of a game: a fixed, bounded numbering of its actions and a fixed observation tensor.

- :mod:`engine.agents.actions`: :class:`~engine.agents.actions.AgentActions`,
  one ``Discrete(N)`` numbering of every action of a (ruleset, player count);
- :mod:`engine.agents.tensor`: :class:`~engine.agents.tensor.ObservationTensor`,
  a fixed-length vector of what one seat sees;
- :mod:`engine.agents.views`: the bounded views block families declare for
  their astronomically large action spaces, and the decision features they
  add to the tensor.

The PettingZoo environment (:mod:`engine.pettingzoo`) is built on these.
"""
