//! Prebuilt kernels: the modules of the manifest (`kernels/manifest.rs`) compiled when the
//! wheel is built (`make kernels`, `examples/kernel_bundle.rs`), so a fresh machine loads
//! them instead of running NVRTC (0.3 to 0.6 s a module, about 12 s for a first groupby).
//!
//! One file per target, `<dir>/<arch>.fdk`: `sm_XY` files hold cubins (machine code the
//! driver loads as is), `compute_XY` files PTX, which the driver compiles for any newer
//! GPU (its own cache, `CUDA_CACHE_PATH`, keeps the result). Each entry is named by the
//! fingerprint of its source, target and options (`kernel_cache::fingerprint`), which
//! includes ferrodf's version: a module whose source changed, or a file of another
//! release, is simply not found, never used. The images of a file are zstd-compressed as
//! one stream: modules share most of their code (the common headers), so that is about a
//! quarter of compressing them one by one (sm_80: 32 MB of cubins, 0.96 MB against 3.9 MB).
//! A process decompresses a file on its first lookup in it (about 25 ms for 32 MB).
//!
//! The directory is where the Python package put the files (it calls [`set_dir`] on
//! import); `FERRODF_KERNEL_BUNDLE` overrides it (`off` or `0` disables prebuilt kernels,
//! e.g. to measure NVRTC).
//!
//! File layout (integers little endian): `MAGIC`, the version and the target as
//! u32-length-prefixed strings, a u32 entry count, the index (per entry: 16-byte
//! fingerprint, u64 offset into the images, u32 length, the module key as a
//! u16-length-prefixed string), the u64 length of the images, then the images as one
//! zstd frame to the end of the file.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

const MAGIC: &[u8; 8] = b"FDKRNL02";

/// A prebuilt module image.
pub enum Image {
    /// Machine code for the device's architecture.
    Cubin(Vec<u8>),
    /// PTX of a virtual architecture, compiled by the driver.
    Ptx(String),
}

/// One module of a bundle file, as [`write`] takes it and [`read_index`] lists it.
pub struct BundleEntry {
    /// The module key (`binop0_double0_double0_double0`, ...), for listings.
    pub key: String,
    /// The fingerprint of the module's source for the file's target.
    pub fingerprint: u128,
    /// The cubin or PTX bytes (empty in [`read_index`]'s listing).
    pub image: Vec<u8>,
}

/// The targets `make kernels` builds: a cubin set per major architecture in use (Ampere,
/// whose cubins also run on sm_86/sm_87/sm_89; Hopper; Blackwell data-center, also for
/// sm_103; Blackwell consumer, also for sm_121), and PTX for every other GPU from Ampere
/// on (the driver compiles it once, then keeps it). `--targets` builds others (sm_86, ...).
pub const DEFAULT_TARGETS: [&str; 5] = ["sm_80", "sm_90", "sm_100", "sm_120", "compute_80"];

/// Compile module `key` from `source` for `target` with NVRTC into a bundle entry: the
/// cubin of a real architecture (`sm_90`), the PTX of a virtual one (`compute_80`).
pub fn compile_entry(key: &str, source: &str, target: &str) -> crate::error::Result<BundleEntry> {
    let real = target.starts_with("sm_");
    let compiled = super::nvrtc::compile(key, source, target, real)?;
    let image = match compiled.cubin {
        Some(cubin) => cubin,
        None => compiled.ptx.into_bytes(),
    };
    Ok(BundleEntry {
        key: key.to_string(),
        fingerprint: fingerprint(source, target),
        image,
    })
}

/// The fingerprint of the module compiled from `source` for `target` with the runtime's
/// options (the on-disk cache's, see `kernel_cache::fingerprint`).
pub fn fingerprint(source: &str, target: &str) -> u128 {
    super::kernel_cache::fingerprint(source, target, &super::nvrtc::options())
}

/// Write the bundle file of `target` (`sm_90`, `compute_80`) at `path`, through a
/// temporary file renamed into place.
pub fn write(path: &Path, target: &str, entries: &[BundleEntry]) -> io::Result<()> {
    let images: Vec<u8> = entries
        .iter()
        .flat_map(|e| e.image.iter().copied())
        .collect();
    let mut out = Vec::new();
    out.extend_from_slice(MAGIC);
    put_str(&mut out, env!("CARGO_PKG_VERSION"));
    put_str(&mut out, target);
    out.extend_from_slice(&(entries.len() as u32).to_le_bytes());
    let mut offset = 0u64;
    for e in entries {
        out.extend_from_slice(&e.fingerprint.to_le_bytes());
        out.extend_from_slice(&offset.to_le_bytes());
        out.extend_from_slice(&(e.image.len() as u32).to_le_bytes());
        out.extend_from_slice(&(e.key.len() as u16).to_le_bytes());
        out.extend_from_slice(e.key.as_bytes());
        offset += e.image.len() as u64;
    }
    out.extend_from_slice(&(images.len() as u64).to_le_bytes());
    out.extend_from_slice(&zstd::bulk::compress(&images, 19)?);
    let tmp = path.with_extension("fdk.tmp");
    File::create(&tmp)?.write_all(&out)?;
    std::fs::rename(&tmp, path)
}

