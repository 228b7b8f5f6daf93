"""The rules: everything the game itself is, and nothing about how to play it well.

Cards and their values (:mod:`.cards`), the show (:mod:`.scoring`), the play
(:mod:`.pegging`), the board (:mod:`.board`), one game as a state machine (:mod:`.game`)
with its vocabulary (:mod:`.events`), table rules (:mod:`.options`) and save files
(:mod:`.saves`); the loop that moves a game on between players (:mod:`.drive`); what a
wrong count of the show or of the play reveals (:mod:`.misses`); the engine's errors and
argument checks (:mod:`.errors`, :mod:`.checks`). Nothing here imports the strategy or the tables.
"""
