// Rolling windows (ops/rolling): one thread per row scans its window [start[i], end[i]).
// The untyped kernels (bounds, counts, gather maps, COLLECT_LIST) form the module
// "rolling"; the typed ones (SUM, MEAN, VARIANCE, MIN/MAX rows) are compiled per value
// type ROLL_T (stored as is, BOOL8 when ROLL_IS_BOOL) with the SUM accumulator ROLL_ACC.
// The host path (ops/rolling/host.rs) follows the same steps.

#define NULL_ROW 2147483647

__device__ __forceinline__ bool row_valid(const uint8_t* mask, int64_t moff, int64_t j) {
  return !mask || bit_is_set(mask, moff + j);
}

#ifndef ROLL_T
// The windows of n rows from the sizes pre/fol (per-row arrays, or p0/f0 when null):
// preceding counts the row itself; clamped to [0, n] and swapped where they cross.
extern "C" __global__ void rolling_bounds(const int32_t* pre, const int32_t* fol, int64_t p0,
                                          int64_t f0, int64_t n, int32_t* start, int32_t* end) {
  GRID_STRIDE(i, n) {
    int64_t p = pre ? (int64_t)pre[i] : p0;
    int64_t f = fol ? (int64_t)fol[i] : f0;
    int64_t s = i - p + 1, e = i + f + 1;
    s = s < 0 ? 0 : (s > n ? n : s);
    e = e < 0 ? 0 : (e > n ? n : e);
    start[i] = (int32_t)(s < e ? s : e);
    end[i] = (int32_t)(s < e ? e : s);
  }
}

// COUNT_VALID (mode 0), COUNT_ALL (1) or ROW_NUMBER (2); valid when the window holds at
// least min_periods rows.
extern "C" __global__ void rolling_count(const int32_t* start, const int32_t* end,
                                         const uint8_t* mask, int64_t moff, int64_t n,
                                         int32_t min_periods, int32_t mode, int32_t* out,
                                         uint8_t* valid) {
  GRID_STRIDE(i, n) {
    int32_t s = start[i], e = end[i], v;
    if (mode == 0) {
      v = 0;
      for (int32_t j = s; j < e; ++j) v += row_valid(mask, moff, j);
    } else if (mode == 1) {
      v = e - s;
    } else {
      v = (int32_t)i - s + 1;
    }
    out[i] = v;
    valid[i] = (e - s) >= min_periods;
  }
}

// LEAD (lead != 0) or LAG by k >= 0 rows, inside the window; NULL_ROW outside it.
extern "C" __global__ void rolling_shift_map(const int32_t* start, const int32_t* end, int64_t n,
                                             int32_t lead, int64_t k, int32_t* out) {
  GRID_STRIDE(i, n) {
    bool inside = lead ? k < (int64_t)end[i] - i : k <= i - (int64_t)start[i];
    out[i] = inside ? (int32_t)(lead ? i + k : i - k) : NULL_ROW;
  }
}

// NTH_ELEMENT nth of the window (from its end when negative), counting only valid rows
// when exclude; NULL_ROW when out of range or the window has fewer than min_periods rows.
extern "C" __global__ void rolling_nth_map(const int32_t* start, const int32_t* end,
                                           const uint8_t* mask, int64_t moff, int64_t n,
                                           int64_t nth, int32_t exclude, int32_t min_periods,
                                           int32_t* out) {
  GRID_STRIDE(i, n) {
    int32_t s = start[i], e = end[i], r = NULL_ROW;
    if (e - s >= min_periods) {
      const uint8_t* m = exclude ? mask : nullptr;
      int64_t count = 0;
      for (int32_t j = s; j < e; ++j) count += row_valid(m, moff, j);
      int64_t k = nth >= 0 ? nth : count + nth;
      if (k >= 0 && k < count) {
        for (int32_t j = s; j < e; ++j) {
          if (row_valid(m, moff, j)) {
            if (k == 0) { r = j; break; }
            --k;
          }
        }
      }
    }
    out[i] = r;
  }
}

// COLLECT_LIST sizes (valid rows only when exclude; 0 for a window of fewer than
// min_periods rows, which is null).
extern "C" __global__ void rolling_collect_sizes(const int32_t* start, const int32_t* end,
                                                 const uint8_t* mask, int64_t moff, int64_t n,
                                                 int32_t exclude, int32_t min_periods,
                                                 int32_t* sizes, uint8_t* valid) {
  GRID_STRIDE(i, n) {
    int32_t s = start[i], e = end[i], c = 0;
    bool ok = e - s >= min_periods;
    if (ok) {
      const uint8_t* m = exclude ? mask : nullptr;
      for (int32_t j = s; j < e; ++j) c += row_valid(m, moff, j);
    }
    sizes[i] = c;
    valid[i] = ok;
  }
}

