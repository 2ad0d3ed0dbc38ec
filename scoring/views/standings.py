"""Standings pages: the public table (with its live fragment), projector, downloads, a partnership's
record, medal standings, and the organizer's tiebreak page.

The live fragments answer a poll with 304 Not Modified after one tiny query when no score has
changed (the ETag is the event's version, bumped in every score save's transaction), and cache
their HTML per version otherwise. Views compute nothing: scoring.selectors reads, scoring.engine.standings
ranks, scoring.tiebreaks writes.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import time
from dataclasses import dataclass

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse, HttpResponseNotModified, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import path, reverse
from django.utils.cache import patch_vary_headers
from django.utils.safestring import mark_safe
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from scoring import selectors, site_address, tiebreaks
from scoring.adapters import adapter_for
from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import whole_number
from scoring.results import event_results
from scoring.standings_forms import MedalSettingsForm
from scoring.tables import projector_rows_html, remember, shown_rounds, standings_table
from tournaments import language
from tournaments import services as event_services
from tournaments.forms import add_service_errors
from tournaments.models import Event, Partnership, Tiebreak
from tournaments.permissions import is_organizer, organizer_required

LIVE_SECONDS = 5  # the pages poll this often while visible: a new score shows within 10 s
LIVE_CACHE_SECONDS = 60  # each version's HTML: a busy hall makes a new one every second
LOCK_SECONDS = 10  # a rebuild that died frees its lock after this long
PROJECTOR_ROUNDS = 4


def _context(request, event: Event, *, table: bool = True) -> dict:
    """What the standings templates read. The projector draws its own rows: it skips the table."""
    standings = selectors.event_standings(event)
    division = request.GET.get("division", "")
    ranking = next((r for r in standings.divisions if r.division == division), None)
    matches = event.wins_per_round is not None or "matches" in standings.setup.rank_by
    projector_rounds = shown_rounds(standings)[-PROJECTOR_ROUNDS:]
    return {
        "event": event,
        "standings": standings,
        "ranking": ranking,
        "table": standings_table(standings, slug=event.slug, request=request, ranking=ranking,
                                 matches=event.wins_per_round is not None) if table else None,
        "matches": matches,
        "shown_rounds": shown_rounds(standings),
        # A projector has room for the latest few rounds beside the names at hall-readable sizes.
        "projector_rounds": projector_rounds,
        "projector_body": None if table else projector_rows_html(standings, projector_rounds, matches=matches),
        "live_seconds": LIVE_SECONDS,
        "sort": request.GET.get("sort", ""),
        "query": request.GET.urlencode(),
    }


def _live(request, slug: str, template: str, *, table: bool = True) -> HttpResponse:
    """A fragment for polling: 304 when the client has this version, else the shared cached HTML.

    Built once per version for every worker and server (the cache is Redis when REDIS_URL is set):
    one poller takes a short lock and rebuilds while the others are answered with the version
    before, so a thousand phones polling after a save cost one rebuild. With LIVE_STALE_SECONDS
    set, a build younger than that is also served while newer scores wait for the next rebuild
    (README, "Speed"). The HTML is stored gzipped too: it holds no secret and no user input.

    Each process also keeps the last build it answered with (_SERVED) and, for LIVE_STALE_SECONDS,
    the event's version it last read (_VERSIONS), so the next two hundred polls of a version cost
    no cache round trip and, within that window, no query. Both are copies, never the only ones:
    another process or server answers the same from the cache and the database; and a phone whose
    ETag is newer than this process's copy makes it read the version again.
    """
    now = time.time()
    seen = request.headers.get("If-None-Match", "")
    found = _event_version(slug, now, seen)
    if found is None:
        raise Http404("No such event")
    language.use_event_language(request, found[1])
    etag = _language_etag(request, found[0])
    if etag in seen:
        return _live_response(HttpResponseNotModified(), etag)
    # Hashed: the query string is the viewer's (sort, page, find) and may be any length, and
    # cache keys must stay short (memcached refuses keys over 250 characters).
    query = hashlib.sha256(request.GET.urlencode().encode()).hexdigest()[:32]
    key = f"standings:{slug}:{template}:{query}:{request.LANGUAGE_CODE}"  # one build a language
    gzipped = "gzip" in request.headers.get("Accept-Encoding", "")
    kind = "gzip" if gzipped else "html"
    served = _SERVED.get((key, kind))
    if served is not None and now < served.until and (served.etag == etag or (
            now - served.built_at < settings.LIVE_STALE_SECONDS and _version(served.etag) >= _version(seen))):
        return _live_body(served.body, served.etag, seen, gzipped)
    # One round trip: the newest build's (etag, built at), and this version's HTML if it is built.
    got = cache.get_many([key, f"{key}:{etag}:{kind}"])
    built = got.get(key)  # (etag, built at): the newest build; its HTML is stored under its etag
    if f"{key}:{etag}:{kind}" in got:
        built_at = built[1] if built is not None and built[0] == etag else now
        return _live_body(_serve(key, kind, etag, built_at, got[f"{key}:{etag}:{kind}"]), etag, seen, gzipped)
    body = None
    if built is None or built[0] != etag:
        fresh_enough = built is not None and now - built[1] < settings.LIVE_STALE_SECONDS
        locked = not fresh_enough and built is not None and cache.add(f"{key}:lock", 1, LOCK_SECONDS)
        if locked or (built is None):
            try:
                event = get_object_or_404(Event, slug=slug)
                html = render_to_string(template, _context(request, event, table=table), request=request).encode()
                packed = gzip.compress(html, compresslevel=6, mtime=0)
                cache.set_many({f"{key}:{etag}:html": html, f"{key}:{etag}:gzip": packed}, LIVE_CACHE_SECONDS)
                built = (etag, time.time())
                cache.set(key, built, LIVE_CACHE_SECONDS)
                body = packed if gzipped else html
            finally:
                if locked:
                    cache.delete(f"{key}:lock")
        # else: serve the build we have, another process is building this version already
    if body is None and built[0] not in seen:
        body = cache.get(f"{key}:{built[0]}:{kind}")
        if body is None:  # evicted meanwhile: build it here
            cache.delete(key)
            return _live(request, slug, template, table=table)
    if body is None:  # the phone shows the newest build already
        return _live_response(HttpResponseNotModified(), built[0])
    return _live_body(_serve(key, kind, built[0], built[1], body), built[0], seen, gzipped)


def _event_version(slug: str, now: float, seen: str) -> tuple[str, str] | None:
    """The event's ETag and language (one query), or this process's last reading of them while it
    is younger than LIVE_STALE_SECONDS and not older than what the phone shows already."""
    known = _VERSIONS.get(slug)
    if known is not None and now - known[0] < settings.LIVE_STALE_SECONDS and _version(known[1][0]) >= _version(seen):
        return known[1]
    found = selectors.event_etag_and_language(slug)
    if found is not None:
        remember(_VERSIONS, slug, (now, found), SERVED_LIMIT)
    return found


def _version(etag: str) -> int:
    """The event's version in an ETag ('"e7-v123-r4-en"' is 123); 0 for none."""
    found = VERSION_IN_ETAG.search(etag)
    return int(found[1]) if found else 0


