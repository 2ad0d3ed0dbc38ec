"""The partnerships table's adapter: two partnerships, partners opposite (N-S against E-W)."""

from __future__ import annotations

from django.db.models import Q
from django.utils.translation import gettext, gettext_lazy, ngettext_lazy

from scoring import standings_forms
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import NOBID, SIDE_LABELS
from tournaments import language
from tournaments.models import Table

from .base import TableAdapter


class PartnershipsAdapter(TableAdapter):
    layout_name = "partnerships"

    # ---------------------------------------------------------------- entry (phones and staff)

    # ---------------------------------------------------------------- paper-sheet grid

    # ---------------------------------------------------------------- printing

    # ---------------------------------------------------------------- standings and tiebreaks

    record_title = gettext_lazy("Partnership %(number)s: %(players)s")
    record_template = "scoring/_record_sides.html"
    record_heads = ()

    entrant_words = {
        "at_least_two": gettext_lazy("Choose at least two tied partnerships."),
        "listed_twice": gettext_lazy("A partnership is listed twice."),
        "unknown": gettext_lazy("No partnership %(numbers)s at this event."),
        "elsewhere": gettext_lazy("Partnership %(number)s belongs to another event."),
        "tied_too": ngettext_lazy("Partnership %(numbers)s is tied on that place too and must play as well.",
                                  "Partnerships %(numbers)s are tied on that place too and must play as well.",
                                  "count"),
        "not_tied": gettext_lazy("These partnerships are not tied with each other (%(described)s)."),
        "none_tied": gettext_lazy("No partnership shares a place at the moment."),
        "session_title": gettext_lazy("Tiebreak %(number)s: partnerships"),
        "complete": gettext_lazy("Complete: it orders the partnerships in the standings."),
    }
    tiebreak_form = standings_forms.TiebreakForm
    tiebreak_intro_template = "scoring/_tiebreak_intro_partnerships.html"
    tiebreak_fields_template = "scoring/_tiebreak_fields_partnerships.html"

    def tiebreak_refusal(self, *, fillers, tables) -> dict[str, str] | None:
        if fillers:
            return {"fillers": gettext("Fillers are for tiebreaks of players.")}
        return None

    tiebreak_planner = "partnerships"  # two play each other, more a round robin, or the organizer's tables

    def entrant_players(self, one: str, two: str | None) -> tuple[str, ...]:
        return (one, two)

    def table_places(self, event, rows) -> dict[int, dict[str, int]]:
        """A partnership sits on a side: the table row's N-S and E-W (no query)."""
        first, second = self.sides
        return {row.id: {first: row.ns_id, second: row.ew_id} for row in rows}

    def entrant_tables(self, entrant) -> Q:
        return Q(ns=entrant) | Q(ew=entrant)

    def seated(self, tables) -> dict[int, dict[str, object]]:
        """Who sat where: each table's N-S and E-W partnerships (`tables` read with select_related)."""
        first, second = self.sides
        found = {t.pk: t for t in Table.objects.filter(pk__in=[t.pk for t in tables]).select_related(
            "ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")}
        return {pk: {first: t.ns, second: t.ew} for pk, t in found.items()}

    def place_words(self, place: str) -> str:
        """The side a partnership sat, in the reader's language (N-S, E-O)."""
        return language.label(SIDE_LABELS[place])

    def tricks_for(self, hand, side: str, place: str) -> int | None:
        """The bidding side's tricks (with "made" or "set" beside them); nobody bid: ours."""
        if hand.contract == NOBID:
            return super().tricks_for(hand, side, place)
        return hand.tricks

    def table_result(self, number: int, at: dict[str, int], score, hands: int, final: bool):
        first, second = self.sides
        won = {side: record.won for side, record in (score.records or {}).items()}
        return standings_engine.TableResult(
            number, at[first], at[second], score.points.get(first, 0), score.points.get(second, 0), hands, final,
            *score.made.get(first, (0, 0)), *score.made.get(second, (0, 0)), won.get(first, 0), won.get(second, 0),
            score.draws, score.match)
