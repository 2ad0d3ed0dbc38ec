"""Event files to and from the database: event_import() and event_export().

The checking and the file's shape live in scoring.engine.eventfile (pure); this module only turns an
EventFile into rows and rows back into an EventFile. An import is one transaction of bulk
inserts, so a 500-partnership event goes in within seconds and a file with any problem writes
nothing. Points come from the table layout (Layout.score), the same dispatch that scores a hand
typed at a table. A table whose history is in the file gets those HandChange rows back; any other
imported hand gets one row with action "import". The staff come back too, as far as the
importer may grant them (`_staff_problems`, docs/operations.md "Imported staff lists"): the site's
operator (the `import_event` command) or a superuser gets every staff role, and an account the file
names that this site lacks is created without a usable password (listed in the returned event's
`accounts_created`, at most MAX_ACCOUNTS_CREATED); an organizer importing through the web becomes
the event's organizer, may name only accounts that exist, and grants nobody else a role (those are
listed in `staff_not_granted`). It does not touch existing events: a slug that is taken, or one
differing from it only in capitals, is refused.
"""

from __future__ import annotations

import datetime

from django.contrib.auth import get_user_model
from django.db import DatabaseError, transaction
from django.utils import timezone
from django.utils.text import slugify

from clubs.matching import NEW, Matcher
from clubs.models import Club, Member
from scoring import totals
from scoring.engine import eventfile, formats, layouts
from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile import EventFileError
from scoring.engine.eventfile.values import NOT_A_SLUG, problem
from scoring.engine.vocabulary import Message, gettext_noop
from scoring.models import Hand, HandChange
from tournaments.models import (
    Event,
    EventStaff,
    Partnership,
    Player,
    Round,
    Seating,
    SitOut,
    Table,
    TableSeat,
    Tiebreak,
    new_pin,
)

IMPORT_LABEL = eventfile.IMPORTED_BY  # shown as who entered and who confirmed imported scores
BATCH = 1000


def _slug_problem(slug: str, place: str) -> str | None:
    if not eventfile.SLUG_RE.match(slug):
        return problem(place, Message(NOT_A_SLUG, value=repr(slug)))
    existing = Event.objects.filter(slug__iexact=slug).values_list("slug", flat=True).first()
    if existing == slug:
        return problem(place, Message(
            gettext_noop("an event with slug %(slug)s exists already (choose another with --slug)"), slug=repr(slug)))
    if existing is not None:  # slugs are unique without regard to capitals (Event's constraint)
        return problem(place, Message(
            gettext_noop("the slug %(slug)s differs only in capitals from the slug %(existing)s of an event that "
                         "exists already: the two would look alike (choose another with --slug)"),
            slug=repr(slug), existing=repr(existing)))
    return None


def people(spec: eventfile.EventFile) -> list[tuple[str, str, int | None]]:
    """Every player of the file as (place, name, member number or None), in the file's order; the
    place is the one problems and the club's review page name ("partnerships[0].players[1]")."""
    found = [(f"partnerships[{i}].players[{j}]", name, member)
             for i, p in enumerate(spec.partnerships)
             for j, (name, member) in enumerate(zip(p.players, p.members, strict=True))]
    return found + [(f"players[{i}]", p.name, p.member) for i, p in enumerate(spec.players)]


def _club_problems(spec: eventfile.EventFile, by) -> tuple[Club | None, list[str]]:
    """The file's club (event.club) and why it cannot be imported into it: no such club, an importer
    through the web who is not the club's organizer, or a member number the club does not have."""
    if not spec.event.club:
        return None, []
    club = Club.objects.filter(slug__iexact=spec.event.club).first()
    if club is None:
        return None, [problem("event.club", Message(gettext_noop("no club has the slug %(slug)s on this site"),
                                                    slug=repr(spec.event.club)))]
    if by is not None and not by.is_superuser and not by.club_roles.filter(club=club, role="organizer").exists():
        return club, [problem("event.club", Message(gettext_noop(
            "only an organizer of the club %(club)s imports its events"), club=club.name))]
    numbers = set(Member.objects.filter(club=club).values_list("number", flat=True))
    return club, [problem(f"{place}.member", Message(gettext_noop("the club %(club)s has no member %(number)s"),
                                                     club=club.name, number=member))
                  for place, _name, member in people(spec) if member is not None and member not in numbers]


