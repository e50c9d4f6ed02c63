"""The situations of tests/data/scenarios.yaml (and the shared examples, copied to
tests/data/shared_examples.yaml), each ruled and checked against what its text settles."""
from pathlib import Path

import pytest
import yaml

from engine_support import assert_expected, book, rule_mapping

DATA = Path(__file__).resolve().parent / "data"
OURS = yaml.safe_load((DATA / "scenarios.yaml").read_text(encoding="utf-8"))
SHARED = yaml.safe_load((DATA / "shared_examples.yaml").read_text(encoding="utf-8"))


def _check(item):
    o = rule_mapping(item["scenario"])
    assert_expected(o, item["expect"])
    return o


@pytest.mark.parametrize("item", OURS, ids=[s["name"] for s in OURS])
def test_scenario(item):
    o = _check(item)
    cited = set(o.cited) | {f.clause for f in o.fouls if f.clause}
    assert item["clause"] in cited, f"{item['clause']} not in {sorted(cited)}"
    assert item["clause"].split("/")[0] == item["scenario"]["ruleset"]
    settled = set(item["expect"]) & set(o.unsettled)
    assert not settled, f"the text settles {settled}, yet the engine lists them as unsettled"
    open_fields = set(item.get("unsettled", ()))
    assert open_fields <= set(o.unsettled), f"{open_fields - set(o.unsettled)} not listed as unsettled"
    assert not open_fields or o.notes


@pytest.mark.parametrize("item", SHARED, ids=[s["name"] for s in SHARED])
def test_shared_example(item):
    _check(item)


def test_shared_examples_copy_is_current():
    """CI has a read-only ../shared beside the repo: when it is there, our copy must match it."""
    shared = Path(__file__).resolve().parents[2] / "shared" / "examples" / "scenarios.yaml"
    if not shared.is_file():
        pytest.skip("../shared is not beside the repository")
    assert yaml.safe_load(shared.read_text(encoding="utf-8")) == SHARED


def test_the_situations_cover_every_ruleset_and_at_least_sixty():
    assert len(OURS) >= 60
    assert {s["scenario"]["ruleset"] for s in OURS} == set(book().rulesets) & {
        "10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"}
    assert len({s["name"] for s in OURS}) == len(OURS)
