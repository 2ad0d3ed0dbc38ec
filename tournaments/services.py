"""Writes to the event's shape: settings, staff, partnerships, rounds, tables and sit-outs.

Each public function is one transaction. Scores are not written here (scoring.services does
that); the movement is planned by scoring.engine.movement and stored here.

A Seating row is written beside every Table side and SitOut, so the database itself refuses a
partnership that appears twice in one round.
"""

from __future__ import annotations

import csv
import io

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Prefetch, Q
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine import games as games_engine
from scoring.engine import movement, movement_individuals, registration
from scoring.engine import rules as rules_engine
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import ENTRANTS, MAX_DIVISION, MEDAL_SCOPES, SEATS, THREE_SEATS

from .models import Event, EventStaff, Partnership, Player, Round, Seating, SitOut, Table, TableSeat


@transaction.atomic
def round_create(*, event, number: int, tables: list[tuple[int, object, object]], byes=(), tiebreak=None,
                 status: str = Round.Status.PLANNED) -> Round:
    """Create a round: `tables` is [(table number, N-S partnership, E-W partnership)], `byes` the
    partnerships sitting out."""
    return _round_create(round_fill, event=event, number=number, tables=tables, byes=byes, tiebreak=tiebreak,
                         status=status)


def _round_create(fill, *, event, number: int, tables, byes, tiebreak, status) -> Round:
    """The round row and what `fill` seats in it, in one transaction; a clash names the round."""
    try:
        with transaction.atomic():
            rnd = Round.objects.create(event=event, number=number, tiebreak=tiebreak, status=status)
            fill(rnd, tables=tables, byes=byes)
    except IntegrityError as exc:
        raise ValidationError({"__all__": _("round %(number)s cannot be saved: %(why)s")
                                          % {"number": number, "why": _explain(exc)}}) from None
    return rnd


@transaction.atomic
def round_create_seated(*, event, number: int, tables, byes=(), tiebreak=None,
                        status: str = Round.Status.PLANNED) -> Round:
    """Create a round of an event of individuals: `tables` is [(table number, [entrant, ...] in
    seating order)], `byes` the players sitting out (see round_fill_seated)."""
    return _round_create(round_fill_seated, event=event, number=number, tables=tables, byes=byes,
                         tiebreak=tiebreak, status=status)


def seat_labels(count: int) -> tuple[str, ...]:
    """The TableSeat.seat labels of a table of individuals with `count` players, in seating order:
    "1", "2", "3" three-handed, "N", "E", "S", "W" four-handed (as an imported event file stores them)."""
    return {3: THREE_SEATS, 4: SEATS}.get(count, ())


def round_fill_seated(rnd: Round, *, tables, byes=()) -> None:
    """Add tables of individuals and sit-outs to a round (inside the caller's transaction): `tables`
    is [(table number, [entrant, ...] in seating order)]. Each table's players are TableSeat rows
    (Table.ns / Table.ew stay empty), each with its Seating row, as an imported event file stores them."""
    seatings, seats = [], []
    for number, players in tables:
        table = Table.objects.create(round=rnd, number=number)
        for label, entrant in zip(seat_labels(len(players)), players, strict=True):
            seats.append(TableSeat(table=table, seat=label, entrant=entrant))
            seatings.append(Seating(round=rnd, partnership=entrant, table=table))
    TableSeat.objects.bulk_create(seats)
    for entrant in byes:
        sit_out = SitOut.objects.create(round=rnd, partnership=entrant)
        seatings.append(Seating(round=rnd, partnership=entrant, sit_out=sit_out))
    Seating.objects.bulk_create(seatings)


def round_fill(rnd: Round, *, tables, byes=()) -> None:
    """Add tables and sit-outs to a round (inside the caller's transaction)."""
    seatings = []
    for number, ns, ew in tables:
        if ns.pk == ew.pk:
            raise ValidationError({"__all__": _("table %(table)s: partnership %(number)s cannot play itself")
                                              % {"table": number, "number": ns.number}})
        table = Table.objects.create(round=rnd, number=number, ns=ns, ew=ew)
        seatings += [Seating(round=rnd, partnership=ns, table=table), Seating(round=rnd, partnership=ew, table=table)]
    for partnership in byes:
        sit_out = SitOut.objects.create(round=rnd, partnership=partnership)
        seatings.append(Seating(round=rnd, partnership=partnership, sit_out=sit_out))
    Seating.objects.bulk_create(seatings)


def _explain(exc: IntegrityError) -> str:
    text = str(exc)
    if "partnership_once_per_round" in text or "seating" in text.lower():
        return _("a partnership appears twice in it")
    if "table_number_unique" in text or "table.round_id, tournaments_table.number" in text:
        return _("two tables have the same number")
    return _("it clashes with what is already stored")


def _say(message: str) -> str:
    """A problem from scoring.engine.registration in the reader's language."""
    return registration.in_language(message, _)


def _round_name(rnd: Round) -> str:
    """'Round 3' or 'Tiebreak 1, round 2', in the reader's language."""
    if rnd.tiebreak_id:
        return _("Tiebreak %(sequence)s, round %(number)s") % {"sequence": rnd.tiebreak.sequence, "number": rnd.number}
    return _("Round %(number)s") % {"number": rnd.number}


# --- Events, staff and registration ---------------------------------------------------------

