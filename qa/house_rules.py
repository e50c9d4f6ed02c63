"""A club's house rules: a small YAML file that ``extends`` a ruleset and overrides a few
decisions and clauses. Loaded and validated at start-up with the rest of rules_data/.

File format (one file per club, in the folder given by ``--house-rules`` or
``ARBITRE_HOUSE_RULES``; a single file works too)::

    id: club-les-queues-9            # lowercase, digits, hyphens; not a base ruleset id
    extends: 9-ffb                   # the base ruleset (one of rules_data/rulesets.yaml)
    title: "Jeu de la 9 — règles maison des Queues"
    description: "..."               # optional
    publisher: "Club des Queues"     # optional
    policy:                          # optional: decisions that differ from the base
      jump_shots: {value: forbidden, clause: club-les-queues-9/sautes-interdits}
      masse_shots: {value: forbidden, note: "Le club interdit les massés."}   # no clause:
                                     # the club's own decision, shown as « décision du club »
    clauses:                         # optional: the club's own wording
      - id: club-les-queues-9/sautes-interdits
        title: "Coups sautés interdits"
        text: "..."
        topics: [jump-masse, fouls]
        replaces: 9-ffb/some-clause  # optional: this text stands in place of a base clause
    fouls: {}                        # optional: extra {foul code: clause id}

The house ruleset takes ``game`` and ``money_ball`` from its base and inherits every other
policy, foul and clause (the base's clause ids stay valid citations; a policy or foul that
cited a replaced clause cites the club's wording instead). Club clauses carry
``house=True``. A policy override without ``clause`` gets a generated club clause
``<id>/decision-<policy>`` (section « Décision du club ») so that every ruling still cites
something a reader can open.
"""
from __future__ import annotations

import json
from dataclasses import replace
import re
import tempfile
from pathlib import Path
from types import MappingProxyType, SimpleNamespace
from typing import Any, Iterable, Literal, Mapping

from pydantic import Field

from .rulebook import (
    DATA_DIR, SILENT, Clause, PolicySpec, PolicyValue, Problem, Rulebook, Ruleset, RulebookError, _Collector,
    _PolicyValueIn,
    _ClauseBase, _Strict, check_foul_map, check_policy_values, did_you_mean, load_rulebook,
)
from .yamlio import LineDict, french_yaml_problem, load_yaml_lines

HOUSE_SECTION = "Règles maison"
DECISION_SECTION = "Décision du club"  # the section of a club decision without its own clause
_SLUG_RE = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")   # a club id, and a clause id after "<club id>/"


class _HouseClauseIn(_ClauseBase):
    id: str
    kind: Literal["rule", "info"] = "rule"
    replaces: str | None = None


class _HouseFileIn(_Strict):
    id: str
    extends: str
    title: str = Field(min_length=1)
    description: str = ""
    publisher: str = ""
    policy: dict[str, _PolicyValueIn] = {}
    clauses: list[_HouseClauseIn] = []
    fouls: dict[str, str] = {}


# The keys each object of a house-rule file allows (for a "vouliez-vous dire" on an unknown one).
_FILE_KEYS = tuple(_HouseFileIn.model_fields)
_POLICY_KEYS = tuple(_PolicyValueIn.model_fields)
_CLAUSE_KEYS = tuple(_HouseClauseIn.model_fields)


# pydantic's English messages, in French (the rest of a message is kept as is).
_FRENCH = (
    (re.compile(r"Input should be a valid dictionary( or instance of \w+)?"), "un dictionnaire (clé: valeur) est attendu"),
    (re.compile(r"Input should be a valid list"), "une liste est attendue"),
    (re.compile(r"Input should be a valid string"), "un texte est attendu"),
    (re.compile(r"String should have at least 1 character"), "ne doit pas être vide"),
    (re.compile(r"List should have at least 1 item after validation, not 0"), "au moins un élément est attendu"),
    (re.compile(r"Input should be (.+)"), r"valeur attendue : \1"),
)


def _french(message: str) -> str:
    for pattern, repl in _FRENCH:
        message = pattern.sub(repl, message)
    return message.replace("' or '", "' ou '")


