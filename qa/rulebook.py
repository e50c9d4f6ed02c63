"""The rulebook: rulesets, clauses, topics, glossary and policies, loaded and checked once.

``load_rulebook(root)`` reads ``rules_data/`` (layout in docs/DATA.md), validates everything
(schema, ids unique, topics declared, policy values allowed and their clauses present, every
source rebuilt from its clauses) and returns a frozen :class:`Rulebook`. Any problem raises
:class:`RulebookError`, whose ``problems`` are :class:`Problem` (``file:line: message``).
"""
from __future__ import annotations

import difflib
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Annotated, Any, Iterable, Literal, Mapping

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import fidelity
from .lexicon import lexicon_problems
from .asides import aside_problems
from .policy_questions import policy_question_problems
from .text import content_stems, words
from .yamlio import LineDict, YamlError, load_yaml

DATA_DIR = Path(__file__).resolve().parent.parent / "rules_data"
SILENT = "silent"
GAMES = {"nine-ball": "jeu de la 9", "ten-ball": "jeu de la 10"}


# ----------------------------------------------------------------------------- values
@dataclass(frozen=True)
class Clause:
    """One clause of a rule text.

    ``text`` and ``section`` are the source's wording, verbatim; ``kind`` is ``rule``,
    ``info`` or ``toc``; ``topics`` are topic ids; ``order`` is the position in its source.
    ``lead_in`` is the id of the clause holding the lead-in sentence of the list this clause
    is an item of. ``keywords`` and ``questions`` only help matching (never shown as text);
    ``defines``: the terms whose meaning or purpose the clause states (« c'est quoi un push-out ? »).
    """

    id: str
    ruleset: str
    game: str
    kind: str
    section: str
    title: str
    text: str
    topics: tuple[str, ...]
    order: int
    part: str = ""
    lead_in: str | None = None
    keywords: tuple[str, ...] = ()
    questions: tuple[str, ...] = ()
    house: bool = False
    defines: tuple[str, ...] = ()    # the terms the clause says what they are (« coup poussé »): a « what is » question's clause

    def to_json(self) -> dict[str, Any]:
        """The public ``Clause`` shape of the contract (plus ``part``, ``lead_in``, ``title``)."""
        out: dict[str, Any] = {
            "id": self.id, "ruleset": self.ruleset, "game": self.game, "kind": self.kind,
            "section": self.section, "title": self.title, "text": self.text,
            "topics": list(self.topics),
        }
        if self.part:
            out["part"] = self.part
        if self.lead_in:
            out["lead_in"] = self.lead_in
        if self.house:
            out["house"] = True
        return out


@dataclass(frozen=True)
class PolicyValue:
    """One policy decision of a ruleset: ``value`` (or ``"silent"``), the ``clause`` id that
    states it (None when silent), and an optional French ``note`` (ambiguity, contradiction)."""

    name: str
    value: str
    clause: str | None
    note: str | None = None
    #: the other clause of a contradiction the ``note`` explains (the text says both)
    against: str | None = None

    @property
    def silent(self) -> bool:
        """True when the text says nothing on this decision."""
        return self.value == SILENT


#: The roles of a policy in ranking the citations of a situational answer (the header of
#: rules_data/policy_schema.yaml says what each means), and those that read ``facts``.
CITATION_ROLES: tuple[str, ...] = ("third_foul", "end_of_game", "break_money_ball", "spotting", "push_out_balls",
                                   "options", "technique", "call", "push_out_exemption", "consequence", "condition",
                                   "support")
ROLES_WITH_FACTS: frozenset[str] = frozenset({"technique", "call", "push_out_exemption", "condition"})
#: The roles whose case the engine decides for every shot: when a ruling does not use a policy of
#: one of them, that policy's case is not the shot's.
DECIDED_ROLES: frozenset[str] = frozenset({"third_foul", "end_of_game", "break_money_ball", "spotting", "push_out_balls",
                                           "options"})