EVENT_FIELDS = ("name", "date", "venue", "rules_preset", "rule_overrides", "rounds", "hands_per_round",
                "sit_out_policy", "sit_out_points", "confirmation_required", "confirmation_check", "medal_scope",
                "page_size", "language", "format", "hand_limit", "games_per_round", "wins_per_round", "rank_by",
                "entrants")
# Changing these once scores exist would re-score or orphan hands already stored, or re-judge the
# games already played (the ranking keys may still change).
LOCKED_ONCE_SCORED = ("rules_preset", "rule_overrides", "hands_per_round", "format", "hand_limit", "games_per_round",
                      "wins_per_round")


def _unique_slug(name: str, date) -> str:
    base = (slugify(f"{name} {date.year}") or "event")[:70].strip("-")
    slug, n = base, 2
    while Event.objects.filter(slug__iexact=slug).exists():  # unique without regard to capitals
        slug, n = f"{base}-{n}", n + 1
    return slug


def _check_rules(preset: str, overrides: dict) -> None:
    try:
        rules_engine.rule_set(preset, overrides)
    except rules_engine.RulesError as exc:
        raise ValidationError({"rule_overrides": str(exc)}) from None


def _check_games(values: dict, event: Event | None = None) -> None:
    """The games settings (README, "Games"), each problem on its field; a session needs hands per round."""
    def get(name, default=None):
        return values[name] if name in values else getattr(event, name, default) if event else default

    event_format = get("format", "session")
    if event_format not in rules_engine.EVENT_FORMATS:
        raise ValidationError({"format": _("%(value)s is not one of session, games") % {"value": repr(event_format)}})
    if event_format != "games":
        if "hands_per_round" in values and values["hands_per_round"] is None:
            raise ValidationError({"hands_per_round": _("A session needs the number of hands in a round.")})
        return
    try:
        games_engine.GamesSetup(get("hand_limit"), get("games_per_round"), get("wins_per_round"),
                                tuple(get("rank_by") or games_engine.DEFAULT_RANK_BY))
    except games_engine.GamesError as exc:
        field, _sep, message = str(exc).partition(": ")
        raise ValidationError({field if field in EVENT_FIELDS else "__all__": message or str(exc)}) from None


def _check_entrants(values: dict, event: Event | None = None) -> None:
    """Who plays fits the rules (README, "Events of individuals"): a three-handed rule set is for
    individuals only. An event of individuals may be played as a session or as games to 500."""
    def get(name, default):
        return values[name] if name in values else getattr(event, name, default) if event else default

    entrants = get("entrants", "partnerships")
    if entrants not in ENTRANTS:
        raise ValidationError({"entrants": _("%(value)s is not one of %(choices)s")
                                           % {"value": repr(entrants), "choices": ", ".join(ENTRANTS)}})
    preset = get("rules_preset", rules_engine.DEFAULT_PRESET)
    players = rules_engine.PRESETS[preset].players if preset in rules_engine.PRESETS else 4
    if entrants != "individuals" and players != 4:
        raise ValidationError({"rules_preset": _("This rule set is for three players, each for himself: choose "
                                                 "“Individual players”, or a rule set for four.")})


def event_entrants_locked(event: Event) -> bool:
    """Who plays is fixed once anyone is registered or a hand is stored."""
    return event.partnerships.exists() or event_has_hands(event)


def event_has_hands(event: Event) -> bool:
    return Table.objects.filter(round__event=event, hands__isnull=False).exists()


@transaction.atomic
def event_create(*, by, **values) -> Event:
    """A new event; whoever creates it becomes its organizer."""
    unknown = set(values) - set(EVENT_FIELDS)
    if unknown:
        raise TypeError(f"unknown event fields: {', '.join(sorted(unknown))}")
    _check_rules(values.get("rules_preset", rules_engine.DEFAULT_PRESET), values.get("rule_overrides") or {})
    _check_games(values)
    _check_entrants(values)
    event = Event(slug=_unique_slug(values["name"], values["date"]), **values)
    event.full_clean()
    event.save()
    EventStaff.objects.create(event=event, user=by, role=EventStaff.Role.ORGANIZER)
    return event


