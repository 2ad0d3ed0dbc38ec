"""The standings as the documented JSON, a CSV in the reader's language, and plain text. Pure
Python, no Django."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from scoring.engine.games import RANK_KEYS
from scoring.engine.textsafe import csv_text
from scoring.engine.vocabulary import gettext_noop

from .records import (
    WITHDRAWN_LABEL,
    RoundCell,
    Row,
    Standings,
)

# The CSV's header line in the reader's language (the JSON's keys and the command's CSV stay English).
CSV_HEADERS = {
    "rank": gettext_noop("rank"),
    "tied": gettext_noop("tied"),
    "partnership": gettext_noop("partnership"),
    "player": gettext_noop("player"),
    "name": gettext_noop("name"),
    "player_1": gettext_noop("player_1"),
    "player_2": gettext_noop("player_2"),
    "division": gettext_noop("division"),
    "total": gettext_noop("total"),
    "games_won": gettext_noop("games_won"),
    "games_lost": gettext_noop("games_lost"),
    "games_drawn": gettext_noop("games_drawn"),
    "matches_won": gettext_noop("matches_won"),
    "difference": gettext_noop("difference"),
    "R": gettext_noop("R%(number)s"),
    "sit_out_rounds": gettext_noop("sit_out_rounds"),
    "provisional_rounds": gettext_noop("provisional_rounds"),
    "hands_played": gettext_noop("hands_played"),
    "tiebreak_total": gettext_noop("tiebreak_total"),
    "medal": gettext_noop("medal"),
    "decided_by": gettext_noop("decided_by"),
    "sit_out_policy": gettext_noop("sit_out_policy"),
}



# ---------------------------------------------------------------- output formats


def as_json(standings: Standings, event_slug: str) -> dict:
    """The documented JSON: {"event", "standings": [{"rank", "tied", "partnership", "players",
    "division", "total", "rounds", "tiebreak_total", "medal", "withdrawn"}]}.

    A withdrawn partnership has "rank": null and "withdrawn": true (and comes after every finisher).

    An event played as games adds "games_won", "games_lost", "games_drawn", "matches_won" and
    "difference" to each row; "total" is then the points (the sum of the final game scores) and
    "rank" follows the event's rank_by.

    Each `rounds` item is {"round": 1, "points": 240 or null (not played yet), "sit_out": bool,
    "provisional": bool, "hands": hands entered, "credit": null, or for a sit-out the policy that
    credited it ("average", "zero" or "fixed")}.
    """
    columns = FORMAT_COLUMNS[standings.setup.format]
    who = ENTRANT_OUTPUT[standings.setup.entrants]
    out = []
    for row in standings.rows:
        item = {
            "rank": row.rank,
            "tied": row.tied,
            **who.json(row),
            "division": row.division or None,
            "total": row.total,
            "rounds": [cell.as_dict() for cell in row.rounds],
            "tiebreak_total": row.tiebreak_total,
            "medal": row.medal,
            "withdrawn": row.withdrawn,
        }
        item.update((key, getattr(row, key)) for key in columns)
        out.append(item)
    return {"event": event_slug, "standings": out}


GAMES_COLUMNS = ("games_won", "games_lost", "games_drawn", "matches_won", "difference")
# The columns a format adds to each row (Setup.format), and their heads in the text table.
FORMAT_COLUMNS = {"session": (), "games": GAMES_COLUMNS}
TEXT_HEADS = {"session": (), "games": ("W", "L", "D", "M", "Diff")}


def _games_legend(standings: Standings) -> list[str]:
    keys = ", then ".join(RANK_KEYS[k].lower() for k in standings.setup.rank_by)
    return ["Played as games; ranked by " + keys
            + "   W won  L lost  D drawn  M matches won  Total points  Diff point difference"]


# The lines a format adds under the text table's title.
TEXT_LEGEND = {"session": lambda standings: [], "games": _games_legend}


@dataclass(frozen=True)
class EntrantOutput:
    """How the outputs name an entrant of a kind (Setup.entrants): its JSON keys, its CSV columns (the
    number, then a column per player) and the text table's head."""

    json: Callable[[Row], dict]
    csv: tuple[str, ...]
    text: str


# An event of individuals names the player ("player": number, "name") where a partnership event names
# the partnership ("partnership", "players"); every other key is the same.
ENTRANT_OUTPUT = {
    "partnerships": EntrantOutput(lambda row: {"partnership": row.number, "players": list(row.players)},
                                  ("partnership", "player_1", "player_2"), "Players"),
    "individuals": EntrantOutput(lambda row: {"player": row.number, "name": row.players[0]},
                                 ("player", "name"), "Player"),
}


