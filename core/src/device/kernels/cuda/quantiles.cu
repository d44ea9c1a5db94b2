// Quantiles of a numeric column (ops::quantiles::quantile) read in a given order. Needs
// common.cuh in front. Column kinds are the sort spec kinds 0..10 (sorting.cu).

// Value of row r of a numeric column (spec kinds 0..10) as a double.
__device__ __forceinline__ double load_as_double(int kind, uint64_t data, int64_t r) {
  switch (kind) {
    case 0: return (double)((const int8_t*)data)[r];
    case 1: return (double)((const int16_t*)data)[r];
    case 2: return (double)((const int32_t*)data)[r];
    case 3: return (double)((const int64_t*)data)[r];
    case 4: return (double)((const uint8_t*)data)[r];
    case 5: return (double)((const uint16_t*)data)[r];
    case 6: return (double)((const uint32_t*)data)[r];
    case 7: return (double)((const uint64_t*)data)[r];
    case 8: return (double)((const float*)data)[r];
    case 9: return ((const double*)data)[r];
    default: return ((const uint8_t*)data)[r] != 0 ? 1.0 : 0.0;
  }
}

// Quantile j of `size` values read in the order of `indices` (row p when null); rows out
// of [0, n) read as null. interp: 0 LINEAR, 1 LOWER, 2 HIGHER, 3 MIDPOINT, 4 NEAREST.
// One thread per 32 quantiles writes one word of the validity mask.
extern "C" __global__ void quantile_select(int kind, uint64_t data, uint64_t mask, int64_t mask_off,
                                           int64_t n, const int32_t* indices, int64_t size,
                                           const double* q, int64_t nq, int interp, int exact,
                                           void* out, uint32_t* out_mask) {
  int64_t words = (nq + 31) / 32;
  int64_t stride = (int64_t)gridDim.x * blockDim.x;
  for (int64_t w = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; w < words; w += stride) {
    uint32_t bits = 0;
    for (int b = 0; b < 32; ++b) {
      int64_t j = w * 32 + b;
      if (j >= nq) break;
      double qv = q[j];
      qv = qv != qv ? 0.0 : (qv < 0.0 ? 0.0 : (qv > 1.0 ? 1.0 : qv));
      double pos = qv * (double)(size - 1);
      double lowf = floor(pos);
      int64_t pl = (int64_t)lowf, ph = (int64_t)ceil(pos), pn = (int64_t)rint(pos);
      double frac = pos - lowf;
      int64_t rl = indices ? indices[pl] : pl;
      int64_t rh = indices ? indices[ph] : ph;
      int64_t rn = indices ? indices[pn] : pn;
      bool okl = rl >= 0 && rl < n && (!mask || bit_is_set((const uint8_t*)mask, mask_off + rl));
      bool okh = rh >= 0 && rh < n && (!mask || bit_is_set((const uint8_t*)mask, mask_off + rh));
      bool okn = rn >= 0 && rn < n && (!mask || bit_is_set((const uint8_t*)mask, mask_off + rn));
      double lo = (rl >= 0 && rl < n) ? load_as_double(kind, data, rl) : 0.0;
      double hi = (rh >= 0 && rh < n) ? load_as_double(kind, data, rh) : 0.0;
      double v;
      bool ok;
      switch (interp) {
        // at an exact position the value itself (inf * 0 would make NaN)
        case 0: v = frac == 0.0 ? lo : (1.0 - frac) * lo + frac * hi; ok = okl && okh; break;
        case 1: v = lo; ok = okl; break;
        case 2: v = hi; ok = okh; break;
        case 3: v = lo / 2.0 + hi / 2.0; ok = okl && okh; break;
        default:
          v = (rn >= 0 && rn < n) ? load_as_double(kind, data, rn) : 0.0;
          ok = okn;
      }
      if (exact) ((double*)out)[j] = v;
      else store_kind(kind, out, j, v);
      if (ok) bits |= 1u << b;
    }
    out_mask[w] = bits;
  }
}
