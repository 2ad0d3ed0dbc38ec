"""Event formats: how an event is played, the axis independent of the table layout (layouts.py).

Pure Python, no Django, no database. One registered entry per format, chosen by name
(Event.format), as the layouts are:

- "session" (McAllen A, RULES.md section 3): a round is a fixed number of hands; a table's round
  is done when they are all entered, and only then can it be confirmed; points are summed and no
  game ever ends; the standings rank on the total.
- "games" (RULES.md section 4): games to 500 under every end-of-game rule of the rule set,
  replayed by scoring.engine.games; a table's round is done when its last game is complete
  (games_per_round or wins_per_round reached) or the event's hands per round are played; when
  only the organizer's bell ends the round, a table with hands and no game in play may confirm;
  the standings rank on the event's rank_by keys.

What this module does not do: replay games (games.replay), score a hand (layouts.Layout.score),
or read the database. The services and pages pass plain counts and the replayed TableGames.
"""

from __future__ import annotations

from dataclasses import dataclass

from scoring.engine import games as games_engine
from scoring.engine.vocabulary import gettext_noop

# A games event without hands per round numbers a table's hands through the round: at most this many.
MAX_GAMES_HANDS = 200


class FormatError(ValueError):
    """A format name that is not registered (the message names the field)."""


@dataclass(frozen=True)
class Format:
    """What every format answers. A subclass per format, as Tabbycat's scoresheets vary by class."""

    name: str
    label: str

    # Whether the event must say how many hands make a round.
    needs_hands_per_round: bool = True
    # Whether a hand can end a game (rules.game_after_hand's event_format).
    ends_games: bool = False
    # Why a table may not confirm yet (the services translate it: %(count)s hands entered of
    # %(hands)s, at table %(table)s).
    not_confirmable: str = gettext_noop("Only %(count)s of %(hands)s hands are entered; confirm when all are in.")

    def last_hand(self, hands_per_round: int | None) -> int:
        """The highest hand number a table may enter in a round."""
        if hands_per_round is None:
            raise FormatError(f"hands_per_round: a {self.name} needs the number of hands in a round")
        return hands_per_round

    def round_done(self, *, hands: int, hands_per_round: int | None,
                   games: games_engine.TableGames | None = None) -> bool:
        """A table has played its round."""
        return hands_per_round is not None and hands >= hands_per_round

    def confirmable(self, *, hands: int, hands_per_round: int | None, games: games_engine.TableGames | None = None,
                    setup: games_engine.GamesSetup | None = None) -> bool:
        """A table's round may be confirmed by the other side."""
        return self.round_done(hands=hands, hands_per_round=hands_per_round, games=games)

    def rank_keys(self, setup: games_engine.GamesSetup | None = None) -> tuple[str, ...]:
        """What the standings rank on, first key first."""
        return ("total",)


@dataclass(frozen=True)
class Session(Format):
    pass


@dataclass(frozen=True)
class Games(Format):
    needs_hands_per_round: bool = False
    ends_games: bool = True
    not_confirmable: str = gettext_noop("A game is still in play at table %(table)s: confirm when the round's games "
                                        "are done.")

    def last_hand(self, hands_per_round: int | None) -> int:
        return MAX_GAMES_HANDS if hands_per_round is None else hands_per_round

    def round_done(self, *, hands: int, hands_per_round: int | None,
                   games: games_engine.TableGames | None = None) -> bool:
        if games is None:
            raise FormatError("games: a round of games is judged on the table's games (games.replay)")
        return games.complete or (hands_per_round is not None and hands >= hands_per_round)

    def confirmable(self, *, hands: int, hands_per_round: int | None, games: games_engine.TableGames | None = None,
                    setup: games_engine.GamesSetup | None = None) -> bool:
        if self.round_done(hands=hands, hands_per_round=hands_per_round, games=games):
            return True
        setup = setup or games_engine.GamesSetup()
        bell_only = setup.games_per_round is None and setup.wins_per_round is None and hands_per_round is None
        return bell_only and hands > 0 and games.current is None

    def rank_keys(self, setup: games_engine.GamesSetup | None = None) -> tuple[str, ...]:
        return tuple((setup or games_engine.GamesSetup()).rank_by)


FORMATS: dict[str, Format] = {
    fmt.name: fmt
    for fmt in (
        Session("session", gettext_noop("Session (a fixed number of hands, points summed)")),
        Games("games", gettext_noop("Games to 500")),
    )
}
DEFAULT_FORMAT = "session"
FORMAT_LABELS = {name: fmt.label for name, fmt in FORMATS.items()}


def event_format(name: str) -> Format:
    """The registered format `name`; an unknown name raises FormatError naming the field."""
    try:
        return FORMATS[name]
    except (KeyError, TypeError):
        raise FormatError(f"format: {name!r} is not one of {', '.join(FORMATS)}") from None
