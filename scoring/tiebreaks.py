"""Tiebreak sessions (McAllen A: "In case of a tie, there will be a tiebreak session") and the
organizer's medal choices (medal scope, secondary tiebreakers).

Writes Tiebreak rows with their rounds, tables and sit-outs (through tournaments.services.round_create,
or round_create_seated in an event of individuals, whose tied players sit at tables of three or
progressive tables of four planned by scoring.engine.movement_individuals, or, too few to fill a
table, at one table with fillers whose points count for nobody) and the event's medal
settings; every call is one transaction and bumps Event.version so the live standings show the change.
It scores nothing: tiebreak hands are entered like any other hands, at tables whose round has
`tiebreak` set, and scoring.engine.standings decides what the totals mean.
"""

from __future__ import annotations

from math import gcd

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext, ngettext

from scoring.adapters import adapter_for
from scoring.engine import movement_individuals
from scoring.engine.movement import plan
from scoring.engine.vocabulary import MAX_MOVEMENT_ROUNDS
from scoring.models import Hand
from scoring.selectors import event_standings
from tournaments import language
from tournaments.models import Event, Partnership, Round, Tiebreak
from tournaments.services import round_create, round_create_seated, table_size


def _numbers(numbers: list) -> str:
    """"4" / "2 and 4" / "1, 2 and 4", in the active language."""
    words = [str(n) for n in numbers]
    if len(words) == 1:
        return words[0]
    return gettext("%(numbers)s and %(last)s") % {"numbers": ", ".join(words[:-1]), "last": words[-1]}


def _partnerships(event: Event, given: list) -> list[Partnership]:
    """Accept Partnership objects or partnership numbers (players' numbers in an event of
    individuals); refuse strangers and repeats."""
    words = adapter_for(event).entrant_words
    numbers = [p.number if isinstance(p, Partnership) else p for p in given]
    if len(numbers) < 2:
        raise ValidationError({"partnerships": str(words["at_least_two"])})
    if len(set(numbers)) != len(numbers):
        raise ValidationError({"partnerships": str(words["listed_twice"])})
    found = {p.number: p for p in Partnership.objects.filter(event=event, number__in=numbers)
             .select_related("player_one", "player_two")}
    missing = [str(n) for n in numbers if n not in found]
    if missing:
        raise ValidationError({"partnerships": words["unknown"] % {"numbers": ", ".join(missing)}})
    for given_one in given:
        if isinstance(given_one, Partnership) and given_one.event_id != event.pk:
            raise ValidationError({"partnerships": words["elsewhere"] % {"number": given_one.number}})
    return [found[n] for n in sorted(numbers)]


def _check_tied(event: Event, chosen: list[Partnership]):
    """The chosen partnerships must be exactly the ones sharing one place, overall or in a division:
    the ranking (overall or the division's) where they share it."""
    standings = event_standings(event)
    wanted = {p.pk for p in chosen}
    for session in standings.tiebreak_sessions:
        if session.entrants & wanted and not session.complete:
            raise ValidationError({"partnerships": (
                gettext("Tiebreak %(number)s is still being played; finish and confirm it first.")
                % {"number": session.sequence})})
    rankings = [standings.overall, *standings.divisions]
    for ranking in rankings:
        by_rank: dict[int, set[int]] = {}
        for row in ranking.rows:
            if row.rank is not None:  # withdrawn: no place to share
                by_rank.setdefault(row.rank, set()).add(row.id)
        for block in by_rank.values():
            if len(block) > 1 and block == wanted:
                return ranking
    rows = {row.id: row for row in standings.rows}
    for ranking in rankings:
        for row in ranking.rows:
            if row.id in wanted and row.tied:
                block = {r.id for r in ranking.rows if r.rank == row.rank}
                if wanted < block:
                    others = sorted(rows[i].number for i in block - wanted)
                    raise ValidationError({"partnerships": adapter_for(event).entrant_words["tied_too"] % {
                        "numbers": _numbers(others), "count": len(others)}})
    described = "; ".join(
        gettext("%(number)s is %(place)s on %(total)s") % {
            "number": rows[p.pk].number, "place": _place(rows[p.pk]), "total": rows[p.pk].total}
        for p in chosen
    )
    raise ValidationError({"partnerships": adapter_for(event).entrant_words["not_tied"] % {"described": described}})


