// Row-map kernels shared by several families: the identity map (iota), and the nearest
// valid row maps of replace_nulls with a policy. Row maps are INT32 (libcudf's size_type);
// NULL_ROW (out of bounds for every column) means "a null row" when the map is gathered
// with nullify.
#define NULL_ROW 0x7fffffff

extern "C" __global__ void iota_i32(int32_t* out, int64_t n, int64_t start) {
  GRID_STRIDE(i, n) out[i] = (int32_t)(start + i);
}

// replace_nulls with a policy: last (or next) valid row, as scan inputs.
extern "C" __global__ void valid_positions(const uint8_t* mask, int64_t off, int64_t n,
                                           int following, int64_t* out) {
  GRID_STRIDE(i, n) {
    bool v = bit_is_set(mask, off + i);
    if (following) {
      int64_t r = n - 1 - i;  // reversed order, so a max-scan finds the next valid row
      out[i] = bit_is_set(mask, off + r) ? -r : -(int64_t)0x7fffffffffffffffLL;
    } else {
      out[i] = v ? i : -1;
    }
  }
}

extern "C" __global__ void positions_to_map(const int64_t* pos, int64_t n, int following,
                                            int32_t* out) {
  GRID_STRIDE(i, n) {
    if (following) {
      int64_t v = pos[n - 1 - i];
      out[i] = v == -(int64_t)0x7fffffffffffffffLL ? NULL_ROW : (int32_t)(-v);
    } else {
      out[i] = pos[i] < 0 ? NULL_ROW : (int32_t)pos[i];
    }
  }
}
