"""Writes the Python notebooks of this folder (without outputs) from the cells below.

Edit the cells here and run `python notebooks/make_notebooks.py && ruff format notebooks`;
the .ipynb files are what users open and what tests/notebooks executes.
"""

from __future__ import annotations

from pathlib import Path

import nbformat

HERE = Path(__file__).parent

QUICKSTART = [
    (
        "md",
        "# ferrodf quickstart\n\nA pandas-like DataFrame that runs on the GPU when one is "
        "usable and on the CPU otherwise. Nothing in this notebook changes between the two.",
    ),
    (
        "code",
        "import numpy as np\n\nimport ferrodf\n\n"
        "info = ferrodf.gpu_info()\n"
        "print('running on', info['name'] if info else f'the CPU ({ferrodf.gpu_unavailable_reason()})')",
    ),
    ("md", "## Build a frame\n\nFrom a dict of lists, NumPy, pandas, pyarrow or polars data."),
    (
        "code",
        "rng = np.random.default_rng(0)\n"
        "sales = ferrodf.DataFrame({\n"
        "    'city': rng.choice(['Oslo', 'Lima', 'Pune', 'Kyiv'], 1000),\n"
        "    'product': rng.choice(['tea', 'coffee', 'cocoa'], 1000),\n"
        "    'units': rng.integers(1, 20, 1000),\n"
        "    'price': np.round(rng.uniform(1, 9, 1000), 2),\n"
        "})\n"
        "sales['revenue'] = sales['units'] * sales['price']\n"
        "sales",
    ),
    ("md", "## Select\n\n`[]`, `.loc` (labels, both ends included) and `.iloc` (positions)."),
    ("code", "sales[sales['revenue'] > 150][['city', 'revenue']].head()"),
    ("code", "sales.loc[10:14, 'city':'units']"),
    ("md", "## Group, sort, merge"),
    (
        "code",
        "by_city = sales.groupby(['city', 'product']).agg(total=('revenue', 'sum'), orders=('units', 'count'))\n"
        "by_city.sort_values('total', ascending=False).head(6)",
    ),
    (
        "code",
        "regions = ferrodf.DataFrame({'city': ['Oslo', 'Lima', 'Pune', 'Kyiv'],\n"
        "                             'region': ['Europe', 'Americas', 'Asia', 'Europe']})\n"
        "sales.merge(regions, on='city').groupby('region').agg({'revenue': ['sum', 'mean']})",
    ),
    (
        "md",
        "## MultiIndex columns\n\nA frame whose columns have two levels; select a whole group or use wildcards.",
    ),
    (
        "code",
        "wide = ferrodf.DataFrame({\n"
        "    ('tea', 'units'): [3, 5], ('tea', 'revenue'): [9.0, 15.5],\n"
        "    ('coffee', 'units'): [7, 1], ('coffee', 'revenue'): [28.0, 4.0],\n"
        "})\n"
        "wide",
    ),
    ("code", "wide['tea']"),
    ("code", "wide.loc[:, (slice(None), 'revenue')]"),
    ("md", "## Strings and back to pandas"),
    ("code", "sales['city'].str.upper().value_counts()"),
    ("code", "sales.describe()"),
    ("code", "sales.head(3).to_pandas()"),
    (
        "md",
        "Where the data lives is the last line of each table; `ferrodf.host_fallbacks()` counts work that ran on the CPU because it has no GPU path yet.",
    ),
    ("code", "ferrodf.host_fallbacks()"),
]

