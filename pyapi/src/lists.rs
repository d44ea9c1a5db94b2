//! `plc.lists`: functions over LIST columns, and `Column.list_view()` /
//! `ListsColumnView`. Argument conversion only; the semantics live in ferrodf-core.

use crate::args::{ColumnOrScalar, add_functions, index, plc_family, plc_fn, type_name};
use crate::column::PyColumn;
use crate::enums::{extract_enum, extract_enum_or};
use crate::errors::{run, to_py};
use crate::table::PyTable;
use ferrodf_core::copy_options::OutOfBoundsPolicy;
use ferrodf_core::keys::{NanEquality, NullEquality, NullOrder, Order};
use ferrodf_core::ops::lists::{
    self, ConcatenateNullPolicy, DuplicateFindOption, ExtractIndex, ListsColumnView, SearchKey,
};
use ferrodf_core::{Column, Scalar};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// pylibcudf's `ListsColumnView`: a LIST column's offsets and values children.
#[pyclass(name = "ListsColumnView", module = "ferrodf.plc.column", frozen)]
pub(crate) struct PyListsColumnView(ListsColumnView);

#[pymethods]
impl PyListsColumnView {
    #[new]
    fn new(col: PyColumn) -> PyResult<Self> {
        ListsColumnView::new(&col.0).map(Self).map_err(to_py)
    }
    /// The offsets child (unsliced).
    fn offsets(&self) -> PyColumn {
        PyColumn(self.0.offsets().clone())
    }
    /// The values child (unsliced).
    fn child(&self) -> PyColumn {
        PyColumn(self.0.child().clone())
    }
}

#[pymethods]
impl PyColumn {
    /// This LIST column as a `ListsColumnView` (a TypeError for other types).
    fn list_view(&self) -> PyResult<PyListsColumnView> {
        PyListsColumnView::new(self.clone())
    }
}

/// A search key: a Column or a Scalar.
enum Key {
    Column(Column),
    Scalar(Scalar),
}

impl Key {
    fn extract(obj: &Bound<'_, PyAny>) -> PyResult<Self> {
        match ColumnOrScalar::extract(obj) {
            Some(ColumnOrScalar::Column(c)) => Ok(Key::Column(c)),
            Some(ColumnOrScalar::Scalar(s)) => Ok(Key::Scalar(s)),
            None => Err(PyTypeError::new_err(format!(
                "search_key must be a Column or a Scalar, got {}",
                type_name(obj)
            ))),
        }
    }
    fn as_search_key(&self) -> SearchKey<'_> {
        match self {
            Key::Column(c) => SearchKey::Column(c),
            Key::Scalar(s) => SearchKey::Scalar(s),
        }
    }
}

/// (nulls compare equal, NaNs compare equal), EQUAL and ALL_EQUAL when not given.
fn equalities(
    nulls_equal: Option<&Bound<'_, PyAny>>,
    nans_equal: Option<&Bound<'_, PyAny>>,
) -> PyResult<(bool, bool)> {
    Ok((
        extract_enum_or(nulls_equal, NullEquality::Equal)? == NullEquality::Equal,
        extract_enum_or(nans_equal, NanEquality::AllEqual)? == NanEquality::AllEqual,
    ))
}