@transaction.atomic
def event_update(*, event: Event, **values) -> Event:
    """Change an event's settings. The rules and hands per round are fixed once a hand is stored;
    the number of rounds once the movement exists (generate it again from a fresh event instead).
    The event's row lock is the one every score write takes first (scoring.services), so a hand is
    either saved before the change (and then the rules are locked) or scored with the new rules."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    changed = {k: v for k, v in values.items() if k in EVENT_FIELDS and getattr(event, k) != v}
    errors = {}
    if event_has_hands(event):
        for name in LOCKED_ONCE_SCORED:
            if name in changed:
                errors[name] = _("cannot change: scores have already been entered under the current setting")
    if "entrants" in changed and event_entrants_locked(event):
        errors["entrants"] = _("cannot change: entrants are registered already (or scores entered) for the "
                               "current choice")
    if "rounds" in changed and event.round_set.filter(tiebreak__isnull=True).exists():
        errors["rounds"] = _("cannot change: the movement has been generated for the current number of rounds")
    if errors:
        raise ValidationError(errors)
    _check_rules(values.get("rules_preset", event.rules_preset), values.get("rule_overrides", event.rule_overrides))
    _check_games(values, event)
    _check_entrants(values, event)
    for name, value in changed.items():
        setattr(event, name, value)
    event.full_clean()
    # Only the changed columns: a full save would write back a stale `version`. The name,
    # sit-out policy and medal scope all show on the live pages, hence the bump.
    medal_scope = changed.pop("medal_scope", None)
    if changed:
        event.save(update_fields=list(changed))
        event.bump_version()
    if medal_scope is not None:
        event = event_medal_settings_update(event=event, medal_scope=medal_scope,
                                            secondary_tiebreakers=list(event.secondary_tiebreakers or []))
    return event


@transaction.atomic
def event_medal_settings_update(*, event: Event, medal_scope: str, secondary_tiebreakers: list[str]) -> Event:
    """The organizer's choice of medal scope and secondary tiebreakers (in order): the one writer of both."""
    errors = {}
    if medal_scope not in MEDAL_SCOPES:
        errors["medal_scope"] = _("%(value)s is not one of %(choices)s") % {"value": repr(medal_scope),
                                                                            "choices": ", ".join(MEDAL_SCOPES)}
    unknown = [n for n in secondary_tiebreakers if n not in standings_engine.SECONDARY_TIEBREAKERS]
    if unknown:
        errors["secondary_tiebreakers"] = _("%(value)s is not one of %(choices)s") % {
            "value": ", ".join(map(repr, unknown)), "choices": ", ".join(standings_engine.SECONDARY_TIEBREAKERS)}
    elif len(set(secondary_tiebreakers)) != len(secondary_tiebreakers):
        errors["secondary_tiebreakers"] = _("a tiebreaker is listed twice")
    if errors:
        raise ValidationError(errors)
    Event.objects.filter(pk=event.pk).update(medal_scope=medal_scope, secondary_tiebreakers=list(secondary_tiebreakers))
    event.bump_version()
    event.refresh_from_db()
    return event


@transaction.atomic
def event_listing(*, event: Event, listed: bool, practice: bool) -> Event:
    """Show or hide the event on the public list, and mark it a practice event (or not)."""
    Event.objects.filter(pk=event.pk).update(listed=listed, practice=practice)
    event.listed, event.practice = listed, practice
    return event


@transaction.atomic
def event_delete(*, event: Event, confirm: str) -> str:
    """Delete a practice event with everything in it; confirm must be its slug. A real event's
    results are never deleted from the site (export it, then mark it practice, if it must go)."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    if not event.practice:
        raise ValidationError(
            {"confirm": _("%(name)s is not a practice event: only practice events can be deleted")
                        % {"name": event.name}})
    if confirm != event.slug:
        raise ValidationError({"confirm": _("the confirmation does not match this event: nothing was deleted")})
    name = event.name
    # Partnerships and players are protected while tables and sit-outs name them: rounds first.
    Round.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()
    return name


def grant_event_creation(user) -> None:
    """Let user create events (the tournaments.add_event permission; README, "Who may create events")."""
    user.user_permissions.add(Permission.objects.get(content_type__app_label="tournaments", codename="add_event"))


@transaction.atomic
def staff_add(*, event: Event, username: str, role: str, password: str = "",
              may_create_events: bool = False) -> EventStaff:
    """Make a user a scorer or organizer of this event (or change their role). A new username
    with a password creates the account, so volunteers get one without the admin site.
    may_create_events also lets them create events of their own (the caller checks that the
    person granting it holds that permission)."""
    if role not in EventStaff.Role.values:
        raise ValidationError({"role": _("%(role)s is not a role (organizer or scorer)") % {"role": repr(role)}})
    username = (username or "").strip()
    users = get_user_model()
    user = users.objects.filter(username__iexact=username).first()
    if user is None and not password:
        raise ValidationError(
            {"username": _("there is no user called %(name)s: give a password to create the account")
                         % {"name": repr(username)}})
    if user is None:
        candidate = users(username=username)
        try:
            candidate.full_clean(exclude=["password"])
            validate_password(password, candidate)
        except ValidationError as exc:
            field = "username" if hasattr(exc, "error_dict") else "password"
            raise ValidationError({field: exc.messages}) from None
        user = users.objects.create_user(username=username, password=password)
    elif password:
        raise ValidationError({"password": _("%(name)s already has an account: leave the password empty")
                                           % {"name": user.get_username()}})
    list(EventStaff.objects.select_for_update().filter(event=event))  # one staff change at a time
    current = EventStaff.objects.select_related("user").filter(event=event, user=user).first()
    if current is not None and role != EventStaff.Role.ORGANIZER:
        _check_not_last_organizer(current, _("%(name)s is this event's only organizer, so they cannot be made a "
                                           "scorer: make someone else an organizer first."))
    staff, _created = EventStaff.objects.update_or_create(event=event, user=user, defaults={"role": role})
    if may_create_events:
        grant_event_creation(user)
    return staff


def _check_not_last_organizer(staff: EventStaff, refusal: str) -> None:
    """An event always keeps one organizer of its own: without one, only a site administrator
    could run it. Called with the event's staff rows locked."""
    if staff.role != EventStaff.Role.ORGANIZER:
        return
    others = EventStaff.objects.filter(event_id=staff.event_id, role=EventStaff.Role.ORGANIZER).exclude(pk=staff.pk)
    if not others.exists():
        raise ValidationError({"__all__": refusal % {"name": staff.user.get_username()}})


