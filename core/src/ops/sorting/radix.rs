//! A host LSD radix sort of `(key, row)` pairs: 11-bit digits, all digit histograms from
//! one read, and a pass skipped when every key shares its digit (so keys of a small range
//! cost one or two passes). LSD is stable and the pairs start in row order, so the result
//! is ordered by `(key, row)`. With several threads the two halves are sorted in parallel
//! and merged.

const BITS: usize = 11;
const RADIX: usize = 1 << BITS;
const MASK: u64 = (RADIX - 1) as u64;
const PASSES: usize = 64_usize.div_ceil(BITS);

type Pair = (u64, u32);

/// Sort `pairs` by `(key, row)`; rows must be unique and start in ascending order for the
/// result to be the stable order of the keys.
pub(crate) fn sort_u64_pairs(pairs: &mut Vec<Pair>) {
    let n = pairs.len();
    if n < 1 << 12 {
        pairs.sort_unstable();
        return;
    }
    if n >= 1 << 20 && rayon::current_num_threads() > 1 {
        let mid = n / 2;
        {
            let (a, b) = pairs.split_at_mut(mid);
            rayon::join(|| lsd(a), || lsd(b));
        }
        let mut out = Vec::with_capacity(n);
        let (a, b) = pairs.split_at(mid);
        let (mut i, mut j) = (0, 0);
        while i < a.len() && j < b.len() {
            if b[j] < a[i] {
                out.push(b[j]);
                j += 1;
            } else {
                out.push(a[i]);
                i += 1;
            }
        }
        out.extend_from_slice(&a[i..]);
        out.extend_from_slice(&b[j..]);
        *pairs = out;
        return;
    }
    lsd(pairs);
}

fn lsd(data: &mut [Pair]) {
    let n = data.len();
    let mut hist = vec![[0usize; RADIX]; PASSES];
    for &(k, _) in data.iter() {
        for (p, h) in hist.iter_mut().enumerate() {
            h[((k >> (p * BITS)) & MASK) as usize] += 1;
        }
    }
    let mut buf: Vec<Pair> = vec![(0, 0); n];
    let mut in_buf = false;
    {
        let mut src: &mut [Pair] = &mut *data;
        let mut dst: &mut [Pair] = &mut buf[..];
        for (p, h) in hist.iter().enumerate() {
            // Every key has the same digit here: the pass would not move anything.
            if h.contains(&n) {
                continue;
            }
            let mut offs = [0usize; RADIX];
            let mut sum = 0;
            for (o, &c) in offs.iter_mut().zip(h.iter()) {
                *o = sum;
                sum += c;
            }
            let shift = p * BITS;
            for &pair in src.iter() {
                let d = ((pair.0 >> shift) & MASK) as usize;
                dst[offs[d]] = pair;
                offs[d] += 1;
            }
            std::mem::swap(&mut src, &mut dst);
            in_buf = !in_buf;
        }
    }
    if in_buf {
        data.copy_from_slice(&buf);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn matches_a_comparison_sort() {
        let mut x: u64 = 0x9e3779b97f4a7c15;
        for &(n, range) in &[(5000usize, u64::MAX), (70_000, 1000), (3_000_000, u64::MAX)] {
            let mut pairs: Vec<Pair> = (0..n as u32)
                .map(|i| {
                    x ^= x << 13;
                    x ^= x >> 7;
                    x ^= x << 17;
                    (if range == u64::MAX { x } else { x % range }, i)
                })
                .collect();
            let mut expected = pairs.clone();
            expected.sort();
            sort_u64_pairs(&mut pairs);
            assert_eq!(pairs, expected);
        }
    }
}
