"""``.plot`` and ``.hist`` of ferrodf data against pandas' own plots of the same data.

Each plot is rendered to PNG (Agg) and the data handed to matplotlib is compared with what
pandas hands it: bar heights and positions of histograms and bar plots, Line2D data, the
offsets of scatter collections, box statistics against ``matplotlib.cbook.boxplot_stats``.
Frames longer than ``plotting.row_limit`` are checked for the view they plot (the title
says which) and, on a GPU, for how little they move to the host.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

import ferrodf
from ferrodf import memory

mpl = pytest.importorskip("matplotlib")
mpl.use("Agg")
plt = pytest.importorskip("matplotlib.pyplot")
cbook = pytest.importorskip("matplotlib.cbook")
# pandas' kde plots need scipy; the other plots do not
SCIPY = pytest.mark.skipif(
    importlib.util.find_spec("scipy") is None, reason="pandas' kde plots need scipy"
)


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


def frame(n: int = 200, seed: int = 0) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    pdf = pd.DataFrame(
        {
            "x": rng.normal(10, 3, n).round(1),
            "k": rng.integers(-5, 20, n),
            "y": rng.exponential(2, n),
            "city": rng.choice(["lima", "oslo", "rome"], n),
        }
    )
    pdf.loc[pdf.index[::7], "x"] = np.nan
    return pdf


def bars(ax: Any) -> list[tuple[float, float, float]]:
    """(x, width, height) of each bar patch, (angles, radius) of each pie wedge."""
    return [(p.theta1, p.theta2, p.r) if hasattr(p, "theta1")
            else (p.get_x(), p.get_width(), p.get_height()) for p in ax.patches]  # fmt: skip


def same_bars(ours: Any, theirs: Any) -> None:
    np.testing.assert_allclose(bars(ours), bars(theirs), rtol=1e-12, atol=1e-12)


def lines(ax: Any) -> list[tuple[np.ndarray, np.ndarray]]:
    return [(np.asarray(ln.get_xdata(), float), np.asarray(ln.get_ydata(), float))
            for ln in ax.lines]  # fmt: skip


def saved(ax: Any, tmp_path: Path) -> None:
    """The plot renders to a non-empty PNG."""
    fig = (ax.flat[0] if isinstance(ax, np.ndarray) else ax).get_figure()
    path = tmp_path / "plot.png"
    fig.savefig(path)
    assert path.stat().st_size > 1000


def both(call: Any, pdf: Any) -> tuple[Any, Any]:
    """``call`` on the ferrodf copy of ``pdf`` and on ``pdf``, each in a fresh figure."""
    plt.figure()
    ours = call(ferrodf.from_pandas(pdf))
    plt.figure()
    theirs = call(pdf)
    return ours, theirs


# -- histograms: counts from ferrodf ---------------------------------------------------
@pytest.mark.parametrize("bins", [10, 1, 37, [-20, 0, 5, 10.5, 12, 40], np.arange(0, 20, 2.5)])
@pytest.mark.parametrize("rows", [slice(None), slice(3, None)], ids=["whole", "sliced"])
@pytest.mark.parametrize("column", ["x", "k", "y"])
def test_series_plot_hist(column, rows, bins, tmp_path):
    pdf = frame().iloc[rows]
    ours, theirs = both(lambda d: d[column].iloc[2:].plot.hist(bins=bins), pdf)
    same_bars(ours, theirs)
    assert ours.get_ylabel() == theirs.get_ylabel()
    saved(ours, tmp_path)


def test_counts_equal_numpy_histogram():
    from ferrodf.plotting._bins import as_float, bin_counts, bin_edges

    rng = np.random.default_rng(1)
    for trial in range(60):
        a = rng.normal(0, 10.0 ** rng.integers(-3, 5), rng.integers(1, 2000))
        if trial % 3 == 0:
            a = np.round(a, 1)  # many values on the edges
        bins = int(rng.integers(1, 60))
        values = as_float(ferrodf.Series(a))
        edges = bin_edges([values], bins)
        expected, expected_edges = np.histogram(a, bins)
        np.testing.assert_array_equal(edges, expected_edges)
        np.testing.assert_array_equal(bin_counts(values, edges), expected)


def test_series_plot_hist_range_and_keywords():
    pdf = frame()
    kw = dict(bins=6, range=(5, 12), density=True, cumulative=True, histtype="step")
    ours, theirs = both(lambda d: d["x"].plot.hist(**kw), pdf)
    np.testing.assert_allclose(ours.patches[0].get_xy(), theirs.patches[0].get_xy())


def test_frame_plot_hist_shares_bins(tmp_path):
    pdf = frame()
    ours, theirs = both(lambda d: d.plot.hist(bins=12, alpha=0.5), pdf)
    same_bars(ours, theirs)
    assert ours.get_legend_handles_labels()[1] == theirs.get_legend_handles_labels()[1]
    ours, theirs = both(lambda d: d.plot(kind="hist", y="y", stacked=True), pdf)
    same_bars(ours, theirs)
    ours, theirs = both(lambda d: d.plot.hist(subplots=True, bins=5), pdf)
    assert ours.shape == theirs.shape
    for a, b in zip(ours, theirs, strict=True):
        same_bars(a, b)
    saved(ours, tmp_path)


def test_series_hist_method(tmp_path):
    pdf = frame()
    ours, theirs = both(lambda d: d["y"].hist(bins=8, grid=False, xrot=30), pdf)
    same_bars(ours, theirs)
    assert ours.get_xticklabels()[0].get_rotation() == theirs.get_xticklabels()[0].get_rotation()
    by = pdf["city"].to_numpy()
    ours, theirs = both(lambda d: d["x"].hist(by=by, bins=4), pdf)
    assert [a.get_title() for a in ours.flat] == [a.get_title() for a in theirs.flat]
    for a, b in zip(ours.flat, theirs.flat, strict=True):
        same_bars(a, b)
    saved(ours, tmp_path)


def test_frame_hist_method(tmp_path):
    pdf = frame().iloc[5:]
    ours, theirs = both(lambda d: d.hist(bins=7, figsize=(6, 4), layout=(2, 2)), pdf)
    assert ours.shape == theirs.shape
    assert [a.get_title() for a in ours.flat] == [a.get_title() for a in theirs.flat]
    for a, b in zip(ours.flat, theirs.flat, strict=True):
        same_bars(a, b)
    ours, theirs = both(lambda d: d.hist(column=["k"], legend=True), pdf)
    same_bars(ours.flat[0], theirs.flat[0])
    saved(ours, tmp_path)


@pytest.mark.parametrize("column", ["x", ["x", "y"], None])
def test_frame_hist_by(column, tmp_path):
    pdf = frame()
    pdf.loc[pdf.index[::11], "city"] = None  # missing keys form no group
    ours, theirs = both(lambda d: d.hist(column=column, by="city", bins=5), pdf)
    assert [a.get_title() for a in ours.flat] == [a.get_title() for a in theirs.flat]
    for a, b in zip(ours.flat, theirs.flat, strict=True):
        same_bars(a, b)
    saved(ours, tmp_path)


def test_hist_of_nulls_and_empty_columns():
    pdf = pd.DataFrame({"a": [None, 2.0, None, 2.0], "b": [np.nan] * 4})
    ours, theirs = both(lambda d: d["a"].plot.hist(), pdf)
    same_bars(ours, theirs)  # one value: numpy's range of value ± 0.5
    ours, theirs = both(lambda d: d["b"].hist(), pdf)
    same_bars(ours, theirs)  # nothing left: numpy's range [0, 1], no counts
    empty = pd.DataFrame({"a": pd.Series([], dtype="float64")})
    ours, theirs = both(lambda d: d["a"].plot.hist(bins=3), empty)
    same_bars(ours, theirs)


def raises_like_pandas(call: Any, pdf: Any) -> None:
    # no match=: pandas' own error (the oracle); its wording changes between pandas versions
    with pytest.raises(Exception) as theirs:
        call(pdf)
    # no match=: the type is pandas' (the oracle), the wording depends on the call
    with pytest.raises(type(theirs.value)):
        call(ferrodf.from_pandas(pdf))


@pytest.mark.parametrize(
    "call",
    [
        lambda d: d["city"].plot.hist(),
        lambda d: d[["city"]].plot.hist(),
        lambda d: d[["city"]].hist(),
        lambda d: d["x"].plot.hist(bins=0),
        lambda d: d["x"].plot.hist(bins="nope"),
        lambda d: d["x"].plot.hist(bins=[3, 1]),
        lambda d: d["x"].plot.hist(range=(3, 1)),
        lambda d: d["x"].hist(legend=True, label="x"),
        lambda d: d["x"].hist(layout=(1, 1)),
        lambda d: d.plot(kind="nope"),
        lambda d: d["x"].plot.scatter(x=1, y=2),
        lambda d: d.plot.pie(),
        lambda d: d["x"].plot("line"),
    ],
    ids=[
        "str",
        "str-frame",
        "str-hist",
        "bins0",
        "bins-name",
        "bins-down",
        "range-down",
        "legend-label",
        "layout",
        "kind",
        "series-scatter",
        "pie-no-y",
        "positional",
    ],
)
def test_errors_as_pandas(call):
    raises_like_pandas(call, frame())


def test_booleans_and_dates_as_pandas():
    pdf = pd.DataFrame({"d": pd.date_range("2024-01-01", periods=3), "b": [True, False, True]})
    pdf["v"] = [1.0, 2.0, 3.0]
    raises_like_pandas(lambda d: d["b"].hist(), pdf)
    raises_like_pandas(lambda d: d[["b"]].plot.hist(), pdf)
    ours, theirs = both(lambda d: d.plot.hist(), pdf)  # only v: dates and booleans left out
    same_bars(ours, theirs)
    assert ours.get_legend_handles_labels()[1] == ["v"]
    with pytest.raises(NotImplementedError, match="bins timestamps"):
        ferrodf.from_pandas(pdf)["d"].plot.hist()  # pandas 3 draws empty bins


@pytest.mark.parametrize("unit", ["s", "ms", "us", "ns"])
def test_timestamp_histograms_on_a_date_axis(unit, tmp_path):
    """Timestamps are binned as matplotlib bins them (float days since 1970, computed by
    ferrodf as ``date2num`` computes them), on a date axis; durations are left out."""
    rng = np.random.default_rng(4)
    when = pd.to_datetime(rng.integers(-(10**18), 10**18, 400)).as_unit("ns")
    pdf = pd.DataFrame(
        {
            "when": pd.Series(when).astype(f"datetime64[{unit}]"),
            "v": rng.normal(size=400),
            "took": pd.to_timedelta(rng.integers(0, 10**12, 400)),
        }
    )
    pdf.loc[::6, "when"] = pd.NaT
    pdf = pdf.iloc[2:]
    for call in (
        lambda d: d.hist(bins=9),
        lambda d: d["when"].hist(bins="auto"),
        lambda d: d["when"].hist(bins=5, range=(0, 5000)),
    ):
        ours, theirs = both(call, pdf)
        for a, b in zip(np.ravel(ours), np.ravel(theirs), strict=True):
            same_bars(a, b)
            assert a.get_title() == b.get_title()
            texts = [t.get_text() for t in a.get_xticklabels()]
            assert texts == [t.get_text() for t in b.get_xticklabels()]
    saved(ours, tmp_path)
    with pytest.raises(NotImplementedError, match="durations"):
        ferrodf.from_pandas(pdf)["took"].hist()


def test_inf_and_empty_frames_raise_as_pandas():
    raises_like_pandas(lambda d: d["a"].plot.hist(), pd.DataFrame({"a": [1.0, np.inf]}))
    raises_like_pandas(lambda d: d.plot(), pd.DataFrame({"a": pd.Series([], dtype=str)}))
    raises_like_pandas(lambda d: d.plot.hist(), pd.DataFrame())


@pytest.mark.parametrize("bins", ["auto", "fd", "doane", "scott", "rice", "sturges", "sqrt"])
def test_numpy_bin_estimators(bins):
    """``hist`` takes numpy's estimators as pandas does; ``plot.hist``, where pandas 3
    fails with them, bins with ``numpy.histogram_bin_edges`` of all the values."""
    pdf = frame(300).iloc[4:]
    for call in (
        lambda d: d["k"].hist(bins=bins),  # integers: no bin narrower than 1
        lambda d: d.hist(bins=bins, column=["x", "y"]),
        lambda d: d.hist(bins=bins, by="city", column="k"),
    ):
        ours, theirs = both(call, pdf)
        for a, b in zip(np.ravel(ours), np.ravel(theirs), strict=True):
            same_bars(a, b)
    for columns in (["x"], ["x", "y"], ["k"]):
        values = pdf[columns].to_numpy().ravel()
        edges = np.histogram_bin_edges(values[~np.isnan(values)], bins)
        ours = ferrodf.from_pandas(pdf)[columns].plot.hist(bins=bins)
        same_bars(ours, pdf[columns].plot.hist(bins=edges))


def test_plot_hist_by_of_small_frames_is_pandas():
    pdf = frame()
    ours, theirs = both(lambda d: d.plot.hist(column="y", by="city", bins=4), pdf)
    for a, b in zip(ours, theirs, strict=True):
        same_bars(a, b)


def same_heights(ours: Any, theirs: Any) -> None:
    """Bars at the same places with heights equal up to the order of summing weights."""
    np.testing.assert_allclose(bars(ours), bars(theirs), rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("bins", [10, [0, 2, 3.5, 9, 30]])
def test_weighted_histograms(bins, tmp_path):
    """Weights are summed per bin by ferrodf: per row in ``plot.hist`` (a 2-D array: a
    column per plotted column), per non-missing value in ``hist``, as pandas passes them."""
    pdf = frame().iloc[3:]
    rng = np.random.default_rng(9)
    w = rng.uniform(0, 2, len(pdf))
    w2 = rng.uniform(-1, 1, (len(pdf), 2))
    calls = [
        lambda d: d["x"].plot.hist(bins=bins, weights=w),  # x has NaN: pandas drops theirs
        lambda d: d[["x", "y"]].plot.hist(bins=bins, weights=w2),
        lambda d: d["y"].hist(bins=bins, weights=w),
        lambda d: d.hist(column=["y", "k"], bins=bins, weights=w, density=True),
    ]
    for call in calls:
        ours, theirs = both(call, pdf)
        for a, b in zip(np.ravel(ours), np.ravel(theirs), strict=True):
            same_heights(a, b)
    saved(ours, tmp_path)
    with ferrodf.option_context("plotting.row_limit", 10):  # long frames too
        ours, theirs = both(calls[1], pdf)
        same_heights(ours, theirs)
    raises_like_pandas(lambda d: d["y"].hist(bins="auto", weights=w), pdf)
    raises_like_pandas(lambda d: d["x"].hist(weights=w), pdf)  # more weights than values


def test_missing_capabilities_are_named():
    df = ferrodf.from_pandas(frame())
    with pytest.raises(NotImplementedError, match="bins='stone'"):
        df["x"].plot.hist(bins="stone")
    with pytest.raises(NotImplementedError, match="weights="):
        df.hist(column=["x", "y"], by="city", weights=np.ones(len(df)))
    with (
        ferrodf.option_context("plotting.row_limit", 10),
        pytest.raises(NotImplementedError, match="by="),
    ):
        df.plot.hist(by="city")
    with (
        ferrodf.option_context("plotting.row_limit", 10),
        pytest.raises(NotImplementedError, match="logy"),
    ):
        df.plot.box(logy=True)
    with pytest.raises(NotImplementedError, match="categorical histogram"):
        df["city"].hist()  # pandas draws matplotlib's categorical histogram


# -- small results and small frames: pandas plots them ---------------------------------
def test_value_counts_and_groupby_results_plot(tmp_path):
    pdf = frame()
    ours, theirs = both(lambda d: d["city"].value_counts().plot.bar(), pdf)
    same_bars(ours, theirs)
    labels = [t.get_text() for t in ours.get_xticklabels()]
    assert labels == [t.get_text() for t in theirs.get_xticklabels()]
    ours, theirs = both(lambda d: d.groupby("city")[["x", "y"]].sum().plot(), pdf)
    for (xa, ya), (xb, yb) in zip(lines(ours), lines(theirs), strict=True):
        np.testing.assert_allclose(xa, xb)
        np.testing.assert_allclose(ya, yb)
    saved(ours, tmp_path)


@pytest.mark.parametrize(
    "call",
    [
        lambda d: d.plot(y=["x", "y"]),
        lambda d: d["x"].plot(),
        lambda d: d["k"].plot(kind="line", style="--"),
        lambda d: d[["k", "y"]].plot.area(stacked=False),
        pytest.param(lambda d: d["y"].plot.kde(bw_method=0.3), marks=SCIPY),
        pytest.param(lambda d: d[["x", "y"]].plot.density(), marks=SCIPY),
        lambda d: d[["x", "y"]].plot.box(),
        lambda d: d.head(5).plot.barh(x="city", y="y"),
        lambda d: d["y"].head(4).plot.pie(),
        lambda d: d.plot.scatter(x="x", y="y", c="k"),
    ],
    ids=["line", "series-line", "style", "area", "kde", "density", "box", "barh", "pie", "scatter"],
)
def test_small_frames_plot_as_pandas(call, tmp_path):
    pdf = frame(60).iloc[2:]
    ours, theirs = both(call, pdf)
    for (xa, ya), (xb, yb) in zip(lines(ours), lines(theirs), strict=True):
        np.testing.assert_allclose(xa, xb)
        np.testing.assert_allclose(ya, yb)
    same_bars(ours, theirs)
    for a, b in zip(ours.collections, theirs.collections, strict=True):
        np.testing.assert_allclose(a.get_offsets(), b.get_offsets())
    saved(ours, tmp_path)


# -- frames longer than plotting.row_limit -----------------------------------------------
LIMIT = 500


@pytest.fixture
def long_frame() -> tuple[pd.DataFrame, ferrodf.DataFrame]:
    pdf = frame(20 * LIMIT, seed=3)
    with ferrodf.option_context("plotting.row_limit", LIMIT):
        yield pdf, ferrodf.from_pandas(pdf).iloc[1:]


def test_scatter_of_a_long_frame_is_a_sample(long_frame, tmp_path):
    pdf, df = long_frame
    ax = df.plot.scatter(x="k", y="y", title="k and y")
    assert ax.get_title() == f"k and y (sample of {LIMIT} of {len(df):,} rows)"
    points = ax.collections[0].get_offsets()
    assert len(points) == LIMIT
    rows = set(zip(pdf["k"].iloc[1:], pdf["y"].iloc[1:], strict=True))
    assert {(a, b) for a, b in points.tolist()} <= rows
    saved(ax, tmp_path)
    ax = df.plot.scatter(x=1, y=2, c="x")  # positions, and a color column
    assert ax.get_xlabel() == "k" and ax.get_ylabel() == "y"
    assert len(ax.collections[0].get_offsets()) == LIMIT
    ax = df.plot.hexbin(x="k", y="y", gridsize=8)
    assert ax.get_title() == f"sample of {LIMIT} of {len(df):,} rows"
    assert ax.collections[0].get_array().sum() == LIMIT


def test_line_of_a_long_frame_is_evenly_spaced(long_frame):
    pdf, df = long_frame
    ax = df["y"].plot()
    assert ax.get_title() == f"evenly spaced {LIMIT} of {len(df):,} rows"
    x, y = lines(ax)[0]
    sub = pdf["y"].iloc[1:]
    assert x[0] == sub.index[0] and x[-1] == sub.index[-1] and len(x) == LIMIT
    np.testing.assert_array_equal(y, sub.loc[x.astype(int)].to_numpy())


def test_box_of_a_long_frame_from_ferrodf_statistics(long_frame, tmp_path):
    """The boxes drawn equal matplotlib's ``bxp`` of ``boxplot_stats`` of the whole
    columns: whiskers, caps, boxes, medians and fliers, line by line."""
    pdf, df = long_frame
    ax = df[["x", "k", "y"]].plot.box()
    sub = pdf.iloc[1:]
    stats = cbook.boxplot_stats([sub[c].dropna().to_numpy() for c in ("x", "k", "y")])
    theirs = plt.figure().add_subplot()
    theirs.bxp(stats)
    assert len(ax.lines) == len(theirs.lines)
    for (xa, ya), (xb, yb) in zip(lines(ax), lines(theirs), strict=True):
        np.testing.assert_allclose(xa, xb)
        np.testing.assert_allclose(ya, yb, rtol=1e-12)
    assert [t.get_text() for t in ax.get_xticklabels()] == ["x", "k", "y"]
    saved(ax, tmp_path)


def test_box_by_group_of_a_long_frame(long_frame, tmp_path):
    """``plot.box(by=...)``: a subplot per column, a box per group, as pandas lays it out,
    with every drawn value equal to pandas' plot of the whole frame."""
    pdf, df = long_frame
    ours = df[["x", "y", "city"]].plot.box(by="city", whis=2.0)
    plt.figure()
    theirs = pdf.iloc[1:][["x", "y", "city"]].plot.box(by="city", whis=2.0)
    assert list(ours.index) == list(theirs.index) == ["x", "y"]
    for a, b in zip(ours, theirs, strict=True):
        assert a.get_title() == b.get_title()
        assert [t.get_text() for t in a.get_xticklabels()] == ["lima", "oslo", "rome"]
        assert [t.get_text() for t in b.get_xticklabels()] == ["lima", "oslo", "rome"]
        drawn = [np.sort(np.concatenate([ln.get_ydata() for ln in ax.lines])) for ax in (a, b)]
        np.testing.assert_allclose(*drawn, rtol=1e-12)
    saved(ours.iloc[0], tmp_path)
    with pytest.raises(NotImplementedError, match="by"):
        df["x"].plot.box(by="city")