@transaction.atomic
def staff_remove(*, staff: EventStaff, by) -> None:
    """Take someone off the event's staff. Refused for the event's last organizer (whoever asks,
    a superuser too) and for removing yourself."""
    list(EventStaff.objects.select_for_update().filter(event_id=staff.event_id))  # one staff change at a time
    staff = EventStaff.objects.select_related("user").get(pk=staff.pk)
    _check_not_last_organizer(staff, _("%(name)s is this event's only organizer, so they cannot be removed: "
                                       "make someone else an organizer first."))
    if staff.user_id == getattr(by, "pk", None) and not by.is_superuser:
        raise ValidationError({"__all__": _("You cannot remove yourself: ask another organizer.")})
    staff.delete()


def _checked_name(raw: str, label: str, field: str, errors: dict) -> str:
    """A player's name as stored (registration.check_name); a problem goes into errors[field]."""
    name, message = registration.check_name(raw, label)
    if message:
        errors[field] = _say(message)
    return name


def _checked_division(raw: str, errors: dict) -> str:
    """A division as stored, at most MAX_DIVISION characters; a problem goes into errors["division"]."""
    division = registration.clean_name(raw)
    if len(division) > MAX_DIVISION:
        errors["division"] = _("is longer than %(most)s characters") % {"most": MAX_DIVISION}
    return division


def _check_partnership(event: Event, number, player_one: str, player_two: str, division: str) -> dict:
    errors = {}
    value, message = registration.check_number(str(number) if number is not None else "")
    if message:
        errors["number"] = _say(message)
    elif event.partnerships.filter(number=value).exists():
        errors["number"] = _("partnership %(number)s is already registered") % {"number": value}
    one = _checked_name(player_one, registration.PLAYER_ONE, "player_one", errors)
    two = _checked_name(player_two, registration.PLAYER_TWO, "player_two", errors)
    division = _checked_division(division, errors)
    if errors:
        raise ValidationError(errors)
    return {"number": value, "player_one": one, "player_two": two, "division": division}


def next_partnership_number(event: Event) -> int:
    return (event.partnerships.aggregate(top=Max("number"))["top"] or 0) + 1


def _create_partnership(event: Event, values: dict, checked_in: bool) -> Partnership:
    one = Player.objects.create(event=event, name=values["player_one"])
    two = Player.objects.create(event=event, name=values["player_two"])
    return Partnership.objects.create(event=event, number=values["number"], player_one=one, player_two=two,
                                      division=values["division"], checked_in=checked_in)


@transaction.atomic
def partnership_register(*, event: Event, player_one: str, player_two: str, number: int | None = None,
                         division: str = "", checked_in: bool = False) -> Partnership:
    """Register one partnership. After the movement exists, a checked-in partnership is a late
    arrival: the rounds not yet played are planned again to include it."""
    Event.objects.select_for_update().filter(pk=event.pk).first()  # one registration at a time
    _refuse_if_individuals(event)
    values = _check_partnership(event, number if number is not None else next_partnership_number(event),
                                player_one, player_two, division)
    partnership = _create_partnership(event, values, checked_in)
    event.bump_version()
    if checked_in and movement_exists(event):
        movement_replan(event=event)
    return partnership


@transaction.atomic
def partnership_update(*, partnership: Partnership, player_one: str, player_two: str,
                       division: str = "") -> Partnership:
    """Fix a partnership's names or division (a misspelling on the sign-up sheet). The number
    stays: it is on the movement cards and score sheets already printed."""
    # Only the partnership's row is locked: FOR UPDATE may not reach the nullable side of an outer
    # join (player_two is empty for an entrant of one player), which PostgreSQL refuses.
    partnership = (Partnership.objects.select_for_update(of=("self",))
                   .select_related("player_one", "player_two", "event").get(pk=partnership.pk))
    errors = {}
    names = {}
    for field, label, value in (("player_one", registration.PLAYER_ONE, player_one),
                                ("player_two", registration.PLAYER_TWO, player_two)):
        names[field] = _checked_name(value, label, field, errors)
    division = _checked_division(division, errors)
    if errors:
        raise ValidationError(errors)
    for field in ("player_one", "player_two"):
        player = getattr(partnership, field)
        if player.name != names[field]:
            player.name = names[field]
            player.save(update_fields=["name"])
    if partnership.division != division:
        partnership.division = division
        partnership.save(update_fields=["division"])
    partnership.event.bump_version()  # the names and divisions show on the live pages
    return partnership


