//! [`ColumnAccessor`]: the ordered label -> column mapping behind every frame.
//!
//! It follows cuDF's `ColumnAccessor` (see `docs/frame.md`): labels are unique; with
//! `multiindex` set, labels are tuples with one element per level and can be selected by
//! prefix ("partial keys", which remove the consumed levels) or with wildcards.

use std::collections::HashMap;

use ferrodf_core::{Column, Error, Result};

use crate::label::Label;
use crate::suggest::missing_label;

/// A column selection by label, as `ColumnAccessor::select_by_label` takes it.
#[derive(Clone, Debug, PartialEq)]
pub enum LabelKey {
    /// One label; on a MultiIndex a prefix of a key selects the sub-tree below it.
    Label(Label),
    /// Several labels (each may be a prefix), in the order given.
    List(Vec<Label>),
    /// One flag per column.
    Mask(Vec<bool>),
    /// From `start` to `stop`, both included (`None`: from the first / to the last).
    Slice {
        start: Option<Label>,
        stop: Option<Label>,
    },
    /// A MultiIndex key with a selector per level; missing trailing levels match anything.
    Levels(Vec<LevelKey>),
}

/// What one level of a [`LabelKey::Levels`] key matches.
#[derive(Clone, Debug, PartialEq)]
pub enum LevelKey {
    /// Exactly this label.
    Label(Label),
    /// Any of these labels.
    OneOf(Vec<Label>),
    /// Anything (`slice(None)` in Python).
    Any,
}

/// A column selection by position, as `ColumnAccessor::select_by_index` takes it.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionKey {
    /// One position; negative counts from the end.
    Position(i64),
    /// Several positions, negative counting from the end.
    List(Vec<i64>),
    /// One flag per column.
    Mask(Vec<bool>),
    /// Python slice semantics.
    Slice {
        start: Option<i64>,
        stop: Option<i64>,
        step: Option<i64>,
    },
}

/// An ordered mapping of unique labels to equally long columns.
///
/// ```
/// use ferrodf::{ColumnAccessor, Label, LabelKey};
/// use ferrodf::core::Column;
/// let ca = ColumnAccessor::from_pairs(
///     vec![(("a", "b").into(), Column::from_values(vec![1i64, 2, 3])),
///          (("a", "c").into(), Column::from_values(vec![2i64, 3, 4])),
///          (("d", "b").into(), Column::from_values(vec![4i64, 5, 6]))],
///     true,
/// ).unwrap();
/// let a = ca.select_by_label(&LabelKey::Label("a".into())).unwrap();
/// assert_eq!(a.names(), &[Label::from("b"), Label::from("c")]);
/// assert!(!a.multiindex());
/// ```
#[derive(Clone, Debug)]
pub struct ColumnAccessor {
    names: Vec<Label>,
    columns: Vec<Column>,
    positions: HashMap<Label, usize>,
    multiindex: bool,
    level_names: Vec<Label>,
}

impl Default for ColumnAccessor {
    fn default() -> Self {
        ColumnAccessor {
            names: Vec::new(),
            columns: Vec::new(),
            positions: HashMap::new(),
            multiindex: false,
            level_names: vec![Label::None],
        }
    }
}

impl ColumnAccessor {
    /// Builds an accessor; labels must be unique and columns equally long. With
    /// `multiindex`, the number of levels is the longest tuple's length and the level
    /// names start as `None`.
    pub fn from_pairs(pairs: Vec<(Label, Column)>, multiindex: bool) -> Result<ColumnAccessor> {
        let (names, columns): (Vec<Label>, Vec<Column>) = pairs.into_iter().unzip();
        let nlevels = if multiindex {
            names.iter().map(|n| n.levels().len()).max().unwrap_or(1)
        } else {
            1
        };
        Self::new(names, columns, multiindex, vec![Label::None; nlevels])
    }

