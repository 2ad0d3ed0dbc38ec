"""{{ moment|clock }} and {{ moment|clock:"seconds" }}: a stored time in the event's zone, in the one
clock style of scoring.engine.vocabulary.clock_text ("9:04 PM"). Formats only; reads nothing.

Here (the event app) so that the organizer's dashboard and the score-entry pages share it.
"""

from django import template
from django.utils import timezone

from scoring.engine.vocabulary import clock_text

register = template.Library()


@register.filter
def clock(moment, arg: str = "") -> str:
    if not moment:
        return ""
    if timezone.is_aware(moment):
        moment = timezone.localtime(moment)
    return clock_text(moment, seconds=arg == "seconds")
