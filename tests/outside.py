"""Inputs from outside the repository, for tests (tools/ship/inputs.py finds or fetches them).

need(get, *args) returns get(*args); when it raises inputs.Missing (an input that can be
neither found nor fetched: no ../shared/ beside the checkout and no network, say), the test
is skipped with that sentence, which names the command that gets the input. The one kind of
skip the project allows, and never under CI=true: there a missing input is a failure."""

import os

import pytest

from tools.ship import inputs


def need(get, *args, **kwargs):
    try:
        return get(*args, **kwargs)
    except inputs.Missing as e:
        if os.environ.get("CI") == "true":
            pytest.fail("CI=true and an input is missing: %s" % e, pytrace=False)
        pytest.skip(str(e))
