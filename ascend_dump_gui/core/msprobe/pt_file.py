"""PyTorch ``.pt`` tensor files without torch: a zip reader, a restricted unpickler and a minimal writer.

``torch.save(tensor)`` writes a zip archive ``{stem}/data.pkl`` (a protocol-2 pickle),
``{stem}/data/{key}`` (raw storage bytes), ``{stem}/byteorder`` and ``{stem}/version``. The pickle calls
``torch._utils._rebuild_tensor_v2(storage, offset, size, stride, requires_grad, hooks)`` on a persistent
``('storage', torch.FloatStorage, key, location, numel)`` record. torch_npu pickles NPU tensors through
``torch_npu.utils.*._rebuild_npu_tensor`` with one more argument (the NPU storage format).

The unpickler never imports anything: ``find_class`` maps the few allowed globals (tensor rebuild
functions, storage types, ``collections.OrderedDict``) to local stand-ins and refuses every other name
with :class:`PtFileError`. Storages become numpy arrays (bfloat16 and float8 through ml_dtypes).
"""

from __future__ import annotations

import io
import math
import os
import pickle
import pickletools
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.dump.filewrite import atomic_output
from ascend_dump_gui.core.errors import os_problem
from ascend_dump_gui.core.messages import msg

STORAGE_DTYPES: dict[str, np.dtype] = {
    "DoubleStorage": np.dtype(np.float64),
    "FloatStorage": np.dtype(np.float32),
    "HalfStorage": np.dtype(np.float16),
    "BFloat16Storage": np.dtype(ml_dtypes.bfloat16),
    "Float8_e4m3fnStorage": np.dtype(ml_dtypes.float8_e4m3fn),
    "Float8_e5m2Storage": np.dtype(ml_dtypes.float8_e5m2),
    "LongStorage": np.dtype(np.int64),
    "IntStorage": np.dtype(np.int32),
    "ShortStorage": np.dtype(np.int16),
    "CharStorage": np.dtype(np.int8),
    "ByteStorage": np.dtype(np.uint8),
    "UInt16Storage": np.dtype(np.uint16),
    "UInt32Storage": np.dtype(np.uint32),
    "UInt64Storage": np.dtype(np.uint64),
    "BoolStorage": np.dtype(np.bool_),
    "ComplexFloatStorage": np.dtype(np.complex64),
    "ComplexDoubleStorage": np.dtype(np.complex128),
}
_STORAGE_BY_DTYPE = {v: k for k, v in STORAGE_DTYPES.items()}
TORCH_DTYPE_NAMES: dict[str, str] = {
    "DoubleStorage": "torch.float64", "FloatStorage": "torch.float32", "HalfStorage": "torch.float16",
    "BFloat16Storage": "torch.bfloat16", "Float8_e4m3fnStorage": "torch.float8_e4m3fn",
    "Float8_e5m2Storage": "torch.float8_e5m2", "LongStorage": "torch.int64", "IntStorage": "torch.int32",
    "ShortStorage": "torch.int16", "CharStorage": "torch.int8", "ByteStorage": "torch.uint8",
    "UInt16Storage": "torch.uint16", "UInt32Storage": "torch.uint32", "UInt64Storage": "torch.uint64",
    "BoolStorage": "torch.bool", "ComplexFloatStorage": "torch.complex64",
    "ComplexDoubleStorage": "torch.complex128",
}
MAX_ELEMENTS = 1 << 34
"""A size/stride pair addressing more elements than this is refused as corrupt."""
MAX_EXPANSION_BYTES = 64 << 20
"""A view may address more elements than its storage holds (stride 0: an expanded tensor) up to this size."""
MAX_ZIP_RATIO = 16
"""A zip record may inflate to at most this many times the archive's size (torch stores records uncompressed)."""


class PtFileError(ValueError):
    """A ``.pt`` file that is not a plain tensor saved by torch (or is damaged)."""


@dataclass(frozen=True)
class _StorageType:
    name: str


@dataclass
class _Storage:
    dtype: np.dtype
    key: str
    numel: int


@dataclass
class _Rebuilt:
    array: np.ndarray
    requires_grad: bool


