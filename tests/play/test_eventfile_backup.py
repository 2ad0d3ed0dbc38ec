"""The event file as a full backup (docs/operations.md, "Backups"): staff, disputes and their reasons, forced-close
notes and who closed, who confirmed each table and when, and with `--history` every table's change
history. Export -> wipe -> import gives back the same file and the same pages; older files, without
these keys, still import.
"""

from __future__ import annotations

import io
import json
import re

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.urls import reverse

from scoring.engine import eventfile
from scoring.event_io import event_export, event_import
from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_correct, table_confirm, table_dispute
from tests.builders import page_text
from tournaments.demo import build_demo_event
from tournaments.models import Event, EventStaff, Partnership, Player, Round, Table, Tiebreak
from tournaments.services import round_close

BACKEND = "django.contrib.auth.backends.ModelBackend"
SLUG = "full-backup"


def wipe(event) -> None:
    """Remove the event from the leaves up (tables and partnerships protect each other)."""
    Round.objects.filter(event=event).delete()
    Tiebreak.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


@pytest.fixture
def lived_in(db):
    """A demo event mid-session, then used: two staff, a table confirmed by a phone, a hand corrected
    with a reason, a dispute, and the current round forced closed with a note."""
    event = event_import(build_demo_event(partnerships=8, seed=3, slug=SLUG))
    olga, sam = User.objects.create_user("olga"), User.objects.create_user("sam.scorer")
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    EventStaff.objects.create(event=event, user=sam, role="scorer")
    current = Round.objects.get(event=event, number=5, tiebreak=None)
    tables = list(current.tables.order_by("number"))
    waiting = [t for t in tables if t.hands.count() == 4 and not t.confirmed_at and not t.disputed_at]
    side = "ew" if waiting[0].entered_side == "ns" else "ns"
    confirming = waiting[0].ew if side == "ew" else waiting[0].ns
    table_confirm(table=waiting[0], actor=Actor("Table 2 E-W phone"), side=side, code=confirming.pin)
    hand = Hand.objects.filter(table__round__event=event, table__round__number=3).order_by("table__number").first()
    hand_correct(hand=hand, expected_version=hand.version, actor=Actor("Sam Scorer", user=sam, is_organizer=True),
                 reason="Sheet said 9 tricks",
                 declarer=hand.declarer, contract=hand.contract, tricks=9 if hand.tricks != 9 else 8,
                 penalty_kind="", penalty_side="", penalty_seat="", note="")
    other = next(t for t in tables if t.pk != waiting[0].pk and not t.disputed_at)
    table_dispute(table=other, actor=Actor("Table phone"), reason="We bid 8♠, not 8♣")
    round_close(rnd=current, by="olga", force=True, reason="Hall closing at six")
    return Event.objects.get(pk=event.pk)


def pages(client, event) -> dict[str, str]:
    """The pages a user reads, with what an import makes anew (table links, row ids, the write counter,
    the CSRF token) blanked."""
    out = {
        "standings": client.get(reverse("scoring:standings", args=[event.slug])),
        "dashboard": client.get(reverse("tournaments:round", args=[event.slug, 5])),
        "history": client.get(reverse("scoring:event-history", args=[event.slug])),
    }
    for table in Table.objects.filter(round__event=event, round__tiebreak=None, round__number__in=(3, 5)):
        out[f"table {table.round.number}.{table.number}"] = client.get(
            reverse("scoring:table-history", args=[event.slug, table.pk]))
    texts = {}
    for name, response in out.items():
        assert response.status_code == 200, (name, response.status_code)
        text = page_text(response)
        text = re.sub(r"/tables/\d+/", "/tables/N/", text)
        text = re.sub(r"e\d+-v\d+-", "eN-vN-", text)  # the live page's cache tag: event row and write counter
        text = re.sub(r"[0-9A-HJKMNP-TV-Z]{4}(-[0-9A-HJKMNP-TV-Z]{1,4}){6}", "CODE", text)
        text = re.sub(r"/t/[0-9A-Z]{26}", "/t/TOKEN", text)
        texts[name] = text
    return texts


