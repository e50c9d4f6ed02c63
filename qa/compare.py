"""Compare rulesets side by side: the policy table, the clauses per topic, one shot everywhere.

``compare(book, rulesets, topic=None)`` returns the public ``GET /api/compare`` shape
(contract): ``{"rulesets", "topics": [{"topic", "label", "clauses": {ruleset: [Clause]}}],
"policies": [{"name", "label", "values": {ruleset: {"value", "clause"}}, "differs"}]}``.
A policy ``value`` is ``"silent"`` (``clause`` null) where a text says nothing; ``differs``
is true exactly when the chosen rulesets take different values (``silent`` counts as one).

Pure functions only (no Flask): the web pages, the JSON API and ``python app.py compare``
translate their input into these calls and the results into HTML, JSON, text, Markdown or CSV.
"""
from __future__ import annotations

import csv
import difflib
import io
import re
import unicodedata
from typing import Any, Callable, Iterable, Mapping, Sequence

from . import ruling_words
from .spreadsheet import safe_cell
from .house_rules import DECISION_SECTION as CLUB_DECISION_SECTION
from .rulebook import SILENT, Rulebook, did_you_mean

MIN_RULESETS, MAX_RULESETS = 2, 5
SILENT_LABEL = "silencieux"
SILENT_HELP = "le texte ne dit rien"
CLUB_DECISION = "décision du club"
HOUSE_MARK = "règles maison"

# The quick picks of the /comparer page (id, French label, rulesets): built from the book so a
# house ruleset never breaks them.
QUICK_PICKS = (
    ("neuf", "les deux règles du 9", ("9-bca", "9-ffb")),
    ("dix", "les trois règles du 10", ("10-doolys", "10-ffb", "10-guide")),
)


class CompareError(ValueError):
    """Bad input to :func:`compare`: ``field`` (``rulesets`` or ``topic``), a French
    ``detail`` (with a "vouliez-vous dire" where a close id exists), the same as ``message``
    prefixed with the field's name (« Champ « rulesets » : … »), and an error ``code``."""

    def __init__(self, field: str, detail: str, code: str = "invalid"):
        message = f"Champ « {field} » : {detail[:1].lower()}{detail[1:]}"
        super().__init__(message)
        self.field, self.detail, self.message, self.code = field, detail, message, code

    def to_json(self) -> dict:
        """The contract's error body: ``{"error": {"code", "message", "field"}}``."""
        return {"error": {"code": self.code, "message": self.message, "field": self.field}}


# ----------------------------------------------------------------------------- input
def parse_rulesets(value: str | Iterable[str] | None) -> list[str]:
    """Ruleset ids from ``"ID,ID"`` or a list, stripped, empty parts dropped, repeats removed."""
    if value is None:
        return []
    parts = value.split(",") if isinstance(value, str) else list(value)
    out: list[str] = []
    for p in parts:
        if not isinstance(p, str):
            raise CompareError("rulesets", "Une liste d’identifiants de règlements est attendue.",
                               "invalid_rulesets")
        p = p.strip()
        if p and p not in out:
            out.append(p)
    return out


def default_rulesets(book: Rulebook) -> list[str]:
    """The rulesets compared when none are named: the published texts (not house rules), at most 5."""
    return [rid for rid, rs in book.rulesets.items() if not rs.extends][:MAX_RULESETS]


def check_rulesets(book: Rulebook, rulesets: str | Iterable[str] | None) -> list[str]:
    """Validate the chosen rulesets (2 to 5 known ids); return them in the given order.
    ``None`` means :func:`default_rulesets`.

    Raises :class:`CompareError` (field ``rulesets``) naming the unknown id and the closest one.
    """
    ids = default_rulesets(book) if rulesets is None else parse_rulesets(rulesets)
    for rid in ids:
        if rid not in book.rulesets:
            raise CompareError(
                "rulesets", f"Règlement inconnu « {rid} »{did_you_mean(rid, book.rulesets)}. "
                f"Règlements connus : {', '.join(book.rulesets)}.", "unknown_ruleset")
    if len(ids) < MIN_RULESETS:
        raise CompareError("rulesets", f"Choisissez au moins {MIN_RULESETS} règlements différents à comparer "
                           f"(« rulesets=ID,ID »).", "invalid_rulesets")
    if len(ids) > MAX_RULESETS:
        raise CompareError("rulesets", f"Au plus {MAX_RULESETS} règlements à la fois ({len(ids)} demandés).",
                           "invalid_rulesets")
    return ids


