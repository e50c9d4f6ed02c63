"""YAML reading that remembers where things are, so that errors can say ``file:line``.

Every mapping is loaded as a :class:`LineDict`: a plain ``dict`` that also knows the line
of the mapping (``line``) and of each key (``key_lines``), 1-based. A key given twice in one
mapping is an error (PyYAML would keep the last silently), and PyYAML's problems are said in
French (:func:`french_yaml_problem`). :func:`load_json_unique` / :func:`load_yaml_unique` read
input files (scenarios) with the same refusal of duplicate keys.
"""
from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any, Iterator

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LineDict(dict[Any, Any]):
    """A dict loaded from YAML, with ``line`` (1-based) and ``key_lines`` {key: line}."""

    line: int = 0
    key_lines: dict[Any, int]

    def line_of(self, key: Any) -> int:
        """Line of ``key`` in the file, or of the mapping when the key is absent."""
        lines: dict[Any, int] = getattr(self, "key_lines", {})
        return lines.get(key, self.line)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    pass


class DuplicateKeyError(ValueError):
    """A key given twice in one object of a YAML or JSON file: ``key``, ``line`` (1-based,
    of the second occurrence; 0 when unknown) and a French ``message``."""

    def __init__(self, key: Any, line: int = 0, first_line: int = 0):
        where = f" (déjà à la ligne {first_line})" if first_line else ""
        self.key, self.line = key, line
        self.message = f"clé en double « {str(key)[:80]} »{where} : chaque clé ne peut apparaître qu’une fois"
        super().__init__(self.message)


def _pairs(loader: yaml.SafeLoader, node: yaml.MappingNode) -> Iterator[tuple[Any, Any, int]]:
    """(key, value, line) of a mapping node; a key given twice is a MarkedYAMLError at its line."""
    loader.flatten_mapping(node)
    seen: dict[Any, int] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            first = seen.get(key)
        except TypeError:  # an unhashable key (a list...): let PyYAML report it
            first = None
        if first is not None:
            raise yaml.constructor.ConstructorError(
                None, None, DuplicateKeyError(key, line, first).message, key_node.start_mark)
        try:
            seen[key] = line
        except TypeError:
            pass
        yield key, loader.construct_object(value_node, deep=True), line


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LineDict:
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key, value, line in _pairs(loader, node):
        out[key] = value
        out.key_lines[key] = line
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


class _UniqueKeyLoader(_Base):  # type: ignore[misc, valid-type]
    """PyYAML's safe loader, refusing a key given twice (plain dicts, no line numbers)."""


_UniqueKeyLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
                                 lambda loader, node: {k: v for k, v, _ in _pairs(loader, node)})


# PyYAML's (English) problems, in French; the first whose English text starts the problem wins.
_PROBLEMS = (
    ("did not find expected key", "clé attendue ici (indentation incohérente, ou « : » manquant après une clé ?)"),
    ("mapping values are not allowed",
     "« : » inattendu ici (indentation incohérente, ou une valeur contenant « : » à mettre entre guillemets ?)"),
    ("found character '\\t' that cannot start any token", "tabulation interdite : indentez avec des espaces"),
    ("found character that cannot start any token",
     "caractère qui ne peut pas commencer une valeur (une tabulation ? indentez avec des espaces ; "
     "sinon, mettez la valeur entre guillemets)"),
    ("could not find expected ':'", "« : » attendu après la clé"),
    ("did not find expected ',' or ']'", "« , » ou « ] » attendu (liste entre crochets non fermée ?)"),
    ("did not find expected ',' or '}'", "« , » ou « } » attendu (objet entre accolades non fermé ?)"),
    ("did not find expected '-' indicator", "« - » attendu (élément de liste mal indenté ?)"),
    ("did not find expected node content", "valeur attendue"),
    ("did not find expected comment or line break", "fin de ligne attendue (texte en trop après une valeur ?)"),
    ("found unexpected end of stream", "fin du fichier inattendue (guillemet, crochet ou accolade non fermé ?)"),
    ("found unknown escape character", "séquence d’échappement inconnue dans un texte entre guillemets doubles"),
    ("expected <block end>, but found", "indentation incohérente"),
    ("expected a single document in the stream", "un seul document YAML est attendu (« --- » en trop ?)"),
    ("found undefined alias", "alias (*nom) non défini"),
    ("found unhashable key", "clé non valide (une liste ou un objet ne peut pas servir de clé)"),
    ("found unexpected ':'", "« : » inattendu"),
    ("found a tab character", "tabulation interdite : indentez avec des espaces"),
    ("found unconstructable recursive node", "alias récursif (une valeur qui se contient elle-même)"),
    ("could not determine a constructor for the tag", "étiquette YAML (« !… ») non acceptée"),
)


# Names of the characters a YAML file cannot hold that people meet most (the reader's refusals).
_CHARACTER_NAMES = {0x00: "NUL", 0x1B: "ESC", 0x7F: "DEL", 0xFFFE: "non-caractère", 0xFFFF: "non-caractère"}


# What no text of a rule file may hold: control characters (but tab, line feed, carriage
# return), lone surrogates and the non-characters U+FFFE / U+FFFF (a YAML reader refuses most).
_REFUSED_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufffe\uffff]")


def character_name(code: int) -> str:
    """A French name for a refused character: ``U+007F (DEL)``, ``U+0001 (caractère de contrôle)``."""
    name = _CHARACTER_NAMES.get(code) or ("caractère de contrôle" if code < 0xA0 else "caractère non imprimable")
    return f"U+{code:04X} ({name})"


