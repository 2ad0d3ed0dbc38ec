"""The three-handed table's adapter: three individuals, each for himself: seats 1, 2, 3."""

from __future__ import annotations

from django.utils.translation import gettext_lazy

from scoring import entry_data, forms, previews

from .base import TableAdapter


class ThreeHandedAdapter(TableAdapter):
    layout_name = "three-handed"

    # ---------------------------------------------------------------- entry (phones and staff)
    # By player: who bid (by name), the contract, the bidder's tricks and one defender's.

    entry_parts = {"head": "scoring/_three_head.html", "list": "scoring/_three_list.html",
                   "form": "scoring/_three_form.html", "confirm": "scoring/_three_confirm.html"}
    hand_template = "scoring/three_hand.html"
    phone_label = TableAdapter.seated_phone_label  # the players' names, not a partnership's number
    hand_names = TableAdapter.seated_hand_names
    side_partial = "scoring/_side_three.html"
    number_label = gettext_lazy("Your player number")

    @property
    def entry_form(self) -> type:
        return forms.ThreeHandForm

    def hand_initial(self, hand) -> dict:
        return forms.three_hand_initial(hand)

    def preview(self, sheet, values: dict, number: int) -> dict:
        result = previews.preview_result(self.layout, sheet.event.rules, values)
        return previews.preview_seats(result, sheet, values, number)

    def preview_script(self, rules) -> str:
        return previews.three_preview_script(rules)

    def side_words(self, sheet, side: str) -> str:
        """A player holds the phone: his name."""
        return next((seat.name for seat in sheet.seats if seat.seat == side), side)

    def dealer_words(self, seat) -> str:
        """By name alone: the seats are numbered."""
        return seat.name

    table_seats = staticmethod(entry_data.seated_seats)
    load_people = staticmethod(entry_data.load_seated)
    sheet_totals = staticmethod(entry_data.running_seat_totals)  # his own, and each row's cells by seat
    game_row = staticmethod(entry_data.game_row_seats)  # each player's score in the game after the hand

    def game_totals(self, sheet) -> None:
        """Each player shows his own score in the game in play."""
        entry_data.own_totals(sheet, sheet.game_scores)

    def game_names(self, sheet) -> list[str]:
        """A "Game over" line names the players."""
        return [seat.name for seat in sheet.seats]

    # ---------------------------------------------------------------- paper-sheet grid
    # A row per hand by player: the bidder, the contract, his tricks and the first defender's.

    grid_parts = {"intro": "scoring/_grid_seats_intro.html", "table": "scoring/_grid_seats_table.html"}
    grid_form_attrs = " data-three"  # entry.js previews each player's points
    signed_words = gettext_lazy("Tick it when the players signed the paper sheet. Every hand must be filled.")

    @property
    def grid_row_form(self) -> type:
        return forms.ThreeSheetRowForm

    def grid_initial(self, hand, seats) -> dict:
        return forms.grid_three_initial(hand, seats)

    def grid_form_kwargs(self, sheet) -> dict:
        return super().grid_form_kwargs(sheet) | {"seats": sheet.seats}

    def grid_context(self, sheet) -> dict:
        """Whose tricks each row's second box takes, by bidder."""
        return {"first_defenders": [(seat, sheet.seat(forms.first_defender(sheet.seats, seat.seat)))
                                    for seat in sheet.seats]}

    # ---------------------------------------------------------------- printing
    sheet_style = "seats"
    sheet_data = "seats"
    card_style = "tablemates"

    # ---------------------------------------------------------------- standings and tiebreaks

    record_heads = (gettext_lazy("Playing with"),)
    tiebreak_intro_template = "scoring/_tiebreak_intro_three.html"

    def declarer_words(self, declarer: str, side: str, seated: dict) -> str:
        """The bidder's name ("" nobody bid)."""
        bidder = seated.get(declarer)
        return bidder.player_one.name if bidder else ""

    def tricks_for(self, hand, side: str, place: str) -> int | None:
        """His own tricks (Hand.seat_tricks)."""
        return (hand.seat_tricks or {}).get(place)

    table_columns = ("seat_totals",)

    def side_points(self, ns_points: int, ew_points: int, own: dict | None) -> dict[str, int]:
        """Each seat is his own side: the hand's seat_points, the table's seat_totals."""
        own = own or {}
        return {side: int(own.get(side, 0)) for side in self.sides}