fn put_str(out: &mut Vec<u8>, s: &str) {
    out.extend_from_slice(&(s.len() as u32).to_le_bytes());
    out.extend_from_slice(s.as_bytes());
}

/// Where an entry's image lies in the decompressed images.
struct Slot {
    offset: u64,
    len: u32,
}

/// An opened bundle file: its index in memory, the images decompressed on first use.
struct Bundle {
    path: PathBuf,
    /// Where the compressed images start in the file, and their decompressed length.
    base: u64,
    len: u64,
    slots: HashMap<u128, Slot>,
    /// The decompressed images (`None`: unreadable).
    images: OnceLock<Option<Vec<u8>>>,
}

/// The header and index of a bundle file.
struct Header {
    version: String,
    target: String,
    /// The entries (without images) and where their images lie.
    entries: Vec<(BundleEntry, Slot)>,
    /// Where the compressed images start, and their decompressed length.
    base: u64,
    len: u64,
}

fn read_header(file: &File) -> io::Result<Header> {
    let mut r = BufReader::new(file);
    let mut magic = [0u8; 8];
    r.read_exact(&mut magic)?;
    if &magic != MAGIC {
        return Err(io::Error::other("not a ferrodf kernel bundle"));
    }
    let version = get_str(&mut r)?;
    let target = get_str(&mut r)?;
    let count = get_u32(&mut r)? as usize;
    let mut entries = Vec::with_capacity(count);
    let mut consumed = 8 + 4 + version.len() + 4 + target.len() + 4;
    for _ in 0..count {
        let mut fp = [0u8; 16];
        r.read_exact(&mut fp)?;
        let offset = get_u64(&mut r)?;
        let len = get_u32(&mut r)?;
        let mut key_len = [0u8; 2];
        r.read_exact(&mut key_len)?;
        let mut key = vec![0u8; u16::from_le_bytes(key_len) as usize];
        r.read_exact(&mut key)?;
        consumed += 16 + 8 + 4 + 2 + key.len();
        entries.push((
            BundleEntry {
                key: String::from_utf8_lossy(&key).into_owned(),
                fingerprint: u128::from_le_bytes(fp),
                image: vec![],
            },
            Slot { offset, len },
        ));
    }
    let len = get_u64(&mut r)?;
    Ok(Header {
        version,
        target,
        entries,
        base: consumed as u64 + 8,
        len,
    })
}

fn get_u64(r: &mut impl Read) -> io::Result<u64> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)?;
    Ok(u64::from_le_bytes(b))
}

fn get_u32(r: &mut impl Read) -> io::Result<u32> {
    let mut b = [0u8; 4];
    r.read_exact(&mut b)?;
    Ok(u32::from_le_bytes(b))
}

fn get_str(r: &mut impl Read) -> io::Result<String> {
    let len = get_u32(r)? as usize;
    if len > 4096 {
        return Err(io::Error::other("damaged kernel bundle header"));
    }
    let mut b = vec![0u8; len];
    r.read_exact(&mut b)?;
    String::from_utf8(b).map_err(io::Error::other)
}

/// The version, target and entries (keys and fingerprints, no images) of a bundle file.
pub fn read_index(path: &Path) -> io::Result<(String, String, Vec<BundleEntry>)> {
    let h = read_header(&File::open(path)?)?;
    let entries = h.entries.into_iter().map(|(e, _)| e).collect();
    Ok((h.version, h.target, entries))
}

impl Bundle {
    /// The bundle file at `path` when it exists and belongs to this version of ferrodf.
    fn open(path: &Path) -> Option<Bundle> {
        let h = read_header(&File::open(path).ok()?).ok()?;
        if h.version != env!("CARGO_PKG_VERSION") {
            return None;
        }
        let slots = h
            .entries
            .into_iter()
            .map(|(e, slot)| (e.fingerprint, slot))
            .collect();
        Some(Bundle {
            path: path.to_path_buf(),
            base: h.base,
            len: h.len,
            slots,
            images: OnceLock::new(),
        })
    }

    /// The decompressed images, read on first use.
    fn images(&self) -> Option<&[u8]> {
        self.images
            .get_or_init(|| {
                let bytes = std::fs::read(&self.path).ok()?;
                let stored = bytes.get(self.base as usize..)?;
                let images = zstd::bulk::decompress(stored, self.len as usize).ok()?;
                (images.len() as u64 == self.len).then_some(images)
            })
            .as_deref()
    }

