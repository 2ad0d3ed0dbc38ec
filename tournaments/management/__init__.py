"""Helpers shared by the management commands of both apps."""

from django.core.management.base import CommandError

from tournaments.models import Event


def event_or_error(slug: str) -> Event:
    """The event with this slug, or a CommandError that names the slug."""
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        raise CommandError(f"no event with the slug {slug!r}")
    return event
