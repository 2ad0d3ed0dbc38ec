"""{% says event "key" number=7 players="Ana & Bob" %}: a sentence naming the event's entrants
(partnerships or players, as its table layout registers them: tournaments.layouts), in the
reader's language, its values escaped. Pages ask for the sentence, never which layout it is."""

from django import template

from tournaments import layouts

register = template.Library()


@register.simple_tag
def says(event, key: str, **values) -> str:
    return layouts.say_html(event, key, **values)
