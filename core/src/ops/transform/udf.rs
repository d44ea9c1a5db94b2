//! `transform.transform`: a user-written elementwise function in CUDA C, compiled by NVRTC
//! around a kernel of ours (`udf_source.rs`) and launched once over the rows.
//!
//! There is no host path: the function is CUDA source, and a CPU-only machine has no
//! compiler for it. The arguments are checked the same way everywhere first, so bad input
//! gives the same error with or without a GPU; only then does the host say
//! NotImplementedError.

use super::udf_source::{KERNEL_NAME, udf_ctype, udf_kernel_source};
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::kernels::transform::{data_ptr, mask_arg};
use crate::device::kernels::{Arg, device_column, grid, launch};
use crate::device::{DeviceMemory, runtime};
use crate::error::{Error, Result};
use crate::params::{NullAware, UDFSourceType};
use crate::placement::use_device;
use crate::types::{DataType, fixed_width};

/// The rows of the result: the longest input, except that size-1 inputs next to empty
/// ones give an empty result (pylibcudf's rule). Every input must have that many rows or
/// one row (a broadcast scalar); ValueError otherwise.
fn row_count(inputs: &[Column]) -> Result<usize> {
    let largest = inputs.iter().map(Column::size).max().unwrap_or(0);
    let smallest = inputs.iter().map(Column::size).min().unwrap_or(0);
    let n = if largest == 1 && smallest == 0 {
        0
    } else {
        largest
    };
    if let Some((k, c)) = inputs
        .iter()
        .enumerate()
        .find(|(_, c)| c.size() != n && c.size() != 1)
    {
        return Err(Error::value(format!(
            "transform.transform: input {k} has {} rows, but the inputs have {n} rows \
             (every input needs the same number of rows, or one row to broadcast)",
            c.size()
        )));
    }
    Ok(n)
}

