"""Checking an event file's hands and a table's history: a hand as its table's layout writes it
(shapes.TableShape.hands: "sides", a bidding side and its tricks, or a hand nobody bid with N-S's
tricks; "players", the bidder's number and every player's tricks), its penalty, who wrote and
accepted it, no hand after a round's last game, and the history rows. A mixin of
checking._Checker. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from scoring.engine import games as games_engine
from scoring.engine import layouts as layouts_engine
from scoring.engine import rules as rules_engine
from scoring.engine.eventfile.keys import (
    CHANGE_KEYS,
    CHANGE_REQUIRED,
    HAND_KEYS,
    HAND_KEYS_V1,
    HAND_TRUST_KEYS,
    PENALTY_KEYS,
)
from scoring.engine.eventfile.spec import FORMAT_V2, ChangeSpec, HandSpec
from scoring.engine.eventfile.values import NO_SIDE_NAMED, STAFF_SIDE, is_int, json_type, missing, show
from scoring.engine.vocabulary import (
    MAX_NOTE,
    NOBID,
    Message,
    gettext_noop,
)


class HandChecks:
    """A table's hands and history; `ctx["shape"]` is the event's TableShape."""

    def players_hand(self, raw: object, hplace: str, ctx: dict, seats: tuple[int, ...] | None) -> HandSpec | None:
        """{"hand", "contract", "declarer": a player number at the table, "tricks": {"<number>": n, ...}}:
        each seated player's tricks, adding up to 10 (RULES.md sections 6 and 7); at a table of five
        also "partner": the called partner, a player at the table other than the declarer, or null
        when the bidder plays alone."""
        return self.bidder_hand(raw, hplace, ctx, seats, "players")

    def teams_hand(self, raw: object, hplace: str, ctx: dict, seats: tuple[int, ...] | None) -> HandSpec | None:
        """A table of six: {"hand", "contract", "declarer": a player number at the table, "tricks":
        {"A": 4, "B": 3, "C": 3}}: each team's tricks, adding up to 10 (RULES.md section 7)."""
        return self.bidder_hand(raw, hplace, ctx, seats, "teams")

    def unread_hand(self, raw: object, hplace: str, ctx: dict, seats: tuple[int, ...] | None) -> None:
        """A hand at a table whose size could not be read (event.players_per_table or six_handed, said
        there): not read, so it adds no guess of its own."""
        return None

    def bidder_hand(self, raw: object, hplace: str, ctx: dict, seats: tuple[int, ...] | None,
                    kind: str) -> HandSpec | None:
        """A hand that names its bidder by player number, with the tricks by player or by team
        (TRICK_WORDS[kind]), and the called partner where the table's hands have one."""
        shape = ctx["shape"]
        keys = shape.hand_keys
        h = self.obj(raw, hplace, keys)
        if h is None:
            return None
        number = None
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, ctx["hands_per_round"] or None)
        contract = self.contract(h, hplace, ctx)
        bidder = self.at_table(h, "declarer", hplace, ctx, seats, missing())
        partner = None
        if "partner" in keys:
            partner = self.at_table(h, "partner", hplace, ctx, seats, Message(gettext_noop(
                "missing (the called partner: a player at this table, or null when the bidder plays alone)")),
                none_allowed=True)
            if partner is not None and partner == bidder:
                self.add(f"{hplace}.partner", Message(gettext_noop(
                    "player %(number)s is the declarer; the partner is another player at this table, or null "
                    "when the bidder plays alone"), number=partner))
                partner = False
        tricks = self.trick_counts(h, hplace, seats, shape.layout, kind)
        revoke = self.revoker(h, hplace, ctx, seats, kind) if "revoke" in keys and "revoke" in h else None
        values, good = self.optional("hand", {k: v for k, v in h.items() if k in keys}, hplace)
        spec = HandSpec(number=number or 0, contract=contract or "", declarer="", tricks=0,
                        note=values.get("note") or "", bidder=bidder)
        good &= self.hand_trust(spec, values, hplace, shape.layout.sides)
        if not good or None in (number, contract, bidder, tricks) or False in (partner, revoke):
            return None
        spec.partner = partner
        if revoke is not None:  # McAllen O: stored by the revoker's seat, or his team at six
            spec.revoke, spec.penalty_kind = revoke, "revoke"
            spec.penalty_side = shape.seat_of(seats)[revoke] if kind == "players" else revoke
        if kind == "teams":
            spec.team_tricks = tricks
            spec.tricks = tricks[shape.layout.side_of[shape.seat_of(seats)[bidder]]]
        else:
            spec.player_tricks = {s: tricks[s] for s in seats}
            spec.tricks = spec.player_tricks[bidder]
        return spec if self.scores(spec, hplace, ctx, seats) else None

    def revoker(self, h: dict, hplace: str, ctx: dict, seats: tuple[int, ...] | None, kind: str) -> int | str | bool:
        """A hand's "revoke": the player at this table who made an established revoke, or at six his
        team ("A", "B", "C"); None for null; False after a problem."""
        if kind == "players":  # null: nobody revoked, as when the key is left out
            return self.at_table(h, "revoke", hplace, ctx, seats, missing(), none_allowed=True)
        teams = ctx["shape"].layout.sides
        if h["revoke"] is None:
            return None
        if h["revoke"] not in teams:
            self.add(f"{hplace}.revoke", Message(TRICK_WORDS["teams"]["unknown"], key=show(h["revoke"]),
                                                 seats=", ".join(teams)))
            return False
        return h["revoke"]

    def at_table(self, h: dict, key: str, hplace: str, ctx: dict, seats: tuple[int, ...] | None, absent: str,
                 none_allowed: bool = False) -> int | None | bool:
        """A hand's player number under `key` (the declarer, the called partner): a player at this
        table; None when missing or null (null allowed: the bidder alone), False after a problem."""
        if key not in h:
            self.add(f"{hplace}.{key}", absent)
            return False if none_allowed else None
        value = h[key]
        if value is None and none_allowed:
            return None
        if not is_int(value):
            self.add(f"{hplace}.{key}", Message(ctx["entrants"].words["expected"], type=json_type(value),
                                                value=show(value)))
            return False if none_allowed else None
        if seats and value not in seats:
            self.add(f"{hplace}.{key}", Message(gettext_noop(
                "player %(number)s is not at this table (%(seats)s)"), number=value,
                seats=", ".join(str(s) for s in seats)))
            return False if none_allowed else None
        return value

    def trick_counts(self, h: dict, hplace: str, seats: tuple[int, ...] | None, layout: layouts_engine.Layout,
                     kind: str) -> dict | None:
        """The hand's "tricks": {player number or team: tricks}, each known, none missing, adding up
        to 10; None after a problem (or when the table's seats could not be read)."""
        words = TRICK_WORDS[kind]
        if "tricks" not in h:
            self.add(f"{hplace}.tricks", missing())
            return None
        if not isinstance(h["tricks"], dict):
            self.add(f"{hplace}.tricks", Message(words["object"], type=json_type(h["tricks"])))
            return None
        if not seats:
            return None
        known = {str(s): s for s in seats} if kind == "players" else {side: side for side in layout.sides}
        tricks: dict | None = {}
        for key, value in h["tricks"].items():
            if key not in known:
                self.add(f"{hplace}.tricks.{key}", Message(words["unknown"], key=show(key), seats=", ".join(known)))
                tricks = None
                continue
            got = self.integer(value, f"{hplace}.tricks.{key}", 0, rules_engine.TRICKS_PER_HAND)
            if got is None:
                tricks = None
            elif tricks is not None:
                tricks[known[key]] = got
        if tricks is None:
            return None
        absent = [key for key in known if key not in h["tricks"]]
        for key in absent:
            self.add(f"{hplace}.tricks.{key}", missing())
        if absent:
            return None
        if sum(tricks.values()) != rules_engine.TRICKS_PER_HAND:
            self.add(f"{hplace}.tricks", Message(words["sum"], sum=sum(tricks.values())))
            return None
        return tricks

    def scores(self, spec: HandSpec, hplace: str, ctx: dict, seats: tuple[int, ...]) -> bool:
        """The hand as its table's layout scores it (RULES.md section 7): at five no misère while
        the rule five_handed_misere is off, and a partner unless the bidder may play alone
        (five_handed_alone). Each refusal is said at its field; False after one."""
        rules, layout = ctx["rules"], ctx["shape"].layout
        if rules is None or rules.players != layout.rules_players or not layout.calls_partner:
            return True
        ok = True
        if spec.contract in rules_engine.NULLO_LIKE and not rules.five_handed_misere:
            self.add(f"{hplace}.contract", Message(gettext_noop(
                "%(code)s is not bid at a table of five under these rules (five_handed_misere is off)"),
                code=spec.contract))
            ok = False
        if spec.partner is None and not rules.five_handed_alone:
            self.add(f"{hplace}.partner", Message(gettext_noop(
                "null, but under these rules the bidder always has a partner at five (five_handed_alone is off)")))
            ok = False
        return ok

    def contract(self, h: dict, hplace: str, ctx: dict) -> str | None:
        """The hand's contract code, legal under the event's rules; None (and the problem said) otherwise."""
        if "contract" not in h:
            self.add(f"{hplace}.contract", missing())
            return None
        parsed = None
        try:
            parsed = rules_engine.parse_contract(h["contract"])
            if ctx["rules"] is not None:
                ctx["rules"].check_legal(parsed)
            return parsed.code
        except rules_engine.RulesError as exc:
            self.add(f"{hplace}.contract", contract_problem(exc, h["contract"], parsed, ctx["rules"]))
            return None

    def hand_trust(self, spec: HandSpec, values: dict, hplace: str, sides: tuple[str, ...]) -> bool:
        """Who wrote and who accepted the hand (keys.HAND_TRUST_KEYS, checked one by one by
        keys.OPTIONAL) onto `spec`, held to the table's `sides` (ns and ew, or a table of three's
        seats): a moment or a name only where there is a change or an acceptance, and no side
        accepting a hand it wrote itself. False after a problem."""
        before = self.count
        for key in ("entered_side", "changed_side", "accepted_side"):
            value = values.get(key)
            if value and value != NO_SIDE_NAMED and value not in sides:
                self.add(f"{hplace}.{key}", Message(gettext_noop(
                    '%(value)s is not a side at this table (%(sides)s, or "" for staff)'),
                    value=show(value), sides=", ".join(sides)))
        for key, holder, what in (
            ("changed_at", "changed_side", gettext_noop('only a changed hand has this (give changed_side: the side '
                                                        'that changed it, or "" for staff)')),
            ("accepted_by", "accepted_side", gettext_noop('only an accepted hand has this (give accepted_side: the '
                                                          'side that accepted it, or "" for staff)')),
            ("accepted_at", "accepted_side", gettext_noop('only an accepted hand has this (give accepted_side: the '
                                                          'side that accepted it, or "" for staff)')),
        ):
            if key in values and holder not in values:
                self.add(f"{hplace}.{key}", Message(what))
        if self.count != before or any(values.get(key, "") is None for key in HAND_TRUST_KEYS):
            return False  # a key's own check failed (keys.OPTIONAL), or one above
        spec.entered_side = values.get("entered_side", STAFF_SIDE)
        spec.entered_by = values.get("entered_by", spec.entered_by)
        spec.entered_at = values.get("entered_at")
        spec.changed_side = values.get("changed_side")
        spec.changed_at = values.get("changed_at")
        spec.accepted_side = values.get("accepted_side")
        spec.accepted_by = values.get("accepted_by") or ""
        spec.accepted_at = values.get("accepted_at")
        writer = spec.written_side
        if spec.accepted_side and writer not in (STAFF_SIDE, NO_SIDE_NAMED) and spec.accepted_side == writer:
            self.add(f"{hplace}.accepted_side", Message(gettext_noop(
                '%(side)s last wrote this hand, so it cannot also accept it: another side accepts it, or staff ("")'),
                side=show(writer)))
            return False
        return True

    def late_hands(self, hands: list[HandSpec], tplace: str, index: dict[int, int], ctx: dict,
                   seat_of: dict[int, str]) -> None:
        """In an event played as games, no hand may come after the round's last game was complete
        (games_per_round games finished, or a side reached wins_per_round wins). Each hand is scored
        by the table's layout (Layout.score), each side of the layout one side of the games
        (three-handed, each player a side of his own). `seat_of`: a player's seat at the table."""
        setup, rules, shape = ctx["games"], ctx["rules"], ctx["shape"]
        layout = shape.layout
        replayed = []
        for h in hands:
            try:
                result = layout.score(rules, layout.entry(**shape.entry_fields(h, seat_of)))
            except rules_engine.RulesError:
                return  # reported by the hand's own checks
            replayed.append(layout.played(h.number, result))
        result = games_engine.replay(rules, setup, replayed, sides=len(layout.sides))
        if not result.late_hands:
            return
        done = [g for g in result.games if g.over]
        last = done[-1].last_hand if done else 0
        if setup.wins_per_round is not None and max(result.wins) >= setup.wins_per_round:
            why = Message(shape.words["wins"], wins=setup.wins_per_round)
        else:
            why = Message(gettext_noop("games_per_round, %(games)s games, were played"), games=setup.games_per_round)
        for number in result.late_hands:
            self.add(f"{tplace}.hands[{index[number]}].hand", Message(gettext_noop(
                "hand %(number)s comes after the round's last game was complete (%(why)s by hand %(last)s)"),
                number=number, why=why, last=last))

    def history(self, data: object, place: str, hands: list[HandSpec]) -> list[ChangeSpec]:
        """A table's history rows, oldest first, as exported with --history."""
        found: list[ChangeSpec] = []
        for i, raw in enumerate(self.lst(data, place) or []):
            cplace = f"{place}[{i}]"
            c = self.obj(raw, cplace, CHANGE_KEYS)
            if c is None:
                continue
            required = self.required_keys(c, CHANGE_REQUIRED, cplace)
            values, good = self.optional("change", c, cplace)
            snapshots = {}
            for key in ("old", "new"):
                snapshots[key] = self.snapshot(c.get(key), f"{cplace}.{key}")
                good &= key not in c or c[key] is None or snapshots[key] is not None
            if good and all(v is not None for v in required.values()):
                found.append(ChangeSpec(**required, **values, **snapshots))
        origins = {c.hand for c in found if c.action in ("create", "import")}
        for hand in hands:
            if hand.number not in origins and found:
                self.add(place, Message(gettext_noop("hand %(number)s has no row that entered or imported it"),
                                        number=hand.number))
        return found

    def snapshot(self, value: object, place: str) -> dict | None:
        """A history row's old or new values: an object of text, numbers, true/false or null, or of
        one level of objects or lists of those (a three-handed hand's seat_tricks by seat, the hand
        numbers a confirmation accepted)."""
        if value is None:
            return None
        if not isinstance(value, dict):
            self.add(place, Message(gettext_noop("expected an object or null, got %(type)s"), type=json_type(value)))
            return None
        ok = True
        for key, item in value.items():
            if isinstance(item, (dict, list)):
                inner = item.items() if isinstance(item, dict) else ((f"[{i}]", v) for i, v in enumerate(item))
                for name, single in inner:
                    ok &= self.snapshot_value(single, f"{place}.{key}{name}" if isinstance(item, list)
                                              else f"{place}.{key}.{name}")
            else:
                ok &= self.snapshot_value(item, f"{place}.{key}")
        return dict(value) if ok else None

    def snapshot_value(self, item: object, place: str) -> bool:
        """One value of a history snapshot: text, a number, true/false or null."""
        if isinstance(item, (dict, list)):
            self.add(place, Message(gettext_noop("expected text, a number, true/false or null, got %(type)s"),
                                    type=json_type(item)))
            return False
        if isinstance(item, str):
            return self.text(item, place, MAX_NOTE) is not None
        return True

    def sides_hand(self, raw: object, hplace: str, ctx: dict, seats: object = None) -> HandSpec | None:
        """{"hand", "contract", "declarer": "ns" or "ew", "tricks": the bidding side's, "penalty"?}
        (a table of two sides), or a hand nobody bid (no_bid_hand)."""
        h = self.obj(self.v1_view(raw, "hand", hplace), hplace, self.keys_for(HAND_KEYS, HAND_KEYS_V1))
        if h is None:
            return None
        if h.get("contract") == NOBID:
            return self.no_bid_hand(h, hplace, ctx)
        ok = True
        number = None
        hpr = ctx["hands_per_round"]
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        elif hpr:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, hpr)
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1)
        contract = self.contract(h, hplace, ctx)
        declarer = None
        if "declarer" not in h:
            self.add(f"{hplace}.declarer", missing())
        else:
            sides = _sides_layout(ctx).sides
            declarer = self.choice(h["declarer"], f"{hplace}.declarer", sides, gettext_noop("a side"))
        tricks = None
        if "tricks" not in h:
            self.add(f"{hplace}.tricks", missing())
        else:
            tricks = self.integer(h["tricks"], f"{hplace}.tricks", 0, rules_engine.TRICKS_PER_HAND)
        if "ns_tricks" in h:
            self.add(f"{hplace}.ns_tricks", Message(gettext_noop('only a hand nobody bid (contract "NOBID") has this')))
            ok = False
        spec = HandSpec(number=number or 0, contract=contract or "", declarer=declarer or "", tricks=tricks or 0)
        if "penalty" in h:
            ok &= self.penalty(h["penalty"], f"{hplace}.penalty", spec, _sides_layout(ctx))
        values, good = self.optional("hand", h, hplace)
        ok &= good
        spec.note = values.get("note") or ""
        spec.dealer = values.get("dealer") or ""
        ok &= self.hand_trust(spec, values, hplace, _sides_layout(ctx).sides)
        if not ok or number is None or contract is None or declarer is None or tricks is None:
            return None
        return spec

    def no_bid_hand(self, h: dict, hplace: str, ctx: dict) -> HandSpec | None:
        """`{"hand": 3, "contract": "NOBID", "ns_tricks": 6}`: a hand nobody bid, played at no trump
        where the rules say so (no_bid play_no_trump); no declarer, no tricks."""
        ok = True
        number = None
        if "hand" not in h:
            self.add(f"{hplace}.hand", missing())
        else:
            number = self.integer(h["hand"], f"{hplace}.hand", 1, ctx["hands_per_round"] or None)
        if self.version == 1:
            self.add(f"{hplace}.contract", Message(gettext_noop('"NOBID" (a hand nobody bid) needs a %(v2)s file'),
                                                   v2=show(FORMAT_V2)))
            return None
        rules = ctx["rules"]
        if rules is not None and rules.no_bid != "play_no_trump":
            self.add(f"{hplace}.contract", Message(gettext_noop(
                "NOBID: under %(rules)s a hand nobody bid is not played (no_bid is %(no_bid)s; only play_no_trump "
                "allows it)"), rules=Message(rules.label), no_bid=rules.no_bid))
            ok = False
        for key in ("declarer", "tricks"):
            if key in h:
                self.add(f"{hplace}.{key}", Message(gettext_noop(
                    "a hand nobody bid has none (give ns_tricks, the tricks N-S took)")))
                ok = False
        ns_tricks = None
        if "ns_tricks" not in h:
            self.add(f"{hplace}.ns_tricks", Message(gettext_noop(
                "missing (the tricks N-S took in the hand nobody bid)")))
        else:
            ns_tricks = self.integer(h["ns_tricks"], f"{hplace}.ns_tricks", 0, rules_engine.TRICKS_PER_HAND)
        spec = HandSpec(number=number or 0, contract=NOBID, declarer="", tricks=0, ns_tricks=ns_tricks)
        if "penalty" in h:
            ok &= self.penalty(h["penalty"], f"{hplace}.penalty", spec, _sides_layout(ctx))
            if spec.penalty_kind == "revoke":
                self.add(f"{hplace}.penalty.kind", Message(gettext_noop(
                    "a hand nobody bid has no bid for a revoke to defeat")))
                ok = False
        values, good = self.optional("hand", h, hplace)
        spec.note = values.get("note") or ""
        spec.dealer = values.get("dealer") or ""
        good &= self.hand_trust(spec, values, hplace, _sides_layout(ctx).sides)
        if not (ok and good) or number is None or ns_tricks is None:
            return None
        return spec

    def penalty(self, raw: object, pplace: str, spec: HandSpec, layout: layouts_engine.Layout) -> bool:
        """A hand's {"kind", "side"?, "seat"?} onto `spec`: a kind the layout records, one of its
        sides, one of its seats on that side. False after a problem."""
        p = self.obj(raw, pplace, PENALTY_KEYS)
        if p is None:
            return False
        before = self.count
        if "kind" not in p:
            self.add(f"{pplace}.kind", missing())
        else:
            what = gettext_noop("a penalty kind")
            spec.penalty_kind = self.choice(p["kind"], f"{pplace}.kind", layout.penalty_kinds, what) or ""
        if "side" in p:
            spec.penalty_side = self.choice(p["side"], f"{pplace}.side", layout.sides, gettext_noop("a side")) or ""
        if "seat" in p:
            seat = self.choice(p["seat"], f"{pplace}.seat", layout.seats, gettext_noop("a seat"))
            if seat and spec.penalty_side and layout.side_of[seat] != spec.penalty_side:
                self.add(f"{pplace}.seat", Message(gettext_noop("%(seat)s sits %(side)s, not %(other)s"), seat=seat,
                                                   side=layout.side_of[seat], other=spec.penalty_side))
            elif seat:
                spec.penalty_seat = seat
                spec.penalty_side = spec.penalty_side or layout.side_of[seat]
        if spec.penalty_kind == "revoke" and not spec.penalty_side and "side" not in p:
            self.add(f"{pplace}.side", Message(gettext_noop("a revoke needs the side that revoked (ns or ew)")))
        return self.count == before



