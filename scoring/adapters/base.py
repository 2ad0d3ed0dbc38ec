"""What every layout's adapter has: the engine's layout it adapts, and one section per concern.

Concerns add their attributes here with the value most layouts share, and a layout's module
overrides what differs. Keep each section's attributes together, under its heading.
"""

from __future__ import annotations

from functools import cached_property

from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy, ngettext_lazy

from scoring import entry_data, forms, previews, standings_forms
from scoring.engine import layouts
from scoring.engine import standings as standings_engine
from scoring.engine.rules import TRICKS_PER_HAND
from scoring.engine.vocabulary import NOBID, SIDE_LABELS
from scoring.fastrows import driver_rows
from tournaments import language
from tournaments.models import TableSeat


class TableAdapter:
    layout_name: str = ""

    @cached_property
    def layout(self) -> layouts.Layout:
        return layouts.layout(self.layout_name)

    # ---------------------------------------------------------------- entry (phones and staff)
    # The table's page and a stored hand's correction page (scoring.views.entry): the form a hand is
    # entered with, its first values, the no-JavaScript preview (scored by the layout) and the live
    # preview's table; the side page's choices (who holds the phone) and how the phone names a dealer.

    entry_template = "scoring/table_entry.html"  # the one page; the parts that differ are entry_parts
    entry_parts = {"head": "scoring/_four_head.html", "list": "scoring/_four_list.html",
                   "form": "scoring/_four_form.html", "confirm": "scoring/_four_confirm.html",
                   "totals": "scoring/_totals_sides.html"}
    hand_template = "scoring/entry_hand.html"  # a stored hand's correction page
    side_partial = "scoring/_side_partnerships.html"  # the side page's question and its choices
    number_label = gettext_lazy("Your partnership number")  # the side page's box when the event asks a number

    @property
    def entry_form(self) -> type:
        return forms.HandForm

    def hand_initial(self, hand) -> dict:
        return forms.hand_initial(hand)

    def preview(self, sheet, values: dict, number: int) -> dict:
        """What the checked hand `values` (the form's hand_values) would score, with the totals after it."""
        result = previews.preview_result(self.layout, sheet.event.rules, values)
        return previews.preview_sides(result, sheet.totals_without(number))

    def preview_script(self, rules) -> str:
        return previews.preview_script(rules)

    def proof_sides(self, sides: tuple[str, ...]) -> tuple[str, ...]:
        """What the side page takes as who holds the phone: the table's sides (services.table_sides)."""
        return tuple(sides)

    def dealer_words(self, seat) -> str:
        """The dealer as the offline phone names him: "Ana Garza (N)"."""
        return f"{seat.name} ({seat.letter})"

    def side_words(self, sheet, side: str) -> str:
        """This phone's side as its page heads it: "N-S #4"."""
        return f"{language.label(SIDE_LABELS[side])} #{sheet.partnership(side).number}"

    def phone_label(self, table, side: str, seat: str = "") -> str:
        """Who wrote from a proven phone, as the history, the sheets and the other phone say it:
        "N-S #4 on their phone"."""
        partnership = table.ns if side == "ns" else table.ew
        return gettext("%(side)s #%(number)s on their phone") % {
            "side": language.label(SIDE_LABELS[side]), "number": partnership.number}

    def hand_names(self, sheet) -> dict[str, str]:
        """{seat: "Ana Garza (N)"} for a hand's summary (entry_data.hand_summary); {} where sides are named."""
        return {}

    def seated_hand_names(self, sheet) -> dict[str, str]:
        """hand_names at a table of players: each seat by its player."""
        return {seat.seat: entry_data.seat_name(seat.name, seat.seat) for seat in sheet.seats}

    def seated_phone_label(self, table, side: str, seat: str = "") -> str:
        """phone_label at a table of players: the proven player (`seat`), else the players of the side."""
        names = [s.entrant.player_one.name for s in table.seats.all()
                 if (s.seat == seat if seat else self.layout.side_of.get(s.seat) == side)]
        return (gettext("%(names)s on their phone") % {"names": " & ".join(names)})[:150]

    # Who sits at the table and the totals its sheet shows (scoring.entry_data): a table of partners loads
    # its two partnerships and shows its sides' totals only.
    table_seats = staticmethod(entry_data.partnership_seats)
    load_people = staticmethod(entry_data.load_partnerships)
    game_row = staticmethod(entry_data.game_row_sides)  # a hand's row: the score in its game after it

    def sheet_totals(self, sheet) -> None:
        """Each player's total on the sheet of a session (none: the sides' totals are the sheet's)."""

    def game_totals(self, sheet) -> None:
        """Each player's total on the sheet of a games event: his score in the game in play (none here)."""

    def game_names(self, sheet) -> list[str] | None:
        """The names a "Game over" line gives the sides (None: N-S and E-W)."""
        return None

    # ---------------------------------------------------------------- paper-sheet grid
    # The organizer's grid (scoring.views.entry.sheet_grid): its page, the form of one row, a stored
    # hand as a row, what each row's form is given, and what else the page shows.

    grid_template = "scoring/table_grid.html"  # the one page; who sits where and the grid are grid_parts
    grid_parts = {"intro": "scoring/_grid_sides_intro.html", "table": "scoring/_grid_sides_table.html"}
    grid_form_attrs = ""  # the grid form's own data attributes, for static/js/entry.js
    signed_words = gettext_lazy("Tick it when both partnerships signed the paper sheet. Every hand must be filled.")

    @property
    def grid_row_form(self) -> type:
        return forms.SheetRowForm

    def grid_initial(self, hand, seats) -> dict:
        return forms.grid_initial(hand)

    def grid_form_kwargs(self, sheet) -> dict:
        return {"table": sheet.table, "rules": sheet.event.rules}

    def grid_context(self, sheet) -> dict:
        return {}

    # ---------------------------------------------------------------- printing

    # The score and result sheets' style (scoring.printing.sheets.SHEET_STYLES): "sides", two sides
    # of partners with N-S and E-W columns; "seats", each seat's own tricks and points.
    sheet_style: str = "sides"
    # How a table's players and hands are read onto its sheet (scoring.printing.data.SHEET_DATA):
    # "partnerships" (the table's N-S and E-W partnerships), "partners" (the players seated on each
    # side for the round), "seats" (each seat's player, tricks and points).
    sheet_data: str = "partnerships"
    # The movement cards' style (scoring.printing.cards.CARD_STYLES, scoring.printing.data.CARD_ROUNDS):
    # "opponents", a partnership's side and the other partnership; "partner", a player's seat, his
    # partner for the round and his opponents; "tablemates", a player's seat and the others at his table.
    card_style: str = "opponents"

    # ---------------------------------------------------------------- standings and tiebreaks
    # (scoring.results, the one results read: how a table's stored numbers become each side's
    # points and each entrant's TableResult; the players are seated at TableSeat rows.)

    # An entrant's page (scoring.views.standings.partnership_page): its title, the partial that
    # shows its record and, at a table of individuals, the heads of the columns naming the others.
    record_title = gettext_lazy("Player %(number)s: %(name)s")
    record_template = "scoring/_record_seats.html"
    record_heads = (gettext_lazy("Partner"), gettext_lazy("Opponents"))

    def record_title_for(self, entrant) -> str:
        """The entrant page's title: "Player 4: Ana Garza", "Partnership 2: Ana Garza & Luis Peña"."""
        return self.record_title % {"number": entrant.number, "name": entrant.players_label,
                                    "players": entrant.players_label}

    # The words naming the entrants where the standings and tiebreaks speak of them (scoring.tiebreaks,
    # the tiebreak page): players here, partnerships in partnerships.py. `tied_too` takes a "count".
    entrant_words = {
        "at_least_two": gettext_lazy("Choose at least two tied players."),
        "listed_twice": gettext_lazy("A player is listed twice."),
        "unknown": gettext_lazy("No player %(numbers)s at this event."),
        "elsewhere": gettext_lazy("Player %(number)s belongs to another event."),
        "tied_too": ngettext_lazy("Player %(numbers)s is tied on that place too and must play as well.",
                                  "Players %(numbers)s are tied on that place too and must play as well.", "count"),
        "not_tied": gettext_lazy("These players are not tied with each other (%(described)s)."),
        "none_tied": gettext_lazy("No player shares a place at the moment."),
        "session_title": gettext_lazy("Tiebreak %(number)s: players"),
        "complete": gettext_lazy("Complete: it orders the players in the standings."),
    }
    # The tiebreak page (scoring.views.standings.tiebreaks_page): its form, what it says of the tables
    # the tied entrants play at, and the form's fields after the hands.
    tiebreak_form = standings_forms.PlayersTiebreakForm
    tiebreak_intro_template = "scoring/_tiebreak_intro_progressive.html"
    tiebreak_fields_template = "scoring/_tiebreak_fields_players.html"

    def tiebreak_refusal(self, *, fillers, tables) -> dict[str, str] | None:
        """What a tiebreak of this layout's entrants cannot take ({field: message}): tied players'
        tables are planned for them (fillers are for them)."""
        if tables:
            return {"tables": gettext(
                "Your own tables are for partnerships: the tied players' tables are planned for you.")}
        return None

    # How the tied entrants are seated (scoring.tiebreaks.TIEBREAK_PLANNERS): "players", among
    # themselves at tables of the layout, with fillers where they cannot fill one.
    tiebreak_planner = "players"

    def entrant_players(self, one: str, two: str | None) -> tuple[str, ...]:
        """An entrant's players' names for the standings: one player (an event of individuals)."""
        return (one,)

    @cached_property
    def sides(self) -> tuple[str, ...]:
        """The layout's sides, worked out once (Layout.sides is a property: read per table it showed)."""
        return self.layout.sides

    # The Table columns the standings read beyond every layout's (scoring.results.compute_standings):
    # "seat_totals" where the layout keeps each seat's own totals, "layout" where each table has its own.
    table_columns: tuple[str, ...] = ()

    def side_points(self, ns_points: int, ew_points: int, own: dict | None) -> dict[str, int]:
        """Each side's points from a hand's or a table's stored columns (two sides: N-S, E-W)."""
        first, second = self.sides
        return {first: ns_points or 0, second: ew_points or 0}

    def table_places(self, event, rows) -> dict[int, dict[str, int]]:
        """Who sits where at each of the event's tables: {table id: {seat: entrant id}} (one query)."""
        places: dict[int, dict[str, int]] = {}
        for table_id, seat, entrant_id in driver_rows(
                TableSeat.objects.filter(table__round__event=event).values_list("table_id", "seat", "entrant_id")
                .order_by()):
            places.setdefault(table_id, {})[seat] = entrant_id
        return places

    def entrant_tables(self, entrant) -> Q:
        """The tables an entrant sat at (a filter of Table): a player's seats."""
        return Q(seats__entrant=entrant)

    def seated(self, tables) -> dict[int, dict[str, object]]:
        """Who sat where at `tables`: {table id: {seat: Partnership}} with the players' names (one query)."""
        seated: dict[int, dict[str, object]] = {}
        for seat in TableSeat.objects.filter(table__in=tables).select_related("entrant__player_one").order_by():
            seated.setdefault(seat.table_id, {})[seat.seat] = seat.entrant
        return seated

    def place_words(self, place: str) -> str:
        """Where an entrant sat, as his record shows it: the seat (N, E, S, O in Spanish; 1, 2, 3)."""
        return language.seat_letter(place)

    def declarer_words(self, declarer: str, side: str, seated: dict) -> str:
        """Who bid a hand, seen from `side`: "Us" or "Them" ("" nobody bid: them)."""
        return gettext("Us") if declarer == side else gettext("Them")

    def tricks_for(self, hand, side: str, place: str) -> int | None:
        """The tricks a hand's line shows the entrant at `place`: his side's."""
        if hand.contract == NOBID and hand.ns_tricks is not None:
            return hand.ns_tricks if side == self.sides[0] else TRICKS_PER_HAND - hand.ns_tricks
        if hand.tricks is None:
            return None
        return hand.tricks if hand.declarer == side else TRICKS_PER_HAND - hand.tricks

    def table_result(self, number: int, at: dict[str, int], score, hands: int, final: bool):
        """The engine's TableResult of one table: each seated player credited (layout.credit) his
        side's points, contracts and games (scoring.results.TableScore `score`)."""
        layout = self.layout
        seats = []
        for place, entrant in at.items():
            side = layout.side_of.get(place)
            record = score.records.get(side) if score.records is not None else None
            games = (*record[:4], record.difference) if record is not None else ()
            seats.append(standings_engine.Seat(entrant, score.points.get(side, 0), *score.made.get(side, (0, 0)),
                                               *games))
        return standings_engine.TableResult(number, 0, 0, 0, 0, hands, final, seats=tuple(seats))