def house_files(path: Path) -> list[Path]:
    """The house-rule files of ``path``: the file itself, or a folder's ``*.yaml``/``*.yml`` sorted by name."""
    path = Path(path)
    if path.is_dir():
        return sorted(p for p in path.iterdir() if p.is_file() and p.suffix in (".yaml", ".yml"))
    return [path]


def _unknown_keys(col: _Collector, path: Path, item: LineDict, allowed: tuple[str, ...], where: str = "") -> bool:
    """Report each key of ``item`` not in ``allowed`` (with a "vouliez-vous dire"); True when none."""
    ok = True
    for key in item:
        if key not in allowed:
            col.add(path, item.line_of(key), f"{where}clé inconnue « {key} »{did_you_mean(key, allowed)}")
            ok = False
    return ok


def _check_keys(col: _Collector, path: Path, raw: LineDict) -> bool:
    """Unknown keys with a "vouliez-vous dire" (pydantic cannot name the nested model)."""
    ok = _unknown_keys(col, path, raw, _FILE_KEYS)
    pol = raw.get("policy")
    if isinstance(pol, LineDict):
        for name, item in pol.items():
            if isinstance(item, LineDict):
                ok &= _unknown_keys(col, path, item, _POLICY_KEYS, f"{name} : ")
            elif not isinstance(item, dict):
                col.add(path, pol.line_of(name), f"{name} : « {{value: ..., clause: ...}} » est attendu")
                ok = False
    cls = raw.get("clauses")
    if isinstance(cls, list):
        for item in cls:
            if isinstance(item, LineDict):
                ok &= _unknown_keys(col, path, item, _CLAUSE_KEYS, "clause : ")
    return ok


def load_house_rules(col: _Collector, path: Path, rulesets: dict[str, Ruleset], clauses: dict[str, Clause],
                     by_ruleset: dict[str, tuple[Clause, ...]], topics: Mapping[str, str],
                     specs: Mapping[str, PolicySpec], foul_codes: tuple[str, ...]) -> list[str]:
    """Load every house-rule file of ``path`` (a folder or one file) into the rulebook dicts.

    Adds each club's :class:`Ruleset` to ``rulesets``, its own clauses to ``clauses`` and its
    whole clause list (base clauses, replaced ones swapped for the club's wording, added ones
    after the last clause of their first topic) to ``by_ruleset``. Every problem goes to
    ``col`` as ``file:line: message`` (unknown base, keys, policies, values, topics or
    replaced clauses with a "vouliez-vous dire"; duplicate ids; an id that is a base
    ruleset's). Returns the ids of the house rulesets added.
    """
    path = Path(path)
    if not path.exists():
        col.add(path, 1, "dossier ou fichier de règles maison introuvable")
        return []
    files = house_files(path)
    if not files:  # a folder without any club file: the option did nothing, say so
        col.add(path, 1, f"aucun fichier de règles maison (*.yaml, *.yml) dans {path}")
        return []
    base_ids = [rid for rid, rs in rulesets.items() if not rs.extends]
    seen: dict[str, Path] = {}
    added: list[str] = []
    for f in files:
        rid = _load_one(col, f, rulesets, clauses, by_ruleset, topics, specs, foul_codes, base_ids, seen)
        if rid:
            added.append(rid)
    return added


