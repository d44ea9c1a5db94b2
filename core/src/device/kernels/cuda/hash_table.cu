// An open-addressing hash table of table rows (linear probing over `cap` = 2^k slots).
// A slot holds the number of the first row inserted with its key (-1: empty), so the
// table needs no copy of the keys: rows compare through the column descriptors of
// search.cu (ColDesc, cmp_values, hash_value), which this module is compiled after.
//
// Inserting a row returns its slot (equal keys share one slot); finding a row of another
// table with the same column types returns the slot of its key or -1. Consumers (joins,
// distinct, ...) build their per-key state on slot numbers.
//
// Key equality: NaN equals NaN and -0.0 equals 0.0 (cmp_values), null equals null. A row
// that may equal no other row ("alone": a null key when !nulls_equal, a NaN key when
// !nans_equal) is neither inserted nor found: its slot is -1.

__device__ __forceinline__ bool value_is_nan(const ColDesc& c, int64_t i) {
  if (c.kind == 8) { float v = ((const float*)c.data)[i]; return v != v; }
  if (c.kind == 9) { double v = ((const double*)c.data)[i]; return v != v; }
  return false;
}

__device__ __forceinline__ bool row_alone(const ColDesc* c, int ncols, int64_t i, int nulls_equal,
                                          int nans_equal) {
  for (int k = 0; k < ncols; ++k) {
    if (is_null(c[k], i)) {
      if (!nulls_equal) return true;
    } else if (!nans_equal && value_is_nan(c[k], i)) {
      return true;
    }
  }
  return false;
}

// A hash of all key columns of row i, consistent with rows_equal (nulls hash alike).
__device__ __forceinline__ uint64_t row_hash(const ColDesc* c, int ncols, int64_t i) {
  return rows_hash(c, ncols, i, 0x2545f4914f6cdd1dULL, 0x5a5a5a5a5a5a5a5aULL);
}


// Fill n int32 values with v.
extern "C" __global__ void ht_fill_i32(int32_t* out, int64_t n, int32_t v) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = v;
}

// Fill n bytes with v.
extern "C" __global__ void ht_fill_u8(uint8_t* out, int64_t n, int v) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) out[i] = (uint8_t)v;
}

// Insert rows 0..n of `keys`; slot_of_row[i] = the row's slot (-1: alone). counters[0]
// counts the slots this call claimed (new distinct keys), counters[1] the alone rows.
extern "C" __global__ void ht_insert(const ColDesc* keys, int ncols, int64_t n, int nulls_equal,
                                     int nans_equal, int32_t* slots, uint64_t cap_mask,
                                     unsigned long long* counters, int32_t* slot_of_row) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  unsigned long long claimed = 0, alone = 0;
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += stride) {
    if (row_alone(keys, ncols, i, nulls_equal, nans_equal)) {
      slot_of_row[i] = -1;
      ++alone;
      continue;
    }
    uint64_t s = row_hash(keys, ncols, i) & cap_mask;
    while (true) {
      int32_t r = slots[s];
      if (r < 0) {
        r = atomicCAS(&slots[s], -1, (int32_t)i);
        if (r < 0) {
          ++claimed;
          break;
        }
      }
      if (rows_equal(keys, r, keys, i, ncols)) break;
      s = (s + 1) & cap_mask;
    }
    slot_of_row[i] = (int32_t)s;
  }
  // One atomic per warp for each counter.
  for (int d = 16; d > 0; d >>= 1) {
    claimed += __shfl_down_sync(0xffffffffu, claimed, d);
    alone += __shfl_down_sync(0xffffffffu, alone, d);
  }
  if ((threadIdx.x & 31) == 0) {
    if (claimed) atomicAdd(&counters[0], claimed);
    if (alone) atomicAdd(&counters[1], alone);
  }
}

// For rows 0..n of `probe`, the slot holding an equal row of `build` (the table's rows), or
// -1; with `want_rows`, that build row (the first inserted with the key) instead of its slot.
extern "C" __global__ void ht_find(const ColDesc* probe, int ncols, int64_t n, int nulls_equal,
                                   int nans_equal, const int32_t* slots, uint64_t cap_mask,
                                   const ColDesc* build, int want_rows, int32_t* slot_of_row) {
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t j = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; j < n; j += stride) {
    int32_t found = -1;
    if (!row_alone(probe, ncols, j, nulls_equal, nans_equal)) {
      uint64_t s = row_hash(probe, ncols, j) & cap_mask;
      while (true) {
        int32_t r = slots[s];
        if (r < 0) break;
        if (rows_equal(build, r, probe, j, ncols)) {
          found = want_rows ? r : (int32_t)s;
          break;
        }
        s = (s + 1) & cap_mask;
      }
    }
    slot_of_row[j] = found;
  }
}
