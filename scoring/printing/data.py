"""Reads for the printed documents: the ORM in, scoring.printing.documents' plain dataclasses out.

Each builder costs a fixed number of queries whatever the event's size (tables with their
partnerships and players through select_related, hands and corrections one query each; standings
and medals come from scoring.selectors.event_standings). Nothing here writes, and nothing here
draws: the rest of scoring.printing turns the dataclasses into bytes without touching the database.
The one module of the package that imports Django.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db.models import F
from django.urls import NoReverseMatch, reverse
from django.utils import formats
from django.utils.translation import get_language, gettext, ngettext, pgettext
from django.utils.translation import gettext as _

from scoring import site_address
from scoring.adapters import adapter_for, layout_adapter
from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine import vocabulary
from scoring.engine.standings import decided_label
from scoring.engine.vocabulary import LANGUAGE_CODES, PENALTY_WORDS, SIDE_LABELS
from scoring.models import Hand, HandChange
from scoring.printing import KINDS, render
from scoring.printing.documents import (
    CardRound,
    CardsDoc,
    ContractValue,
    Correction,
    DocHeader,
    MedalGroup,
    MedalPlace,
    MedalsDoc,
    PartnershipCard,
    RoundCell,
    SheetHand,
    SheetsDoc,
    SheetSeat,
    SheetSide,
    SheetTable,
    StandingRow,
    StandingsDoc,
    Words,
)
from scoring.selectors import event_standings
from scoring.tables import ranked_by_words
from tournaments import language
from tournaments import selectors as event_selectors
from tournaments.models import Event, Partnership, Round, Seating, Table, TableSeat, format_token

# The medals in words: the medal standings' column, and the certificate's heading.
MEDAL_WORDS, MEDAL_TITLES = vocabulary.MEDAL_WORDS, vocabulary.MEDAL_TITLES

# A result sheet's table entered and not yet confirmed, by who the entrants are (Layout.entrants).
UNCONFIRMED = {
    "partnerships": vocabulary.gettext_noop("Entered, not yet confirmed by the other partnership"),
    "individuals": vocabulary.gettext_noop("Entered, not yet confirmed by another player at the table"),
}

# Main rounds (no tiebreak) before tiebreak sessions: databases disagree where NULLs sort.
MAIN_FIRST = F("round__tiebreak__sequence").asc(nulls_first=True)


def words() -> Words:
    """The active language (tournaments.language.in_language) as the drawing modules use it."""
    return Words(gettext, ngettext, pgettext, language.place, get_language() or "en", language.seat_letter)


def header_for(event: Event) -> DocHeader:
    return DocHeader(
        event_name=event.name,
        slug=event.slug,
        # "Thursday, May 14, 2026" / "jueves, 14 de mayo de 2026" / "jeudi 14 mai 2026"
        date_text=_("%(weekday)s, %(date)s") % {"weekday": formats.date_format(event.date, "l"),
                                                "date": language.day(event.date)},
        venue=event.venue,
        page_size=event.page_size,
    )


def contract_values(rules: rules_engine.RuleSet) -> tuple[ContractValue, ...]:
    return tuple(ContractValue(c.code, language.contract_label(c), rules.value(c), c.tricks, c.suit)
                 for c in rules.legal_contracts())


def entry_url(token: str, site_url: str | None = None) -> str:
    """The table's entry page as a phone in the hall reaches it (scoring.site_address decides the address)."""
    try:
        path = reverse("scoring:table-entry", args=[token])
    except NoReverseMatch:  # the entry views not installed: the same path they serve
        path = f"/t/{token}/"
    return (site_url or site_address.site_url()) + path


def _round_label(rnd: Round) -> str:
    if rnd.tiebreak_id:
        return _("Tiebreak %(session)s · Round %(number)s") % {"session": rnd.tiebreak.sequence, "number": rnd.number}
    return _("Round %(number)s") % {"number": rnd.number}


def select_rounds(event: Event, *, round_number: int | None = None, tiebreak: int | None = None):
    """The rounds a document covers: one main round, one tiebreak session, or all of them.
    An unknown round raises ValidationError naming the field."""
    rounds = Round.objects.filter(event=event)
    if round_number is not None and tiebreak is None:
        if not rounds.filter(number=round_number, tiebreak__isnull=True).exists():
            numbers = sorted(rounds.filter(tiebreak__isnull=True).values_list("number", flat=True))
            have = f"rounds {numbers[0]} to {numbers[-1]}" if numbers else "no rounds yet"
            raise ValidationError({"round": f"round {round_number} does not exist (this event has {have})"})
        return rounds.filter(number=round_number, tiebreak__isnull=True)
    if tiebreak is not None:
        chosen = rounds.filter(tiebreak__sequence=tiebreak)
        if round_number is not None:
            chosen = chosen.filter(number=round_number)
        if not chosen.exists():
            raise ValidationError({"tiebreak": f"tiebreak session {tiebreak} has no such round"})
        return chosen
    return rounds


