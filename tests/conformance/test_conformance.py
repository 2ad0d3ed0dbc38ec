"""The conformance suite (issue 23): the same checks on every table layout x event format.

The kinds are the registries themselves (scoring.engine.layouts.LAYOUTS x scoring.engine.formats.FORMATS),
so a layout or format registered tomorrow is tested here without touching this module, and fails
until it supplies what the suite needs: its sample event (tests/conformance/samples.py). A layout is
done when every check passes for it in every format:

1. hand scoring: every stored hand equals the layout's score() replayed (integrity.event_check finds
   nothing), and the sample's hands equal the values worked by hand from RULES.md;
2. standings: `manage.py standings SLUG --format json` ranks and totals (and games won) as worked by hand;
3. trust (docs/trust.md): a phone that has not proven its side cannot enter; the side that wrote the
   hands cannot accept them; the other side's proven phone confirms;
4. backup: export_event --history, import_event on a wiped site, export_event again: the same file;
5. page crawl (tests/play/test_page_crawl.py's machinery): no page of the kind answers 500;
6. every PDF kind (`manage.py pdf --kind`) renders and reads back with the event's and the players' names;
7. and 8. (marked `browser`, once per kind): a hand kept offline on the phone is sent when the wifi
   returns, and axe finds nothing on the table's entry page.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from pypdf import PdfReader

from scoring.engine.formats import FORMATS
from scoring.engine.layouts import LAYOUTS
from scoring.event_io import event_import
from scoring.integrity import event_check
from scoring.models import Hand
from scoring.printing import KINDS as PDF_KINDS
from scoring.services import Actor, table_confirm
from tests import builders
from tests.conformance.samples import SAMPLES, sample
from tests.play.test_backup_every_kind import restore
from tournaments.models import Event, EventStaff, Table

KINDS = [pytest.param((layout, fmt), id=f"{layout}-{fmt}") for layout in LAYOUTS for fmt in FORMATS]
EN = {"Accept-Language": "en"}


def slug_of(layout: str, fmt: str) -> str:
    return f"conformance-{layout}-{fmt}"


def build(layout: str, fmt: str) -> Event:
    return event_import(sample(layout).event_file(fmt, slug_of(layout, fmt)))


def table_in_play(event: Event, number: int = 1) -> Table:
    """Round 2's table `number`: open, no hand yet."""
    return Table.objects.get(round__event=event, round__tiebreak=None, round__number=2, number=number)


@pytest.fixture(params=KINDS)
def kind(request):
    layout, fmt = request.param
    return layout, fmt, sample(layout)


@pytest.fixture
def event(kind, db):
    layout, fmt, _ = kind
    event = build(layout, fmt)
    # The sample is read as the kind it is for (a new layout that its file cannot name yet fails here).
    assert (event.layout, event.format) == (layout, fmt)
    return event


def test_every_sample_is_of_a_registered_layout():
    assert sorted(SAMPLES) == sorted(LAYOUTS)


# --- 1. hand scoring -----------------------------------------------------------------------------

def test_every_hand_is_the_layouts_score_and_the_worked_values(kind, event):
    _, _, spec = kind
    assert event_check(event) == []
    assert len(spec.worked) >= 2
    for worked in spec.worked:
        hand = Hand.objects.get(table__round__event=event, table__round__number=worked.round,
                                table__number=worked.table, number=worked.hand)
        got = {name: getattr(hand, name) for name in worked.columns}
        assert got == worked.columns, worked.source


# --- 2. standings --------------------------------------------------------------------------------

def test_the_standings_command_ranks_as_worked_by_hand(kind, event):
    layout, fmt, spec = kind
    rows = json.loads(builders.run("standings", event.slug, "--format", "json")[0])["standings"]
    number_key = "partnership" if spec.entrants_key == "partnerships" else "player"
    assert [(row["rank"], row[number_key], row["total"]) for row in rows] == spec.standings[fmt]
    if FORMATS[fmt].ends_games:
        assert {row[number_key]: row["games_won"] for row in rows if row["games_won"]} == spec.games_won