PLC = [
    (
        "md",
        "# The pylibcudf-style API (`ferrodf.plc`)\n\nFor library authors: columns, tables and "
        "the algorithms underneath the DataFrame, with pylibcudf's names. A pylibcudf user "
        "changes only the import.",
    ),
    (
        "code",
        "import pyarrow as pa\n\nimport ferrodf.plc as plc\n\n"
        "keys = plc.Column.from_arrow(pa.array([3, 1, 3, 2, 1]))\n"
        "vals = plc.Column.from_arrow(pa.array([10.0, 20.0, None, 40.0, 50.0]))\n"
        "keys, vals",
    ),
    ("md", "## gather and sort"),
    (
        "code",
        "order = plc.sorting.stable_sorted_order(plc.Table([keys]), [plc.types.Order.ASCENDING], [plc.types.NullOrder.AFTER])\n"
        "sorted_tbl = plc.copying.gather(plc.Table([keys, vals]), order, plc.copying.OutOfBoundsPolicy.DONT_CHECK)\n"
        "[c.to_pylist() for c in sorted_tbl.columns()]",
    ),
    ("md", "## groupby"),
    (
        "code",
        "gb = plc.groupby.GroupBy(plc.Table([keys]))\n"
        "req = plc.groupby.GroupByRequest(vals, [plc.aggregation.sum(), plc.aggregation.count()])\n"
        "group_keys, results = gb.aggregate([req])\n"
        "group_keys.columns()[0].to_pylist(), [c.to_pylist() for c in results[0].columns()]",
    ),
    ("md", "## join"),
    (
        "code",
        "right = plc.Column.from_arrow(pa.array([1, 2, 9]))\n"
        "lmap, rmap = plc.join.inner_join(plc.Table([keys]), plc.Table([right]), plc.types.NullEquality.EQUAL)\n"
        "sorted(zip(lmap.to_pylist(), rmap.to_pylist(), strict=True))",
    ),
    ("md", "## Arrow interchange\n\nColumns and tables speak the Arrow PyCapsule interface."),
    ("code", "pa.array(vals), plc.Table([keys, vals]).to_arrow(metadata=['k', 'v'])"),
]

GPU_MEMORY = [
    (
        "md",
        "# Where data lives\n\nferrodf keeps each buffer on the host, on the GPU, or both, and "
        "moves it lazily: a column built from NumPy stays on the host until a GPU kernel reads "
        "it. On a machine without a GPU this notebook shows the CPU behaviour.",
    ),
    (
        "code",
        "import numpy as np\n\nimport ferrodf\nimport ferrodf.plc as plc\n\n"
        "gpu = ferrodf.gpu_info()\n"
        "print(gpu or f'no GPU here: {ferrodf.gpu_unavailable_reason()}; everything below runs on the CPU')\n"
        "print('device option:', ferrodf.get_option('device'))",
    ),
    (
        "code",
        "col = plc.Column.from_array(np.arange(1_000_000, dtype='float64'))\n"
        "print('after creation:', col.residency())\n"
        "total = plc.reduce.reduce(col, plc.aggregation.sum(), plc.DataType(plc.TypeId.FLOAT64))\n"
        "print('sum =', total.to_py(), '; after a reduction:', col.residency())",
    ),
    (
        "md",
        "## Placement\n\n`device` is `auto` (GPU when usable), `gpu` (a missing GPU path is an error) or `cpu`.",
    ),
    (
        "code",
        "with ferrodf.option_context(device='cpu'):\n"
        "    df = ferrodf.DataFrame({'x': np.arange(5)})\n"
        "    print((df['x'] * 2).tolist())\n"
        "df",
    ),
    ("md", "## Zero-copy with CuPy (GPU only)"),
    (
        "code",
        "if gpu:\n"
        "    import cupy as cp\n"
        "    s = ferrodf.Series(cp.arange(5, dtype='float64'))  # no copy: ferrodf views CuPy's memory\n"
        "    back = s.to_cupy()                                   # and CuPy views ferrodf's\n"
        "    print(type(back), back)\n"
        "else:\n"
        "    print('no GPU: CuPy arrays need one')",
    ),
    (
        "md",
        "## Spilling\n\nWhen the GPU fills up, ferrodf moves least-recently-used buffers to "
        "host memory and brings them back on their next GPU use. A soft limit makes this "
        "happen earlier, here at 256 MiB, so the example stays small. Buffers whose device "
        "pointer was handed out (CuPy views, `__cuda_array_interface__`) are never spilled. "
        "See docs/memory.md.",
    ),
    (
        "code",
        "from ferrodf import memory\n\n"
        "memory.reset_statistics()\n"
        "ferrodf.set_option('memory.device_limit', '256MiB')\n"
        "parts = [ferrodf.Series(np.arange(8_000_000) + i) for i in range(6)]  # 6 x 61 MiB\n"
        "if gpu:\n"
        "    for p in parts:\n"
        "        memory.prefetch(p, 'device')\n"
        "print([memory.location(p) for p in parts])\n"
        "print('sums:', [int(p.sum()) for p in parts])  # spilled parts come back as needed\n"
        "ferrodf.set_option('memory.device_limit', None)",
    ),
    (
        "code",
        "memory.statistics()",
    ),
    (
        "code",
        "info = memory.info()\n"
        "{k: info[k] for k in ('device_bytes', 'spillable', 'exposed', 'spilled')}",
    ),
    (
        "md",
        "The last line of a frame's display says where its data lives, and how much of it "
        "was spilled:",
    ),
    ("code", "parts[0].to_frame()"),
]


