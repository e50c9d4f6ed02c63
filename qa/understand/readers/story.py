"""Facts read on the whole story: the kind of shot, the rack, the head string, the warning,
balls told by count; then the family readers."""
from __future__ import annotations

import re

from qa.understand.clauses import V_PUSH
from qa.understand.facts import BALLS, RULE_HEADING, F, Partial, Reading, merge
from qa.understand.readers.call import read_call
from qa.understand.readers.codes import read_codes
from qa.understand.readers.counts import read_counts
from qa.understand.readers.fouls import _count, read_fouls_count
from qa.understand.readers.rails import read_rails
from qa.understand.readers.table import read_table
from qa.understand.tokens import _nums



_PUSH_NOT_DECLARED = (r"\bsans (?:l |le |la |rien |)(?:avoir |)(?:rien |)(?:annonc|declar|dire|prevenir)\w*|"
                      r"\b(?:ne |n |)(?:l |le |)(?:ai|as|a|avais|avait|avez|avons) (?:pas|jamais|rien) (?:\w+ )?(?:annonc|declar|dit|prevenu)\w*|"
                      r"\b(?:ne |n |)(?:l |le |)(?:annonc|declar)\w* (?:pas|jamais|rien)\b|\b(?:pas|non) (?:annonc|declar)\w*|"
                      r"\boubli\w* (?:de |d )(?:l |le |)(?:annonc|declar|dire|prevenir|signal|preciser)\w*")


# « … et après il dit « c'était un push-out » »: a push-out said only after the shot was not announced
_SAID_AFTER = re.compile(r"\b(?:apres|apres coup|ensuite|puis|une fois le coup joue)\b(?! (?:la |le |sa |son |ma |mon |)(?:casse|break|bris))"
                         r"[^,]{0,25}?\b(?:dit|dis|pretend|affirme|crie|explique|precise|declare)\w*\b[^,]{0,20}?\bc (?:etait|est)(?: un| une| le|) ?$")


_BACK_ON = re.compile(r"\b(?:retombe|retombent|revient|reviennent|redescend)\w* (?:sur|dans|en) (?:le tapis|la table|jeu)\b")
_MID_GAME = re.compile(r"\b(?:(?:en |au |)milieu de (?:la |)partie|en pleine partie|en cours de partie|plus tard dans la partie|"
                       r"en fin de partie|en milieu de manche|"
                       # « on en est au 4e coup »: the shot right after the break is the second of the rack
                       r"(?:au|le|c est le|mon|son) (?:troisieme|quatrieme|cinquieme|sixieme|septieme|huitieme|dixieme) coup)\b")
_ALL_BUT_CUE = re.compile(r"\brien (?:ne |n )(?:rentre|tombe|entre)\w* (?:, |)(?:sauf|a part|excepte|hormis) CUE\b")


# a ball of no stated number off the table (« une bille saute de la table », « je fais sortir une bille »)
_GENERIC_OFF = re.compile(
    r"\b(?:une|une autre) (?:autre |)(?:bille|boule) (?:de but |numerotee |)(?:a |est |)"
    r"(?:sort|sortie|saute|vole|part|tombe|tombee|decolle|atterrit)\w* (?:de la table|hors de la table|du billard|hors du billard|par terre|au sol)\b|"
    r"\b(?:une|une autre) (?:autre |)(?:bille|boule) (?:de but |numerotee |)(?:est |a ete |)ejectee\b|"
    r"\b(?:fais|fait|faites|ai fait|as fait|a fait|avez fait) (?:sortir|sauter|voler|decoller) (?:une|une autre) (?:bille|boule)"
    r"(?! (?:dans|au fond|en poche))\b|"
    r"\b(?:ejecte|ejectes|ejectez|ai ejecte|as ejecte|a ejecte) (?:une|une autre) (?:bille|boule)\b")