def check_topic(book: Rulebook, topic: str | None) -> str | None:
    """Validate an optional topic id (empty means none). Raises :class:`CompareError` (field ``topic``)."""
    if topic is None:
        return None
    topic = str(topic).strip()
    if not topic:
        return None
    if topic not in book.topics:
        raise CompareError("topic", f"Thème inconnu « {topic} »{did_you_mean(topic, book.topics)}. "
                           f"Thèmes connus : {', '.join(book.topics)}.", "unknown_topic")
    return topic


def quick_picks(book: Rulebook) -> list[dict]:
    """The quick picks whose rulesets are all in ``book``: ``[{"id", "label", "rulesets"}]``."""
    return [{"id": pid, "label": label, "rulesets": list(ids)}
            for pid, label, ids in QUICK_PICKS if all(i in book.rulesets for i in ids)]


# ----------------------------------------------------------------------------- word diff
_TOKEN = re.compile(r"\s+|[^\s]+")


def _norm_word(word: str) -> str:
    """Comparison key of a word: case, apostrophes, guillemets and trailing punctuation folded."""
    w = unicodedata.normalize("NFC", word).casefold().replace("’", "'").replace("«", "").replace("»", "")
    return w.strip(".,;:!?()[]\"'…") or w


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(text)


# Little words that match anywhere: one of them matched alone does not make a passage shared.
_GLUE = frozenset("le la les l' un une des de du d' à au aux et ou en il elle on se sa son ses ce cette "
                  "qui que qu' est a par pour sur dans".split())


def _matched(words: list[str], other: list[str]) -> list[bool]:
    """Which words of ``words`` fall in a run matched, in order, in ``other`` (difflib).
    A lone little word (« la », « de ») matched on its own does not count as shared."""
    marks = [False] * len(words)
    sm = difflib.SequenceMatcher(None, words, other, autojunk=False)
    for block in sm.get_matching_blocks():
        if block.size == 1 and words[block.a] in _GLUE:
            continue
        for k in range(block.a, block.a + block.size):
            marks[k] = True
    return marks


def _shared_words(words: list[str], others: Sequence[list[str]]) -> list[bool]:
    """For each word of ``words``: is it matched in every one of ``others``?"""
    shared = [True] * len(words)
    for other in others:
        shared = [a and b for a, b in zip(shared, _matched(words, other))]
    return shared


def _segments(tokens: list[str], marks: list[bool]) -> list[dict]:
    """Merge tokens into ``[{"text", "status": "same" | "different"}]``. Whitespace is
    "different" only between two "different" words, so a highlight spans a run of words."""
    status: list[str] = []
    wi = 0
    for tok in tokens:
        if tok.isspace():
            status.append("")
        else:
            status.append("same" if marks[wi] else "different")
            wi += 1
    for i, tok in enumerate(tokens):
        if status[i] == "":
            prev = next((status[j] for j in range(i - 1, -1, -1) if status[j]), "same")
            nxt = next((status[j] for j in range(i + 1, len(tokens)) if tokens[j] and not tokens[j].isspace()), "same")
            status[i] = "different" if prev == nxt == "different" else "same"
    out: list[dict] = []
    for tok, st in zip(tokens, status):
        if out and out[-1]["status"] == st:
            out[-1]["text"] += tok
        else:
            out.append({"text": tok, "status": st})
    return out


def highlight(texts: Mapping[str, str]) -> dict[str, list[dict]]:
    """Word-level differences between several texts shown side by side.

    ``texts`` {key: text}. Returns {key: segments}, each segment ``{"text", "status"}``
    with ``status`` ``"same"`` (the words also appear, in that order, in every other text)
    or ``"different"`` (at least one other text does not have them there). Joining the segments' texts
    gives back the text exactly. With a single text everything is ``"same"``.
    """
    toks = {k: _tokens(t or "") for k, t in texts.items()}
    words = {k: [_norm_word(t) for t in ts if not t.isspace()] for k, ts in toks.items()}
    out: dict[str, list[dict]] = {}
    for k, ts in toks.items():
        others = [w for j, w in words.items() if j != k]
        marks = _shared_words(words[k], others) if others else [True] * len(words[k])
        out[k] = _segments(ts, marks)
    return out