def refused_character(text: str) -> str | None:
    """The first character of ``text`` that a rule file may not hold (see
    :data:`_REFUSED_CHARACTER`), or None."""
    found = _REFUSED_CHARACTER.search(text)
    return found.group() if found else None


def _reader_problem(exc: yaml.reader.ReaderError) -> str:
    """French words for PyYAML's ReaderError: a character YAML refuses (control character,
    DEL, U+FFFE...) or bytes that are not text."""
    code = exc.character
    if isinstance(code, bytes):  # undecodable input (bytes given to the loader)
        code = code[0] if code else 0
    if not isinstance(code, int) or "control characters" not in str(exc.reason):
        return "YAML illisible : ce n’est pas du texte UTF-8"
    return (f"YAML illisible : caractère non permis {character_name(code)} ; un fichier YAML ne peut contenir "
            "que des caractères imprimables : supprimez-le")


def french_yaml_problem(exc: yaml.YAMLError) -> str:
    """``YAML illisible : <problem in French>`` for a PyYAML error (a problem not listed
    keeps PyYAML's words, after the French lead)."""
    if isinstance(exc, yaml.reader.ReaderError):
        return _reader_problem(exc)
    problem = str(getattr(exc, "problem", None) or exc).strip()
    if problem.startswith(("clé en double", "YAML illisible")):
        return problem
    for english, french in _PROBLEMS:
        if problem.startswith(english):
            return f"YAML illisible : {french}"
    return f"YAML illisible : syntaxe non reconnue (« {problem} »)"


def yaml_line(exc: yaml.YAMLError, text: str | None = None) -> int:
    """The 1-based line of a PyYAML error (1 when unknown). A ReaderError (a character YAML
    refuses) has no mark, and its position counts bytes or characters depending on the
    loader: its line is found in ``text``, where the character first occurs."""
    mark = getattr(exc, "problem_mark", None) or getattr(exc, "context_mark", None)
    if mark:
        return int(mark.line) + 1
    char = getattr(exc, "character", None)
    if text is not None and isinstance(char, int) and 0 <= char <= 0x10FFFF:
        at = text.find(chr(char))
        if at >= 0:
            return text.count("\n", 0, at) + 1
    return 1


def unique_pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook`` of ``json.loads``: the object, or :class:`DuplicateKeyError` for a key
    given twice in it (the json module would keep the last one silently)."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise DuplicateKeyError(key)
        out[key] = value
    return out


def load_json_unique(text: str) -> Any:
    """``json.loads`` refusing a key given twice in an object (:class:`DuplicateKeyError`)."""
    return json.loads(text, object_pairs_hook=unique_pairs)


#: Lists and mappings nested in a YAML text: at most this many levels. Deeper, the text is refused
#: before PyYAML reads it: its C composer recurses once per level and a deep enough text
#: (30 000 levels fit in 64 KB) overflows the stack and kills the process.
MAX_YAML_DEPTH = 100
_FLOW = re.compile(r"[\[\]{}]")
_BLOCK = re.compile(r"^([ \t]*)((?:-[ \t]+)*)", re.M)


class _TooDeep(yaml.MarkedYAMLError):
    pass


def _refuse_deep(text: str) -> None:
    """Raise a ``yaml.YAMLError`` (with its line) when ``text`` nests lists or mappings more than
    :data:`MAX_YAML_DEPTH` levels: flow brackets counted on the text (a bracket inside a quoted
    string counts too: no real file has a hundred of them open), block nesting by indentation
    and by « - - - » chains."""
    depth = 0
    for m in _FLOW.finditer(text):
        depth = depth + 1 if m.group() in "[{" else max(0, depth - 1)
        if depth > MAX_YAML_DEPTH:
            _deep_at(text, m.start())
    for m in _BLOCK.finditer(text):
        if len(m.group(1).expandtabs(1)) // 2 + m.group(2).count("-") > MAX_YAML_DEPTH:
            _deep_at(text, m.start())


def _deep_at(text: str, at: int) -> None:
    line = text.count("\n", 0, at)
    mark = yaml.Mark("<texte>", at, line, 0, None, None)  # type: ignore[arg-type]
    raise _TooDeep(problem=f"YAML illisible : listes ou objets imbriqués trop profondément (au plus {MAX_YAML_DEPTH} niveaux)",
                   problem_mark=mark)


def load_yaml_unique(text: str) -> Any:
    """``yaml.safe_load`` refusing a key given twice in a mapping (a ``yaml.YAMLError`` whose
    problem, through :func:`french_yaml_problem`, names the key and its lines)."""
    _refuse_deep(text)
    return yaml.load(text, Loader=_UniqueKeyLoader)  # noqa: S506 - safe loader subclass


def load_yaml_lines(text: str) -> Any:
    """As :func:`load_yaml_unique`, with line numbers on every mapping (:class:`LineDict`)."""
    _refuse_deep(text)
    return yaml.load(text, Loader=_Loader)  # noqa: S506 - safe loader subclass


class YamlError(ValueError):
    """A YAML file that does not parse: ``path``, ``line`` (1-based) and a French ``message``."""

    def __init__(self, path: Path, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


def load_yaml(path: Path) -> Any:
    """Load one YAML file with line numbers on every mapping.

    Raises :class:`YamlError` (with the line) when the file does not parse, and
    ``OSError`` when it cannot be read.
    """
    text = Path(path).read_text(encoding="utf-8")
    try:
        _refuse_deep(text)
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - safe loader subclass
    except yaml.YAMLError as exc:  # syntax (marked) or a character YAML refuses (ReaderError)
        raise YamlError(Path(path), yaml_line(exc, text), french_yaml_problem(exc)) from None
