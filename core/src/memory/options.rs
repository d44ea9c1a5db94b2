//! The memory options: spilling on/off (`FERRODF_SPILL`), the soft device limit
//! (`FERRODF_DEVICE_LIMIT`) and the statistics level (`FERRODF_SPILL_STATS`). Each starts
//! from its environment variable the first time it is read and can be changed at run time.

use crate::error::{Error, Result};
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};

const UNSET8: u8 = u8::MAX;
const UNSET64: u64 = u64::MAX;
/// `DEVICE_LIMIT` value meaning "no limit".
const NO_LIMIT: u64 = u64::MAX - 1;
/// Limits given as a percentage are stored with this bit set and the percent in the low bits.
const PERCENT_FLAG: u64 = 1 << 62;

static SPILL: AtomicU8 = AtomicU8::new(UNSET8);
static DEVICE_LIMIT: AtomicU64 = AtomicU64::new(UNSET64);
static STATS_LEVEL: AtomicU8 = AtomicU8::new(UNSET8);

fn parse_switch(name: &str, value: &str) -> Result<bool> {
    match value.trim().to_ascii_lowercase().as_str() {
        "1" | "on" | "true" | "yes" => Ok(true),
        "0" | "off" | "false" | "no" => Ok(false),
        other => Err(Error::value(format!(
            "{name}={other:?} is not a switch; use on/off (or 1/0, true/false)"
        ))),
    }
}

/// Whether device buffers may be spilled to host memory (`FERRODF_SPILL`, default on).
/// Spilling only ever happens when a GPU is used.
pub fn spill_enabled() -> bool {
    match SPILL.load(Ordering::Relaxed) {
        UNSET8 => {
            let on = std::env::var("FERRODF_SPILL")
                .ok()
                .and_then(|v| parse_switch("FERRODF_SPILL", &v).ok())
                .unwrap_or(true);
            SPILL.store(on as u8, Ordering::Relaxed);
            on
        }
        v => v == 1,
    }
}

/// Turn spilling on or off.
pub fn set_spill_enabled(on: bool) {
    SPILL.store(on as u8, Ordering::Relaxed);
}

/// Parse a byte count: `2147483648`, `2GiB`, `2 GB`, `1.5g`, `512MiB`, `100k`. Units are
/// powers of 1024 (`GB` and `GiB` alike, as nvidia-smi and cuDF count).
///
/// ```
/// use ferrodf_core::memory::parse_bytes;
/// assert_eq!(parse_bytes("2GiB").unwrap(), 2 << 30);
/// assert_eq!(parse_bytes("1.5 k").unwrap(), 1536);
/// assert!(parse_bytes("lots").is_err());
/// ```
pub fn parse_bytes(text: &str) -> Result<usize> {
    let t = text.trim().to_ascii_lowercase();
    let split = t
        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
        .unwrap_or(t.len());
    let (number, unit) = t.split_at(split);
    let scale: f64 = match unit.trim().trim_end_matches("ib").trim_end_matches('b') {
        "" => 1.0,
        "k" => 1024.0,
        "m" => 1024.0 * 1024.0,
        "g" => 1024.0 * 1024.0 * 1024.0,
        "t" => 1024.0 * 1024.0 * 1024.0 * 1024.0,
        _ => f64::NAN,
    };
    let value: f64 = number.parse().unwrap_or(f64::NAN);
    let bytes = value * scale;
    if !bytes.is_finite() || bytes < 0.0 || bytes >= u64::MAX as f64 / 4.0 {
        return Err(Error::value(format!(
            "{text:?} is not a byte count; write e.g. 2147483648, 2GiB, 512MiB or 80%"
        )));
    }
    Ok(bytes.round() as usize)
}

fn encode_limit(text: &str) -> Result<u64> {
    let t = text.trim();
    if t.is_empty() || t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("off") {
        return Ok(NO_LIMIT);
    }
    if let Some(p) = t.strip_suffix('%') {
        let pct: u64 = p
            .trim()
            .parse()
            .ok()
            .filter(|p| (1..=100).contains(p))
            .ok_or_else(|| {
                Error::value(format!(
                    "device limit {t:?}: a percentage must lie in 1%..100%"
                ))
            })?;
        return Ok(PERCENT_FLAG | pct);
    }
    Ok(parse_bytes(t)? as u64)
}

/// The soft device limit in bytes, if any (`FERRODF_DEVICE_LIMIT`: bytes such as `2GiB`, or
/// a percentage of the GPU's memory such as `80%`). When ferrodf's device memory would grow
/// past it, least-recently-used buffers are spilled first.
pub fn device_limit() -> Option<usize> {
    let mut v = DEVICE_LIMIT.load(Ordering::Relaxed);
    if v == UNSET64 {
        v = std::env::var("FERRODF_DEVICE_LIMIT")
            .ok()
            .and_then(|s| encode_limit(&s).ok())
            .unwrap_or(NO_LIMIT);
        DEVICE_LIMIT.store(v, Ordering::Relaxed);
    }
    if v == NO_LIMIT {
        return None;
    }
    if v & PERCENT_FLAG != 0 {
        let total = crate::device::runtime().ok()?.total_memory();
        return Some((total as u128 * (v & !PERCENT_FLAG) as u128 / 100) as usize);
    }
    Some(v as usize)
}

/// Set (or with `None` remove) the soft device limit in bytes.
pub fn set_device_limit(bytes: Option<usize>) {
    DEVICE_LIMIT.store(bytes.map_or(NO_LIMIT, |b| b as u64), Ordering::Relaxed);
}

/// Set the device limit from text: bytes (`2GiB`), a percentage (`80%`) or `none`.
pub fn set_device_limit_text(text: &str) -> Result<()> {
    DEVICE_LIMIT.store(encode_limit(text)?, Ordering::Relaxed);
    Ok(())
}

/// The statistics level (`FERRODF_SPILL_STATS`, default 1): 0 records nothing, 1 counts
/// transfers, spills and unspills with their bytes and seconds, 2 also records where device
/// pointers were handed out of ferrodf, 3 also audits every host/device copy with the
/// public function that caused it ([`super::audit`]).
pub fn statistics_level() -> u8 {
    match STATS_LEVEL.load(Ordering::Relaxed) {
        UNSET8 => {
            let level = std::env::var("FERRODF_SPILL_STATS")
                .ok()
                .and_then(|v| v.trim().parse::<u8>().ok())
                .map_or(1, |l| l.min(3));
            STATS_LEVEL.store(level, Ordering::Relaxed);
            level
        }
        v => v,
    }
}

/// Set the statistics level (0 to 3; larger values mean 3).
pub fn set_statistics_level(level: u8) {
    STATS_LEVEL.store(level.min(3), Ordering::Relaxed);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_parse() {
        assert_eq!(parse_bytes("123").unwrap(), 123);
        assert_eq!(parse_bytes("2 GB").unwrap(), 2 << 30);
        assert_eq!(parse_bytes("512MiB").unwrap(), 512 << 20);
        assert_eq!(parse_bytes("0.5t").unwrap(), 1 << 39);
        for bad in ["", "x", "1.2.3", "-4", "5 parsecs"] {
            assert!(parse_bytes(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn limits_encode() {
        assert_eq!(encode_limit("none").unwrap(), NO_LIMIT);
        assert_eq!(encode_limit("80%").unwrap(), PERCENT_FLAG | 80);
        assert!(encode_limit("0%").is_err());
        assert!(encode_limit("150%").is_err());
        assert_eq!(encode_limit("1k").unwrap(), 1024);
    }
}
