// Kernels of plc.strings.convert (integers, booleans, urls, ipv4) on top of strings.cuh.
// The grammars are those of the host path (ops/strings/convert/): both give the same
// values and the same validity.

// ------------------------------------------------------------------------------------
// integers
// ------------------------------------------------------------------------------------

__device__ __forceinline__ int hex_digit(uint8_t c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// Parse p[0..len) as an integer. Decimal (hex = 0): an optional sign then one or more ASCII
// digits; `ok` also needs the value to fit `bits` (0: any value) signed or unsigned. Hex:
// an optional 0x/0X then one or more hex digits, any value (the low 64 bits are kept).
// Returns the value's 64 bits (two's complement for a negative value).
__device__ __forceinline__ int64_t parse_integer(const uint8_t* p, int64_t len, int hex,
                                                 int is_unsigned, int bits, bool& ok) {
  int64_t k = 0;
  bool neg = false, overflow = false;
  uint64_t mag = 0;
  if (hex) {
    if (len >= 2 && p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) k = 2;
  } else if (len > 0 && (p[0] == '-' || p[0] == '+')) {
    neg = p[0] == '-';
    k = 1;
  }
  ok = k < len;
  for (; k < len && ok; ++k) {
    if (hex) {
      int d = hex_digit(p[k]);
      ok = d >= 0;
      mag = (mag << 4) | (uint64_t)(d & 15);
    } else {
      ok = p[k] >= '0' && p[k] <= '9';
      uint64_t d = (uint64_t)(p[k] - '0');
      if (mag > (~(uint64_t)0 - d) / 10) overflow = true;
      mag = mag * 10 + d;
    }
  }
  if (ok && !hex && bits > 0) {
    if (overflow) {
      ok = false;
    } else if (is_unsigned) {
      ok = neg ? mag == 0 : bits == 64 || mag < ((uint64_t)1 << bits);
    } else {
      uint64_t limit = (uint64_t)1 << (bits - 1);
      ok = neg ? mag <= limit : mag < limit;
    }
  }
  return neg ? (int64_t)(0 - mag) : (int64_t)mag;
}

// out[i] (when out is not null): row i parsed (see parse_integer); ok[i]: 1 when row i is
// valid and parses, else 0.
extern "C" __global__ void str_parse_integers(const StrCol* in, int64_t n, int hex,
                                              int is_unsigned, int bits, int64_t* out,
                                              uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    int64_t v = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      v = parse_integer(p, len, hex, is_unsigned, bits, good);
    }
    if (out) out[i] = good ? v : 0;
    ok[i] = good;
  }
}

