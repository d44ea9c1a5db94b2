//! The prebuilt kernel files (`device/kernel_bundle.rs`) without NVRTC or a GPU: written,
//! listed, and looked up by fingerprint only (a cubin the GPU runs first, then PTX); an entry of another source or target, or a file of another
//! version, is never used. One test, since the bundle folder is process-wide.

use ferrodf_core::device::kernel_bundle::{
    BundleEntry, Image, find, fingerprint, read_index, set_dir, write,
};

fn entry(source: &str, target: &str, image: &[u8]) -> BundleEntry {
    BundleEntry {
        key: format!("k_{source}"),
        fingerprint: fingerprint(source, target),
        image: image.to_vec(),
    }
}

fn cubin(source: &str, arch: &str) -> Option<Vec<u8>> {
    match find(source, arch) {
        Some(Image::Cubin(c)) => Some(c),
        _ => None,
    }
}

fn ptx(source: &str, arch: &str) -> Option<String> {
    match find(source, arch) {
        Some(Image::Ptx(p)) => Some(p),
        _ => None,
    }
}

#[test]
fn bundles_are_found_by_fingerprint_only() {
    if std::env::var_os("FERRODF_KERNEL_BUNDLE").is_some() {
        eprintln!("FERRODF_KERNEL_BUNDLE is set: the lookup through set_dir is not checked");
        return;
    }
    let dir = std::env::temp_dir().join(format!("ferrodf-bundle-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    write(
        &dir.join("sm_90.fdk"),
        "sm_90",
        &[
            entry("a", "sm_90", b"cubin-a"),
            entry("b", "sm_90", b"cubin-b"),
            // Filed under the wrong target's fingerprint: never found for sm_90.
            entry("w", "sm_80", b"cubin-w"),
        ],
    )
    .unwrap();
    write(
        &dir.join("sm_80.fdk"),
        "sm_80",
        &[entry("e", "sm_80", b"cubin-e")],
    )
    .unwrap();
    write(
        &dir.join("compute_80.fdk"),
        "compute_80",
        &[
            entry("a", "compute_80", b"ptx-a"),
            entry("c", "compute_80", b"ptx-c"),
        ],
    )
    .unwrap();
    let (version, target, listed) = read_index(&dir.join("sm_90.fdk")).unwrap();
    assert_eq!(version, env!("CARGO_PKG_VERSION"));
    assert_eq!(target, "sm_90");
    let keys: Vec<&str> = listed.iter().map(|e| e.key.as_str()).collect();
    assert_eq!(keys, ["k_a", "k_b", "k_w"]);

    set_dir(&dir);
    // The cubin of the GPU's architecture first.
    assert_eq!(cubin("a", "sm_90").unwrap(), b"cubin-a");
    assert_eq!(cubin("b", "sm_90").unwrap(), b"cubin-b");
    // A cubin of the same major version and a lower minor one runs (8.0 on 8.6), never
    // one of another major version.
    assert_eq!(cubin("e", "sm_86").unwrap(), b"cubin-e");
    assert!(find("e", "sm_90").is_none());
    assert!(
        find("a", "sm_86")
            .map(|i| matches!(i, Image::Ptx(_)))
            .unwrap()
    );
    // Then PTX of a virtual architecture the GPU runs.
    assert_eq!(ptx("c", "sm_90").as_deref(), Some("ptx-c"));
    assert_eq!(ptx("a", "sm_120").as_deref(), Some("ptx-a"));
    // A wrong fingerprint, an unknown source, an older GPU: nothing.
    assert!(find("w", "sm_90").is_none());
    assert!(find("d", "sm_90").is_none());
    assert!(find("c", "sm_75").is_none());

    // A file of another ferrodf version is ignored as a whole. The version string follows
    // the 8-byte magic and its u32 length.
    let mut bytes = std::fs::read(dir.join("sm_90.fdk")).unwrap();
    bytes[12] ^= 1;
    std::fs::write(dir.join("sm_90.fdk"), bytes).unwrap();
    set_dir(&dir); // forget the files opened so far
    assert!(cubin("a", "sm_90").is_none());
    assert_eq!(ptx("a", "sm_90").as_deref(), Some("ptx-a"));
    let _ = std::fs::remove_dir_all(&dir);
}
