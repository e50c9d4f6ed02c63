"""The entry point: French text → :class:`Understanding` (no engine run here)."""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Sequence

from qa.rulebook import Rulebook
from qa.understand.clauses import Clause
from qa.understand.assemble import _assemble
from qa.understand.classify import _MODAL_Q, _has_shot_fact, _not_ruled_here, is_situation, narrative
from qa.understand.clauses import V_POT, _clauses, _resolve_pronouns
from qa.understand.facts import F, Fact, Facts, Partial, merge
from qa.understand.lexicon import LEXICON, TABLE_TAKEN
from qa.understand.names import _rulesets
from qa.understand.readers.clause import read_clause
from qa.understand.readers.order import read_order
from qa.understand.readers.claim import read_claim
from qa.understand.readers.story import read_story
from qa.understand.shots import AFTER_BREAK, CHOICES, Shots, has_phrase, phrase_at, says, split_shots
from qa.understand.results import Understanding
from qa.understand.tokens import _group_lists, _nums, _symbolise, tokens

from ..text import words


# what the whole story tells of the state before the ruled shot (the rest is read on that shot)
_STATE = frozenset({F.BIH, F.FOULS_SELF, F.FOULS_OTHER, F.FOULS_SHOOTER, F.WARNED, F.RACK, F.ON_TABLE, F.PRESENT, F.LOWEST, F.GONE})
_RESET = 9      # ranks above any count of fouls read


def _text_of(clauses: Sequence[Clause]) -> str:
    return " , ".join(" ".join(([c.conj] if c.conj and c.toks[:1] != [c.conj] else []) + c.toks) for c in clauses)


def _is_break(clauses: Sequence[Clause]) -> bool:
    """The shot told by ``clauses`` is a break (« il casse… », or « juste après la casse de mon adversaire »)."""
    if any(c.conj == "apres" and AFTER_BREAK.match(_text_of([c])) for c in clauses):
        return True
    return merge(read_story(_text_of(clauses))).kind == "break" if clauses else False



def _scratched(clauses: Sequence[Clause]) -> bool:
    """The shot told by ``clauses`` sent the cue ball into a pocket or off the table."""
    return merge(read_story(_text_of(clauses)), *(read_clause(c, Facts()) for c in clauses)).cue in ("pocketed", "off_table")


# the words before the table taken that say it was not (« je refuse de prendre la table »)
_REFUSED = re.compile(r"\b(?:refuse|refuses|refusent|refuser|pas|jamais|sans|ne veut|veut pas)(?: \w+)? $")


def _accepted_after_dry(facts: Partial, clauses: Sequence[Clause]) -> Partial:
    """``facts`` (of a story told by ``clauses``) where the push-out told is played by the player
    who took the table after a dry break (« il fait un dry break, j'accepte la table et j'annonce un
    push-out »): no push-out (9-ffb « soit accepter la table telle quelle, mais il ne peut pas jouer
    de coup de dégagement »), an ordinary shot."""
    if not any(f.field is F.KIND and f.value == "push_out" for f in facts):
        return facts
    dry = next((i for i, c in enumerate(clauses) if merge(read_story(c.text)).dry), None)
    if dry is None:
        return facts
    taken = next((" ".join(p) for c in clauses[dry:] for p in TABLE_TAKEN if (at := phrase_at(c.toks, p)) is not None
                  and not _REFUSED.search(" ".join(c.toks[:at]) + " ") and c.toks[at + len(p):at + len(p) + 1] not in (["pas"], ["jamais"])),
                 None)
    if taken is None:
        return facts
    return tuple(f for f in facts if f.field is not F.KIND) + (Fact(F.PUSH_AFTER_ACCEPTED_DRY, True, taken),)


def _told_down(earlier: Facts, clauses: Sequence[Clause]) -> bool:
    """The shot told by ``clauses`` pocketed or drove off balls (named or counted)."""
    story = merge(read_story(_text_of(clauses)))
    return bool(earlier.pocketed or earlier.off or earlier.pocketed_count or story.pocketed or story.off
                or story.pocketed_count or story.generic_pocket or story.told_pockets)


# fouls of the turn, not of a stroke: told before the player's stroke, they are that turn's foul
_TURN_FOULS = frozenset({"touched_ball"})


