"""Checks of single values in an event file, each problem named with its place.

`Problems` collects problems and checks one JSON value at a time (a whole number in a range,
text of a length, true/false, one of a list). Each problem is a vocabulary `Message`: the English
text "place: message" that the import_event command prints, keeping its `gettext_noop` template and
values, so the import page shows it in the reader's language. The place names JSON keys and stays
as it is. The small check classes at the bottom (`Text`,
`Choice`, ...) describe a key's check as data, so the optional keys can be one table
(keys.py). Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import datetime
import json
import re
from dataclasses import dataclass

from scoring.engine.eventfile.limits import TOO_LONG, list_limit
from scoring.engine.layouts import LAYOUTS
from scoring.engine.vocabulary import MAX_PROBLEMS, PIN_LENGTH, Message, gettext_noop, is_pin

# Every side of every registered table layout, in registry order: ns, ew, then a table of three's
# seats 1, 2, 3 (a side of his own each). A hand's or a table's side is one of these, and then one
# of its own table's (checking_tables, checking_hands).
EVERY_SIDE = tuple(dict.fromkeys(side for layout in LAYOUTS.values() for side in layout.sides))

SLUG_RE = re.compile(r"^[-a-zA-Z0-9_]{1,80}$")
# Django's own username rule (letters, digits and @ . + - _), written out so the engine needs no Django.
USERNAME_RE = re.compile(r"^[\w.@+-]{1,150}$")


# Characters no text in an event file may hold: control characters other than tab and line breaks,
# the bidirectional marks and overrides that make text display in another order than it is stored,
# and lone surrogates (half a character, which no file or database can store).
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")
BIDI = re.compile("[\u200e\u200f\u202a-\u202e\u2066-\u2069]")
SURROGATE = re.compile("[\ud800-\udfff]")


def printable(text: str) -> str:
    """`text` safe to print in a problem: those characters shown as \\uXXXX escapes."""
    return re.sub(f"{CONTROL.pattern}|{BIDI.pattern}|{SURROGATE.pattern}", lambda m: f"\\u{ord(m.group()):04x}", text)


def show(value: object) -> str:
    return printable(json.dumps(value, ensure_ascii=False))


THE_FILE = gettext_noop("the file")  # the place of a problem with the whole file
PLACED = gettext_noop("%(place)s: %(message)s")


def problem(place: str, message: str) -> Message:
    """One problem: "place: message", the place as safe to print (it holds the file's own keys)."""
    return Message(PLACED, place=place if isinstance(place, Message) else printable(place), message=message)


def the_file() -> Message:
    return Message(THE_FILE)


def character_problem(text: str) -> str | None:
    """What is wrong with the characters of `text`, or None."""
    for pattern, what in ((SURROGATE, gettext_noop("half of a character (a lone surrogate)")),
                          (CONTROL, gettext_noop("a control character")),
                          (BIDI, gettext_noop("a bidirectional-override character"))):
        found = pattern.search(text)
        if found:
            return Message(gettext_noop("contains %(what)s, U+%(code)s, at character %(position)s"),
                           what=Message(what), code=f"{ord(found.group()):04X}", position=found.start() + 1)
    return None


def missing() -> Message:
    return Message(gettext_noop("missing"))


def listed_twice(value: object) -> Message:
    return Message(gettext_noop("%(value)s is listed twice"), value=value)


NOT_A_SLUG = gettext_noop("%(value)s is not a slug (letters, digits, - and _, at most 80)")


def walk(data: object):
    """Every value and key of a parsed file with its place, in file order, without recursion:
    ("value", place, value) and ("key", place, key)."""
    stack: list = [("value", "", data)]
    while stack:
        kind, place, value = stack.pop()
        yield kind, place, value
        if kind != "value":
            continue
        children: list = []
        if isinstance(value, dict):
            for key, item in value.items():
                sub = f"{place}.{key}" if place else str(key)
                children += [("key", sub, key), ("value", sub, item)]
        elif isinstance(value, list):
            children = [("value", f"{place}[{i}]", item) for i, item in enumerate(value)]
        stack.extend(reversed(children))


def capped(problems: list[str], limit: int) -> list[str]:
    """The first `limit` problems and a count of the rest: a broken 40 MB file does not print 690,000 lines."""
    if len(problems) <= limit:
        return problems
    return [*problems[:limit], Message(gettext_noop("... and %(count)s more problems"), count=len(problems) - limit)]


def json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Message(gettext_noop("true/false"))
    if isinstance(value, (int, float)):
        return Message(gettext_noop("a number"))
    if isinstance(value, str):
        return Message(gettext_noop("text"))
    if isinstance(value, list):
        return Message(gettext_noop("a list"))
    if isinstance(value, dict):
        return Message(gettext_noop("an object"))
    return type(value).__name__


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class TooManyProblems(Exception):
    """Raised by Problems.add past STOP_AFTER problems: the file is not worth checking further."""


class Problems:
    """Collects problems as "place: message" (a Message); each check returns the clean value or None.

    Only the first MAX_PROBLEMS are kept (the rest are counted in `count`), and after STOP_AFTER
    the checking stops (TooManyProblems): a 2 MB file of half a million empty hands otherwise
    held a worker at 3 GB for a minute, writing two million problems nobody reads."""

    STOP_AFTER = 10 * MAX_PROBLEMS

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.count = 0

    def add(self, place: str, message: str) -> None:
        self.count += 1
        if self.count <= MAX_PROBLEMS:
            self.problems.append(problem(place, message))
        elif self.count > self.STOP_AFTER:
            raise TooManyProblems

    def obj(self, value: object, place: str, allowed: tuple[str, ...]) -> dict | None:
        if not isinstance(value, dict):
            self.add(place or the_file(), Message(gettext_noop("expected an object, got %(type)s"),
                                                  type=json_type(value)))
            return None
        for key in value:
            if key not in allowed:
                self.add(f"{place}.{key}" if place else str(key),
                         Message(gettext_noop("unknown key (expected one of %(keys)s)"), keys=", ".join(allowed)))
        return value

    def lst(self, value: object, place: str) -> list | None:
        """`value` when it is a list no longer than its key allows (limits.LIST_LIMITS)."""
        if not isinstance(value, list):
            self.add(place, Message(gettext_noop("expected a list, got %(type)s"), type=json_type(value)))
            return None
        most = list_limit(place)
        if len(value) > most:
            self.add(place, Message(TOO_LONG, most=f"{most:,}"))
            return None
        return value

    def required(self, data: dict, key: str, place: str) -> object:
        if key not in data:
            self.add(place, missing())
        return data.get(key)

    def integer(self, value: object, place: str, low: int | None = None, high: int | None = None) -> int | None:
        if not is_int(value):
            if low is not None and high is not None:
                self.add(place, Message(gettext_noop("%(value)s is not a whole number between %(low)s and %(high)s"),
                                        value=show(value), low=low, high=high))
            else:
                self.add(place, Message(gettext_noop("expected a whole number, got %(type)s %(value)s"),
                                        type=json_type(value), value=show(value)))
            return None
        if (low is not None and value < low) or (high is not None and value > high):
            if high is None:
                self.add(place, Message(gettext_noop("%(value)s is less than %(low)s"), value=value, low=low))
            else:
                self.add(place, Message(gettext_noop("%(value)s is not between %(low)s and %(high)s"),
                                        value=value, low=low, high=high))
            return None
        return value

    def text(self, value: object, place: str, limit: int, *, allow_empty: bool = True) -> str | None:
        if not isinstance(value, str):
            self.add(place, Message(gettext_noop("expected text, got %(type)s %(value)s"), type=json_type(value),
                                    value=show(value)))
            return None
        value = value.strip()
        if not value and not allow_empty:
            self.add(place, Message(gettext_noop("empty")))
            return None
        if len(value) > limit:
            self.add(place, Message(gettext_noop("is longer than %(limit)s characters (it has %(length)s)"),
                                    limit=limit, length=len(value)))
            return None
        return value

    def boolean(self, value: object, place: str) -> bool | None:
        if not isinstance(value, bool):
            self.add(place, Message(gettext_noop("expected true or false, got %(type)s %(value)s"),
                                    type=json_type(value), value=show(value)))
            return None
        return value

    def choice(self, value: object, place: str, choices: tuple[str, ...], what: str) -> str | None:
        if not isinstance(value, str) or value not in choices:
            self.add(place, Message(gettext_noop("%(value)s is not %(what)s (%(choices)s)"), value=show(value),
                                    what=Message(what), choices=", ".join(choices)))
            return None
        return value


# --- a key's check, as data ------------------------------------------------------------------


@dataclass(frozen=True)
class Text:
    limit: int
    allow_empty: bool = True

    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        return p.text(value, place, self.limit, allow_empty=self.allow_empty)


@dataclass(frozen=True)
class Choice:
    choices: tuple[str, ...]
    what: str  # "a side", "a page size", ...

    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        return p.choice(value, place, tuple(self.choices), self.what)


@dataclass(frozen=True)
class Integer:
    low: int
    high: int

    def __call__(self, p: Problems, value: object, place: str) -> int | None:
        return p.integer(value, place, self.low, self.high)


@dataclass(frozen=True)
class Flag:
    def __call__(self, p: Problems, value: object, place: str) -> bool | None:
        return p.boolean(value, place)


@dataclass(frozen=True)
class Pin:
    """A partnership's secret confirmation PIN: PIN_LENGTH digits, as text ("0427")."""

    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        if not is_pin(value):
            p.add(place, Message(gettext_noop('%(value)s is not a PIN (%(digits)s digits, as text: "0427")'),
                                 value=show(value), digits=PIN_LENGTH))
            return None
        return value


@dataclass(frozen=True)
class Slug:
    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        if not isinstance(value, str) or not SLUG_RE.match(value):
            p.add(place, Message(NOT_A_SLUG, value=show(value)))
            return None
        return value


@dataclass(frozen=True)
class DistinctChoices:
    """A list of choices, none twice (the secondary tiebreakers)."""

    choices: tuple[str, ...]
    what: str

    def __call__(self, p: Problems, value: object, place: str) -> list[str] | None:
        items = p.lst(value, place)
        if items is None:
            return None
        clean: list = []
        ok = True
        for i, item in enumerate(items):
            got = p.choice(item, f"{place}[{i}]", tuple(self.choices), self.what)
            if got is not None and got in clean:
                p.add(f"{place}[{i}]", listed_twice(got))
                got = None
            ok &= got is not None
            clean.append(got)
        return clean if ok else None


STAFF_SIDE = ""  # a hand written or accepted by staff: an organizer, a scorer, an import
# A hand written through code as a table link that named no side (scoring.services.UNKNOWN_SIDE):
# it waits for any side's acceptance.
NO_SIDE_NAMED = "?"
NOT_A_HAND_WRITER = gettext_noop(
    '%(value)s is not a side (ns, ew), a seat at a table of three (1, 2, 3), "" for staff, or "?" for a table '
    "link that named no side")
NOT_A_HAND_ACCEPTER = gettext_noop(
    '%(value)s is not a side (ns, ew), a seat at a table of three (1, 2, 3), or "" for staff')


@dataclass(frozen=True)
class HandSide:
    """Who wrote (`writer`) or accepted a hand: a side, a seat at a table of three, or "" for staff;
    a writer may also be "?" (NO_SIDE_NAMED). Which of them a table has, the checker sees."""

    writer: bool

    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        allowed = (*EVERY_SIDE, STAFF_SIDE, *((NO_SIDE_NAMED,) if self.writer else ()))
        if not isinstance(value, str) or value not in allowed:
            p.add(place, Message(NOT_A_HAND_WRITER if self.writer else NOT_A_HAND_ACCEPTER, value=show(value)))
            return None
        return value


@dataclass(frozen=True)
class Timestamp:
    """A moment with its time zone, ISO 8601 ("2026-05-14T15:04:05.123456Z"); read as UTC."""

    def __call__(self, p: Problems, value: object, place: str) -> datetime.datetime | None:
        moment = None
        if isinstance(value, str) and len(value) <= 40:
            try:
                moment = datetime.datetime.fromisoformat(value)
            except ValueError:
                moment = None
        if moment is None or moment.tzinfo is None:
            p.add(place, Message(gettext_noop("%(value)s is not a moment with its time zone "
                                              "(e.g. 2026-05-14T15:04:05Z)"), value=show(value)))
            return None
        return moment.astimezone(datetime.UTC)


@dataclass(frozen=True)
class Username:
    def __call__(self, p: Problems, value: object, place: str) -> str | None:
        if not isinstance(value, str) or not USERNAME_RE.match(value):
            p.add(place, Message(gettext_noop("%(value)s is not a username "
                                              "(letters, digits and @ . + - _, at most 150)"), value=show(value)))
            return None
        return value


def timestamp_text(moment: datetime.datetime) -> str:
    """How the file writes a moment: UTC, with a Z."""
    return moment.astimezone(datetime.UTC).isoformat().replace("+00:00", "Z")