@transaction.atomic
def partnerships_import(*, event: Event, data: bytes | str) -> list[Partnership]:
    """Register every partnership in a CSV, or none: any bad line raises ValidationError listing
    each problem with its line number."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _refuse_if_individuals(event)
    try:
        rows = registration.parse(data)
    except registration.RegistrationError as exc:
        raise ValidationError({"file": exc.messages_in(_)}) from None
    taken = dict(event.partnerships.values_list("number", "pk"))
    clashes = [_("Line %(line)s: partnership %(number)s is already registered")
               % {"line": row.line, "number": row.number} for row in rows if row.number in taken]
    if clashes:
        raise ValidationError({"file": clashes})
    created = [_create_partnership(event, {"number": r.number, "player_one": r.player_one, "player_two": r.player_two,
                                           "division": r.division}, False) for r in rows]
    event.bump_version()
    return created


# --- Players of an event of individuals: each one an entrant of his own (player_two None) --------

PLAYER_NAME = gettext_noop("the name")
PLAYER_COLUMNS = 3  # number, name, division


def _check_player(event: Event, number, name: str, division: str) -> dict:
    errors = {}
    value, message = registration.check_number(str(number) if number is not None else "")
    if message:
        errors["number"] = _say(message)
    elif event.partnerships.filter(number=value).exists():
        errors["number"] = _("player %(number)s is already registered") % {"number": value}
    name = _checked_name(name, PLAYER_NAME, "name", errors)
    division = _checked_division(division, errors)
    if errors:
        raise ValidationError(errors)
    return {"number": value, "name": name, "division": division}


def _create_player(event: Event, values: dict, checked_in: bool) -> Partnership:
    one = Player.objects.create(event=event, name=values["name"])
    return Partnership.objects.create(event=event, number=values["number"], player_one=one, player_two=None,
                                      division=values["division"], checked_in=checked_in)


def _refuse_if_individuals(event: Event) -> None:
    if event.individuals:
        raise ValidationError({"__all__": _("This event is played by individuals: register players.")})


def _refuse_unless_individuals(event: Event) -> None:
    if not event.individuals:
        raise ValidationError({"__all__": _("This event is played by partnerships: register partnerships.")})


@transaction.atomic
def player_register(*, event: Event, name: str, number: int | None = None, division: str = "",
                    checked_in: bool = False) -> Partnership:
    """Register one player of an event of individuals (an entrant with player_two None). After the
    movement exists, a checked-in player is a late arrival: the rounds not yet played are planned again."""
    Event.objects.select_for_update().filter(pk=event.pk).first()  # one registration at a time
    _refuse_unless_individuals(event)
    values = _check_player(event, number if number is not None else next_partnership_number(event), name, division)
    player = _create_player(event, values, checked_in)
    event.bump_version()
    if checked_in and movement_exists(event):
        movement_replan(event=event)
    return player


@transaction.atomic
def player_update(*, partnership: Partnership, name: str, division: str = "") -> Partnership:
    """Fix a player's name or division in an event of individuals. The number stays."""
    partnership = Partnership.objects.select_for_update().select_related("player_one", "event").get(pk=partnership.pk)
    errors = {}
    name = _checked_name(name, PLAYER_NAME, "name", errors)
    division = _checked_division(division, errors)
    if errors:
        raise ValidationError(errors)
    if partnership.player_one.name != name:
        partnership.player_one.name = name
        partnership.player_one.save(update_fields=["name"])
    if partnership.division != division:
        partnership.division = division
        partnership.save(update_fields=["division"])
    partnership.event.bump_version()
    return partnership


def _player_rows(data: bytes | str) -> list[tuple[int, int, str, str]]:
    """A CSV of players, one a line: number, name, division (division may be left out). Returns
    (line, number, name, division) rows, or raises ValidationError listing every problem by line,
    as registration.parse does for partnerships."""
    try:
        text = registration.decode(data)
    except registration.RegistrationError as exc:
        raise ValidationError({"file": exc.messages_in(_)}) from None
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    rows, problems, seen, first = [], [], {}, True

    def problem(line: int, message: str) -> None:
        problems.append(_("Line %(line)s: %(message)s") % {"line": line, "message": message})

    try:
        for cells in reader:
            line = reader.line_num
            cells = [c.strip() for c in cells]
            if not any(cells):
                continue
            if first and cells[0].lower() in registration.HEADER_WORDS | {"player"}:
                first = False
                continue
            first = False
            while cells and not cells[-1] and len(cells) > PLAYER_COLUMNS:
                cells.pop()  # spreadsheets add empty columns at the right
            if not 2 <= len(cells) <= PLAYER_COLUMNS:
                problem(line, _("has %(count)s columns; expected number, name, division") % {"count": len(cells)})
                continue
            found = []
            number, message = registration.check_number(cells[0])
            if message:
                found.append(_say(message))
            name, message = registration.check_name(cells[1], PLAYER_NAME)
            if message:
                found.append(_say(message))
            division = registration.clean_name(cells[2]) if len(cells) == PLAYER_COLUMNS else ""
            if len(division) > MAX_DIVISION:
                found.append(_("the division is %(length)s characters long (at most %(most)s)")
                             % {"length": len(division), "most": MAX_DIVISION})
            if number is not None and number in seen:
                found.append(_("player %(number)s is already on line %(line)s") % {"number": number,
                                                                                  "line": seen[number]})
            for message in found:
                problem(line, message)
            if found:
                continue
            seen[number] = line
            rows.append((line, number, name, division))
            if len(rows) > registration.MAX_ROWS:
                problem(line, _("a file may hold at most %(most)s players") % {"most": registration.MAX_ROWS})
                break
    except csv.Error as exc:
        problem(reader.line_num, _("cannot be read as CSV (%(error)s)") % {"error": str(exc)})
    if not problems and not rows:
        problems.append(_("The file has no players in it."))
    if problems:
        raise ValidationError({"file": problems})
    return rows


