//! Primitive device operations of the runtime layer that the data model itself needs:
//! device-to-device and host-to-device copies, and the bitmask kernels. They work on device
//! addresses and sizes only (never on buffers or columns), so `buffer.rs` and `bitmask.rs`
//! can use them without depending on the op families' kernels in [`super::kernels`].

pub mod bitmask;
pub mod copy;
