from django.shortcuts import get_object_or_404, render

from tournaments.models import Event


def standings_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    return render(request, "scoring/standings_page.html", {"event": event})