# --- 3. trust ------------------------------------------------------------------------------------

def test_only_a_proven_phone_enters_and_only_the_other_side_confirms(kind, event):
    _, _, spec = kind
    table = table_in_play(event)
    first, other = spec.holders
    url = f"/t/{table.token}/"

    stranger = Client(headers=EN)
    answer = stranger.post(url, spec.post(table, spec.trust_hands[0]))
    assert answer.status_code == 200 and 'name="code"' in answer.content.decode()  # the side page again
    assert not Hand.objects.filter(table=table).exists()

    writer = Client(headers=EN)
    builders.prove_side(writer, table, first)
    for hand in spec.trust_hands:
        answer = writer.post(url, spec.post(table, hand))
        assert answer.status_code == 302, answer.content.decode()[:1500]
    assert Hand.objects.filter(table=table).count() == len(spec.trust_hands)
    assert writer.post(f"{url}confirm/").status_code == 400
    table.refresh_from_db()
    assert table.confirmed_at is None

    checker = Client(headers=EN)
    builders.prove_side(checker, table, other)
    assert checker.post(f"{url}confirm/").status_code == 302
    table.refresh_from_db()
    assert table.confirmed_at is not None
    assert set(Hand.objects.filter(table=table).values_list("entered_side", "accepted_side")) == {(first, other)}
    assert event_check(event) == []


# --- 4. backup round trip ------------------------------------------------------------------------

def test_export_import_export_gives_the_same_file(kind, event, tmp_path):
    """With history of its own: round 2's table 1 typed on one side's phone and confirmed by the other."""
    _, _, spec = kind
    table = table_in_play(event)
    first, other = spec.holders
    client = Client()
    builders.prove_side(client, table, first)
    for hand in spec.trust_hands:
        assert client.post(f"/t/{table.token}/", spec.post(table, hand)).status_code == 302
    table_confirm(table=table, actor=Actor("the other phone", side=other), side=other)
    before, after = restore(event, tmp_path)
    assert after == before
    assert event_check(Event.objects.get(slug=event.slug)) == []


# --- 5. page crawl -------------------------------------------------------------------------------

def crawl_world(layout: str, fmt: str, event: Event):
    from tests.play import test_page_crawl as crawl

    spec = sample(layout)
    crawl_kind = crawl.Kind(f"{layout}-{fmt}", fmt, "partnerships" if spec.entrants_key == "partnerships"
                            else "individuals", spec.rules[fmt], event.hands_per_round, len(spec.people),
                            phones=spec.holders)
    organizer = builders.make_user(f"olga-{layout}-{fmt}", event=event, role="organizer")
    scorer = builders.make_user(f"sam-{layout}-{fmt}", event=event, role="scorer")
    return crawl, crawl.World(crawl_kind, "in-play", event, table_in_play(event), organizer, scorer,
                              EventStaff.objects.get(user=scorer))


def test_every_page_of_the_kind_answers(kind, event):
    layout, fmt, _ = kind
    crawl, world = crawl_world(layout, fmt, event)
    visits = crawl.crawl_every_viewer(world)
    assert visits["organizer"].pdfs(world), "the Print page links to no PDF"
    assert [problem for visit in visits.values() for problem in visit.problems] == []


# --- 6. every PDF --------------------------------------------------------------------------------
# (What each document holds for each kind is asserted against hand-worked events in tests/play/test_pdf.py,
# test_games_pdf.py and test_individuals_pdf.py; here every document of every kind renders and reads back.)

# Whom each document names: everyone, or (medals, certificates) the medal winners of a closed event.
EVERYONE = {"sheets", "results", "cards", "standings", "wall"}


