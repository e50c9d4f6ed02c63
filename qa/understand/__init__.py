"""Free-text situations in French → a contract Scenario, the facts stated and what is left open.

``understand(book, question, rulesets=None) -> Understanding | None``

A *situation* is a narrative of one shot ("Au jeu de la 9, je touche la 3 alors que la 2 est
encore là et la 9 tombe, j'ai gagné ?"): events told by a person with a conjugated verb
("je touche", "tu as rentré", "mon adversaire casse"), or events of numbered balls / the
cue ball ("la 9 tombe", "la blanche saute hors de la table"), or a foul told in a few words
("queutage sur la 1"). A general question is a rule *lookup* and gives None: an
interrogative opening ("quelle est…", "comment…", "que se passe-t-il si la blanche
tombe…", "où replace-t-on…"), an inverted or modal question with no shot told ("peut-on
sauter une bille ?", "quand je casse, dois-je toucher la 1 ?"), an infinitive after a modal
("est-ce que je peux sauter…"). None too for another game ("jeu de la 8") and for a story
with no fact about a shot ("je place la blanche collée à la 3").

The pipeline, one module a step (nothing here imports the engine):

1. :mod:`.tokens`: words (:func:`qa.text.fold` and :func:`qa.text.words`: accents folded,
   elisions split, number words → digits) after a light typo fix on the keywords of
   :mod:`.lexicon`; then symbols: balls ``B<n>`` (``la 9``, ``la bille n°9``, ``la neuf``),
   lists ``B3+9``, the cue ball ``CUE``, ball in hand ``BIH``, the opponent ``ADV``, a third
   person ``PLAYER``, game names ``GAME`` (read by :func:`qa.detect.detect`).
2. :mod:`.clauses`: the story cut at punctuation and conjunctions (et, mais, puis, qui,
   sans…); each clause has a subject (inherited when elided); pronouns resolved to the last
   ball; negations ("ne … pas", "sans", "aucune", colloquial "rentre pas").
   :mod:`.shots` splits a story that tells several shots: the last one told is ruled; the
   earlier ones tell the balls already down, a new rack or a legal shot that ends a run of fouls,
   and a foul claimed only after the next shot (then the shot claimed is the one ruled).
3. :mod:`.readers`: one reader per family of facts (the story as a whole, fouls so far, foul
   words, the table, the call, rails, and clause by clause: contact, pockets, off the table,
   who played), each a pure function returning its partial facts (:class:`.facts.Fact`, with the
   words read), merged once by :func:`.facts.merge` into a frozen :class:`.facts.Facts`.
4. :mod:`.classify`: a shot told, or a rule asked (a lookup: None).
5. :mod:`.names`: the rulesets covered (the game named or implied, publishers named, the
   ``rulesets`` argument).
6. :mod:`.assemble`: the facts become a contract Scenario dict (``ruleset`` null); facts not
   stated are left out (the engine then says what it assumed) or given a stated default; each
   fact left out that may change the ruling becomes an :class:`OpenFact` with the other case's
   scenario. Which open facts really change a ruling is the answer layer's business
   (:func:`qa.situation_rulings.weigh_open` runs the engine on both cases).

``understand`` does not raise on any text: it returns None or an Understanding whose scenario
is well formed for :func:`qa.engine.scenario.parse_scenario`.
"""
from .classify import is_situation, narrative
from .names import scenario_for
from .results import OpenFact, Understanding
from .tokens import fix_typos, tokens
from .understand import understand

__all__ = ["Understanding", "OpenFact", "understand", "is_situation", "narrative", "tokens", "fix_typos",
           "scenario_for"]