def read_story(s: str) -> Partial:
    """Facts read on the whole story (phrases that cross clause boundaries), then the family
    readers: one partial, in reading order."""
    r = Reading()
    _push_out(s, r)
    _break(s, r)
    _rack_and_head_string(s, r)
    own = r.partial()
    return own + _warning_and_counts(s) + _families(s, own) + _ball_in_hand(s)


# « il annonce encore un push », « un deuxième push »: the push-out after the one played (one per rack)
_AGAIN_PUSH = re.compile(r"\b(?:encore|a nouveau|de nouveau|un autre|un deuxieme|un second|un 2e|refait un|refais un|re) (?:un |une |)$")


# « premier coup après sa casse », « juste après la casse de mon adversaire »: the other's break passed the turn
# at once, so it pocketed nothing (the rack is whole)
_RIGHT_AFTER_HIS_BREAK = re.compile(r"\b(?:premier coup|juste|tout de suite|direct|directement) apres (?:sa|ta|son|ton|la|une) "
                                    r"(?:casse|break|bris|BRK)\b(?! (?:de moi|a moi))(?:(?: \w+){0,2} (?:de |d )(?:ADV|PLAYER|l adversaire|l autre)"
                                    r"|(?<=sa casse)|(?<=son break)|(?<=son bris)|(?<=ta casse)|(?<=ton break)| adverse)")


def _push_out(s: str, r: Reading) -> None:
    """A push-out told (not one asked about, nor one before this shot, nor one not declared)."""
    told = V_PUSH
    # « je pousse (je l'annonce) », « je décide de pousser, je le dis »: the verb alone, declared
    told += r"|\b(?:je|j|tu|il|ADV|PLAYER|on) (?:\w+ ){0,2}?(?:pousse|pousser|poussee)(?= (?:, |)(?:annonce|je le dis|je l annonce|il l annonce|je le declare))"
    if (quiet := _RIGHT_AFTER_HIS_BREAK.search(s)) and not re.search(r"\bB\d", s[:quiet.start()]):
        r.add(F.AFTER_QUIET_BREAK, True, quiet.group(0))
    for m in re.finditer(told, s):
        before = s[max(0, m.start() - 45):m.start()]
        if re.search(r"\b(?:sans|pas de|sans faire (?:de |un |le |)|jamais de) $", before):
            continue   # "j'ai joué direct, sans push": no push-out
        if re.search(r"\b(?:apres|suite a|suite au|avant) (?:un |le |son |ton |mon |sa |une |)(?:\w+ )?$", before) \
                and not re.search(r"\b(?:je|tu|vous|j)\b", before[-12:]):
            continue   # "après un push-out de mon adversaire": the shot before
        if re.search(r"\b(?:peut|peux|pourra|pourrait|peuvent|droit|doit|dois|faut|jouer un|jouer le|interdit|possible|"
                     r"autorise|permis)\b[^,]*$", before):
            continue   # "mon adversaire peut-il jouer un coup poussé ?": asked, not told
        if re.search(r"\b(?:comme|pour) (?:un |une |le |)$", before):
            continue   # "ça passe comme push ?": what the shot counts as, asked
        if _AGAIN_PUSH.search(before):
            r.add(F.PUSH_UNAVAILABLE, True, before[-20:] + s[m.start():m.end()])   # a second push-out: an ordinary shot
            continue
        if re.match(r"\s{0,3}(?:out |)(?:est |est il |serait |c est |reste |)(?:possible|permis|autorise|autorisee|interdit|faisable|"
                    r"accepte)\b", s[m.end():]):
            continue   # "push out possible ?": asked, not told
        # the negation must bear on the push: no ball, cue ball or comma in between
        after = re.split(r"\bB\d|\bCUE\b|,(?! mais)", s[m.end():m.end() + 60])[0]
        near = re.split(r"\bB\d++\S*+|\bCUE\b|,", before)[-1] + " " + s[m.start():m.end()] + after
        if re.search(_PUSH_NOT_DECLARED, near) or _SAID_AFTER.search(before):
            r.add(F.PUSH_UNDECLARED, True, near)   # a push-out not announced is played as an ordinary shot
            continue
        if mid := _MID_GAME.search(s):
            r.add(F.PUSH_UNAVAILABLE, True, mid.group(0))   # a push-out declared in the middle of a rack: an ordinary shot
            continue
        r.add(F.KIND, "push_out", m.group(0))
        break


