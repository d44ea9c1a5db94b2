//! Every device kernel module compiles with NVRTC for Hopper (sm_90), checked without a GPU;
//! the kernel manifest (`ops/kernel_manifest.rs`) enumerates, and a sample of it compiles
//! into prebuilt-kernel entries (cubin and PTX); `--ignored` (`make kernels-check`) compiles
//! every module of the manifest.
//!
//! Needs only NVRTC (`libnvrtc.so.13`, e.g. from the `nvidia-cuda-nvrtc` wheel that
//! `make test` installs and puts on `LD_LIBRARY_PATH`). Without it the test says so and
//! passes only when `FERRODF_REQUIRE_NVRTC` is unset, so plain `cargo test` works anywhere.

use ferrodf_core::device::kernel_bundle::{self, DEFAULT_TARGETS};
use ferrodf_core::device::kernels::{
    binaryop, cast, hashing, null_mask, reduce, search, transform, unary,
};
use ferrodf_core::device::primitives::bitmask;
use ferrodf_core::ops::kernel_manifest::{self, Module, NUMERIC};
use ferrodf_core::types::TypeId;
use std::collections::HashSet;

fn nvrtc_present() -> bool {
    // SAFETY: only probes whether the library can be opened.
    let present = unsafe { cudarc::nvrtc::sys::is_culib_present() };
    if !present && std::env::var_os("FERRODF_REQUIRE_NVRTC").is_some() {
        panic!("FERRODF_REQUIRE_NVRTC is set but libnvrtc could not be loaded");
    }
    if !present {
        eprintln!("NVRTC not found: kernel compilation not checked");
    }
    present
}

fn compile(name: &str, src: &str) {
    compile_ptx(name, src);
}

/// Compiles `src` for sm_90 with the runtime's options and returns its PTX.
fn compile_ptx(name: &str, src: &str) -> String {
    match ferrodf_core::device::nvrtc::compile(name, src, "sm_90", false) {
        Ok(compiled) => compiled.ptx,
        Err(e) => panic!("{name} failed to compile: {e}"),
    }
}

/// The binary-operation modules of operator family `family` for every `(lhs, rhs, common,
/// out)` type case, in parallel: NVRTC is the slow part.
fn compile_binaryop_modules(cases: &[(TypeId, TypeId, TypeId, TypeId)], family: u8) {
    use rayon::prelude::*;
    cases.par_iter().for_each(|&(lhs, rhs, common, out)| {
        let src = binaryop::module_source(lhs, rhs, common, out, family).unwrap();
        compile(&format!("binop{family}_{lhs}_{rhs}_{out}"), &src);
    });
}

#[test]
fn bitmask_and_reduce_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use rayon::prelude::*;
    compile("bitmask", &bitmask::module_source());
    let pairs: Vec<_> = NUMERIC
        .iter()
        .flat_map(|&i| {
            NUMERIC
                .iter()
                .filter(|&&a| a != TypeId::Bool8)
                .map(move |&a| (i, a))
        })
        .collect();
    pairs.par_iter().for_each(|&(input, acc)| {
        compile(
            &format!("reduce_{input}_{acc}"),
            &reduce::module_source(input, acc).unwrap(),
        );
    });
}

#[test]
fn binaryop_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // Every operand pair into its common type, and every operand type into outputs of the
    // other kinds (bool, float, a narrow integer).
    let mut cases = vec![];
    for lhs in NUMERIC {
        for rhs in NUMERIC {
            let common = ferrodf_core::ops::binaryop::common_type(lhs, rhs).unwrap();
            cases.push((lhs, rhs, common, common));
        }
        let common = ferrodf_core::ops::binaryop::common_type(lhs, lhs).unwrap();
        for out in [TypeId::Bool8, TypeId::Float64, TypeId::Int8] {
            cases.push((lhs, lhs, common, out));
        }
    }
    compile_binaryop_modules(&cases, 0);
}

