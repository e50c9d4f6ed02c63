"""Which rulesets a story is about, and a scenario fitted to one ruleset's rack."""
from __future__ import annotations

import copy
from typing import Any, Mapping, Sequence

from qa.detect import Detection
from qa.rulebook import GAMES, Rulebook
from qa.understand.tokens import _nums



def _rulesets(book: Rulebook, det: Detection, sym_toks: list[str], given: Sequence[str] | None,
              table: Sequence[int] | None = None, rack: str | None = None) -> tuple[tuple[str, ...], str | None, list[str]]:
    """(covered rulesets, game named or implied, notes on the choice). ``table``: the exact
    list of balls left, when told ("il reste la 8 et la 9": no 10, so nine-ball); ``rack``: the
    rack told (a ``template`` rack implies the game of the texts that have rules for it)."""
    notes: list[str] = []
    all_ids = list(book.rulesets)
    # the game firmly named, read by qa.detect ("jeu de la 9", "9 FFB", "la casse de la 10"…: its
    # ``drop`` indexes the digits of such mentions); a bare ball number does not name it here
    game = det.game if det.drop else None
    named = [r for r in det.rulesets if r in book.rulesets]
    if game is None and any(10 in _nums(t) for t in sym_toks):
        game = "ten-ball"
    if game is None and named:
        games = {book.rulesets[r].game for r in named}
        if len(games) == 1:
            game = games.pop()
    if game is None and not named and table and 9 in table and 10 not in table:
        game = "nine-ball"    # in ten-ball the 10 would still be on the table
    if game is None and not named and _combination_on(sym_toks) == 9:
        game = "nine-ball"    # « combo 1-9 »: a combination aimed at the 9, the money ball of the jeu de la 9
        notes.append(f"J’ai compris qu’il s’agit du {GAMES.get(game, game)} : la combinaison vise la 9, "
                     "la bille de gain de ce jeu.")
    if game is None and not named and rack == "template":
        # « magic rack »: only the texts of one game have rules for a template rack (the three-ball rule)
        games = {rs.game for rs in book.rulesets.values()
                 if rs.policy.get("three_ball_rule") is not None and not rs.policy["three_ball_rule"].silent}
        if len(games) == 1:
            game = games.pop()
            notes.append(f"J’ai compris qu’il s’agit du {GAMES.get(game, game)} : seuls des textes de ce jeu "
                         "ont des règles pour la casse au gabarit (magic rack).")
    if named:
        ids = [r for r in named if game is None or book.rulesets[r].game == game]
        if not ids:
            ids = [r for r in all_ids if book.rulesets[r].game == game]
    elif game:
        ids = [r for r in all_ids if book.rulesets[r].game == game]
    else:
        ids = list(all_ids)
    if given:
        known = [r for r in given if r in book.rulesets]
        if known:
            both = [r for r in ids if r in known]
            if both:
                ids = both
            else:
                ids = [r for r in all_ids if r in known]
                notes.append("La question semble parler d’autres règles que celles demandées ; "
                             "je réponds selon les règles demandées.")
    ids = [r for r in all_ids if r in ids]
    return tuple(ids), game, notes


_COMBINATION_WORDS = frozenset({"combi", "combo", "combinaison", "combinaisons"})


def _combination_on(sym_toks: Sequence[str]) -> int | None:
    """The last ball of a combination told as « combo 1-9 » (symbolised ``combo B1+9``), or None."""
    for word, nxt in zip(sym_toks, sym_toks[1:]):
        balls = _nums(nxt) if word in _COMBINATION_WORDS and "+" in nxt else []
        if balls:
            return balls[-1]
    return None


def _money(book: Rulebook, ids: Sequence[str]) -> int:
    return max((book.rulesets[r].money_ball for r in ids), default=10)


def scenario_for(book: Rulebook, scenario: Mapping[str, Any], ruleset: str) -> dict[str, Any]:
    """The Scenario dict for one ``ruleset``: ``ruleset`` set, and ``state.on_table``
    fitted to its rack (balls above its money ball dropped, its money ball added)."""
    sc = _copy(scenario)
    sc["ruleset"] = ruleset
    rs = book.rulesets[ruleset]
    st = sc.get("state") or {}
    if st.get("on_table") is not None:
        table = [b for b in st["on_table"] if b <= rs.money_ball]
        if rs.money_ball not in table:
            table.append(rs.money_ball)
        st["on_table"] = sorted(set(table))
        if sc.get("shot", {}).get("kind") == "break":
            st["on_table"] = None
    sc["state"] = st
    return sc


def _copy(sc: Mapping[str, Any]) -> dict[str, Any]:
    return copy.deepcopy(dict(sc))
