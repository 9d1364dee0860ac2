"""NPU vs bench msprobe dumps, compared the way ``msprobe compare`` does (default matching, no mapping).

* **Matching**: every leaf is keyed by its name, with backward call numbers renumbered per API in dump
  order (msprobe's ``update_backward_call``); an outer join on the key, NPU rows in NPU dump order, bench-only
  leaves dropped; a pair whose dtypes differ outside the float groups counts as unmatched.
* **Modes**: ``summary`` (statistics diffs and relative errors), ``md5`` (CRC-32 of the bytes, from dump.json or
  computed from the tensor files), ``all`` (msprobe's six tensor metrics,
  :mod:`ascend_dump_gui.core.metrics.msprobe_metrics`).
* **Not compared**: a matched tensor whose data for the mode cannot be read or checked (refused, damaged, missing
  file, a file contradicting dump.json's shape, shapes msprobe skips, no statistics, an md5 that is no checksum, a
  data_name that is no file name) gets ``result`` None with the reason, never ``pass`` (an ``error`` from
  dump.json's dtype or shape stays). A run whose dump.json cannot be read has no rows and ``unread`` says why.
* **Result**: msprobe's per-API checkers (:mod:`ascend_dump_gui.core.msprobe.judge`) give each row
  ``pass``, ``warning`` or ``error`` and its messages.
"""

from __future__ import annotations

import math
import re
import zlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.errors import InputError, reason_text
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.metrics.msprobe_metrics import (
    MSPROBE_NAMES,
    NOT_AVAILABLE,
    SHAPE_UNMATCHED,
    msprobe_metrics,
)
from ascend_dump_gui.core.msprobe.dump_json import Entry, Leaf
from ascend_dump_gui.core.msprobe.judge import judge
from ascend_dump_gui.core.msprobe.layout import is_file_name
from ascend_dump_gui.core.msprobe.rows import (
    DIFF,
    INF,
    MODES,
    NA,
    NAN,
    NEG_INF,
    SUMMARY_NAMES,
    Metrics,
    MsprobeComparison,
    MsprobeRow,
)
from ascend_dump_gui.core.msprobe.tree import MsprobeRun, TensorLoadError

_FLOAT_GROUPS = ({"torch.float16", "torch.float32", "torch.float64", "torch.bfloat16"},
                 {"Float16", "Float32", "Float64", "BFloat16"})
_DIGITS = re.compile(r"^\d+$")
_DIRECTIONS = ("forward", "backward", "parameters_grad")
_SKIPPED = (SHAPE_UNMATCHED, NOT_AVAILABLE)
"""Tensor metrics msprobe gives a pair it did not compute (shapes differ; NaN/Inf at different places)."""
_CHECKSUM = re.compile(r"(?:[0-9a-fA-F]{8}|-?0x[0-9a-fA-F]{1,16})")
"""What msprobe writes under "md5": CRC-32 as 8 hex digits (``get_md5_for_tensor``), or its xor summary in hex (up to
16 digits: one 64-bit word)."""
_SIDES = {("NPU",): msg("NPU"), ("bench",): msg("bench"), ("NPU", "bench"): msg("NPU and bench")}
"""The side(s) a reason names, in words the GUI translates."""


def default_mode(npu: MsprobeRun, bench: MsprobeRun) -> str:
    """msprobe's choice: ``all`` for tensor dumps, ``md5`` when both carry md5, else ``summary``."""
    if npu.dump.task == "tensor" and bench.dump.task == "tensor":
        return "all"
    leaves = [leaf for leaf in npu.iter_leaves() if leaf.is_tensor][:1]
    if leaves and leaves[0].md5 is not None:
        return "md5"
    return "summary"


def _split(entry: str) -> tuple[str, str, str] | None:
    """(op without number, call/direction part, direction) as msprobe's ``split_data_name_components``."""
    parts = entry.rsplit(".", 2)           # only the last two parts are read (a module's path may be long)
    last, second = parts[-1], parts[-2] if len(parts) >= 2 else ""
    head = parts[0] if len(parts) == 3 else ""
    if "parameters_grad" in (last, second):
        base = f"{head}.{second}" if len(parts) == 3 else second
        return base, "parameters_grad", "parameters_grad"
    for direction in ("forward", "backward"):
        if direction in (last, second):
            return head, f"{second}.{last}", direction
    return None