#[test]
fn unary_cast_transform_modules_compile() {
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("transform", &transform::module_source());
    let mut sources: Vec<(String, String)> = vec![];
    // Every storage type the unary, round and cast modules are built for: the numeric ones
    // (chrono tick counts are INT32/INT64, decimals INT32/INT64) and DECIMAL128's __int128.
    for t in NUMERIC.into_iter().chain([TypeId::Decimal128]) {
        sources.push((format!("unary_{t}"), unary::module_source(t).unwrap()));
        sources.push((format!("cast_{t}"), cast::module_source(t).unwrap()));
    }
    sources
        .par_iter()
        .for_each(|(name, src)| compile(name, src));
}

#[test]
fn data_movement_modules_compile() {
    use ferrodf_core::device::kernels::{
        concatenate, copying, filling, gather, movement, scan, stream_compaction,
    };
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("movement", &movement::module_source());
    compile("copying", &copying::module_source());
    compile("stream_compaction", &stream_compaction::module_source());
    compile("filling", &filling::module_source());
    compile(
        "reshape",
        &ferrodf_core::device::kernels::reshape::module_source(),
    );
    compile("concatenate", &concatenate::module_source());
    NUMERIC.par_iter().for_each(|&t| {
        if t != TypeId::Bool8 {
            compile(&format!("scan_{t}"), &scan::module_source(t).unwrap());
        }
        if t.is_integer() {
            compile(&format!("gather_{t}"), &gather::module_source(t).unwrap());
        }
    });
}

#[test]
fn lists_module_compiles() {
    if !nvrtc_present() {
        return;
    }
    compile(
        "lists",
        &ferrodf_core::device::kernels::lists::module_source(),
    );
}

#[test]
fn binaryop_extra_operator_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // The second family (bitwise, shifts, logical, null-aware, ...): every operand type
    // against a signed, an unsigned, a float and a bool operand, into the common type and
    // BOOL8.
    let mut cases = vec![];
    for lhs in NUMERIC {
        for rhs in [TypeId::Int8, TypeId::Uint64, TypeId::Float32, TypeId::Bool8] {
            let common = ferrodf_core::ops::binaryop::common_type(lhs, rhs).unwrap();
            cases.push((lhs, rhs, common, common));
            cases.push((rhs, lhs, common, TypeId::Bool8));
        }
    }
    compile_binaryop_modules(&cases, 1);
}

/// Each binary-operation module defines exactly the kernels that the launcher looks up by
/// name for the operators of its family (the list is generated from `BinaryOperator`).
#[test]
fn binaryop_modules_define_the_kernels_of_their_operators() {
    use ferrodf_core::ops::binaryop::BinaryOperator;
    if !nvrtc_present() {
        return;
    }
    let t = TypeId::Int64;
    for family in [0u8, 1] {
        let src = binaryop::module_source(t, t, t, t, family).unwrap();
        let ptx = compile_ptx(&format!("binop{family}_entries"), &src);
        let entries = ptx.matches(".entry binop_").count();
        let mut expected = 0;
        for op in BinaryOperator::ALL {
            let Some(name) = binaryop::kernel_name(op) else {
                continue;
            };
            let here = ptx.contains(&format!(".entry {name}("));
            assert_eq!(
                here,
                binaryop::module_family(op) == family,
                "{op:?} ({name}) in family {family}"
            );
            expected += usize::from(here);
        }
        assert_eq!(
            entries, expected,
            "family {family} has kernels of no operator"
        );
    }
}

#[test]
fn rolling_modules_compile() {
    use ferrodf_core::device::kernels::rolling;
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("rolling", &rolling::module_source());
    rolling::typed_variants().par_iter().for_each(|&(t, acc)| {
        compile(
            &rolling::typed_module_key(t, acc).unwrap(),
            &rolling::typed_module_source(t, acc).unwrap(),
        );
    });
}

#[test]
fn single_variant_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    compile("hashing", &hashing::module_source());
    compile("null_mask", &null_mask::module_source());
    compile("search", &search::module_source());
    compile("binop_strings", &binaryop::strings_module_source());
    compile("decimal128_binop", &binaryop::decimal128_module_source());
}

#[test]
fn groupby_modules_compile() {
    use ferrodf_core::device::kernels::groupby;
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    compile("groupby_keys", &groupby::keys_module_source());
    // Every value storage type the aggregation kernels are built for (INT32 also serves
    // the counts).
    NUMERIC.par_iter().for_each(|&t| {
        compile(
            &format!("groupby_agg_{t}"),
            &groupby::agg_module_source(t).unwrap(),
        );
    });
}

