"""A realistic, seeded demo event as a 500-event/1 file (a dict): for demos, tests and benchmarks.

No ORM here: build_demo_event() returns the file and scoring.event_io.event_import() stores it
(the demo_event and setup_demo commands do both). The same seed always gives the same file.

What makes it look like a McAllen senior-games session: partnerships of Hispanic and Anglo
names as the Rio Grande Valley's senior events have (Peña, Zúñiga, Nélida, O'Brien and the
Winter Texans), married couples and pairs of friends, age divisions, the circle-method movement
from scoring.engine.movement (odd counts give byes), and hands drawn from plausible odds: mostly
six to eight bids, tricks near the bid, occasional sets, rare slams and rare rule penalties.
Without `complete` the event is caught mid-session: the first rounds closed and confirmed, the
current round partly entered (some tables waiting for the other side to confirm, one disputed),
and the later rounds drawn but unplayed. A complete event whose medal places are tied (scored with
scoring.engine.standings) gets the tiebreak session McAllen A calls for.

build_demo_individuals_event() does the same for an event of individuals (README, "Events of
individuals"; a "500-event/2" file): players each on his own, seated by
scoring.engine.movement_individuals at progressive four-handed tables (a new partner each round,
McAllen rules) or at three-handed tables (three-handed rules: each hand's bidder and every seated
player's tricks), or at tables of two, five (a called partner) or six (RULES.md section 7, McAllen
rules). Its medal ties stay in the standings: it plays no tiebreak session.
"""

from __future__ import annotations

import datetime
import random
from collections.abc import Callable
from dataclasses import dataclass

from scoring.engine import eventfile, layouts, movement, movement_individuals
from scoring.engine import rules as rules_engine
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import MAX_INDIVIDUALS, MAX_ROUNDS, SEATS, SIDE_OF_SEAT, SIDES

PARTNERSHIPS = layouts.LAYOUTS["partnerships"]
DEMO_NAME = "Golden Age Olympics: Five Hundred"
DEMO_VENUE = "Lark Community Center, McAllen, Texas"
DEMO_DATE = datetime.date(2026, 5, 14)
DIVISIONS = ("60-64", "65-69", "70-74", "75+")
DIVISION_WEIGHTS = (2, 3, 3, 2)

HISPANIC_WOMEN = (
    "María", "Ana", "Nélida", "Guadalupe", "Rosa", "Josefina", "Dolores", "Leticia", "Irma", "Yolanda",
    "Gloria", "Olga", "Delia", "Elena", "Raquel", "Beatriz", "Consuelo", "Socorro", "Alicia", "Teresa",
    "Carmen", "Esperanza", "Herlinda", "Eloísa", "Inés", "Mónica", "Lucía", "Ramona", "Amparo", "Celia",
    "Estela", "Graciela", "Noemí", "Rebeca", "Zoila", "María Elena", "Ofelia", "Aurora",
)
HISPANIC_MEN = (
    "José", "Juan", "Luis", "Jesús", "Ramón", "Raúl", "Rubén", "Héctor", "Arturo", "Rogelio", "Efraín",
    "Joaquín", "Andrés", "Tomás", "Ernesto", "Gilberto", "Álvaro", "Óscar", "Fidel", "Rodolfo", "Baldemar",
    "Ignacio", "Sergio", "Víctor", "Eduardo", "Alfonso", "Rigoberto", "Humberto", "Javier", "Gerardo",
    "Juan José", "Abelardo", "Eliseo", "Nicolás",
)
HISPANIC_SURNAMES = (
    "Peña", "Zúñiga", "Ramírez", "Garza", "González", "Hernández", "García", "Martínez", "Rodríguez", "López",
    "Treviño", "Cantú", "Saldaña", "Ibáñez", "Muñoz", "Gutiérrez", "Villarreal", "Guerra", "Salinas",
    "Cavazos", "Ybarra", "Benavides", "Chapa", "Longoria", "Olivárez", "Sáenz", "Cárdenas", "Elizondo",
    "Quintanilla", "De León", "Del Ángel", "Montemayor", "Pérez", "Sánchez", "Díaz", "Rentería", "Escobedo",
    "Valdéz", "Ochoa", "Tijerina", "Alaniz", "Barrera", "Leal", "Báez", "Yáñez", "Ordóñez",
)
ANGLO_WOMEN = (
    "Margaret", "Dorothy", "Betty", "Shirley", "Barbara", "Patricia", "Carol", "Judy", "Linda", "Joan",
    "Nancy", "Peggy", "Marilyn", "Frances", "Evelyn", "Ruth", "Jean", "Darlene", "Bonnie", "Sharon",
    "Mary Lou", "Arlene", "Phyllis", "Loretta",
)
ANGLO_MEN = (
    "Robert", "James", "William", "Richard", "Charles", "Donald", "Harold", "Kenneth", "Gerald", "Walter",
    "Ray", "Earl", "Dale", "Wayne", "Bill", "Jim", "Bob", "Gene", "Lloyd", "Floyd", "Vernon", "Marvin",
)
ANGLO_SURNAMES = (
    "O'Brien", "Smith", "Johnson", "Miller", "Anderson", "Thompson", "Schmidt", "Walker", "McAllister",
    "O'Connor", "Baker", "Nelson", "Carlson", "Peterson", "Hoffman", "Fischer", "Murphy", "Sullivan",
    "Campbell", "Wagner", "Kowalski", "Lindqvist", "D'Angelo", "MacDonald", "Harris", "Olson", "Becker",
)

