//! What the fuzz targets share.

/// The readers turn a decoder's panic into an error (their guard, as users see it: a
/// ValueError). libFuzzer's panic hook would abort on such a caught panic; this keeps it
/// quiet instead, so only a panic that escapes a reader's guard crashes the target (the
/// closure's own catch then aborts). Decoder panics that a guard caught are kept as
/// regression inputs all the same (core/tests/fuzz_regressions).
pub fn quiet_guarded_panics() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| std::panic::set_hook(Box::new(|_| {})));
}
