pub use ferrodf_core as core;
