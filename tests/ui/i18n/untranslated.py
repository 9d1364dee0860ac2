"""Which words of a text shown in the zh_CN UI are English left untranslated.

A text is cut at every non-ASCII character (Chinese, full-width punctuation), markup and accelerators are dropped,
and what remains is judged token by token: names are kept (paths, file and op names, option names, codes: a token
with a digit or one of ``/ \\ . _ : = < > { } # @ | * % $ ~ ` +``, CamelCase, ALLCAPS), and so are the words the
glossary never translates (:data:`KEPT_WORDS`), the schema's option names and values, and the words of the data on
screen (:func:`data_words`). Every other word of two letters or more is English a Chinese user should not read.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

# GLOSSARY.md "Never translated": product, framework and tool names, and the CANN words that stay English.
KEPT_WORDS = frozenset([
    "msprof", "atc", "Tensor", "tensor", "shape", "step", "rank", "session", "stream", "loss", "kernel", "Kernel", "Host", "Device",
    "Dump", "dump", "Profiling", "Runtime", "API", "Atlas", "AI", "Core", "Vector", "Cube", "TensorFlow",
    "PyTorch", "torchair", "aclgraph", "msprobe", "mindstudio", "probe", "Python", "Shell", "shell", "export",
    "Ascend", "GUI", "English", "Inf", "NaN", "nan", "inf", "igraph", "Dask", "worker", "msaccucmp", "Qt",
    "Adapter", "adump", "om", "Watch", "printf", "assert", "timestamp", "Max", "Min", "Avg", "Nan", "Negative",
    "Positive", "md5", "summary", "all", "mix", "ms", "MB", "KB", "GB", "Hz",
    "Memset", "dataset", "placeholder", "oom",   # an op type, TensorFlow API words, an op_debug_config value
])
"""Also kept: option names and values (:func:`schema_words`), msprobe's column names and the colour maps'
names (:func:`named_words`), and names from the data on screen (:func:`data_words`)."""
_MARKUP = re.compile(r"<[^>]*>|&[a-z]+;|&(?=\w)|`[^`]*`")  # tags, entities, accelerators, `quoted code`
_SPLIT = re.compile(r"[^\x00-\x7f]+|\s+")
_NAME_CHARS = re.compile(r"[0-9/\\._:=<>{}#@|*%$~`+]")
_CAMEL = re.compile(r"[a-z][A-Z]|[A-Z]{2,}[a-z]")  # MatMul, aclInit, ROIAlign, NPUOptimizer
_OPEN = "([{\"'"
_CLOSE = ")]}\"',;:!?.-…"


def _words(token: str) -> list[str]:
    token = token.lstrip(_OPEN).rstrip(_CLOSE)   # ".npy" stays a name, "bench." a word
    if not token or _NAME_CHARS.search(token) or _CAMEL.search(token) or (token.isupper() and len(token) > 1) \
            or token.startswith("-"):   # a command-line option such as --script-env
        return []
    return [w for w in re.split(r"[^A-Za-z]+", token) if len(w) > 1]


def english_left(text: str, kept: Iterable[str] = ()) -> list[str]:
    """The English words of ``text`` that are neither names nor in ``kept`` (nor :data:`KEPT_WORDS`)."""
    allowed = {w.lower() for w in (*KEPT_WORDS, *kept)}
    found = []
    for token in _SPLIT.split(_MARKUP.sub(" ", text)):
        found += [w for w in _words(token) if w.lower() not in allowed]
    return found


def schema_words() -> set[str]:
    """Option names and choice values of every scenario, and the API names of the schema's lists (msprobe's
    ``list`` option): values are never translated."""
    from ascend_dump_gui.core.config.scenarios import SCENARIOS

    words: set[str] = set()
    for path in (Path(__file__).resolve().parents[3] / "ascend_dump_gui" / "core" / "config" / "schema").glob("*.json"):
        words.update(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8")))
    for scenario in SCENARIOS.values():
        specs = list(scenario.fields)
        while specs:
            spec = specs.pop()
            specs.extend(spec.columns)
            for value in (spec.key, *map(str, spec.choices or ())):
                words.update(re.findall(r"[A-Za-z]+", value))
    return words


def data_words(*roots: Path, limit: int = 4 << 20) -> set[str]:
    """Words in the names of the files and folders under ``roots`` and in the quoted strings of their small text
    files (op names and types of graph dumps, msprobe's dump.json keys): names from data, never translated."""
    words: set[str] = set()
    for root in roots:
        for path in [root, *root.rglob("*")]:
            words.update(re.findall(r"[A-Za-z]+", path.name))
            if path.is_file() and path.suffix == ".py" and path.stat().st_size < limit:   # a script's names
                words.update(re.findall(r"[A-Za-z]+", path.read_text(encoding="utf-8", errors="replace")))
            if path.is_file() and path.suffix in (".txt", ".json", ".pbtxt", ".csv") and path.stat().st_size < limit:
                text = path.read_text(encoding="utf-8", errors="replace")
                for quoted in re.findall(r'"([^"\n]{1,200})"', text):
                    words.update(re.findall(r"[A-Za-z]+", quoted))
                if path.suffix == ".csv":
                    words.update(re.findall(r"[A-Za-z]+", text.partition("\n")[2][:200_000]))
    return {w for w in words if len(w) > 1}


def named_words() -> set[str]:
    """msprobe's column names (its CSV's, kept as msprobe writes them), the heatmap's colour-map names and the
    emulator's model names."""
    from ascend_dump_gui.core.emulator.models import list_models
    from ascend_dump_gui.core.msprobe.rows import metric_names
    from ascend_dump_gui.ui.plots.heatmap import COLORMAPS

    names = [*COLORMAPS, *(n for mode in ("all", "summary", "md5") for n in metric_names(mode)),
             *(m.name for m in list_models())]
    return {w for name in names for w in re.findall(r"[A-Za-z]+", name)}
