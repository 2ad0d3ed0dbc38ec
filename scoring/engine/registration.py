"""Reading a registration CSV: number, player 1, player 2, division (one partnership a line).

Pure Python, no Django import and no database: bytes or text in, checked rows out. Every problem
is reported with its line number, all at once, so the organizer fixes the file in one go; the
service that stores the rows does so only when this finds nothing wrong.

Each problem is a `Message`: the English text (what management commands print) that also keeps
its template, marked with `gettext_noop`, and its values, so a web page translates the template
and fills in the values (`Message.in_language(gettext)`, `RegistrationError.messages_in(gettext)`).
"""

from __future__ import annotations

import csv
import io
import re
import unicodedata
from dataclasses import dataclass

from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_DIVISION, MAX_NAME, MAX_PARTNERSHIP_NUMBER, Message, gettext_noop, in_language

MAX_ROWS = 1000


def is_heading(cells: list[str]) -> bool:
    """A file's first line is a heading, in any language ("Number", "Número", "Numéro", "Nº", "#"),
    when no number stands where the number goes: its first cell holds no digit at all. A first line
    with a number, even a bad one ("1a"), is data and is checked as data. Whoever imports is told
    what was skipped (heading), so a line skipped by mistake is seen."""
    return bool(cells) and not any(ch.isdigit() for ch in cells[0])


# A file whose only line has no number where the number goes: read as a heading, so said.
HEADING_ONLY = gettext_noop("“%(line)s” has no number where the number goes, so it was read as a heading; "
                            "the file has no other line")


def heading(data: bytes | str) -> str:
    """The first line of a CSV of entrants when it is a heading and was skipped ("Número, Jugador 1,
    Jugador 2"), "" when the file starts with data (or cannot be read: the import says why)."""
    try:
        text = decode(data)
        reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
        for cells in reader:
            cells = [c.strip() for c in cells]
            if any(cells):
                return ", ".join(c for c in cells if c) if is_heading(cells) else ""
    except (RegistrationError, csv.Error):
        return ""
    return ""


@dataclass(frozen=True)
class Row:
    line: int
    number: int
    player_one: str
    player_two: str
    division: str = ""


LINE = gettext_noop("Line %(line)s: %(message)s")
PLAYER_ONE = gettext_noop("player 1")
PLAYER_TWO = gettext_noop("player 2")


class RegistrationError(ValueError):
    """Problems found in a file: a list of (line number, message)."""

    def __init__(self, problems: list[tuple[int, str]]):
        self.problems = problems
        super().__init__("; ".join(f"line {line}: {message}" for line, message in problems))

    def messages(self) -> list[str]:
        return [f"Line {line}: {message}" if line else message for line, message in self.problems]

    def messages_in(self, translate) -> list[str]:
        """The problems in the reader's language (`translate` is gettext), each with its line."""
        return [translate(LINE) % {"line": line, "message": in_language(message, translate)} if line
                else in_language(message, translate) for line, message in self.problems]


def clean_name(raw: str) -> str:
    """Spaces trimmed and runs of spaces made one; the text is kept as typed (HTML is just text)."""
    return re.sub(r"\s+", " ", raw or "").strip()


# Letters NFKD leaves whole: typed without their stroke or ligature on an English keyboard.
_PLAIN_LETTERS = str.maketrans({"ø": "o", "ł": "l", "đ": "d", "ħ": "h", "ı": "i", "æ": "ae", "œ": "oe", "þ": "th",
                                "ð": "d"})


def search_key(text: str) -> str:
    """A name as the check-in search compares it: accents, case, spaces and punctuation gone.

    "Peña" -> "pena", "Zúñiga" -> "zuniga", "O'Brien" -> "obrien", "Ærø-Holm" -> "aeroholm". The
    stored key on each player and the typed search both go through this, so matching is a plain
    substring test that works the same on every database.
    """
    decomposed = unicodedata.normalize("NFKD", text or "")
    bare = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold().translate(_PLAIN_LETTERS)
    return "".join(ch for ch in bare if ch.isalnum())


def check_number(raw: str) -> tuple[int | None, str]:
    text = (raw or "").strip()
    if not text:
        return None, Message(gettext_noop("the partnership number is empty"))
    number = whole_number(text, max_digits=60)  # ASCII digits only: "１" or "٣" is not a number here
    if number is None:
        return None, Message(gettext_noop("the partnership number %(number)s is not a whole number"), number=repr(text))
    if not 1 <= number <= MAX_PARTNERSHIP_NUMBER:
        return None, Message(gettext_noop("the partnership number %(number)s is not between 1 and %(top)s"),
                              number=number, top=MAX_PARTNERSHIP_NUMBER)
    return number, ""


