"""Playing in the terminal: the ``cardrules play`` experience.

One building block per module:

- :mod:`.seats` reads the ``--players`` list (humans and bots) and names the seats;
- :mod:`.input_parsing` turns what a player types into an action or a reason why not;
- :mod:`.card_text` says what a card is and what it does, from the ruleset's data;
- :mod:`.table_view` draws the table one player may see (rich);
- :mod:`.narration` turns the game's events into one localized line each;
- :mod:`.ending` prints the final scoring, the eliminations and the winners;
- :mod:`.session` runs the game loop: prompts, bots, hot-seat screens, saving, resuming.
"""
