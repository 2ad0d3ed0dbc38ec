"""The sample event of each table layout, the one thing a new layout must add to be tested (issue 23).

SAMPLES maps a layout name (scoring.engine.layouts.LAYOUTS) to its Sample: a small event of that
kind written as an event file for either format (scoring.engine.formats.FORMATS), the values worked
by hand from /work/shared/RULES.md that the conformance checks compare with, and how a phone types
a hand at that kind of table (the entry form's POST, and the same in a browser). `sample(name)`
fails loudly for a layout registered without one, so a new layout fails the suite until it has one.

Every sample has the same shape: round 1 closed at two tables, two hands each, confirmed; round 2
open with its tables empty (where the trust, offline and axe checks play); nobody sits out. The same
hands are played in both formats: under the games presets they score as under McAllen (RULES.md
section 2 holds for every rule set) and one of them reaches 500 making its bid, which wins a game.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

# Games with no limit but the organizer's bell: a table's round is done when no game is in play.
GAMES = {"hand_limit": None, "games_per_round": None, "wins_per_round": None, "rank_by": ["games", "points"]}
NAMES = ["Ana Garza", "Luis Peña", "Nélida Zúñiga", "Pat O'Brien", "María Treviño", "Joe Smith", "Élise Côté",
         "Bill Hughes"]


@dataclass(frozen=True)
class Worked:
    """One stored hand's columns worked by hand: (round, table, hand) -> Hand fields, and where from."""

    round: int
    table: int
    hand: int
    columns: dict
    source: str


@dataclass(frozen=True)
class Sample:
    layout: str
    rules: dict  # format name -> the rule-set preset the sample is played under
    entrants_key: str  # the event file's list: "partnerships" or "players"
    people: list  # that list
    names: list  # every player's name (the PDFs must show them)
    round_one: list  # the tables of round 1, with their hands (event-file shape)
    round_two: list  # the tables of round 2, seats only
    worked: list  # Worked hands
    standings: dict  # format -> [(rank, number, total points)] best first, worked by hand
    games_won: dict  # number -> games won in the games format (everyone else 0), worked by hand
    holders: tuple  # what a phone proves: (the side that types, the other side)
    trust_hands: list  # hands (event-file shape) that complete round 2's table 1 in either format
    post: object  # post(table, hand) -> the entry page's POST data for that hand
    type_hand: object  # type_hand(page, table, hand) -> taps the hand in on a browser's entry page, then Save
    shown: object  # shown(table, hand) -> the first line a kept (offline) hand shows
    event_keys: dict = field(default_factory=dict)  # the event's own keys (players_per_table at two, five, six)

    def event_file(self, fmt: str, slug: str) -> dict:
        event = {"name": f"Conformance {self.layout} {fmt}", "slug": slug, "date": "2026-06-01",
                 "venue": "McAllen", "rules": self.rules[fmt], "rounds": 2, "format": fmt, "language": "en",
                 "entrants": "partnerships" if self.entrants_key == "partnerships" else "individuals",
                 "hands_per_round": 2 if fmt == "session" else None}
        event.update(self.event_keys)
        if fmt == "games":
            event["games"] = dict(GAMES)
        return {
            "format": "500-event/2",
            "event": event,
            self.entrants_key: [dict(p, checked_in=True) for p in self.people],
            "rounds": [
                {"number": 1, "status": "closed", "byes": [],
                 "tables": [dict(t, confirmed=True) for t in self.round_one]},
                {"number": 2, "status": "open", "byes": [], "tables": [dict(t, hands=[]) for t in self.round_two]},
            ],
            "tiebreaks": [],
        }


# --- how a phone types a hand -------------------------------------------------------------------

SUITS = {"S": "♠", "C": "♣", "D": "♦", "H": "♥"}
SIDE_WORDS = {"ns": "N-S", "ew": "E-W"}


def _contract_text(contract: str) -> str:
    return contract[:-1] + SUITS[contract[-1]] if contract[-1] in SUITS else contract


def _post_sides(table, hand: dict) -> dict:
    return {"number": str(hand["hand"]), "round": str(table.round_id), "declarer": hand["declarer"],
            "contract": hand["contract"], "tricks": str(hand["tricks"]), "penalty_kind": "", "note": ""}