@transaction.atomic
def players_import(*, event: Event, data: bytes | str) -> list[Partnership]:
    """Register every player in a CSV (number, name, division), or none: any bad line raises
    ValidationError listing each problem with its line number."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _refuse_unless_individuals(event)
    rows = _player_rows(data)
    taken = set(event.partnerships.values_list("number", flat=True))
    clashes = [_("Line %(line)s: player %(number)s is already registered") % {"line": line, "number": number}
               for line, number, _name, _division in rows if number in taken]
    if clashes:
        raise ValidationError({"file": clashes})
    created = [_create_player(event, {"number": number, "name": name, "division": division}, False)
               for _line, number, name, division in rows]
    event.bump_version()
    return created


@transaction.atomic
def partnership_check_in(*, partnership: Partnership, checked_in: bool = True) -> list[int]:
    """Mark a partnership present (or not). Once the movement exists this changes who plays, so
    the rounds not yet played are planned again; returns their numbers."""
    partnership = Partnership.objects.select_for_update().get(pk=partnership.pk)
    if partnership.withdrawn and checked_in:
        refusal = (_("Player %(number)s has withdrawn; reinstate them first.") if partnership.is_individual
                   else _("Partnership %(number)s has withdrawn; reinstate it first."))
        raise ValidationError({"__all__": refusal % {"number": partnership.number}})
    if partnership.checked_in == checked_in:
        return []
    partnership.checked_in = checked_in
    partnership.save(update_fields=["checked_in"])
    if movement_exists(partnership.event):
        return movement_replan(event=partnership.event)
    return []


@transaction.atomic
def partnership_withdraw(*, partnership: Partnership, withdrawn: bool = True) -> list[int]:
    """Withdraw a partnership (or reinstate it). Results already entered stay; the rounds not yet
    played are planned again without it (or with it); returns their numbers."""
    partnership = Partnership.objects.select_for_update().get(pk=partnership.pk)
    if partnership.withdrawn == withdrawn:
        return []
    filled = list(partnership.filled_tiebreaks.values_list("sequence", flat=True))
    if withdrawn and filled:
        # A filler stays seated at his tiebreak's tables; a withdrawn filler would make the event
        # file refuse that tiebreak (README, "Tiebreaks of individuals").
        raise ValidationError({"__all__": _(
            "Player %(number)s fills a seat in tiebreak %(tiebreak)s and cannot withdraw; remove that "
            "tiebreak first (only before any hand is entered).") % {"number": partnership.number,
                                                                   "tiebreak": filled[0]}})
    partnership.withdrawn = withdrawn
    if not withdrawn:
        partnership.checked_in = True
    partnership.save(update_fields=["withdrawn", "checked_in"])
    partnership.event.bump_version()
    if movement_exists(partnership.event):
        return movement_replan(event=partnership.event)
    return []


# --- The movement ----------------------------------------------------------------------------

def main_rounds(event: Event):
    return event.round_set.filter(tiebreak__isnull=True).order_by("number")


def movement_exists(event: Event) -> bool:
    return main_rounds(event).exists()


def active_numbers(event: Event) -> list[int]:
    """Who plays the next rounds: checked in and not withdrawn."""
    return list(event.partnerships.filter(checked_in=True, withdrawn=False).values_list("number", flat=True))


def round_plans(rounds) -> list[movement.RoundPlan]:
    """Stored rounds as the planner's RoundPlans (two queries)."""
    rounds = list(rounds)
    plans = {r.pk: movement.RoundPlan(number=r.number) for r in rounds}
    for table in Table.objects.filter(round__in=rounds).order_by("number").values("round_id", "number", "ns__number",
                                                                                  "ew__number"):
        plans[table["round_id"]].tables.append((table["number"], table["ns__number"], table["ew__number"]))
    for sit in SitOut.objects.filter(round__in=rounds).values("round_id", "partnership__number"):
        plans[sit["round_id"]].byes.append(sit["partnership__number"])
    return [plans[r.pk] for r in rounds]


def _store_plans(event: Event, plans: list[movement.RoundPlan]) -> None:
    by_number = {p.number: p for p in event.partnerships.all()}
    for rnd in plans:
        round_create(event=event, number=rnd.number,
                     tables=[(t, by_number[ns], by_number[ew]) for t, ns, ew in rnd.tables],
                     byes=[by_number[b] for b in rnd.byes])
    event.bump_version()  # the live pages show who plays whom and the progress line


def table_size(event: Event) -> int:
    """Players at a table of individuals: three under a three-handed rule set, else four (progressive)."""
    return 3 if event.rules.players == 3 else 4


def seated_plans(rounds) -> list[movement_individuals.SeatedRound]:
    """Stored rounds of an event of individuals as the planner's SeatedRounds (two queries)."""
    rounds = list(rounds)
    plans = {r.pk: movement_individuals.SeatedRound(number=r.number) for r in rounds}
    seats: dict[int, dict[str, int]] = {}
    tables: dict[int, tuple[int, int]] = {}
    for row in TableSeat.objects.filter(table__round__in=rounds).values(
            "table_id", "table__number", "table__round_id", "seat", "entrant__number"):
        tables[row["table_id"]] = (row["table__round_id"], row["table__number"])
        seats.setdefault(row["table_id"], {})[row["seat"]] = row["entrant__number"]
    for table_id, (round_id, number) in sorted(tables.items(), key=lambda item: item[1][1]):
        by_seat = seats[table_id]
        plans[round_id].tables.append((number, tuple(by_seat[label] for label in seat_labels(len(by_seat)))))
    for sit in SitOut.objects.filter(round__in=rounds).values("round_id", "partnership__number"):
        plans[sit["round_id"]].byes.append(sit["partnership__number"])
    return [plans[r.pk] for r in rounds]