def word_diff(a: str, b: str) -> tuple[list[dict], list[dict]]:
    """Word-level differences between two texts (difflib on words).

    Returns ``(segments of a, segments of b)``, each ``[{"text", "status"}]`` with status
    ``"same"`` or ``"different"``; joining a side's segments gives back its text exactly.
    """
    h = highlight({"a": a, "b": b})
    return h["a"], h["b"]


#: Words that carry a rule: numbers, negations, obligation and permission, foul and outcome.
#: In a clause that states a decision differing between the rulesets, these are the words marked
#: where the other texts do not have them (the rest of a reworded sentence is not marked).
_RULE_WORD = re.compile(
    r"^(\d+|un|une|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|premi[eè]re?|seconde?|derni[eè]re?"
    r"|ne|n'|pas|jamais|aucun|aucune|sans|sauf|ni|non|seul|seule|seulement|uniquement|toujours"
    r"|doit|doivent|devra|devront|peut|peuvent|pourra|pourront|interdits?|interdites?|autoris[ée]e?s?"
    r"|permise?s?|obligatoires?|facultati(?:f|ve)s?|fautes?|perd|perdu|gagne|gagnant|victoire|l[ée]gale?s?"
    r"|ill[ée]gale?s?|r[ée]guli[eè]re?s?|replac[ée]e?s?|annonc[ée]e?s?|choix|choisir|choisit|avertie?|avertissement)$")


def _rule_segments(segments: list[dict]) -> list[dict]:
    """Keep « different » only on the words of a rule (:data:`_RULE_WORD`) inside the runs that
    differ; joining the segments still gives back the text exactly."""
    out: list[dict] = []
    for seg in segments:
        toks = [seg["text"]] if seg["status"] == "same" else _tokens(seg["text"])
        for tok in toks:
            st = "different" if seg["status"] == "different" and _RULE_WORD.match(_norm_word(tok)) else "same"
            if out and out[-1]["status"] == st:
                out[-1]["text"] += tok
            else:
                out.append({"text": tok, "status": st})
    return out


def _deciding(policies: list[dict]) -> dict[str, list[dict]]:
    """{clause id: [{"name", "label", "value_label"}]}: the differing decisions each clause states."""
    out: dict[str, list[dict]] = {}
    for p in policies:
        if not p["differs"]:
            continue
        for v in p["values"].values():
            if v.get("clause"):
                out.setdefault(v["clause"], []).append({"name": p["name"], "label": p["label"],
                                                        "value_label": v["value_label"]})
    return out


# ----------------------------------------------------------------------------- comparison
def _value_json(book: Rulebook, ruleset: str, name: str) -> dict:
    rs = book.rulesets[ruleset]
    spec = book.policy_specs[name]
    pv = rs.policy.get(name)
    if pv is None or pv.silent:
        out: dict[str, Any] = {"value": SILENT, "clause": None, "value_label": SILENT_LABEL}
        if pv is not None and pv.note:
            out["note"] = pv.note
        return out
    out = {"value": pv.value, "clause": pv.clause, "value_label": spec.values.get(pv.value, pv.value)}
    clause = book.clauses.get(pv.clause) if pv.clause else None
    if clause is not None:
        out["clause_title"] = clause.title
        out["clause_section"] = clause.section
        out["clause_text"] = clause.text
        out["clause_ruleset"] = clause.ruleset
        if clause.house:
            out["house"] = True
            if clause.kind == "rule" and clause.section == CLUB_DECISION_SECTION:
                out["club_decision"] = True
    if pv.note:
        out["note"] = pv.note
    return out


def _topic_clauses(book: Rulebook, ruleset: str, topic: str) -> list:
    return [c for c in book.by_ruleset.get(ruleset, ()) if c.kind != "toc" and topic in c.topics]


