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
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from scoring.engine import standings as standings_engine
from scoring.engine import vocabulary
from scoring.engine.textsafe import whole_number

NOT_PLAYED_SORT = -10**9  # not played yet sorts below every real score
# A phone shows a few dozen rows at most; a hundred keeps one page quick to send and render at a
# 500-pair event, and "all" is one tap away for a printout or a laptop.
PER_PAGE = 100
ALL = "all"
FIND_FROM_ROWS = 12
# Rows already written, by their standings line (StandingsTable.write_rows, _records): pure
# functions of their keys, so each process may keep its own and servers never disagree.
MEMO_LIMIT = 20_000
_ROWS_MEMO: dict = {}
_RECORDS_MEMO: dict = {}
# Words, not letters: "S" read as both Silver and sit-out, and a superscript letter is too small
# for reading glasses. The legend under the table says what each word means.
MEDAL_WORDS = {medal: _(word) for medal, word in vocabulary.MEDAL_WORDS.items()}
# The policy keys a sit-out cell carries (scoring.engine.standings.RoundCell.credit).
CREDIT_WORDS = {"average": _("average"), "zero": _("zero"), "fixed": _("fixed")}
# An event played as games: its ranking keys (scoring.engine.games.RANK_KEYS) in a few words.
RANK_WORDS = {"games": _("games won"), "matches": _("matches won"), "points": _("points"),
              "difference": _("point difference")}
# The columns a games event adds (README, "Games"), after the division; `total` is then its points.
GAMES_COLUMNS = ("games_won", "games_lost", "games_drawn", "matches_won")


def ranked_by_words(rank_by) -> str:
    """"Ranked by games won, then points": what orders a games event's standings, in words."""
    keys = gettext(", then ").join(str(RANK_WORDS.get(key, key)) for key in rank_by)
    return gettext("Ranked by %(keys)s") % {"keys": keys}


def credit_word(policy: str | None) -> str:
    """The sit-out policy that credited a cell, in a word: "average" / "promedio" / "moyenne"."""
    return str(CREDIT_WORDS.get(policy, policy or ""))


def medal_word(medal: str | None) -> str:
    """"Gold" / "Oro" / "Or": a medal's name in the reader's language."""
    return str(MEDAL_WORDS.get(medal, medal.title())) if medal else ""


class _Words:
    """The cells' words, translated once per table render (a cell is written thousands of times)."""

    def __init__(self) -> None:
        self.not_final = escape(gettext("not final"))
        title = escape(gettext("Not all hands in or not confirmed yet"))
        self.provisional_mark = f'<span class="tag provisional" title="{title}">{self.not_final}</span>'
        self.sat_out_word = escape(gettext("sat out"))
        self.sat_out = f'<span class="tag sitout">{self.sat_out_word}</span>'
        self.total_not_final = f'<span class="tag provisional phone-only">{self.not_final}</span>'
        self.not_played = escape(gettext("not played yet"))
        self.credit = gettext("Credit: %(policy)s")
        self.policies = {key: str(word) for key, word in CREDIT_WORDS.items()}
        self.against = gettext("against %(number)s")
        self.withdrawn_title = escape(gettext("Withdrawn: results kept, not ranked"))
        self.shared_place = escape(gettext("Shared place"))
        self.round = gettext("Round %(number)s")
        self.hands_played = escape(gettext("Hands played"))
        self.tiebreak = escape(gettext("Tiebreak"))
        self.rounds = escape(gettext("Rounds"))
        self.lost, self.drawn = escape(gettext("Lost")), escape(gettext("Drawn"))
        self.matches, self.difference = escape(gettext("Matches")), escape(gettext("Point difference"))
        self.session = gettext("Tiebreak session %(number)s")
        self.in_play = gettext("%(session)s (in play)")


def _words(words: _Words | None) -> _Words:
    return words if words is not None else _Words()