def _load_one(col: _Collector, f: Path, rulesets: dict[str, Ruleset], clauses: dict[str, Clause],
              by_ruleset: dict[str, tuple[Clause, ...]], topics: Mapping[str, str], specs: Mapping[str, PolicySpec],
              foul_codes: tuple[str, ...], base_ids: list[str], seen: dict[str, Path]) -> str | None:
    """Load one house-rule file ``f`` into the rulebook dicts; its id, or None on a problem."""
    read = _read_file(col, f)
    if read is None:
        return None
    raw, m = read
    if not _check_id(col, f, raw, m, rulesets, base_ids, seen):
        return None
    hid = m.id
    base = rulesets[m.extends]
    base_clauses = list(by_ruleset.get(base.id, ()))
    base_index = {c.id: c for c in base_clauses}
    own, replaced, ok = _own_clauses(col, f, raw, m, base, base_index, topics)
    raw_policy = _line_dict(raw.get("policy"))
    values, decisions, ok_policy = _policy_values(col, f, raw_policy, m, base, specs, {c.id for c in own})
    ok = ok and ok_policy
    available = {cid: c for cid, c in base_index.items() if cid not in replaced}
    available.update({c.id: c for c in own})
    available.update({c.id: c for c in decisions})
    n = len(col.problems)
    overrides = check_policy_values(col, f, raw_policy, values, specs, available, complete=False)
    raw_fouls = _line_dict(raw.get("fouls"))
    own_fouls = check_foul_map(col, f, raw_fouls, m.fouls, available, foul_codes)
    if len(col.problems) > n or not ok:
        return None

    # -- the house ruleset -------------------------------------------------------------
    def repoint(cid: str | None) -> str | None:
        return replaced.get(cid, cid) if cid else cid

    policy: dict[str, PolicyValue] = {}
    for name, pv in base.policy.items():
        policy[name] = PolicyValue(name, pv.value, repoint(pv.clause), pv.note, repoint(pv.against))
    policy.update(overrides)
    fouls = {code: replaced.get(cid, cid) for code, cid in base.fouls.items()}
    fouls.update(own_fouls)
    final = _house_order(base_clauses, own, replaced, decisions)
    for c in final:
        if c.house:
            clauses[c.id] = c
    by_ruleset[hid] = tuple(final)
    rulesets[hid] = Ruleset(
        id=hid, game=base.game, money_ball=base.money_ball, title=m.title, source=f.name,
        publisher=m.publisher or "Règles maison d’un club",
        description=m.description or f"Règles maison fondées sur « {base.title} ».",
        policy=MappingProxyType(policy), fouls=MappingProxyType(fouls), extends=base.id, short=m.title,
    )
    return hid


def _line_dict(value: Any) -> LineDict:
    """``value`` if it is a mapping read from the file, else an empty one."""
    return value if isinstance(value, LineDict) else LineDict()


def _read_file(col: _Collector, f: Path) -> tuple[LineDict, _HouseFileIn] | None:
    """The file's YAML and its validated model, or None (the problems reported)."""
    before = len(col.problems)
    raw = col.load(f)
    if raw is None:
        if len(col.problems) == before:
            col.add(f, 1, "fichier de règles maison vide")
        return None
    if not isinstance(raw, LineDict):
        col.add(f, 1, "un dictionnaire (id, extends, title, policy, clauses) est attendu")
        return None
    if not _check_keys(col, f, raw):
        return None
    for key, empty in (("policy", {}), ("clauses", []), ("fouls", {})):
        if key in raw and raw[key] is None:  # « policy: » left empty
            raw[key] = LineDict() if empty == {} else []
    n = len(col.problems)
    m = col.validate(f, raw, _HouseFileIn)
    if m is None:
        col.problems[n:] = [Problem(p.path, p.line, _french(p.message)) for p in col.problems[n:]]
        return None
    return raw, m


def _check_id(col: _Collector, f: Path, raw: LineDict, m: _HouseFileIn, rulesets: Mapping[str, Ruleset],
              base_ids: list[str], seen: dict[str, Path]) -> bool:
    """The club id (well formed, its own, not seen before; recorded in ``seen``) and its base."""
    hid = m.id
    if not _SLUG_RE.match(hid):
        col.add(f, raw.line_of("id"), f"id « {hid} » invalide : minuscules, chiffres et tirets seulement "
                f"(ex. « club-les-queues-9 »)")
        return False
    if hid in base_ids:
        col.add(f, raw.line_of("id"), f"l’id « {hid} » est celui d’un règlement de base ; choisissez un id propre "
                f"au club (ex. « club-{hid} »)")
        return False
    if hid in seen or hid in rulesets:
        other = seen.get(hid)
        where = f" (déjà défini dans {col.rel(other)})" if other else ""
        col.add(f, raw.line_of("id"), f"règles maison en double : « {hid} »{where}")
        return False
    seen[hid] = f
    if m.extends not in base_ids:
        if m.extends in rulesets or m.extends in seen:
            msg = f"« {m.extends} » est déjà une règle maison : « extends » doit nommer un règlement de base"
        else:
            msg = f"règlement de base inconnu « {m.extends} »{did_you_mean(m.extends, base_ids)}"
        col.add(f, raw.line_of("extends"), f"{msg} ; règlements : {', '.join(base_ids)}")
        return False
    return True