def _calls(run: MsprobeRun) -> Iterator[tuple[str, Entry]]:
    """(call key, entry) for every entry msprobe would put in its table, in dump order: the entry's name, backward
    calls renumbered per API in dump order (``update_backward_call``). A leaf's compare key is its call key and the
    part of its name after its entry's (:attr:`Leaf.tail`)."""
    backward_seen: dict[str, int] = {}
    for entry in run.entries:
        split = _split(entry.name)
        if split is None:
            continue
        base, call, direction = split
        new_entry = entry.name
        if direction == "backward":
            order = backward_seen.get(base, 0)
            backward_seen[base] = order + 1
            head, _, tail = call.rpartition(".")
            if _DIGITS.match(head):
                head = str(order)
            elif _DIGITS.match(tail):
                tail = str(order)
            new_entry = f"{base}.{head}.{tail}"
        yield new_entry, entry


def _keys(run: MsprobeRun) -> Iterator[tuple[str, Leaf]]:
    """(compare key, leaf) for every leaf msprobe would put in its table, in dump order (made one by one: a million
    of them are never held at once)."""
    for call, entry in _calls(run):
        for leaf in entry.leaves:
            yield call + leaf.tail, leaf


def _split_keys_exact(npu: MsprobeRun, bench: MsprobeRun) -> bool:
    """Whether (call key, tail) pairs tell the runs' leaves apart exactly as their joined keys do: every tail starts
    with a dot and no call key, followed by a dot, begins another (only then could two pairs join to one key)."""
    keys: set[str] = set()
    for run in (npu, bench):
        for call, entry in _calls(run):
            keys.add(call)
            for leaf in entry.leaves:
                if not leaf.tail.startswith("."):
                    return False
    for call in keys:
        # a call key has a direction among its last two parts: one that begins ``call`` ends after the first
        # direction word in it, so only the dots from there on can end one
        found = [at for word in _DIRECTIONS if (at := call.find(word)) >= 0]
        dot = call.find(".", min(found)) if found else -1
        while dot >= 0:
            if call[:dot] in keys:
                return False
            dot = call.find(".", dot + 1)
    return True


def _match_by_call(npu: MsprobeRun, bench: MsprobeRun) -> list[MsprobeRow]:
    """:func:`match` keyed call by call, then tail by tail (no joined key is made: a million of them would be
    held while the NPU side is matched)."""
    by_call: dict[str, dict[str, Leaf]] = {}
    for call, entry in _calls(bench):
        tails = by_call.get(call)
        if tails is None:
            tails = by_call[call] = {}
        for leaf in entry.leaves:
            tails.setdefault(leaf.tail, leaf)
    rows = []
    none: dict[str, Leaf] = {}
    for call, entry in _calls(npu):
        get = by_call.get(call, none).get
        for leaf in entry.leaves:
            other = get(leaf.tail)
            if other is not None and leaf.dtype != other.dtype and not _dtypes_match(leaf.dtype, other.dtype):
                other = None
            rows.append(MsprobeRow(leaf, other, len(rows)))
    return rows


def _dtypes_match(a: str | None, b: str | None) -> bool:
    return a == b or any(a in g and b in g for g in _FLOAT_GROUPS)


def _mapped(keys: Iterable[tuple[str, Leaf]], bench_keys: list[tuple[str, Leaf]], call_map: Mapping[str, str]
            ) -> list[tuple[str, Leaf]]:
    """NPU keys with the calls of ``call_map`` (NPU call -> bench call, matched by hand) keyed as the bench
    call's leaves, argument by argument."""
    bench_call_key = {leaf.entry: key[:len(key) - len(leaf.tail)] for key, leaf in bench_keys}
    out = []
    for key, leaf in keys:
        other = bench_call_key.get(call_map.get(leaf.entry, ""))
        out.append((other + leaf.tail, leaf) if other is not None else (key, leaf))
    return out