def _type_sides(page, table, hand: dict) -> None:
    for name, value in (("declarer", hand["declarer"]), ("contract", hand["contract"]), ("tricks", hand["tricks"])):
        page.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()
    page.get_by_role("button", name=f"Save hand {hand['hand']}").click()


def _shown_sides(table, hand: dict) -> str:
    return f"Hand {hand['hand']}: {_contract_text(hand['contract'])} by {SIDE_WORDS[hand['declarer']]}, " \
           f"{hand['tricks']} tricks"


def _seat_tricks(table, hand: dict) -> tuple[dict, str]:
    """A table of three's hand names players by number; the form names seats 1..3 (in Layout.seats order)."""
    seat_of = {str(s.entrant.number): s.seat for s in table.seats.select_related("entrant")}
    return {seat_of[str(player)]: tricks for player, tricks in hand["tricks"].items()}, seat_of[str(hand["declarer"])]


def _post_seats(table, hand: dict) -> dict:
    tricks, bidder = _seat_tricks(table, hand)
    data = {"number": str(hand["hand"]), "round": str(table.round_id), "declarer_seat": bidder,
            "contract": hand["contract"], "tricks": str(tricks[bidder]), "save": "1"}
    data.update({f"seat_{seat}": str(n) for seat, n in tricks.items() if seat != bidder})
    return data


def _type_seats(page, table, hand: dict) -> None:
    """The bidder, the contract, his tricks and the first defender's (the other's are filled in)."""
    tricks, bidder = _seat_tricks(table, hand)
    defender = next(seat for seat in tricks if seat != bidder)
    for name, value in (("declarer_seat", bidder), ("contract", hand["contract"]), ("tricks", tricks[bidder]),
                        (f"seat_{defender}", tricks[defender])):
        page.locator(f"label.choice:has(input[name={name}][value='{value}'])").click()
    page.get_by_role("button", name=f"Save hand {hand['hand']}").click()


def _shown_seats(table, hand: dict) -> str:
    tricks, bidder = _seat_tricks(table, hand)
    name = table.seats.select_related("entrant__player_one").get(seat=bidder).entrant.player_one.name
    return f"Hand {hand['hand']}: {_contract_text(hand['contract'])} by {name}, {tricks[bidder]} tricks"


# --- the samples ---------------------------------------------------------------------------------

def _pairs(count: int) -> list[dict]:
    return [{"number": n, "players": [NAMES[2 * n - 2], NAMES[2 * n - 1]]} for n in range(1, count + 1)]


# RULES.md section 5 rows, and section 2's slam: a made 10H taking all ten is max(500, 250) = 500.
FOUR_HANDED_ROUND_ONE = {
    1: [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8},  # N-S +200, E-W +20 (section 5)
        {"hand": 2, "contract": "8NT", "declarer": "ew", "tricks": 7}],  # E-W -320, N-S +30 (section 5)
    2: [{"hand": 1, "contract": "6S", "declarer": "ns", "tricks": 10},  # N-S +250, E-W 0 (section 5)
        {"hand": 2, "contract": "10H", "declarer": "ns", "tricks": 10}],  # N-S +500, E-W 0 (section 2): 750, a game
}
FOUR_HANDED_WORKED = [
    Worked(1, 1, 1, {"ns_points": 200, "ew_points": 20, "made": True}, "RULES.md section 5: 7H taking 8"),
    Worked(1, 1, 2, {"ns_points": 30, "ew_points": -320, "made": False}, "RULES.md section 5: 8NT taking 7"),
    Worked(1, 2, 1, {"ns_points": 250, "ew_points": 0, "made": True}, "RULES.md section 5: 6S taking 10"),
    Worked(1, 2, 2, {"ns_points": 500, "ew_points": 0, "made": True},
           "RULES.md section 2: all ten, max(500, 250)"),
]
# Round 2's table 1: 7H by N-S taking 8 (200-20), then 10H by N-S taking all ten (+500): N-S reach 700
# making their bid, which ends the game (section 4), so a round of games is done, as a session's two hands.
FOUR_HANDED_TRUST = [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8},
                     {"hand": 2, "contract": "10H", "declarer": "ns", "tricks": 10}]

