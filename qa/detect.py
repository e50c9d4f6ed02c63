"""Which game and which rulesets a French question names.

``detect(question) -> Detection``. Read on the normalised words of
:func:`qa.text.words` (so "la neuf", "n°9", "nine-ball", "9-ball" all read ``9``):

- the game: "jeu de la 9", "au 10", "à la dix", "9-ball", "partie de 10", "la casse de la 9",
  "9 FFB", "Dooly's 10" name it firmly;
  a bare ball number does too when no firm mention exists (only the 10-ball game has a
  ball 10, and a question about the 9 is about its own game). Both games named, or none:
  no game. A number followed by a unit ("table de 9 pieds", "10 minutes") is not a game.
- the rulesets, by publisher: "Dooly's", "FFB"/"fédération", "BCA", "Québec" (both
  Quebec texts), "guide";
- another game ("jeu de la 8", "8-ball", "snooker", "carambole", "14-1"…), and whether the
  question is about variants or federations (then the texts do speak to it);
- an intent the rule texts never serve (``off_topic``): prices and purchases, brands and makers,
  advice (strategy, « vaut-il mieux », the mental game), playing technique (how to aim, spin, stance,
  bridge, break, training, what the cue ball does and why; ``howto``: « comment tenir son chevalet »,
  refused even around a story), equipment beyond what the texts list (choosing or applying chalk, sizes
  and weights, cloth, lights, care and repair, choosing one's own, what to wear), installing a table
  (``setup``: levelling, moving it), handicaps between players of unequal strength, the players'
  health, coin-operated bar and café tables, and events and people (schedules, registrations, results,
  rankings, averages, teams, players, lessons, apps and broadcasts, history, where to play), and times in
  figures (``duration``: « combien de secondes par coup ? », which no text gives). A ball
  meeting a thing (« ma craie est tombée sur la 3 ») is a rule question, not one about the thing. The patterns name the intent,
  not the subject, so rule questions that share a subject ("le massé est-il permis ?",
  "poser sa queue pour viser", "en tournoi qui casse ?") are left alone.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import yaml

from .text import words

__all__ = ["Detection", "detect"]

GAME_OF_NUMBER = {"9": "nine-ball", "10": "ten-ball"}
_UNITS = frozenset("""pied pieds pouce pouces an ans euro euros eur dollar dollars minute minutes
min seconde secondes sec heure heures h point points cm mm metre metres m kg gramme grammes
fois joueur joueurs personne personnes mois jour jours""".split())
_LEAD = frozenset({"regle", "regles", "article", "section", "chapitre", "point", "paragraphe", "alinea", "rubrique"})
# words before a number that make it a ball ("la 9 FFB" is ball 9, "9 FFB" the game)
_BALL_LEAD = frozenset({"la", "le", "l", "ma", "ta", "sa", "bille", "boule", "balle", "numero"})
# words after which "de (la) 9" names the game: "partie de 9", "les règles de la 10", "la casse de la 9"
_GAME_OF = frozenset({"partie", "parties", "manche", "manches", "match", "tournoi", "regles", "regle",
                      "reglement", "reglements", "casse", "bris", "break", "rack"})

def _aliases(path: Path) -> dict[str, tuple[str, ...]]:
    """Each alias of ``rules_data/rulesets.yaml`` (folded words: « dooly », « en france »,
    « billiard congress ») → the ruleset ids it names. The file is checked by
    :func:`qa.rulebook.load_rulebook`; here only its aliases are read."""
    names: dict[str, list[str]] = {}
    for entry in yaml.safe_load(path.read_text(encoding="utf-8")) or []:
        for alias in entry.get("aliases") or ():
            names.setdefault(str(alias), []).append(str(entry["id"]))
    return {a: tuple(ids) for a, ids in names.items()}


_ALIASES = _aliases(Path(__file__).resolve().parent.parent / "rules_data" / "rulesets.yaml")
# publisher words → ruleset ids they name (whole words on the normalised text)
_PUBLISHERS = tuple((re.compile(r"\b" + re.escape(a) + r"\b"), ids) for a, ids in _ALIASES.items())
# the words of those names (left out of search terms); "en" of « en france » is not one
NAME_WORDS = frozenset(w for a in _ALIASES for w in a.split() if w not in ("en", "de", "la", "le", "du"))
_OTHER_GAME = re.compile(
    r"\bjeu (?:de la |du |de )?(?:8|7|6|14|15)\b|\b(?:8|7|6) ball\b|\b14 1\b|\bsnooker|"
    r"(?<!qui )(?<!elle )\bcarambole\b(?! (?:sur|avec|contre|la|le|les|une|\d))|\bbillard francais|\bblack ?ball|\bstraight pool|\bone pocket|\bbank pool|"
    r"\b(?:billard|pool) anglais|\bbillard russe|\bpyramide\b|\b(?:billard|au|le|du|carambolage|carambole) (?:a )?x?3 bandes|"
    r"\bartistique\b|\b5 quilles|\b(?:billard|jeu|pool) (?:a|aux) (?:x?8|huit|x?15|quinze) (?:boules|billes)\b|\bhuit ball|\beight ball|\bcut ?throat\b|\bkelly pool\b|\b(?:jeu du |le |au )ghost\b|(?<!la )\b(?:8|huit) (?:americain|us|pool)\b"
    r"|\b(?:joue|jouer|jouons|jouent|jouez|partie|parties) (?:au|du) (?:8|huit)\b(?! (?:bca|ffb|doolys|dooly|guide))"
    r"|^(?:a la|au) (?:8|huit)\b(?! (?:bca|ffb|doolys|dooly|guide))")     # « à la 8, c'est faute si… »: the game the question opens with
# Words of another game's own equipment or scoring (8-ball's black and its groups).
_OTHER_GAME_WORDS = re.compile(
    r"\b(?:la|bille|boule) noire\b|\bpleines? et (?:les )?rayees?\b|\brayees\b|\bstripes?\b|\bsolids\b")
# Equipment of one's own and choosing it (the texts only list what a game is played with).
_GEAR = r"(?:tapis|drap|queue|queues|table|tables|billard|billards|craie|procede|embout|fleche|talon|materiel|equipement|chevalet|chevalets|gant|gants|rallonge|rallonges|etui)"
# someone's recommendation (« vous prendriez quel tapis ») — not « prendre la table » of a push-out
_RECOMMEND = (r"(?:prendriez|prendrais|choisiriez|choisirais|recommandez|recommandes|recommanderiez|"
              r"recommanderais|conseillez|conseilles|conseilleriez|conseillerais)")
_CHOOSE = r"(?:choisir|prendre|acheter|me faut il|il me faut|" + _RECOMMEND[3:]
# Intents the rule texts never serve, by category (matched on :func:`qa.text.normalise`d text).
OFF_TOPIC: tuple[tuple[str, re.Pattern], ...] = (
    # asking for advice on playing, even around a story (« une astuce pour viser, je rate tout »)
    ("advice", re.compile(
        r"\b(?:astuces?|tuto|tutos|tutoriel|tiens la queue comment|tenir la queue|"
        r"(?:le|mon|son|ton) (?:chevalet|pont) (?:je le |on le |il le |tu le |)(?:tiens|tient|tenir|fais|fait|faire) comment|"
        r"comment (?:on |je |tu )?(?:fait|fais|faire|reussir|reussit|reussis) (?:un |une )?(?:bon|bonne|beau|belle|vrai) )"
        # (« il était pas concentré » tells a story, « rester concentré » asks advice)
        r"|\b(?:stress|stresse|stresser|(?:rester|etre plus|mieux|me|te|se|bien) concentree?|concentration|se concentrer|mental|le trac|nerveux|nervosite|"
        r"confiance en (?:moi|soi)|motiver|motivation)\b"
        r"|\bvaut (?:il )?mieux\b|\b(?:est|serait) il preferable\b|\bpreferable de\b"
        r"|\b(?:meilleures?|bonnes?|quelles?) (?:strategies?|tactiques?)\b|\bgagner (?:plus souvent|plus de parties|plus de matchs|a coup sur)\b"
        r"|\b(?:le |la |les )?meilleure?s? (?:break|casse|bris|coup|coups|facon|methode) pour\b"
        r"|\bquel(?:le)?s? \w+ (?:vous |tu |me |nous |)(?:conseillez|conseilles|conseillerais|recommandez|recommandes)\b")),
    ("price", re.compile(
        r"\b(?:prix|tarifs?|combien (?:ca )?(?:coute|coutent)|coute combien|coutent combien|coute cher|coute un|coute une|couter cher|le cout|les couts|cout d|acheter|achete|achat|achats|vendre|vend|vente|"
        r"pas cher|moins cher|bon marche|euros?|eur|dollars?|budget|promo|soldes?|abonnements?|"
        r"d occasion|boutique|magasin|commander en ligne|livraison|salaire|gagne un joueur|(?:gagne|gagnent|touche|touchent) combien|remuneration|remunere|remuneree|defraiement|defraye|indemnites?|(?:combien )?(?:est |sont |)payee?s? (?:un |une |les |l |)(?:arbitres?|joueurs?)|[0-9]+ balles)\b"
        r"|\bqui (?:paie|paye|payent|paient|regle)\b|\b(?:paie|paye|payer|payent|paient) (?:la |les |le |sa |une |)(?:partie|table|tournee|biere|verre|conso|consos|consommation|jeton|jetons)\b"
        r"|\bc (?:est )?combien$|\bc (?:est )?combien (?:\w+ ){0,2}?" + _GEAR + r"\b|\bc (?:est )?combien (?:la partie|l heure|pour jouer)\b")),
    # money staked on a game (« on a parié 20 balles sur la partie »)
    ("bets", re.compile(
        r"\b(?:parie|parier|paries|pariez|parient|parions|un pari|des paris|les paris|miser|mise d argent|"
        r"(?:jouer|joue|jouent|on joue) (?:de|pour) l argent|pour de l argent|enjeux?|cagnotte)\b")),
    ("coin_op", re.compile(
        r"\b(?:table a pieces|tables a pieces|billard a pieces|table a jetons|billard a jetons|monnayeur|"
        r"jetons? (?:de|du|pour le) billard|table de bar|billard de bar|billards de bar|remettre une piece|"
        r"mettre une piece|mettre des pieces|au bar la table|tournoi de bar|tournois de bar|table du bar|billard du bar|"
        r"combien de pieces|pieces (?:pour|dans) (?:une|la|le) (?:partie|table|billard)|"
        r"(?:billard|table)s? (?:du|de|au|d un) (?:cafe|bistrot|pub|troquet)|(?:billard|table)s? payante?s?|"
        r"monnaie|machine|avale (?:la|les|ma)|(?:mettre|met|mets|mettent|poser|pose|posent|laisser|laisse|laissent) (?:sa|ma|ta|une|la|leur|leurs|des) pieces? (?:sur|au bord)|"
        r"reserver (?:la|une|sa) table|reserve la table)\b")),
    ("brand", re.compile(
        r"\b(?:quelles? marques?|meilleures? marques?|marque de|marques de|meilleures? queues?|mezz|cuetec|"
        r"fabricants?|qui fabrique|qui fabriquent|qui produit|fabrication|mcdermott|meucci|aramith|simonis|kamui|longoni|molinari|brunswick|lucasi|peri)\b")),
    # evening out players of unequal strength
    ("handicap", re.compile(
        r"\b(?:handicaps?|handicaper|handicape|fargo|rendre des points|rendre (?:des|quelques) billes|"
        r"equilibrer|donner de l avance|laisser de l avance|"
        r"(?:course|partie|match) (?:en|a) [0-9]+ contre [0-9]+)\b")),
    # the players' health and fitness
    ("health", re.compile(
        r"\b(?:mal au (?:dos|poignet|bras|cou|epaule|coude|genou)|douleurs?|blessures?|blesse|tendinite|echauffement|"
        r"s echauffer|bon pour la sante|la sante|sante|calories?|maigrir|perdre du poids|etirements?|fatigue (?:des yeux|visuelle))\b")),
    # how to play a shot (« comment bien tenir son chevalet », « comment on réussit un rétro ») : asked even
    # around a story, it is technique, never a ruling
    ("howto", re.compile(
        r"\bcomment (?:on |je |tu |bien |mieux |faut il |plus |tres |\w+ment )*+(?:viser|vise|visez|tenir|tient|tiens|faire|fait|fais|"
        r"reussir|reussit|reussis|realiser|jouer|joue|mettre|met|mets|donner|donne) "
        r"(?:(?:un|une|le|la|l|des|sa|ma|son|mon|ton|de|du|bon|bonne|beau|bien|plus|tres|\w+ment) )*+"
        r"(?:masse|masses|jump|saut|saute|coup saute|coup masse|coup de masse|coups de masse|retro|coule|effet|effets|bande|coupe|stop shot|stop|draw|follow|"
        r"coupe fine|pont|chevalet|queue)\b"
        r"|\bcomment (?:on |je |tu |faut il |bien |mieux )*+(?:rentrer|rentre|empocher|empoche|faire|fait|reussir|jouer) "
        r"(?:une |la |les |un |ma |sa )?(?:bille |boule |billes |coup )?en (?:bande|double|bricole|x?[0-9] bandes)\b"
        r"|\b(?:comment|pour) (?:on |je |tu |faut il )?(?:bien|mieux) casser\b|\breussir (?:une|sa|la|ma|son|ta) (?:casse|break|bris)\b|\bcasser plus fort\b|"
        r"\b(?:casse|break)s? (?:(?:plus |)(?:puissante?s?|efficaces?)|plus forte?s?)\b|\bjeu de position\b|\bfaire (?:du|le|son|mon) placement\b|"
        r"\bavoir (?:un |une )?(?:bon|bonne|meilleur|meilleure) (?:placement|position)\b|\b(?:bon|meilleur) placement (?:pour|apres)\b|"
        r"\b(?:placer|placement|position|laisser|ramener|amener) (?:\w+ ){0,4}?pour (?:la |le |les )?(?:bille|boule|coup|tir)s? "
        r"(?:suivante?s?|d apres)\b"
        r"|\b(?:bien|mieux|correctement|facons? de|manieres? de) tenir (?:(?:plus|tres) )?(?:\w+ment )?(?:le|son|mon|ton|sa|ma|la) (?:chevalet|queue|pont)\b"
        r"|\b(?:bien|mieux) viser\b|\bcomment (?:on |je |tu |bien |mieux |faut il |plus |tres |\w+ment )*+(?:viser|vise|vises|visez|visent|visons)\b")),
    ("technique", re.compile(
        r"\b(?:effet retro|effet coule|retro|coule|stance|grip|pont|ponts|chevalet ferme|chevalet ouvert|doigts|coude|poignet|"
        r"techniquement|(?:lever|leve|leves|levez|lever) (?:la |sa |ma |ta |)queue|quel angle|(?:incline|inclines|incliner) (?:la |sa |ma |)queue|incliner la queue|inclinaison de (?:la |sa |ma |)queue|entrainement|entrainer|exercices?|"
        r"(?<!peut )(?<!peuvent )(?<!puisse )(?<!pouvait )(?<!plus )progresser|ameliorer|astuces?|conseils?|conseilles?|conseillez|tuto|tutoriel|tutos|"
        r"apprendre a|apprendre (?:le|la|les|un|une) (?:masse|jump|saut|retro|coule|effet|effets|placement|casse|break)|"
        r"technique pour|techniques pour|technique de (?:bras|queue|casse|break|jeu|frappe|visee)|plus fort|plus droit|plus precis|precision|"
        r"puissance|doser|dosage|carreau|calculer l angle|angle de rebond|systeme (?:des |du |)diamants?|diamants|"
        r"exos?|bosser|travailler (?:mon|ma|son|sa|le|la) (?:placement|casse|visee|jeu))\b"
        r"|\ble plus de chances?\b|\bmeilleure? (?:position|endroit|place|facon|maniere|angle|moment)\b"
        r"|\bpourquoi (?:la blanche|la bille|ma blanche|la boule) (?:recule|avance|tourne|devie|part|freine|glisse)\b|\bphysique\b"
        r"|\b(?:tape|taper|tapes|frappe|frapper|frappes|prendre|prends|vise|viser) (?:la blanche )?(?:en bas|en haut|a gauche|a droite)\b"
        r"|\bquelle force\b|\bplus de force\b|\b(?:casser|casse|jouer|joue|viser|vise|tirer|tire|placer|taper|tape|frapper|frappe) (?:\w+ )?le mieux\b"
        r"|\ble mieux pour (?:casser|jouer|viser|tirer|gagner)\b|\b(?:bille|coup)s? (?:difficiles?|faciles?|risquee?s?)\b")),
    ("equipment", re.compile(
        r"\b(?:quelles? craies?|(?:meilleure|bonne) craie|craies? (?:bleue|verte|rouge|de couleur|de qualite)|"
        r"(?:mettre|met|mets|mettez|remettre|remet|passer|passe) (?:de la |la |sa |ma |un peu de )?craie|chalk|dimensions?|diametre|taille (?:de|d|des|du|reglementaire|officielle)|hauteur|poids|pese|peser|pesent|pesee|mesurer|mesurent|combien mesure|mesure combien|grammes?|lourde?s?|"
        r"longueur (?:de|d|des|du)|largeur|lampe|eclairage|lumiere|tissu|recouvrir|housse|etui|"
        r"gant|talc|rallonge|chaussures?|tenue vestimentaire|quelle tenue|tenue (?:pour|en|de) (?:un |une |la |le )?(?:tournoi|competition|match)|dress code|entretien|entretenir|nettoyer|nettoyage|nettoie|nettoient|nettoies|laver|lave les|"
        r"fabriquer|fabrique soi meme|construire soi meme|bricoler|"
        r"reparer|reparation|recoller|poncer|usee?s?|dechiree?s?|"
        r"remplacer (?:le|la|les|mon|ma|mes|un|une) (?:tapis|drap|procede|embout|bandes?|filet|queue|lampe)|"
        r"(?:refaire|refait|refais|refont|regler|coller|poser) (?:le|la|les|mon|ma|mes|un|une|son|sa) (?:procede|embout|tapis|drap)|"
        r"chang(?:er|e|es|ent|ez) (?:le|la|les|mon|ma|mes|son|sa|ses|un|une) (?:procede|tapis|drap|bandes?|queue|embout|filet|billes)|meilleure? (?:procede|embout|craie|tapis|drap|flechette|fleche|chevalet|gant|rallonge))\b"
        r"|\bbest (?:\w+ )?(?:cue|cues|chalk|table|cloth|tip|tips)\b|\b(?:[6-9]|1[0-2]) pieds\b|\btable de salon\b|\bmeilleur tapis\b|\b(?:tapis|drap)s? (?:(?:est|sont) )?(?:(?:trop|plus|tres|un peu) )?(?:rapides?|lents?)\b|\bvitesse du (?:tapis|drap)\b"
        r"|\bchoisir (?:sa|son|ses|mon|ma|mes|ta|ton|tes|votre|vos|une|un) (?:\w+ )?" + _GEAR + r"\b"
        r"|\b(?:quel|quelle|quels|quelles) " + _GEAR + r"\b(?: \w+){0,5}? " + _CHOOSE + r"\b"
        r"|\b" + _RECOMMEND + r" (?:\w+ ){0,3}?" + _GEAR + r"\b"
        r"|\b" + _GEAR + r"(?: \w+){0,3}? pour (?:debuter|commencer|un debutant|une debutante|les debutants|bien debuter|"
        r"la maison|chez moi|mon salon|mon garage)\b")),
    # installing a table: levelling, moving, the room it needs
    ("setup", re.compile(
        r"\b(?:niveler|nivelle|nivellement|niveau a bulle|d aplomb|mettre a niveau|caler (?:la|le|une|un|ma|mon) (?:table|billard)|"
        r"(?:installer|monter|demonter|remonter|transporter|deplacer|demenager|porter) (?:une|la|le|un|ma|mon|sa|son|notre) (?:table|billard)|"
        r"installation (?:d une|de la|du|d un) (?:table|billard)|taille de (?:la|ma) (?:piece|salle)|"
        r"place (?:pour|autour d) (?:une|la|un|le) (?:table|billard))\b"
        r"|\b(?:table|billard)(?: \w+){0,3}? (?:de|a) niveau\b")),
    ("events", re.compile(
        r"\b(?:horaires?|calendrier|inscriptions?|inscri(?:re|s|t|ts|te|tes|vent|vez|vons|rai|ra)|prochain tournoi|prochains tournois|"
        r"les resultats|resultats? (?:du|des|de la|de l|d un|d une) (?:tournoi|championnat|match|open|coupe|finale)|"
        r"classements?|palmares|champion du monde|championne du monde|meilleurs? joueurs?|"
        r"meilleure joueuse|combien gagne|qui a gagne (?:le|la|les|l) (?:championnat|tournoi|coupe|open|"
        r"finale|titre|match)|vainqueur (?:du|de la|des) (?:tournoi|championnat|coupe|open)|"
        r"ou jouer|ou trouver un club|club de billard|salle de billard|a quelle heure|ferme la salle|"
        r"ouvre la salle|organiser un tournoi|devenir arbitre|devient arbitre|deviens arbitre|passer arbitre|"
        r"formation d arbitres?|formation des arbitres|championnats? de france(?! masters)|qui a invente|invente le billard|"
        r"sport olympique|jeux olympiques|aux jo|olympiques?|film|filmer|cours de billard|prendre des cours|des cours|profs? de billard|professeur|moniteur|"
        r"ecole de billard|lecons? de billard|une appli|quelle appli|application pour|logiciel|site internet|streaming|(?:suivre|regarder|voir) (?:les |le |un |des )?(?:tournois?|matchs?|finales?)|"
        r"retransmis|retransmission|histoire du (?:billard|jeu)|(?:billard|pool|jeu)(?: americain)? vient d ou|d ou vient (?:le|ce) (?:billard|pool|jeu)|origines? du (?:billard|jeu)|depuis quand existe|combien de clubs|moyennes?|par equipes?|equipes? de billard|(?:une|l|son|notre|mon|leur) equipe|combien de joueurs (?:par|dans|pour)|(?:a|entre) x?(?:[3-9]|trois|quatre|cinq|six) (?:joueurs|joueuses|personnes|potes|amis)|championnats? (?:regional|regionaux|departemental|departementaux|de ligue|de district)|interclubs?|championnat par equipe|(?:a )?quel age|age minimum|licences?|combien de temps dure|duree (?:d une|de la|des|moyenne)|mosconi|(?<!niveau )mondial|mondiaux|"
        r"championnat du monde|championnats du monde|coupe du monde|world cup|euro tour|us open|pro tour|matchroom|"
        r"(?:le |la )?prochaine? (?:championnat|tournoi|open|masters|coupe|competition|etape)|dates? (?:du|des|de la) (?:championnat|tournoi|masters|open|coupe|competition)|"
        r"(?:les |la )?finales? (?:du|de la|des) (?:mondial|championnat|coupe|open|tournoi)|"
        r"faut (?:il )?(?:obligatoirement )?un arbitre|arbitre obligatoire|un arbitre est (?:il )?obligatoire|"
        r"a gagne quoi|il a gagne quoi|qu a t il gagne|souquet|strickland|van boening|shane|efren|reyes|filler|appleton|"
        r"predator|(?:en|de|du) (?:19|20)[0-9]{2})\b")),
    # a time in figures: no text gives one (9-ffb's slow play speaks of « la limite de temps imposée », not of its length)
    ("duration", re.compile(
        r"\bcombien de (?:secondes|minutes|temps (?:on a|a t on|pour jouer|par coup|pour tirer|entre (?:deux|2) coups))\b"
        r"|\ben combien de (?:secondes|minutes)\b|\bx?[0-9]+ (?:secondes|minutes) (?:maxi|max|maximum)\b")),
    # the players' manners the texts leave to the room: phones, noise, lateness, an earthquake
    ("manners", re.compile(
        r"\b(?:telephone|telephoner|telephones|portable|smartphone|sms|textos?|"
        r"(?:fait|fais|faire|font) du bruit|bruits?|"
        r"en retard de \d+ (?:minutes?|min|heures?)|\d+ minutes? de retard|arrive en retard|arriver en retard|retard au match|"
        r"tremblement de terre|seisme)\b")),
    # questions with nothing of the game in them: « quelle est la capitale de la France ? »
    ("general", re.compile(
        r"\b(?:capitale|meteo|quel temps fait|il fait beau|il pleut|horoscope|recette|blague|chanson|bieres?|boissons?|"
        r"president de la republique|premier ministre|quelle heure est il|ton nom|tu t appelles|qui es tu|"
        r"t es qui|es tu un robot|tu es un robot|intelligence artificielle|chatgpt)\b")),
)
# a thing and a ball meeting: what the texts rule on, whatever the thing (see :func:`off_topic`)
_CONTACT_KINDS = frozenset({"equipment", "technique"})
_CONTACT = re.compile(
    r"\b(?:touche|touchee|touches|touchent|touchait|frole|frolee|frolent|effleure|effleuree|frappe|frappee|"
    r"heurte|heurtee|cogne|cognee|tombe sur|tombee sur|tombent sur|atterrit|atterri|retombe|retombee|"
    r"rebondit sur|reste sur|restee sur|s arrete sur|s immobilise|deplace|deplacee)\b")
_BALL = re.compile(r"\b(?:bille|billes|blanche|boule|boules|la [0-9]+|le [0-9]+)\b")
_HOW = re.compile(r"\bcomment\b|\bpourquoi\b|\bastuces?\b|\bconseils?\b")
# (« reconnu » of a foul, « une faute signalée trop tard est-elle reconnue ? », is no question of variants)
_FOUL_RECOGNISED = re.compile(r"\breconn\w*(?=.*\bfautes?\b)|(?<=\bfaute)(?:s|)\b.*\breconn\w*")
_VARIANT_INTENT = re.compile(
    r"\bvariante|\breconn|\bofficiel|\borganisme|\borganisations?\b|\bfederations\b|\binstances?\b|\bwpa\b|"
    r"\bepbf\b|\bautres? jeux|\bexiste")


@dataclass(frozen=True)
class Detection:
    """What a question names.

    ``game``: ``nine-ball``/``ten-ball`` or None; ``rulesets``: ids named by publisher
    (possibly several), empty when none; ``drop``: indexes of :func:`words` that only name
    the game or publisher (left out of the search terms); ``name_drop``: those naming a
    publisher; ``other_game``: the other game named ("snooker", "jeu de la 8"…) or None;
    ``variant_intent``: the question asks about variants, federations or recognition;
    ``off_topic``: the category of an intent the texts never serve (``price``, ``brand``,
    ``howto``, ``technique``, ``equipment``, ``setup``, ``handicap``, ``events``, ``duration``, see :data:`OFF_TOPIC`) or None;
    ``compares_games``: the question compares the two games (« la différence entre le jeu de la 9 et
    celui de la 10 »): their names are its subject, not a restriction.
    """

    game: str | None = None
    rulesets: tuple[str, ...] = ()
    drop: frozenset[int] = field(default_factory=frozenset)
    name_drop: frozenset[int] = field(default_factory=frozenset)
    other_game: str | None = None
    variant_intent: bool = False
    off_topic: str | None = None
    compares_games: bool = False

    def restriction(self, book_rulesets: Mapping) -> tuple[str, ...] | None:
        """Ruleset ids the question restricts to (publisher ∩ game when both agree), or None."""
        by_game = tuple(r for r, rs in book_rulesets.items() if self.game and rs.game == self.game)
        named = tuple(r for r in self.rulesets if r in book_rulesets)
        if named and by_game:
            both = tuple(r for r in named if r in by_game)
            return both or named
        return named or by_game or None


# « on se fait une 9 entre potes », « on joue une 10 ? »: a game played (not the ball)
_PLAY_A_GAME = frozenset({"fait", "fais", "faire", "faisons", "refait", "refaire", "joue", "jouer", "jouons", "rejoue", "lance",
                          "lancer", "commence", "commencer", "entame", "entamer"})


def _game_mentions(ws: list[str]) -> tuple[set[str], set[str], set[int]]:
    """(firm games, loose games, indexes of the words of firm mentions)."""
    firm, loose, drop = set(), set(), set()
    for i, w in enumerate(ws):
        game = GAME_OF_NUMBER.get(w)
        if not game:
            continue
        nxt = ws[i + 1] if i + 1 < len(ws) else ""
        prev = ws[i - 1] if i else ""
        if nxt in _UNITS or prev in _LEAD:
            continue
        before = ws[max(0, i - 3):i]
        if nxt == "ball" or prev in {"au", "du"} or (nxt in NAME_WORDS and prev not in _BALL_LEAD) or (
                prev in NAME_WORDS or (prev == "s" and i >= 2 and ws[i - 2] == "dooly")) or (
                "jeu" in before and before[-1] in {"la", "du", "de", "jeu", "le"}) or (
                prev == "la" and i >= 2 and ws[i - 2] == "a") or (
                prev == "de" and i >= 2 and ws[i - 2] in _GAME_OF) or (
                prev == "la" and i >= 3 and ws[i - 2] == "de" and ws[i - 3] in _GAME_OF) or (
                prev == "une" and i >= 2 and ws[i - 2] in _PLAY_A_GAME):
            firm.add(game)
            drop.add(i)
            if nxt == "ball" and ws[i + 2:i + 4] != ["in", "hand"]:   # not "la 9 : ball in hand"
                drop.add(i + 1)
            at = i - len(before) + before.index("jeu") if "jeu" in before else None
            if at is not None and all(w in {"la", "du", "de", "le"} for w in ws[at + 1:i]):
                drop.add(at)     # « jeu de la 9 » (not « le jeu lent au 9 »: slow play, then the game)
        else:
            loose.add(game)
    return firm, loose, drop


#: the words that compare two games (« la différence entre… », « plus dur », « pareil »), folded; each
#: also read with an ending (« comparer », « ressemblent »)
COMPARING_WORDS = ("difference", "compar", "ressembl", "pareil", "la meme chose", "distingu", "plus dur",
                   "plus difficile", "plus facile", "se rapproch", "proche")
_COMPARES = re.compile(r"\b(?:" + "|".join(COMPARING_WORDS) + r")\w*\b")


@lru_cache(maxsize=2048)
def detect(question: str) -> Detection:
    """The game, publisher rulesets, other game and off-topic intent named in ``question``
    (see the module docstring); indexes in the :class:`Detection` count the words of
    :func:`qa.text.words`. Never raises. Cached: an answer asks it of the same words several
    times (the Detection is frozen)."""
    ws = words(question)
    text = " ".join(ws)
    firm, loose, drop = _game_mentions(ws)
    games = firm or loose
    game = next(iter(games)) if len(games) == 1 else None
    found = [frozenset(ids) for pattern, ids in _PUBLISHERS if pattern.search(text)]
    # a name that covers a narrower one is narrowed by it (« BCA, version Québec »: the BCA)
    kept = [ids for ids in found if not any(other < ids for other in found)]
    named = [i for pattern, ids in _PUBLISHERS if frozenset(ids) in kept for i in ids]
    named = list(dict.fromkeys(named))
    name_drop = frozenset(i for i, w in enumerate(ws) if w in NAME_WORDS) if named else frozenset()
    other = _OTHER_GAME.search(text) or _OTHER_GAME_WORDS.search(text)
    return Detection(
        game=game, rulesets=tuple(named), drop=frozenset(drop), name_drop=name_drop,
        other_game=other.group(0) if other else None,
        variant_intent=bool(_VARIANT_INTENT.search(_FOUL_RECOGNISED.sub(" ", text))),
        off_topic=off_topic(text),
        compares_games=len(games) > 1 and bool(_COMPARES.search(text)),
    )


def off_topic(text: str) -> str | None:
    """The category of an intent the rule texts never serve in normalised ``text`` (see
    :data:`OFF_TOPIC`), or None: ``off_topic("combien coute une queue")`` → ``"price"``. A ball
    that meets a thing (« la bille a touché la lampe », « ma craie est tombée sur la 3 », « mon coude
    a frôlé la blanche ») is a rule question about that contact, not one about the thing."""
    for name, pattern in OFF_TOPIC:
        if pattern.search(text):
            if name in _CONTACT_KINDS and _CONTACT.search(text) and _BALL.search(text) and not _HOW.search(text):
                return None
            return name
    return None
