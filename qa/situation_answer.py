"""Answer a situational question: the engine's ruling in plain French, per ruleset.

``answer_situation(book, question, rulesets=None) -> dict | None`` returns a contract
Answer of kind ``"scenario"`` (or None when :func:`qa.understand.understand` does not read
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
opponent's ("ton adversaire gagne la partie").

Citations are the clauses the rulings rest on, the most decisive first (:func:`_citations`):
the fouls found (and, for a foul a text does not list, the matcher's best clause on it or
that text's list of fouls), the clauses of the decisive fields (end of game, balls spotted,
the next player's options, and what the question is about: its call, its push-out, its
jump), the consequences (who plays next, ball in hand, warning), the conditions met, and
last the conditions the engine assumed because the question did not say ("the cue ball hit
the lowest ball first"). Each ruleset's most decisive clause comes in the first places, so
that a cut to ``k`` keeps every ruleset's answer; scores are graded by tier (1.0 … 0.4).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .french import ball_list, join_and
from .matcher import Matcher
from .engine.outcome import ImpossibleScenarioError, verdict_of
from .situation_rulings import rulings_of, weigh_open
from .short import break_valid, clip, last_segment, outcome_verdicts, ruling_short, verdict_clauses
from .understand import OpenFact, Understanding, understand
from .understand.assemble import warning_assumed
from .understand.lexicon import LEXICON

__all__ = ["answer_situation", "answer_scenario", "situation_handler", "ruling_sentence", "ruleset_name"]


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


def _names(book, rulesets: Sequence[str], covered: Sequence[str]) -> str:
    """The French names of ``rulesets`` joined ("Dooly’s, la FFB et le guide du jeu de la 10")."""
    return join_and(ruleset_name(book, r, covered) for r in rulesets)


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
    if kind == "push_out" and outcome.legal and not any(o.choice == "hand_back" for o in outcome.options):
        kind = "normal"     # a push-out its text does not allow there, ruled as an ordinary shot (no table to hand back)
    brk = kind == "break"
    spotted = list(outcome.spotted)
    sp = ""
    if spotted:
        sp = f"{ball_list(spotted)} {'est replacée' if len(spotted) == 1 else 'sont replacées'}"
    term = outcome.termination.value if outcome.termination else None
    if outcome.game_over and term == "money_ball":
        return f"{'Casse régulière' if brk else 'Coup régulier'} : {voice.win}."
    if outcome.game_over and term == "three_fouls":
        return f"Faute, et c’est {voice.poss} troisième faute de suite : {voice.lose}."
    if not outcome.legal:
        return _foul_parts(outcome, state, voice, brk, sp)
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
    main = _legal_shot_main(outcome, shot, state, voice, sp)
    if getattr(outcome, "fouls_not_recognised", ()):
        # a foul let pass (Dooly's REMARQUE): the shot is ruled as if clean, and the answer says why
        claim = shot.get("foul_claim") or {}
        how = "signalée après le coup suivant" if claim.get("when") == "after_next_shot" else "signalée par un autre que l’adversaire"
        rest = re.sub(r"^Coup régulier(?:, sans bille empochée)? : ", "", main)
        return f"Faute non reconnue ({how}) : le coup est jugé sans faute ; {_lc(rest)}"
    return main


def _foul_parts(outcome, state: Mapping[str, Any], voice: _Voice, brk: bool, sp: str) -> tuple[str, str]:
    """(the ruling, what follows) of a shot with a foul that does not end the game."""
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


def _not_counted_why(called: Any, pocketed: Sequence[int]) -> str:
    """Why the balls pocketed on a called shot do not count."""
    if called == "safe":
        return "la sécurité était annoncée"
    if isinstance(called, dict) and called.get("ball") in pocketed and not called.get("pocket_ok", True):
        return f"la {called['ball']} n’entre pas dans la poche annoncée"
    if isinstance(called, dict):
        return f"la {called['ball']} annoncée n’est pas empochée"
    return "rien n’était annoncé"


def _legal_shot_main(outcome, shot: Mapping[str, Any], state: Mapping[str, Any], voice: _Voice, sp: str) -> str:
    """The ruling of an ordinary shot without foul that does not end the game."""
    pocketed = shot.get("pocketed") or []
    if outcome.options:
        low = min(state.get("on_table") or [min(pocketed)]) if pocketed else None
        what = f"la {low} est empochée sans annonce" if low in pocketed else "le coup annoncé n’est pas réussi"
        return (f"Pas de faute, mais {what} : {sp + ', ' if sp else ''}la main passe ; {voice.opp_chooses} de jouer "
                f"ou de {voice.give_back}.")
    if outcome.next_shooter == "shooter":
        return f"Coup régulier : {sp + ' et ' if sp else ''}{voice.go_on}."
    if pocketed:
        why = _not_counted_why(shot.get("called"), pocketed)
        return (f"Pas de faute, mais {why} : les billes empochées ne comptent pas (elles restent empochées)"
                f"{', ' + sp if sp else ''} et {voice.hand_to_opp}, sans bille en main.")
    return f"Coup régulier, sans bille empochée : {voice.hand_to_opp}, sans bille en main."


def _why(outcome) -> str:
    """The reason of the first foul, in the engine's words (its ``gist``: no « Faute : »
    lead, no referee's mark, the lowest ball unnamed when the table was not stated); "" when
    the shot is legal."""
    if outcome.legal or not outcome.fouls:
        return ""
    return next((r.gist for r in outcome.reasons if r.gist), "")


def _by_ruling(results: Mapping[str, Any], scenario, voice) -> list[tuple[list[str], str]]:
    """Group rulesets by their ruling sentence: [(rulesets, sentence)], largest group first."""
    groups: dict[str, list[str]] = {}
    for r, o in results.items():
        if isinstance(o, ImpossibleScenarioError):
            text = f"cette situation est impossible : {_lc(o.message)}"
        else:
            main, extra = _ruling_parts(o, scenario, voice)
            why = _why(o)
            text = main + (f" Pourquoi : {_lc(why)}" if why else "") + (f" {extra}" if extra else "")
        groups.setdefault(text, []).append(r)
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), list(results).index(kv[1][0])))
    return [(rs, text) for text, rs in order]


def _ruling_text(book, results, scenario, voice, covered) -> str:
    groups = _by_ruling(results, scenario, voice)
    if len(groups) == 1:
        text = groups[0][1]
        return text[0].upper() + text[1:]
    out = []
    for rs, text in groups:
        out.append(f"Selon {_names(book, rs, covered)}, {_lc(text)}")
    return " ".join(out)


def _case_text(book, u: Understanding, o: OpenFact, main, voice) -> str:
    """"Si … : … ; si … : …" for one open fact, on the rulesets whose ruling it changes."""
    alt = rulings_of(book, u, o)
    changed = [r for r in u.rulesets if verdict_of(main[r]) != verdict_of(alt[r])]
    if not changed:
        return ""
    def short(text: str) -> str:
        # the per-case text keeps the ruling and drops the "Pourquoi" part
        return _lc(text.split(" Pourquoi : ")[0]).rstrip(". ")

    def rulings(results, scenario):
        sub = {r: results[r] for r in changed}
        merged: dict[str, list[str]] = {}
        for rs, t in _by_ruling(sub, scenario, voice):
            merged.setdefault(short(t), []).extend(rs)
        if len(merged) == 1:
            return next(iter(merged))
        return " ; ".join(f"selon {_names(book, sorted(rs, key=list(u.rulesets).index), u.rulesets)}, {t}"
                          for t, rs in merged.items())
    if len(changed) < len(u.rulesets):
        head = f"Selon {_names(book, changed, u.rulesets)}, ça dépend d’un point que la question ne précise pas : "
    else:
        head = "Ça dépend d’un point que la question ne précise pas : "
    return (f"{head}{o.default_label}, {short(rulings(main, u.scenario))} ; "
            f"{o.alt_label}, {short(rulings(alt, o.alt_scenario))}.")


# ============================================================================ answer
# The facts of a regular shot that cannot change a foul already certain under every ruleset.
_CONTACT_FACTS = frozenset({"shot.first_contact", "shot.rail_after_contact"})
_LOWEST_UNSTATED = "J’ai supposé que la blanche avait touché en premier la bille la plus basse sur la table."


def _assumption_text(u: Understanding, a, certain_foul: bool) -> str | None:
    """What to say of the engine's assumption ``a`` (None: leave it out)."""
    if a.fact not in _CONTACT_FACTS or (u.scenario.get("shot") or {}).get("kind") == "break":
        return a.text
    if certain_foul:
        return None
    if a.fact == "shot.first_contact":
        facts = u.facts
        if facts.get("first_contact") == "lowest" or "wrong_ball_first" in (facts.get("fouls") or []):
            return None
        if (u.scenario.get("state") or {}).get("on_table") is None:
            return _LOWEST_UNSTATED
    return a.text


