"""Writing an event file: the spec dataclasses -> the canonical JSON object and text.

Canonical means a fixed key order (keys.py) and, below the event, optional keys only where they
differ from their default in the one table of keys.py, so export -> import -> export gives
identical bytes. The text is UTF-8 with names as written (Peña, not Pe\\u00f1a) and a two-space
indent. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

import dataclasses
import datetime
import json

from scoring.engine import rules as rules_engine
from scoring.engine.eventfile.keys import (
    EVENT_KEYS,
    HAND_KEYS,
    HAND_MOMENTS,
    PARTNERSHIP_KEYS,
    PLAYER_KEYS,
    ROUND_KEYS,
    ROW,
    derived_status,
)
from scoring.engine.eventfile.shapes import DEFAULT_ENTRANTS, ENTRANT_FILES, TableShape, shape_of_table
from scoring.engine.eventfile.spec import (
    FORMAT,
    FORMAT_V2,
    ChangeSpec,
    EventFile,
    EventSpec,
    HandSpec,
    RoundSpec,
    TableSpec,
)
from scoring.engine.eventfile.values import timestamp_text
from scoring.engine.vocabulary import NOBID


def _emit(kind: str, keys: tuple[str, ...], spec: object, values: dict, hands_per_round: int) -> dict:
    """`values` in the order of `keys`, each optional key (keys.OPTIONAL) taken from `spec` and left
    out at its default unless its row says it is always written."""
    rows = ROW[kind]
    out: dict = {}
    for key in keys:
        row = rows.get(key)
        if row is None:
            if key in values:
                out[key] = values[key]
            continue
        value = getattr(spec, key)
        if row.always_written or value != row.default_for(spec, hands_per_round):
            out[key] = _plain(value)
    return out


def _plain(value: object) -> object:
    if isinstance(value, datetime.datetime):
        return timestamp_text(value)
    return list(value) if isinstance(value, (list, tuple)) else value


def _change_dict(change: ChangeSpec) -> dict:
    out: dict = {}
    if change.hand is not None:
        out["hand"] = change.hand
    out.update(action=change.action, by=change.by)
    if change.username:
        out["username"] = change.username
    out["at"] = timestamp_text(change.at)
    if change.reason:
        out["reason"] = change.reason
    for key in ("old", "new"):
        if getattr(change, key) is not None:
            out[key] = getattr(change, key)
    return out


def _hand_dict(hand: HandSpec, hands_per_round: int | None, moments: bool, shape: TableShape) -> dict:
    """One hand, as its table's shape writes it; `moments`: with when it was changed and accepted
    (a table written with its history)."""
    if not moments:
        hand = dataclasses.replace(hand, **dict.fromkeys(HAND_MOMENTS))
    return _HAND_WRITERS[shape.hands](hand, hands_per_round, shape)


def _revoke(hand: HandSpec) -> dict:
    """A hand's "revoke" key where it has one (a table of two, five or six)."""
    return {"revoke": hand.revoke} if hand.revoke is not None else {}


def _players_hand(hand: HandSpec, hands_per_round: int | None, shape: TableShape) -> dict:
    """A hand where each plays for himself: the bidder's number, each seated player's tricks in seating
    order; at a table of five the called partner's number (null: the bidder alone)."""
    values = {"hand": hand.number, "contract": hand.contract, "declarer": hand.bidder, "partner": hand.partner,
              "tricks": {str(number): tricks for number, tricks in hand.player_tricks.items()},
              **_revoke(hand)}
    return _emit("hand", shape.hand_keys, hand, values, hands_per_round)


def _teams_hand(hand: HandSpec, hands_per_round: int | None, shape: TableShape) -> dict:
    """A hand at six: the bidder's number and each team's tricks, in the layout's team order."""
    values = {"hand": hand.number, "contract": hand.contract, "declarer": hand.bidder,
              "tricks": {team: hand.team_tricks[team] for team in shape.layout.sides}, **_revoke(hand)}
    return _emit("hand", shape.hand_keys, hand, values, hands_per_round)


def _sides_hand(hand: HandSpec, hands_per_round: int | None, shape: TableShape | None = None) -> dict:
    """A hand of two sides: the bidding side and its tricks (N-S's tricks when nobody bid), a penalty."""
    if hand.contract == NOBID:
        values: dict = {"hand": hand.number, "contract": NOBID, "ns_tricks": hand.ns_tricks}
    else:
        values = {"hand": hand.number, "contract": hand.contract, "declarer": hand.declarer, "tricks": hand.tricks}
    if hand.penalty_kind:
        penalty: dict = {"kind": hand.penalty_kind}
        if hand.penalty_side:
            penalty["side"] = hand.penalty_side
        if hand.penalty_seat:
            penalty["seat"] = hand.penalty_seat
        values["penalty"] = penalty
    return _emit("hand", HAND_KEYS, hand, values, hands_per_round)


_HAND_WRITERS = {"sides": _sides_hand, "players": _players_hand, "teams": _teams_hand}  # by TableShape.hands


