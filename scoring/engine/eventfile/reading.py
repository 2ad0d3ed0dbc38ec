"""Reading an event file: bytes or text -> the JSON value in it, and which format it says it is.

Every problem raises EventFileError with one message that names the file, e.g.
`event.json: not valid JSON: line 3 column 9: Expecting ',' delimiter`. Whether the value is a good
event file is checking.py's business. Pure Python: no Django; it reads no files itself (the
import_event command opens the file or standard input and hands over the bytes).
"""

from __future__ import annotations

import json

from scoring.engine.eventfile import limits
from scoring.engine.eventfile.spec import EventFileError
from scoring.engine.eventfile.values import capped, printable, problem, show, the_file, walk
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES, MAX_PROBLEMS, Message, gettext_noop

MAX_DIGITS = 100  # a whole number longer than this is no count, score or number of anything


class _Object(dict):
    """A JSON object given a key twice (the last value would win silently): it keeps each repeat.
    Every other object is a plain dict, the smallest Python has."""

    __slots__ = ("twice",)


class _Huge:
    """A whole number too long to be anything in an event file (Python refuses 4,300 digits and more)."""

    def __init__(self, text: str):
        self.digits = len(text.lstrip("-"))


def _integer(text: str) -> int | _Huge:
    return _Huge(text) if len(text.lstrip("-")) > MAX_DIGITS else int(text)


class _Hooks:
    """json.loads' hooks for one file: objects as plain dicts, noting whether any gave a key twice."""

    def __init__(self) -> None:
        self.twice = False

    def pairs(self, pairs: list) -> dict:
        obj = dict(pairs)
        if len(obj) == len(pairs):
            return obj
        self.twice = True
        marked = _Object()
        marked.twice = []
        for key, value in pairs:
            if key in marked:
                marked.twice.append((key, marked[key], value))
            marked[key] = value
        return marked


def _parse_problems(data: object) -> list[str]:
    problems = []
    for kind, place, value in walk(data):
        if kind != "value":
            continue
        if isinstance(value, _Object):
            for key, first, then in value.twice:
                where = printable(f"{place}.{key}" if place else str(key))
                problems.append(problem(where, Message(
                    gettext_noop("the key appears twice in one object (%(first)s, then %(then)s); give it once"),
                    first=show(first), then=show(then))))
        elif isinstance(value, _Huge):
            problems.append(problem(printable(place) or the_file(), Message(
                gettext_noop("a whole number %(digits)s digits long is too long to be anything in an event file"),
                digits=value.digits)))
    return problems


def _over_limits(raw: bytes, name: str) -> tuple[list[str], limits.Measure]:
    """The problem with a file whose structure passes a limit (limits.py), named with its place,
    measured before anything is parsed; and the measure."""
    measured = limits.measure(raw)
    if measured.within:
        return [], measured
    found = limits.locate(raw)
    if found is None:  # measure() and locate() count alike; this only keeps a refusal from saying nothing
        found = "", Message(limits.TOO_MANY_CONTAINERS, most=f"{limits.MAX_CONTAINERS:,}",
                            count=f"{measured.containers:,}")
    place, message = found
    return [problem(printable(place) if place else name, message)], measured


def too_big(size: int, name: str | None = None) -> str:
    """The problem with a file of `size` bytes, over MAX_EVENT_FILE_BYTES (refused before reading it)."""
    return problem(the_file() if name is None else name, Message(
        gettext_noop("%(size)s bytes is more than an event file may be (%(most)s MB): is it the right file?"),
        size=f"{size:,}", most=MAX_EVENT_FILE_BYTES // (1024 * 1024)))


def read(raw: bytes | str, name: str | None = None) -> object:
    """The parsed JSON of `raw` (UTF-8, with or without a byte-order mark). Refused: a file over
    20 MB, or whose objects, lists, values or nesting pass the limits (limits.py; both before it is
    parsed), a key given twice in one object, a whole number of more than 100 digits; each with its
    place. `name` names the file in a problem (default "the file")."""
    name = the_file() if name is None else name
    encoded = raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw
    if len(encoded) > MAX_EVENT_FILE_BYTES:
        raise EventFileError([too_big(len(encoded), name)])
    problems, measured = _over_limits(encoded, name)
    del encoded
    if problems:
        raise EventFileError(problems)
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise EventFileError([problem(name, Message(gettext_noop("not UTF-8 text (byte %(byte)s cannot be read)"),
                                                        byte=exc.start + 1))]) from None
    hooks = _Hooks()
    try:
        # Numbers go through _integer only when one is too long for Python: a hook per number is slow.
        data = json.loads(raw, object_pairs_hook=hooks.pairs, parse_int=_integer if measured.long_number else None)
    except json.JSONDecodeError as exc:
        raise EventFileError([problem(name, Message(
            gettext_noop("not valid JSON: line %(line)s column %(column)s: %(error)s"),
            line=exc.lineno, column=exc.colno, error=exc.msg))]) from None
    except RecursionError:
        raise EventFileError([problem(name, Message(
            gettext_noop("not an event file: its JSON is nested too deeply to read")))]) from None
    problems = _parse_problems(data) if hooks.twice or measured.long_number else []
    if problems:
        raise EventFileError(capped(problems, MAX_PROBLEMS))
    return data


def detect_format(data: object) -> str | None:
    """The format a parsed file names ("500-event/1"), or None when it names none."""
    if isinstance(data, dict) and isinstance(data.get("format"), str):
        return data["format"]
    return None
