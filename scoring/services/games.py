"""A table's round of games to 500: its hands replayed into games (scoring.engine.games), the
hands refused after the round's last game was complete, when a games table may confirm, and the
organizer's correction that ends a game earlier while later hands of that game are stored
(refuse_cut, cut_by; scoring.corrections.hand_correct_cutting saves it with their removal).
"""

from __future__ import annotations

from contextvars import ContextVar

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from scoring.engine import formats
from scoring.engine import games as games_engine
from scoring.models import Hand

from .common import numbers_text
from .values import stored_result


def _played(layout, number: int, hand) -> games_engine.PlayedHand:
    """Hand `number` (a stored Hand row, or a hand's cleaned columns) as the games replay takes it."""
    return layout.played(number, stored_result(layout, hand))


def table_games(table, hands, *, extra=None, bell: bool = True) -> games_engine.TableGames | None:
    """The table's round replayed into games (scoring.engine.games) from `hands` (stored Hand
    rows, with `extra` replacing or adding one), or None for a session. `bell`: a closed round
    ends the game in play (False: replay the hands as they were played, before the round closed)."""
    event = table.round.event
    setup = event.games_setup
    if setup is None:
        return None
    layout = table.layout_spec  # its sides are the replay's: each player his own at a table of three
    rows = {h.number: _played(layout, h.number, h) for h in hands}
    if extra is not None:
        rows[extra.number] = extra
    return games_engine.replay(event.rules, setup, rows.values(), round_over=bell and table.round.status == "closed",
                               hands_per_round=event.hands_per_round, sides=len(layout.sides))


def _check_games(table, number: int, clean: dict, hands=None) -> None:
    """Refuse a hand that would be played after the round's last game at the table was complete
    (games_per_round or wins_per_round reached; README, "Games"). `hands`: the table's hands when
    the caller has them, else they are read. A session has no games: nothing to refuse."""
    extra = _played(table.layout_spec, number, clean)
    result = table_games(table, Hand.objects.filter(table=table) if hands is None else hands, extra=extra)
    if result is not None and result.late_hands:
        raise ValidationError({"__all__": gettext(
            "The round is done at table %(table)s: its last game was complete before hand %(number)s, so no "
            "more hands can be entered. Tell the organizer.") % {"table": table.number,
                                                                 "number": result.late_hands[0]}})


def _format(table) -> formats.Format:
    return formats.event_format(table.round.event.format)


def games_round_done(table, result: games_engine.TableGames | None, count: int) -> bool:
    """A table has played its round, as its event's format says (formats.Format.round_done): a
    games table when its last game is complete (games_per_round or wins_per_round), or the event's
    hands per round are played."""
    return _format(table).round_done(hands=count, hands_per_round=table.round.event.hands_per_round, games=result)


def games_confirmable(table, result: games_engine.TableGames | None, count: int) -> bool:
    """A table may confirm, as its event's format says (formats.Format.confirmable): a games table
    once its round is done, or, when only the organizer's bell ends the round, once it has hands
    and no game is in play."""
    event = table.round.event
    return _format(table).confirmable(hands=count, hands_per_round=event.hands_per_round, games=result,
                                      setup=event.games_setup)


def _check_confirmable(table, hands) -> None:
    """Refuse to confirm a table whose round its event's format does not let it confirm yet, in
    the format's words (formats.Format.not_confirmable)."""
    if not games_confirmable(table, table_games(table, hands), len(hands)):
        raise ValidationError({"__all__": gettext(_format(table).not_confirmable)
                                          % {"count": len(hands), "hands": table.round.event.hands_per_round,
                                             "table": table.number}})


_check_games_confirmable = _check_confirmable  # its name when only games were checked here


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


def _game_of(result, number: int):
    if result is None:
        return None
    return next((g for g in result.games if g.first_hand <= number <= g.last_hand), None)


def cut_by(table, hand: Hand, clean: dict, hands: list[Hand]) -> tuple[list[Hand], int]:
    """The stored hands a correction of `hand` to `clean` (scoring.services._clean_values) leaves
    played after their game ended, and that game's number: ([], 0) unless the correction ends the
    game at this hand where the game went on before. They are the hands after it in that game as
    stored, and any hand that would then come after the round's last game was complete."""
    before = _game_of(table_games(table, hands), hand.number)
    if before is None or before.last_hand == hand.number:
        return [], 0
    extra = _played(table.layout_spec, hand.number, clean)
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
