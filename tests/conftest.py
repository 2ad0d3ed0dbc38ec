"""Shared fixtures: event -> partnerships -> rounds, built through the services like real use."""

import datetime

import pytest

from tournaments.models import Event


@pytest.fixture
def event(db):
    return Event.objects.create(name="Golden Age Olympics 500", slug="gao-2026", date=datetime.date(2026, 5, 14), venue="McAllen")
