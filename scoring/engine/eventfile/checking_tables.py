"""Checking an event file's rounds, tables and tiebreaks (the seating): who plays where, who sits
out, each table's entrants as its layout names them (shapes.TABLE_SHAPES: a pair of partnerships,
a key per seat, or the seats listed in order) and its confirmation. A mixin of checking._Checker;
the hands are checking_hands.py's. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from scoring.engine.eventfile.checking_hands import plain_hand_number
from scoring.engine.eventfile.keys import ROUND_KEYS, ROW
from scoring.engine.eventfile.shapes import A_SIDE, TableShape
from scoring.engine.eventfile.spec import RoundSpec, TableSpec, TiebreakSpec
from scoring.engine.eventfile.values import is_int, json_type, missing, show
from scoring.engine.layouts import MIXED_TABLE_SIZES, SIX_HANDED, LayoutError
from scoring.engine.vocabulary import MAX_ROUNDS, SIDES, Message, gettext_noop

SITTING_OUT = gettext_noop("sitting out")
# The table a hand's problem cannot name its layout for (the rules could not be read): read as sides.
UNKNOWN_SHAPE_HANDS = "sides"


class TableChecks:
    """Rounds, tables and tiebreaks; `ctx["shape"]` is the event's TableShape (None when the rules
    and entrants do not say), `ctx["entrants"]` its EntrantFile."""

    def rounds_list(self, data: object, place: str, ctx: dict, *, tiebreak: list[int] | None = None) -> list[RoundSpec]:
        items = self.lst(data, place)
        if items is None:
            return []
        found = []
        in_play: list[tuple[str, int]] = []
        seen: dict[int, int] = {}
        for i, item in enumerate(items):
            rplace = f"{place}[{i}]"
            r = self.obj(item, rplace, ROUND_KEYS)
            if r is None:
                continue
            number = None
            if "number" not in r:
                self.add(f"{rplace}.number", missing())
            else:
                high = ctx["rounds"] if tiebreak is None else MAX_ROUNDS
                number = self.integer(r["number"], f"{rplace}.number", 1, high)
                if number is not None and number in seen:
                    self.add(f"{rplace}.number", Message(gettext_noop("round %(number)s appears twice (also %(also)s)"),
                                                         number=number, also=f"{place}[{seen[number]}]"))
                elif number is not None:
                    seen[number] = i
            rnd = self.one_round(r, rplace, number or 0, ctx, tiebreak=tiebreak)
            if rnd is not None:
                found.append(rnd)
                if rnd.status == "open" and r.get("status") == "open":
                    in_play.append((rplace, rnd.number))
        # Only one round is in play at a time (README, "Running the day"). A round whose status is
        # worked out (a file typed from sheets, some rounds half typed in) stays open as before. A
        # tiebreak's rounds are all opened together when it is made (scoring.tiebreaks), so they may be.
        if len(in_play) > 1 and tiebreak is None:
            first = in_play[0][1]
            for rplace, number in in_play[1:]:
                self.add(f"{rplace}.status", Message(gettext_noop(
                    "round %(number)s is open while round %(first)s is open too; only one round is in play at a time"),
                    number=number, first=first))
        return found

    def one_round(
        self, r: dict, rplace: str, number: int, ctx: dict, *, tiebreak: list[int] | None,
    ) -> RoundSpec | None:
        rnd = RoundSpec(number=number)
        where_played: dict[int, str] = {}
        label = Message(gettext_noop("round %(number)s"), number=number) if number else Message(
            gettext_noop("this round"))
        if "tables" not in r:
            self.add(f"{rplace}.tables", Message(gettext_noop("missing (give [] for a round not yet drawn)")))
        tables = self.lst(r.get("tables", []), f"{rplace}.tables") or []
        seen_tables: dict[int, int] = {}
        for ti, item in enumerate(tables):
            tplace = f"{rplace}.tables[{ti}]"
            table = self.one_table(item, tplace, ctx, tiebreak=tiebreak)
            if table is None:
                continue
            if table.number in seen_tables:
                self.add(f"{tplace}.table", Message(gettext_noop(
                    "table %(number)s appears twice in %(round)s (also %(also)s)"), number=table.number, round=label,
                    also=f"tables[{seen_tables[table.number]}]"))
            else:
                seen_tables[table.number] = ti
            words = ctx["entrants"].words
            for key, num in ctx["shape"].places(table):  # a table read has its shape
                if num in where_played:
                    self.add(f"{tplace}.{key}", Message(words["twice_in_round"], number=num, round=label,
                                                        where=where_played[num]))
                else:
                    where_played[num] = Message(gettext_noop("at table %(number)s"), number=table.number)
            rnd.tables.append(table)
        byes = self.lst(r.get("byes", []), f"{rplace}.byes") or []
        for bi, raw in enumerate(byes):
            bplace = f"{rplace}.byes[{bi}]"
            num = self.partnership_ref(raw, bplace, ctx, tiebreak)
            if num is None:
                continue
            if num in where_played:
                words = ctx["entrants"].words
                if where_played[num] == SITTING_OUT:
                    self.add(bplace, Message(words["bye_twice"], number=num, round=label))
                else:
                    self.add(bplace, Message(words["bye_and_plays"], number=num, round=label,
                                             where=where_played[num]))
                continue
            where_played[num] = Message(SITTING_OUT)
            rnd.byes.append(num)
        values, _ = self.optional("round", r, rplace)
        if "status" in values:
            rnd.status = values["status"] or "planned"
        elif ctx["hands_per_round"] or ctx["open_hands"]:
            rnd.status = ROW["round"]["status"].default_for(rnd, ctx["hands_per_round"])
        rnd.closed_at = values.get("closed_at")
        rnd.closed_by = values.get("closed_by") or ""
        rnd.close_note = values.get("close_note") or ""
        for key in ("closed_at", "closed_by"):
            if values.get(key) and rnd.status != "closed":
                self.add(f"{rplace}.{key}", Message(gettext_noop(
                    "only a closed round has this (this round is %(status)s)"), status=rnd.status))
        return rnd

    def partnership_ref(self, raw: object, place: str, ctx: dict, tiebreak: list[int] | None) -> int | None:
        words = ctx["entrants"].words
        if not is_int(raw):
            self.add(place, Message(words["expected"], type=json_type(raw), value=show(raw)))
            return None
        known = ctx["partnerships"]
        if known is not None and raw not in known:
            self.add(place, Message(words["unknown"], number=raw))
            return None
        if tiebreak and raw not in tiebreak:
            self.add(place, Message(words["not_in_tiebreak"], number=raw))
            return None
        return raw

    def one_table(self, item: object, tplace: str, ctx: dict, *, tiebreak: list[int] | None) -> TableSpec | None:
        t = self.obj(item, tplace, ctx["entrants"].table_keys)
        if t is None:
            return None
        if ctx["shape"] is not None:
            # Read as the event's sizing shapes it: in an event of mixed sizes, the layout of its number of players.
            shape = self.sized_table(t, tplace, ctx)
            if shape is not ctx["shape"]:
                ctx = {**ctx, "shape": shape}
        shape = ctx["shape"]
        number = None
        if "table" not in t:
            self.add(f"{tplace}.table", missing())
        else:
            number = self.integer(t["table"], f"{tplace}.table", 1, 1000)
        # The entrants at the table, read as its layout names them (the rules unread: their own problem).
        ns, ew, seats = getattr(self, f"{shape.seating}_seating")(t, tplace, ctx, tiebreak) if shape else (0, 0, None)
        unknown = "unread" if ctx.get("unread_hands") else UNKNOWN_SHAPE_HANDS
        read_hand = getattr(self, f"{shape.hands if shape else unknown}_hand")
        hands = []
        seen: dict[int, int] = {}
        for hi, raw in enumerate(self.lst(t.get("hands", []), f"{tplace}.hands") or []):
            hplace = f"{tplace}.hands[{hi}]"
            hand = read_hand(raw, hplace, ctx, seats)
            # A hand with other problems still claims its number, so a repeat is reported too.
            number_claimed = hand.number if hand is not None else plain_hand_number(raw)
            if number_claimed is not None:
                if number_claimed in seen:
                    self.add(f"{hplace}.hand", Message(gettext_noop(
                        "hand %(number)s appears twice at this table (also %(also)s)"), number=number_claimed,
                        also=f"hands[{seen[number_claimed]}]"))
                    continue
                seen[number_claimed] = hi
            if hand is not None:
                hands.append(hand)
        hands.sort(key=lambda h: h.number)
        if ctx["games"] is not None and ctx["rules"] is not None and shape is not None:
            self.late_hands(hands, tplace, seen, ctx, shape.seat_of(seats))
        spec = TableSpec(number=number or 0, ns=ns or 0, ew=ew or 0, hands=hands, seats=seats or ())
        # A bad optional key is reported and leaves its default, so the table's pairs are still checked.
        values, _ = self.optional("table", t, tplace)
        spec.entered_side = values.get("entered_side") or ""
        sides, what = (shape.layout.sides, shape.words["entered"]) if shape else (SIDES, A_SIDE)
        if spec.entered_side and spec.entered_side not in sides:
            # A table is entered by one of its sides: N-S or E-W, a seat (1, 2, 3) at a table of three.
            self.choice(spec.entered_side, f"{tplace}.entered_side", sides, what)
            spec.entered_side = ""
        spec.dispute = values.get("dispute") or ""
        hpr = ctx["hands_per_round"]
        if "confirmed" in values:
            flag = values["confirmed"]
            if flag and hpr and len(hands) < hpr:
                self.add(f"{tplace}.confirmed", Message(gettext_noop(
                    "a table can be confirmed only when all %(count)s hands are entered"), count=hpr))
            elif flag and spec.dispute:
                self.add(f"{tplace}.confirmed", Message(gettext_noop("a disputed table cannot be confirmed")))
            elif flag and any(h.waits for h in hands):
                self.add(f"{tplace}.confirmed", Message(gettext_noop(
                    "a table is confirmed only when no hand waits for another side's acceptance; the hands "
                    "written on a phone with no accepted_side: %(hands)s"),
                    hands=", ".join(str(h.number) for h in hands if h.waits)))
            spec.confirmed = bool(flag)
        elif hpr or ctx["open_hands"]:
            spec.confirmed = ROW["table"]["confirmed"].default_for(spec, hpr)
        spec.confirmed_by = values.get("confirmed_by") or ""
        spec.confirmed_at = values.get("confirmed_at")
        for key in ("confirmed_by", "confirmed_at"):
            if values.get(key) and not spec.confirmed:
                self.add(f"{tplace}.{key}", Message(gettext_noop("only a confirmed table has this")))
        if "history" in t:
            spec.history = self.history(t["history"], f"{tplace}.history", hands)
        if number is None or ns is None or ew is None or seats is None:
            return None
        return spec

    def sized_table(self, t: dict, tplace: str, ctx: dict) -> TableShape | None:
        """The shape of a table as the event's sizing gives it (shapes.FileSizing) by how many players
        its "seats" lists: the event's one shape, or in an event of mixed sizes that number's
        (layouts.mixed_layout's, shapes.mixed_table_shape); None, said at its seats, when no layout of
        the event seats that many.
        A table whose seats are missing or not a list is read with the event's shape, which says so."""
        raw = t.get("seats")
        if not isinstance(raw, list):
            return ctx["shape"]
        try:
            return ctx["sizing"].of_table(len(raw))
        except LayoutError:
            if len(raw) == 6:
                self.add(f"{tplace}.seats", Message(gettext_noop(
                    "a table of six in an event of mixed sizes needs event.six_handed (%(choices)s)"),
                    choices=", ".join(SIX_HANDED)))
            else:
                self.add(f"{tplace}.seats", Message(gettext_noop(
                    "an event of mixed sizes seats %(sizes)s players at a table, got %(count)s"),
                    sizes=", ".join(map(str, MIXED_TABLE_SIZES)), count=len(raw)))
            return None

    def pair_seating(self, t: dict, tplace: str, ctx: dict, tiebreak: list[int] | None) -> tuple:
        """A table of two partnerships: "ns" and "ew" (partnership numbers). (ns, ew, ()), None for
        one that could not be read."""
        ns = ew = None
        for side in ctx["shape"].place_keys:
            if side not in t:
                self.add(f"{tplace}.{side}", missing())
        if "ns" in t:
            ns = self.partnership_ref(t["ns"], f"{tplace}.ns", ctx, tiebreak)
        if "ew" in t:
            ew = self.partnership_ref(t["ew"], f"{tplace}.ew", ctx, tiebreak)
        if ns is not None and ns == ew:
            self.add(f"{tplace}.ew", Message(gettext_noop("partnership %(number)s cannot play itself"), number=ns))
            ew = None
        return ns, ew, ()

    def keyed_seating(self, t: dict, tplace: str, ctx: dict, tiebreak: list[int] | None) -> tuple:
        """A table of individuals with a key per seat ("n", "e", "s", "w": player numbers).
        (0, 0, the players in seat order), seats None after a problem."""
        shape = ctx["shape"]
        for key in shape.foreign_keys():
            if key in t:
                self.add(f"{tplace}.{key}", Message(shape.words["foreign"]))
                return 0, 0, None
        places = []
        for key in shape.place_keys:
            if key not in t:
                self.add(f"{tplace}.{key}", missing())
            else:
                places.append((f"{tplace}.{key}", t[key]))
        if len(places) != len(shape.place_keys):
            return 0, 0, None
        return 0, 0, self.seated(places, ctx, tiebreak)

    def listed_seating(self, t: dict, tplace: str, ctx: dict, tiebreak: list[int] | None) -> tuple:
        """A table of individuals listing its players under "seats", in seating order (three at a
        table of three). (0, 0, the players), seats None after a problem."""
        shape = ctx["shape"]
        for key in shape.foreign_keys():
            if key in t:
                self.add(f"{tplace}.{key}", Message(shape.words["foreign"]))
        if "seats" not in t:
            self.add(f"{tplace}.seats", Message(shape.words["listed_missing"]))
            return 0, 0, None
        raw = self.lst(t["seats"], f"{tplace}.seats")
        if raw is None:
            return 0, 0, None
        if len(raw) != shape.layout.players:
            self.add(f"{tplace}.seats", Message(shape.words["listed_count"], count=len(raw),
                                                players=shape.layout.players))
            return 0, 0, None
        return 0, 0, self.seated([(f"{tplace}.seats[{i}]", value) for i, value in enumerate(raw)], ctx, tiebreak)

    def seated(self, places: list[tuple[str, object]], ctx: dict, tiebreak: list[int] | None) -> tuple[int, ...] | None:
        """The players at `places` [(place, raw value)], each known and seated once; None after a problem."""
        found: list[int] = []
        ok = True
        for place, value in places:
            num = self.partnership_ref(value, place, ctx, tiebreak)
            if num is not None and num in found:
                self.add(place, Message(gettext_noop("player %(number)s is seated twice at this table"), number=num))
                num = None
            ok &= num is not None
            found.append(num)
        return tuple(found) if ok else None

    def tiebreak(self, raw: object, place: str, ctx: dict) -> TiebreakSpec | None:
        entrants = ctx["entrants"]
        t = self.obj(raw, place, entrants.tiebreak_keys)
        if t is None:
            return None
        members: list[int] = []
        key, words = entrants.key, entrants.words
        if key not in t:
            self.add(f"{place}.{key}", missing())
        elif self.lst(t[key], f"{place}.{key}") is not None:
            for j, num in enumerate(t[key]):
                got = self.partnership_ref(num, f"{place}.{key}[{j}]", ctx, None)
                if got is not None and got in members:
                    self.add(f"{place}.{key}[{j}]", Message(words["tiebreak_twice"], number=got))
                elif got is not None:
                    members.append(got)
            if len(t[key]) < 2:
                self.add(f"{place}.{key}", Message(words["tiebreak_two"]))
        fillers: list[int] = []
        if entrants.fillers and "fillers" in t and self.lst(t["fillers"], f"{place}.fillers") is not None:
            for j, num in enumerate(t["fillers"]):
                fplace = f"{place}.fillers[{j}]"
                got = self.partnership_ref(num, fplace, ctx, None)
                if got is None:
                    continue
                if got in fillers:
                    self.add(fplace, Message(words["tiebreak_twice"], number=got))
                elif got in members:
                    self.add(fplace, Message(gettext_noop(
                        "player %(number)s plays in this tiebreak and cannot also fill a seat"), number=got))
                elif got in ctx["withdrawn"]:
                    self.add(fplace, Message(gettext_noop("player %(number)s has withdrawn and cannot fill a seat"),
                                             number=got))
                else:
                    fillers.append(got)
        seated = [*members, *fillers]
        if "tables" in t and "rounds" in t:
            self.add(place, Message(gettext_noop("give either tables (one round) or rounds, not both")))
            return None
        if "rounds" in t:
            rounds = self.rounds_list(t["rounds"], f"{place}.rounds", ctx, tiebreak=seated)
        else:
            rnd = self.one_round({"tables": t["tables"]} if "tables" in t else {}, place, 1, ctx, tiebreak=seated)
            rounds = [rnd] if rnd is not None else []
        rounds.sort(key=lambda r: r.number)
        return TiebreakSpec(partnerships=sorted(members), rounds=rounds, fillers=sorted(fillers))