PARTNERSHIPS = Sample(
    layout="partnerships", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="partnerships",
    people=_pairs(4), names=NAMES,
    round_one=[{"table": 1, "ns": 1, "ew": 2, "hands": FOUR_HANDED_ROUND_ONE[1]},
               {"table": 2, "ns": 3, "ew": 4, "hands": FOUR_HANDED_ROUND_ONE[2]}],
    round_two=[{"table": 1, "ns": 1, "ew": 3}, {"table": 2, "ns": 2, "ew": 4}],
    worked=FOUR_HANDED_WORKED,
    # 1: 200 + 30 = 230; 2: 20 - 320 = -300; 3: 250 + 500 = 750; 4: 0.
    standings={"session": [(1, 3, 750), (2, 1, 230), (3, 4, 0), (4, 2, -300)],
               "games": [(1, 3, 750), (2, 1, 230), (3, 4, 0), (4, 2, -300)]},
    # Games: 3 reaches 750 making 10H (section 4); round 1 closed on the bell with table 1's game in
    # play, which goes to the side ahead (section 4: "the round's time runs out"): 1 (230 to -300).
    games_won={3: 1, 1: 1},
    holders=("ns", "ew"), trust_hands=FOUR_HANDED_TRUST,
    post=_post_sides, type_hand=_type_sides, shown=_shown_sides,
)

PROGRESSIVE = Sample(
    layout="progressive", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="players",
    people=[{"number": n, "name": NAMES[n - 1]} for n in range(1, 9)], names=NAMES,
    round_one=[{"table": 1, "n": 1, "e": 2, "s": 3, "w": 4, "hands": FOUR_HANDED_ROUND_ONE[1]},
               {"table": 2, "n": 5, "e": 6, "s": 7, "w": 8, "hands": FOUR_HANDED_ROUND_ONE[2]}],
    round_two=[{"table": 1, "n": 1, "e": 5, "s": 2, "w": 6}, {"table": 2, "n": 3, "e": 7, "s": 4, "w": 8}],
    worked=FOUR_HANDED_WORKED,
    # Each player his side's points (RULES.md section 6): N and S of table 1 (1, 3) 230, E and W (2, 4)
    # -300; at table 2 N and S (5, 7) 750, E and W (6, 8) 0. Partners tie.
    standings={fmt: [(1, 5, 750), (1, 7, 750), (3, 1, 230), (3, 3, 230), (5, 6, 0), (5, 8, 0),
                     (7, 2, -300), (7, 4, -300)] for fmt in ("session", "games")},
    games_won={5: 1, 7: 1, 1: 1, 3: 1},  # as the partnerships: 10H's game, and table 1's at the bell
    holders=("ns", "ew"), trust_hands=FOUR_HANDED_TRUST,
    post=_post_sides, type_hand=_type_sides, shown=_shown_sides,
)

