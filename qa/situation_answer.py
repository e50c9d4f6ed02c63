"""Answer a situational question: the engine's ruling in plain French, per ruleset.

``answer_situation(book, question, rulesets=None) -> dict | None`` returns a contract
Answer of kind ``"scenario"`` (or None when :func:`qa.situation.understand` does not read
a situation in ``question``: the caller then treats it as a lookup). This is the callable
``qa.answer.Answerer`` receives as ``situations=`` (see :func:`situation_handler`).

The French ``answer`` text says, in this order:

1. the ruling in plain words ("Faute : la 9 est replacée, ton adversaire a la bille en main
   n’importe où sur la table."), grouped by ruleset when they differ ("Selon Dooly’s, … Selon
   la FFB et le guide, …"), with the reason of a foul ("Pourquoi : …");
2. for each fact the question leaves out that changes the ruling, the ruling in each case
   ("Si la 10 était annoncée, … ; si la 10 n’était pas annoncée, …"), the same question being
   asked back in ``follow_up``;
3. what was assumed ("J’ai supposé que …": defaults of the parser and of the engine);
4. what the texts leave open (the engine's ``notes``).

It speaks as the question does (tu or vous), and to the right player when the shot was the
opponent's ("ton adversaire gagne la partie"). Citations are the clauses the rulings rest
on (each ruleset's reasons in order, merged rank by rank, no repeats), with score 1.0.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .situation import OpenFact, Understanding, rule, signature, understand

__all__ = ["answer_situation", "situation_handler", "ruling_sentence", "ruleset_name"]


# ============================================================================ voices
@dataclass(frozen=True)
class _Voice:
    """French forms for the player of the shot (``shooter``) and the other player."""

    win: str
    lose: str
    go_on: str
    keep: str
    opp_has: str
    opp_chooses: str
    opp_can: str
    hand_to_opp: str
    give_back: str
    poss: str
    must_warn: str
    shooter_can: str
    not_lose: str
    not_warned: str = "tu n’avais pas été averti"


def _voice(address: str, shooter: str) -> _Voice:
    vous = address == "vous"
    if shooter == "self":
        if vous:
            return _Voice("vous gagnez la partie", "vous perdez la partie", "vous continuez à jouer",
                          "vous gardez la main", "votre adversaire a", "votre adversaire choisit",
                          "votre adversaire peut", "la main passe à votre adversaire", "vous rendre la main",
                          "votre", "vous devez être averti", "vous pourrez", "vous ne perdez pas",
                          "vous n’aviez pas été averti")
        return _Voice("tu gagnes la partie", "tu perds la partie", "tu continues à jouer", "tu gardes la main",
                      "ton adversaire a", "ton adversaire choisit", "ton adversaire peut",
                      "la main passe à ton adversaire", "te rendre la main", "ta", "tu dois être averti",
                      "tu pourras", "tu ne perds pas", "tu n’avais pas été averti")
    if shooter == "other":
        adv = "votre adversaire" if vous else "ton adversaire"
        return _Voice(f"{adv} gagne la partie", f"{adv} perd la partie", f"{adv} continue à jouer",
                      f"{adv} garde la main", "vous avez" if vous else "tu as",
                      "vous choisissez" if vous else "tu choisis", "vous pouvez" if vous else "tu peux",
                      "c’est à vous de jouer" if vous else "c’est à toi de jouer", "lui rendre la main", "sa",
                      f"{adv} doit être averti", "il pourra", f"{adv} ne perd pas", f"{adv} n’avait pas été averti")
    return _Voice("le joueur gagne la partie", "le joueur perd la partie", "le joueur continue à jouer",
                  "le joueur garde la main", "son adversaire a", "son adversaire choisit", "son adversaire peut",
                  "la main passe à son adversaire", "lui rendre la main", "sa", "le joueur doit être averti",
                  "il pourra", "le joueur ne perd pas", "le joueur n’avait pas été averti")


# ============================================================================ names
_NAMES = {"10-doolys": "Dooly’s", "10-ffb": "la FFB", "10-guide": "le guide du jeu de la 10",
          "9-bca": "la BCA", "9-ffb": "la FFB"}


def ruleset_name(book, ruleset: str, covered: Sequence[str] = ()) -> str:
    """A short French name for ``ruleset`` ("Dooly’s", "la FFB (jeu de la 9)"…): the game is
    added to "la FFB" when ``covered`` holds both FFB rulesets."""
    name = _NAMES.get(ruleset)
    if name is None:
        rs = book.rulesets[ruleset]
        return f"« {rs.title} »"
    if ruleset.endswith("-ffb") and sum(1 for r in covered if r.endswith("-ffb")) > 1:
        name += " (jeu de la 9)" if ruleset.startswith("9") else " (jeu de la 10)"
    return name


def _join(items: Sequence[str]) -> str:
    items = list(dict.fromkeys(items))
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " et " + items[-1]


def _balls(nums: Sequence[int]) -> str:
    return _join([f"la {n}" for n in sorted(nums)])


def _lc(text: str) -> str:
    return text[:1].lower() + text[1:] if text else text


# ============================================================================ rulings
def ruling_sentence(outcome, scenario: Mapping[str, Any], voice: _Voice) -> str:
    """The ruling of one Outcome in plain French (one or two sentences)."""
    main, extra = _ruling_parts(outcome, scenario, voice)
    return f"{main} {extra}".strip()


def _ruling_parts(outcome, scenario: Mapping[str, Any], voice: _Voice) -> tuple[str, str]:
    """(the ruling, what follows from it: push-out, warning) in plain French."""
    main = _ruling_main(outcome, scenario, voice)
    if isinstance(main, tuple):
        return main
    return main, ""


def _ruling_main(outcome, scenario: Mapping[str, Any], voice: _Voice):
    shot = scenario.get("shot", {})
    state = scenario.get("state", {})
    kind = shot.get("kind", "normal")
    brk = kind == "break"
    spotted = list(outcome.spotted)
    sp = ""
    if spotted:
        sp = f"{_balls(spotted)} {'est replacée' if len(spotted) == 1 else 'sont replacées'}"
    term = outcome.termination.value if outcome.termination else None
    if outcome.game_over and term == "money_ball":
        return f"{'Casse régulière' if brk else 'Coup régulier'} : {voice.win}."
    if outcome.game_over and term == "three_fouls":
        return f"Faute, et c’est {voice.poss} troisième faute de suite : {voice.lose}."
    if not outcome.legal:
        parts = [sp] if sp else []
        parts.append(f"{voice.opp_has} la bille en main n’importe où sur la table")
        text = f"{'Casse irrégulière (faute)' if brk else 'Faute'} : {', '.join(parts)}."
        extra = ""
        if brk:
            extra += (f" {voice.opp_can[0].upper() + voice.opp_can[1:]} jouer un coup poussé (push-out)."
                      if outcome.push_out_available else " Pas de coup poussé (push-out) ensuite.")
        if outcome.warning_due:
            before = (state.get("fouls") or {}).get("shooter", 0)
            if before >= 2:
                extra += (f" Comme {voice.not_warned} après la deuxième faute, celle-ci ne compte pas comme troisième : "
                          f"{voice.not_lose} la partie et le compte reste à deux.")
            else:
                extra += (f" C’est {voice.poss} deuxième faute de suite : {voice.must_warn} "
                          f"(une troisième ferait perdre la partie).")
        return text, extra.strip()
    br = dict(outcome.break_info) if outcome.break_info else {}
    if brk and br.get("three_ball_rule") == "failed":
        return (f"Casse irrégulière (dry break : moins de trois billes empochées ou passées derrière la ligne de départ), "
                f"sans faute : {sp + ', ' if sp else ''}la main passe ; {voice.opp_chooses} de jouer la table telle quelle "
                f"(sans coup poussé) ou de {voice.give_back} ({voice.shooter_can} alors jouer un coup poussé).")
    if brk:
        push = " ; le coup suivant peut être un coup poussé (push-out)" if outcome.push_out_available else ""
        if outcome.next_shooter == "shooter":
            return f"Casse régulière : {sp + ' et ' if sp else ''}{voice.keep}{push}."
        return (f"Casse régulière, mais aucune bille empochée : {voice.hand_to_opp}"
                f"{', qui peut jouer un coup poussé (push-out)' if outcome.push_out_available else ''}.")
    if kind == "push_out":
        return (f"Coup poussé régulier : {sp + ', ' if sp else ''}{voice.opp_chooses} de jouer la table telle quelle "
                f"ou de {voice.give_back}.")
    pocketed = shot.get("pocketed") or []
    if outcome.options:
        low = min(state.get("on_table") or [min(pocketed)]) if pocketed else None
        what = f"la {low} est empochée sans annonce" if low in pocketed else "le coup annoncé n’est pas réussi"
        return (f"Pas de faute, mais {what} : {sp + ', ' if sp else ''}la main passe ; {voice.opp_chooses} de jouer "
                f"ou de {voice.give_back}.")
    if outcome.next_shooter == "shooter":
        return f"Coup régulier : {sp + ' et ' if sp else ''}{voice.go_on}."
    if pocketed:
        called = shot.get("called")
        if called == "safe":
            why = "la sécurité était annoncée"
        elif isinstance(called, dict) and called.get("ball") in pocketed and not called.get("pocket_ok", True):
            why = f"la {called['ball']} n’entre pas dans la poche annoncée"
        elif isinstance(called, dict):
            why = f"la {called['ball']} annoncée n’est pas empochée"
        else:
            why = "rien n’était annoncé"
        return (f"Pas de faute, mais {why} : les billes empochées ne comptent pas (elles restent empochées)"
                f"{', ' + sp if sp else ''} et {voice.hand_to_opp}, sans bille en main.")
    return f"Coup régulier, sans bille empochée : {voice.hand_to_opp}, sans bille en main."


def _why(outcome, table_given: bool = True) -> str:
    """The reason of the first foul, without its "Faute :" prefix ("" when legal). When the
    table was not stated, "la plus basse, la 1" becomes "la plus basse"."""
    if outcome.legal or not outcome.fouls:
        return ""
    codes = {f.clause for f in outcome.fouls}
    for r in outcome.reasons:
        t = r.text
        if t.startswith(("Faute", "Casse illégale")) and (r.clause in codes or r.clause is None) \
                and "l’adversaire prend la main" not in t:
            for prefix in ("Faute de casse : ", "Faute : ", "Casse illégale : "):
                if t.startswith(prefix):
                    t = t[len(prefix):]
            if not table_given:
                t = re.sub(r"(la plus basse),? (?:la|le) 1\b", r"\1", t)
            # the engine's "(le texte ne le dit pas ; décision d’arbitre …)" goes to the notes
            t = re.sub(r"\s*\(le texte ne le dit pas[^)]*\)*\)", "", t)
            return t
    return ""


def _by_ruling(book, results: Mapping[str, Any], scenario, voice, covered) -> list[tuple[list[str], str]]:
    """Group rulesets by their ruling sentence: [(rulesets, sentence)], largest group first."""
    groups: dict[str, list[str]] = {}
    for r, o in results.items():
        if isinstance(o, Exception):
            text = f"cette situation est impossible : {_lc(o.message)}"
        else:
            main, extra = _ruling_parts(o, scenario, voice)
            why = _why(o, table_given=(scenario.get("state") or {}).get("on_table") is not None)
            text = main + (f" Pourquoi : {_lc(why)}" if why else "") + (f" {extra}" if extra else "")
        groups.setdefault(text, []).append(r)
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), list(results).index(kv[1][0])))
    return [(rs, text) for text, rs in order]


def _ruling_text(book, results, scenario, voice, covered) -> str:
    groups = _by_ruling(book, results, scenario, voice, covered)
    if len(groups) == 1:
        text = groups[0][1]
        return text[0].upper() + text[1:]
    out = []
    for rs, text in groups:
        names = _join([ruleset_name(book, r, covered) for r in rs])
        out.append(f"Selon {names}, {_lc(text)}")
    return " ".join(out)


def _case_text(book, u: Understanding, o: OpenFact, main, voice) -> str:
    """"Si … : … ; si … : …" for one open fact, on the rulesets whose ruling it changes."""
    alt = rule(book, o.alt_scenario, u.rulesets)
    changed = [r for r in u.rulesets if signature(main[r]) != signature(alt[r])]
    if not changed:
        return ""
    def short(text: str) -> str:
        # the per-case text keeps the ruling and drops the "Pourquoi" part
        return _lc(text.split(" Pourquoi : ")[0]).rstrip(". ")

    def rulings(results, scenario):
        sub = {r: results[r] for r in changed}
        merged: dict[str, list[str]] = {}
        for rs, t in _by_ruling(book, sub, scenario, voice, u.rulesets):
            merged.setdefault(short(t), []).extend(rs)
        if len(merged) == 1:
            return next(iter(merged))
        return " ; ".join(f"selon {_join([ruleset_name(book, r, u.rulesets) for r in sorted(rs, key=list(u.rulesets).index)])}, {t}"
                          for t, rs in merged.items())
    head = ""
    if len(changed) < len(u.rulesets):
        head = f"Selon {_join([ruleset_name(book, r, u.rulesets) for r in changed])}, ça dépend d’un point que la question ne précise pas : "
    else:
        head = "Ça dépend d’un point que la question ne précise pas : "
    return (f"{head}{o.default_label}, {short(rulings(main, u.scenario))} ; "
            f"{o.alt_label}, {short(rulings(alt, o.alt_scenario))}.")


# ============================================================================ answer
def _assumptions(u: Understanding, results) -> list[str]:
    """The parser's and the engine's assumptions, without repeats; those that cannot change
    a foul already certain (the rail, the ball hit first, when another foul is committed
    under every ruleset) are left out."""
    out: list[str] = list(u.assumptions)
    table_given = (u.scenario.get("state") or {}).get("on_table") is not None
    facts = u.facts
    fouls = [o for o in results.values() if not isinstance(o, Exception)]
    certain_foul = bool(fouls) and all(not o.legal and any(f.code not in ("wrong_ball_first", "no_contact", "no_rail")
                                                           for f in o.fouls) for o in fouls)
    for r in u.rulesets:
        o = results[r]
        if isinstance(o, Exception):
            continue
        for a in o.assumptions:
            if certain_foul and ("bande après le contact" in a or "avait touché la plus basse" in a):
                continue
            if "avait touché la plus basse" in a:
                if facts.get("first_contact") == "lowest" or "wrong_ball_first" in (facts.get("fouls") or []):
                    continue
                if not table_given:
                    a = "J’ai supposé que la blanche avait touché en premier la bille la plus basse sur la table."
            out.append(a)
    return list(dict.fromkeys(out))


def _notes(book, u: Understanding, results) -> list[str]:
    seen: dict[str, list[str]] = {}
    for r in u.rulesets:
        o = results[r]
        if isinstance(o, Exception):
            continue
        for n in o.notes:
            seen.setdefault(n, []).append(r)
    out = []
    for n, rs in seen.items():
        if len(rs) == len(u.rulesets) or len(u.rulesets) == 1:
            out.append(n)
        else:
            out.append(f"({_join([ruleset_name(book, r, u.rulesets) for r in rs])}) {n}")
    return out


def _citations(book, results, rulesets: Sequence[str]) -> list[dict]:
    lists: list[list[str]] = []
    for r in rulesets:
        o = results[r]
        if isinstance(o, Exception):
            lists.append([o.clause] if getattr(o, "clause", None) else [])
        else:
            lists.append(list(o.cited))
    ids: list[str] = []
    for rank in range(max((len(x) for x in lists), default=0)):
        for x in lists:
            if rank < len(x) and x[rank] not in ids:
                ids.append(x[rank])
    out = []
    for cid in ids:
        c = book.clauses.get(cid)
        if c is not None and c.kind != "toc":
            out.append({**c.to_json(), "score": 1.0})
    return out


def answer_from(book, question: str, u: Understanding) -> dict:
    """The Answer dict for an already understood situation (see :func:`answer_situation`)."""
    results = rule(book, u.scenario, u.rulesets)
    voice = _voice(u.address, u.shooter)
    parts = [_ruling_text(book, results, u.scenario, voice, u.rulesets)]
    for o in u.open:
        if o.name == "game":
            continue
        case = _case_text(book, u, o, results, voice)
        if case:
            parts.append(case)
    assumptions = _assumptions(u, results)
    if assumptions:
        parts.append(" ".join(a if a.endswith(".") else a + "." for a in assumptions))
    notes = _notes(book, u, results)
    if notes:
        parts.append("Ce que les textes laissent ouvert : " + " ".join(n if n.endswith(".") else n + "." for n in notes))
    scenario = dict(u.scenario)
    if len(u.rulesets) == 1:
        scenario = {**scenario, "ruleset": u.rulesets[0]}
    outcomes = {r: o.to_json(book.clauses) for r, o in results.items() if not isinstance(o, Exception)}
    return {
        "question": question,
        "kind": "scenario",
        "rulesets": list(u.rulesets),
        "answer": "\n\n".join(p for p in parts if p),
        "citations": _citations(book, results, u.rulesets),
        "suggestions": [],
        "scenario": scenario,
        "outcomes": outcomes,
        "follow_up": list(u.follow_up),
    }


def answer_situation(book, question: str, rulesets: Sequence[str] | None = None) -> dict | None:
    """Answer ``question`` when it tells a situation; None otherwise (a lookup).

    ``rulesets`` restricts the rulesets covered (unknown ids ignored). Returns a contract
    Answer dict: ``kind`` "scenario", ``rulesets``, ``answer`` (French), ``citations``
    (Clause + ``score`` 1.0), ``suggestions`` [], ``scenario`` (the understood Scenario,
    ``ruleset`` null when several rulesets are covered), ``outcomes`` {ruleset: Outcome}
    (rulesets under which the situation is impossible are left out; the text says why), and
    ``follow_up``. Never raises on text; engine errors on impossible situations are turned
    into French explanations.
    """
    u = understand(book, question, rulesets)
    if u is None:
        return None
    return answer_from(book, question, u)


def situation_handler(book) -> Callable[[str, Sequence[str] | None], dict | None]:
    """The ``situations(question, rulesets)`` callable for ``Answerer(book, situations=...)``."""
    def situations(question: str, rulesets: Sequence[str] | None = None) -> dict | None:
        return answer_situation(book, question, rulesets)
    return situations
