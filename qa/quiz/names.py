"""How learners' and candidates' names are compared: the name shown stays as typed; only the
key it is compared by is computed here.

- :func:`learner_key`: the name Unicode-normalised (NFKC), without invisible format characters,
  case-folded — the name's identity (``learner_keys.key`` in the quiz store);
- :func:`learner_skeletons`: its confusable skeletons (Unicode TR39 § 4, computed by ICU's
  ``SpoofChecker`` through PyICU, with the confusables data of the ICU release), of the name in
  capitals and in small letters, case-folded: letters of other scripts that look like Latin
  ones (a Cyrillic « А », a Greek « Ο ») read as the Latin ones, so « Аna » written with a
  Cyrillic « А » is the learner « Ana ». Like every TR39 skeleton they also join look-alike
  sequences within Latin (« rn » and « m », « l » and « 1 »): two names that look the same on a
  screen are one name.
"""
from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from typing import Any

import icu  # PyICU (requirements.txt): ICU's implementation of Unicode TR39

__all__ = ["learner_key", "learner_skeletons", "same_learner"]


def learner_key(name: str) -> str:
    """The key a learner's name is compared by: Unicode-normalised (NFKC: « é » typed as one
    character or as « e » and an accent is one letter, « Ａｎａ » in full-width letters is « Ana »,
    « ﬁ » is « fi »), without the characters that show nothing (a zero-width space inside « A​na », a
    variation selector, a Hangul filler), and case-folded (« Ana », « ANA » and « ana » are one learner)."""
    return _visible(name).casefold()


def _visible(name: str) -> str:
    """``name`` in NFKC without the characters that show nothing: format characters (Cf) and
    every default-ignorable code point (variation selectors, the combining grapheme joiner, the
    Hangul fillers: ICU's DEFAULT_IGNORABLE_CODE_POINT property)."""
    text = unicodedata.normalize("NFKC", name)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf"
                   and not icu.Char.hasBinaryProperty(ch, icu.UProperty.DEFAULT_IGNORABLE_CODE_POINT))


_LOCAL = threading.local()   # ICU's SpoofChecker is not shared between threads


def _checker() -> Any:
    checker = getattr(_LOCAL, "checker", None)
    if checker is None:
        checker = _LOCAL.checker = icu.SpoofChecker()
    return checker


def _skeleton(text: str) -> str:
    return unicodedata.normalize("NFC", str(_checker().getSkeleton(0, text))).casefold()


@lru_cache(maxsize=4096)
def learner_skeletons(name: str) -> tuple[str, str]:
    """The two confusable skeletons of ``name`` (TR39 ``skeleton()``, then NFC and case-folded),
    of its letters in capitals and in small letters, each marked with its case (« A: », « a: »):
    TR39's data tells look-alikes apart in one case at a time (the Greek capital « Ζ » looks like
    « Z », its small « ζ » does not look like « z »; a small « rn » looks like « m »). Two names
    whose skeletons meet are one learner: « Аna » (Cyrillic « А »), « ΑNA » (Greek « Α ») and
    « ana » are « Ana »; « Ana » and « Anna » are not."""
    text = _visible(name)
    return "A:" + _skeleton(text.upper()), "a:" + _skeleton(text.casefold())


def same_learner(a: str, b: str) -> bool:
    """Whether the names ``a`` and ``b`` are one learner's (a :func:`learner_skeletons` in common)."""
    return not set(learner_skeletons(a)).isdisjoint(learner_skeletons(b))