def _cell_text(cell: RoundCell) -> str:
    if cell.points is None:
        return "S" if cell.sit_out else ""
    mark = ("s" if cell.sit_out else "") + ("*" if cell.provisional else "")
    return f"{cell.points}{mark}"


def as_csv(standings: Standings, translate: Callable[[str], str] = str) -> str:
    """One line per partnership; round columns R1..Rn hold the points (empty = not played).
    sit_out_rounds and provisional_rounds list round numbers separated by spaces. A withdrawn
    partnership's rank is "WD". Text that a spreadsheet would run as a formula (a name starting
    with "=") is written with a leading apostrophe (textsafe.spreadsheet_cell). `translate` (gettext in
    the Django layers) writes the header line in the reader's language; the rows stay as they are."""
    columns = FORMAT_COLUMNS[standings.setup.format]
    who = ENTRANT_OUTPUT[standings.setup.entrants].csv
    keys = ["rank", "tied", *who, "division", "total", *columns]
    tail = ["sit_out_rounds", "provisional_rounds", "hands_played", "tiebreak_total", "medal", "decided_by",
            "sit_out_policy"]
    rows = [
        [translate(CSV_HEADERS[k]) for k in keys]
        + [translate(CSV_HEADERS["R"]) % {"number": n} for n in standings.rounds]
        + [translate(CSV_HEADERS[k]) for k in tail]
    ]
    policy = standings.setup.sit_out_policy
    if policy == "fixed":
        policy = f"fixed {standings.setup.sit_out_points}"
    for row in standings.rows:
        rows.append(
            [WITHDRAWN_LABEL if row.withdrawn else row.rank, "yes" if row.tied else "no", row.number,
             *row.players[:len(who) - 1], row.division, row.total]
            + [getattr(row, k) for k in columns]
            + ["" if c.points is None else c.points for c in row.rounds]
            + [
                " ".join(str(c.round) for c in row.rounds if c.sit_out),
                " ".join(str(c.round) for c in row.rounds if c.provisional),
                row.hands_played,
                "" if row.tiebreak_total is None else row.tiebreak_total,
                row.medal or "",
                row.decided_by,
                policy,
            ]
        )
    return csv_text(rows)


def as_text(standings: Standings, title: str) -> str:
    """A plain fixed-width table for a terminal or a notice board."""
    columns = FORMAT_COLUMNS[standings.setup.format]
    who = ENTRANT_OUTPUT[standings.setup.entrants].text
    headers = (["Rank", "No", who, "Div", "Total", *TEXT_HEADS[standings.setup.format]]
               + [f"R{n}" for n in standings.rounds] + ["Hands", "TB", "Medal"])
    body = []
    for row in standings.rows:
        body.append(
            [row.rank_label, str(row.number), row.players_label, row.division, str(row.total)]
            + [str(getattr(row, k)) for k in columns]
            + [_cell_text(c) for c in row.rounds]
            + [str(row.hands_played), "" if row.tiebreak_total is None else str(row.tiebreak_total),
               row.medal or ""]
        )
    widths = [max(len(h), *(len(r[i]) for r in body)) if body else len(h) for i, h in enumerate(headers)]
    text_cols = {2, 3}  # players and division read left to right; numbers line up on the right

    def line(cells: list[str]) -> str:
        padded = (c.ljust(w) if i in text_cols else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths)))
        return "  ".join(padded).rstrip()

    lines = [title, standings.progress.label, standings.sit_out_label, *TEXT_LEGEND[standings.setup.format](standings)]
    lines.append("")
    lines.append(line(headers))
    lines.append("  ".join("-" * w for w in widths))
    lines.extend(line(r) for r in body)
    lines.append("")
    lines.append("= shared rank   s sit-out (credited)   S sit-out to come   * provisional (not final)"
                 + ("   WD withdrawn (not ranked, no medal)" if standings.has_withdrawn else ""))
    for ranking, tie in standings.medal_ties:
        where = "" if ranking.division is None else f" ({ranking.name})"
        lines.append(
            f"Tied for {tie.places_label}{where} on {tie.total}: "
            + "; ".join(f"{n} {p}" for n, p in zip(tie.partnerships, tie.players))
        )
    return "\n".join(lines) + "\n"
