//! A device hash table of table rows, for the hash-based algorithms (joins, duplicate
//! removal; reusable by groupby): open addressing with linear probing over a power-of-two
//! number of INT32 slots, each holding the first row inserted with its key.
//!
//! ```text
//! let keys = DeviceKeys::new(&table, &kinds)?;          // column descriptors on the device
//! let ht = RowHashTable::for_rows(table.num_rows())?;   // capacity >= 2 x rows
//! let slots = ht.insert(&keys, nulls_equal, nans_equal)?; // INT32 slot per row (-1: alone)
//! let found = ht.find(&keys, &probe_keys, nulls_equal, nans_equal)?; // slot or -1
//! ```
//!
//! Rows compare through search.cu's column descriptors: every fixed-width type by its
//! storage (NaN equals NaN, -0.0 equals 0.0), strings by bytes, nulls equal to nulls. A row
//! that can equal no other row (a null key with `!nulls_equal`, a NaN with `!nans_equal`) is
//! "alone": never inserted nor found (slot -1). Slots are per-key ids that consumers
//! aggregate over (chains for joins, first/last/count for distinct).
//!
//! A shared kernel module, not a family's: the join, stream_compaction (distinct, unique)
//! and partitioning launchers build on it, and their kernels that read the table or its
//! column descriptors (`cuda/join.cu`, `cuda/stream_compaction_distinct.cu`) are compiled
//! into this one module.

use super::search::{descriptor, upload};
use super::{Arg, COMMON, args, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::keys::{KeyKind, NullOrder, Order};
use crate::table::Table;
use cudarc::driver::CudaFunction;

const SEARCH: &str = include_str!("cuda/search.cu");
const TABLE: &str = include_str!("cuda/hash_table.cu");
const JOIN: &str = include_str!("cuda/join.cu");
const DISTINCT: &str = include_str!("cuda/stream_compaction_distinct.cu");

/// The CUDA source of the hash-table module (the table, joins, distinct).
pub fn module_source() -> String {
    format!("{COMMON}\n{SEARCH}\n{TABLE}\n{JOIN}\n{DISTINCT}")
}

/// A kernel of the hash-table module.
pub(crate) fn function(name: &str) -> Result<CudaFunction> {
    runtime()?.function("hash_table", module_source, name)
}

/// Launch a grid-stride kernel of this module over `n` items (nothing when `n == 0`).
///
/// # Safety
/// The arguments must match the kernel and cover `n` items.
pub(crate) unsafe fn run(name: &str, n: usize, args: &[Arg]) -> Result<()> {
    if n == 0 {
        return Ok(());
    }
    let f = function(name)?;
    // SAFETY: the caller vouches for the arguments.
    unsafe { launch(&f, grid(n)?, args) }
}

/// `n` INT32 values equal to `v` on the device.
pub fn filled_i32(n: usize, v: i32) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n * 4)?;
    // SAFETY: writes n INT32 values.
    unsafe { run("ht_fill_i32", n, &args![out.ptr(), n as i64, v])? };
    Ok(out)
}

/// `n` bytes equal to `v` on the device.
pub fn filled_u8(n: usize, v: u8) -> Result<DeviceMemory> {
    let out = DeviceMemory::alloc(n)?;
    // SAFETY: writes n bytes.
    unsafe { run("ht_fill_u8", n, &args![out.ptr(), n as i64, i32::from(v)])? };
    Ok(out)
}

/// The key columns of a table, described for the kernels (search.cu's `ColDesc`s).
pub struct DeviceKeys {
    descs: DeviceMemory,
    ncols: usize,
    rows: usize,
}

impl DeviceKeys {
    /// Describe the columns of `t`, compared as `kinds` (see [`crate::ops::search`]).
    pub(crate) fn new(t: &Table, kinds: &[KeyKind]) -> Result<DeviceKeys> {
        if kinds.len() != t.num_columns() {
            return Err(Error::value(format!(
                "internal: {} key kinds for {} columns",
                kinds.len(),
                t.num_columns()
            )));
        }
        let descs = t
            .columns()
            .iter()
            .zip(kinds)
            .map(|(c, &k)| descriptor(c, k, Order::Ascending, NullOrder::Before))
            .collect::<Result<Vec<_>>>()?;
        Ok(DeviceKeys {
            descs: upload(&descs)?,
            ncols: kinds.len(),
            rows: t.num_rows(),
        })
    }
    /// Number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }
    /// Address of the descriptors.
    pub(crate) fn ptr(&self) -> u64 {
        self.descs.ptr()
    }
    /// Number of key columns.
    pub(crate) fn ncols(&self) -> i32 {
        self.ncols as i32
    }
}