def _place(row) -> str:
    return gettext("withdrawn") if row.rank is None else language.place(row.rank)


def _rounds_needed(event: Event, hands) -> int:
    per_round = event.hands_per_round
    if hands in (None, "") or per_round is None:  # a games event with open rounds: one round
        return 1
    if isinstance(hands, bool) or not isinstance(hands, int) or hands < per_round or hands % per_round:
        raise ValidationError({"hands": (
            gettext("%(hands)s is not a whole number of rounds of %(per_round)s hands (try %(one)s or %(two)s).")
            % {"hands": repr(hands), "per_round": per_round, "one": per_round, "two": 2 * per_round})})
    if hands // per_round > 10:
        raise ValidationError({"hands": gettext(
            "%(hands)s hands is more than 10 rounds of %(per_round)s; keep a tiebreak short.")
            % {"hands": hands, "per_round": per_round}})
    return hands // per_round


def _organizer_tables(chosen: list[Partnership], tables) -> list[tuple[int, Partnership, Partnership]]:
    """The organizer's own layout for one round: every tied partnership seated exactly once."""
    by_number = {p.number: p for p in chosen}
    seated: list[int] = []
    layout = []
    for index, spec in enumerate(tables):
        try:
            number, ns, ew = spec
        except (TypeError, ValueError):
            raise ValidationError({"tables": gettext("table %(number)s: give a table number, N-S and E-W")
                                   % {"number": index + 1}}) from None
        ns_n = ns.number if isinstance(ns, Partnership) else ns
        ew_n = ew.number if isinstance(ew, Partnership) else ew
        if not isinstance(number, int) or number < 1:
            raise ValidationError({"tables": gettext("table %(index)s: %(number)s is not a table number")
                                   % {"index": index + 1, "number": repr(number)}})
        for who in (ns_n, ew_n):
            if who not in by_number:
                raise ValidationError({"tables": gettext("table %(table)s: partnership %(number)s is not in this "
                                                         "tiebreak") % {"table": number, "number": who}})
        if ns_n == ew_n:
            raise ValidationError({"tables": gettext("table %(table)s: partnership %(number)s cannot play itself")
                                   % {"table": number, "number": ns_n}})
        seated += [ns_n, ew_n]
        layout.append((number, by_number[ns_n], by_number[ew_n]))
    if len({t[0] for t in layout}) != len(layout):
        raise ValidationError({"tables": gettext("two tables have the same number")})
    twice = sorted({n for n in seated if seated.count(n) > 1})
    if twice:
        raise ValidationError({"tables": ngettext("partnership %(numbers)s is seated twice",
                                                  "partnerships %(numbers)s are seated twice", len(twice))
                               % {"numbers": _numbers(twice)}})
    unseated = sorted(set(by_number) - set(seated))
    if unseated:
        raise ValidationError({"tables": ngettext("partnership %(numbers)s has no table",
                                                  "partnerships %(numbers)s have no table", len(unseated))
                               % {"numbers": _numbers(unseated)}})
    return layout


def rounds_per_pass(count: int, seats: int) -> int:
    """The rounds of one pass of a tiebreak among `count` tied players at tables of `seats`.

    Four-handed with a whole number of tables: count - 1 rounds, in which each tied player partners
    each of the others once (one round would leave partners level on the same points). Otherwise
    (count mod seats players sit out each round, as in scoring.engine.movement_individuals) the
    fewest rounds in which everyone sits out equally often, so all play the same number of hands:
    one round when nobody sits out three-handed, count / gcd(count, count mod seats) rounds else.
    """
    sitting_out = count % seats
    if seats == 4 and not sitting_out:
        return count - 1
    return count // gcd(count, sitting_out)


