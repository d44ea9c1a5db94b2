"""One stable_sorted_order of 1e8 random int64 keys and one float64 scan, for kernel
timings under Nsight Compute on the GPU machine:

    ncu --clock-control none --metrics gpu__time_duration.sum --csv \
        python3 bench/profile_sort.py > kernels.csv

The first round compiles (or loads) the kernels; the second is the one to read.
"""

import cupy as cp

import ferrodf
import ferrodf.plc as plc

n = 10**8
rng = cp.random.default_rng(0)
keys = plc.Table([plc.Column.from_array(rng.integers(-(2**62), 2**62, n, dtype=cp.int64))])
values = plc.Column.from_array(rng.random(n, dtype=cp.float64))
for _ in range(2):
    plc.sorting.stable_sorted_order(keys, [plc.types.Order.ASCENDING], [plc.types.NullOrder.BEFORE])
    plc.reduce.scan(values, plc.aggregation.sum(), plc.reduce.ScanType.INCLUSIVE)
    ferrodf.synchronize()