    /// Builds an accessor with explicit level names (one per level).
    pub fn new(
        names: Vec<Label>,
        columns: Vec<Column>,
        multiindex: bool,
        level_names: Vec<Label>,
    ) -> Result<ColumnAccessor> {
        if names.len() != columns.len() {
            return Err(Error::value(format!(
                "{} labels for {} columns: give one label per column",
                names.len(),
                columns.len()
            )));
        }
        if let Some(first) = columns.first() {
            if let Some((name, col)) = names
                .iter()
                .zip(&columns)
                .find(|(_, c)| c.size() != first.size())
            {
                return Err(Error::value(format!(
                    "column {name} has {} rows but column {} has {}: all columns must be equally long",
                    col.size(),
                    names[0],
                    first.size()
                )));
            }
        }
        let nlevels = if multiindex {
            names.iter().map(|n| n.levels().len()).max().unwrap_or(1)
        } else {
            1
        };
        let level_names = if level_names.is_empty() {
            vec![Label::None; nlevels]
        } else {
            level_names
        };
        if multiindex && !names.is_empty() && level_names.len() != nlevels {
            return Err(Error::value(format!(
                "{} level names for labels with {nlevels} levels: give one name per level",
                level_names.len()
            )));
        }
        let positions = unique_positions(&names)?;
        Ok(ColumnAccessor {
            names,
            columns,
            positions,
            multiindex,
            level_names,
        })
    }

    /// A copy with other columns under the same labels and level structure.
    pub fn with_columns(&self, columns: Vec<Column>) -> Result<ColumnAccessor> {
        Self::new(
            self.names.clone(),
            columns,
            self.multiindex,
            self.level_names.clone(),
        )
    }

    /// The labels in order.
    pub fn names(&self) -> &[Label] {
        &self.names
    }

    /// The columns in order.
    pub fn columns(&self) -> &[Column] {
        &self.columns
    }

    /// Label and column pairs in order.
    pub fn iter(&self) -> impl Iterator<Item = (&Label, &Column)> {
        self.names.iter().zip(&self.columns)
    }

    /// Whether the labels are MultiIndex keys (tuples).
    pub fn multiindex(&self) -> bool {
        self.multiindex
    }

    /// The names of the label levels (`None` where unnamed).
    pub fn level_names(&self) -> &[Label] {
        &self.level_names
    }

    /// Renames the levels; one name per level.
    pub fn set_level_names(&mut self, names: Vec<Label>) -> Result<()> {
        if names.len() != self.nlevels() {
            return Err(Error::value(format!(
                "{} level names for {} levels: give one name per level",
                names.len(),
                self.nlevels()
            )));
        }
        self.level_names = names;
        Ok(())
    }

    /// The number of label levels (1 unless `multiindex`).
    pub fn nlevels(&self) -> usize {
        if !self.multiindex {
            return 1;
        }
        self.names
            .iter()
            .map(|n| n.levels().len())
            .max()
            .unwrap_or(self.level_names.len().max(1))
    }

    /// The number of rows (0 when there are no columns).
    pub fn nrows(&self) -> usize {
        self.columns.first().map_or(0, Column::size)
    }

    /// The number of columns.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether there are no columns.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Whether `label` is a full label of this accessor.
    pub fn contains(&self, label: &Label) -> bool {
        self.positions.contains_key(label)
    }

    /// The position of `label`, if it is a full label.
    pub fn position(&self, label: &Label) -> Option<usize> {
        self.positions.get(label).copied()
    }

    /// The column stored under exactly `label` (KeyError with suggestions otherwise).
    pub fn get(&self, label: &Label) -> Result<&Column> {
        match self.positions.get(label) {
            Some(&i) => Ok(&self.columns[i]),
            None => Err(missing_label(label, &self.names)),
        }
    }

