"""Per-folder record counts of a scanned dump tree (plain Python, computed in a worker)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field

from ascend_dump_gui.core.collector import gc_paused
from ascend_dump_gui.core.dump.records import DumpRecord
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.scan.scanner import ScanResult, scan

ALERT_KINDS = ("overflow", "exception")


@dataclass
class FolderIndex:
    """A scan plus, for every folder (relative path, ``""`` = root), the counts of records below it by kind."""

    scan: ScanResult
    counts: dict[str, Counter] = field(default_factory=dict)
    unreadable: dict[str, str] = field(default_factory=dict)
    """Folders (relative path) the scan could not read, with the reason."""

    def count(self, rel_folder: str) -> Counter:
        return self.counts.get(rel_folder, Counter())

    def records_under(self, rel_folder: str) -> list[DumpRecord]:
        """Records in ``rel_folder`` and its sub-folders, in scan (walk) order."""
        if not rel_folder:
            return list(self.scan.records)
        prefix = rel_folder + "/"
        return [r for r in self.scan.records if r.path.startswith(prefix)]


def count_folders(records: Iterable[DumpRecord]) -> dict[str, Counter]:
    """Counts by kind for every ancestor folder of every record."""
    direct: dict[str, Counter] = {}
    for record in records:
        direct.setdefault(record.path.rpartition("/")[0], Counter())[record.kind] += 1
    counts: dict[str, Counter] = {}
    for folder, here in direct.items():
        while True:
            counts.setdefault(folder, Counter()).update(here)
            if not folder:
                break
            folder = folder.rpartition("/")[0]
    return counts


def index_folder(root: str, *, follow_links: bool = False, progress: ProgressFn = no_progress,
                 cancel: CancelToken | None = None) -> FolderIndex:
    """Scan ``root`` and count records per folder (run in a worker; the cyclic GC is paused meanwhile, so
    creating 100k records causes no collector pauses that would also stall the GUI thread)."""
    with gc_paused():
        result = scan(root, follow_links=follow_links, progress=progress, cancel=cancel)
        if cancel is not None:
            cancel.raise_if_cancelled()
        unreadable = {p.path: p.message for p in result.problems if p.message.startswith("cannot read")}
        return FolderIndex(result, count_folders(result.records), unreadable)
