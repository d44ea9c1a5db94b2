//! Host grouping: every row gets a dense group id, groups numbered in order of first
//! appearance.
//!
//! A single fixed-width key is hashed as one normalised 64-bit word; several keys are
//! grouped column by column and their group ids combined into one word; what remains
//! (DECIMAL128 among several keys, or too many groups to combine) is hashed as its
//! arrow-row encoding. Both run in parallel:
//! each chunk of rows groups itself with a local hashbrown map, then the local groups are
//! merged in chunk order (which keeps the first-appearance numbering) and the rows' local
//! ids are rewritten to global ones.

use crate::column::Column;
use crate::error::{Error, Result};
use crate::interop::arrow::to_arrow;
use crate::ops::numeric::float_key_word;
use crate::ops::stream_compaction::host_distinct::{normalize_float_keys, row_encoding};
use crate::table::Table;
use crate::types::TypeId;
use arrow_array::ArrayRef;
use arrow_buffer::NullBuffer;
use hashbrown::HashMap;
use rayon::prelude::*;
use std::hash::Hash;

/// The group id of a row that belongs to no group (a null key with `NullPolicy::EXCLUDE`).
pub(crate) const NONE: u32 = u32::MAX;

/// Rows below this are grouped in one piece.
const PARALLEL_ROWS: usize = 1 << 16;

/// Dense group ids of the rows of a key table.
pub(crate) struct HostGroups {
    /// Group of each row, or [`NONE`].
    pub gid: Vec<u32>,
    /// First row of each group (its representative), in group order.
    pub first: Vec<u32>,
}

impl HostGroups {
    /// Number of groups.
    pub fn len(&self) -> usize {
        self.first.len()
    }
}

/// Group the rows of `keys`; rows with a null key are left out unless `include_nulls`.
pub(crate) fn group_rows(keys: &Table, include_nulls: bool) -> Result<HostGroups> {
    let n = keys.num_rows();
    if i32::try_from(n).is_err() {
        return Err(Error::overflow("groupby supports at most 2^31 - 1 rows"));
    }
    // Rows whose key has a null anywhere (only needed to exclude them).
    let excluded = if include_nulls {
        None
    } else {
        any_null(keys.columns())?
    };
    if let [key] = keys.columns()
        && let Some(g) = super::dense_host::group_dense(key, include_nulls)?
    {
        return Ok(g);
    }
    if let [key] = keys.columns()
        && let Some(words) = key_words(key)?
    {
        let nulls = key.host_nulls()?;
        return Ok(group_by_hash(n, |i| {
            if nulls.as_ref().is_some_and(|b| b.is_null(i)) {
                // Null keys share one group (when included at all).
                include_nulls.then_some(Key::Null)
            } else {
                Some(Key::Word(words[i]))
            }
        }));
    }
    if let [key] = keys.columns()
        && key.dtype().id() == TypeId::String
    {
        // One string key: hash the UTF-8 bytes in place (no row encoding).
        let array = to_arrow(key)?;
        let nulls = key.host_nulls()?;
        let bytes = string_slices(&array)?;
        return Ok(group_by_hash(n, |i| {
            if nulls.as_ref().is_some_and(|b| b.is_null(i)) {
                include_nulls.then_some(None)
            } else {
                Some(Some(bytes(i)))
            }
        }));
    }
    if let Some(codes) = combined_codes(keys.columns())? {
        return Ok(group_by_hash(n, |i| {
            if excluded.as_ref().is_some_and(|e| e.is_null(i)) {
                None
            } else {
                Some(Key::Word(codes[i]))
            }
        }));
    }
    let rows = encode_rows(keys.columns())?;
    Ok(group_by_hash(n, |i| {
        if excluded.as_ref().is_some_and(|e| e.is_null(i)) {
            None
        } else {
            Some(rows.row(i).data())
        }
    }))
}

/// Several key columns as one 64-bit word per row: each column is grouped on its own (the
/// fast single-key paths above, nulls as a group of their own), and the per-column group
/// ids are combined in mixed radix. Equal words mean equal key rows. `None` when the
/// product of the columns' group counts does not fit in 64 bits; the rows are then
/// hashed as their arrow-row encoding.
fn combined_codes(cols: &[Column]) -> Result<Option<Vec<u64>>> {
    if cols.len() < 2 {
        return Ok(None);
    }
    let per_column = cols
        .iter()
        .map(|c| group_rows(&Table::new(vec![c.clone()])?, true))
        .collect::<Result<Vec<_>>>()?;
    let mut stride = 1u64;
    let mut strides = Vec::with_capacity(cols.len());
    for g in &per_column {
        strides.push(stride);
        match stride.checked_mul(g.len().max(1) as u64) {
            Some(next) => stride = next,
            None => return Ok(None),
        }
    }
    let n = per_column[0].gid.len();
    let mut codes = vec![0u64; n];
    codes.par_iter_mut().enumerate().for_each(|(i, code)| {
        *code = per_column
            .iter()
            .zip(&strides)
            .map(|(g, &s)| g.gid[i] as u64 * s)
            .sum();
    });
    Ok(Some(codes))
}

/// A normalised single-word key, or the null key.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
enum Key {
    Word(u64),
    Null,
}

/// Validity of "no key column is null" (None: no key has nulls).
fn any_null(cols: &[Column]) -> Result<Option<NullBuffer>> {
    let mut acc: Option<NullBuffer> = None;
    for c in cols {
        if let Some(nb) = c.host_nulls()? {
            acc = Some(match acc {
                None => nb,
                Some(a) => NullBuffer::new(a.inner() & nb.inner()),
            });
        }
    }
    Ok(acc)
}

