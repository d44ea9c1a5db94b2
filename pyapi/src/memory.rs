//! `ferrodf._lib` memory functions: spilling options, statistics, manual spills and the
//! census of device memory (wrapped by `ferrodf.memory`).

use crate::args::add_functions;
use crate::errors::IntoPyResult;
use ferrodf_core::memory;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Whether spilling is on.
#[pyfunction]
pub fn get_spill() -> bool {
    memory::spill_enabled()
}

/// Turn spilling on or off.
#[pyfunction]
pub fn set_spill(on: bool) {
    memory::set_spill_enabled(on);
}

/// The soft device limit in bytes, or None.
#[pyfunction]
pub fn get_device_limit(py: Python<'_>) -> Option<usize> {
    py.detach(memory::device_limit)
}

/// Set the soft device limit: bytes (int), text ("2GiB", "80%") or None.
#[pyfunction]
pub fn set_device_limit(value: Option<&Bound<'_, PyAny>>) -> PyResult<()> {
    match value {
        None => memory::set_device_limit(None),
        Some(v) if v.is_none() => memory::set_device_limit(None),
        Some(v) => {
            if let Ok(text) = v.extract::<String>() {
                memory::set_device_limit_text(&text).py()?;
            } else if let Ok(n) = v.extract::<i128>() {
                if n <= 0 {
                    return Err(pyo3::exceptions::PyValueError::new_err(format!(
                        "the device limit must be a positive number of bytes, got {n}; use None \
                         for no limit"
                    )));
                }
                memory::set_device_limit(Some(usize::try_from(n).unwrap_or(usize::MAX)));
            } else {
                return Err(PyTypeError::new_err(format!(
                    "the device limit takes bytes (int), text such as '2GiB' or '80%', or None; \
                     got {}",
                    v.get_type().name()?
                )));
            }
        }
    }
    Ok(())
}

/// The statistics level (0, 1 or 2).
#[pyfunction]
pub fn get_spill_statistics() -> u8 {
    memory::statistics_level()
}

/// Set the statistics level (0 to 3).
#[pyfunction]
pub fn set_spill_statistics(level: i64) -> PyResult<()> {
    if !(0..=3).contains(&level) {
        return Err(pyo3::exceptions::PyValueError::new_err(format!(
            "the statistics level is 0, 1, 2 or 3, got {level}"
        )));
    }
    memory::set_statistics_level(level as u8);
    Ok(())
}

fn transfer<'py>(py: Python<'py>, t: &memory::TransferStats) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("count", t.count)?;
    d.set_item("bytes", t.bytes)?;
    d.set_item("seconds", t.seconds)?;
    Ok(d)
}

/// The memory statistics as a dict, plus their text form under "text".
#[pyfunction]
pub fn memory_statistics(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let s = memory::statistics();
    let d = PyDict::new(py);
    d.set_item("level", s.level)?;
    d.set_item("host_to_device", transfer(py, &s.host_to_device)?)?;
    d.set_item("device_to_host", transfer(py, &s.device_to_host)?)?;
    d.set_item("spills", transfer(py, &s.spills)?)?;
    d.set_item("spills_copied", transfer(py, &s.spills_copied)?)?;
    d.set_item("unspills", transfer(py, &s.unspills)?)?;
    d.set_item("spills_on_demand", s.spills_on_demand)?;
    let sites: Vec<(String, u64, u64)> = s
        .exposures
        .iter()
        .map(|e| (e.site.clone(), e.count, e.bytes))
        .collect();
    d.set_item("exposures", sites)?;
    let transfers: Vec<(String, String, &str, u64, u64, u64)> = s
        .transfers
        .iter()
        .map(|t| {
            let direction = t.direction.as_str();
            (
                t.site.clone(),
                t.origin.clone(),
                direction,
                t.count,
                t.bytes,
                t.largest,
            )
        })
        .collect();
    d.set_item("transfers", transfers)?;
    d.set_item("text", s.to_string())?;
    Ok(d)
}