@dataclass(frozen=True)
class PolicySpec:
    """A policy the engine reads: French ``label``, ``topic``, allowed ``values`` {value:
    label}, its ``role`` in ranking citations (one of :data:`CITATION_ROLES`) and the
    Scenario ``facts`` (dotted: ``shot.first_contact``) that role reads; ``money_ball``: the
    policy is about the money ball only."""

    name: str
    label: str
    topic: str
    values: Mapping[str, str]
    role: str = "support"
    facts: tuple[str, ...] = ()
    money_ball: bool = False   # about the money ball only


@dataclass(frozen=True)
class Ruleset:
    """A ruleset: id, game (``nine-ball``/``ten-ball``), money ball (9 or 10), title, source
    file, publisher, description, ``policy`` {name: PolicyValue} and ``fouls`` {code: clause id}:
    the fouls its text lists. ``extends`` names the base of a club's house rules."""

    id: str
    game: str
    money_ball: int
    title: str
    source: str
    publisher: str
    description: str
    policy: Mapping[str, PolicyValue]
    fouls: Mapping[str, str]
    extends: str | None = None
    short: str = ""
    aliases: tuple[str, ...] = ()

    @property
    def balls(self) -> tuple[int, ...]:
        """The object balls of a full rack: 1..money_ball."""
        return tuple(range(1, self.money_ball + 1))

    def to_json(self, clause_count: int) -> dict[str, Any]:
        """The public ruleset shape: id, game, title, source, clauses (count), policy."""
        return {
            "id": self.id, "game": self.game, "title": self.title, "source": self.source,
            "publisher": self.publisher, "description": self.description,
            "money_ball": self.money_ball, "clauses": clause_count, "extends": self.extends,
            "policy": {n: {"value": p.value, "clause": p.clause, **({"note": p.note} if p.note else {})}
                       for n, p in self.policy.items()},
            "fouls": dict(self.fouls),
        }


@dataclass(frozen=True)
class Rulebook:
    """Everything loaded from rules_data/: read-only after loading.

    ``rulesets`` {id: Ruleset} in a stable order; ``clauses`` {id: Clause};
    ``by_ruleset`` {ruleset id: tuple of Clause in source order}; ``topics`` {id: French
    label}; ``glossary`` tuple of synonym groups (tuples of strings, first is the canonical
    form); ``policy_specs`` {name: PolicySpec}; ``foul_labels`` {foul code: French label}.
    """

    rulesets: Mapping[str, Ruleset]
    clauses: Mapping[str, Clause]
    by_ruleset: Mapping[str, tuple[Clause, ...]]
    topics: Mapping[str, str]
    glossary: tuple[tuple[str, ...], ...]
    policy_specs: Mapping[str, PolicySpec]
    foul_labels: Mapping[str, str]

    @property
    def foul_codes(self) -> tuple[str, ...]:
        """The contract's foul codes, in rules_data/foul_codes.yaml order."""
        return tuple(self.foul_labels)

    def foul_label(self, code: str) -> str:
        """French label of a foul code (the code itself when unknown)."""
        return self.foul_labels.get(code, code)

    def clause(self, clause_id: str) -> Clause:
        """The clause ``clause_id``; raises ``KeyError`` when unknown."""
        return self.clauses[clause_id]

    def rulesets_of_game(self, game: str) -> list[str]:
        """Ids of the rulesets of ``game`` (``nine-ball``/``ten-ball``), in book order."""
        return [r.id for r in self.rulesets.values() if r.game == game]

    def foul_list_lead(self, ruleset: str) -> str | None:
        """The clause id of the lead-in of ``ruleset``'s own list of fouls ("Il y a faute
        lorsque :"): the one most of the fouls its text lists (``Ruleset.fouls``) hang from,
        the first in that order on a tie; None for a text without such a list (or an unknown
        ruleset)."""
        rs = self.rulesets.get(ruleset)
        leads = Counter(self.clauses[c].lead_in for c in (rs.fouls.values() if rs else ()) if c in self.clauses)
        leads.pop(None, None)
        return leads.most_common(1)[0][0] if leads else None