def _turn_fouls(shots: Shots, ruled_by: str | None) -> Partial:
    """« j'ai touché la 7 avec mon bras, puis j'ai joué la 2 »: the ball touched in the same
    player's turn, before the stroke, is a foul of the shot ruled (9-ffb, 10-guide « bille touchée »)."""
    if any(c.subject in ("self", "other", "player") and c.subject != ruled_by for c in shots.previous):
        return ()
    codes = merge(read_story(_text_of(shots.previous))).codes
    return tuple(Fact(F.CODES, code, _text_of(shots.previous)) for code in codes if code in _TURN_FOULS)


def _story(text: str, shots: Shots) -> Partial:
    """The story's facts: of the state on the whole story, of the shot on the ruled shot's
    clauses; the earlier shots' pocketed balls are down, and fouls in a row start again after a
    new rack or a legal shot of the same player."""
    whole = read_story(text)
    if not shots.earlier:
        return _accepted_after_dry(whole, shots.ruled)
    shot = read_story(_text_of(shots.ruled))
    own_fouls = {f.field for f in shot if f.field in (F.FOULS_SELF, F.FOULS_OTHER, F.FOULS_SHOOTER)}
    # who played the ruled shot: its person, else the last person told (« il fait deux fautes, puis un
    # coup correct, puis une nouvelle faute »)
    ruled_by = next((c.subject for c in shots.ruled if c.subject in ("self", "other", "player")),
                    next((c.subject for c in reversed(shots.earlier) if c.subject in ("self", "other", "player")), None))
    # (the ruled shot's own count of fouls, « …, 3e faute », wins over the story's)
    state = tuple(f for f in whole if f.field in _STATE and f.field not in own_fouls) + tuple(f for f in shot if f.field in own_fouls)
    reset = []
    for field, person in ((F.FOULS_SELF, "self"), (F.FOULS_OTHER, "other"), (F.FOULS_SHOOTER, ruled_by)):
        if field not in own_fouls and (shots.new_rack or person in shots.legal_before):
            reset.append(Fact(field, 0, _text_of(shots.earlier), _RESET))
    if reset and not any(f.field is F.WARNED for f in shot):
        reset.append(Fact(F.WARNED, None, _text_of(shots.earlier), _RESET))   # a warning ends with its streak
    if any(f.field is F.KIND and f.value == "push_out" for f in shot):
        # (« il fait un dry break, je prends la table, j'annonce un push-out »: the table taken is no shot)
        previous = shots.previous
        if previous and all(any(has_phrase(c.toks, p) for p in CHOICES) for c in previous):
            previous = shots.earlier[:len(shots.earlier) - len(previous)] or previous
        if not _is_break(previous):
            # a push-out is played only on the shot right after the break: here an ordinary shot
            shot = tuple(f for f in shot if f.field is not F.KIND) + (Fact(F.PUSH_UNAVAILABLE, True, _text_of(shots.previous)),)
        elif _scratched(previous):
            # after a break whose cue ball went down, no text lets the incoming player push out
            # (9-bca 5, 9-ffb « en cas de casse régulière », 10-ffb 5, 10-guide, 10-doolys)
            shot = tuple(f for f in shot if f.field is not F.KIND) + (Fact(F.PUSH_AFTER_SCRATCH, True, _text_of(shots.previous)),)
        else:
            shot = _accepted_after_dry(shot, (*shots.earlier, *shots.ruled))
    earlier = merge(*(read_clause(c, Facts()) for c in shots.earlier))
    gone = (Fact(F.GONE, earlier.pocketed, _text_of(shots.earlier)),) if earlier.pocketed else ()
    if not gone and shots.previous == shots.earlier and _is_break(shots.previous) and not _told_down(earlier, shots.previous):
        gone = (Fact(F.AFTER_QUIET_BREAK, True, _text_of(shots.previous)),)    # the rack is still whole
    return state + tuple(f for f in shot if f.field not in _STATE) + tuple(reset) + gone + _turn_fouls(shots, ruled_by)


_WARNING = re.compile(r"\b(?:averti|avertie|avertis|prevenu|prevenue|prevenus|avertissement)\b")