def _title(round_number: int | None, tiebreak: int | None) -> str:
    if tiebreak is not None:
        return f"Tiebreak {tiebreak}" + (f" round {round_number}" if round_number else "")
    return f"Round {round_number}" if round_number else "All rounds"


def _seat_letter(seat: str) -> str:
    return language.seat_letter(seat) if seat else ""


def _penalty_text(kind: str, side: str, seat: str, note: str) -> str:
    parts = []
    if kind:
        who = _seat_letter(seat) or language.label(SIDE_LABELS.get(side, ""))
        word = language.label(PENALTY_WORDS.get(kind, kind))
        parts.append(_("%(penalty)s by %(who)s") % {"penalty": word, "who": who} if who and kind != "note" else word)
    if note:
        parts.append(note)
    return ": ".join(parts) if kind == "note" and note else "; ".join(parts)


def _describe(values: dict | None) -> str:
    if not values:
        return _("nothing")
    side = language.label(SIDE_LABELS.get(values.get("declarer"), "?"))
    tricks = values.get("tricks")
    text = ngettext("%(contract)s by %(side)s, %(tricks)s trick", "%(contract)s by %(side)s, %(tricks)s tricks",
                    tricks if isinstance(tricks, int) else 2) % {
        "contract": values.get("contract", "?"), "side": side, "tricks": "?" if tricks is None else tricks}
    penalty = _penalty_text(values.get("penalty_kind") or "", values.get("penalty_side") or "",
                            values.get("penalty_seat") or "", "")
    return f"{text}, {penalty.lower()}" if penalty else text


def _status(event: Event, table: Table, count: int) -> str:
    if table.disputed_at:
        return _("DISPUTED: %(reason)s") % {"reason": table.dispute_reason}
    if event.hands_per_round is not None and count < event.hands_per_round:
        return ngettext("Incomplete: %(count)s of %(total)s hand entered",
                        "Incomplete: %(count)s of %(total)s hands entered",
                        event.hands_per_round) % {"count": count, "total": event.hands_per_round}
    if table.confirmed_at:
        return _("Confirmed by %(who)s at %(time)s") % {"who": table.confirmed_by,
                                                       "time": language.clock(table.confirmed_at)}
    if event.confirmation_required:
        return _(UNCONFIRMED[event.layout_spec.entrants])
    return _("Entered (this event does not ask for confirmation)")


