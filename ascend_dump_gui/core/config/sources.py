"""Where a rule or option is documented, as a user can look it up.

Schema and rules cite their sources in a short internal form (``"seed 001: Dump Watch ..."``,
``"runtime-rules §1.7"``); :func:`cite` turns that into the names of the documents themselves.
"""

from __future__ import annotations

import re
from collections.abc import Callable

DOCUMENTS = {
    "seed 000": "CANN environment variables reference",
    "seed 001": "AscendCL API reference, aclmdlSetDump",
    "seed 002": "TF Adapter session configuration options (NpuOptimizer)",
    "seed 003": "Accuracy debugging: preparing dump data and graphs of a TF2 training network",
    "seed 004": "torchair: operator input/output dump in graph mode",
    "runtime-rules": "Ascend runtime source code (the checks in adump, GE, TF Adapter, torchair)",
}
"""Internal source key -> the document's title (English; the UI translates it)."""
IMPORT_SOURCE = "import"
"""The source of a finding the file or script import makes."""

_PART = re.compile(r"^(seed 00[0-4]|runtime-rules)(?:\s*§[\d.\-–]+(?:\s*,\s*§?[\d.\-–]+)*)?\s*:?\s*(.*)$")


def cited_texts(source: str) -> list[str]:
    """What :func:`cite` translates in ``source`` besides the document titles: section titles and other citations
    with words in them (an option name alone, such as ``dump_step``, is shown as it is)."""
    texts = []
    for part in (p.strip() for p in source.split(";")):
        match = _PART.match(part)
        text = match.group(2).strip() if match else part
        if " " in text and _WORD.search(text):
            texts.append(text)
    return texts


_WORD = re.compile(r"(?<![\w./:-])[A-Za-z]{2,}(?![\w./:(-])")  # a word, not part of a name or a call


def cite(source: str, translate: Callable[[str], str] = str) -> str:
    """``source`` with each internal key replaced by its document title (``translate`` localises titles).

    ``"seed 001: Dump Watch ..."`` becomes ``"AscendCL API reference, aclmdlSetDump — Dump Watch ..."``.
    """
    parts = []
    for part in (p.strip() for p in source.split(";")):
        match = _PART.match(part)
        if not match:
            parts.append(translate(part))
            continue
        title = translate(DOCUMENTS[match.group(1)])
        detail = translate(match.group(2).strip())  # a section title is translated, an option name stays
        parts.append(f"{title} — {detail}" if detail else title)
    return "; ".join(p for p in parts if p)
