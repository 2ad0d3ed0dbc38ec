"""django-tables2 tables for the standings pages. Each is fed a list built from a Standings value
(scoring.selectors.event_standings); none touches the database.

django-tables2 does the columns, the header, the sorting and the paging (PER_PAGE rows a page,
or every row with ?per_page=all). Each shown row's cells are written once as HTML by the
functions below (the same ones the columns' render methods use): rendering cell by cell through
django-tables2 costs about 150 microseconds a cell, over a second for a 500-pair event, and the
live page re-renders on every score. Rows on other pages get only their sort keys.
"""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import escape
from django.utils.safestring import mark_safe

from scoring.engine import standings as standings_engine
from scoring.engine.textsafe import whole_number

NOT_PLAYED_SORT = -10**9  # not played yet sorts below every real score
# A phone shows a few dozen rows at most; a hundred keeps one page quick to send and render at a
# 500-pair event, and "all" is one tap away for a printout or a laptop.
PER_PAGE = 100
ALL = "all"
FIND_FROM_ROWS = 12
# Words, not letters: "S" read as both Silver and sit-out, and a superscript letter is too small
# for reading glasses. The legend under the table says what each word means.
PROVISIONAL_MARK = '<span class="tag provisional" title="Not all hands in or not confirmed yet">not final</span>'
SAT_OUT = '<span class="tag sitout">sat out</span>'
TOTAL_NOT_FINAL = '<span class="tag provisional phone-only">not final</span>'


def round_cell_html(cell: standings_engine.RoundCell) -> str:
    if cell.points is None:
        if cell.sit_out:
            return SAT_OUT
        return '<span class="muted" aria-label="not played yet">–</span>'
    marks = ""
    if cell.sit_out:
        marks += f' <span class="tag sitout" title="Credit: {escape(cell.credit)}">sat out</span>'
    if cell.provisional:
        marks += " " + PROVISIONAL_MARK
    if cell.opponent:
        return f'<span title="against {cell.opponent}">{cell.points}</span>{marks}'
    return f"{cell.points}{marks}"


def rank_html(row: standings_engine.Row) -> str:
    if row.withdrawn:
        return f'<abbr class="wd" title="Withdrawn: results kept, not ranked">{standings_engine.WITHDRAWN_LABEL}</abbr>'
    html = str(row.rank)
    if row.tied:
        html += '<span class="tied-mark" title="Shared place">=</span>'
    if row.medal:
        html += f' <span class="medal {row.medal}">{row.medal.title()}</span>'
    return html


def rounds_on_tap_html(row: standings_engine.Row, cells) -> str:
    """A phone hides the round columns; each row carries them behind a "Rounds" tap instead
    (static/css/standings.css shows this only on narrow screens)."""
    items = "".join(f"<li><span class=\"round-name\">Round {cell.round}</span> {round_cell_html(cell)}</li>"
                    for cell in cells)
    items += f'<li><span class="round-name">Hands played</span> {row.hands_played}</li>'
    if row.tiebreaks:
        items += f'<li><span class="round-name">Tiebreak</span> {tiebreak_html(row)}</li>'
    return f'<details class="rounds-tap"><summary>Rounds</summary><ul>{items}</ul></details>'


def players_html(row: standings_engine.Row) -> str:
    one, two = (escape(name) for name in row.players)
    # Each name in its own span: a phone stacks them so the total stays on screen.
    return f'<span class="player">{one}</span><span class="amp"> &amp; </span><span class="player">{two}</span>'


def tiebreak_html(row: standings_engine.Row) -> str:
    if not row.tiebreaks:
        return "—"
    return " ".join(
        f'<span title="Tiebreak session {t.sequence}{"" if t.complete else " (in play)"}">{t.total}</span>'
        for t in row.tiebreaks
    )


class RoundColumn(tables.Column):
    def render(self, value):
        return mark_safe(round_cell_html(value))


