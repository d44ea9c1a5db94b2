//! The label -> row positions hash map of a one-column [`Index`](crate::Index), pandas'
//! index engine: `df.loc[label]` on string or integer labels becomes one hash lookup
//! instead of an equality pass over every label.
//!
//! The map is built lazily, on the first lookup by label, from a host copy of the labels
//! (on the GPU that first lookup copies the labels to the host once; the labels stay
//! where they are). An Index is immutable, so the map is never invalidated: it is shared
//! by the clones of the Index (the same labels) and dropped with the last one. An Index
//! made over other labels (`rebuild`, a row selection) starts with an empty cache.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::{Arc, OnceLock};

use arrow_array::cast::AsArray;
use ferrodf_core::interop::arrow::to_arrow;
use ferrodf_core::{Column, Result, TypeId};

use crate::compute::Value;

/// The rows carrying one label, in order.
#[derive(Clone, Debug, PartialEq)]
pub enum Rows {
    /// The label is unique.
    One(usize),
    /// The label repeats (two or more positions, ascending).
    Many(Vec<usize>),
}

impl Rows {
    fn push(&mut self, position: usize) {
        match self {
            Rows::One(first) => *self = Rows::Many(vec![*first, position]),
            Rows::Many(all) => all.push(position),
        }
    }
}

/// The maps of the label types hashed exactly: integers (any width, as `i128`) and
/// strings. Other label types (floats, timestamps, ...) compare by pandas' equality rules
/// and are looked up by an equality pass instead.
#[derive(Debug)]
enum Positions {
    Ints(HashMap<i128, Rows>),
    Strings(HashMap<Box<str>, Rows>),
}

/// A lazily built, shared label map (see the module docs); `Clone` shares it.
#[derive(Clone, Debug, Default)]
pub struct LabelMap(Arc<OnceLock<Option<Positions>>>);

impl LabelMap {
    /// The rows whose label equals `key`: `Ok(None)` when the map cannot answer for this
    /// pair of label type and key (the caller compares instead), `Ok(Some(None))` when no
    /// label equals `key`.
    ///
    /// An integer key finds integer labels; a float key with an integral value does too
    /// (`3.0 == 3`, as pandas compares), any other float none; a string key finds string
    /// labels. Missing labels are never found.
    pub(crate) fn find(&self, labels: &Column, key: &Value) -> Result<Option<Option<Rows>>> {
        let id = labels.dtype().id();
        let hashed = (id.is_integer() && matches!(key, Value::Int(_) | Value::Float(_)))
            || (id == TypeId::String && matches!(key, Value::Str(_)));
        if !hashed {
            return Ok(None);
        }
        let positions = match self.0.get() {
            Some(p) => p,
            None => {
                let built = build(labels)?;
                self.0.get_or_init(|| built)
            }
        };
        Ok(match (positions, key) {
            (Some(Positions::Ints(map)), Value::Int(v)) => Some(map.get(v).cloned()),
            // an integral float (finite: NaN is Value::Null) is that integer
            (Some(Positions::Ints(map)), Value::Float(v)) => Some(
                (v.fract() == 0.0)
                    .then(|| map.get(&(*v as i128)).cloned())
                    .flatten(),
            ),
            (Some(Positions::Strings(map)), Value::Str(s)) => Some(map.get(s.as_str()).cloned()),
            _ => None,
        })
    }
}

/// The map of `labels` (integers or strings), from one host copy of them.
fn build(labels: &Column) -> Result<Option<Positions>> {
    let array = to_arrow(labels)?;
    let id = labels.dtype().id();
    Ok(Some(match id {
        TypeId::String => match array.as_string_opt::<i32>() {
            Some(a) => Positions::Strings(index_valid(a.iter().map(|v| v.map(Box::from)))),
            None => Positions::Strings(index_valid(
                array.as_string::<i64>().iter().map(|v| v.map(Box::from)),
            )),
        },
        t if t.is_integer() => {
            let wide = arrow_cast::cast(&array, &arrow_schema::DataType::Decimal128(38, 0))
                .map_err(|e| ferrodf_core::Error::type_err(e.to_string()))?;
            let values = wide.as_primitive::<arrow_array::types::Decimal128Type>();
            Positions::Ints(index_valid(values.iter()))
        }
        _ => return Ok(None),
    }))
}

/// Each present label's positions, in order; missing labels are left out.
fn index_valid<K: Hash + Eq>(labels: impl Iterator<Item = Option<K>>) -> HashMap<K, Rows> {
    let mut map: HashMap<K, Rows> = HashMap::new();
    for (position, label) in labels.enumerate() {
        if let Some(label) = label {
            map.entry(label)
                .and_modify(|rows| rows.push(position))
                .or_insert(Rows::One(position));
        }
    }
    map
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_unique_repeated_and_missing_labels() {
        let labels = Column::from_options(vec![Some(5i32), Some(7), None, Some(5)]);
        let map = LabelMap::default();
        assert_eq!(
            map.find(&labels, &Value::Int(7)).unwrap(),
            Some(Some(Rows::One(1)))
        );
        assert_eq!(
            map.find(&labels, &Value::Float(5.0)).unwrap(),
            Some(Some(Rows::Many(vec![0, 3])))
        );
        assert_eq!(map.find(&labels, &Value::Float(5.5)).unwrap(), Some(None));
        assert_eq!(map.find(&labels, &Value::Int(9)).unwrap(), Some(None));
        // a key the map does not hash: the caller compares instead
        assert_eq!(map.find(&labels, &Value::Bool(true)).unwrap(), None);
    }

    #[test]
    fn string_labels_and_a_shared_cache() {
        let labels = crate::IntoColumn::into_column(vec!["r0", "r1", "r0"]);
        let map = LabelMap::default();
        let shared = map.clone();
        assert_eq!(
            map.find(&labels, &Value::Str("r1".into())).unwrap(),
            Some(Some(Rows::One(1)))
        );
        assert!(shared.0.get().is_some(), "clones share the built map");
        assert_eq!(
            shared.find(&labels, &Value::Str("r0".into())).unwrap(),
            Some(Some(Rows::Many(vec![0, 2])))
        );
        assert_eq!(map.find(&labels, &Value::Int(0)).unwrap(), None);
    }
}
