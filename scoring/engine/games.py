"""Events played as games to 500: one table's hands in a round replayed into games.

Pure Python on purpose: no Django import, no database, no I/O. The selector (scoring.selectors),
the event-file checker (scoring.engine.eventfile) and the tests feed it plain hands; it never
scores a hand itself (the points are the ones each hand stored, from scoring.engine.rules).

How a round of games goes (README, "Games"; RULES.md section 4):
- each game starts at 0-0; after each hand the rule set judges it with every one of its
  end-of-game rules (rules.game_after_hand with event_format "games"), running scores following
  the rule set (the 490 pegging cap); the next hand starts the next game;
- a game also ends when it has had `hand_limit` hands: it goes to the side ahead, level is a draw;
- the round ends at the organizer's bell (the round closed), after `hands_per_round` hands when
  the event sets them, after `games_per_round` finished games, or when a side has `wins_per_round`
  wins (a match, won by that side); the game still in play then goes to the side ahead, level is
  a draw. At the bell the match (with `wins_per_round`) goes to the side with more wins;
- what the standings count: games won, lost and drawn (a draw counts half in the ranking), matches
  won, points (the sum of a side's final game scores) and the difference (its scores minus its
  opponents'). A game still in play counts its running scores as points, and no result yet.

A "side" is a partnership (two sides: 0 = N-S, 1 = E-W) or, three-handed, one player each for
himself (three sides, in seating order; RULES.md section 6). game_after_hand judges any number of
sides, so the same replay serves both: the bidder wins when he and another player reach 500 in one
deal ("If another player goes out (500) in the same deal as the bidder, the bidder wins"). With
three sides a game decided by the side ahead is drawn between the players level at the top (the
others lost it), and a side's difference is its scores minus each opponent's, summed. At a
progressive four-handed table each player is credited his side's record (SideRecord).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from scoring.engine.rules import Penalty, RulesError, RuleSet, game_after_hand, score_hand, score_no_bid_hand
from scoring.engine.vocabulary import NOBID, SIDES

RANK_KEYS = {
    "games": "Games won (a draw counts half)",
    "matches": "Matches won",
    "points": "Points (the sum of the final game scores)",
    "difference": "Point difference",
}
DEFAULT_RANK_BY = ("games", "points")
MAX_GAMES_SETTING = 100  # hand_limit, games_per_round, wins_per_round: at most this many
MAX_SIDES = 6  # the sides of one table's games: two partnerships up to six players each for himself

# Who a game or match went to. Sides are 0 (N-S) and 1 (E-W), as in rules.game_after_hand.
WON, DRAWN, IN_PLAY = "won", "drawn", "in play"
SIDE_INDEX = {side: index for index, side in enumerate(SIDES)}


def default_rank_by() -> list[str]:
    """A fresh list of the default ranking keys (a database default must not share one list)."""
    return list(DEFAULT_RANK_BY)


class GamesError(ValueError):
    """Games settings that cannot be played (each message names its field)."""


@dataclass(frozen=True)
class GamesSetup:
    """The event's games settings (README, "Games"): None means no limit."""

    hand_limit: int | None = None
    games_per_round: int | None = None
    wins_per_round: int | None = None
    rank_by: tuple[str, ...] = DEFAULT_RANK_BY

    def __post_init__(self) -> None:
        for name in ("hand_limit", "games_per_round", "wins_per_round"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)
                                      or not 1 <= value <= MAX_GAMES_SETTING):
                raise GamesError(f"{name}: {value!r} is not a whole number between 1 and {MAX_GAMES_SETTING}")
        if not self.rank_by:
            raise GamesError("rank_by: give at least one of " + ", ".join(RANK_KEYS))
        for key in self.rank_by:
            if key not in RANK_KEYS:
                raise GamesError(f"rank_by: {key!r} is not one of {', '.join(RANK_KEYS)}")
        if len(set(self.rank_by)) != len(self.rank_by):
            raise GamesError("rank_by: a key is listed twice")


class PlayedHand(NamedTuple):
    """One hand as a table stored it: `declarer` the bidding side's index (0 = N-S, 1 = E-W; a
    player's seat index three-handed) or None (nobody bid); `points` one number per side;
    `partner` at a table of five the called partner's index (None: none, or another table)."""

    number: int
    declarer: int | None
    points: tuple[int, ...]
    made: bool
    partner: int | None = None


