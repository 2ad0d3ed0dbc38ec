"""django-tables2 tables for the standings pages. Each is fed a list built from a Standings value
(scoring.selectors.event_standings); none touches the database."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

from scoring import standings as standings_engine

NOT_PLAYED_SORT = -10**9  # not played yet sorts below every real score


def _cell_html(cell: standings_engine.RoundCell):
    if cell.points is None:
        if cell.sit_out:
            return mark_safe('<span class="tag sitout" title="Sits out this round">sit-out</span>')
        return mark_safe('<span class="muted" aria-label="not played yet">–</span>')
    marks = []
    if cell.sit_out:
        marks.append(format_html('<sup class="mark sitout" title="Sit-out: {} credit">S</sup>', cell.credit))
    if cell.provisional:
        marks.append(mark_safe('<sup class="mark provisional" title="Provisional: not final yet">P</sup>'))
    title = f"against {cell.opponent}" if cell.opponent else ""
    return format_html('<span title="{}">{}</span>{}', title, cell.points, format_html_join("", "{}", ((m,) for m in marks)))


class RoundColumn(tables.Column):
    def render(self, value):
        return _cell_html(value)


class StandingsTable(tables.Table):
    """The public standings. Round columns are added per event (see standings_table())."""

    rank = tables.Column(verbose_name="Rank", order_by=("position",), attrs={"td": {"class": "rank"}})
    number = tables.Column(verbose_name="No.", attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    players = tables.Column(verbose_name="Players", order_by=("players_sort",), attrs={"td": {"class": "players"}})
    division = tables.Column(verbose_name="Div.", attrs={"td": {"class": "division"}, "th": {"class": "division"}})
    total = tables.Column(verbose_name="Total", attrs={"td": {"class": "num total"}, "th": {"class": "num"}})
    hands = tables.Column(verbose_name="Hands", attrs={"td": {"class": "num hands"}, "th": {"class": "num hands"}})
    tiebreak = tables.Column(verbose_name="Tiebreak", order_by=("tiebreak_sort",),
                             attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    decided = tables.Column(verbose_name="Ordered by")

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        row_attrs = {
            "class": lambda record: " ".join(
                c for c in (
                    "tied" if record["row"].tied else "",
                    f"medal-{record['row'].medal}" if record["row"].medal else "",
                ) if c
            ),
            "id": lambda record: f"p{record['number']}",
        }
        empty_text = "No partnerships yet."

    def __init__(self, data, *, slug: str, extra_columns=(), exclude=(), **kwargs):
        self.slug = slug
        super().__init__(data, extra_columns=extra_columns, exclude=exclude, **kwargs)

    def render_rank(self, record):
        row = record["row"]
        medal = ""
        if row.medal:
            medal = format_html(' <span class="medal {}" title="{}">{}</span>', row.medal, row.medal.title(),
                                row.medal[0].upper())
        tied = mark_safe('<span class="tied-mark" title="Shared place">=</span>') if row.tied else ""
        return format_html("{}{}{}", row.rank, tied, medal)

    def render_number(self, record):
        url = reverse("scoring:partnership", args=[self.slug, record["number"]])
        return format_html('<a href="{}">{}</a>', url, record["number"])

    def render_tiebreak(self, record):
        results = record["row"].tiebreaks
        if not results:
            return "—"
        return format_html_join(
            " ", '<span title="Tiebreak session {}{}">{}</span>',
            ((t.sequence, "" if t.complete else " (in play)", t.total) for t in results),
        )

    def render_players(self, record):
        one, two = record["row"].players
        # Each name in its own span: a phone stacks them so the total stays on screen.
        return format_html('<span class="player">{}</span><span class="amp"> &amp; </span><span class="player">{}</span>',
                           one, two)

    def value_players(self, record):
        return record["players"]


def _records(standings: standings_engine.Standings) -> list[dict]:
    records = []
    for position, row in enumerate(standings.rows):
        record = {
            "row": row,
            "position": position,
            "rank": row.rank,
            "number": row.number,
            "players": row.players_label,
            "players_sort": row.players_label.casefold(),
            "division": row.division,
            "total": row.total,
            "hands": row.hands_played,
            "tiebreak": row.tiebreak_total,
            "tiebreak_sort": NOT_PLAYED_SORT if row.tiebreak_total is None else row.tiebreak_total,
            "decided": row.decided_label,
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


def standings_table(standings: standings_engine.Standings, *, slug: str, request=None) -> StandingsTable:
    """The standings table for one event, its round columns between the total and hands played."""
    rounds = [
        (f"r{n}", RoundColumn(verbose_name=f"R{n}", order_by=(f"r{n}_sort",),
                              attrs={"td": {"class": "num round"}, "th": {"class": "num"}}))
        for n in shown_rounds(standings)
    ]
    exclude = []
    if not standings.has_divisions:
        exclude.append("division")
    if not standings.tiebreak_sessions:
        exclude.append("tiebreak")
    if not (standings.tiebreak_sessions or standings.setup.secondary_tiebreakers):
        exclude.append("decided")
    sequence = ["rank", "number", "players", "division", "total", *[name for name, _ in rounds], "hands",
                "tiebreak", "decided"]
    table = StandingsTable(_records(standings), slug=slug, extra_columns=rounds, exclude=exclude,
                           sequence=sequence)
    if request is not None:
        tables.RequestConfig(request, paginate=False).configure(table)
    return table
