"""Device layouts: packing and restoring every format, odd shapes, other block sizes, bad shapes."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump
from ascend_dump_gui.core.dump.device_formats import LayoutError, device_shape, to_device, to_original
from ascend_dump_gui.core.dump.reader import read_dump

RNG = np.random.default_rng(3)

CASES = [  # format, original shape (nothing a multiple of 16), original format, expected device shape
    ("NC1HWC0", (2, 20, 3, 5), None, (2, 2, 3, 5, 16)),
    ("NC1HWC0", (2, 3, 5, 37), "NHWC", (2, 3, 3, 5, 16)),
    ("NC1HWC0", (3, 5, 17, 2), "HWCN", (2, 2, 3, 5, 16)),
    ("FRACTAL_Z", (20, 18, 3, 3), None, (18, 2, 16, 16)),
    ("FRACTAL_Z", (3, 3, 18, 20), "HWCN", (18, 2, 16, 16)),
    ("FRACTAL_NZ", (20, 35), None, (3, 2, 16, 16)),
    ("FRACTAL_NZ", (3, 20, 35), None, (3, 3, 2, 16, 16)),
    ("FRACTAL_NZ", (35,), None, (3, 1, 16, 16)),
    ("NDC1HWC0", (2, 20, 3, 4, 5), None, (2, 3, 2, 4, 5, 16)),
    ("NDC1HWC0", (2, 3, 4, 5, 33), "NDHWC", (2, 3, 3, 4, 5, 16)),
    ("FRACTAL_Z_3D", (17, 20, 2, 3, 3), None, (36, 2, 16, 16)),
    ("FRACTAL_Z_3D", (2, 3, 3, 20, 17), "DHWCN", (36, 2, 16, 16)),
    ("C1HWNCoC0", (3, 3, 20, 5), None, (2, 3, 3, 5, 16, 16)),
]


@pytest.mark.parametrize("fmt, shape, ofmt, dev_shape", CASES)
def test_pack_then_restore_is_exact(fmt, shape, ofmt, dev_shape):
    x = RNG.standard_normal(shape).astype(np.float16)
    dev = to_device(x, fmt, original_format=ofmt)
    assert dev.shape == dev_shape == device_shape(shape, fmt, original_format=ofmt)
    assert np.count_nonzero(dev) == np.count_nonzero(x)  # padding is zero, every value placed once
    back = to_original(dev, fmt, shape, original_format=ofmt)
    assert back.shape == shape and np.array_equal(back, x)
    assert back.flags.c_contiguous and back.flags.owndata


def test_explicit_element_mappings():
    x = RNG.standard_normal((2, 20, 3, 4)).astype(np.float32)
    dev = to_device(x, "NC1HWC0")
    assert dev[1, 1, 2, 3, 3] == x[1, 19, 2, 3]  # NCHW[n,c,h,w] = dev[n, c//C0, h, w, c%C0]
    w = RNG.standard_normal((20, 18, 3, 3)).astype(np.float32)
    fz = to_device(w, "FRACTAL_Z")
    assert fz[(17 // 16) * 9 + 2 * 3 + 1, 19 // 16, 19 % 16, 17 % 16] == w[19, 17, 2, 1]
    m = RNG.standard_normal((20, 35)).astype(np.float32)
    nz = to_device(m, "FRACTAL_NZ")
    assert nz[34 // 16, 19 // 16, 19 % 16, 34 % 16] == m[19, 34]
    hwcn = RNG.standard_normal((3, 3, 20, 5)).astype(np.float32)
    c1 = to_device(hwcn, "C1HWNCoC0")
    assert c1[1, 2, 1, 4, 3, 3] == hwcn[2, 1, 19, 4] and c1[1, 2, 1, 4, 3, 2] == 0  # only co == c0 set


def test_block_sizes_come_from_the_device_shape():
    x = RNG.standard_normal((1, 70, 2, 2)).astype(np.float32)
    for c0 in (8, 32):
        dev = to_device(x, "NC1HWC0", c0=c0)
        assert dev.shape[-1] == c0 and np.array_equal(to_original(dev, "NC1HWC0", x.shape), x)


def test_dtype_cast_happens_in_the_single_copy():
    x = RNG.standard_normal((1, 5, 2, 2)).astype(np.float16)
    back = to_original(to_device(x, "NC1HWC0"), "NC1HWC0", x.shape, dtype=np.float32)
    assert back.dtype == np.float32 and np.array_equal(back, x.astype(np.float32))


@pytest.mark.parametrize("fmt, dev_shape, orig", [
    ("NC1HWC0", (1, 2, 3, 3, 16), (1, 40, 3, 3)),  # more channels than the blocks hold
    ("NC1HWC0", (1, 2, 3, 3, 16), (1, 20, 4, 3)),  # H differs
    ("NC1HWC0", (1, 2, 3, 3, 16), (1, 20, 3)),  # wrong rank
    ("FRACTAL_Z", (17, 2, 16, 16), (20, 18, 3, 3)),  # 17 is not C1·H·W
    ("FRACTAL_NZ", (3, 2, 16, 16), (2, 20, 35)),  # batch does not match
    ("C1HWNCoC0", (2, 3, 3, 5, 16, 8), (3, 3, 20, 5)),  # Co != C0
])
def test_shapes_that_do_not_fit_raise_layout_error(fmt, dev_shape, orig):
    with pytest.raises(LayoutError):
        to_original(np.zeros(dev_shape, np.float16), fmt, orig)


_FORMATS = {"NC1HWC0": 4, "FRACTAL_Z": 4, "NDC1HWC0": 5, "FRACTAL_Z_3D": 5, "C1HWNCoC0": 4, "FRACTAL_NZ": 3}


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(_FORMATS)), st.data())
def test_random_shapes_round_trip(fmt, data):
    dims = data.draw(st.lists(st.integers(1, 40), min_size=_FORMATS[fmt], max_size=_FORMATS[fmt]))
    x = np.arange(np.prod(dims), dtype=np.float32).reshape(dims) + 1
    assert np.array_equal(to_original(to_device(x, fmt), fmt, x.shape), x)


@pytest.mark.parametrize("fmt, shape, ofmt, dev_shape", CASES)
def test_formats_round_trip_through_a_dump_file(tmp_path, fmt, shape, ofmt, dev_shape):
    x = RNG.standard_normal(shape).astype(np.float16)
    path = write_dump(tmp_path / f"Op.{fmt}.1.1.1700000000000000", op_name=fmt,
                      outputs=[TensorPayload(to_device(x, fmt, original_format=ofmt), format=fmt,
                                             original_shape=shape, original_format=ofmt)])
    tensor = read_dump(path).outputs[0]
    assert tensor.format == fmt and tensor.shape == dev_shape and tensor.original_shape == shape
    assert np.array_equal(tensor.array(), x)
    assert np.array_equal(tensor.device_array(), to_device(x, fmt, original_format=ofmt))