def _member_links(club: Club | None, spec: eventfile.EventFile, choices: dict | None, new_members: bool) -> dict:
    """Each player's member (place -> member id), read and written inside the import's transaction.

    A number in the file names the member. A name without one: the organizer's choice on the review
    page (`choices`: place -> a member number, "new", or "" for none), else the name matched as the
    review page matches it (clubs.matching); a name no member comes near is added as a new member
    with `new_members` (the next numbers of the club), and left unlinked otherwise."""
    if club is None:
        return {}
    Club.objects.select_for_update().filter(pk=club.pk).first()  # one import numbering members at a time
    members = list(Member.objects.filter(club=club))
    by_number = {m.number: m for m in members}
    matcher = Matcher(members)
    links, new = {}, []
    for place, name, number in people(spec):
        choice = (choices or {}).get(place)
        if number is None and isinstance(choice, int):
            if choice not in by_number:  # a choice posted for a member deleted meanwhile, or typed by hand
                raise EventFileError([problem(place, Message(gettext_noop(
                    "the club %(club)s has no member %(number)s"), club=club.name, number=choice))])
            number = choice
        if number is not None:
            links[place] = by_number[number]
            continue
        if choice == "":
            continue
        match = matcher.match(name)
        if match.member is not None and choice is None:
            links[place] = match.member
        elif choice == "new" or (new_members and choice is None and match.status == NEW):
            new.append((place, name))
    if new:
        next_number = max(by_number, default=0) + 1
        created = [Member(club=club, number=next_number + k, name=name, search_name=Member.key_for(name))
                   for k, (_place, name) in enumerate(new)]
        Member.objects.bulk_create(created)
        links.update({place: m for (place, _name), m in zip(new, created, strict=True)})
    return links


def event_import(data: dict, *, slug: str | None = None, by=None, new_members: bool = False,
                 choices: dict | None = None) -> Event:
    """Create the event in `data` (format 500-event/1 or 500-event/2) and return it.

    Raises EventFileError listing every problem, each with its place in the file; then nothing is
    written. `slug` overrides the file's slug (or the one made from the event's name). `by`, the
    account importing it through the web, becomes an organizer of the event; unless it is a
    superuser, the file's other staff get no role (`staff_not_granted`) and must have accounts.
    An event of a club (event.club) links its players to the club's members (`_member_links`:
    `new_members` adds the names no member comes near, `choices` are the review page's).
    """
    spec = eventfile.parse(data)
    if slug is not None:
        problem = _slug_problem(slug, "slug")
    else:
        slug = spec.event.slug or slugify(spec.event.name)[:80] or "event"
        problem = _slug_problem(slug, "event.slug" if spec.event.slug else "event.name")
    club, club_problems = _club_problems(spec, by)
    problems = ([problem] if problem else []) + _staff_problems(spec, by) + club_problems
    if problems:
        raise EventFileError(problems)
    try:
        with transaction.atomic():
            return _write(spec, slug, by, club=club, links=_member_links(club, spec, choices, new_members))
    except DatabaseError as exc:
        # Only a race (another import of the same slug) or a database limit gets here.
        raise EventFileError([Message(gettext_noop("the event could not be saved: %(error)s"),
                                      error=str(exc))]) from None