def sheets_doc(event: Event, *, round_number: int | None = None, tiebreak: int | None = None,
               filled: bool = False, site_url: str | None = None) -> SheetsDoc:
    """Score sheets (blank, with QR codes) or result sheets (filled) for one round or all. The
    layout's adapter names how a table's players and hands are read (SHEET_DATA) and how the sheet
    is drawn (sheet_style). Three queries for result sheets, one for blank sheets (one more where
    the players are read from their seats), plus one checking the round."""
    adapter = adapter_for(event)
    rounds = select_rounds(event, round_number=round_number, tiebreak=tiebreak)
    tables = list(Table.objects.filter(round__in=rounds)
                  .select_related("round__tiebreak", *SHEET_DATA[adapter.sheet_data].related)
                  .order_by(MAIN_FIRST, "round__number", "number"))
    # Each table's adapter: the event's, or in an event of mixed sizes the table's own layout's.
    adapters = {table.pk: layout_adapter(table.layout, adapter) for table in tables}
    seated: dict[int, dict] = {}
    for data in {SHEET_DATA[a.sheet_data] for a in adapters.values()}:
        seated.update(data.seated([t for t in tables if SHEET_DATA[adapters[t.pk].sheet_data] is data]))
    hands, fixes = _entered(rounds) if filled else ({}, {})
    # Every hand a table played (a games event's round may take more than its sheet's rows).
    per_round = max([sheet_rows(event), *(max(found) for found in hands.values() if found)])
    out = []
    for table in tables:
        table_adapter = adapters[table.pk]
        kind, layout = SHEET_DATA[table_adapter.sheet_data], table_adapter.layout
        dealers = [(n, layout.dealer(n)) for n in range(1, per_round + 1)]
        style = table_adapter.sheet_style if table_adapter.layout_name != adapter.layout_name else ""
        at = seated.get(table.pk, {})
        heads = kind.heads(table, at)
        if not filled:
            out.append(SheetTable(_round_label(table.round), table.number, *heads.sides,
                                  tuple(SheetHand(n, d) for n, d in dealers), seats=heads.seats, style=style,
                                  entry_url=entry_url(table.token, site_url), short_code=format_token(table.token)))
            continue
        entered = hands.get(table.pk, {})
        changes = fixes.get(table.pk, [])
        corrected = {c.hand_number for c in changes}
        closed = table.round.status == vocabulary.ROUND_CLOSED
        # A games event: the round replayed into games, each game's end marked under its last hand.
        played = FORMAT_PRINT[event.format].replay(kind, event, layout, entered, heads.order, closed)
        rows = []
        for n, dealer in dealers:
            hand = entered.get(n)
            if hand is None:
                rows.append(SheetHand(n, dealer))
                continue
            penalty = _penalty_text(hand.penalty_kind, hand.penalty_side, hand.penalty_seat, hand.note)
            rows.append(kind.row(n, hand.dealer or dealer, hand, penalty, n in corrected, played, heads.order))
        out.append(SheetTable(
            _round_label(table.round), table.number, *heads.sides, tuple(rows), seats=heads.seats, style=style,
            **kind.totals(entered, played, at, heads.order),
            status=_status(event, table, len(entered)),
            corrections=tuple(Correction(c.hand_number or 0, language.clock(c.at), c.by, _describe(c.old),
                                         _describe(c.new), c.reason) for c in changes),
        ))
    rules = event.rules
    return SheetsDoc(header_for(event), language.label(rules.label), contract_values(rules), per_round, tuple(out),
                     filled, _title(round_number, tiebreak), words=words(), format=event.format,
                     style=adapter.sheet_style)


GAMES_SHEET_ROWS = 12  # a games event's sheet when neither its rounds nor its games have a size


def sheet_rows(event: Event) -> int:
    """Rows of a sheet: the round's hands; in a games event without them, room for several games
    (hand_limit × games_per_round when both are set, else GAMES_SHEET_ROWS), at most 20."""
    if event.hands_per_round is not None:
        return event.hands_per_round
    if event.hand_limit and event.games_per_round:
        return min(20, event.hand_limit * event.games_per_round)
    return GAMES_SHEET_ROWS


def _contract_text(contract: str) -> str:
    return _("No bid") if contract == games_engine.NOBID else contract


def game_lines(played: event_selectors.TableGamesView) -> tuple[str, ...]:
    """Each game of a table's round and who won it: "Game 1 (hands 1–3): N-S win 520 to 310"."""
    lines = []
    for game in played.games.games:
        hands = (str(game.first_hand) if game.first_hand == game.last_hand
                 else f"{game.first_hand}–{game.last_hand}")
        values = {"number": game.number, "hands": hands, "ns": game.scores[0], "ew": game.scores[1]}
        if game.status == games_engine.IN_PLAY:
            text = _("Game %(number)s (hands %(hands)s): in play, N-S %(ns)s, E-W %(ew)s") % values
        elif game.status == games_engine.DRAWN:
            text = _("Game %(number)s (hands %(hands)s): drawn, %(ns)s to %(ew)s") % values
        elif game.winner == 0:
            text = _("Game %(number)s (hands %(hands)s): N-S win %(ns)s to %(ew)s") % values
        else:
            text = _("Game %(number)s (hands %(hands)s): E-W win %(ew)s to %(ns)s") % values
        lines.append(text)
    wins = played.games.wins
    summary = _("Games won: N-S %(ns)s, E-W %(ew)s") % {"ns": wins[0], "ew": wins[1]}
    if played.games.match is not None:
        summary += " · " + (_("match to N-S") if played.games.match == 0 else _("match to E-W"))
    return (*lines, summary)


