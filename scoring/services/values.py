"""A hand's values checked and scored: the one path from what a phone, a form or a file sends to the
stored columns. Every hand is scored by its table's layout (scoring.engine.layouts.Layout.score,
the one hand-scoring dispatch); what differs between layouts is only the shape of the values a
hand is stored in, which the layout's own entry() and columns() translate:

- two sides of partners (partnerships, progressive): the bidding side (`declarer`, "ns"/"ew") and
  the tricks it took, or, in a hand nobody bid, the tricks N-S took (`ns_tricks`); no seat fields;
- by seat (three-handed, and the tables of two, five and six: Layout.stores_seats): the bidder's
  seat (`declarer_seat`), the tricks by seat or, at six, by team (`seat_tricks`, keyed as
  Layout.tricks_by) and at five the called partner's seat (`partner_seat`, "" for none); a
  penalty only where the layout records it.

Each shape checks its fields with its own messages (the form shows each beside its field), then
hands the layout a HandEntry. Raises ValidationError, a dict of field -> message.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring.engine import layouts
from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import NOBID
from tournaments import language

from .common import NO_SEATS

# The fields a LayoutError may name that a hand's form shows; any other (the rule set) is the contract's.
_FIELDS = ("declarer", "tricks", "ns_tricks", "declarer_seat", "seat_tricks", "penalty_kind", "penalty_side",
           "partner_seat")
# The engine's name of a field -> the stored field it is (HandEntry.partner is Hand.partner_seat).
_STORED_AS = {"partner": "partner_seat"}


def score(layout: layouts.Layout, rules: rules_engine.RuleSet, entry: layouts.HandEntry) -> layouts.HandResult:
    """The layout's score of `entry`; a hand it cannot score raises ValidationError naming the field
    (a rule set the layout cannot score, as three-handed play at a table of partners: the contract)."""
    try:
        return layout.score(rules, entry)
    except rules_engine.RulesError as exc:
        message = str(exc)
        field = message.partition(":")[0]
        field = _STORED_AS.get(field, field)
        raise ValidationError({field if field in _FIELDS else "contract": message}) from None


def stored_result(layout: layouts.Layout, hand) -> layouts.HandResult:
    """A stored hand's points as the layout's HandResult (the inverse of Layout.columns): each seat's
    own points where the hand stores them (seat_points), else N-S's and E-W's. `hand` is a Hand row
    or a dict of its columns."""
    def get(name, default=None):
        return hand.get(name, default) if isinstance(hand, Mapping) else getattr(hand, name, default)

    return layout.stored(declarer=get("declarer") or "", ns_points=get("ns_points"), ew_points=get("ew_points"),
                         made=bool(get("made")), declarer_seat=get("declarer_seat") or "",
                         seat_points=get("seat_points"), partner_seat=get("partner_seat") or "")


class SidesValues:
    """Two sides of partners: the bidding side and its tricks, or the tricks N-S took when nobody bid."""

    def entry(self, rules: rules_engine.RuleSet, layout: layouts.Layout, clean: dict, values: dict
              ) -> layouts.HandEntry:
        clean.update(NO_SEATS)
        if clean["contract"] == NOBID:
            return self.no_bid(rules, layout, clean, values.get("ns_tricks"))
        entry = self.bid(rules, layout, declarer=clean["declarer"], contract=clean["contract"],
                         tricks=clean["tricks"], penalty_kind=clean["penalty_kind"],
                         penalty_side=clean["penalty_side"])
        clean.update(contract=entry.contract, ns_tricks=None)
        return entry

    def bid(self, rules: rules_engine.RuleSet, layout: layouts.Layout, *, declarer: str, contract: str, tricks,
            penalty_kind: str = "", penalty_side: str = "") -> layouts.HandEntry:
        """A bid hand's entry; its fields checked together, every problem named."""
        errors = {}
        if declarer not in layout.sides:
            errors["declarer"] = gettext("%(value)s is not a side (ns or ew)") % {"value": repr(declarer)}
        parsed = None
        try:
            parsed = rules.check_legal(contract)
        except rules_engine.RulesError as exc:
            errors["contract"] = str(exc)
        if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= rules_engine.TRICKS_PER_HAND:
            errors["tricks"] = gettext("%(value)s is not between 0 and 10") % {"value": repr(tricks)}
        if penalty_kind:
            if penalty_kind not in layout.penalty_kinds:
                errors["penalty_kind"] = gettext("%(value)s is not a penalty kind (%(kinds)s)") % {
                    "value": repr(penalty_kind), "kinds": ", ".join(layout.penalty_kinds)}
            elif penalty_side and penalty_side not in layout.sides:
                errors["penalty_side"] = gettext("%(value)s is not a side (ns or ew)") % {"value": repr(penalty_side)}
            elif penalty_kind == "revoke" and not penalty_side:
                errors["penalty_side"] = gettext("a revoke needs the side that revoked")
        elif penalty_side:
            errors["penalty_side"] = gettext("a side is given but no penalty")
        if errors:
            raise ValidationError(errors)
        return layout.entry(contract=parsed.code, declarer=declarer, tricks=tricks, penalty_kind=penalty_kind,
                            penalty_side=penalty_side)

    def no_bid(self, rules: rules_engine.RuleSet, layout: layouts.Layout, clean: dict, ns_tricks
               ) -> layouts.HandEntry:
        """A hand nobody bid (contract NOBID): played at no trump where the rules say play_no_trump,
        each side scoring 10 a trick (RULES.md section 2); refused elsewhere."""
        if rules.no_bid != "play_no_trump":
            raise ValidationError({"contract": gettext("Under %(rules)s a hand nobody bid is not played (it is dealt "
                                                       "again, or someone must bid), so it cannot be entered.")
                                               % {"rules": language.label(rules.label)}})
        if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= 10:
            raise ValidationError({"ns_tricks": gettext("Say how many tricks N-S took (0 to 10) in the hand nobody "
                                                        "bid.")})
        if clean["penalty_kind"] == "revoke":
            raise ValidationError({"penalty_kind": gettext("A hand nobody bid has no bid to defeat: an established "
                                                           "revoke cannot be recorded on it (write a note instead).")})
        clean.update(declarer="", tricks=0, ns_tricks=ns_tricks)
        return layout.entry(contract=NOBID, ns_tricks=ns_tricks, penalty_kind=clean["penalty_kind"],
                            penalty_side=clean["penalty_side"])