#[test]
fn sorting_and_quantiles_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::{quantiles, sorting};
    compile("sort_u32", &sorting::module_source(false));
    compile("sort_u64", &sorting::module_source(true));
    compile("quantiles", &quantiles::module_source());
}

#[test]
fn hash_table_and_partitioning_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    // One module: the row hash table, joins and duplicate removal.
    compile(
        "hash_table",
        &ferrodf_core::device::kernels::hash_table::module_source(),
    );
    compile(
        "partitioning",
        &ferrodf_core::device::kernels::partitioning::module_source(),
    );
}

#[test]
fn strings_and_datetime_modules_compile() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::{datetime, strings};
    compile("strings", &strings::module_source());
    compile("datetime_i32", &datetime::module_source(true));
    compile("datetime_i64", &datetime::module_source(false));
}

/// The nvtext kernels (`cuda/nvtext.cu`, `cuda/nvtext_unicode.cu`,
/// `cuda/nvtext_tokenizers.cu`, `cuda/nvtext_dedup.cu`) are compiled in the strings module; every kernel their
/// launchers (`device/kernels/nvtext*.rs`) ask for is an entry of it.
#[test]
fn nvtext_kernels_compile_in_the_strings_module() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::strings;
    let ptx = compile_ptx("strings_nvtext", &strings::module_source());
    for name in [
        "nvt_normalize_spaces",
        "nvt_piece_counts",
        "nvt_piece_bounds",
        "nvt_take_pieces",
        "nvt_hash_pieces",
        "nvt_edit_scratch",
        "nvt_edit_distance",
        "nvt_jaccard",
        "nvt_porter_measure",
        "nvt_is_letter",
        "nvt_filter_tokens",
        "nvt_replace_tokens",
        "nvt_ngram_counts",
        "nvt_ngram_starts",
        "nvt_nonempty_counts",
        "nvt_row_bounds",
        "nvt_join_pieces",
        "nvt_detokenize",
        "nvt_vocab_ids",
        "nvt_minhash_counts",
        "nvt_minhash",
        // cuda/nvtext_unicode.cu (device/kernels/nvtext_unicode.rs)
        "nvu_decomposed_counts",
        "nvu_normalize_rows",
        "nvu_write_utf8",
        "nvc_normalize_characters",
        "nvt_wordpiece",
        "nvt_bpe_lengths",
        "nvt_bpe",
        "nvt_bpe_join",
        // cuda/nvtext_dedup.cu (device/kernels/nvtext_dedup.rs)
        "dedup_initial_keys",
        "dedup_pair_keys",
        "dedup_rank_starts",
        "dedup_scatter_ranks",
        "dedup_keep_below",
        "dedup_check_indices",
        "dedup_adjacent_sizes",
        "dedup_pair_sizes",
        "dedup_collapse",
        "dedup_trim",
        "dedup_take",
    ] {
        assert!(ptx.contains(&format!(".entry {name}(")), "{name} missing");
    }
}

/// The float conversions (`cuda/strings_floats.cu`, after the generated `pow5_128.cuh`)
/// compile in the strings module with the entries `device/kernels/strings_convert.rs`
/// launches.
#[test]
fn float_conversion_kernels_compile_in_the_strings_module() {
    if !nvrtc_present() {
        return;
    }
    use ferrodf_core::device::kernels::strings;
    let ptx = compile_ptx("strings_floats", &strings::module_source());
    for name in ["str_parse_floats", "str_from_floats"] {
        assert!(ptx.contains(&format!(".entry {name}(")), "{name} missing");
    }
}