/// The column `f(inputs...)` row by row, where `f` is the first `__device__` function of
/// the CUDA C source `udf` (libcudf's `transform` with `udf_source_type::CUDA`).
///
/// `f` takes a pointer to the output element and the input elements, in order: with
/// `NullAware::No`, `f(Out* out, T0 a0, ...)` runs on the rows where every input is valid
/// and the other rows are null; with `NullAware::Yes`, `f(cuda::std::optional<Out>* out,
/// cuda::std::optional<T0> a0, ...)` runs on every row and the row is null where `*out`
/// stays empty (see `udf_source.rs` for the exact contract and the C types of each type).
/// A one-row input next to longer ones is broadcast to every row.
///
/// Errors: ValueError without inputs, for mismatched lengths, without a `__device__`
/// function, or when NVRTC rejects the source (its log is in the message); TypeError for
/// types other than numeric, BOOL8, timestamp and duration; NotImplementedError for PTX
/// sources and on the host (CPU placement or no GPU).
///
/// ```
/// use ferrodf_core::column::Column;
/// use ferrodf_core::error::Error;
/// use ferrodf_core::ops::transform::transform;
/// use ferrodf_core::params::{NullAware, UDFSourceType};
/// use ferrodf_core::types::TypeId;
/// let a = Column::from_values(vec![1.0f64, 2.0]);
/// let r = transform(&[a], "int f(int x) { return x; }", TypeId::Float64.into(),
///                   UDFSourceType::Cuda, NullAware::No);
/// assert!(matches!(r, Err(Error::Value(_))));
/// ```
pub fn transform(
    inputs: &[Column],
    udf: &str,
    output_type: DataType,
    source_type: UDFSourceType,
    null_aware: NullAware,
) -> Result<Column> {
    if inputs.is_empty() {
        return Err(Error::value(
            "transform.transform needs at least one input column",
        ));
    }
    udf_ctype(output_type)
        .map_err(|e| Error::type_err(format!("transform.transform: output type: {e}")))?;
    for (k, c) in inputs.iter().enumerate() {
        udf_ctype(c.dtype())
            .map_err(|e| Error::type_err(format!("transform.transform: input {k}: {e}")))?;
    }
    if source_type == UDFSourceType::Ptx {
        return Err(Error::not_implemented(
            "transform.transform runs CUDA C++ sources (source_type=UDFSourceType.CUDA, \
             is_ptx=False); PTX sources are not supported",
        ));
    }
    let n = row_count(inputs)?;
    let types: Vec<DataType> = inputs.iter().map(Column::dtype).collect();
    let kernel = udf_kernel_source(udf, &types, output_type, null_aware)?;
    if !use_device()? {
        return Err(Error::not_implemented(
            "transform.transform compiles CUDA C with NVRTC and runs it on the GPU, so it \
             needs one (device='auto' or 'gpu' on a GPU machine); on the CPU, express the \
             computation with plc.expressions and use transform.compute_column",
        ));
    }
    let f = runtime()?
        .function(&kernel.key, || kernel.source.clone(), KERNEL_NAME)
        .map_err(|e| match e {
            Error::Device(msg) if msg.starts_with("NVRTC failed") => Error::value(format!(
                "transform.transform: NVRTC could not compile the UDF {}: {msg}",
                kernel.function
            )),
            other => other,
        })?;
    let width = fixed_width(output_type.id()).expect("checked by udf_ctype");
    let out = DeviceMemory::alloc(n * width)?;
    if n == 0 {
        return device_column(output_type, 0, out, None, Some(0));
    }
    // The output can have nulls only where an input has some, or where a null-aware UDF
    // leaves its output empty.
    let any_nulls = null_aware == NullAware::Yes
        || inputs
            .iter()
            .map(|c| c.null_count().map(|k| k > 0))
            .collect::<Result<Vec<_>>>()?
            .contains(&true);
    let mask = if any_nulls {
        Some(DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let count = DeviceMemory::zeroed(8)?;
    let mut args = vec![];
    for c in inputs {
        let (m, off) = mask_arg(c)?;
        // A one-row input is read at row 0 for every row.
        let stride = i64::from(c.size() != 1);
        args.extend([Arg::P(data_ptr(c)?), Arg::P(m), Arg::I(off), Arg::I(stride)]);
    }
    args.extend([
        Arg::P(out.ptr()),
        Arg::P(mask.as_ref().map_or(0, DeviceMemory::ptr)),
        Arg::P(count.ptr()),
        Arg::I(n as i64),
    ]);
    // SAFETY: the parameters are those `udf_kernel_source` declared, in its order; every
    // input has `n` rows or one row read with stride 0, the output has `n` rows and the
    // mask (when passed) whole words for `n` rows.
    unsafe { launch(&f, grid(n)?, &args)? };
    let bytes = count.copy_to_host(0, 8)?;
    let nulls = u64::from_le_bytes(bytes.as_slice().try_into().expect("8 bytes")) as usize;
    let mask = mask.filter(|_| nulls > 0).map(Buffer::from_device);
    device_column(output_type, n, out, mask, Some(nulls))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TypeId;

    fn col(n: usize) -> Column {
        Column::from_values(vec![1.5f64; n])
    }

    #[test]
    fn row_count_broadcasts_single_rows() {
        assert_eq!(row_count(&[col(5), col(1), col(5)]).unwrap(), 5);
        assert_eq!(row_count(&[col(1), col(1)]).unwrap(), 1);
        assert_eq!(row_count(&[col(1), col(0)]).unwrap(), 0);
        assert_eq!(row_count(&[col(0)]).unwrap(), 0);
        let e = row_count(&[col(5), col(3)]).unwrap_err();
        assert!(matches!(e, Error::Value(_)), "{e:?}");
        assert!(row_count(&[col(2), col(0)]).is_err());
    }

    #[test]
    fn checks_before_placement() {
        let udf = "__device__ void f(double* o, double a) { *o = a; }";
        let f64t: DataType = TypeId::Float64.into();
        let run = |inputs: &[Column], out: DataType, src: UDFSourceType| {
            transform(inputs, udf, out, src, NullAware::No).unwrap_err()
        };
        assert!(matches!(
            run(&[], f64t, UDFSourceType::Cuda),
            Error::Value(_)
        ));
        assert!(matches!(
            run(&[col(2)], TypeId::String.into(), UDFSourceType::Cuda),
            Error::Type(_)
        ));
        assert!(matches!(
            run(&[col(2)], f64t, UDFSourceType::Ptx),
            Error::NotImplemented(_)
        ));
        assert!(matches!(
            run(&[col(2), col(3)], f64t, UDFSourceType::Cuda),
            Error::Value(_)
        ));
    }
}
