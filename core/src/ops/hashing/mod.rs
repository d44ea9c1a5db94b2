//! Row hashing (pylibcudf's `hashing` module).

mod host;
pub use host::*;