def fillers_needed(count: int, seats: int) -> int:
    """How many fillers a tiebreak among `count` tied players needs at tables of `seats`: the empty
    seats of its one table when the tied players cannot fill a table themselves, else none."""
    return seats - count if count < seats else 0


def _filler_numbers(event: Event, given: list) -> list[int]:
    """The organizer's fillers as player numbers: each once, each a player of this event."""
    numbers = [p.number if isinstance(p, Partnership) else p for p in given]
    twice = sorted({n for n in numbers if numbers.count(n) > 1})
    if twice:
        raise ValidationError({"fillers": ngettext("Player %(numbers)s is named twice as a filler.",
                                                   "Players %(numbers)s are named twice as fillers.", len(twice))
                               % {"numbers": _numbers(twice)}})
    known = set(Partnership.objects.filter(event=event, number__in=numbers).values_list("number", flat=True))
    missing = [n for n in numbers if n not in known]
    if missing:
        raise ValidationError({"fillers": gettext("No player %(numbers)s at this event.")
                               % {"numbers": ", ".join(map(str, missing))}})
    return numbers


def _fillers(event: Event, chosen: list[Partnership], named: list[int] | None, ranking) -> list[Partnership]:
    """Who fills the seats the tied players cannot: the organizer's `named` players (checked), or,
    when none are named, the players present (checked in, not withdrawn) closest below the tied
    place in `ranking`, the lower number first among those sharing a place; if too few are below,
    the closest above. Never a tied player."""
    needed = fillers_needed(len(chosen), table_size(event))
    tied = {p.number for p in chosen}
    if named:
        if not needed:
            raise ValidationError({"fillers": gettext(
                "These tied players fill their tables themselves: leave Fillers empty.")})
        playing = sorted(n for n in named if n in tied)
        if playing:
            raise ValidationError({"fillers": ngettext(
                "Player %(numbers)s is tied on that place and plays in the tiebreak; name someone else to fill.",
                "Players %(numbers)s are tied on that place and play in the tiebreak; name others to fill.",
                len(playing)) % {"numbers": _numbers(playing)}})
        found = {p.number: p for p in Partnership.objects.filter(event=event, number__in=named)
                 .select_related("player_one", "player_two")}
        gone = sorted(n for n in named if found[n].withdrawn)
        if gone:
            raise ValidationError({"fillers": ngettext(
                "Player %(numbers)s has withdrawn and cannot fill a seat.",
                "Players %(numbers)s have withdrawn and cannot fill seats.", len(gone))
                % {"numbers": _numbers(gone)}})
        if len(named) != needed:
            raise ValidationError({"fillers": ngettext(
                "The tiebreak table needs %(count)s filler; you named %(given)s.",
                "The tiebreak table needs %(count)s fillers; you named %(given)s.", needed)
                % {"count": needed, "given": len(named)}})
        return [found[n] for n in named]
    if not needed:
        return []
    wanted = {p.pk for p in chosen}
    place = min(row.rank for row in ranking.rows if row.id in wanted)
    others = [row for row in ranking.rows if row.id not in wanted and row.rank is not None]
    below = sorted((row for row in others if row.rank > place), key=lambda row: (row.rank, row.number))
    above = sorted((row for row in others if row.rank < place), key=lambda row: (-row.rank, row.number))
    present = {p.pk: p for p in Partnership.objects.filter(event=event, checked_in=True, withdrawn=False)
               .exclude(pk__in=wanted).select_related("player_one", "player_two")}
    picked = [present[row.id] for row in [*below, *above] if row.id in present][:needed]
    if len(picked) < needed:
        raise ValidationError({"fillers": gettext(
            "Too few other players are checked in to fill the tiebreak table (it needs %(count)s): "
            "name the fillers yourself.") % {"count": needed}})
    return picked