def three_game_lines(result: games_engine.TableGames, names: list[str]) -> tuple[str, ...]:
    """Each game of a table of three and who won it: "Game 2 (hands 2–4): Marie Tremblay wins; Ana
    Garza 0, Luis Peña 500, Marie Tremblay 560"; then each player's games won."""
    lines = []
    for game in result.games:
        hands = (str(game.first_hand) if game.first_hand == game.last_hand
                 else f"{game.first_hand}–{game.last_hand}")
        values = {"number": game.number, "hands": hands,
                  "scores": ", ".join(f"{name} {score}" for name, score in zip(names, game.scores, strict=True))}
        if game.status == games_engine.IN_PLAY:
            text = _("Game %(number)s (hands %(hands)s): in play; %(scores)s") % values
        elif game.status == games_engine.DRAWN:
            text = _("Game %(number)s (hands %(hands)s): drawn; %(scores)s") % values
        else:
            text = _("Game %(number)s (hands %(hands)s): %(name)s wins; %(scores)s") % {
                **values, "name": names[game.winner]}
        lines.append(text)
    wins = ", ".join(f"{name} {won}" for name, won in zip(names, result.wins, strict=True))
    summary = _("Games won: %(wins)s") % {"wins": wins}
    if result.match is not None:
        summary += " · " + _("match to %(name)s") % {"name": names[result.match]}
    return (*lines, summary)


def cards_doc(event: Event) -> CardsDoc:
    """One movement card per entrant still playing: each round's table, where he sits and with whom
    (the layout's adapter names the card's style, CARD_ROUNDS), and his sit-outs. Two queries, three
    where the players are read from their seats."""
    event_adapter = adapter_for(event)
    style = event_adapter.card_style
    entrants = {p.pk: p for p in Partnership.objects.filter(event=event).select_related("player_one", "player_two")}
    seatings = list(Seating.objects.filter(round__event=event).select_related("round__tiebreak", "table")
                    .order_by(MAIN_FIRST, "round__number"))
    round_of = CARD_ROUNDS[style]
    seated = round_of.seated(entrants, [s.table for s in seatings if s.table_id])
    rounds_of: dict[int, list[CardRound]] = {pk: [] for pk in entrants}
    for s in seatings:
        rnd = s.round
        label = (pgettext("tiebreak round on a movement card", "T%(session)s·%(number)s")
                 % {"session": rnd.tiebreak.sequence, "number": rnd.number}) if rnd.tiebreak_id else str(rnd.number)
        if s.partnership_id not in rounds_of:
            continue
        if s.table_id is None:
            rounds_of[s.partnership_id].append(CardRound(label, None))
            continue
        at = seated.get(s.table_id, {})
        mine = next((place for place, p in at.items() if p.pk == s.partnership_id), "")
        # The round as its table's layout reads it: in an event of mixed sizes, the table's own.
        table_round = CARD_ROUNDS[layout_adapter(s.table.layout, event_adapter).card_style]
        rounds_of[s.partnership_id].append(table_round.card_round(label, s.table.number, mine, at))
    cards = tuple(
        PartnershipCard(p.number, p.players_label, p.division, tuple(rounds_of[p.pk]), pin=p.pin)
        for p in sorted(entrants.values(), key=lambda p: p.number)
        if not p.withdrawn
    )
    return CardsDoc(header_for(event), cards, sit_out_note=_sit_out_note(event), words=words(), style=style)


def _sit_out_note(event: Event) -> str:
    if event.sit_out_policy == Event.SitOutPolicy.FIXED:
        return ngettext("A sit-out round scores %(points)s point.", "A sit-out round scores %(points)s points.",
                        event.sit_out_points) % {"points": event.sit_out_points}
    if event.sit_out_policy == Event.SitOutPolicy.ZERO:
        return _("A sit-out round scores zero points.")
    return _("A sit-out round scores the average of your own completed rounds.")


def _places(places) -> str:
    """"2nd and 3rd" / "2.º y 3.º" / "2e et 3e"."""
    words = [language.place(p) for p in places]
    if len(words) == 1:
        return words[0]
    return _("%(places)s and %(last)s") % {"places": ", ".join(words[:-1]), "last": words[-1]}


def _progress(progress) -> str:
    """Where the event is (scoring.engine.standings.Progress.label, in the active language)."""
    if progress.complete:
        return ngettext("All %(rounds)s round complete", "All %(rounds)s rounds complete",
                        progress.rounds_total) % {"rounds": progress.rounds_total}
    if progress.current_round is None:
        return _("Not started yet")
    return ngettext("Round %(number)s of %(rounds)s: %(in)s of %(tables)s table in",
                    "Round %(number)s of %(rounds)s: %(in)s of %(tables)s tables in", progress.tables_total) % {
        "number": progress.current_round, "rounds": progress.rounds_total, "in": progress.tables_in,
        "tables": progress.tables_total}


def _members(tie) -> str:
    return ", ".join(f"{n} ({names})" for n, names in tie.members)