def _assumptions(u: Understanding, results) -> list[str]:
    """The parser's and the engine's assumptions, without repeats; those that cannot change
    a foul already certain (the rail, the ball hit first, when another foul is committed
    under every ruleset) are left out."""
    out: list[str] = list(u.assumptions)
    fouls = [o for o in results.values() if not isinstance(o, Exception)]
    certain_foul = bool(fouls) and all(not o.legal and any(f.code not in ("wrong_ball_first", "no_contact", "no_rail")
                                                           for f in o.fouls) for o in fouls)
    for r in u.rulesets:
        o = results[r]
        if isinstance(o, Exception):
            continue
        for a in o.assumptions:
            text = _assumption_text(u, a, certain_foul)
            if text is not None:
                out.append(text)
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
            out.append(f"({_names(book, rs, u.rulesets)}) {n}")
    return out


# ============================================================================ citations
# How decisive a clause is for the ruling, most decisive first (see _citations).
FOUL, VERDICT, CONSEQUENCE, SUPPORT, ASSUMED = range(5)
_TIER_SCORE = {FOUL: 1.0, VERDICT: 0.95, CONSEQUENCE: 0.8, SUPPORT: 0.6, ASSUMED: 0.4}
_SUBJECT_SCORE = 0.9    # a clause found on the subject of a foul the text does not list