class SeatsValues:
    """By seat: the bidder's seat, the contract, the tricks by seat (by team at six: Layout.tricks_by)
    and at five the called partner's seat; a penalty only where the layout records it (a note at a
    table of three). A hand nobody bid is not a contract here where the layout does not play it."""

    def entry(self, rules: rules_engine.RuleSet, layout: layouts.Layout, clean: dict, values: dict
              ) -> layouts.HandEntry:
        if clean["penalty_kind"] not in ("", *layout.penalty_kinds) or clean["penalty_seat"] or (
                clean["penalty_side"] and clean["penalty_side"] not in layout.sides):
            raise ValidationError({"penalty_kind": gettext("At a table of three, write what happened as a note.")})
        raw = values.get("seat_tricks") or {}
        seat_tricks = {str(k): v for k, v in raw.items()} if isinstance(raw, dict) else {}
        declarer_seat = str(values.get("declarer_seat") or "")
        partner_seat = str(values.get("partner_seat") or "")
        entry = self.bid(rules, layout, declarer_seat=declarer_seat, contract=clean["contract"],
                         seat_tricks=seat_tricks, partner_seat=partner_seat, penalty_kind=clean["penalty_kind"],
                         penalty_side=clean["penalty_side"])
        clean.update(declarer="", contract=entry.contract, tricks=entry.side_tricks[entry.declarer], ns_tricks=None,
                     declarer_seat=declarer_seat, seat_tricks=dict(entry.side_tricks), partner_seat=partner_seat)
        return entry

    def bid(self, rules: rules_engine.RuleSet, layout: layouts.Layout, *, declarer_seat: str, contract: str,
            seat_tricks, partner_seat: str = "", penalty_kind: str = "", penalty_side: str = "") -> layouts.HandEntry:
        """A hand's entry from who bid, the contract, the tricks and the called partner, checked together."""
        errors = {}
        if declarer_seat not in layout.seats:
            errors["declarer_seat"] = gettext("Say who bid.")
        if partner_seat and (partner_seat not in layout.seats or partner_seat == declarer_seat):
            errors["partner_seat"] = gettext("The partner is another player at the table, or nobody (the bidder "
                                             "plays alone).")
        parsed = None
        try:
            parsed = rules.check_legal(contract)
        except rules_engine.RulesError as exc:
            errors["contract"] = str(exc)
        tricks = {}
        if not isinstance(seat_tricks, dict):
            seat_tricks = {}
        for seat in layout.tricks_by:
            value = seat_tricks.get(seat)
            if isinstance(value, bool) or not isinstance(value, int) or \
                    not 0 <= value <= rules_engine.TRICKS_PER_HAND:
                errors["seat_tricks"] = gettext("Give each player's tricks (0 to 10).")
            else:
                tricks[seat] = value
        if "seat_tricks" not in errors and sum(tricks.values()) != rules_engine.TRICKS_PER_HAND:
            errors["seat_tricks"] = gettext("The tricks add up to %(sum)s, not 10.") % {"sum": sum(tricks.values())}
        if errors:
            raise ValidationError(errors)
        return layout.entry(contract=parsed.code, declarer_seat=declarer_seat, seat_tricks=tricks,
                            partner_seat=partner_seat, penalty_kind=penalty_kind, penalty_side=penalty_side)


def values_for(layout: layouts.Layout) -> SidesValues | SeatsValues:
    """The shape `layout`'s hands are stored in: the one place that reads it (as Layout.entry does)."""
    return SEATS if layout.stores_seats else SIDES


SIDES, SEATS = SidesValues(), SeatsValues()