def _own_clauses(col: _Collector, f: Path, raw: LineDict, m: _HouseFileIn, base: Ruleset,
                 base_index: Mapping[str, Clause], topics: Mapping[str, str],
                 ) -> tuple[list[Clause], dict[str, str], bool]:
    """The club's clauses, the base clauses they replace ({base id: club id}), and whether all were right."""
    hid = m.id
    own: list[Clause] = []
    replaced: dict[str, str] = {}  # base clause id -> club clause id
    raw_clauses = raw.get("clauses") or []
    ok = True
    for c, rc in zip(m.clauses, raw_clauses):
        line = rc.line_of("id") if isinstance(rc, LineDict) else 1
        prefix = f"{hid}/"
        if not c.id.startswith(prefix) or not _SLUG_RE.match(c.id[len(prefix):]):
            col.add(f, line, f"id de clause « {c.id} » invalide : « {prefix}<mots-en-minuscules-et-tirets> » attendu")
            ok = False
            continue
        if any(o.id == c.id for o in own):
            col.add(f, line, f"id de clause en double : « {c.id} »")
            ok = False
            continue
        for t in c.topics:
            if t not in topics:
                col.add(f, rc.line_of("topics"), f"{c.id} : topic inconnu « {t} »{did_you_mean(t, topics)}")
                ok = False
        if c.replaces is not None:
            ok &= _check_replaces(col, f, rc.line_of("replaces"), c, base, base_index, replaced)
        replaces = base_index.get(c.replaces) if c.replaces is not None else None
        section = c.section or (replaces.section if replaces is not None else HOUSE_SECTION)
        own.append(Clause(
            id=c.id, ruleset=hid, game=base.game, kind=c.kind, section=section, title=c.title, text=c.text,
            topics=tuple(c.topics), order=0, keywords=tuple(c.keywords), questions=tuple(c.questions), house=True,
        ))
    return own, replaced, ok


def _check_replaces(col: _Collector, f: Path, line: int, c: _HouseClauseIn, base: Ruleset,
                    base_index: Mapping[str, Clause], replaced: dict[str, str]) -> bool:
    """A club clause's ``replaces``: a base rule not replaced yet (recorded in ``replaced``)."""
    assert c.replaces is not None
    if c.replaces not in base_index:
        col.add(f, line, f"{c.id} : « replaces » nomme une clause inconnue de {base.id} « {c.replaces} »"
                f"{did_you_mean(c.replaces, base_index)}")
        return False
    if base_index[c.replaces].kind == "toc":
        col.add(f, line, f"{c.id} : « {c.replaces} » est une table des matières, pas une règle")
        return False
    if c.replaces in replaced:
        col.add(f, line, f"{c.id} : « {c.replaces} » est déjà remplacée par « {replaced[c.replaces]} »")
        return False
    replaced[c.replaces] = c.id
    return True


def _policy_values(col: _Collector, f: Path, raw_policy: LineDict, m: _HouseFileIn, base: Ruleset,
                   specs: Mapping[str, PolicySpec], own_ids: set[str]) -> tuple[dict[str, Any], list[Clause], bool]:
    """The club's policy values ({name: value, clause, note}), the clauses generated for the
    decisions without a clause of their own, and whether all were right."""
    hid = m.id
    values: dict[str, Any] = {}
    decisions: list[Clause] = []
    ok = True
    for name, pv in m.policy.items():
        line = raw_policy.line_of(name)
        if pv.value == SILENT:
            col.add(f, line, f"{name} : une règle maison choisit une valeur ; « silent » n’est pas permis "
                    f"(retirez la ligne pour garder la décision de {base.id})")
            ok = False
            continue
        clause_id = pv.clause
        spec = specs.get(name)
        if clause_id is None and spec is not None and pv.value in spec.values:
            clause_id = f"{hid}/decision-{name.replace('_', '-')}"
            if clause_id in own_ids:
                col.add(f, line, f"{name} : l’id « {clause_id} » est réservé à la décision du club sans clause")
                ok = False
                continue
            decisions.append(Clause(
                id=clause_id, ruleset=hid, game=base.game, kind="rule", section=DECISION_SECTION,
                title=spec.label, text=pv.note or f"{spec.label} : {spec.values[pv.value]}.",
                topics=(spec.topic,), order=0, house=True,
            ))
        generated = bool(decisions) and decisions[-1].id == clause_id
        # a club decision's note is the text of its generated clause: not repeated as a note
        values[name] = SimpleNamespace(value=pv.value, clause=clause_id, note=None if generated else pv.note,
                                       against=None)  # a club decision replaces the text: no contradiction left
    return values, decisions, ok


