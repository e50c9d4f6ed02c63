"""qa.compare: the policy table marks exactly the differences the texts state, the clauses
side by side, word differences, exports, one shot under several rulesets, and the CLI."""
from __future__ import annotations

import csv
import io
import itertools
import json
import re
import unicodedata

import pytest

from qa.compare import (
    CompareError, compare, differences, highlight, rule_everywhere, to_csv, to_markdown, to_text, word_diff,
)
from qa.rulebook import SILENT

NINE = ["9-bca", "9-ffb"]
TEN = ["10-doolys", "10-ffb", "10-guide"]


def fold(text: str) -> str:
    text = unicodedata.normalize("NFKD", text.lower().replace("’", "'"))
    return "".join(ch for ch in text if not unicodedata.combining(ch))


def row(result: dict, name: str) -> dict:
    return next(p for p in result["policies"] if p["name"] == name)


# ----------------------------------------------------------------------------- shape and validation
def test_shape_is_the_contract(rulebook):
    r = compare(rulebook, NINE)
    assert r["rulesets"] == NINE
    assert {"rulesets", "topics", "policies"} <= set(r)
    assert [p["name"] for p in r["policies"]] == list(rulebook.policy_specs)
    for p in r["policies"]:
        assert {"name", "label", "values", "differs"} <= set(p)
        assert list(p["values"]) == NINE
        for rid, v in p["values"].items():
            assert {"value", "clause", "value_label"} <= set(v)
            if v["value"] == SILENT:
                assert v["clause"] is None and v["value_label"] == "silencieux"
            else:
                assert v["clause"] in rulebook.clauses
                assert v["value_label"] == rulebook.policy_specs[p["name"]].values[v["value"]]
                assert v["clause_text"] == rulebook.clauses[v["clause"]].text
    for t in r["topics"]:
        assert {"topic", "label", "clauses"} <= set(t)
        assert t["topic"] in rulebook.topics and t["label"] == rulebook.topics[t["topic"]]
        assert list(t["clauses"]) == NINE
        for rid, cs in t["clauses"].items():
            assert [c["id"] for c in cs] == [c.id for c in rulebook.by_ruleset[rid]
                                            if t["topic"] in c.topics and c.kind != "toc"]
            for c in cs:
                assert {"id", "ruleset", "game", "kind", "section", "title", "text", "topics"} <= set(c)
                assert c["text"] == rulebook.clauses[c["id"]].text


def test_every_topic_with_clauses_is_listed_in_book_order(rulebook):
    r = compare(rulebook, TEN)
    ids = [t["topic"] for t in r["topics"]]
    assert ids == [t for t in rulebook.topics if t in ids]
    assert "break" in ids and "three-fouls" in ids


def test_topic_filter_keeps_that_topic_and_its_policies(rulebook):
    r = compare(rulebook, NINE, "push-out")
    assert [t["topic"] for t in r["topics"]] == ["push-out"]
    assert r["policies"] and all(p["topic"] == "push-out" for p in r["policies"])
    assert {p["name"] for p in r["policies"]} == {n for n, s in rulebook.policy_specs.items() if s.topic == "push-out"}


@pytest.mark.parametrize("ids, needle", [
    (["9-ffb"], "au moins 2"),
    ([], "au moins 2"),
    (["9-ffb", "9-ffb"], "au moins 2"),
    (["9-ffb", "9-bca", "10-ffb", "10-doolys", "10-guide", "x"], "inconnu"),
])
def test_bad_ruleset_lists(rulebook, ids, needle):
    with pytest.raises(CompareError) as exc:
        compare(rulebook, ids)
    assert exc.value.field == "rulesets" and needle in exc.value.message


def test_more_than_five_rulesets(rulebook):
    from qa.compare import check_rulesets
    fake = type("B", (), {"rulesets": {f"r{i}": None for i in range(6)}})()
    with pytest.raises(CompareError) as exc:
        check_rulesets(fake, [f"r{i}" for i in range(6)])
    assert exc.value.field == "rulesets" and "Au plus 5" in exc.value.detail


