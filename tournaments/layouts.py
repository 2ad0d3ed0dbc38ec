"""The event app's side of each table layout (docs/architecture.md): how its entrants are
registered, edited and imported, and the words the organizer's pages say of them.

The engine's layout (scoring.engine.layouts) says what is pure: the seats, the sides, who an
entrant is (`Layout.players_per_entrant`, `Layout.places`), how a round's tables are stored
(`Layout.table_storage`). What is Django's only is here, one `TableKind` per layout name in
TABLE_KINDS: the registration and edit forms, the import page's example, and a dictionary of the
sentences that name the entrants ("Partnership 7 withdrawn." / "Player 7 withdrawn.": whole
sentences, since a noun cannot be swapped inside a translated sentence). Pages, views and
services ask `kind_for(event)` or `say(event, key, ...)`, never which layout it is; the template
tag `{% says event "key" number=... %}` (tournaments.templatetags.entrant_words) is `say_html`.

A new layout is one more entry of TABLE_KINDS (tests/events/test_table_kinds.py proves that every
engine layout has one, and that every kind says every key).

This module imports the forms, not the services (the services import it for their messages).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

from django import forms
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, ngettext_lazy
from django.utils.translation import gettext_lazy as _

from scoring.engine import layouts as engine_layouts
from scoring.engine import movement_mixed

from .forms import PartnershipEditForm, PartnershipForm, PlayerEditForm, PlayerForm

PARTNERSHIP_WORDS = {
    "entrants": _("Partnerships"),
    "entrant": _("Partnership %(number)s"),
    "register": _("Register a partnership"),
    "add_late": _("Add a late partnership"),
    "csv_help": _("A CSV file from a spreadsheet, one partnership a line: <code>number, player 1, player 2, "
                  "division</code>. A heading line is fine. If any line is wrong nothing is imported, and each "
                  "problem is listed with its line number."),
    "pin_help": _("Each partnership's PIN is printed on its own movement card; the opponents type it to confirm a "
                  "table's scores. Keep this page off the projector."),
    "withdraw_confirm": _("Withdraw partnership %(number)s (%(players)s)?"),
    "import_title": _("Import partnerships"),
    "file_help": _("A .csv file: number, player 1, player 2, division."),
    "text_help": _("One partnership a line, e.g. 1, Ana Garza, Bob Smith, 70-74"),
    "no_rounds": _('Check partnerships in, then <a href="%(check_in_url)s">generate the movement</a>.'),
    "replan_after": _("The movement exists. Checking a partnership in or out now plans again the rounds not yet "
                      "played (after round %(boundary)s)."),
    "replan": _("The movement exists. Checking a partnership in or out now plans again the rounds not yet played."),
    "changed": _("<strong>Partnership %(number)s</strong> (%(players)s)"),
    "undo_out": _("Undo: check partnership %(number)s out again? The rounds not yet played will be planned again "
                  "without them."),
    "undo_in": _("Undo: check partnership %(number)s in again? The rounds not yet played will be planned again to "
                 "include them."),
    "already_here": _("Partnership %(number)s (%(players)s) is already here. Check them out?"),
    "arrives_late": _("Partnership %(number)s arrives late: plan the rounds not yet played again to include them?"),
    "nobody": _('Nobody registered yet: <a href="%(register_url)s">register partnerships</a>.'),
    "generate": ngettext_lazy(
        "Generate the movement for %(rounds)s rounds from the %(count)s partnership checked in.",
        "Generate the movement for %(rounds)s rounds from the %(count)s partnerships checked in.", "count"),
    "too_few": _("Check in at least two partnerships first (%(count)s checked in)."),
    "too_few_replan": _("Fewer than two partnerships would be left to play."),
    "grid_caption": _("Movement: where each partnership plays each round"),
    "grid_heading": _("Pair"),
    "movement_legend": _("rows are partnerships, columns are rounds. “T3 NS v 7”: table 3, sitting North-South, "
                         "against partnership 7."),
    "ready": _("%(name)s is ready. Next: register the partnerships."),
    "registered": _("Partnership %(number)s registered: %(players)s."),
    "saved": _("Partnership %(number)s saved: %(players)s."),
    "imported": ngettext_lazy("%(count)s partnership imported.", "%(count)s partnerships imported.", "count"),
    "withdrawn": _("Partnership %(number)s withdrawn."),
    "reinstated": _("Partnership %(number)s reinstated."),
    "withdrawn_refusal": _("Partnership %(number)s has withdrawn; reinstate it first."),
    "wrong_entrant": _("This event is played by partnerships: register partnerships."),
    "not_confirmed": _("Table %(table)s (%(ns)s v %(ew)s): not confirmed by the other partnership"),
    "open_table": _("Round %(round)s is already in play and keeps partnership %(number)s at table %(table)s; "
                    "if they have left, close that round with a reason when the other tables finish."),
}

PLAYER_WORDS = {
    "entrants": _("Players"),
    "entrant": _("Player %(number)s"),
    "register": _("Register a player"),
    "add_late": _("Add a late player"),
    "csv_help": _("A CSV file from a spreadsheet, one player a line: <code>number, name, division</code>. A heading "
                  "line is fine. If any line is wrong nothing is imported, and each problem is listed with its line "
                  "number."),
    "pin_help": _("Each player's PIN is printed on their own movement card; it is typed to confirm a table's "
                  "scores. Keep this page off the projector."),
    "withdraw_confirm": _("Withdraw player %(number)s (%(players)s)?"),
    "import_title": _("Import players"),
    "file_help": _("A .csv file: number, name, division."),
    "text_help": _("One player a line, e.g. 1, Ana Garza, 70-74"),
    "no_rounds": _('Check players in, then <a href="%(check_in_url)s">generate the movement</a>.'),
    "replan_after": _("The movement exists. Checking a player in or out now plans again the rounds not yet played "
                      "(after round %(boundary)s)."),
    "replan": _("The movement exists. Checking a player in or out now plans again the rounds not yet played."),
    "changed": _("<strong>Player %(number)s</strong> (%(players)s)"),
    "undo_out": _("Undo: check player %(number)s out again? The rounds not yet played will be planned again "
                  "without them."),
    "undo_in": _("Undo: check player %(number)s in again? The rounds not yet played will be planned again to "
                 "include them."),
    "already_here": _("Player %(number)s (%(players)s) is already here. Check them out?"),
    "arrives_late": _("Player %(number)s arrives late: plan the rounds not yet played again to include them?"),
    "nobody": _('Nobody registered yet: <a href="%(register_url)s">register players</a>.'),
    "generate": ngettext_lazy(
        "Generate the movement for %(rounds)s rounds from the %(count)s player checked in.",
        "Generate the movement for %(rounds)s rounds from the %(count)s players checked in.", "count"),
    "too_few": _("Check in at least %(least)s players first (%(count)s checked in)."),
    "too_few_replan": _("Check in at least %(least)s players first (%(count)s checked in)."),
    "grid_caption": _("Movement: where each player plays each round"),
    "grid_heading": _("Player"),
    "movement_legend": _("rows are players, columns are rounds. “T3 N with 7 v 2 & 9”: table 3, seat North, "
                         "partner 7, against players 2 and 9. “T3 seat 2 with 4 & 9”: table 3, second seat, with "
                         "players 4 and 9."),
    "ready": _("%(name)s is ready. Next: register the players."),
    "registered": _("Player %(number)s registered: %(players)s."),
    "saved": _("Player %(number)s saved: %(players)s."),
    "imported": ngettext_lazy("%(count)s player imported.", "%(count)s players imported.", "count"),
    "withdrawn": _("Player %(number)s withdrawn."),
    "reinstated": _("Player %(number)s reinstated."),
    "withdrawn_refusal": _("Player %(number)s has withdrawn; reinstate them first."),
    "wrong_entrant": _("This event is played by individuals: register players."),
    "not_confirmed": _("Table %(table)s (%(ns)s v %(ew)s): not confirmed at the table"),
    "open_table": _("Round %(round)s is already in play and keeps player %(number)s at table %(table)s; if they "
                    "have left, close that round with a reason when the other tables finish."),
}


def _odd_sits_out(count: int) -> str:
    return "" if count % 2 == 0 else mark_safe(gettext("With an odd number, one partnership sits out each round."))


def _always(message) -> Callable[[int], str]:
    return lambda count: mark_safe(message)


@dataclass(frozen=True)
class TableKind:
    """The Django side of one layout. `words`: key -> sentence (lazy; a plural takes `count`);
    `form` / `edit_form`: the registration and edit forms (each edit form's `initial_for(entrant)`);
    `import_example`: the import page's example partial; `seating_note(count)`: what the check-in
    page says of how `count` entrants checked in will be seated ("" for nothing); `dashboard_players`
    and `dashboard_games`: the round dashboard's partials for a table's players (its two
    partnerships, or its players by seat) and its games (by side, or each player's own)."""

    layout_name: str
    words: Mapping[str, object]
    form: type[forms.Form]
    edit_form: type[forms.Form]
    import_example: str
    seating_note: Callable[[int], str]
    dashboard_players: str = "tournaments/tables/_players_seats.html"
    dashboard_games: str = "tournaments/tables/_games_sides.html"


TABLE_KINDS: dict[str, TableKind] = {kind.layout_name: kind for kind in (
    TableKind("partnerships", PARTNERSHIP_WORDS, PartnershipForm, PartnershipEditForm,
              "tournaments/entrants/_import_partnerships.html", _odd_sits_out,
              dashboard_players="tournaments/tables/_players_sides.html"),
    TableKind("progressive", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of four with a new partner each round; whoever is left over sits out each round, "
                        "in turn."))),
    TableKind("three-handed", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of three, each for himself; whoever is left over sits out each round, in turn.")),
              dashboard_games="tournaments/tables/_games_each.html"),
    # The tables of two, five and six (RULES.md section 7): players at numbered seats, stored as TableSeat rows.
    TableKind("two-handed", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of two, each for himself; whoever is left over sits out each round, in turn.")),
              dashboard_games="tournaments/tables/_games_each.html"),
    TableKind("five-handed", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of five: each hand the bidder calls a partner; whoever is left over sits out each "
                        "round, in turn.")),
              dashboard_games="tournaments/tables/_games_each.html"),
    TableKind("six-pairs", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of six as three teams of two, partners opposite, new teams each round; whoever is "
                        "left over sits out each round, in turn.")),
              dashboard_games="tournaments/tables/_games_each.html"),
    TableKind("six-threes", PLAYER_WORDS, PlayerForm, PlayerEditForm, "tournaments/entrants/_import_players.html",
              _always(_("Tables of six as two teams of three, every other seat, new teams each round; whoever is "
                        "left over sits out each round, in turn.")),
              dashboard_games="tournaments/tables/_games_each.html"),
)}


