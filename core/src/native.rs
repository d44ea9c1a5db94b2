//! Rust native types of the fixed-width type ids.

use crate::types::TypeId;

/// A Rust type that stores one value of a ferrodf fixed-width type.
pub trait NativeType:
    arrow_buffer::ArrowNativeType + Default + Copy + Send + Sync + 'static
{
    /// The type id stored as this native type by default.
    const TYPE: TypeId;
}

macro_rules! native {
    ($($t:ty => $id:ident),*) => {$(
        impl NativeType for $t {
            const TYPE: TypeId = TypeId::$id;
        }
    )*};
}
native!(i8 => Int8, i16 => Int16, i32 => Int32, i64 => Int64, u8 => Uint8, u16 => Uint16,
        u32 => Uint32, u64 => Uint64, f32 => Float32, f64 => Float64);