# Table of three (RULES.md section 6: the bidder scores the contract, each defender 10 a trick he took).
THREE_HANDED = Sample(
    layout="three-handed", rules={"session": "three-handed", "games": "three-handed"}, entrants_key="players",
    people=[{"number": n, "name": NAMES[n - 1]} for n in range(1, 7)], names=NAMES[:6],
    round_one=[
        {"table": 1, "seats": [1, 2, 3], "hands": [
            {"hand": 1, "contract": "8H", "declarer": 1, "tricks": {"1": 8, "2": 1, "3": 1}},
            {"hand": 2, "contract": "7S", "declarer": 2, "tricks": {"1": 4, "2": 5, "3": 1}}]},
        {"table": 2, "seats": [4, 5, 6], "hands": [
            {"hand": 1, "contract": "10NT", "declarer": 6, "tricks": {"4": 0, "5": 0, "6": 10}},
            {"hand": 2, "contract": "6C", "declarer": 4, "tricks": {"4": 7, "5": 2, "6": 1}}]},
    ],
    round_two=[{"table": 1, "seats": [1, 4, 5]}, {"table": 2, "seats": [2, 3, 6]}],
    worked=[
        Worked(1, 1, 1, {"seat_points": {"1": 300, "2": 10, "3": 10}, "made": True, "ns_points": 0, "ew_points": 0},
               "RULES.md sections 1 and 6: 8H is 300; each defender 10 a trick"),
        Worked(1, 1, 2, {"seat_points": {"1": 40, "2": -140, "3": 10}, "made": False},
               "RULES.md sections 1, 2 and 6: 7S set is -140; defenders 4 and 1 tricks"),
        Worked(1, 2, 1, {"seat_points": {"1": 0, "2": 0, "3": 520}, "made": True},
               "RULES.md sections 1 and 2: 10NT taking all ten is 520 (above 250)"),
        Worked(1, 2, 2, {"seat_points": {"1": 60, "2": 20, "3": 10}, "made": True},
               "RULES.md sections 1 and 6: 6C is 60; defenders 2 and 1 tricks"),
    ],
    # 1: 300 + 40 = 340; 2: 10 - 140 = -130; 3: 10 + 10 = 20; 4: 0 + 60 = 60; 5: 0 + 20 = 20; 6: 520 + 10 = 530.
    standings={fmt: [(1, 6, 530), (2, 1, 340), (3, 4, 60), (4, 3, 20), (4, 5, 20), (6, 2, -130)]
               for fmt in ("session", "games")},
    # 10NT taking all ten: 520, past 500 making the bid (section 4); the bell gives each game in play to
    # the player ahead (section 4): table 1's to 1 (340 to 20 and -130), table 2's second game to 4 (60).
    games_won={6: 1, 1: 1, 4: 1},
    holders=("1", "2"),
    # Round 2's table 1 (players 1, 4, 5): 7H by seat 1 taking 8 (+200), then 10NT taking all ten (+520):
    # 720, the game over in the games format; a session's two hands.
    trust_hands=[{"hand": 1, "contract": "7H", "declarer": 1, "tricks": {"1": 8, "4": 1, "5": 1}},
                 {"hand": 2, "contract": "10NT", "declarer": 1, "tricks": {"1": 10, "4": 0, "5": 0}}],
    post=_post_seats, type_hand=_type_seats, shown=_shown_seats,
)

# --- the tables of two, five and six (RULES.md section 7) -----------------------------------------

def _places(table, hand: dict) -> tuple[dict, str, str, str]:
    """A hand of the file as the phone's form takes it: the tricks by seat (by team at six: the file's
    keys that are not player numbers), the bidder's seat, the partner's ("" alone) and the bidder's
    side (his seat, or his team)."""
    seat_of = {str(s.entrant.number): s.seat for s in table.seats.select_related("entrant")}
    bidder = seat_of[str(hand["declarer"])]
    partner = seat_of[str(hand["partner"])] if hand.get("partner") else ""
    tricks = {seat_of.get(str(key), key): n for key, n in hand["tricks"].items()}
    return tricks, bidder, partner, table.layout_spec.side_of[bidder]


def _side_tricks(tricks: dict, side: str, partner: str) -> int:
    return tricks[side] + (tricks[partner] if partner else 0)


def _post_places(table, hand: dict) -> dict:
    """The phone's form: bidder, at five the partner (or alone), contract, the side's tricks, every
    other player's (or team's) own."""
    tricks, bidder, partner, side = _places(table, hand)
    data = {"number": str(hand["hand"]), "round": str(table.round_id), "declarer_seat": bidder,
            "contract": hand["contract"], "tricks": str(_side_tricks(tricks, side, partner)), "save": "1"}
    if "partner" in hand:
        data["partner_seat"] = partner or "alone"
    data.update({f"seat_{key}": str(n) for key, n in tricks.items() if key != side})
    return data


