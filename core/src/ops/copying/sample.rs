//! `sample`: `n` random rows of a table (libcudf's `cudf::sample`), deterministic by seed.
//!
//! Row draws come from SplitMix64 over `seed`, computed the same way on both paths (the
//! `sample_keys` / `sample_map` kernels of `device/kernels/reshape.rs`, or the loops
//! below), so a seed gives the same rows on the host and the device. Without
//! replacement the rows are ordered by a random key (`sorting::stable_sorted_order`,
//! placed by itself) and the first `n` kept; with replacement every output row draws a
//! row independently. The rows are then gathered where they live. The draws are not
//! libcudf's (its random engine is not reproduced): only their properties match.

use crate::column::Column;
use crate::copy_options::SampleWithReplacement;
use crate::device::kernels::gather::device_map;
use crate::device::kernels::reshape as dev;
use crate::error::{Error, Result};
use crate::keys::{NullOrder, Order};
use crate::ops::gather::{Bounds, gather_columns};
use crate::ops::sorting::stable_sorted_order;
use crate::placement::use_device;
use crate::table::Table;

/// SplitMix64's finaliser (the same as `mix64` in `cuda/reshape.cu`).
fn mix64(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// `n` rows of `input` drawn at random, with or without `replacement`, as `seed` decides.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table};
/// use ferrodf_core::ops::copying::{sample, SampleWithReplacement};
/// let t = Table::new(vec![Column::from_values((0..10).collect::<Vec<i32>>())]).unwrap();
/// let s = sample(&t, 4, SampleWithReplacement::False, 7).unwrap();
/// let mut rows = s.columns()[0].host_values::<i32>().unwrap().to_vec();
/// rows.sort();
/// rows.dedup();
/// assert_eq!(rows.len(), 4);
/// ```
pub fn sample(
    input: &Table,
    n: i64,
    replacement: SampleWithReplacement,
    seed: i64,
) -> Result<Table> {
    const NAME: &str = "copying.sample";
    let rows = input.num_rows();
    let n = usize::try_from(n)
        .map_err(|_| Error::value(format!("{NAME}: n must be non-negative, got {n}")))?;
    let with = replacement == SampleWithReplacement::True;
    if !with && n > rows {
        return Err(Error::value(format!(
            "{NAME}: cannot draw {n} rows from {rows} without replacement"
        )));
    }
    if with && rows == 0 && n > 0 {
        return Err(Error::value(format!(
            "{NAME}: cannot draw {n} rows from an empty table"
        )));
    }
    let base = mix64(seed as u64);
    let device = use_device()?;
    let map = if n == 0 {
        Column::from_values(Vec::<i32>::new())
    } else if with {
        if device {
            device_map(dev::sample_map(n, base, rows)?, n)?
        } else {
            Column::from_values(
                (0..n)
                    .map(|i| (mix64(base.wrapping_add(i as u64)) % rows as u64) as i32)
                    .collect::<Vec<i32>>(),
            )
        }
    } else {
        let keys = if device {
            dev::sample_keys(rows, base)?
        } else {
            Column::from_values(
                (0..rows)
                    .map(|i| mix64(base.wrapping_add(i as u64)))
                    .collect::<Vec<u64>>(),
            )
        };
        let order = stable_sorted_order(
            &Table::new(vec![keys])?,
            &[Order::Ascending],
            &[NullOrder::After],
        )?;
        order.slice(0, n)?
    };
    if input.num_columns() == 0 {
        return Ok(Table::empty_with_rows(n));
    }
    Table::new(gather_columns(
        input.columns(),
        rows,
        &map,
        Bounds::Trusted,
    )?)
}