def match(npu: MsprobeRun, bench: MsprobeRun, call_map: Mapping[str, str] | None = None) -> list[MsprobeRow]:
    if not call_map and _split_keys_exact(npu, bench):
        return _match_by_call(npu, bench)
    bench_keys = list(_keys(bench)) if call_map else None     # held only when calls are matched by hand
    bench_by_key: dict[str, Leaf] = {}
    for key, leaf in _keys(bench) if bench_keys is None else bench_keys:
        bench_by_key.setdefault(key, leaf)
    npu_keys = _keys(npu) if bench_keys is None else _mapped(_keys(npu), bench_keys, call_map)
    rows = []
    get = bench_by_key.get
    for i, (key, leaf) in enumerate(npu_keys):
        other = get(key)
        if other is not None and leaf.dtype != other.dtype and not _dtypes_match(leaf.dtype, other.dtype):
            other = None
        rows.append(MsprobeRow(leaf, other, i))
    return rows


def _classify(value: Any) -> str:
    if value is None:
        return "other"           # msprobe turns a missing statistic into the string 'None'
    if isinstance(value, bool):
        return "other"
    if isinstance(value, int | float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return "num"
    text = str(value).strip().lower()
    if text == "nan":
        return "nan"
    if text in ("inf", "-inf"):
        return text
    if text in ("true", "false"):
        return "other"
    try:
        float(text)
        return "num"
    except ValueError:
        pass
    if any(d in text for d in ("npu", "cpu", "cuda")):
        return "device"
    return "na" if str(value) == NA else "other"


def _stat_str(value: Any) -> str:
    return "None" if value is None else str(value)


def _summary_pair(npu: Any, bench: Any) -> tuple[Any, Any]:
    """(diff, relative error in percent) for one statistic, msprobe's table of rules."""
    if npu.__class__ is float and bench.__class__ is float and npu - npu == 0 == bench - bench:
        # both finite floats (most statistics): the rules below in a few operations
        if npu == bench and math.copysign(1.0, npu) == math.copysign(1.0, bench):
            return 0.0, 0.0
        diff = npu - bench
        return diff, (abs(diff / bench * 100) if bench != 0 else INF)
    if _stat_str(npu) == _stat_str(bench):
        return 0.0, 0.0
    t1, t2 = _classify(npu), _classify(bench)
    if "na" in (t1, t2):
        return NA, NA
    if t1 == "device" and t2 == "device":
        return NA, NA
    if "device" in (t1, t2) or "other" in (t1, t2):
        return DIFF, DIFF
    if "nan" in (t1, t2):
        return NAN, NAN
    if t1 == "num" and t2 == "num":
        n, b = float(npu), float(bench)
        diff = n - b
        return diff, (abs(diff / b * 100) if b != 0 else INF)
    if t1 == "inf" or (t1 == "num" and t2 == "-inf"):
        return INF, INF
    if t1 == "-inf" or (t1 == "num" and t2 == "inf"):
        return NEG_INF, NEG_INF
    return NA, NA


_SUMMARY_ORDER = tuple(name for pair in zip(SUMMARY_NAMES[:4], SUMMARY_NAMES[4:], strict=True) for name in pair)
"""A matched row's summary metrics in table order: each statistic's diff, then its relative error."""
_SAME_STATS = (0.0,) * len(_SUMMARY_ORDER)
_SAME_SUMMARY = Metrics(_SUMMARY_ORDER, _SAME_STATS)
_FLOAT_ONLY = frozenset({float})
_NO_BENCH_SUMMARY = Metrics(SUMMARY_NAMES, (NA,) * len(SUMMARY_NAMES))


def _summary_values(npu: Leaf, bench: Leaf) -> tuple[Any, ...]:
    (n0, n1, n2, n3), (b0, b1, b2, b3) = npu.stats, bench.stats
    return (*_summary_pair(n0, b0), *_summary_pair(n1, b1), *_summary_pair(n2, b2), *_summary_pair(n3, b3))


def _zero_bench(npu: float, bench: float) -> Any:
    """The relative error of a finite statistic against a bench value of zero: 0.0 when both are the same zero."""
    return 0.0 if npu == bench and math.copysign(1.0, npu) == math.copysign(1.0, bench) else INF


def _finite_summary_values(npu: Leaf, bench: Leaf) -> tuple[Any, ...]:
    """:func:`_summary_values` when all eight statistics are finite floats: :func:`_summary_pair`'s float rule
    written out (an equal pair's ``npu - bench`` is the 0.0 it gives, and 0.0 over a non-zero bench too)."""
    n0, n1, n2, n3 = npu.max, npu.min, npu.mean, npu.norm
    b0, b1, b2, b3 = bench.max, bench.min, bench.mean, bench.norm
    d0, d1, d2, d3 = n0 - b0, n1 - b1, n2 - b2, n3 - b3
    return (d0, abs(d0 / b0 * 100) if b0 != 0 else _zero_bench(n0, b0),
            d1, abs(d1 / b1 * 100) if b1 != 0 else _zero_bench(n1, b1),
            d2, abs(d2 / b2 * 100) if b2 != 0 else _zero_bench(n2, b2),
            d3, abs(d3 / b3 * 100) if b3 != 0 else _zero_bench(n3, b3))


class _DifferingSummary(Metrics):
    """The summary metrics of a matched row whose statistics differ, worked out from its two (immutable) leaves
    when read: a row keeps ~64 bytes instead of ~340 (eight floats and their tuple)."""

    __slots__ = ("_npu", "_bench")

    def __init__(self, npu: Leaf, bench: Leaf) -> None:
        super().__init__(_SUMMARY_ORDER, ())
        self._npu, self._bench = npu, bench

    def values(self) -> tuple[Any, ...]:
        return _summary_values(self._npu, self._bench)

    def __getitem__(self, name: str) -> Any:      # one statistic's pair (the judge reads NormRelativeErr alone)
        try:
            i = _SUMMARY_ORDER.index(name)
        except ValueError:
            raise KeyError(name) from None
        return _summary_pair(self._npu.stats[i // 2], self._bench.stats[i // 2])[i % 2]


class _FiniteDifferingSummary(_DifferingSummary):
    """A :class:`_DifferingSummary` whose eight statistics are all finite floats (most differing rows)."""

    __slots__ = ()

    def values(self) -> tuple[Any, ...]:
        return _finite_summary_values(self._npu, self._bench)


def _summary_metrics(row: MsprobeRow) -> Metrics:
    """The summary metrics of a row (equal statistics or no bench: one instance shared by such rows)."""
    if row.bench is None:
        return _NO_BENCH_SUMMARY
    npu, bench = row.npu.stats, row.bench.stats
    both = npu + bench
    if _FLOAT_ONLY.issuperset(map(type, both)):     # floats (most rows): decided without the rules' walk
        if npu == bench and 0.0 not in npu:
            return _SAME_SUMMARY        # equal and non-zero: each statistic's pair is 0.0, 0.0
        if npu != bench and (total := sum(both)) - total == 0:
            return _FiniteDifferingSummary(row.npu, row.bench)   # all finite and some differ: a diff is not 0.0
    # -0.0 == 0.0, but a -0.0 diff (-0.0 against 0.0) comes with an "inf" relative error: equal is all +0.0
    if _summary_values(row.npu, row.bench) == _SAME_STATS:
        return _SAME_SUMMARY
    return _DifferingSummary(row.npu, row.bench)


def _as_float_array(array: np.ndarray) -> np.ndarray:
    """msprobe reads bfloat16 and float8 tensors as float32, and squeezes every tensor."""
    if array.dtype in (np.dtype(ml_dtypes.bfloat16), np.dtype(ml_dtypes.float8_e4m3fn),
                       np.dtype(ml_dtypes.float8_e5m2)):
        array = array.astype(np.float32)
    return np.squeeze(array)


def _both_tensors(row: MsprobeRow) -> bool:
    return row.bench is not None and row.npu.is_tensor and row.bench.is_tensor


def _tensor_metrics(row: MsprobeRow, npu_run: MsprobeRun, bench_run: MsprobeRun) -> dict[str, Any]:
    unsupported = dict.fromkeys(MSPROBE_NAMES, "unsupported")
    if row.bench is None:
        return unsupported
    if row.npu.data_name is None:
        row.say(msg("NPU does not have data file."))
        if _both_tensors(row):
            row.not_compared = msg("{name}: the NPU dump has no tensor file for it", name=row.npu.name)
        return unsupported
    if row.bench.data_name is None:
        row.say(msg("Bench does not have data file."))
        if _both_tensors(row):
            row.not_compared = msg("{name}: the bench dump has no tensor file for it", name=row.bench.name)
        return unsupported
    try:
        n = _as_float_array(npu_run.load(row.npu))
        b = _as_float_array(bench_run.load(row.bench))
    except TensorLoadError as exc:
        row.not_compared = reason_text(exc)
        return unsupported
    result = msprobe_metrics(n, b)
    if result.message:
        row.say(result.message)
    if all(result.values.get(k) in _SKIPPED for k in MSPROBE_NAMES):   # msprobe skipped the pair: no metric
        row.not_compared = msg("{name}: {reason}", name=row.npu.name, reason=result.message)
    return {k: 0.0 if isinstance(v, float) and v == 0 else v for k, v in result.values.items()}  # no "-0.0"


def checksum(array: np.ndarray) -> str:
    """msprobe's "md5" of a tensor: CRC-32 of its raw element bytes in its own dtype (bfloat16 as its 16-bit
    words, bool one byte each), C order, as ``{crc:08x}``."""
    return f"{zlib.crc32(np.ascontiguousarray(array).tobytes()) & 0xFFFFFFFF:08x}"


def xor_checksum(array: np.ndarray) -> str | None:
    """msprobe's summary_mode ``xor`` value (also written under "md5"): the tensor's C-order bytes zero-padded to
    8-byte words, XOR-reduced as little-endian uint64, as ``0x`` + 16 hex digits; None for a 0-d tensor (msprobe
    writes the value itself there)."""
    if array.ndim == 0:
        return None
    raw = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    words = np.zeros((raw.size + 7) // 8 * 8, np.uint8)
    words[: raw.size] = raw
    return f"0x{int(np.bitwise_xor.reduce(words.view('<u8'), initial=0)):016x}"


def _is_xor(value: Any) -> bool:
    return (isinstance(value, str) and value.startswith("0x")) or (isinstance(value, int | float)
                                                                  and not isinstance(value, bool))


def _leaf_checksum(run: MsprobeRun, leaf: Leaf, xor: bool) -> str | None:
    """The leaf's md5 from dump.json, else computed from its tensor file (msprobe's CRC-32, or its xor checksum when
    the other side holds one); None when neither is there. :class:`TensorLoadError` when the file cannot be read."""
    if leaf.md5 is not None or not leaf.is_tensor or leaf.data_name is None:
        return leaf.md5
    array = run.load(leaf)
    return xor_checksum(array) if xor else checksum(array)


def _md5_metrics(row: MsprobeRow, npu_run: MsprobeRun, bench_run: MsprobeRun) -> dict[str, Any]:
    if row.bench is None:
        return {"NPU MD5": row.npu.md5, "BENCH MD5": NA}
    xor = _is_xor(row.npu.md5) or _is_xor(row.bench.md5)
    try:
        values = {"NPU MD5": _leaf_checksum(npu_run, row.npu, xor),
                  "BENCH MD5": _leaf_checksum(bench_run, row.bench, xor)}
    except TensorLoadError as exc:
        row.not_compared = reason_text(exc)
        return {"NPU MD5": row.npu.md5, "BENCH MD5": row.bench.md5}
    if _both_tensors(row):
        missing = [side for side, key in (("NPU", "NPU MD5"), ("bench", "BENCH MD5")) if values[key] is None]
        if missing and not _empty(row.npu):
            row.not_compared = (msg("{name}: no checksum on the {sides} side (msprobe's xor value of a 0-d tensor "
                                    "is the value itself)", name=row.npu.name, sides=_SIDES[tuple(missing)]) if xor
                                else msg("{name}: no checksum on the {sides} side", name=row.npu.name,
                                         sides=_SIDES[tuple(missing)]))
        bad = [side for side, key in (("NPU", "NPU MD5"), ("bench", "BENCH MD5"))
               if isinstance(values[key], str) and not _CHECKSUM.fullmatch(values[key])]
        if bad and row.not_compared is None:
            row.not_compared = msg("{name}: the md5 on the {sides} side is not a checksum ({values}; msprobe writes "
                                   "CRC-32 as 8 hex digits)", name=row.npu.name, sides=_SIDES[tuple(bad)],
                                   values=", ".join(repr(values[f"{s.upper()} MD5"][:40]) for s in bad))
    return values


def _empty(leaf: Leaf) -> bool:
    """A tensor without elements (msprobe writes no md5 for it)."""
    return leaf.shape is not None and 0 in leaf.shape


def _has_checksums(run: MsprobeRun) -> bool:
    """Whether md5 mode has data in ``run``: an md5 in dump.json or a tensor file for some tensor."""
    return any(leaf.md5 is not None or leaf.data_name is not None for leaf in run.iter_leaves() if leaf.is_tensor)


def _is_statistic(value: Any) -> bool:
    """A value msprobe writes as a statistic: a number, a boolean (bool tensors), or number text (``"inf"``)."""
    return isinstance(value, int | float) or (isinstance(value, str) and _classify(value) in ("num", "nan", "inf",
                                                                                               "-inf"))


def _stats_missing(row: MsprobeRow) -> str | None:
    """Why a matched tensor has no statistics to compare: none, or none that is a number, on a side."""
    if not _both_tensors(row) or _empty(row.npu):
        return None
    if row.npu.max.__class__ is float and row.bench.max.__class__ is float:    # a statistic on each side
        return None
    sides = [side for side, leaf in (("NPU", row.npu), ("bench", row.bench))
             if not any(_is_statistic(v) for v in leaf.stats)]
    return msg("{name}: no statistics in the {sides} dump.json", name=row.npu.name,
               sides=_SIDES[tuple(sides)]) if sides else None


def _bad_file_name(row: MsprobeRow, npu: MsprobeRun, bench: MsprobeRun) -> str | None:
    """Why a row's entry is damaged, in every mode: a data_name that is no file name in dump_tensor_data (it would
    leave the tree; also recorded as the run's problem)."""
    if row.npu.data_name is None and (row.bench is None or row.bench.data_name is None):
        return None         # statistics dumps: no file names
    for run, leaf in ((npu, row.npu), (bench, row.bench)):
        if leaf is not None and leaf.data_name is not None and not is_file_name(leaf.data_name):
            try:
                run.tensor_path(leaf)
            except TensorLoadError as exc:
                return reason_text(exc)
    return None


def compare_runs(npu: MsprobeRun, bench: MsprobeRun, mode: str | None = None, *,
                 progress: Callable[[int, int], bool] | None = None,
                 only: Callable[[MsprobeRow], bool] | None = None,
                 call_map: Mapping[str, str] | None = None) -> MsprobeComparison:
    """Compare two rank folders; ``progress(done, total)`` returning False cancels (rows so far kept).
    ``only`` keeps the matched rows it accepts (keep whole calls: the verdict weighs a call's inputs against
    its outputs); rows keep their ``order`` in the full table. ``call_map`` pairs NPU calls with bench calls
    by hand (NPU call -> bench call), over the default matching."""
    mode = mode or default_mode(npu, bench)
    if mode not in MODES:
        raise ValueError(f"mode {mode!r}: expected one of {', '.join(MODES)}")
    if npu.unread or bench.unread:        # no calls to compare: the run is not compared, never an empty pass
        return MsprobeComparison(mode, [], npu.label, bench.label, unread=npu.unread or bench.unread)
    rows = match(npu, bench, call_map)
    if only is not None:
        rows = [row for row in rows if only(row)]
    if mode == "md5":
        for run in (npu, bench):
            if not _has_checksums(run):
                raise InputError(str(run.path), "md5 mode: the dump has no checksums (dumped without summary_mode "
                                                "md5 and without tensors); compare it in summary mode")
    for i, row in enumerate(rows):
        if mode == "summary":
            row.metrics = _summary_metrics(row)
            row.not_compared = _stats_missing(row)
        elif mode == "md5":
            row.metrics = _md5_metrics(row, npu, bench)
        else:
            row.metrics = _tensor_metrics(row, npu, bench)
        row.not_compared = row.not_compared or _bad_file_name(row, npu, bench)
        if progress is not None and not progress(i + 1, len(rows)):
            rows = rows[: i + 1]
            break
    judge(rows, mode)
    for row in rows:
        if row.not_compared is not None and row.result != "error":
            row.result = None
            row.say(msg("not compared: {reason}", reason=row.not_compared))
    return MsprobeComparison(mode, rows, npu.label, bench.label)
