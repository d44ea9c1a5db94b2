//! Every kernel module the op families' device paths can ask for, enumerated without a
//! GPU: the fixed modules and each type specialization, with the key and the source the
//! launcher (`device/kernels/`) builds.
//! `examples/kernel_bundle.rs` compiles the prebuilt set from it when the wheel is built,
//! and `tests/kernels_compile.rs` compiles it with NVRTC.
//!
//! Nothing in a module's source depends on the data: regular expressions travel as DFA
//! tables, sizes and scalars as kernel arguments. The tuning knobs (`FERRODF_SORT_ITEMS`,
//! `FERRODF_GATHER_*`, ...) do change the sort, scan and gather sources; the manifest
//! lists the variants of this process's settings, so a process with other settings
//! compiles its own (they are fingerprinted by source, never confused).
//!
//! The binary operations have a module per (lhs, rhs, output) type triple and operator
//! family: 2,662 in all, about 12 KB compressed each per architecture, far too many to
//! ship. [`Module::prebuilt`] marks the ones the wheel carries (see [`prebuilt_binaryop`]):
//! what pandas-style code asks for, operands of one type or of the int32/int64/float
//! mixes Python scalars bring, into the common type, BOOL8 or FLOAT64. Any other triple
//! is compiled on first use and kept in the on-disk cache.

use crate::device::kernels::{
    binaryop, cast, concatenate, copying, datetime, filling, gather, groupby, hash_table, hashing,
    lists, movement, null_mask, partitioning, quantiles, reduce, reshape, rolling, scan, search,
    sorting, stream_compaction, strings, transform, unary,
};
use crate::device::primitives::bitmask;
use crate::types::TypeId;

/// The value types the typed modules are built for (BOOL8 is stored as `uint8_t`).
pub const NUMERIC: [TypeId; 11] = [
    TypeId::Int8,
    TypeId::Int16,
    TypeId::Int32,
    TypeId::Int64,
    TypeId::Uint8,
    TypeId::Uint16,
    TypeId::Uint32,
    TypeId::Uint64,
    TypeId::Float32,
    TypeId::Float64,
    TypeId::Bool8,
];

/// The source of a module, built when asked (a source is up to a few hundred KB, and
/// the manifest has thousands).
type SourceFn = Box<dyn Fn() -> String + Send + Sync>;

/// One kernel module.
pub struct Module {
    /// The key the launcher loads it under (and NVRTC's name for it).
    pub key: String,
    /// Whether the wheel carries it prebuilt.
    pub prebuilt: bool,
    source: SourceFn,
}

impl Module {
    /// The CUDA source, as the launcher builds it.
    pub fn source(&self) -> String {
        (self.source)()
    }
}

fn module(key: impl Into<String>, source: impl Fn() -> String + Send + Sync + 'static) -> Module {
    Module {
        key: key.into(),
        prebuilt: true,
        source: Box::new(source),
    }
}

/// Every module the launchers can request, in a fixed order.
pub fn modules() -> Vec<Module> {
    let mut out = fixed_modules();
    out.extend(typed_modules());
    out.extend(binaryop_modules());
    out
}

/// The source builder of a module with one variant.
type FixedSource = fn() -> String;

/// The modules with one variant.
fn fixed_modules() -> Vec<Module> {
    let fixed: [(&str, FixedSource); 20] = [
        ("bitmask", bitmask::module_source),
        ("binop_strings", binaryop::strings_module_source),
        ("decimal128_binop", binaryop::decimal128_module_source),
        ("concatenate", concatenate::module_source),
        ("copying", copying::module_source),
        ("filling", filling::module_source),
        ("groupby_keys", groupby::keys_module_source),
        ("hash_table", hash_table::module_source),
        ("hashing", hashing::module_source),
        ("lists", lists::module_source),
        ("movement", movement::module_source),
        ("null_mask", null_mask::module_source),
        ("partitioning", partitioning::module_source),
        ("quantiles", quantiles::module_source),
        ("reshape", reshape::module_source),
        ("rolling", rolling::module_source),
        ("search", search::module_source),
        ("stream_compaction", stream_compaction::module_source),
        ("strings", strings::module_source),
        ("transform", transform::module_source),
    ];
    let mut out: Vec<Module> = fixed.into_iter().map(|(k, f)| module(k, f)).collect();
    for days in [true, false] {
        out.push(module(datetime::module_key(days), move || {
            datetime::module_source(days)
        }));
    }
    for wide in [false, true] {
        out.push(module(sorting::module_key(wide), move || {
            sorting::module_source(wide)
        }));
    }
    out
}

