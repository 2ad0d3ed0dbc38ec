"""{{ moment|clock }}: a stored (UTC) time shown in the event's zone (settings.TIME_ZONE,
America/Chicago in the tests) in the one clock style."""

import datetime

from django.template import Context, Template
from django.test import override_settings


@override_settings(TIME_ZONE="America/Chicago")
def test_the_clock_filter_shows_utc_in_the_event_zone():
    stored = datetime.datetime(2026, 5, 15, 2, 4, 7, tzinfo=datetime.UTC)  # 9:04:07 PM CDT (UTC-5), May 14
    page = Template('{% load clock %}{{ at|clock }} · {{ at|clock:"seconds" }} · [{{ none|clock }}]').render(
        Context({"at": stored, "none": None}))
    assert page == "9:04 PM · 9:04:07 PM · []"
