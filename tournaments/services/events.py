"""Events and their staff: create, change, list, delete an event; add and remove its organizers
and scorers. Each public function is one transaction.
"""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.text import slugify
from django.utils.translation import gettext as _

from scoring.engine import formats, layouts
from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import ENTRANTS, MEDAL_SCOPES

from ..models import Event, EventStaff, Partnership, Player, Round, Table

# Who plays an event that does not say: the default layout's entrants (partnerships).
DEFAULT_ENTRANTS = layouts.LAYOUTS[layouts.DEFAULT_LAYOUT].entrants

# --- Events and staff --------------------------------------------------------------------------

EVENT_FIELDS = ("name", "date", "venue", "rules_preset", "rule_overrides", "rounds", "hands_per_round",
                "sit_out_policy", "sit_out_points", "confirmation_required", "confirmation_check", "medal_scope",
                "page_size", "language", "format", "hand_limit", "games_per_round", "wins_per_round", "rank_by",
                "entrants", "layout", "mixed_sizes")
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

    event_format = get("format", formats.DEFAULT_FORMAT)
    if event_format not in rules_engine.EVENT_FORMATS:
        raise ValidationError({"format": _("%(value)s is not one of session, games") % {"value": repr(event_format)}})
    played_as = formats.event_format(event_format)
    if played_as.needs_hands_per_round and "hands_per_round" in values and values["hands_per_round"] is None:
        raise ValidationError({"hands_per_round": _("A session needs the number of hands in a round.")})
    if not played_as.ends_games:  # the games settings are used only where a hand can end a game
        return
    try:
        games_engine.GamesSetup(get("hand_limit"), get("games_per_round"), get("wins_per_round"),
                                tuple(get("rank_by") or games_engine.DEFAULT_RANK_BY))
    except games_engine.GamesError as exc:
        field, _sep, message = str(exc).partition(": ")
        raise ValidationError({field if field in EVENT_FIELDS else "__all__": message or str(exc)}) from None


def _check_entrants(values: dict, event: Event | None = None) -> None:
    """Who plays fits the rules (README, "Events of individuals"): a three-handed rule set is for
    individuals only. An event of individuals may be played as a session or as games to 500. A
    layout given (scoring.engine.layouts) must seat these entrants under this rule set."""
    def get(name, default):
        return values[name] if name in values else getattr(event, name, default) if event else default

    entrants = get("entrants", DEFAULT_ENTRANTS)
    if entrants not in ENTRANTS:
        raise ValidationError({"entrants": _("%(value)s is not one of %(choices)s")
                                           % {"value": repr(entrants), "choices": ", ".join(ENTRANTS)}})
    preset = get("rules_preset", rules_engine.DEFAULT_PRESET)
    players = rules_engine.PRESETS[preset].players if preset in rules_engine.PRESETS else 4
    try:
        layouts.layout_for(entrants, players)
    except layouts.LayoutError:
        raise ValidationError({"rules_preset": _("This rule set is for three players, each for himself: choose "
                                                 "“Individual players”, or a rule set for four.")}) from None
    if "layout" in values:
        layout = layouts.LAYOUTS.get(values["layout"])
        if layout is None:
            raise ValidationError({"layout": _("%(value)s is not one of %(choices)s") % {
                "value": repr(values["layout"]), "choices": ", ".join(layouts.LAYOUTS)}})
        if layout.entrants != entrants or layout.rules_players != players:
            raise ValidationError({"layout": _("This kind of table does not fit who plays and the rule set: choose "
                                               "another, or change them.")})
    mixed, fours = get("mixed_sizes", ""), layouts.layout(layouts.MIXED_EVENT_LAYOUT)  # its tables of four
    if mixed and (mixed not in layouts.MIXED_CHOICES or entrants != fours.entrants or players != fours.rules_players
                  or get("layout", "") != fours.name
                  or not formats.event_format(get("format", formats.DEFAULT_FORMAT)).ends_games):
        raise ValidationError({"layout": _("Mixed table sizes are for individual players playing games to 500 under "
                                           "a rule set for four: points won at tables of different sizes are not "
                                           "comparable.")})


def event_layout(values: dict) -> str:
    """The layout a new event is played at: the one given, else the one its entrants and rule set
    seat (scoring.engine.layouts.layout_for), named once here and stored on the event."""
    if values.get("layout"):
        return values["layout"]
    preset = rules_engine.PRESETS[values.get("rules_preset", rules_engine.DEFAULT_PRESET)]
    return layouts.layout_for(values.get("entrants", DEFAULT_ENTRANTS), preset.players).name


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
    values["layout"] = event_layout(values)
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
    if ({"layout", "mixed_sizes"} & set(changed)) and event.round_set.exists():
        errors["layout"] = _("cannot change: the movement has been generated for the current tables")
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
