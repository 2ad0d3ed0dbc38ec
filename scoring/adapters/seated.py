"""The adapters of the tables of two, five and six (RULES.md section 7): individuals at numbered
seats, every hand stored by seat (Layout.stores_seats). One base, SeatedAdapter, says what they
share with the table of three (the players by name, their own totals, the side page's choice per
player, the sheets and cards by seat); what differs is read from the engine's layout (a called
partner at five, tricks by team at six), not asked here by name. Six's teams are sides of two or
three seats: a player proves his own seat and the phone acts for his team, as at a progressive
table; at two and five each player is his own side, as at a table of three (docs/trust.md)."""

from __future__ import annotations

from functools import cached_property

from django.utils.translation import gettext_lazy

from scoring import entry_data, previews, seat_forms
from tournaments import language

from .base import TableAdapter


class SeatedAdapter(TableAdapter):
    # ---------------------------------------------------------------- entry (phones and staff)
    # By player: who bid, at five his partner, the contract, the tricks by player (or team).

    entry_parts = {"head": "scoring/_three_head.html", "list": "scoring/_seats_list.html",
                   "form": "scoring/_seats_form.html", "confirm": "scoring/_three_confirm.html"}
    hand_template = "scoring/three_hand.html"
    phone_label = TableAdapter.seated_phone_label
    hand_names = TableAdapter.seated_hand_names
    side_partial = "scoring/_side_three.html"
    number_label = gettext_lazy("Your player number")

    @property
    def entry_form(self) -> type:
        return seat_forms.SeatHandForm

    def hand_initial(self, hand) -> dict:
        return seat_forms.seat_hand_initial(hand)

    def preview(self, sheet, values: dict, number: int) -> dict:
        result = previews.preview_result(self.layout, sheet.event.rules, values)
        return previews.preview_seats(result, sheet, values, number)

    def preview_script(self, rules) -> str:
        """The live preview's table of this layout's points (static/js/seats.js reads it)."""
        return previews.seated_preview_script(self.layout.name, rules)

    def proof_sides(self, sides: tuple[str, ...]) -> tuple[str, ...]:
        """A player proves his own seat (at six the phone then acts for his team)."""
        return tuple(dict.fromkeys((*sides, *self.layout.seats)))

    def side_words(self, sheet, side: str) -> str:
        """Who holds the phone: a player's name, or at six his team and its players."""
        names = [seat.name for seat in sheet.seats if self.layout.side_of.get(seat.seat) == side]
        if side in self.layout.seats:
            return names[0] if names else side
        return f"{language.label(self.layout.side_labels.get(side, side))} · {' & '.join(names)}"

    def dealer_words(self, seat) -> str:
        return seat.name

    table_seats = staticmethod(entry_data.seated_seats)
    load_people = staticmethod(entry_data.load_seated)
    def sheet_totals(self, sheet) -> None:
        """Each player's own running total and each row's cells by seat; at five the partner by name."""
        entry_data.running_seat_totals(sheet)
        names = {seat.seat: seat.name for seat in sheet.seats}
        for row in sheet.rows:
            row.partner_name = names.get(row.hand.partner_seat, "")

    def game_row(self, row, scores: tuple[int, ...]) -> None:
        """A hand's row shows each player's score in its game after it (at six, his team's)."""
        by_side = dict(zip(self.layout.sides, scores))
        row.seat_cells = [(tricks, points, by_side.get(self.layout.side_of[seat], 0))
                          for (tricks, points, _), seat in zip(row.seat_cells, self.layout.seats)]

    def game_totals(self, sheet) -> None:
        """Each player shows his own score in the game in play (at six, his team's)."""
        by_side = dict(zip(self.layout.sides, sheet.game_scores))
        for seat in sheet.seats:
            seat.total = by_side.get(self.layout.side_of.get(seat.seat), 0)

    def game_names(self, sheet) -> list[str]:
        return [" & ".join(seat.name for seat in sheet.seats if self.layout.side_of.get(seat.seat) == side)
                for side in self.layout.sides]

    # ---------------------------------------------------------------- paper-sheet grid

    grid_parts = {"intro": "scoring/_grid_places_intro.html", "table": "scoring/_grid_places_table.html"}
    grid_form_attrs = ""
    signed_words = gettext_lazy("Tick it when the players signed the paper sheet. Every hand must be filled.")

    @property
    def grid_row_form(self) -> type:
        return seat_forms.SeatSheetRowForm

    def grid_initial(self, hand, seats) -> dict:
        return seat_forms.grid_seat_initial(hand, seats)

    def grid_form_kwargs(self, sheet) -> dict:
        return super().grid_form_kwargs(sheet) | {"seats": sheet.seats, "layout": self.layout}

    def grid_context(self, sheet) -> dict:
        return {"places": seat_forms.trick_places(self.layout, sheet.seats), "first_defenders": ()}

    # ---------------------------------------------------------------- printing

    @property
    def sheet_style(self) -> str:
        """The sheet of a table of this many players, a column per seat (scoring.printing.sheets.SHEET_STYLES)."""
        return f"seats-{self.layout.players}"

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
        """His own tricks, or at six his team's (Hand.seat_tricks)."""
        tricks = hand.seat_tricks or {}
        return tricks.get(place, tricks.get(self.layout.side_of.get(place, place)))

    table_columns = ("seat_totals",)

    def side_points(self, ns_points: int, ew_points: int, own: dict | None) -> dict[str, int]:
        """Each side's points from a hand's seat_points or a table's seat_totals: a side's first seat's."""
        own = own or {}
        return {side: int(own.get(seat, 0)) for side, seat in self.first_seats.items()}

    @cached_property
    def first_seats(self) -> dict[str, str]:
        """Each side's first seat, worked out once (a rebuild asks for every table: 500 players at
        tables of five, 1,000 tables)."""
        return {side: self.layout.seats_of(side)[0] for side in self.sides}


class TwoHandedAdapter(SeatedAdapter):
    layout_name = "two-handed"


class FiveHandedAdapter(SeatedAdapter):
    layout_name = "five-handed"


class _TeamsAdapter(SeatedAdapter):
    """Six as teams: the side page offers the teams (either player of a team types his own PIN)."""

    side_partial = "scoring/_side_teams.html"

    @property
    def team_labels(self) -> list[tuple[str, str]]:
        """("A", "Team A"), ... in the reader's language, for the side page."""
        return [(side, language.label(self.layout.side_labels.get(side, side))) for side in self.layout.sides]


class SixPairsAdapter(_TeamsAdapter):
    layout_name = "six-pairs"


class SixThreesAdapter(_TeamsAdapter):
    layout_name = "six-threes"