// COLLECT_LIST's map: the rows of each valid window from offs[i] on.
extern "C" __global__ void rolling_collect_map(const int32_t* start, const int32_t* end,
                                               const uint8_t* mask, int64_t moff, int64_t n,
                                               int32_t exclude, const uint8_t* valid,
                                               const int32_t* offs, int32_t* out) {
  GRID_STRIDE(i, n) {
    if (!valid[i]) continue;
    const uint8_t* m = exclude ? mask : nullptr;
    int32_t o = offs[i];
    for (int32_t j = start[i]; j < end[i]; ++j) {
      if (row_valid(m, moff, j)) out[o++] = j;
    }
  }
}
#else
typedef ROLL_T T;
typedef ROLL_ACC A;

// SUM of the valid values, wrapping in the accumulator type.
extern "C" __global__ void rolling_sum(const T* v, const uint8_t* mask, int64_t moff,
                                       const int32_t* start, const int32_t* end, int64_t n,
                                       int32_t min_periods, A* out, uint8_t* valid) {
  GRID_STRIDE(i, n) {
    A acc = (A)0;
    int32_t c = 0;
    for (int32_t j = start[i]; j < end[i]; ++j) {
      if (row_valid(mask, moff, j)) {
        acc = wrapping_add<A>(acc, (A)load_value<T, ROLL_IS_BOOL>(v, j));
        ++c;
      }
    }
    out[i] = acc;
    valid[i] = c >= min_periods;
  }
}

// MEAN (var == 0), VARIANCE (1) or STD (2) of the valid values in double: the mean as
// sum / count, the variance by Welford's updates over (count - ddof).
extern "C" __global__ void rolling_moment(const T* v, const uint8_t* mask, int64_t moff,
                                          const int32_t* start, const int32_t* end, int64_t n,
                                          int32_t min_periods, int32_t var, int64_t ddof,
                                          double* out, uint8_t* valid) {
  GRID_STRIDE(i, n) {
    int64_t c = 0;
    double sum = 0.0, m = 0.0, m2 = 0.0;
    for (int32_t j = start[i]; j < end[i]; ++j) {
      if (row_valid(mask, moff, j)) {
        double x = (double)load_value<T, ROLL_IS_BOOL>(v, j);
        ++c;
        sum += x;
        double d = x - m;
        m += d / (double)c;
        m2 += d * (x - m);
      }
    }
    bool ok = c > 0 && c >= min_periods;
    double r;
    if (var == 0) {
      r = sum / (double)c;
    } else {
      r = c >= ddof ? m2 / (double)(c - ddof) : __longlong_as_double(0x7ff8000000000000LL);
      if (var == 2) r = sqrt(r);
    }
    out[i] = ok ? r : 0.0;
    valid[i] = ok;
  }
}

// The row of the MIN (is_max == 0) or MAX of the valid values, NULL_ROW when fewer than
// min_periods: a new value wins unless the running one is strictly better.
extern "C" __global__ void rolling_extreme_map(const T* v, const uint8_t* mask, int64_t moff,
                                               const int32_t* start, const int32_t* end,
                                               int64_t n, int32_t min_periods, int32_t is_max,
                                               int32_t* out) {
  GRID_STRIDE(i, n) {
    T best = (T)0;
    int32_t arg = NULL_ROW, c = 0;
    for (int32_t j = start[i]; j < end[i]; ++j) {
      if (row_valid(mask, moff, j)) {
        T x = v[j];
        bool keep = is_max ? x < best : best < x;
        if (c == 0 || !keep) {
          best = x;
          arg = j;
        }
        ++c;
      }
    }
    out[i] = c >= min_periods ? arg : NULL_ROW;
  }
}

