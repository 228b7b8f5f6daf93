"""The readers of the shipped tables: what a throw gives the crib (:mod:`.cribtable`),
what kept cards peg in the play (:mod:`.pegtable`), and the chance to win from a board
position (:mod:`.chance`). Each reads its JSON file in ``cribbage_edu/data/`` the first
time it is asked; the generators that make the files are in :mod:`cribbage_edu.models`.
"""