@dataclass(frozen=True)
class _Served:
    etag: str
    built_at: float  # when the build was made (the stale window counts from then)
    body: bytes
    until: float  # as long as the shared cache keeps the build


_SERVED: dict[tuple[str, str], _Served] = {}  # (cache key, "html" | "gzip"): this process's last answer
_VERSIONS: dict[str, tuple[float, tuple[str, str]]] = {}  # slug: (read at, (etag, language))
VERSION_IN_ETAG = re.compile(r"-v(\d+)-")
SERVED_LIMIT = 500  # views' sorts, pages and searches x languages: emptied when it grows past this


def _serve(key: str, kind: str, etag: str, built_at: float, body: bytes) -> bytes:
    """Remember the build this process answers with, as long as the shared cache keeps it."""
    remember(_SERVED, (key, kind), _Served(etag, built_at, body, until=built_at + LIVE_CACHE_SECONDS), SERVED_LIMIT)
    return body


def _live_body(body: bytes, etag: str, seen: str, gzipped: bool) -> HttpResponse:
    if etag in seen:
        return _live_response(HttpResponseNotModified(), etag)
    response = HttpResponse(body)
    if gzipped:
        response["Content-Encoding"] = "gzip"
    return _live_response(response, etag)


def _etag(request, slug: str) -> str | None:
    return _language_etag(request, selectors.event_etag(slug))


