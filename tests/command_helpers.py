"""Running management commands in tests: capture what they print, or the CommandError they raise."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError


def _streams(stdin) -> tuple[io.StringIO, io.StringIO, dict]:
    out, err = io.StringIO(), io.StringIO()
    kwargs = {"stdout": out, "stderr": err}
    if stdin is not None:
        kwargs["stdin"] = stdin
    return out, err, kwargs


def run(*args, stdin=None) -> tuple[str, str]:
    """(stdout, stderr) of a command that must succeed."""
    out, err, kwargs = _streams(stdin)
    call_command(*args, **kwargs)
    return out.getvalue(), err.getvalue()


def run_failing(*args, stdin=None) -> tuple[str, str]:
    """(the CommandError's message, stderr) of a command that must fail."""
    out, err, kwargs = _streams(stdin)
    with pytest.raises(CommandError) as caught:
        call_command(*args, **kwargs)
    return str(caught.value), err.getvalue()