plc_fn! {
    /// Each list element on its own row (null and empty lists give a row with a null).
    fn explode_outer(py, input: PyTable, explode_column_idx: i64) [stream, mr] -> PyTable {
        let idx = index(explode_column_idx, "explode_column_idx")?;
        run(py, move || lists::explode_outer(&input.0, idx)).map(PyTable)
    }

    /// The lists of every column of the table concatenated row by row.
    fn concatenate_rows(py, input: PyTable) [stream, mr] -> PyColumn {
        run(py, move || lists::concatenate_rows(&input.0)).map(PyColumn)
    }

    /// Each row's lists (a list of lists) concatenated into one list.
    fn concatenate_list_elements(
        py,
        input: PyColumn,
        null_policy: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let p: ConcatenateNullPolicy = extract_enum(null_policy)?;
        run(py, move || lists::concatenate_list_elements(&input.0, p)).map(PyColumn)
    }

    /// Whether each list holds the search key (a Scalar, or a Column of one key per row).
    fn contains(py, input: PyColumn, search_key: &Bound<'_, PyAny>) [stream, mr] -> PyColumn {
        let key = Key::extract(search_key)?;
        run(py, move || lists::contains(&input.0, key.as_search_key())).map(PyColumn)
    }

    /// The position of the search key in each list, -1 when absent.
    fn index_of(
        py,
        input: PyColumn,
        search_key: &Bound<'_, PyAny>,
        find_option: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let key = Key::extract(search_key)?;
        let opt: DuplicateFindOption = extract_enum(find_option)?;
        run(py, move || lists::index_of(&input.0, key.as_search_key(), opt)).map(PyColumn)
    }

    /// Each list's elements gathered at the indices of the same row of `gather_map_list`.
    fn segmented_gather(
        py,
        input: PyColumn,
        gather_map_list: PyColumn,
        bounds_policy: Option<&Bound<'_, PyAny>> = None,
    ) [stream, mr] -> PyColumn {
        let p = extract_enum_or(bounds_policy, OutOfBoundsPolicy::DontCheck)?;
        run(py, move || lists::segmented_gather(&input.0, &gather_map_list.0, p)).map(PyColumn)
    }

    /// Element `index` of each list (an int, or a Column of one index per row).
    fn extract_list_element(py, input: PyColumn, index: &Bound<'_, PyAny>) [stream, mr] -> PyColumn {
        if let Ok(c) = index.extract::<PyColumn>() {
            return run(py, move || {
                lists::extract_list_element(&input.0, ExtractIndex::PerRow(&c.0))
            })
            .map(PyColumn);
        }
        let k: i64 = index.extract().map_err(|_| {
            PyTypeError::new_err(format!(
                "index must be an int or a Column, got {}",
                type_name(index)
            ))
        })?;
        run(py, move || lists::extract_list_element(&input.0, ExtractIndex::All(k))).map(PyColumn)
    }

    /// Lists of `sizes[i]` values `starts[i] + j * steps[i]`.
    fn sequences(
        py,
        starts: PyColumn,
        sizes: PyColumn,
        steps: Option<PyColumn> = None,
    ) [stream, mr] -> PyColumn {
        run(py, move || {
            lists::sequences(&starts.0, &sizes.0, steps.as_ref().map(|s| &s.0))
        })
        .map(PyColumn)
    }

    /// Each list's elements sorted.
    fn sort_lists(
        py,
        input: PyColumn,
        sort_order: &Bound<'_, PyAny>,
        na_position: &Bound<'_, PyAny>,
        stable: bool = false,
    ) [stream, mr] -> PyColumn {
        let o: Order = extract_enum(sort_order)?;
        let n: NullOrder = extract_enum(na_position)?;
        run(py, move || lists::sort_lists(&input.0, o, n, stable)).map(PyColumn)
    }

    /// Each list keeping the elements whose flag in `boolean_mask` is true.
    fn apply_boolean_mask(py, input: PyColumn, boolean_mask: PyColumn) [stream, mr] -> PyColumn {
        run(py, move || lists::apply_boolean_mask(&input.0, &boolean_mask.0)).map(PyColumn)
    }

    /// Each list without repeated elements.
    fn distinct(
        py,
        input: PyColumn,
        nulls_equal: &Bound<'_, PyAny>,
        nans_equal: &Bound<'_, PyAny>,
    ) [stream, mr] -> PyColumn {
        let (ne, na) = equalities(Some(nulls_equal), Some(nans_equal))?;
        run(py, move || lists::distinct(&input.0, ne, na)).map(PyColumn)
    }
}

plc_family! {
    fn set_op(
        py,
        lhs: PyColumn,
        rhs: PyColumn,
        nulls_equal: Option<&Bound<'_, PyAny>> = None,
        nans_equal: Option<&Bound<'_, PyAny>> = None,
    ) [stream, mr] -> PyColumn {
        let (ne, na) = equalities(nulls_equal, nans_equal)?;
        run(py, move || set_op(&lhs.0, &rhs.0, ne, na)).map(PyColumn)
    } for {
        /// Whether the lists of each row share an element.
        have_overlap = lists::have_overlap;
        /// The distinct elements both lists of each row hold.
        intersect_distinct = lists::intersect_distinct;
        /// The distinct elements either list of each row holds.
        union_distinct = lists::union_distinct;
        /// The distinct elements of each lhs list that the rhs list lacks.
        difference_distinct = lists::difference_distinct;
    }
}

crate::args::column_fns! {
    /// Whether each list holds a null element.
    contains_nulls = lists::contains_nulls;
    /// Each list's elements in reverse order.
    reverse = lists::reverse;
    /// The number of elements of each list.
    count_elements = lists::count_elements;
}

/// Register this module's functions (`ListsColumnView` is a class of `_lib`, next to `Column`).
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        explode_outer,
        concatenate_rows,
        concatenate_list_elements,
        contains,
        contains_nulls,
        index_of,
        reverse,
        segmented_gather,
        extract_list_element,
        count_elements,
        sequences,
        sort_lists,
        difference_distinct,
        have_overlap,
        intersect_distinct,
        union_distinct,
        apply_boolean_mask,
        distinct
    )
}