def _language_etag(request, etag: str | None) -> str | None:
    """The event's version, per language: a phone that switches language must not be told 304."""
    return etag and f'{etag[:-1]}-{request.LANGUAGE_CODE}"'


def _live_response(response: HttpResponse, etag: str) -> HttpResponse:
    response["ETag"] = etag
    response["Cache-Control"] = "no-cache"
    patch_vary_headers(response, ("Accept-Encoding",))
    return response


def standings_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    context = _context(request, event) | {"etag": _etag(request, slug),
                                          "is_organizer": is_organizer(request.user, event)}
    return render(request, "scoring/standings_page.html", context)


@language.language_from_view
def standings_fragment(request, slug):
    return _live(request, slug, "scoring/_standings_live.html")


def _phone_code(request, slug: str) -> dict:
    """The public standings' address and its QR code (inline SVG) for players' own phones."""
    url = site_address.site_url(request) + reverse("scoring:standings", args=[slug])
    if site_address.unreachable_reason(url):
        return {"phone_url": None}
    # Dark on white with the standard 4-module quiet zone (phones need it on the dark screen);
    # no size: the stylesheet scales it with the screen.
    svg = segno.make(url, error="m").svg_inline(border=4, dark="#000", light="#fff", omitsize=True,
                                                 title=gettext("QR code of the live standings"))
    host, _, path = site_address.short(url).partition("/")
    return {"phone_url": url, "phone_host": host, "phone_path": f"/{path}", "phone_qr": mark_safe(svg)}


def projector(request, slug):
    event = get_object_or_404(Event, slug=slug)
    return render(request, "scoring/projector_page.html",
                  _context(request, event, table=False) | {"etag": _etag(request, slug)}
                  | _phone_code(request, slug))


@language.language_from_view
def projector_fragment(request, slug):
    return _live(request, slug, "scoring/_projector_rows.html", table=False)


def standings_json(request, slug):
    event = get_object_or_404(Event, slug=slug)
    data = standings_engine.as_json(selectors.event_standings(event), event.slug)
    # No indent: json.dumps with an indent drops to its pure-Python encoder, 5x slower at a
    # 500-pair event (110 ms of 140). Browsers and `python -m json.tool` pretty-print it.
    return JsonResponse(data, json_dumps_params={"ensure_ascii": False})


