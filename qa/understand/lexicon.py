"""The words understanding reads (keywords for typo fixing, count nouns, ball lead-ins, players)."""
from __future__ import annotations





# ============================================================================ words
# Words this module reads: a typo within one or two edits of one of them is corrected.
KEYWORDS = sorted(set("""
touche touches touchent touchait touchee touchees toucher tape tapes tapent taper frappe frapper
rentre rentres rentrent rentrer rentree rentrees empoche empoches empochent empocher empochee
empochees blouse blouser tombe tombes tombent tomber tombee tombees entre entrent
blanche bille billes boule boules bande bandes casse casser cassant bris break ouverture
annonce annonces annoncer annoncee annonces annonceee annoncant adversaire adversaires
avertissement averti avertie avertir prevenu faute fautes premier premiere abord
poche poches coin milieu table saute sautes sauter sautant masse masser massant scratch
push degagement pousse poussee poussette ligne depart gabarit magic rack queue queutage
encore reste restent basse petite aucune aucun jamais manque manquer rate rater loupe
gagne gagner perdu perdre partie consecutive consecutives suite affilee deuxieme troisieme
neuf deux trois quatre cinq sept huit securite mouvement pied pieds plein pleine remplie
ejectee ejecte sortie sort sortent hors terre franchissent franchit passent passe
marque marquage tapis obstacle bouge double contact seulement seule alors
""".split()))
_KEYSET = frozenset(KEYWORDS)
# Common words that must never be "corrected" into a keyword.
_KEEP = frozenset("""
mais dans sans elle elles pour avec avant apres tout toute toutes tous quand donc puis
ensuite aussi comme cette celle celui cela quoi quel quelle quels quelles leur leurs
mon ton son mes tes ses notre votre nos vos moi toi lui nous vous ils eux jeu jeux
coup coups joue joues jouer jouons jouez jouent main mains fait fais faire font faut
dois doit peux peut veux veut suis sont etait etre avoir avais avait avez avons
bien tres trop peu plus moins rien personne chose cas fois deja autre autres meme
vite mise mises mets remise remet place placee placer pose posee poser posez
point points regle regles partie parties manche manches match joueur joueuse proche proches
casseur ouvreur tireur tour tours temps chrono lent lente arbitre coups
reste resta restee voila alors ainsi encore pourtant sinon soit selon entre vers
devant derriere dessus dessous centre cote bord cadre bois sol
""".split())


_COUNT_NOUNS = frozenset("""billes bille boules boule fautes faute bandes bande fois coups coup
pieds pied poches poche joueurs manches parties points secondes minutes ans tours eme e er""".split())
_BALL_LEAD = frozenset({"la", "le", "l", "bille", "boule", "balle", "numero", "billes", "boules", "ma", "sa", "ta",
                        "cette", "ta", "votre", "notre"})
_ADV_PHRASES = (
    ("mon", "adversaire"), ("l", "adversaire"), ("ton", "adversaire"), ("votre", "adversaire"),
    ("son", "adversaire"), ("mon", "opposant"), ("l", "autre", "joueur"), ("mon", "pote"),
    ("mon", "ami"), ("mon", "copain"), ("ma", "copine"), ("mon", "amie"), ("mon", "frere"),
    ("ma", "soeur"), ("mon", "pere"), ("mon", "collegue"), ("mon", "partenaire"),
    ("mon", "coequipier"), ("l", "autre"), ("mon", "rival"), ("mon", "opponent"), ("adversaire",),
)
_PLAYER_PHRASES = (("le", "joueur"), ("un", "joueur"), ("le", "casseur"), ("l", "ouvreur"),
                   ("le", "tireur"), ("la", "joueuse"), ("une", "joueuse"))


_AFTER_BALL = frozenset("""et en d de puis alors mais avant dans qui sans tombe rentre part sort va
est ne n reste premier abord avec""".split())