# Tricks bid, and how far from the bid the declarers land: mostly six to eight bids made by a
# trick or so; a set about one hand in five.
BID_TRICKS = ((6, 30), (7, 38), (8, 22), (9, 8), (10, 1.5))
SUIT_WEIGHTS = (("S", 19), ("C", 20), ("D", 20), ("H", 21), ("NT", 20))
OVER_UNDER = ((-3, 2), (-2, 5), (-1, 13), (0, 36), (1, 28), (2, 12), (3, 4))
PENALTY_RATE = 0.012
DISPUTES = (
    "Hand {n}: we took {t} tricks, not {u}.",
    "Hand {n} was written down as the wrong suit.",
    "We are not sure who declared hand {n}.",
)


def _pick(rng: random.Random, weighted) -> object:
    values, weights = zip(*weighted)
    return rng.choices(values, weights=weights)[0]


class _Names:
    """Draws full names, never the same person twice in one event."""

    def __init__(self, rng: random.Random):
        self.rng = rng
        self.used: set[str] = set()

    def person(self, hispanic: bool, woman: bool, surname: str | None = None) -> str:
        for attempt in range(200):
            if hispanic:
                first = self.rng.choice(HISPANIC_WOMEN if woman else HISPANIC_MEN)
                last = surname or self.rng.choice(HISPANIC_SURNAMES)
                if surname is None and self.rng.random() < 0.15:
                    # Two surnames, as many people in the Valley sign them.
                    last = f"{last} {self.rng.choice(HISPANIC_SURNAMES)}"
            else:
                first = self.rng.choice(ANGLO_WOMEN if woman else ANGLO_MEN)
                last = surname or self.rng.choice(ANGLO_SURNAMES)
            name = f"{first} {last}"
            if attempt > 50:
                name = f"{first} {self.rng.choice('ABCDEFGHJLMRST')}. {last}"
            if name not in self.used:
                self.used.add(name)
                return name
            surname = None  # the couple's surname is taken by a namesake: fall back to friends
        raise RuntimeError("ran out of demo names")

    def pair(self) -> tuple[str, str]:
        hispanic = self.rng.random() < 0.62
        if self.rng.random() < 0.4:
            # A married couple sharing a surname.
            pool = HISPANIC_SURNAMES if hispanic else ANGLO_SURNAMES
            surname = self.rng.choice(pool)
            return self.person(hispanic, True, surname), self.person(hispanic, False, surname)
        mixed = self.rng.random() < 0.2
        first = self.person(hispanic, self.rng.random() < 0.6)
        second = self.person(not hispanic if mixed else hispanic, self.rng.random() < 0.6)
        return first, second