def _break(s: str, r: Reading) -> None:
    """This shot is the break (not "after the break"); a dry break."""
    brk = re.search(r"\b(?:cass(?!er\b)\w*|(?:viens|vient|venons|venez) de casser|bris|break|ouverture|ouvreur|j ouvre|"
                    r"coup d envoi|dry break|BRK)\b", s)
    if brk and not r.has(F.KIND):
        # a break mentioned only as "after the break" is not this shot
        stripped = re.sub(r"\b(?:apres|suivant|suit|suivi) (?:la |le |ma |sa |ta |une |un |son |mon |ton )?"
                          r"(?:casse|bris|break|ouverture)\b", " ", s)
        stripped = re.sub(r"\b(?:la|une|les|des) casses? (?:d avant|precedente)", " ", stripped)
        # « pas au break », « hors casse »: this shot is not the break
        stripped = re.sub(r"\b(?:pas|non|hors|jamais) (?:a la |au |sur la |sur le |pendant la |pendant le |lors de la |lors du |de la |du |)"
                          r"(?:casse|bris|break|ouverture)\b", " ", stripped)
        if re.search(r"\b(?:cass(?!er\b)\w*|(?:viens|vient|venons|venez) de casser|bris|break|ouverture|ouvreur|j ouvre|"
                     r"coup d envoi|BRK)\b", stripped):
            r.add(F.KIND, "break", brk.group(0))
    if dry := re.search(r"\bdry break\b", s):
        r.add(F.RACK, "template", dry.group(0), -1)     # (only a template rack has it, unless a triangle is told)
        r.add(F.DRY, True, dry.group(0))


def _rack_and_head_string(s: str, r: Reading) -> None:
    """A template rack; balls past the head string on the break."""
    s_rack = re.sub(r"\b(?:pas de|sans|pas avec|pas un|pas le) (?:magic rack|rack magique|gabarit|triangle magique|magic)\b", " ", s)
    if rack := re.search(r"\bmagic rack|\brack magique|\bgabarit|\btapis marque|\bmarquage du tapis|\btriangle magique|"
                 r"\bmagic\b|\bfeuille de rack|\brack a gabarit|\bbilles? marquees?", s_rack):
        r.add(F.RACK, "template", rack.group(0))
    elif rack := re.search(r"\b(?:triangle|rack) (?:classique|normal|ordinaire|traditionnel|en bois)|\btriangle (?:\w+ ){0,2}en bois", s):
        r.add(F.RACK, "triangle", rack.group(0))
    elif rack := re.search(RULE_HEADING, s):
        r.add(F.RACK, "template", rack.group(0))     # a story headed by the rule it is under (only a template rack has it)
    m = re.search(r"(?<![+\w])(\d+|aucune|rien|une seule|une|seulement \d+|que \d+|juste \d+)\s*(?:d |)(?:autres? |)(?:billes? |boules? |)(?:autres? |)(?:qui |)"
                  r"(?:(?:ne |n )?(?:passent|passe|franchissent|franchit|depassent|depasse|traversent|traverse|"
                  r"remontent|remonte|ont passe|a passe|ont franchi|a franchi|ont depasse|a depasse|vont derriere|"
                  r"va derriere|sont passees|est passee|passees?|franchies?|depassees?)(?: pas)?) (?:derriere |au dela de |au dessus de |par dessus |)(?:la |de la )?ligne", s)
    if m:
        r.add(F.CROSSED, _count(m.group(1)), m.group(0))
    else:
        m = re.search(r"\b(" + BALLS + r") (?:qui |)(?:(?:remonte|remontent|monte|montent) , |)(?:(ne |n )?(?:passent|passe|franchissent|franchit|depassent|depasse|traversent|traverse|"
                      r"remontent|remonte|ont passe|a passe|ont franchi|a franchi|ont depasse|a depasse|vont derriere|"
                      r"va derriere|sont passees|est passee|passees?|franchies?|depassees?)(?: pas)?) (?:derriere |au dela de |au dessus de |par dessus |)(?:la |de la )?ligne", s)
        if m:
            crossed = frozenset() if m.group(2) else frozenset(_nums(m.group(1)))
            r.add(F.CROSSED_BALLS, crossed, m.group(0))
            r.add(F.CROSSED, len(crossed), m.group(0))
    if m:
        r.add(F.KIND, "break", m.group(0), -1)      # balls past the head string: only told of a break


