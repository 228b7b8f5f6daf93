"""Interactive Jupyter widgets for learning cribbage, built on the cribbage_edu engine."""