# How decisive each policy's clause is comes from its ``role`` in rules_data/policy_schema.yaml
# (see the header of that file); the roles that depend on the ruling or on the question are
# weighed by the functions below.
def _fact_names(spec) -> tuple[str, ...]:
    """The question's fact names (``first_contact``) of a policy's Scenario facts."""
    return tuple(f.split(".", 1)[1] for f in spec.facts)


def _condition_tier(spec, pv, u: Understanding, pocketed: Sequence[int]) -> tuple[int, float]:
    """A condition of a regular shot: the question's point when it states the fact false
    (no rail, and yet no foul); met when stated; assumed by the engine when not."""
    facts = u.facts
    names = _fact_names(spec)
    if any(facts.get(n) is False for n in names):
        return VERDICT, _TIER_SCORE[VERDICT] - 0.05
    stated = any(n in facts for n in names)
    if spec.name == "break_requirement" and pv.value == "pocket_or_four_rails" and pocketed:
        stated = True                    # "a ball is pocketed": stated
    if spec.name == "three_ball_requirement":
        stated = stated or len(pocketed) >= 3
        if stated:                       # on a template rack it decides who plays next
            return CONSEQUENCE, _TIER_SCORE[CONSEQUENCE]
    return (SUPPORT, _TIER_SCORE[SUPPORT]) if stated else (ASSUMED, _TIER_SCORE[ASSUMED])


def _outcome_tier(role: str, outcome, pocketed: Sequence[int]) -> tuple[int, float] | None:
    """The roles weighed by the ruling: the end of the game, balls spotted, options."""
    verdict = _TIER_SCORE[VERDICT]
    if role == "third_foul" or (role in ("end_of_game", "break_money_ball") and outcome.game_over):
        return VERDICT, verdict + 0.02
    if role in ("spotting", "break_money_ball", "push_out_balls"):
        if outcome.spotted or (role == "push_out_balls" and pocketed):
            return VERDICT, verdict      # (the balls pocketed on a push-out do not count)
        return CONSEQUENCE, _TIER_SCORE[CONSEQUENCE]
    if role == "options":
        return (VERDICT, verdict) if outcome.options else (CONSEQUENCE, _TIER_SCORE[CONSEQUENCE])
    if role == "consequence":
        return CONSEQUENCE, _TIER_SCORE[CONSEQUENCE]
    return None


