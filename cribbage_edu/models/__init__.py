"""The generators of the shipped tables, run only by ``scripts/`` (never when a learner
imports the package): the crib model (:mod:`.cribmodel`), the pegging model
(:mod:`.pegmodel`) and the chance-to-win model (:mod:`.chancemodel`). The first and the last
need numpy.
"""
