"""The club's pages (docs/clubs.md): its home, its players and their records (public), its members
(staff), adding, editing and merging members, and importing an event into the club with a review
of its names (organizers). The season pages are clubs/season_views.py. Views stay thin: the rules
are in clubs.services, clubs.matching and clubs.records."""

from __future__ import annotations

import json

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import path
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring import event_io
from scoring.engine import eventfile
from scoring.engine.eventfile import EventFileError
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES, in_language
from tournaments import language
from tournaments.forms import add_service_errors

from . import matching, services
from .access import club_organizer_required, club_staff_required, is_club_organizer, is_club_staff
from .forms import ClubEventFileForm, MemberForm, MergeForm
from .models import Club, Member
from .records import member_record


def _club(slug: str) -> Club:
    return get_object_or_404(Club, slug__iexact=slug)


@require_safe
def club_list(request):
    return render(request, "clubs/club_list.html", {"clubs": Club.objects.all()})


@require_safe
def club_home(request, club):
    club = _club(club)
    staff = is_club_staff(request.user, club)
    events = club.events.all() if staff else club.events.filter(listed=True)
    return render(request, "clubs/club_home.html", {
        "club": club, "events": events.order_by("-date", "name"), "seasons": club.seasons.all(),
        "is_staff": staff, "is_organizer": is_club_organizer(request.user, club),
        "member_count": club.members.count(),
    })


@require_safe
def players(request, club):
    """The public list of the club's players: every member not hidden, by the name he chose."""
    club = _club(club)
    shown = sorted(club.members.filter(hidden=False), key=lambda m: Member.key_for(m.shown_name))
    return render(request, "clubs/players.html", {"club": club, "players": shown})


@require_safe
def member_page(request, club, number):
    """A member's record: public unless he is hidden (then his club's staff only)."""
    club = _club(club)
    member = get_object_or_404(Member, club=club, number=number)
    staff = is_club_staff(request.user, club)
    if member.hidden and not staff:
        raise Http404
    return render(request, "clubs/member_record.html", {
        "club": club, "member": member, "record": member_record(member), "is_staff": staff,
        "is_organizer": is_club_organizer(request.user, club),
    })


@club_staff_required
def members(request, club):
    typed = request.GET.get("q", "").strip()
    found = matching.search(club, typed, limit=200) if typed else club.members.order_by("number")
    return render(request, "clubs/members.html", {
        "club": club, "members": found, "q": typed, "is_organizer": is_club_organizer(request.user, club),
    })


@club_staff_required
def member_search(request, club):
    """Registration's picker: the members for what was typed (a number, or part of a name)."""
    found = matching.search(club, request.GET.get("q", ""), limit=20)
    return JsonResponse({"members": [{"member": m.number, "name": m.name} for m in found]})


def _member_form(request, club: Club, member: Member, template_title: str):
    form = MemberForm(request.POST or None, instance=member)
    if request.method == "POST" and form.is_valid():
        try:
            saved = services.member_save(form.save(commit=False))
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("Member %(number)s, %(name)s, saved.") % {"number": saved.number,
                                                                                 "name": saved.name})
            return redirect("clubs:members", club.slug)
    return render(request, "clubs/member_form.html", {"club": club, "form": form, "title": template_title,
                                                       "member": member})


@club_organizer_required
def member_new(request, club):
    return _member_form(request, club, Member(club=club, number=None), _("New member"))


@club_organizer_required
def member_edit(request, club, number):
    member = get_object_or_404(Member, club=club, number=number)
    return _member_form(request, club, member, _("Edit member %(number)s") % {"number": number})


@club_organizer_required
def member_merge(request, club):
    form = MergeForm(request.POST or None, initial=request.GET or None)
    if request.method == "POST" and form.is_valid():
        try:
            kept = services.members_merge(club, form.cleaned_data["keep"], form.cleaned_data["gone"])
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            messages.success(request, _("Member %(gone)s was merged into %(number)s, %(name)s: every event of "
                                        "both is now in one record.") % {"gone": form.cleaned_data["gone"],
                                                                          "number": kept.number, "name": kept.name})
            return redirect("clubs:member", club.slug, kept.number)
    return render(request, "clubs/member_merge.html", {"club": club, "form": form})