    /// Inserts `column` under `name` at `loc` (`None`: at the end). On a MultiIndex a
    /// short key is padded with `""`, as pandas does.
    pub fn insert(&mut self, name: Label, column: Column, loc: Option<usize>) -> Result<()> {
        let name = self.padded(name)?;
        if self.positions.contains_key(&name) {
            return Err(Error::Key(format!(
                "cannot insert {name}: a column with this label already exists; use set_by_label to replace it"
            )));
        }
        if !self.is_empty() && column.size() != self.nrows() {
            return Err(Error::value(format!(
                "cannot insert {name}: it has {} rows but the columns have {}",
                column.size(),
                self.nrows()
            )));
        }
        let loc = loc.unwrap_or(self.len());
        if loc > self.len() {
            return Err(Error::index(format!(
                "insert location {loc} is out of range for {} columns (0..={})",
                self.len(),
                self.len()
            )));
        }
        if self.is_empty() && self.multiindex {
            self.level_names = vec![Label::None; name.levels().len()];
        }
        self.names.insert(loc, name);
        self.columns.insert(loc, column);
        self.reindex_positions();
        Ok(())
    }

    /// Replaces the column under `name`, or appends it when the label is new.
    pub fn set_by_label(&mut self, name: Label, column: Column) -> Result<()> {
        let name = self.padded(name)?;
        if !self.is_empty()
            && column.size() != self.nrows()
            && !(self.len() == 1 && self.contains(&name))
        {
            return Err(Error::value(format!(
                "cannot set {name}: it has {} rows but the columns have {}",
                column.size(),
                self.nrows()
            )));
        }
        match self.positions.get(&name) {
            Some(&i) => {
                self.columns[i] = column;
                Ok(())
            }
            None => self.insert(name, column, None),
        }
    }

    /// Removes and returns the column under exactly `label`.
    pub fn pop(&mut self, label: &Label) -> Result<Column> {
        let Some(&i) = self.positions.get(label) else {
            return Err(missing_label(label, &self.names));
        };
        self.names.remove(i);
        let column = self.columns.remove(i);
        self.reindex_positions();
        Ok(column)
    }

    /// Selects columns by label (see [`LabelKey`]).
    pub fn select_by_label(&self, key: &LabelKey) -> Result<ColumnAccessor> {
        match key {
            LabelKey::Label(label) => self.select_grouped(label),
            LabelKey::List(labels) => self.select_list(labels),
            LabelKey::Mask(mask) => self.select_mask(mask),
            LabelKey::Slice { start, stop } => {
                self.select_label_slice(start.as_ref(), stop.as_ref())
            }
            LabelKey::Levels(levels) => self.select_levels(levels),
        }
    }

    /// Selects columns by position (see [`PositionKey`]).
    pub fn select_by_index(&self, key: &PositionKey) -> Result<ColumnAccessor> {
        let positions = match key {
            PositionKey::Position(p) => vec![self.resolve_position(*p)?],
            PositionKey::List(ps) => ps
                .iter()
                .map(|&p| self.resolve_position(p))
                .collect::<Result<_>>()?,
            PositionKey::Mask(mask) => return self.select_mask(mask),
            PositionKey::Slice { start, stop, step } => {
                slice_positions(self.len(), *start, *stop, *step)?
            }
        };
        self.take_positions(&positions)
    }

    /// Removes label level `level` (negative counts from the last). When one level is
    /// left the labels become plain labels and `multiindex` is cleared.
    pub fn droplevel(&self, level: i64) -> Result<ColumnAccessor> {
        let nlevels = self.nlevels();
        if nlevels < 2 {
            return Err(Error::value("cannot drop the only label level".to_string()));
        }
        let level = resolve_level(level, nlevels)?;
        let names = self
            .names
            .iter()
            .map(|n| {
                let mut parts = padded_levels(n, nlevels);
                parts.remove(level);
                Label::from_levels(parts)
            })
            .collect();
        let mut level_names = self.level_names.clone();
        if level < level_names.len() {
            level_names.remove(level);
        }
        let multiindex = nlevels - 1 > 1;
        if !multiindex {
            level_names.truncate(1);
        }
        Self::new(names, self.columns.clone(), multiindex, level_names)
    }

