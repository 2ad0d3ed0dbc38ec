"""The live preview equals the server's scoring: the table the page carries is built by
score_for_table, and static/js/entry.js (run in node) reads it back the same way for every case."""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.conf import settings

from scoring.engine import rules as rules_engine
from scoring.entry_data import contract_choices
from scoring.previews import preview_table
from scoring.services import score_for_table

ENTRY_JS = Path(settings.BASE_DIR) / "static" / "js" / "entry.js"
PARTNERSHIP_RULES = [
    rules_engine.rule_set("mcallen"),
    rules_engine.rule_set("official-team"),
    rules_engine.rule_set("classic-1994"),
    rules_engine.rule_set("wikipedia-2006"),
    rules_engine.rule_set("mcallen", {"specials": ["MIS", "OMIS"], "allow_six_bids": False}),
]
PENALTIES = [("", ""), ("revoke", "ns"), ("revoke", "ew")]


def all_cases(rules):
    return [
        {"declarer": d, "contract": c.code, "tricks": t, "penalty_kind": k, "penalty_side": s}
        for c in rules.legal_contracts() for t in range(11) for d in ("ns", "ew") for k, s in PENALTIES
    ]


def server(rules, case):
    ns, ew, _ = score_for_table(rules, **case)
    return [ns, ew]


def test_hand_worked_values_in_the_preview_table():
    points = preview_table(rules_engine.rule_set("mcallen"))["points"]
    assert points["7H"]["none"][8] == [200, 20]          # RULES.md: 7H, 8 tricks
    assert points["8NT"]["none"][7] == [-320, 30]
    assert points["6S"]["none"][10] == [250, 0]          # slam minimum
    assert points["8C"]["defenders"][5] == [260, 0]      # revoke by the defenders
    assert points["7D"]["declarer"][9] == [-180, 10]     # revoke by the bidding side
    assert "MIS" not in points                           # McAllen has no misère


def test_contract_labels_show_suit_and_value():
    choices = dict(contract_choices(rules_engine.rule_set("mcallen")))
    assert choices["7H"] == "7♥ Hearts · 200"
    assert choices["10NT"] == "10NT No Trump · 520"
    assert len(choices) == 25
    no_sixes = dict(contract_choices(rules_engine.rule_set("mcallen", {"allow_six_bids": False, "specials": ["MIS"]})))
    assert "6S" not in no_sixes and no_sixes["MIS"] == "Misère · 250"


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
@pytest.mark.parametrize("rules", PARTNERSHIP_RULES, ids=lambda r: r.name + ("+" if r.specials and r.name == "mcallen" else ""))
def test_entry_js_gives_the_server_points_for_every_case(rules):
    cases = all_cases(rules)
    script = (
        "const {handPoints}=require(process.argv[1]);let s='';process.stdin.on('data',d=>s+=d);"
        "process.stdin.on('end',()=>{const {table,cases}=JSON.parse(s);"
        "console.log(JSON.stringify(cases.map(c=>{const p=handPoints(table,c.declarer,c.contract,String(c.tricks),"
        "c.penalty_kind,c.penalty_side);return p&&[p.ns,p.ew];})));});"
    )
    out = subprocess.run(["node", "-e", script, str(ENTRY_JS)], input=json.dumps({"table": preview_table(rules), "cases": cases}),
                         capture_output=True, text=True, timeout=20, check=True).stdout
    got = json.loads(out)
    expected = [server(rules, case) for case in cases]
    mismatches = [(case, g, e) for case, g, e in zip(cases, got, expected) if g != e]
    assert mismatches == []
    assert len(cases) > 600


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_entry_js_shows_nothing_for_an_incomplete_hand():
    table = preview_table(rules_engine.rule_set("mcallen"))
    script = (
        "const {handPoints,signed}=require(process.argv[1]);const t=JSON.parse(process.argv[2]);"
        "console.log(JSON.stringify([handPoints(t,'','7H','8','',''),handPoints(t,'ns','MIS','0','',''),"
        "handPoints(t,'ns','7H','11','',''),handPoints(t,'ns','7H','','',''),handPoints(t,'ns','7H','8','revoke',''),"
        "signed(200),signed(0),signed(-40)]))"
    )
    out = subprocess.run(["node", "-e", script, str(ENTRY_JS), json.dumps(table)], capture_output=True, text=True,
                         timeout=20, check=True).stdout
    assert json.loads(out) == [None, None, None, None, None, "+200", "0", "-40"]
