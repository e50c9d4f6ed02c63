"""Fouls named by their words (codes) and technique: jump, massé, obstacle."""
from __future__ import annotations

import re

from qa.understand.facts import F, Facts, Partial, Reading
from qa.understand.lexicon import CLAIM_VERBS, SAY_VERBS
from qa.understand.tokens import _nums



_CUE_FROZEN = re.compile(r"\bCUE (?:est |etait |)(?:collee|gelee|frozen|au contact|collee pile) (?:a |contre |avec |de |)(B\d+)"
                         r"|\b(B\d+) (?:est |etait |)(?:collee|gelee|frozen) (?:a |contre |avec |)CUE")


def read_codes(s: str, seen: Facts) -> Partial:
    """Fouls named by their words (codes), then technique: jump, massé, obstacle. ``seen``: the
    facts read before (the kind of shot)."""
    r = Reading()
    _stance_and_stroke(s, seen, r)
    _touched(s, r)
    _other_fouls(s, r)
    _technique(s, r)
    return r.partial()


# what someone says or claims (rules_data/lexicon.yaml say_verbs, claim_verbs), a few words before the foul
_SAID = re.compile(r"\b(?:" + "|".join(sorted(SAY_VERBS | CLAIM_VERBS)) + r"|parle de)\b(?: \w+){0,3} $")


def _said(s: str, m: re.Match[str], r: Reading) -> None:
    """A double hit or push shot that someone says or claims (« il dit double touche »), not told as what happened."""
    if _SAID.search(s[:m.start()]):
        r.add(F.SAID_STROKE_FOUL, True, m.group(0))


def _stance_and_stroke(s: str, seen: Facts, r: Reading) -> None:
    """No foot on the floor, double hit, poussette, balls still moving."""
    if m := re.search(r"\baucun pied (?:au|sur le|par|a|ne touch\w*) ?(?:sol|terre|le sol)?|\b(?:les |mes |ses |tes )?(?:2 |deux )?pieds? "
                 r"(?:en l air|decolles?|ne touch\w* (?:pas|plus) le sol|au dessus du sol|ne sont (?:pas|plus) (?:au|par) (?:sol|terre))|"
                 r"\bsans (?:pied|aucun pied|les pieds|toucher le sol|mettre les pieds)|\bassis sur (?:la table|le billard|la bande)|"
                 r"\b(?:decolle|decolles) (?:les |mes |)(?:2 |deux |)pieds|\bpas de pied (?:au|par) (?:sol|terre)|\bun pied en l air et l autre", s):
        r.add(F.CODES, "no_foot_on_floor", m.group(0))
    if m := re.search(r"(?<!pas de )(?<!sans )(?<!aucune )\bqueutage|\bqueute|(?<!pas de )(?<!sans )(?<!aucune )\bdouble (?:touche|contact|frappe|coup de queue)|\btouche (?:CUE |la )?(?:2|deux) fois|"
                 r"\bfrappe (?:CUE |la )?(?:2|deux) fois|\b(?:2|deux) fois CUE|\bdouble hit", s):
        r.add(F.CODES, "double_hit", m.group(0))
        _said(s, m, r)
    if (m := re.search(r"\bpoussette|\b(?:je |tu |vous |il |ADV )?(?:pousse|poussee|poussez|pousses|accompagne|accompagnes) (?:CUE|la bille)|CUE (?:est )?poussee|\bpush shot|"
                   r"\b(?:procede|queue) (?:est |etait |)(?:reste|restee|restait) (?:\w+ ){0,2}?(?:au contact|en contact|collee?|contre)", s)) \
            and not re.search(r"coup (?:de )?pousse", s) and seen.kind != "push_out":
        r.add(F.CODES, "push_shot", m.group(0))     # (on a push-out, "je pousse la blanche derrière la 8" is where it goes)
        _said(s, m, r)
    if (m := re.search(r"\b(?:encore|toujours) en mouvement|\b(?:boug|roul|tourn)\w* (?:encore|toujours)|\bpendant (?:que|qu) (?:les billes|la bille|une bille|B\d++\S*+|CUE|elles?) (?:boug|roul|tourn)\w*|"
                 r"\bavant (?:que|qu) (?:les billes|la bille|tout|elles?|B\d+\w*|CUE)\b.*\b(?:arrete|arretent|immobilise|soit|soient)|"
                 r"\bpas (?:encore )?(?:arretee|arretees|immobile|immobiles|immobilisee)|\ben mouvement", s)) \
            and re.search(r"\b(?:jou|rejou|tir|tap|frapp|shoot|cass|vis|pouss|enchain)\w*|\b(?:mon|son|ton|le) coup\b", s):
        # a stroke played while balls move (« la blanche roule encore et tombe » tells no stroke: no such foul)
        r.add(F.CODES, "balls_moving", m.group(0))