def round_cell_html(cell: standings_engine.RoundCell, words: _Words | None = None) -> str:
    w = _words(words)
    if cell.points is None:
        if cell.sit_out:
            return w.sat_out
        return f'<span class="muted" aria-label="{w.not_played}">–</span>'
    marks = ""
    if cell.sit_out:
        credit = escape(w.credit % {"policy": w.policies.get(cell.credit, cell.credit)})
        marks += f' <span class="tag sitout" title="{credit}">{w.sat_out_word}</span>'
    if cell.provisional:
        marks += " " + w.provisional_mark
    if cell.opponent:
        return f'<span title="{escape(w.against % {"number": cell.opponent})}">{cell.points}</span>{marks}'
    return f"{cell.points}{marks}"


def rank_html(row: standings_engine.Row, words: _Words | None = None) -> str:
    w = _words(words)
    if row.withdrawn:
        return f'<abbr class="wd" title="{w.withdrawn_title}">{standings_engine.WITHDRAWN_LABEL}</abbr>'
    html = str(row.rank)
    if row.tied:
        html += f'<span class="tied-mark" title="{w.shared_place}">=</span>'
    if row.medal:
        html += f' <span class="medal {row.medal}">{escape(medal_word(row.medal))}</span>'
    return html


def rounds_on_tap_html(row: standings_engine.Row, cells, words: _Words | None = None) -> str:
    """A phone hides the round columns; each row carries them behind a "Rounds" tap instead
    (static/css/standings.css shows this only on narrow screens)."""
    w = _words(words)
    items = "".join(f"<li><span class=\"round-name\">{escape(w.round % {'number': cell.round})}</span> "
                    f"{round_cell_html(cell, w)}</li>" for cell in cells)
    items += f'<li><span class="round-name">{w.hands_played}</span> {row.hands_played}</li>'
    if row.games_won or row.games_lost or row.games_drawn:  # the games columns a phone hides ("lesser")
        shown = [(w.lost, row.games_lost), (w.drawn, row.games_drawn), (w.matches, row.matches_won),
                 (w.difference, row.difference)]
        items += "".join(f'<li><span class="round-name">{word}</span> {value}</li>' for word, value in shown
                         if word is not w.matches or value)
    if row.tiebreaks:
        items += f'<li><span class="round-name">{w.tiebreak}</span> {tiebreak_html(row, w)}</li>'
    return f'<details class="rounds-tap"><summary>{w.rounds}</summary><ul>{items}</ul></details>'



# The words the standings pages use for an entrant, by Setup.entrants: a lookup, one entry per kind
# of entrant (a pair, or a player), never an `if` in a page. The templates read them through
# standings_words' entrant_word filter; the strings are the ones the templates had.
ENTRANT_WORDS = {
    "partnerships": {
        "who": _("Players"), "empty": _("No partnerships yet."), "find": _("Find pair No."),
        "sat_out": _("the pair sat out that round, credited: %(credit)s"),
        "sat_out_legend": _('"sat out": the pair sat out that round'),
        "missing": _("There is no pair No. %(number)s."),
        "missing_division": _("There is no pair No. %(number)s in division %(division)s."),
    },
    "individuals": {
        "who": _("Player"), "empty": _("No players yet."), "find": _("Find player No."),
        "sat_out": _("the player sat out that round, credited: %(credit)s"),
        "sat_out_legend": _('"sat out": the player sat out that round'),
        "missing": _("There is no player No. %(number)s."),
        "missing_division": _("There is no player No. %(number)s in division %(division)s."),
    },
}


def entrant_words(standings: standings_engine.Standings) -> dict:
    """The standings pages' words for the event's entrants (ENTRANT_WORDS)."""
    return ENTRANT_WORDS[standings.setup.entrants]


def players_html(row: standings_engine.Row) -> str:
    # Each name in its own span (a player, or a partnership's two): a phone stacks them so the total
    # stays on screen.
    return '<span class="amp"> &amp; </span>'.join(f'<span class="player">{escape(name)}</span>'
                                                   for name in row.players)


def tiebreak_html(row: standings_engine.Row, words: _Words | None = None) -> str:
    if not row.tiebreaks:
        return "—"
    w = _words(words)
    spans = []
    for t in row.tiebreaks:
        title = w.session % {"number": t.sequence}
        if not t.complete:
            title = w.in_play % {"session": title}
        spans.append(f'<span title="{escape(title)}">{t.total}</span>')
    return " ".join(spans)


