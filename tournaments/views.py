"""Event pages: the public list and event page, and the organizer's pages before and between
rounds (settings, staff, registration, check-in, movement, round dashboard).

Each view gets its object, validates a form, calls one service and redirects. Scores are entered
on scoring's pages; this module writes nothing to the ORM itself.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring.engine import registration
from scoring.engine.vocabulary import DEFAULT_LANGUAGE, LANGUAGE_CODES

from . import layouts, selectors, services
from .forms import (
    FORCE_CLOSE_LABEL,
    CloseRoundForm,
    EventForm,
    FlagForm,
    ImportForm,
    ListingForm,
    StaffForm,
    add_service_errors,
    form_messages,
    offer_members,
)
from .models import EventStaff, Partnership, Round, Table
from .permissions import can_score, is_organizer, organizer_required, scorer_required
from .services.club_members import entrant_register_members, entrant_update_members
from .tables import PartnershipTable, StaffTable


def _errors(error: ValidationError) -> list[str]:
    if hasattr(error, "error_dict"):
        return [m for msgs in error.message_dict.values() for m in msgs]
    return list(error.messages)


def _flash(request, error: ValidationError) -> None:
    for message in _errors(error):
        messages.error(request, message)


def _replanned(request, numbers: list[int]) -> None:
    if numbers:
        messages.warning(request, _("Rounds %(first)s–%(last)s were planned again.")
                         % {"first": numbers[0], "last": numbers[-1]} if len(numbers) > 1
                         else _("Round %(number)s was planned again.") % {"number": numbers[0]})


# --- Public -----------------------------------------------------------------------------------

def event_list(request):
    return render(request, "tournaments/event_list.html", {"events": selectors.event_list_for(request.user)})


def event_detail(request, slug):
    event = get_object_or_404(selectors.events(), slug=slug)
    context = selectors.event_page(event)
    context.update(is_organizer=is_organizer(request.user, event), is_staff=can_score(request.user, event),
                   partnership_table=PartnershipTable(context["partnerships"]))
    return render(request, "tournaments/event_detail.html", context)


# --- Settings and staff -----------------------------------------------------------------------

@organizer_required
def event_listing(request, event):
    form = ListingForm(request.POST or None, instance=selectors.event_copy(event))
    if request.method == "POST" and form.is_valid():
        services.event_listing(event=event, **form.cleaned_data)
        messages.success(request, _("Shown on the public list.") if form.cleaned_data["listed"]
                         else _("Hidden from the public list (its address still works)."))
        return redirect("tournaments:event-listing", event.slug)
    return render(request, "tournaments/event_listing.html", {"event": event, "form": form})


@organizer_required
def event_delete(request, event):
    if request.method == "POST":
        try:
            name = services.event_delete(event=event, confirm=request.POST.get("confirm", ""))
        except ValidationError as error:
            _flash(request, error)
            return redirect("tournaments:event-listing", event.slug)
        messages.success(request, _("%(name)s was deleted.") % {"name": name})
        return redirect("tournaments:event-list")
    if not event.practice:
        messages.error(request, _("%(name)s is not a practice event: only practice events can be deleted.")
                       % {"name": event.name})
        return redirect("tournaments:event-listing", event.slug)
    return render(request, "tournaments/event_delete.html", {"event": event, **selectors.event_size(event)})


CREATE_EVENTS = "tournaments.add_event"


def organizer_language(request) -> str:
    """The site language the organizer is working in ("es" for "es-mx"), English when not one of the site's."""
    code = (getattr(request, "LANGUAGE_CODE", "") or "").split("-")[0].lower()
    return code if code in LANGUAGE_CODES else DEFAULT_LANGUAGE


@login_required
def event_create(request):
    if not request.user.has_perm(CREATE_EVENTS):
        return render(request, "tournaments/event_create_refused.html", status=403)
    # The event's language starts as the organizer's (the language this page is in), so its sheets
    # print in it unless the organizer chooses another.
    form = EventForm(request.POST or None, initial={"date": timezone.localdate(),
                                                    "language": organizer_language(request)})
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create(by=request.user, **form.service_values())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, layouts.say(event, "ready", name=event.name))
            return redirect("tournaments:partnerships", event.slug)
    return render(request, "tournaments/event_form.html", {"form": form, "creating": True})


@organizer_required
def event_edit(request, event):
    form = EventForm(request.POST or None, instance=selectors.event_copy(event),
                     entrants_locked=services.event_entrants_locked(event))
    if request.method == "POST" and form.is_valid():
        try:
            services.event_update(event=event, **form.service_values())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("Settings saved."))
            return redirect("tournaments:event-detail", event.slug)
    return render(request, "tournaments/event_form.html",
                  {"form": form, "event": event, "rules_locked": services.event_has_hands(event)})


