//! `DataFrame::transpose` (pandas' `df.T`): rows become columns and columns rows.
//!
//! Every value moves: the columns are laid end to end (column-major), one gather
//! reorders them row-major, and the new columns are zero-copy slices of that result. The
//! gather map is computed by the core (a sequence and integer arithmetic), so a frame on
//! the GPU is transposed there.

use ferrodf_core::ops::binaryop::{BinaryOperator, Operand, binary_operation};
use ferrodf_core::ops::concatenate::concatenate;
use ferrodf_core::ops::copying::{OutOfBoundsPolicy, gather, slice};
use ferrodf_core::ops::filling::sequence;
use ferrodf_core::scalar::Scalar;
use ferrodf_core::{Column, DataType, Error, Result, Table, TypeId};

use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::compute::promote::{cast_to, result_type};
use crate::dtype::dtype_name;
use crate::index::Index;
use crate::lookup::{label_column, labels_of};

/// The one type every column is read as: the columns' type when they share it, NumPy's
/// promotion for numbers; TypeError for a mix pandas would hold in an `object` column.
fn common_dtype(columns: &[Column]) -> Result<DataType> {
    let first = columns[0].dtype();
    if columns.iter().all(|c| c.dtype() == first) {
        return Ok(first);
    }
    if columns.iter().all(|c| c.dtype().id().is_numeric()) {
        let id = columns
            .iter()
            .try_fold(first.id(), |t, c| result_type(t, c.dtype().id()))?;
        return Ok(DataType::new(id, 0));
    }
    let names: Vec<String> = columns.iter().map(|c| dtype_name(c.dtype())).collect();
    Err(Error::type_err(format!(
        "transpose needs columns of one kind (all numbers, or all of one type); these are \
         {}, which pandas would hold as object values: select or cast the columns first",
        names.join(", ")
    )))
}

/// For the row-major position k of `rows` x `cols` values, the column-major position
/// `(k % cols) * rows + k / cols` (INT64), computed where the core computes.
fn row_major_map(rows: usize, cols: usize) -> Result<Column> {
    let int64 = DataType::new(TypeId::Int64, 0);
    let k = sequence(
        rows * cols,
        &Scalar::from_native(0i64),
        &Scalar::from_native(1i64),
    )?;
    let (c, r) = (
        Scalar::from_native(cols as i64),
        Scalar::from_native(rows as i64),
    );
    let op = |a: Operand, b: Operand, op| binary_operation(a, b, op, int64);
    let col = op(
        Operand::Column(&k),
        Operand::Scalar(&c),
        BinaryOperator::Mod,
    )?;
    let row = op(
        Operand::Column(&k),
        Operand::Scalar(&c),
        BinaryOperator::FloorDiv,
    )?;
    let start = op(
        Operand::Column(&col),
        Operand::Scalar(&r),
        BinaryOperator::Mul,
    )?;
    op(
        Operand::Column(&start),
        Operand::Column(&row),
        BinaryOperator::Add,
    )
}

impl DataFrame {
    /// The frame with rows and columns swapped (pandas' `transpose` / `T`): the column
    /// labels become the index and the row labels the column labels (a MultiIndex on
    /// either side stays one). All values take one type: the columns' type when they
    /// share it, NumPy's promotion for numbers; TypeError for other mixes.
    ///
    /// ```
    /// use ferrodf::DataFrame;
    /// use ferrodf::core::Column;
    /// let df = DataFrame::from_columns(vec![
    ///     ("a".into(), Column::from_values(vec![1i64, 2])),
    ///     ("b".into(), Column::from_values(vec![0.5f64, 1.5])),
    /// ]).unwrap();
    /// let t = df.transpose().unwrap();
    /// assert_eq!(t.shape(), (2, 2));
    /// let first = &t.data().columns()[0];
    /// assert_eq!(first.host_values::<f64>().unwrap().to_vec(), vec![1.0, 0.5]);
    /// ```
    pub fn transpose(&self) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let (rows, data) = (self.num_rows(), self.data());
        let columns = data.columns();
        let new_index = index_of_labels(data)?;
        let new_names = labels_of(self.index())?;
        let new_columns = if columns.is_empty() {
            // no values: empty columns of pandas' default (float64 here; pandas: object)
            vec![Column::from_values(Vec::<f64>::new()); rows]
        } else {
            let dtype = common_dtype(columns)?;
            let typed = columns
                .iter()
                .map(|c| cast_to(c, dtype))
                .collect::<Result<Vec<_>>>()?;
            let all = Table::new(vec![concatenate(&typed)?])?;
            let map = row_major_map(rows, columns.len())?;
            let row_major = gather(&all, &map, OutOfBoundsPolicy::DontCheck)?;
            let cuts: Vec<usize> = (0..rows)
                .flat_map(|r| [r * columns.len(), (r + 1) * columns.len()])
                .collect();
            slice(&row_major.into_columns()[0], &cuts)?
        };
        let multi = self.index().nlevels() > 1;
        let accessor = ColumnAccessor::new(
            new_names.into_iter().collect(),
            new_columns,
            multi,
            self.index().names(),
        )?;
        DataFrame::new(accessor, Some(new_index))
    }
}

/// The column labels as an index (a MultiIndex for MultiIndex columns), named by the
/// column level names.
fn index_of_labels(data: &ColumnAccessor) -> Result<Index> {
    let names = data.names();
    let nlevels = data.level_names().len();
    let levels = (0..nlevels)
        .map(|level| {
            let parts: Vec<_> = names
                .iter()
                .map(|n| n.levels().get(level).unwrap_or(&crate::Label::None))
                .collect();
            label_column(&parts)
        })
        .collect::<Result<Vec<_>>>()?;
    if nlevels == 1 {
        let name = data.level_names()[0].clone();
        let name = (!matches!(name, crate::Label::None)).then_some(name);
        return Ok(Index::from_column(levels.into_iter().next().unwrap(), name));
    }
    Index::multi(levels, Some(data.level_names().to_vec()))
}