#[test]
fn the_manifest_enumerates_without_a_gpu() {
    let modules = kernel_manifest::modules();
    let keys: HashSet<&str> = modules.iter().map(|m| m.key.as_str()).collect();
    assert_eq!(keys.len(), modules.len(), "module keys are unique");
    // The fixed modules and a specialization of each family are there.
    for key in [
        "bitmask",
        "hash_table",
        "groupby_keys",
        "strings",
        "groupby_agg_double_false",
        "reduce_double_double",
        "unary_int128false",
        "cast_int128false",
        "binop0_doublefalse_doublefalse_doublefalse",
        "binop1_int64_tfalse_int64_tfalse_uint8_ttrue",
    ] {
        assert!(keys.contains(key), "{key} missing");
    }
    let prebuilt = modules.iter().filter(|m| m.prebuilt).count();
    assert!(
        (200..400).contains(&prebuilt),
        "{prebuilt} prebuilt modules of {}",
        modules.len()
    );
    // Every module outside the binary operations is prebuilt.
    assert!(
        modules
            .iter()
            .all(|m| m.prebuilt || m.key.starts_with("binop"))
    );
}

#[test]
fn distinct_keys_have_distinct_sources() {
    // A sample across the families (building every source takes a while in debug builds).
    let modules = kernel_manifest::modules();
    let sample: Vec<&Module> = modules.iter().step_by(7).collect();
    let sources: HashSet<String> = sample.iter().map(|m| m.source()).collect();
    assert_eq!(sources.len(), sample.len());
}

