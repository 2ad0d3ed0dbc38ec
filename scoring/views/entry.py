"""Score entry at the table: the table link (no account), the same page for an event's staff, the
organizer's paper-sheet grid, confirmation, disputes, corrections and the change history.

Two ways in, one set of views: `by_token` (a table's secret code; covers that table only) and
`by_staff` (organizer or scorer of the table's event). Both hand the view an Access that says who
is writing. The views validate forms and call scoring.services; they compute no points and write
nothing to the ORM themselves.

A save may carry `client_id`, the phone's own id for it (README, "When the wifi drops"); a phone
replaying its queue asks for JSON (Accept: application/json) and is answered "saved", "already"
(with what was stored under that id) or "refused" (with the reason in plain words), never a page.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import nullcontext
from dataclasses import dataclass
from functools import cached_property, wraps

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.db import transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import path, reverse
from django.utils.html import escape
from django.utils.translation import get_language, gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST, require_safe

from scoring import corrections, entry_data, previews, services
from scoring.adapters import table_adapter
from scoring.engine.textsafe import whole_number
from scoring.forms import (
    ConfirmForm,
    DisputeForm,
    SheetReasonForm,
    SideForm,
    TableCodeForm,
    allows_no_bid,
    sheet_formset,
)
from scoring.models import Hand
from tournaments import language
from tournaments.forms import add_service_errors
from tournaments.models import Table, normalize_token
from tournaments.permissions import is_organizer, organizer_required, role_for, scorer_required

from . import cuts

# {table pk: "ns" | "ew" | "1".."3"}: the side (or seat) this phone PROVED with its PIN (docs/trust.md).
# A new key: a side merely chosen before PINs were asked is not trusted.
SESSION_SIDES = "entry_proven"
SESSION_PLAYERS = "entry_players"  # {table pk: "N".."W"}: the player who proved a progressive table's phone
GRID_SPARE_ROWS = 12  # a games event's paper sheet: empty rows after the stored hands


@dataclass
class Access:
    """Who is at the page: a phone holding the table link (with its side) or a staff member."""

    table: Table
    actor: services.Actor
    side: str = ""  # proven with the side's (or player's) PIN: a phone with no side may only read
    token: str = ""
    organizer: bool = False
    seat: str = ""  # a progressive table: the seat of the player who proved this phone

    @property
    def event(self):
        return self.table.round.event

    @property
    def adapter(self):
        """The table layout's adapter (scoring.adapters): its forms, templates and preview."""
        return table_adapter(self.table)

    @property
    def via_token(self) -> bool:
        return bool(self.token)

    @property
    def state(self) -> str:
        """Why this page may only be read (README, "What a table link may do"): "planned" (through the
        table link, before the round starts), "closed" (for all but an organizer), "confirmed" (through the
        table link); "" when it may write. The services check the same under their locks."""
        status = self.table.round.status
        if status == "planned" and self.via_token:
            return "planned"
        if status == "closed" and not self.organizer:
            return "closed"
        if self.via_token and self.table.confirmed_at and not self.table.disputed_at:
            return "confirmed"
        return ""

    @property
    def read_only(self) -> bool:
        return bool(self.state)

    @property
    def closed(self) -> bool:
        """Closed rounds take no more writes, except an organizer's corrections."""
        return self.state == "closed"

    def url(self, name: str, *args) -> str:
        if self.via_token:
            view = "scoring:table-entry" if name == "entry" else f"scoring:table-{name}"
            return reverse(view, args=[self.token, *args])
        route = "scoring:table-manage" if name == "entry" else f"scoring:table-manage-{name}"
        return reverse(route, args=[self.event.slug, self.table.pk, *args])

    @cached_property
    def urls(self) -> dict[str, str]:
        names = ["entry", "confirm", "dispute"] + (["side"] if self.via_token else ["sheet"])
        return {name: self.url(name) for name in names}

    def sheet(self) -> entry_data.TableSheet:
        """The table's sheet, each hand row carrying the link to correct it."""
        sheet = entry_data.table_sheet(self.table)
        for row in sheet.rows:
            row.url = self.url("hand", row.hand.number)
        return sheet

    def confirm_check(self) -> str:
        """What a confirmation types: nothing. A phone proved its side once (choose_side), so it
        confirms with a button; staff never type a code (docs/trust.md)."""
        return ""

    def trust(self, sheet) -> entry_data.Trust:
        return entry_data.trust_state(sheet, self.side if self.via_token else "", public=self.via_token)


