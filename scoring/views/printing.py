"""Printed documents: the organizer's Print page and the PDF downloads.

Score sheets (they carry each table's secret entry code), result sheets, movement cards and
certificates are for the event's organizers and scorers. Standings (compact and wall) and medal
standings are as public as the live standings page, so anyone may download them; those are cached for a
minute under the live pages' ETag (it changes with every score save and every new round).
A document is printed in the event's language, or in the one `?language=en|es|fr` asks for (the
Print page offers the choice; the cache keeps each language apart); the reader's own choice of
language for the site changes the Print page, not the paper.
The views read and draw through scoring.printing.data; they write nothing. QR codes point where
scoring.site_address says: SITE_URL, else the address the organizer is using.
"""

from __future__ import annotations

from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.db.models import F
from django.http import Http404, HttpResponse, HttpResponseBadRequest
from django.shortcuts import get_object_or_404, render
from django.urls import path
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, gettext_noop, ngettext

from scoring import site_address
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import LANGUAGE_CODES, LANGUAGES
from scoring.printing import KINDS
from scoring.printing.data import document, sheet_rows
from scoring.selectors import event_etag
from tournaments.models import Event, Round
from tournaments.permissions import can_score, is_organizer, scorer_required

# What the Print page says of the movement cards and the wall standings, by who the entrants are
# (scoring.engine.layouts.Layout.entrants). Our own catalogs' words, with their <strong> marks.
CARDS_HELP = {
    "partnerships": gettext_noop("<strong>Movement cards</strong>: one card per partnership with its table, seats and "
                                 "opponents in every round, six to a page with cut lines."),
    "individuals": gettext_noop("<strong>Movement cards</strong>: one card per player with his table, seat, partner "
                                "or tablemates in every round, and his sit-outs, with cut lines."),
}
WALL_HELP = {
    "partnerships": gettext_noop("<strong>Standings for the wall</strong>: every partnership's rank, names and total "
                                 "in large print (18 point), as many pages as it takes. The <strong>compact "
                                 "standings</strong>, for organizers, add the round-by-round points in small print."),
    "individuals": gettext_noop("<strong>Standings for the wall</strong>: every player's rank, name and total in large "
                                "print (18 point), as many pages as it takes. The <strong>compact standings</strong>, "
                                "for organizers, add the round-by-round points in small print."),
}


def _games_notes(rows: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    sheets = ngettext("This event is played as games: each sheet has %(n)s row for hands, each side's running game "
                      "score after every hand, and a line to draw at the end of each game.",
                      "This event is played as games: each sheet has %(n)s rows for hands, each side's running game "
                      "score after every hand, and a line to draw at the end of each game.", rows) % {"n": rows}
    results = gettext("In an event played as games, each result sheet lists every game of the table and who won it.")
    return (mark_safe(sheets),), (mark_safe(results),)  # our own catalogs' words and a number


# What the Print page adds about the score sheets and the result sheets, by the event's format
# (scoring.engine.formats.FORMATS): rows of a sheet -> (the sheets' notes, the results' notes).
FORMAT_NOTES = {"games": _games_notes}

PUBLIC_KINDS = ("standings", "wall", "medals")
ROUND_KINDS = ("sheets", "results")
CACHE_SECONDS = 60


def _number(request, name: str) -> int | None:
    raw = request.GET.get(name, "").strip()
    if not raw:
        return None
    number = whole_number(raw)
    if number is None:
        shown = raw if len(raw) <= 12 else raw[:12] + "…"
        raise ValidationError({name: f"{shown!r} is not a {name} number"})
    return number


def _language(request, event: Event) -> str:
    """?language=en|es|fr; without it, the event's own language."""
    code = request.GET.get("language", "").strip()
    if not code:
        return event.language
    if code not in LANGUAGE_CODES:
        shown = code if len(code) <= 12 else code[:12] + "…"
        known = ", ".join(LANGUAGE_CODES)
        raise ValidationError({"language": f"{shown!r} is not a language of this site (one of {known})"})
    return code


def _pdf_response(event: Event, kind: str, request) -> HttpResponse:
    try:
        round_number, tiebreak = _number(request, "round"), _number(request, "tiebreak")
        if kind not in ROUND_KINDS and (round_number or tiebreak):
            raise ValidationError({"round": f"a round applies to sheets and results, not {kind}"})
        code = _language(request, event)
        key = f"pdf:{kind}:{code}:{event_etag(event.slug)}" if kind in PUBLIC_KINDS else None
        found = cache.get(key) if key else None
        # Printed in `code` whatever language the person reads the site in (scoring.printing.data).
        name, mimetype, data = found or document(event, kind, round_number=round_number, tiebreak=tiebreak,
                                                 site_url=site_address.site_url(request), language_code=code)
    except ValidationError as exc:
        return HttpResponseBadRequest("; ".join(f"{k}: {' '.join(v)}" for k, v in exc.message_dict.items()),
                                      content_type="text/plain; charset=utf-8")
    if key and not found:
        cache.set(key, (name, mimetype, data), CACHE_SECONDS)
    response = HttpResponse(data, content_type=mimetype)
    # inline: opens in the browser's viewer, one click from its Print button
    response["Content-Disposition"] = f'inline; filename="{name}"'
    return response


@scorer_required
def _staff_pdf(request, event: Event, kind: str) -> HttpResponse:
    return _pdf_response(event, kind, request)


def pdf_download(request, slug: str, kind: str) -> HttpResponse:
    if kind not in KINDS:
        raise Http404(f"No document called {kind}.")
    if kind in PUBLIC_KINDS:
        return _pdf_response(get_object_or_404(Event, slug=slug), kind, request)
    return _staff_pdf(request, slug, kind)


@scorer_required
def print_menu(request, event: Event):
    main_first = F("tiebreak__sequence").asc(nulls_first=True)
    rounds = Round.objects.filter(event=event).select_related("tiebreak").order_by(main_first, "number")
    codes_url = site_address.site_url(request)
    # The language the documents' links ask for: the event's own unless the organizer picks another.
    chosen = request.GET.get("language", "")
    chosen = chosen if chosen in LANGUAGE_CODES else event.language
    entrants = event.layout_spec.entrants
    rows = sheet_rows(event)
    sheets_notes, results_notes = FORMAT_NOTES.get(event.format, lambda rows: ((), ()))(rows)
    return render(request, "scoring/print_menu.html", {
        "event": event,
        "print_language": chosen,
        "lang_q": "" if chosen == event.language else f"language={chosen}",
        "print_languages": [(code, name, code == event.language) for code, name in LANGUAGES],
        "codes_url": codes_url,
        "codes_source": site_address.source(request),
        "codes_unreachable": site_address.unreachable_reason(codes_url),
        "main_rounds": [r for r in rounds if not r.tiebreak_id],
        "tiebreak_rounds": [r for r in rounds if r.tiebreak_id],
        "is_organizer": is_organizer(request.user, event),
        "can_score": can_score(request.user, event),
        "sheet_rows": rows,
        "cards_help": mark_safe(gettext(CARDS_HELP[entrants])),  # our own catalogs' words
        "wall_help": mark_safe(gettext(WALL_HELP[entrants])),
        "sheets_notes": sheets_notes,
        "results_notes": results_notes,
    })


urlpatterns = [
    path("events/<slug:slug>/print/", print_menu, name="print"),
    path("events/<slug:slug>/pdf/<str:kind>/", pdf_download, name="pdf"),
]
