"""Reads for the event pages: each returns plain context for one page in a fixed, small number of
queries (no query per partnership or per table). Writes live in services.py."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, Q
from django.http import Http404
from django.utils.translation import gettext

from scoring.engine import formats
from scoring.engine import games as games_engine
from scoring.engine import layouts as layouts_engine
from scoring.engine.registration import search_key
from scoring.engine.vocabulary import TABLE_STATUS_LABELS

from . import language, layouts, services
from .models import Event, EventStaff, Partnership, Round, Seating, Table


def events():
    return Event.objects.all()


def event_list_for(user):
    """The home page's events: the listed ones, plus unlisted ones the user helps run."""
    if user.is_authenticated and user.is_superuser:
        return Event.objects.all()
    if user.is_authenticated:
        mine = EventStaff.objects.filter(user=user).values("event_id")
        clubs = user.club_roles.values("club_id")  # the events of a club the user helps run (docs/clubs.md)
        return Event.objects.filter(Q(listed=True) | Q(pk__in=mine) | Q(club_id__in=clubs))
    return Event.objects.filter(listed=True)


def event_size(event: Event) -> dict:
    """What deleting the event would remove, for the confirmation page."""
    return {"hands": Table.objects.filter(round__event=event).aggregate(n=Count("hands"))["n"],
            "partnerships": event.partnerships.count()}


def event_copy(event: Event) -> Event:
    """A separate instance for a settings form, so a rejected form never alters the page's event."""
    return Event.objects.get(pk=event.pk)


def partnerships_of(event: Event) -> list[Partnership]:
    return list(event.partnerships.select_related("player_one", "player_two").order_by("number"))


def seat_name(label: str) -> str:
    """A seat at a table of individuals as the pages show it: N, E, S, W (W is O in Spanish and French:
    tournaments.language.seat_letter, the one mapping) or 1, 2, 3."""
    return language.seat_letter(label)


def movement_grid(event: Event) -> dict:
    """Rows are partnerships (or players), columns rounds: cells (kind, text) as "T3 NS v 7" (at a table
    of individuals "T3 N with 7 v 2 & 9" or "T3 seat 2 with 4 & 9"), "sits out" or "" (not in that
    round), in the active language."""
    rounds = list(services.main_rounds(event))
    partners = partnerships_of(event)
    storage = services.storage_for(event)
    cells = storage.grid_cells(storage.read(rounds), [p.number for p in partners], gettext, seat_name)
    rows = [(p, cells[p.number]) for p in partners
            if any(kind != "absent" for kind, _text in cells[p.number]) or (p.checked_in and not p.withdrawn)]
    return {"rounds": rounds, "rows": rows}


def _shown(value) -> str:
    if isinstance(value, bool):
        return gettext("yes") if value else gettext("no")
    if isinstance(value, (list, tuple)):
        return ", ".join(value) or gettext("none")
    return gettext("none") if value is None else str(value)


def event_page(event: Event) -> dict:
    partners = partnerships_of(event)
    return {
        "event": event,
        "rules": event.rules,
        "rules_label": language.label(event.rules.label),
        "format_facts": layouts.FORMAT_FACTS[event.format],
        "rule_changes": [(language.rule_label(name), _shown(value)) for name, value in event.rule_overrides.items()],
        "partnerships": partners,
        "grid": movement_grid(event),
        "current": services.current_round(event),
    }


def registration_page(event: Event) -> dict:
    partners = partnerships_of(event)
    active = [p for p in partners if p.checked_in and not p.withdrawn]
    return {
        "partnerships": partners,
        "active_count": len(active),
        "waiting_count": sum(1 for p in partners if not p.checked_in and not p.withdrawn),
        "withdrawn_count": sum(1 for p in partners if p.withdrawn),
        "movement_exists": services.movement_exists(event),
        "boundary": services.played_boundary(event),
        # The fewest entrants a movement seats (a table's places) and how they will be seated.
        "table_size": event.layout_spec.entrants_per_table,
        "seating_note": layouts.kind_for(event).seating_note(len(active)),
    }


