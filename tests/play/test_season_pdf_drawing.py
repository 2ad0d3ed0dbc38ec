"""The season PDF drawn from plain data (scoring.printing.seasons): the ladder, the unranked and the
awards in its text (pypdf)."""

import io

from pypdf import PdfReader

from scoring.engine import seasons
from scoring.engine.seasons import EventResult, MemberResult, Ranking
from scoring.printing.documents import DocHeader
from scoring.printing.seasons import SeasonDoc, season_standings


def text_of(pdf: bytes) -> str:
    return " ".join(" ".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages).split())


def test_the_season_pdf_prints_the_ladder_the_unranked_and_the_awards():
    events = [
        EventResult("e1", (MemberResult(17, "Ana Garza", 1, 900, 3, 2, 0), MemberResult(4, "Bea Ruiz", 2, 700, 1, 0, 1),
                           MemberResult(9, "Cy Long", 3, 500, 0, 0, 0))),
        EventResult("e2", (MemberResult(17, "Ana Garza", 2, 600, 1, 0, 0), MemberResult(4, "Bea Ruiz", 1, 800, 2, 0, 1))),
    ]
    standings = seasons.compute(Ranking("placement_points", (10, 8, 6), min_events=2), events)
    doc = SeasonDoc(DocHeader("Pittsworth 500", "summer", "May – June 2026"), "Summer ladder",
                    "Ranked by placement points", standings, {17: "Ana Garza", 4: "Bea Ruiz", 9: "Cy Long"})
    text = text_of(season_standings(doc))
    # Ana 10 + 8 = 18 and Bea 8 + 10 = 18 share the 1st rank; Cy played once: not ranked.
    assert "1= 17 Ana Garza 2 18 4 2 0" in text
    assert "1= 4 Bea Ruiz 2 18 3 0 2" in text
    assert "Not ranked yet (too few events)" in text and "– 9 Cy Long 1 6 0 0 0" in text
    assert "Most slams (2): Ana Garza (17)" in text
    assert "Most misères made (2): Bea Ruiz (4)" in text
    assert "Most events played (2): Bea Ruiz (4), Ana Garza (17)" in text
