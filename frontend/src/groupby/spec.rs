//! What a grouped `agg` computes, in pandas' four spellings, and the output labels each
//! one gives.

use ferrodf_core::{Error, Result};

use super::aggregate::AggRequest;
use crate::label::Label;

/// The aggregations of one column in an [`AggSpec::PerColumn`]: one name, or a list
/// (a list makes the result's columns a MultiIndex, as in pandas).
#[derive(Clone, Debug, PartialEq)]
pub enum Funcs {
    One(String),
    List(Vec<String>),
}

/// What `agg` computes.
///
/// ```
/// use ferrodf::AggSpec;
/// let sum = AggSpec::from("sum"); // agg("sum")
/// let both = AggSpec::from(["sum", "mean"]); // agg(["sum", "mean"])
/// let dict = AggSpec::per_column([("revenue", "sum"), ("units", "max")]); // agg({...})
/// let named = AggSpec::named([("total", "revenue", "sum")]); // agg(total=("revenue", "sum"))
/// assert_ne!(sum, both);
/// # let _ = (dict, named);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub enum AggSpec {
    /// One aggregation of every value column; the columns keep their labels.
    One(String),
    /// Several aggregations of every value column, labelled `(column, name)`.
    Many(Vec<String>),
    /// Chosen aggregations per column (pandas' dict).
    PerColumn(Vec<(Label, Funcs)>),
    /// Named outputs: `(output label, column, aggregation)`.
    Named(Vec<(Label, Label, String)>),
}

impl AggSpec {
    /// One aggregation per column, `(column, name)` pairs.
    pub fn per_column<L: Into<Label>, S: Into<String>>(
        items: impl IntoIterator<Item = (L, S)>,
    ) -> AggSpec {
        AggSpec::PerColumn(
            items
                .into_iter()
                .map(|(c, f)| (c.into(), Funcs::One(f.into())))
                .collect(),
        )
    }

    /// Named aggregations, `(output, column, name)` triples.
    pub fn named<O: Into<Label>, C: Into<Label>, S: Into<String>>(
        items: impl IntoIterator<Item = (O, C, S)>,
    ) -> AggSpec {
        AggSpec::Named(
            items
                .into_iter()
                .map(|(o, c, f)| (o.into(), c.into(), f.into()))
                .collect(),
        )
    }

    /// The single aggregation name, when this is [`AggSpec::One`].
    pub fn as_one(&self) -> Option<&str> {
        match self {
            AggSpec::One(f) => Some(f),
            _ => None,
        }
    }

    /// The requests over `values` (the value columns): output labels as pandas gives
    /// them; `single` means one column was selected, whose lists are labelled by the
    /// aggregation name alone.
    pub(crate) fn requests(&self, values: &[Label], single: bool) -> Result<Vec<AggRequest>> {
        let request = |column: &Label, how: &str, output: Label| AggRequest {
            column: column.clone(),
            how: how.to_string(),
            output,
        };
        let pair = |column: &Label, how: &str| {
            let mut levels = column.levels().to_vec();
            levels.push(Label::from(how));
            Label::Tuple(levels)
        };
        let out: Vec<AggRequest> = match self {
            AggSpec::One(f) => values.iter().map(|c| request(c, f, c.clone())).collect(),
            AggSpec::Many(fs) => values
                .iter()
                .flat_map(|c| {
                    fs.iter().map(move |f| {
                        let label = if single {
                            Label::from(f.as_str())
                        } else {
                            pair(c, f)
                        };
                        request(c, f, label)
                    })
                })
                .collect(),
            AggSpec::PerColumn(items) => {
                let multi = items.iter().any(|(_, f)| matches!(f, Funcs::List(_)));
                let mut out = Vec::new();
                for (c, funcs) in items {
                    let names = match funcs {
                        Funcs::One(f) => std::slice::from_ref(f),
                        Funcs::List(fs) => fs.as_slice(),
                    };
                    for f in names {
                        let label = if multi { pair(c, f) } else { c.clone() };
                        out.push(request(c, f, label));
                    }
                }
                out
            }
            AggSpec::Named(items) => items
                .iter()
                .map(|(o, c, f)| request(c, f, o.clone()))
                .collect(),
        };
        if out.is_empty() && !values.is_empty() {
            return Err(Error::value(
                "no aggregation given: pass a name such as \"sum\", a list, a dict or named \
                 aggregations"
                    .to_string(),
            ));
        }
        Ok(out)
    }
}

from_impls!(AggSpec {
    &str => |how| AggSpec::One(how.to_string()),
    String => |how| AggSpec::One(how),
    Vec<&str> => |hows| AggSpec::many(&hows),
    Vec<String> => |hows| AggSpec::Many(hows),
});

impl<const N: usize> From<[&str; N]> for AggSpec {
    fn from(hows: [&str; N]) -> AggSpec {
        AggSpec::many(&hows)
    }
}

impl AggSpec {
    fn many(hows: &[&str]) -> AggSpec {
        AggSpec::Many(hows.iter().map(|h| h.to_string()).collect())
    }
}