_IN_HAND_AFTER_FOUL = re.compile(r"\b(?:BIH|CUE en main|en main)(?: \w+){0,2}? (?:apres|suite a|sur) (?:une |sa |ma |ta |la |son |)faute\b")


def _warning_and_counts(s: str) -> Partial:
    """The fouls so far and the warning; balls told by their number; generic pockets and fouls."""
    r = Reading()
    if back := _BACK_ON.search(s):
        r.add(F.BACK_ON_CLOTH, True, back.group(0))    # "… monte sur le cadre et retombe sur le tapis"
    if cue := _ALL_BUT_CUE.search(s):
        r.add(F.CUE, "pocketed", cue.group(0))      # "rien ne rentre… sauf la blanche"
    counts = read_fouls_count(s) + read_counts(s)
    if m := re.search(r"(?:^|, |\bet |\bmais )(?:et |)(?:rien|aucune|aucune bille) (?:dedans|au fond|en poche|dans les poches|dans (?:une|la) poche)\b", s):
        r.add(F.NOTHING_POCKETED, True, m.group(0))     # "rien dedans", "aucune dans les poches"
    if m := re.search(r"\b(?:sans (?:avertissement|m avertir|me prevenir|prevenir|avoir ete averti|que personne|"
                 r"qu on (?:m |me |t |te |l |le |nous |vous |)(?:ait|aie|aies|ai) (?:averti|prevenu)|(?:m |l |t |)avoir (?:averti|prevenu))|"
                 r"pas (?:ete |d )?(?:averti|avertissement|prevenu)|(?:ne|n) (?:m |me |t |te |l |nous )?(?:a|ont|avait|avez|as) "
                 r"(?:jamais |pas |)(?:ete )?(?:averti|prevenu|dit)|"
                 r"\b(?:on|il|elle|ADV|PLAYER|l arbitre|personne) (?:m |me |t |te |l |lui |nous |vous )(?:a|ont|avait|avaient) (?:jamais|pas) "
                 r"(?:ete )?(?:averti|prevenu|dit|signale|annonce)|personne (?:ne |n )?(?:m |t |l |nous |)(?:a|avait|ont|avaient) (?:jamais |)(?:averti|prevenu|avise)|"
                 r"aucun avertissement|non averti|jamais ete averti|pas averti|oublie de (?:m |me |l |t |)(?:avertir|prevenir)|"
                 r"personne (?:ne |n )?(?:m |t |l |lui |)(?:a|avait) (?:rien )?dit|"
                 # the asker gave no warning (« je lui avais rien dit », « je l'ai pas averti »)
                 r"\b(?:je|j|on|tu) (?:ne |n |)(?:lui |l |le |la |)(?:ai|avais|a|avait|as|avions) (?:rien|jamais|pas) (?:dit|averti|prevenu|signale)\b|"
                 r"sans qu\w* (?:\S+ ){0,2}?(?:m |me |t |te |l |le |nous |vous |)(?:ait |aie |)(?:previenne|previennent|avertisse|avertissent|prevenu|averti))", s):
        r.add(F.WARNED, False, m.group(0))
    elif m := re.search(r"\b(?:averti|avertie|avertis|avertit|avertissent|avertissement|prevenu|m a prevenu|previent|previennent|avise|m a avise)\b", s):
        r.add(F.WARNED, True, m.group(0))
    m = re.search(r"\b(?:\d+|des|plusieurs) (?:billes?|boules?) (?:de but |)(?:rentrent|tombent|entrent|sont rentrees|sont empochees)"
                  r" (?:, |: |)(" + BALLS + r")", s)
    if m:
        r.balls(F.POCKETED, _nums(m.group(1)), m.group(0))
        r.add(F.TOLD_POCKETS, len(_nums(m.group(1))), m.group(0))
    if m := re.search(r"\b(?:une|des|plusieurs|2|3|quelques) (?:autres? |)(?:billes?|boules?) (?:de but |numerotees? |)(?:\w+ )?"
                 r"(?:rentre|rentrent|tombe|tombent|entre|entrent|est rentree|sont rentrees|est empochee|sont empochees)\b|"
                 r"\b(?:rentre|rentres|rentrez|empoche|empoches|empochez|blouse|mets)\w* (?:une|des|plusieurs|2|quelques) (?:autres? |)(?:billes?|boules?)\b", s):
        r.add(F.GENERIC_POCKET, True, m.group(0))
    if m := _GENERIC_OFF.search(s):
        r.add(F.GENERIC_OFF, True, m.group(0))
    told = _IN_HAND_AFTER_FOUL.sub("BIH", s)     # « bille en main après une faute »: the state, not this shot's foul
    if m := re.search(r"\b(?:fais|fait|faites|refais|refait|refaites|commets|commet|commettez|commis|ai fait|as fait|a fait) (?:une |la |encore une |)faute\b|"
                 r"\b(?:sur|avec|en faisant|apres) (?:une |)faute\b(?! (?:de |d )(?:ADV|l autre|PLAYER))|"
                 r"\b(?:ou|quand|lorsqu|s) il y a (?:eu |)(?:une |)faute\b|\bil y a eu (?:une |)faute\b|"
                 r"\b(?:mais|et) (?:il y a|y a|il y avait|y avait) (?:eu |)(?:une |)faute\b|"
                 r"\b(?:une |la |)faute (?:est|a ete|etait|avait ete) commise\b|"
                 # a foul seen (« il a vu ma faute », « j'ai remarqué sa faute »): which one is not said
                 r"\b(?:vu|vue|vois|voit|remarque|remarquee|constate|constatee|apercu|note|notee) (?:ma |sa |ta |la |une |cette |leur |notre |votre )faute\b|"
                 r"(?:^|, )(?:une |)faute (?:a la casse|au break|sur (?:la |ma |sa |cette |)casse)\b|"
                 # a story that opens on its verdict: « faute, et la 3 tombe », « faute : la blanche… »
                 r"^(?:une |)faute (?:, |: |; |)(?=et |mais |puis |alors |B\d|CUE|je |j |ADV |il |elle )|"
                 r"\b(?:casse|break|bris|BRK) (?:fautive|fautif|faute|irreguliere avec faute|illegale|illegal|non valable|pas valable|non reglementaire)\b(?! ?$)|\b(?:mais |)c etait une casse (?:fautive|faute|illegale|irreguliere|non valable)\b|\bcasse (?:est|etait|a ete) (?:fautive|faute) (?=et |mais |puis |, )|"
                 r"\bcoups? (?:fautifs?|entache de faute|avec faute|illegal|illegaux|irregulier|irreguliers|non valable|pas valable)\b"
                 r"|\b(?:empochee?s?|rentree?s?|tombee?s?) (?:illegalement|irregulierement)\b"
                 # a ball of no stated number off the table: a foul in every text, the ball unknown to the engine
                 r"|\b(?:une|des|plusieurs|deux|2|3) (?:autres? |)(?:billes?|boules?) (?:de but |numerotees? |)(?:a |ont |est |sont |)"
                 r"(?:sort|sortent|sortie|sorties|saute|sautent|vole|volent|part|partent|tombe|tombent|tombee|tombees)\w* "
                 r"(?:de la table|hors de la table|du billard|hors du billard|par terre|au sol)\b", told):
        r.add(F.GENERIC_FOUL, True, m.group(0))
    if m := re.search(r"\b(?:rentre|rentres|rentrez|empoche|empoches|empochez|blouse|blouses|mets|mis)\w* (?:bien |)(?:la bonne bille|la plus basse|"
                 r"la plus petite|la bille la plus basse|la bille visee)", s):
        r.add(F.POCKET_LOWEST, True, m.group(0))
    return counts + r.partial()