@club_organizer_required
def event_add(request, club):
    """Put into the club an event the organizer already runs (one made on the New event page)."""
    choices = services.events_to_add(club, request.user)
    error = ""
    if request.method == "POST":
        try:
            event = services.event_add(club, request.user, request.POST.get("event", ""))
        except ValidationError as exc:
            error = exc.message_dict["event"][0]
        else:
            messages.success(request, _("%(name)s is now an event of %(club)s.") % {"name": event.name,
                                                                                  "club": club.name})
            return redirect("clubs:club", club.slug)
    return render(request, "clubs/event_add.html", {"club": club, "events": choices, "error": error})


def _read_file(form: ClubEventFileForm) -> tuple[object, str]:
    """The posted file's JSON and its text (the upload, or the review page's copy of it)."""
    upload = form.cleaned_data.get("file")
    if upload is not None:
        if upload.size > MAX_EVENT_FILE_BYTES:
            raise EventFileError([eventfile.too_big(upload.size, upload.name)])
        raw = upload.read()
        data = eventfile.read(raw, upload.name)
        return data, json.dumps(data, ensure_ascii=False)
    text = form.cleaned_data.get("text") or ""
    if not text:
        raise EventFileError([_("Choose the event file.")])
    return eventfile.read(text.encode(), "event file"), text


def _into_club(data: object, club: Club) -> object:
    """The file as an event of `club`: event.club set to it when the file names none."""
    if isinstance(data, dict) and isinstance(data.get("event"), dict):
        data["event"].setdefault("club", club.slug)
    return data


def _review(club: Club, spec: eventfile.EventFile) -> list[dict]:
    """Each player of the file: his place, name, and how he matches the club's members."""
    matcher = matching.Matcher.for_club(club)
    by_number = {m.number: m for m in matcher.members}
    rows = []
    for place, name, number in event_io.people(spec):
        if number is not None:
            found = by_number.get(number)
            match = matching.Match(matching.MATCHED, (found,)) if found else matching.Match(matching.NEW, ())
            fixed = True
        else:
            match, fixed = matcher.match(name), False
        default = str(match.member.number) if match.member else ("new" if match.status == matching.NEW else "")
        rows.append({"place": place, "name": name, "status": match.status, "candidates": match.candidates,
                     "fixed": fixed, "default": default})
    return rows


@club_organizer_required
def event_import(request, club):
    """Import an event file into the club: the review page (matched / new / unsure) first, nothing
    written until the organizer confirms it."""
    form = ClubEventFileForm(request.POST or None, request.FILES or None)
    problems, review = [], None
    if request.method == "POST" and form.is_valid():
        try:
            data, text = _read_file(form)
            spec = eventfile.parse(_into_club(data, club))  # every problem of the file's shape first
            if spec.event.club.lower() != club.slug.lower():
                raise EventFileError([_("event.club: the file is an event of the club %(slug)s, not of this one")
                                      % {"slug": spec.event.club}])
            if "confirm" in request.POST:
                choices = {}
                for key, value in request.POST.items():
                    if key.startswith("member:"):
                        choices[key[len("member:"):]] = int(value) if value.isdigit() else value
                event = event_io.event_import(data, by=request.user, choices=choices)
                messages.success(request, _("%(name)s was imported into %(club)s.") % {"name": event.name,
                                                                                      "club": club.name})
                return redirect(event.get_absolute_url())
            review = _review(club, spec)
            form = ClubEventFileForm(initial={"text": text})
        except EventFileError as exc:
            problems = [in_language(problem, language.label) for problem in exc.problems]
    return render(request, "clubs/event_import.html", {"club": club, "form": form, "problems": problems,
                                                        "review": review})


urlpatterns = [
    path("clubs/", club_list, name="club-list"),
    path("clubs/<slug:club>/", club_home, name="club"),
    path("clubs/<slug:club>/players/", players, name="players"),
    path("clubs/<slug:club>/players/<int:number>/", member_page, name="member"),
    path("clubs/<slug:club>/members/", members, name="members"),
    path("clubs/<slug:club>/members/search.json", member_search, name="member-search"),
    path("clubs/<slug:club>/members/new/", member_new, name="member-new"),
    path("clubs/<slug:club>/members/merge/", member_merge, name="member-merge"),
    path("clubs/<slug:club>/members/<int:number>/edit/", member_edit, name="member-edit"),
    path("clubs/<slug:club>/import/", event_import, name="event-import"),
    path("clubs/<slug:club>/events/add/", event_add, name="event-add"),
]