    /// Swaps label levels `i` and `j` (negative counts from the last).
    pub fn swaplevel(&self, i: i64, j: i64) -> Result<ColumnAccessor> {
        let nlevels = self.nlevels();
        if nlevels < 2 {
            return Err(Error::value(
                "swaplevel needs labels with at least two levels".to_string(),
            ));
        }
        let (i, j) = (resolve_level(i, nlevels)?, resolve_level(j, nlevels)?);
        let names = self
            .names
            .iter()
            .map(|n| {
                let mut parts = padded_levels(n, nlevels);
                parts.swap(i, j);
                Label::Tuple(parts)
            })
            .collect();
        let mut level_names = self.level_names.clone();
        level_names.resize(nlevels, Label::None);
        level_names.swap(i, j);
        Self::new(names, self.columns.clone(), true, level_names)
    }

    /// Renames the labels (at one level, or the whole label when not a MultiIndex or
    /// `level` is `None` on a flat accessor) with `mapper`.
    pub fn rename_levels(
        &self,
        mapper: &dyn Fn(&Label) -> Label,
        level: Option<i64>,
    ) -> Result<ColumnAccessor> {
        let names = if self.multiindex {
            let nlevels = self.nlevels();
            let only = level.map(|l| resolve_level(l, nlevels)).transpose()?;
            self.names
                .iter()
                .map(|n| {
                    let parts = padded_levels(n, nlevels)
                        .iter()
                        .enumerate()
                        .map(|(k, p)| {
                            if only.is_none_or(|o| o == k) {
                                mapper(p)
                            } else {
                                p.clone()
                            }
                        })
                        .collect();
                    Label::Tuple(parts)
                })
                .collect()
        } else {
            if let Some(l) = level {
                resolve_level(l, 1)?;
            }
            self.names.iter().map(mapper).collect()
        };
        Self::new(
            names,
            self.columns.clone(),
            self.multiindex,
            self.level_names.clone(),
        )
    }

    /// A copy; `deep` also copies the column data.
    pub fn copy(&self, deep: bool) -> Result<ColumnAccessor> {
        if !deep {
            return Ok(self.clone());
        }
        let columns = self
            .columns
            .iter()
            .map(Column::deep_copy)
            .collect::<Result<_>>()?;
        self.with_columns(columns)
    }

    /// The columns at `positions`, keeping the label structure.
    pub fn take_positions(&self, positions: &[usize]) -> Result<ColumnAccessor> {
        let mut seen = vec![false; self.len()];
        for &p in positions {
            if std::mem::replace(&mut seen[p], true) {
                return Err(Error::value(format!(
                    "column {} is selected twice; selecting duplicate columns is not supported",
                    self.names[p]
                )));
            }
        }
        Self::new(
            positions.iter().map(|&p| self.names[p].clone()).collect(),
            positions.iter().map(|&p| self.columns[p].clone()).collect(),
            self.multiindex,
            self.level_names.clone(),
        )
    }

    fn select_mask(&self, mask: &[bool]) -> Result<ColumnAccessor> {
        if mask.len() != self.len() {
            return Err(Error::index(format!(
                "boolean mask of length {} for {} columns: give one flag per column",
                mask.len(),
                self.len()
            )));
        }
        let positions: Vec<usize> = mask
            .iter()
            .enumerate()
            .filter(|(_, k)| **k)
            .map(|(i, _)| i)
            .collect();
        self.take_positions(&positions)
    }

    /// Positions of the labels that `label` names: itself, or (on a MultiIndex) every
    /// label it is a prefix of.
    pub fn positions_of(&self, label: &Label) -> Vec<usize> {
        if let Some(&i) = self.positions.get(label) {
            return vec![i];
        }
        if !self.multiindex {
            return Vec::new();
        }
        let prefix = label.levels();
        (0..self.len())
            .filter(|&i| self.names[i].levels().starts_with(prefix))
            .collect()
    }