def _type_places(page, table, hand: dict) -> None:
    tricks, bidder, partner, side = _places(table, hand)
    taps = [("declarer_seat", bidder)] + ([("partner_seat", partner or "alone")] if "partner" in hand else []) + [
        ("contract", hand["contract"]), ("tricks", _side_tricks(tricks, side, partner))] + [
        (f"seat_{key}", n) for key, n in tricks.items() if key != side]
    for name, value in taps:
        if name.startswith("seat_"):  # the others' tricks: a number box each (a stepper on the phone)
            page.locator(f"input[name={name}]").fill(str(value))
            page.locator(f"input[name={name}]").blur()  # as a phone's keyboard closes
        else:
            page.locator(f"label.choice:has(input[name={name}][value='{value}'])").click()
    page.get_by_role("button", name=f"Save hand {hand['hand']}").click()


def _shown_places(table, hand: dict) -> str:
    tricks, bidder, partner, side = _places(table, hand)
    name = table.seats.select_related("entrant__player_one").get(seat=bidder).entrant.player_one.name
    return f"Hand {hand['hand']}: {_contract_text(hand['contract'])} by {name}, " \
           f"{_side_tricks(tricks, side, partner)} tricks"


TEN = NAMES + ["Rosa Díaz", "Tomás Ruiz"]
TWELVE = TEN + ["Inés Moreau", "Carl Vance"]

# Five at a table (RULES.md sections 1, 2 and 7): made, the bidder and his partner each score the
# contract; set, each loses it; each other player 10 for each trick he took himself.
FIVE_HANDED = Sample(
    layout="five-handed", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="players",
    people=[{"number": n, "name": TEN[n - 1]} for n in range(1, 11)], names=TEN,
    round_one=[
        {"table": 1, "seats": [1, 2, 3, 4, 5], "hands": [
            # 8H (300) by 1 calling 3: 5 + 3 = 8, made: 1 and 3 +300; 2 and 4 one trick each +10; 5 none.
            {"hand": 1, "contract": "8H", "declarer": 1, "partner": 3, "tricks": {"1": 5, "2": 1, "3": 3, "4": 1,
                                                                                  "5": 0}},
            # 7S (140) by 2 alone, taking 5: set, -140; 1 two tricks +20, 3, 4, 5 one each +10.
            {"hand": 2, "contract": "7S", "declarer": 2, "partner": None, "tricks": {"1": 2, "2": 5, "3": 1,
                                                                                     "4": 1, "5": 1}}]},
        {"table": 2, "seats": [6, 7, 8, 9, 10], "hands": [
            # 10NT (520) by 6 calling 9, all ten between them: 520 (above 250) each; the others nothing.
            {"hand": 1, "contract": "10NT", "declarer": 6, "partner": 9, "tricks": {"6": 6, "7": 0, "8": 0, "9": 4,
                                                                                    "10": 0}},
            # 6C (60) by 8 alone taking 7: +60; 6 one trick +10, 7 two +20.
            {"hand": 2, "contract": "6C", "declarer": 8, "partner": None, "tricks": {"6": 1, "7": 2, "8": 7,
                                                                                     "9": 0, "10": 0}}]},
    ],
    round_two=[{"table": 1, "seats": [1, 6, 2, 7, 3]}, {"table": 2, "seats": [4, 8, 5, 9, 10]}],
    worked=[
        Worked(1, 1, 1, {"seat_points": {"1": 300, "2": 10, "3": 300, "4": 10, "5": 0}, "made": True,
                         "partner_seat": "3"}, "RULES.md sections 1 and 7: 8H is 300 for the bidder and his partner"),
        Worked(1, 1, 2, {"seat_points": {"1": 20, "2": -140, "3": 10, "4": 10, "5": 10}, "made": False,
                         "partner_seat": ""}, "RULES.md sections 1, 2 and 7: 7S set alone is -140"),
        Worked(1, 2, 1, {"seat_points": {"1": 520, "2": 0, "3": 0, "4": 520, "5": 0}, "made": True},
               "RULES.md sections 1, 2 and 7: 10NT taking all ten is 520 (above 250), for both"),
        Worked(1, 2, 2, {"seat_points": {"1": 10, "2": 20, "3": 60, "4": 0, "5": 0}, "made": True},
               "RULES.md sections 1 and 7: 6C is 60; the others 10 a trick"),
    ],
    # 1: 300 + 20 = 320; 2: 10 - 140 = -130; 3: 300 + 10 = 310; 4: 10 + 10 = 20; 5: 0 + 10 = 10;
    # 6: 520 + 10 = 530; 7: 0 + 20 = 20; 8: 0 + 60 = 60; 9: 520; 10: 0.
    standings={"session": [(1, 6, 530), (2, 9, 520), (3, 1, 320), (4, 3, 310), (5, 8, 60), (6, 4, 20), (6, 7, 20),
                           (8, 5, 10), (9, 10, 0), (10, 2, -130)],
               # Games won first: 6 and 9 together (their 10NT reached 500 making the bid: the called partner
               # is of the bidding side for that hand, section 7, so he wins with the bidder), 1 (ahead at the
               # bell at table 1) and 8 (ahead at the bell in table 2's second game); then points.
               "games": [(1, 6, 530), (2, 9, 520), (3, 1, 320), (4, 8, 60), (5, 3, 310), (6, 4, 20), (6, 7, 20),
                         (8, 5, 10), (9, 10, 0), (10, 2, -130)]},
    games_won={6: 1, 9: 1, 1: 1, 8: 1},
    holders=("1", "2"),
    # Round 2's table 1 (players 1, 6, 2, 7, 3): 7H by 1 calling 6, 8 tricks between them (+200 each), then
    # 10NT by 1 calling 6 taking all ten (+520 each): 720, the game over in the games format.
    trust_hands=[{"hand": 1, "contract": "7H", "declarer": 1, "partner": 6,
                  "tricks": {"1": 4, "6": 4, "2": 1, "7": 1, "3": 0}},
                 {"hand": 2, "contract": "10NT", "declarer": 1, "partner": 6,
                  "tricks": {"1": 5, "6": 5, "2": 0, "7": 0, "3": 0}}],
    post=_post_places, type_hand=_type_places, shown=_shown_places, event_keys={"players_per_table": 5},
)