def test_export_wipe_import_keeps_staff_confirmations_disputes_close_notes_and_history(lived_in, client):
    olga = User.objects.get(username="olga")
    client.force_login(olga, backend=BACKEND)
    before = pages(client, lived_in)
    data = json.loads(eventfile.to_text(event_export(lived_in, history=True)))

    assert data["staff"] == [{"username": "olga", "role": "organizer"}, {"username": "sam.scorer", "role": "scorer"}]
    r5 = data["rounds"][4]
    assert (r5["status"], r5["closed_by"]) == ("closed", "olga") and r5["close_note"].startswith("Hall closing at six")
    assert any(t.get("confirmed_by") == "Table 2 E-W phone" for t in r5["tables"])
    assert any(t.get("dispute") == "We bid 8♠, not 8♣" for t in r5["tables"])
    changes = [c for r in data["rounds"] for t in r["tables"] for c in t["history"]]
    corrected = [c for c in changes if c["action"] == "update"]
    assert len(corrected) == 1 and corrected[0]["reason"] == "Sheet said 9 tricks"
    assert corrected[0]["username"] == "sam.scorer" and corrected[0]["by"] == "Sam Scorer"
    assert {c["action"] for c in changes} == {"import", "update", "confirm", "dispute"}

    count = HandChange.objects.filter(event=lived_in).count()
    wipe(lived_in)
    User.objects.filter(username="sam.scorer").delete()  # a new machine: the scorer has no account yet
    restored = event_import(data)

    assert restored.accounts_created == ["sam.scorer"]
    sam = User.objects.get(username="sam.scorer")
    assert not sam.has_usable_password()
    assert set(restored.staff.values_list("user__username", "role")) == {("olga", "organizer"), ("sam.scorer", "scorer")}
    assert HandChange.objects.filter(event=restored).count() == count  # the history, not one import row per hand
    assert HandChange.objects.get(event=restored, action="update").by_user == sam
    assert event_export(restored, history=True) == data
    after = pages(client, restored)
    for name in before:
        assert after[name] == before[name], name


def test_the_import_command_says_which_accounts_it_created(lived_in, tmp_path):
    path = tmp_path / "event.json"
    out = io.StringIO()
    call_command("export_event", SLUG, "--history", stdout=out)
    path.write_text(out.getvalue(), encoding="utf-8")
    wipe(lived_in)
    User.objects.filter(username__in=["olga", "sam.scorer"]).delete()
    said = io.StringIO()
    call_command("import_event", str(path), stdout=said, stderr=io.StringIO())
    text = said.getvalue()
    assert "Created the account olga" in text and "Created the account sam.scorer" in text
    assert "changepassword sam.scorer" in text
    assert not User.objects.get(username="olga").has_usable_password()


def test_without_history_an_import_writes_one_import_row_per_hand_and_keeps_the_rest(lived_in):
    data = event_export(lived_in)
    assert "history" not in data["rounds"][0]["tables"][0]
    wipe(lived_in)
    restored = event_import(data)
    actions = set(HandChange.objects.filter(event=restored).values_list("action", flat=True))
    assert actions == {"import"}
    assert restored.staff.count() == 2
    assert event_export(restored) == data


@pytest.mark.django_db
def test_an_older_file_without_these_keys_still_imports():
    older = {"format": "500-event/1",
             "event": {"name": "Old file", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 1},
             "partnerships": [{"number": 1, "players": ["Ana", "Bob"]}, {"number": 2, "players": ["Cy", "Di"]}],
             "rounds": [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "hands": [
                 {"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}]}], "byes": []}]}
    event = event_import(older)
    table = Table.objects.get(round__event=event)
    assert table.confirmed_by == "event file" and table.confirmed_at is not None
    assert event.staff.count() == 0 and event.accounts_created == []
    assert list(HandChange.objects.filter(event=event).values_list("action", flat=True)) == ["import"]


@pytest.mark.parametrize("change, problem", [
    ({"rounds": [{"number": 1, "status": "open", "closed_by": "olga", "tables": []}]},
     "rounds[0].closed_by: only a closed round has this (this round is open)"),
    ({"staff": [{"username": "olga", "role": "boss"}]},
     'staff[0].role: "boss" is not a staff role (organizer, scorer)'),
    ({"staff": [{"username": "olga", "role": "scorer"}, {"username": "olga", "role": "organizer"}]},
     "staff[1].username: olga is listed twice (also staff[0])"),
    ({"staff": [{"username": "o l g a", "role": "scorer"}]},
     'staff[0].username: "o l g a" is not a username (letters, digits and @ . + - _, at most 150)'),
    ({"rounds": [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "confirmed_at": "2026-05-14 15:00",
                                            "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}]}]}]},
     'rounds[0].tables[0].confirmed_at: "2026-05-14 15:00" is not a moment with its time zone (e.g. 2026-05-14T15:04:05Z)'),
    ({"rounds": [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "history": [],
                                            "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}]}]}]},
     None),
    ({"rounds": [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "hands": [
        {"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}],
        "history": [{"action": "confirm", "by": "x", "at": "2026-05-14T15:00:00Z"}]}]}]},
     "rounds[0].tables[0].history: hand 1 has no row that entered or imported it"),
])
def test_the_new_keys_are_checked_with_their_place(change, problem):
    data = {"format": "500-event/1",
            "event": {"name": "T", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 1},
            "partnerships": [{"number": 1, "players": ["Ana", "Bob"]}, {"number": 2, "players": ["Cy", "Di"]}],
            "rounds": []}
    data.update(change)
    assert eventfile.check(data)[0] == ([problem] if problem else [])
