"""YAML reading that remembers where things are, so that errors can say ``file:line``.

Every mapping is loaded as a :class:`LineDict`: a plain ``dict`` that also knows the line
of the mapping (``line``) and of each key (``key_lines``), 1-based.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

_Base = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class LineDict(dict):
    """A dict loaded from YAML, with ``line`` (1-based) and ``key_lines`` {key: line}."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: Any) -> int:
        """Line of ``key`` in the file, or of the mapping when the key is absent."""
        return getattr(self, "key_lines", {}).get(key, self.line)


class _Loader(_Base):  # type: ignore[misc, valid-type]
    pass


def _construct_mapping(loader: yaml.SafeLoader, node: yaml.MappingNode) -> LineDict:
    loader.flatten_mapping(node)
    out = LineDict()
    out.line = node.start_mark.line + 1
    out.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        out[key] = loader.construct_object(value_node, deep=True)
        out.key_lines[key] = key_node.start_mark.line + 1
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


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
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - safe loader subclass
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 1
        raise YamlError(Path(path), line, f"YAML illisible : {exc.problem or exc}") from None