/// Forget the memory statistics.
#[pyfunction]
pub fn reset_memory_statistics() {
    memory::reset_statistics();
}

/// Spill up to `nbytes` (None: everything spillable); returns (bytes freed, buffers).
#[pyfunction]
#[pyo3(signature = (nbytes = None))]
pub fn spill(py: Python<'_>, nbytes: Option<usize>) -> PyResult<(usize, usize)> {
    // Not through `run`: a manual spill is not an operation (its own scope would mark
    // nothing, but the caller may be inside none).
    let r = py.detach(move || memory::spill(nbytes)).py()?;
    Ok((r.freed, r.spilled))
}

/// Fault injection (tests only, `ferrodf_core::memory::fault`): let `skip` allocations of
/// `target` ("device" or "pinned") through, then fail the next `fail` ones.
#[pyfunction]
pub fn inject_allocation_failures(target: &str, skip: u64, fail: u64) -> PyResult<()> {
    use memory::fault::{Target, arm};
    let target = match target {
        "device" => Target::Device,
        "pinned" => Target::PinnedHost,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "fault injection targets \"device\" or \"pinned\" allocations, not {other:?}"
            )));
        }
    };
    arm(target, skip, fail);
    Ok(())
}

/// Stop injecting allocation failures; returns how many were injected since they were armed.
#[pyfunction]
pub fn stop_allocation_failures() -> u64 {
    let n = memory::fault::injected();
    memory::fault::disarm();
    n
}

