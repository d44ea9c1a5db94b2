//! Conversions between ferrodf columns and other in-memory formats.

pub mod arrow;
