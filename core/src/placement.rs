//! Where work runs: the process-wide placement policy `auto | gpu | cpu`.
//!
//! The policy starts from the `FERRODF_DEVICE` environment variable (default `auto`) and can
//! be changed at run time. `auto` uses the GPU when one is usable and the host otherwise;
//! `gpu` makes a missing GPU an error; `cpu` never touches the GPU.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicU8, Ordering};

/// The placement policy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// Use the GPU when one is usable, else the host.
    Auto,
    /// Always use the GPU; error without one.
    Gpu,
    /// Always use the host.
    Cpu,
}

impl Placement {
    /// Parse `auto`, `gpu` (or `cuda`) and `cpu` (or `host`), case-insensitively.
    pub fn parse(s: &str) -> Result<Placement> {
        match s.trim().to_ascii_lowercase().as_str() {
            "auto" | "" => Ok(Placement::Auto),
            "gpu" | "cuda" | "device" => Ok(Placement::Gpu),
            "cpu" | "host" => Ok(Placement::Cpu),
            other => Err(Error::value(format!(
                "unknown device placement {other:?}; use 'auto', 'gpu' or 'cpu'"
            ))),
        }
    }
    /// The canonical name.
    pub fn name(self) -> &'static str {
        match self {
            Placement::Auto => "auto",
            Placement::Gpu => "gpu",
            Placement::Cpu => "cpu",
        }
    }
}

const UNSET: u8 = 255;
static POLICY: AtomicU8 = AtomicU8::new(UNSET);

fn encode(p: Placement) -> u8 {
    p as u8
}
fn decode(v: u8) -> Placement {
    match v {
        0 => Placement::Auto,
        1 => Placement::Gpu,
        _ => Placement::Cpu,
    }
}

/// The current policy (read from `FERRODF_DEVICE` the first time).
pub fn placement() -> Result<Placement> {
    let v = POLICY.load(Ordering::Relaxed);
    if v != UNSET {
        return Ok(decode(v));
    }
    let p = match std::env::var("FERRODF_DEVICE") {
        Ok(s) => Placement::parse(&s).map_err(|e| Error::value(format!("FERRODF_DEVICE: {e}")))?,
        Err(_) => Placement::Auto,
    };
    POLICY.store(encode(p), Ordering::Relaxed);
    Ok(p)
}

/// Change the policy. Setting `gpu` without a usable GPU errors and changes nothing.
pub fn set_placement(p: Placement) -> Result<()> {
    if p == Placement::Gpu {
        crate::device::runtime()
            .map_err(|e| Error::Device(format!("cannot use device='gpu': {e}")))?;
    }
    POLICY.store(encode(p), Ordering::Relaxed);
    Ok(())
}

/// Whether operations should run on the GPU now. Errors in `gpu` mode without a GPU.
pub fn use_device() -> Result<bool> {
    match placement()? {
        Placement::Cpu => Ok(false),
        Placement::Auto => Ok(crate::device::gpu_available()),
        Placement::Gpu => crate::device::runtime().map(|_| true).map_err(|e| {
            Error::Device(format!(
                "device='gpu' (FERRODF_DEVICE=gpu) but {e}; use device='auto' or 'cpu' to run on the host"
            ))
        }),
    }
}

/// How an operation without a device implementation may proceed: in `gpu` mode this is an
/// error naming the function; in `auto` mode the host fallback is recorded (see
/// [`crate::fallback`]) and allowed.
pub fn host_fallback(function: &str, why: &str) -> Result<()> {
    if placement()? == Placement::Gpu {
        return Err(Error::not_implemented(format!(
            "{function} has no GPU implementation for {why}; with device='gpu' ferrodf does not \
             silently compute on the host. Use device='auto' to allow a host fallback."
        )));
    }
    crate::fallback::record(function);
    Ok(())
}