EVCXR = [
    (
        "md",
        "# ferrodf in Rust, in the evcxr kernel\n\n"
        "The pandas-like layer is the Rust crate `ferrodf` (`frontend/`); the Python package wraps "
        "it. This notebook uses it directly from the [evcxr](https://github.com/evcxr/evcxr) "
        "Jupyter kernel (`cargo install evcxr_jupyter && evcxr_jupyter --install`).\n\n"
        "The first cell compiles ferrodf and its dependencies: a few minutes the first time. "
        "`:opt 0` makes that a debug build (evcxr's default, `:opt 2`, compiles much longer and "
        "pays off only for large data). Point `EVCXR_TMPDIR` at a directory you keep and later "
        "sessions reuse the build (`make test` uses `build/evcxr`).",
    ),
    (
        "code",
        ':opt 0\n:dep ferrodf = { path = "../frontend" }\n:dep arrow-array = "59"',
    ),
    (
        "md",
        "`ferrodf::core` is the columnar core (`Column`, `Table`, the `ops` kernels, Arrow interop); "
        "`DataFrame`, `Series`, `Index` and the labels sit on top. Strings come in through Arrow.",
    ),
    (
        "code",
        "use arrow_array::StringArray;\n"
        "use ferrodf::core::interop::arrow::from_arrow;\n"
        "use ferrodf::core::ops::binaryop::{binary_operation, BinaryOperator, Operand};\n"
        "use ferrodf::core::{Column, Scalar, TypeId};\n"
        "use ferrodf::{AggRequest, DataFrame, JoinHow, LabelKey, RowSelection};\n"
        "\n"
        "fn strings(values: &[&str]) -> Column {\n"
        '    from_arrow(&StringArray::from(values.to_vec())).expect("a string column")\n'
        "}",
    ),
    (
        "md",
        "## Build a frame\n\nA frame is a list of `(label, column)` pairs; the last expression of a cell is shown as an HTML table.",
    ),
    (
        "code",
        "let mut sales = DataFrame::from_columns(vec![\n"
        '    ("city".into(), strings(&["Oslo", "Lima", "Pune", "Oslo", "Kyiv", "Lima", "Oslo", "Pune"])),\n'
        '    ("product".into(), strings(&["tea", "coffee", "tea", "cocoa", "tea", "tea", "coffee", "cocoa"])),\n'
        '    ("units".into(), Column::from_values(vec![3i64, 5, 2, 8, 1, 4, 6, 2])),\n'
        '    ("price".into(), Column::from_options(vec![Some(2.5f64), Some(4.0), Some(2.25), None, Some(2.5), Some(2.75), Some(4.5), Some(3.0)])),\n'
        "])?;\n"
        "let revenue = binary_operation(\n"
        '    Operand::Column(sales.data().get(&"units".into())?),\n'
        '    Operand::Column(sales.data().get(&"price".into())?),\n'
        "    BinaryOperator::Mul,\n"
        "    TypeId::Float64.into(),\n"
        ")?;\n"
        'sales.set_column("revenue".into(), revenue)?;\n'
        "sales",
    ),
    ("md", "## Select\n\nColumns by label, rows by a boolean column (here `revenue > 10`)."),
    ("code", 'sales.select_columns(&LabelKey::List(vec!["city".into(), "revenue".into()]))?'),
    (
        "code",
        "let big = RowSelection::Mask(binary_operation(\n"
        '    Operand::Column(sales.data().get(&"revenue".into())?),\n'
        "    Operand::Scalar(&Scalar::from_native(10.0f64)),\n"
        "    BinaryOperator::Greater,\n"
        "    TypeId::Bool8.into(),\n"
        ")?);\n"
        "sales.select_rows(&big)?",
    ),
    (
        "md",
        "## Group, merge, sort\n\n`groupby_agg(by, requests, sort, dropna, as_index, ddof)` is pandas' "
        "`groupby(by).agg(...)` with named outputs; `merge` and `sort_values` follow pandas' row order.",
    ),
    (
        "code",
        "fn agg(column: &str, how: &str, output: &str) -> AggRequest {\n"
        "    AggRequest { column: column.into(), how: how.into(), output: output.into() }\n"
        "}\n"
        "sales.groupby_agg(\n"
        '    &["city".into()],\n'
        '    &[agg("revenue", "sum", "total"), agg("units", "count", "orders")],\n'
        "    true, true, true, 1,\n"
        ")?",
    ),
    (
        "code",
        "let regions = DataFrame::from_columns(vec![\n"
        '    ("city".into(), strings(&["Oslo", "Lima", "Pune", "Kyiv"])),\n'
        '    ("region".into(), strings(&["Europe", "Americas", "Asia", "Europe"])),\n'
        "])?;\n"
        'let joined = sales.merge(&regions, &["city".into()], JoinHow::Inner, ("_x", "_y"))?;\n'
        'joined.sort_values(&ferrodf::SortOptions::by(["region", "revenue"]).ascending([true, false]))?',
    ),
    (
        "md",
        "## MultiIndex columns and a Series\n\nTuple labels make hierarchical columns; "
        "a prefix selects the group below it.",
    ),
    (
        "code",
        "let wide = DataFrame::from_columns(vec![\n"
        '    (("tea", "units").into(), Column::from_values(vec![3i64, 5])),\n'
        '    (("tea", "revenue").into(), Column::from_values(vec![9.0f64, 15.5])),\n'
        '    (("coffee", "units").into(), Column::from_values(vec![7i64, 1])),\n'
        '    (("coffee", "revenue").into(), Column::from_values(vec![28.0f64, 4.0])),\n'
        "])?;\n"
        "wide",
    ),
    ("code", 'wide.select_columns(&LabelKey::Label("tea".into()))?'),
    ("code", 'joined.column(&"region".into())?'),
    (
        "md",
        "## Display options and text\n\npandas' `display.*` options; `println!` prints the text table.",
    ),
    (
        "code",
        "let mut opts = ferrodf::display_options();\n"
        "opts.max_rows = 4;\n"
        "opts.min_rows = 4;\n"
        "opts.precision = 2;\n"
        "ferrodf::set_display_options(opts);\n"
        'println!("{sales}");\n'
        "ferrodf::set_display_options(Default::default());",
    ),
]


