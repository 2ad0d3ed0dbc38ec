"""A table's round of games to 500: its hands replayed into games (scoring.engine.games), the
hands refused after the round's last game was complete, when a games table may confirm, and the
organizer's correction that ends a game earlier while later hands of that game are stored
(refuse_cut, cut_by; scoring.corrections.hand_correct_cutting saves it with their removal).
"""

from __future__ import annotations

from contextvars import ContextVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring.engine import games as games_engine
from scoring.engine.vocabulary import (
    THREE_SEATS,
)
from scoring.models import Hand

from .common import numbers_text, three_handed


def table_games(table, hands, *, extra=None, bell: bool = True) -> games_engine.TableGames | None:
    """The table's round replayed into games (scoring.engine.games) from `hands` (stored Hand
    rows, with `extra` replacing or adding one), or None for a session. `bell`: a closed round
    ends the game in play (False: replay the hands as they were played, before the round closed)."""
    event = table.round.event
    setup = event.games_setup
    if setup is None:
        return None
    three = three_handed(table)  # each player a side of his own (README, "Events of individuals")
    rows = {h.number: games_engine.seat_played(h.number, THREE_SEATS, h.declarer_seat, h.seat_points or {}, h.made)
            if three else games_engine.played(h.number, h.declarer, h.ns_points, h.ew_points, h.made) for h in hands}
    if extra is not None:
        rows[extra.number] = extra
    return games_engine.replay(event.rules, setup, rows.values(), round_over=bell and table.round.status == "closed",
                               hands_per_round=event.hands_per_round, sides=3 if three else 2)


def _check_games(table, number: int, clean: dict, hands=None) -> None:
    """Refuse a hand that would be played after the round's last game at the table was complete
    (games_per_round or wins_per_round reached; README, "Games"). `hands`: the table's hands when
    the caller has them, else they are read."""
    if not table.round.event.plays_games:
        return
    if three_handed(table):
        extra = games_engine.seat_played(number, THREE_SEATS, clean["declarer_seat"], clean["seat_points"],
                                         clean["made"])
    else:
        extra = games_engine.played(number, clean["declarer"], clean["ns_points"], clean["ew_points"], clean["made"])
    result = table_games(table, Hand.objects.filter(table=table) if hands is None else hands, extra=extra)
    if result.late_hands:
        raise ValidationError({"__all__": gettext(
            "The round is done at table %(table)s: its last game was complete before hand %(number)s, so no "
            "more hands can be entered. Tell the organizer.") % {"table": table.number,
                                                                 "number": result.late_hands[0]}})


def games_round_done(table, result: games_engine.TableGames, count: int) -> bool:
    """A games table has played its round: its last game complete (games_per_round or
    wins_per_round), or the event's hands per round played."""
    limit = table.round.event.hands_per_round
    return result.complete or (limit is not None and count >= limit)


def games_confirmable(table, result: games_engine.TableGames, count: int) -> bool:
    """A games table may confirm once its round is done, or, when only the organizer's bell ends
    the round, once it has hands and no game is in play."""
    if games_round_done(table, result, count):
        return True
    setup = table.round.event.games_setup
    bell_only = (setup.games_per_round is None and setup.wins_per_round is None
                 and table.round.event.hands_per_round is None)
    return bell_only and count > 0 and result.current is None


def _check_games_confirmable(table, hands) -> None:
    if not games_confirmable(table, table_games(table, hands), len(hands)):
        raise ValidationError({"__all__": gettext("A game is still in play at table %(table)s: confirm when the "
                                                  "round's games are done.") % {"table": table.number}})


# Set while hand_correct_cutting saves its correction, once the hands it removes are gone: the
# later games' hands have moved up behind the corrected hand, and refuse_cut must not read them
# as its game going on.
_CUTTING: ContextVar[bool] = ContextVar("cutting", default=False)


class CutNeeded(ValidationError):
    """A correction that ends a game earlier while later hands of that game are stored: refused
    until an organizer removes them. `hands` are the Hand rows that must go, `game` the game the
    correction ends and `number` the corrected hand."""

    def __init__(self, message: dict, *, hands: list[Hand], game: int, number: int):
        super().__init__(message)
        self.hands, self.game, self.number = hands, game, number


def _played(table, number: int, clean: dict) -> games_engine.PlayedHand:
    """Hand `number` with the corrected values, as the games replay takes it."""
    if three_handed(table):
        return games_engine.seat_played(number, THREE_SEATS, clean["declarer_seat"], clean["seat_points"] or {},
                                        clean["made"])
    return games_engine.played(number, clean["declarer"], clean["ns_points"], clean["ew_points"], clean["made"])


def _game_of(result, number: int):
    if result is None:
        return None
    return next((g for g in result.games if g.first_hand <= number <= g.last_hand), None)


def cut_by(table, hand: Hand, clean: dict, hands: list[Hand]) -> tuple[list[Hand], int]:
    """The stored hands a correction of `hand` to `clean` (scoring.services._clean_values) leaves
    played after their game ended, and that game's number: ([], 0) unless the correction ends the
    game at this hand where the game went on before. They are the hands after it in that game as
    stored, and any hand that would then come after the round's last game was complete."""
    if not table.round.event.plays_games:
        return [], 0
    before = _game_of(table_games(table, hands), hand.number)
    if before is None or before.last_hand == hand.number:
        return [], 0
    extra = _played(table, hand.number, clean)
    after = _game_of(table_games(table, hands, extra=extra), hand.number)
    if after is None or not after.over or after.last_hand != hand.number:
        return [], 0
    cut = {h.number for h in hands if hand.number < h.number <= before.last_hand}
    final = table_games(table, [h for h in hands if h.number not in cut], extra=extra)
    cut.update(final.late_hands)
    return sorted((h for h in hands if h.number in cut), key=lambda h: h.number), after.number


def _cut_message(table, game: int, number: int, doomed: list[Hand]) -> dict:
    return {"__all__": gettext(
        "This correction ends game %(game)s at hand %(number)s, but hands %(hands)s were played after it. To save "
        "it, an organizer removes those hands on hand %(number)s's correction page.")
        % {"game": game, "number": number, "hands": numbers_text([h.number for h in doomed])}}


def refuse_cut(table, hand: Hand, clean: dict) -> None:
    """Raise CutNeeded when correcting `hand` to `clean` would end its game while later hands of
    that game are stored (services.hand_correct asks, for a hand with later hands)."""
    if _CUTTING.get():
        return
    doomed, game = cut_by(table, hand, clean, list(Hand.objects.filter(table=table)))
    if doomed:
        raise CutNeeded(_cut_message(table, game, hand.number, doomed), hands=doomed, game=game, number=hand.number)
