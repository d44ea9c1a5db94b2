"""plc.traits against the type sets libcudf's traits.hpp defines (by the C++ type each
TypeId is stored as: BOOL8 is bool, EMPTY is void)."""

from __future__ import annotations

import pytest

import ferrodf.plc as plc

T = plc.TypeId
ALL = [t for t in T if t != T.NUM_TYPE_IDS]
INTS = {T.INT8, T.INT16, T.INT32, T.INT64, T.UINT8, T.UINT16, T.UINT32, T.UINT64}
UINTS = {T.UINT8, T.UINT16, T.UINT32, T.UINT64}
FLOATS = {T.FLOAT32, T.FLOAT64}
TIMESTAMPS = {t for t in ALL if t.name.startswith("TIMESTAMP")}
DURATIONS = {t for t in ALL if t.name.startswith("DURATION")}
DECIMALS = {T.DECIMAL32, T.DECIMAL64, T.DECIMAL128}
NUMERIC = INTS | FLOATS | {T.BOOL8}
FIXED = NUMERIC | TIMESTAMPS | DURATIONS | DECIMALS
COMPOUND = {T.STRING, T.DICTIONARY32, T.LIST, T.STRUCT}

EXPECTED = {
    "is_relationally_comparable": FIXED | {T.STRING, T.DICTIONARY32},
    "is_equality_comparable": FIXED | {T.STRING, T.DICTIONARY32},
    "is_numeric": NUMERIC,
    "is_numeric_not_bool": INTS | FLOATS,
    "is_index_type": INTS,
    "is_unsigned": UINTS | {T.BOOL8},
    "is_integral": INTS | {T.BOOL8},
    "is_integral_not_bool": INTS,
    "is_floating_point": FLOATS,
    "is_boolean": {T.BOOL8},
    "is_timestamp": TIMESTAMPS,
    "is_fixed_point": DECIMALS,
    "is_duration": DURATIONS,
    "is_chrono": TIMESTAMPS | DURATIONS,
    "is_dictionary": {T.DICTIONARY32},
    "is_fixed_width": FIXED,
    "is_compound": COMPOUND,
    "is_nested": {T.LIST, T.STRUCT},
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_trait(name):
    fn = getattr(plc.traits, name)
    got = {t for t in ALL if fn(plc.DataType(t, -2 if t in DECIMALS else 0))}
    assert got == EXPECTED[name]


def test_is_bit_castable():
    width = {T.BOOL8: 1, T.INT8: 1, T.UINT8: 1, T.INT16: 2, T.UINT16: 2}
    width |= {t: 4 for t in (T.INT32, T.UINT32, T.FLOAT32, T.TIMESTAMP_DAYS, T.DURATION_DAYS)}
    width |= {T.DECIMAL32: 4, T.DECIMAL128: 16}
    for t in FIXED:
        width.setdefault(t, 8)
    for a in ALL:
        for b in ALL:
            want = a in width and b in width and width[a] == width[b]
            assert plc.traits.is_bit_castable(plc.DataType(a), plc.DataType(b)) == want, (a, b)


def test_traits_exports():
    assert set(plc.traits.__all__) == set(EXPECTED) | {"is_bit_castable"}
    with pytest.raises(TypeError, match="'TypeId' object is not an instance of 'DataType'"):
        plc.traits.is_numeric(plc.TypeId.INT8)