class RoundColumn(tables.Column):
    def render(self, value):
        return mark_safe(round_cell_html(value))


class StandingsTable(tables.Table):
    """The public standings. Round columns are added per event (see standings_table())."""

    rank = tables.Column(verbose_name=_("Rank"), order_by=("position",), attrs={"td": {"class": "rank"}})
    number = tables.Column(verbose_name=_("No."), attrs={"td": {"class": "num"}, "th": {"class": "num"}})
    players = tables.Column(verbose_name=_("Players"), order_by=("players_sort",), attrs={"td": {"class": "players"}})
    division = tables.Column(verbose_name=_("Div."), attrs={"td": {"class": "division"}, "th": {"class": "division"}})
    total = tables.Column(verbose_name=_("Total"), attrs={"td": {"class": "num total"}, "th": {"class": "num"}})
    hands = tables.Column(verbose_name=_("Hands"), attrs={"td": {"class": "num hands"}, "th": {"class": "num hands"}})
    tiebreak = tables.Column(verbose_name=_("Tiebreak"), order_by=("tiebreak_sort",),
                             attrs={"td": {"class": "num tiebreak"}, "th": {"class": "num tiebreak"}})
    decided = tables.Column(verbose_name=_("Ordered by"),
                            attrs={"td": {"class": "decided"}, "th": {"class": "decided"}})
    # An event played as games only (standings_table() leaves them out of a session).
    games_won = tables.Column(verbose_name=_("Won"), attrs={"td": {"class": "num games"}, "th": {"class": "num games"}})
    # "lesser": a phone hides these columns (static/css/standings.css); the row's tap lists them.
    games_lost = tables.Column(verbose_name=_("Lost"), attrs={"td": {"class": "num games lesser"},
                                                              "th": {"class": "num games lesser"}})
    games_drawn = tables.Column(verbose_name=_("Drawn"), attrs={"td": {"class": "num games lesser"},
                                                                "th": {"class": "num games lesser"}})
    matches_won = tables.Column(verbose_name=_("Matches"), attrs={"td": {"class": "num games lesser"},
                                                                  "th": {"class": "num games lesser"}})
    difference = tables.Column(verbose_name=_("Diff."), attrs={"td": {"class": "num difference lesser"},
                                                               "th": {"class": "num difference lesser"}})

    class Meta:
        orderable = True
        attrs = {"class": "standings"}
        template_name = "scoring/_standings_table.html"
        row_attrs = {"class": lambda record: record["row_class"], "id": lambda record: f"p{record['number']}"}
        empty_text = _("No partnerships yet.")

    per_page_size = PER_PAGE
    per_page_all = False  # ?per_page=all: every row on one page
    find_field = "find"
    found: dict | None = None  # ?find=N: the record of pair N, shown on its page and marked
    find_missing: int | None = None  # ?find=N for a number this ranking does not hold
    division_name: str | None = None  # when the table ranks one division
    words: dict = {}  # entrant_words(): "player" or "pair"

    @property
    def find_missing_text(self) -> str:
        """?find=N for a number this ranking does not hold: "There is no pair No. 7 (in division B)."."""
        word = self.words["missing_division" if self.division_name else "missing"]
        return mark_safe(str(word) % {"number": self.find_missing, "division": escape(self.division_name or "")})

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
        columns = tuple((column.name, column.attrs["td"].as_html()) for column in self.columns)
        rounds = tuple(column.name for column in self.columns if isinstance(column.column, RoundColumn))
        self.shown_records = [row.record for row in self.page.object_list] if hasattr(self, "page") else list(self.data)
        words = None
        language = get_language()
        for record in self.shown_records:
            row_class = f'{record["row_class"]} found'.strip() if record is self.found else record["row_class"]
            # A row's HTML follows from its standings line, its columns and the language alone: a
            # save changes a few lines, so the live page's rebuild writes those and reuses the rest.
            key = (record["row"], record["number_html"], row_class, columns, rounds, language)
            html = _ROWS_MEMO.get(key)
            if html is None:
                words = words or _Words()
                cells = _cells(record["row"], record["number_html"], words)
                for name in rounds:
                    cells[name] = round_cell_html(record[name], words)
                cells["players"] += rounds_on_tap_html(record["row"], [record[name] for name in rounds], words)
                html = "".join(f"<td {attrs}>{cells[name]}</td>" for name, attrs in columns)
                html = mark_safe(f'<tr class="{row_class}" id="p{record["number"]}">{html}</tr>')
                remember(_ROWS_MEMO, key, html)
            record["html"] = html

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


