// Datetime kernels of plc.datetime, compiled once per storage type IN_T (int32_t for
// TIMESTAMP_DAYS, int64_t otherwise), on the calendar of calendar.cuh. Mirrors
// core/src/ops/datetime.rs. Validity is handled by the caller.

// Component `comp` (pylibcudf's DatetimeComponent; 10 = day of year) as INT16. `tpd` is
// ticks per day, `tps` ticks per second (0 for TIMESTAMP_DAYS).
extern "C" __global__ void dt_extract(const IN_T* in, int64_t n, int64_t tpd, int64_t tps,
                                      int comp, int16_t* out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t v = (int64_t)in[i];
    int64_t days = dt_floor_div(v, tpd);
    int64_t rem = v - days * tpd;
    int64_t r = 0, y, m, d;
    if (comp <= 2 || comp == 10) civil_from_days(days, y, m, d);
    switch (comp) {
      case 0: r = y; break;
      case 1: r = m; break;
      case 2: r = d; break;
      case 3: r = days + 3 - dt_floor_div(days + 3, 7) * 7 + 1; break;  // Monday = 1
      case 4: r = tps ? rem / (3600 * tps) : 0; break;
      case 5: r = tps ? (rem / (60 * tps)) % 60 : 0; break;
      case 6: r = tps ? (rem / tps) % 60 : 0; break;
      case 7: r = tps >= 1000 ? (rem % tps) / (tps / 1000) % 1000 : 0; break;
      case 8: r = tps >= 1000000 ? (rem % tps) / (tps / 1000000) % 1000 : 0; break;
      case 9: r = tps >= 1000000000 ? (rem % tps) % 1000 : 0; break;
      case 10: r = days - days_from_civil(y, 1, 1) + 1; break;
    }
    out[i] = (int16_t)r;
  }
}

// Floor (mode 0), ceil (1) or round half to even (2) to a multiple of `f` ticks (f >= 1).
// Arithmetic wraps like the host's.
extern "C" __global__ void dt_round(const IN_T* in, IN_T* out, int64_t n, int mode, int64_t f) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t v = (int64_t)in[i];
    int64_t q = dt_floor_div(v, f);
    int64_t r = v - q * f;
    bool up = false;
    if (mode == 1) up = r != 0;
    if (mode == 2) up = 2 * r > f || (2 * r == f && (q & 1) != 0);
    uint64_t fl = (uint64_t)v - (uint64_t)r;
    out[i] = (IN_T)(int64_t)(up ? fl + (uint64_t)f : fl);
  }
}

// Calendar facts of every timestamp: op 0 writes whether its year is a leap year (BOOL8),
// op 1 the last day of its month (TIMESTAMP_DAYS), op 2 the days in its month (INT16) and
// op 3 its quarter (INT16). Mirrors core/src/ops/datetime/host.rs `calendar`.
extern "C" __global__ void dt_calendar(const IN_T* in, int64_t n, int64_t tpd, int op, void* out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t days = dt_floor_div((int64_t)in[i], tpd);
    int64_t y, m, d;
    civil_from_days(days, y, m, d);
    switch (op) {
      case 0:
        ((uint8_t*)out)[i] = ((y % 4 == 0 && y % 100 != 0) || y % 400 == 0) ? 1 : 0;
        break;
      case 1:
        ((int32_t*)out)[i] = (int32_t)days_from_civil(y, m, dt_days_in_month(y, m));
        break;
      case 2: ((int16_t*)out)[i] = (int16_t)dt_days_in_month(y, m); break;
      default: ((int16_t*)out)[i] = (int16_t)((m - 1) / 3 + 1); break;
    }
  }
}

// Every timestamp plus `months` calendar months (row i's from `months` when it is not
// null, else `months_scalar`), the day clamped to the new month's last, the time of day
// kept. Months are clamped to +-10^12 so the calendar arithmetic cannot overflow; the
// tick arithmetic wraps like the host's.
extern "C" __global__ void dt_add_months(const IN_T* in, int64_t n, int64_t tpd,
                                         const int64_t* months, int64_t months_scalar,
                                         IN_T* out) {
  for (int64_t i = (int64_t)blockIdx.x * blockDim.x + threadIdx.x; i < n;
       i += (int64_t)gridDim.x * blockDim.x) {
    int64_t v = (int64_t)in[i];
    int64_t days = dt_floor_div(v, tpd);
    int64_t rem = v - days * tpd;
    int64_t k = months ? months[i] : months_scalar;
    k = k > 1000000000000LL ? 1000000000000LL : (k < -1000000000000LL ? -1000000000000LL : k);
    int64_t y, m, d;
    civil_from_days(days, y, m, d);
    int64_t total = y * 12 + (m - 1) + k;
    int64_t ny = dt_floor_div(total, 12);
    int64_t nm = total - ny * 12 + 1;
    int64_t last = dt_days_in_month(ny, nm);
    int64_t nd = days_from_civil(ny, nm, d < last ? d : last);
    out[i] = (IN_T)(int64_t)((uint64_t)nd * (uint64_t)tpd + (uint64_t)rem);
  }
}