/// The open-addressing row table (see the module documentation).
pub struct RowHashTable {
    slots: DeviceMemory,
    cap: usize,
    counters: DeviceMemory,
}

impl RowHashTable {
    /// An empty table for up to `rows` distinct keys (at most half full).
    pub fn for_rows(rows: usize) -> Result<RowHashTable> {
        let cap = (2 * rows).next_power_of_two().clamp(64, 1 << 31);
        Ok(RowHashTable {
            slots: filled_i32(cap, -1)?,
            cap,
            counters: DeviceMemory::zeroed(16)?,
        })
    }

    /// Number of slots.
    pub fn capacity(&self) -> usize {
        self.cap
    }

    /// Insert every row of `keys`; returns the INT32 slot of each row (-1: alone). All
    /// inserted rows must come from the same `keys` (slots refer to their row numbers).
    pub fn insert(
        &self,
        keys: &DeviceKeys,
        nulls_equal: bool,
        nans_equal: bool,
    ) -> Result<DeviceMemory> {
        // SAFETY: probes `cap` slots (never full: cap >= 2 n) and adds to two counters.
        unsafe {
            self.probe(
                "ht_insert",
                keys,
                nulls_equal,
                nans_equal,
                &args![self.counters.ptr()],
            )
        }
    }

    /// For every row of `probe` (same column types as the inserted `build` keys), the slot
    /// of the equal inserted row, or -1.
    pub fn find(
        &self,
        build: &DeviceKeys,
        probe: &DeviceKeys,
        nulls_equal: bool,
        nans_equal: bool,
    ) -> Result<DeviceMemory> {
        self.lookup(build, probe, nulls_equal, nans_equal, false)
    }

    /// As [`find`](Self::find), but the first inserted `build` row with the key instead of
    /// its slot: when every key was inserted once, the only matching row.
    pub fn find_rows(
        &self,
        build: &DeviceKeys,
        probe: &DeviceKeys,
        nulls_equal: bool,
        nans_equal: bool,
    ) -> Result<DeviceMemory> {
        self.lookup(build, probe, nulls_equal, nans_equal, true)
    }

    fn lookup(
        &self,
        build: &DeviceKeys,
        probe: &DeviceKeys,
        nulls_equal: bool,
        nans_equal: bool,
        want_rows: bool,
    ) -> Result<DeviceMemory> {
        // SAFETY: reads the build rows the slots name.
        unsafe {
            self.probe(
                "ht_find",
                probe,
                nulls_equal,
                nans_equal,
                &args![build.ptr(), want_rows as i32],
            )
        }
    }

    /// Launch the table kernel `name` over the rows of `keys` and return the INT32 slot per
    /// row it writes. The kernel's arguments are the rows' descriptors, column count and
    /// row count, the equality flags and the table (slots, capacity mask), then `rest`,
    /// then the slots it writes.
    ///
    /// # Safety
    /// `rest` must match the kernel's remaining parameters.
    unsafe fn probe(
        &self,
        name: &str,
        keys: &DeviceKeys,
        nulls_equal: bool,
        nans_equal: bool,
        rest: &[Arg],
    ) -> Result<DeviceMemory> {
        let n = keys.rows;
        let out = DeviceMemory::alloc(n * 4)?;
        let mut args = vec![
            Arg::P(keys.ptr()),
            Arg::I32(keys.ncols()),
            Arg::I(n as i64),
            Arg::I32(nulls_equal as i32),
            Arg::I32(nans_equal as i32),
            Arg::P(self.slots.ptr()),
            Arg::P((self.cap - 1) as u64),
        ];
        args.extend_from_slice(rest);
        args.push(Arg::P(out.ptr()));
        // SAFETY: reads n rows through the descriptors and probes the `cap` slots; writes
        // n slot numbers; the caller vouches for `rest`.
        unsafe { run(name, n, &args)? };
        Ok(out)
    }

    /// (distinct keys inserted, alone rows met) over all inserts so far (reads the device).
    pub fn counts(&self) -> Result<(u64, u64)> {
        let b = self.counters.copy_to_host(0, 16)?;
        let s = b.as_slice();
        Ok((
            u64::from_le_bytes(s[..8].try_into().expect("8 bytes")),
            u64::from_le_bytes(s[8..16].try_into().expect("8 bytes")),
        ))
    }
}