def _write(spec: eventfile.EventFile, slug: str, by=None, *, club: Club | None = None, links=None) -> Event:
    ev = spec.event
    rules = rules_engine.rule_set(ev.rules, ev.rule_overrides)
    # The table layout the file's entrants and rules seat: its seats, dealer and scoring (the file's shape);
    # in an event of mixed sizes the one of its tables of four, each table its own (the sizing's of_table).
    sizing = eventfile.event_sizing(ev.entrants, ev.rules, ev.players_per_table, ev.six_handed)
    shape = sizing.shape
    now = timezone.now()
    event = Event.objects.create(
        name=ev.name, slug=slug, date=ev.date, venue=ev.venue, rules_preset=ev.rules,
        rule_overrides=ev.rule_overrides, rounds=ev.rounds, hands_per_round=ev.hands_per_round,
        sit_out_policy=ev.sit_out_policy, sit_out_points=ev.sit_out_points,
        confirmation_required=ev.confirmation_required, medal_scope=ev.medal_scope,
        secondary_tiebreakers=list(ev.secondary_tiebreakers), page_size=ev.page_size,
        language=ev.language, format=ev.format, entrants=ev.entrants, club=club, layout=shape.layout.name,
        mixed_sizes=sizing.stored,
        **_games_fields(ev.games),
    )

    users, event.accounts_created = _accounts(spec, create=_trusted(by))
    granted = spec.staff if _trusted(by) else []
    event.staff_not_granted = [] if _trusted(by) else [(s.username, s.role) for s in spec.staff
                                                       if s.username != by.username]
    if by is not None and by.username not in {s.username for s in granted}:
        granted = [*granted, eventfile.StaffSpec(username=by.username, role=EventStaff.Role.ORGANIZER)]
        users.setdefault(by.username, by)
    EventStaff.objects.bulk_create([EventStaff(event=event, user=users[s.username], role=s.role) for s in granted])

    partnerships = _ENTRANT_ROWS[ev.entrants](event, spec, links or {})
    Partnership.objects.bulk_create(partnerships, batch_size=BATCH)
    by_number = {p.number: p for p in partnerships}

    tiebreaks = [Tiebreak(event=event, sequence=i) for i, _ in enumerate(spec.tiebreaks, start=1)]
    Tiebreak.objects.bulk_create(tiebreaks)
    Through = Tiebreak.partnerships.through
    Through.objects.bulk_create([
        Through(tiebreak_id=tb.pk, partnership_id=by_number[n].pk)
        for tb, tb_spec in zip(tiebreaks, spec.tiebreaks) for n in tb_spec.partnerships
    ])
    Fillers = Tiebreak.fillers.through
    Fillers.objects.bulk_create([
        Fillers(tiebreak_id=tb.pk, partnership_id=by_number[n].pk)
        for tb, tb_spec in zip(tiebreaks, spec.tiebreaks) for n in tb_spec.fillers
    ])

    round_specs = [(None, r) for r in spec.rounds] + [
        (tb, r) for tb, tb_spec in zip(tiebreaks, spec.tiebreaks) for r in tb_spec.rounds
    ]
    rounds = [
        Round(event=event, number=r.number, tiebreak=tb, status=r.status, closed_by=r.closed_by,
              close_note=r.close_note, closed_at=r.closed_at)
        for tb, r in round_specs
    ]
    Round.objects.bulk_create(rounds, batch_size=BATCH)

    tables, table_specs, sit_outs = [], [], []
    for rnd, (_, r) in zip(rounds, round_specs):
        for t in r.tables:
            tables.append(Table(
                round=rnd, number=t.number, ns=by_number.get(t.ns), ew=by_number.get(t.ew),
                layout=sizing.table_layout(len(t.seats)),
                entered_side=t.entered_side,
                confirmed_at=(t.confirmed_at or now) if t.confirmed else None,
                confirmed_by=(t.confirmed_by or IMPORT_LABEL) if t.confirmed else "",
                disputed_at=now if t.dispute else None, dispute_reason=t.dispute,
            ))
            table_specs.append(t)
        sit_outs += [SitOut(round=rnd, partnership=by_number[n]) for n in r.byes]
    Table.objects.bulk_create(tables, batch_size=BATCH)
    SitOut.objects.bulk_create(sit_outs, batch_size=BATCH)
    seats = [
        TableSeat(table=table, seat=label, entrant=by_number[number])
        for table, t in zip(tables, table_specs)
        for number, label in eventfile.shape_of_table(ev, t).seat_of(t.seats).items()
    ]
    TableSeat.objects.bulk_create(seats, batch_size=BATCH)
    seatings = [Seating(round=t.round, partnership=side, table=t) for t in tables if t.ns is not None
                for side in (t.ns, t.ew)]
    seatings += [Seating(round=s.table.round, partnership=s.entrant, table=s.table) for s in seats]
    seatings += [Seating(round=s.round, partnership=s.partnership, sit_out=s) for s in sit_outs]
    Seating.objects.bulk_create(seatings, batch_size=BATCH)

    hands, changes, moments = [], [], []
    for table, t in zip(tables, table_specs):
        versions = _last_versions(t.history or [])
        shape = eventfile.shape_of_table(ev, t)
        layout = shape.layout
        seat_of = shape.seat_of(t.seats)
        for h in t.hands:
            # Scored by the layout (Layout.score, the one dispatch), as a hand typed at the table is.
            fields = shape.entry_fields(h, seat_of)
            entry = layout.entry(**fields)
            points = layout.columns(layout.score(rules, entry))
            ns_points, ew_points, made = points["ns_points"], points["ew_points"], points["made"]
            values = {
                "declarer": h.declarer, "contract": h.contract, "tricks": h.tricks,
                "penalty_kind": h.penalty_kind, "penalty_side": h.penalty_side, "penalty_seat": h.penalty_seat,
                "note": h.note,
            }
            if h.ns_tricks is not None:
                values["ns_tricks"] = h.ns_tricks
            # The columns by seat where each plays for himself: the bidder's seat, the tricks and points by seat,
            # at five the called partner; `tricks` the bidding side's (his own, or his team's at six), as typed.
            by_seat = {key: fields[key] for key in ("declarer_seat", "seat_tricks", "partner_seat") if key in fields}
            if fields.get("declarer_seat") and entry.side_tricks:
                values["tricks"] = entry.side_tricks.get(entry.declarer, values["tricks"])
            if points["seat_points"] is not None:
                by_seat["seat_points"] = points["seat_points"]
            dealer = h.dealer or layout.dealer(h.number)
            hands.append(Hand(
                table=table, number=h.number, dealer=dealer, ns_points=ns_points,
                ew_points=ew_points, made=made, version=versions.get(h.number, 1), **values,
                **by_seat, **_trust_fields(h, now),
            ))
            if t.history is None:
                changes.append(HandChange(
                    event=event, table=table, hand_number=h.number, action=HandChange.Action.IMPORT,
                    by=IMPORT_LABEL, new={**values, **by_seat, "ns_points": ns_points, "ew_points": ew_points,
                                          "version": 1},
                ))
                moments.append(None)
        for c in t.history or []:
            changes.append(HandChange(
                event=event, table=table, hand_number=c.hand, action=c.action, old=c.old, new=c.new,
                reason=c.reason, by=c.by, by_user=users.get(c.username),
            ))
            moments.append(c.at)
    Hand.objects.bulk_create(hands, batch_size=BATCH)
    # entered_at is stamped with the clock on insert, as a history row's `at`: the file's go in afterwards.
    entered = {(table.pk, h.number): h.entered_at for table, t in zip(tables, table_specs) for h in t.hands
               if h.entered_at}
    stamped = [hand for hand in hands if (hand.table_id, hand.number) in entered]
    for hand in stamped:
        hand.entered_at = entered[hand.table.pk, hand.number]
    Hand.objects.bulk_update(stamped, ["entered_at"], batch_size=BATCH)
    totals.refresh(Table.objects.filter(round__event=event))
    HandChange.objects.bulk_create(changes, batch_size=BATCH)
    # `at` is stamped with the clock on insert; the file's own moments go in afterwards.
    kept = [c for c, at in zip(changes, moments) if at is not None]
    for c, at in zip(changes, moments):
        if at is not None:
            c.at = at
    HandChange.objects.bulk_update(kept, ["at"], batch_size=BATCH)
    event.bump_version()
    event.refresh_from_db(fields=["version"])
    return event


