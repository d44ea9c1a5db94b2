//! Which aggregations a value type supports, and the output type of each (libcudf's
//! `target_type`): SUM/PRODUCT/SUM_OF_SQUARES of integers and BOOL8 accumulate in INT64,
//! of floats in the input type; SUM of durations and decimals keeps the type; MIN/MAX and
//! NTH_ELEMENT keep the type; COUNT, ARGMIN/ARGMAX and NUNIQUE give INT32; MEAN gives
//! FLOAT64 (durations and decimals keep their type); VARIANCE, STD, MEDIAN and QUANTILE
//! give FLOAT64 (QUANTILE with several quantiles: a LIST of FLOAT64 per group); ANY/ALL
//! give BOOL8; COLLECT_* give LIST; M2, COVARIANCE and CORRELATION give FLOAT64 (the
//! latter two of a STRUCT of two numeric children); BITWISE_AGG of integers keeps the type.

use crate::column::Column;
use crate::error::{Error, Result};
use crate::ops::aggregation::{Aggregation, RankMethod, RankPercentage};
use crate::types::{DataType, TypeId};

/// The output type of `agg` over `input` values, or the error for an unsupported pair.
pub(crate) fn output_type(input: DataType, agg: &Aggregation) -> Result<DataType> {
    use Aggregation as A;
    let id = input.id();
    let numeric = id.is_numeric();
    let unsupported = || {
        Err(Error::type_err(format!(
            "groupby: {} is not supported for {input} values",
            agg.kind()
        )))
    };
    let nested = matches!(
        id,
        TypeId::List | TypeId::Struct | TypeId::Dictionary32 | TypeId::Empty
    );
    Ok(match agg {
        A::Count(_) | A::Nunique(_) => TypeId::Int32.into(),
        A::Covariance { .. } | A::Correlation { .. } => {
            if id != TypeId::Struct {
                return Err(Error::type_err(format!(
                    "groupby: {} needs a STRUCT column of two numeric children (x, y), not \
                     {input} values",
                    agg.kind()
                )));
            }
            TypeId::Float64.into()
        }
        A::Histogram if id.is_fixed_width() || id == TypeId::String => TypeId::List.into(),
        A::MergeHistogram | A::MergeLists | A::MergeSets { .. } => {
            if id != TypeId::List {
                return Err(Error::type_err(format!(
                    "groupby: {} needs LIST values, not {input} values",
                    agg.kind()
                )));
            }
            TypeId::List.into()
        }
        A::MergeM2 => {
            if id != TypeId::Struct {
                return Err(Error::type_err(format!(
                    "groupby: MERGE_M2 needs STRUCT<count, mean, M2> values, not {input} values"
                )));
            }
            TypeId::Struct.into()
        }
        A::Tdigest { .. } if numeric => TypeId::Struct.into(),
        A::MergeTdigest { .. } => {
            if id != TypeId::Struct {
                return Err(Error::type_err(format!(
                    "groupby: MERGE_TDIGEST needs tdigest (STRUCT) values, not {input} values"
                )));
            }
            TypeId::Struct.into()
        }
        // Rows of any type can be gathered into lists or picked (libcudf allows nested
        // values here; sets compare nested rows on the host).
        A::CollectList(_) | A::CollectSet { .. } if matches!(id, TypeId::List | TypeId::Struct) => {
            TypeId::List.into()
        }
        A::NthElement { .. } if matches!(id, TypeId::List | TypeId::Struct) => input,
        _ if nested => {
            return Err(Error::not_implemented(format!(
                "groupby: {} of {input} values is not implemented; it supports fixed-width and \
                 STRING values",
                agg.kind()
            )));
        }
        A::Sum | A::Product | A::SumOfSquares => {
            let sum_keeps = matches!(agg, A::Sum)
                && (id.is_duration() || matches!(id, TypeId::Decimal32 | TypeId::Decimal64));
            if id.is_integer() || id == TypeId::Bool8 {
                TypeId::Int64.into()
            } else if id.is_floating() || sum_keeps {
                input
            } else {
                return unsupported();
            }
        }
        A::Min | A::Max | A::Argmin | A::Argmax => {
            if !(id.is_fixed_width() || id == TypeId::String) {
                return unsupported();
            }
            if matches!(agg, A::Argmin | A::Argmax) {
                TypeId::Int32.into()
            } else {
                input
            }
        }
        A::Any | A::All if numeric => TypeId::Bool8.into(),
        A::Mean if numeric => TypeId::Float64.into(),
        A::Mean if id.is_duration() || matches!(id, TypeId::Decimal32 | TypeId::Decimal64) => input,
        A::Quantile { quantiles, .. } if numeric && quantiles.len() != 1 => TypeId::List.into(),
        A::Variance { .. } | A::Std { .. } | A::Median | A::Quantile { .. } if numeric => {
            TypeId::Float64.into()
        }
        A::M2 if numeric => TypeId::Float64.into(),
        A::Ewma { .. } if id.is_floating() => input,
        A::Bitwise(_) if id.is_integer() => input,
        A::NthElement { .. } => input,
        A::CollectList(_) | A::CollectSet { .. } => TypeId::List.into(),
        A::Rank {
            method, percentage, ..
        } => {
            if *percentage != RankPercentage::None || *method == RankMethod::Average {
                TypeId::Float64.into()
            } else {
                TypeId::Int32.into()
            }
        }
        _ => return unsupported(),
    })
}