/// Where ferrodf's device memory stands now.
#[pyfunction]
pub fn memory_info(py: Python<'_>) -> PyResult<Bound<'_, PyDict>> {
    let census = py.detach(memory::census);
    let d = PyDict::new(py);
    d.set_item("device_bytes", memory::device_bytes_in_use())?;
    d.set_item("device_limit", py.detach(memory::device_limit))?;
    let total = py
        .detach(ferrodf_core::device::runtime)
        .ok()
        .map(|rt| rt.total_memory());
    d.set_item("total_memory", total)?;
    d.set_item("spill", memory::spill_enabled())?;
    let pair = |p: (usize, usize)| (p.0, p.1);
    d.set_item("spillable", pair(census.spillable))?;
    d.set_item("exposed", pair(census.exposed))?;
    d.set_item("in_use", pair(census.in_use))?;
    d.set_item("foreign", pair(census.foreign))?;
    d.set_item("spilled", pair(census.spilled))?;
    let (lent, cached) = memory::pinned_pool_bytes();
    d.set_item("pinned_host_bytes", lent)?;
    d.set_item("pinned_pool_cached_bytes", cached)?;
    Ok(d)
}

/// Whether `obj` offers `__cuda_array_interface__`, found without reading it (reading it
/// would hand a device pointer out and expose ferrodf memory).
pub fn has_cuda_array_interface(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    const NAME: &str = "__cuda_array_interface__";
    if obj.get_type().hasattr(NAME)? {
        return Ok(true);
    }
    match obj.getattr("__dict__") {
        Ok(d) => d.contains(NAME),
        Err(_) => Ok(false),
    }
}

/// Python-visible form of [`has_cuda_array_interface`].
#[pyfunction(name = "has_cuda_array_interface")]
pub fn py_has_cuda_array_interface(obj: &Bound<'_, PyAny>) -> PyResult<bool> {
    has_cuda_array_interface(obj)
}

/// One Python frame of the calling thread.
struct Frame {
    /// The frame's module (`__name__` of its globals).
    module: String,
    file: String,
    line: i64,
    /// The function's qualified name (`DataFrame.__setitem__`).
    function: String,
}

impl Frame {
    fn in_ferrodf(&self) -> bool {
        self.module == "ferrodf" || self.module.starts_with("ferrodf.")
    }
}

/// The Python frames of this thread, innermost first.
fn python_frames(py: Python<'_>) -> PyResult<Vec<Frame>> {
    let mut frames = Vec::new();
    let mut frame = py.import("sys")?.call_method1("_getframe", (0,))?;
    while !frame.is_none() {
        let code = frame.getattr("f_code")?;
        let module = frame
            .getattr("f_globals")?
            .get_item("__name__")
            .and_then(|m| m.extract())
            .unwrap_or_default();
        frames.push(Frame {
            module,
            file: code.getattr("co_filename")?.extract()?,
            line: frame.getattr("f_lineno")?.extract().unwrap_or(0),
            function: code.getattr("co_qualname")?.extract()?,
        });
        frame = frame.getattr("f_back")?;
    }
    Ok(frames)
}

/// "what at file:line in function" for the first Python frame outside ferrodf, when the
/// statistics level records exposure sites; `what` alone otherwise.
pub fn exposure_site(py: Python<'_>, what: &str) -> String {
    if memory::statistics_level() < 2 {
        return what.to_string();
    }
    let frames = python_frames(py).unwrap_or_default();
    match frames.iter().find(|f| !f.in_ferrodf()) {
        Some(f) => format!("{what} at {}:{} in {}", f.file, f.line, f.function),
        None => what.to_string(),
    }
}

/// The public function a copy is audited under (statistics level 3): the outermost ferrodf
/// function on the Python stack (`ferrodf.dataframe.DataFrame.__setitem__`), or, for a
/// binding called directly (most of `ferrodf.plc`), `binding` and the calling file.
pub fn audit_site(py: Python<'_>, binding: &str) -> String {
    let frames = python_frames(py).unwrap_or_default();
    if let Some(f) = frames.iter().rev().find(|f| f.in_ferrodf()) {
        return format!("{}.{}", f.module, f.function);
    }
    match frames.first() {
        Some(f) => format!("{binding} (called from {})", f.module),
        None => binding.to_string(),
    }
}

/// Move the bytes of `columns` to "device" or "host" memory now (they move lazily anyway);
/// returns the bytes that had to be copied.
#[pyfunction]
pub fn memory_prefetch(
    py: Python<'_>,
    columns: Vec<crate::column::PyColumn>,
    to: &str,
) -> PyResult<usize> {
    let to_device = match to {
        "device" | "gpu" => true,
        "host" | "cpu" => false,
        other => {
            return Err(pyo3::exceptions::PyValueError::new_err(format!(
                "prefetch moves data to 'device' or 'host', got {other:?}"
            )));
        }
    };
    let cols: Vec<_> = columns.into_iter().map(|c| c.0).collect();
    crate::errors::run(py, move || {
        if to_device {
            ferrodf_core::device::runtime()?;
        }
        let mut buffers = Vec::new();
        for c in &cols {
            c.visit_buffers(&mut |b| buffers.push(b.clone()));
        }
        let mut moved = 0;
        for b in buffers {
            use ferrodf_core::buffer::Residency;
            let here = b.residency();
            if to_device && here == Residency::Host {
                moved += b.allocation_len();
                b.device()?;
            } else if !to_device && here == Residency::Device {
                moved += b.allocation_len();
                b.host()?;
            }
        }
        Ok(moved)
    })
}

/// Bytes of `columns` that are spilled (in host memory, moved there from the GPU), and
/// their bytes in all.
#[pyfunction]
pub fn memory_spilled_bytes(columns: Vec<crate::column::PyColumn>) -> (usize, usize) {
    let (mut spilled, mut all) = (0, 0);
    for c in &columns {
        c.0.visit_buffers(&mut |b| {
            all += b.len();
            if b.is_spilled() {
                spilled += b.len();
            }
        });
    }
    (spilled, all)
}

pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    add_functions!(
        m,
        memory_prefetch,
        memory_spilled_bytes,
        get_spill,
        set_spill,
        get_device_limit,
        set_device_limit,
        get_spill_statistics,
        set_spill_statistics,
        memory_statistics,
        reset_memory_statistics,
        spill,
        memory_info,
        inject_allocation_failures,
        stop_allocation_failures,
        py_has_cuda_array_interface,
    )
}