def _house_order(base_clauses: list[Clause], own: list[Clause], replaced: Mapping[str, str],
                 decisions: list[Clause]) -> list[Clause]:
    """The house ruleset's clauses in order: the base's (replaced ones swapped for the club's
    wording), each added club clause after the last clause of its first topic, then the
    generated decisions; club clauses numbered by their place."""
    by_id = {c.id: c for c in own}
    ordered: list[Clause] = [by_id[replaced[c.id]] if c.id in replaced else c for c in base_clauses]
    for c in own:
        if c.id in replaced.values():
            continue
        at = max((i for i, o in enumerate(ordered) if c.topics[0] in o.topics and o.kind != "toc"), default=None)
        if at is None:
            ordered.append(c)
        else:
            ordered.insert(at + 1, c)
    ordered.extend(decisions)
    final: list[Clause] = []
    for i, c in enumerate(ordered):
        if c.house:
            c = replace(c, order=i)
        final.append(c)
    return final


# ----------------------------------------------------------------------------- generator
def _q(text: str) -> str:
    """A YAML double-quoted scalar (JSON strings are valid YAML)."""
    return json.dumps(text, ensure_ascii=False)


def house_yaml(book: Rulebook, base: str, hid: str, title: str, overrides: Mapping[str, str],
               notes: Mapping[str, str] | None = None, description: str = "", publisher: str = "") -> str:
    """Write a house-rule file: ``base`` ruleset, club ``hid`` and ``title``, and the policy
    values that differ from the base (``overrides`` {policy: value}; values equal to the
    base's are left out). ``notes`` {policy: the club's wording} become the text of the
    club's decision. Returns YAML text; check it with :func:`validate_house_yaml`."""
    notes = notes or {}
    rs = book.rulesets.get(base)
    lines = [
        "# Règles maison — fichier généré par l’Arbitre (/regles-maison/nouveau).",
        "# Placez-le dans le dossier donné à --house-rules (ou ARBITRE_HOUSE_RULES) puis vérifiez-le :",
        "#   python app.py check --house-rules DOSSIER",
        f"id: {_q(hid)}",
        f"extends: {_q(base)}",
        f"title: {_q(title)}",
    ]
    if description:
        lines.append(f"description: {_q(description)}")
    if publisher:
        lines.append(f"publisher: {_q(publisher)}")
    changed = []
    for name, value in overrides.items():
        if not value:
            continue
        current = rs.policy[name].value if rs is not None and name in rs.policy else None
        if value != current:
            changed.append((name, value))
    if not changed:
        lines.append("policy: {}   # aucune décision ne diffère du règlement de base")
    else:
        lines.append("policy:")
        for name, value in changed:
            spec = book.policy_specs.get(name)
            if spec is not None and rs is not None:
                was = rs.policy[name].value if name in rs.policy else SILENT
                was_label = spec.values.get(was, "silencieux")
                lines.append(f"  # {spec.label} — {base} : {was_label} → {spec.values.get(value, value)}")
            entry = f"  {name}: {{value: {_q(value)}"
            note = (notes.get(name) or "").strip()
            if note:
                entry += f", note: {_q(note)}"
            lines.append(entry + "}")
    return "\n".join(lines) + "\n"


def validate_house_yaml(text: str, filename: str = "regles-maison.yaml", root: Path | str = DATA_DIR,
                        book: Rulebook | None = None) -> list[Problem]:
    """Check a house-rule file's text with the same loader as at start-up.

    With ``book`` (the rulebook already loaded from ``root``), the file is checked against it,
    without reading rules_data/ again; otherwise ``root`` is loaded first. Returns the problems
    (``filename:line: message``); empty when the file loads.
    """
    with tempfile.TemporaryDirectory(prefix="arbitre-house-") as tmp:
        p = Path(tmp) / filename
        p.write_text(text, encoding="utf-8")
        try:
            if book is None:
                load_rulebook(root, house_rules=tmp)
            else:
                _check_against(book, Path(root), Path(tmp))
        except RulebookError as exc:
            out = []
            for prob in exc.problems:
                path = filename if Path(prob.path).name == filename and tmp in prob.path else prob.path
                out.append(Problem(path, prob.line, prob.message))
            return out
    return []


