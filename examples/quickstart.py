"""ferrodf quickstart: run with `make demo`.

Builds columns from Arrow and NumPy data, computes on the GPU when one is usable (the CPU
otherwise) and hands results back to pyarrow and polars without copies on the host.
"""

import numpy as np
import pyarrow as pa

import ferrodf
import ferrodf.plc as plc

info = ferrodf.gpu_info()
print(f"ferrodf {ferrodf.__version__}; device policy: {ferrodf.get_option('device')}")
if info is None:
    print(f"running on the CPU ({ferrodf.gpu_unavailable_reason()})")
else:
    print(f"running on {info['name']} ({info['arch']}, {info['total_memory'] / 2**30:.0f} GiB)")

# Columns from Arrow (zero-copy on the host) and NumPy (one copy).
prices = plc.Column.from_arrow(pa.array([12.5, None, 7.25, 3.0, 99.9]))
qty = plc.Column.from_array(np.array([3, 1, 4, 1, 5], dtype=np.int64))
print("\nprices:", prices)
print("qty:   ", qty)

f64 = plc.DataType(plc.TypeId.FLOAT64)
BinOp = plc.binaryop.BinaryOperator

# Element-wise arithmetic with nulls propagated, then reductions.
revenue = plc.binaryop.binary_operation(prices, qty, BinOp.MUL, f64)
print("\nrevenue = prices * qty:", revenue.to_pylist())
total = plc.reduce.reduce(revenue, plc.aggregation.sum(), f64)
mean = plc.reduce.reduce(revenue, plc.aggregation.mean(), f64)
print(f"total revenue: {total.to_py():.2f}, mean per row: {mean.to_py():.2f}")

big = plc.binaryop.binary_operation(
    revenue, plc.Scalar.from_py(30.0), BinOp.GREATER, plc.DataType(plc.TypeId.BOOL8)
)
print("revenue > 30:", big.to_pylist())

# Tables interoperate with pyarrow and polars through the Arrow PyCapsule interface.
table = plc.Table([prices, qty, revenue])
arrow_table = table.to_arrow(metadata=["price", "qty", "revenue"])
print("\nas a pyarrow Table:")
print(arrow_table.to_pandas())
try:
    import polars as pl

    print("\nas a polars DataFrame:")
    print(pl.from_arrow(arrow_table))
except ImportError:
    pass

print("\nresult lives on:", revenue.residency())

# The pandas-like layer over the same columns.
df = ferrodf.DataFrame(
    {
        "city": ["Oslo", "Lima", "Oslo", "Pune", "Lima"],
        "price": pa.array([12.5, None, 7.25, 3.0, 99.9]),
        "qty": np.array([3, 1, 4, 1, 5]),
    }
)
df["revenue"] = df["price"] * df["qty"]
print("\na DataFrame:")
print(df)
print("\nrevenue by city:")
print(df.groupby("city").agg({"revenue": "sum", "qty": "max"}))
print("\nthe two largest orders:")
print(df.sort_values("revenue", ascending=False).head(2))
print("host fallbacks:", ferrodf.host_fallbacks() or "none")