def _touched(s: str, r: Reading) -> None:
    """A ball touched with the hand, the clothes or the cue; the cue ball moved with the cue while placing it."""
    touched = re.search(r"\b(?:touche|touches|touchez|touchait|deplace|deplaces|deplacez|bouge|bouges|bougez|effleure|effleures|"
                        r"frole|froles|fais bouger|fait bouger|heurte|accroche|accroches|cogne|cognes|renverse|frotte|frottes|"
                        r"rattrape|rattrapes|attrape|attrapes|arrete|arretes|stoppe|stoppes|retient|retiens|bloque|bloques|ramasse)\s+(?:accidentellement |"
                        r"involontairement |sans faire expres |)(?:une bille|une boule|la bille|les billes|B\d++\S*+|CUE|une bille de but)"
                        r"(?: \w+){0,3} (?:avec|de|du bout de|par) (?:la |ma |sa |ta |mon |son |ton |le |les |mes |un |une |)"
                        r"(?:main|mains|doigt|doigts|manche|bras|coude|chevalet|pull|veste|vetement|vetements|habits|craie|"
                        r"corps|ventre|cravate|chemise|gilet|cheveux|telephone|tenue|talon de la queue|talon|procede|queue|baguette)", s) \
        or re.search(r"\b(?:ma|sa|ta|mon|son|ton|votre) (?:main|manche|bras|coude|pull|veste|chemise|cravate|queue|chevalet|craie)"
                     r"(?: de (?:ma |sa |ta |la |)(?:chemise|veste|pull|main|queue)|) "
                     r"(?:a |avait |)(?:touche|touchait|frole|deplace|effleure|fait bouger|bouge|heurte|accroche|cogne|frotte|frottait|pousse)"
                     r"\s+(?:contre |sur |)(?:une bille|une boule|la bille|les billes|B\d++\S*+)", s)
    # « en posant mon chevalet j'ai effleuré la 5 »: touched while handling the bridge, the cue or the chalk
    touched = touched or re.search(r"\ben (?:posant|placant|mettant|prenant|deplacant|reculant|levant|reposant) (?:mon |ma |sa |son |ton |ta |le |la |)"
                                   r"(?:chevalet|queue|main|procede|bras|craie|pont)\b(?: \w+){0,3}? (?:touche|effleure|frole|deplace|heurte|"
                                   r"accroche|bouge|fait bouger|cogne)\w* (?:B\d++\S*+|une bille|une boule|la bille)", s)
    if touched and touched.re.groups == 0 and re.search(r"\b(?:touche|touches|touchez|touchait) CUE(?: \w+){0,3} (?:avec|de|par) "
                                                        r"(?:la |ma |sa |ta |mon |son |le |)(?:queue|procede|baguette)", s):
        touched = None   # the cue ball touched with the cue: a stroke (or a double hit), not a touched ball
    bih_stroke = re.search(r"\ben (?:placant|positionnant|posant|replacant|mettant|deplacant) (?:CUE|la bille|BIH|ma CUE)", s) \
        and re.search(r"\b(?:touch|tap|pouss|frapp|heurt)\w*|\bcoup de queue\b", s) \
        or re.search(r"\b(?:coup|geste) (?:de queue )?(?:vers l avant )?en (?:positionnant|placant) CUE", s) \
        or re.search(r"\b(?:ajuste|ajustes|repositionne|repositionnes|recale|recales|place|places|pousse|pousses)\w* CUE avec (?:\w+ ){0,4}?"
                     r"(?:queue|procede)\b(?: \S+){0,10}? (?:touch|tap|heurt|percut)\w*", s)   # the cue ball set with the cue tip, into a ball
    if bih_stroke:
        r.add(F.CODES, "ball_in_hand_stroke", s)
    elif touched:
        # with the cue (queue) on another ball than the cue ball: touched ball; hitting an
        # object ball with the cue as a stroke is wrong_cue_ball (below)
        r.add(F.CODES, "touched_ball", touched.group(0))


