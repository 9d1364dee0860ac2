"""Convert dump files to ``.npy``: one file per input/output, original layout restored or device layout kept.

Names are ``{dump file name}.{input|output}.{i}.npy`` (Opdebug records also get msaccucmp's
``.output.{i}.json``); a dump file name that is unsafe or too long for that, or that an earlier input of
the same run already used, is written under a safe or ``~2``-suffixed name (see
:mod:`ascend_dump_gui.core.safe_names`) and reported. Every tensor's shapes are checked against its
payload before anything is allocated; a tensor that cannot be converted is a per-file error and the rest
of the batch is still converted. bfloat16/float8/float4 tensors are written as float32 and int4 as int8.
Big tensors are streamed: slabs along the first original axis (a FRACTAL_NZ's big matrices one after another,
by rows) are restored into reused buffers by a worker thread while the main thread writes the previous slab, so
memory stays at a few slabs and the copy overlaps the disk write; a big output's data is flushed to disk behind the writing (see :data:`FLUSH_BYTES`).
"""

from __future__ import annotations

import ctypes
import json
import os
import queue
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import contextmanager, nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import BinaryIO

import numpy as np

from ascend_dump_gui.core.atomic import remove_stale_temps, write_text_atomic
from ascend_dump_gui.core.dump.bigdump import as_byte_view
from ascend_dump_gui.core.dump.device_formats import LayoutError, RowBlocks, row_blocks
from ascend_dump_gui.core.dump.dtypes import LOW_PRECISION_FLOATS
from ascend_dump_gui.core.dump.dumpfile import DumpFile, DumpTensor, NotADumpError
from ascend_dump_gui.core.dump.filewrite import atomic_output, write_npy_header
from ascend_dump_gui.core.dump.reader import read_dump
from ascend_dump_gui.core.errors import DumpFormatError
from ascend_dump_gui.core.links import LINK_OUTSIDE, is_inside
from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.progress import CancelToken, ProgressFn, no_progress
from ascend_dump_gui.core.safe_names import (
    NAME_MAX,
    NameClaims,
    UnsafePathError,
    file_ids,
    inside,
    refuse_replacing_inputs,
)
from ascend_dump_gui.core.threaded import over_chunks

SLAB_BYTES = 32 << 20
"""Target size of one streamed slab."""
FLUSH_BYTES = 128 << 20
"""Each time a big output has this much more data written, a background thread starts flushing it to disk, so the
disk writes while the next slabs are restored and the batch's sync at the end finds little left."""
_SUFFIX_ROOM = 24
"""Bytes kept free after an output's base name for ``.{input|output}.{i}.npy``."""


@dataclass
class ConvertReport:
    """What a conversion wrote and what it could not do."""

    written: list[Path] = field(default_factory=list)
    skipped: list[tuple[Path, str]] = field(default_factory=list)  # not dumps: files, subfolders, outside links
    errors: list[tuple[Path, str]] = field(default_factory=list)  # corrupt dumps, unconvertible tensors
    bad_inputs: list[tuple[Path, str]] = field(default_factory=list)  # named files that are not readable dumps
    renamed: list[tuple[Path, str]] = field(default_factory=list)  # inputs written under another base name
    replaced: list[Path] = field(default_factory=list)  # outputs that replaced a file already there


def output_dtype(tensor: DumpTensor) -> np.dtype:
    """The dtype written to ``.npy``: float32 for low-precision floats, int8 for int4, else unchanged."""
    if tensor.dtype in LOW_PRECISION_FLOATS:
        return np.dtype(np.float32)
    if tensor.dtype == "DT_INT4":
        return np.dtype(np.int8)
    return np.dtype(tensor.np_dtype)