# ----------------------------------------------------------------------------- errors
@dataclass(frozen=True)
class Problem:
    """One problem in rules_data/: ``path`` (relative), 1-based ``line`` and French ``message``."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class RulebookError(ValueError):
    """rules_data/ is invalid; ``problems`` lists every :class:`Problem` found."""

    def __init__(self, problems: list[Problem]):
        super().__init__("\n".join(str(p) for p in problems))
        self.problems = problems


# ----------------------------------------------------------------------------- schemas
_ID = r"^[a-z0-9-]+/[a-z0-9-]+$"


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=False)


class _ClauseBase(_Strict):
    """Fields every clause has, in rules_data/ and in a club's house rules."""
    section: str = ""
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    topics: list[str] = Field(min_length=1)
    keywords: list[str] = []
    questions: list[str] = []


class _ClauseIn(_ClauseBase):
    id: str = Field(pattern=_ID)
    kind: Literal["rule", "info", "toc"]
    part: str = ""
    lead_in: str | None = None
    defines: list[Annotated[str, Field(min_length=1)]] = []


class _ClauseFileIn(_Strict):
    ruleset: str
    clauses: list[_ClauseIn] = Field(min_length=1)


class _RulesetIn(_Strict):
    id: str = Field(pattern=r"^[a-z0-9-]+$")
    game: Literal["nine-ball", "ten-ball"]
    money_ball: Literal[9, 10]
    title: str
    source: str
    publisher: str
    short: str
    aliases: list[Annotated[str, Field(pattern=r"^[a-z0-9]+(?: [a-z0-9]+)*$")]] = []
    description: str


class _TopicIn(_Strict):
    id: str
    label: str


class _PolicySpecIn(_Strict):
    label: str
    topic: str
    role: str
    facts: list[str] = []
    money_ball: bool = False
    values: dict[str, str] = Field(min_length=1)


class _PolicyValueIn(_Strict):
    value: str
    clause: str | None = None
    note: str | None = None
    against: str | None = None


class _PolicyFileIn(_Strict):
    ruleset: str
    policy: dict[str, _PolicyValueIn]
    fouls: dict[str, str] = {}


class _GlossaryIn(_Strict):
    groups: list[list[str]]


# ----------------------------------------------------------------------------- helpers
def did_you_mean(word: object, choices: Iterable[str]) -> str:
    """A French " (vouliez-vous dire « x » ?)" suffix for the closest of ``choices``, or ""."""
    close = difflib.get_close_matches(str(word), list(choices), n=1, cutoff=0.6)
    return f" (vouliez-vous dire « {close[0]} » ?)" if close else ""


def _locate(data: Any, loc: tuple[Any, ...]) -> int:
    """Line of the deepest LineDict along ``loc`` in ``data``."""
    line, node = getattr(data, "line", 1) or 1, data
    for key in loc:
        if isinstance(node, LineDict):
            line = node.line_of(key) if key in node else node.line
            node = node.get(key)
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            node = node[key]
            if isinstance(node, LineDict):
                line = node.line
        else:
            break
    return line


def _validation_problems(rel: str, data: Any, exc: ValidationError, model: type[BaseModel]) -> list[Problem]:
    out = []
    for err in exc.errors():
        loc = tuple(err["loc"])
        where = ".".join(str(p) for p in loc) or "(racine)"
        if err["type"] == "extra_forbidden":
            parent = _model_at(model, loc[:-1])
            hint = did_you_mean(loc[-1], parent.model_fields) if parent else ""
            msg = f"clé inconnue « {loc[-1]} »{hint}"
        elif err["type"] == "missing":
            msg = f"champ obligatoire manquant : « {where} »"
        else:
            msg = f"« {where} » : {err['msg']}"
        out.append(Problem(rel, _locate(data, loc), msg))
    return out


