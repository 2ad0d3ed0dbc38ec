"""Seasons (issue 26): a club's events in, the season ladder and its awards out.

Pure Python on purpose: no Django import, no database, no I/O. clubs.seasons reads each event of
a season through scoring.results (the one results read) and the event's hands through its
layout's sides, turns them into the plain inputs below (MemberResult per member per event) and
calls compute(); the page, the PDF, the CSV, the JSON and the `season` command all show what it
returns.

The rules (docs/clubs.md, "Seasons"):

- A season ranks by one of RANKING_BY: "placement_points" (the ranking's table gives points for
  1st, 2nd, ...; a place beyond the table gives 0), "total_points" (the points the member's
  entrant scored in the event) or "games_won" (the games it won).
- An event's place and points count for every member playing as that entrant: both players of a
  partnership get the partnership's place and points. Members tied at an event's place share it:
  each gets that place's placement points (two tied 2nd both get the 2nd place's points; the next
  is 4th). An entrant without a place (withdrawn) gets no placement points, but the event counts
  as played.
- best_of N: only a member's best N event scores count (None: all). `counted` says how many did.
- min_events N: a member with fewer events is listed after the ranked members, unranked (rank
  None, ranked False), in points order.
- Equal points share a rank: 1, 2, 2, 4 ("tied" true on each shared rank).
- games_won, slams and misere_made add up over every event of the season (not only the counted
  ones). A slam: a hand where the member's side bid and took all ten tricks; a misère made: the
  member's side bid a misère (misère, open misère, or a nullo of the rule sets that name it so)
  and made it.
- Awards: for most games won, slams, misères made and events, every member tied for the most
  (ranked or not), by member number; an empty list when nobody has one.
- A member listed twice in one event (a data slip) keeps only his better result there.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import NamedTuple

from scoring.engine.textsafe import csv_text
from scoring.engine.vocabulary import gettext_noop

RANKING_BY = ("placement_points", "total_points", "games_won")
RANKING_LABELS = {
    "placement_points": gettext_noop("Placement points"),
    "total_points": gettext_noop("Total points"),
    "games_won": gettext_noop("Games won"),
}
AWARDS = ("most_games_won", "most_slams", "most_misere_made", "most_events")
AWARD_LABELS = {
    "most_games_won": gettext_noop("Most games won"),
    "most_slams": gettext_noop("Most slams"),
    "most_misere_made": gettext_noop("Most misères made"),
    "most_events": gettext_noop("Most events played"),
}
# Which row total each award counts.
AWARD_KEYS = {"most_games_won": "games_won", "most_slams": "slams", "most_misere_made": "misere_made",
              "most_events": "events"}
# The contracts won by taking no trick (scoring.engine.rules.NULLO_LIKE): a made one is a misère made.
MISERE_CONTRACTS = frozenset({"MIS", "OMIS", "NULLO", "DNULLO", "BNULLO"})
TRICKS_PER_HAND = 10
MAX_PLACEMENT_PLACES = 100
MAX_POINTS = 100_000
NO_POINTS = gettext_noop("give the points for 1st, 2nd, ... (e.g. 10,8,6,5,4,3,2,1)")


class SeasonError(ValueError):
    """A ranking rule the season cannot take. str(): "field: message" in English; `field`, and
    `message` % `params` with `message` marked for the catalogs, for a page to translate."""

    def __init__(self, field: str, message: str, **params: object) -> None:
        self.field, self.message, self.params = field, message, params
        super().__init__(f"{field}: {message % params}")


@dataclass(frozen=True)
class Ranking:
    """A season's ranking rule, as the JSON's "ranking" says it."""

    by: str = "placement_points"
    placement_points: tuple[int, ...] = ()
    best_of: int | None = None
    min_events: int = 0

    def __post_init__(self) -> None:
        if self.by not in RANKING_BY:
            raise SeasonError("by", gettext_noop("%(value)s is not one of %(choices)s"), value=repr(self.by),
                              choices=", ".join(RANKING_BY))
        points = self.placement_points
        if self.by == "placement_points" and not points:
            raise SeasonError("placement_points", NO_POINTS)
        if len(points) > MAX_PLACEMENT_PLACES:
            raise SeasonError("placement_points", gettext_noop("at most %(count)s places"), count=MAX_PLACEMENT_PLACES)
        for value in points:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_POINTS:
                raise SeasonError("placement_points",
                                  gettext_noop("%(value)s is not a whole number from 0 to %(most)s"),
                                  value=repr(value), most=MAX_POINTS)
        if any(later > earlier for earlier, later in zip(points, points[1:])):
            raise SeasonError("placement_points",
                              gettext_noop("a lower place cannot give more points than a higher one"))
        if self.best_of is not None and (isinstance(self.best_of, bool) or not isinstance(self.best_of, int)
                                         or self.best_of < 1):
            raise SeasonError("best_of", gettext_noop("%(value)s is not a whole number of events (1 or more)"),
                              value=repr(self.best_of))
        if isinstance(self.min_events, bool) or not isinstance(self.min_events, int) or self.min_events < 0:
            raise SeasonError("min_events", gettext_noop("%(value)s is not a whole number of events (0 or more)"),
                              value=repr(self.min_events))

    def as_dict(self) -> dict:
        return {"by": self.by, "placement_points": list(self.placement_points), "best_of": self.best_of,
                "min_events": self.min_events}

    @classmethod
    def from_dict(cls, data: dict) -> Ranking:
        """The JSON's "ranking" object (a club file's season) back to a Ranking."""
        if not isinstance(data, dict):
            raise SeasonError("ranking",
                              gettext_noop("expected an object with by, placement_points, best_of, min_events"))
        points = data.get("placement_points") or ()
        if not isinstance(points, (list, tuple)):
            raise SeasonError("placement_points", gettext_noop("expected a list of whole numbers"))
        return cls(by=data.get("by", "placement_points"), placement_points=tuple(points),
                   best_of=data.get("best_of"), min_events=data.get("min_events") or 0)

    def place_points(self, place: int | None) -> int:
        """The placement points of `place` (1 = 1st); 0 beyond the table or without a place."""
        if place is None or place < 1 or place > len(self.placement_points):
            return 0
        return self.placement_points[place - 1]


def parse_placement_points(text: str) -> tuple[int, ...]:
    """ "10,8,6,5" -> (10, 8, 6, 5); raises SeasonError naming placement_points."""
    values = []
    for part in str(text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        if not part.isdigit() or len(part) > 6:
            raise SeasonError("placement_points", gettext_noop("%(value)s is not a whole number"), value=repr(part))
        values.append(int(part))
    if not values:
        raise SeasonError("placement_points", NO_POINTS)
    return tuple(values)


# ---------------------------------------------------------------- inputs


class MemberResult(NamedTuple):
    """One member's result in one event: his entrant's place (None: not placed, e.g. withdrawn),
    points and games won, and the slams and misères his side made. (A tuple: a season makes one per
    member per event.)"""

    member: int
    name: str
    place: int | None
    points: int = 0
    games_won: int = 0
    slams: int = 0
    misere_made: int = 0


@dataclass(frozen=True)
class EventResult:
    """One event of the season: its slug and each member's result."""

    slug: str
    results: tuple[MemberResult, ...] = ()