def _slab_rows(shape: tuple[int, ...], dtype: np.dtype, block: int) -> int:
    """Rows of ``shape``'s first axis in one slab of about :data:`SLAB_BYTES`: a multiple of ``block``."""
    row_bytes = max(1, int(np.prod(shape[1:], dtype=np.int64)) * dtype.itemsize)
    return max(1, SLAB_BYTES // row_bytes // block) * block


def _row_blocks(tensor: DumpTensor) -> RowBlocks | None:
    """How ``tensor`` streams by rows (see :func:`row_blocks`): small FRACTAL_NZ matrices go two or more per slab."""
    if tensor.info.kind != "plain" or not tensor.original_shape:
        return None
    return row_blocks(tensor.device_array(), tensor.format, tensor.original_shape, tensor.original_format,
                      whole_matrices=SLAB_BYTES // 2)


def iter_slabs(tensor: DumpTensor, layout: str, dtype: np.dtype) -> Iterator[np.ndarray]:
    """C-contiguous pieces whose concatenation, in order, is the tensor in ``layout`` as ``dtype``.

    Restored slabs rotate through three buffers: a slab stays valid while the next two are produced.
    """
    if layout == "device" or not tensor.restorable:
        flat = tensor.device_array().reshape(-1)
        step = max(1, SLAB_BYTES // dtype.itemsize)
        for start in range(0, flat.size, step):
            yield flat[start:start + step].astype(dtype, copy=False)
        return
    source = _row_blocks(tensor)
    if source is None:
        yield tensor.array(dtype=dtype)
        return
    shape, block = source.shape, source.block
    rows = _slab_rows(shape, dtype, block)
    buffers = [np.empty((min(rows, shape[0]),) + shape[1:], dtype) for _ in range(3)]
    slabs = ((k, start) for k in range(len(source.devices)) for start in range(0, shape[0], rows))
    for n, (k, start) in enumerate(slabs):
        stop = min(start + rows, shape[0])
        out = buffers[n % 3][: stop - start]

        def restore(part: slice, k: int = k, start: int = start, out: np.ndarray = out) -> None:
            source.restore(k, start + part.start, start + part.stop, out[part])

        # the slab's rows split over a thread per core (numpy's copy frees the GIL): restoring is a strided copy
        per = -(-(stop - start) // (os.cpu_count() or 1))
        over_chunks(stop - start, restore, chunk=-(-per // block) * block)
        yield out


def _threaded(slabs: Iterator[np.ndarray], cancel: CancelToken | None) -> Iterator[np.ndarray]:
    """Produce slabs in a worker thread: one queued and one in the making while one is consumed."""
    q: queue.Queue = queue.Queue(maxsize=1)
    done = object()
    stop = threading.Event()

    def produce() -> None:
        try:
            for slab in slabs:
                if stop.is_set() or (cancel is not None and cancel.cancelled):
                    break
                q.put(slab)
            q.put(done)
        except BaseException as exc:  # handed to the consumer
            q.put(exc)

    worker = threading.Thread(target=produce, name="convert-slabs", daemon=True)
    worker.start()
    try:
        while True:
            item = q.get()
            if item is done:
                return
            if isinstance(item, BaseException):
                raise item
            yield item
    finally:
        stop.set()
        while worker.is_alive():
            try:
                q.get_nowait()
            except queue.Empty:
                worker.join(0.01)


def _datasync(fd: int) -> None:
    with suppress(OSError):        # best effort: the batch's sync at the end is what makes the outputs durable
        getattr(os, "fdatasync", os.fsync)(fd)


@contextmanager
def _flushed_behind(fh: BinaryIO) -> Iterator[Callable[[int], None]]:
    """``wrote(n)``, to call after each write of ``n`` bytes to ``fh``: every :data:`FLUSH_BYTES` the data so far
    starts going to disk in a background thread (one flush at a time); on exit the last flush is waited for."""
    pool = ThreadPoolExecutor(1, thread_name_prefix="convert-flush")
    pending: Future | None = None
    since = 0

    def wrote(n: int) -> None:
        nonlocal pending, since
        since += n
        if since >= FLUSH_BYTES and (pending is None or pending.done()):
            fh.flush()
            pending, since = pool.submit(_datasync, fh.fileno()), 0

    try:
        yield wrote
    finally:
        pool.shutdown(wait=True)


def write_tensor_npy(tensor: DumpTensor, dest: Path, layout: str = "original",
                     cancel: CancelToken | None = None) -> Path:
    """Write one tensor as ``.npy`` (streamed, atomic); shapes are checked before anything is allocated."""
    if layout != "device":
        tensor.check_layout()
    dtype = output_dtype(tensor)
    shape = tensor.shape if layout == "device" else tensor.original_layout_shape()
    slabs = iter_slabs(tensor, layout, dtype)
    big = tensor.nbytes > 2 * SLAB_BYTES
    with atomic_output(dest, durable=False) as fh:  # convert_paths syncs once at the end
        write_npy_header(fh, shape, dtype)
        with _flushed_behind(fh) if big else nullcontext(None) as wrote:
            for slab in _threaded(slabs, cancel) if big else slabs:
                if cancel is not None:
                    cancel.raise_if_cancelled()
                data = as_byte_view(slab)
                fh.write(data)
                if wrote is not None:
                    wrote(data.size)
    return dest


def convert_dump(dump: DumpFile, out_dir: Path, layout: str = "original",
                 cancel: CancelToken | None = None, *, base: str | None = None,
                 replaced: list[Path] | None = None,
                 inputs: set[tuple[int, int]] | None = None) -> tuple[list[Path], list[str]]:
    """Write every input/output of ``dump`` into ``out_dir`` as ``{base}.{role}.{i}.npy`` (``base``: the
    dump file name, already made safe); returns (written files, per-tensor problems). Files that were
    already there are added to ``replaced``; an output that would replace one of ``inputs`` (the run's
    input files, :func:`~ascend_dump_gui.core.safe_names.file_ids`) is a problem, never written."""
    written: list[Path] = []
    problems: list[str] = []
    base = base or dump.path.name
    inputs = file_ids([dump.path]) if inputs is None else inputs

    def target(name: str) -> Path:
        dest = inside(out_dir, name)
        refuse_replacing_inputs(dest, inputs, "one of the files being converted")
        if replaced is not None and os.path.lexists(dest):
            replaced.append(dest)
        return dest

    for tensor in (*dump.inputs, *dump.outputs):
        try:
            written.append(write_tensor_npy(tensor, target(f"{base}.{tensor.role}.{tensor.index}.npy"),
                                            layout, cancel))
        except UnsafePathError as exc:
            problems.append(f"{tensor.name}: {exc}")
        except DumpFormatError as exc:
            reason = exc.reason
            problems.append(reason if reason.startswith(f"{tensor.name}: ") else f"{tensor.name}: {reason}")
        except LayoutError as exc:
            problems.append(f"{tensor.name}: cannot restore {tensor.format}: {exc}")
        except MemoryError:
            problems.append(f"{tensor.name}: not enough memory to convert its {tensor.nbytes} bytes")
        except OSError as exc:
            problems.append(f"{tensor.name}: cannot write into {out_dir}: {exc.strerror or exc}")
    if dump.layout == "opdebug":
        for i, record in enumerate(dump.overflow):
            try:
                dest = target(f"{base}.output.{i}.json")
                write_text_atomic(dest, json.dumps(record.as_json(), indent=4))
            except UnsafePathError as exc:
                problems.append(f"overflow record {i}: {exc}")
                continue
            except OSError as exc:
                problems.append(f"overflow record {i}: cannot write into {out_dir}: {exc.strerror or exc}")
                continue
            written.append(dest)
    return written, problems


def _folder_files(folder: Path, follow_links: bool, report: ConvertReport) -> list[Path]:
    """The files of ``folder`` in name order; links that leave it are reported, not followed, unless asked, and its
    subfolders are reported as skipped (a dump root given by mistake then says why nothing was written)."""
    real = os.path.realpath(folder)
    files = []
    for f in sorted(folder.iterdir()):
        if f.is_symlink() and not follow_links:
            target = os.path.realpath(f)
            if not is_inside(target, real):
                report.skipped.append((f, LINK_OUTSIDE.format(target=target)))
                continue
        if f.is_file():
            files.append(f)
        elif f.is_dir():
            report.skipped.append((f, msg("a folder: only the files of the folders given are converted, not their "
                                          "subfolders (give this folder to convert its files)")))
    return files


def convert_paths(paths: list[Path], out_dir: Path, layout: str = "original", *, follow_links: bool = False,
                  progress: ProgressFn = no_progress, cancel: CancelToken | None = None) -> ConvertReport:
    """Convert files and (flat) directories of files into ``out_dir``.

    Named files that cannot be read go to ``bad_inputs``; in a directory, files that are not dumps, its
    subfolders and links that leave the directory (unless ``follow_links``) go to ``skipped`` and corrupt dumps or
    tensors that cannot be converted to ``errors``. Two inputs with the same file name both survive
    (the later one under ``name~2``, listed in ``renamed``); an output never replaces one of the inputs.
    Temporary files older than a day that a killed run left in ``out_dir`` are removed first. Each output is renamed into place complete; the
    batch is flushed to disk once, at the end.
    """
    report = ConvertReport()
    jobs: list[tuple[Path, bool]] = []
    for p in paths:
        if p.is_dir():
            jobs += [(f, False) for f in _folder_files(p, follow_links, report)]
        else:
            jobs.append((p, True))
    remove_stale_temps(out_dir)
    claims = NameClaims()
    inputs = file_ids(path for path, _ in jobs)
    for n, (path, explicit) in enumerate(jobs):
        if cancel is not None:
            cancel.raise_if_cancelled()
        progress(n, len(jobs), path.name)
        try:
            dump = read_dump(path)
        except DumpFormatError as exc:
            if explicit:
                report.bad_inputs.append((path, exc.reason))
            elif isinstance(exc, NotADumpError):
                report.skipped.append((path, exc.reason))
            else:
                report.errors.append((path, exc.reason))
            continue
        base = claims.claim(out_dir, path.name, max_bytes=NAME_MAX - _SUFFIX_ROOM)
        if base != path.name:
            report.renamed.append((path, base))
        written, problems = convert_dump(dump, out_dir, layout, cancel, base=base, replaced=report.replaced,
                                          inputs=inputs)
        report.written += written
        report.errors += [(path, msg) for msg in problems]
    if report.written:
        _flush_file_system(out_dir)  # one flush for the batch: an fsync per file made 400 small outputs ~5x slower
    progress(len(jobs), len(jobs), msg("done"))
    return report


def _flush_file_system(folder: Path) -> None:
    """Flush what was written to the file system holding ``folder`` (Linux ``syncfs``), not every dirty page of
    the machine as ``os.sync`` does; ``os.sync`` where ``syncfs`` is missing."""
    try:
        syncfs = ctypes.CDLL(None, use_errno=True).syncfs
    except (OSError, AttributeError):
        if hasattr(os, "sync"):
            os.sync()
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        syncfs(fd)
    finally:
        os.close(fd)