// make_range_windows: each row's preceding and following sizes, found by binary searches
// in its group's sorted rows (core/src/ops/rolling/range.rs states the rules and is the
// host twin). Integer order-by values widen to __int128, so an endpoint never overflows;
// floats to double, where NaN sorts above every number (NaNs equal) and a non-finite value
// is its own endpoint.
template <bool F> struct range_ops;
template <> struct range_ops<false> {
  typedef __int128 W;
  // A delta passed as two 64-bit halves.
  static __device__ __forceinline__ W delta(uint64_t lo, uint64_t hi) {
    return (W)(((unsigned __int128)hi << 64) | (unsigned __int128)lo);
  }
  static __device__ __forceinline__ bool less(W a, W b) { return a < b; }
  static __device__ __forceinline__ W shift(W x, W d, bool add) { return add ? x + d : x - d; }
};
template <> struct range_ops<true> {
  typedef double W;
  // A delta passed as a double's bits.
  static __device__ __forceinline__ W delta(uint64_t lo, uint64_t) {
    return __longlong_as_double((long long)lo);
  }
  static __device__ __forceinline__ bool less(W a, W b) {
    return !isnan(a) && (isnan(b) || a < b);
  }
  static __device__ __forceinline__ W shift(W x, W d, bool add) {
    if (!isfinite(x)) return x;
    return add ? x + d : x - d;
  }
};
typedef range_ops<traits<T>::is_float> RO;
typedef RO::W RW;

#define RANGE_UNBOUNDED 0
#define RANGE_CURRENT_ROW 1
#define RANGE_CLOSED 2
#define RANGE_OPEN 3

// The first j in [lo, hi) where the predicate turns false (it is true, then false).
#define RANGE_PARTITION(out, lo_, hi_, pred)                                          \
  do {                                                                                 \
    int64_t a_ = (lo_), b_ = (hi_);                                                    \
    while (a_ < b_) {                                                                  \
      int64_t j = a_ + (b_ - a_) / 2;                                                  \
      if (pred) a_ = j + 1; else b_ = j;                                               \
    }                                                                                  \
    out = a_;                                                                          \
  } while (0)

extern "C" __global__ void rolling_range_windows(
    const T* v, const uint8_t* mask, int64_t moff, const int32_t* gid, int64_t n, int32_t desc,
    int32_t nulls_before, int32_t pk, uint64_t pd_lo, uint64_t pd_hi, int32_t fk,
    uint64_t fd_lo, uint64_t fd_hi, int32_t* pre, int32_t* fol) {
  const RW pd = RO::delta(pd_lo, pd_hi), fd = RO::delta(fd_lo, fd_hi);
  GRID_STRIDE(i, n) {
    // The row's group: the run of equal group ids around it (ids ascend).
    int64_t gs = 0, ge = n;
    if (gid) {
      const int32_t g = gid[i];
      RANGE_PARTITION(gs, 0, i, gid[j] < g);
      RANGE_PARTITION(ge, i, n, gid[j] <= g);
    }
    // The group's non-null rows [ns, ne); its null rows sit before or after them.
    int64_t ns = gs, ne = ge;
    if (mask) {
      if (nulls_before) {
        RANGE_PARTITION(ns, gs, ge, !row_valid(mask, moff, j));
      } else {
        RANGE_PARTITION(ne, gs, ge, row_valid(mask, moff, j));
      }
    }
    int64_t start, end;
    if (!row_valid(mask, moff, i)) {
      const int64_t zs = ns > gs ? gs : ne, ze = ns > gs ? ns : ge;
      start = pk == RANGE_UNBOUNDED ? gs : zs;
      end = fk == RANGE_UNBOUNDED ? ge : ze;
    } else {
      const RW x = (RW)v[i];
#define RANGE_LT(a, b) (desc ? RO::less((b), (a)) : RO::less((a), (b)))
      if (pk == RANGE_UNBOUNDED) {
        start = gs;
      } else if (pk == RANGE_CURRENT_ROW) {
        RANGE_PARTITION(start, ns, i, RANGE_LT((RW)v[j], x));
      } else {
        const RW t = RO::shift(x, pd, desc != 0);
        if (pk == RANGE_CLOSED) {
          RANGE_PARTITION(start, ns, ne, RANGE_LT((RW)v[j], t));
        } else {
          RANGE_PARTITION(start, ns, ne, !RANGE_LT(t, (RW)v[j]));
        }
      }
      if (fk == RANGE_UNBOUNDED) {
        end = ge;
      } else if (fk == RANGE_CURRENT_ROW) {
        RANGE_PARTITION(end, i, ne, !RANGE_LT(x, (RW)v[j]));
      } else {
        const RW t = RO::shift(x, fd, desc == 0);
        if (fk == RANGE_CLOSED) {
          RANGE_PARTITION(end, ns, ne, !RANGE_LT(t, (RW)v[j]));
        } else {
          RANGE_PARTITION(end, ns, ne, RANGE_LT((RW)v[j], t));
        }
      }
#undef RANGE_LT
    }
    pre[i] = (int32_t)(i - start + 1);
    fol[i] = (int32_t)(end - i - 1);
  }
}
#endif
