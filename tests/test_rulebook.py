"""Rules data: every source rebuilt word for word from its clauses, and the loader's checks
(schema, ids, topics, lead-ins, policies) reported as ``file:line: message``."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

from qa import fidelity
from qa.rulebook import DATA_DIR, RulebookError, load_rulebook

RULESETS = ["10-doolys", "10-ffb", "10-guide", "9-bca", "9-ffb"]
SOURCES = {"10-doolys": "000_dbc0a035dbb61263.txt", "10-ffb": "001_f92674380fc7b2c1.txt",
           "10-guide": "002_381f95b3b4556228.txt", "9-bca": "003_c6170089c229b6d1.txt",
           "9-ffb": "004_e7ce43dc4ac2807a.txt"}


def _clauses(rid: str) -> list[dict]:
    return yaml.safe_load((DATA_DIR / "clauses" / f"{rid}.yaml").read_text(encoding="utf-8"))["clauses"]


def _source(rid: str) -> str:
    return (DATA_DIR / "sources" / SOURCES[rid]).read_text(encoding="utf-8")


# ----------------------------------------------------------------------------- fidelity
@pytest.mark.parametrize("rid", RULESETS)
def test_source_is_rebuilt_word_for_word_from_its_clauses(rid):
    report = fidelity.compare(_source(rid), fidelity.rebuild(_clauses(rid)))
    assert report.ok, report.detail


def test_sources_are_the_shared_seeds_byte_for_byte():
    shared = DATA_DIR.parent.parent / "shared" / "seeds"
    if not shared.is_dir():
        pytest.skip("../shared absent (the repository stands alone with rules_data/sources)")
    for name in SOURCES.values():
        assert (DATA_DIR / "sources" / name).read_bytes() == (shared / name).read_bytes()


@pytest.mark.parametrize("rid", RULESETS)
def test_fidelity_fails_on_an_altered_word(rid):
    clauses = _clauses(rid)
    target = next(c for c in clauses if len(c["text"].split()) > 5)
    words = target["text"].split()
    words[2] = words[2] + "x"
    target["text"] = " ".join(words)
    assert not fidelity.compare(_source(rid), fidelity.rebuild(clauses)).ok


@pytest.mark.parametrize("rid", RULESETS)
def test_fidelity_fails_on_a_lost_clause_or_an_added_sentence(rid):
    clauses = _clauses(rid)
    assert not fidelity.compare(_source(rid), fidelity.rebuild(clauses[:3] + clauses[4:])).ok
    clauses[-1]["text"] += " La partie est nulle."
    assert not fidelity.compare(_source(rid), fidelity.rebuild(clauses)).ok


def test_fidelity_ignores_whitespace_and_list_markers_only():
    assert fidelity.normalise("1. Bille  blanche\n• empochée\nA)La 9") == fidelity.normalise("Bille blanche empochée La 9")
    assert fidelity.normalise("la 10") != fidelity.normalise("la 1")


# ----------------------------------------------------------------------------- the loaded book
def test_every_ruleset_is_loaded_with_its_clauses_in_source_order(rulebook):
    assert list(rulebook.rulesets) == RULESETS
    for rid in RULESETS:
        clauses = rulebook.by_ruleset[rid]
        assert [c.order for c in clauses] == list(range(len(clauses)))
        assert all(c.id.startswith(rid + "/") and re.fullmatch(r"[a-z0-9-]+/[a-z0-9-]+", c.id) for c in clauses)
        assert rulebook.rulesets[rid].source == SOURCES[rid]


def test_kinds_lead_ins_and_topics(rulebook):
    for c in rulebook.clauses.values():
        assert c.kind in ("rule", "info", "toc")
        assert set(c.topics) <= set(rulebook.topics)
        if c.lead_in:
            lead = rulebook.clauses[c.lead_in]
            assert lead.ruleset == c.ruleset and lead.order < c.order
    # the guide's table of contents is kept for fidelity as a toc clause
    assert rulebook.clauses["10-guide/sommaire"].kind == "toc"
    # a list of fouls is one clause per item, each shown with its list's lead-in
    items = [c for c in rulebook.by_ruleset["10-ffb"] if c.lead_in == "10-ffb/fautes-classiques"]
    assert len(items) == 13


def test_every_policy_value_names_an_existing_rule_clause_of_its_ruleset(rulebook):
    for rid, rs in rulebook.rulesets.items():
        assert set(rs.policy) == set(rulebook.policy_specs)
        for name, pv in rs.policy.items():
            if pv.silent:
                assert pv.clause is None
                continue
            assert pv.value in rulebook.policy_specs[name].values
            clause = rulebook.clauses[pv.clause]
            assert clause.ruleset == rid and clause.kind == "rule", (rid, name)
        for code, cid in rs.fouls.items():
            assert code in rulebook.foul_codes and rulebook.clauses[cid].ruleset == rid


def test_loading_is_deterministic(rulebook):
    book = load_rulebook()
    assert list(book.clauses) == list(rulebook.clauses)
    assert book.rulesets["9-ffb"].policy == rulebook.rulesets["9-ffb"].policy


# ----------------------------------------------------------------------------- loader errors
@pytest.fixture
def data(tmp_path) -> Path:
    dst = tmp_path / "rules_data"
    shutil.copytree(DATA_DIR, dst)
    return dst


def _problems(data: Path) -> list[str]:
    with pytest.raises(RulebookError) as exc:
        load_rulebook(data)
    return [str(p) for p in exc.value.problems]


def _edit(path: Path, old: str, new: str) -> int:
    text = path.read_text(encoding="utf-8")
    assert old in text
    line = text[:text.index(old)].count("\n") + 1
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return line


def test_misspelt_topic_gives_file_line_and_did_you_mean(data):
    line = _edit(data / "clauses" / "9-ffb.yaml", "topics: [break", "topics: [braek")
    problems = _problems(data)
    assert any(p.startswith(f"rules_data/clauses/9-ffb.yaml:{line}:") and "braek" in p
               and "vouliez-vous dire « break »" in p for p in problems), problems


def test_a_glossary_phrase_that_is_one_short_word_once_analysed_is_refused(data):
    """« sans le vouloir » is « san » without its stop words: it would replace every « sans »."""
    line = _edit(data / "glossary.yaml", ", par accident,", ", sans le vouloir, par accident,")
    problems = _problems(data)
    assert any(p.startswith(f"rules_data/glossary.yaml:{line}:") and "« sans le vouloir » se réduit au mot « san »" in p
               for p in problems), problems


def test_unknown_key_gives_did_you_mean(data):
    line = _edit(data / "clauses" / "9-bca.yaml", "    title:", "    titel:")
    problems = _problems(data)
    assert any(f"9-bca.yaml:{line}:" in p and "« titel »" in p and "« title »" in p for p in problems), problems


def test_duplicate_clause_id(data):
    path = data / "clauses" / "10-doolys.yaml"
    _edit(path, "id: 10-doolys/1-toucher-la-plus-basse", "id: 10-doolys/1-but-du-jeu")
    assert any("en double" in p and "10-doolys/1-but-du-jeu" in p for p in _problems(data))


def test_altered_text_fails_fidelity_at_load(data):
    _edit(data / "clauses" / "9-ffb.yaml", "Le joueur a « bille en main »", "Le joueur a toujours « bille en main »")
    assert any("ne reconstituent pas" in p and "9-ffb" in p for p in _problems(data))


def test_policy_errors_name_the_policy_and_the_clause(data):
    path = data / "policies" / "9-ffb.yaml"
    line = _edit(path, "  jump_shots: {value: silent}", "  jump_shot: {value: silent}")
    _edit(path, "clause: 9-ffb/casse-de-depart}", "clause: 9-ffb/casse-de-departt}")
    _edit(path, "{value: wins, clause", "{value: win, clause")
    problems = _problems(data)
    assert any(f"9-ffb.yaml:{line}:" in p and "« jump_shot »" in p and "« jump_shots »" in p for p in problems)
    assert any("9-ffb/casse-de-departt" in p and "vouliez-vous dire « 9-ffb/casse-de-depart »" in p for p in problems)
    assert any("« win »" in p and "non permise" in p for p in problems)
    assert any("politique manquante : « jump_shots »" in p for p in problems)


def test_broken_yaml_reports_its_line(data):
    path = data / "topics.yaml"
    path.write_text(path.read_text(encoding="utf-8") + "- {id: oops, label: [\n", encoding="utf-8")
    assert any(p.startswith("rules_data/topics.yaml:") and "YAML" in p for p in _problems(data))


# ----------------------------------------------------------------------------- lexicon (rules_data/lexicon.yaml)
def test_lexicon_word_corrected_and_kept_is_a_contradiction_at_its_line(data):
    path = data / "lexicon.yaml"
    line = _edit(path, "keep: [\n", "keep: [\n  blanche,\n")
    problems = _problems(data)
    assert f"rules_data/lexicon.yaml:{line + 1}: « blanche » est dans « keywords » et dans « keep » : " \
           "corrigé vers ce mot-clé et gardé tel quel, c’est contradictoire" in problems


def test_lexicon_phrase_for_opponent_and_third_player_is_a_contradiction(data):
    path = data / "lexicon.yaml"
    line = _edit(path, '  - "le joueur"', '  - "le joueur"\n  - "mon adversaire"')
    problems = _problems(data)
    assert any(p.startswith(f"rules_data/lexicon.yaml:{line + 1}: « mon adversaire » est dans « opponent » et dans « player »")
               for p in problems), problems


def test_lexicon_misspelt_list_gives_did_you_mean_and_the_missing_list(data):
    path = data / "lexicon.yaml"
    line = _edit(path, "ball_lead: [", "bal_lead: [")
    problems = _problems(data)
    assert f"rules_data/lexicon.yaml:{line}: liste inconnue « bal_lead » ; vouliez-vous dire « ball_lead » ?" in problems
    assert any("la liste « ball_lead » manque" in p for p in problems)


def test_lexicon_words_must_be_folded(data):
    path = data / "lexicon.yaml"
    line = _edit(path, "breaker: [casseur", "breaker: [Casseur, ouvreuse-x, casseur")
    problems = _problems(data)
    assert any(p.startswith(f"rules_data/lexicon.yaml:{line}: « Casseur » dans « breaker »") for p in problems)
    assert any("« ouvreuse-x »" in p for p in problems)


def test_lexicon_lists_are_what_understanding_reads():
    from qa.lexicon import load_lexicon
    from qa.understand import lexicon as used
    lex = load_lexicon()
    assert used.LEXICON == lex
    assert ("mon", "adversaire") in lex.opponent and "casseur" in lex.breaker
    assert not set(lex.keywords) & lex.keep