DASK_SCALE_OUT = [
    (
        "md",
        "# Scaling out with Dask\n\nferrodf is a backend of `dask.dataframe`: Dask splits the "
        "data into partitions, each partition is a ferrodf DataFrame, and Dask's scheduler and "
        "shuffles spread the work over worker processes, one per GPU (see docs/dask.md). On a "
        "machine without a GPU the workers run ferrodf on the CPU; nothing else changes.",
    ),
    (
        "code",
        "import tempfile\nfrom pathlib import Path\n\nimport dask\nimport dask.dataframe as dd\n"
        "import numpy as np\nimport pandas as pd\nfrom distributed import Client\n\n"
        "import ferrodf\nfrom ferrodf.dask.cluster import local_cluster\n\n"
        "gpus = [] if ferrodf.gpu_info() is None else [0]  # list every GPU of the machine here\n"
        "cluster = local_cluster(n_workers=2, gpus=gpus)  # one worker process per GPU\n"
        "client = Client(cluster)\n"
        "dask.config.set({'dataframe.backend': 'ferrodf', 'dataframe.shuffle.method': 'tasks'})\n"
        "print('dashboard:', client.dashboard_link)",
    ),
    (
        "md",
        "## A partitioned Parquet dataset\n\nWrite one directory per region (`partition_on`), "
        "then read it back with the ferrodf backend: every partition is a ferrodf DataFrame.",
    ),
    (
        "code",
        "rng = np.random.default_rng(0)\nn = 100_000\n"
        "sales = pd.DataFrame({\n"
        "    'city': rng.choice(['Oslo', 'Lima', 'Pune', 'Kyiv', 'Perth'], n),\n"
        "    'units': rng.integers(1, 20, n),\n"
        "    'price': np.round(rng.uniform(1, 9, n), 2),\n"
        "})\n"
        "sales['region'] = sales['city'].map({'Oslo': 'Europe', 'Kyiv': 'Europe', 'Lima': 'Americas',\n"
        "                                     'Pune': 'Asia', 'Perth': 'Oceania'})\n"
        "path = Path(tempfile.mkdtemp()) / 'sales'\n"
        "dd.from_pandas(sales, npartitions=8).to_backend('ferrodf').to_parquet(path, partition_on=['region'])\n"
        "sorted(p.name for p in path.iterdir() if p.is_dir())",
    ),
    (
        "code",
        "ddf = dd.read_parquet(path)\nddf['revenue'] = ddf['units'] * ddf['price']\n"
        "print(ddf.npartitions, 'partitions of', type(ddf._meta).__name__)\nddf",
    ),
    (
        "md",
        "## Groupby\n\nA tree reduction by default; `split_out` shuffles the groups over partitions.",
    ),
    (
        "code",
        "by_city = ddf.groupby('city').agg({'revenue': 'sum', 'units': 'count'}).compute()\n"
        "by_city",
    ),
    (
        "code",
        "ddf.groupby(['region', 'city']).agg({'revenue': 'mean'}, split_out=2).compute()",
    ),
    (
        "md",
        "## Merge\n\nA small table is broadcast to every partition; two large ones are hash-shuffled.",
    ),
    (
        "code",
        "targets = dd.from_pandas(pd.DataFrame({'city': ['Oslo', 'Lima', 'Pune', 'Kyiv', 'Perth'],\n"
        "                                       'target': [90_000, 80_000, 70_000, 60_000, 50_000]}),\n"
        "                         npartitions=1).to_backend('ferrodf')\n"
        "totals = ddf.groupby('city').agg({'revenue': 'sum'}).reset_index()\n"
        "merged = totals.merge(targets, on='city', broadcast=True)\n"
        "merged['reached'] = merged['revenue'] >= merged['target']\n"
        "merged.compute()",
    ),
    (
        "code",
        "big = ddf[['city', 'units']].merge(ddf[['city', 'price']], on='city', broadcast=False)\n"
        "len(ddf[ddf.units > 18].merge(targets, on='city'))",
    ),
    (
        "md",
        "The dashboard link above shows the task stream and each worker's memory while these run. "
        "Close the cluster when done.",
    ),
    ("code", "client.close()\ncluster.close()"),
]


