"""A member's record (docs/clubs.md, "A player's record"): every event of the club he played, with
his place, points, games won, slams and misères made in it.

Each event's figures are its entrant's (scoring.event_summary: the one results read, scoring.results,
for place, points and games; the hands for slams and misères), read for all the member's events in
one cache call. A partnership's place and points are both players'.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass

from django.db.models import Q

from scoring.event_summary import event_summaries
from tournaments.models import Event, Partnership

from .models import Member


@dataclass(frozen=True)
class RecordRow:
    event: Event
    date: datetime.date
    number: int  # the entrant's number in the event
    partner: str  # the partner's name as the public sees it ("—" for a hidden member); "" for a player alone
    alone: bool  # an event of individuals: no partner, a table of `seats`
    seats: int  # players at a table (a player on his own: the table he played at)
    place: int | None  # None: withdrawn
    points: int
    games_won: int
    slams: int
    misere_made: int


@dataclass(frozen=True)
class Record:
    member: Member
    rows: list[RecordRow]

    @property
    def totals(self) -> dict:
        return {"events": len(self.rows), "games_won": sum(r.games_won for r in self.rows),
                "slams": sum(r.slams for r in self.rows), "misere_made": sum(r.misere_made for r in self.rows),
                "wins": sum(1 for r in self.rows if r.place == 1)}


def public_name(player) -> str:
    """A player's name as a club's public page shows it: his member's choice (full, or first name and
    initial), nothing for a hidden member, the name typed in the event for a player of no member."""
    member = player.member
    if member is None:
        return player.name
    return "" if member.hidden else member.shown_name


def member_record(member: Member) -> Record:
    entrants = list(
        Partnership.objects.filter(Q(player_one__member=member) | Q(player_two__member=member),
                                   event__club_id=member.club_id)
        .select_related("event", "player_one__member", "player_two__member")
    )
    summaries = event_summaries(list({p.event_id: p.event for p in entrants}.values()))
    rows = []
    for p in entrants:
        figures = summaries.get(p.event_id, {}).get(p.pk)
        if figures is None:
            continue
        partner = p.player_two if p.player_one.member_id == member.pk else p.player_one
        rows.append(RecordRow(
            event=p.event, date=p.event.date, number=p.number,
            partner=(public_name(partner) or "—") if p.player_two_id is not None else "",
            alone=p.player_two_id is None,
            seats=len(p.event.layout_spec.seats), place=figures.place, points=figures.points,
            games_won=figures.games_won, slams=figures.slams, misere_made=figures.misere_made,
        ))
    rows.sort(key=lambda r: (r.date, r.event.name), reverse=True)
    return Record(member, rows)
