from django.shortcuts import get_object_or_404, render

from .models import Event


def event_list(request):
    return render(request, "tournaments/event_list.html", {"events": Event.objects.all()})


def event_detail(request, slug):
    event = get_object_or_404(Event, slug=slug)
    return render(request, "tournaments/event_detail.html", {"event": event, "rules": event.rules})
