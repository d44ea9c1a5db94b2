"""Writes the Python notebooks of this folder (without outputs) from the cells below.

Edit the cells here and run `python notebooks/make_notebooks.py && ruff format notebooks`;
the .ipynb files are what users open and what tests/notebooks executes. The outputs
recorded on a GPU (`recorded/*.json`, made by scripts/gpu_notebooks.sh on the GPU machine)
are merged back after each cell whose source they recorded (scripts/record_notebook.py).
"""

from __future__ import annotations

from pathlib import Path

import nbformat

HERE = Path(__file__).parent

QUICKSTART = [
    (
        "md",
        "# ferrodf quickstart\n\nA pandas-like DataFrame that runs on the GPU when one is usable and on the CPU otherwise. Nothing in this notebook changes between the two. [evcxr_quickstart.ipynb](evcxr_quickstart.ipynb) does the same in Rust, cell by cell, with the same results.",
    ),
    (
        "code",
        'import numpy as np\n\nimport ferrodf\n\ninfo = ferrodf.gpu_info()\nprint("running on", info["name"] if info else f"the CPU ({ferrodf.gpu_unavailable_reason()})")',
    ),
    (
        "md",
        "## Build a frame\n\nFrom a dict of lists, NumPy, pandas, pyarrow or polars data. The data are made by formulas, so that the Rust notebook builds the very same frame.",
    ),
    (
        "code",
        'i = np.arange(1000)\ncities = np.array(["Oslo", "Lima", "Pune", "Kyiv"])\nproducts = np.array(["tea", "coffee", "cocoa"])\nsales = ferrodf.DataFrame(\n    {\n        "city": cities[(i * 7 + i // 3) % 4],\n        "product": products[(i * 5 + i // 4) % 3],\n        "units": 1 + (i * 13) % 19,\n        "price": (100 + (i * 37) % 800) / 100,\n    }\n)\nsales["revenue"] = sales["units"] * sales["price"]\nsales',
    ),
    ("md", "## Select\n\n`[]`, `.loc` (labels, both ends included) and `.iloc` (positions)."),
    ("code", 'sales[sales["revenue"] > 150][["city", "revenue"]].head()'),
    ("code", 'sales.loc[10:14, "city":"units"]'),
    ("md", "## Group, sort, merge"),
    (
        "code",
        'by_city = sales.groupby(["city", "product"]).agg(\n    total=("revenue", "sum"), orders=("units", "count")\n)\nby_city.sort_values("total", ascending=False).head(6)',
    ),
    (
        "code",
        'regions = ferrodf.DataFrame(\n    {"city": ["Oslo", "Lima", "Pune", "Kyiv"], "region": ["Europe", "Americas", "Asia", "Europe"]}\n)\nsales.merge(regions, on="city").groupby("region").agg({"revenue": ["sum", "mean"]})',
    ),
    (
        "md",
        "## MultiIndex columns\n\nA frame whose columns have two levels; select a whole group or use wildcards.",
    ),
    (
        "code",
        'wide = ferrodf.DataFrame(\n    {\n        ("tea", "units"): [3, 5],\n        ("tea", "revenue"): [9.0, 15.5],\n        ("coffee", "units"): [7, 1],\n        ("coffee", "revenue"): [28.0, 4.0],\n    }\n)\nwide',
    ),
    ("code", 'wide["tea"]'),
    ("code", 'wide.loc[:, (slice(None), "revenue")]'),
    ("md", "## Strings and statistics"),
    ("code", 'sales["city"].str.upper().value_counts()'),
    ("code", "sales.describe()"),
    (
        "md",
        "## Back to pandas\n\nPython only: `to_pandas()` (and `to_arrow()`, `to_numpy()`, `to_cupy()`) hand the data to other libraries.",
    ),
    ("code", "sales.head(3).to_pandas()"),
    (
        "md",
        "Where the data lives is the last line of each table; `ferrodf.host_fallbacks()` counts work that ran on the CPU because it has no GPU path yet.",
    ),
    ("code", "ferrodf.host_fallbacks()"),
    (
        "md",
        "## From here on, Python only\n\nThe cells above have twins in "
        "[evcxr_quickstart.ipynb](evcxr_quickstart.ipynb) (Rust); the ones below are the "
        "Python session's next steps.",
    ),
    (
        "md",
        "## Read a CSV: missing values and dates\n\nA file as one gets it: empty cells are "
        "missing values (`<NA>`), and `parse_dates` reads a column as timestamps. The cell "
        "writes the file first (into a temporary folder) so that the notebook runs anywhere.",
    ),
    (
        "code",
        "import tempfile\nfrom pathlib import Path\n\n"
        "csv = Path(tempfile.mkdtemp()) / 'orders.csv'\n"
        "csv.write_text(\n"
        "    'date,city,units,price\\n'\n"
        "    '2024-01-05,Oslo,3,2.5\\n2024-01-20,Lima,,4.0\\n2024-02-03,,5,3.0\\n'\n"
        "    '2024-02-17,Oslo,2,\\n2024-03-02,Pune,,2.25\\n2024-03-30,Lima,7,4.0\\n'\n"
        ")\n"
        "orders = ferrodf.read_csv(csv, parse_dates=['date'])\n"
        "orders",
    ),
    ("code", "orders.isna().sum()  # missing values per column"),
    (
        "md",
        "`dropna` drops rows with missing values, `fillna` fills them (one value, or a dict "
        "per column). A missing value is always `<NA>`, also in float columns (ferrodf has no "
        "NaN), and an integer column with gaps stays integer, where pandas makes it float.",
    ),
    ("code", "clean = orders.dropna(subset=['city']).fillna({'units': 0})\nclean"),
    (
        "md",
        "Dates: fields with `.dt`, comparisons with date strings, rounding with `dt.floor`.",
    ),
    (
        "code",
        "clean['month'] = clean['date'].dt.month\n"
        "clean['weekday'] = clean['date'].dt.dayofweek  # Monday is 0\n"
        "clean[clean['date'] >= '2024-02-01'].groupby('month').agg(units=('units', 'sum'), orders=('city', 'count'))",
    ),
    (
        "md",
        "A pandas method ferrodf lacks raises an AttributeError naming the pandas copy to use; "
        "[docs/migration.md](../docs/migration.md) lists them with their workarounds. Here, day "
        "names through pandas and back:",
    ),
    (
        "code",
        "try:\n"
        "    clean['date'].dt.day_name()\n"
        "except AttributeError as e:\n"
        "    print(e)\n"
        "clean['day'] = ferrodf.from_pandas(clean['date'].to_pandas().dt.day_name())\n"
        "clean[['date', 'day']]",
    ),
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
    (
        "md",
        "## Residency\n\nEach column's buffers live in host memory, GPU memory or both; "
        "`residency()` says which. A column made from host data is `host` until a GPU kernel "
        "reads it (`host+device` then), and a result computed on the GPU is `device` until "
        "something asks for host data. Without a GPU everything stays `host`.",
    ),
    (
        "code",
        "f64 = plc.DataType(plc.TypeId.FLOAT64)\n"
        "doubled = plc.binaryop.binary_operation(vals, vals, plc.binaryop.BinaryOperator.ADD, f64)\n"
        "{'vals': vals.residency(), 'doubled': doubled.residency()}",
    ),
    (
        "md",
        "## From a Series to a plc Column and back\n\nA ferrodf `Series` speaks the Arrow "
        "PyCapsule interface, so `plc.Column.from_arrow(series)` takes its column (no copy on "
        "the host); `ferrodf.Series(column, name=...)` wraps a plc Column again. In between, "
        "any plc algorithm applies.",
    ),
    (
        "code",
        "import ferrodf\n\n"
        "s = ferrodf.Series([2.5, None, 4.0, 1.0], name='price')\n"
        "col = plc.Column.from_arrow(s)\n"
        "order = plc.sorting.sorted_order(plc.Table([col]), [plc.types.Order.DESCENDING], [plc.types.NullOrder.AFTER])\n"
        "top = plc.copying.gather(plc.Table([col]), order, plc.copying.OutOfBoundsPolicy.DONT_CHECK).columns()[0]\n"
        "back = ferrodf.Series(top, name='price')\n"
        "print(col.residency(), top.size(), top.null_count())\n"
        "back",
    ),
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
        "code",
        "result = plc.binaryop.binary_operation(col, col, plc.binaryop.BinaryOperator.ADD, plc.DataType(plc.TypeId.FLOAT64))\n"
        "print('a computed column:', result.residency())",
    ),
    (
        "md",
        "**On a GPU.** The two cells above print `host` after creation, `host+device` after the sum (the reduction "
        "copied the column to the GPU and the host copy stays valid, buffers never change), "
        "then `device` for the computed column, which stays on the GPU until something asks "
        "for host data (`to_arrow`, `tolist`, a display). That is the documented rule of "
        "[docs/memory.md](../docs/memory.md); without a GPU all three lines say `host`, as shown "
        "live here.",
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
        "md",
        "The statistics above are this machine's (all zero without a GPU: nothing moves). "
        "Recorded on an NVIDIA H200 (`bench/bench_memory.py`, 1 GiB buffers, commit "
        "`0f1e207`, [docs/gpu.md](../docs/gpu.md)): one spill and one unspill of 1 GiB took "
        "19.5 ms each, 55.2 GB/s, the link's full speed (page-locked pool); the very first "
        "spill took 432 ms because it pinned a new block of the pool. As a table:",
    ),
    (
        "md",
        "| recorded on an H200 | count | bytes | seconds | rate |\n"
        "|---|---:|---:|---:|---:|\n"
        "| spills | 1 | 1.0 GiB | 0.0195 | 55.2 GB/s |\n"
        "| unspills | 1 | 1.0 GiB | 0.0195 | 55.2 GB/s |\n"
        "| first spill (pins a pool block) | 1 | 1.0 GiB | 0.432 | 2.5 GB/s |",
    ),
    (
        "md",
        "With a GPU, the spilling cell above prints `'device'` for the parts that stayed and "
        "`'spilled'` for the ones moved out (six parts of 61 MiB do not fit the 256 MiB limit, "
        "so at least two are spilled), the sums bring spilled parts back (unspills), and the "
        "statistics count those spills and unspills.",
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
        "# ferrodf quickstart, in Rust (the evcxr kernel)\n\nThe pandas-like layer is the Rust crate `ferrodf` (`frontend/`); the Python package wraps it. This notebook does what [quickstart.ipynb](quickstart.ipynb) does, cell by cell, from the [evcxr](https://github.com/evcxr/evcxr) Jupyter kernel (`cargo install evcxr_jupyter && evcxr_jupyter --install`), and shows the same tables (`tests/notebooks/test_evcxr.py` compares them).\n\nThe first cell compiles ferrodf and its dependencies: a few minutes the first time. `:opt 0` makes that a debug build (evcxr's default, `:opt 2`, compiles much longer and pays off only for large data). Point `EVCXR_TMPDIR` at a directory you keep and later sessions reuse the build (`make test` uses `build/evcxr`).",
    ),
    ("code", ':opt 0\n:dep ferrodf = { path = "../frontend" }'),
    (
        "code",
        'use ferrodf::groupby::Funcs;\nuse ferrodf::selection::Rows;\nuse ferrodf::{df, AggSpec, LabelKey, LevelKey, SortOptions};\n\nmatch ferrodf::core::device::runtime() {\n    Ok(rt) => println!("running on {}", rt.name()),\n    Err(_) => println!("running on the CPU ({})", ferrodf::core::device::unavailable_reason().unwrap_or_default()),\n}',
    ),
    (
        "md",
        "## Build a frame\n\n`df!` takes `label => values` pairs (vectors and arrays of numbers, strings, `bool`s, dates; `Option` for missing values). The same formulas as the Python notebook.",
    ),
    (
        "code",
        'let n = 1000i64;\nlet cities = ["Oslo", "Lima", "Pune", "Kyiv"];\nlet products = ["tea", "coffee", "cocoa"];\nlet mut sales = df!(\n    "city" => (0..n).map(|i| cities[((i * 7 + i / 3) % 4) as usize]).collect::<Vec<_>>(),\n    "product" => (0..n).map(|i| products[((i * 5 + i / 4) % 3) as usize]).collect::<Vec<_>>(),\n    "units" => (0..n).map(|i| 1 + (i * 13) % 19).collect::<Vec<i64>>(),\n    "price" => (0..n).map(|i| (100 + (i * 37) % 800) as f64 / 100.0).collect::<Vec<f64>>(),\n)?;\n// sales["revenue"] = sales["units"] * sales["price"]\nlet revenue = (&sales.column(&"units".into())? * &sales.column(&"price".into())?)?;\nsales.set_column("revenue".into(), revenue.column().clone())?;\nsales',
    ),
    (
        "md",
        "## Select\n\n`filter` is `df[mask]`, `loc` takes rows by label (`Rows`) and columns by label (`LabelKey`), `iloc` positions.",
    ),
    (
        "code",
        'let big = sales.column(&"revenue".into())?.gt(150)?;\nsales.filter(&big)?.select_columns(&LabelKey::List(vec!["city".into(), "revenue".into()]))?.head(5)?',
    ),
    (
        "code",
        'sales.loc(\n    &Rows::Slice { start: Some(10i64.into()), stop: Some(14i64.into()) },\n    &LabelKey::Slice { start: Some("city".into()), stop: Some("units".into()) },\n)?',
    ),
    ("md", "## Group, sort, merge"),
    (
        "code",
        'let by_city = sales\n    .groupby(["city", "product"])?\n    .agg(AggSpec::named([("total", "revenue", "sum"), ("orders", "units", "count")]))?;\nby_city.sort_values(&SortOptions::by(["total"]).descending())?.head(6)?',
    ),
    (
        "code",
        'let regions = df!(\n    "city" => ["Oslo", "Lima", "Pune", "Kyiv"],\n    "region" => ["Europe", "Americas", "Asia", "Europe"],\n)?;\nlet revenue_stats = AggSpec::PerColumn(vec![(\n    "revenue".into(),\n    Funcs::List(vec!["sum".into(), "mean".into()]),\n)]);\nlet joined = sales.merge(&regions).on(["city"]).run()?;\nlet by_region = joined.groupby(["region"])?.agg(revenue_stats)?;\nby_region',
    ),
    (
        "md",
        "## MultiIndex columns\n\nTuple labels make hierarchical columns; a prefix selects the group below it, `LevelKey::Any` is pandas' `slice(None)`.",
    ),
    (
        "code",
        'let wide = df!(\n    ("tea", "units") => [3i64, 5],\n    ("tea", "revenue") => [9.0, 15.5],\n    ("coffee", "units") => [7i64, 1],\n    ("coffee", "revenue") => [28.0, 4.0],\n)?;\nwide',
    ),
    ("code", 'wide.select_columns(&LabelKey::Label("tea".into()))?'),
    (
        "code",
        'wide.loc(&Rows::All, &LabelKey::Levels(vec![LevelKey::Any, LevelKey::Label("revenue".into())]))?',
    ),
    ("md", "## Strings and statistics"),
    ("code", 'sales.column(&"city".into())?.str()?.upper()?.value_counts(true, false, true)?'),
    ("code", "sales.describe()?"),
    (
        "md",
        "## Back to pandas\n\nRust has no pandas; the columns are Arrow arrays one call away (`ferrodf::core::interop::arrow::to_arrow`). The text table is what `println!` prints.",
    ),
    ("code", 'println!("{}", sales.head(3)?);'),
    (
        "md",
        "Where the data lives is the last line of each table; `host_fallbacks` counts work that ran on the CPU because it has no GPU path yet.",
    ),
    ("code", "ferrodf::core::fallback::counts()"),
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