# « j'ai bille en main, je la pose mal »
_PLACED_BADLY = re.compile(r"\b(?:pose|poses|posez|place|places|placez|mets|met)\w* (?:CUE |la |l |)mal\b")


def _other_fouls(s: str, r: Reading) -> None:
    """Cue on the table, out of turn, slow play, wrong cue ball, full pocket, frozen ball, ball in hand misplaced."""
    if m := re.search(r"\b(?:pose|poses|posee|posez|laisse|laisses|mets|met|appuie|appuies) (?:ma |sa |ta |la |votre |une |mon )?"
                 r"(?:queue|baguette|canne)\b(?: \w+){0,3} sur (?:la table|le tapis|le billard)|"
                 r"\b(?:queue|baguette|canne)(?: de jump| de casse|)(?: \w+){0,1} (?:posee|pose|appuyee|couchee) sur (?:la table|le tapis|le billard)", s):
        r.add(F.CODES, "cue_on_table", m.group(0))
    if m := re.search(r"\b(?:ce n est |c est |c etait |ce n etait |)(?:pas|plus) (?:mon|ton|son|votre) tour|\bhors (?:de )?(?:mon |son |ton |)tour|"
                 r"\ben dehors de (?:mon|son|ton) tour|\bavant mon tour|\bc etait a (?:moi|toi|lui|vous) de jouer|"
                 r"\b(?:ce n etait|c etait) pas a (?:lui|moi|toi|vous)|\ba (?:sa|ta|la|ma|votre) place\b|\bc etait (?:mon|ton|son|votre) tour\b|\bpendant (?:ma|ta|sa|votre) reprise\b|\bau lieu de (?:mon adversaire|ADV)|"
                 r"\bpendant (?:la reprise|le tour) de (?:mon adversaire|ADV)|\bjoue a la place|"
                 r"\balors que c (?:etait|est) a (?:moi|toi|lui|vous)\b", s):
        r.add(F.CODES, "out_of_turn", m.group(0))
    if m := re.search(r"\bjeu (?:trop )?lent|\btrop lent|\bdepasse (?:le|mon|son|ton|la limite de) temps|\btemps (?:de jeu |imparti |)"
                 r"(?:depasse|ecoule|fini)|\bchrono|\bshot clock|\blimite de temps|\bhors delai|\btrop de temps", s):
        r.add(F.CODES, "slow_play", m.group(0))
    if m := re.search(r"\b(?:joue|jouer|tape|taper|frappe|frapper|tire|tirer|propulse|pousse)\s+(?:directement |)(?:avec |)(?:B\d++\S*+|une bille de but|"
                 r"une bille numerotee|une autre bille)(?: \w+){0,4} au lieu de (?:CUE|la bille de tir)|\bjoue avec (?:B\d++\S*+|une bille de but) "
                 r"(?:au lieu|comme)|\b(?:frappe|tape|propulse|pousse) (?:directement |)(?:B\d++\S*+|une bille de but) avec (?:la|ma|sa|ta) "
                 r"(?:queue|pointe|procede)|\bmauvaise bille de tir|\bfrappe une bille de but|"
                 r"\b(?:pouss|frapp|tap|propuls)\w* (?:B\d+)(?: \w+){0,2} avec (?:\w+ ){0,4}?(?:queue|pointe|procede)", s):
        r.add(F.CODES, "wrong_cue_ball", m.group(0))
        if not re.search(r"\b(?:main|manche|bras|doigt|pull|veste|coude)\b", s):
            r.drop(F.CODES, "touched_ball")     # the object ball hit with the cue: not a touched ball
    if m := re.search(r"(?:(?<!la )|(?<=\bfois touche la )|(?<=^touche la ))\bmauvaise (?:bille|boule)(?: touchee| en premier| d abord|)(?! de tir)\b", s):
        r.add(F.CODES, "wrong_ball_first", m.group(0))     # "il refait faute (mauvaise bille touchée)"
    if m := re.search(r"\bpoches? (?:du coin |du milieu |de coin |d angle |)(?:est |etait |)(?:pleine|remplie|bouchee|saturee|blindee|bourree)|\b(?:pleine|blindee|bourree) de billes|\bbille (?:deja )?empochee (?:qui )?depasse", s):
        r.add(F.CODES, "full_pocket", m.group(0))
    if (m := re.search(r"\bgelee|\bcollee", s)) and re.search(r"\boppose|\bsens inverse|\bsens contraire|\bl?autre sens|\bl?autre direction|\bdirection contraire|\ben arriere", s):
        r.add(F.CODES, "frozen_ball_push", m.group(0))
    elif m := _CUE_FROZEN.search(s):     # « la blanche était collée à la 2 »: played into it, no double hit where the text says so
        r.add(F.CUE_FROZEN, _nums(m.group(1) or m.group(2))[0], m.group(0))
    if m := re.search(r"\bCUE (?:est |etait |)mal placee|\bmal place (?:CUE|la bille)|\bplace (?:CUE|la bille) (?:au mauvais endroit|a un mauvais endroit|"
                 r"devant la ligne|hors de la zone)|\bmauvais placement de CUE|\bCUE (?:placee|posee) au mauvais endroit|"
                 r"\bCUE (?:placee|posee|mise) (?:devant|au dela de|en avant de|apres) la ligne|"
                 r"\b(?:pose|place|mis|mise|met|mets|posee|placee)\w* CUE (?:\w+ ){0,1}?(?:devant|au dela de|en avant de) la ligne|"
                 r"\bposition (?:de CUE |)(?:pas|non|pas du tout) reglementaire", s) \
            or re.search(r"\bBIH\b|\bCUE en main\b", s) and (m := _PLACED_BADLY.search(s)):
        r.add(F.CODES, "ball_in_hand_misplaced", m.group(0))