def _store_seated_plans(event: Event, plans: list[movement_individuals.SeatedRound]) -> None:
    by_number = {p.number: p for p in event.partnerships.all()}
    for rnd in plans:
        round_create_seated(event=event, number=rnd.number,
                            tables=[(t, [by_number[n] for n in seats]) for t, seats in rnd.tables],
                            byes=[by_number[b] for b in rnd.byes])
    event.bump_version()


def _too_few_players(event: Event, count: int) -> ValidationError:
    return ValidationError({"__all__": _("Check in at least %(least)s players first (%(count)s checked in).")
                                       % {"least": table_size(event), "count": count}})


@transaction.atomic
def movement_generate(*, event: Event) -> list[Round]:
    """Create every round of the session from the entrants checked in and not withdrawn: partnerships,
    or in an event of individuals players at tables of three or four (scoring.engine.movement_individuals)."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    if movement_exists(event):
        raise ValidationError({"__all__": _("The movement already exists. Withdrawals and late arrivals re-plan it.")})
    players = active_numbers(event)
    if event.individuals:
        if len(players) < table_size(event):
            raise _too_few_players(event, len(players))
        _store_seated_plans(event, movement_individuals.plan(players, event.rounds, seats=table_size(event)))
        return list(main_rounds(event))
    if len(players) < 2:
        raise ValidationError({"__all__": _("Check in at least two partnerships first (%(count)s checked in).")
                                          % {"count": len(players)}})
    _store_plans(event, movement.plan(players, event.rounds))
    return list(main_rounds(event))


def played_boundary(event: Event) -> int:
    """The last round number that has started: open, closed, or with a hand entered."""
    started = main_rounds(event).filter(Q(status__in=[Round.Status.OPEN, Round.Status.CLOSED])
                                        | Q(tables__hands__isnull=False))
    return started.aggregate(top=Max("number"))["top"] or 0


@transaction.atomic
def movement_replan(*, event: Event) -> list[int]:
    """Plan again every round after the last one that has started, for the partnerships now
    playing. Rounds with results are never touched. Returns the re-planned round numbers."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    boundary = played_boundary(event)
    rounds = list(main_rounds(event))
    later = [r for r in rounds if r.number > boundary]
    if not later:
        return []
    players = active_numbers(event)
    if event.individuals:
        if len(players) < table_size(event):
            raise _too_few_players(event, len(players))
        seated = movement_individuals.plan(players, len(later), seats=table_size(event), first_round=later[0].number,
                                           history=seated_plans([r for r in rounds if r.number <= boundary]),
                                           current=seated_plans(later))
        Round.objects.filter(pk__in=[r.pk for r in later]).delete()
        _store_seated_plans(event, seated)
        return [p.number for p in seated]
    if len(players) < 2:
        raise ValidationError({"__all__": _("Fewer than two partnerships would be left to play.")})
    history = round_plans([r for r in rounds if r.number <= boundary])
    current = round_plans(later)
    plans = movement.plan(players, len(later), first_round=later[0].number, history=history, current=current)
    Round.objects.filter(pk__in=[r.pk for r in later]).delete()
    _store_plans(event, plans)
    return [p.number for p in plans]


# --- Rounds during play ----------------------------------------------------------------------

def table_states(rnd: Round) -> list[tuple[Table, str, int]]:
    """(table, status word, hands entered) for every table of the round, in one query."""
    tables = (rnd.tables.annotate(hand_count=Count("hands"))
              .select_related("ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")
              .order_by("number"))
    if rnd.event.individuals:  # a table of individuals: its players are its seats
        tables = tables.prefetch_related(Prefetch("seats", queryset=TableSeat.objects.select_related(
            "entrant__player_one")))
    limit = rnd.event.hands_per_round
    # Games played to the bell have no hands per round: a table with hands waits for confirmation.
    return [(t, t.status_for(t.hand_count, limit if limit is not None else max(t.hand_count, 1)), t.hand_count)
            for t in tables]


def _sides(table: Table) -> dict:
    """Who plays at a table, as "ns" and "ew" for the problems' wording: the partnership numbers, or
    at a table of individuals "3 & 7" and "2 & 9" (N & S, E & W), three-handed "3" and "7 v 2"."""
    if table.ns_id is not None:
        return {"ns": table.ns.number, "ew": table.ew.number}
    numbers = {seat.seat: seat.entrant.number for seat in table.seats.all()}
    if len(numbers) == 4:
        return {"ns": f"{numbers['N']} & {numbers['S']}", "ew": f"{numbers['E']} & {numbers['W']}"}
    ordered = [numbers[label] for label in seat_labels(len(numbers)) if label in numbers]
    return {"ns": ordered[0] if ordered else "", "ew": " v ".join(map(str, ordered[1:]))}


