//! The host path of every op family against arrow-rs's compute kernels (or a plain Rust
//! loop where arrow-rs has none): nulls, empty inputs, sliced inputs, the typed error of a
//! bad input, and property tests of the core operations. See docs/testing.md.
//!
//! One test binary with one module per family, not one binary per family: each debug
//! binary links the whole crate with its debug info (about 1 GB), so 22 binaries would
//! take 20 GB of disk and 22 link steps. Run one family with
//! `cargo test -p ferrodf-core --test host <family>::`.

#[macro_use]
mod common;

mod cast;
mod concatenate;
mod copying;
mod datetime;
mod filling;
mod groupby;
mod hashing;
mod join;
mod lists;
mod merge;
mod null_mask;
mod partitioning;
mod quantiles;
mod reduce;
mod replace;
mod round;
mod scan;
mod search;
mod sorting;
mod stream_compaction;
mod strings;
mod transform;
mod unary;