def _cells(row: standings_engine.Row, number_html: str, words: _Words) -> dict[str, str]:
    return {
        "rank": rank_html(row, words),
        "number": number_html,
        "players": players_html(row),
        "division": escape(row.division),
        # A phone hides the round columns, so the total itself says it may still change.
        "total": str(row.total) + (words.total_not_final if row.provisional else ""),
        "hands": str(row.hands_played),
        "tiebreak": tiebreak_html(row, words),
        "decided": escape(standings_engine.decided_label(row.decided_by, gettext)),
        "games_won": str(row.games_won),
        "games_lost": str(row.games_lost),
        "games_drawn": str(row.games_drawn),
        "matches_won": str(row.matches_won),
        "difference": str(row.difference),
    }


def _records(rows: tuple[standings_engine.Row, ...], slug: str) -> list[dict]:
    """What django-tables2 sorts and pages by, one dict a row; the HTML comes later, for the
    shown page only (StandingsTable.write_rows)."""
    base_url = reverse("scoring:partnership", args=[slug, 0]).rsplit("0/", 1)[0]
    language = get_language()
    records = []
    for position, row in enumerate(rows):
        key = (row, position, base_url, language)
        known = _RECORDS_MEMO.get(key)
        if known is not None:
            records.append(dict(known))  # a copy: the table marks the found row and adds its HTML
            continue
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
            "games_won": row.games_won,
            "games_lost": row.games_lost,
            "games_drawn": row.games_drawn,
            "matches_won": row.matches_won,
            "difference": row.difference,
            "row_class": " ".join(c for c in ("tied" if row.tied else "", f"medal-{row.medal}" if row.medal else "",
                                              "withdrawn" if row.withdrawn else "") if c),
        }
        for cell in row.rounds:
            record[f"r{cell.round}"] = cell
            record[f"r{cell.round}_sort"] = NOT_PLAYED_SORT if cell.points is None else cell.points
        records.append(dict(remember(_RECORDS_MEMO, key, record)))
    return records


def remember(memo: dict, key, value, limit: int = MEMO_LIMIT):
    """Keep `value` under `key` in a memo of this process, emptied when it grows past `limit` (by
    default a few events' worth of rows in every language): nothing in it is needed, all of it is
    reusable."""
    if len(memo) >= limit:
        memo.clear()
    memo[key] = value
    return value


def shown_rounds(standings: standings_engine.Standings) -> tuple[int, ...]:
    """Round columns worth a screen's width: those reached so far (all of them before the start
    and after the end). The downloads always carry every round."""
    current = standings.progress.current_round
    if current is None or standings.progress.complete:
        return standings.rounds
    return tuple(n for n in standings.rounds if n <= current)


def _session_columns(standings: standings_engine.Standings, matches: bool) -> tuple[list[str], list]:
    """A session's table: its total, no games columns."""
    return [*GAMES_COLUMNS, "difference"], []


def _games_columns(standings: standings_engine.Standings, matches: bool) -> tuple[list[str], list]:
    """A games event's table: games won, lost and drawn (matches won when its rounds are matches),
    its points and their difference."""
    left_out = [] if matches or "matches" in standings.setup.rank_by else ["matches_won"]
    return left_out, [("total", tables.Column(verbose_name=gettext("Points"),
                                              attrs={"td": {"class": "num total"}, "th": {"class": "num"}}))]


# The columns a standings table leaves out and adds, by the event's format (Setup.format).
FORMAT_COLUMNS = {"session": _session_columns, "games": _games_columns}


