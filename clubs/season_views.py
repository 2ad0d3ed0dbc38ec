"""A club season's pages (issue 26): the public ladder (phones and a projector view), its PDF, CSV
and JSON, and the club organizer's form for a new season. Views are thin: clubs.seasons reads and
writes, scoring.engine.seasons ranks and formats, scoring.printing.seasons draws.

The public pages show each member's public name (none for a hidden member: his number only); the
`season` command, for staff, prints full names.
"""

from __future__ import annotations

import json

from django import forms
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path, reverse
from django.utils import formats
from django.utils.text import slugify
from django.utils.translation import get_language, gettext, gettext_lazy, ngettext, pgettext

from clubs.access import club_organizer_required, is_club_organizer
from clubs.models import Club, Season
from clubs.seasons import SeasonRead, season_create, season_read
from scoring.engine import seasons as seasons_engine
from scoring.printing.documents import DocHeader, Words
from scoring.printing.seasons import SeasonDoc, season_standings
from tournaments import language
from tournaments.forms import add_service_errors
from tournaments.models import Event

PROJECTOR_REFRESH_SECONDS = 60


def _season(club_slug: str, season_slug: str) -> Season:
    return get_object_or_404(Season.objects.select_related("club"), club__slug__iexact=club_slug,
                             slug__iexact=season_slug)


def rule_text(ranking: seasons_engine.Ranking) -> str:
    """The ranking rule in words, in the active language."""
    parts = [gettext("Ranked by %(rule)s") % {"rule": gettext(seasons_engine.RANKING_LABELS[ranking.by]).lower()}]
    if ranking.by == "placement_points":
        parts[0] += f" ({', '.join(map(str, ranking.placement_points))})"
    if ranking.best_of:
        parts.append(ngettext("the best event of each member counts", "the best %(count)s events of each member count",
                              ranking.best_of) % {"count": ranking.best_of})
    if ranking.min_events:
        parts.append(ngettext("ranked after %(count)s event", "ranked after %(count)s events",
                              ranking.min_events) % {"count": ranking.min_events})
    return "; ".join(parts) + "."


def span_text(read: SeasonRead) -> str:
    """The season's dates and its number of events ("May 2 – June 27, 2026 · 9 events")."""
    count = ngettext("%(count)s event", "%(count)s events", len(read.events)) % {"count": len(read.events)}
    if not read.events:
        return count
    first, last = read.events[0].date, read.events[-1].date
    dates = language.day(first) if first == last else f"{language.day(first)} – {language.day(last)}"
    return f"{dates} · {count}"


def _awards(read: SeasonRead) -> list[dict]:
    rows = {row.member: row for row in read.standings.rows}
    out = []
    for award in seasons_engine.AWARDS:
        members = read.standings.awards[award]
        key = seasons_engine.AWARD_KEYS[award]
        out.append({"key": award, "label": gettext(seasons_engine.AWARD_LABELS[award]),
                    "count": getattr(rows[members[0]], key) if members else 0,
                    "members": [(m, read.names.get(m, rows[m].name)) for m in members]})
    return out


def _context(request, read: SeasonRead) -> dict:
    season = read.season
    return {"club": season.club, "season": season, "read": read, "standings": read.standings,
            "rule_text": rule_text(read.ranking), "span_text": span_text(read), "awards": _awards(read),
            "is_club_organizer": is_club_organizer(request.user, season.club)}


def season_page(request, club, season):
    read = season_read(_season(club, season), public=True)
    return render(request, "clubs/season_page.html", _context(request, read))


def season_projector(request, club, season):
    read = season_read(_season(club, season), public=True)
    return render(request, "clubs/season_projector.html",
                  {**_context(request, read), "refresh_seconds": PROJECTOR_REFRESH_SECONDS})


def _public_json(read: SeasonRead) -> dict:
    data = read.as_json()
    for item in data["standings"]:
        item["name"] = read.names.get(item["member"], item["name"])
    return data