EXPLORE = [
    (
        "md",
        "# Exploring a large frame\n\nA generated frame of 10^7 sales rows, explored the way "
        "one explores a new data set: its shape, a summary, counts, groups, a filter, the top "
        "rows, and an interactive view. Each step runs where the data lives (on the GPU when "
        "one is usable) and only what is shown comes back to the host.\n\n"
        "The size is the parameter below: `make test` executes this notebook on a 2-core CPU "
        "with the default, 10^7 rows (about 30 s); on a GPU machine run it with "
        "`FERRODF_EXPLORE_ROWS=100000000` (10^8 rows, about 4.5 GB).",
    ),
    (
        "code",
        "import os\nimport time\n\nimport numpy as np\nimport pyarrow as pa\n\nimport ferrodf\n\n"
        "ROWS = int(os.environ.get('FERRODF_EXPLORE_ROWS', 10_000_000))  # the parameter\n"
        "info = ferrodf.gpu_info()\n"
        "print(f'{ROWS:,} rows on', info['name'] if info else 'the CPU')",
    ),
    (
        "md",
        "## Generate\n\nNumPy draws the numbers; the city names are drawn as codes and "
        "decoded by Arrow (building 10^7 Python strings would take longer than everything "
        "else here).",
    ),
    (
        "code",
        "start = time.perf_counter()\n"
        "rng = np.random.default_rng(42)\n"
        "cities = pa.array(['Oslo', 'Lima', 'Pune', 'Kyiv', 'Perth', 'Quito', 'Accra', 'Hanoi'])\n"
        "codes = pa.array(rng.integers(0, len(cities), ROWS, dtype=np.int32))\n"
        "sales = ferrodf.DataFrame({\n"
        "    'city': pa.DictionaryArray.from_arrays(codes, cities).cast(pa.string()),\n"
        "    'units': rng.integers(1, 50, ROWS),\n"
        "    'price': np.round(rng.gamma(2.0, 3.0, ROWS), 2),\n"
        "    'when': np.datetime64('2024-01-01') + rng.integers(0, 366 * 86400, ROWS).astype('timedelta64[s]'),\n"
        "})\n"
        "sales['revenue'] = sales['units'] * sales['price']\n"
        "print(f'made in {time.perf_counter() - start:.1f} s')\n"
        "sales",
    ),
    ("md", "## Summary and counts"),
    ("code", "sales.info()"),
    ("code", "sales[['units', 'price', 'revenue']].describe()"),
    ("code", "sales['city'].value_counts()"),
    (
        "md",
        "## Groups\n\nRevenue per city, and per month (a date field made a column first).",
    ),
    (
        "code",
        "sales.groupby('city').agg(total=('revenue', 'sum'), mean_price=('price', 'mean'), orders=('units', 'count'))",
    ),
    (
        "code",
        "sales['month'] = sales['when'].dt.month\n"
        "sales.groupby('month').agg(total=('revenue', 'sum'), biggest=('revenue', 'max'))",
    ),
    ("md", "## A filter and the top rows"),
    (
        "code",
        "expensive = sales[(sales['price'] > 30) & (sales['city'] == 'Oslo')]\n"
        "print(f'{len(expensive):,} expensive sales in Oslo')\n"
        "expensive.head()",
    ),
    ("code", "sales.nlargest(5, 'revenue')"),
    (
        "md",
        "## Browse\n\n`sales.browse()` is an interactive view of the whole frame: scroll, "
        "sort by a header, filter, summarize a column; pages are fetched on demand "
        "([docs/display.md](../docs/display.md)). It needs `anywidget`; without it the cell "
        "says so.",
    ),
    (
        "code",
        "try:\n"
        "    import anywidget  # noqa: F401\n"
        "except ImportError:\n"
        "    print('pip install anywidget for the interactive view')\n"
        "else:\n"
        "    view = sales.browse()\n"
        "    display(view)",
    ),
    (
        "md",
        "Where the frame lives and what it holds; on a GPU, `host_fallbacks()` names any step "
        "that had to run on the CPU (none is expected here).",
    ),
    (
        "code",
        "print(f'{sales.memory_usage() / 2**20:,.0f} MiB')  # one number: the whole frame's bytes\nferrodf.host_fallbacks()",
    ),
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


# What each recording was made with (scripts/gpu_notebooks.sh on the `nvidia-h200` kind).
RECORDED = {
    "gpu_memory": "Recorded on an NVIDIA H200 (FERRODF_DEVICE=gpu, wheel of 4df62d0, 2026-11-27)",
    "explore": "Recorded on an NVIDIA H200 with FERRODF_EXPLORE_ROWS=100000000 "
    "(FERRODF_DEVICE=gpu, wheel of 4df62d0, 2026-11-27)",
}


def merge_recordings() -> None:
    """Puts the GPU recordings next to the cells they recorded."""
    import importlib.util
    import json

    spec = importlib.util.spec_from_file_location(
        "record_notebook", HERE.parent / "scripts" / "record_notebook.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    for name, label in RECORDED.items():
        records = json.loads((HERE / "recorded" / f"{name}.json").read_text())
        module.merge(HERE / f"{name}.ipynb", records, label)


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
    write("explore.ipynb", EXPLORE)
    write("evcxr_quickstart.ipynb", EVCXR, kernel="rust")
    merge_recordings()