def write(name: str, cells: list[tuple[str, str]], kernel: str = "python") -> None:
    nb = nbformat.v4.new_notebook()
    nb.cells = [
        nbformat.v4.new_markdown_cell(src) if kind == "md" else nbformat.v4.new_code_cell(src)
        for kind, src in cells
    ]
    for i, cell in enumerate(nb.cells):  # stable ids: regenerating changes only edited cells
        cell.id = f"{Path(name).stem.replace('_', '-')}-{i}"
    nb.metadata["kernelspec"] = KERNELS[kernel]["kernelspec"]
    nb.metadata["language_info"] = KERNELS[kernel]["language_info"]
    nbformat.write(nb, HERE / name)


# evcxr_jupyter --install registers the kernel "rust"; ruff formats only the Python ones
KERNELS = {
    "python": {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    },
    "rust": {
        "kernelspec": {"name": "rust", "display_name": "Rust", "language": "rust"},
        "language_info": {"name": "Rust", "file_extension": ".rs", "mimetype": "text/rust"},
    },
}


if __name__ == "__main__":
    write("quickstart.ipynb", QUICKSTART)
    write("plc_low_level.ipynb", PLC)
    write("gpu_memory.ipynb", GPU_MEMORY)
    write("dask_scale_out.ipynb", DASK_SCALE_OUT)
    write("evcxr_quickstart.ipynb", EVCXR, kernel="rust")