@dataclass(frozen=True)
class PlayedHand:
    """A hand as the awards read it: the bidding side, its contract, its tricks and whether made."""

    declarer: str
    contract: str
    tricks: int | None
    made: bool


def is_slam(hand: PlayedHand) -> bool:
    """The bidding side bid a trick contract and took all ten tricks."""
    return bool(hand.declarer) and hand.contract not in MISERE_CONTRACTS and hand.contract != "NOBID" \
        and hand.tricks == TRICKS_PER_HAND


def is_misere_made(hand: PlayedHand) -> bool:
    return bool(hand.declarer) and hand.contract in MISERE_CONTRACTS and hand.made


def side_counts(hands: Iterable[PlayedHand]) -> dict[str, tuple[int, int]]:
    """Each bidding side's (slams, misères made) over `hands` (one table's round)."""
    counts: dict[str, list[int]] = {}
    for hand in hands:
        slam, misere = is_slam(hand), is_misere_made(hand)
        if slam or misere:
            pair = counts.setdefault(hand.declarer, [0, 0])
            pair[0] += slam
            pair[1] += misere
    return {side: (pair[0], pair[1]) for side, pair in counts.items()}


# ---------------------------------------------------------------- outputs


@dataclass(frozen=True)
class SeasonRow:
    """One member's line of the ladder (the JSON's keys). `points` is the season score by the
    ranking rule, over the counted events; the other totals are over every event."""

    rank: int | None
    member: int
    name: str
    events: int
    counted: int
    points: int
    games_won: int
    slams: int
    misere_made: int
    tied: bool
    ranked: bool
    scores: tuple[tuple[str, int, bool], ...] = field(default=(), compare=False)  # (event slug, score, counted)

    def as_dict(self) -> dict:
        return {key: getattr(self, key) for key in ROW_KEYS}

    @property
    def rank_label(self) -> str:
        if not self.ranked:
            return "–"
        return f"{self.rank}{'=' if self.tied else ''}"