# A tiebreak's one table that fillers complete, by (tied players, fillers): each round's seating (in
# the layout's seat order), the pattern repeated round after round. Two tied and one filler is a table
# of three; two tied and two fillers, or three and one, a progressive table of four (N-S partners).
FILLED_PATTERNS = {
    (2, 1): lambda a, b, f: [[a, b, f]],
    (2, 2): lambda a, b, f1, f2: [[a, b, f1, f2], [a, b, f2, f1]],
    (3, 1): lambda a, b, c, f: [[a, c, b, f], [a, b, c, f], [a, b, f, c]],
}


def _filled_rounds(chosen: list[Partnership], fillers: list[Partnership], legs: int):
    """The rounds of a tiebreak whose one table the fillers complete (README, "Tiebreaks of individuals").

    Three-handed, two tied A, B and a filler F: A, B, F every round. Progressive, two tied: A at N and
    B at E, opponents, each partnered by a filler, who swap from round to round (F1 partners A, then
    B, ...). Progressive, three tied A, B, C and a filler F, three rounds a pass: A+B v C+F, A+C v B+F,
    A+F v B+C, so each tied player partners each other tied player and the filler once."""
    # A table of five or six (RULES.md section 7): the tied players first (opponents: seats 1 and 2 are never
    # partners there), the fillers after, the same seating every round.
    pattern = FILLED_PATTERNS.get((len(chosen), len(fillers)), lambda *people: [list(people)])(*chosen, *fillers)
    per_pass = 1 if len(pattern) == 2 else len(pattern)
    return [([(1, pattern[r % len(pattern)])], []) for r in range(per_pass * legs)]


def _seated_rounds(event: Event, chosen: list[Partnership], legs: int,
                   fillers: list[Partnership]) -> list[tuple[list, list]]:
    """The rounds of a tiebreak among tied players: [([(table, [player in seating order])], [sitting out])]."""
    seats = table_size(event)
    if fillers:
        rounds = _filled_rounds(chosen, fillers, legs)
        if len(rounds) > MAX_MOVEMENT_ROUNDS:
            raise ValidationError({"hands": gettext(
                "%(count)s tied players need %(rounds)s rounds for that; keep a tiebreak to %(max)s rounds or "
                "fewer.") % {"count": len(chosen), "rounds": len(rounds), "max": MAX_MOVEMENT_ROUNDS}})
        return rounds
    rounds = rounds_per_pass(len(chosen), seats) * legs
    if rounds > MAX_MOVEMENT_ROUNDS:
        raise ValidationError({"hands": gettext(
            "%(count)s tied players need %(rounds)s rounds for that; keep a tiebreak to %(max)s rounds or fewer.")
            % {"count": len(chosen), "rounds": rounds, "max": MAX_MOVEMENT_ROUNDS}})
    by_number = {p.number: p for p in chosen}
    return [([(t, [by_number[n] for n in seated]) for t, seated in rp.tables], [by_number[b] for b in rp.byes])
            for rp in movement_individuals.plan(list(by_number), rounds, seats=seats)]


def partnership_rounds(event: Event, chosen: list[Partnership], legs: int, *, tables=None, fillers=None,
                       ranking=None) -> tuple[list, list, object]:
    """A tiebreak among partnerships: ([], rounds, round_create). The organizer's `tables` (checked by
    _organizer_tables) played `legs` times; two partnerships play each other, swapping directions each
    round so neither holds N-S throughout; three or more a round robin (scoring.engine.movement.plan)."""
    by_number = {p.number: p for p in chosen}
    if tables is not None:
        rounds = [(tables, []) for _ in range(legs)]
    elif len(chosen) == 2:
        a, b = chosen
        rounds = [([(1, a, b) if leg % 2 == 0 else (1, b, a)], []) for leg in range(legs)]
    else:
        cycle = len(chosen) - 1 if len(chosen) % 2 == 0 else len(chosen)
        rounds = [
            ([(t, by_number[ns], by_number[ew]) for t, ns, ew in rp.tables], [by_number[b] for b in rp.byes])
            for rp in plan(list(by_number), cycle * legs)
        ]
    return [], rounds, round_create


