"""Which club member a typed name is (docs/clubs.md, "Matching names"): the one rule the event
import, its review page and registration share.

A name is *matched* when exactly one member of the club has it, accents, case, spaces and
punctuation aside (the check-in search key: "Peña" is "pena"); *unsure* when several members have
it, or when none has it but some member's name holds every word of it ("A. Garza" and "Ana María
Garza"); *new* when no member comes near. Reads the club's members once, in memory: a club has
hundreds of members, an event file hundreds of names.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from scoring.engine.registration import search_key

from .models import Member

MATCHED, UNSURE, NEW = "matched", "unsure", "new"
MAX_CANDIDATES = 5
MIN_WORD = 2  # shorter words ("A." of "A. Garza") say too little to narrow the members down


@dataclass(frozen=True)
class Match:
    status: str  # MATCHED, UNSURE or NEW
    candidates: tuple[Member, ...]  # the one member when matched; the nearest few when unsure

    @property
    def member(self) -> Member | None:
        return self.candidates[0] if self.status == MATCHED else None


class Matcher:
    """The club's members, ready to match many names."""

    def __init__(self, members: Iterable[Member]):
        self.members = list(members)
        self.by_key: dict[str, list[Member]] = {}
        for m in self.members:
            self.by_key.setdefault(m.search_name, []).append(m)

    @classmethod
    def for_club(cls, club) -> Matcher:
        return cls(Member.objects.filter(club=club).order_by("number"))

    def match(self, name: str) -> Match:
        exact = self.by_key.get(Member.key_for(name), [])
        if len(exact) == 1:
            return Match(MATCHED, (exact[0],))
        if exact:
            return Match(UNSURE, tuple(exact[:MAX_CANDIDATES]))
        words = [key for key in (search_key(w) for w in name.split()) if len(key) >= MIN_WORD]
        near = [m for m in self.members if words and all(w in m.search_name for w in words)]
        if near:
            return Match(UNSURE, tuple(near[:MAX_CANDIDATES]))
        return Match(NEW, ())


def search(club, typed: str, limit: int = 20):
    """Members of `club` for what was typed: a member number, or part of a name (accent-blind)."""
    typed = (typed or "").strip()
    found = Member.objects.filter(club=club)
    if typed.isdigit():
        return found.filter(number=int(typed))
    words = [key for key in (search_key(w) for w in typed.split()) if key]
    if not words:
        return found.none()
    for key in words:  # every word somewhere in the name: "ana garza" finds Ana María Garza
        found = found.filter(search_name__contains=key)
    return found.order_by("name", "number")[:limit]
