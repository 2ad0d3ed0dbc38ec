"""The event's one clock style (scoring.engine.vocabulary.clock_text): "9:04 PM", as on the
standings' live line, used by the phones, the organizer's pages and the printed sheets."""

import datetime

import pytest

from scoring.engine.vocabulary import clock_text


@pytest.mark.parametrize(("hour", "minute", "second", "text", "with_seconds"), [
    (21, 4, 7, "9:04 PM", "9:04:07 PM"),
    (0, 5, 0, "12:05 AM", "12:05:00 AM"),  # just after midnight
    (12, 0, 59, "12:00 PM", "12:00:59 PM"),  # noon
    (11, 59, 1, "11:59 AM", "11:59:01 AM"),
    (13, 30, 0, "1:30 PM", "1:30:00 PM"),
])
def test_twelve_hour_clock_with_am_pm(hour, minute, second, text, with_seconds):
    moment = datetime.datetime(2026, 5, 14, hour, minute, second)
    assert clock_text(moment) == text
    assert clock_text(moment, seconds=True) == with_seconds
    assert clock_text(moment.time()) == text
