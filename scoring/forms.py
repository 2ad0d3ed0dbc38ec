"""Forms for score entry: one hand, the organizer's paper-sheet grid, confirmation, dispute,
choosing a side, typing a table code.

Forms check shapes and give each field a plain message; the services check the rules again and
do every write. Nothing here touches the database except TableCodeForm's lookup.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import rules as rules_engine
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import DEFAULT_LANGUAGE, HAND_FIELDS, PENALTY_FORM_LABELS, PENALTY_WORDS, SIDE_LABELS
from scoring.entry_data import NOBID, contract_choices, seat_letter, seats_for
from scoring.models import Hand
from tournaments import language
from tournaments.forms import WholeNumberField
from tournaments.models import TOKEN_LENGTH, Table, normalize_token

TRICK_CHOICES = [(n, str(n)) for n in range(rules_engine.TRICKS_PER_HAND + 1)]
# "Who won the bid?" -> nobody: a hand nobody bid, where the rules play it at no trump (contract NOBID).
NOBODY = "none"


def allows_no_bid(rules: rules_engine.RuleSet) -> bool:
    return rules.no_bid == "play_no_trump"
# The grid's controls, named for a screen reader with their hand ("Hand 2 penalty side").
GRID_LABELS = {"declarer": pgettext_lazy("grid column", "bid by"),
               "penalty_kind": pgettext_lazy("grid column", "penalty"),
               "penalty_side": pgettext_lazy("grid column", "penalty side"),
               "penalty_seat": pgettext_lazy("grid column", "penalty seat"),
               "note": pgettext_lazy("grid column", "note")}


def _names(table) -> dict[str, str]:
    """{seat: player's name} at a table of four, whoever its entrants are (entry_data.seats_for)."""
    return {seat.seat: seat.name for seat in seats_for(table)}


def side_choices(table) -> list[tuple[str, str]]:
    """("ns", "N-S · Ana Garza & Marie Tremblay"): each side by its players, as the layout seats them."""
    layout, names = table.layout_spec, _names(table)
    return [(side, f"{language.label(SIDE_LABELS[side])} · "
             + " & ".join(names.get(seat, "") for seat in layout.seats_of(side))) for side in layout.sides]


def seat_choices(table) -> list[tuple[str, str]]:
    names = _names(table)
    return [("", gettext("Which player?"))] + [(seat, f"{seat_letter(seat)} · {names.get(seat, '')}")
                                               for seat in table.layout_spec.seats]


def side_pairs() -> list[tuple[str, str]]:
    """("ns", "N-S"), ("ew", "E-W"): the short labels, in the reader's language."""
    return [(side, language.label(text)) for side, text in SIDE_LABELS.items()]


class _HandFields(forms.Form):
    """The values of one hand, shared by the one-hand form and each row of the grid."""

    penalty_kind = forms.ChoiceField(label=_("Penalty or note"), choices=language.choices(PENALTY_FORM_LABELS),
                                     required=False)
    penalty_side = forms.ChoiceField(label=_("Which side revoked?"), required=False, widget=forms.RadioSelect)
    penalty_seat = forms.ChoiceField(label=_("Which player?"), required=False)
    note = forms.CharField(label=_("Note"), required=False, max_length=500,
                           error_messages={
                               "max_length": _("Keep the note under 500 characters (it has %(show_value)d).")})

    def __init__(self, *args, table, rules: rules_engine.RuleSet, **kwargs):
        super().__init__(*args, **kwargs)
        self.table, self.rules = table, rules
        self.fields["penalty_side"].choices = [("", "—")] + side_choices(table)
        self.fields["penalty_seat"].choices = seat_choices(table)

    def clean(self):
        data = super().clean()
        kind = data.get("penalty_kind") or ""
        # Fields left over from a penalty the scorer picked and then changed are dropped, not errors.
        if kind != "revoke":
            data["penalty_side"] = ""
        elif not data.get("penalty_side"):
            self.add_error("penalty_side", gettext("Say which side revoked."))
        if kind not in ("bid_out_of_turn", "exposed_card"):
            data["penalty_seat"] = ""
        elif kind == "bid_out_of_turn" and not data.get("penalty_seat"):
            self.add_error("penalty_seat", gettext("Say which player bid out of turn."))
        if kind == "note" and not data.get("note", "").strip():
            self.add_error("note", gettext("Write the note, or choose “No penalty”."))
        return data

    def hand_values(self) -> dict:
        return {name: self.cleaned_data.get(name) if name != "note" else self.cleaned_data.get("note", "").strip()
                for name in HAND_FIELDS}


class _OneHand(forms.Form):
    """What every layout's one-hand form shares (the table adapter's entry_form): the hand's number and
    round (hidden), the version a correction showed, and its reason; the checks of those."""

    number = WholeNumberField(widget=forms.HiddenInput, error_messages={"invalid": _("The hand number is missing.")})
    round = WholeNumberField(widget=forms.HiddenInput, error_messages={"invalid": _("The round is missing.")})
    version = WholeNumberField(widget=forms.HiddenInput, required=False)
    reason = forms.CharField(label=_("Reason for the correction"), required=False, max_length=500,
                             error_messages={"max_length": _("Keep the reason under 500 characters.")})

    def _place(self, sheet, correcting: Hand | None) -> None:
        """The hand this form enters (the table's next) or corrects, in the round the page was opened for."""
        self.sheet, self.correcting = sheet, correcting
        self.fields["number"].initial = correcting.number if correcting else sheet.next_number
        self.fields["round"].initial = sheet.round.pk
        if correcting:
            self.fields["version"].initial = correcting.version

    def clean_number(self):
        number = self.cleaned_data["number"]
        limit = self.sheet.hands_per_round
        stored = {row.hand.number for row in self.sheet.rows}
        if self.correcting is None and self.sheet.round_done:
            raise ValidationError(gettext("The round is done at this table: its last game is over, so no more "
                                          "hands can be entered."))
        if limit is None:  # a games event: the round ends when its games are done
            limit = max(stored | {self.sheet.next_number or 0, 1})
        if not 1 <= number <= limit:
            raise ValidationError(gettext("Hand %(number)s is not a hand of this round (1 to %(limit)s).")
                                  % {"number": number, "limit": limit})
        if self.correcting is None and number not in stored and number != self.sheet.next_number:
            raise ValidationError(gettext("Enter hand %(next)s before hand %(number)s.")
                                  % {"next": self.sheet.next_number, "number": number})
        return number

    def clean_round(self):
        if self.cleaned_data["round"] != self.sheet.round.pk:
            raise ValidationError(
                gettext("Table %(number)s is not in the round this page was opened for. Reload the page.")
                % {"number": self.sheet.table.number}
            )
        return self.cleaned_data["round"]

    def clean_version(self):
        if self.correcting is not None and self.cleaned_data.get("version") is None:
            raise ValidationError(gettext("The page is missing the hand's version. Reload the page."))
        return self.cleaned_data.get("version")


class HandForm(_OneHand, _HandFields):
    """One hand by side (a table of four), at the table or by an organizer; with `version` and `reason`
    for a correction."""

    declarer = forms.ChoiceField(label=_("Who won the bid?"), widget=forms.RadioSelect,
                                 error_messages={"required": _("Choose the side that won the bid.")})
    contract = forms.ChoiceField(label=_("Contract"), widget=forms.RadioSelect, required=False,
                                 error_messages={"required": _("Choose the contract.")})
    tricks = forms.TypedChoiceField(
        label=_("Tricks taken by the bidding side"), choices=TRICK_CHOICES, coerce=int, widget=forms.RadioSelect,
        required=False, empty_value=None,
        error_messages={"required": _("Choose how many tricks the bidding side took (0 to 10)."),
                        "invalid_choice": _("Tricks must be a number from 0 to 10; %(value)s is not.")},
    )
    # A hand nobody bid (only where the rules play it at no trump): the tricks N-S took.
    ns_tricks = forms.TypedChoiceField(
        label=_("Tricks N-S took"), choices=TRICK_CHOICES, coerce=int, widget=forms.RadioSelect, required=False,
        empty_value=None,
        error_messages={"invalid_choice": _("Tricks must be a number from 0 to 10; %(value)s is not.")})

    field_order = ["declarer", "contract", "tricks", "ns_tricks", "penalty_kind", "penalty_side", "penalty_seat",
                   "note"]

    def __init__(self, *args, sheet, correcting: Hand | None = None, **kwargs):
        table = sheet.table
        super().__init__(*args, table=table, rules=sheet.event.rules, **kwargs)
        self._place(sheet, correcting)
        self.no_bid = allows_no_bid(self.rules)
        self.fields["declarer"].choices = side_choices(table) + ([(NOBODY, gettext("Nobody bid"))]
                                                                 if self.no_bid else [])
        if not self.no_bid:
            del self.fields["ns_tricks"]
        self.fields["contract"].choices = contract_choices(self.rules)
        self.fields["contract"].error_messages["invalid_choice"] = gettext(
            "%(value)s is not a contract under the %(rules)s rules: pick one from the list."
        ).replace("%(rules)s", self.rules.label)

    def clean(self):
        data = super().clean()
        if data.get("declarer") == NOBODY:
            data["contract"], data["tricks"] = NOBID, 0
            if data.get("ns_tricks") is None and "ns_tricks" not in self.errors:
                self.add_error("ns_tricks", gettext("Choose how many tricks N-S took (0 to 10)."))
            if data.get("penalty_kind") == "revoke":
                self.add_error("penalty_kind", gettext("A hand nobody bid has no bid to defeat: write a note "
                                                       "instead of a revoke."))
        else:
            data["ns_tricks"] = None
            if not data.get("contract") and "contract" not in self.errors:
                self.add_error("contract", self.fields["contract"].error_messages["required"])
            if data.get("tricks") is None and "tricks" not in self.errors:
                self.add_error("tricks", self.fields["tricks"].error_messages["required"])
        return data

    def hand_values(self) -> dict:
        values = super().hand_values()
        if values["declarer"] == NOBODY:
            values.update(declarer="", contract=NOBID, tricks=0)
        values["ns_tricks"] = self.cleaned_data.get("ns_tricks") if values["contract"] == NOBID else None
        return values


def hand_initial(hand: Hand) -> dict:
    values = {name: getattr(hand, name) for name in HAND_FIELDS} | {"version": hand.version}
    if hand.contract == NOBID:
        values.update(declarer=NOBODY, contract="", tricks=None, ns_tricks=hand.ns_tricks)
    return values


def grid_initial(hand: Hand) -> dict:
    """A grid row: a hand nobody bid shows "Nobody bid" and the tricks N-S took in its Tricks box."""
    values = hand_initial(hand)
    if hand.contract == NOBID:
        values["tricks"] = hand.ns_tricks
    return values


def legal_contracts_hint(rules: rules_engine.RuleSet, event_language: str = DEFAULT_LANGUAGE) -> str:
    """The contracts this event's rules allow, in words for an error message: "type 6 to 10 and
    S, C, D, H or NT (e.g. 7H, 10NT), or MIS", the suit letters of the event's language (Spanish
    P, T, D, C or ST). Only the event's own specials are named."""
    legal = rules.legal_contracts()
    levels = sorted({c.tricks for c in legal if not c.is_special})
    letters = rules_engine.suit_letters(event_language)
    suits = [letters[s] for s in rules_engine.SUITS if any(c.suit == s for c in legal if not c.is_special)]
    specials = [c.code for c in legal if c.is_special]
    text = gettext("type %(low)s to %(high)s and %(suits)s or %(last)s (e.g. %(example)s%(hearts)s, "
                   "%(high)s%(notrump)s)") % {
        "low": levels[0], "high": levels[-1], "suits": ", ".join(suits[:-1]), "last": suits[-1],
        "example": levels[0] + 1 if len(levels) > 1 else levels[0], "hearts": letters["H"],
        "notrump": letters["NT"]}
    if specials:
        text += gettext(", or %(specials)s") % {
            "specials": (", ".join(specials[:-1]) + gettext(" or ") if len(specials) > 1 else "") + specials[-1]}
    return text


def typed_contract(rules: rules_engine.RuleSet, text: str, event_language: str = DEFAULT_LANGUAGE) -> str:
    """A contract typed in a grid cell as its code: in the event's language ("7c" is 7 hearts in a
    Spanish event, 7 clubs in an English one; ♠♣♦♥ in any), or a ValidationError naming this
    language's letters and only this event's contracts."""
    try:
        parsed = rules_engine.parse_typed_contract(text, event_language)
    except rules_engine.RulesError:
        # The engine's own message lists every special of every rule set; name only this event's.
        raise ValidationError(gettext("“%(text)s” is not a contract: %(hint)s.")
                              % {"text": text, "hint": legal_contracts_hint(rules, event_language)}) from None
    try:
        return rules.check_legal(parsed).code
    except rules_engine.RulesError:
        words = {"contract": f"{rules_engine.typed_code(parsed, event_language)} ({language.contract_label(parsed)})",
                 "rules": language.label(rules.label), "hint": legal_contracts_hint(rules, event_language)}
        message = (gettext("%(contract)s is not a contract under %(rules)s: %(hint)s.") if parsed.is_special
                   else gettext("Six bids are not allowed under %(rules)s: %(hint)s."))
        raise ValidationError(message % words) from None


def grid_language(table) -> str:
    """The language whose suit letters the organizer's grid reads and shows: the event's (Event.language)."""
    return table.round.event.language


def typed_initial(initial: dict, event_language: str) -> None:
    """A stored hand's contract as the grid shows it, in the event's letters ("7H" shows "7C" in Spanish)."""
    code = initial.get("contract")
    if code and code != NOBID:
        try:
            initial["contract"] = rules_engine.typed_code(rules_engine.parse_contract(code), event_language)
        except rules_engine.RulesError:
            pass  # shown as stored; the save says what is wrong with it


class _GridRow(forms.Form):
    """What every layout's grid row shares (the table adapter's grid_row_form): the stored hand's
    version, when a row is blank (none of `typed` filled), and asking for what a filled row lacks."""

    version = WholeNumberField(widget=forms.HiddenInput, required=False)
    typed: tuple[str, ...] = ()
    bidder_field = "declarer"

    def is_blank(self) -> bool:
        data = getattr(self, "cleaned_data", {})
        return not any(data.get(name) not in ("", None) for name in self.typed)

    def _ask_missing(self, data: dict) -> None:
        asks = ((self.bidder_field, gettext("Who bid?")), ("contract", gettext("Which contract?")),
                ("tricks", gettext("How many tricks?")))
        for name, message in asks:
            if data.get(name) in ("", None) and name not in self.errors:
                self.add_error(name, message)

    def _row_number(self) -> int | None:
        """This row's hand (the formset prefixes its rows hand-0, hand-1...), None outside a formset."""
        row = self.prefix.rsplit("-", 1)[-1] if self.prefix else ""
        return int(row) + 1 if row.isdigit() else None


class SheetRowForm(_GridRow, _HandFields):
    """One row of the organizer's grid by side. Typed contracts (7h, 10nt) so the grid stays on the keyboard."""

    declarer = forms.ChoiceField(label=_("Bid by"), required=False)
    contract = forms.CharField(label=_("Contract"), required=False, max_length=8,
                               error_messages={"max_length": _("A contract is at most 6 characters (e.g. 10NT).")})
    tricks = WholeNumberField(label=_("Tricks"), required=False, min_value=0, max_value=10,
                              error_messages={"min_value": _("Tricks must be 0 to 10. You typed %(value)s."),
                                              "max_value": _("Tricks must be 0 to 10. You typed %(value)s."),
                                              "invalid": _("Tricks must be a whole number from 0 to 10.")})

    field_order = ["declarer", "contract", "tricks", "penalty_kind", "penalty_side", "penalty_seat", "note"]
    typed = ("declarer", "contract", "tricks", "note", "penalty_kind")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["declarer"].choices = [("", "—"), *side_pairs()] + (
            [(NOBODY, gettext("Nobody bid"))] if allows_no_bid(self.rules) else [])
        self.fields["penalty_side"].widget = forms.Select()
        self.fields["penalty_side"].choices = [("", "—"), *side_pairs()]
        # Short labels: the grid has one narrow column each.
        self.fields["penalty_kind"].choices = [("", "—")] + [(kind, language.label(word))
                                                             for kind, word in PENALTY_WORDS.items()]
        self.fields["penalty_seat"].choices = [("", "—")] + self.fields["penalty_seat"].choices[1:]
        self.event_language = grid_language(self.table)
        self.initial = dict(self.initial)
        typed_initial(self.initial, self.event_language)
        # The grid's column headers are not labels: each control names its hand and column for a
        # screen reader ("Hand 2 penalty side"). The formset prefixes its rows hand-0, hand-1...
        number = self._row_number()
        for name, label in GRID_LABELS.items():
            self.fields[name].widget.attrs["aria-label"] = (
                gettext("Hand %(number)s %(column)s") % {"number": number, "column": label} if number
                else str(label).capitalize())

    def clean_contract(self):
        text = self.cleaned_data["contract"].strip()
        if not text or (self.data.get(self.add_prefix("declarer")) == NOBODY and text.upper() in (NOBID, "PASS")):
            return ""  # a hand nobody bid has no contract
        return typed_contract(self.rules, text, self.event_language)

    def clean(self):
        data = super().clean()
        if self.is_blank():
            return data
        if data.get("declarer") == NOBODY:
            if data.get("tricks") in ("", None) and "tricks" not in self.errors:
                self.add_error("tricks", gettext("How many tricks did N-S take?"))
            return data
        self._ask_missing(data)
        return data

    def row_values(self) -> dict | None:
        if self.is_blank():
            return None
        values = self.hand_values() | {"version": self.cleaned_data.get("version")}
        if values["declarer"] == NOBODY:  # the Tricks box holds the tricks N-S took
            values.update(declarer="", contract=NOBID, ns_tricks=values["tricks"], tricks=0)
        return values


class BaseSheetFormSet(forms.BaseFormSet):
    def row_values(self) -> list[dict | None]:
        return [form.row_values() for form in self.forms]

    def add_service_errors(self, exc: ValidationError) -> list[str]:
        """Put "hand_<n>_<field>" errors on their cells; return the rest for the top of the page."""
        general = []
        for key, messages in exc.message_dict.items():
            parts = key.split("_", 2)
            index = whole_number(parts[1]) if parts[0] == "hand" and len(parts) >= 2 else None
            if index is not None and 1 <= index <= len(self.forms):
                form = self.forms[index - 1]
                field = parts[2] if len(parts) == 3 and parts[2] in form.fields else None
                form.add_error(field, messages)
            else:
                general.extend(messages)
        return general


def sheet_formset(hands_per_round: int | None, row_form: type[forms.Form]):
    """The grid's rows, each a `row_form` (the table adapter's grid_row_form: by side, or by player)."""
    return forms.formset_factory(row_form, formset=BaseSheetFormSet, extra=0,
                                 max_num=hands_per_round, validate_max=True, absolute_max=hands_per_round,
                                 min_num=hands_per_round)


class SheetReasonForm(forms.Form):
    reason = forms.CharField(label=_("Reason (needed to change a hand after the next one was entered)"),
                             required=False, max_length=500)
    signed = forms.BooleanField(label=_("These are the signed sheets: confirm the table's scores with this save"),
                                required=False)


class SideForm(forms.Form):
    """Who holds this phone at a table, and the proof (docs/trust.md): a side of the table (`sides`,
    scoring.services.table_sides; a progressive table also takes a seat letter, one player) and
    that side's or player's PIN, or number by the event's confirmation check. Only the shape is
    checked here: scoring.services.side_prove compares the code and counts wrong ones."""

    side = forms.ChoiceField(choices=language.choices(SIDE_LABELS),
                             error_messages={"required": _("Choose who you are."),
                                             "invalid_choice": _("Choose who you are from the list on this page.")})
    code = forms.CharField(label=_("Your PIN"), required=False, max_length=12, strip=True)

    def __init__(self, *args, sides=("ns", "ew"), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].choices = [(side, side) for side in sides]


class ConfirmForm(forms.Form):
    """What the confirming partnership types at the table link: its PIN, or its number when the
    event's confirmation check is "number" (`check`; "" for staff, who type nothing). Only the
    shape is checked here: scoring.services.table_confirm compares it and counts wrong guesses."""

    pin = forms.CharField(label=_("Your PIN"), required=False, max_length=12, strip=True)
    partnership = forms.IntegerField(label=_("Your partnership number"), required=False, min_value=1,
                                     max_value=1_000_000,
                                     error_messages={"invalid": _("Type your partnership number (digits only).")})

    def __init__(self, *args, check: str = "", **kwargs):
        super().__init__(*args, **kwargs)
        self.check = check
        if not check:  # staff, or a phone that proved its side on the side page: no box, nothing typed is read
            del self.fields["pin"], self.fields["partnership"]

    def code(self) -> str | None:
        """What was typed in the box the check asks for; None for staff."""
        if not self.check:
            return None
        if self.check == "pin":
            return self.cleaned_data.get("pin", "")
        number = self.cleaned_data.get("partnership")
        return "" if number is None else str(number)


class DisputeForm(forms.Form):
    reason = forms.CharField(label=_("What is wrong?"), max_length=500, widget=forms.Textarea(attrs={"rows": 2}),
                             error_messages={"required": _("Say what is wrong, so the organizer can settle it."),
                                             "max_length": _("Keep it under 500 characters.")})


class TableCodeForm(forms.Form):
    code = forms.CharField(label=_("Table code from the score sheet"), max_length=80,
                           error_messages={"required": _("Type the code printed on your score sheet.")})

    def clean_code(self):
        token = normalize_token(self.cleaned_data["code"])
        if len(token) != TOKEN_LENGTH:
            raise ValidationError(gettext("A table code has %(length)s letters and digits; this one has %(typed)s.")
                                  % {"length": TOKEN_LENGTH, "typed": len(token)})
        self.table = Table.objects.filter(token=token).first()
        if self.table is None:
            raise ValidationError(gettext("No table has this code. Check it against the sheet, or ask the organizer."))
        return token



class ThreeHandForm(_OneHand):
    """One hand at a table of three (README, "Events of individuals"): who bid (by name), the contract,
    the bidder's tricks and one defender's tricks; the other defender's are what is left of the 10."""

    declarer_seat = forms.ChoiceField(label=_("Who won the bid?"), widget=forms.RadioSelect,
                                      error_messages={"required": _("Choose the player who won the bid.")})
    contract = forms.ChoiceField(label=_("Contract"), widget=forms.RadioSelect,
                                 error_messages={"required": _("Choose the contract.")})
    tricks = forms.TypedChoiceField(
        label=_("Tricks taken by the bidder"), choices=TRICK_CHOICES, coerce=int, widget=forms.RadioSelect,
        empty_value=None,
        error_messages={"required": _("Choose how many tricks the bidder took (0 to 10)."),
                        "invalid_choice": _("Tricks must be a number from 0 to 10; %(value)s is not.")})
    penalty_side = forms.ChoiceField(label=_("Who revoked (an established revoke)?"), required=False,
                                     widget=forms.RadioSelect)
    note = forms.CharField(label=_("Note"), required=False, max_length=500)

    field_order = ["declarer_seat", "contract", "tricks", "penalty_side", "note"]

    def __init__(self, *args, sheet, correcting: Hand | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self._place(sheet, correcting)
        self.rules = sheet.event.rules
        self.seats = sheet.seats
        self.fields["declarer_seat"].choices = [(s.seat, s.name) for s in self.seats]
        self.fields["penalty_side"].choices = [("", gettext("No penalty"))] + [(s.seat, s.name) for s in self.seats]
        self.fields["contract"].choices = contract_choices(self.rules)
        for seat in self.seats:
            self.fields[f"seat_{seat.seat}"] = forms.TypedChoiceField(
                label=seat.name, choices=TRICK_CHOICES, coerce=int, required=False, empty_value=None,
                widget=forms.RadioSelect,
                error_messages={"invalid_choice": _("Tricks must be a number from 0 to 10; %(value)s is not.")})

    def defender_fields(self):
        """The bound tricks fields of every player, for the template (the bidder's is hidden by the page)."""
        return [self[f"seat_{seat.seat}"] for seat in self.seats]

    def clean(self):
        data = super().clean()
        bidder, tricks = data.get("declarer_seat"), data.get("tricks")
        if not bidder or tricks is None:
            return data
        given = {s.seat: data.get(f"seat_{s.seat}") for s in self.seats}
        try:
            data["seat_tricks"] = three_seat_tricks(self.seats, bidder, tricks, given)
        except ValidationError as exc:
            self.add_error(None, exc)
        return data

    def hand_values(self) -> dict:
        data = self.cleaned_data
        return three_hand_values(data["declarer_seat"], data["contract"], data["seat_tricks"], data.get("note", ""),
                                 data.get("penalty_side") or "")


def three_seat_tricks(seats, bidder: str, tricks: int, given: dict) -> dict[str, int]:
    """Each seat's tricks at a table of three: the bidder's, and one or both defenders' in `given`
    ({seat: tricks or None}; the other defender took what is left of the 10). The phone's form
    and the organizer's grid both check a hand here; ValidationError in the players' words."""
    defenders = [s.seat for s in seats if s.seat != bidder]
    given = {seat: given.get(seat) for seat in defenders}
    left = rules_engine.TRICKS_PER_HAND - tricks
    known = [seat for seat in defenders if given[seat] is not None]
    if not known:
        names = " / ".join(s.name for s in seats if s.seat in defenders)
        raise ValidationError(gettext("Say how many tricks each of the other two players took (%(names)s).")
                              % {"names": names})
    if len(known) == 1:  # the other defender took what is left
        other = next(seat for seat in defenders if seat not in known)
        given[other] = left - given[known[0]]
    if any(value < 0 for value in given.values()) or sum(given.values()) != left:
        raise ValidationError(gettext("The tricks add up to %(sum)s, not 10: the bidder took %(bidder)s, so the "
                                      "other two took %(left)s between them.")
                              % {"sum": tricks + sum(max(v, 0) for v in given.values()), "bidder": tricks,
                                 "left": left})
    return {bidder: tricks, **given}


def seat_penalty(note: str, revoke_side: str = "") -> dict:
    """A hand stored by seat's penalty columns: an established revoke by `revoke_side` (a player's
    seat; a team at six: McAllen O, RULES.md section 2), else a note, else none."""
    note = (note or "").strip()
    return {"penalty_kind": "revoke" if revoke_side else "note" if note else "", "penalty_side": revoke_side,
            "penalty_seat": "", "note": note}


def three_hand_values(declarer_seat: str, contract: str, seat_tricks: dict, note: str, revoke_side: str = "") -> dict:
    """What scoring.services.hand_record takes for a hand at a table of three (seat_penalty: a revoke or a note)."""
    return {"declarer": "", "declarer_seat": declarer_seat, "contract": contract, "tricks": seat_tricks[declarer_seat],
            "seat_tricks": {seat: seat_tricks[seat] for seat in sorted(seat_tricks)},
            **seat_penalty(note, revoke_side), "ns_tricks": None}


def three_hand_initial(hand: Hand) -> dict:
    values = {"declarer_seat": hand.declarer_seat, "contract": hand.contract, "tricks": hand.tricks,
              "note": hand.note, "version": hand.version,
              "penalty_side": hand.penalty_side if hand.penalty_kind == "revoke" else ""}
    values.update({f"seat_{seat}": tricks for seat, tricks in (hand.seat_tricks or {}).items()})
    return values


def first_defender(seats, bidder: str) -> str:
    """The defender whose tricks a grid row of three takes: the first of the other two in seating order."""
    return next(s.seat for s in seats if s.seat != bidder)


class ThreeSheetRowForm(_GridRow):
    """One row of the organizer's grid at a table of three: the bidder, the typed contract, the bidder's
    tricks and the first defender's (the second took what is left of the 10), a note. Checked as the
    phone's ThreeHandForm checks a hand (three_seat_tricks, three_hand_values)."""

    declarer_seat = forms.ChoiceField(label=_("Bidder"), required=False)
    contract = SheetRowForm.base_fields["contract"]
    tricks = WholeNumberField(label=_("Bidder's tricks"), required=False, min_value=0, max_value=10,
                              error_messages=SheetRowForm.base_fields["tricks"].error_messages)
    defender_tricks = WholeNumberField(label=_("First defender's tricks"), required=False, min_value=0, max_value=10,
                                       error_messages=SheetRowForm.base_fields["tricks"].error_messages)
    # An established revoke (McAllen O): the player who made it; blank for none.
    penalty_side = forms.ChoiceField(label=_("Revoke"), required=False)
    note = _HandFields.base_fields["note"]

    field_order = ["declarer_seat", "contract", "tricks", "defender_tricks", "penalty_side", "note"]
    typed = ("declarer_seat", "contract", "tricks", "defender_tricks", "penalty_side", "note")
    bidder_field = "declarer_seat"

    def __init__(self, *args, table, rules: rules_engine.RuleSet, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.table, self.rules, self.seats = table, rules, seats
        self.fields["declarer_seat"].choices = [("", "—")] + [(s.seat, s.name) for s in seats]
        self.fields["penalty_side"].choices = [("", "—")] + [(s.seat, s.name) for s in seats]
        self.event_language = grid_language(table)
        self.initial = dict(self.initial)
        typed_initial(self.initial, self.event_language)
        number = self._row_number()
        for name in ("declarer_seat", "penalty_side", "note"):
            label = self.fields[name].label
            self.fields[name].widget.attrs["aria-label"] = (
                gettext("Hand %(number)s %(column)s") % {"number": number, "column": str(label).lower()}
                if number else str(label))

    def clean_contract(self):
        text = self.cleaned_data["contract"].strip()
        return typed_contract(self.rules, text, self.event_language) if text else ""

    def clean(self):
        data = super().clean()
        if self.is_blank():
            return data
        self._ask_missing(data)
        bidder, tricks = data.get("declarer_seat"), data.get("tricks")
        if not bidder or tricks is None or "defender_tricks" in self.errors:
            return data
        try:
            data["seat_tricks"] = three_seat_tricks(self.seats, bidder, tricks,
                                                    {first_defender(self.seats, bidder): data.get("defender_tricks")})
        except ValidationError as exc:
            self.add_error("defender_tricks", exc)
        return data

    def row_values(self) -> dict | None:
        if self.is_blank():
            return None
        data = self.cleaned_data
        return three_hand_values(data["declarer_seat"], data["contract"], data["seat_tricks"], data.get("note", ""),
                                 data.get("penalty_side") or "") | {"version": data.get("version")}


def grid_three_initial(hand: Hand, seats) -> dict:
    """A stored hand as a grid row of three: the first defender's tricks in its own box."""
    tricks = hand.seat_tricks or {}
    return {"declarer_seat": hand.declarer_seat, "contract": hand.contract, "tricks": hand.tricks,
            "defender_tricks": tricks.get(first_defender(seats, hand.declarer_seat)), "note": hand.note,
            "version": hand.version, "penalty_side": hand.penalty_side if hand.penalty_kind == "revoke" else ""}