def _check_against(book: Rulebook, root: Path, folder: Path) -> None:
    """Load the house rules of ``folder`` on copies of ``book``'s tables (the book is left as
    it is); raise :class:`RulebookError` for any problem."""
    col = _Collector(root)
    load_house_rules(col, folder, dict(book.rulesets), dict(book.clauses), dict(book.by_ruleset),
                     book.topics, book.policy_specs, book.foul_codes)
    if col.problems:
        raise RulebookError(col.problems)


def with_house_file(book: Rulebook, text: str, filename: str = "regles-maison.yaml",
                    root: Path | str = DATA_DIR) -> tuple[Rulebook, list[str]]:
    """``book`` plus the club rulesets of one house-rule file's ``text`` (a draft tried without
    a restart), loaded by the same loader as at start-up on copies of ``book``'s tables; ``book``
    itself is left as it is. Returns the new rulebook and the ids added. Raises
    :class:`RulebookError` (``filename:line: message``) when the file does not load."""
    with tempfile.TemporaryDirectory(prefix="arbitre-house-") as tmp:
        p = Path(tmp) / filename
        p.write_text(text, encoding="utf-8")
        col = _Collector(Path(root))
        rulesets, clauses, by_ruleset = dict(book.rulesets), dict(book.clauses), dict(book.by_ruleset)
        added = load_house_rules(col, Path(tmp), rulesets, clauses, by_ruleset, book.topics, book.policy_specs,
                                 book.foul_codes)
        if col.problems:
            raise RulebookError([Problem(filename if Path(pr.path).name == filename else pr.path, pr.line, pr.message)
                                 for pr in col.problems])
    return replace(book, rulesets=MappingProxyType(rulesets), clauses=MappingProxyType(clauses),
                   by_ruleset=MappingProxyType(by_ruleset)), added


def form_values_of(text: str, policies: Iterable[str]) -> dict[str, Any]:
    """What the house-rules form can show of an existing file: ``{"base", "id", "title",
    "publisher", "description", "values": {policy: value}, "notes": {policy: note},
    "clauses": N}`` (the club's own passages are counted, not edited by the form). Raises
    ``ValueError`` (French) for text that is not a house-rule file's mapping, and for a
    decision the form could not show — a name not among ``policies`` (the form has no field
    for it: it would be dropped) or an entry that is not ``name: {value: …}``."""
    import yaml
    try:
        data = load_yaml_lines(text)    # a key given twice (« extends: » twice) is refused, as `check` does
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (ligne {mark.line + 1})" if mark is not None else ""
        problem = french_yaml_problem(exc).removeprefix("YAML illisible : ")
        raise ValueError(f"Ce fichier n’est pas du YAML lisible{where} : {problem}.") from None
    if not isinstance(data, dict) or not isinstance(data.get("extends"), str):
        raise ValueError("Ce fichier n’est pas un fichier de règles maison : il y manque « extends: » (le règlement de départ).")
    policy = data.get("policy") or {}
    if not isinstance(policy, dict):
        raise ValueError("« policy » doit être une liste de décisions (nom: {value: …}).")
    values, notes = {}, {}
    known = list(policies)
    for name, entry in policy.items():
        line = policy.line_of(name) if isinstance(policy, LineDict) else None
        where = f" (ligne {line})" if line else ""
        if str(name) not in known:
            raise ValueError(f"Politique inconnue « {str(name)[:80]} »{where}{did_you_mean(str(name), known)} : "
                             "le formulaire n’a pas de champ pour elle ; corrigez son nom dans le fichier.")
        if not isinstance(entry, dict):
            raise ValueError(f"La décision « {name} »{where} doit s’écrire « {name}: {{value: …}} ».")
        values[str(name)] = str(entry.get("value") or "")
        if entry.get("note"):
            notes[str(name)] = str(entry["note"])
    clauses = data.get("clauses") or []
    return {"base": data["extends"], "id": str(data.get("id") or ""), "title": str(data.get("title") or ""),
            "publisher": str(data.get("publisher") or ""), "description": str(data.get("description") or ""),
            "values": values, "notes": notes, "clauses": len(clauses) if isinstance(clauses, list) else 0}