/// The modules specialized on one or two value types.
fn typed_modules() -> Vec<Module> {
    let ok = "the manifest's types have kernels";
    let mut out = vec![];
    for t in NUMERIC.into_iter().chain([TypeId::Decimal128]) {
        out.push(module(unary::module_key(t).expect(ok), move || {
            unary::module_source(t).expect(ok)
        }));
        out.push(module(cast::module_key(t).expect(ok), move || {
            cast::module_source(t).expect(ok)
        }));
    }
    for (t, acc) in rolling::typed_variants() {
        out.push(module(
            rolling::typed_module_key(t, acc).expect(ok),
            move || rolling::typed_module_source(t, acc).expect(ok),
        ));
    }
    for t in [TypeId::Float32, TypeId::Float64] {
        out.push(module(scan::ewm_module_key(t).expect(ok), move || {
            scan::ewm_module_source(t).expect(ok)
        }));
    }
    for t in NUMERIC {
        out.push(module(groupby::agg_module_key(t).expect(ok), move || {
            groupby::agg_module_source(t).expect(ok)
        }));
        if t != TypeId::Bool8 {
            out.push(module(scan::module_key(t).expect(ok), move || {
                scan::module_source(t).expect(ok)
            }));
        }
        if t.is_integer() {
            out.push(module(gather::module_key(t).expect(ok), move || {
                gather::module_source(t).expect(ok)
            }));
        }
        for acc in NUMERIC.into_iter().filter(|&a| a != TypeId::Bool8) {
            out.push(module(reduce::module_key(t, acc).expect(ok), move || {
                reduce::module_source(t, acc).expect(ok)
            }));
        }
    }
    out
}

/// The binary-operation modules: both operator families for every operand pair and
/// output type.
fn binaryop_modules() -> Vec<Module> {
    let ok = "the manifest's types have kernels";
    let mut out = vec![];
    for family in [0u8, 1] {
        for lhs in NUMERIC {
            for rhs in NUMERIC {
                let common = super::binaryop::common_type(lhs, rhs).expect(ok);
                for dst in NUMERIC {
                    let mut m = module(
                        binaryop::module_key(lhs, rhs, dst, family).expect(ok),
                        move || binaryop::module_source(lhs, rhs, common, dst, family).expect(ok),
                    );
                    m.prebuilt = prebuilt_binaryop(lhs, rhs, common, dst, family);
                    out.push(m);
                }
            }
        }
    }
    out
}

/// Whether the wheel carries the binary-operation module of family `family` for
/// (`lhs`, `rhs`) into `dst`: operands of one type, or an int32/int64/float32/float64 mix
/// (a column and a Python scalar, db-benchmark's `var > 0`), into the common type or
/// BOOL8 (comparisons, logic); the arithmetic family also into FLOAT64 (true division of
/// integers) and int32/int64 operands into INT64 (db-benchmark q8's widened arithmetic).
fn prebuilt_binaryop(lhs: TypeId, rhs: TypeId, common: TypeId, dst: TypeId, family: u8) -> bool {
    use TypeId::*;
    let mix = |t: TypeId| matches!(t, Int32 | Int64 | Float32 | Float64);
    let int = |t: TypeId| matches!(t, Int32 | Int64);
    let operands = lhs == rhs || (family == 0 && mix(lhs) && mix(rhs));
    let widened = family == 0 && dst == Int64 && int(lhs) && int(rhs);
    let output = dst == common || dst == Bool8 || (family == 0 && dst == Float64) || widened;
    operands && output
}