def _model_at(model: type[BaseModel], loc: tuple[Any, ...]) -> type[BaseModel] | None:
    """The pydantic model that holds the last key of ``loc``."""
    current: Any = model
    for key in loc:
        if isinstance(key, int) or current is None:
            continue
        f = getattr(current, "model_fields", {}).get(key)
        if f is None:
            return None
        ann = f.annotation
        args = getattr(ann, "__args__", ())
        inner = next((a for a in args if isinstance(a, type) and issubclass(a, BaseModel)), None)
        current = inner if inner else (ann if isinstance(ann, type) and issubclass(ann, BaseModel) else None)
        if current is None and args:
            sub = [a for a in args if hasattr(a, "__args__")]
            for s in sub:
                inner = next((a for a in s.__args__ if isinstance(a, type) and issubclass(a, BaseModel)), None)
                if inner:
                    current = inner
    return current if isinstance(current, type) else None


def french_os_error(exc: OSError) -> str:
    """Why a file could not be read, in French."""
    if isinstance(exc, FileNotFoundError):
        return "fichier introuvable"
    if isinstance(exc, IsADirectoryError):
        return "c’est un dossier, pas un fichier"
    if isinstance(exc, PermissionError):
        return "lecture non permise (droits du fichier)"
    return f"erreur de lecture (errno {exc.errno})" if exc.errno else "erreur de lecture"


class _Collector:
    """Gathers problems while loading, relative to the rules_data root."""

    def __init__(self, root: Path):
        self.root = root
        self.problems: list[Problem] = []

    def rel(self, path: Path) -> str:
        """``path`` as problems print it: relative to the data folder's parent
        (``rules_data/clauses/9-bca.yaml``), or whole when that parent is the file system's
        root (``/tmp/topics.yaml``, not ``tmp/topics.yaml``) or does not contain it."""
        base = self.root.parent
        if base.is_absolute() and base == Path(base.anchor):
            return str(path)
        try:
            return str(path.relative_to(base))
        except ValueError:
            return str(path)

    def add(self, path: Path, line: int, message: str) -> None:
        self.problems.append(Problem(self.rel(path), line, message))

    def load(self, path: Path) -> Any:
        try:
            return load_yaml(path)
        except YamlError as exc:
            self.add(path, exc.line, exc.message)
        except OSError as exc:
            self.add(path, 1, f"fichier illisible : {french_os_error(exc)}")
        except UnicodeDecodeError:
            self.add(path, 1, "fichier illisible : ce n’est pas du texte UTF-8")
        return None

    def validate(self, path: Path, data: Any, model: type[BaseModel]) -> Any:
        try:
            return model.model_validate(data)
        except ValidationError as exc:
            self.problems.extend(_validation_problems(self.rel(path), data, exc, model))
            return None