class _RestrictedUnpickler(pickle.Unpickler):
    def __init__(self, data: bytes, archive: zipfile.ZipFile, prefix: str, source: str, limit: int) -> None:
        super().__init__(io.BytesIO(data))
        self._archive, self._prefix, self._source, self._limit = archive, prefix, source, limit

    def _ordered_dict(self, *args: Any) -> dict:
        if args:
            raise PtFileError(f"{self._source}: OrderedDict with arguments (backward hooks) is not a plain tensor")
        return {}

    def find_class(self, module: str, name: str) -> Any:
        if module == "torch._utils" and name in ("_rebuild_tensor_v2", "_rebuild_tensor"):
            return self._rebuild_tensor
        if module == "torch._utils" and name == "_rebuild_parameter":
            return self._rebuild_parameter
        if module.startswith("torch_npu.") and name == "_rebuild_npu_tensor":
            return self._rebuild_tensor
        if module == "torch" and name in STORAGE_DTYPES:
            return _StorageType(name)
        if module == "collections" and name == "OrderedDict":
            return self._ordered_dict
        raise PtFileError(msg("{path}: refuses to load global {name} (only torch tensors are read)",
                              path=self._source, name=f"{module}.{name}"))

    def persistent_load(self, pid: Any) -> _Storage:
        if (not isinstance(pid, tuple) or len(pid) != 5 or pid[0] != "storage"
                or not isinstance(pid[1], _StorageType) or not isinstance(pid[2], str)
                or not isinstance(pid[4], int)):
            raise PtFileError(f"{self._source}: unexpected persistent record {pid!r:.80}")
        return _Storage(STORAGE_DTYPES[pid[1].name], pid[2], pid[4])

    def _rebuild_parameter(self, data: Any, requires_grad: Any, hooks: Any = None) -> _Rebuilt:
        if not isinstance(data, _Rebuilt):
            raise PtFileError(f"{self._source}: parameter without tensor data")
        return _Rebuilt(data.array, bool(requires_grad))

    def _rebuild_tensor(self, storage: Any, offset: Any, size: Any, stride: Any, requires_grad: Any = False,
                        *_extra: Any) -> _Rebuilt:
        if not isinstance(storage, _Storage):
            raise PtFileError(f"{self._source}: tensor without a storage")
        if not (isinstance(offset, int) and _int_tuple(size) and _int_tuple(stride) and len(size) == len(stride)):
            raise PtFileError(f"{self._source}: malformed tensor size/stride")
        return _Rebuilt(self._view(storage, offset, tuple(size), tuple(stride)), bool(requires_grad))

    def _view(self, storage: _Storage, offset: int, size: tuple, stride: tuple) -> np.ndarray:
        item = storage.dtype.itemsize
        if any(s < 0 for s in size) or any(s < 0 for s in stride) or offset < 0 or storage.numel < 0:
            raise PtFileError(f"{self._source}: negative size, stride, offset or storage size")
        count = math.prod(size)
        if count > MAX_ELEMENTS or (count > storage.numel and count * item > MAX_EXPANSION_BYTES):
            raise PtFileError(f"{self._source}: a view of {count} elements on a storage of {storage.numel} is "
                              f"refused (more than the storage holds)")
        raw = self._storage_bytes(storage, storage.numel * item)
        flat = np.frombuffer(raw, dtype=storage.dtype, count=storage.numel)
        if self._big_endian:
            flat = flat.byteswap()
        if count == 0:
            return np.zeros(size, dtype=storage.dtype)
        last = offset + sum((n - 1) * s for n, s in zip(size, stride, strict=False))
        if last >= storage.numel:
            raise PtFileError(f"{self._source}: tensor view reaches element {last} of a {storage.numel}-element "
                              f"storage")
        if offset == 0 and count == storage.numel and tuple(stride) == _c_strides(size):
            return flat.reshape(size)       # the whole storage in C order: no copy
        view = np.lib.stride_tricks.as_strided(flat[offset:], shape=size, strides=[s * item for s in stride],
                                               writeable=False)
        return np.array(view)

    def _storage_bytes(self, storage: _Storage, nbytes: int) -> bytearray | np.ndarray:
        """The storage record read once into a writable buffer (the arrays built on it own their data)."""
        name = f"{self._prefix}data/{storage.key}"
        try:
            info = self._archive.getinfo(name)
        except KeyError:
            raise PtFileError(f"{self._source}: storage record data/{storage.key} is missing") from None
        if info.file_size < nbytes:
            raise PtFileError(f"{self._source}: storage data/{storage.key} holds {info.file_size} bytes, "
                              f"{nbytes} expected")
        if nbytes > self._limit:
            raise PtFileError(f"{self._source}: storage data/{storage.key} of {nbytes} bytes is more than "
                              f"{MAX_ZIP_RATIO}x the file's size (a zip bomb?), not read")
        if info.compress_type != zipfile.ZIP_STORED:    # torch stores records uncompressed; others are read whole
            return bytearray(read_entry(self._archive, info, self._limit, self._source)[:nbytes])
        buf = np.empty(nbytes, dtype=np.uint8)
        with open(self._source, "rb") as fh:             # stored: straight from the file, one copy
            fh.seek(info.header_offset)
            local = fh.read(30)
            if len(local) != 30 or local[:4] != b"PK\x03\x04":
                raise PtFileError(f"{self._source}: damaged zip entry data/{storage.key}")
            fh.seek(info.header_offset + 30 + int.from_bytes(local[26:28], "little")
                    + int.from_bytes(local[28:30], "little"))
            if fh.readinto(buf) != nbytes:
                raise PtFileError(f"{self._source}: storage data/{storage.key} ends early")
        return buf

    _big_endian = False