def standings_doc(event: Event, standings=None) -> StandingsDoc:
    """Every partnership's line, from scoring.selectors.event_standings (a fixed number of queries)."""
    standings = standings or event_standings(event)
    matches = event.wins_per_round is not None or "matches" in standings.setup.rank_by
    printed = FORMAT_PRINT[standings.setup.format]
    rows = []
    for r in standings.rows:
        note = ""
        if r.withdrawn:
            note = _("withdrawn")
        elif r.decided_by not in ("total", "shared"):
            note = _("placed by %(rule)s") % {"rule": decided_label(r.decided_by, gettext).lower()}
        rows.append(StandingRow(
            rank=r.rank, tied=r.tied, number=r.number, names=r.players_label, division=r.division, total=r.total,
            rounds=tuple(RoundCell(c.points, c.sit_out, c.provisional) for c in r.rounds),
            hands=r.hands_played, provisional=r.provisional, tiebreak_total=r.tiebreak_total, note=note,
            withdrawn=r.withdrawn,
            games=printed.row_games(r, matches),
        ))
    notes = [
        (_("Tied for %(places)s on %(total)s: %(members)s (%(division)s). A tiebreak session decides it.")
         if ranking.division else _("Tied for %(places)s on %(total)s: %(members)s. A tiebreak session decides it."))
        % {"places": _places(tie.places), "total": tie.total, "members": _members(tie), "division": ranking.name}
        for ranking, tie in standings.medal_ties
    ]
    notes[:0] = printed.standings_notes(standings.setup)
    games_heads = printed.games_heads(matches)
    return StandingsDoc(
        total_heading=printed.total_heading,
        entrants=event.layout_spec.entrants,
        games_heads=games_heads,
        header=header_for(event),
        round_labels=tuple(pgettext("round column", "R%(number)s") % {"number": n} for n in standings.rounds),
        rows=tuple(rows),
        progress=_progress(standings.progress),
        sit_out_note=_sit_out_note(event),
        notes=tuple(notes),
        words=words(),
    )


def medals_doc(event: Event, standings=None) -> MedalsDoc:
    """The medallists of each ranking that awards medals (overall and/or each division)."""
    standings = standings or event_standings(event)
    printed = FORMAT_PRINT[standings.setup.format]
    groups = []
    for ranking in standings.medal_rankings:
        places = []
        for row in ranking.medallists:
            tiebreak = ""
            if row.decided_by.startswith("tiebreak "):
                sequence = int(row.decided_by.split(" ", 1)[1])
                result = next((t for t in row.tiebreaks if t.sequence == sequence), None)
                session = decided_label(row.decided_by, gettext)
                values = {"session": session, "place": language.place(row.rank)}
                if result:
                    values["points"] = result.total
                    tiebreak = _("%(session)s: %(points)s points, which decided %(place)s place") % values
                else:
                    tiebreak = _("%(session)s, which decided %(place)s place") % values
            places.append(MedalPlace(
                row.rank, language.label(MEDAL_WORDS.get(row.medal, "")), row.number, tuple(row.players), row.total,
                tiebreak, medal_title=language.label(MEDAL_TITLES.get(row.medal, "")),
                games=printed.medal_games(row),
            ))
        pending = []
        if not ranking.final:
            pending.append(_("Medals are awarded once every round is complete and confirmed.")
                           if event.confirmation_required else _("Medals are awarded once every round is complete."))
        for tie in ranking.ties:
            pending.append(_("%(places)s place tied on %(total)s: %(members)s. A tiebreak session decides it.")
                           % {"places": _places(tie.places), "total": tie.total, "members": _members(tie)})
        if ranking.division is None:
            title = _("Overall")
        else:
            title = _("Division %(name)s") % {"name": ranking.name}
        overall = ranking.division is None
        groups.append(MedalGroup(title, tuple(places), " ".join(pending), division="" if overall else ranking.name,
                                 overall=overall))
    notes = (_progress(standings.progress) + ".",) if not standings.progress.complete else ()
    notes = (*printed.medal_notes(standings.setup), *notes)
    return MedalsDoc(header_for(event), tuple(groups), notes, words=words(),
                     entrants=event.layout_spec.entrants)


class _SessionPrint:
    """A session (scoring.engine.formats "session"): points summed, no games to print."""

    total_heading = vocabulary.gettext_noop("Total")

    @staticmethod
    def replay(kind, event: Event, layout, entered, order, closed: bool):
        return None

    @staticmethod
    def row_games(row, matches: bool) -> tuple[int, ...]:
        return ()

    @staticmethod
    def games_heads(matches: bool) -> tuple[str, ...]:
        return ()

    @staticmethod
    def standings_notes(setup) -> list[str]:
        return []

    @staticmethod
    def medal_games(row) -> str:
        return ""

    @staticmethod
    def medal_notes(setup) -> tuple[str, ...]:
        return ()