def _families(s: str, earlier: Partial) -> Partial:
    """The readers of one family of facts each (``earlier``: the kind of shot, a push-out not declared)."""
    seen = merge(earlier)
    return (read_codes(s, seen) + read_table(s)
            + read_call(re.sub(_PUSH_NOT_DECLARED, " ", s) if seen.push_undeclared else s) + read_rails(s))


_CUE_MISSED = re.compile(
    r"\b(?:rate|rates|rater|manque|manques|loupe|loupes|louper)\w* (?:completement |carrement |totalement |)CUE\b"
    r"|\b(?:queue|procede) (?:\w+ ){0,3}?(?:passe|passee|glisse)\w* (?:\w+ ){0,2}?a cote(?: de CUE| sans)?"
    r"|\b(?:fausse queue|coup de queue|coup) (?:\w+ ){0,2}?(?:dans le vide|a vide)"
    r"|\b(?:queue|procede) (?:\w+ ){0,2}?(?:n a |n avait |a |avait |)(?:meme |)(?:pas |jamais |)(?:touche|effleure) (?:ni |)(?:meme |)(?:pas |)CUE"
    r"|\bsans (?:meme |)(?:toucher|taper|frapper|effleurer) CUE\b|\b(?:je|j|il|tu) (?:\w+ ){0,2}?(?:ne |n )?(?:la |)(?:touche|tape)\w* (?:meme |)pas CUE")