def standings_table(standings: standings_engine.Standings, *, slug: str, request=None,
                    ranking: standings_engine.Ranking | None = None, matches: bool = False) -> StandingsTable:
    """The standings table for one event (or one division's `ranking`), its round columns between
    the total and hands played. An event played as games shows games won, lost and drawn (and
    matches won when `matches`: its rounds are matches) before its points and their difference."""
    ranking = ranking or standings.overall
    rounds = [
        (f"r{n}", RoundColumn(verbose_name=gettext("R%(number)s") % {"number": n}, order_by=(f"r{n}_sort",),
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
    left_out, columns = FORMAT_COLUMNS[standings.setup.format](standings, matches)
    exclude.extend(left_out)
    rounds.extend(columns)
    sequence = ["rank", "number", "players", "division", *GAMES_COLUMNS, "total", "difference",
                *[name for name, _ in rounds if name != "total"], "hands", "tiebreak", "decided"]
    words = entrant_words(standings)
    rounds.append(("players", tables.Column(verbose_name=str(words["who"]), order_by=("players_sort",),
                                            attrs={"td": {"class": "players"}})))
    table = StandingsTable(_records(ranking.rows, slug), slug=slug, extra_columns=rounds, exclude=exclude,
                           sequence=sequence)
    table.division_name = ranking.division
    table.words = words
    table.empty_text = str(words["empty"])
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


def projector_rows_html(standings: standings_engine.Standings, rounds, *, matches: bool) -> str:
    """The projector's table body (scoring/_projector_rows.html): the first three rows in their own
    <tbody> (the leaders stay on screen), then the rest. Each row's HTML is kept by its standings
    line, as the table's are: the projector polls the whole event, five hundred rows."""
    rounds = tuple(rounds)
    rows = standings.rows
    if not rows:
        empty = str(entrant_words(standings)["empty"])
        return f'<tbody><tr><td colspan="5">{escape(empty)}</td></tr></tbody>'
    layout = (rounds, standings.has_divisions, standings.setup.games, matches, get_language())
    words = None
    html = []
    for position, row in enumerate(rows):
        if position == 0:
            html.append('<tbody class="leaders">')
        elif position == 3:
            html.append('</tbody><tbody class="pages">')
        key = ("projector", row, layout)
        written = _ROWS_MEMO.get(key)
        if written is None:
            words = words or _Words()
            written = remember(_ROWS_MEMO, key, _projector_row(row, layout, words))
        html.append(written)
    html.append("</tbody>")
    return mark_safe("".join(html))


def _projector_row(row: standings_engine.Row, layout, words: _Words) -> str:
    rounds, divisions, games, matches, _ = layout
    classes = ("tied" if row.tied else "") + (f" medal-{row.medal}" if row.medal else "") + (
        " withdrawn" if row.withdrawn else "")
    if row.withdrawn:
        place = "WD"
    else:
        place = str(row.rank) + ('<span class="tied-mark">=</span>' if row.tied else "")
    if row.medal:
        place += f' <span class="medal {row.medal}">{escape(medal_word(row.medal))}</span>'
    cells = [f'<td class="num">{place}</td>', f'<td class="num">{row.number}</td>',
             f'<td class="players">{escape(row.players_label)}</td>']
    if divisions:
        cells.append(f"<td>{escape(row.division)}</td>")
    if games:
        cells += [f'<td class="num games">{row.games_won}</td>', f'<td class="num games lesser">{row.games_lost}</td>',
                  f'<td class="num games lesser">{row.games_drawn}</td>']
        if matches:
            cells.append(f'<td class="num games lesser">{row.matches_won}</td>')
        cells += [f'<td class="num total">{row.total}</td>', f'<td class="num lesser">{row.difference}</td>']
    else:
        cells.append(f'<td class="num total">{row.total}</td>')
    for cell in row.rounds:
        if cell.round not in rounds:
            continue
        marks = (" provisional" if cell.provisional else "") + (" sitout" if cell.sit_out else "")
        if cell.points is None:
            shown = words.sat_out_word if cell.sit_out else "–"
        else:
            shown = f"{cell.points}" + (f" <small>{words.sat_out_word}</small>" if cell.sit_out else "")
        cells.append(f'<td class="num round{marks}">{shown}</td>')
    return f'<tr class="{classes}">{"".join(cells)}</tr>'
