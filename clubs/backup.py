"""A club's backup (docs/clubs.md, "The club's backup"): the club, its members, its seasons and
every event file of the club in one JSON object, and back.

    {"format": "500-club/1", "club": {"slug", "name"},
     "members": [{"member", "name", "public_name", "language", "phone"?, "email"?, "hidden"?}],
     "seasons": [{"slug", "name", "ranking": {"by", "placement_points", "best_of", "min_events"},
                  "events": [slug, ...]}],
     "events": [<event files, 500-event/1 or /2>]}

A season is written as `manage.py season --format json` writes its "season" object, with its
events' slugs added (without them a season could not be restored). `hidden` is written only for a
hidden member. The import is one transaction: any problem, each named with its place in the file
("members[3].name", "events[2].partnerships[0].players[1].member"), and nothing is written.
"""

from __future__ import annotations

import re

from django.core.validators import EmailValidator, ValidationError
from django.db import transaction

from scoring import event_io
from scoring.engine import seasons as seasons_engine
from scoring.engine.eventfile import EventFileError
from scoring.engine.vocabulary import LANGUAGE_CODES
from tournaments.models import Event

from .models import Club, Member, Season

FORMAT = "500-club/1"
SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")
TOP_KEYS = ("format", "club", "members", "seasons", "events")
MEMBER_KEYS = ("member", "name", "public_name", "language", "phone", "email", "hidden")
SEASON_KEYS = ("slug", "name", "ranking", "events")


class ClubFileError(ValueError):
    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def club_export(club: Club) -> dict:
    members = []
    for m in club.members.order_by("number"):
        item = {"member": m.number, "name": m.name, "public_name": m.public_name, "language": m.language}
        item |= {key: getattr(m, key) for key in ("phone", "email") if getattr(m, key)}
        if m.hidden:
            item["hidden"] = True
        members.append(item)
    seasons = []
    for s in club.seasons.order_by("slug").prefetch_related("events"):
        ranking = seasons_engine.Ranking(by=s.by, placement_points=tuple(s.placement_points or ()),
                                         best_of=s.best_of, min_events=s.min_events or 0)
        seasons.append({"slug": s.slug, "name": s.name, "ranking": ranking.as_dict(),
                        "events": sorted(e.slug for e in s.events.all())})
    events = [event_io.event_export(e) for e in club.events.order_by("date", "slug")]
    return {"format": FORMAT, "club": {"slug": club.slug, "name": club.name}, "members": members,
            "seasons": seasons, "events": events}


def _unknown(obj: dict, allowed: tuple[str, ...], place: str) -> list[str]:
    return [f"{place}.{key}: unknown key (expected one of {', '.join(allowed)})" for key in obj if key not in allowed]


def _text(obj: dict, key: str, place: str, limit: int, problems: list[str], *, required=True) -> str:
    value = obj.get(key, "" if not required else None)
    if not isinstance(value, str) or (required and not value.strip()) or len(value) > limit:
        problems.append(f"{place}.{key}: expected text of 1 to {limit} characters" if required
                        else f"{place}.{key}: expected text of at most {limit} characters")
        return ""
    return value.strip()


def _members(data: object, club: Club, problems: list[str]) -> list[Member]:
    if not isinstance(data, list):
        problems.append("members: expected a list")
        return []
    out, seen = [], {}
    for i, item in enumerate(data):
        place = f"members[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        problems += _unknown(item, MEMBER_KEYS, place)
        number = item.get("member")
        if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= 999_999:
            problems.append(f"{place}.member: expected a whole number from 1 to 999999")
        elif number in seen:
            problems.append(f"{place}.member: member {number} is listed twice (also members[{seen[number]}])")
        else:
            seen[number] = i
        name = _text(item, "name", place, 120, problems)
        public = item.get("public_name", Member.PublicName.FULL)
        if public not in Member.PublicName.values:
            problems.append(f"{place}.public_name: expected one of {', '.join(Member.PublicName.values)}")
        language = item.get("language", "en")
        if language not in LANGUAGE_CODES:
            problems.append(f"{place}.language: expected one of {', '.join(LANGUAGE_CODES)}")
        phone = _text(item, "phone", place, 40, problems, required=False)
        email = _text(item, "email", place, 254, problems, required=False)
        if email:
            try:
                EmailValidator()(email)
            except ValidationError:
                problems.append(f"{place}.email: {email!r} is not an e-mail address")
        hidden = item.get("hidden", False)
        if not isinstance(hidden, bool):
            problems.append(f"{place}.hidden: expected true or false")
        out.append(Member(club=club, number=number if isinstance(number, int) else 0, name=name,
                          search_name=Member.key_for(name), public_name=public, language=language, phone=phone,
                          email=email, hidden=hidden is True))
    return out


