"""The word lists understanding reads, from ``rules_data/lexicon.yaml`` (:mod:`qa.lexicon`)."""
from __future__ import annotations

from qa.lexicon import load_lexicon

LEXICON = load_lexicon()
KEYWORDS = list(LEXICON.keywords)
_KEYSET = frozenset(KEYWORDS)
_KEEP = LEXICON.keep
_COUNT_NOUNS = LEXICON.count_nouns
_BALL_LEAD = LEXICON.ball_lead
_AFTER_BALL = LEXICON.after_ball
_ADV_PHRASES = LEXICON.opponent
_PLAYER_PHRASES = LEXICON.player
BREAKERS = LEXICON.breaker
STROKE_VERBS = LEXICON.stroke_verbs
CONTINUE_VERBS = LEXICON.continue_verbs
SHOT_MARKERS = LEXICON.shot_markers
NEW_RACK = LEXICON.new_rack
HAND_BACK = LEXICON.hand_back
TABLE_TAKEN = LEXICON.table_taken
CLAIM_VERBS = LEXICON.claim_verbs
SAY_VERBS = LEXICON.say_verbs
LEGAL_WORDS = LEXICON.legal_words
ASKING_WORDS = LEXICON.asking_words
