"""Writing a next-run config and its side files beside ``--out``, never replacing a file (a name already taken is
refused before anything is written), and judging the changed config with the config checker."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ascend_dump_gui.core.atomic import write_text_atomic
from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Finding
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.errors import InputError
from ascend_dump_gui.core.messages import msg


def refuse_taken(paths: Sequence[Path]) -> None:
    """InputError naming the first of ``paths`` that exists already (nothing is replaced)."""
    for path in paths:
        if os.path.lexists(path):
            raise InputError(path, msg("a file is already there; the next-run config never replaces a file: choose "
                                       "another --out"))


def write_new(path: Path, text: str) -> None:
    """Write ``text`` to ``path``, which must not exist: the name is claimed exclusively first, then the text is
    written atomically over that claim (so a file that appears meanwhile is never replaced)."""
    try:
        with open(path, "x", encoding="utf-8"):
            pass
    except FileExistsError:
        raise InputError(path, msg("a file is already there; nothing was replaced")) from None
    write_text_atomic(path, text)


def write_all(files: Mapping[Path, str]) -> list[Path]:
    """Write every new file (all names checked first); returns them in order."""
    refuse_taken(list(files))
    for path, text in files.items():
        write_new(path, text)
    return list(files)


def check_with_files(doc: ConfigDoc, side: Mapping[str, tuple[str, str]], *, product: str | None,
                     dump_ops: Mapping[str, str] | None, folder: Path | None = None) -> list[Finding]:
    """``check(doc)`` with its side files (option -> (file name, text)) in place: in ``folder`` when they are
    written there, else in a temporary folder (removed afterwards) that the options name by absolute path; other
    relative paths resolve against the config's own folder."""
    base = folder or (Path(doc.origin).parent if doc.origin is not None else None)
    if folder is not None:
        return check(doc, product=product, base_dir=base, dump_ops=dump_ops)
    with tempfile.TemporaryDirectory(prefix="adg-next-") as tmp:
        values = dict(doc.values)
        for option, (name, text) in side.items():
            (Path(tmp) / name).write_text(text, encoding="utf-8")
            values[option] = str(Path(tmp) / name)
        return check(doc.with_values(values), product=product, base_dir=base, dump_ops=dump_ops)


def findings_json(findings: Sequence[Finding]) -> list[dict[str, Any]]:
    return [f.to_json() for f in findings]
