"""The plot images of docs/display.md, drawn from a 10^6-row ferrodf frame.

    python scripts/plot_images.py [OUT_DIR]   # default: docs/img

``plot-hist.png``: ``df.hist(column=[...], by="city")``, each histogram drawn from ferrodf's
counts; ``plot-scatter-sample.png``: a scatter plot of the frame, a random sample of
``plotting.row_limit`` rows, as its title says. Rerun it after changing ferrodf.plotting.
"""

from __future__ import annotations

import sys
from pathlib import Path

import matplotlib
import matplotlib.pyplot as plt
import numpy as np

import ferrodf

REPO = Path(__file__).resolve().parents[1]


def sales(n: int = 1_000_000) -> ferrodf.DataFrame:
    """The frame of the docs' examples: prices by city, a quantity, a discount."""
    rng = np.random.default_rng(0)
    city = np.array(["paris", "lyon", "nice", "lille"])[rng.integers(0, 4, n)]
    price = rng.lognormal(3.5, 0.4, n) + (city == "paris") * 15
    qty = rng.poisson(3, n)
    return ferrodf.DataFrame({"city": city, "price": price.round(2), "qty": qty})


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    df = sales()
    axes = df.hist(column="price", by="city", bins=40, range=(0, 150), figsize=(8, 5))
    axes.flat[0].get_figure().savefig(out / "plot-hist.png", dpi=72)
    ax = df.plot.scatter(x="price", y="qty", alpha=0.2, s=4, figsize=(6, 4))
    ax.get_figure().savefig(out / "plot-scatter-sample.png", dpi=72)
    plt.close("all")


if __name__ == "__main__":
    matplotlib.use("Agg")  # files only, no window
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else REPO / "docs" / "img")