def check_name(raw: str, what: str) -> tuple[str, str]:
    """`what` names the field ("player 1"): PLAYER_ONE and PLAYER_TWO are translated with the message."""
    name = clean_name(raw)
    what = Message(what)
    if not name:
        return name, Message(gettext_noop("%(what)s is empty"), what=what)
    if len(name) > MAX_NAME:
        return name, Message(gettext_noop("%(what)s is %(length)s characters long (at most %(most)s)"), what=what,
                             length=len(name), most=MAX_NAME)
    return name, ""


def decode(data: bytes | str) -> str:
    if isinstance(data, str):
        text = data.removeprefix("\ufeff")
    else:
        try:
            text = data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise RegistrationError(
                [(0, Message(gettext_noop("The file is not UTF-8 text (byte %(byte)s). Save it from your spreadsheet "
                                          "as \"CSV UTF-8\" and try again."), byte=exc.start + 1))]
            ) from None
    if "\x00" in text:
        # A NUL is never in a name, and PostgreSQL cannot store one: most likely a spreadsheet file.
        line = text.count("\n", 0, text.index("\x00")) + 1
        problem = gettext_noop("has a NUL byte: this is not a CSV text file. Save it from your spreadsheet as "
                               "\"CSV UTF-8\" and try again.")
        raise RegistrationError([(line, Message(problem))])
    return text


def _dialect(text: str):
    sample = text[:4096]
    try:
        return csv.Sniffer().sniff(sample, delimiters=",;\t")
    except csv.Error:
        return csv.excel


def parse(data: bytes | str) -> list[Row]:
    """The file's partnerships, or RegistrationError listing every bad line."""
    text = decode(data)
    reader = csv.reader(io.StringIO(text, newline=""), _dialect(text))
    rows: list[Row] = []
    problems: list[tuple[int, str]] = []
    seen: dict[int, int] = {}
    first, skipped = True, ""
    try:
        for cells in reader:
            line = reader.line_num
            cells = [c.strip() for c in cells]
            if not any(cells):
                continue
            if first and is_heading(cells):
                first, skipped = False, ", ".join(c for c in cells if c)
                continue
            first = False
            while cells and not cells[-1] and len(cells) > 4:
                cells.pop()  # spreadsheets add empty columns at the right
            if len(cells) < 3:
                problems.append((line, Message(gettext_noop(
                    "needs at least 3 columns (number, player 1, player 2), found %(count)s"), count=len(cells))))
                continue
            if len(cells) > 4:
                problems.append((line, Message(gettext_noop(
                    "has %(count)s columns; expected number, player 1, player 2, division"), count=len(cells))))
                continue
            number, error = check_number(cells[0])
            line_problems = [error] if error else []
            one, error = check_name(cells[1], PLAYER_ONE)
            line_problems += [error] if error else []
            two, error = check_name(cells[2], PLAYER_TWO)
            line_problems += [error] if error else []
            division = clean_name(cells[3]) if len(cells) == 4 else ""
            if len(division) > MAX_DIVISION:
                line_problems.append(Message(
                    gettext_noop("the division is %(length)s characters long (at most %(most)s)"),
                    length=len(division), most=MAX_DIVISION))
            if number is not None and number in seen:
                line_problems.append(Message(gettext_noop("partnership number %(number)s is already on line %(line)s"),
                                             number=number, line=seen[number]))
            if line_problems:
                problems += [(line, message) for message in line_problems]
                continue
            seen[number] = line
            rows.append(Row(line=line, number=number, player_one=one, player_two=two, division=division))
            if len(rows) > MAX_ROWS:
                problems.append((line, Message(gettext_noop("a file may hold at most %(most)s partnerships"),
                                               most=MAX_ROWS)))
                break
    except csv.Error as exc:
        problems.append((reader.line_num, Message(gettext_noop("cannot be read as CSV (%(error)s)"), error=str(exc))))
    if problems:
        raise RegistrationError(problems)
    if not rows and skipped:
        raise RegistrationError([(1, Message(HEADING_ONLY, line=skipped))])
    if not rows:
        raise RegistrationError([(0, Message(gettext_noop("The file has no partnerships in it.")))])
    return rows
