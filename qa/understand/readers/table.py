"""The table before the shot: balls left, the lowest, balls already down."""
from __future__ import annotations

import re

from qa.understand.facts import BALLS, F, Partial, Reading
from qa.understand.tokens import _nums



def read_table(s: str) -> Partial:
    """The balls left (an exact list), balls said present or already down, the lowest."""
    r = Reading()
    # exact lists: "il ne reste que la 9", "il reste la 6, la 8 et la 9"
    m = re.search(r"\b(?:il (?:ne |n )?(?:me |nous |te |)(?:reste|restait|restent)|(?:ne |n )?(?:reste|restait|restent)|"
                  r"sur la table (?:il y a|il reste|reste|restent|il n y a que|y a que)|il n y a (?:plus )?que|il y a (?:seulement|juste|plus que|que|encore)|"
                  r"il y a)\s+(?:(?:plus|encore|seulement|uniquement|juste|que) )*+(" + BALLS + r")"
                  r"(?: (?:sur la table|en jeu))?", s)
    if m:
        balls = _nums(m.group(1))
        prefix = m.group(0)
        exact = bool(re.search(r"\bque\b|\bseulement\b|\buniquement\b|\bjuste\b|\bplus que\b", prefix)) or len(balls) >= 2
        if exact:
            r.add(F.ON_TABLE, tuple(sorted(set(balls))), prefix)
        else:
            r.balls(F.PRESENT, balls, prefix)
    for m in re.finditer(r"\b(" + BALLS + r") (?:est|etait|sont|etaient|reste|restait|restent) (?:encore |toujours |bien |)"
                         r"(?:la|sur la table|en jeu|presente?s?|sur le tapis|dessus)\b", s):
        r.balls(F.PRESENT, _nums(m.group(1)), m.group(0))
    for m in re.finditer(r"\b(" + BALLS + r") (?:n est|n etait|ne sont|n etaient) (?:pas |)(?:encore |toujours |)(?:pas |)"
                         r"(?:rentree|rentrees|tombee|tombees|empochee|empochees|partie|parties)\b", s):
        r.balls(F.PRESENT, _nums(m.group(1)), m.group(0))
    for m in re.finditer(r"\b(" + BALLS + r") (?:est|sont|etait|etaient) (?:deja |)(?:rentree|rentrees|tombee|tombees|empochee|empochees|partie|parties|"
                         r"rentre|tombe|empoche)s? (?:depuis longtemps |avant |auparavant |)?(?:deja)?", s):
        if re.search(r"\bdeja\b|\bavant\b|\bauparavant|\bdepuis", m.group(0)):
            r.balls(F.GONE, _nums(m.group(1)), m.group(0))
    # lowest
    m = re.search(r"\b(B\d+) (?:est|etait|c est|c etait|reste|restait) (?:encore |toujours |bien |)(?:la )?(?:bille |boule |)"
                  r"(?:la )?plus (?:basse|petite|faible)|\bla (?:bille |boule |)(?:la )?plus (?:basse|petite|faible)(?: sur la table| en jeu| restante|)"
                  r"(?: \w+)? (?:est|etait|c est|c etait|:|restait|reste) (B\d+)|\bplus petit (?:numero|chiffre)(?: sur la table| en jeu|)"
                  r" (?:est|etait|c est|c etait|:) (B\d+)|\bla plus (?:basse|petite) (?:etant|soit) (B\d+)", s)
    m = m or re.search(r"\b(B\d+)(?: (?:en premier|d abord|directement|bien))?(?: ,)? (?:c est |qui est |qui etait |c etait |soit |"
                       r"laquelle est |)(?:bien |)(?:la |)(?:bille |boule |)(?:la )?plus (?:basse|petite|faible)\b(?! que)", s) \
        or re.search(r"\b(B\d+)(?: (?!B\d)[a-z]+){0,6} ,? (?:c est|c etait|qui est|qui etait|elle est|elle etait) (?:bien |)"
                     r"la (?:bille |boule |)(?:la )?plus (?:basse|petite|faible)", s)
    if m:
        ball = next(g for g in m.groups() if g)
        r.add(F.LOWEST, _nums(ball)[0], m.group(0))
    m = re.search(r"\b(?:touche|touches|touchez|tape|tapes|tapez|frappe|frappes|vise|joue|a touche|ai touche|as touche)\w*"
                  r"(?: \w+){0,3} (B\d+)(?: \w+){0,3} au lieu de (?:la plus (?:basse|petite) ,? |)(B\d+)", s)
    if m:
        r.add(F.LOWEST, _nums(m.group(2))[0], m.group(0))
    return r.partial()