def round_problems(rnd: Round) -> list[str]:
    """Why the round cannot close yet: tables short of hands, unconfirmed or disputed."""
    problems = []
    confirm = rnd.event.confirmation_required
    for table, status, count in table_states(rnd):
        where = {"table": table.number, **_sides(table)}
        if status == "disputed":
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): disputed: %(reason)s")
                            % {**where, "reason": table.dispute_reason})
        elif status in ("not_started", "in_progress") and rnd.event.hands_per_round is None:
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): no hands entered") % where)
        elif status in ("not_started", "in_progress"):
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): %(count)s of %(hands)s hands entered")
                            % {**where, "count": count, "hands": rnd.event.hands_per_round})
        elif status == "entered" and confirm:
            problems.append((_("Table %(table)s (%(ns)s v %(ew)s): not confirmed at the table") if table.ns_id is None
                             else _("Table %(table)s (%(ns)s v %(ew)s): not confirmed by the other partnership"))
                            % where)
    return problems


def _locked_round(rnd: Round) -> Round:
    """The round and its event under row locks, event first: the order scoring.services takes them
    in for every score write (event, round, table), so a close and a save never deadlock and a
    save waiting on the close reads the closed status once it gets the lock."""
    event = Event.objects.select_for_update().get(pk=rnd.event_id)
    locked = Round.objects.select_for_update().get(pk=rnd.pk)
    locked.event = event
    return locked


@transaction.atomic
def round_open(*, rnd: Round) -> Round:
    """Start a planned round: its table links take scores from now on."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.PLANNED:
        raise ValidationError({"__all__": _("%(round)s is already %(status)s.")
                                          % {"round": _round_name(rnd), "status": rnd.get_status_display().lower()}})
    siblings = Round.objects.filter(event=rnd.event_id, tiebreak=rnd.tiebreak_id)
    open_now = siblings.filter(status=Round.Status.OPEN).first()
    if open_now:
        raise ValidationError({"__all__": _("%(round)s is still in play: close it first.")
                                          % {"round": _round_name(open_now)}})
    if siblings.filter(number__lt=rnd.number).exclude(status=Round.Status.CLOSED).exists():
        raise ValidationError({"__all__": _("Earlier rounds must be closed before %(round)s starts.")
                                          % {"round": _round_name(rnd)}})
    rnd.status = Round.Status.OPEN
    rnd.save(update_fields=["status"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_close(*, rnd: Round, by: str, force: bool = False, reason: str = "") -> Round:
    """Close a round in play. Refused while a table is incomplete, disputed or (when the event
    needs it) unconfirmed, unless an organizer forces it and says why; the reason is kept. Holds
    the event's lock, so no hand is saved at the round's tables after `closed_at`."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.OPEN:
        raise ValidationError({"__all__": _("%(round)s is not in play, so it cannot be closed.")
                                          % {"round": _round_name(rnd)}})
    problems = round_problems(rnd)
    reason = (reason or "").strip()
    if problems and not force:
        raise ValidationError({"__all__": problems})
    if problems and not reason:
        raise ValidationError({"reason": _("Say why the round closes with these tables unfinished.")})
    if len(reason) > 500:
        raise ValidationError({"reason": _("is longer than %(most)s characters") % {"most": 500}})
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.closed_by = by
    rnd.close_note = "; ".join([reason, *problems]) if problems else reason
    rnd.close_note = rnd.close_note[:500]
    rnd.save(update_fields=["status", "closed_at", "closed_by", "close_note"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_reopen(*, rnd: Round, by: str) -> Round:
    """Put a closed round back in play (closed by mistake, or a correction the table must make).
    Refused while another round is in play; the note keeps who reopened it."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.CLOSED:
        raise ValidationError({"__all__": _("%(round)s is not closed.") % {"round": _round_name(rnd)}})
    open_now = Round.objects.filter(event=rnd.event_id, tiebreak=rnd.tiebreak_id, status=Round.Status.OPEN).first()
    if open_now:
        raise ValidationError({"__all__": _("%(round)s is in play: close it before reopening %(other)s.")
                                          % {"round": _round_name(open_now), "other": _round_name(rnd)}})
    previous = ""
    if rnd.closed_by:
        closed = _("closed by %(name)s") % {"name": rnd.closed_by}
        previous = f" ({closed}{': ' + rnd.close_note if rnd.close_note else ''})"
    rnd.status = Round.Status.OPEN
    rnd.close_note = (_("Reopened by %(name)s") % {"name": by} + previous)[:500]
    rnd.closed_at = None
    rnd.closed_by = ""
    rnd.save(update_fields=["status", "close_note", "closed_at", "closed_by"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_start_next(*, event: Event) -> Round:
    """Open the first planned round of the session (after the last closed one)."""
    nxt = main_rounds(event).filter(status=Round.Status.PLANNED).first()
    if nxt is None:
        raise ValidationError({"__all__": _("Every round has been played: see the standings.")})
    return round_open(rnd=nxt)


def current_round(event: Event) -> Round | None:
    """The round in play; else the next planned one; else the last one."""
    rounds = main_rounds(event)
    return (rounds.filter(status=Round.Status.OPEN).first() or rounds.filter(status=Round.Status.PLANNED).first()
            or rounds.last())


@transaction.atomic
def table_revoke_link(*, table: Table) -> Table:
    """A new secret for the table: the old link and printed code stop working at once."""
    table.revoke_token()
    return table
