//! TDIGEST and MERGE_TDIGEST (libcudf's t-digest sketches for approximate percentiles),
//! on the host only: in gpu mode they raise NotImplementedError and in auto mode they are
//! a counted host fallback (see [`crate::fallback`]).
//!
//! Layout (libcudf's): one STRUCT<centroids LIST<STRUCT<mean FLOAT64, weight FLOAT64>>,
//! min FLOAT64, max FLOAT64> per group, centroids in ascending mean order. A group without
//! valid values has no centroids and min = max = 0.
//!
//! Clustering: the merging digest with the scale function `k1(q) = delta / (2 pi) *
//! asin(2 q - 1)` (`delta = max_centroids`): sorted points join the current centroid while
//! its `k1` span stays at most 1, which keeps the centroids small at the tails (where
//! percentiles need precision) and bounds their number by about `delta / 2`; adjacent
//! centroids are merged pairwise if `max_centroids` is still exceeded.

use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::types::TypeId;
use arrow_array::cast::AsArray;
use arrow_array::types::Float64Type;
use arrow_array::{Array, StructArray};

/// One digest: centroids (mean, weight) in ascending mean order, min and max.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Digest {
    pub centroids: Vec<(f64, f64)>,
    pub min: f64,
    pub max: f64,
}

/// ValueError unless `max_centroids` is positive.
pub(crate) fn check_max_centroids(max_centroids: i32) -> Result<()> {
    if max_centroids <= 0 {
        return Err(Error::value(format!(
            "TDIGEST max_centroids must be positive, got {max_centroids}"
        )));
    }
    Ok(())
}

/// The digest of `points` (mean, weight) sorted by mean, with at most `max_centroids`
/// centroids.
pub(crate) fn cluster(points: &[(f64, f64)], max_centroids: i32) -> Vec<(f64, f64)> {
    let total: f64 = points.iter().map(|p| p.1).sum();
    if points.is_empty() || total <= 0.0 {
        return vec![];
    }
    let delta = f64::from(max_centroids);
    let k = |q: f64| delta / (2.0 * std::f64::consts::PI) * (2.0 * q.clamp(0.0, 1.0) - 1.0).asin();
    let mut out: Vec<(f64, f64)> = Vec::new();
    // The current centroid: weighted sum, weight, and the weight before it.
    let (mut sum, mut weight, mut before) = (0.0f64, 0.0f64, 0.0f64);
    for &(m, w) in points {
        if weight > 0.0 && k((before + weight + w) / total) - k(before / total) > 1.0 {
            out.push((sum / weight, weight));
            before += weight;
            (sum, weight) = (0.0, 0.0);
        }
        sum += m * w;
        weight += w;
    }
    out.push((sum / weight, weight));
    while out.len() > max_centroids as usize {
        out = out
            .chunks(2)
            .map(|c| {
                let w: f64 = c.iter().map(|p| p.1).sum();
                (c.iter().map(|p| p.0 * p.1).sum::<f64>() / w, w)
            })
            .collect();
    }
    out
}

/// The digest of the values (any order; weight 1 each).
pub(crate) fn of_values(mut values: Vec<f64>, max_centroids: i32) -> Digest {
    values.sort_by(f64::total_cmp);
    let (Some(&min), Some(&max)) = (values.first(), values.last()) else {
        return Digest::default();
    };
    let points: Vec<(f64, f64)> = values.iter().map(|&v| (v, 1.0)).collect();
    Digest {
        centroids: cluster(&points, max_centroids),
        min,
        max,
    }
}

/// The digest merging `digests` (empty ones add nothing).
pub(crate) fn merge(digests: &[Digest], max_centroids: i32) -> Digest {
    let full: Vec<&Digest> = digests.iter().filter(|d| !d.centroids.is_empty()).collect();
    if full.is_empty() {
        return Digest::default();
    }
    let mut points: Vec<(f64, f64)> = full.iter().flat_map(|d| d.centroids.clone()).collect();
    points.sort_by(|a, b| a.0.total_cmp(&b.0));
    Digest {
        centroids: cluster(&points, max_centroids),
        min: full.iter().map(|d| d.min).fold(f64::INFINITY, f64::min),
        max: full.iter().map(|d| d.max).fold(f64::NEG_INFINITY, f64::max),
    }
}

