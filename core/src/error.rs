//! The one error type of ferrodf-core.
//!
//! Every fallible core function returns [`Result`]. Each variant names the kind of mistake
//! so the Python layer can map it onto the matching built-in exception (`TypeError`,
//! `ValueError`, `IndexError`, `KeyError`, `MemoryError`, `OverflowError`,
//! `NotImplementedError`, `RuntimeError` for device failures, `OSError` and its subclasses
//! for I/O). Messages say what was wrong and what to do about it.

use std::fmt;

/// The kinds of error ferrodf-core reports.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// An argument has the wrong type (maps to `TypeError`).
    #[error("{0}")]
    Type(String),
    /// An argument has the right type but an unusable value (maps to `ValueError`).
    #[error("{0}")]
    Value(String),
    /// An index or range lies outside the data (maps to `IndexError`).
    #[error("{0}")]
    Index(String),
    /// A label or name does not exist (maps to `KeyError`).
    #[error("{0}")]
    Key(String),
    /// An allocation failed (maps to `MemoryError`).
    #[error("{0}")]
    OutOfMemory(String),
    /// A value does not fit the target type (maps to `OverflowError`).
    #[error("{0}")]
    Overflow(String),
    /// The operation or type combination is not implemented (maps to `NotImplementedError`).
    #[error("{0}")]
    NotImplemented(String),
    /// The GPU or its driver failed (maps to `RuntimeError`).
    #[error("{0}")]
    Device(String),
    /// The operating system refused a file operation. The kind selects the Python
    /// exception: `NotFound` maps to `FileNotFoundError`, `PermissionDenied` to
    /// `PermissionError`, `IsADirectory` to `IsADirectoryError`, anything else to `OSError`.
    #[error("{1}")]
    Io(std::io::ErrorKind, String),
}

/// Result alias used across ferrodf-core.
pub type Result<T, E = Error> = std::result::Result<T, E>;

impl Error {
    /// A `TypeError` built from anything displayable.
    pub fn type_err(msg: impl fmt::Display) -> Self {
        Error::Type(msg.to_string())
    }
    /// A `ValueError` built from anything displayable.
    pub fn value(msg: impl fmt::Display) -> Self {
        Error::Value(msg.to_string())
    }
    /// An `IndexError` built from anything displayable.
    pub fn index(msg: impl fmt::Display) -> Self {
        Error::Index(msg.to_string())
    }
    /// A `NotImplementedError` built from anything displayable.
    pub fn not_implemented(msg: impl fmt::Display) -> Self {
        Error::NotImplemented(msg.to_string())
    }
    /// An I/O error about `path`, keeping the OS error's kind for the Python mapping.
    pub fn io(e: &std::io::Error, path: impl fmt::Display) -> Self {
        Error::Io(e.kind(), format!("{path}: {e}"))
    }
    /// An `OverflowError` built from anything displayable.
    pub fn overflow(msg: impl fmt::Display) -> Self {
        Error::Overflow(msg.to_string())
    }
}

impl From<arrow_schema::ArrowError> for Error {
    fn from(e: arrow_schema::ArrowError) -> Self {
        use arrow_schema::ArrowError as A;
        match e {
            A::NotYetImplemented(m) => Error::NotImplemented(m),
            A::CastError(m) | A::ParseError(m) | A::InvalidArgumentError(m) => Error::Value(m),
            A::SchemaError(m) => Error::Type(m),
            A::ComputeError(m) => Error::Value(m),
            A::DivideByZero => Error::Value("division by zero".into()),
            A::ArithmeticOverflow(m) => Error::Overflow(m),
            A::MemoryError(m) => Error::OutOfMemory(m),
            other => Error::Value(other.to_string()),
        }
    }
}

impl From<cudarc::driver::DriverError> for Error {
    fn from(e: cudarc::driver::DriverError) -> Self {
        use cudarc::driver::sys::CUresult;
        if e.0 == CUresult::CUDA_ERROR_OUT_OF_MEMORY {
            Error::OutOfMemory(format!(
                "the GPU is out of memory ({e}); free device data (del unused columns/frames) \
                 or work on smaller pieces"
            ))
        } else {
            Error::Device(format!("CUDA driver error: {e}"))
        }
    }
}
