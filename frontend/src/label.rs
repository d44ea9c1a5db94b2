//! Labels: the names of columns and the values of an index, as pandas allows them.
//!
//! pandas labels are arbitrary hashable Python objects. ferrodf keeps the ones a frame
//! needs in practice: `None`, booleans, integers, floats, strings and tuples of those
//! (the keys of MultiIndex columns). Like Python's `dict`, an integer and a float that are
//! numerically equal are the same label (`1 == 1.0`), so `df[1]` finds a column named `1.0`.

use std::fmt;
use std::hash::{Hash, Hasher};

/// One column name or index value.
///
/// ```
/// use ferrodf::Label;
/// let key = Label::from(("a", "b"));
/// assert_eq!(key.to_string(), "('a', 'b')");
/// assert_eq!(Label::Int(1), Label::Float(1.0));
/// ```
#[derive(Clone, Debug)]
pub enum Label {
    /// Python's `None` (an unnamed index or level).
    None,
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    /// A MultiIndex key: one label per level.
    Tuple(Vec<Label>),
}

impl Label {
    /// The levels of this label: its elements when it is a tuple, else itself alone.
    pub fn levels(&self) -> &[Label] {
        match self {
            Label::Tuple(parts) => parts,
            other => std::slice::from_ref(other),
        }
    }

    /// A label from level parts: a 1-part key collapses to its only element, as pandas
    /// turns `('a',)` into `'a'` when a MultiIndex drops to one level.
    pub fn from_levels(mut parts: Vec<Label>) -> Label {
        if parts.len() == 1 {
            parts.pop().unwrap()
        } else {
            Label::Tuple(parts)
        }
    }

    /// Whether this label is a tuple.
    pub fn is_tuple(&self) -> bool {
        matches!(self, Label::Tuple(_))
    }

    /// The empty string, which pandas uses to pad short MultiIndex keys.
    pub fn empty() -> Label {
        Label::Str(String::new())
    }

    /// The label as Python's `str()` would print it (strings unquoted), for headers.
    pub fn to_plain_string(&self) -> String {
        match self {
            Label::Str(s) => s.clone(),
            other => other.to_string(),
        }
    }

    /// The integer equal to this label, so that `1 == 1.0` as in Python. Booleans stay
    /// apart from integers: a column named `True` is not the column named `1`.
    fn as_integral(&self) -> Option<i64> {
        match self {
            Label::Int(i) => Some(*i),
            Label::Float(f) if f.fract() == 0.0 && f.abs() < 9.2e18 => Some(*f as i64),
            _ => None,
        }
    }
}

impl PartialEq for Label {
    fn eq(&self, other: &Label) -> bool {
        match (self, other) {
            (Label::None, Label::None) => true,
            (Label::Bool(a), Label::Bool(b)) => a == b,
            (Label::Str(a), Label::Str(b)) => a == b,
            (Label::Tuple(a), Label::Tuple(b)) => a == b,
            (Label::Float(a), Label::Float(b)) => a == b || (a.is_nan() && b.is_nan()),
            (Label::Int(_) | Label::Float(_), Label::Int(_) | Label::Float(_)) => {
                self.as_integral().is_some() && self.as_integral() == other.as_integral()
            }
            _ => false,
        }
    }
}

impl Eq for Label {}

impl Hash for Label {
    fn hash<H: Hasher>(&self, state: &mut H) {
        match self {
            Label::None => 0u8.hash(state),
            Label::Bool(b) => (1u8, b).hash(state),
            Label::Int(_) | Label::Float(_) => match self.as_integral() {
                Some(i) => (2u8, i).hash(state),
                None => {
                    let Label::Float(f) = self else {
                        unreachable!()
                    };
                    // every NaN is one label, as pandas treats NaN labels
                    let bits = if f.is_nan() {
                        f64::NAN.to_bits()
                    } else {
                        f.to_bits()
                    };
                    (3u8, bits).hash(state)
                }
            },
            Label::Str(s) => (4u8, s).hash(state),
            Label::Tuple(parts) => {
                5u8.hash(state);
                parts.hash(state)
            }
        }
    }
}

/// Python's `repr` of the label: `'a'`, `1`, `1.5`, `None`, `('a', 1)`.
impl fmt::Display for Label {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Label::None => f.write_str("None"),
            Label::Bool(true) => f.write_str("True"),
            Label::Bool(false) => f.write_str("False"),
            Label::Int(i) => write!(f, "{i}"),
            Label::Float(x) if x.is_nan() => f.write_str("nan"),
            Label::Float(x) if x.fract() == 0.0 && x.is_finite() => write!(f, "{x:.1}"),
            Label::Float(x) => write!(f, "{x}"),
            Label::Str(s) => write!(f, "'{}'", s.replace('\\', "\\\\").replace('\'', "\\'")),
            Label::Tuple(parts) => {
                f.write_str("(")?;
                for (i, p) in parts.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{p}")?;
                }
                if parts.len() == 1 {
                    f.write_str(",")?;
                }
                f.write_str(")")
            }
        }
    }
}

from_impls!(Label {
    &str => |s| Label::Str(s.to_string()),
    String => |s| Label::Str(s),
    i64 => |i| Label::Int(i),
    i32 => |i| Label::Int(i as i64),
    f64 => |x| Label::Float(x),
    bool => |b| Label::Bool(b),
});
impl<A: Into<Label>, B: Into<Label>> From<(A, B)> for Label {
    fn from((a, b): (A, B)) -> Label {
        Label::Tuple(vec![a.into(), b.into()])
    }
}
impl<A: Into<Label>, B: Into<Label>, C: Into<Label>> From<(A, B, C)> for Label {
    fn from((a, b, c): (A, B, C)) -> Label {
        Label::Tuple(vec![a.into(), b.into(), c.into()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn numeric_labels_follow_python_equality() {
        let set: HashSet<Label> = [Label::Int(1), Label::Float(1.0)].into_iter().collect();
        assert_eq!(set.len(), 1);
        assert_ne!(Label::Float(1.5), Label::Int(1));
        assert_eq!(Label::Float(f64::NAN), Label::Float(f64::NAN));
        assert_ne!(Label::Bool(true), Label::Int(1));
    }

    #[test]
    fn display_matches_python_repr() {
        assert_eq!(Label::from("it's").to_string(), r"'it\'s'");
        assert_eq!(Label::Float(2.0).to_string(), "2.0");
        assert_eq!(Label::Tuple(vec![Label::Int(1)]).to_string(), "(1,)");
        assert_eq!(Label::from(("a", 1)).to_string(), "('a', 1)");
    }
}