@pytest.mark.parametrize("document", PDF_KINDS)
def test_every_pdf_renders_and_reads_back(kind, event, document, tmp_path):
    _, _, spec = kind
    path = tmp_path / f"{document}.pdf"
    builders.run("pdf", event.slug, "--kind", document, "-o", str(path))
    text = " ".join(page.extract_text() for page in PdfReader(path).pages)
    text = " ".join(text.split())
    assert event.name in text, text[:400]
    assert not re.search(r"\bNone\b", text), text[:800]  # nothing unset printed as Python's None
    if document in EVERYONE:
        missing = [name for name in spec.names if name not in text]
        assert missing == [], text[:800]


# --- 7. and 8. in a browser: offline entry, axe on the entry page ----------------------------------

@pytest.fixture
def axe_source():
    from tests.e2e.test_accessibility import AXE

    if not AXE.exists():
        pytest.skip(f"{AXE} is missing: bin/test installs axe-core from npm (npm was not found, or it failed)")
    return AXE.read_text()


def entry_violations(page, source: str) -> list[str]:
    """axe on a table's entry page, but for the one violation tests/e2e/test_accessibility.py knows of there."""
    from tests.e2e.test_accessibility import KNOWN_ON_ENTRY, axe_violations

    return [v for v in axe_violations(page, source) if not v.startswith(KNOWN_ON_ENTRY)]


@pytest.mark.browser
@pytest.mark.parametrize("kind_name", [p.id for p in KINDS])
def test_offline_entry_and_axe_on_the_entry_page(kind_name, transactional_db, live_server, launch, axe_source):
    """One browser a kind: round 2's table 1 on the first side's phone, hand 1 saved online, hand 2 with
    no wifi (kept on the phone, shown as not sent), sent once when the wifi returns; axe finds nothing
    on the side screen, on the empty hand form, or on the other side's page with the round to confirm."""
    from tests.e2e.conftest import PHONE, lines, phone_context, prove, queued, wait_kept, wait_until, wifi

    layout, fmt = next(p.values[0] for p in KINDS if p.id == kind_name)
    spec = sample(layout)
    event = build(layout, fmt)
    table = table_in_play(event)
    first, other = spec.holders
    url = f"{live_server.url}/t/{table.token.lower()}/"
    browser = launch()

    checker = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()  # axe is injected: no CSP
    checker.goto(url)
    found = {"side screen": entry_violations(checker, axe_source)}
    prove(checker, first, builders.prove_code(table, first))
    found["hand form"] = entry_violations(checker, axe_source)

    phone = phone_context(browser).new_page()
    phone.goto(url)
    prove(phone, first, builders.prove_code(table, first))
    one, two = spec.trust_hands
    spec.type_hand(phone, table, one)
    wait_until(phone, lambda: Hand.objects.filter(table=table).count() == 1, "hand 1 to be stored")
    phone.get_by_role("button", name="Save hand 2").wait_for()
    wait_kept(phone)

    wifi(phone.context, False)
    spec.type_hand(phone, table, two)
    kept = phone.locator(".offline-item")
    kept.wait_for()
    assert lines(kept) == [spec.shown(table, two), "Saved on this phone, not sent yet."]
    assert [(q["number"], q["state"]) for q in queued(phone)] == [(2, "waiting")]
    assert Hand.objects.filter(table=table).count() == 1

    wifi(phone.context, True)  # the phone sends what it kept by itself
    wait_until(phone, lambda: Hand.objects.filter(table=table).count() == 2 and queued(phone) == [],
               "the kept hand to be sent")
    assert list(Hand.objects.filter(table=table).values_list("number", "entered_side")) == [(1, first), (2, first)]
    assert event_check(event) == []

    checker = browser.new_context(viewport=PHONE, bypass_csp=True).new_page()
    checker.goto(url)
    prove(checker, other, builders.prove_code(table, other))
    checker.get_by_role("button", name="Confirm the scores").wait_for()
    found["the round to confirm"] = entry_violations(checker, axe_source)
    assert {where: v for where, v in found.items() if v} == {}