def test_unknown_ruleset_suggests_the_closest(rulebook):
    with pytest.raises(CompareError) as exc:
        compare(rulebook, "9-bca,9-fbb")
    e = exc.value
    assert isinstance(e, ValueError)
    assert e.field == "rulesets" and e.code == "unknown_ruleset"
    assert "« 9-fbb »" in e.message and "vouliez-vous dire « 9-ffb »" in e.message


def test_unknown_topic_suggests_the_closest(rulebook):
    with pytest.raises(CompareError) as exc:
        compare(rulebook, NINE, "brek")
    assert exc.value.field == "topic" and exc.value.code == "unknown_topic"
    assert "vouliez-vous dire « break »" in exc.value.message


def test_none_means_the_published_texts(rulebook):
    assert compare(rulebook, None)["rulesets"] == list(rulebook.rulesets)


def test_comma_string_and_list_give_the_same(rulebook):
    assert compare(rulebook, "9-bca, 9-ffb") == compare(rulebook, NINE)


# ----------------------------------------------------------------------------- differences
def test_differs_exactly_when_values_differ_for_every_pair_and_triple(rulebook):
    ids = list(rulebook.rulesets)
    for n in (2, 3):
        for combo in itertools.combinations(ids, n):
            r = compare(rulebook, combo)
            for p in r["policies"]:
                values = {rulebook.rulesets[rid].policy[p["name"]].value for rid in combo}
                assert p["differs"] == (len(values) > 1), (combo, p["name"])


def test_no_difference_where_every_text_agrees(rulebook):
    r = compare(rulebook, list(rulebook.rulesets))
    agreed = {"break_first_contact", "lowest_ball_first", "three_fouls", "warning_required", "push_out_options",
              "ball_in_hand_after_foul", "push_out_rules"}
    for name in agreed:
        assert not row(r, name)["differs"], name
        assert len({v["value"] for v in row(r, name)["values"].values()}) == 1


def test_nine_ball_rulesets_agree_on_what_both_state(rulebook):
    r = compare(rulebook, NINE)
    for name in ("break_requirement", "money_ball_on_legal_break", "call_shot", "lowest_ball_first"):
        assert not row(r, name)["differs"], name


# One test per difference stated by the texts: the value each ruleset takes, and the clause
# that states it (its ruleset and a word of its text).
KNOWN = [
    # (policy, ruleset A, value A, word in A's clause, ruleset B, value B, word in B's clause)
    ("break_requirement", "10-ffb", "four_rails", "quatre", "10-doolys", "pocket_or_four_rails", "quatre"),
    ("money_ball_on_legal_break", "10-doolys", "wins", "10", "10-ffb", "wins_if_called", "annonc"),
    ("three_ball_rule", "9-ffb", "template_only", "rack", "9-bca", SILENT, None),
    ("push_out_after_break", "9-bca", "unless_scratch", "pousse", "9-ffb", "legal_break", "push"),
    ("unwarned_third_foul", "9-ffb", "counts_as_second", "avert", "9-bca", SILENT, None),
    ("jump_shots", "10-doolys", "forbidden", "saute", "10-guide", "allowed", "jump"),
    ("call_shot", "10-ffb", "ball_and_pocket", "annonc", "10-doolys", "none", "nommer"),
]