/// The digests of a TDIGEST column (null rows: empty digests).
pub(crate) fn read(values: &Column) -> Result<Vec<Digest>> {
    let bad = || {
        Error::type_err(format!(
            "MERGE_TDIGEST needs tdigest values (STRUCT<LIST<STRUCT<mean FLOAT64, weight \
             FLOAT64>>, min FLOAT64, max FLOAT64>), got {}",
            values.dtype()
        ))
    };
    if values.dtype().id() != TypeId::Struct || values.children().len() != 3 {
        return Err(bad());
    }
    let arr = to_arrow(values)?;
    let s: &StructArray = arr.as_struct_opt().ok_or_else(bad)?;
    let lists = s.column(0).as_list_opt::<i32>().ok_or_else(bad)?;
    let mins = s
        .column(1)
        .as_primitive_opt::<Float64Type>()
        .ok_or_else(bad)?;
    let maxs = s
        .column(2)
        .as_primitive_opt::<Float64Type>()
        .ok_or_else(bad)?;
    let mut out = Vec::with_capacity(s.len());
    for r in 0..s.len() {
        if s.is_null(r) || lists.is_null(r) {
            out.push(Digest::default());
            continue;
        }
        let cs = lists.value(r);
        let cs = cs.as_struct_opt().ok_or_else(bad)?;
        let means = cs
            .column(0)
            .as_primitive_opt::<Float64Type>()
            .ok_or_else(bad)?;
        let weights = cs
            .column(1)
            .as_primitive_opt::<Float64Type>()
            .ok_or_else(bad)?;
        let centroids = (0..cs.len())
            .filter(|&i| !means.is_null(i) && !weights.is_null(i))
            .map(|i| (means.value(i), weights.value(i)))
            .collect();
        out.push(Digest {
            centroids,
            min: mins.value(r),
            max: maxs.value(r),
        });
    }
    Ok(out)
}

/// The TDIGEST column of `digests` (one row each).
pub(crate) fn column(digests: &[Digest]) -> Result<Column> {
    let f64s = Column::from_values::<f64>;
    let mut offsets = vec![0i32];
    let (mut means, mut weights) = (vec![], vec![]);
    for d in digests {
        for &(m, w) in &d.centroids {
            means.push(m);
            weights.push(w);
        }
        let end = i32::try_from(means.len())
            .map_err(|_| Error::overflow("the tdigests hold more than 2^31 centroids"))?;
        offsets.push(end);
    }
    let n = means.len();
    let centroid = Column::new(
        TypeId::Struct.into(),
        n,
        None,
        None,
        Some(0),
        0,
        vec![f64s(means), f64s(weights)],
    )?;
    let lists = Column::list(Column::from_values(offsets), centroid, None, 0)?;
    Column::new(
        TypeId::Struct.into(),
        digests.len(),
        None,
        None,
        Some(0),
        0,
        vec![
            lists,
            f64s(digests.iter().map(|d| d.min).collect()),
            f64s(digests.iter().map(|d| d.max).collect()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cluster_keeps_weight_order_and_bound() {
        let v: Vec<f64> = (0..10_000).map(|i| ((i * 7919) % 10_000) as f64).collect();
        for mc in [1, 5, 20, 100, 1000] {
            let d = of_values(v.clone(), mc);
            assert!(
                d.centroids.len() <= mc as usize,
                "{mc}: {}",
                d.centroids.len()
            );
            let w: f64 = d.centroids.iter().map(|c| c.1).sum();
            assert_eq!(w, 10_000.0);
            assert!(d.centroids.windows(2).all(|p| p[0].0 <= p[1].0));
            assert_eq!((d.min, d.max), (0.0, 9999.0));
        }
        let halves = [
            of_values((0..500).map(f64::from).collect(), 50),
            of_values((500..1000).map(f64::from).collect(), 50),
        ];
        let m = merge(&halves, 50);
        assert_eq!((m.min, m.max), (0.0, 999.0));
        assert_eq!(m.centroids.iter().map(|c| c.1).sum::<f64>(), 1000.0);
        assert_eq!(merge(&[Digest::default()], 10), Digest::default());
    }
}