def _table_dict(table: TableSpec, hands_per_round: int, ev: EventSpec) -> dict:
    shape = shape_of_table(ev, table)  # the event's, or in an event of mixed sizes the table's own
    values = {
        "table": table.number,
        "hands": [_hand_dict(h, hands_per_round, table.history is not None, shape)
                  for h in sorted(table.hands, key=lambda h: h.number)],
    }
    if table.history is not None:
        values["history"] = [_change_dict(c) for c in table.history]
    # The entrants as the table's layout names them: ns and ew, n e s w, or the listed seats.
    values.update(shape.file_places(table))
    return _emit("table", shape.entrants.table_keys, table, values, hands_per_round)


def _round_dict(rnd: RoundSpec, hands_per_round: int, ev: EventSpec) -> dict:
    values = {
        "number": rnd.number,
        "tables": [_table_dict(t, hands_per_round, ev) for t in sorted(rnd.tables, key=lambda t: t.number)],
        "byes": sorted(rnd.byes),
    }
    return _emit("round", ROUND_KEYS, rnd, values, hands_per_round)


def to_dict(file: EventFile) -> dict:
    """The canonical JSON object for `file`: fixed key order, defaults left out below the event."""
    ev = file.event
    hpr = ev.hands_per_round
    entrants = ENTRANT_FILES[ev.entrants]
    # Version 2 only when the event needs it (played as games, or a hand nobody bid): every other
    # event is written exactly as before, as "500-event/1".
    v2 = ev.needs_v2 or any(h.contract == NOBID for r in _all_rounds(file) for t in r.tables for h in t.hands)
    head = {
        "name": ev.name,
        "date": ev.date.isoformat(),
        "rules": ev.rules,
        "rule_overrides": {k: ev.rule_overrides[k] for k in rules_engine.OVERRIDABLE_FIELDS if k in ev.rule_overrides},
        "rounds": ev.rounds,
        "hands_per_round": hpr,
    }
    if ev.entrants != DEFAULT_ENTRANTS:
        head["entrants"] = ev.entrants
    if v2:
        # Every version 2 file says its table size (and how six sit), so it reads back the same.
        head["players_per_table"] = ev.players_per_table
        if ev.six_handed:
            head["six_handed"] = ev.six_handed
        head["format"] = ev.format
        if ev.games is not None:
            g = ev.games
            head["games"] = {"hand_limit": g.hand_limit, "games_per_round": g.games_per_round,
                             "wins_per_round": g.wins_per_round, "rank_by": list(g.rank_by)}
    event = _emit("event", EVENT_KEYS, ev, head, hpr)
    partnerships = [
        _emit("partnership", PARTNERSHIP_KEYS, p, {"number": p.number, "players": [
            name if member is None else {"name": name, "member": member}
            for name, member in zip(p.players, p.members, strict=True)]}, hpr)
        for p in sorted(file.partnerships, key=lambda p: p.number)
    ]
    players = [
        _emit("partnership", PLAYER_KEYS, p, {"number": p.number, "name": p.name}
              | ({"member": p.member} if p.member is not None else {}), hpr)
        for p in sorted(file.players, key=lambda p: p.number)
    ]
    tiebreaks = []
    for tb in file.tiebreaks:
        item: dict = {entrants.key: sorted(tb.partnerships)}
        if tb.fillers:  # only then, so that files without fillers export as before
            item["fillers"] = sorted(tb.fillers)
        rounds = sorted(tb.rounds, key=lambda r: r.number)
        # One plain round is written as the short form, "tables"; anything more as "rounds".
        simple = (
            len(rounds) == 1 and rounds[0].number == 1 and not rounds[0].byes
            and rounds[0].status == derived_status(rounds[0], hpr)
        )
        if simple:
            item["tables"] = [_table_dict(t, hpr, ev) for t in sorted(rounds[0].tables, key=lambda t: t.number)]
        else:
            item["rounds"] = [_round_dict(r, hpr, ev) for r in rounds]
        tiebreaks.append(item)
    out: dict = {"format": FORMAT_V2 if v2 else FORMAT, "event": event}
    if file.staff:
        out["staff"] = [{"username": s.username, "role": s.role} for s in sorted(file.staff, key=lambda s: s.username)]
    lists = {"partnerships": partnerships, "players": players}
    return out | {entrants.key: lists[entrants.key]} | {
        "rounds": [_round_dict(r, hpr, ev) for r in sorted(file.rounds, key=lambda r: r.number)],
        "tiebreaks": tiebreaks,
    }


def _all_rounds(file: EventFile) -> list[RoundSpec]:
    return [*file.rounds, *(r for tb in file.tiebreaks for r in tb.rounds)]


def to_text(data: dict | EventFile) -> str:
    """The file's text (for an EventFile, or an object from to_dict): names as written, two-space
    indent, a final newline."""
    if isinstance(data, EventFile):
        data = to_dict(data)
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"
