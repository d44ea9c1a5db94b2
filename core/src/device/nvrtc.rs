//! Compiling a kernel module with NVRTC: the one place that names the compile options, so
//! the runtime, the on-disk cache's fingerprints and the wheel's prebuilt kernels
//! (`examples/kernel_bundle.rs`) can never disagree about them.
//!
//! NVRTC needs no GPU: only `libnvrtc` (loaded by cudarc when first used). Compiling for a
//! real architecture (`sm_90`) makes NVRTC run the assembler too, so the same compilation
//! gives both the PTX and the cubin (the machine code a driver loads without compiling).

use crate::error::{Error, Result};
use cudarc::nvrtc::{result, sys};
use std::ffi::{CStr, CString};

/// The options every module is compiled with, besides `--gpu-architecture`.
pub const OPTIONS: [&str; 3] = [
    "--std=c++17",
    "--device-int128",
    // No fused multiply-add: the host path rounds each operation separately.
    "--fmad=false",
];

/// [`OPTIONS`] as owned strings (the on-disk cache's fingerprint takes them so).
pub fn options() -> Vec<String> {
    OPTIONS.iter().map(|o| o.to_string()).collect()
}

/// What one compilation produced.
pub struct Compiled {
    /// The PTX text.
    pub ptx: String,
    /// The cubin for the architecture, when one was asked for (a real `sm_XY` only).
    pub cubin: Option<Vec<u8>>,
}

/// Compile module `key` from `source` for `arch` (`sm_90`, or a virtual `compute_80` for
/// PTX alone) with [`OPTIONS`]; with `cubin` set, also fetch the machine code.
pub fn compile(key: &str, source: &str, arch: &str, cubin: bool) -> Result<Compiled> {
    let fail = |what: String| {
        Error::Device(format!(
            "NVRTC failed to compile kernel module {key}: {what}"
        ))
    };
    let src = CString::new(source).map_err(|e| fail(e.to_string()))?;
    let name = CString::new(format!("{key}.cu")).map_err(|e| fail(e.to_string()))?;
    // The options in the order cudarc's `compile_ptx_with_opts` gives them (architecture
    // first), so the PTX is the same byte for byte as the runtime's before this module.
    let mut opts = vec![format!("--gpu-architecture={arch}")];
    opts.extend(options());
    let prog = result::create_program(&src, Some(&name)).map_err(|e| fail(e.to_string()))?;
    let program = Program(prog);
    // SAFETY: `prog` was just created and is destroyed only by `Program`'s drop.
    if let Err(e) = unsafe { result::compile_program(program.0, &opts) } {
        // SAFETY: as above.
        let log = unsafe { result::get_program_log(program.0) }
            .map(|raw| {
                // SAFETY: NVRTC's log is NUL-terminated.
                unsafe { CStr::from_ptr(raw.as_ptr()) }
                    .to_string_lossy()
                    .into_owned()
            })
            .unwrap_or_default();
        return Err(fail(format!("{e:?}\n{log}")));
    }
    // SAFETY: as above; the program compiled.
    let raw = unsafe { result::get_ptx(program.0) }.map_err(|e| fail(e.to_string()))?;
    // SAFETY: NVRTC's PTX is NUL-terminated text.
    let ptx = unsafe { CStr::from_ptr(raw.as_ptr()) }
        .to_string_lossy()
        .into_owned();
    let cubin = if cubin {
        // SAFETY: as above; the buffer is sized by NVRTC's own report.
        Some(unsafe { get_cubin(program.0) }.map_err(fail)?)
    } else {
        None
    };
    Ok(Compiled { ptx, cubin })
}

/// The program's cubin (only a compilation for a real architecture has one).
///
/// # Safety
/// `prog` must be a live, compiled program.
unsafe fn get_cubin(prog: sys::nvrtcProgram) -> std::result::Result<Vec<u8>, String> {
    let mut size = 0usize;
    // SAFETY: the caller vouches for `prog`.
    unsafe { sys::nvrtcGetCUBINSize(prog, &mut size) }
        .result()
        .map_err(|e| format!("no cubin: {e:?}"))?;
    if size == 0 {
        return Err("no cubin (a virtual architecture gives PTX only)".into());
    }
    let mut out = vec![0u8; size];
    // SAFETY: `out` holds the `size` bytes NVRTC reported.
    unsafe { sys::nvrtcGetCUBIN(prog, out.as_mut_ptr().cast()) }
        .result()
        .map_err(|e| format!("no cubin: {e:?}"))?;
    Ok(out)
}

/// Destroys the program when dropped (also on the error paths).
struct Program(sys::nvrtcProgram);

impl Drop for Program {
    fn drop(&mut self) {
        // SAFETY: created by `create_program` and destroyed only here.
        let _ = unsafe { result::destroy_program(self.0) };
    }
}