def compare(book: Rulebook, rulesets: str | Iterable[str] | None, topic: str | None = None, diff: bool = False) -> dict:
    """Compare 2 to 5 rulesets (``None``: the published texts, :func:`default_rulesets`):
    the policy table and each topic's clauses side by side.

    Returns the contract's ``/api/compare`` shape. Extra fields: ``topic`` (the filter or
    null), ``ruleset_info`` {id: {title, game, house, extends}}, per policy ``topic`` and per
    value ``value_label`` (French; ``"silencieux"`` where silent), ``clause_title``,
    ``clause_text`` (verbatim, for display), ``note``, and ``house``/``club_decision`` for a
    club's own wording or decision. With ``diff``, each clause also carries ``segments``
    (see :func:`highlight`) computed against the other rulesets' clauses of the same topic,
    where only the words of a rule (:data:`_RULE_WORD`) in a clause that states a decision
    differing between the rulesets are « different », and ``decides``: those decisions; each
    topic carries ``differs``, the number of its decisions that differ.
    With ``topic``, only that topic and the policies that belong to it are kept.

    Raises :class:`CompareError` for fewer than 2 or more than 5 rulesets, an unknown
    ruleset id or an unknown topic (field, French message, "vouliez-vous dire").
    """
    ids = check_rulesets(book, rulesets)
    topic = check_topic(book, topic)
    policies = []
    for name, spec in book.policy_specs.items():
        if topic and spec.topic != topic:
            continue
        values = {rid: _value_json(book, rid, name) for rid in ids}
        policies.append({
            "name": name, "label": spec.label, "topic": spec.topic,
            "topic_label": book.topics.get(spec.topic, spec.topic),
            "values": values,
            "differs": len({v["value"] for v in values.values()}) > 1,
        })
    deciding = _deciding(policies) if diff else {}
    topics_out = []
    for tid, label in book.topics.items():
        if topic and tid != topic:
            continue
        per = {rid: _topic_clauses(book, rid, tid) for rid in ids}
        if not topic and not any(per.values()):
            continue
        clauses_json = {rid: [c.to_json() for c in cs] for rid, cs in per.items()}
        entry: dict[str, Any] = {"topic": tid, "label": label, "clauses": clauses_json}
        if diff:
            texts = {rid: "\n\n".join(c.text for c in cs) for rid, cs in per.items() if cs}
            marks = highlight(texts) if len(texts) > 1 else {k: [{"text": t, "status": "same"}] for k, t in texts.items()}
            for rid, cs in per.items():
                if not cs:
                    continue
                for cj, segs in zip(clauses_json[rid], _split_segments(marks[rid], [c.text for c in cs])):
                    cj["decides"] = deciding.get(cj["id"], [])
                    cj["segments"] = _rule_segments(segs) if cj["decides"] else [{"text": cj["text"], "status": "same"}]
            entry["differs"] = sum(1 for p in policies if p["differs"] and p["topic"] == tid)
        topics_out.append(entry)
    return {
        "rulesets": ids,
        "topic": topic,
        "ruleset_info": {rid: _ruleset_info(book, rid) for rid in ids},
        "topics": topics_out,
        "policies": policies,
    }


def _ruleset_info(book: Rulebook, rid: str) -> dict:
    rs = book.rulesets[rid]
    return {"id": rid, "title": rs.title, "game": rs.game, "house": bool(rs.extends), "extends": rs.extends}


def _split_segments(segments: list[dict], texts: list[str], sep: str = "\n\n") -> list[list[dict]]:
    """Cut the segments of ``sep.join(texts)`` back into one list of segments per text."""
    bounds, pos = [], 0
    for t in texts:
        bounds.append((pos, pos + len(t)))
        pos += len(t) + len(sep)
    out: list[list[dict]] = [[] for _ in texts]
    start = 0
    for seg in segments:
        end = start + len(seg["text"])
        for i, (a, b) in enumerate(bounds):
            lo, hi = max(a, start), min(b, end)
            if lo < hi:
                piece = seg["text"][lo - start:hi - start]
                if out[i] and out[i][-1]["status"] == seg["status"]:
                    out[i][-1]["text"] += piece
                else:
                    out[i].append({"text": piece, "status": seg["status"]})
        start = end
    return out


def differences(result: Mapping[str, Any]) -> list[str]:
    """Names of the policies whose values differ in a :func:`compare` result."""
    return [p["name"] for p in result["policies"] if p["differs"]]