def _seasons(data: object, club: Club, slugs: set[str], problems: list[str]) -> list[tuple[Season, list[str]]]:
    if not isinstance(data, list):
        problems.append("seasons: expected a list")
        return []
    out, seen = [], set()
    for i, item in enumerate(data):
        place = f"seasons[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: expected an object")
            continue
        problems += _unknown(item, SEASON_KEYS, place)
        slug = item.get("slug")
        if not isinstance(slug, str) or not SLUG.match(slug) or len(slug) > 80:
            problems.append(f"{place}.slug: expected a slug (lower-case letters, digits and dashes)")
        elif slug in seen:
            problems.append(f"{place}.slug: the season {slug} is listed twice")
        seen.add(slug)
        name = _text(item, "name", place, 200, problems)
        try:
            ranking = seasons_engine.Ranking.from_dict(item.get("ranking"))
        except seasons_engine.SeasonError as error:
            problems.append(f"{place}.ranking.{error.field}: {error.message % error.params}")
            ranking = None
        events = item.get("events", [])
        if not isinstance(events, list) or not all(isinstance(e, str) for e in events):
            problems.append(f"{place}.events: expected a list of event slugs")
            events = []
        problems += [f"{place}.events[{j}]: {e!r} is not an event of this file" for j, e in enumerate(events)
                     if e not in slugs]
        if ranking is not None and isinstance(slug, str):
            out.append((Season(club=club, slug=slug, name=name, by=ranking.by,
                               placement_points=list(ranking.placement_points), best_of=ranking.best_of,
                               min_events=ranking.min_events), events))
    return out


def club_import(data: object) -> Club:
    """Restore a club file: the club, its members, every event and the seasons, or nothing."""
    if not isinstance(data, dict):
        raise ClubFileError(["the file: expected a JSON object"])
    problems = _unknown(data, TOP_KEYS, "the file").copy()
    problems = [p.replace("the file.", "") for p in problems]
    if data.get("format") != FORMAT:
        problems.append(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    head = data.get("club")
    if not isinstance(head, dict):
        raise ClubFileError([*problems, "club: expected an object with slug and name"])
    problems += _unknown(head, ("slug", "name"), "club")
    slug = head.get("slug")
    if not isinstance(slug, str) or not SLUG.match(slug) or len(slug) > 80:
        problems.append("club.slug: expected a slug (lower-case letters, digits and dashes)")
    elif Club.objects.filter(slug__iexact=slug).exists():
        problems.append(f"club.slug: a club {slug} exists already on this site")
    name = _text(head, "name", "club", 200, problems)
    events = data.get("events", [])
    if not isinstance(events, list):
        problems.append("events: expected a list of event files")
        events = []
    if problems:
        raise ClubFileError(problems)
    with transaction.atomic():
        club = Club.objects.create(slug=slug, name=name)
        members = _members(data.get("members", []), club, problems)
        if not problems:
            Member.objects.bulk_create(members)
        slugs = {e["event"].get("slug") for e in events if isinstance(e, dict) and isinstance(e.get("event"), dict)}
        for i, event_data in enumerate(events):
            if isinstance(event_data, dict) and isinstance(event_data.get("event"), dict):
                named = event_data["event"].get("club")
                if named != slug:
                    problems.append(f"events[{i}].event.club: {named!r} is not this club ({slug!r})")
                    continue
            if problems:
                continue
            try:
                event_io.event_import(event_data)
            except EventFileError as exc:
                problems += [f"events[{i}].{p}" if not str(p).startswith("the file") else f"events[{i}]: {p}"
                             for p in map(str, exc.problems)]
        seasons = _seasons(data.get("seasons", []), club, slugs, problems)
        if problems:
            raise ClubFileError(problems)
        for season, event_slugs in seasons:
            season.save()
            season.events.set(Event.objects.filter(club=club, slug__in=event_slugs))
    return club