@pytest.mark.parametrize("name, a, va, wa, b, vb, wb", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_difference(rulebook, name, a, va, wa, b, vb, wb):
    r = compare(rulebook, [a, b])
    p = row(r, name)
    assert p["differs"] is True
    assert name in differences(r)
    for rid, value, word in ((a, va, wa), (b, vb, wb)):
        v = p["values"][rid]
        assert v["value"] == value
        if value == SILENT:
            assert v["clause"] is None
            continue
        clause = rulebook.clauses[v["clause"]]
        assert clause.ruleset == rid and clause.kind == "rule"
        assert word in fold(clause.text + " " + clause.section), (v["clause"], word)
        assert v["clause_text"] == clause.text


def test_a_difference_shows_in_the_topic_columns_too(rulebook):
    r = compare(rulebook, NINE, "break")
    p = row(r, "three_ball_rule")
    # 9-ffb states the three-ball rule for template racks in a clause about the break
    assert p["values"]["9-ffb"]["clause"] == "9-ffb/trois-billes-champ-d-application"
    topic = r["topics"][0]
    assert topic["topic"] == "break"
    assert "9-ffb/trois-billes-champ-d-application" in {c["id"] for c in topic["clauses"]["9-ffb"]}


# ----------------------------------------------------------------------------- word differences
def test_word_diff_marks_only_what_differs():
    a, b = word_diff("Le joueur doit toucher la bille 1.", "Le joueur doit toucher la bille n° 1 sinon faute.")
    assert "".join(s["text"] for s in a) == "Le joueur doit toucher la bille 1."
    assert "".join(s["text"] for s in b) == "Le joueur doit toucher la bille n° 1 sinon faute."
    assert all(s["status"] == "same" for s in a)
    assert [s["text"] for s in b if s["status"] == "different"] == ["n°", "sinon faute."]


def test_identical_texts_have_no_difference():
    a, b = word_diff("Trois fautes de suite : partie perdue.", "Trois fautes de suite : partie perdue.")
    assert a == b == [{"text": "Trois fautes de suite : partie perdue.", "status": "same"}]


def test_highlight_several_texts_gives_back_each_text():
    texts = {"a": "un deux trois quatre", "b": "un deux trois cinq", "c": "un deux six quatre"}
    h = highlight(texts)
    for k, t in texts.items():
        assert "".join(s["text"] for s in h[k]) == t
        assert h[k][0] == {"text": "un deux ", "status": "same"}
    assert {s["status"] for s in h["a"]} == {"same", "different"}


def test_compare_with_diff_segments_rebuild_each_clause(rulebook):
    r = compare(rulebook, NINE, "three-fouls", diff=True)
    seen_different = False
    for t in r["topics"]:
        for cs in t["clauses"].values():
            for c in cs:
                assert "".join(s["text"] for s in c["segments"]) == c["text"]
                seen_different |= any(s["status"] == "different" for s in c["segments"])
    assert seen_different


def test_without_diff_no_segments(rulebook):
    r = compare(rulebook, NINE, "break")
    assert all("segments" not in c for t in r["topics"] for cs in t["clauses"].values() for c in cs)


# ----------------------------------------------------------------------------- exports
def test_csv_parses_with_one_row_per_policy(rulebook):
    r = compare(rulebook, TEN)
    rows = list(csv.reader(io.StringIO(to_csv(r))))
    header, body = rows[0], rows[1:]
    assert header[:4] == ["politique", "libellé", "thème", "diffère"]
    assert header[4:] == [f"{rid} {k}" for rid in TEN for k in ("valeur", "libellé", "clause")]
    assert len(body) == len(r["policies"])
    for line, p in zip(body, r["policies"]):
        assert line[0] == p["name"] and line[1] == p["label"]
        assert line[3] == ("oui" if p["differs"] else "non")
        for i, rid in enumerate(TEN):
            v = p["values"][rid]
            assert line[4 + 3 * i] == v["value"]
            assert line[6 + 3 * i] == (v["clause"] or "")


def _md_cells(line: str) -> list[str]:
    assert line.startswith("|") and line.endswith("|")
    return [c.strip() for c in re.split(r"(?<!\\)\|", line[1:-1])]


def test_markdown_table_rows(rulebook):
    r = compare(rulebook, NINE)
    md = to_markdown(r)
    lines = md.splitlines()
    start = next(i for i, ln in enumerate(lines) if ln.startswith("| Décision"))
    table = []
    for ln in lines[start:]:
        if not ln.startswith("|"):
            break
        table.append(ln)
    assert _md_cells(table[0]) == ["Décision", "9-bca", "9-ffb", "Diffère"]
    assert set(table[1].replace("|", "")) == {"-"}
    body = table[2:]
    assert len(body) == len(r["policies"])
    for ln, p in zip(body, r["policies"]):
        cells = _md_cells(ln)
        assert len(cells) == 4
        assert cells[0] == p["label"].replace("|", "\\|")
        assert cells[3] == ("**oui**" if p["differs"] else "non")
        for cell, rid in zip(cells[1:3], NINE):
            v = p["values"][rid]
            assert ("silencieux" in cell) == (v["value"] == SILENT)
    # then each topic with every ruleset's clauses, quoted verbatim
    assert "## Casse (bris)" in md
    first = r["topics"][0]["clauses"]["9-ffb"][0]
    assert f"`{first['id']}`" in md


def test_text_export_marks_differences(rulebook):
    r = compare(rulebook, NINE)
    txt = to_text(r)
    assert "≠ " + row(r, "three_ball_rule")["label"] in txt
    assert "  " + row(r, "break_first_contact")["label"] in txt
    only = to_text(r, only_differences=True)
    assert row(r, "break_first_contact")["label"] not in only
    assert f"{len(differences(r))} décision(s) diffèrent" in only


# ----------------------------------------------------------------------------- the same shot everywhere
def test_same_shot_under_two_ten_ball_rulesets(rulebook):
    shot = {"shot": {"kind": "break", "first_contact": 1, "pocketed": [10], "balls_to_rail": 5}}
    res = rule_everywhere(rulebook, shot, ["10-doolys", "10-ffb"])
    assert set(res["outcomes"]) == {"10-doolys", "10-ffb"} and not res["errors"]
    game_over = next(f for f in res["fields"] if f["name"] == "game_over")
    assert game_over["differs"] is True           # Dooly's: the 10 wins; FFB: only if called
    assert res["outcomes"]["10-doolys"]["game_over"] is True
    legal = next(f for f in res["fields"] if f["name"] == "legal")
    assert legal["differs"] is False


def test_same_shot_nine_ball_push_out_after_break_foul(rulebook):
    shot = {"shot": {"kind": "break", "first_contact": 2, "pocketed": [], "balls_to_rail": 5}}
    res = rule_everywhere(rulebook, shot, NINE)
    push = next(f for f in res["fields"] if f["name"] == "push_out_available")
    assert push["differs"] is True
    assert res["outcomes"]["9-bca"]["push_out_available"] is True
    assert res["outcomes"]["9-ffb"]["push_out_available"] is False


def test_same_shot_impossible_under_one_ruleset(rulebook):
    shot = {"state": {"on_table": [3, 9]}, "shot": {"first_contact": 3}}
    res = rule_everywhere(rulebook, shot, ["9-ffb", "10-ffb"])
    assert "10-ffb" in res["errors"] and "9-ffb" in res["outcomes"]
    assert res["errors"]["10-ffb"]["message"]


# ----------------------------------------------------------------------------- CLI
def test_cli_text(runner, cli):
    res = runner.invoke(cli, ["compare", "9-bca", "9-ffb"])
    assert res.exit_code == 0, res.output
    assert "≠ Règle des trois billes" in res.output
    assert "silencieux" in res.output


def test_cli_without_ids_compares_the_published_texts(runner, cli, rulebook):
    res = runner.invoke(cli, ["compare", "--format", "json"])
    assert res.exit_code == 0
    assert json.loads(res.output)["rulesets"] == list(rulebook.rulesets)


def test_cli_formats(runner, cli, rulebook):
    res = runner.invoke(cli, ["compare", "10-doolys,10-ffb", "--format", "json", "--topic", "break"])
    assert res.exit_code == 0
    data = json.loads(res.output)
    assert data == json.loads(json.dumps(compare(rulebook, ["10-doolys", "10-ffb"], "break")))
    res = runner.invoke(cli, ["compare", "10-doolys", "10-ffb", "--format", "csv"])
    assert res.exit_code == 0 and list(csv.reader(io.StringIO(res.output)))[0][0] == "politique"
    res = runner.invoke(cli, ["compare", "10-doolys", "10-ffb", "--format", "markdown"])
    assert res.exit_code == 0 and res.output.startswith("# Comparaison")


@pytest.mark.parametrize("args, needle", [
    (["compare", "9-bca", "9-fbb"], "vouliez-vous dire « 9-ffb »"),
    (["compare", "9-bca"], "au moins 2"),
    (["compare", "9-bca", "9-ffb", "--topic", "brek"], "vouliez-vous dire « break »"),
    (["compare", "9-bca", "9-ffb", "--format", "pdf"], "--format"),
])
def test_cli_errors_are_one_french_line(runner, cli, args, needle):
    res = runner.invoke(cli, args)
    assert res.exit_code == 2, res.output
    err = res.stderr.strip()
    assert len(err.splitlines()) == 1 and err.startswith("Erreur") and "Traceback" not in res.output
    assert needle in err


def test_same_shot_fitted_to_each_rack(rulebook):
    """With ``fit``, a shot told for a ten-ball table is fitted to a nine-ball rack."""
    def fit(sc, rid):
        sc = json.loads(json.dumps(sc))
        money = rulebook.rulesets[rid].money_ball
        sc["state"]["on_table"] = sorted({b for b in sc["state"]["on_table"] if b <= money} | {money})
        return sc
    shot = {"state": {"on_table": [3, 9, 10]}, "shot": {"first_contact": 3, "pocketed": [3]}}
    res = rule_everywhere(rulebook, shot, ["9-ffb", "10-ffb"], fit=fit)
    assert not res["errors"] and set(res["outcomes"]) == {"9-ffb", "10-ffb"}
    assert res["outcomes"]["9-ffb"]["on_table_after"] == [9]


# ----------------------------------------------------------------------------- caches (issue 9)
def test_a_comparison_is_computed_once_per_set_of_rulesets(app, monkeypatch):
    import web.compare as wc
    calls = []
    real = wc.compare

    def counting(*args, **kw):
        calls.append(args[1:])
        return real(*args, **kw)

    monkeypatch.setattr(wc, "compare", counting)
    client = app.test_client()
    for _ in range(3):
        assert client.get("/comparer?rulesets=9-bca,9-ffb,10-ffb").status_code == 200
        assert client.get("/api/compare?rulesets=9-bca,9-ffb,10-ffb").status_code == 200
    assert len(calls) == 2  # one with the word differences (page), one without (API)
    assert client.get("/api/compare?rulesets=9-bca,9-ffb&topic=break").status_code == 200
    assert len(calls) == 3
    assert client.get("/api/compare?rulesets=9-bca,inconnu").status_code == 400  # errors are not kept
    assert client.get("/api/compare?rulesets=9-bca,inconnu").status_code == 400
    assert len(calls) == 5


def test_the_comparison_cache_is_bounded(app, rulebook):
    from web.compare import _ComparisonCache
    cache = _ComparisonCache(size=2)
    first = cache.get(rulebook, ["9-bca", "9-ffb"], None, False)
    assert cache.get(rulebook, ["9-bca", "9-ffb"], None, False) is first
    cache.get(rulebook, ["9-bca", "10-ffb"], None, False)
    cache.get(rulebook, ["10-ffb", "9-ffb"], None, False)
    assert len(cache._items) == 2
    assert cache.get(rulebook, ["9-bca", "9-ffb"], None, False) is not first  # the oldest went out


def test_a_house_rules_draft_is_checked_without_reloading_rules_data(client, monkeypatch):
    import qa.house_rules
    import qa.rulebook

    def no_reload(*a, **kw):
        raise AssertionError("rules_data/ rechargé")

    monkeypatch.setattr(qa.house_rules, "load_rulebook", no_reload)
    monkeypatch.setattr(qa.rulebook, "load_rulebook", no_reload)
    ok = client.get("/regles-maison/nouveau?base=9-ffb&id=club-essai&title=Club&p_jump_shots=forbidden&action=apercu")
    assert ok.status_code == 200 and "club-essai" in ok.get_data(as_text=True)
    bad = client.get("/regles-maison/nouveau?base=9-ffb&id=club-essai&title=Club&p_jump_shots=jamais&action=apercu")
    assert bad.status_code == 400
