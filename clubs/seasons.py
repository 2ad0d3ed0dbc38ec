"""A club's seasons (issue 26): reading a season's ladder and creating a season. The ladder's
rules are the pure scoring.engine.seasons; each event of the season is read once through
scoring.event_summary (the one results read, and the hands through the layout's sides), kept
under the event's version, so a season of finished events costs a few queries and one cache call.

season_read gives what the page, the PDF, the CSV, the JSON and the `season` command show;
season_create validates a season's name, slug, events and ranking rule and writes it with its
events in one transaction (a ValidationError names each field at fault, nothing is written).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from clubs.models import Club, Member, Season
from scoring.engine import seasons as seasons_engine
from scoring.event_summary import event_summaries
from tournaments.models import Event, Partnership

SLUG = re.compile(r"^[a-z0-9]+(?:-[a-z0-9]+)*$")


def ranking_of(season: Season) -> seasons_engine.Ranking:
    return seasons_engine.Ranking(by=season.by, placement_points=tuple(season.placement_points or ()),
                                  best_of=season.best_of, min_events=season.min_events or 0)


@dataclass(frozen=True)
class SeasonRead:
    """A season's ladder: the engine's standings, the events in date order, each member's name as
    shown here (`names`: public pages show the public name) and the dates it spans."""

    season: Season
    standings: seasons_engine.SeasonStandings
    events: tuple[Event, ...]
    names: dict[int, str]

    @property
    def ranking(self) -> seasons_engine.Ranking:
        return self.standings.ranking

    def as_json(self) -> dict:
        return seasons_engine.as_json(self.standings, self.season.slug, self.season.name)


def shown_name(member: Member) -> str:
    """A member's name on a public page: his public name, none for a hidden member (his number only)."""
    if member.hidden:
        return _("Member no. %(number)s") % {"number": member.number}
    return member.shown_name


def season_events(season: Season) -> list[Event]:
    return list(season.events.order_by("date", "pk"))


def season_read(season: Season, *, public: bool = False) -> SeasonRead:
    """The season's ladder (scoring.engine.seasons.compute) from its events' summaries."""
    events = season_events(season)
    summaries = event_summaries(events)
    members: dict[int, Member] = {}
    seated: dict[int, list[tuple[int, int]]] = {}  # event id -> (entrant id, member id)
    for event_id, entrant_id, one, two in Partnership.objects.filter(event__in=events).values_list(
            "event_id", "pk", "player_one__member_id", "player_two__member_id").order_by():
        for member_id in (one, two):
            if member_id is not None:
                seated.setdefault(event_id, []).append((entrant_id, member_id))
    ids = {member_id for pairs in seated.values() for _entrant, member_id in pairs}
    members = {m.pk: m for m in Member.objects.filter(pk__in=ids)}
    names = {m.number: shown_name(m) if public else m.name for m in members.values()}
    results = []
    for event in events:
        summary = summaries[event.pk]
        rows = []
        for entrant_id, member_id in seated.get(event.pk, ()):
            member, got = members[member_id], summary.get(entrant_id)
            if got is None:
                continue
            rows.append(seasons_engine.MemberResult(member.number, names[member.number], got.place, got.points,
                                                    got.games_won, got.slams, got.misere_made))
        results.append(seasons_engine.EventResult(event.slug, tuple(rows)))
    standings = seasons_engine.compute(ranking_of(season), results)
    return SeasonRead(season, standings, tuple(events), names)


# ---------------------------------------------------------------- creating a season

# The service's field names as the `season_create` command's flags say them.
FLAGS = {"slug": "SEASON", "name": "--name", "events": "--events", "by": "--by",
         "placement_points": "--placement-points", "best_of": "--best-of", "min_events": "--min-events"}


@transaction.atomic
def season_create(*, club: Club, slug: str, name: str, events: list[str], by: str,
                  placement_points: tuple[int, ...] | list[int] = (), best_of: int | None = None,
                  min_events: int = 0) -> Season:
    """A new season of `club`: its events named by slug (each an event of the club), its ranking rule
    (scoring.engine.seasons.Ranking). Every field at fault is named in one ValidationError and
    nothing is written."""
    errors: dict[str, str] = {}
    slug = (slug or "").strip()
    name = (name or "").strip()
    if not SLUG.match(slug) or len(slug) > 80:
        errors["slug"] = _("%(value)s is not a slug: lower-case letters, digits and dashes (at most 80)") % {
            "value": repr(slug)}
    elif Season.objects.filter(club=club, slug__iexact=slug).exists():
        errors["slug"] = _("the club already has a season %(slug)s") % {"slug": slug}
    if not name:
        errors["name"] = _("give the season a name")
    elif len(name) > 200:
        errors["name"] = _("at most 200 characters")
    wanted = [s.strip() for s in events if s and s.strip()]
    found = {e.slug.lower(): e for e in Event.objects.filter(club=club, slug__in=wanted)}
    if not wanted:
        errors["events"] = _("name at least one event of the club")
    else:
        missing = [s for s in wanted if s.lower() not in found]
        if missing:
            errors["events"] = _("%(slugs)s: not an event of the club %(club)s") % {
                "slugs": ", ".join(missing), "club": club.slug}
    try:
        ranking = seasons_engine.Ranking(by=by, placement_points=tuple(placement_points or ()), best_of=best_of,
                                         min_events=min_events if min_events is not None else 0)
    except seasons_engine.SeasonError as error:
        errors[error.field] = _(error.message) % error.params
    if errors:
        raise ValidationError(errors)
    season = Season.objects.create(club=club, slug=slug, name=name, by=ranking.by,
                                   placement_points=list(ranking.placement_points), best_of=ranking.best_of,
                                   min_events=ranking.min_events)
    season.events.set(list({e.pk: e for e in found.values()}.values()))
    return season