# Two at a table (RULES.md section 7): each for himself, as at three.
TWO_HANDED = Sample(
    layout="two-handed", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="players",
    people=[{"number": n, "name": NAMES[n - 1]} for n in range(1, 5)], names=NAMES[:4],
    round_one=[
        {"table": 1, "seats": [1, 2], "hands": [
            {"hand": 1, "contract": "8H", "declarer": 1, "tricks": {"1": 8, "2": 2}},  # 1 +300, 2 +20
            {"hand": 2, "contract": "7S", "declarer": 2, "tricks": {"1": 4, "2": 6}}]},  # 2 -140, 1 +40
        {"table": 2, "seats": [3, 4], "hands": [
            {"hand": 1, "contract": "10NT", "declarer": 3, "tricks": {"3": 10, "4": 0}},  # 3 +520
            {"hand": 2, "contract": "6C", "declarer": 4, "tricks": {"3": 3, "4": 7}}]},  # 4 +60, 3 +30
    ],
    round_two=[{"table": 1, "seats": [1, 3]}, {"table": 2, "seats": [2, 4]}],
    worked=[
        Worked(1, 1, 1, {"seat_points": {"1": 300, "2": 20}, "made": True}, "RULES.md sections 1 and 7: 8H is 300"),
        Worked(1, 1, 2, {"seat_points": {"1": 40, "2": -140}, "made": False}, "RULES.md sections 1, 2 and 7: 7S set"),
        Worked(1, 2, 1, {"seat_points": {"1": 520, "2": 0}, "made": True}, "RULES.md section 2: 10NT all ten, 520"),
        Worked(1, 2, 2, {"seat_points": {"1": 30, "2": 60}, "made": True}, "RULES.md sections 1 and 7: 6C is 60"),
    ],
    # 1: 300 + 40 = 340; 2: 20 - 140 = -120; 3: 520 + 30 = 550; 4: 0 + 60 = 60.
    standings={fmt: [(1, 3, 550), (2, 1, 340), (3, 4, 60), (4, 2, -120)] for fmt in ("session", "games")},
    # 3's 10NT reaches 520 making the bid; at the bell 1 leads table 1 (340 to -120) and 4 table 2's second game.
    games_won={3: 1, 1: 1, 4: 1},
    holders=("1", "2"),
    trust_hands=[{"hand": 1, "contract": "7H", "declarer": 1, "tricks": {"1": 8, "3": 2}},
                 {"hand": 2, "contract": "10NT", "declarer": 1, "tricks": {"1": 10, "3": 0}}],
    post=_post_places, type_hand=_type_places, shown=_shown_places, event_keys={"players_per_table": 2},
)