# ----------------------------------------------------------------------------- loading
def load_rulebook(root: Path | str = DATA_DIR, house_rules: Path | str | None = None) -> Rulebook:
    """Load and validate rules_data/ (and a folder of house-rule files, if given).

    Returns a frozen :class:`Rulebook`. Raises :class:`RulebookError` listing every problem
    (``file:line: message``, with a "vouliez-vous dire" for a misspelt topic, key or policy).
    """
    root = Path(root)
    col = _Collector(root)

    topics = _load_topics(col, root / "topics.yaml")
    specs = _load_specs(col, root / "policy_schema.yaml", topics)
    glossary = _load_glossary(col, root / "glossary.yaml")
    foul_labels = _load_foul_labels(col, root / "foul_codes.yaml")
    foul_codes = tuple(foul_labels)
    lexicon_path = root / "lexicon.yaml"
    for line, message in lexicon_problems(lexicon_path)[1]:
        col.add(lexicon_path, line, message)

    rulesets_path = root / "rulesets.yaml"
    raw_rulesets = col.load(rulesets_path) or []
    metas: list[tuple[_RulesetIn, LineDict]] = []
    if not isinstance(raw_rulesets, list):
        col.add(rulesets_path, 1, "une liste de règlements est attendue")
        raw_rulesets = []
    for raw in raw_rulesets:
        m = col.validate(rulesets_path, raw, _RulesetIn)
        if m:
            metas.append((m, raw))

    clauses: dict[str, Clause] = {}
    by_ruleset: dict[str, tuple[Clause, ...]] = {}
    rulesets: dict[str, Ruleset] = {}
    seen_ids: set[str] = set()
    for meta, raw in metas:
        if meta.id in seen_ids:
            col.add(rulesets_path, raw.line, f"règlement en double : « {meta.id} »")
            continue
        seen_ids.add(meta.id)
        src = root / "sources" / meta.source
        if not src.is_file():
            col.add(rulesets_path, raw.line_of("source"), f"texte source introuvable : sources/{meta.source}")
        cl = _load_clauses(col, root / "clauses" / f"{meta.id}.yaml", meta, topics, src)
        for c in cl:
            if c.id in clauses:
                col.add(root / "clauses" / f"{meta.id}.yaml", 1, f"id de clause en double : « {c.id} »")
            clauses[c.id] = c
        by_ruleset[meta.id] = tuple(cl)
        policy, fouls = _load_policy(col, root / "policies" / f"{meta.id}.yaml", meta.id, specs,
                                     {c.id: c for c in cl}, foul_codes)
        rulesets[meta.id] = Ruleset(meta.id, meta.game, meta.money_ball, meta.title, meta.source,
                                    meta.publisher, meta.description, policy, fouls,
                                    short=meta.short, aliases=tuple(meta.aliases))

    _check_answer_data(col, root, specs, [m.id for m, _ in metas], foul_codes)

    if house_rules:
        from .house_rules import load_house_rules  # late import: optional feature
        load_house_rules(col, Path(house_rules), rulesets, clauses, by_ruleset, topics, specs, foul_codes)

    if col.problems:
        raise RulebookError(col.problems)
    return Rulebook(
        rulesets=MappingProxyType(rulesets),
        clauses=MappingProxyType(clauses),
        by_ruleset=MappingProxyType(by_ruleset),
        topics=MappingProxyType(topics),
        glossary=glossary,
        policy_specs=MappingProxyType(specs),
        foul_labels=MappingProxyType(foul_labels),
    )


def _check_answer_data(col: _Collector, root: Path, specs: Mapping[str, PolicySpec], ruleset_ids: list[str],
                       foul_codes: tuple[str, ...]) -> None:
    """The data the answers read: what players add around a question (asides.yaml, left out of
    the lookup) and the questions policies answer (policy_questions.yaml: short answers, verdicts)."""
    asides_path = root / "asides.yaml"
    if asides_path.is_file():
        for line, message in aside_problems(asides_path):
            col.add(asides_path, line, message)
    pq_path = root / "policy_questions.yaml"
    if pq_path.is_file():
        for line, message in policy_question_problems(pq_path, specs, ruleset_ids, foul_codes):
            col.add(pq_path, line, message)


def _load_topics(col: _Collector, path: Path) -> dict[str, str]:
    raw = col.load(path) or []
    out: dict[str, str] = {}
    for item in raw if isinstance(raw, list) else []:
        t = col.validate(path, item, _TopicIn)
        if t:
            if t.id in out:
                col.add(path, item.line, f"topic en double : « {t.id} »")
            out[t.id] = t.label
    return out


def _load_specs(col: _Collector, path: Path, topics: Mapping[str, str]) -> dict[str, PolicySpec]:
    raw = col.load(path) or {}
    out: dict[str, PolicySpec] = {}
    for name, item in (raw.items() if isinstance(raw, dict) else []):
        s = col.validate(path, item, _PolicySpecIn)
        if s:
            if s.topic not in topics:
                col.add(path, item.line_of("topic"), f"topic inconnu « {s.topic} »{did_you_mean(s.topic, topics)}")
            _check_role(col, path, item, name, s)
            out[name] = PolicySpec(name, s.label, s.topic, MappingProxyType(dict(s.values)), s.role, tuple(s.facts),
                                   s.money_ball)
    return out


