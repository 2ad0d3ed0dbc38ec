"""Registration in an event of a club (docs/clubs.md, "Registration"): each name box of the
registration and edit forms (the form's `person_fields`, whatever the event's table) takes a club
member number ("17", or "17 · Ana Garza" as the picker fills it in) or a name. A number names that
member; a name that is exactly one member's (accents and capitals aside) is that member; a name
several members have asks for the number; a name near some members (every word of it in their
names: "fel" or "Ana Garza" with Ana María Garza in the club) names them and asks for the number, or
for the name again with "+" in front to add it as new; any other name is added as a new member.
The entrant and its members are written in one transaction. In an event of no club the names are
kept as typed, as before.

The club's members are read through the event's club (Event.club.members), so this layer needs
nothing of the clubs app (tests/engine/test_layers.py).
"""

from __future__ import annotations

import re

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring.engine.registration import search_key

from ..models import Event, Partnership
from .entrants import entrant_register, entrant_update

# "17", "Nº 17", "17 · Ana Garza", "#17 Ana Garza": a member number first.
NUMBER_FIRST = re.compile(r"^\s*(?:n[º°o]\.?|#)?\s*(\d{1,6})(?:\s*[·:\-.,]?\s*(.*))?$", re.IGNORECASE)


def _member_for(event: Event, typed: str, field: str, new: list):
    """(the name to register, the member or None) for what was typed in `field`."""
    if event.club_id is None:
        return typed, None
    members = event.club.members
    found = NUMBER_FIRST.match(typed or "")
    if found:
        number = int(found.group(1))
        member = members.filter(number=number).first()
        if member is None:
            raise ValidationError({field: _("The club has no member %(number)s.") % {"number": number}})
        return member.name, member
    forced = typed.strip().startswith("+")
    typed = typed.strip().lstrip("+").strip()
    same = list(members.filter(search_name=search_key(typed)[:360]).order_by("number"))
    if len(same) == 1:
        return same[0].name, same[0]
    if same:
        raise ValidationError({field: _("Several members are called %(name)s: type the member number "
                                        "(%(numbers)s).") % {"name": typed, "numbers": ", ".join(
                                            f"Nº {m.number}" for m in same)}})
    words = [key for key in (search_key(w) for w in typed.split()) if len(key) >= 2]
    near = members.all()
    for key in words:
        near = near.filter(search_name__contains=key)
    near = list(near.order_by("number")[:5]) if words and not forced else []
    if near:
        raise ValidationError({field: _("Is it %(members)s? Type the member number; or, for a new member, the "
                                        "name again with + in front (+%(name)s).") % {
            "members": ", ".join(f"Nº {m.number} {m.name}" for m in near), "name": typed}})
    number = (members.aggregate(n=Max("number"))["n"] or 0) + 1 + len(new)
    member = members.create(number=number, name=typed.strip())
    new.append(member)
    return member.name, member


def _members_of(event: Event, values: dict, fields: tuple[str, ...]) -> list:
    new: list = []
    if event.club_id is not None:
        type(event.club).objects.select_for_update().filter(pk=event.club_id).first()  # one numbering at a time
    picked = []
    for field in fields:
        values[field], member = _member_for(event, values.get(field, ""), field, new)
        picked.append(member)
    return picked


def _link(partnership: Partnership, picked: list) -> None:
    players = [partnership.player_one, partnership.player_two]
    for player, member in zip(players, picked):
        if player is not None and player.member_id != getattr(member, "pk", None):
            player.member = member
            player.save(update_fields=["member"])


@transaction.atomic
def entrant_register_members(*, event: Event, person_fields: tuple[str, ...], **values) -> Partnership:
    """entrant_register, with each of `person_fields` read as a member number or a name."""
    picked = _members_of(event, values, person_fields)
    made = entrant_register(event=event, **values)
    _link(made, picked)
    return made


@transaction.atomic
def entrant_update_members(*, partnership: Partnership, person_fields: tuple[str, ...], **values) -> Partnership:
    """entrant_update, with each of `person_fields` read as a member number or a name."""
    picked = _members_of(partnership.event, values, person_fields)
    saved = entrant_update(partnership=partnership, **values)
    saved = Partnership.objects.select_related("player_one", "player_two").get(pk=saved.pk)
    _link(saved, picked)
    return saved