@organizer_required
def staff(request, event):
    form = StaffForm(request.POST or None, can_grant=request.user.has_perm(CREATE_EVENTS))
    if request.method == "POST" and form.is_valid():
        try:
            services.staff_add(event=event, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            username, role = form.cleaned_data["username"].strip(), form.cleaned_data["role"]
            message = (_("%(name)s is now an organizer here.") if role == EventStaff.Role.ORGANIZER
                       else _("%(name)s is now a scorer here."))
            messages.success(request, message % {"name": username})
            return redirect("tournaments:staff", event.slug)
    table = StaffTable(event.staff.select_related("user").order_by("role", "user__username"))
    return render(request, "tournaments/staff.html", {"event": event, "form": form, "table": table})


@require_POST
@organizer_required
def staff_remove(request, event, staff_id):
    member = get_object_or_404(EventStaff, pk=staff_id, event=event)
    try:
        services.staff_remove(staff=member, by=request.user)
    except ValidationError as error:
        _flash(request, error)
    return redirect("tournaments:staff", event.slug)


# --- Registration and check-in ----------------------------------------------------------------

@organizer_required
def partnerships(request, event):
    """Registration: partnerships, or in an event of individuals players (one name each): the form
    the event's layout registers its entrants with (tournaments.layouts)."""
    form = offer_members(layouts.kind_for(event).form(request.POST or None,
                                                      initial={"number": services.next_partnership_number(event)}),
                         event)
    if request.method == "POST" and form.is_valid():
        try:
            made = entrant_register_members(event=event, person_fields=form.person_fields, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, layouts.say(event, "registered", number=made.number, players=made.players_label))
            return redirect("tournaments:partnerships", event.slug)
    return render(request, "tournaments/partnerships.html",
                  {"event": event, "form": form, **selectors.registration_page(event)})


@organizer_required
def partnership_edit(request, event, number):
    partnership = get_object_or_404(Partnership.objects.select_related("player_one", "player_two"),
                                    event=event, number=number)
    edit_form = layouts.kind_for(event).edit_form
    form = offer_members(edit_form(request.POST or None, initial=edit_form.initial_for(partnership)), event)
    if request.method == "POST" and form.is_valid():
        try:
            saved = entrant_update_members(partnership=partnership, person_fields=form.person_fields,
                                           **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, layouts.say(event, "saved", number=number, players=saved.players_label))
            return redirect("tournaments:partnerships", event.slug)
    return render(request, "tournaments/partnership_edit.html",
                  {"event": event, "partnership": partnership, "form": form})


@organizer_required
def partnership_import(request, event):
    form = ImportForm(request.POST or None, request.FILES or None, file_help=layouts.say(event, "file_help"),
                      text_help=layouts.say(event, "text_help"))
    if request.method == "POST" and form.is_valid():
        try:
            made = services.entrants_import(event=event, data=form.cleaned_data["data"])
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, layouts.say(event, "imported", count=len(made)))
            skipped = registration.heading(form.cleaned_data["data"])
            if skipped:
                messages.info(request, _("The first line, “%(line)s”, was read as a heading and skipped.")
                              % {"line": skipped})
            return redirect("tournaments:partnerships", event.slug)
    return render(request, "tournaments/partnership_import.html",
                  {"event": event, "form": form, "import_example": layouts.kind_for(event).import_example})


@organizer_required
def check_in(request, event):
    context = selectors.check_in_page(event, request.GET.get("q", ""), request.GET.get("changed", ""))
    return render(request, "tournaments/check_in.html", {"event": event, **context})


@require_POST
@organizer_required
def partnership_check_in(request, event, number):
    partnership = get_object_or_404(Partnership, event=event, number=number)
    form = FlagForm(request.POST, name="checked_in")
    try:
        if not form.is_valid():
            raise ValidationError(form_messages(form))
        _replanned(request, services.partnership_check_in(partnership=partnership, checked_in=form.value))
    except ValidationError as error:
        _flash(request, error)
    if request.POST.get("back") == "partnerships":
        return redirect("tournaments:partnerships", event.slug)
    # The check-in page then says what the tap did, with a button to undo it.
    return redirect(f"{reverse('tournaments:check-in', args=[event.slug])}?changed={partnership.number}")


