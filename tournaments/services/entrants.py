"""Who plays: partnerships, or players of an event of individuals; registration, the CSV imports,
edits, check-in and withdrawal (which re-plans the rounds still to come). Each public function is
one transaction.
"""

from __future__ import annotations

import csv
import io

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.engine import registration
from scoring.engine.vocabulary import MAX_DIVISION

from ..layouts import say
from ..models import Event, Partnership, Player
from .movements import movement_exists, movement_replan


def _say(message: str) -> str:
    """A problem from scoring.engine.registration in the reader's language."""
    return registration.in_language(message, _)


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
    _refuse_unless_entrants_of(event, 2)
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
    _refuse_unless_entrants_of(event, 2)
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


def _refuse_unless_entrants_of(event: Event, players: int) -> None:
    """A registration of entrants of `players` players refused where the event's layout registers
    another kind (Layout.players_per_entrant), saying what it registers."""
    if event.layout_spec.players_per_entrant != players:
        raise ValidationError({"__all__": say(event, "wrong_entrant")})


@transaction.atomic
def player_register(*, event: Event, name: str, number: int | None = None, division: str = "",
                    checked_in: bool = False) -> Partnership:
    """Register one player of an event of individuals (an entrant with player_two None). After the
    movement exists, a checked-in player is a late arrival: the rounds not yet played are planned again."""
    Event.objects.select_for_update().filter(pk=event.pk).first()  # one registration at a time
    _refuse_unless_entrants_of(event, 1)
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
    rows, problems, seen, first, skipped = [], [], {}, True, ""

    def problem(line: int, message: str) -> None:
        problems.append(_("Line %(line)s: %(message)s") % {"line": line, "message": message})

    try:
        for cells in reader:
            line = reader.line_num
            cells = [c.strip() for c in cells]
            if not any(cells):
                continue
            if first and registration.is_heading(cells):
                first, skipped = False, ", ".join(c for c in cells if c)
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
    if not problems and not rows and skipped:
        problem(1, _(registration.HEADING_ONLY) % {"line": skipped})
    elif not problems and not rows:
        problems.append(_("The file has no players in it."))
    if problems:
        raise ValidationError({"file": problems})
    return rows


@transaction.atomic
def players_import(*, event: Event, data: bytes | str) -> list[Partnership]:
    """Register every player in a CSV (number, name, division), or none: any bad line raises
    ValidationError listing each problem with its line number."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    _refuse_unless_entrants_of(event, 1)
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


# --- Any event's entrants: the registration of the kind its layout registers -------------------
# (Layout.players_per_entrant: two players a partnership, one a player.)

_REGISTER = {2: partnership_register, 1: player_register}
_UPDATE = {2: partnership_update, 1: player_update}
_IMPORT = {2: partnerships_import, 1: players_import}


def entrant_register(*, event: Event, **values) -> Partnership:
    """Register one entrant of `event` (partnership_register's or player_register's values)."""
    return _REGISTER[event.layout_spec.players_per_entrant](event=event, **values)


def entrant_update(*, partnership: Partnership, **values) -> Partnership:
    """Fix an entrant's names or division (partnership_update's or player_update's values)."""
    return _UPDATE[partnership.event.layout_spec.players_per_entrant](partnership=partnership, **values)


def entrants_import(*, event: Event, data: bytes | str) -> list[Partnership]:
    """Register every entrant in a CSV of the event's kind, or none."""
    return _IMPORT[event.layout_spec.players_per_entrant](event=event, data=data)


@transaction.atomic
def partnership_check_in(*, partnership: Partnership, checked_in: bool = True) -> list[int]:
    """Mark a partnership present (or not). Once the movement exists this changes who plays, so
    the rounds not yet played are planned again; returns their numbers."""
    partnership = Partnership.objects.select_for_update().get(pk=partnership.pk)
    if partnership.withdrawn and checked_in:
        raise ValidationError({"__all__": say(partnership.event, "withdrawn_refusal", number=partnership.number)})
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
