"""Score entry at the tables of two, five and six (RULES.md section 7): one hand on the phone and
one row of the organizer's grid, for any layout stored by seat whose tricks are given by player or
by team (Layout.tricks_by). What differs between those layouts is read from the layout, never
asked by name: whether a partner is called (Layout.calls_partner), whose tricks are given (each
player's, or each team's at six) and what a team is called.

The phone: who won the bid (the players by name), at five the partner he called (or nobody: he
plays alone), the contract, the tricks of the bidder's side (his own at two and five, his team's
at six) as 0-10 buttons, then the tricks of the others as one number box each (a stepper on the
phone), all but one given (the last takes what is left of the 10).
The services check and score it again (scoring.services.values.SeatsValues).
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import rules as rules_engine
from scoring.entry_data import contract_choices
from scoring.forms import (
    TRICK_CHOICES,
    SheetRowForm,
    _GridRow,
    _HandFields,
    _OneHand,
    grid_language,
    seat_penalty,
    typed_contract,
    typed_initial,
)
from scoring.models import Hand
from tournaments import language
from tournaments.forms import WholeNumberField

ALONE = "alone"  # "Who is the partner?" -> nobody: the bidder plays alone (Hand.partner_seat "")


def trick_places(layout, seats) -> list[tuple[str, str]]:
    """(key, name) of whoever's tricks a hand gives (Layout.tricks_by): each player by name, or each
    team by its words and its players ("Team A · Ana & Luis")."""
    names = {seat.seat: seat.name for seat in seats}
    places = []
    for key in layout.tricks_by:
        if key in names:
            places.append((key, names[key]))
        else:
            players = " & ".join(names.get(seat, "") for seat in layout.seats_of(key))
            places.append((key, f"{language.label(layout.side_labels.get(key, key))} · {players}"))
    return places


def fill_tricks(keys: list[str], bidding: str, tricks: int, given: dict, names: dict) -> dict[str, int]:
    """Every place's tricks from the bidding side's and the others' in `given` ({key: tricks or None}),
    all but one of them given: the last takes what is left of the 10. ValidationError in the players'
    words."""
    others = [key for key in keys if key != bidding]
    given = {key: given.get(key) for key in others}
    unknown = [key for key in others if given[key] is None]
    if len(unknown) > 1:
        raise ValidationError(gettext("Say how many tricks the others took (%(names)s): all of them but one, who "
                                      "takes what is left of the 10.")
                              % {"names": " / ".join(names[k] for k in unknown)})
    left = rules_engine.TRICKS_PER_HAND - tricks
    if unknown:
        given[unknown[0]] = left - sum(value for key, value in given.items() if key != unknown[0])
    if any(value < 0 for value in given.values()) or sum(given.values()) != left:
        raise ValidationError(gettext("The tricks add up to %(sum)s, not 10: the bidder's side took %(bidder)s, so "
                                      "the others took %(left)s between them.")
                              % {"sum": tricks + sum(max(v, 0) for v in given.values()), "bidder": tricks,
                                 "left": left})
    return {bidding: tricks, **given}


def seat_hand_values(declarer_seat: str, partner_seat: str, contract: str, seat_tricks: dict, note: str,
                     revoke_side: str = "") -> dict:
    """What scoring.services.hand_record takes for a hand stored by seat: an established revoke by
    `revoke_side` (a player's seat at two and five, a team at six: McAllen O, RULES.md section 2),
    else a note as its only penalty."""
    return {"declarer": "", "declarer_seat": declarer_seat, "partner_seat": partner_seat, "contract": contract,
            "seat_tricks": dict(seat_tricks), **seat_penalty(note, revoke_side), "ns_tricks": None}


class SeatHandForm(_OneHand):
    """One hand at a table of two, five or six, on the phone or an organizer's correction page."""

    declarer_seat = forms.ChoiceField(label=_("Who won the bid?"), widget=forms.RadioSelect,
                                      error_messages={"required": _("Choose the player who won the bid.")})
    partner_seat = forms.ChoiceField(label=_("Who is the partner? (the player who held the called card)"),
                                     widget=forms.RadioSelect,
                                     error_messages={"required": _("Choose the partner, or “Nobody: plays alone”.")})
    contract = forms.ChoiceField(label=_("Contract"), widget=forms.RadioSelect,
                                 error_messages={"required": _("Choose the contract.")})
    tricks = forms.TypedChoiceField(
        label=_("Tricks taken by the bidder's side"), choices=TRICK_CHOICES, coerce=int, widget=forms.RadioSelect,
        empty_value=None,
        error_messages={"required": _("Choose how many tricks the bidder's side took (0 to 10)."),
                        "invalid_choice": _("Tricks must be a number from 0 to 10; %(value)s is not.")})
    # An established revoke (McAllen O, which the rule set may switch off: then it is recorded only), by a
    # player at two and five or a team at six: the bidder's side's defeats the bid, another's makes it.
    penalty_side = forms.ChoiceField(label=_("Who revoked (an established revoke)?"), required=False,
                                     widget=forms.RadioSelect)
    note = forms.CharField(label=_("Note"), required=False, max_length=500)

    field_order = ["declarer_seat", "partner_seat", "contract", "tricks", "penalty_side", "note"]

    def __init__(self, *args, sheet, correcting: Hand | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self._place(sheet, correcting)
        self.rules = sheet.event.rules
        self.layout = sheet.table.layout_spec
        self.seats = sheet.seats
        self.fields["declarer_seat"].choices = [(s.seat, s.name) for s in self.seats]
        if self.layout.calls_partner:
            self.fields["partner_seat"].choices = [(s.seat, s.name) for s in self.seats] + [
                (ALONE, gettext("Nobody: plays alone"))]
        else:
            del self.fields["partner_seat"]
        self.fields["contract"].choices = contract_choices(self.rules)
        self.places = trick_places(self.layout, self.seats)
        self.fields["penalty_side"].choices = [("", gettext("No penalty")), *self.places]
        for key, name in self.places:
            # A number box (a stepper on the phone: static/js/seats.js), one line a player, not a 0-10 grid.
            self.fields[f"seat_{key}"] = WholeNumberField(
                label=name, required=False, min_value=0, max_value=10,
                widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "step-number"}),
                error_messages=SheetRowForm.base_fields["tricks"].error_messages)

    @property
    def places_text(self) -> str:
        """"1:A 2:B ...": whose tricks row each seat's player is in (his own, or his team's), for static/js/seats.js."""
        return " ".join(f"{seat}:{side}" for seat, side in self.layout.side_of.items())

    @property
    def rest_hint(self) -> str:
        """What the rows under the bidder's side's tricks ask, by how the layout seats its sides: a called
        partner (his own tricks among the others'), two sides (the other one's, worked out), or teams."""
        if self.layout.calls_partner:
            return gettext("The others' tricks (with a partner, his own too); the last one is worked out.")
        if len(self.layout.sides) == 2:
            return gettext("The other side's tricks: what the bidder's side did not take.")
        return gettext("The other teams' tricks; the last one is worked out.")

    def place_fields(self):
        """The bound tricks field of each player (or team), for the template (the bidder's side's is hidden)."""
        return [self[f"seat_{key}"] for key, _name in self.places]

    def clean(self):
        data = super().clean()
        bidder, tricks = data.get("declarer_seat"), data.get("tricks")
        partner = data.get("partner_seat") or ""
        data["partner_seat"] = "" if partner == ALONE else partner
        if partner and partner == bidder:
            self.add_error("partner_seat", gettext("The bidder cannot be his own partner: choose “Nobody: plays "
                                                   "alone”."))
        if not bidder or tricks is None:
            return data
        bidding = self.layout.side_of[bidder]
        given = {key: data.get(f"seat_{key}") for key, _name in self.places}
        if data["partner_seat"]:  # the partner's own tricks are among the bidder's side's: he gives them apart
            try:
                data["seat_tricks"] = self._with_partner(bidding, data["partner_seat"], tricks, given)
            except ValidationError as exc:
                self.add_error(None, exc)
            return data
        try:
            data["seat_tricks"] = fill_tricks([k for k, _n in self.places], bidding, tricks, given,
                                              dict(self.places))
        except ValidationError as exc:
            self.add_error(None, exc)
        return data

    def _with_partner(self, bidder: str, partner: str, tricks: int, given: dict) -> dict[str, int]:
        """At five the side's tricks are the bidder's and his partner's together: the partner's are
        given in his own row, the bidder's are what is left of the side's."""
        names = dict(self.places)
        own = given.get(partner)
        if own is None:
            raise ValidationError(gettext("Say how many tricks the partner (%(name)s) took himself.")
                                  % {"name": names[partner]})
        if own > tricks:
            raise ValidationError(gettext("The partner took %(own)s tricks, more than the %(side)s of the bidder's "
                                          "side.") % {"own": own, "side": tricks})
        others = {key: value for key, value in given.items() if key != partner}
        filled = fill_tricks([k for k in names if k != partner], bidder, tricks, others, names)
        filled[bidder] = tricks - own
        return {key: (filled[key] if key != partner else own) for key in names}

    def hand_values(self) -> dict:
        data = self.cleaned_data
        return seat_hand_values(data["declarer_seat"], data.get("partner_seat") or "", data["contract"],
                                data["seat_tricks"], data.get("note", ""), data.get("penalty_side") or "")