    fn select_grouped(&self, label: &Label) -> Result<ColumnAccessor> {
        if let Some(&i) = self.positions.get(label) {
            // a full key selects one column, labelled as it is, on a flat accessor
            return Self::new(
                vec![label.clone()],
                vec![self.columns[i].clone()],
                false,
                vec![Label::None],
            );
        }
        let positions = self.positions_of(label);
        if positions.is_empty() {
            return Err(missing_label(label, &self.names));
        }
        let consumed = label.levels().len();
        let remaining = self.nlevels() - consumed;
        let names = positions
            .iter()
            .map(|&p| Label::from_levels(self.names[p].levels()[consumed..].to_vec()))
            .collect();
        let level_names = self
            .level_names
            .get(consumed..)
            .map(<[Label]>::to_vec)
            .unwrap_or_default();
        Self::new(
            names,
            positions.iter().map(|&p| self.columns[p].clone()).collect(),
            remaining > 1,
            if remaining > 1 {
                level_names
            } else {
                level_names.into_iter().take(1).collect()
            },
        )
    }

    fn select_list(&self, labels: &[Label]) -> Result<ColumnAccessor> {
        let mut positions = Vec::new();
        for label in labels {
            let found = self.positions_of(label);
            if found.is_empty() {
                return Err(missing_label(label, &self.names));
            }
            positions.extend(found);
        }
        self.take_positions(&positions)
    }

    fn select_label_slice(
        &self,
        start: Option<&Label>,
        stop: Option<&Label>,
    ) -> Result<ColumnAccessor> {
        let first = match start {
            None => 0,
            Some(label) => match self.positions_of(label).first() {
                Some(&p) => p,
                None => return Err(missing_label(label, &self.names)),
            },
        };
        let last = match stop {
            None => self.len(),
            Some(label) => match self.positions_of(label).last() {
                Some(&p) => p + 1,
                None => return Err(missing_label(label, &self.names)),
            },
        };
        let positions: Vec<usize> = (first..last.max(first)).collect();
        self.take_positions(&positions)
    }

    fn select_levels(&self, levels: &[LevelKey]) -> Result<ColumnAccessor> {
        let nlevels = self.nlevels();
        if levels.len() > nlevels {
            return Err(Error::Key(format!(
                "key has {} levels but the labels have {nlevels}: use at most one selector per level",
                levels.len()
            )));
        }
        let positions: Vec<usize> = (0..self.len())
            .filter(|&i| {
                let parts = padded_levels(&self.names[i], nlevels);
                levels.iter().zip(&parts).all(|(key, part)| match key {
                    LevelKey::Any => true,
                    LevelKey::Label(l) => l == part,
                    LevelKey::OneOf(ls) => ls.contains(part),
                })
            })
            .collect();
        if positions.is_empty() {
            let shown: Vec<String> = levels
                .iter()
                .map(|k| match k {
                    LevelKey::Any => "slice(None, None, None)".to_string(),
                    LevelKey::Label(l) => l.to_string(),
                    LevelKey::OneOf(ls) => format!("{ls:?}"),
                })
                .collect();
            return Err(Error::Key(format!(
                "no column matches the key ({})",
                shown.join(", ")
            )));
        }
        self.take_positions(&positions)
    }

    fn resolve_position(&self, p: i64) -> Result<usize> {
        let n = self.len() as i64;
        let q = if p < 0 { p + n } else { p };
        if q < 0 || q >= n {
            return Err(Error::index(format!(
                "column position {p} is out of range for {n} columns"
            )));
        }
        Ok(q as usize)
    }

    fn padded(&self, name: Label) -> Result<Label> {
        if !self.multiindex {
            return Ok(name);
        }
        let nlevels = if self.is_empty() {
            name.levels().len().max(self.level_names.len())
        } else {
            self.nlevels()
        };
        let parts = name.levels();
        if parts.len() > nlevels {
            return Err(Error::value(format!(
                "label {name} has {} levels but the columns have {nlevels}",
                parts.len()
            )));
        }
        Ok(Label::Tuple(padded_levels(&name, nlevels)))
    }

    fn reindex_positions(&mut self) {
        self.positions = self
            .names
            .iter()
            .cloned()
            .enumerate()
            .map(|(i, n)| (n, i))
            .collect();
    }
}