# How a hand's tricks are keyed (TableShape.hands): by player number, or by team at six.
TRICK_WORDS = {
    "players": {
        "object": gettext_noop(
            'expected an object of each seated player\'s tricks ({"4": 8, "9": 1, "2": 1}), got %(type)s'),
        "unknown": gettext_noop("%(key)s is not a player at this table (%(seats)s)"),
        "sum": gettext_noop("the players' tricks add up to %(sum)s, not 10"),
    },
    "teams": {
        "object": gettext_noop('expected an object of each team\'s tricks ({"A": 4, "B": 3, "C": 3}), got %(type)s'),
        "unknown": gettext_noop("%(key)s is not a team at this table (%(seats)s)"),
        "sum": gettext_noop("the teams' tricks add up to %(sum)s, not 10"),
    },
}


def _sides_layout(ctx: dict) -> layouts_engine.Layout:
    """The layout a hand of sides is checked against: the event's, or the default one when the
    rules could not be read (their own problem says so)."""
    shape = ctx["shape"]
    return shape.layout if shape is not None else layouts_engine.LAYOUTS[layouts_engine.DEFAULT_LAYOUT]


def contract_problem(exc: Exception, raw: object, parsed: rules_engine.Contract | None,
                      rules: rules_engine.RuleSet | None) -> str:
    """The rules' refusal of a contract as a Message when one of these templates says the same
    words (the rules engine words its errors in English only); else its English text."""
    if parsed is None:
        found = [Message(gettext_noop("%(text)s is not a contract (expected text such as 7H or 10NT)"),
                         text=repr(raw)),
                 Message(gettext_noop("%(text)s is not a contract (expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or "
                                      "BNULLO)"), text=repr(raw))]
    elif parsed.is_special:
        found = [Message(gettext_noop("%(code)s (%(contract)s) is not a contract under %(rules)s"), code=parsed.code,
                         contract=Message(rules_engine.SPECIAL_NAMES[parsed.code]), rules=Message(rules.label))]
    else:
        found = [Message(gettext_noop("six bids are not allowed under %(rules)s"), rules=Message(rules.label))]
    return next((message for message in found if message == str(exc)), str(exc))


def plain_hand_number(raw: object) -> int | None:
    """The `hand` number of a hand entry that failed other checks, when it is a plain integer."""
    if isinstance(raw, dict) and isinstance(raw.get("hand"), int) and not isinstance(raw.get("hand"), bool):
        return raw["hand"]
    return None