#[test]
fn a_sample_compiles_into_bundle_entries() {
    if !nvrtc_present() {
        return;
    }
    let modules = kernel_manifest::modules();
    let bitmask = modules.iter().find(|m| m.key == "bitmask").unwrap();
    let source = bitmask.source();
    let cubin = kernel_bundle::compile_entry("bitmask", &source, "sm_90").unwrap();
    assert_eq!(&cubin.image[..4], b"\x7fELF", "a cubin is an ELF image");
    let ptx = kernel_bundle::compile_entry("bitmask", &source, "compute_80").unwrap();
    let text = String::from_utf8(ptx.image.clone()).unwrap();
    assert!(
        text.contains(".target sm_80"),
        "PTX of the virtual architecture"
    );
    assert_ne!(cubin.fingerprint, ptx.fingerprint);

    // Written and read back: the index lists the module under its fingerprint.
    let dir = std::env::temp_dir().join(format!("ferrodf-manifest-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("sm_90.fdk");
    kernel_bundle::write(&path, "sm_90", &[cubin]).unwrap();
    let (version, target, entries) = kernel_bundle::read_index(&path).unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    assert_eq!(target, "sm_90");
    assert_eq!(entries.len(), 1);
    assert_eq!(entries[0].key, "bitmask");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn every_default_target_is_known_to_nvrtc() {
    if !nvrtc_present() {
        return;
    }
    let src = "extern \"C\" __global__ void k(int *p) { p[threadIdx.x] = 1; }";
    for target in DEFAULT_TARGETS {
        kernel_bundle::compile_entry("probe", src, target)
            .unwrap_or_else(|e| panic!("{target}: {e}"));
    }
}

/// Every module of the manifest compiles for sm_90 (`make kernels-check`: minutes).
#[test]
#[ignore]
fn every_manifest_module_compiles() {
    use rayon::prelude::*;
    if !nvrtc_present() {
        return;
    }
    kernel_manifest::modules().par_iter().for_each(|m| {
        kernel_bundle::compile_entry(&m.key, &m.source(), "sm_90")
            .unwrap_or_else(|e| panic!("{}: {e}", m.key));
    });
}

/// One generated expression kernel per input type, whose tree applies every operator that
/// takes the type (each result folded into a BOOL8 through `IS_NULL` or taken as is, all
/// joined by `NULL_LOGICAL_OR`), with a valid and a null literal: every operator's code
/// compiles for every type it takes.
#[test]
fn expression_modules_compile() {
    use ferrodf_core::ops::expressions::{ASTOperator, Expression, TableReference, kernel};
    use ferrodf_core::scalar::Scalar;
    use ferrodf_core::types::DataType;
    use rayon::prelude::*;
    use std::sync::Arc;
    if !nvrtc_present() {
        return;
    }
    let types: Vec<TypeId> = NUMERIC
        .into_iter()
        .chain([
            TypeId::TimestampDays,
            TypeId::TimestampNanoseconds,
            TypeId::DurationSeconds,
        ])
        .collect();
    types.par_iter().for_each(|&t| {
        let dtype = DataType::from(t);
        let table = [dtype, dtype];
        let col = |i| Arc::new(Expression::column(i, TableReference::Left));
        let null_lit = Scalar::from_column(
            ferrodf_core::column::Column::new(
                dtype,
                1,
                Some(ferrodf_core::buffer::Buffer::zeroed(16)),
                Some(ferrodf_core::buffer::Buffer::zeroed(64)),
                Some(1),
                0,
                vec![],
            )
            .unwrap(),
        )
        .unwrap();
        let null_lit = Arc::new(Expression::literal(null_lit).unwrap());
        let mut parts: Vec<Arc<Expression>> = vec![];
        for op in ASTOperator::ALL {
            let right = (op.arity() == 2).then(|| col(1));
            let e = Expression::operation(op, col(0), right).unwrap();
            let Ok(out) = ferrodf_core::ops::expressions::result_type(&e, &table) else {
                continue;
            };
            let e = Arc::new(e);
            parts.push(if out.id() == TypeId::Bool8 {
                e
            } else {
                Arc::new(Expression::operation(ASTOperator::IsNull, e, None).unwrap())
            });
        }
        // A null literal operand once, so its constant validity compiles too.
        parts.push(Arc::new(
            Expression::operation(ASTOperator::NullEqual, col(0), Some(null_lit)).unwrap(),
        ));
        let tree = parts
            .into_iter()
            .reduce(|a, b| {
                Arc::new(Expression::operation(ASTOperator::NullLogicalOr, a, Some(b)).unwrap())
            })
            .unwrap();
        let k = kernel(&tree, &table).unwrap();
        let ptx = compile_ptx(&k.key, &k.source);
        assert!(ptx.contains(".entry ferro_expr("), "{t}");
    });
}

/// The generated module of a join predicate per input type (left and right columns, a
/// literal, Kleene logic), with its four kernels: the conditional join's count, fill and
/// semi/anti flags passes and the mixed join's candidate filter.
#[test]
fn join_predicate_modules_compile() {
    use ferrodf_core::ops::expressions::{
        ASTOperator, Expression, TableReference, predicate_kernel,
    };
    use ferrodf_core::scalar::Scalar;
    use ferrodf_core::types::DataType;
    use rayon::prelude::*;
    use std::sync::Arc;
    if !nvrtc_present() {
        return;
    }
    let types: Vec<TypeId> = NUMERIC
        .into_iter()
        .chain([TypeId::TimestampMilliseconds, TypeId::DurationDays])
        .collect();
    types.par_iter().for_each(|&t| {
        let dtype = DataType::from(t);
        let l = |i| Arc::new(Expression::column(i, TableReference::Left));
        let r = |i| Arc::new(Expression::column(i, TableReference::Right));
        let op =
            |o, a, b: Option<Arc<Expression>>| Arc::new(Expression::operation(o, a, b).unwrap());
        let less = op(ASTOperator::Less, l(0), Some(r(1)));
        let null_lit = Scalar::from_column(
            ferrodf_core::column::Column::new(
                dtype,
                1,
                Some(ferrodf_core::buffer::Buffer::zeroed(16)),
                Some(ferrodf_core::buffer::Buffer::zeroed(64)),
                Some(1),
                0,
                vec![],
            )
            .unwrap(),
        )
        .unwrap();
        let ne = op(
            ASTOperator::NullEqual,
            r(0),
            Some(Arc::new(Expression::literal(null_lit).unwrap())),
        );
        let tree = op(ASTOperator::NullLogicalOr, less, Some(ne));
        let tree = op(
            ASTOperator::NullLogicalAnd,
            tree,
            Some(op(ASTOperator::IsNull, l(1), None)),
        );
        let k = predicate_kernel(&tree, &[dtype, dtype], &[dtype, dtype]).unwrap();
        assert!(k.canonical.contains("rc"), "{}", k.canonical);
        let ptx = compile_ptx(&k.key, &k.source);
        for name in [
            "ferro_cj_count",
            "ferro_cj_fill",
            "ferro_cj_flags",
            "ferro_pair_flags",
        ] {
            assert!(ptx.contains(&format!(".entry {name}(")), "{t}: {name}");
        }
    });
}
