//! Element-wise binary operation kernels.

use super::{COMMON, cuda_type};
use crate::bitmask::bitmask_allocation_size_bytes;
use crate::buffer::Buffer;
use crate::column::Column;
use crate::device::{DeviceMemory, runtime};
use crate::error::Result;
use crate::types::{DataType, TypeId, fixed_width};
use cudarc::driver::PushKernelArg;

const SOURCE: &str = include_str!("cuda/binaryop.cu");

/// One side of a device binary operation.
pub enum DeviceOperand<'a> {
    /// A column (its offset is applied here).
    Column(&'a Column),
    /// A valid scalar, as the little-endian bits of its value.
    Scalar(TypeId, u64),
}

impl DeviceOperand<'_> {
    fn type_id(&self) -> TypeId {
        match self {
            DeviceOperand::Column(c) => c.dtype().id(),
            DeviceOperand::Scalar(t, _) => *t,
        }
    }
    /// (data pointer, scalar bits, is scalar, mask pointer, mask bit offset)
    fn args(&self) -> Result<(u64, u64, i32, u64, i64)> {
        match self {
            DeviceOperand::Scalar(_, bits) => Ok((0, *bits, 1, 0, 0)),
            DeviceOperand::Column(c) => {
                let width = fixed_width(c.dtype().id()).expect("numeric");
                let data = match c.data() {
                    Some(d) if c.size() > 0 => d.device_ptr()? + (c.offset() * width) as u64,
                    _ => 0,
                };
                let (mask, off) = match c.mask() {
                    Some(m) if c.null_count()? > 0 => (m.device_ptr()?, c.offset() as i64),
                    _ => (0, 0),
                };
                Ok((data, 0, 0, mask, off))
            }
        }
    }
    fn has_nulls(&self) -> Result<bool> {
        match self {
            DeviceOperand::Column(c) => c.has_nulls(),
            DeviceOperand::Scalar(..) => Ok(false),
        }
    }
}

/// The kernel name of a supported operator number, or `None`.
pub fn kernel_name(op: i32) -> Option<&'static str> {
    Some(match op {
        0 => "binop_add",
        1 => "binop_sub",
        2 => "binop_mul",
        3 => "binop_div",
        4 => "binop_true_div",
        5 => "binop_floor_div",
        6 => "binop_mod",
        8 => "binop_pymod",
        9 => "binop_pow",
        21 => "binop_equal",
        22 => "binop_not_equal",
        23 => "binop_less",
        24 => "binop_greater",
        25 => "binop_less_equal",
        26 => "binop_greater_equal",
        _ => return None,
    })
}

/// The CUDA source of the binary-operation module for one (lhs, rhs, output) type triple;
/// `common` is C++'s common type of the operand types.
pub fn module_source(lhs: TypeId, rhs: TypeId, common: TypeId, out: TypeId) -> Result<String> {
    let (l_t, l_bool) = cuda_type(lhs)?;
    let (r_t, r_bool) = cuda_type(rhs)?;
    let (o_t, o_bool) = cuda_type(out)?;
    let (ct, _) = cuda_type(common)?;
    let mixed =
        lhs.is_integer() && rhs.is_integer() && lhs.is_signed_integer() != rhs.is_signed_integer();
    Ok(format!(
        "{COMMON}\n#define L_T {l_t}\n#define L_IS_BOOL {l_bool}\n#define R_T {r_t}\n\
         #define R_IS_BOOL {r_bool}\n#define OUT_T {o_t}\n#define OUT_IS_BOOL {o_bool}\n\
         #define CT_T {ct}\n#define CMP_MIXED_SIGN {mixed}\n{SOURCE}"
    ))
}

/// Run operator `op` (a BinaryOperator number with a kernel, see [`kernel_name`]) over `n`
/// rows. `common` is C++'s common type of the operand types; `may_null` says whether the
/// operator can itself produce nulls (integer division by zero).
pub fn binary(
    lhs: &DeviceOperand,
    rhs: &DeviceOperand,
    op: i32,
    common: TypeId,
    out_type: DataType,
    n: usize,
    may_null: bool,
) -> Result<Column> {
    let rt = runtime()?;
    let (l_t, l_bool) = cuda_type(lhs.type_id())?;
    let (r_t, r_bool) = cuda_type(rhs.type_id())?;
    let (o_t, o_bool) = cuda_type(out_type.id())?;
    let key = format!("binop_{l_t}{l_bool}_{r_t}{r_bool}_{o_t}{o_bool}");
    let source = || {
        module_source(lhs.type_id(), rhs.type_id(), common, out_type.id())
            .expect("types checked above")
    };
    let name = kernel_name(op).expect("caller checked the operator has a kernel");
    let f = rt.function(&key, source, name)?;

    let width = fixed_width(out_type.id()).expect("numeric");
    let out = DeviceMemory::alloc(n * width)?;
    let need_mask = may_null || lhs.has_nulls()? || rhs.has_nulls()?;
    let mask = if need_mask {
        Some(DeviceMemory::zeroed(bitmask_allocation_size_bytes(n))?)
    } else {
        None
    };
    let (lp, lbits, lsc, lm, loff) = lhs.args()?;
    let (rp, rbits, rsc, rm, roff) = rhs.args()?;
    let out_ptr = out.ptr();
    let mask_ptr = mask.as_ref().map_or(0, DeviceMemory::ptr);
    let null_count_ptr = 0u64;
    let n64 = n as i64;
    if n > 0 {
        let cfg = rt.grid_stride_config(n, 256, 8);
        let mut launch = rt.stream().launch_builder(&f);
        launch
            .arg(&lp)
            .arg(&lbits)
            .arg(&lsc)
            .arg(&lm)
            .arg(&loff)
            .arg(&rp)
            .arg(&rbits)
            .arg(&rsc)
            .arg(&rm)
            .arg(&roff)
            .arg(&out_ptr)
            .arg(&mask_ptr)
            .arg(&n64)
            .arg(&null_count_ptr);
        // SAFETY: reads n rows of each column operand, writes n outputs and ceil(n/32)
        // mask words, all inside allocations sized for them.
        unsafe { launch.launch(cfg)? };
    }
    let mask = mask.map(Buffer::from_device);
    Column::new(
        out_type,
        n,
        Some(Buffer::from_device(out)),
        mask,
        None,
        0,
        vec![],
    )
}
