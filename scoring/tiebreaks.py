"""Tiebreak sessions (McAllen A: "In case of a tie, there will be a tiebreak session") and the
organizer's medal choices (medal scope, secondary tiebreakers).

Writes Tiebreak rows with their rounds, tables and sit-outs (through tournaments.services.round_create,
or round_create_seated in an event of individuals, whose tied players sit at tables of three or
progressive tables of four planned by scoring.engine.movement_individuals) and the event's medal
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
    players = event.individuals
    numbers = [p.number if isinstance(p, Partnership) else p for p in given]
    if len(numbers) < 2:
        raise ValidationError({"partnerships": gettext("Choose at least two tied players.") if players
                               else gettext("Choose at least two tied partnerships.")})
    if len(set(numbers)) != len(numbers):
        raise ValidationError({"partnerships": gettext("A player is listed twice.") if players
                               else gettext("A partnership is listed twice.")})
    found = {p.number: p for p in Partnership.objects.filter(event=event, number__in=numbers)
             .select_related("player_one", "player_two")}
    missing = [str(n) for n in numbers if n not in found]
    if missing:
        message = (gettext("No player %(numbers)s at this event.") if players
                   else gettext("No partnership %(numbers)s at this event."))
        raise ValidationError({"partnerships": message % {"numbers": ", ".join(missing)}})
    for given_one in given:
        if isinstance(given_one, Partnership) and given_one.event_id != event.pk:
            message = (gettext("Player %(number)s belongs to another event.") if players
                       else gettext("Partnership %(number)s belongs to another event."))
            raise ValidationError({"partnerships": message % {"number": given_one.number}})
    return [found[n] for n in sorted(numbers)]


def _check_tied(event: Event, chosen: list[Partnership]) -> None:
    """The chosen partnerships must be exactly the ones sharing one place, overall or in a division."""
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
                return
    rows = {row.id: row for row in standings.rows}
    for ranking in rankings:
        for row in ranking.rows:
            if row.id in wanted and row.tied:
                block = {r.id for r in ranking.rows if r.rank == row.rank}
                if wanted < block:
                    others = sorted(rows[i].number for i in block - wanted)
                    if event.individuals:
                        message = ngettext("Player %(numbers)s is tied on that place too and must play as well.",
                                           "Players %(numbers)s are tied on that place too and must play as well.",
                                           len(others))
                    else:
                        message = ngettext(
                            "Partnership %(numbers)s is tied on that place too and must play as well.",
                            "Partnerships %(numbers)s are tied on that place too and must play as well.",
                            len(others))
                    raise ValidationError({"partnerships": message % {"numbers": _numbers(others)}})
    described = "; ".join(
        gettext("%(number)s is %(place)s on %(total)s") % {
            "number": rows[p.pk].number, "place": _place(rows[p.pk]), "total": rows[p.pk].total}
        for p in chosen
    )
    message = (gettext("These players are not tied with each other (%(described)s).") if event.individuals
               else gettext("These partnerships are not tied with each other (%(described)s)."))
    raise ValidationError({"partnerships": message % {"described": described}})


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


def _seated_rounds(event: Event, chosen: list[Partnership], legs: int) -> list[tuple[list, list]]:
    """The rounds of a tiebreak among tied players: [([(table, [player in seating order])], [sitting out])]."""
    seats = table_size(event)
    if len(chosen) < seats:
        players = _numbers([f"{p.number} {p.players_label}" for p in chosen])
        message = (gettext("A tiebreak table seats only tied players, and a three-handed table needs three: "
                           "%(players)s cannot fill one.") if seats == 3 else
                   gettext("A tiebreak table seats only tied players, and a progressive table needs four: "
                           "%(players)s cannot fill one."))
        raise ValidationError({"partnerships": message % {"players": players}})
    rounds = rounds_per_pass(len(chosen), seats) * legs
    if rounds > MAX_MOVEMENT_ROUNDS:
        raise ValidationError({"hands": gettext(
            "%(count)s tied players need %(rounds)s rounds for that; keep a tiebreak to %(max)s rounds or fewer.")
            % {"count": len(chosen), "rounds": rounds, "max": MAX_MOVEMENT_ROUNDS}})
    by_number = {p.number: p for p in chosen}
    return [([(t, [by_number[n] for n in seated]) for t, seated in rp.tables], [by_number[b] for b in rp.byes])
            for rp in movement_individuals.plan(list(by_number), rounds, seats=seats)]


@transaction.atomic
def tiebreak_create(*, event: Event, partnerships: list, hands: int | None = None, tables=None) -> Tiebreak:
    """A tiebreak session for partnerships (or, in an event of individuals, players) tied on one place.

    hands: how many hands each meeting lasts, a whole number of rounds (default one round of
    event.hands_per_round). Two partnerships play each other; three or more play a round robin
    (scoring.engine.movement.plan), unless `tables` gives one round's layout [(table, ns, ew)],
    which is then played `hands / hands_per_round` times. Tied players sit at tables of three or
    progressive tables of four among themselves (scoring.engine.movement_individuals.plan) for
    rounds_per_pass() rounds, `hands / hands_per_round` times over; `tables` is for partnerships.
    """
    chosen = _partnerships(event, partnerships)
    legs = _rounds_needed(event, hands)
    if event.individuals and tables:
        raise ValidationError({"tables": gettext(
            "Your own tables are for partnerships: the tied players' tables are planned for you.")})
    layout = _organizer_tables(chosen, tables) if tables else None
    _check_tied(event, chosen)
    by_number = {p.number: p for p in chosen}
    if event.individuals:
        rounds = _seated_rounds(event, chosen, legs)
    elif layout is not None:
        rounds = [(layout, []) for _ in range(legs)]
    elif len(chosen) == 2:
        a, b = chosen
        # Swap directions each round, so neither partnership holds N-S throughout.
        rounds = [([(1, a, b) if leg % 2 == 0 else (1, b, a)], []) for leg in range(legs)]
    else:
        cycle = len(chosen) - 1 if len(chosen) % 2 == 0 else len(chosen)
        rounds = [
            ([(t, by_number[ns], by_number[ew]) for t, ns, ew in rp.tables], [by_number[b] for b in rp.byes])
            for rp in plan(list(by_number), cycle * legs)
        ]
    sequence = (Tiebreak.objects.filter(event=event).aggregate(m=Max("sequence"))["m"] or 0) + 1
    tiebreak = Tiebreak.objects.create(event=event, sequence=sequence)
    tiebreak.partnerships.set(chosen)
    make_round = round_create_seated if event.individuals else round_create
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
