"""Reading an event file: bytes or text -> the JSON value in it, and which format it says it is.

Every problem raises EventFileError with one message that names the file, e.g.
`event.json: not valid JSON: line 3 column 9: Expecting ',' delimiter`. Whether the value is a good
event file is checking.py's business. Pure Python: no Django; it reads no files itself (the
import_event command opens the file or standard input and hands over the bytes).
"""

from __future__ import annotations

import json

from scoring.engine.eventfile.spec import EventFileError


def read(raw: bytes | str, name: str = "the file") -> object:
    """The parsed JSON of `raw` (UTF-8, with or without a byte-order mark)."""
    if isinstance(raw, bytes):
        try:
            raw = raw.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            raise EventFileError([f"{name}: not UTF-8 text (byte {exc.start + 1} cannot be read)"]) from None
    try:
        return json.loads(raw)
    except json.JSONDecodeError as exc:
        raise EventFileError([f"{name}: not valid JSON: line {exc.lineno} column {exc.colno}: {exc.msg}"]) from None
    except RecursionError:
        raise EventFileError([f"{name}: not an event file: its JSON is nested too deeply to read"]) from None


def detect_format(data: object) -> str | None:
    """The format a parsed file names ("500-event/1"), or None when it names none."""
    if isinstance(data, dict) and isinstance(data.get("format"), str):
        return data["format"]
    return None
