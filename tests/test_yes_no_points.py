"""Yes/no rule points: each question of tests/data/yes_no_points.yaml (written from the five
texts) gets, per ruleset, the verdict its text gives (``silent`` where it says nothing that
decides it), the clauses those verdicts rest on are cited, it is never refused (unless every text
is silent and no clause speaks of it: then it is outside the texts), and its ``short`` stays
within 200 characters."""
from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from qa.short import MAX_SHORT

POINTS = yaml.safe_load((Path(__file__).parent / "data" / "yes_no_points.yaml").read_text(encoding="utf-8"))["points"]


@pytest.mark.parametrize("point", POINTS, ids=[p["q"] for p in POINTS])
def test_yes_no_point_gets_each_text_s_verdict_and_cites_it(answerer, rulebook, point):
    ans = answerer.ask(point["q"])
    # a point every text is silent on, that no clause speaks of, is outside the texts (« unknown », the
    # contract's word for it); its verdicts still say each silence
    outside = not point["clauses"] and set(point["verdicts"].values()) == {"silent"}
    assert ans["kind"] != "unknown" or outside, ans["short"]
    assert ans["verdicts"] == point["verdicts"], ans["short"]
    cited = {c["id"] for c in ans["citations"]}
    missing = [c for c in point["clauses"] if c not in cited]
    assert not missing, (missing, sorted(cited))
    assert len(ans["short"]) <= MAX_SHORT


def test_points_name_real_clauses_of_the_rulesets_judged(rulebook):
    for p in POINTS:
        assert set(p["verdicts"]) <= set(rulebook.rulesets), p["q"]
        assert set(p["verdicts"].values()) <= {"yes", "no", "silent"}, p["q"]
        for cid in p["clauses"]:
            assert cid in rulebook.clauses and rulebook.clauses[cid].ruleset in p["verdicts"], (p["q"], cid)
            assert p["verdicts"][rulebook.clauses[cid].ruleset] != "silent", (p["q"], cid)