def _partnership_rows(event: Event, spec: eventfile.EventFile, links: dict) -> list[Partnership]:
    """The file's partnerships, their two players saved (Player rows), the partnerships not yet."""
    players = [Player(event=event, name=name, search_name=Player.key_for(name),
                      member=links.get(f"partnerships[{i}].players[{j}]"))
               for i, p in enumerate(spec.partnerships) for j, name in enumerate(p.players[:2])]
    Player.objects.bulk_create(players, batch_size=BATCH)
    return [
        Partnership(event=event, number=p.number, player_one=players[2 * i], player_two=players[2 * i + 1],
                    division=p.division, checked_in=p.checked_in, withdrawn=p.withdrawn, pin=p.pin or new_pin())
        for i, p in enumerate(spec.partnerships)
    ]


def _player_rows(event: Event, spec: eventfile.EventFile, links: dict) -> list[Partnership]:
    """An event of individuals: each player is an entrant of his own (player_two None)."""
    players = [Player(event=event, name=p.name, search_name=Player.key_for(p.name), member=links.get(f"players[{i}]"))
               for i, p in enumerate(spec.players)]
    Player.objects.bulk_create(players, batch_size=BATCH)
    return [
        Partnership(event=event, number=p.number, player_one=players[i], player_two=None, division=p.division,
                    checked_in=p.checked_in, withdrawn=p.withdrawn, pin=p.pin or new_pin())
        for i, p in enumerate(spec.players)
    ]