def _check_role(col: _Collector, path: Path, item: LineDict, name: str, s: _PolicySpecIn) -> None:
    """A policy's ``role`` is one of CITATION_ROLES; its ``facts`` are Scenario facts, given
    exactly when the role reads them."""
    from .engine.schema import FACTS  # the Scenario schema (qa.engine imports this module)

    if s.role not in CITATION_ROLES:
        col.add(path, item.line_of("role"), f"politique « {name} » : rôle inconnu « {s.role} »"
                                            f"{did_you_mean(s.role, CITATION_ROLES)} ; rôles : {', '.join(CITATION_ROLES)}")
        return
    if s.role in ROLES_WITH_FACTS and not s.facts:
        col.add(path, item.line_of("role"), f"politique « {name} » : le rôle « {s.role} » demande « facts » "
                                            "(les faits du scénario qu’il lit, ex. shot.first_contact)")
    elif s.facts and s.role not in ROLES_WITH_FACTS:
        col.add(path, item.line_of("facts"), f"politique « {name} » : le rôle « {s.role} » ne lit pas de faits ; "
                                             "« facts » est en trop")
    for fact in s.facts:
        if fact not in FACTS:
            col.add(path, item.line_of("facts"), f"politique « {name} » : fait inconnu « {fact} »"
                                                 f"{did_you_mean(fact, sorted(FACTS))}")


def _load_glossary(col: _Collector, path: Path) -> tuple[tuple[str, ...], ...]:
    raw = col.load(path)
    g = col.validate(path, raw, _GlossaryIn) if raw is not None else None
    if not g:
        return ()
    groups = tuple(tuple(w for w in grp if isinstance(w, str) and w.strip()) for grp in g.groups if len(grp) >= 2)
    lines = path.read_text(encoding="utf-8").splitlines()
    for grp in groups:
        for entry in grp:
            stems = content_stems(words(entry))
            if len(words(entry)) > 1 and len(stems) == 1 and len(stems[0]) <= 3:
                # « sans le vouloir » is « san » once its stop words are out: it would replace every « sans »
                line = next((i for i, text in enumerate(lines, 1) if entry in text), 1)
                col.add(path, line, f"« {entry} » se réduit au mot « {stems[0]} » : il le remplacerait partout")
    return groups


def _load_foul_labels(col: _Collector, path: Path) -> dict[str, str]:
    raw = col.load(path) or {}
    if not isinstance(raw, dict):
        col.add(path, 1, "un dictionnaire code → libellé est attendu")
        return {}
    return {str(k): str(v) for k, v in raw.items()}


def _load_clauses(col: _Collector, path: Path, meta: _RulesetIn, topics: Mapping[str, str], src: Path) -> list[Clause]:
    raw = col.load(path)
    if raw is None:
        if not any(p.path == col.rel(path) for p in col.problems):
            col.add(path, 1, "fichier de clauses vide")
        return []
    data = col.validate(path, raw, _ClauseFileIn)
    if not data:
        return []
    if data.ruleset != meta.id:
        col.add(path, raw.line_of("ruleset"), f"clé « ruleset » : règlement « {data.ruleset} » ≠ « {meta.id} » attendu")
    out: list[Clause] = []
    ids: set[str] = set()
    for i, (c, rc) in enumerate(zip(data.clauses, raw["clauses"])):
        if not c.id.startswith(meta.id + "/"):
            col.add(path, rc.line_of("id"), f"l’id « {c.id} » doit commencer par « {meta.id}/ »")
        if c.id in ids:
            col.add(path, rc.line_of("id"), f"id de clause en double : « {c.id} »")
        ids.add(c.id)
        for t in c.topics:
            if t not in topics:
                col.add(path, rc.line_of("topics"), f"{c.id} : topic inconnu « {t} »{did_you_mean(t, topics)}")
        out.append(Clause(
            id=c.id, ruleset=meta.id, game=meta.game, kind=c.kind, section=c.section, title=c.title,
            text=c.text, topics=tuple(c.topics), order=i, part=c.part, lead_in=c.lead_in,
            keywords=tuple(c.keywords), questions=tuple(c.questions), defines=tuple(c.defines),
        ))
    for c, rc in zip(out, raw["clauses"]):
        if c.lead_in and c.lead_in not in ids:
            col.add(path, rc.line_of("lead_in"), f"{c.id} : lead_in inconnu « {c.lead_in} »{did_you_mean(c.lead_in, ids)}")
    if src.is_file():
        rep = fidelity.compare(src.read_text(encoding="utf-8"), fidelity.rebuild(raw["clauses"]))
        if not rep.ok:
            col.add(path, raw.line_of("clauses"),
                    f"les clauses ne reconstituent pas sources/{meta.source} mot pour mot :\n{rep.detail}")
    return out