def test_box_statistics_equal_matplotlibs(long_frame):
    from ferrodf.plotting._large import box_stats

    pdf, df = long_frame
    for column, whis in (("x", 1.5), ("k", 0.5), ("y", (5, 95))):
        ours = box_stats(df[column], column, whis)
        (theirs,) = cbook.boxplot_stats(pdf[column].iloc[1:].dropna().to_numpy(), whis=whis)
        for key in ("mean", "med", "q1", "q3", "iqr", "whislo", "whishi", "cilo", "cihi"):
            assert ours[key] == pytest.approx(theirs[key], rel=1e-12), key
        np.testing.assert_array_equal(ours["fliers"], theirs["fliers"])


def test_long_frames_keep_hist_exact_and_refuse_bars(long_frame):
    pdf, df = long_frame
    ax = df["y"].plot.hist(bins=15)
    plt.figure()
    same_bars(ax, pdf["y"].iloc[1:].plot.hist(bins=15))
    if importlib.util.find_spec("scipy") is not None:  # pandas' kde needs it
        ax = df["y"].plot.kde()
        assert ax.get_title() == f"sample of {LIMIT} of {len(df):,} rows"
    with pytest.raises(ValueError, match="aggregate first"):
        df.plot.bar(x="city", y="y")


def test_long_frames_plot_on_the_gpu_moving_little():
    """In gpu mode every step has a device path (no host fallback raises) and the bytes
    moved to the host stay far below the frame's."""
    if ferrodf.gpu_info() is None:
        pytest.skip("needs a GPU")
    n = 1_000_000
    pdf = frame(n, seed=5)
    with ferrodf.option_context("device", "gpu"):
        df = ferrodf.from_pandas(pdf[["x", "k", "y"]])
        df["y"].sum()  # the columns go to the device
        memory.reset_statistics()
        ax = df["x"].plot.hist(bins=20)
        df.hist(bins=10)
        df.plot.box()
        df.plot.scatter(x="x", y="y")
        moved = memory.statistics().device_to_host["bytes"]
    assert moved < df.memory_usage().sum() / 10
    plt.figure()
    same_bars(ax, pdf["x"].plot.hist(bins=20))


def test_the_docs_images_script(tmp_path):
    """scripts/plot_images.py (the images of docs/display.md) runs and writes them."""
    import importlib.util

    path = Path(__file__).resolve().parents[2] / "scripts" / "plot_images.py"
    spec = importlib.util.spec_from_file_location("plot_images", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.main(tmp_path)
    for name in ("plot-hist.png", "plot-scatter-sample.png"):
        assert (tmp_path / name).stat().st_size > 5000
        assert (path.parents[1] / "docs" / "img" / name).exists()