def player_rounds(event: Event, chosen: list[Partnership], legs: int, *, tables=None, fillers: list[int] | None,
                  ranking) -> tuple[list, list, object]:
    """A tiebreak among players: (fillers, rounds, round_create_seated), the tied players at tables of
    the event's layout among themselves, filled where they cannot fill one (_fillers, _seated_rounds)."""
    seated_fillers = _fillers(event, chosen, fillers, ranking)
    return seated_fillers, _seated_rounds(event, chosen, legs, seated_fillers), round_create_seated


# How a layout's tied entrants are seated (adapter.tiebreak_planner): fillers, rounds and the service
# that creates a round.
TIEBREAK_PLANNERS = {"partnerships": partnership_rounds, "players": player_rounds}


@transaction.atomic
def tiebreak_create(*, event: Event, partnerships: list, hands: int | None = None, tables=None,
                    fillers: list | None = None) -> Tiebreak:
    """A tiebreak session for partnerships (or, in an event of individuals, players) tied on one place.

    hands: how many hands each meeting lasts, a whole number of rounds (default one round of
    event.hands_per_round). Two partnerships play each other; three or more play a round robin
    (scoring.engine.movement.plan), unless `tables` gives one round's layout [(table, ns, ew)],
    which is then played `hands / hands_per_round` times. Tied players sit at tables of three or
    progressive tables of four among themselves (scoring.engine.movement_individuals.plan) for
    rounds_per_pass() rounds, `hands / hands_per_round` times over; `tables` is for partnerships.
    Two tied players three-handed, or two or three progressive, cannot fill a table: `fillers`
    (player numbers, or None for the site's choice, see _fillers) fill the empty seats and play
    the hands, but get no tiebreak total (only `partnerships` are the tiebreak's members).
    """
    adapter = adapter_for(event)
    chosen = _partnerships(event, partnerships)
    named = _filler_numbers(event, fillers) if fillers else None
    refused = adapter.tiebreak_refusal(fillers=named, tables=tables)
    if refused:
        raise ValidationError(refused)
    legs = _rounds_needed(event, hands)
    layout = _organizer_tables(chosen, tables) if tables else None
    ranking = _check_tied(event, chosen)
    seated_fillers, rounds, make_round = TIEBREAK_PLANNERS[adapter.tiebreak_planner](
        event, chosen, legs, tables=layout, fillers=named, ranking=ranking)
    sequence = (Tiebreak.objects.filter(event=event).aggregate(m=Max("sequence"))["m"] or 0) + 1
    tiebreak = Tiebreak.objects.create(event=event, sequence=sequence)
    tiebreak.partnerships.set(chosen)
    tiebreak.fillers.set(seated_fillers)
    for number, (round_tables, byes) in enumerate(rounds, start=1):
        make_round(event=event, number=number, tables=round_tables, byes=byes, tiebreak=tiebreak,
                   status=Round.Status.OPEN)
    event.bump_version()
    return tiebreak


@transaction.atomic
def tiebreak_delete(*, tiebreak: Tiebreak) -> None:
    """Remove a tiebreak session created by mistake; refused once any of its hands is entered."""
    if Hand.objects.filter(table__round__tiebreak=tiebreak).exists():
        raise ValidationError({"__all__": gettext("Tiebreak %(number)s has hands entered; it cannot be removed.")
                               % {"number": tiebreak.sequence}})
    event = tiebreak.event
    tiebreak.delete()
    event.bump_version()