def _side_actor(table, side: str, seat: str = "") -> services.Actor:
    """Who wrote, as the history, the sheets and the other phone show it: in the players' words
    (the table adapter's phone_label). At a progressive table the proven player (`seat`) writes for his side."""
    return services.Actor(label=table_adapter(table).phone_label(table, side, seat), side=side)


def _saving(request, saves: bool):
    """A POST to a view that saves (`saves`) runs in one transaction, its table read once under its
    locks (entry_data.load_table(locked=True)): the form is checked against the same hands the save
    writes beside. Anything else reads the table without locks."""
    return transaction.atomic() if saves and request.method == "POST" else nullcontext()


def by_token(view, saves: bool = False):
    """The table link: the token finds exactly one table; a revoked or unknown one gets a plain 404.
    `saves`: the view saves a hand on POST (_saving)."""

    @language.language_from_view  # the event's language comes with the table: no look-up of its own
    @wraps(view)
    def wrapper(request, token, **kwargs):
        with _saving(request, saves):
            return _by_token(view, request, token, saves, **kwargs)

    return wrapper


def _by_token(view, request, token, saves, **kwargs):
    """by_token's work: the table found by its token (under its locks when the POST saves), the language, the side."""
    try:
        table = entry_data.load_table(Table.objects, locked=saves and request.method == "POST",
                                      token=normalize_token(token))
    except Table.DoesNotExist:
        return render(request, "scoring/table_missing.html", status=404)
    language.use_event_language(request, table.round.event.language)
    side = request.session.get(SESSION_SIDES, {}).get(str(table.pk), "")
    seat = request.session.get(SESSION_PLAYERS, {}).get(str(table.pk), "") if side else ""
    actor = _side_actor(table, side, seat) if side else services.Actor(label=gettext("a table phone"))
    return view(request, Access(table=table, actor=actor, side=side, token=table.token, seat=seat), **kwargs)


def _staff_table(event, table_id, locked: bool = False) -> Table:
    try:
        return entry_data.load_table(Table.objects, locked=locked, round__event=event, pk=table_id)
    except Table.DoesNotExist:
        raise Http404("No such table at this event.") from None


def _staff_access(request, event, table_id, locked: bool = False) -> Access:
    table = _staff_table(event, table_id, locked)
    organizer = is_organizer(request.user, event)
    label = services.staff_label(request.user.get_username(), role_for(request.user, event))
    return Access(table=table, actor=services.Actor(label=label, user=request.user, is_organizer=organizer),
                  organizer=organizer)


def by_staff(view, check=scorer_required, saves: bool = False):
    @check
    @wraps(view)
    def wrapper(request, event, table_id, **kwargs):
        with _saving(request, saves):
            locked = saves and request.method == "POST"
            return view(request, _staff_access(request, event, table_id, locked), **kwargs)

    return wrapper


def _page(request, access, *, sheet=None, form=None, preview=None, confirm_form=None, dispute_form=None, status=200):
    sheet = sheet or access.sheet()
    writable = not access.read_only and (access.side or not access.via_token)
    if form is None and writable and sheet.next_number is not None:
        form = access.adapter.entry_form(sheet=sheet)
    grid, specials = entry_data.contract_grid(access.event.rules)
    context = {
        "access": access, "sheet": sheet, "event": access.event, "form": form if writable else None,
        "preview": preview, "contract_rows": grid, "contract_specials": specials,
        "preview_script": access.adapter.preview_script(access.event.rules),
        "confirm_form": confirm_form or ConfirmForm(check=access.confirm_check()),
        "dispute_form": dispute_form or DisputeForm(),
        "can_confirm": writable and sheet.confirmable and access.event.confirmation_required,
        "offline_data": _offline_data(access, sheet),
        "trust": access.trust(sheet), "game_base": sheet.game_scores, "adapter": access.adapter,
        "phone_words": access.adapter.side_words(sheet, access.side) if access.side else "",
    }
    return render(request, access.adapter.entry_template, context, status=status)


