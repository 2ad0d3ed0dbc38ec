"""How big an event file's structure may be, measured before its JSON is turned into Python objects
(docs/event-file.md, "Limits").

A 20 MB file of `{},{},...` is seven million objects: json.loads alone held a worker at 1.8 GB
for 26 s. So reading.py first measures the file's bytes at C speed: its strings taken out, it
counts the objects and lists, the values, and how deeply they nest; only a file within the limits
below is parsed. When one is passed, `locate()` walks the tokens once more, stopping at the first
limit passed, to name its place (`rounds[30]`). Each list's length is checked again by the checker
(values.Problems.lst), through the same table.

The limits come from the largest real event, not from the 20 MB cap: 500 partnerships at 250
tables, 30 rounds of 20 hands (150,000 hands), every hand with a penalty and one history row with
its snapshot: 4 objects a hand, 600,000 in all; every hand's values, its history row's and its
snapshot's (a three-handed one with each seat's tricks and points) fewer than 30, and the eight
keys of who entered, changed and accepted it (keys.HAND_TRUST_KEYS): 38 a hand, 5.7 million in
all. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass

from scoring.engine.vocabulary import (
    MAX_HANDS_PER_ROUND,
    MAX_PARTNERSHIP_NUMBER,
    MAX_PARTNERSHIPS,
    MAX_ROUNDS,
    Message,
    gettext_noop,
)

MAX_TABLE_NUMBER = 1000  # a table's number (checking.one_table)
MAX_TABLE_HANDS = 200  # a games table's hands through one round (scoring.services.MAX_GAMES_HANDS)
MAX_HISTORY_ROWS = 10 * MAX_TABLE_HANDS  # one table's history: each hand entered, corrected, deleted again and again
MAX_STAFF = 1000
_LARGEST_HANDS = MAX_ROUNDS * (MAX_PARTNERSHIPS // 2) * MAX_HANDS_PER_ROUND  # 150,000
MAX_CONTAINERS = 4 * _LARGEST_HANDS  # objects and lists in one file: 600,000
MAX_VALUES = 38 * _LARGEST_HANDS  # values in one file (text, numbers, true/false, null, objects, lists): 5,700,000
# The deepest real place is a tiebreak round's table's history row's snapshot's seat tricks:
# {tiebreaks [{rounds [{tables [{history [{new {seat_tricks {...}}}]}]}]}]}, 11 deep.
MAX_DEPTH = 16
# The longest each list may be, by its key; any other list (or the file itself) as the partnerships.
LIST_LIMITS = {
    "rounds": MAX_ROUNDS,
    "tables": MAX_TABLE_NUMBER,
    "hands": MAX_TABLE_HANDS,
    "history": MAX_HISTORY_ROWS,
    "staff": MAX_STAFF,
}
DEFAULT_LIST_LIMIT = MAX_PARTNERSHIP_NUMBER  # partnerships, players, byes, tiebreaks, fillers

TOO_DEEP = gettext_noop("objects and lists nested more than %(most)s deep; an event file nests at most %(most)s")
TOO_LONG = gettext_noop("a list of more than %(most)s items; an event file has at most %(most)s here")
TOO_MANY_CONTAINERS = gettext_noop(
    "more than %(most)s objects and lists in the file (this is number %(count)s); the largest event has fewer")
TOO_MANY_VALUES = gettext_noop(
    "more than %(most)s values in the file (this is number %(count)s); the largest event has fewer")

_TOKEN = re.compile(rb'"(?:[^"\\]|\\.)*"|[\[\]{},:]', re.DOTALL)  # a JSON string, whole, or a mark
_STRUCTURE_ONLY = bytes(b for b in range(256) if b not in b'"[]{},')
LONG_NUMBER = re.compile(rb"\d{101}")  # reading.MAX_DIGITS: a number this long needs its place found
_CHUNK = 1 << 20


def list_limit(place: str) -> int:
    """The longest the list at `place` may be ("rounds[0].tables" -> tables' limit)."""
    return LIST_LIMITS.get(place.rsplit(".", 1)[-1], DEFAULT_LIST_LIMIT)


@dataclass
class Measure:
    """A file's structure, its strings left out: objects and lists, values, deepest nesting."""

    containers: int
    values: int
    depth: int
    long_number: bool  # a number of more than 100 digits somewhere

    @property
    def within(self) -> bool:
        return self.containers <= MAX_CONTAINERS and self.values <= MAX_VALUES and self.depth <= MAX_DEPTH


def measure(raw: bytes) -> Measure:
    """The file's structure, counted at C speed without building it. Exact for any valid JSON (and
    for the valid start of an invalid one, all that json.loads would build).

    The escapes go first (\\\\ then \\", left to right as JSON reads them), then every byte but
    quotes, brackets and commas; what is left between the first and second quote, the third and
    fourth, ..., is inside a string and dropped, a megabyte at a time so that a file of a million
    little strings never becomes a million Python objects."""
    marks = raw.replace(b"\\\\", b"").replace(b'\\"', b"").translate(None, _STRUCTURE_ONLY)
    containers = commas = depth = level = 0
    inside = False  # in a string where the last chunk ended
    for start in range(0, len(marks), _CHUNK):
        pieces = marks[start:start + _CHUNK].split(b'"')
        bare = b"".join(pieces[1::2] if inside else pieces[::2])
        inside ^= len(pieces) % 2 == 0
        opened = bare.count(b"[") + bare.count(b"{")
        containers += opened
        commas += bare.count(b",")
        if containers > MAX_CONTAINERS:
            continue  # refused anyway: no need to walk millions of brackets for the depth
        for byte in bare.translate(None, b","):
            if byte == 91 or byte == 123:  # [ {
                level += 1
                depth = max(depth, level)
            else:
                level -= 1
    return Measure(containers, commas + containers + 1, depth, LONG_NUMBER.search(raw) is not None)


@dataclass
class _Frame:
    place: str
    is_list: bool
    items: int = 0  # a list's items so far (its commas + 1); an object's key is `key`
    key: str = ""
    wants_key: bool = True


def _key(token: bytes) -> str:
    try:
        return json.loads(token.decode("utf-8", "replace"))
    except ValueError:
        return token[1:-1].decode("utf-8", "replace")


def locate(raw: bytes) -> tuple[str, Message] | None:
    """The first place where the file passes a limit, and which: a list too long, nesting too deep,
    too many objects and lists, too many values. Walks the tokens one by one but stops there."""
    stack: list[_Frame] = []
    containers = commas = 0
    for match in _TOKEN.finditer(raw):
        token = match.group()
        first = token[0]
        top = stack[-1] if stack else None
        if first == 34:  # a string: a key or a value
            if top is not None and not top.is_list and top.wants_key:
                top.key, top.wants_key = _key(token), False
            continue
        if first == 44:  # ,
            commas += 1
            if commas + containers + 1 > MAX_VALUES:  # counted as measure() counts them
                return (top.place if top else ""), Message(TOO_MANY_VALUES, most=f"{MAX_VALUES:,}",
                                                           count=f"{commas + containers + 1:,}")
            if top is None:
                continue
            if top.is_list:
                top.items += 1
                limit = list_limit(top.place)
                if top.items >= limit:
                    return top.place, Message(TOO_LONG, most=f"{limit:,}")
            else:
                top.wants_key = True
            continue
        if first in (91, 123):  # [ {
            if top is None:
                place = ""
            elif top.is_list:
                place = f"{top.place}[{top.items}]"
            else:
                place = f"{top.place}.{top.key}" if top.place else top.key
            containers += 1
            stack.append(_Frame(place, first == 91))
            if len(stack) > MAX_DEPTH:
                return place, Message(TOO_DEEP, most=MAX_DEPTH)
            if containers > MAX_CONTAINERS:
                return place, Message(TOO_MANY_CONTAINERS, most=f"{MAX_CONTAINERS:,}", count=f"{containers:,}")
            if commas + containers + 1 > MAX_VALUES:
                return place, Message(TOO_MANY_VALUES, most=f"{MAX_VALUES:,}", count=f"{commas + containers + 1:,}")
        elif first in (93, 125):  # ] }
            if stack:
                stack.pop()
    return None