def _question_tier(spec, pv, u: Understanding, pocketed: Sequence[int]) -> tuple[int, float]:
    """The roles weighed by what the question is about: its jump, its call, its push-out."""
    facts = u.facts
    names = _fact_names(spec)
    verdict = _TIER_SCORE[VERDICT]
    if spec.role == "technique":
        return (VERDICT, verdict) if any(facts.get(n) for n in names) else (SUPPORT, _TIER_SCORE[SUPPORT])
    if spec.role == "call":
        if any(n in facts for n in names):
            return VERDICT, verdict + 0.01   # the question is about the call
        if pv.value == "ball_and_pocket" and pocketed:
            return ASSUMED, _TIER_SCORE[ASSUMED]   # the engine assumed the ball was called
        return SUPPORT, _TIER_SCORE[SUPPORT]
    if spec.role == "push_out_exemption" and any(n in facts for n in names):
        return VERDICT, verdict + 0.01       # what a push-out does not require: the question's point
    if spec.role == "condition":
        return _condition_tier(spec, pv, u, pocketed)
    return SUPPORT, _TIER_SCORE[SUPPORT]


def _policy_tier(spec, pv, outcome, u: Understanding) -> tuple[int, float]:
    """How decisive the clause of the policy ``spec`` is in ``outcome``: (tier, score), a
    lower tier and a higher score being more decisive. Within the decisive fields, the end of
    the game comes first, then what the question is about (its call, its push-out, its jump),
    then the balls spotted and the options."""
    pocketed = (u.scenario.get("shot") or {}).get("pocketed") or []
    return _outcome_tier(spec.role, outcome, pocketed) or _question_tier(spec, pv, u, pocketed)


def _subject_clause(book, ruleset: str, code: str) -> str | None:
    """A clause of ``ruleset`` on a foul its text does not list: the matcher's best clause on
    that foul (when one really treats it), else the text's list of fouls (the lead-in most of
    its listed fouls hang from), else None."""
    found = Matcher.shared(book).best_on_subject(book.foul_label(code), ruleset, topic="fouls")
    return found.id if found is not None else book.foul_list_lead(ruleset)


def _let_pass_clause(rs, outcome) -> str | None:
    """The clause of who may point out a foul and until when (Dooly's REMARQUE), when the ruling
    did not recognise a foul for that reason; else None."""
    claim = rs.policy.get("foul_claim")
    if getattr(outcome, "fouls_not_recognised", ()) and claim is not None:
        return claim.clause
    return None


def _ranked(book, ruleset: str, outcome, u: Understanding) -> list[tuple[str, int, float]]:
    """The clauses of one ruleset's ruling as (clause id, tier, score), most decisive first:
    the fouls (and, for a foul the text does not list, a clause on its subject), the clauses
    of the decisive fields, the consequences, the conditions met, the conditions assumed."""
    if isinstance(outcome, Exception):
        clause = getattr(outcome, "clause", None)
        return [(clause, VERDICT, _TIER_SCORE[VERDICT])] if clause else []
    rs = book.rulesets[ruleset]
    used = {r.policy for r in outcome.reasons if getattr(r, "policy", None)}
    by_clause: dict[str, list[str]] = {}
    for name, pv in rs.policy.items():     # the policies this ruling used (a clause may state others)
        if pv.clause and (name in used or not used):
            by_clause.setdefault(pv.clause, []).append(name)
    best: dict[str, tuple[int, float, int]] = {}     # clause → (tier, score, first position)

    def add(cid: str | None, tier: int, score: float) -> None:
        if not cid:
            return
        old = best.get(cid)
        if old is None:
            best[cid] = (tier, score, len(best))
        elif (tier, -score) < (old[0], -old[1]):
            best[cid] = (tier, score, old[2])

    add(_let_pass_clause(rs, outcome), FOUL, _TIER_SCORE[FOUL])   # a foul let pass: the rule that does not recognise it
    for f in outcome.fouls:
        if f.clause:
            add(f.clause, FOUL, _TIER_SCORE[FOUL])
        listed = rs.fouls.get(f.code)
        if listed:
            add(listed, FOUL, _TIER_SCORE[FOUL])
        elif not f.clause:
            add(_subject_clause(book, ruleset, f.code), FOUL, _SUBJECT_SCORE)
    rank = (SUPPORT, _TIER_SCORE[SUPPORT])
    for r in outcome.reasons:
        if not r.clause:
            continue
        names = by_clause.get(r.clause)
        if names:   # a clause behind several policies counts for the most decisive of them
            rank = min((_policy_tier(book.policy_specs[n], rs.policy[n], outcome, u) for n in names),
                       key=lambda x: (x[0], -x[1]))
        # a clause no policy names (the items of a list a ruling quotes) goes with the one before
        add(r.clause, *rank)
    order = sorted(best.items(), key=lambda kv: (kv[1][0], -kv[1][1], kv[1][2]))
    return [(cid, t, sc) for cid, (t, sc, _) in order]


