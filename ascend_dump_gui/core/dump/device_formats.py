"""Ascend device layouts (NC1HWC0, FRACTAL_Z, FRACTAL_NZ, NDC1HWC0, FRACTAL_Z_3D, C1HWNCoC0) <-> original.

The element mappings are those of dump-format.md §5 (FRACTAL_Z_3D and C1HWNCoC0 as GE's format
transfers define them: ``(D·C1·H·W, N1, N0, C0)`` and the ``co == c0`` diagonal of ``(C1, H, W, N, Co, C0)``).

Every device layout is seen as a permuted view in which each original axis is either one device axis or
an (outer block, inner block) pair. :func:`to_original` copies that view into the result once
(``np.copyto`` per full/remainder region, so the padding is dropped without a second copy);
:func:`to_device` does the inverse, zero-filling the padding. The block sizes C0/N0/M0 are read from the
device shape, so 8, 16 and 32 all work.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

RESTORABLE = ("NC1HWC0", "FRACTAL_Z", "FRACTAL_NZ", "NDC1HWC0", "FRACTAL_Z_3D", "C1HWNCoC0")
"""Device formats :func:`to_original` restores."""

DEFAULT_ORIGINAL = {"NC1HWC0": "NCHW", "FRACTAL_Z": "NCHW", "NDC1HWC0": "NCDHW",
                    "FRACTAL_Z_3D": "NCDHW", "C1HWNCoC0": "HWCN", "FRACTAL_NZ": "ND"}
"""The original format assumed when the dump does not say (msprobe assumes NCHW/NCDHW/ND too)."""

_ORIGINAL_CHOICES = {"NC1HWC0": ("NCHW", "NHWC", "HWCN", "CHWN"), "FRACTAL_Z": ("NCHW", "NHWC", "HWCN", "CHWN"),
                     "C1HWNCoC0": ("HWCN", "NCHW", "NHWC", "CHWN"),
                     "NDC1HWC0": ("NCDHW", "NDHWC", "DHWCN"), "FRACTAL_Z_3D": ("NCDHW", "NDHWC", "DHWCN")}

# device axis letters; a letter pair "C1"/"C0" means the blocked C axis
_DEVICE_AXES = {"NC1HWC0": ("N", "C1", "H", "W", "C0"), "NDC1HWC0": ("N", "D", "C1", "H", "W", "C0"),
                "FRACTAL_Z": ("C1", "H", "W", "N1", "N0", "C0"),
                "FRACTAL_Z_3D": ("D", "C1", "H", "W", "N1", "N0", "C0"),
                "C1HWNCoC0": ("C1", "H", "W", "N", "C0")}


class LayoutError(ValueError):
    """A device array and an original shape that do not fit together."""


_STORED_AXES = {**_DEVICE_AXES, "FRACTAL_Z": ("C1HW", "N1", "N0", "C0"), "FRACTAL_Z_3D": ("DC1HW", "N1", "N0", "C0"),
                "C1HWNCoC0": ("C1", "H", "W", "N", "Co", "C0")}
"""The axes of the device array as stored, where they differ from the view above (FRACTAL_Z's leading axes in
one, C1HWNCoC0's Co beside C0)."""


@dataclass(frozen=True)
class RowBlocks:
    """Where rows of an original array's first axis (of each matrix, for FRACTAL_NZ) lie in its device array:
    ``devices`` (a FRACTAL_NZ's matrices one by one, else the whole device array) each restore to ``shape``; rows
    ``a:b`` of it (``a`` a multiple of ``block``) come from device blocks ``a // block`` to ``ceil(b / block)``
    along device axis ``axis``."""

    fmt: str
    original_format: str | None
    devices: list[np.ndarray]
    shape: tuple[int, ...]
    axis: int
    block: int

    def restore(self, k: int, a: int, b: int, out: np.ndarray) -> None:
        """Rows ``a:b`` of piece ``k`` restored into ``out`` (C-contiguous, ``b - a`` rows)."""
        where = (slice(None),) * self.axis + (slice(a // self.block, -(-b // self.block)),)
        to_original(self.devices[k][where], self.fmt, (b - a,) + self.shape[1:], original_format=self.original_format,
                    out=out)


def row_blocks(device: np.ndarray, fmt: str, original_shape: Sequence[int], original_format: str | None = None, *,
               whole_matrices: int = 0) -> RowBlocks | None:
    """How ``device`` (checked by :func:`check_restorable`) restores by rows of its original's first axis, or None
    when that axis is not a device axis of its own. A FRACTAL_NZ goes one matrix after another, by rows of each,
    or by whole matrices along its first batch axis when a matrix holds at most ``whole_matrices`` bytes."""
    shape = tuple(int(d) for d in original_shape)
    if not shape or fmt not in RESTORABLE:
        return None
    if fmt == "FRACTAL_NZ":
        if len(shape) < 2 or device.ndim < 4:
            return None
        if len(shape) > 2 and device.shape[0] == shape[0] and math.prod(shape[-2:]) * device.itemsize <= whole_matrices:
            return RowBlocks(fmt, original_format, [device], shape, 0, 1)
        matrices = device.reshape((math.prod(shape[:-2]),) + device.shape[-4:])     # (N1, M1, M0, N0) each
        return RowBlocks(fmt, original_format, list(matrices), shape[-2:], 1, device.shape[-2])
    axes = _STORED_AXES[fmt]
    try:
        letter = _original_format(fmt, shape, original_format)[0]
    except LayoutError:          # a shape that does not restore: restored whole, where the error is reported
        return None
    if device.ndim != len(axes):
        return None
    if letter in axes:
        return RowBlocks(fmt, original_format, [device], shape, axes.index(letter), 1)
    if letter + "1" in axes and letter + "0" in axes:
        return RowBlocks(fmt, original_format, [device], shape, axes.index(letter + "1"),
                         device.shape[axes.index(letter + "0")])
    return None


def _original_format(fmt: str, original_shape: Sequence[int], original_format: str | None) -> str:
    choices = _ORIGINAL_CHOICES[fmt]
    name = original_format if original_format in choices else DEFAULT_ORIGINAL[fmt]
    if len(original_shape) != len(name):
        raise LayoutError(f"{fmt} needs a {len(name)}-D original shape ({name}), got {list(original_shape)}")
    return name


def _blocked_view(device: np.ndarray, fmt: str, original_shape: Sequence[int],
                  original_format: str | None) -> tuple[np.ndarray, list[int], tuple[int, ...]]:
    """(view, axes per logical axis, logical shape): the device data permuted into original axis order."""
    if fmt == "FRACTAL_NZ":
        return _nz_view(device, tuple(original_shape))
    letters = _original_format(fmt, original_shape, original_format)
    dims = dict(zip(letters, original_shape, strict=True))
    if fmt in ("FRACTAL_Z", "FRACTAL_Z_3D"):
        if device.ndim != 4:
            raise LayoutError(f"{fmt} device shape must be 4-D, got {list(device.shape)}")
        lead = dims.get("D", 1) * dims["H"] * dims["W"]
        if lead == 0 or device.shape[0] % lead:
            raise LayoutError(f"{fmt} device dim 0 ({device.shape[0]}) is not a multiple of "
                              f"D·H·W = {lead} from original shape {list(original_shape)}")
        inner = (device.shape[0] // lead, dims["H"], dims["W"]) + device.shape[1:]
        device = device.reshape(((dims["D"],) if fmt == "FRACTAL_Z_3D" else ()) + inner)
    elif fmt == "C1HWNCoC0":
        if device.ndim != 6 or device.shape[4] != device.shape[5]:
            raise LayoutError(f"C1HWNCoC0 device shape must be (C1,H,W,N,Co,C0) with Co == C0, "
                              f"got {list(device.shape)}")
        device = np.einsum("chwnkk->chwnk", device)  # the co == c0 diagonal, a (writable) view
    axes = _DEVICE_AXES[fmt]
    if device.ndim != len(axes):
        raise LayoutError(f"{fmt} device shape must be {len(axes)}-D, got {list(device.shape)}")
    perm: list[int] = []
    groups: list[int] = []
    for letter in letters:
        picked = [i for i, a in enumerate(axes) if a in (letter, letter + "1", letter + "0")]
        perm += picked
        groups.append(len(picked))
    return device.transpose(perm), groups, tuple(original_shape)


def _nz_view(device: np.ndarray, original_shape: tuple[int, ...]):
    if device.ndim < 4:
        raise LayoutError(f"FRACTAL_NZ device shape must have at least 4 dims, got {list(device.shape)}")
    if len(original_shape) == 0:
        raise LayoutError("FRACTAL_NZ needs an original shape with at least one dim")
    logical = (1,) + original_shape if len(original_shape) == 1 else original_shape
    batch = logical[:-2]
    if math.prod(batch) != math.prod(device.shape[:-4]):
        raise LayoutError(f"FRACTAL_NZ batch dims {list(device.shape[:-4])} do not match original "
                          f"shape {list(original_shape)}")
    n1, m1, m0, n0 = device.shape[-4:]
    view = device.reshape(batch + (n1, m1, m0, n0))
    b = len(batch)
    view = view.transpose(tuple(range(b)) + (b + 1, b + 2, b, b + 3))
    return view, [1] * b + [2, 2], logical


def _regions(view: np.ndarray, groups: list[int], logical: tuple[int, ...]):
    """Yield (logical-array index, split shape, view index) for every full/remainder block region."""
    per_axis = []
    v = 0
    for length, g in zip(logical, groups, strict=True):
        if g == 1:
            if view.shape[v] != length:
                raise LayoutError(f"original dim {length} differs from device dim {view.shape[v]}")
            per_axis.append([(slice(None), (length,), (slice(None),))])
        else:
            outer, inner = view.shape[v], view.shape[v + 1]
            if length > outer * inner:
                raise LayoutError(f"original dim {length} exceeds the device blocks {outer}x{inner}")
            full, rem = divmod(length, inner)
            opts = [(slice(0, full * inner), (full, inner), (slice(0, full), slice(None)))]
            if rem:
                opts.append((slice(full * inner, length), (rem,), (full, slice(0, rem))))
            per_axis.append(opts)
        v += g
    for combo in itertools.product(*per_axis):
        out_idx = tuple(c[0] for c in combo)
        split = tuple(d for c in combo for d in c[1])
        view_idx = tuple(i for c in combo for i in c[2])
        if math.prod(split):
            yield out_idx, split, view_idx


def check_restorable(device_shape: Sequence[int], fmt: str, original_shape: Sequence[int], *,
                     original_format: str | None = None) -> None:
    """Raise :class:`LayoutError` unless :func:`to_original` can restore a ``device_shape`` array to
    ``original_shape``; allocates nothing (runs the same checks on a zero-stride stand-in).

    A restorable original shape never holds more elements than the device shape, so the restored size
    is bounded by the payload that the header's size already vouches for.
    """
    if fmt not in RESTORABLE:
        raise LayoutError(f"no restoration for device format {fmt}")
    device_shape = tuple(int(d) for d in device_shape)
    original_shape = tuple(int(d) for d in original_shape)
    if any(d < 0 for d in (*device_shape, *original_shape)):
        raise LayoutError(f"negative dimension in {list(device_shape)} / {list(original_shape)}")
    stand_in = np.lib.stride_tricks.as_strided(np.zeros(1, np.uint8), shape=device_shape,
                                               strides=(0,) * len(device_shape), writeable=False)
    view, groups, logical = _blocked_view(stand_in, fmt, original_shape, original_format)
    for _ in _regions(view, groups, logical):
        pass
    if math.prod(original_shape) > math.prod(device_shape):
        raise LayoutError(f"original shape {list(original_shape)} holds more elements than the device "
                          f"shape {list(device_shape)}")


def to_original(device: np.ndarray, fmt: str, original_shape: Sequence[int], *,
                original_format: str | None = None, dtype=None, out: np.ndarray | None = None) -> np.ndarray:
    """The original-layout array of a device-layout array, padding removed, in one copy.

    ``fmt`` is one of :data:`RESTORABLE`; ``original_format`` (e.g. ``NHWC``, ``HWCN``) says how the
    original axes are ordered (default :data:`DEFAULT_ORIGINAL`). ``dtype`` casts during the copy;
    ``out`` (C-contiguous, of ``original_shape``) receives the result. Raises :class:`LayoutError`.
    """
    if fmt not in RESTORABLE:
        raise LayoutError(f"no restoration for device format {fmt}")
    original_shape = tuple(int(d) for d in original_shape)
    view, groups, logical = _blocked_view(np.asarray(device), fmt, original_shape, original_format)
    regions = list(_regions(view, groups, logical))  # validates the shapes before anything is allocated
    if out is None:
        out = np.empty(original_shape, dtype=dtype or view.dtype)
    elif out.shape != original_shape or not out.flags.c_contiguous:
        raise LayoutError(f"out must be C-contiguous of shape {original_shape}")
    target = out.reshape(logical)
    for out_idx, split, view_idx in regions:
        np.copyto(target[out_idx].reshape(split), view[view_idx], casting="unsafe")
    return out


def device_shape(original_shape: Sequence[int], fmt: str, *, original_format: str | None = None,
                 c0: int = 16, n0: int = 16, m0: int = 16) -> tuple[int, ...]:
    """The device shape an original shape packs to in ``fmt`` with the given block sizes."""
    shape = tuple(int(d) for d in original_shape)
    if fmt == "FRACTAL_NZ":
        logical = (1,) + shape if len(shape) == 1 else shape
        *batch, m, n = logical
        return tuple(batch) + (-(-n // n0), -(-m // m0), m0, n0)
    letters = _original_format(fmt, shape, original_format)
    d = dict(zip(letters, shape, strict=True))
    c1, n1 = -(-d["C"] // c0), -(-d["N"] // n0)
    return {
        "NC1HWC0": (d["N"], c1, d["H"], d["W"], c0),
        "NDC1HWC0": (d["N"], d.get("D", 1), c1, d["H"], d["W"], c0),
        "FRACTAL_Z": (c1 * d["H"] * d["W"], n1, n0, c0),
        "FRACTAL_Z_3D": (d.get("D", 1) * c1 * d["H"] * d["W"], n1, n0, c0),
        "C1HWNCoC0": (c1, d["H"], d["W"], d["N"], c0, c0),
    }[fmt]


def to_device(array: np.ndarray, fmt: str, *, original_format: str | None = None,
              c0: int = 16, n0: int = 16, m0: int = 16) -> np.ndarray:
    """Pack an original-layout array into device format ``fmt`` (padding zero-filled).

    Formats outside :data:`RESTORABLE` (ND, NCHW, ...) are returned unchanged.
    """
    a = np.asarray(array)
    if fmt not in RESTORABLE:
        return a
    dev = np.zeros(device_shape(a.shape, fmt, original_format=original_format, c0=c0, n0=n0, m0=m0), a.dtype)
    view, groups, logical = _blocked_view(dev, fmt, a.shape, original_format)
    src = a.reshape(logical)
    for out_idx, split, view_idx in _regions(view, groups, logical):
        np.copyto(view[view_idx], src[out_idx].reshape(split))
    return dev