# An entrant row (Partnership) per entrant of the file, by event.entrants (eventfile.ENTRANT_FILES).
_ENTRANT_ROWS = {"partnerships": _partnership_rows, "individuals": _player_rows}


def _games_fields(games: eventfile.GamesSpec | None) -> dict:
    if games is None:
        return {}
    return {"hand_limit": games.hand_limit, "games_per_round": games.games_per_round,
            "wins_per_round": games.wins_per_round, "rank_by": list(games.rank_by)}


# The most accounts one import may create (the command, or a superuser through the web): a whole
# event's staff and scorers with room to spare; a file naming more is refused, nothing written.
MAX_ACCOUNTS_CREATED = 50


def _trusted(by) -> bool:
    """May this importer grant staff roles and create accounts? The site's operator (the command,
    `by` None) and a superuser may; an organizer importing through the web may not: a file is
    anyone's text, and its staff list must not hand him other people's accounts or fill the site
    with new ones."""
    return by is None or by.is_superuser


def _file_usernames(spec: eventfile.EventFile) -> set[str]:
    """Every username the file names: its staff, and whoever its hands' history says changed them."""
    names = {s.username for s in spec.staff}
    for r in [*spec.rounds, *(r for tb in spec.tiebreaks for r in tb.rounds)]:
        names |= {c.username for t in r.tables for c in t.history or [] if c.username}
    return names


def _staff_problems(spec: eventfile.EventFile, by) -> list[Message]:
    """Why the file's staff list cannot be imported by `by`, checked before anything is written.
    Trusted: no more than MAX_ACCOUNTS_CREATED new accounts. Through the web: every staff username
    must be an account of this site (each one that is not is named, with its place)."""
    User = get_user_model()
    if _trusted(by):
        names = _file_usernames(spec)
        missing = sorted(names - set(User.objects.filter(username__in=names).values_list("username", flat=True)))
        if len(missing) <= MAX_ACCOUNTS_CREATED:
            return []
        return [problem("staff", Message(gettext_noop(
            "the file names %(count)s usernames this site has no account for (%(first)s, ...), and one import "
            "creates at most %(limit)s accounts: create them first, or remove names from the file"),
            count=len(missing), first=", ".join(missing[:3]), limit=MAX_ACCOUNTS_CREATED))]
    existing = set(User.objects.filter(username__in=[s.username for s in spec.staff])
                   .values_list("username", flat=True))
    return [problem(f"staff[{i}].username", Message(gettext_noop(
        "%(name)s has no account on this site, and only an administrator's import creates accounts: remove "
        "this name from the file's staff, or ask an administrator to create the account first"), name=repr(s.username)))
            for i, s in enumerate(spec.staff) if s.username not in existing]


def _accounts(spec: eventfile.EventFile, *, create: bool) -> tuple[dict, list[str]]:
    """The site's account for every username the file names (staff, history), and the usernames
    that had to be created (only when `create`): without a usable password, so nobody can log in
    as them until an administrator sets one (README, "Backups"). Not created, a history row keeps
    its name in words with no account."""
    names = _file_usernames(spec)
    User = get_user_model()
    users = {u.username: u for u in User.objects.filter(username__in=names)}
    created = sorted(names - set(users)) if create else []
    for name in created:
        users[name] = User.objects.create_user(username=name)  # no password: unusable
    return users, created


def _trust_fields(hand: eventfile.HandSpec, now) -> dict:
    """Who entered, changed and accepted `hand` (docs/trust.md), as the file says: a hand without
    these keys was entered by staff (the import, IMPORT_LABEL) and needs nobody's acceptance, so the
    table's confirmation is the file's. A change or an acceptance without its moment (a file
    exported without --history) gets the import's; an acceptance without a name, the import's label."""
    changed = hand.changed_side is not None
    accepted = hand.accepted_side is not None
    return {
        "entered_side": hand.entered_side, "entered_by": hand.entered_by,  # entered_at: after the insert
        "changed_side": hand.changed_side or "", "changed_at": (hand.changed_at or now) if changed else None,
        "accepted_side": hand.accepted_side or "",
        "accepted_by": (hand.accepted_by or IMPORT_LABEL) if accepted else "",
        "accepted_at": (hand.accepted_at or now) if accepted else None,
    }