// Every valid row of the 64-bit integers `v` (read as unsigned when is_unsigned) in
// decimal; with hex, the low `width` bytes in upper-case hex, two digits a byte, leading
// zero bytes left out (0 is "00"). A null row (mask bit clear) stays empty.
extern "C" __global__ void str_from_integers(const int64_t* v, int64_t n, const uint8_t* mask,
                                             int64_t mask_off, int is_unsigned, int hex,
                                             int width, int write, int64_t* sizes,
                                             const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      uint8_t digits[20];
      int nd = 0;
      if (hex) {
        uint64_t u = (uint64_t)v[i];
        int top = width - 1;
        while (top > 0 && ((u >> (8 * top)) & 0xFF) == 0) --top;
        const char* h = "0123456789ABCDEF";
        for (int b = top; b >= 0; --b) {
          uint8_t byte = (uint8_t)(u >> (8 * b));
          o.put((uint8_t)h[byte >> 4]);
          o.put((uint8_t)h[byte & 15]);
        }
      } else {
        bool neg = !is_unsigned && v[i] < 0;
        uint64_t u = neg ? 0 - (uint64_t)v[i] : (uint64_t)v[i];
        do {
          digits[nd++] = (uint8_t)('0' + u % 10);
          u /= 10;
        } while (u);
        if (neg) o.put('-');
        while (nd) o.put(digits[--nd]);
      }
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// booleans
// ------------------------------------------------------------------------------------

// Every valid row of the BOOL8 values `v` as `t` (nonzero) or `f`; a null row stays empty.
extern "C" __global__ void str_from_booleans(const uint8_t* v, int64_t n, const uint8_t* mask,
                                             int64_t mask_off, const uint8_t* t, int64_t tlen,
                                             const uint8_t* f, int64_t flen, int write,
                                             int64_t* sizes, const int64_t* out_off,
                                             uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      if (v[i]) o.put_bytes(t, tlen); else o.put_bytes(f, flen);
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// urls
// ------------------------------------------------------------------------------------

// Every byte but A-Z a-z 0-9 - . _ ~ as %XX (upper-case hex).
extern "C" __global__ void str_url_encode(const StrCol* in, int64_t n, int write,
                                          int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  auto row = [&](Out& o, const uint8_t* p, int64_t len) {
    const char* h = "0123456789ABCDEF";
    for (int64_t k = 0; k < len; ++k) {
      uint8_t c = p[k];
      bool keep = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                  c == '-' || c == '.' || c == '_' || c == '~';
      if (keep) {
        o.put(c);
      } else {
        o.put('%');
        o.put((uint8_t)h[c >> 4]);
        o.put((uint8_t)h[c & 15]);
      }
    }
  };
  build_rows(in[0], n, write, sizes, out_off, out_chars, row);
}

// A UTF-8 check fed one byte at a time (Rust's str::from_utf8: shortest forms only, no
// surrogates, nothing above U+10FFFF): url_decode checks the bytes it writes.
struct Utf8Check {
  int need;
  uint8_t lo, hi;
  bool bad;
  __device__ __forceinline__ void feed(uint8_t c) {
    if (need == 0) {
      lo = 0x80;
      hi = 0xBF;
      if (c < 0x80) return;
      if (c >= 0xC2 && c <= 0xDF) {
        need = 1;
      } else if (c >= 0xE0 && c <= 0xEF) {
        need = 2;
        if (c == 0xE0) lo = 0xA0;
        if (c == 0xED) hi = 0x9F;
      } else if (c >= 0xF0 && c <= 0xF4) {
        need = 3;
        if (c == 0xF0) lo = 0x90;
        if (c == 0xF4) hi = 0x8F;
      } else {
        bad = true;
      }
    } else {
      if (c < lo || c > hi) bad = true;
      lo = 0x80;
      hi = 0xBF;
      --need;
    }
  }
};

// %XX (two hex digits, either case) as the byte XX, every other byte as is. A row whose
// decoded bytes are not UTF-8 becomes null (flags[i] = 0), as does a null row.
extern "C" __global__ void str_url_decode(const StrCol* in, int64_t n, uint8_t* flags,
                                          int write, int64_t* sizes, const int64_t* out_off,
                                          uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    // The write pass skips the rows the size pass found bad (their size is 0).
    if (sc_valid(in[0], i) && (!write || flags[i])) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      Utf8Check u = {0, 0x80, 0xBF, false};
      for (int64_t k = 0; k < len; ++k) {
        uint8_t c = p[k];
        int hi = c == '%' && k + 2 < len ? hex_digit(p[k + 1]) : -1;
        int lo = hi >= 0 ? hex_digit(p[k + 2]) : -1;
        if (lo >= 0) {
          c = (uint8_t)(hi * 16 + lo);
          k += 2;
        }
        u.feed(c);
        o.put(c);
      }
      bool good = !u.bad && u.need == 0;
      if (!good) o.n = 0;
      if (!write) flags[i] = good;
    }
    out_end(i, write, o, sizes);
  }
}

// ------------------------------------------------------------------------------------
// ipv4
// ------------------------------------------------------------------------------------

// Parse p[0..len) as a dotted IPv4 address: four parts of one to three ASCII digits, each
// at most 255. Returns the address as one integer (first part highest).
__device__ __forceinline__ uint32_t parse_ipv4(const uint8_t* p, int64_t len, bool& ok) {
  uint32_t addr = 0, part = 0;
  int parts = 0, digits = 0;
  ok = true;
  for (int64_t k = 0; k <= len && ok; ++k) {
    if (k == len || p[k] == '.') {
      ok = digits > 0 && part <= 255;
      addr = (addr << 8) | part;
      ++parts;
      part = 0;
      digits = 0;
    } else {
      ok = p[k] >= '0' && p[k] <= '9' && digits < 3;
      part = part * 10 + (p[k] - '0');
      ++digits;
    }
  }
  ok = ok && parts == 4;
  return addr;
}

// out[i] (when out is not null): row i as an address; ok[i]: 1 when row i is valid and an
// address, else 0.
extern "C" __global__ void str_parse_ipv4(const StrCol* in, int64_t n, uint32_t* out,
                                          uint8_t* ok) {
  STR_GRID_LOOP(i, n) {
    bool good = false;
    uint32_t v = 0;
    if (sc_valid(in[0], i)) {
      const uint8_t* p;
      int64_t len;
      sc_get(in[0], i, p, len);
      v = parse_ipv4(p, len, good);
    }
    if (out) out[i] = good ? v : 0;
    ok[i] = good;
  }
}

// Every valid row of the UINT32 addresses `v` as a.b.c.d; a null row stays empty.
extern "C" __global__ void str_from_ipv4(const uint32_t* v, int64_t n, const uint8_t* mask,
                                         int64_t mask_off, int write, int64_t* sizes,
                                         const int64_t* out_off, uint8_t* out_chars) {
  STR_GRID_LOOP(i, n) {
    Out o = out_begin(i, write, out_off, out_chars);
    if (mask == 0 || bit_is_set(mask, mask_off + i)) {
      for (int b = 3; b >= 0; --b) {
        uint32_t part = (v[i] >> (8 * b)) & 0xFF;
        if (part >= 100) o.put((uint8_t)('0' + part / 100));
        if (part >= 10) o.put((uint8_t)('0' + part / 10 % 10));
        o.put((uint8_t)('0' + part % 10));
        if (b) o.put('.');
      }
    }
    out_end(i, write, o, sizes);
  }
}
