// Casts from one input storage type (IN_T, IN_IS_BOOL defined by the Rust side) to every
// output storage type: one kernel per output type, so a module serves every cast from its
// input type. `mode` picks the conversion:
//   0 numeric:  C++ conversion (float -> integer saturates, NaN -> 0; -> BOOL8 is != 0);
//               also numeric <-> duration tick counts.
//   1 chrono:   tick counts between units: floor-divide by `div`, then multiply by `mul`.
//   2 decimal:  rescale an unscaled decimal by p = 10^k (multiply when p_mul, else truncating
//               divide; p = 0: every value is 0), wrapped to `work_bits`, then narrowed.
//   3 decimal -> integer/bool: mode 2's rescale to scale 0, then a C++ conversion.
//   4 decimal -> float: unscaled value times (p_mul) or divided by `pf` = 10^|scale|.
//   5 integer -> decimal: like mode 2 from the integer value.
// Float -> decimal needs an output mask (NaN and infinities become null): cast_float_dec_*.

__device__ __forceinline__ IN_T load_in(const IN_T* p, int64_t i) {
  return load_value<IN_T, IN_IS_BOOL>(p, i);
}

__device__ __forceinline__ int64_t floor_div64(int64_t a, int64_t b) {
  int64_t q = a / b;
  if ((a % b != 0) && ((a < 0) != (b < 0))) q -= 1;
  return q;
}

__device__ __forceinline__ __int128 rescale128(__int128 v, __int128 p, int p_mul, int work_bits) {
  if (p == 0) return 0;
  __int128 r = p_mul ? wmul128(v, p) : v / p;
  return wrap_to_bits(r, work_bits);
}

template <class O, bool O_BOOL>
__device__ __forceinline__ void cast_body(const IN_T* in, O* out, int64_t n, int mode,
                                          int64_t mul, int64_t div, uint64_t p_lo,
                                          uint64_t p_hi, int p_mul, int work_bits, double pf) {
  const __int128 p = join128(p_lo, p_hi);
  FERRO_GRID_LOOP(i, n) {
    IN_T v = load_in(in, i);
    if (mode == 0) {
      out[i] = convert<O, O_BOOL>(v);
    } else if (mode == 1) {
      int64_t t = (int64_t)v;
      if (div > 1) t = floor_div64(t, div);
      if (mul > 1) t = (int64_t)((uint64_t)t * (uint64_t)mul);
      out[i] = (O)t;
    } else if (mode == 2 || mode == 5) {
      out[i] = (O)rescale128((__int128)v, p, p_mul, work_bits);
    } else if (mode == 3) {
      __int128 r = rescale128((__int128)v, p, p_mul, work_bits);
      if constexpr (O_BOOL) out[i] = (O)(r != 0);
      else out[i] = (O)r;
    } else {
      double d = (double)(__int128)v;
      d = p_mul ? d * pf : d / pf;
      out[i] = (O)d;
    }
  }
}

// Float -> decimal: round half away from zero after one multiply (or divide) by 10^|scale|,
// saturate to the storage range; null where the input is null, NaN or infinite.
template <class O>
__device__ __forceinline__ void float_to_decimal(const IN_T* in, const uint8_t* in_mask,
                                                 int64_t in_off, O* out, uint32_t* out_mask,
                                                 int64_t n, int p_mul, double pf) {
  const int lane = threadIdx.x & 31;
  const int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t base = (int64_t)blockIdx.x * blockDim.x + threadIdx.x - lane; base < n;
       base += stride) {
    int64_t i = base + lane;
    bool valid = false;
    if (i < n) {
      double d = (double)in[i];
      valid = (in_mask == nullptr || bit_is_set(in_mask, in_off + i)) && isfinite(d);
      O r = (O)0;
      if (valid) {
        double y = round(p_mul ? d * pf : d / pf);
        if (y <= (double)traits<O>::lowest()) r = traits<O>::lowest();
        else if (y >= (double)traits<O>::highest()) r = traits<O>::highest();
        else r = (O)y;
      }
      out[i] = r;
    }
    unsigned word = __ballot_sync(0xffffffffu, valid);
    if (lane == 0) out_mask[base >> 5] = word;
  }
}

#define FERRO_CAST(SUFFIX, O, O_BOOL)                                                        \
  extern "C" __global__ void cast_to_##SUFFIX(const IN_T* in, O* out, int64_t n, int mode,   \
                                              int64_t mul, int64_t div, uint64_t p_lo,       \
                                              uint64_t p_hi, int p_mul, int work_bits,       \
                                              double pf) {                                   \
    cast_body<O, O_BOOL>(in, out, n, mode, mul, div, p_lo, p_hi, p_mul, work_bits, pf);     \
  }
FERRO_CAST(i8, int8_t, false)
FERRO_CAST(i16, int16_t, false)
FERRO_CAST(i32, int32_t, false)
FERRO_CAST(i64, int64_t, false)
FERRO_CAST(u8, uint8_t, false)
FERRO_CAST(u16, uint16_t, false)
FERRO_CAST(u32, uint32_t, false)
FERRO_CAST(u64, uint64_t, false)
FERRO_CAST(f32, float, false)
FERRO_CAST(f64, double, false)
FERRO_CAST(b8, uint8_t, true)
FERRO_CAST(i128, __int128, false)

#define FERRO_FLOAT_DEC(SUFFIX, O)                                                           \
  extern "C" __global__ void cast_float_dec_##SUFFIX(const IN_T* in, const uint8_t* in_mask, \
                                                     int64_t in_off, O* out,                 \
                                                     uint32_t* out_mask, int64_t n,          \
                                                     int p_mul, double pf) {                 \
    float_to_decimal<O>(in, in_mask, in_off, out, out_mask, n, p_mul, pf);                   \
  }
FERRO_FLOAT_DEC(i32, int32_t)
FERRO_FLOAT_DEC(i64, int64_t)
FERRO_FLOAT_DEC(i128, __int128)