_FOCUS_SHARE = 0.8   # a lookup hit this close to the best one is what the question's words are about
_FOCUS_DEPTH = 3     # ... among the first hits of the lookup


def _focus(book, question: str, rulesets: Sequence[str]) -> dict[str, float]:
    """The clauses the question's own words point to (« c'est valable ? » after the story:
    the rule of the first contact; « elle reste au fond ? »: the spotting), as {clause id:
    lookup score}: the first hits of the matcher's lookup of the whole question within
    ``rulesets`` that score at least :data:`_FOCUS_SHARE` of the best. Empty when the lookup
    finds nothing it would answer with."""
    found = Matcher.shared(book).lookup(question, list(rulesets), k=_FOCUS_DEPTH)
    if found.unknown or not found.hits:
        return {}
    top = found.hits[0].score
    return {h.clause.id: h.score for h in found.hits if h.score >= _FOCUS_SHARE * top}


def asks_legality(question: str) -> bool:
    """Whether the last words of ``question`` ask if the shot is legal (« …, c'est valable ? »,
    « c'est faute ? »: ``legality_asked`` of rules_data/lexicon.yaml)."""
    return any(w in LEXICON.legality_asked for w in last_segment(question).split())


def _focused(items: list[tuple[str, int, float]], focus: Mapping[str, float],
             conditions: bool) -> list[tuple[str, int, float]]:
    """One ruleset's ranked clauses with the ones the question points to (:func:`_focus`)
    first, best lookup score first, at the tier and score of the most decisive clause. The
    story's own facts match the conditions of a regular shot: those lead only when the
    question asks whether the shot is legal (``conditions``)."""
    if not items or not focus:
        return items
    head = sorted((i for i in items if i[0] in focus and (conditions or i[1] <= CONSEQUENCE)),
                  key=lambda i: -focus[i[0]])
    if not head:
        return items
    tier, score = min((i[1] for i in items)), max(i[2] for i in items)
    led = {cid for cid, _, _ in head}
    return [(cid, tier, score) for cid, _, _ in head] + [i for i in items if i[0] not in led]


def _citations(book, results, u: Understanding, question: str = "") -> list[dict]:
    """The clauses the rulings rest on, the most decisive first, with graded scores.

    Each ruleset's clauses are ranked by :func:`_ranked`. The answer starts with the most
    decisive clause of each ruleset that has one (a foul, a decisive field or a consequence),
    so that every ruleset is represented within the first citations whatever ``k``, then the
    others by tier, then rank after rank (each ruleset's second clause before any third),
    rulesets interleaved. A clause of the ruling that the question's own words point to
    (:func:`_focus`) leads its ruleset, and those rulesets lead. Scores follow the tiers (1.0 for a
    foul, 0.95 for a decisive field, 0.8 a consequence, 0.6 a condition met, 0.4 a condition
    assumed), never increasing down the list.
    """
    focus = _focus(book, question, u.rulesets) if question else {}
    legality = asks_legality(question)
    per = {r: _focused(_ranked(book, r, results[r], u), focus, legality) for r in u.rulesets}
    heads = [(r, items[0]) for r, items in per.items() if items and items[0][1] <= CONSEQUENCE]
    led = {items[0][0] for items in per.values() if items and items[0][0] in focus}
    heads.sort(key=lambda x: (x[1][0] not in led, x[1][1], -x[1][2], list(u.rulesets).index(x[0])))
    taken = {item[0] for _, item in heads}
    rest = []
    for r, items in per.items():
        for rank, item in enumerate(i for i in items if i[0] not in taken):
            rest.append((item[1], rank, -item[2], list(u.rulesets).index(r), item))
    rest.sort(key=lambda x: x[:4])
    out: list[dict] = []
    last = 1.0
    for cid, _, score in [item for _, item in heads] + [x[-1] for x in rest]:
        c = book.clauses.get(cid)
        if c is None or c.kind == "toc" or any(o["id"] == cid for o in out):
            continue
        last = min(last, score)
        out.append({**c.to_json(), "score": round(last, 2)})
    return out


