"""French normalisation for matching questions to clauses.

The pipeline, used alike on clauses (at start-up) and on questions (per request):

1. :func:`fold` — lowercase, ’ → ', accents folded (é → e, œ → oe). Done *before*
   stemming so that "empochée" and "empochee" give the same stem.
2. :func:`words` — number forms mapped to digits ("la neuf", "n°9", "no 9", "nine", "dix",
   "ten", "9-ball" → ``9``/``10``), ordinals ("2e", "seconde" → ``deuxieme``), SMS spellings
   ("koi", "ke", "kan", "pk"; "cest" → ``c est``, "jai" → ``j ai``), elisions split
   (l', d', qu', j', s', n', c'…), then cut into words. Digits are whole words, so ball
   ``1`` never matches inside ``10``; a number that counts ("quatre billes", "3 fautes")
   reads ``x4``/``x3``, so that it does not match ball 4 or ball 3.
3. :class:`Analyzer` — drops stop words (a short list that KEEPS dix, neuf, pas, sans, après,
   avant, aucun, plus, moins…), stems with Snowball French, and replaces synonyms from
   ``rules_data/glossary.yaml`` by one canonical term per group (casse = bris = break…).

Pure functions over strings; the only state is the :class:`Analyzer`'s glossary tables.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache
from typing import Iterable, Sequence

import snowballstemmer

__all__ = ["fold", "words", "spell_numero", "mark_counts", "normalise", "stem", "phonetic", "STOP_WORDS", "COMMON_WORDS",
           "QUESTION_WORDS", "Analyzer"]

_APOSTROPHES = {"’": "'", "‘": "'", "`": "'", "´": "'", "ʼ": "'", "′": "'"}
_LIGATURES = {"œ": "oe", "æ": "ae", "ß": "ss"}


def _strip_marks(ch: str) -> str:
    return "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))


# one table for the usual case (Latin-1 and Latin Extended-A), NFKD for anything else
_FOLD = str.maketrans({**{chr(c): _strip_marks(chr(c)) for c in range(0xC0, 0x250)},
                       **_APOSTROPHES, **_LIGATURES})


@lru_cache(maxsize=32768)
def fold(text: str) -> str:
    """Lowercase, unify apostrophes (’ → ') and fold accents (é → e, œ → oe).

    Idempotent, so it is the one ``processor`` passed to every rapidfuzz call.
    ``fold("L’Œil du Québec") == "l'oeil du quebec"``.
    """
    text = str(text).lower().translate(_FOLD)
    if text.isascii():
        return text
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


# ----------------------------------------------------------------------------- numbers
NUMBER_WORDS = {
    "deux": "2", "trois": "3", "quatre": "4", "cinq": "5", "six": "6", "sept": "7",
    "huit": "8", "neuf": "9", "dix": "10", "onze": "11", "douze": "12", "treize": "13",
    "quatorze": "14", "quinze": "15",
    "two": "2", "three": "3", "four": "4", "five": "5", "seven": "7", "eight": "8",
    "nine": "9", "ten": "10",
}
# "un"/"une"/"one" are numbers only right after a word that introduces a ball number.
_ONE_WORDS = {"un", "une", "one"}
_ONE_CONTEXT = {"numero", "bille", "boule", "balle", "ball"}
_ORDINALS = {
    "premiere": "premier", "premieres": "premier", "premiers": "premier", "1er": "premier",
    "1ere": "premier", "1re": "premier", "1ers": "premier", "1eres": "premier",
    "2e": "deuxieme", "2eme": "deuxieme", "2ieme": "deuxieme", "2nd": "deuxieme",
    "2nde": "deuxieme", "second": "deuxieme", "seconde": "deuxieme", "deuxiemes": "deuxieme",
    "3e": "troisieme", "3eme": "troisieme", "3ieme": "troisieme", "troisiemes": "troisieme",
    "4e": "quatrieme", "4eme": "quatrieme",
}
# The value of each ordinal :func:`words` writes ("deuxième faute" → 2).
ORDINAL_VALUES = {"premier": 1, "deuxieme": 2, "troisieme": 3, "quatrieme": 4}
# SMS and spoken spellings players type on a phone (Quebec "pis" = puis); a spelling may
# stand for two words ("cest" = c'est, "jai" = j'ai).
_SMS = {"koi": "quoi", "koa": "quoi", "kel": "quel", "kelle": "quelle", "kels": "quels", "kelles": "quelles",
        "pk": "pourquoi", "pkoi": "pourquoi", "pq": "pourquoi", "pcq": "parce", "qd": "quand", "kan": "quand",
        "kand": "quand", "ke": "que", "ki": "qui", "kil": "qu il", "kon": "qu on", "keske": "qu est ce que",
        "kesk": "qu est ce", "cest": "c est", "cetait": "c etait", "jai": "j ai", "javais": "j avais",
        "chui": "je suis", "chuis": "je suis", "jsuis": "je suis", "tas": "t as", "koment": "comment",
        "komen": "comment", "tjs": "toujours", "tjrs": "toujours", "ds": "dans", "bcp": "beaucoup", "pr": "pour",
        "tt": "tout", "dc": "donc", "pis": "puis", "ya": "y a", "slt": "salut", "stp": "svp", "mm": "meme",
        "jsp": "sais", "jen": "j en", "jy": "j y", "jme": "je me", "jte": "je te", "jle": "je le", "jla": "je la",
        "jlui": "je lui", "gg": "gagne"}
# « j » glued to a verb that opens with a vowel (« jaccepte », « jannonce »; one opening with a consonant,
# « jcontourne », is always read so): the verbs players tell their shots with (no French word is spelt so)
_GLUED_J = frozenset("""accepte acceptais annonce annoncais annonces arrive arrivais essaie essaye essayais envoie envoyais
entends ecoute explique ouvre oublie oubliais utilise avance arrete applique appelle attends enchaine enchainais
avoue hesite insiste aurais""".split())     # (« jetais » is a word: « je jetais »; « jai », « javais » are in _SMS)
_NUMERO = re.compile(r"\bn\s*[°º]\s*|\bno\.?\s*(?=\d)|\bnum\.?\s*(?=\d)|#\s*(?=\d)")
_WORD = re.compile(r"[a-z0-9]+")
# plural nouns after which a number is a count ("quatre billes" → x4), not a ball ("la 4")
#: The push-out's names in folded words (a regex alternation): « push-out » is « push out » once folded.
PUSH_OUT = r"(?:push out|pushout|push|coup pousse|coup de degagement)"

#: Balls named as not meant, in folded words (regex pieces shared by the readers of questions and of stories):
#: the words that except (« sauf », « hormis », « autre que »…; each reader adds the ones its context allows,
#: « pas », « ni »), and :func:`excepted_balls`.
EXCEPTING = r"(?:sauf|excepte|exceptee|hormis|a part|autres? que|differente? de)"


def excepted_balls(joins: str = "ou|ni") -> str:
    """The list of excepted balls (« la 9 », « la bille 9 ou la 10 », « la bille de match »), its balls joined by ``joins``
    (« et » and « , » only where the list is closed, in brackets or after « sauf »: « pas la 1 et la 3
    rentre » excepts the 1 alone)."""
    # a ball by its number, or the game ball by its name (« pas la bille de match »)
    ball = r"(?:la |le )?(?:(?:bille |boule )?(?:n )?\d{1,2}|(?:bille|boule) (?:de match|du match|de gain|gagnante))"
    return rf"{ball}(?:\s*(?:{joins})\s*{ball})*"


COUNT_NOUNS = frozenset("""billes boules balles balls fautes fouls bandes rails poches trous
coups joueurs manches parties fois rangs""".split())
_ELIDED = {"l", "d", "j", "s", "n", "c", "m", "t", "qu", "jusqu", "lorsqu", "puisqu",
           "quoiqu", "presqu", "quelqu"}


def is_shorthand(word: str) -> bool:
    """A folded word that :func:`words` spells out (« javais » → « j avais », « cetait », « jcontourne »):
    no typo of another word."""
    return word in _SMS or (len(word) > 3 and word[0] == "j" and (word[1] not in "aeiouy" or word[1:] in _GLUED_J))


def spell_numero(folded: str) -> str:
    """``n°9``, ``no. 9``, ``num 9``, ``#9`` → ``numero 9`` in folded text (done before
    punctuation is cut, so that the "." of "no. 9" does not part the number from its word)."""
    return _NUMERO.sub(" numero ", folded)


def words(text: str, counts: bool = True) -> list[str]:
    """Fold ``text`` and cut it into words, with numbers and ordinals normalised.

    Elided articles and pronouns (l', d', qu'…) become words of their own, which the
    analyzer drops as stop words. ``words("L’ouvreur touche la n°1 au jeu de la dix")
    == ["l", "ouvreur", "touche", "la", "numero", "1", "au", "jeu", "de", "la", "10"]``.
    A number that counts is marked (:func:`mark_counts`: "quatre billes" → ``x4``) unless
    ``counts`` is False. Returns a new list (the words of a text are cut once: a question is
    read by several steps).
    """
    ws = _words(str(text))
    return list(mark_counts(ws) if counts else ws)


@lru_cache(maxsize=8192)
def _words(text: str) -> tuple[str, ...]:
    text = spell_numero(fold(text))
    text = text.replace("'", " ")
    out: list[str] = []
    for w in (x for raw in _WORD.findall(text) for x in _ORDINALS.get(raw, _SMS.get(raw, raw)).split()):
        if w not in _SMS and is_shorthand(w):   # "jcontourne", "jaccepte"
            out.append("j")
            w = w[1:]
        if w in NUMBER_WORDS:
            w = NUMBER_WORDS[w]
        elif w in _ONE_WORDS and out and (out[-1] in _ONE_CONTEXT or (w == "une" and out[-1] == "la")):
            w = "1"   # "la une" is ball 1: after "la", "une" cannot be an article
        elif w[:1].isdigit() and not w.isdigit():
            m = re.fullmatch(r"(\d+)(balls?)", w)   # "9ball" glued
            if m:
                out.extend([m.group(1), "ball"])
                continue
        out.append(w)
    return tuple(out)


def mark_counts(ws: Sequence[str]) -> list[str]:
    """Prefix with ``x`` the numbers that count things: ``["4", "billes"]`` →
    ``["x4", "billes"]`` ("quatre billes" is not ball 4). Returns a new list."""
    out = list(ws)
    for i in range(len(out) - 1):
        if out[i].isdigit() and out[i + 1] in COUNT_NOUNS:
            out[i] = "x" + out[i]
    return out


def normalise(text: str) -> str:
    """:func:`words` joined by single spaces: the form ruleset detection reads."""
    return " ".join(words(text))


# ----------------------------------------------------------------------------- stems
STOP_WORDS = frozenset("""
le la les un une des du de au aux et ou en dans sur par pour avec chez vers
ce cet cette ces cela ca ceci celle celui ceux celles c se s sa son ses leur leurs
mon ma mes ton ta tes notre votre nos vos il elle ils elles on je j tu nous vous me m
te t y lui eux moi toi qui que qu quoi dont quel quelle quels quelles lequel laquelle
est es sont suis etre ete etait sera serait soit ai as a avons avez ont avoir eu
ne n si comment quand pourquoi donc alors mais car jusqu lorsqu puisqu quoiqu
presqu quelqu l d peut peux peuvent pouvoir puis pourrait doit dois doivent devoir faut
falloir fait fais faire font va vais vont aller dit dire chose quelque bien tres
numero svp merci bonjour salut comme selon pendant lors ait aie mien mienne
veux veut veulent vouloir voudrais voudrait sais sait savent savoir marche fonctionne
arrive arriver arrivent donnent marchent fonctionnent
tien tienne sien sienne donne donner tel telle tels telles
the of is are what how to do does a an
if i it my me when while still over on in at be can could should would there this that with from for by
then so or and not your you he she they we his her its was were been has have had get got just
""".split()) | _ELIDED
# Words that only frame a question about the meaning of a term ("qu'est-ce que signifie X",
# "définition de X", "explique-moi X exactement"): the matcher leaves them out of a question's
# terms (they stay in the index), so "X ça veut dire quoi" and "définition de X" search X.
# « c'est quoi un push-out ? », « ça sert à quoi ? »: a question of what a term is or is for (folded words)
WHAT_IS = re.compile(r"\b(?:c est quoi|c quoi|c koi|qu est ce qu|qu est ce que|que veut dire|ke veut dire|veut dire|signifie|"
                     r"definition|definir|sert a quoi|servent a quoi|a quoi sert|a quoi servent|a quoi ca sert|consiste|kesako|"
                     r"explique|expliquer|expliquez)\b")
# the words that ask something else of a term than what it is (when, how, who, whether it may…)
_ASKS_MORE = re.compile(r"\b(?:quand|comment|combien|pourquoi|qui|ou|peut|peux|peuvent|doit|dois|doivent|faut|droit|"
                        r"interdit|permis|autorise|apres|avant|si|faute|gagne|perd)\b")


def asks_what(text: str) -> bool:
    """Whether ``text`` asks what a term is or is for (« c'est quoi un dry break ? », or the term
    alone: « push-out ? »), and nothing else (not « c'est quoi un push-out et quand on a le droit ? »)."""
    said = " ".join(words(text))
    return not _ASKS_MORE.search(said)


QUESTION_WORDS = frozenset("""signifie signifient signifier signification definition definitions definir
defini definit explique expliquer expliquez expliquer explication explications exactement concretement
precisement kesako kezako quesaco quezaco entend entendre entendu terme termes mot mots
expression sert servent""".split())

# Words that look like stop words but change the ruling: never drop them.
KEPT_WORDS = frozenset("pas sans apres avant aucun aucune plus moins jamais rien seul seule "
                       "sauf hors sous derriere devant contre entre dix neuf premier "
                       "deuxieme troisieme".split())
assert not (STOP_WORDS & KEPT_WORDS)

# Common French words (folded) that are real words, never typos: the matcher does not "correct"
# them into a rule word that looks or sounds alike ("hauteur" is not "auteur", "remplacer" is
# not "replacer", "anglais" is not "angle", "tirent" is not "tient"). Everyday vocabulary, not
# billiard terms (those are in the index and need no correction).
COMMON_WORDS = frozenset("""
abonnement accord acheter achat acteur actuel adresse age agee aide aider aime aimer ainsi
air aller alors ami amie amis ancien anglais anglaise anglaises annee annees anniversaire
appartement appeler apprendre argent arriver article assez attention aucun auteur autant
autobus automne autoroute avance avancer avenir avion avis avocat avril bain banque bar bas
bateau beau beaucoup bebe belle besoin bete biere bien bientot bijou billet blanc blanches
bleu bleue bleues boire bois boisson bon bonne bons bord bouche boulot bouteille bras bref
brule bruler bureau cadeau cafe calcul calculer calories campagne canada capitale carte cas
cause celebre centre cerveau chacun chaise chambre champion chance changer chanson chanter
chapeau charge chat chaud chaussure chef chemin chemise cher chercher cheval cheveux chez
chien chiffre choisir choix chose ciel cinema circuit classe cle client climat coeur coin
colere combien commencer comment commun compagnie complet comprendre compte conduire
confiance connaitre conseil content continuer contre copain copine corps cote couleur coup
couper courir cours course court cousin couteau couter coutume craindre creer crier croire
cuisine cuisiner culture curieux dame danger danser date debut decider decouvrir dedans
dehors deja demain demander demeurer depuis dernier derriere descendre desirer desole
dessin dessiner detester devant devenir devoir difficile dimanche diner dire directement
discuter disque docteur doigt dommage donner dormir dos douche doute douter droite droit
drole dur duree eau ecole ecouter ecrire effort eglise eleve elever emploi employe encore
endroit enfant enfin ennui enseigner ensemble entendre entier entre entree entrer envie
envoyer epaule equipe escalier espace esperer essayer est etage ete etoile etranger etude
etudier euro evident examen exemple exister expliquer exterieur facile faim famille fatigue
fauteuil femme fenetre ferme fermer fete feu feuille fevrier fille film fils fin finir fleur
fois fond football force forme fort fou foule frais francais france frere froid fromage
fruit fumer gagnant garcon garder gare gateau gauche gens gentil glace gout gouter grand
grande gros groupe guerre habiter habitude haut hauteur herbe heure heureux hier histoire
hiver homme hopital hotel huile idee ile image imaginer important impossible inventer
invite inviter jambe janvier jardin jaune jeudi jeune joie joli jouet jour journal journee
juger juillet juin jupe jus juste lait lampe langue laver lecon lecteur lendemain lent
lettre lever libre lieu lire lit livre loin long longtemps louer lourd lumiere lundi lune
lunettes machine madame magasin mai maillot main maintenant mais maison maitre malade
malheureux maman manger manteau marcher mardi mari marque marquer mars matin mauvais
medecin meilleur membre memoire menu mer merci mercredi mere meteo metier metro midi mieux
milieu mille minuit minute miroir mode moins mois moitie moment monde monsieur montagne
monter montre montrer morceau mort mot moto mourir musee musique nager naitre nature
neige nez noir nom nombre nord note nouveau nouvelle nuit objet occasion oeil oeuf offrir
oiseau ombre oncle opinion or orange ordinateur oreille organiser oublier ouest ouvert
ouvrir page pain paix papier paquet parc pareil parent parents paris parler partager
partir partout passer patron pauvre payer pays peau peine pendant penser perdre pere
personne peser petit peu peur photo phrase piece pierre piscine place plage plaisir plan
plante plat plein pleurer pleuvoir pluie plupart poche poisson police pomme pommes pont porte
porter poser possible poste poulet pourquoi pouvoir pratique prefere preferer premier prendre
prenom preparer presque presse preter prix probleme prochain produit professeur profiter
projet promenade promener propre proteger public quartier question quitter raconter raison
rappeler rare recette recevoir regarder region remercier remplacer rencontre rencontrer
rendre rentree reparer repas repondre reponse repos reposer restaurant rester retard
retour retrouver reussir reveil rever riche rideau rire robe roi roman rond rose rouge
route rue russe sable sac saison salade sale salle salon samedi sang sante sauter savoir
savon scene seance semaine sembler sentir serieux serveur service seul seulement siecle
signe simple soeur soif soir soiree soleil sommeil sommet sortie souvent sport stylo sucre
sud suivre sujet super surtout sympa table tableau tante tard tarte tasse taxi telephone
television temps tenir terminer terrain terre tete the theatre tirent tirer toilettes
tomber tot toujours tour touriste tourner tout train tranquille travail travailler
traverser triste trop trouver tuer universite utile vacances vache valise vendre vendredi
venir vent ventre verre vert veste viande vide vie vieux ville vin visage visiter vite
vivre voisin voiture voix voler voyage voyager vrai vraiment vue yeux
""".split())

_STEMMER = snowballstemmer.stemmer("french")
# Where Snowball splits one lemma ("petit" → "pet" but "petite" → "petit").
_STEM_EXCEPTIONS = {"petit": "petit"}


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """Snowball French stem of one folded word; digits are kept whole.

    Accents are folded first, so the stemmer sees "empochee" for "empochée"; a trailing
    "e" left by that is cut so "empochée", "empochee", "empoché" and "empocher" all give
    ``empoch``; a plural verb form Snowball leaves whole loses its "-ent" ("rentrent").
    """
    if not word or word.isdigit():
        return word
    if word in _STEM_EXCEPTIONS:
        return _STEM_EXCEPTIONS[word]
    s = _STEMMER.stemWord(word)
    if len(s) > 3 and s.endswith("e"):
        s = s[:-1]
    if len(s) >= 7 and s.endswith("ent") and word.endswith("ent"):   # "rentrent", "roulent"
        s = s[:-3]
    return s


def content_stems(ws: Iterable[str]) -> list[str]:
    """Stems of the words of ``ws`` that are not stop words, in order."""
    return [stem(w) for w in ws if w not in STOP_WORDS]


_PHONETIC = [(re.compile(a), b) for a, b in [
    (r"eau|au", "o"), (r"ph", "f"), (r"qu|ck|k", "k"), (r"c(?=[eiy])", "s"), (r"c", "k"),
    (r"ge(?=[aou])", "j"), (r"g(?=[eiy])", "j"), (r"gu(?=[eiy])", "g"), (r"ch", "x"),
    (r"h", ""), (r"z", "s"), (r"y", "i"), (r"w", "v"), (r"[ae]i", "e"), (r"(er|ez|et)$", "e"),
    (r"(.)\1+", r"\1"), (r"[stx]$", ""), (r"e$", ""),
]]


@lru_cache(maxsize=65536)
def phonetic(word: str) -> str:
    """A rough French sound key of a folded word, to catch spelling by ear:
    ``phonetic("fotes") == phonetic("fautes")``, ``phonetic("premie") == phonetic("premier")``."""
    s = word
    for pattern, repl in _PHONETIC:
        s = pattern.sub(repl, s)
    return s


# ----------------------------------------------------------------------------- glossary
class Analyzer:
    """Turns text into matching terms: stems with glossary synonyms made canonical.

    ``glossary`` is a sequence of synonym groups (strings; the first is canonical), as in
    ``Rulebook.glossary``. Every entry of a group is analysed like text; its term is the
    canonical entry's stems joined by ``_`` (``coup poussé`` → ``coup_pouss``). One-word
    entries replace single stems; longer entries replace phrases (longest first; phrases
    that overlap each give their term, e.g. "bille blanche empochée" gives both ``blanch``
    and ``scratch``). A stem claimed by two groups keeps the first: see :attr:`conflicts`.
    """

    def __init__(self, glossary: Sequence[Sequence[str]] = ()):
        self.single: dict[str, str] = {}
        self.phrases: dict[tuple[str, ...], str] = {}
        self.conflicts: list[tuple[str, str, str]] = []
        self.canonical_terms: dict[str, str] = {}
        pending: list[tuple[tuple[str, ...], str, str]] = []
        for group in glossary:
            entries = [content_stems(words(e)) for e in group if str(e).strip()]
            entries = [e for e in entries if e]
            if not entries:
                continue
            term = "_".join(entries[0])
            self.canonical_terms[term] = group[0]
            for stems, raw in zip(entries, group):
                if len(stems) == 1:
                    self._claim(stems[0], term, str(raw))
                else:
                    pending.append((tuple(stems), term, str(raw)))
        for phrase, term, raw in pending:
            key = tuple(self.single.get(s, s) for s in phrase)
            if key in self.phrases and self.phrases[key] != term:
                self.conflicts.append((" ".join(key), self.phrases[key], term))
                continue
            if len(key) == 1:
                self._claim(key[0], term, raw)
            else:
                self.phrases[key] = term
        self.max_phrase = max((len(k) for k in self.phrases), default=1)

    def _claim(self, s: str, term: str, raw: str) -> None:
        if s in self.single and self.single[s] != term:
            self.conflicts.append((raw, self.single[s], term))
            return
        if s != term:
            self.single[s] = term

    def terms_of_words(self, ws: Sequence[str]) -> list[str]:
        """Terms of already-cut words (see :func:`words`): stop words out, stems, synonyms."""
        base = [self.single.get(s, s) for s in content_stems(ws)]
        if not self.phrases:
            return base
        matches: list[tuple[int, int, str]] = []
        for i in range(len(base)):
            for n in range(min(self.max_phrase, len(base) - i), 1, -1):
                term = self.phrases.get(tuple(base[i:i + n]))
                if term:
                    matches.append((i, i + n, term))
                    break
        if not matches:
            return base
        # keep the matches no other match contains; tokens they cover are replaced
        kept = [m for m in matches
                if not any(o is not m and o[0] <= m[0] and m[1] <= o[1] for o in matches)]
        covered: set[int] = set()
        starts: dict[int, list[str]] = {}
        for a, b, term in kept:
            covered.update(range(a, b))
            starts.setdefault(a, []).append(term)
        out: list[str] = []
        for i, s in enumerate(base):
            out.extend(starts.get(i, ()))
            if i not in covered:
                out.append(s)
        return out

    def terms(self, text: str) -> list[str]:
        """Terms of ``text``: ``terms("La blanche est empochée au bris")`` →
        ``["scratch", "cass"]`` with the project glossary."""
        return self.terms_of_words(words(text))


def has_control(text: str) -> bool:
    """``text`` holds a control character (tab and line breaks aside): a question refused by
    the API, the pages and the CLI alike."""
    return any(ord(ch) < 32 and ch not in "\t\n\r" or 0x7f <= ord(ch) < 0xa0 for ch in text)
