"""The dtype table: plain views, packed types, hifloat8 and unsupported codes."""

import math

import ml_dtypes
import numpy as np
import pytest

from ascend_dump_gui.core.dump.dtypes import (
    HIFLOAT8_TABLE,
    decode,
    dtype_by_name,
    dtype_for_numpy,
    dtype_info,
    encode,
)
from ascend_dump_gui.core.dump.schema import DATA_TYPE_NAMES


def test_every_schema_code_has_an_entry_and_unknown_codes_are_reported():
    for code, name in DATA_TYPE_NAMES.items():
        assert dtype_info(code).name == name
    unknown = dtype_info(99)
    assert unknown.name == "DT_UNKNOWN_99" and not unknown.supported


@pytest.mark.parametrize("name", ["DT_STRING", "DT_QINT8", "DT_COMPLEX32", "DT_FLOAT6_E3M2", "DT_HIFLOAT4"])
def test_types_without_a_known_encoding_are_unsupported(name):
    info = dtype_by_name(name)
    assert not info.supported and info.np_dtype is None
    with pytest.raises(ValueError, match=name):
        decode(info, np.zeros(4, np.uint8), (4,))


@pytest.mark.parametrize("code, hexval", [(0x08, 1.25), (0x10, 0.5), (0x20, 4.0), (0x40, 16.0), (0x60, 256.0),
                                          (0x01, 2.0 ** -22), (0x7F, 1.5 * 2.0 ** -15), (0x88, -1.25)])
def test_hifloat8_examples_from_the_spec(code, hexval):
    assert HIFLOAT8_TABLE[code] == np.float32(hexval)


def test_hifloat8_specials():
    assert HIFLOAT8_TABLE[0x00] == 0 and math.isnan(HIFLOAT8_TABLE[0x80])
    assert HIFLOAT8_TABLE[0x6F] == np.inf and HIFLOAT8_TABLE[0xEF] == np.inf


def test_uint1_is_msb_first_and_trims_to_the_shape():
    info = dtype_by_name("DT_UINT1")
    values = np.array([1, 0, 1, 1, 0, 0, 0, 1, 1, 1], np.uint8)
    stored = encode(info, values)
    assert stored.tolist() == [0b10110001, 0b11000000]
    assert decode(info, stored, (2, 5)).tolist() == values.reshape(2, 5).tolist()


@pytest.mark.parametrize("name, values", [("DT_INT4", np.arange(-8, 7, dtype=np.int8)),
                                          ("DT_FLOAT4_E2M1", np.array([0, 0.5, 1, 1.5, -2, -3, 4, 6, -6]))])
def test_four_bit_types_pack_two_per_byte_low_nibble_first(name, values):
    info = dtype_by_name(name)
    stored = encode(info, values)
    assert stored.size == (values.size + 1) // 2
    first = np.asarray(values[:1]).astype(info.np_dtype).view(np.uint8)[0] & 0x0F
    assert stored[0] & 0x0F == first
    back = decode(info, stored, (values.size,))
    assert back.dtype == info.np_dtype
    assert np.array_equal(back.astype(np.float32), values.astype(np.float32))


def test_plain_decode_is_a_view():
    raw = np.arange(8, dtype=np.uint8)
    out = decode(dtype_by_name("DT_FLOAT16"), raw, (2, 2))
    assert out.base is not None and np.shares_memory(out, raw) and out.dtype == np.float16


def test_numpy_dtypes_map_to_dump_types():
    assert dtype_for_numpy(np.dtype(np.float32)).name == "DT_FLOAT"
    assert dtype_for_numpy(np.dtype(ml_dtypes.bfloat16)).name == "DT_BF16"
    assert dtype_for_numpy(np.dtype(np.int64)).name == "DT_INT64"
    with pytest.raises(ValueError):
        dtype_for_numpy(np.dtype("U3"))