def _technique(s: str, r: Reading) -> None:
    """Jumps (and scoop jumps, jump miscues), massés, the obstacle moved."""
    # technique
    # the cue ball flying over a ball by itself ("la blanche saute par-dessus une bille après
    # la bande") is not a jump shot: the guide rules on it, the engine cannot (see understand)
    incidental = bool(re.search(r"\bCUE (?:\w+ ){0,5}(?:saute|passe|vole|rebondit)\w* (?:\w+ ){0,2}(?:par dessus|au dessus)"
                                       r"(?! (?:de |)(?:la |les |)(?:bandes?|cadre|table))", s)) \
        and not re.search(r"\b(?:je|tu|vous|il|on|ADV|PLAYER|j ai|tu as|vous avez|a|ai) (?:fait |fais |)(?:saute|jump|un jump|sauter)"
                          r"|(?<!pas un )(?<!pas de )(?<!sans )\bjump\b", s)
    jump_ctx = re.search(r"(?<!pas un )(?<!pas de )(?<!sans )\bjump|\bcoup saute|\bsaut\b|\b(?:un|mon|ton|son|du) saute (?:au dessus|par dessus)|\bsauts\b|(?<!pas )(?<!sans )(?<!pas de )\b(?:un|mon|ton|son) saute\b(?! (?:de |du |hors|par terre|au sol|dehors))|\b(?:je|tu|vous|il|ADV|on|PLAYER|j ai|tu as|vous avez|a|ai) "
                         r"(?:fait )?(?:saute|sautes|sautez|sauter|sautant)\b(?! (?:hors|de la table|du billard|par terre|au sol|dehors|par dessus (?:la |les |)(?:bandes?|cadre)))|"
                         r"\bfais sauter CUE|\bfait sauter CUE|\bfaire sauter CUE|\bla faire sauter\b|\ben sautant|\bpar dessus\b(?! (?:la |les |)(?:bandes?|cadre))|"
                         r"\bdecoll\w* (?:\w+ ){0,2}?(?:au dessus|par dessus) (?:de |d |)B\d",
                         s) if not incidental else None
    if incidental:
        r.add(F.INCIDENTAL_JUMP, True, s)
    if jump_ctx:
        r.add(F.JUMP, True, jump_ctx.group(0))
    if (m := re.search(r"(?<!pas de )(?<!pas une )(?<!sans )(?<!aucune )\b(?:fausse queue\b|fausse-queue|miscue|dérape|derape)", s)) and (jump_ctx or re.search(r"(?<!pas un )(?<!pas de )(?<!sans )\bjump|(?<!pas un )(?<!sans )\bsaut", s)):
        r.add(F.CODES, "jump_miscue", m.group(0))
        r.add(F.JUMP, True, m.group(0))
    if (m := re.search(r"\b(?:sous|en dessous de|en-dessous de|dessous) (?:le |son |du |)centre|\bcoup de pelle|\ben creusant|\bcreuse\w* (?:sous|dessous)|\bcuiller|\bscoop|"
                 r"\b(?:frappant|frappe|tapant|tape|piquant|pique|jouant|joue) (?:\w+ )?(?:sous|en dessous de|dessous) (?:CUE|la bille)|"
                 r"\b(?:frapp|tap|piqu|jou|pren|pri)\w* (?:CUE|la bille|la|l) "
                 r"(?:par |tout |bien |)(?:en dessous|en-dessous|dessous)\b|"
                 r"\b(?:la|l) (?:frapp|tap|piqu|jou|pren)\w* (?:par |tout |bien |)(?:en dessous|en-dessous|dessous)\b", s)) \
            and (jump_ctx or re.search(r"\bsaute|\bsaut", s)):
        r.add(F.CODES, "scoop_jump", m.group(0))
        r.add(F.JUMP, True, m.group(0))
    if m := re.search(r"\bmasse\b|\bmasses\b|\bmassee?\b|\ben massant|\bun masse|\bcoup masse|\bmasser\b", s):
        r.add(F.MASSE, True, m.group(0))
    if (r.has(F.JUMP) or r.has(F.MASSE)) and (m := re.search(r"\b(?:bille |)obstacle (?:a |)(?:bouge|deplacee|boug\w*|remue|touchee)|\b(?:fais|fait) bouger (?:la bille obstacle|B\d++\S*+)|\b(?:fais|fait) B\d++\S*+ bouger"
                                          r"|\b(?:bille|boule) (?:genante|obstacle)(?: \w+){0,3}? (?:bouge|remue|se deplace|est deplacee|a ete deplacee)\w*\b(?! pas| plus| jamais)"
                                          r"|(?<!ne )(?<!n )\b(?:deplace|bouge|touche|remue|fais bouger|fait bouger)\w* (?:la |l |une |)(?:bille |boule |)(?:obstacle|genante)\b"
                                          r"|\b(?:bille|boule) qui (?:me |le |la |nous |te |)(?:genait|gene|bloquait|bloque|cachait|cache)"
                                          r"(?: \w+){0,2} (?:bouge|remue)\w*\b(?! pas| plus| jamais)"
                                          r"|(?<!ne )(?<!n )\bB\d++\S*+ (?:qui |)(?:a |)(?:bouge|bougé|remue)\b(?! encore| pas| plus| jamais)"
                                          r"|\b(?:la |)(?:bille|boule) (?:que|qu) (?:je|j|tu|il|on|vous|ADV) (?:\w+ ){0,3}?(?:contourn|saut|evit|pass|masse)\w*"
                                          r"(?: \w+){0,3}? (?:a |)(?:bouge|remue|se deplace|est deplacee|a ete deplacee)\b"
                                          # « je saute par-dessus une bille qui bouge »: the ball jumped over moved
                                          r"|\b(?:par dessus|au dessus d) (?:une |la |l |)(?:bille |boule |)(?:obstacle |genante |)qui (?:a |)(?:bouge|remue|se deplace)\b", s)):
        r.add(F.OBSTACLE, True, m.group(0))
