//! pylibcudf's `strings.replace.replace`: literal (not regex) replacement.

use super::{check_strings, map_rows, scalar_bytes};
use crate::column::Column;
use crate::device::kernels::strings as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::scalar::Scalar;

/// Replace the first `maxrepl` (all when negative) non-overlapping occurrences of `target`
/// in every row by `repl`, scanning left to right; nulls stay null. `target` must be a
/// valid, non-empty string (`ValueError` otherwise), `repl` a valid string.
///
/// ```
/// use ferrodf_core::interop::arrow::{from_arrow, to_arrow};
/// use ferrodf_core::ops::strings::replace::replace;
/// use ferrodf_core::scalar::Scalar;
/// let s = |v: &str| Scalar::from_column(from_arrow(&arrow_array::StringArray::from(vec![v])).unwrap()).unwrap();
/// let c = from_arrow(&arrow_array::StringArray::from(vec!["a-b-c"])).unwrap();
/// let r = to_arrow(&replace(&c, &s("-"), &s("+"), 1).unwrap()).unwrap();
/// let r = r.as_any().downcast_ref::<arrow_array::StringArray>().unwrap();
/// assert_eq!(r.value(0), "a+b-c");
/// ```
pub fn replace(input: &Column, target: &Scalar, repl: &Scalar, maxrepl: i64) -> Result<Column> {
    const NAME: &str = "replace.replace";
    check_strings(input, NAME, "input")?;
    let t = scalar_bytes(target, NAME, "target")?;
    let r = scalar_bytes(repl, NAME, "repl")?;
    if t.is_empty() {
        return Err(Error::value(
            "strings.replace.replace: target must not be empty; pass the string to replace",
        ));
    }
    if use_device()? {
        return dev::replace(input, &t, &r, maxrepl);
    }
    let (t, r) = (
        String::from_utf8(t).expect("STRING scalar"),
        String::from_utf8(r).expect("STRING scalar"),
    );
    map_rows(input, |s, out| {
        let replaced = if maxrepl < 0 {
            s.replace(&t, &r)
        } else {
            s.replacen(&t, &r, maxrepl as usize)
        };
        out.extend_from_slice(replaced.as_bytes());
    })
}
