"""Public standings pages."""

from django.shortcuts import get_object_or_404, render
from django.urls import path

from tournaments.models import Event


def standings_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    return render(request, "scoring/standings_page.html", {"event": event})


urlpatterns = [
    path("events/<slug:slug>/standings/", standings_page, name="standings"),
]