_STILL = re.compile(r"\b(?:tout|toutes les billes|les billes|plus rien ne bouge|tout le monde)\b(?: \w+){0,2} "
                    r"(?:arrete|arretees|arretes|immobile|immobiles|a l arret|stoppe)\w*|\bapres l arret\b|\brien ne bouge(?:ait|)\b")


_NO_BIH = re.compile(r"\b(?:pas|jamais|plus|sans) (?:la |)BIH\b")


def _ball_in_hand(s: str) -> Partial:
    """The shooter has the cue ball in hand (state); the cue ball missed; every ball stopped."""
    r = Reading()
    if m := _CUE_MISSED.search(s):
        r.add(F.CUE_MISSED, True, m.group(0))     # « ma queue passe à côté de la blanche »
    if m := _STILL.search(s):
        r.add(F.STILL, True, m.group(0))
    if m := re.search(r"\b(?:a|ai|as|avez|avait|avais|avec) (?:la |)CUE en main\b", s):
        r.add(F.BIH, True, m.group(0))     # "il a la bille de choc en main"
    if m := re.search(r"\b(?:j ai|tu as|vous avez|j avais|tu avais|avec|ayant|je prends|j ai pris|je place|je pose|"
                 r"je mets)\s+(?:la )?BIH\b|^BIH\b|, BIH\b|\bBIH ,", s) or re.search(r"\b(?:je|tu|vous) (?:place|places|placez|pose|poses|posez) CUE (?:ou|n importe|derriere la ligne|ou je veux)", s):
        last = s.rsplit(",", 1)
        if _NO_BIH.search(s) and not re.search(r"(?<!pas )(?<!jamais )(?<!plus )(?<!sans )(?<!pas la )\bBIH\b", s):
            pass    # « j'avais pas la bille en main »: only told not to have it
        elif not (len(last) == 2 and m.start() > len(last[0]) and len(last[1].split()) <= 4):
            r.add(F.BIH, True, m.group(0))   # (« …, j'ai bille en main ? » at the end asks what follows the shot)
    return r.partial()