def _c_strides(size: tuple[int, ...]) -> tuple[int, ...]:
    out, acc = [], 1
    for n in reversed(size):
        out.append(acc)
        acc *= max(n, 1)
    return tuple(reversed(out))


def _int_tuple(value: Any) -> bool:
    return isinstance(value, tuple | list) and all(isinstance(v, int) and not isinstance(v, bool) for v in value)


@dataclass(frozen=True)
class PtTensor:
    array: np.ndarray
    requires_grad: bool


def _check_opcodes(data: bytes, source: str) -> None:
    """Refuse a pickle with opcodes newer than protocol 2 (torch.save writes protocol 2): their 8-byte counts
    would make the unpickler allocate before it finds the data missing. The walk reads lengths, never allocates."""
    try:
        for op, _arg, _pos in pickletools.genops(data):
            if op.proto > 2:
                raise PtFileError(f"{source}: pickle opcode {op.name} (protocol {op.proto}) is not what "
                                  f"torch.save writes")
    except PtFileError:
        raise
    except Exception as exc:  # noqa: BLE001 - any malformed opcode stream is "damaged"
        raise PtFileError(msg("{path}: damaged pickle ({problem})", path=source,
                             problem=f"{type(exc).__name__}: {exc}"[:200])) from None


def read_entry(archive: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, source: str) -> bytes:
    """One zip record, inflated a chunk at a time; :class:`PtFileError` once it declares or yields more than
    ``limit`` bytes (a zip bomb) or more than it declared."""
    if info.file_size > limit:
        raise PtFileError(f"{source}: record {info.filename} declares {info.file_size} bytes, more than "
                          f"{MAX_ZIP_RATIO}x the file's size (a zip bomb?), not read")
    out = bytearray()
    with archive.open(info) as fh:
        while chunk := fh.read(1 << 20):
            out += chunk
            if len(out) > min(limit, info.file_size):
                raise PtFileError(f"{source}: record {info.filename} inflates beyond its declared size or "
                                  f"{MAX_ZIP_RATIO}x the file's size (a zip bomb?), not read")
    return bytes(out)