def _side_page(request, access, form=None, status=200):
    """Who holds this phone, and the PIN that proves it (docs/trust.md): one screen, asked once."""
    return render(request, "scoring/table_side.html",
                  {"access": access, "table": access.table, "event": access.event, "form": form or SideForm(),
                   "round_name": entry_data.round_name(access.table.round),
                   "seats": entry_data.seats_for(access.table), "adapter": access.adapter,
                   "by_number": access.event.confirmation_check == "number"}, status=status)


def _unproven_words(access, request) -> str:
    """Why a phone's kept save is refused when the phone is not (or no longer) proven as the side
    that kept it; "" when it may go on. The phone keeps the save and shows these words."""
    kept = request.POST.get("side", "")  # static/js/offline.js: the side the phone had proven when it kept the save
    if not access.side:
        return gettext("This phone is not known at table %(number)s any more (it forgot who you are), so this "
                       "was not saved. It is kept on the phone: open the table's page, choose who you are, type "
                       "your PIN, then press Try again.") % {"number": access.table.number}
    if kept and kept != access.side:
        return gettext("This was kept on this phone for %(kept)s, but the phone is now used by %(side)s, so it was "
                       "not saved. It stays on this phone: %(kept)s open the table's page on it, choose who they "
                       "are, type their PIN, then press Try again.") % {
            "kept": _side_name(access.table, kept), "side": _side_name(access.table, access.side)}
    return ""


def _side_name(table, side: str) -> str:
    """A side as the table's phones say it: "N-S", "E-W", a table of three's player by name."""
    if side in entry_data.SIDE_LABELS:
        return entry_data.side_label(side)
    return next((seat.name for seat in entry_data.seats_for(table) if seat.seat == side), side)


def entry(request, access):
    """The table's page: prove who holds the phone once, then enter the next hand, see totals, confirm."""
    queued = request.method == "POST" and _wants_json(request)
    if access.via_token and (queued or not access.side):
        words = _unproven_words(access, request) if queued else ""
        if words:
            return _refused(words)
        if not access.side:
            return _side_page(request, access)
    client_id = request.POST.get("client_id", "") if request.method == "POST" else ""
    receipt = services.client_save_for(client_id)
    if receipt is not None and receipt.table_id == access.table.pk and receipt.kind == "hand":
        if not _same_hand(access, receipt, request.POST):
            words = services.reused_words(receipt)
            if queued:
                return _refused(f"{words} {gettext('Sending it again will not help: press Discard.')}", again=False)
            messages.error(request, words)
            return redirect(access.url("entry"))
        return _already(request, access, receipt,
                        gettext("Hand %(number)s was already saved.") % {"number": receipt.hand_number})
    if queued and access.read_only:
        return _refused(_state_words(access))
    sheet = access.sheet()
    if request.method == "POST" and access.read_only:  # the page says why (planned, closed, confirmed)
        return _page(request, access, sheet=sheet, status=400)
    data = request.POST if request.method == "POST" else _prefill(request, sheet)
    form = access.adapter.entry_form(data, sheet=sheet) if data is not None else None
    if form is None or not form.is_valid() or request.method == "GET" or "preview" in request.POST:
        if queued and form is not None:
            return _refused(_form_words(form))
        status = 400 if request.method == "POST" and form is not None and form.errors else 200
        return _page(request, access, sheet=sheet, form=form, preview=_preview(access, form, sheet), status=status)
    try:
        hand = services.hand_record(table=access.table, number=form.cleaned_data["number"], actor=access.actor,
                                    side=access.side, client_id=client_id, **form.hand_values())
    except ValidationError as exc:
        if queued:
            stored = _taken(access, exc, form.cleaned_data["number"])
            if stored is not None:
                return _conflict(access, sheet, stored, form.hand_values())
        add_service_errors(form, exc)
        if queued:
            return _refused(_form_words(form))
        return _page(request, access, sheet=sheet, form=form, status=400)
    if queued:
        return JsonResponse({"status": "saved", "message": gettext("Hand %(number)s saved.") % {"number": hand.number},
                             "result": services.hand_snapshot(hand)})
    # Shown in the page's save result (table_entry.html, #saved) just above the next hand's form, where the
    # page lands: the saved hand's line with its points, so the eye sees what was stored.
    messages.success(request, gettext("Hand %(number)s saved: %(hand)s")
                     % {"number": hand.number, "hand": _hand_words(sheet, services.hand_snapshot(hand))},
                     extra_tags="hand-saved")
    if request.headers.get("X-Entry-Fetch"):
        # static/js/entry.js goes to the next hand itself: a real navigation, so the message above
        # shows there and the service worker keeps that page as the copy for a reload offline.
        return JsonResponse({"status": "saved", "next": access.url("entry")})
    return redirect(access.url("entry") + "#saved")


