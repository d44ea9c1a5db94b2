//! The host path of `ops::partitioning::hash_partition`. arrow-rs has no hash partitioner:
//! the oracle assigns row `i` to `murmurhash3_x86_32(row i) % n` (the row hashes are
//! checked against the reference algorithm in `hashing_host.rs`), keeps the input order
//! within each partition (a plain loop), and gathers with `arrow_select::take`.

use crate::common::*;
use arrow_array::{Array, ArrayRef, UInt32Array};
use arrow_select::take::take;
use ferrodf_core::ops::hashing::murmurhash3_x86_32;
use ferrodf_core::ops::partitioning::hash_partition;
use ferrodf_core::{Error, Table};

fn check(t: &Table, arrays: &[ArrayRef], keys: &[usize], parts: usize, seed: u32) {
    let key_table = Table::new(keys.iter().map(|&k| t.columns()[k].clone()).collect()).unwrap();
    let hashes = murmurhash3_x86_32(&key_table, seed).unwrap();
    let hashes = hashes.host_values::<u32>().unwrap();
    let mut rows: Vec<Vec<u32>> = vec![vec![]; parts];
    for (i, h) in hashes.iter().enumerate() {
        rows[*h as usize % parts].push(i as u32);
    }
    let mut offsets = vec![];
    let mut order: Vec<u32> = vec![];
    for r in &rows {
        offsets.push(order.len());
        order.extend(r);
    }
    let idx = UInt32Array::from(order);
    let (got, got_offsets) = hash_partition(t, keys, parts, seed).unwrap();
    assert_eq!(got_offsets, offsets);
    assert_table(
        &got,
        &arrays
            .iter()
            .map(|a| take(a, &idx, None).unwrap())
            .collect::<Vec<_>>(),
    );
}

#[test]
fn partitions_keep_the_input_order() {
    host();
    let (a, s) = (sample_i64(), sample_str12());
    let t = table(&[a.as_ref(), s.as_ref()]);
    for parts in [1usize, 3, 4, 7] {
        check(&t, &[a.clone(), s.clone()], &[0], parts, 0);
        check(&t, &[a.clone(), s.clone()], &[1, 0], parts, 42);
    }
}

#[test]
fn sliced_and_empty_tables() {
    host();
    let a = sample_i64();
    for c in sliced(a.as_ref(), 3, 8) {
        check(&Table::new(vec![c]).unwrap(), &[a.slice(3, 8)], &[0], 5, 7);
    }
    let e = i64s(&[]);
    check(&table(&[e.as_ref()]), std::slice::from_ref(&e), &[0], 4, 0);
}

#[test]
fn partition_errors() {
    host();
    let t = table(&[sample_i64().as_ref()]);
    assert_err!(hash_partition(&t, &[0], 0, 0), Error::Value(_));
    assert_err!(hash_partition(&t, &[1], 2, 0), Error::Index(_));
}
