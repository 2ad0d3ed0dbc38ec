"""{{ moment|clock }} and {{ moment|clock:"seconds" }}: a stored time in the event's zone, in the
active language's clock style ("9:04 PM", "21:04", "21 h 04"; tournaments.language.clock).
{{ n|place }}: a finishing place ("1st", "1.º", "1er"). Formats only; reads nothing.

Here (the event app) so that the organizer's dashboard and the score-entry pages share it.
"""

from django import template

from tournaments import language

register = template.Library()


@register.filter
def clock(moment, arg: str = "") -> str:
    return language.clock(moment, seconds=arg == "seconds")


@register.filter
def place(n) -> str:
    return language.place(int(n)) if n not in (None, "") else ""


@register.filter
def contract_label(code) -> str:
    return language.contract_label(code) if code else ""
