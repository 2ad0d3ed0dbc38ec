"""{% tiebreak_call event %}: on the round dashboard once every round is closed, the medal places
still tied and a button to the tiebreak page. Reads the standings; writes nothing.

A template tag because the dashboard belongs to the event app (tournaments), which may not import
the standings reads of this layer (README, "Code layout").
"""

from django import template

from scoring import selectors

register = template.Library()


@register.inclusion_tag("scoring/_tiebreak_call.html")
def tiebreak_call(event):
    return {"event": event, "ties": selectors.event_standings(event).medal_ties}