class _GamesPrint:
    """Games to 500 (scoring.engine.formats "games"): each table's round replayed into games, the
    standings' games won, lost, drawn (matches) and difference, what they rank on."""

    total_heading = vocabulary.gettext_noop("Points")  # the sum of the final game scores

    @staticmethod
    def replay(kind, event: Event, layout, entered, order, closed: bool):
        return kind.replay(event, layout, entered, order, closed)

    @staticmethod
    def row_games(row, matches: bool) -> tuple[int, ...]:
        return (row.games_won, row.games_lost, row.games_drawn) + ((row.matches_won,) if matches else ()) + (
            row.difference,)

    @staticmethod
    def games_heads(matches: bool) -> tuple[str, ...]:
        return (_("Won"), _("Lost"), _("Drawn"), *((_("Matches"),) if matches else ()), _("Diff."))

    @staticmethod
    def standings_notes(setup) -> list[str]:
        return [ranked_by_words(setup.rank_by) + ". " + _("Points: the sum of the final game scores.")]

    @staticmethod
    def medal_games(row) -> str:
        return (_("Games won %(won)s, lost %(lost)s, drawn %(drawn)s")
                % {"won": row.games_won, "lost": row.games_lost, "drawn": row.games_drawn})

    @staticmethod
    def medal_notes(setup) -> tuple[str, ...]:
        return (ranked_by_words(setup.rank_by) + ".",)


# What the printed documents show of an event's format (Event.format, scoring.engine.formats.FORMATS).
FORMAT_PRINT = {"session": _SessionPrint, "games": _GamesPrint}


def document(event: Event, kind: str, *, round_number: int | None = None, tiebreak: int | None = None,
             site_url: str | None = None, language_code: str | None = None) -> tuple[str, str, bytes]:
    """(file name, mimetype, bytes) of one of KINDS for an event; site_url is where QR codes point.
    Printed in language_code (en, es, fr), by default in the event's language; the file name stays English."""
    if kind not in KINDS:
        raise ValidationError({"kind": f"{kind!r} is not a document (one of {', '.join(KINDS)})"})
    if language_code is not None and language_code not in LANGUAGE_CODES:
        raise ValidationError({"language": f"{language_code!r} is not a language (one of {', '.join(LANGUAGE_CODES)})"})
    with language.in_language(language_code or event.language):
        if kind in ("sheets", "results"):
            doc = sheets_doc(event, round_number=round_number, tiebreak=tiebreak, filled=kind == "results",
                             site_url=site_url)
        elif kind == "cards":
            doc = cards_doc(event)
        elif kind in ("standings", "wall"):
            doc = standings_doc(event)
        else:
            doc = medals_doc(event)
        return render(kind, doc)


# Events of individuals (README, "Events of individuals"): the sheets and cards read each table's
# players from its TableSeat rows.


def _seats_of(tables) -> dict[int, dict[str, Partnership]]:
    """{table id: {seat: entrant}} for tables of individuals (one query)."""
    found: dict[int, dict[str, Partnership]] = {}
    for seat in TableSeat.objects.filter(table__in=tables).select_related("entrant__player_one").order_by():
        found.setdefault(seat.table_id, {})[seat.seat] = seat.entrant
    return found


def _progressive_side(side: str, one: Partnership | None, two: Partnership | None) -> SheetSide:
    """This round's partners at a progressive table, as a sheet's side."""
    return SheetSide(side, one.number if one else 0, one.player_one.name if one else "",
                     two.player_one.name if two else "", numbers=tuple(p.number for p in (one, two) if p))


def _entered(rounds) -> tuple[dict[int, dict[int, Hand]], dict[int, list[HandChange]]]:
    """What result sheets are filled from: each table's hands by number, and its corrections in order."""
    hands: dict[int, dict[int, Hand]] = {}
    fixes: dict[int, list[HandChange]] = {}
    for hand in Hand.objects.filter(table__round__in=rounds).order_by():
        hands.setdefault(hand.table_id, {})[hand.number] = hand
    updates = HandChange.objects.filter(table__round__in=rounds, action=HandChange.Action.UPDATE)
    for change in updates.order_by("at", "pk"):
        fixes.setdefault(change.table_id, []).append(change)
    return hands, fixes