def _hand_words(sheet, values: dict) -> str:
    """A hand in words with its points, the players by name: "7♥ by N-S, 8 tricks · N-S +200, E-W +20"."""
    return entry_data.hand_summary(values, {seat.seat: seat.name for seat in sheet.seats})


def _taken(access, exc: ValidationError, number: int):
    """The hand stored under `number` when a kept save was refused because that number is taken (another
    phone entered the hand meanwhile, differently: services.hand_record's "already entered"), else None."""
    if "number" not in getattr(exc, "error_dict", {}):
        return None
    return Hand.objects.filter(table=access.table, number=number).first()


def _conflict(access, sheet, stored: Hand, values: dict) -> JsonResponse:
    """Two phones entered the same hand differently (one of them kept it offline): both versions in
    words with their points, so the phone can ask "keep mine" (a correction of the stored hand, at its
    version: the other side then accepts it, docs/trust.md) or "keep theirs" (drop the kept one)."""
    try:
        # Checked and scored as the table would store it, nothing written (services.hands).
        mine = _hand_words(sheet, services._clean_values(access.table, values))
    except ValidationError as exc:  # no longer a hand this table can take: only Discard helps
        return _refused(" ".join(exc.messages), again=False)
    return JsonResponse({
        "status": "conflict", "again": False, "number": stored.number, "version": stored.version,
        "message": gettext("Hand %(number)s was entered meanwhile on another phone, differently. Which one is "
                           "right?") % {"number": stored.number},
        "mine": mine, "theirs": _hand_words(sheet, services.hand_snapshot(stored)),
        "by": services.shown_label(stored.updated_by or stored.entered_by),
        "fix": access.url("hand", stored.number),
        "reason": gettext("Two phones entered hand %(number)s differently; this phone's version was kept.")
                  % {"number": stored.number},
    }, status=409)


def _same_hand(access, receipt, data) -> bool:
    """Whether a hand sent under a taken id is the one that id stored: an id means one hand. A form
    that no longer validates (the round's games ended with that very hand) is judged by its number."""
    sheet = access.sheet()
    form = access.adapter.entry_form(data, sheet=sheet)
    number = whole_number(str(data.get("number", "")))
    if not form.is_valid():
        return number == receipt.hand_number
    return services.receipt_matches(receipt, access.table, form.cleaned_data["number"], form.hand_values())


# --- answers to a phone sending its queue (README, "When the wifi drops") ------------------------

def _wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def _refused(message: str, status: int = 409, again: bool = True) -> JsonResponse:
    """Not saved, and sending it again as it is will not change that: the phone shows `message`
    beside what was typed and lets the person try again or discard it. `again` False: no later
    attempt can succeed (its id already stored another hand), so the phone offers Discard only."""
    return JsonResponse({"status": "refused", "message": message} | ({} if again else {"again": False}), status=status)


def _already(request, access, receipt, message: str):
    if _wants_json(request):
        return JsonResponse({"status": "already", "message": message, "result": receipt.result})
    messages.info(request, message, extra_tags="hand-saved")
    return redirect(access.url("entry"))


