//! The host path of `ops::hashing`. arrow-rs has no MurmurHash3 or XXH64: the byte-level
//! hashes are checked against the reference algorithms' published test vectors, and the
//! row hashes against a plain loop that applies libcudf's rules (little-endian value bytes,
//! Boost's `hash_combine` over columns for MurmurHash3, XXH64 seeded by the running hash,
//! nulls as all-ones) on top of the checked byte hashes.

use crate::common::*;
use arrow_array::{Array, Float64Array, Int64Array, StringArray, UInt32Array, UInt64Array};
use ferrodf_core::Error;
use ferrodf_core::ops::hashing::{
    hash_combine_32, murmur3_x86_32_bytes, murmurhash3_x86_32, xxh64_bytes, xxhash_64,
};

#[test]
fn byte_hashes_match_the_reference_vectors() {
    assert_eq!(murmur3_x86_32_bytes(b"", 0), 0);
    assert_eq!(murmur3_x86_32_bytes(b"", 1), 0x514e_28b7);
    assert_eq!(murmur3_x86_32_bytes(b"", 0xffff_ffff), 0x81f1_6f39);
    assert_eq!(murmur3_x86_32_bytes(b"\0\0\0\0", 0), 0x2362_f9de);
    assert_eq!(murmur3_x86_32_bytes(b"Hello, world!", 1234), 0xfaf6_cdb3);
    let fox = b"The quick brown fox jumps over the lazy dog";
    assert_eq!(murmur3_x86_32_bytes(fox, 0), 0x2e4f_f723);
    assert_eq!(murmur3_x86_32_bytes(fox, 0x9747_b28c), 0x2fa8_26cd);
    assert_eq!(xxh64_bytes(b"", 0), 0xef46_db37_51d8_e999);
    assert_eq!(xxh64_bytes(b"a", 0), 0xd24e_c4f1_a98c_6e5b);
    assert_eq!(xxh64_bytes(b"abc", 0), 0x44bc_2cf5_ad77_0999);
    assert_eq!(hash_combine_32(0, 0), 0x9e37_79b9);
}

fn le_bytes(a: &Int64Array) -> Vec<Option<[u8; 8]>> {
    a.iter().map(|x| x.map(i64::to_le_bytes)).collect()
}

/// MurmurHash3 rows of one int64 column and one string column, as libcudf combines them.
fn murmur_oracle(ints: &Int64Array, strings: &StringArray, seed: u32) -> UInt32Array {
    let elem = |b: Option<&[u8]>| b.map_or(u32::MAX, |b| murmur3_x86_32_bytes(b, seed));
    let iv = le_bytes(ints);
    UInt32Array::from_iter_values((0..ints.len()).map(|i| {
        let h = hash_combine_32(seed, elem(iv[i].as_ref().map(|b| &b[..])));
        hash_combine_32(
            h,
            elem(strings.is_valid(i).then(|| strings.value(i).as_bytes())),
        )
    }))
}

fn xxh_oracle(ints: &Int64Array, strings: &StringArray, seed: u64) -> UInt64Array {
    let iv = le_bytes(ints);
    UInt64Array::from_iter_values((0..ints.len()).map(|i| {
        let h = iv[i].map_or(u64::MAX, |b| xxh64_bytes(&b, seed));
        if strings.is_valid(i) {
            xxh64_bytes(strings.value(i).as_bytes(), h)
        } else {
            u64::MAX
        }
    }))
}

#[test]
fn row_hashes_with_nulls_and_slices() {
    host();
    let ints = sample_i64();
    let ints = ints
        .as_any()
        .downcast_ref::<Int64Array>()
        .unwrap()
        .slice(0, 10);
    let strings = sample_str();
    let strings = strings
        .as_any()
        .downcast_ref::<StringArray>()
        .unwrap()
        .clone();
    for seed in [0u32, 42] {
        let t = table(&[&ints, &strings]);
        assert_col(
            &murmurhash3_x86_32(&t, seed).unwrap(),
            &murmur_oracle(&ints, &strings, seed),
        );
        assert_col(
            &xxhash_64(&t, seed as u64).unwrap(),
            &xxh_oracle(&ints, &strings, seed as u64),
        );
    }
    let (ip, sp) = (ints.slice(2, 7), strings.slice(3, 7));
    for (ic, sc) in sliced(&ints, 2, 7).into_iter().zip(sliced(&strings, 3, 7)) {
        let t = ferrodf_core::Table::new(vec![ic, sc]).unwrap();
        assert_col(
            &murmurhash3_x86_32(&t, 7).unwrap(),
            &murmur_oracle(&ip, &sp, 7),
        );
        assert_col(&xxhash_64(&t, 7).unwrap(), &xxh_oracle(&ip, &sp, 7));
    }
    let e = table(&[&ints.slice(0, 0), &strings.slice(0, 0)]);
    assert_eq!(murmurhash3_x86_32(&e, 0).unwrap().size(), 0);
}

#[test]
fn floats_hash_normalised() {
    host();
    // Every NaN hashes as the canonical NaN; for MurmurHash3 -0.0 hashes as 0.0.
    let f = Float64Array::from(vec![f64::NAN, -f64::NAN, 0.0, -0.0]);
    let h = murmurhash3_x86_32(&table(&[&f]), 0).unwrap();
    let v = h.host_values::<u32>().unwrap();
    assert_eq!((v[0], v[2]), (v[1], v[3]));
    let want = hash_combine_32(0, murmur3_x86_32_bytes(&f64::NAN.to_le_bytes(), 0));
    assert_eq!(v[0], want);
}

#[test]
fn hashing_errors() {
    host();
    let dict =
        arrow_array::DictionaryArray::<arrow_array::types::Int32Type>::from_iter(["a", "b", "a"]);
    let t = table(&[&dict]);
    assert_err!(murmurhash3_x86_32(&t, 0), Error::NotImplemented(_));
}