@require_POST
@organizer_required
def partnership_withdraw(request, event, number):
    partnership = get_object_or_404(Partnership, event=event, number=number)
    form = FlagForm(request.POST, name="withdrawn")
    try:
        if not form.is_valid():
            raise ValidationError(form_messages(form))
        numbers = services.partnership_withdraw(partnership=partnership, withdrawn=form.value)
    except ValidationError as error:
        _flash(request, error)
    else:
        partnership.refresh_from_db()
        messages.success(request, layouts.say(event, "withdrawn" if partnership.withdrawn else "reinstated",
                                              number=number))
        _replanned(request, numbers)
        if partnership.withdrawn and (note := selectors.open_table_of(partnership)):
            messages.warning(request, note)
    return redirect("tournaments:partnerships", event.slug)


# --- Movement and rounds ----------------------------------------------------------------------

@require_POST
@organizer_required
def movement_generate(request, event):
    try:
        rounds = services.movement_generate(event=event)
    except ValidationError as error:
        _flash(request, error)
        return redirect("tournaments:check-in", event.slug)
    messages.success(request, ngettext("Movement ready: %(count)s round. Start round 1 from the dashboard.",
                                       "Movement ready: %(count)s rounds. Start round 1 from the dashboard.",
                                       len(rounds)) % {"count": len(rounds)})
    return redirect("tournaments:movement", event.slug)


def movement_page(request, slug):
    event = get_object_or_404(selectors.events(), slug=slug)
    return render(request, "tournaments/movement.html",
                  {"event": event, "grid": selectors.movement_grid(event),
                   "is_organizer": is_organizer(request.user, event)})


@scorer_required
def dashboard(request, event, number=None):
    context = selectors.dashboard(event, number)
    context.update(is_organizer=is_organizer(request.user, event))
    return render(request, "tournaments/dashboard.html", context)


@require_POST
@organizer_required
def round_open(request, event, number):
    rnd = get_object_or_404(Round, event=event, tiebreak__isnull=True, number=number)
    try:
        services.round_open(rnd=rnd)
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.success(request, _("Round %(number)s is in play: the table links take scores now.")
                         % {"number": number})
    return redirect("tournaments:round", event.slug, number)


@require_POST
@organizer_required
def round_close(request, event, number):
    rnd = get_object_or_404(Round, event=event, tiebreak__isnull=True, number=number)
    form = CloseRoundForm(request.POST)
    try:
        if not form.is_valid():  # a reason too long is refused, not dropped
            raise ValidationError(form_messages(form))
        values = {k: v for k, v in form.cleaned_data.items() if k != "anyway"}
        services.round_close(rnd=rnd, by=request.user.get_username(), **values)
    except ValidationError as error:
        if form.is_valid() and form.cleaned_data["anyway"] and not form.cleaned_data["force"]:
            count = len(_errors(error))
            messages.error(request, ngettext(
                "Round %(number)s is still in play: tick “%(box)s” and give a reason to close it with %(count)s "
                "table not ready.",
                "Round %(number)s is still in play: tick “%(box)s” and give a reason to close it with %(count)s "
                "tables not ready.", count) % {"number": number, "box": FORCE_CLOSE_LABEL, "count": count})
        else:
            _flash(request, error)
    else:
        messages.success(request, _("Round %(number)s closed.") % {"number": number})
    return redirect("tournaments:round", event.slug, number)


@require_POST
@organizer_required
def round_reopen(request, event, number):
    rnd = get_object_or_404(Round, event=event, tiebreak__isnull=True, number=number)
    try:
        services.round_reopen(rnd=rnd, by=request.user.get_username())
    except ValidationError as error:
        _flash(request, error)
    else:
        messages.warning(request, _("Round %(number)s is in play again: close it when the tables are done.")
                         % {"number": number})
    return redirect("tournaments:round", event.slug, number)


@require_POST
@organizer_required
def round_next(request, event):
    try:
        rnd = services.round_start_next(event=event)
    except ValidationError as error:
        _flash(request, error)
        return redirect("tournaments:dashboard", event.slug)
    messages.success(request, _("Round %(number)s is in play.") % {"number": rnd.number})
    return redirect("tournaments:round", event.slug, rnd.number)


@require_POST
@organizer_required
def table_revoke(request, event, table_id):
    table = get_object_or_404(Table, pk=table_id, round__event=event)
    services.table_revoke_link(table=table)
    messages.warning(request, _("Table %(number)s's old link and code no longer work. Its new code is %(code)s.")
                     % {"number": table.number, "code": table.short_code})
    return redirect("tournaments:round", event.slug, table.round.number)
