"""The schema vocabulary: one :class:`FieldSpec` per option drives form, validator, serializers, importers."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Kind(str, Enum):
    """What sort of value an option holds; the GUI maps each kind to one editor widget."""

    BOOL = "bool"          # true/false (acl.json "on"/"off" strings are a serializer concern)
    INT = "int"
    FLOAT = "float"
    STR = "str"
    CHOICE = "choice"      # one of ``choices``
    PATH = "path"          # a file or folder path
    STEP = "step"          # dump_step grammar, e.g. "0|3-5|10"
    STR_LIST = "str_list"  # list of strings (layer, watcher_nodes, blacklists ...)
    TABLE = "table"        # list of records whose fields are ``columns`` (dump_list)
    MAPPING = "mapping"    # a JSON object (profiling_options ...)


class Mode(str, Enum):
    """Where an option applies (seed 002 marks options per mode)."""

    TRAINING = "training"
    ONLINE_INFERENCE = "online_inference"


BOTH_MODES = frozenset({Mode.TRAINING, Mode.ONLINE_INFERENCE})


@dataclass(frozen=True)
class FieldSpec:
    """Everything the app knows about one option, written once."""

    key: str                               # the documented name, also the widget objectName
    kind: Kind
    default: Any
    label: str
    help: str = ""                         # our words; tooltip and docs
    group: str = ""                        # category as the seed groups options
    choices: tuple[Any, ...] = ()          # CHOICE only
    minimum: float | None = None           # INT/FLOAT only
    maximum: float | None = None
    serialized: str = ""                   # TF1 AttrValue field: "s", "i", "b" (empty elsewhere)
    modes: frozenset[Mode] = BOTH_MODES
    products: tuple[str, ...] = ()         # empty: every product
    deprecated: str = ""                   # non-empty: why / what replaces it
    no_effect: bool = False                # deprecated and no longer read: setting it changes nothing
    source: str = ""                       # seed file and section that documents it
    columns: tuple[FieldSpec, ...] = ()    # TABLE only: the fields of one row
    points_to_file: bool = False           # the value names a file whose content is checked too
    bool_words: tuple[str, ...] = ()       # BOOL only: (true word, false word) when serialized as words
    required: bool = False                 # TABLE columns: the row must carry this key
    clamped: bool = False                  # INT: the runtime clamps out-of-range values (a warning, not an error)
    same_as: tuple[str, ...] = ()          # "scenario.key" of options meaning the same under another name (export)
    same_values: tuple[tuple[Any, Any], ...] = ()  # (this value, same_as option's value) when spelled differently

    def __post_init__(self) -> None:
        if self.kind is Kind.CHOICE and self.default is not None and self.default not in self.choices:
            raise ValueError(f"{self.key}: default {self.default!r} not in {self.choices}")


@dataclass(frozen=True)
class Scenario:
    """One dump scenario (acl_json, tf1_session, tf2_npu_device, torchair, env) declared as data."""

    name: str
    title: str
    summary: str                           # one line: what the scenario is for
    version: int
    fields: tuple[FieldSpec, ...]
    rules: tuple[Any, ...] = ()            # rule objects from ``rules.py``
    unknown_keys: str = "warning"          # severity for unknown keys: "error", "warning" or "quiet"
    retired_keys: tuple[tuple[str, str], ...] = ()  # (key, why it no longer does anything) for old spellings
    _index: dict[str, FieldSpec] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self._index.update({f.key: f for f in self.fields})

    def field(self, key: str) -> FieldSpec:
        """The spec of ``key``; raises ``KeyError`` for an unknown option."""
        return self._index[key]

    def has(self, key: str) -> bool:
        return key in self._index

    def defaults(self) -> dict[str, Any]:
        return {f.key: f.default for f in self.fields}
