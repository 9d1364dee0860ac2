"""The dump data types: proto ``OutputDataType`` -> numpy / ml_dtypes, and how each is stored.

Decoding follows dump-format.md §2.1 and §2.3:

* byte-aligned types are plain numpy (or ``ml_dtypes``) views of the stored bytes;
* ``DT_UINT1`` is bit-packed, 8 values per byte, most significant bit first (as ``np.unpackbits``);
* ``DT_INT4`` / ``DT_FLOAT4_E2M1`` are packed two per byte, the element with the lower index in the low
  nibble (CANN's packing; not checked against msprobe, which does not read 4-bit types);
* ``DT_HIFLOAT8`` is decoded exactly as msprobe's ``hifloat8_to_float32`` does (a 256-entry table);
* ``DT_UNDEFINED`` is read as ``size`` int8 bytes, whatever the shape says;
* every other code (strings, quantised, 2/6-bit, unknown numbers) is reported as unsupported, never guessed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import ml_dtypes
import numpy as np

from ascend_dump_gui.core.dump.schema import DATA_TYPE_CODES, DATA_TYPE_NAMES


@dataclass(frozen=True)
class DtypeInfo:
    """One data type: ``kind`` says how bytes become values, ``np_dtype`` is the decoded element type."""

    code: int
    name: str
    kind: str  # "plain" | "uint1" | "packed4" | "hifloat8" | "undefined" | "unsupported"
    np_dtype: np.dtype | None
    bits: int  # storage bits per element; 0 when unsupported

    @property
    def supported(self) -> bool:
        return self.kind != "unsupported"

    def storage_nbytes(self, count: int) -> int:
        """Bytes that ``count`` elements occupy in a dump file."""
        return -(-count * self.bits // 8)


_PLAIN: dict[str, object] = {
    "DT_FLOAT": np.float32, "DT_FLOAT16": np.float16, "DT_INT8": np.int8, "DT_UINT8": np.uint8,
    "DT_INT16": np.int16, "DT_UINT16": np.uint16, "DT_INT32": np.int32, "DT_INT64": np.int64,
    "DT_UINT32": np.uint32, "DT_UINT64": np.uint64, "DT_BOOL": np.bool_, "DT_DOUBLE": np.float64,
    "DT_COMPLEX64": np.complex64, "DT_COMPLEX128": np.complex128, "DT_RESOURCE": np.int64,
    "DT_BF16": ml_dtypes.bfloat16, "DT_FLOAT8_E5M2": ml_dtypes.float8_e5m2,
    "DT_FLOAT8_E4M3FN": ml_dtypes.float8_e4m3fn, "DT_FLOAT8_E8M0": ml_dtypes.float8_e8m0fnu,
}
_SPECIAL: dict[str, tuple[str, object, int]] = {
    "DT_UNDEFINED": ("undefined", np.int8, 8),
    "DT_UINT1": ("uint1", np.uint8, 1),
    "DT_INT4": ("packed4", ml_dtypes.int4, 4),
    "DT_FLOAT4_E2M1": ("packed4", ml_dtypes.float4_e2m1fn, 4),
    "DT_HIFLOAT8": ("hifloat8", np.float32, 8),
}


def _build(code: int, name: str) -> DtypeInfo:
    if name in _PLAIN:
        dt = np.dtype(_PLAIN[name])
        return DtypeInfo(code, name, "plain", dt, dt.itemsize * 8)
    if name in _SPECIAL:
        kind, dt, bits = _SPECIAL[name]
        return DtypeInfo(code, name, kind, np.dtype(dt), bits)
    return DtypeInfo(code, name, "unsupported", None, 0)


_BY_CODE = {code: _build(code, name) for code, name in DATA_TYPE_NAMES.items()}
_BY_NUMPY = {info.np_dtype: info for info in _BY_CODE.values()
             if info.kind in ("plain", "packed4") and info.name != "DT_RESOURCE"}

LOW_PRECISION_FLOATS = frozenset({"DT_BF16", "DT_FLOAT8_E5M2", "DT_FLOAT8_E4M3FN", "DT_FLOAT8_E8M0",
                                  "DT_FLOAT4_E2M1"})
"""Types that ``convert`` writes as float32 (numpy's .npy cannot hold them portably)."""


def dtype_info(code: int) -> DtypeInfo:
    """The entry for a proto data-type number; unknown numbers give an unsupported ``DT_UNKNOWN_<n>``."""
    info = _BY_CODE.get(code)
    return info if info is not None else DtypeInfo(code, f"DT_UNKNOWN_{code}", "unsupported", None, 0)


def dtype_by_name(name: str) -> DtypeInfo:
    """The entry for a name such as ``DT_FLOAT16``; raises ``KeyError`` for names not in the schema."""
    return _BY_CODE[DATA_TYPE_CODES[name]]


def dtype_for_numpy(dtype: np.dtype) -> DtypeInfo:
    """The dump type numpy's ``dtype`` is written as (float32 -> DT_FLOAT, bfloat16 -> DT_BF16, ...)."""
    try:
        return _BY_NUMPY[np.dtype(dtype)]
    except KeyError:
        raise ValueError(f"numpy dtype {np.dtype(dtype)} has no Ascend dump data type") from None


def _hifloat8_value(b: int) -> float:
    """One hifloat8 code as msprobe's ``hifloat8_to_float32`` decodes it (dump-format.md §2.3)."""
    if b == 0x00:
        return 0.0
    if b in (0x6F, 0xEF):
        return math.inf
    if b == 0x80:
        return math.nan
    sign = -1.0 if b & 0x80 else 1.0
    field = b & 0x7F
    if field & 0x60:
        dot = {0x60: 4, 0x40: 3, 0x20: 2}[field & 0x60]
    elif field & 0x70 == 0x10:
        dot = 1
    elif field & 0x78 == 0x08:
        dot = 0
    else:  # denormal
        return sign * 2.0 ** ((field & 0x7) - 23)
    mant_bits = 5 - dot
    exp = 0
    if dot:
        raw = (field >> mant_bits) & ((1 << dot) - 1)
        magnitude = (1 << (dot - 1)) + (raw & ((1 << (dot - 1)) - 1))
        exp = -magnitude if raw >> (dot - 1) else magnitude
    mant = 1.0 + (field & ((1 << mant_bits) - 1)) / (1 << mant_bits)
    return sign * 2.0 ** exp * mant


HIFLOAT8_TABLE = np.array([_hifloat8_value(b) for b in range(256)], dtype=np.float32)
"""Code -> value for all 256 hifloat8 codes."""


def decode(info: DtypeInfo, raw: np.ndarray, shape: tuple[int, ...]) -> np.ndarray:
    """Values of ``shape`` from the uint8 array ``raw`` (which holds at least the needed bytes).

    Plain types come back as a zero-copy view; packed and table-decoded types as a new array.
    """
    count = math.prod(shape)
    if info.kind == "plain":
        return raw[: count * info.np_dtype.itemsize].view(info.np_dtype).reshape(shape)
    if info.kind == "undefined":
        return raw.view(np.int8)
    if info.kind == "hifloat8":
        return HIFLOAT8_TABLE[raw[:count]].reshape(shape)
    if info.kind == "uint1":
        return np.unpackbits(raw[: info.storage_nbytes(count)], count=count).reshape(shape)
    if info.kind == "packed4":
        half = raw[: info.storage_nbytes(count)]
        nibbles = np.empty(half.size * 2, np.uint8)
        nibbles[0::2] = half & 0x0F
        nibbles[1::2] = half >> 4
        return nibbles[:count].view(info.np_dtype).reshape(shape)
    raise ValueError(f"data type {info.name} is not supported")


def encode(info: DtypeInfo, array: np.ndarray) -> np.ndarray:
    """The stored bytes (as a uint8 or typed C-contiguous array) of ``array`` written as type ``info``.

    hifloat8 tensors are given as their uint8 codes; ``DT_UNDEFINED`` as raw bytes.
    """
    a = np.asarray(array)
    if info.kind == "plain":
        return np.ascontiguousarray(a.astype(info.np_dtype, copy=False)).reshape(a.shape)
    if info.kind in ("hifloat8", "undefined"):
        return np.ascontiguousarray(a.astype(np.uint8, copy=False))
    if info.kind == "uint1":
        return np.packbits(a.reshape(-1).astype(bool))
    if info.kind == "packed4":
        nib = a.astype(info.np_dtype, copy=False).reshape(-1).view(np.uint8) & 0x0F
        if nib.size % 2:
            nib = np.append(nib, np.uint8(0))
        return (nib[0::2] | (nib[1::2] << 4)).astype(np.uint8)
    raise ValueError(f"data type {info.name} cannot be written")