def season_json(request, club, season):
    read = season_read(_season(club, season), public=True)
    response = HttpResponse(json.dumps(_public_json(read), ensure_ascii=False, indent=2),
                            content_type="application/json; charset=utf-8")
    return response


def season_csv(request, club, season):
    read = season_read(_season(club, season), public=True)
    response = HttpResponse(seasons_engine.as_csv(read.standings, gettext), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{read.season.club.slug}-{read.season.slug}.csv"'
    return response


def season_pdf(request, club, season):
    read = season_read(_season(club, season), public=True)
    header = DocHeader(read.season.club.name, read.season.slug, span_text(read))
    doc = SeasonDoc(header, read.season.name, rule_text(read.ranking), read.standings, read.names,
                    Words(gettext, ngettext, pgettext, language.place, get_language() or "en", language.seat_letter))
    response = HttpResponse(season_standings(doc), content_type="application/pdf")
    response["Content-Disposition"] = f'inline; filename="{read.season.club.slug}-{read.season.slug}.pdf"'
    return response


# ---------------------------------------------------------------- a new season (club organizers)


class SeasonForm(forms.Form):
    name = forms.CharField(label=gettext_lazy("Season name"), max_length=200)
    slug = forms.CharField(label=gettext_lazy("Address name"), max_length=80, required=False,
                           help_text=gettext_lazy("Letters, digits and dashes; left blank, made from the name."))
    events = forms.MultipleChoiceField(label=gettext_lazy("Events of the season"), widget=forms.CheckboxSelectMultiple)
    by = forms.ChoiceField(label=gettext_lazy("Ranked by"), choices=[
        (key, gettext_lazy(label)) for key, label in seasons_engine.RANKING_LABELS.items()])
    placement_points = forms.CharField(
        label=gettext_lazy("Placement points"), required=False, initial="10,8,6,5,4,3,2,1",
        help_text=gettext_lazy("Points for 1st, 2nd, 3rd, ... separated by commas (when ranked by placement points)."))
    best_of = forms.IntegerField(label=gettext_lazy("Count only the best"), required=False, min_value=1,
                                 help_text=gettext_lazy("Each member's best events that count; blank: all."))
    min_events = forms.IntegerField(label=gettext_lazy("Events needed to be ranked"), required=False, min_value=0,
                                    initial=0)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["events"].choices = [
            (slug, f"{formats.date_format(date, 'SHORT_DATE_FORMAT')} · {name}")
            for slug, name, date in Event.objects.filter(club=club).order_by("-date", "name")
            .values_list("slug", "name", "date")]

    def clean_placement_points(self) -> tuple[int, ...]:
        text = self.cleaned_data.get("placement_points", "")
        if not text.strip():
            return ()
        try:
            return seasons_engine.parse_placement_points(text)
        except seasons_engine.SeasonError as error:
            raise ValidationError(gettext(error.message) % error.params) from None


@club_organizer_required
def season_new(request, club):
    form = SeasonForm(request.POST or None, club=club)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            season = season_create(club=club, slug=data["slug"] or slugify(data["name"])[:80], name=data["name"],
                                   events=data["events"], by=data["by"], placement_points=data["placement_points"],
                                   best_of=data["best_of"], min_events=data["min_events"] or 0)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            return redirect(reverse("clubs:season", args=[club.slug, season.slug]))
    return render(request, "clubs/season_form.html", {"club": club, "form": form, "is_club_organizer": True},
                  status=400 if form.errors else 200)


urlpatterns = [
    path("clubs/<slug:club>/seasons/new/", season_new, name="season-create"),
    path("clubs/<slug:club>/seasons/<slug:season>/", season_page, name="season"),
    path("clubs/<slug:club>/seasons/<slug:season>/projector/", season_projector, name="season-projector"),
    path("clubs/<slug:club>/seasons/<slug:season>/standings.json", season_json, name="season-json"),
    path("clubs/<slug:club>/seasons/<slug:season>/standings.csv", season_csv, name="season-csv"),
    path("clubs/<slug:club>/seasons/<slug:season>/standings.pdf", season_pdf, name="season-pdf"),
]