def _verdicts_first(book, citations: list[dict], first: list[str]) -> list[dict]:
    """The citations with the clauses the yes/no verdicts rest on (``first``) at the head, so that
    they stay cited whatever ``k``; scores never increase down the list."""
    if not first:
        return citations
    top = citations[0]["score"] if citations else 1.0
    by_id = {c["id"]: c for c in citations}
    head = [{**(by_id.get(cid) or book.clauses[cid].to_json()), "score": top} for cid in first if cid in book.clauses]
    return head + [c for c in citations if c["id"] not in first]


def answer_from(book, question: str, u: Understanding) -> dict:
    """The Answer dict for an already understood situation (see :func:`answer_situation`)."""
    results = rulings_of(book, u)
    voice = _voice(u.address, u.shooter)
    game = next((o for o in u.open if o.name == "game"), None)
    follow_up = list(u.follow_up)
    if game is not None:
        # the game decides and is not told: ask it first, with what each game gives, and no more
        parts = ["La réponse dépend du jeu. " + game.question, _ruling_text(book, results, u.scenario, voice, u.rulesets)]
        follow_up = [game.question]
    else:
        parts = [_ruling_text(book, results, u.scenario, voice, u.rulesets)] + _details(book, u, results, voice)
    scenario = dict(u.scenario)
    if len(u.rulesets) == 1:
        scenario = {**scenario, "ruleset": u.rulesets[0]}
    outcomes = {r: o.to_json(book.clauses) for r, o in results.items() if not isinstance(o, Exception)}
    ruled = {r: o for r, o in results.items() if not isinstance(o, Exception)}
    return {
        "speaker": {"address": u.address, "shooter": u.shooter},   # for the conversation's context (not sent)
        "short": (clip("La réponse dépend du jeu. " + game.question) if game is not None
                  else _on_condition(u, _short(book, results, u.scenario, voice, u.rulesets))),
        "verdicts": outcome_verdicts(question, ruled, u.shooter) if game is None or not _money_named(book, u) else None,
        "question": question,
        "kind": "scenario",
        "rulesets": list(u.rulesets),
        "answer": "\n\n".join(p for p in parts if p),
        "citations": _verdicts_first(book, _citations(book, results, u, question), verdict_clauses(question, ruled)),
        "suggestions": [],
        "scenario": scenario,
        "outcomes": outcomes,
        "follow_up": follow_up,
    }


def _on_condition(u: Understanding, short: str) -> str:
    """The short ruling of a story that leaves out whether the cue ball touched the ball it missed (« je rate
    la 2 »): said on that condition (« Si la blanche a touché la 2 : … »), the other case in the answer."""
    missed = next((o for o in u.open if o.name == "contact"), None)
    return clip(f"{missed.default_label[:1].upper()}{missed.default_label[1:]} : {_lc(short)}") if missed else short


def _money_named(book, u: Understanding) -> bool:
    """The story names a ball that is the money ball of one of its rulesets (the 9 or the 10): while
    the game is not told, that ball means a different thing in each game, so no verdict is given."""
    shot = u.scenario.get("shot") or {}
    told = set(shot.get("pocketed") or ()) | set(shot.get("off_table") or ())
    told |= {b for b in (shot.get("first_contact"), shot.get("called")) if isinstance(b, int)}
    return bool(told & {book.rulesets[r].money_ball for r in u.rulesets if r in book.rulesets})


def _short(book, results, scenario, voice: _Voice, covered) -> str:
    """The rulings in one sentence (the contract's ``short``): each group's ruling, without its reason."""
    groups: dict[str, list[str]] = {}
    for r, o in results.items():
        text = (f"cette situation est impossible : {_lc(o.message)}" if isinstance(o, ImpossibleScenarioError)
                else _ruling_parts(o, scenario, voice)[0])
        if not isinstance(o, ImpossibleScenarioError) and "legal" in set(getattr(o, "unsettled", ()) or ()):
            if break_valid(o) is False:     # the text says the break is not valid, not what that costs
                text = f"casse non valable, la faute en arbitre : {_lc(text)}"
            else:
                text = f"texte muet, en arbitre : {_lc(text)}"   # (its verdict is « silent »)
        groups.setdefault(text, []).append(r)
    order = sorted(groups.items(), key=lambda kv: (-len(kv[1]), list(results).index(kv[1][0])))
    return ruling_short(book, [(rs, text[:1].upper() + text[1:]) for text, rs in order], covered)


