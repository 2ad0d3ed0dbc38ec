"""The browser check of the conformance suite drives Chromium with tests/e2e/conftest.py's `launch`."""

from tests.e2e.conftest import launch  # noqa: F401  (a fixture, used by name)