/// `col` viewed as its storage type (timestamps, durations and DECIMAL32/64 as INT32/INT64;
/// numeric columns as they are), sharing its buffers.
pub(crate) fn storage_view(col: &Column) -> Result<Column> {
    let id = col.dtype().id();
    let Some(st) = crate::device::kernels::storage_id(id) else {
        return Err(Error::type_err(format!(
            "groupby: {} values have no numeric storage",
            col.dtype()
        )));
    };
    if st == id {
        return Ok(col.clone());
    }
    Column::new(
        st.into(),
        col.size(),
        col.data().cloned(),
        col.mask().cloned(),
        col.known_null_count(),
        col.offset(),
        vec![],
    )
}

/// The two children of a COVARIANCE/CORRELATION STRUCT column as FLOAT64 columns that
/// share one mask: valid where the struct row and both children are (libcudf uses only
/// the rows where both values are valid). Casts and the mask AND run where the data is.
pub(crate) fn paired_values(values: &Column, kind: &str) -> Result<(Column, Column)> {
    let kids = values.children();
    let numeric = |c: &Column| c.dtype().id().is_numeric();
    if values.dtype().id() != TypeId::Struct || kids.len() != 2 || !kids.iter().all(numeric) {
        return Err(Error::type_err(format!(
            "groupby: {kind} needs a STRUCT column of exactly two numeric children (x, y), \
             got {} with children [{}]",
            values.dtype(),
            kids.iter()
                .map(|c| c.dtype().to_string())
                .collect::<Vec<_>>()
                .join(", ")
        )));
    }
    let (off, n) = (values.offset(), values.size());
    let x = kids[0].slice(off, n)?;
    let y = kids[1].slice(off, n)?;
    let f64_t: DataType = TypeId::Float64.into();
    let (x, y) = (
        crate::ops::cast::cast(&x, f64_t)?,
        crate::ops::cast::cast(&y, f64_t)?,
    );
    let any_nulls = values.has_nulls()? || x.has_nulls()? || y.has_nulls()?;
    if !any_nulls {
        return Ok((x, y));
    }
    let (mask, nulls) =
        crate::ops::null_mask::bitmask_and(&[values.clone(), x.clone(), y.clone()])?;
    Ok((
        x.with_mask(Some(mask.clone()), Some(nulls))?,
        y.with_mask(Some(mask), Some(nulls))?,
    ))
}
