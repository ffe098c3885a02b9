"""Playing in the terminal: the ``cardrules play`` experience.

One building block per module:

- :mod:`.seats` reads the ``--players`` list (humans and bots) and names the seats;
- :mod:`.prompts` asks a human each kind of decision (a block family may give its own prompt,
  such as the auction family's bid prompt in ``engine.families.auction.front.prompts``);
- :mod:`.table_view` draws the table one player may see (rich), from the ruleset's ``view``;
- :mod:`.ending` prints the final scoring, the eliminations and the winners;
- :mod:`.session` runs the game loop: prompts, bots, hot-seat screens, saving, resuming.

The words they use live in :mod:`engine.text`: what a player types
(``player_input``), what a card does (``card_text``), the game told one line
per event (``narration``).
"""