def seat_hand_initial(hand: Hand) -> dict:
    """A stored hand as the phone's form (a correction): the bidder's side's tricks in `tricks`."""
    tricks = dict(hand.seat_tricks or {})
    side = sum(tricks.get(seat, 0) for seat in {hand.declarer_seat, hand.partner_seat} if seat) \
        if hand.partner_seat else hand.tricks
    values = {"declarer_seat": hand.declarer_seat, "partner_seat": hand.partner_seat or ALONE,
              "contract": hand.contract, "tricks": side, "note": hand.note, "version": hand.version,
              "penalty_side": hand.penalty_side if hand.penalty_kind == "revoke" else ""}
    values.update({f"seat_{key}": value for key, value in tricks.items()})
    return values


class SeatSheetRowForm(_GridRow):
    """One row of the organizer's grid at a table of two, five or six: the bidder, at five the partner
    (blank: alone), the typed contract, the tricks of every player (or team), a note."""

    declarer_seat = forms.ChoiceField(label=_("Bidder"), required=False)
    partner_seat = forms.ChoiceField(label=_("Partner"), required=False)
    contract = SheetRowForm.base_fields["contract"]
    # An established revoke (McAllen O): the player (the team at six) who made it; blank for none.
    penalty_side = forms.ChoiceField(label=_("Revoke"), required=False)
    note = _HandFields.base_fields["note"]

    bidder_field = "declarer_seat"

    def __init__(self, *args, table, rules: rules_engine.RuleSet, seats, layout, **kwargs):
        super().__init__(*args, **kwargs)
        self.table, self.rules, self.seats, self.layout = table, rules, seats, layout
        self.fields["declarer_seat"].choices = [("", "—")] + [(s.seat, s.name) for s in seats]
        if layout.calls_partner:
            self.fields["partner_seat"].choices = [("", gettext("alone"))] + [(s.seat, s.name) for s in seats]
        else:
            del self.fields["partner_seat"]
        self.places = trick_places(layout, seats)
        self.fields["penalty_side"].choices = [("", "—"), *self.places]
        for key, name in self.places:
            self.fields[f"seat_{key}"] = WholeNumberField(
                label=name, required=False, min_value=0, max_value=10,
                error_messages=SheetRowForm.base_fields["tricks"].error_messages)
        self.typed = ("declarer_seat", "contract", "penalty_side", "note",
                      *(f"seat_{key}" for key, _n in self.places))
        self.event_language = grid_language(table)
        self.initial = dict(self.initial)
        typed_initial(self.initial, self.event_language)

    def place_fields(self):
        return [self[f"seat_{key}"] for key, _name in self.places]

    def clean_contract(self):
        text = self.cleaned_data["contract"].strip()
        return typed_contract(self.rules, text, self.event_language) if text else ""

    def clean(self):
        data = super().clean()
        if self.is_blank():
            return data
        for name, message in (("declarer_seat", gettext("Who bid?")), ("contract", gettext("Which contract?"))):
            if not data.get(name) and name not in self.errors:
                self.add_error(name, message)
        bidder = data.get("declarer_seat")
        if data.get("partner_seat") and data.get("partner_seat") == bidder:
            self.add_error("partner_seat", gettext("The bidder cannot be his own partner: leave it empty when he "
                                                   "plays alone."))
        given = {key: data.get(f"seat_{key}") for key, _name in self.places}
        if any(value is None for value in given.values()) and not self.errors:
            self.add_error(None, gettext("Give the tricks of every player (0 to 10)."))
        elif not self.errors and sum(given.values()) != rules_engine.TRICKS_PER_HAND:
            self.add_error(None, gettext("The tricks add up to %(sum)s, not 10.") % {"sum": sum(given.values())})
        data["seat_tricks"] = given
        return data

    def row_values(self) -> dict | None:
        if self.is_blank():
            return None
        data = self.cleaned_data
        return seat_hand_values(data["declarer_seat"], data.get("partner_seat") or "", data["contract"],
                                data["seat_tricks"], data.get("note", ""),
                                data.get("penalty_side") or "") | {"version": data.get("version")}


def grid_seat_initial(hand: Hand, seats) -> dict:
    """A stored hand as a grid row: every player's (or team's) tricks in its own box."""
    values = {"declarer_seat": hand.declarer_seat, "partner_seat": hand.partner_seat, "contract": hand.contract,
              "note": hand.note, "version": hand.version,
              "penalty_side": hand.penalty_side if hand.penalty_kind == "revoke" else ""}
    values.update({f"seat_{key}": value for key, value in (hand.seat_tricks or {}).items()})
    return values