def _load_policy(col: _Collector, path: Path, ruleset: str, specs: Mapping[str, PolicySpec],
                 clauses: Mapping[str, Clause], foul_codes: tuple[str, ...]) -> tuple[Mapping[str, PolicyValue], Mapping[str, str]]:
    raw = col.load(path)
    if raw is None:
        return MappingProxyType({}), MappingProxyType({})
    data = col.validate(path, raw, _PolicyFileIn)
    if not data:
        return MappingProxyType({}), MappingProxyType({})
    policy = check_policy_values(col, path, raw.get("policy", {}), data.policy, specs, clauses, complete=True)
    fouls = check_foul_map(col, path, raw.get("fouls", {}), data.fouls, clauses, foul_codes)
    return MappingProxyType(policy), MappingProxyType(fouls)


def check_policy_values(col: _Collector, path: Path, raw: LineDict, values: Mapping[str, _PolicyValueIn],
                        specs: Mapping[str, PolicySpec], clauses: Mapping[str, Clause], complete: bool) -> dict[str, PolicyValue]:
    """Check policy values against ``specs`` and ``clauses``; return {name: PolicyValue}.

    With ``complete``, every policy of the schema must be present. Problems go to ``col``.
    """
    out: dict[str, PolicyValue] = {}
    for name, pv in values.items():
        line = raw.line_of(name) if isinstance(raw, LineDict) else 1
        spec = specs.get(name)
        if spec is None:
            col.add(path, line, f"politique inconnue « {name} »{did_you_mean(name, specs)}")
            continue
        if pv.value != SILENT and pv.value not in spec.values:
            col.add(path, line, f"{name} : valeur « {pv.value} » non permise ; valeurs : "
                    f"{', '.join(list(spec.values) + [SILENT])}{did_you_mean(pv.value, spec.values)}")
        if pv.value == SILENT and pv.clause:
            col.add(path, line, f"{name} : une valeur « silent » ne cite pas de clause")
        if pv.value != SILENT:
            if not pv.clause:
                col.add(path, line, f"{name} : la clause qui fonde la valeur « {pv.value} » manque")
            elif pv.clause not in clauses:
                col.add(path, line, f"{name} : clause inconnue « {pv.clause} »{did_you_mean(pv.clause, clauses)}")
            elif clauses[pv.clause].kind != "rule":
                col.add(path, line, f"{name} : la clause « {pv.clause} » n’est pas une règle de jeu")
        if pv.against is not None and pv.against not in clauses:
            col.add(path, line, f"{name} : clause inconnue « {pv.against} » (against){did_you_mean(pv.against, clauses)}")
        if pv.against is not None and not pv.note:
            col.add(path, line, f"{name} : « against » demande une « note » qui dise la contradiction")
        out[name] = PolicyValue(name, pv.value, pv.clause, pv.note, pv.against)
    if complete:
        for name in specs:
            if name not in values:
                col.add(path, getattr(raw, "line", 1) or 1, f"politique manquante : « {name} »")
    return out


def check_foul_map(col: _Collector, path: Path, raw: Any, fouls: Mapping[str, str],
                   clauses: Mapping[str, Clause], foul_codes: tuple[str, ...]) -> dict[str, str]:
    """Check a {foul code: clause id} map; return it. Problems go to ``col``."""
    out = {}
    for code, cid in fouls.items():
        line = raw.line_of(code) if isinstance(raw, LineDict) else 1
        if code not in foul_codes:
            col.add(path, line, f"code de faute inconnu « {code} »{did_you_mean(code, foul_codes)}")
        if cid not in clauses:
            col.add(path, line, f"{code} : clause inconnue « {cid} »{did_you_mean(cid, clauses)}")
        out[code] = cid
    return out

