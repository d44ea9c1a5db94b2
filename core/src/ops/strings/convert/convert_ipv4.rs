//! pylibcudf's `strings.convert.convert_ipv4`: dotted IPv4 addresses to and from UINT32.
//!
//! An address is four parts of one to three ASCII digits, each at most 255, joined by
//! dots (leading zeros allowed, as libcudf; Python's `ipaddress` rejects them). libcudf
//! leaves other rows undefined; here they are null.

use super::super::{HostStrs, check_strings};
use super::{check_type, format_rows, host_flags, host_values_column};
use crate::column::Column;
use crate::device::kernels::strings_convert as dev;
use crate::error::Result;
use crate::ops::cast::cast;
use crate::placement::use_device;
use crate::types::TypeId;

/// `s` as an address (the host twin of `parse_ipv4` in strings_convert.cu).
fn parse(s: &str) -> Option<u32> {
    let mut addr = 0u32;
    let mut parts = 0;
    for part in s.split('.') {
        let ok = (1..=3).contains(&part.len()) && part.bytes().all(|c| c.is_ascii_digit());
        let v: u32 = if ok { part.parse().ok()? } else { return None };
        if v > 255 {
            return None;
        }
        addr = (addr << 8) | v;
        parts += 1;
    }
    (parts == 4).then_some(addr)
}

fn parse_rows(input: &Column, flags_only: bool) -> Result<Column> {
    if use_device()? {
        return dev::parse_ipv4(input, flags_only);
    }
    let h = HostStrs::of(input)?;
    let p: Vec<Option<u32>> = (0..h.len()).map(|i| h.opt(i).and_then(parse)).collect();
    if flags_only {
        return host_flags(input, p.iter().map(Option::is_some).collect());
    }
    let valid: Vec<bool> = p.iter().map(Option::is_some).collect();
    let v = p.into_iter().map(|x| x.unwrap_or(0)).collect();
    host_values_column::<u32>(TypeId::Uint32.into(), v, &valid)
}

/// UINT32: every row's address, the first part in the highest byte ("1.2.3.4" is
/// 16909060); null for null rows and rows that are not addresses.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::convert::convert_ipv4::ipv4_to_integers;
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["1.2.3.4", "256.0.0.1"])).unwrap();
/// let r = to_arrow(&ipv4_to_integers(&c).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::UInt32Array>().unwrap();
/// assert_eq!(r.iter().collect::<Vec<_>>(), vec![Some(16909060), None]);
/// ```
pub fn ipv4_to_integers(input: &Column) -> Result<Column> {
    check_strings(input, "convert_ipv4.ipv4_to_integers", "input")?;
    parse_rows(input, false)
}

/// BOOL8: whether each row is an address. Null rows stay null.
pub fn is_ipv4(input: &Column) -> Result<Column> {
    check_strings(input, "convert_ipv4.is_ipv4", "input")?;
    parse_rows(input, true)
}

/// Every row of a UINT32 column (or INT64, libcudf's older type, whose low 32 bits are
/// used) as `a.b.c.d`. Nulls stay null.
pub fn integers_to_ipv4(integers: &Column) -> Result<Column> {
    const NAME: &str = "convert_ipv4.integers_to_ipv4";
    let ok = |t| matches!(t, TypeId::Uint32 | TypeId::Int64);
    check_type(integers, ok, NAME, "a UINT32 (or INT64) column")?;
    let addrs = cast(integers, TypeId::Uint32.into())?;
    if use_device()? {
        return dev::from_ipv4(&addrs);
    }
    let v = addrs.host_values::<u32>()?;
    format_rows(&addrs, |i, out| {
        let b = v[i].to_be_bytes();
        out.extend_from_slice(format!("{}.{}.{}.{}", b[0], b[1], b[2], b[3]).as_bytes());
    })
}