def _state_words(access) -> str:
    words = {
        "planned": gettext("%(round)s has not started, so nothing can be saved at this table yet. Ask the organizer."),
        "closed": gettext("The organizer closed %(round)s, so this was not saved. Show it to the organizer."),
        "confirmed": gettext("This table's scores were confirmed meanwhile, so this was not saved. "
                             "Ask an organizer or scorer to correct them."),
    }[access.state]
    return words % {"round": entry_data.round_name(access.table.round)} if "%(round)s" in words else words


def _form_words(form, confirming: bool = False) -> str:
    said = " ".join(dict.fromkeys(str(message) for messages_ in form.errors.values() for message in messages_))
    if confirming:
        return gettext("Not confirmed: %(why)s") % {"why": said} if said else gettext("Not confirmed.")
    return gettext("Not saved: %(why)s") % {"why": said} if said else gettext("Not saved.")


def _offline_data(access, sheet) -> dict:
    """What static/js/offline.js needs to keep hands on the phone and move the form on by itself:
    where this table's saves go, and who deals each hand (by name and seat letter; at a table of three
    by name: its seats are numbered)."""
    # Games to the bell: only the server knows when a game or the round ends, so offline the phone
    # keeps the hand on screen and goes no further than it (the form hides until the connection is back).
    hands = sheet.hands_per_round or sheet.next_number or sheet.count
    return {
        "page": access.urls["entry"], "confirm": access.urls["confirm"], "table": access.table.number,
        # The side (or seat) this phone proved: a kept save carries it, and the server sends it only
        # while the phone is still proven as that side (docs/trust.md).
        "side": access.side,
        "round": sheet.round.pk, "hands": hands, "stored": [row.hand.number for row in sheet.rows],
        "dealers": {n: access.adapter.dealer_words(sheet.seat(services.hand_dealer(access.table, n)))
                    for n in range(1, hands + 1)},
    }


# Files the table's page needs, cached by the service worker when it installs.
SHELL_FILES = ["css/site.css", "css/entry.css", "js/entry.js", "js/offline.js", "favicon.svg"]


