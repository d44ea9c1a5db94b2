"""Hypothesis settings of the fuzz campaigns: short and seeded in ``make test``, long and
random in ``make fuzz`` (``FERRODF_FUZZ=long``, set by ``scripts/fuzz_campaign.py``).

The short run is derandomized, so ``make test`` meets the same cases every time and a
failure there is reproducible by rerunning; the long run draws new cases each time, and
its failures are printed with ``@reproduce_failure`` blobs to turn into regression tests.
"""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

LONG = os.environ.get("FERRODF_FUZZ") == "long"
# Examples per fuzz test in the long campaign (the short counts are in each test).
LONG_EXAMPLES = int(os.environ.get("FERRODF_FUZZ_EXAMPLES", "2000"))


def fuzz_settings(
    short_examples: int, *, stateful_steps: int | None = None, long_examples: int | None = None
) -> settings:
    """Settings for one fuzz test: short_examples seeded cases in ``make test``, or the
    long campaign's count of random ones (at most `long_examples`, for tests whose every
    case is large)."""
    extra = {} if stateful_steps is None else {"stateful_step_count": stateful_steps}
    long = LONG_EXAMPLES if long_examples is None else min(LONG_EXAMPLES, long_examples)
    return settings(
        max_examples=long if LONG else short_examples,
        derandomize=not LONG,
        database=None,
        deadline=None,
        print_blob=True,
        suppress_health_check=[
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
            HealthCheck.filter_too_much,
            HealthCheck.function_scoped_fixture,
        ],
        **extra,
    )