class StandingsTable(tables.Table):
    """The public standings. Round columns are added per event (see standings_table())."""

    rank = tables.Column(verbose_name="Rank", order_by=("position",), attrs={"td": {"class": "rank"}})
    number = tables.Column(verbose_name="No.", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    players = tables.Column(verbose_name="Players", order_by=("players_sort",), attrs={"td": {"class": "players"}})
    division = tables.Column(verbose_name="Div.", attrs={"td": {"class": "division"}, "th": {"class": "division"}})
    total = tables.Column(verbose_name="Total", attrs={"td": {"class": "num total"}, "th": {"class": "num"}})
    hands = tables.Column(verbose_name="Hands", attrs={"td": {"class": "num hands"}, "th": {"class": "num hands"}})
    tiebreak = tables.Column(verbose_name="Tiebreak", order_by=("tiebreak_sort",),
                             attrs={"td": {"class": "num tiebreak"}, "th": {"class": "num tiebreak"}})
    decided = tables.Column(verbose_name="Ordered by", attrs={"td": {"class": "decided"}, "th": {"class": "decided"}})

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "scoring/_standings_table.html"
        row_attrs = {"class": lambda record: record["row_class"], "id": lambda record: f"p{record['number']}"}
        empty_text = "No partnerships yet."

    per_page_size = PER_PAGE
    per_page_all = False  # ?per_page=all: every row on one page
    find_field = "find"
    found: dict | None = None  # ?find=N: the record of pair N, shown on its page and marked
    find_missing: int | None = None  # ?find=N for a number this ranking does not hold
    division_name: str | None = None  # when the table ranks one division

    def __init__(self, data, *, slug: str, extra_columns=(), exclude=(), **kwargs):
        self.slug = slug
        super().__init__(data, extra_columns=extra_columns, exclude=exclude, **kwargs)

    def render_rank(self, record):
        return mark_safe(rank_html(record["row"]))

    def render_number(self, record):
        return mark_safe(record["number_html"])

    def render_players(self, record):
        return mark_safe(players_html(record["row"]))

    def render_tiebreak(self, record):
        return mark_safe(tiebreak_html(record["row"]))

    def value_players(self, record):
        return record["players"]

    def write_rows(self) -> None:
        """Give every shown record its finished <tr>, cells in the order of the visible columns.

        shown_records is the current page's records (all of them when the table is not paged)."""
        columns = [(column.name, column.attrs["td"].as_html()) for column in self.columns]
        rounds = [column.name for column in self.columns if isinstance(column.column, RoundColumn)]
        self.shown_records = [row.record for row in self.page.object_list] if hasattr(self, "page") else list(self.data)
        for record in self.shown_records:
            cells = _cells(record["row"], record["number_html"])
            for name in rounds:
                cells[name] = round_cell_html(record[name])
            cells["players"] += rounds_on_tap_html(record["row"], [record[name] for name in rounds])
            html = "".join(f"<td {attrs}>{cells[name]}</td>" for name, attrs in columns)
            row_class = f'{record["row_class"]} found'.strip() if record is self.found else record["row_class"]
            record["html"] = mark_safe(f'<tr class="{row_class}" id="p{record["number"]}">{html}</tr>')

    @property
    def offers_find(self) -> bool:
        """More rows than a phone shows at once: worth a "find pair No." box."""
        return len(self.data) > FIND_FROM_ROWS

    @property
    def paged(self) -> bool:
        return hasattr(self, "page") and self.paginator.num_pages > 1

    @property
    def page_links(self) -> list[int | None]:
        """Page numbers to link, None where a run of pages is left out ("1 2 3 … 9 10")."""
        if not self.paged:
            return []
        ellipsis = self.paginator.ELLIPSIS
        return [None if n == ellipsis else n
                for n in self.paginator.get_elided_page_range(self.page.number, on_each_side=2, on_ends=1)]

    @property
    def row_range(self) -> tuple[int, int, int]:
        """(first, last, of): "rows 101 to 200 of 500"."""
        if hasattr(self, "page"):
            return self.page.start_index(), self.page.end_index(), self.paginator.count
        return (1 if self.data else 0), len(self.data), len(self.data)


def _cells(row: standings_engine.Row, number_html: str) -> dict[str, str]:
    return {
        "rank": rank_html(row),
        "number": number_html,
        "players": players_html(row),
        "division": escape(row.division),
        # A phone hides the round columns, so the total itself says it may still change.
        "total": str(row.total) + (TOTAL_NOT_FINAL if row.provisional else ""),
        "hands": str(row.hands_played),
        "tiebreak": tiebreak_html(row),
        "decided": escape(row.decided_label),
    }


def _records(rows: tuple[standings_engine.Row, ...], slug: str) -> list[dict]:
    """What django-tables2 sorts and pages by, one dict a row; the HTML comes later, for the
    shown page only (StandingsTable.write_rows)."""
    base_url = reverse("scoring:partnership", args=[slug, 0]).rsplit("0/", 1)[0]
    records = []
    for position, row in enumerate(rows):
        record = {
            "row": row,
            "position": position,
            "rank": row.rank,
            "number": row.number,
            "number_html": f'<a href="{base_url}{row.number}/">{row.number}</a>',
            "players": row.players_label,
            "players_sort": row.players_label.casefold(),
            "division": row.division,
            "total": row.total,
            "hands": row.hands_played,
            "tiebreak": row.tiebreak_total,
            "tiebreak_sort": NOT_PLAYED_SORT if row.tiebreak_total is None else row.tiebreak_total,
            "decided": row.decided_label,
            "row_class": " ".join(c for c in ("tied" if row.tied else "", f"medal-{row.medal}" if row.medal else "",
                                              "withdrawn" if row.withdrawn else "") if c),
        }
        for cell in row.rounds:
            record[f"r{cell.round}"] = cell
            record[f"r{cell.round}_sort"] = NOT_PLAYED_SORT if cell.points is None else cell.points
        records.append(record)
    return records


def shown_rounds(standings: standings_engine.Standings) -> tuple[int, ...]:
    """Round columns worth a screen's width: those reached so far (all of them before the start
    and after the end). The downloads always carry every round."""
    current = standings.progress.current_round
    if current is None or standings.progress.complete:
        return standings.rounds
    return tuple(n for n in standings.rounds if n <= current)


def standings_table(standings: standings_engine.Standings, *, slug: str, request=None,
                    ranking: standings_engine.Ranking | None = None) -> StandingsTable:
    """The standings table for one event (or one division's `ranking`), its round columns between
    the total and hands played."""
    ranking = ranking or standings.overall
    rounds = [
        (f"r{n}", RoundColumn(verbose_name=f"R{n}", order_by=(f"r{n}_sort",),
                              attrs={"td": {"class": "num round"}, "th": {"class": "num round"}}))
        for n in shown_rounds(standings)
    ]
    exclude = []
    if not standings.has_divisions or ranking.division is not None:
        exclude.append("division")
    if not standings.tiebreak_sessions:
        exclude.append("tiebreak")
    if not (standings.tiebreak_sessions or standings.setup.secondary_tiebreakers):
        exclude.append("decided")
    sequence = ["rank", "number", "players", "division", "total", *[name for name, _ in rounds], "hands",
                "tiebreak", "decided"]
    table = StandingsTable(_records(ranking.rows, slug), slug=slug, extra_columns=rounds, exclude=exclude,
                           sequence=sequence)
    table.division_name = ranking.division
    if request is not None:
        tables.RequestConfig(request, paginate=False).configure(table)  # the sort
        _withdrawn_last(table)
        _find(table, request.GET.get(table.find_field, ""))
        table.per_page_all = request.GET.get(table.prefixed_per_page_field) == ALL
        if not table.per_page_all:
            page = _page_number(request.GET.get(table.prefixed_page_field), len(table.data), table.per_page_size)
            if table.found is not None:
                page = table.found["index"] // table.per_page_size + 1
            table.paginate(per_page=table.per_page_size, page=page)
    table.write_rows()
    return table


def _withdrawn_last(table: StandingsTable) -> None:
    """Sorted by rank either way, withdrawn partnerships (no rank) stay at the bottom: reversing
    the rank order would otherwise put them first. Other columns sort them with everyone."""
    if table.order_by and table.order_by[0].bare == "rank":
        table.data.data.sort(key=lambda record: record["row"].withdrawn)  # stable: keeps the rank order


def _find(table: StandingsTable, asked: str) -> None:
    """?find=N: a player looks up their own pair. The page that holds it is shown (in the sort
    the viewer chose), and the live updates keep following it as it moves up or down."""
    number = whole_number(asked.strip().lstrip("#"))
    if number is None:
        return
    for index, record in enumerate(table.data):
        if record["number"] == number:
            record["index"] = index
            table.found = record
            return
    table.find_missing = number


def _page_number(asked: str | None, rows: int, per_page: int) -> int:
    """The page asked for, kept within the pages there are: a stale link (the event shrank, a
    typo) shows the nearest page rather than an error."""
    last = max(1, -(-rows // per_page))
    return min(max(whole_number(asked) or 1, 1), last)
