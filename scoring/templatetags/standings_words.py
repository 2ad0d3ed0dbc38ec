"""The standings' words in the reader's language (README, "Languages"): {% load standings_words %}.

The engine (scoring.engine.standings) builds its labels in English and marks the words with
gettext_noop; these filters write them in the active language for the standings, projector,
medals, partnership and tiebreak pages. Formats only; reads nothing.
"""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from scoring.adapters.formats import format_adapter
from scoring.engine import standings as standings_engine
from scoring.tables import credit_word as _credit_word
from scoring.tables import entrant_words, ranked_by_words
from scoring.tables import medal_word as _medal_word
from tournaments import language

register = template.Library()


@register.filter
def progress_label(progress: standings_engine.Progress) -> str:
    """"Round 4 of 10: 9 of 12 tables in" / "Ronda 4 de 10: ..." / "Ronde 4 de 10 : ..."."""
    return progress.label_in(gettext)


@register.filter
def sit_out_label(standings: standings_engine.Standings) -> str:
    """"Sit-outs: average of own completed rounds"."""
    return standings.sit_out_label_in(gettext)


@register.filter
def sit_out_credit(standings: standings_engine.Standings) -> str:
    """How a sit-out is credited, without the "Sit-outs:" lead."""
    return standings.sit_out_credit_in(gettext)


@register.filter
def entrant_word(standings: standings_engine.Standings, key: str) -> str:
    """One of the standings pages' words for the event's entrants (scoring.tables.ENTRANT_WORDS):
    "Find pair No." / "Find player No.", "Players" / "Player", the sit-out legend. Translator's text,
    shown as {% translate %} shows it."""
    return mark_safe(str(entrant_words(standings)[key]))


@register.filter
def sit_out_note(standings: standings_engine.Standings) -> str:
    """"the pair (the player) sat out that round, credited: average of own completed rounds"."""
    return mark_safe(str(entrant_words(standings)["sat_out"])
                     % {"credit": conditional_escape(standings.sit_out_credit_in(gettext))})


@register.filter
def places_label(tie: standings_engine.MedalTie) -> str:
    """"2nd and 3rd" / "2.º y 3.º" / "2e et 3e"."""
    return tie.places_label_in(gettext, language.place)


@register.filter
def medal_word(medal: str | None) -> str:
    """"Gold" / "Oro" / "Or"."""
    return _medal_word(medal)


@register.filter
def decided(row: standings_engine.Row) -> str:
    """What decided the row's place: "Tiebreak session 1", "Head-to-head points"."""
    return standings_engine.decided_label(row.decided_by, gettext)


@register.filter
def secondary_order(standings: standings_engine.Standings) -> str:
    """The organizer's secondary tiebreakers in order: "Most contracts made, then Fewest contracts set"."""
    return gettext(", then ").join(language.label(text) for text in standings.secondary_labels)


@register.filter
def credit_word(policy: str | None) -> str:
    """The policy that credited a sit-out cell: "average" / "promedio" / "moyenne"."""
    return _credit_word(policy)


@register.filter
def ranked_by(standings: standings_engine.Standings) -> str:
    """An event played as games: "Ranked by games won, then points" (the games format's parts say it)."""
    return ranked_by_words(standings.setup.rank_by)


@register.filter
def format_part(standings: standings_engine.Standings, key: str) -> str:
    """The template of the part `key` the event's format draws on a standings page
    (scoring.adapters.formats): {% include standings|format_part:"legend" %}."""
    return format_adapter(standings.setup.format).part(key)