def partnership_search(event: Event, query: str):
    """Partnerships whose number or player names match every word typed, ignoring accents, case
    and punctuation ("pena" finds Peña, "obrien" O'Brien). A word of digits is a partnership
    number; other words may be any part of either player's name. One query, on any database."""
    found = event.partnerships.all()
    for word in query.split():
        if word.isdigit():
            found = found.filter(number=int(word))
            continue
        key = search_key(word)
        if key:
            found = found.filter(Q(player_one__search_name__contains=key) | Q(player_two__search_name__contains=key))
    return found


def check_in_page(event: Event, query: str = "", changed: str = "") -> dict:
    """The check-in list, narrowed to `query` when one was typed (the search works without
    JavaScript), and `changed`: the partnership just tapped, shown with an undo button."""
    context = registration_page(event)
    everyone = context["partnerships"]
    query = query.strip()[:120]
    if query:
        shown = set(partnership_search(event, query).values_list("pk", flat=True))
        context["partnerships"] = [p for p in everyone if p.pk in shown]
    context.update(query=query, total_count=len(everyone),
                   changed=next((p for p in everyone if changed.isdigit() and p.number == int(changed)
                                 and not p.withdrawn), None))
    return context


def dashboard(event: Event, number: int | None) -> dict:
    rounds = list(services.main_rounds(event))
    if number is None:
        rnd = services.current_round(event)
    else:
        rnd = next((r for r in rounds if r.number == number), None)
        if rnd is None:
            raise Http404("No such round")
    tables, sit_outs, problems = [], [], []
    if rnd is not None:
        states = services.table_states(rnd)
        played = tables_games(event, [t.pk for t, _status, _count in states])
        tables = [(t, status, count, TABLE_STATUS_LABELS[status], played.get(t.pk))
                  for t, status, count in states]
        for t, _status, _count in states:  # a table of players: its players by seat, in order (none at a pair's)
            t.kind = layouts.TABLE_KINDS[t.layout_name]  # its partials: the table's own, in an event of mixed sizes
            layout = t.layout_spec
            order = {label: i for i, label in enumerate(layout.seats)}
            side_index = {seat: layout.sides.index(side) for seat, side in layout.side_of.items()}
            seats = sorted(t.seats.all(), key=lambda s: order[s.seat])
            t.seated = [(seat_name(s.seat), s.entrant) for s in seats]
            games = played.get(t.pk)
            if games is not None and seats:  # each player his side's games (his own; at six his team's)
                current = games.current.scores if games.current else (None,) * len(layout.sides)
                t.games_by_player = [(s.entrant, games.games.wins[side_index[s.seat]], current[side_index[s.seat]])
                                     for s in seats]
        sit_outs = list(rnd.sit_outs.select_related("partnership__player_one", "partnership__player_two"))
        problems = services.round_problems(rnd) if rnd.status == Round.Status.OPEN else []
    counts: dict[str, int] = {}
    for _, status, _, _, _ in tables:
        counts[status] = counts.get(status, 0) + 1
    next_planned = next((r for r in rounds if r.status == Round.Status.PLANNED), None)
    return {
        "event": event,
        "kind": layouts.kind_for(event),  # the table's partials (tournaments.layouts)
        "rounds": rounds,
        "round": rnd,
        "tables": tables,
        "sit_outs": sit_outs,
        "problems": problems,
        "counts": counts,
        "next_planned": next_planned,
        "can_start_next": next_planned is not None and not any(r.status == Round.Status.OPEN for r in rounds),
        "all_closed": bool(rounds) and all(r.status == Round.Status.CLOSED for r in rounds),
    }


def open_table_of(partnership: Partnership) -> str:
    """A warning when a withdrawn partnership still has a table in the round being played."""
    seat = (Seating.objects.filter(partnership=partnership, round__status=Round.Status.OPEN, table__isnull=False)
            .select_related("round__event", "table").first())
    if seat is None:
        return ""
    return layouts.say(seat.round.event, "open_table", round=seat.round.number, number=partnership.number,
                       table=seat.table.number)