def _sides(u: Understanding) -> str:
    """Who is who in the rulings' rows when the shot told is the opponent's (« il a joué alors que
    ce n’était pas son tour »): the rows speak of « le tireur » (who played) and « l’adversaire »."""
    you, yours = ("vous", "votre") if u.address == "vous" else ("toi", "ton")
    out_of_turn = "out_of_turn" in ((u.scenario.get("shot") or {}).get("fouls") or ())
    told = (f"le coup raconté est celui de {yours} adversaire, qui a joué hors de son tour : la faute est la sienne "
            f"et la main revient à celui dont c’était le tour") if out_of_turn else \
        f"le coup raconté est celui de {yours} adversaire"
    return (f"Dans le détail par règlement, {told} ; « le tireur » y est {yours} adversaire et « l’adversaire », "
            f"c’est {you}.")


def _details(book, u: Understanding, results, voice: _Voice) -> list[str]:
    """What follows the ruling: each open fact's other case, the assumptions, the texts' silences."""
    parts = [case for o in u.open if (case := _case_text(book, u, o, results, voice))]
    if u.shooter == "other":
        parts.append(_sides(u))
    assumptions = _assumptions(u, results)
    if assumptions:
        parts.append(" ".join(a if a.endswith(".") else a + "." for a in assumptions))
    notes = _notes(book, u, results)
    if notes:
        parts.append("Ce que les textes laissent ouvert : " + " ".join(n if n.endswith(".") else n + "." for n in notes))
    return parts


def answer_scenario(book, question: str, scenario: Mapping[str, Any], rulesets: Sequence[str],
                    address: str = "tu", shooter: str = "self") -> dict:
    """The Answer for a Scenario already typed (a follow-up changed one of its facts, or asked
    it under other rulesets): the same answer as a situation told, nothing left open."""
    sc, assumed = _with_warning_assumed(scenario, address, shooter)
    u = Understanding(scenario=sc, rulesets=tuple(rulesets), facts={}, address=address, shooter=shooter,
                      assumptions=assumed)
    return answer_from(book, question, u)


def _with_warning_assumed(scenario: Mapping[str, Any], address: str, shooter: str) -> tuple[dict, tuple[str, ...]]:
    """A follow-up that gives the shooter two fouls and says nothing of the warning (« et s'il avait déjà deux
    fautes ? »): the warning the rule requires is taken as given, and said, as for a story told in one go."""
    state = scenario.get("state") or {}
    if ((state.get("fouls") or {}).get("shooter") != 2) or "warned" in state:
        return dict(scenario), ()
    return {**scenario, "state": {**state, "warned": True}}, (warning_assumed(address == "vous", shooter),)


def answer_situation(book, question: str, rulesets: Sequence[str] | None = None) -> dict | None:
    """Answer ``question`` when it tells a situation; None otherwise (a lookup).

    ``rulesets`` restricts the rulesets covered (unknown ids ignored). Returns a contract
    Answer dict: ``kind`` "scenario", ``rulesets``, ``answer`` (French), ``citations``
    (Clause + ``score``, the most decisive first, see :func:`_citations`), ``suggestions`` [],
    ``scenario`` (the understood Scenario,
    ``ruleset`` null when several rulesets are covered), ``outcomes`` {ruleset: Outcome}
    (rulesets under which the situation is impossible are left out; the text says why), and
    ``follow_up``. Never raises on text; engine errors on impossible situations are turned
    into French explanations.
    """
    u = understand(book, question, rulesets)
    if u is None:
        return None
    u = weigh_open(book, u)
    if u.facts.get("foul_told") and _ruled_legal(rulings_of(book, u)):
        # the story says a foul the engine did not find in its facts: its kind is not known, so the
        # shot is not ruled legal (the clause lookup answers)
        return None
    return answer_from(book, question, u)


def _ruled_legal(results: Mapping[str, Any]) -> bool:
    return any(not isinstance(o, Exception) and o.legal for o in results.values())


def situation_handler(book) -> Callable[[str, Sequence[str] | None], dict | None]:
    """The ``situations(question, rulesets)`` callable for ``Answerer(book, situations=...)``."""
    def situations(question: str, rulesets: Sequence[str] | None = None) -> dict | None:
        return answer_situation(book, question, rulesets)
    return situations