def _mixed_note(count: int) -> str:
    """The check-in page's note in an event of mixed sizes: the tables `count` players fill this round."""
    if not engine_layouts.mixed_count_fits(count):
        return ""  # too few: Generate movement says how many it needs
    return gettext("Tables of four where it can, five or six (or one of three) for the rest, so that nobody sits "
                   "out: %(sizes)s each round.") % {"sizes": movement_mixed.sizes_text(count)}


# An event of mixed table sizes (Event.mixed_sizes): players, as at its tables of four, seated so that
# nobody sits out; each table's own partials are its layout's kind (the round dashboard asks the table).
MIXED_KIND = TableKind(engine_layouts.MIXED, PLAYER_WORDS, PlayerForm, PlayerEditForm,
                       "tournaments/entrants/_import_players.html", _mixed_note)

# What the event page says of each format (scoring.engine.formats.FORMATS), by its name: a partial.
FORMAT_FACTS = {"session": "tournaments/formats/_session_facts.html", "games": "tournaments/formats/_games_facts.html"}


def kind_for(event) -> TableKind:
    """The Django side of `event`'s table layout (Event.layout), or of its mixed sizes (Event.mixed_sizes)."""
    return MIXED_KIND if event.mixed_sizes else TABLE_KINDS[event.layout]


def say(event, key: str, **values) -> str:
    """The sentence `key` for `event`'s entrants in the active language, filled with `values`."""
    return str(kind_for(event).words[key] % values)


def say_html(event, key: str, **values) -> SafeString:
    """`say` for a page: the values escaped (a name is never markup), the sentence's own markup kept,
    as {% blocktranslate %} does."""
    escaped = {name: value if isinstance(value, (int, float)) else conditional_escape(value)
               for name, value in values.items()}
    return mark_safe(kind_for(event).words[key] % escaped)
