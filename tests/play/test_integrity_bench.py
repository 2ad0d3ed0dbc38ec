"""`manage.py bench` keeps working as the site changes: at a small size every figure is measured
(none says "not available") and the results file holds them. The load figure (gunicorn + wrk)
is left out here; the real run is `python manage.py bench`."""

import json

import pytest
from django.core.management import call_command

pytestmark = pytest.mark.slow


def test_the_benchmark_measures_every_figure_on_a_small_event(db, tmp_path, capsys):
    out = tmp_path / "bench.json"
    call_command("bench", "--use-current-db", "--partnerships", "12", "--runs", "2", "--skip-load",
                 "--output", str(out))
    printed = capsys.readouterr().out
    results = json.loads(out.read_text())
    figures = {f["name"]: f for f in results["figures"]}
    assert set(figures) == {
        "build the event: demo_event --partnerships 12 --complete",
        "standings page HTML, uncached",
        "standings JSON, uncached",
        "live standings poll, nothing changed",
        "import the 12-partnership event file",
        "save one hand through the entry view",
        "score sheets for the whole event (PDF)",
        "standings PDF",
        "check_event (recompute everything)",
    }
    unavailable = {name: f["status"] for name, f in figures.items() if f["status"].startswith("not available")}
    assert unavailable == {}
    assert all(f["median_ms"] > 0 for f in figures.values())
    assert figures["check_event (recompute everything)"]["extra"]["differences"] == 0
    # The query counts the issue bounds, whatever the event's size.
    assert figures["standings page HTML, uncached"]["queries"] <= 10
    assert figures["live standings poll, nothing changed"]["queries"] <= 1
    assert "standings page HTML, uncached" in printed and "median" in printed