def _read_clauses(clauses: Sequence[Clause], story: Partial = (), asked: Sequence[Clause] = ()) -> Partial:
    """The facts of the shot's clauses, each read knowing what was read before it. In a story
    with two players (« mon adversaire rentre la 1 puis rate la 2 ; je touche la 2… ») the
    asker's shot is ruled: the other player's clauses only tell the balls that went down before.
    ``asked``: the last clauses, which tell nothing of a shot (« …, je joue d'où ? »): the
    question asked, whose person played no shot."""
    actors = {c.subject for c in clauses if c.subject in ("self", "other", "player") and narrative([c])[0]
              and not _WARNING.search(c.text)    # « je l'ai averti » tells the state, not a shot of mine
              and not any(c is a for a in asked)}
    # (the asker's clauses must tell something of a shot: « il rate la 1, je rejoue ? » rules his shot)
    multi = "self" in actors and len(actors) > 1 and any(
        c.subject == "self" and any(f.field is not F.PERSONS for f in read_clause(c, Facts())) for c in clauses)
    read: Partial = ()
    for c in clauses:
        if multi and c.subject in ("other", "player"):
            if re.search(r"\b(?:" + V_POT + r")", c.text):
                read += (Fact(F.GONE, tuple(b for t in c.toks for b in _nums(t)), c.text),)
            continue
        if says(c) and c is not clauses[0]:
            continue     # what someone says of the shot (« il dit que j'avais pas le droit de la mettre là »): no fact of it
        facts = read_clause(c, merge(story, read))
        if _WARNING.search(c.text) or any(c is a for a in asked):     # who gave the warning is not who played the shot
            facts = tuple(f for f in facts if f.field is not F.PERSONS)
        read += facts
    return read


def _facts(text: str, shots: Shots, named: Partial, asked: Sequence[Clause] = ()) -> Facts:
    """The facts of the ruled shot (with the state the whole story tells; ``asked``: see
    :func:`_read_clauses`)."""
    story = _story(text, shots)
    shot_text = _text_of(shots.ruled) if shots.earlier else text
    # (each clause is read knowing the balls the whole question names: « sans toucher la 2 » of the lowest)
    return merge(story, _read_clauses(shots.ruled, story + named, asked), read_order(shot_text), named,
                 _whose_cue_ball(shots))


def _whose_cue_ball(shots: Shots) -> Partial:
    """« il fait un push-out, je lui redonne la main, sa blanche touche la 3 »: a shot told by the cue ball of a
    person (« sa », « ma ») is that person's: the asker's, or the other person told before."""
    mine = next((c for c in shots.ruled if c.subject == "cue" and c.toks[:1] in (["ma"], ["mon"])), None)
    if mine is not None and shots.earlier:
        return (Fact(F.PERSONS, ("self",), mine.text),)     # (« …, ma blanche va taper la 5 »)
    first = shots.ruled[0] if shots.ruled and shots.earlier else None
    if first is None or first.subject != "cue" or first.toks[:1] not in (["sa"], ["son"]) \
            or any(c.subject in ("self", "other", "player") for c in shots.ruled):
        return ()
    other = next((c.subject for c in reversed(shots.earlier) if c.subject in ("other", "player")), None)
    return (Fact(F.PERSONS, (other,), first.text),) if other else ()


# « …, elle ressort ? » at the end asks whether the ball is taken out again (spotted), it does not
# tell that it bounced out of the pocket: that question is left out of what the story tells
_ASKED_OUT = re.compile(
    r"[,.;:!]\s*(?:et\s+|du coup\s+|alors\s+|mais\s+)?"
    r"(?:(?:elle|elles|il|la \d+)\s+(?:compte|comptent|reste|restent)(?:\s+\w+){0,4}?\s+ou\s+)?"
    r"(?:elle|elles|il|la \d+|on la)\s+(?:ressort|ressortent|ressortir)"
    r"(?:\s+ou\s+(?:elle\s+|elles\s+)?(?:reste|restent|compte|comptent)(?:\s+[\w’']+){0,4})?\s*\?\s*$",
    re.IGNORECASE)


def _tells_lag(toks: Sequence[str]) -> bool:
    """The story is of the lag (rules_data/lexicon.yaml ``lag_words``): no shot of a rack."""
    ws = [t for t in toks if t != ","]
    return any(tuple(ws[i:i + len(p)]) == p for p in LEXICON.lag_words for i in range(len(ws) - len(p) + 1))


def _game_numbers(toks: Sequence[str], names: frozenset[int]) -> set[int]:
    """« le 9 BCA », « le 10 FFB »: the game's number right before a ruleset's name is the game,
    not a ball (positions counted without the commas, as ``Detection.drop``)."""
    ws = [t for t in toks if t != ","]
    return {i - 1 for i in names if 0 < i < len(ws) and ws[i - 1] in ("8", "9", "10")
            and (i == 1 or ws[i - 2] in ("le", "du", "au", "a", "en", "pour", "sur", "de"))}