    /// The image stored under `fp`; `None` when absent or unreadable.
    fn get(&self, fp: u128) -> Option<Vec<u8>> {
        let slot = self.slots.get(&fp)?;
        let start = slot.offset as usize;
        Some(
            self.images()?
                .get(start..start + slot.len as usize)?
                .to_vec(),
        )
    }
}

/// The process's view of the bundle directory: where it is and the files opened so far.
struct State {
    dir: Option<PathBuf>,
    /// Opened files by target (`None`: absent or of another version); few targets.
    open: Vec<(String, Option<Arc<Bundle>>)>,
    /// [`usable_targets`] by GPU architecture (one directory listing per process).
    usable: Vec<(String, Vec<String>)>,
}

static STATE: Mutex<State> = Mutex::new(State {
    dir: None,
    open: Vec::new(),
    usable: Vec::new(),
});

/// Use the prebuilt kernels in `dir` (the Python package's `_kernels` folder).
pub fn set_dir(dir: impl Into<PathBuf>) {
    let mut st = STATE.lock().unwrap_or_else(|p| p.into_inner());
    st.dir = Some(dir.into());
    st.open.clear();
    st.usable.clear();
}

/// The bundle directory: `FERRODF_KERNEL_BUNDLE` when set (`off`/`0`/empty: none), else
/// the one [`set_dir`] gave.
fn dir(st: &State) -> Option<PathBuf> {
    match std::env::var_os("FERRODF_KERNEL_BUNDLE") {
        Some(v) => {
            let s = v.to_string_lossy();
            let off = s.is_empty() || s == "0" || s.eq_ignore_ascii_case("off");
            (!off).then(|| PathBuf::from(v))
        }
        None => st.dir.clone(),
    }
}

/// The bundle of `target`, opened on first use.
fn bundle(target: &str) -> Option<Arc<Bundle>> {
    let mut st = STATE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, b)) = st.open.iter().find(|(t, _)| t == target) {
        return b.clone();
    }
    let opened = dir(&st)
        .and_then(|d| Bundle::open(&d.join(format!("{target}.fdk"))))
        .map(Arc::new);
    st.open.push((target.to_string(), opened.clone()));
    opened
}

/// The bundle files a GPU of architecture `arch` (`sm_86`) can use, best first: cubins of
/// its own major version and the same or a lower minor one (a cubin for 8.0 runs on 8.6,
/// as CUDA guarantees), then PTX of virtual architectures up to its own, newest first.
fn usable_targets(arch: &str) -> Vec<String> {
    let mut st = STATE.lock().unwrap_or_else(|p| p.into_inner());
    if let Some((_, targets)) = st.usable.iter().find(|(a, _)| a == arch) {
        return targets.clone();
    }
    let targets = match (dir(&st), arch_number(arch, "sm_")) {
        (Some(dir), Some(number)) => list_usable(&dir, number),
        _ => vec![],
    };
    st.usable.push((arch.to_string(), targets.clone()));
    targets
}

/// [`usable_targets`] of a GPU of architecture number `number` among the files of `dir`.
fn list_usable(dir: &Path, number: u32) -> Vec<String> {
    // (is PTX, minus the version): sorting puts cubins first, newest first.
    let mut found: Vec<((bool, i64), String)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| {
            let name = e.file_name().to_string_lossy().into_owned();
            let target = name.strip_suffix(".fdk")?.to_string();
            let rank = match arch_number(&target, "sm_") {
                Some(n) => (n / 10 == number / 10 && n <= number).then_some((false, n))?,
                None => {
                    let n = arch_number(&target, "compute_")?;
                    (n <= number).then_some((true, n))?
                }
            };
            Some(((rank.0, -i64::from(rank.1)), target))
        })
        .collect();
    found.sort();
    found.into_iter().map(|(_, t)| t).collect()
}

/// 90 for `sm_90` with prefix `sm_`.
fn arch_number(arch: &str, prefix: &str) -> Option<u32> {
    arch.strip_prefix(prefix)?.parse().ok()
}

/// The prebuilt image of the module compiled from `source`, for a GPU of architecture
/// `arch`: the first of [`usable_targets`] that has it.
pub fn find(source: &str, arch: &str) -> Option<Image> {
    usable_targets(arch).into_iter().find_map(|target| {
        let image = bundle(&target)?.get(fingerprint(source, &target))?;
        if target.starts_with("sm_") {
            Some(Image::Cubin(image))
        } else {
            String::from_utf8(image).ok().map(Image::Ptx)
        }
    })
}