/// The `i`th string of a UTF8 or LargeUTF8 array, as bytes.
fn string_slices<'a>(a: &'a ArrayRef) -> Result<impl Fn(usize) -> &'a [u8] + Sync + 'a> {
    use arrow_array::cast::AsArray;
    use arrow_array::{LargeStringArray, StringArray};
    let (small, large): (Option<&StringArray>, Option<&LargeStringArray>) = match a.data_type() {
        arrow_schema::DataType::Utf8 => (Some(a.as_string::<i32>()), None),
        arrow_schema::DataType::LargeUtf8 => (None, Some(a.as_string::<i64>())),
        other => {
            return Err(Error::type_err(format!(
                "groupby: a STRING key came back from arrow as {other}"
            )));
        }
    };
    Ok(move |i: usize| match (small, large) {
        (Some(s), _) => s.value(i).as_bytes(),
        (_, Some(l)) => l.value(i).as_bytes(),
        _ => unreachable!("one of them"),
    })
}

/// The values of a fixed-width key column as 64-bit words equal exactly when the values
/// are equal (-0.0 == 0.0, NaNs equal); None for types wider than 64 bits or not fixed.
fn key_words(c: &Column) -> Result<Option<Vec<u64>>> {
    use crate::device::kernels::storage_id;
    let Some(st) = storage_id(c.dtype().id()) else {
        return Ok(None);
    };
    macro_rules! words {
        ($t:ty, $f:expr) => {{
            let v = c.host_values::<$t>()?;
            let f = $f;
            v.par_iter().with_min_len(1 << 14).map(|&x| f(x)).collect()
        }};
    }
    let out: Vec<u64> = match st {
        TypeId::Int8 => words!(i8, |x: i8| x as i64 as u64),
        TypeId::Int16 => words!(i16, |x: i16| x as i64 as u64),
        TypeId::Int32 => words!(i32, |x: i32| x as i64 as u64),
        TypeId::Int64 => words!(i64, |x: i64| x as u64),
        TypeId::Uint8 => words!(u8, |x: u8| x as u64),
        TypeId::Uint16 => words!(u16, |x: u16| x as u64),
        TypeId::Uint32 => words!(u32, |x: u32| x as u64),
        TypeId::Uint64 => words!(u64, |x: u64| x),
        TypeId::Bool8 => words!(u8, |x: u8| (x != 0) as u64),
        TypeId::Float32 => words!(f32, |x: f32| float_key_word(x as f64)),
        TypeId::Float64 => words!(f64, float_key_word),
        _ => return Ok(None),
    };
    Ok(Some(out))
}

/// The arrow-row encoding of the key columns (floats normalised so equal values encode
/// equally).
pub(crate) fn encode_rows(cols: &[Column]) -> Result<arrow_row::Rows> {
    let arrays: Vec<ArrayRef> = cols
        .iter()
        .map(|c| Ok(normalize_float_keys(to_arrow(c)?)))
        .collect::<Result<_>>()?;
    row_encoding(&arrays, "groupby keys of these types", "groupby keys")
}

/// How `n` rows are split for per-chunk work in parallel: (parts, rows per part), one
/// part per thread (at most `max_parts`) from `min_rows` rows on, else a single part.
pub(super) fn chunking(n: usize, min_rows: usize, max_parts: usize) -> (usize, usize) {
    let parts = if n >= min_rows {
        rayon::current_num_threads().clamp(1, max_parts)
    } else {
        1
    };
    (parts, n.div_ceil(parts).max(1))
}

/// One chunk's grouping: local ids per row, and its groups' keys and first rows.
type Local<K> = (Vec<u32>, Vec<(K, u32)>);

/// Group rows `0..n` by `key(i)` (None: the row is in no group), in parallel chunks.
fn group_by_hash<K, F>(n: usize, key: F) -> HostGroups
where
    K: Hash + Eq + Copy + Send + Sync,
    F: Fn(usize) -> Option<K> + Sync,
{
    let (parts, chunk) = chunking(n, PARALLEL_ROWS, 64);
    // Each chunk: local ids per row, and its groups' keys and first rows, in local order.
    let locals: Vec<Local<K>> = (0..parts)
        .into_par_iter()
        .map(|p| {
            let (lo, hi) = (p * chunk, ((p + 1) * chunk).min(n));
            let mut map: HashMap<K, u32> = HashMap::new();
            let mut groups: Vec<(K, u32)> = Vec::new();
            let ids = (lo..hi)
                .map(|i| match key(i) {
                    None => NONE,
                    Some(k) => *map.entry(k).or_insert_with(|| {
                        groups.push((k, i as u32));
                        (groups.len() - 1) as u32
                    }),
                })
                .collect();
            (ids, groups)
        })
        .collect();
    let mut global: HashMap<K, u32> = HashMap::with_capacity(locals[0].1.len());
    let mut first: Vec<u32> = Vec::new();
    let remaps: Vec<Vec<u32>> = locals
        .iter()
        .map(|(_, groups)| {
            groups
                .iter()
                .map(|&(k, row)| {
                    *global.entry(k).or_insert_with(|| {
                        first.push(row);
                        (first.len() - 1) as u32
                    })
                })
                .collect()
        })
        .collect();
    let gid: Vec<u32> = if parts == 1 {
        locals.into_iter().next().expect("one part").0
    } else {
        let mut gid = vec![NONE; n];
        gid.par_chunks_mut(chunk)
            .zip(locals.par_iter().zip(remaps.par_iter()))
            .for_each(|(out, ((ids, _), remap))| {
                for (o, &l) in out.iter_mut().zip(ids) {
                    *o = if l == NONE { NONE } else { remap[l as usize] };
                }
            });
        gid
    };
    HostGroups { gid, first }
}