def standings_csv(request, slug):
    event = get_object_or_404(Event, slug=slug)
    # The header line in the reader's language; the rows and the JSON's keys stay as they are.
    response = HttpResponse(standings_engine.as_csv(selectors.event_standings(event), gettext),
                            content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{event.slug}-standings.csv"'
    return response


def partnership_page(request, slug, number):
    """An entrant's page: his place, and his record round by round and hand by hand (the one results
    read), drawn by his layout's partial (adapter.record_template)."""
    event = get_object_or_404(Event, slug=slug)
    partnership = get_object_or_404(Partnership.objects.select_related("player_one", "player_two"),
                                    event=event, number=number)
    results = event_results(event)
    standings = results.standings
    return render(request, "scoring/partnership_page.html", {
        "event": event, "partnership": partnership, "row": results.row(partnership), "standings": standings,
        "records": results.record(partnership), "title": results.adapter.record_title_for(partnership),
        "record_template": results.adapter.record_template, "record_heads": results.record_heads,
        "matches": event.wins_per_round is not None or "matches" in standings.setup.rank_by})


def medals_page(request, slug):
    event = get_object_or_404(Event, slug=slug)
    standings = selectors.event_standings(event)
    return render(request, "scoring/medals_page.html", {
        "event": event, "standings": standings,
        "matches": event.wins_per_round is not None or "matches" in standings.setup.rank_by})


def _tied_choices(standings) -> list[tuple[int, str]]:
    """Only partnerships sharing a place (overall or in their division) can enter a tiebreak."""
    return [(row.number, f"{row.number} {row.players_label}") for row in sorted(standings.rows, key=lambda r: r.number)
            if row.tied or row.division_tied]


@organizer_required
def tiebreaks_page(request, event, tiebreak_form=None, settings_form=None, status=200):
    """The organizer's tiebreaks: the ties, a new session's form and the sessions, in the words and
    partials of the event's layout (adapter_for(event): tiebreak_form, entrant_words, the templates)."""
    adapter = adapter_for(event)
    standings = selectors.event_standings(event)
    chosen = [n for n in map(whole_number, request.GET.getlist("p")) if n is not None]
    tiebreak_form = tiebreak_form or adapter.tiebreak_form(choices=_tied_choices(standings),
                                                           hands_per_round=event.hands_per_round,
                                                           initial={"partnerships": chosen})
    sessions = selectors.tiebreak_sessions(event)
    for session in sessions:
        session.title = adapter.entrant_words["session_title"] % {"number": session.sequence}
    return render(request, "scoring/tiebreak_page.html", {
        "event": event, "standings": standings, "tiebreak_form": tiebreak_form,
        "settings_form": settings_form or MedalSettingsForm.for_event(event), "sessions": sessions,
        "words": adapter.entrant_words, "tiebreak_intro_template": adapter.tiebreak_intro_template,
        "tiebreak_fields_template": adapter.tiebreak_fields_template,
    }, status=status)


@require_POST
@organizer_required
def tiebreak_create(request, event):
    choices = _tied_choices(selectors.event_standings(event))
    form = adapter_for(event).tiebreak_form(request.POST, choices=choices, hands_per_round=event.hands_per_round)
    if form.is_valid():
        try:
            tiebreak = tiebreaks.tiebreak_create(
                event=event, partnerships=form.cleaned_data["partnerships"], hands=form.cleaned_data["hands"],
                tables=form.cleaned_data["tables"] if form.cleaned_data.get("layout") == "tables" else None,
                fillers=form.cleaned_data.get("fillers") or None)
            messages.success(request, gettext("Tiebreak %(number)s is ready: its tables are listed below.")
                             % {"number": tiebreak.sequence})
            return redirect("scoring:tiebreaks", event.slug)
        except ValidationError as exc:
            add_service_errors(form, exc)
    return tiebreaks_page.__wrapped__(request, event, tiebreak_form=form, status=400)


@require_POST
@organizer_required
def tiebreak_delete(request, event, sequence):
    tiebreak = get_object_or_404(Tiebreak, event=event, sequence=sequence)
    try:
        tiebreaks.tiebreak_delete(tiebreak=tiebreak)
        messages.success(request, gettext("Tiebreak %(number)s was removed.") % {"number": sequence})
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    return redirect("scoring:tiebreaks", event.slug)


@require_POST
@organizer_required
def medal_settings(request, event):
    form = MedalSettingsForm(request.POST)
    if form.is_valid():
        try:
            event_services.event_medal_settings_update(event=event, medal_scope=form.cleaned_data["medal_scope"],
                                                  secondary_tiebreakers=form.chosen_tiebreakers())
            messages.success(request, gettext("Medal settings saved."))
            return redirect("scoring:tiebreaks", event.slug)
        except ValidationError as exc:
            add_service_errors(form, exc)
    return tiebreaks_page.__wrapped__(request, event, settings_form=form, status=400)


urlpatterns = [
    path("events/<slug:slug>/standings/", standings_page, name="standings"),
    path("events/<slug:slug>/standings/live/", standings_fragment, name="standings-fragment"),
    path("events/<slug:slug>/standings.json", standings_json, name="standings-json"),
    path("events/<slug:slug>/standings.csv", standings_csv, name="standings-csv"),
    path("events/<slug:slug>/projector/", projector, name="projector"),
    path("events/<slug:slug>/projector/live/", projector_fragment, name="projector-fragment"),
    path("events/<slug:slug>/partnerships/<int:number>/", partnership_page, name="partnership"),
    path("events/<slug:slug>/medals/", medals_page, name="medals"),
    path("events/<slug:slug>/tiebreaks/", tiebreaks_page, name="tiebreaks"),
    path("events/<slug:slug>/tiebreaks/new/", tiebreak_create, name="tiebreak-create"),
    path("events/<slug:slug>/tiebreaks/<int:sequence>/delete/", tiebreak_delete, name="tiebreak-delete"),
    path("events/<slug:slug>/medal-settings/", medal_settings, name="medal-settings"),
]
