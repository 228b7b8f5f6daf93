"""Shared test settings: hypothesis profiles.

The default profile is deterministic (the same examples on every run, so CI is
repeatable) and keeps the suite fast on a 2-core machine; set
``HYPOTHESIS_PROFILE=thorough`` to let hypothesis search much harder, at random.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default", max_examples=100, deadline=None, derandomize=True,
    suppress_health_check=[HealthCheck.too_slow])
settings.register_profile(
    "thorough", max_examples=5000, deadline=None,
    suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
