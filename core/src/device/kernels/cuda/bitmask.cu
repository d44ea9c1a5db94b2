// Bitmask primitives of the device runtime: counting, copying and setting validity bits.

#define GRID_STRIDE(i, n)                                                              \
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < (n);          \
       i += (int64_t)gridDim.x * blockDim.x)

// Copy n validity bits from src (bit src_off; null src = all valid) to dst (bit dst_off).
// Each thread owns one destination byte, so bits outside the range are preserved and
// launches for neighbouring ranges, queued one after the other, never race.
extern "C" __global__ void copy_bits(const uint8_t* src, int64_t src_off, uint8_t* dst,
                                     int64_t dst_off, int64_t n) {
  if (n <= 0) return;
  int64_t first = dst_off >> 3, last = (dst_off + n - 1) >> 3;
  GRID_STRIDE(k, last - first + 1) {
    int64_t byte = first + k;
    uint8_t v = dst[byte];
    for (int b = 0; b < 8; ++b) {
      int64_t bit = byte * 8 + b;
      if (bit < dst_off || bit >= dst_off + n) continue;
      bool set = !src || bit_is_set(src, src_off + (bit - dst_off));
      v = set ? (v | (1u << b)) : (v & ~(1u << b));
    }
    dst[byte] = v;
  }
}

// Set (value = 1) or clear bits [begin, end) of a mask.
extern "C" __global__ void set_bits(uint8_t* dst, int64_t begin, int64_t end, int value) {
  if (end <= begin) return;
  int64_t first = begin >> 3, last = (end - 1) >> 3;
  GRID_STRIDE(k, last - first + 1) {
    int64_t byte = first + k;
    uint8_t v = dst[byte];
    for (int b = 0; b < 8; ++b) {
      int64_t bit = byte * 8 + b;
      if (bit < begin || bit >= end) continue;
      v = value ? (v | (1u << b)) : (v & ~(1u << b));
    }
    dst[byte] = v;
  }
}

// Count the set bits among bits [bit_offset, bit_offset + n) of a validity mask.
extern "C" __global__ void count_set_bits(const uint8_t* mask, int64_t bit_offset, int64_t n,
                                          unsigned long long* out) {
  int64_t first = bit_offset >> 3;
  int64_t last = (bit_offset + n - 1) >> 3;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long count = 0;
  for (int64_t b = first + (int64_t)blockIdx.x * blockDim.x + threadIdx.x; b <= last; b += stride) {
    unsigned v = mask[b];
    int64_t lo = b * 8;
    if (lo < bit_offset) v &= 0xffu << (bit_offset - lo);
    int64_t end = bit_offset + n;
    if (lo + 8 > end) v &= (1u << (end - lo)) - 1u;
    count += __popc(v);
  }
  for (int d = 16; d > 0; d >>= 1) count += __shfl_down_sync(0xffffffffu, count, d);
  if ((threadIdx.x & 31) == 0 && count) atomicAdd(out, count);
}