SIX_ROUND_TWO = [{"table": 1, "seats": [1, 7, 2, 8, 3, 9]}, {"table": 2, "seats": [4, 10, 5, 11, 6, 12]}]

# Six as three teams of two, partners opposite (A: seats 1 and 4, B: 2 and 5, C: 3 and 6): the bidding
# team scores the contract, each other team 10 a trick it took; each player is credited his team's points.
SIX_PAIRS = Sample(
    layout="six-pairs", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="players",
    people=[{"number": n, "name": TWELVE[n - 1]} for n in range(1, 13)], names=TWELVE,
    round_one=[
        {"table": 1, "seats": [1, 2, 3, 4, 5, 6], "hands": [
            {"hand": 1, "contract": "7D", "declarer": 4, "tricks": {"A": 7, "B": 2, "C": 1}},  # A +180, B +20, C +10
            {"hand": 2, "contract": "8S", "declarer": 2, "tricks": {"A": 3, "B": 6, "C": 1}}]},  # B -240, A +30, C +10
        {"table": 2, "seats": [7, 8, 9, 10, 11, 12], "hands": [
            {"hand": 1, "contract": "9NT", "declarer": 9, "tricks": {"A": 0, "B": 0, "C": 10}},  # C +420 (above 250)
            {"hand": 2, "contract": "6H", "declarer": 7, "tricks": {"A": 6, "B": 3, "C": 1}}]},  # A +100, B +30, C +10
    ],
    round_two=SIX_ROUND_TWO,
    worked=[
        Worked(1, 1, 1, {"seat_points": {"1": 180, "2": 20, "3": 10, "4": 180, "5": 20, "6": 10}, "made": True},
               "RULES.md sections 1 and 7: 7D is 180 to the bidding team; 10 a trick to each other team"),
        Worked(1, 1, 2, {"seat_points": {"1": 30, "2": -240, "3": 10, "4": 30, "5": -240, "6": 10}, "made": False},
               "RULES.md sections 1, 2 and 7: 8S set is -240"),
        Worked(1, 2, 1, {"seat_points": {"1": 0, "2": 0, "3": 420, "4": 0, "5": 0, "6": 420}, "made": True},
               "RULES.md sections 1 and 2: 9NT taking all ten is 420 (above 250)"),
        Worked(1, 2, 2, {"seat_points": {"1": 100, "2": 30, "3": 10, "4": 100, "5": 30, "6": 10}, "made": True},
               "RULES.md sections 1 and 7: 6H is 100"),
    ],
    # 1 and 4: 180 + 30 = 210; 2 and 5: 20 - 240 = -220; 3 and 6: 20; 9 and 12: 430; 7 and 10: 100; 8 and 11: 30.
    standings={fmt: [(1, 9, 430), (1, 12, 430), (3, 1, 210), (3, 4, 210), (5, 7, 100), (5, 10, 100), (7, 8, 30),
                     (7, 11, 30), (9, 3, 20), (9, 6, 20), (11, 2, -220), (11, 5, -220)] for fmt in ("session", "games")},
    # At the bell team A leads table 1 (210) and team C table 2 (430): each player wins his team's game.
    games_won={1: 1, 4: 1, 9: 1, 12: 1},
    holders=("A", "B"),
    # Round 2's table 1: team A is players 1 and 8; 7H by 1 with 8 tricks (+200), then 10NT with all ten (+520).
    trust_hands=[{"hand": 1, "contract": "7H", "declarer": 1, "tricks": {"A": 8, "B": 1, "C": 1}},
                 {"hand": 2, "contract": "10NT", "declarer": 1, "tricks": {"A": 10, "B": 0, "C": 0}}],
    post=_post_places, type_hand=_type_places, shown=_shown_places,
    event_keys={"players_per_table": 6, "six_handed": "three-pairs"},
)