# ----------------------------------------------------------------------------- exports
def _value_text(v: Mapping[str, Any]) -> str:
    if v["value"] == SILENT:
        return f"{SILENT_LABEL} ({SILENT_HELP})"
    extra = f" ; {CLUB_DECISION}" if v.get("club_decision") else (" ; règle maison" if v.get("house") else "")
    return f"{v['value_label']} [{v['clause']}{extra}]" if v.get("clause") else f"{v['value_label']}{extra}"


def _heading(result: Mapping[str, Any], rid: str) -> str:
    info = result.get("ruleset_info", {}).get(rid, {})
    return f"{rid} ({HOUSE_MARK})" if info.get("house") else rid


def _md_cell(text: str) -> str:
    return " ".join(str(text).split()).replace("\\", "\\\\").replace("|", "\\|")


def to_markdown(result: Mapping[str, Any]) -> str:
    """The comparison as Markdown: the policy table (one row per decision, a column per
    ruleset, a « Diffère » column), then each topic's clauses, ruleset by ruleset, quoted."""
    ids = list(result["rulesets"])
    lines = [f"# Comparaison : {', '.join(_heading(result, r) for r in ids)}", ""]
    if result.get("topic"):
        lines += [f"Thème : {result['topic']}", ""]
    lines += ["## Décisions", ""]
    lines.append("| Décision | " + " | ".join(_md_cell(_heading(result, r)) for r in ids) + " | Diffère |")
    lines.append("|" + "---|" * (len(ids) + 2))
    for p in result["policies"]:
        cells = [_md_cell(p["label"])] + [_md_cell(_value_text(p["values"][r])) for r in ids]
        cells.append("**oui**" if p["differs"] else "non")
        lines.append("| " + " | ".join(cells) + " |")
    lines.append("")
    for t in result["topics"]:
        lines += [f"## {t['label']}", ""]
        for rid in ids:
            lines += [f"### {_heading(result, rid)}", ""]
            cs = t["clauses"].get(rid, [])
            if not cs:
                lines += ["_Le texte ne dit rien sur ce thème._", ""]
            for c in cs:
                mark = " (règle maison)" if c.get("house") else ""
                head = f"{c['section']} — {c['title']}" if c.get("section") else c["title"]
                lines += [f"**{head}**{mark} `{c['id']}`", ""]
                lines += ["> " + ln if ln.strip() else ">" for ln in c["text"].splitlines()]
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def to_csv(result: Mapping[str, Any]) -> str:
    """The policy table as CSV (csv module, header row): ``politique``, ``libellé``,
    ``thème``, ``diffère`` (oui/non), then per ruleset its value, French label and clause."""
    ids = list(result["rulesets"])
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    header = ["politique", "libellé", "thème", "diffère"]
    for r in ids:
        header += [f"{r} valeur", f"{r} libellé", f"{r} clause"]
    w.writerow(header)
    for p in result["policies"]:
        row = [p["name"], p["label"], p.get("topic", ""), "oui" if p["differs"] else "non"]
        for r in ids:
            v = p["values"][r]
            row += [v["value"], v.get("value_label", ""), v.get("clause") or ""]
        w.writerow([safe_cell(c) for c in row])
    return buf.getvalue()


def to_text(result: Mapping[str, Any], only_differences: bool = False) -> str:
    """The policy table as plain text for a terminal: one block per decision, ``≠`` before
    the decisions that differ, then the count of differences."""
    ids = list(result["rulesets"])
    width = max(len(_heading(result, r)) for r in ids)
    lines = [f"Comparaison : {', '.join(_heading(result, r) for r in ids)}"]
    if result.get("topic"):
        lines.append(f"Thème : {result['topic']}")
    lines.append("")
    shown = 0
    for p in result["policies"]:
        if only_differences and not p["differs"]:
            continue
        shown += 1
        lines.append(f"{'≠' if p['differs'] else ' '} {p['label']} ({p['name']})")
        for r in ids:
            lines.append(f"    {_heading(result, r).ljust(width)}  {_value_text(p['values'][r])}")
    n = len(differences(result))
    lines += ["", f"{n} décision(s) diffèrent sur {len(result['policies'])} (≠ marque une différence)."]
    return "\n".join(lines) + "\n"


