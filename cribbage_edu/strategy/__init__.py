"""How to play well: the computer players, the discard advisor, the hint and the coach.

The players of graded strength (:mod:`.players`, :mod:`.master`, by name in
:mod:`.roster`), the advisor that weighs the 15 throws (:mod:`.discard`), fast scoring by
rank for the advisor's sums (:mod:`.ranks`), the one hint (:mod:`.hint`), and the coach
that judges every decision (:mod:`.coach`, with the rest of the play solved by
:mod:`.pegsolver`). They read
the shipped tables (:mod:`cribbage_edu.tables`) and the rules, never the other way round.
"""