@dataclass(frozen=True)
class _Heads:
    """A sheet's players: its two sides (N-S, E-W; None where each plays for himself), its seats
    (each for himself) and the seats' order, which his tricks and points columns follow."""

    sides: tuple[SheetSide | None, SheetSide | None]
    seats: tuple[SheetSeat, ...] = ()
    order: tuple[str, ...] = ()


class _SidesSheet:
    """A table of two sides of partners, N-S and E-W: the bidding side, its tricks (N-S's when
    nobody bid), each side's points and running game score."""

    related: tuple[str, ...] = ()

    @staticmethod
    def seated(tables) -> dict[int, dict[str, Partnership]]:
        return _seats_of(tables)

    @staticmethod
    def replay(event: Event, layout, entered: dict[int, Hand], order, closed: bool):
        return event_selectors.replay_table(
            event, [games_engine.played(h.number, h.declarer, h.ns_points, h.ew_points, h.made)
                    for h in entered.values()], round_over=closed)

    @staticmethod
    def row(n: int, dealer: str, hand: Hand, penalty: str, corrected: bool, played, order) -> SheetHand:
        running = dict(zip((h.number for h in played.hands), played.running, strict=True)) if played else {}
        _game, game_ns, game_ew = running.get(n, (0, None, None))
        tricks = hand.ns_tricks if hand.contract == games_engine.NOBID else hand.tricks
        return SheetHand(n, dealer, hand.declarer, _contract_text(hand.contract), tricks, hand.ns_points,
                         hand.ew_points, penalty, corrected=corrected, game_ns=game_ns, game_ew=game_ew,
                         game_end=played is not None and n in played.ends)

    # The games' lines even on a table with no hand entered ("Games won: N-S 0, E-W 0"), as the
    # partnerships' result sheets have always printed them; a progressive table's print none.
    lines_when_empty = True

    def totals(self, entered: dict[int, Hand], played, at, order) -> dict:
        ns_total = sum(h.ns_points for h in entered.values()) if entered else None
        ew_total = sum(h.ew_points for h in entered.values()) if entered else None
        if played is not None and entered:  # the points of a games event: its final game scores
            ns_total, ew_total = played.games.points
        lines = game_lines(played) if played is not None and (entered or self.lines_when_empty) else ()
        return {"ns_total": ns_total, "ew_total": ew_total, "games": lines}


class _PartnershipsSheet(_SidesSheet):
    """Partnerships: the table's N-S and E-W partnerships, read with the tables."""

    related = ("ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")

    @staticmethod
    def seated(tables) -> dict[int, dict[str, Partnership]]:
        return {}

    @staticmethod
    def heads(table: Table, at) -> _Heads:
        return _Heads(tuple(SheetSide(side, p.number, p.player_one.name, p.player_two.name)
                            for side, p in (("ns", table.ns), ("ew", table.ew))))


class _PartnersSheet(_SidesSheet):
    """Players who partner for one round (progressive): each side is the two players sitting on it."""

    lines_when_empty = False

    @staticmethod
    def heads(table: Table, at) -> _Heads:
        return _Heads(tuple(_progressive_side(side, *(at.get(seat) for seat in vocabulary.SEATS
                                                       if vocabulary.SIDE_OF_SEAT[seat] == side))
                            for side in vocabulary.SIDES))


def _seat_tricks(tricks: dict, order) -> tuple[int, ...]:
    """Each seat's tricks in seating order: his own, or at six his team's (the tricks are stored by team,
    A B C or A B, which alternate round the table: scoring.engine.layouts SIX_PAIRS, SIX_THREES)."""
    teams = sorted(key for key in tricks if key not in order)
    return tuple(tricks.get(seat, tricks.get(teams[i % len(teams)], 0) if teams else 0)
                 for i, seat in enumerate(order))