def _last_versions(history: list[eventfile.ChangeSpec]) -> dict[int, int]:
    """Each hand's version as its history last wrote it, so the next correction continues the count."""
    versions: dict[int, int] = {}
    for c in history:
        version = (c.new or {}).get("version")
        if c.hand is not None and isinstance(version, int) and not isinstance(version, bool) and version >= 1:
            versions[c.hand] = version
    return versions


def _table_keys(event: Event) -> dict:
    """An event of individuals' players_per_table and six_handed (layouts.file_keys); none for
    partnerships. An event of mixed sizes: "mixed", and six_handed if it says how six are seated."""
    try:
        players, six_handed = event.sizing.file_keys()
    except layouts.LayoutError:
        return {}
    return {"players_per_table": players, "six_handed": six_handed}


def event_export(event: Event, *, history: bool = False) -> dict:
    """The event as a 500-event/1 object in canonical form (see scoring.engine.eventfile.to_dict), or
    500-event/2 when the event needs it (played as games, or a hand nobody bid); with `history`,
    every table carries its HandChange rows."""
    partnerships = list(event.partnerships.select_related("player_one__member", "player_two__member")
                        .order_by("number"))
    number_of = {p.pk: p.number for p in partnerships}
    # The file's shape of the event's tables: a table of individuals' players by seat, in the
    # layout's seating order (the file's: 1, 2, 3; n, e, s, w). In an event of mixed sizes each
    # table has its own (Table.layout), its players listed.
    event_shape = eventfile.TABLE_SHAPES[event.layout]
    table_layouts = dict(Table.objects.filter(round__event=event).exclude(layout="").values_list("id", "layout"))

    def shape_of(table_id: int) -> eventfile.TableShape:
        own = table_layouts.get(table_id)
        return eventfile.mixed_table_shape(own) if own else event_shape

    seats_by_table: dict[int, dict[str, int]] = {}
    for table_id, seat, entrant_id in TableSeat.objects.filter(table__round__event=event).values_list(
            "table_id", "seat", "entrant_id"):
        seats_by_table.setdefault(table_id, {})[seat] = number_of[entrant_id]
    for table_id, by_seat in seats_by_table.items():
        seats_by_table[table_id] = {label: by_seat[label] for label in shape_of(table_id).layout.seats
                                    if label in by_seat}
    hands_by_table: dict[int, list[eventfile.HandSpec]] = {}
    for h in Hand.objects.filter(table__round__event=event).order_by("table_id", "number").values(
        "table_id", "number", "contract", "declarer", "tricks", "penalty_kind", "penalty_side", "penalty_seat",
        "note", "dealer", "ns_tricks", "declarer_seat", "seat_tricks", "partner_seat",
        "entered_side", "entered_by", "entered_at", "changed_side", "changed_at", "accepted_side", "accepted_by",
        "accepted_at",
    ):
        table_id = h.pop("table_id")
        # Never corrected (changed_at None) or never accepted: no side for it in the file.
        if h["changed_at"] is None:
            h["changed_side"] = None
        if h["accepted_at"] is None:
            h.update(accepted_side=None, accepted_by="")
        if not h["partner_seat"]:  # no called partner (the bidder alone at five; every other table)
            del h["partner_seat"]
        h = shape_of(table_id).file_fields(h, seats_by_table.get(table_id, {}))
        hands_by_table.setdefault(table_id, []).append(eventfile.HandSpec(**h))
    changes_by_table: dict[int, list[eventfile.ChangeSpec]] = {}
    if history:
        for c in HandChange.objects.filter(event=event).order_by("at", "pk").values(
            "table_id", "hand_number", "action", "by", "by_user__username", "at", "reason", "old", "new",
        ):
            changes_by_table.setdefault(c["table_id"], []).append(eventfile.ChangeSpec(
                hand=c["hand_number"], action=c["action"], by=c["by"], username=c["by_user__username"] or "",
                at=c["at"], reason=c["reason"], old=c["old"], new=c["new"],
            ))
    tables_by_round: dict[int, list[eventfile.TableSpec]] = {}
    for t in Table.objects.filter(round__event=event).order_by("round_id", "number").values(
        "id", "round_id", "number", "ns_id", "ew_id", "entered_side", "confirmed_at", "confirmed_by", "disputed_at",
        "dispute_reason",
    ):
        tables_by_round.setdefault(t["round_id"], []).append(eventfile.TableSpec(
            number=t["number"], ns=number_of.get(t["ns_id"], 0), ew=number_of.get(t["ew_id"], 0),
            seats=tuple(seats_by_table.get(t["id"], {}).values()),
            hands=hands_by_table.get(t["id"], []), confirmed=t["confirmed_at"] is not None,
            entered_side=t["entered_side"],
            # A dispute with no reason text still has to survive the trip.
            dispute=(t["dispute_reason"] or "disputed") if t["disputed_at"] else "",
            confirmed_by=t["confirmed_by"] if t["confirmed_at"] else "", confirmed_at=t["confirmed_at"],
            history=changes_by_table.get(t["id"], []) if history else None,
        ))
    byes_by_round: dict[int, list[int]] = {}
    for s in SitOut.objects.filter(round__event=event).values("round_id", "partnership_id"):
        byes_by_round.setdefault(s["round_id"], []).append(number_of[s["partnership_id"]])
    main, by_tiebreak = [], {}
    for r in event.round_set.order_by("number").values(
        "id", "number", "status", "tiebreak_id", "closed_at", "closed_by", "close_note",
    ):
        closed = r["status"] == "closed"
        spec = eventfile.RoundSpec(
            number=r["number"], tables=tables_by_round.get(r["id"], []), byes=sorted(byes_by_round.get(r["id"], [])),
            status=r["status"], closed_at=r["closed_at"] if closed else None,
            closed_by=r["closed_by"] if closed else "", close_note=r["close_note"],
        )
        if r["tiebreak_id"] is None:
            main.append(spec)
        else:
            by_tiebreak.setdefault(r["tiebreak_id"], []).append(spec)
    tiebreaks = [
        eventfile.TiebreakSpec(
            partnerships=sorted(p.number for p in tb.partnerships.all()), rounds=by_tiebreak.get(tb.pk, []),
            fillers=sorted(p.number for p in tb.fillers.all()),
        )
        for tb in event.tiebreaks.order_by("sequence").prefetch_related("partnerships", "fillers")
    ]
    staff = [
        eventfile.StaffSpec(username=username, role=role)
        for username, role in event.staff.values_list("user__username", "role").order_by("user__username")
    ]
    spec = eventfile.EventFile(
        staff=staff,
        event=eventfile.EventSpec(
            name=event.name, slug=event.slug, club=event.club.slug if event.club_id else "",
            date=_as_date(event.date), venue=event.venue, rules=event.rules_preset,
            rule_overrides=dict(event.rule_overrides or {}), rounds=event.rounds,
            hands_per_round=event.hands_per_round, sit_out_policy=event.sit_out_policy,
            sit_out_points=event.sit_out_points, confirmation_required=event.confirmation_required,
            medal_scope=event.medal_scope, secondary_tiebreakers=list(event.secondary_tiebreakers or []),
            page_size=event.page_size, language=event.language, format=event.format, entrants=event.entrants,
            **_table_keys(event),
            games=eventfile.GamesSpec(event.hand_limit, event.games_per_round, event.wins_per_round,
                                      list(event.rank_by or games_engine.DEFAULT_RANK_BY))
            if formats.event_format(event.format).ends_games else None,
        ),
        partnerships=[
            eventfile.PartnershipSpec(
                number=p.number, players=(p.player_one.name, p.player_two.name),
                members=(_member_number(p.player_one), _member_number(p.player_two)), division=p.division,
                checked_in=p.checked_in, withdrawn=p.withdrawn, pin=p.pin,
            )
            for p in partnerships if p.player_two_id is not None
        ],
        players=[
            eventfile.PlayerSpec(number=p.number, name=p.player_one.name, member=_member_number(p.player_one),
                                 division=p.division,
                                 checked_in=p.checked_in, withdrawn=p.withdrawn, pin=p.pin)
            for p in partnerships if p.player_two_id is None
        ],
        rounds=main,
        tiebreaks=tiebreaks,
    )
    return eventfile.to_dict(spec)


def _member_number(player: Player) -> int | None:
    return player.member.number if player.member_id else None


def _as_date(value) -> datetime.date:
    # An Event built in memory with date="2026-05-14" keeps the string until it is reloaded.
    return value if isinstance(value, datetime.date) else datetime.date.fromisoformat(str(value))
