"""One Django adapter per event format (scoring.engine.formats: "session" and "games"), beside the
table layouts' adapters: how a table's sheet ends its round (entry), and the template parts a format
shows on the standings, projector, medals, partnership and record pages. A page includes
`standings|format_part:"<part>"` (scoring.templatetags.standings_words) and never asks which format it
is; a part a format leaves out is an empty template.
"""

from __future__ import annotations

from scoring import entry_data

NOTHING = "scoring/formats/_nothing.html"

# The parts: the "ranked by" note (standings, projector, medals), the standings legend's games words,
# the projector's and medals' column heads and the medals' cells, the partnership page's facts, and the
# player's record's games column (its head, its cell at a table of seats and at a table of sides).
# On the table's pages: the hand form's progress words (four at a table), a note on deleting a hand and
# the paper-sheet grid's note.
PARTS = ("hand_progress", "delete_note", "grid_note",
         "ranked_note", "legend", "projector_ranked", "projector_heads", "medals_ranked", "medals_heads",
         "medals_cells", "medals_difference", "facts_games", "total_word", "facts_difference", "record_head",
         "seats_cell", "sides_cell")


class FormatAdapter:
    name: str = ""
    shown: tuple[str, ...] = ()  # the parts this format draws (scoring/formats/_<name>_<part>.html)

    entry_form_attrs = ""  # the hand form's own data attributes, for static/js/entry.js

    @staticmethod
    def side_scores(sheet) -> tuple[int, ...]:
        """The sides' scores the table's page shows (TableSheet.side_scores)."""
        raise NotImplementedError

    @property
    def parts(self) -> dict[str, str]:
        """{part: its template}, for a page that has no standings: {% include sheet.format.parts.grid_note %}."""
        return {key: self.part(key) for key in PARTS}

    @staticmethod
    def sheet_round(sheet, hands: list, numbers: set[int]) -> None:
        """The table sheet's next hand and whether its round is done and may be confirmed
        (scoring.entry_data.table_sheet)."""
        raise NotImplementedError

    def part(self, key: str) -> str:
        """The template of the part `key` (one of PARTS)."""
        if key not in PARTS:
            raise KeyError(f"{key!r} is not a format part (one of {', '.join(PARTS)})")
        return f"scoring/formats/_{self.name}_{key}.html" if key in self.shown else NOTHING


class SessionFormat(FormatAdapter):
    """A session: each round's hands add up; one Total column."""

    name = "session"
    shown = ("hand_progress", "projector_heads", "medals_heads", "total_word")
    sheet_round = staticmethod(entry_data.session_round)

    @staticmethod
    def side_scores(sheet) -> tuple[int, ...]:
        """The round's totals."""
        return sheet.ns_total, sheet.ew_total


class GamesFormat(FormatAdapter):
    """Games to 500: games won, lost and drawn, points and their difference."""

    name = "games"
    shown = PARTS
    sheet_round = staticmethod(entry_data.games_round)
    entry_form_attrs = "data-games"

    @staticmethod
    def side_scores(sheet) -> tuple[int, ...]:
        """The scores of the game in play."""
        return sheet.game_scores


FORMAT_ADAPTERS: dict[str, FormatAdapter] = {adapter.name: adapter for adapter in (SessionFormat(), GamesFormat())}


def format_adapter(name: str) -> FormatAdapter:
    """The adapter of the format `name` (Event.format, Setup.format)."""
    return FORMAT_ADAPTERS[name]