ROW_KEYS = ("rank", "member", "name", "events", "counted", "points", "games_won", "slams", "misere_made", "tied",
            "ranked")


@dataclass(frozen=True)
class SeasonStandings:
    ranking: Ranking
    rows: tuple[SeasonRow, ...]
    awards: dict[str, tuple[int, ...]]
    events: tuple[str, ...] = ()

    @property
    def ranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if row.ranked)

    @property
    def unranked(self) -> tuple[SeasonRow, ...]:
        return tuple(row for row in self.rows if not row.ranked)

    def names(self) -> dict[int, str]:
        return {row.member: row.name for row in self.rows}


def event_score(ranking: Ranking, result: MemberResult) -> int:
    """What one event gives a member under the ranking rule."""
    if ranking.by == "placement_points":
        return ranking.place_points(result.place)
    if ranking.by == "games_won":
        return result.games_won
    return result.points


def compute(ranking: Ranking, events: Sequence[EventResult]) -> SeasonStandings:
    """The season's ladder and awards (this module's docstring)."""
    per_member: dict[int, list[tuple[str, int, MemberResult]]] = {}
    names: dict[int, str] = {}
    for event in events:
        best: dict[int, tuple[int, MemberResult]] = {}
        for result in event.results:
            score = event_score(ranking, result)
            kept = best.get(result.member)
            if kept is None or score > kept[0]:
                best[result.member] = (score, result)
            names.setdefault(result.member, result.name)
        for member, (score, result) in best.items():
            per_member.setdefault(member, []).append((event.slug, score, result))
    drafts = []
    for member, played in per_member.items():
        order = sorted(range(len(played)), key=lambda i: -played[i][1])  # stable: earlier event first
        counted = set(order if ranking.best_of is None else order[:ranking.best_of])
        scores = tuple((slug, score, i in counted) for i, (slug, score, _r) in enumerate(played))
        drafts.append(dict(
            member=member, name=names[member], events=len(played), counted=len(counted),
            points=sum(played[i][1] for i in counted),
            games_won=sum(r.games_won for *_x, r in played), slams=sum(r.slams for *_x, r in played),
            misere_made=sum(r.misere_made for *_x, r in played),
            ranked=len(played) >= ranking.min_events, scores=scores))

    def order(d: dict) -> tuple:
        return (-d["points"], d["name"].casefold(), d["member"])

    ranked = sorted((d for d in drafts if d["ranked"]), key=order)
    unranked = sorted((d for d in drafts if not d["ranked"]), key=order)
    rows = []
    counts: dict[int, int] = {}
    for d in ranked:
        counts[d["points"]] = counts.get(d["points"], 0) + 1
    rank = 0
    for position, d in enumerate(ranked, start=1):
        if position == 1 or d["points"] != ranked[position - 2]["points"]:
            rank = position
        rows.append(SeasonRow(rank=rank, tied=counts[d["points"]] > 1, **d))
    rows.extend(SeasonRow(rank=None, tied=False, **d) for d in unranked)
    return SeasonStandings(ranking, tuple(rows), awards(rows), tuple(e.slug for e in events))


def awards(rows: Iterable[SeasonRow]) -> dict[str, tuple[int, ...]]:
    """Each award's members: every one tied for the most, by number; none when the most is 0."""
    rows = list(rows)
    out = {}
    for award in AWARDS:
        key = AWARD_KEYS[award]
        most = max((getattr(row, key) for row in rows), default=0)
        out[award] = tuple(sorted(row.member for row in rows if most > 0 and getattr(row, key) == most))
    return out


# ---------------------------------------------------------------- the files