@require_safe
@never_cache
def service_worker(request):
    """/t/sw.js: the table pages' service worker (README, "When the wifi drops"). Served from under
    /t/ so that its scope is the table pages and nothing else; rendered so that it names the static
    files by their current (hashed) URLs, and a new deployment makes a new worker."""
    shell = json.dumps([static(name) for name in SHELL_FILES])
    catalog = reverse("javascript-catalog")
    offline = {"lang": get_language() or settings.LANGUAGE_CODE, "title": escape(gettext("No connection")),
               "text": escape(gettext("This page has not been opened on this phone before, so there is no copy of "
                                      "it here. Join the hall's wifi and try again."))}
    script = render_to_string("scoring/table_sw.js", {
        "shell_json": shell, "catalog_json": json.dumps(catalog),
        "catalog_url_json": json.dumps(f"{catalog}?v={offline['lang']}"), "offline_json": json.dumps(offline),
        "static_prefix_json": json.dumps(settings.STATIC_URL if settings.STATIC_URL.startswith("/")
                                         else "/" + settings.STATIC_URL),
        # Not the language: a phone that changes it gets a new worker (its words differ) that keeps the same copies.
        "version": hashlib.sha256(shell.encode()).hexdigest()[:12],
    })
    response = HttpResponse(script, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = reverse("scoring:table-code")
    return response


def _prefill(request, sheet):
    """A link such as ?declarer=ns&contract=7H&tricks=8 opens the form filled in, with its preview."""
    if "contract" not in request.GET:
        return None
    data = request.GET.copy()
    data.setdefault("number", str(sheet.next_number or ""))
    data.setdefault("round", str(sheet.round.pk))
    return data


def _preview(access, form, sheet):
    """Server-side preview for a filled form (no JavaScript, or a prefilled link): scored by the layout."""
    if form is None or not form.is_bound or not form.is_valid():
        return None
    try:
        return access.adapter.preview(sheet, form.hand_values(), form.cleaned_data["number"])
    except ValidationError as exc:
        add_service_errors(form, exc)


@require_POST
def choose_side(request, access):
    """Who holds this phone, PROVEN with that side's (or player's) PIN, or number when the event's
    confirmation check says so (docs/trust.md); remembered in the session for this table, so the
    phone enters, corrects and confirms with no second PIN. "not you?" forgets it (another side
    then proves itself on the same phone).

    A progressive table: the phone proves one PLAYER (his own PIN, with his side or his seat) and
    acts for his side (N-S or E-W): it enters and corrects that side's hands and accepts the other
    side's, as his partner's phone would. A table of three: one player, one seat. A side or seat
    the table does not have is refused; wrong PINs count toward the table's lockout."""
    key = str(access.table.pk)
    if "clear" in request.POST:
        for name in (SESSION_SIDES, SESSION_PLAYERS):
            request.session[name] = {k: v for k, v in request.session.get(name, {}).items() if k != key}
        return redirect(access.url("entry"))
    form = SideForm(request.POST, sides=access.adapter.proof_sides(services.table_sides(access.table)))
    if form.is_valid():
        try:
            side, seat = services.side_prove(table=access.table, side=form.cleaned_data["side"],
                                             code=form.cleaned_data["code"])
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            for name, value in ((SESSION_SIDES, side), (SESSION_PLAYERS, seat)):
                remembered = {k: v for k, v in request.session.get(name, {}).items() if k != key}
                request.session[name] = remembered | ({key: value} if value else {})
            return redirect(access.url("entry"))
    return _side_page(request, access, form=form, status=400)


def hand_edit(request, access, number):
    """Correct one stored hand. The form carries the version it showed; a stale save writes nothing."""
    queued = request.method == "POST" and _wants_json(request)  # "keep mine" after a conflict (offline.js)
    words = _unproven_words(access, request) if queued and access.via_token else ""
    if words:
        return _refused(words, again=False)
    if access.via_token and not access.side:
        return redirect(access.url("entry"))
    sheet = access.sheet()
    hand = get_object_or_404(Hand, table=access.table, number=number)
    form = access.adapter.entry_form(request.POST or None, sheet=sheet, correcting=hand,
                                     initial=access.adapter.hand_initial(hand))
    cut = None  # a games correction ending its game early: the hands it removes, for the organizer to confirm
    if request.method == "POST" and form.is_valid() and "preview" not in request.POST:
        try:
            corrections.hand_correct(hand=hand, expected_version=form.cleaned_data["version"], actor=access.actor,
                                     reason=form.cleaned_data["reason"], remove=cuts.removal(request),
                                     **form.hand_values())
        except ValidationError as exc:
            add_service_errors(form, exc)
            cut = cuts.cut_context(sheet, exc)
        else:
            words = gettext("Hand %(number)s corrected.") % {"number": number}
            if queued:
                return JsonResponse({"status": "saved", "message": words})
            messages.success(request, words, extra_tags="hand-saved")  # in view where the page lands (#saved)
            return redirect(access.url("entry") + "#saved")
    if queued:
        return _refused(_form_words(form), again=False)
    hand.refresh_from_db()
    return _hand_page(request, access, sheet, hand, form, extra=cuts.page_extras(access, hand, cut))


def _hand_page(request, access, sheet, hand, form, extra=None):
    row = next(r for r in sheet.rows if r.hand.number == hand.number)
    grid, specials = entry_data.contract_grid(access.event.rules)
    confirmed = access.table.confirmed_at and not access.table.disputed_at
    return render(request, access.adapter.hand_template, {
        "access": access, "sheet": sheet, "event": access.event, "hand": hand, "row": row, "form": form,
        "correcting": True, "may_edit": not access.read_only and (not row.locked or access.organizer),
        "trust": access.trust(sheet), "adapter": access.adapter,
        "phone_words": access.adapter.side_words(sheet, access.side) if access.side else "",
        "needs_reason": (access.organizer and (row.locked or access.table.round.status == "closed"))
                        or (not access.via_token and confirmed),
        "stale": form.is_bound and str(form["version"].value()) != str(hand.version),
        "preview": _preview(access, form, sheet) if form.is_bound else None,
        "base": sheet.totals_without(hand.number), "game_base": sheet.totals_without(hand.number),
        "contract_rows": grid, "contract_specials": specials,
        "preview_script": access.adapter.preview_script(access.event.rules),
    } | (extra or {}), status=400 if form.is_bound and form.errors else 200)


@require_POST
def confirm(request, access):
    """Agree with the table's hands (docs/trust.md): a proven phone accepts every hand another side
    wrote, with a button (its PIN was typed once, on the side page); staff accept every hand. The
    table is confirmed when no hand waits; otherwise the phone says which hands wait for the other
    side. A confirmation kept offline and sent again is judged against the table as it is now."""
    form = ConfirmForm(request.POST, check=access.confirm_check())
    queued = _wants_json(request)
    if access.via_token and (queued or not access.side):
        words = _unproven_words(access, request) if queued else ""
        if words:
            return _refused(words)
        if not access.side:
            return redirect(access.url("entry"))
    client_id = request.POST.get("client_id", "")
    if form.is_valid():
        try:
            outcome = services.table_confirm(table=access.table, actor=access.actor, side=access.side,
                                             code=form.code(), client_id=client_id)
        except ValidationError as exc:
            add_service_errors(form, exc)
        else:
            return _confirmed(request, access, outcome, queued)
    if queued:
        return _refused(_form_words(form, confirming=True))
    return _page(request, access, confirm_form=form, status=400)


def _confirmed(request, access, outcome: services.Confirmation, queued: bool):
    number, accepted = access.table.number, ""
    if outcome.already:
        words = gettext("Table %(number)s was already confirmed.") % {"number": number}
    elif outcome.confirmed:
        words = gettext("Table %(number)s confirmed. Thank you!") % {"number": number}
    else:
        accepted = (ngettext("You accepted hand %(hands)s.", "You accepted hands %(hands)s.", len(outcome.accepted))
                    % {"hands": services.and_list(outcome.accepted)}) if outcome.accepted else ""
        words = " ".join(filter(None, [accepted, outcome.waiting_words()]))
    if queued:
        access.table.refresh_from_db(fields=["confirmed_at", "confirmed_by"])
        result = {"confirmed_by": services.shown_label(access.table.confirmed_by),
                  "confirmed_at": access.table.confirmed_at.isoformat()} if access.table.confirmed_at else {}
        return JsonResponse({"status": "already" if outcome.already else "saved", "message": words,
                             "confirmed": outcome.confirmed, "waiting": list(outcome.waiting), "result": result})
    if outcome.confirmed:
        (messages.info if outcome.already else messages.success)(request, words)
    elif accepted:  # the page's "Now the other side checks" says which hands wait: the note says what was done
        messages.success(request, accepted)
    else:
        messages.warning(request, words)
    return redirect(access.url("entry"))


@require_POST
def dispute(request, access):
    form = DisputeForm(request.POST)
    if access.via_token and not access.side:
        return redirect(access.url("entry"))
    if form.is_valid():
        try:
            services.table_dispute(table=access.table, actor=access.actor, reason=form.cleaned_data["reason"])
        except ValidationError as exc:
            form.add_error(None, exc.messages)
        else:
            messages.warning(request, gettext("The organizer has been told. Keep playing; they will come to "
                                              "your table."))
            return redirect(access.url("entry"))
    return _page(request, access, dispute_form=form, status=400)


def sheet_grid(request, access):
    """The organizer types a whole paper sheet: every row saved in one transaction, or none. The
    table's adapter gives a row's form (by side; at a table of three by player: bidder, contract, his
    tricks, the first defender's) and the page."""
    sheet = access.sheet()
    adapter = access.adapter
    stored = {row.hand.number: adapter.grid_initial(row.hand, sheet.seats) for row in sheet.rows}
    # Games to the bell have no hands per round: room for the stored hands and a few more games.
    rows = sheet.hands_per_round or min(max(stored, default=0) + GRID_SPARE_ROWS, services.MAX_GAMES_HANDS)
    FormSet = sheet_formset(rows, adapter.grid_row_form)
    form_kwargs = adapter.grid_form_kwargs(sheet)
    initial = [stored.get(n, {}) for n in range(1, rows + 1)]
    formset = FormSet(request.POST or None, initial=initial, form_kwargs=form_kwargs, prefix="hand")
    reason_form = SheetReasonForm(request.POST or None)
    general = []
    if request.method == "POST" and formset.is_valid() and reason_form.is_valid():
        signed = reason_form.cleaned_data["signed"] and access.event.confirmation_required
        try:
            services.table_record_sheet(table=access.table, rows=formset.row_values(), actor=access.actor,
                                        reason=reason_form.cleaned_data["reason"], confirm=signed)
        except ValidationError as exc:
            general = formset.add_service_errors(exc)
        else:
            words = (gettext("Score sheet for table %(number)s saved and confirmed.") if signed
                     else gettext("Score sheet for table %(number)s saved."))
            messages.success(request, words % {"number": access.table.number})
            return redirect(access.url("entry"))
    return render(request, adapter.grid_template, {
        "access": access, "sheet": sheet, "event": access.event, "adapter": adapter, "formset": formset,
        "reason_form": reason_form,
        "general_errors": general + list(formset.non_form_errors()),
        "preview_script": adapter.preview_script(access.event.rules),
        "contracts": entry_data.contract_choices(access.event.rules), "no_bid": allows_no_bid(access.event.rules),
        "grid_typing": previews.grid_typing(access.event.rules, access.event.language),
    } | adapter.grid_context(sheet), status=400 if request.method == "POST" else 200)


def table_code(request):
    """/t/: type the code printed on the score sheet when the QR code will not scan."""
    form = TableCodeForm(request.POST or request.GET or None)
    if form.is_bound and form.is_valid():
        return redirect("scoring:table-entry", token=form.cleaned_data["code"])
    return render(request, "scoring/table_code.html", {"form": form}, status=400 if form.is_bound else 200)


@scorer_required
def table_history(request, event, table_id):
    table = _staff_table(event, table_id)
    rows = entry_data.history_rows(entry_data.table_changes(table))
    return render(request, "scoring/history_table.html", {"event": event, "table": table, "rows": rows,
                                                          "trails": entry_data.hand_trails(table),
                                                          "seats": entry_data.seats_for(table),
                                                          "round_name": entry_data.round_name(table.round)})


@scorer_required
def event_history(request, event):
    page = Paginator(entry_data.event_changes(event), 100).get_page(whole_number(request.GET.get("page", "")) or 1)
    return render(request, "scoring/history_event.html",
                  {"event": event, "page": page, "rows": entry_data.history_rows(page.object_list)})


_manage = "events/<slug:slug>/score/tables/<int:table_id>/"
urlpatterns = [
    path("t/", table_code, name="table-code"),
    path("t/sw.js", service_worker, name="table-sw"),
    path("t/<str:token>/", by_token(entry, saves=True), name="table-entry"),
    path("t/<str:token>/side/", by_token(choose_side), name="table-side"),
    path("t/<str:token>/hands/<int:number>/", by_token(hand_edit), name="table-hand"),
    path("t/<str:token>/confirm/", by_token(confirm), name="table-confirm"),
    path("t/<str:token>/dispute/", by_token(dispute), name="table-dispute"),
    path(_manage, by_staff(entry, saves=True), name="table-manage"),
    path(_manage + "hands/<int:number>/", by_staff(hand_edit), name="table-manage-hand"),
    path(_manage + "confirm/", by_staff(confirm), name="table-manage-confirm"),
    path(_manage + "dispute/", by_staff(dispute), name="table-manage-dispute"),
    path(_manage + "sheet/", by_staff(sheet_grid, check=organizer_required), name="table-manage-sheet"),
    path(_manage + "history/", table_history, name="table-history"),
    path("events/<slug:slug>/history/", event_history, name="event-history"),
]