# ----------------------------------------------------------------------------- one shot everywhere
# Outcome fields compared across rulesets, with their French labels, in display order.
#: The rows of the « même coup partout » table: (Outcome field, row of :data:`qa.ruling_words.ROWS`);
#: labels and values are those of :mod:`qa.ruling_words`, the one vocabulary of rulings.
OUTCOME_FIELDS = (
    ("legal", "verdict"), ("fouls", "fouls"), ("break", "break"), ("game_over", "game_over"),
    ("next_shooter", "next_shooter"), ("ball_in_hand", "ball_in_hand"), ("options", "options"),
    ("spotted", "spotted"), ("push_out_available", "push_out_available"), ("fouls_after", "fouls_after"),
    ("warning_due", "warning_due"),
)
#: Outcome fields told in one row with another (the game's end: who won and how).
_SAME_ROW = {"game_over": ("game_over", "winner", "termination")}


def _field_key(name: str, value: Any) -> Any:
    """A comparable form of an Outcome field (sets compared as sets)."""
    if name == "fouls":
        return tuple(sorted(f["code"] for f in value))
    if name == "options":
        return tuple(sorted((o["choice"], o["shooter"], o["push_out_available"]) for o in value))
    if name == "spotted":
        return tuple(sorted(value))
    if isinstance(value, dict):
        return tuple(sorted(value.items()))
    return value


def rule_everywhere(book: Rulebook, scenario: Any, rulesets: Iterable[str],
                    fit: Callable[[Mapping[str, Any], str], Mapping[str, Any]] | None = None,
                    foul_labels: Mapping[str, str] | None = None) -> dict:
    """Rule on one shot under each of ``rulesets`` and line the rulings up field by field.

    ``scenario`` is a :class:`qa.engine.scenario.Scenario` or a Scenario mapping (its
    ``ruleset`` is ignored). ``fit(scenario mapping, ruleset id)``, when given, adapts the
    mapping to each ruleset (e.g. :func:`qa.understand.scenario_for`, which fits the balls on
    the table to a nine- or ten-ball rack); ``foul_labels`` names the fouls in ``fields``. Returns ``{"rulesets", "scenario", "outcomes": {id: Outcome
    json}, "errors": {id: {"message", "clause", "field"}}, "fields": [{"name", "label",
    "values": {id: text}, "differs"}]}`` — a ruleset under which the shot cannot happen
    appears in ``errors`` instead of ``outcomes``. Raises ``ScenarioFormatError`` for a
    malformed scenario and :class:`CompareError` for unknown rulesets.
    """
    from .engine.everywhere import outcomes_json, rule_under
    from .engine.outcome import ImpossibleScenarioError
    from .engine.scenario import Scenario, parse_scenario

    ids = parse_rulesets(rulesets)
    for rid in ids:
        if rid not in book.rulesets:
            raise CompareError("rulesets", f"Règlement inconnu « {rid} »{did_you_mean(rid, book.rulesets)}.",
                               "unknown_ruleset")
    if not ids:
        raise CompareError("rulesets", "Choisissez au moins un règlement.", "invalid_rulesets")
    if isinstance(scenario, Scenario):
        data = scenario.to_json()
    else:
        data = dict(scenario)
        data.pop("rulesets", None)
    first, _ = parse_scenario({**data, "ruleset": ids[0]})
    source = data if fit is not None else scenario if isinstance(scenario, Scenario) else first
    rulings = rule_under(book, source, ids, fit=fit)
    outcomes = outcomes_json(book, rulings)
    errors = {rid: {"message": r.message, "clause": r.clause, "field": r.field}
              for rid, r in rulings.items() if isinstance(r, ImpossibleScenarioError)}
    labels = foul_labels or book.foul_labels
    rows = {rid: ruling_words.ruling_rows(o, book.rulesets[rid].money_ball, labels) for rid, o in outcomes.items()}
    fields = []
    for name, row in OUTCOME_FIELDS:
        keys = {rid: tuple(repr(_field_key(n, o.get(n))) for n in _SAME_ROW.get(name, (name,)))
                for rid, o in outcomes.items()}
        fields.append({
            "name": name, "label": ruling_words.ROWS[row],
            "values": {rid: ruling_words.row_text(r[row]) for rid, r in rows.items()},
            "differs": len(set(keys.values())) > 1,
        })
    return {"rulesets": ids, "scenario": first.with_ruleset(None).to_json(), "outcomes": outcomes,
            "errors": errors, "fields": fields}
