//! Build the prebuilt kernels the wheel carries (`make kernels`): every module of the
//! manifest marked `prebuilt`, compiled by NVRTC for each target, one `<target>.fdk` file
//! per target (see `core/src/device/kernel_bundle.rs`).
//!
//! ```sh
//! cargo run --release -p ferrodf-core --example kernel_bundle -- \
//!     --out pyapi/python/ferrodf/_kernels [--targets sm_90,compute_80] [--all] [--only KEY_PREFIX]
//! ```
//!
//! Needs only NVRTC (`libnvrtc.so.13` on `LD_LIBRARY_PATH`, from the `nvidia-cuda-nvrtc`
//! wheel), no GPU. `--all` takes every module of the manifest, `--only` the modules whose
//! key starts with a prefix (a quick check of the mechanism). Prints, per target, the
//! number of modules, the compile time and the file size.

use ferrodf_core::device::kernel_bundle::{self, BundleEntry, DEFAULT_TARGETS};
use ferrodf_core::ops::kernel_manifest;
use rayon::prelude::*;
use std::path::PathBuf;
use std::time::Instant;

struct Args {
    out: PathBuf,
    targets: Vec<String>,
    all: bool,
    only: Option<String>,
}

fn parse() -> Result<Args, String> {
    let mut args = Args {
        out: PathBuf::new(),
        targets: DEFAULT_TARGETS.iter().map(|t| t.to_string()).collect(),
        all: false,
        only: None,
    };
    let mut it = std::env::args().skip(1);
    while let Some(a) = it.next() {
        let mut value = || it.next().ok_or(format!("{a} needs a value"));
        match a.as_str() {
            "--out" => args.out = PathBuf::from(value()?),
            "--targets" => args.targets = value()?.split(',').map(str::to_string).collect(),
            "--all" => args.all = true,
            "--only" => args.only = Some(value()?),
            other => return Err(format!("unknown argument {other}")),
        }
    }
    if args.out.as_os_str().is_empty() {
        return Err("--out DIR is required".into());
    }
    Ok(args)
}

fn main() {
    let args = parse().unwrap_or_else(|e| {
        eprintln!("kernel_bundle: {e}");
        std::process::exit(2);
    });
    let modules: Vec<_> = kernel_manifest::modules()
        .into_iter()
        .filter(|m| args.all || m.prebuilt)
        .filter(|m| args.only.as_ref().is_none_or(|p| m.key.starts_with(p)))
        .collect();
    std::fs::create_dir_all(&args.out).expect("create the output directory");
    // Files of targets no longer built would be stale: the directory holds exactly these.
    for e in std::fs::read_dir(&args.out)
        .expect("read the output directory")
        .flatten()
    {
        if e.path().extension().is_some_and(|x| x == "fdk") {
            let _ = std::fs::remove_file(e.path());
        }
    }
    let mut total = 0u64;
    for target in &args.targets {
        let start = Instant::now();
        let entries: Vec<BundleEntry> = modules
            .par_iter()
            .map(|m| kernel_bundle::compile_entry(&m.key, &m.source(), target))
            .collect::<Result<_, _>>()
            .unwrap_or_else(|e| {
                eprintln!("kernel_bundle: {e}");
                std::process::exit(1);
            });
        let raw: usize = entries.iter().map(|e| e.image.len()).sum();
        let path = args.out.join(format!("{target}.fdk"));
        kernel_bundle::write(&path, target, &entries).expect("write the bundle");
        let size = std::fs::metadata(&path).map_or(0, |m| m.len());
        total += size;
        println!(
            "{target}: {} modules in {:.1} s, {:.1} MB of images, {:.2} MB written",
            entries.len(),
            start.elapsed().as_secs_f64(),
            raw as f64 / 1e6,
            size as f64 / 1e6
        );
    }
    println!(
        "{} targets, {:.2} MB in {}",
        args.targets.len(),
        total as f64 / 1e6,
        args.out.display()
    );
}