@dataclass(frozen=True)
class Game:
    """One game of a round: its hands (numbered through the round), its final or running scores."""

    number: int
    first_hand: int
    last_hand: int
    hands: int
    scores: tuple[int, ...]
    status: str  # WON, DRAWN or IN_PLAY
    winner: int | None = None  # the side that won it
    reason: str = ""
    level: tuple[int, ...] = ()  # a drawn game: the sides level at the top (two partnerships: both)
    partner: int | None = None  # a table of five: the bidder's partner, who won the game with him

    def won_by(self, side: int) -> bool:
        """The game was won by `side` (with his partner at five, RULES.md section 7)."""
        return self.status == WON and side in (self.winner, self.partner)

    @property
    def over(self) -> bool:
        return self.status != IN_PLAY


@dataclass(frozen=True)
class TableGames:
    """A table's round of games, and what the standings count from it."""

    games: tuple[Game, ...]
    complete: bool  # the round's last game is complete: games_per_round or wins_per_round reached
    late_hands: tuple[int, ...]  # hands played after that (an event file refuses them)
    wins: tuple[int, ...]  # games won, per side
    draws: int
    match: int | None  # the side that won the round's match (wins_per_round set), else None
    points: tuple[int, ...]

    @property
    def current(self) -> Game | None:
        """The game in play, if any."""
        return self.games[-1] if self.games and not self.games[-1].over else None

    def record(self, side: int) -> SideRecord:
        """What the standings credit one side (or each player of it) with for this round."""
        won = lost = drawn = 0
        for game in self.games:
            if game.status == WON:
                won += game.won_by(side)
                lost += not game.won_by(side)
            elif game.status == DRAWN:
                drawn += side in game.level
                lost += side not in game.level
        others = sum(p for s, p in enumerate(self.points) if s != side)
        mine = self.points[side]
        return SideRecord(won, lost, drawn, int(self.match == side), mine, (len(self.points) - 1) * mine - others)


class SideRecord(NamedTuple):
    """One side's round of games as the standings count it (a game in play: points, no result)."""

    won: int
    lost: int
    drawn: int
    matches: int
    points: int
    difference: int  # its points minus each opponent's, summed


def _top(values: tuple[int, ...]) -> tuple[int, ...]:
    best = max(values)
    return tuple(s for s, v in enumerate(values) if v == best)


def _settled(number: int, first: int, last: int, count: int, scores: tuple[int, ...], why: str) -> Game:
    level = _top(scores)
    if len(level) > 1:
        return Game(number, first, last, count, scores, DRAWN, None, f"{why}: level, a drawn game", level)
    return Game(number, first, last, count, scores, WON, level[0], f"{why}: the side ahead wins")


def replay(
    rules: RuleSet,
    setup: GamesSetup,
    hands: Iterable[PlayedHand],
    *,
    round_over: bool = False,
    hands_per_round: int | None = None,
    sides: int = 2,
) -> TableGames:
    """Replay a table's hands (in hand-number order) into games.

    `round_over` is the organizer's bell (the round is closed); `hands_per_round`, when the event
    sets it, also ends the round after that many hands. `sides` is 2 (partnerships, or the two
    sides of a progressive four-handed table) or 3 (three-handed, each player for himself), up to 6
    (a table of two, five or six: RULES.md section 7; at five the bidder and his called partner,
    PlayedHand.partner, win a game together, each credited a game won).
    """
    if isinstance(sides, bool) or sides not in range(2, MAX_SIDES + 1):
        raise GamesError(f"sides: {sides!r} is not between 2 and {MAX_SIDES}")
    hands = sorted(hands, key=lambda h: h.number)
    if any(len(h.points) != sides for h in hands):
        raise GamesError(f"every hand needs {sides} points, one per side")
    games: list[Game] = []
    late: list[int] = []
    wins = [0] * sides
    zero = (0,) * sides
    scores = zero
    first = last = 0
    count = 0
    complete = False
    match = None

    def round_done() -> bool:
        finished = sum(1 for g in games if g.over)
        if setup.games_per_round is not None and finished >= setup.games_per_round:
            return True
        return setup.wins_per_round is not None and max(wins) >= setup.wins_per_round

    for hand in hands:
        if complete:
            late.append(hand.number)
            continue
        if count == 0:
            first = hand.number
        count += 1
        last = hand.number
        state = game_after_hand(rules, scores, hand.declarer, hand.points, hand.made, "games", hand.partner)
        scores = tuple(state.scores)
        number = len(games) + 1
        game = None
        if state.over:
            game = Game(number, first, last, count, scores, WON, state.winner, state.reason, partner=state.partner)
        elif setup.hand_limit is not None and count >= setup.hand_limit:
            game = _settled(number, first, last, count, scores, f"{setup.hand_limit} hands played")
        if game is not None:
            games.append(game)
            if game.winner is not None:
                wins[game.winner] += 1
            if game.partner is not None:
                wins[game.partner] += 1
            scores, count = zero, 0
            if round_done():
                complete = True
                if setup.wins_per_round is not None and max(wins) >= setup.wins_per_round:
                    match = wins.index(max(wins))  # one game at a time: one side got there first
    if count:
        bell = round_over or (hands_per_round is not None and len(hands) >= hands_per_round)
        if bell:
            why = "the round ended" if round_over else f"the round's {hands_per_round} hands played"
            game = _settled(len(games) + 1, first, last, count, scores, why)
            if game.winner is not None:
                wins[game.winner] += 1
        else:
            game = Game(len(games) + 1, first, last, count, scores, IN_PLAY)
        games.append(game)
    round_ended = complete or round_over or (hands_per_round is not None and len(hands) >= hands_per_round)
    if setup.wins_per_round is not None and match is None and round_ended and len(_top(tuple(wins))) == 1:
        match = _top(tuple(wins))[0]
    draws = sum(1 for g in games if g.status == DRAWN)
    points = tuple(sum(g.scores[s] for g in games) for s in range(sides))
    return TableGames(tuple(games), complete, tuple(late), tuple(wins), draws, match, points)