def as_json(standings: SeasonStandings, slug: str, name: str) -> dict:
    """The documented JSON (`manage.py season CLUB SEASON --format json`)."""
    return {
        "season": {"slug": slug, "name": name, "ranking": standings.ranking.as_dict()},
        "standings": [row.as_dict() for row in standings.rows],
        "awards": {award: list(members) for award, members in standings.awards.items()},
    }


CSV_HEADERS = {
    "rank": gettext_noop("rank"),
    "member": gettext_noop("member"),
    "name": gettext_noop("name"),
    "events": gettext_noop("events"),
    "counted": gettext_noop("counted"),
    "points": gettext_noop("points"),
    "games_won": gettext_noop("games_won"),
    "slams": gettext_noop("slams"),
    "misere_made": gettext_noop("misere_made"),
    "tied": gettext_noop("tied"),
    "ranked": gettext_noop("ranked"),
}


def as_csv(standings: SeasonStandings, translate: Callable[[str], str] = str) -> str:
    """One line per member, the JSON's keys as the header (in the reader's language)."""
    head = [translate(CSV_HEADERS[key]) for key in ROW_KEYS]
    body = ([("" if value is None else value) for value in row.as_dict().values()] for row in standings.rows)
    return csv_text([head, *body])


TEXT_WORDS = {
    "head": gettext_noop("Season: %(name)s"),
    "rule": gettext_noop("Ranked by"),
    "best_of": gettext_noop("best %(count)s events count"),
    "min_events": gettext_noop("at least %(count)s events to be ranked"),
    "rank": gettext_noop("Rank"),
    "member": gettext_noop("No."),
    "name": gettext_noop("Name"),
    "events": gettext_noop("Events"),
    "points": gettext_noop("Points"),
    "games_won": gettext_noop("Games"),
    "slams": gettext_noop("Slams"),
    "misere_made": gettext_noop("Misères"),
    "unranked": gettext_noop("Not ranked yet (too few events)"),
    "awards": gettext_noop("Awards"),
    "nobody": gettext_noop("nobody yet"),
}


def as_text(standings: SeasonStandings, name: str, translate: Callable[[str], str] = str) -> str:
    """The ladder as plain text (`manage.py season ... --format text`)."""
    t = translate
    ranking = standings.ranking
    lines = [t(TEXT_WORDS["head"]) % {"name": name}]
    rule = f"{t(TEXT_WORDS['rule'])}: {t(RANKING_LABELS[ranking.by])}"
    if ranking.by == "placement_points":
        rule += f" ({', '.join(map(str, ranking.placement_points))})"
    if ranking.best_of:
        rule += "; " + t(TEXT_WORDS["best_of"]) % {"count": ranking.best_of}
    if ranking.min_events:
        rule += "; " + t(TEXT_WORDS["min_events"]) % {"count": ranking.min_events}
    lines += [rule, ""]
    head = (f"{t(TEXT_WORDS['rank']):>5} {t(TEXT_WORDS['member']):>5}  {t(TEXT_WORDS['name']):<28}"
            f"{t(TEXT_WORDS['events']):>7}{t(TEXT_WORDS['points']):>8}{t(TEXT_WORDS['games_won']):>7}"
            f"{t(TEXT_WORDS['slams']):>7}{t(TEXT_WORDS['misere_made']):>9}")

    def line(row: SeasonRow) -> str:
        events = f"{row.counted}/{row.events}" if row.counted != row.events else str(row.events)
        return (f"{row.rank_label:>5} {row.member:>5}  {row.name[:27]:<28}{events:>7}{row.points:>8}"
                f"{row.games_won:>7}{row.slams:>7}{row.misere_made:>9}")

    lines.append(head)
    lines += [line(row) for row in standings.ranked]
    if standings.unranked:
        lines += ["", t(TEXT_WORDS["unranked"])]
        lines += [line(row) for row in standings.unranked]
    names = standings.names()
    lines += ["", t(TEXT_WORDS["awards"])]
    for award in AWARDS:
        members = standings.awards[award]
        who = ", ".join(f"{names[m]} ({m})" for m in members) if members else t(TEXT_WORDS["nobody"])
        lines.append(f"  {t(AWARD_LABELS[award])}: {who}")
    return "\n".join(lines) + "\n"