def read_pt(path: str | Path) -> PtTensor:
    """The tensor saved in ``path`` by ``torch.save``; :class:`PtFileError` for anything else."""
    path = Path(path)
    try:
        archive = zipfile.ZipFile(path)
    except zipfile.BadZipFile:
        raise PtFileError(msg("{path}: not a zip archive (legacy torch format or damaged file)", path=path)) from None
    except OSError as exc:
        raise PtFileError(msg("{path}: {problem}", path=path, problem=os_problem(exc))) from None
    except (NotImplementedError, ValueError, EOFError) as exc:
        raise PtFileError(msg("{path}: damaged zip archive ({problem})", path=path, problem=str(exc)[:200])) from None
    limit = max(os.fstat(archive.fp.fileno()).st_size, 1 << 16) * MAX_ZIP_RATIO
    with archive:
        names = archive.namelist()  # the central directory was read by ZipFile() above
        pkl = next((n for n in names if n.endswith("data.pkl") and n.count("/") <= 1), None)
        if pkl is None:
            raise PtFileError(msg("{path}: no data.pkl record (not a torch.save file)", path=path))
        prefix = pkl[: -len("data.pkl")]
        try:
            data = read_entry(archive, archive.getinfo(pkl), limit, str(path))
            _check_opcodes(data, str(path))
            unpickler = _RestrictedUnpickler(data, archive, prefix, str(path), limit)
            if f"{prefix}byteorder" in names:
                order = read_entry(archive, archive.getinfo(f"{prefix}byteorder"), limit, str(path))
                unpickler._big_endian = order.strip() == b"big"
            result = unpickler.load()
        except PtFileError:
            raise
        except Exception as exc:  # noqa: BLE001 - a damaged archive or pickle fails in many ways, all "damaged"
            raise PtFileError(msg("{path}: damaged pickle ({problem})", path=path,
                                 problem=f"{type(exc).__name__}: {exc}"[:200])) from None
    if not isinstance(result, _Rebuilt) or not isinstance(result.array, np.ndarray):
        what = type(result.array if isinstance(result, _Rebuilt) else result).__name__
        raise PtFileError(msg("{path}: holds a {what}, not a single tensor", path=path, what=what))
    return PtTensor(result.array, result.requires_grad)


def torch_dtype_name(dtype: np.dtype) -> str:
    """``torch.float32`` etc. for a numpy dtype that a ``.pt`` storage can hold."""
    return TORCH_DTYPE_NAMES[_STORAGE_BY_DTYPE[np.dtype(dtype)]]


def _pickle_tensor(storage_name: str, shape: tuple[int, ...], requires_grad: bool) -> bytes:
    """Protocol-2 opcodes for ``_rebuild_tensor_v2`` on storage ``'0'`` (contiguous)."""
    numel = int(np.prod(shape, dtype=np.int64)) if shape else 1
    strides = _c_strides(shape)

    def ints(values: list[int] | tuple[int, ...]) -> bytes:
        out = b"(" + b"".join(b"J" + int(v).to_bytes(4, "little", signed=True) for v in values)
        return out + b"t"

    return b"".join([
        b"\x80\x02ctorch._utils\n_rebuild_tensor_v2\n(",
        b"(X\x07\x00\x00\x00storagec", b"torch\n", storage_name.encode(), b"\n",
        b"X\x01\x00\x00\x000X\x03\x00\x00\x00cpu", b"J", numel.to_bytes(4, "little", signed=True), b"tQ",
        b"K\x00", ints(shape), ints(strides), b"\x88" if requires_grad else b"\x89",
        b"ccollections\nOrderedDict\n)R", b"tR.",
    ])


def pt_bytes(array: np.ndarray, *, requires_grad: bool = False, stem: str = "archive") -> bytes:
    """A ``.pt`` file (zip, stored) holding ``array`` as ``torch.save`` would; ``torch.load`` reads it."""
    array = np.asarray(array)
    if not array.flags.c_contiguous:
        array = array.copy(order="C")
    storage = _STORAGE_BY_DTYPE.get(array.dtype)
    if storage is None:
        raise ValueError(f"dtype {array.dtype} has no torch storage type")
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_STORED) as zf:
        zf.writestr(f"{stem}/data.pkl", _pickle_tensor(storage, tuple(array.shape), requires_grad))
        zf.writestr(f"{stem}/byteorder", "little")
        zf.writestr(f"{stem}/data/0", array.astype(array.dtype.newbyteorder("<")).tobytes())
        zf.writestr(f"{stem}/version", "3\n")
    return buf.getvalue()


def write_pt(path: str | Path, array: np.ndarray, *, requires_grad: bool = False) -> None:
    """Write ``array`` to ``path`` as a torch ``.pt`` file (atomically; no fsync, as for other dump files)."""
    path = Path(path)
    with atomic_output(path) as fh:
        fh.write(pt_bytes(array, requires_grad=requires_grad, stem=path.stem or "archive"))