fn unique_positions(names: &[Label]) -> Result<HashMap<Label, usize>> {
    let mut positions = HashMap::with_capacity(names.len());
    for (i, n) in names.iter().enumerate() {
        if positions.insert(n.clone(), i).is_some() {
            return Err(Error::Key(format!(
                "label {n} appears twice; column labels must be unique (rename one of them)"
            )));
        }
    }
    Ok(positions)
}

/// The levels of `label` padded with `""` to `nlevels`.
fn padded_levels(label: &Label, nlevels: usize) -> Vec<Label> {
    let mut parts = label.levels().to_vec();
    parts.resize(nlevels.max(parts.len()), Label::empty());
    parts
}

fn resolve_level(level: i64, nlevels: usize) -> Result<usize> {
    let n = nlevels as i64;
    let l = if level < 0 { level + n } else { level };
    if l < 0 || l >= n {
        return Err(Error::index(format!(
            "level {level} is out of range for {nlevels} levels"
        )));
    }
    Ok(l as usize)
}

/// The positions a Python slice `start:stop:step` selects from `len` items.
pub fn slice_positions(
    len: usize,
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
) -> Result<Vec<usize>> {
    let step = step.unwrap_or(1);
    if step == 0 {
        return Err(Error::value("slice step cannot be zero".to_string()));
    }
    let n = len as i64;
    let clamp = |v: Option<i64>, default: i64, lo: i64, hi: i64| match v {
        None => default,
        Some(v) if v < 0 => (v + n).max(lo),
        Some(v) => v.min(hi),
    };
    let mut out = Vec::new();
    if step > 0 {
        let (s, e) = (clamp(start, 0, 0, n), clamp(stop, n, 0, n));
        let mut i = s;
        while i < e {
            out.push(i as usize);
            i += step;
        }
    } else {
        let (s, e) = (clamp(start, n - 1, -1, n - 1), clamp(stop, -1, -1, n - 1));
        let mut i = s;
        while i > e {
            out.push(i as usize);
            i += step;
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn col(v: i64) -> Column {
        Column::from_values(vec![v, v + 1, v + 2])
    }

    fn tree() -> ColumnAccessor {
        ColumnAccessor::from_pairs(
            vec![
                (("a", "b").into(), col(1)),
                (("a", "c").into(), col(2)),
                (("d", "b").into(), col(4)),
            ],
            true,
        )
        .unwrap()
    }

    #[test]
    fn partial_key_removes_consumed_level() {
        let a = tree()
            .select_by_label(&LabelKey::Label("a".into()))
            .unwrap();
        assert_eq!(a.names(), &[Label::from("b"), Label::from("c")]);
        assert!(!a.multiindex());
    }

    #[test]
    fn wildcard_keeps_levels() {
        let key = LabelKey::Levels(vec![LevelKey::Any, LevelKey::Label("b".into())]);
        let s = tree().select_by_label(&key).unwrap();
        assert_eq!(
            s.names(),
            &[Label::from(("a", "b")), Label::from(("d", "b"))]
        );
        assert!(s.multiindex());
    }

    #[test]
    fn slice_positions_follow_python() {
        assert_eq!(
            slice_positions(5, None, None, Some(-2)).unwrap(),
            vec![4, 2, 0]
        );
        assert_eq!(
            slice_positions(5, Some(-2), None, None).unwrap(),
            vec![3, 4]
        );
        assert_eq!(
            slice_positions(5, Some(1), Some(100), Some(2)).unwrap(),
            vec![1, 3]
        );
        assert!(slice_positions(5, None, None, Some(0)).is_err());
    }

    #[test]
    fn insert_pads_short_keys_and_rejects_duplicates() {
        let mut ca = tree();
        ca.insert("e".into(), col(0), Some(0)).unwrap();
        assert_eq!(ca.names()[0], Label::from(("e", "")));
        assert!(matches!(
            ca.insert(("a", "b").into(), col(0), None),
            Err(Error::Key(_))
        ));
        assert!(matches!(
            ca.insert("z".into(), Column::from_values(vec![1i64]), None),
            Err(Error::Value(_))
        ));
    }
}
