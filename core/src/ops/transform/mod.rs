//! pylibcudf's `transform` module: the mask functions `nans_to_nulls`,
//! `column_nans_to_nulls`, `bools_to_mask` and `mask_to_bools`, and `compute_column`
//! (which lives with the expressions, [`crate::ops::expressions`]), and `transform`, a
//! user-written CUDA C function run on the GPU (`udf.rs`, its kernel source in
//! `udf_source.rs`).
//!
//! Masks are returned starting at bit 0 and padded to 64 bytes, with their null count
//! (the number of unset bits among the rows).
//!
//! Each public function checks its arguments here and then decides once between the host
//! path ([`host`]) and the launchers of `device/kernels/transform.rs`.

mod host;
mod udf;
mod udf_source;

pub use udf::transform;
pub use udf_source::{
    KERNEL_NAME as UDF_KERNEL_NAME, UdfKernel, udf_ctype, udf_function_name, udf_kernel_source,
};

pub use crate::ops::expressions::compute_column;

use crate::bitmask::bitmask_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::transform as dev;
use crate::error::{Error, Result};
use crate::placement::use_device;
use crate::types::{TypeId, fixed_width};

/// A mask marking the rows of a float column that are valid and not NaN, and its null count.
/// An empty column gives an empty mask. TypeError for non-float columns.
///
/// ```
/// use ferrodf_core::column::Column;
/// let c = Column::from_options(vec![Some(1.0f64), Some(f64::NAN), None]);
/// let (_mask, nulls) = ferrodf_core::ops::transform::nans_to_nulls(&c).unwrap();
/// assert_eq!(nulls, 2);
/// ```
pub fn nans_to_nulls(input: &Column) -> Result<(Buffer, usize)> {
    if !input.dtype().id().is_floating() {
        return Err(Error::type_err(format!(
            "nans_to_nulls needs a FLOAT32 or FLOAT64 column, got {}",
            input.dtype()
        )));
    }
    mask_of(input, dev::nans_to_nulls, host::nans_to_nulls)
}

/// `input` with NaN rows turned into nulls (existing nulls kept); shares the data.
pub fn column_nans_to_nulls(input: &Column) -> Result<Column> {
    let (mask, nulls) = nans_to_nulls(input)?;
    let n = input.size();
    let width = fixed_width(input.dtype().id()).expect("float");
    // The new mask starts at row 0: view the data from the first row as well.
    let data = match input.data() {
        Some(d) if n > 0 => Some(d.slice(input.offset() * width, n * width)?),
        _ => None,
    };
    let mask = (nulls > 0).then_some(mask);
    Column::new(input.dtype(), n, data, mask, Some(nulls), 0, vec![])
}

/// A mask with bit `i` set where row `i` of a BOOL8 column is valid and true, and its null
/// count (nulls count as false). TypeError for other types.
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::types::{DataType, TypeId};
/// let b = Column::from_values(vec![1u8, 0, 1]);
/// let b = Column::new(TypeId::Bool8.into(), 3, b.data().cloned(), None, Some(0), 0, vec![]).unwrap();
/// let (mask, nulls) = ferrodf_core::ops::transform::bools_to_mask(&b).unwrap();
/// assert_eq!((mask.host().unwrap().as_slice()[0], nulls), (0b101, 1));
/// ```
pub fn bools_to_mask(input: &Column) -> Result<(Buffer, usize)> {
    if input.dtype().id() != TypeId::Bool8 {
        return Err(Error::type_err(format!(
            "bools_to_mask needs a BOOL8 column, got {}",
            input.dtype()
        )));
    }
    mask_of(input, dev::bools_to_mask, host::bools_to_mask)
}

/// The mask `on_device` or `on_host` builds of `input`'s rows (placement decides), and its
/// null count; an empty mask for an empty column.
fn mask_of(
    input: &Column,
    on_device: fn(&Column) -> Result<(Buffer, usize)>,
    on_host: fn(&Column) -> Result<(Buffer, usize)>,
) -> Result<(Buffer, usize)> {
    if input.size() == 0 {
        return Ok((Buffer::zeroed(0), 0));
    }
    if use_device()? {
        on_device(input)
    } else {
        on_host(input)
    }
}

fn check_range(begin_bit: i64, end_bit: i64) -> Result<usize> {
    if begin_bit < 0 || end_bit < begin_bit {
        return Err(Error::value(format!(
            "mask_to_bools needs 0 <= begin_bit <= end_bit, got {begin_bit} and {end_bit}"
        )));
    }
    usize::try_from(end_bit - begin_bit).map_err(|_| Error::value("bit range too large"))
}

