"""Each contradiction or silence of a text (tests/data/text_points.yaml, listed in
docs/TEXT_POINTS.md): the fields it decides are unsettled, the ruling says why in notes, and the
clauses it rests on are cited."""
from pathlib import Path

import pytest
import yaml

from engine_support import ROOT, book, rule_mapping

POINTS = yaml.safe_load((Path(__file__).resolve().parent / "data" / "text_points.yaml").read_text(encoding="utf-8"))
DOC = (ROOT / "docs" / "TEXT_POINTS.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("point", POINTS, ids=[p["id"] for p in POINTS])
def test_point_is_unsettled_noted_and_cited(point):
    o = rule_mapping(point["scenario"])
    assert set(point["fields"]) <= set(o.unsettled), set(point["fields"]) - set(o.unsettled)
    assert o.notes
    cited = set(o.cited) | {f.clause for f in o.fouls if f.clause}
    assert set(point["cited"]) <= cited


@pytest.mark.parametrize("point", POINTS, ids=[p["id"] for p in POINTS])
def test_point_is_in_the_docs_with_its_clauses_and_fields(point):
    row = next((line for line in DOC.splitlines() if line.startswith(f"| `{point['id']}` |")), None)
    assert row is not None, f"{point['id']} missing from docs/TEXT_POINTS.md"
    for name in point["clauses"] + point["fields"]:
        assert f"`{name}`" in row, name
    for c in point["clauses"]:
        assert c in book().clauses and c.split("/")[0] == point["scenario"]["ruleset"], c


def test_every_contradiction_cites_both_clauses():
    for p in POINTS:
        if p["kind"] == "contradiction":
            assert len(p["clauses"]) == 2, p["id"]


def test_the_docs_list_no_point_the_data_lacks():
    ids = {p["id"] for p in POINTS}
    rows = [line.split("`")[1] for line in DOC.splitlines() if line.startswith("| `")]
    assert set(rows) == ids and len(rows) == len(ids)