# Six as two teams of three (A: seats 1, 3, 5; B: 2, 4, 6): scored as partnership play.
SIX_THREES = Sample(
    layout="six-threes", rules={"session": "mcallen", "games": "wikipedia-2006"}, entrants_key="players",
    people=[{"number": n, "name": TWELVE[n - 1]} for n in range(1, 13)], names=TWELVE,
    round_one=[
        {"table": 1, "seats": [1, 2, 3, 4, 5, 6], "hands": [
            {"hand": 1, "contract": "8C", "declarer": 2, "tricks": {"A": 3, "B": 7}},  # B -260, A +30
            {"hand": 2, "contract": "7H", "declarer": 1, "tricks": {"A": 9, "B": 1}}]},  # A +200, B +10
        {"table": 2, "seats": [7, 8, 9, 10, 11, 12], "hands": [
            {"hand": 1, "contract": "10H", "declarer": 8, "tricks": {"A": 0, "B": 10}},  # B +500
            {"hand": 2, "contract": "6NT", "declarer": 7, "tricks": {"A": 6, "B": 4}}]},  # A +120, B +40
    ],
    round_two=SIX_ROUND_TWO,
    worked=[
        Worked(1, 1, 1, {"seat_points": {"1": 30, "2": -260, "3": 30, "4": -260, "5": 30, "6": -260}, "made": False},
               "RULES.md sections 1, 2 and 7: 8C set is -260 for each of the bidding team"),
        Worked(1, 1, 2, {"seat_points": {"1": 200, "2": 10, "3": 200, "4": 10, "5": 200, "6": 10}, "made": True},
               "RULES.md sections 1 and 7: 7H is 200"),
        Worked(1, 2, 1, {"seat_points": {"1": 0, "2": 500, "3": 0, "4": 500, "5": 0, "6": 500}, "made": True},
               "RULES.md section 2: 10H taking all ten is 500"),
        Worked(1, 2, 2, {"seat_points": {"1": 120, "2": 40, "3": 120, "4": 40, "5": 120, "6": 40}, "made": True},
               "RULES.md sections 1 and 7: 6NT is 120"),
    ],
    # 1, 3, 5: 30 + 200 = 230; 2, 4, 6: -260 + 10 = -250; 8, 10, 12: 500 + 40 = 540; 7, 9, 11: 120.
    standings={fmt: [(1, 8, 540), (1, 10, 540), (1, 12, 540), (4, 1, 230), (4, 3, 230), (4, 5, 230), (7, 7, 120),
                     (7, 9, 120), (7, 11, 120), (10, 2, -250), (10, 4, -250), (10, 6, -250)]
               for fmt in ("session", "games")},
    # Team B of table 2 reaches 500 making 10H; at the bell team A leads table 1 (230) and table 2's second game.
    games_won={n: 1 for n in (1, 3, 5, 8, 10, 12, 7, 9, 11)},
    holders=("A", "B"),
    # Round 2's table 1: team A is players 1, 2, 3; 7H by 1 with 8 tricks (+200), then 10NT with all ten (+520).
    trust_hands=[{"hand": 1, "contract": "7H", "declarer": 1, "tricks": {"A": 8, "B": 2}},
                 {"hand": 2, "contract": "10NT", "declarer": 1, "tricks": {"A": 10, "B": 0}}],
    post=_post_places, type_hand=_type_places, shown=_shown_places,
    event_keys={"players_per_table": 6, "six_handed": "two-threes"},
)

SAMPLES = {s.layout: s for s in (PARTNERSHIPS, PROGRESSIVE, THREE_HANDED, FIVE_HANDED, TWO_HANDED, SIX_PAIRS,
                                 SIX_THREES)}


def sample(layout: str) -> Sample:
    """The sample event of `layout`; a registered layout without one fails the suite, saying what to add."""
    if layout not in SAMPLES:
        pytest.fail(f"the layout {layout!r} is registered (scoring.engine.layouts.LAYOUTS) but has no sample event: "
                    f"add a Sample for it to SAMPLES in tests/conformance/samples.py")
    return SAMPLES[layout]