class _SeatsSheet:
    """Each seat for himself (three-handed): the bidder's seat, each seat's tricks and points, the
    round's games among the three."""

    related: tuple[str, ...] = ()

    @staticmethod
    def seated(tables) -> dict[int, dict[str, Partnership]]:
        return _seats_of(tables)

    @staticmethod
    def heads(table: Table, at) -> _Heads:
        order = tuple(sorted(at))
        return _Heads((None, None), tuple(SheetSeat(seat, at[seat].number, at[seat].player_one.name)
                                          for seat in order), order)

    @staticmethod
    def replay(event: Event, layout, entered: dict[int, Hand], order, closed: bool):
        # `layout`: the table's; each seat a side, or at six the teams (Layout.stored, Layout.played)
        return games_engine.replay(
            event.rules, event.games_setup,
            [layout.played(h.number, layout.stored(declarer_seat=h.declarer_seat, seat_points=h.seat_points or {},
                                                   made=h.made, partner_seat=h.partner_seat))
             for h in entered.values()], round_over=closed, hands_per_round=event.hands_per_round,
            sides=len(layout.sides))

    @staticmethod
    def row(n: int, dealer: str, hand: Hand, penalty: str, corrected: bool, played, order) -> SheetHand:
        tricks = hand.seat_tricks or {}
        points = hand.seat_points or {}
        ends = {g.last_hand for g in played.games if g.over} if played is not None else set()
        return SheetHand(n, dealer, "", _contract_text(hand.contract), tricks.get(hand.declarer_seat),
                         penalty=penalty, corrected=corrected, bidder=hand.declarer_seat, partner=hand.partner_seat,
                         seat_tricks=_seat_tricks(tricks, order),
                         seat_points=tuple(points.get(seat, 0) for seat in order), game_end=n in ends)

    @staticmethod
    def totals(entered: dict[int, Hand], played, at, order) -> dict:
        if not entered:
            return {}
        if played is not None:  # the points of a games event: its final game scores
            # One side a seat, or at six the teams, which alternate round the table (seat k is in side
            # (k - 1) mod the number of sides: scoring.engine.layouts SIX_PAIRS, SIX_THREES).
            count = len(played.points)
            names = [" & ".join(at[seat].player_one.name for i, seat in enumerate(order) if i % count == side)
                     for side in range(count)]
            return {"seat_totals": tuple(played.points[i % count] for i in range(len(order))),
                    "games": three_game_lines(played, names)}
        return {"seat_totals": tuple(sum((h.seat_points or {}).get(seat, 0) for h in entered.values())
                                     for seat in order)}


# How a table's players and hands are read onto its sheet, by the name its layout's adapter gives
# (TableAdapter.sheet_data).
SHEET_DATA = {"partnerships": _PartnershipsSheet(), "partners": _PartnersSheet(), "seats": _SeatsSheet()}


def _numbered(entrant: Partnership) -> str:
    return f"{entrant.number} {entrant.player_one.name}"


class _OpponentsCards:
    """A partnership's card: its side each round (the table's N-S or E-W) and the other partnership."""

    @staticmethod
    def seated(entrants: dict[int, Partnership], tables) -> dict[int, dict[str, Partnership]]:
        return {t.pk: {"ns": entrants[t.ns_id], "ew": entrants[t.ew_id]} for t in tables}

    @staticmethod
    def card_round(label: str, table: int, mine: str, at: dict[str, Partnership]) -> CardRound:
        opponent = next(p for place, p in at.items() if place != mine)
        return CardRound(label, table, language.label(SIDE_LABELS[mine]), opponent_number=opponent.number,
                         opponent_names=opponent.players_label)


class _PartnerCards:
    """A player's card at tables of partners for one round: his seat, his partner opposite (the
    other seat of his side), the opponents."""

    @staticmethod
    def seated(entrants, tables) -> dict[int, dict[str, Partnership]]:
        return _seats_of(tables)

    @staticmethod
    def card_round(label: str, table: int, mine: str, at: dict[str, Partnership]) -> CardRound:
        side = [seat for seat in vocabulary.SEATS if vocabulary.SIDE_OF_SEAT[seat] == vocabulary.SIDE_OF_SEAT.get(mine)]
        partner = next((at[seat] for seat in side if seat != mine and seat in at), None)
        others = tuple(_numbered(at[seat]) for seat in vocabulary.SEATS if seat in at and seat not in side)
        return CardRound(label, table, language.seat_letter(mine) if mine else "",
                         partner=_numbered(partner) if partner else "", others=others)


class _TablematesCards:
    """A player's card where each plays for himself: his seat and the others at his table."""

    @staticmethod
    def seated(entrants, tables) -> dict[int, dict[str, Partnership]]:
        return _seats_of(tables)

    @staticmethod
    def card_round(label: str, table: int, mine: str, at: dict[str, Partnership]) -> CardRound:
        return CardRound(label, table, mine, others=tuple(_numbered(at[seat]) for seat in sorted(at) if seat != mine))


# The movement cards' round builders, by the card style a layout's adapter names (TableAdapter.card_style).
CARD_ROUNDS = {"opponents": _OpponentsCards, "partner": _PartnerCards, "tablemates": _TablematesCards}
