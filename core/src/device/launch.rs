//! Launch helpers of the device runtime: the shared CUDA prelude every module is compiled
//! with, kernel arguments, launching on ferrodf's stream and the usual launch shapes. Used
//! by the primitives (`device/primitives`) and re-exported to the per-family kernels
//! (`device/kernels`).

use crate::error::Result;
use cudarc::driver::{CudaFunction, LaunchConfig, PushKernelArg};

/// Shared type traits and helpers, prepended to every kernel module.
pub(crate) const COMMON: &str = include_str!("kernels/cuda/common.cuh");

/// One kernel argument: a device pointer or integer (`P`), an `int64_t` (`I`) or an `int` (`I32`).
#[derive(Clone, Copy)]
pub(crate) enum Arg {
    P(u64),
    I(i64),
    I32(i32),
}

/// `Arg: From` the Rust type of each kernel-parameter C type.
macro_rules! arg_from {
    ($($t:ty => $variant:ident: $doc:literal;)*) => {$(
        impl From<$t> for Arg {
            #[doc = $doc]
            fn from(v: $t) -> Arg {
                Arg::$variant(v)
            }
        }
    )*};
}
arg_from! {
    u64 => P: "A device pointer or an unsigned 64-bit word.";
    i64 => I: "An `int64_t`.";
    i32 => I32: "An `int`.";
}

/// The kernel arguments of values of their C types (`u64` for a pointer or unsigned 64-bit
/// word, `i64` for an `int64_t`, `i32` for an `int`), in kernel-parameter order; an [`Arg`]
/// passes through. Literals need their suffix (`0u64`).
macro_rules! args {
    ($($a:expr),* $(,)?) => {
        [$($crate::device::launch::Arg::from($a)),*]
    };
}
pub(crate) use args;

/// Launch `f` with `args` on ferrodf's stream.
///
/// # Safety
/// The arguments must match the kernel's parameters and every pointer must cover the
/// ranges the kernel touches for these sizes.
pub(crate) unsafe fn launch(f: &CudaFunction, cfg: LaunchConfig, args: &[Arg]) -> Result<()> {
    let rt = super::runtime()?;
    let mut b = rt.stream().launch_builder(f);
    for a in args {
        match a {
            Arg::P(v) => b.arg(v),
            Arg::I(v) => b.arg(v),
            Arg::I32(v) => b.arg(v),
        };
    }
    // SAFETY: the caller vouches for the arguments.
    unsafe { b.launch(cfg)? };
    Ok(())
}

/// A grid-stride launch over `n` items (256 threads, up to 8 blocks per SM).
pub(crate) fn grid(n: usize) -> Result<LaunchConfig> {
    Ok(super::runtime()?.grid_stride_config(n, 256, 8))
}

/// A single block of 256 threads.
pub(crate) fn one_block() -> LaunchConfig {
    blocks(1, 256)
}

/// `count` blocks of `threads` threads (one-dimensional, no dynamic shared memory).
pub(crate) fn blocks(count: usize, threads: u32) -> LaunchConfig {
    LaunchConfig {
        grid_dim: (count as u32, 1, 1),
        block_dim: (threads, 1, 1),
        shared_mem_bytes: 0,
    }
}