def event_language(*, slug: str | None = None, token: str | None = None) -> str | None:
    """The default language of the event a page belongs to (by its slug, or a table link's token)."""
    if slug:
        return Event.objects.filter(slug=slug).values_list("language", flat=True).first()
    if token:
        return Table.objects.filter(token=token).values_list("round__event__language", flat=True).first()
    return None


@dataclass(frozen=True)
class TableGamesView:
    """A table's round of games as the pages show it (an event played as games)."""

    games: games_engine.TableGames
    hands: tuple[games_engine.PlayedHand, ...]
    running: tuple[tuple[int, int, int], ...]  # per hand, in order: (game number, N-S score, E-W score)
    ends: frozenset[int]  # the hand numbers that ended a game

    @property
    def finished(self) -> tuple[games_engine.Game, ...]:
        return tuple(g for g in self.games.games if g.over)

    @property
    def current(self) -> games_engine.Game | None:
        return self.games.current


def replay_table(event: Event, hands, *, round_over: bool, sides: int = 2) -> TableGamesView:
    """One table's hands (PlayedHand) replayed by scoring.engine.games, with the running game score
    after each hand (the replay of the hands up to it: the engine alone keeps the score). `sides`:
    3 at a table of three, each player for himself (then `running` holds three scores)."""
    hands = tuple(sorted(hands, key=lambda h: h.number))
    rules, setup, hpr = event.rules, event.games_setup, event.hands_per_round
    running, ends = [], set()
    for index, hand in enumerate(hands):
        upto = games_engine.replay(rules, setup, hands[:index + 1], hands_per_round=hpr,
                                   round_over=round_over and index == len(hands) - 1, sides=sides)
        last = upto.games[-1] if upto.games else None
        if last is None or last.last_hand != hand.number:  # after the round's last game: no game of its own
            running.append((0,) * (sides + 1))
            continue
        running.append((last.number, *last.scores))
        if last.over and last.last_hand == hand.number:
            ends.add(hand.number)
    whole = games_engine.replay(rules, setup, hands, round_over=round_over, hands_per_round=hpr, sides=sides)
    return TableGamesView(whole, hands, tuple(running), frozenset(ends))


def tables_games(event: Event, table_ids) -> dict[int, TableGamesView]:
    """Each table's round replayed into games (README, "Games"), by table id, in one query; {} for a
    session. A closed round is the bell: its game in play goes to the side ahead."""
    if not formats.event_format(event.format).ends_games or not table_ids:
        return {}
    hands: dict[int, list[games_engine.PlayedHand]] = {}
    closed: set[int] = set()
    layouts_of: dict[int, layouts_engine.Layout] = {}
    rows = (Table.objects.filter(pk__in=list(table_ids))
            .values_list("id", "layout", "round__status", "hands__number", "hands__declarer", "hands__ns_points",
                         "hands__ew_points", "hands__made", "hands__declarer_seat", "hands__seat_points",
                         "hands__partner_seat"))
    for table_id, own, status, number, declarer, ns_points, ew_points, made, declarer_seat, seat_points, partner \
            in rows:
        found = hands.setdefault(table_id, [])
        # The table's own layout in an event of mixed sizes, else the event's.
        layout = layouts_of.setdefault(table_id, layouts_engine.layout(own or event.layout))
        if status == Round.Status.CLOSED:
            closed.add(table_id)
        if number is not None:
            found.append(layout.played(number, layout.stored(
                declarer=declarer, ns_points=ns_points, ew_points=ew_points, made=made,
                declarer_seat=declarer_seat, seat_points=seat_points, partner_seat=partner or "")))
    return {table_id: replay_table(event, found, round_over=table_id in closed, sides=len(layouts_of[table_id].sides))
            for table_id, found in hands.items()}