def rank_key(rank_by: Iterable[str], *, won: int, drawn: int, matches: int, points: int, difference: int) -> tuple:
    """The ranking key of one partnership, highest first: games count a draw as half (held doubled,
    so the key stays whole numbers)."""
    values = {"games": 2 * won + drawn, "matches": matches, "points": points, "difference": difference}
    return tuple(values[k] for k in rank_by)


def hand_points(rules: RuleSet, *, contract: str, declarer: str = "", tricks: int = 0, ns_tricks: int | None = None,
                penalty_kind: str = "", penalty_side: str = "") -> tuple[int, int, bool]:
    """(N-S points, E-W points, made) for one partnership hand as a sheet records it; a hand nobody
    bid has contract NOBID and the tricks N-S took (never "made"). Raises RulesError."""
    if contract == NOBID:
        if ns_tricks is None:
            raise RulesError("ns_tricks: a hand nobody bid needs the tricks N-S took")
        ns, ew = score_no_bid_hand(rules, (ns_tricks, 10 - ns_tricks) if 0 <= ns_tricks <= 10 else (ns_tricks, 0))
        return ns, ew, False
    if declarer not in SIDE_INDEX:
        raise RulesError(f"declarer: {declarer!r} is not a side (ns or ew)")
    penalty = None
    if penalty_kind:
        offender = None
        if penalty_side:
            offender = "declarer" if penalty_side == declarer else "defenders"
        penalty = Penalty(penalty_kind, offender)
    score = score_hand(rules, contract, tricks, penalty)
    if declarer == "ns":
        return score.declarers, score.defenders, score.made
    return score.defenders, score.declarers, score.made


def played(number: int, declarer: str, ns_points: int, ew_points: int, made: bool) -> PlayedHand:
    """A stored hand as replay() takes it: `declarer` "ns", "ew" or "" (nobody bid)."""
    return PlayedHand(number, SIDE_INDEX.get(declarer), (ns_points, ew_points), made)


def seat_played(number: int, seats: Sequence[str], declarer_seat: str, seat_points: Mapping[str, int],
                made: bool, partner_seat: str = "") -> PlayedHand:
    """A stored hand where each plays for himself (three, two, five) as replay(..., sides=len(seats))
    takes it: `seats` the table's seat labels in seating order (the side indexes), `declarer_seat` the
    bidder's label, `seat_points` each seat's points (Hand.seat_points), `partner_seat` the called
    partner at five. (A table of teams: Layout.played(number, Layout.stored(...)).)"""
    return PlayedHand(number, seats.index(declarer_seat) if declarer_seat in seats else None,
                      tuple(int(seat_points.get(label, 0)) for label in seats), made,
                      seats.index(partner_seat) if partner_seat in seats and declarer_seat in seats else None)


def seat_records(result: TableGames, sides: Mapping[str, int]) -> dict[str, SideRecord]:
    """Each seat's record at a table of individuals: `sides` maps a seat label to its side, the
    player's own index three-handed, N/S to 0 and E/W to 1 at a progressive four-handed table (each
    player credited his side's games, RULES.md section 6)."""
    return {label: result.record(side) for label, side in sides.items()}
