//! The kernel manifest (`ops/kernel_manifest.rs`) and the prebuilt kernel bundles, without
//! a GPU: the manifest enumerates, a sample of it compiles into bundle entries (cubin and
//! PTX) with NVRTC, and (`--ignored`, `make kernels-check`) every module of it compiles.
//!
//! NVRTC comes from `LD_LIBRARY_PATH` as in `kernels_compile.rs`; without it the NVRTC
//! tests pass with a note unless `FERRODF_REQUIRE_NVRTC` is set.

use ferrodf_core::device::kernel_bundle::{self, DEFAULT_TARGETS};
use ferrodf_core::ops::kernel_manifest::{self, Module};
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