# a ball of no number that went down, then out again (« une bille rentre puis ressort »): none stays down
_CAME_OUT = re.compile(r"\b(?:ressort|ressortent|ressorti|ressortie|rebondit hors|recrache)\w*")
# the rule asked, not a shot told: « si … ? », « quand l'autre rentre une bille… », « un push-out où une bille rentre »
_RULE_ASKED = re.compile(r"\b(?:si|quand|lorsque|lorsqu|chaque fois|en cas d|en cas de)\b|"
                         r"\b(?:un|une|le|la) (?:push out|pushout|coup pousse|coup|casse) ou\b|"
                         r"\b(?:peut|peux|peuvent|pouvez|doit|dois|doivent|devez|faut|droit)\b")   # what may or must follow


def _stood_in(f: Facts, text: str, question: str) -> Facts:
    """A ball of no number told pocketed (« une bille rentre ») or off the table (« une bille saute
    de la table ») in an ordinary shot told (not a push-out): one ball stands in for it (which one is left to
    :func:`assemble._pockets` and ``_off_and_cue``, with the assumption said). Not on a break
    (its counts are the rule: « une bille rentre à la casse » is read as told) nor in a « si … ? »
    question, « quand … », « je peux … ? » (the rule asked, looked up); a story of no person is
    stood in for only when it asks something (« une bille rentre et ressort de la poche » alone
    names a case to look up)."""
    if f.kind in ("break", "push_out") or _RULE_ASKED.search(text) or _MODAL_Q.search(text):
        return f
    if not f.persons and not question.rstrip().endswith("?"):
        return f
    if f.generic_pocket and not (f.pocketed or f.pocket_lowest or f.not_pocketed or f.nothing_pocketed):
        # (« une bille rentre » is read as a count of one, which the stand-in is taken from)
        came_out = bool(_CAME_OUT.search(text))
        f = replace(f, generic_pocket=False, nothing_pocketed=came_out,
                    pocketed_count=None if came_out else max(1, f.pocketed_count or 0))
    if f.generic_off and not f.off:
        # the foul told by those words is that ball off the table: no foul of unknown kind is left
        offs = f.words(F.GENERIC_OFF)
        only_off = all(any(w in o or o in w for o in offs) for w in f.words(F.GENERIC_FOUL))
        f = replace(f, generic_off=False, off_count=1, generic_foul=f.generic_foul and not only_off)
    return f


def understand(book: Rulebook, question: str, rulesets: Sequence[str] | None = None) -> Understanding | None:
    """Understand a French situation; None when ``question`` is a lookup or off-topic.

    ``book``: a :class:`qa.rulebook.Rulebook`; ``rulesets``: ids that restrict the answer
    (unknown ids ignored). Returns an :class:`Understanding` whose ``scenario`` follows the
    contract Scenario shape with ``ruleset`` None.
    """
    if not isinstance(question, str) or not question.strip() or len(question) > 2000:
        return None
    toks, det = tokens(_ASKED_OUT.sub(" ?", question))
    if det.other_game or _tells_lag(toks):
        return None
    plain_len = len([t for t in toks if t != ","])
    aligned = len(words(" ".join(t for t in toks if t != ","))) == plain_len
    drop = set(det.drop) | _game_numbers(toks, det.name_drop) if aligned else set()
    sym = _group_lists(_symbolise(toks, drop))
    sym = _resolve_pronouns(sym)
    text = " ".join(sym)
    clauses = _clauses(sym)
    named = (Fact(F.NAMED, tuple(b for t in sym for b in _nums(t)), text),)
    shots = split_shots(clauses)
    claim = read_claim(clauses)
    if claim and shots.previous and claim[-1].value[1] == "after_next_shot":
        # a foul claimed only after the next shot: the shot claimed is the one before it
        before = shots.earlier[:len(shots.earlier) - len(shots.previous)]
        shots = Shots(ruled=shots.previous, earlier=before, previous=())
    f = _facts(text, shots, named + claim)
    if shots.earlier and not _has_shot_fact(f) and not f.generic_foul:
        # the last shot tells nothing: one story (not when it tells a foul without naming it:
        # the earlier shots' facts are not that foul's)
        f = _facts(text, Shots(ruled=tuple(clauses)), named + claim, shots.ruled)
    f = _stood_in(f, text, question)
    if not _has_shot_fact(f) or _not_ruled_here(f):
        return None
    if not is_situation(text, f, clauses):
        return None
    ids, game, notes = _rulesets(book, det, sym, rulesets, f.on_table, f.rack)
    if not ids:
        return None
    return _assemble(book, question, text, f, ids, game, det, notes)