def _hand(rng: random.Random, number: int, rules: rules_engine.RuleSet) -> dict:
    bid = _pick(rng, BID_TRICKS)
    suit = _pick(rng, SUIT_WEIGHTS)
    tricks = max(0, min(10, bid + _pick(rng, OVER_UNDER)))
    if tricks == 10 and bid < 10 and rng.random() < 0.8:
        tricks = 9  # slams are rarer than the spread alone would make them
    contract = rules.check_legal(f"{bid}{suit}").code
    hand: dict = {"hand": number, "contract": contract, "declarer": rng.choice(SIDES), "tricks": tricks}
    if rng.random() < PENALTY_RATE:
        kind = _pick(rng, (("revoke", 4), ("bid_out_of_turn", 4), ("exposed_card", 3)))
        seat = rng.choice(SEATS)
        hand["penalty"] = {"kind": kind, "side": SIDE_OF_SEAT[seat], "seat": seat}
        if kind == "exposed_card":
            hand["note"] = "Card exposed during the play; no change to the score."
    return hand


def _table(rng: random.Random, table: int, ns: int, ew: int, hands: int, rules) -> dict:
    return {"table": table, "ns": ns, "ew": ew, "hands": [_hand(rng, n, rules) for n in range(1, hands + 1)]}


def build_demo_event(*, partnerships: int = 12, rounds: int = 10, hands_per_round: int = 4, complete: bool = False,
                     seed: int = 2026, slug: str = "", name: str = DEMO_NAME) -> dict:
    """A 500-event/1 file for a demo event (see the module docstring). Deterministic in `seed`."""
    if partnerships < 2:
        raise ValueError("a demo event needs at least two partnerships")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be between 1 and {MAX_ROUNDS}")
    rng = random.Random(seed)
    rules = rules_engine.rule_set("mcallen")
    names = _Names(rng)
    people = [
        # Everyone in the movement has arrived: the check-in page should say so.
        {"number": n, "players": list(names.pair()), "division": _pick(rng, zip(DIVISIONS, DIVISION_WEIGHTS)),
         "checked_in": True}
        for n in range(1, partnerships + 1)
    ]
    plans = movement.plan(list(range(1, partnerships + 1)), rounds)
    # Mid-session: about half the rounds are over, the next one is being played.
    finished = rounds if complete else max(0, rounds // 2 - 1)
    out_rounds = []
    for plan in plans:
        tables = []
        if plan.number <= finished:
            tables = [_table(rng, t, ns, ew, hands_per_round, rules) for t, ns, ew in plan.tables]
        elif plan.number == finished + 1:
            tables = _current_round(rng, plan, hands_per_round, rules)
        else:
            tables = [{"table": t, "ns": ns, "ew": ew, "hands": []} for t, ns, ew in plan.tables]
        out_rounds.append({"number": plan.number, "tables": tables, "byes": list(plan.byes)})
    event = {
        "name": name,
        "date": DEMO_DATE.isoformat(),
        "venue": DEMO_VENUE,
        "rules": "mcallen",
        "rounds": rounds,
        "hands_per_round": hands_per_round,
        "sit_out_policy": "average",
    }
    if slug:
        event["slug"] = slug
    data = {"format": eventfile.FORMAT, "event": event, "partnerships": people, "rounds": out_rounds, "tiebreaks": []}
    if complete:
        data["tiebreaks"] = _tiebreaks(rng, data, rules)
    return data


def _points(rules: rules_engine.RuleSet, hand: dict) -> tuple[int, int]:
    """(N-S, E-W) points of one demo hand, scored by the partnerships layout (Layout.score, the one
    dispatch the services use too)."""
    penalty = hand.get("penalty", {})
    result = PARTNERSHIPS.score(rules, PARTNERSHIPS.entry(
        contract=hand["contract"], declarer=hand["declarer"], tricks=hand["tricks"],
        penalty_kind=penalty.get("kind", ""), penalty_side=penalty.get("side", "")))
    return tuple(result.sides[side] for side in PARTNERSHIPS.sides)


def _table_result(rules, rnd: int, table: dict) -> standings_engine.TableResult:
    ns = ew = 0
    for hand in table["hands"]:
        a, b = _points(rules, hand)
        ns, ew = ns + a, ew + b
    return standings_engine.TableResult(rnd, table["ns"], table["ew"], ns, ew, len(table["hands"]), True)


def _tiebreaks(rng: random.Random, data: dict, rules) -> list[dict]:
    """A finished event whose medal places are tied plays a tiebreak session (McAllen A): the
    tied partnerships meet once more, one table per pair, with a bye for an odd one out."""
    ev = data["event"]
    standings = standings_engine.compute(
        setup=standings_engine.Setup(rounds=ev["rounds"], hands_per_round=ev["hands_per_round"]),
        entrants=[standings_engine.Entrant(p["number"], p["number"], tuple(p["players"]))
                  for p in data["partnerships"]],
        tables=[_table_result(rules, r["number"], t) for r in data["rounds"] for t in r["tables"]],
        sit_outs=[(r["number"], b) for r in data["rounds"] for b in r["byes"]],
    )
    sessions = []
    for tie in standings.overall.ties:
        tied = sorted(tie.partnerships)
        # Pairs meet once; an odd number plays a short round robin so each sits out once.
        plans = movement.plan(tied, 1 if len(tied) % 2 == 0 else len(tied))
        rounds = [
            {"number": p.number,
             "tables": [_table(rng, t, ns, ew, ev["hands_per_round"], rules) for t, ns, ew in p.tables],
             "byes": list(p.byes)}
            for p in plans
        ]
        if len(rounds) == 1 and not rounds[0]["byes"]:
            sessions.append({"partnerships": tied, "tables": rounds[0]["tables"]})
        else:
            sessions.append({"partnerships": tied, "rounds": rounds})
    return sessions


def _current_round(rng: random.Random, plan: movement.RoundPlan, hands_per_round: int, rules) -> list[dict]:
    """The round in play: some tables confirmed, some waiting for the other side to confirm, some
    mid-way, a few not started, and (with six or more tables) one disputed."""
    tables = []
    for state, (t, ns, ew) in zip(_round_states(rng, len(plan.tables)), plan.tables):
        entered_side = rng.choice(SIDES)
        if state == "not_started":
            tables.append({"table": t, "ns": ns, "ew": ew, "hands": []})
            continue
        played = rng.randint(1, max(1, hands_per_round - 1)) if state == "partial" else hands_per_round
        table = _table(rng, t, ns, ew, played, rules)
        if state != "confirmed":
            table["entered_side"] = entered_side
        _mark_state(rng, table, state, played, hands_per_round)
        tables.append(table)
    return tables


def _round_states(rng: random.Random, n: int) -> list[str]:
    """The state of each of the n tables of the round in play, shuffled (_current_round)."""
    states = ["partial"] * max(1, round(n * 0.35))
    if n >= 2:
        states += ["waiting"] * max(1, round(n * 0.2))
    if n >= 4:
        states += ["not_started"] * max(1, round(n * 0.15))
    if n >= 6:
        states.append("disputed")
    states = (states + ["confirmed"] * n)[:n]
    rng.shuffle(states)
    return states


def _mark_state(rng: random.Random, table: dict, state: str, played: int, hands_per_round: int,
                bidder_tricks=lambda hand: hand["tricks"]) -> None:
    """Leave a table of the round in play unconfirmed or disputed, as its state says."""
    if state == "waiting" or (state == "partial" and played >= hands_per_round):
        table["confirmed"] = False
    if state == "disputed":
        n_hand = rng.randint(1, hands_per_round)
        got = bidder_tricks(table["hands"][n_hand - 1])
        table["dispute"] = rng.choice(DISPUTES).format(n=n_hand, t=min(10, got + 1), u=got)


# ---------------------------------------------------------------- events of individuals


def _three_handed_hand(rng: random.Random, number: int, seats: tuple[int, ...], rules: rules_engine.RuleSet) -> dict:
    """One three-handed hand: a bidder, a contract drawn as four-handed ones, the bidder's tricks near
    his bid, and the other tricks split between the two defenders."""
    bidder = rng.choice(seats)
    bid = _pick(rng, BID_TRICKS)
    tricks = max(0, min(10, bid + _pick(rng, OVER_UNDER)))
    if tricks == 10 and bid < 10 and rng.random() < 0.8:
        tricks = 9
    contract = rules.check_legal(f"{bid}{_pick(rng, SUIT_WEIGHTS)}").code
    first = rng.randint(0, 10 - tricks)
    defenders = [p for p in seats if p != bidder]
    split = {bidder: tricks, defenders[0]: first, defenders[1]: 10 - tricks - first}
    return {"hand": number, "contract": contract, "declarer": bidder, "tricks": {str(p): split[p] for p in seats}}


def _four_seats_table(rng: random.Random, table: int, seats: tuple[int, ...], hands: int, rules) -> dict:
    """A progressive table in the event file's shape: four seats N, E, S, W, hands as a partnership event's."""
    out = {"table": table, **dict(zip(movement_individuals.SEAT_KEYS, seats))}
    out["hands"] = [_hand(rng, n, rules) for n in range(1, hands + 1)]
    return out


def _three_seats_table(rng: random.Random, table: int, seats: tuple[int, ...], hands: int, rules) -> dict:
    """A three-handed table in the event file's shape: three seats in order, three-handed hands."""
    return {"table": table, "seats": list(seats),
            "hands": [_three_handed_hand(rng, n, seats, rules) for n in range(1, hands + 1)]}


def _seated_hand(rng: random.Random, number: int, seats: tuple[int, ...], rules: rules_engine.RuleSet,
                 layout: layouts.Layout) -> dict:
    """One hand at a table of two, five or six (RULES.md section 7) in the event file's shape: a bidder,
    at five a called partner (now and then none: he plays alone), the side's tricks near the bid, the
    rest split among the others; the tricks by player number, or at six by team (Layout.tricks_by)."""
    code_of = dict(zip(seats, layout.seats))
    bidder = rng.choice(seats)
    bid = _pick(rng, BID_TRICKS)
    tricks = max(0, min(10, bid + _pick(rng, OVER_UNDER)))
    contract = rules.check_legal(f"{bid}{_pick(rng, SUIT_WEIGHTS)}").code
    partner = None
    if layout.calls_partner and rng.random() < 0.9:
        partner = rng.choice([p for p in seats if p != bidder])
    key_of = {p: layout.side_of[code_of[p]] for p in seats}
    name_of = {key: (str(p) if key in layout.seats else key) for p, key in key_of.items()}
    split = dict.fromkeys(layout.tricks_by, 0)
    if partner is not None:
        split[key_of[partner]] = rng.randint(0, tricks)
    split[key_of[bidder]] += tricks - sum(split.values())
    others = [key for key in layout.tricks_by if key not in (key_of[bidder], key_of.get(partner))]
    for _trick in range(10 - tricks):
        split[rng.choice(others)] += 1
    hand = {"hand": number, "contract": contract, "declarer": bidder,
            "tricks": {name_of[key]: count for key, count in split.items()}}
    if layout.calls_partner:
        hand["partner"] = partner
    return hand


def _seated_tables(name: str) -> Callable:
    """How the demo draws a table of the layout `name` stored by seat (two, five, six)."""
    layout = layouts.LAYOUTS[name]

    def draw(rng: random.Random, table: int, seats: tuple[int, ...], hands: int, rules) -> dict:
        return {"table": table, "seats": list(seats),
                "hands": [_seated_hand(rng, n, seats, rules, layout) for n in range(1, hands + 1)]}
    return draw


@dataclass(frozen=True)
class _DemoTables:
    """How the demo plays one layout of players: its rule set, how a table is drawn, and the sides
    that may have entered a table waiting for the other side (none where each plays for himself)."""

    rules: str
    draw: Callable
    entering_sides: tuple[str, ...]


DEMO_LAYOUTS = {
    "progressive": _DemoTables("mcallen", _four_seats_table, SIDES),
    "three-handed": _DemoTables("three-handed", _three_seats_table, ()),
    **{name: _DemoTables("mcallen", _seated_tables(name), ()) for name in ("two-handed", "five-handed", "six-pairs",
                                                                           "six-threes") if name in layouts.LAYOUTS},
}


def _bidder_tricks(hand: dict) -> int:
    return hand["tricks"][str(hand["declarer"])] if isinstance(hand["tricks"], dict) else hand["tricks"]


def _current_individual_round(rng: random.Random, plan: movement_individuals.SeatedRound, hands_per_round: int,
                              rules, demo: _DemoTables) -> list[dict]:
    """The round in play of an event of individuals, in the same states as _current_round (a
    progressive table says which side entered; a three-handed one has no sides)."""
    tables = []
    for state, (t, seats) in zip(_round_states(rng, len(plan.tables)), plan.tables):
        if state == "not_started":
            tables.append({**demo.draw(rng, t, seats, 0, rules), "hands": []})
            continue
        played = rng.randint(1, max(1, hands_per_round - 1)) if state == "partial" else hands_per_round
        table = demo.draw(rng, t, seats, played, rules)
        if state != "confirmed" and demo.entering_sides:
            table["entered_side"] = rng.choice(demo.entering_sides)
        _mark_state(rng, table, state, played, hands_per_round, _bidder_tricks)
        tables.append(table)
    return tables


def build_demo_individuals_event(*, players: int = 12, seats: int = 4, rounds: int = 10, hands_per_round: int = 4,
                                 complete: bool = False, seed: int = 2026, slug: str = "",
                                 name: str = DEMO_NAME, six_handed: str = "") -> dict:
    """A "500-event/2" file for a demo event of individuals (see the module docstring): `seats` 4
    for progressive four-handed play under McAllen rules, 3 for three-handed play, 2, 5 or 6 for
    the tables of RULES.md section 7 under McAllen rules (at six `six_handed` "three-pairs" or
    "two-threes"; the file then says players_per_table). Deterministic in `seed`; mid-session
    unless `complete`, as build_demo_event."""
    if seats not in movement_individuals.SEAT_COUNTS:
        raise ValueError("seats must be 2, 3 (three-handed), 4 (four-handed progressive), 5 or 6")
    if not seats <= players <= MAX_INDIVIDUALS:
        raise ValueError(f"a demo event of individuals needs between {seats} and {MAX_INDIVIDUALS} players")
    if not 1 <= rounds <= MAX_ROUNDS:
        raise ValueError(f"rounds must be between 1 and {MAX_ROUNDS}")
    try:
        layout = layouts.layout_for_file(seats, six_handed)  # players at tables of that many
    except layouts.LayoutError as exc:
        raise ValueError(str(exc)) from None
    demo = DEMO_LAYOUTS[layout.name]
    rng = random.Random(seed)
    rules = rules_engine.rule_set(demo.rules)
    names = _Names(rng)
    people = [
        {"number": n, "name": names.person(rng.random() < 0.62, rng.random() < 0.6),
         "division": _pick(rng, zip(DIVISIONS, DIVISION_WEIGHTS)), "checked_in": True}
        for n in range(1, players + 1)
    ]
    plans = layout.plan(list(range(1, players + 1)), rounds)
    finished = rounds if complete else max(0, rounds // 2 - 1)
    out_rounds = []
    for plan in plans:
        if plan.number <= finished:
            tables = [demo.draw(rng, t, s, hands_per_round, rules) for t, s in plan.tables]
        elif plan.number == finished + 1:
            tables = _current_individual_round(rng, plan, hands_per_round, rules, demo)
        else:
            tables = [demo.draw(rng, t, s, 0, rules) for t, s in plan.tables]
        out_rounds.append({"number": plan.number, "tables": tables, "byes": list(plan.byes)})
    event = {
        "name": name,
        "date": DEMO_DATE.isoformat(),
        "venue": DEMO_VENUE,
        "entrants": layout.entrants,
        "rules": rules.name,
        "rounds": rounds,
        "hands_per_round": hands_per_round,
        "sit_out_policy": "average",
    }
    if seats not in (3, 4):  # the size an older file means without it (docs/event-file.md)
        event["players_per_table"] = seats
    if six_handed:
        event["six_handed"] = six_handed
    if slug:
        event["slug"] = slug
    return {"format": eventfile.FORMAT_V2, "event": event, "players": people, "rounds": out_rounds, "tiebreaks": []}