/// A non-nullable BOOL8 column of bits `begin_bit..end_bit` of `mask`.
///
/// ```
/// use ferrodf_core::buffer::Buffer;
/// let m = Buffer::from_slice_ref(&[0b0000_0110u8]);
/// let c = ferrodf_core::ops::transform::mask_to_bools(&m, 1, 4).unwrap();
/// assert_eq!(c.host_values::<u8>().unwrap().to_vec(), vec![1, 1, 0]);
/// ```
pub fn mask_to_bools(mask: &Buffer, begin_bit: i64, end_bit: i64) -> Result<Column> {
    let n = check_range(begin_bit, end_bit)?;
    let end = end_bit as usize;
    if bitmask_bytes(end) > mask.len() {
        return Err(Error::index(format!(
            "bits {begin_bit}..{end_bit} lie outside a mask of {} bytes",
            mask.len()
        )));
    }
    let begin = begin_bit as usize;
    if use_device()? {
        let ptr = if n > 0 { mask.device_ptr()? } else { 0 };
        dev::mask_to_bools(ptr, begin, n, false)
    } else {
        host::mask_to_bools(mask, begin, end)
    }
}

/// [`mask_to_bools`] of a raw device address (pylibcudf passes the mask as an integer
/// pointer). Needs the GPU: the bits are read where they are.
pub fn mask_to_bools_ptr(ptr: u64, begin_bit: i64, end_bit: i64) -> Result<Column> {
    let n = check_range(begin_bit, end_bit)?;
    if ptr == 0 && n > 0 {
        return Err(Error::value(
            "mask_to_bools got a null bitmask pointer for a non-empty bit range",
        ));
    }
    if n == 0 {
        return mask_to_bools(&Buffer::zeroed(0), 0, 0);
    }
    if !use_device()? {
        return Err(Error::value(
            "mask_to_bools with an integer bitmask reads device memory, which needs the GPU \
             (device='auto' or 'gpu' on a GPU machine); pass a gpumemoryview to work on the host",
        ));
    }
    dev::mask_to_bools(ptr, begin_bit as usize, n, false)
}

/// The distinct rows of `input_table`, sorted (ascending, nulls last), and for every
/// input row the index of its row among them (libcudf's `encode`): `keys.gather(indices)`
/// gives the input back. Nulls equal nulls and NaN equals NaN.
///
/// Built from `distinct`, `sort` and `lower_bound`, each of which runs on the device or
/// the host by placement.
///
/// ```
/// use ferrodf_core::{column::Column, table::Table, ops::transform::encode};
/// let t = Table::new(vec![Column::from_values(vec![30i32, 10, 30, 20])]).unwrap();
/// let (keys, indices) = encode(&t).unwrap();
/// assert_eq!(keys.columns()[0].host_values::<i32>().unwrap().to_vec(), vec![10, 20, 30]);
/// assert_eq!(indices.host_values::<i32>().unwrap().to_vec(), vec![2, 0, 2, 1]);
/// ```
pub fn encode(input_table: &crate::table::Table) -> Result<(crate::table::Table, Column)> {
    use crate::keys::{NullOrder, Order};
    use crate::params::DuplicateKeepOption;
    let ncols = input_table.num_columns();
    if ncols == 0 {
        return Err(Error::value(
            "transform.encode: the table needs at least one column",
        ));
    }
    let all: Vec<usize> = (0..ncols).collect();
    let keys = crate::ops::stream_compaction::distinct(
        input_table,
        &all,
        DuplicateKeepOption::KeepAny,
        true,
        true,
    )?;
    let orders = vec![Order::Ascending; ncols];
    let nulls = vec![NullOrder::After; ncols];
    let keys = crate::ops::sorting::sort(&keys, &orders, &nulls)?;
    let indices = crate::ops::search::lower_bound(&keys, input_table, &orders, &nulls)?;
    Ok((keys, indices))
}

/// One BOOL8 column per category: row `i` of column `k` says whether `input_column[i]`
/// equals `categories[k]` (libcudf's `one_hot_encode`). A null row matches a null
/// category; the outputs have no nulls. A NaN category matches no row (libcudf matches
/// NaN rows: a known difference).
///
/// ```
/// use ferrodf_core::{column::Column, ops::transform::one_hot_encode};
/// let input = Column::from_options(vec![Some(1i32), None, Some(2)]);
/// let cats = Column::from_options(vec![Some(2i32), None]);
/// let t = one_hot_encode(&input, &cats).unwrap();
/// assert_eq!(t.columns()[0].host_values::<u8>().unwrap().to_vec(), vec![0, 0, 1]);
/// assert_eq!(t.columns()[1].host_values::<u8>().unwrap().to_vec(), vec![0, 1, 0]);
/// ```
pub fn one_hot_encode(input_column: &Column, categories: &Column) -> Result<crate::table::Table> {
    use crate::ops::binaryop::{BinaryOperator, Operand, binary_operation};
    if input_column.dtype() != categories.dtype() {
        return Err(Error::type_err(format!(
            "transform.one_hot_encode: the input and the categories must have the same type, got {} and {}",
            input_column.dtype(),
            categories.dtype()
        )));
    }
    let n = input_column.size();
    let out = (0..categories.size())
        .map(|k| {
            let category = crate::ops::copying::get_element(categories, k)?;
            binary_operation(
                Operand::Column(input_column),
                Operand::Scalar(&category),
                BinaryOperator::NullEquals,
                TypeId::Bool8.into(),
            )
        })
        .collect::<Result<Vec<_>>>()?;
    if out.is_empty() {
        return Ok(crate::table::Table::empty_with_rows(n));
    }
    crate::table::Table::new(out)
}
