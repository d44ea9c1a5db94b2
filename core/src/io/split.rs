//! Cutting text inputs (CSV, JSON lines) at row boundaries so pieces decode in parallel.

use std::ops::Range;

/// Quote-aware row scanner. A row ends at `terminator` outside quotes; a doubled quote
/// inside a quoted field toggles the state twice, so parity alone tracks "inside quotes".
#[derive(Clone, Copy)]
pub(crate) struct RowScanner {
    pub quote: Option<u8>,
    pub terminator: u8,
}

impl RowScanner {
    /// The byte just past the end of the row containing `from`, scanning from a position
    /// known to be outside quotes (`None` when the data ends first).
    fn next_row_end(&self, data: &[u8], from: usize, in_quote: &mut bool) -> Option<usize> {
        let mut i = from;
        match self.quote {
            None => memchr::memchr(self.terminator, &data[i..]).map(|p| i + p + 1),
            Some(q) => loop {
                let p = memchr::memchr2(q, self.terminator, &data[i..])?;
                let b = data[i + p];
                i += p + 1;
                if b == q {
                    *in_quote = !*in_quote;
                } else if !*in_quote {
                    return Some(i);
                }
            },
        }
    }

    /// The byte offset after the first `n` rows of `data` (all of it if it has fewer), and
    /// how many rows that is.
    pub fn skip_rows(&self, data: &[u8], n: usize) -> (usize, usize) {
        let mut pos = 0;
        let mut in_quote = false;
        for k in 0..n {
            if pos >= data.len() {
                return (data.len(), k);
            }
            match self.next_row_end(data, pos, &mut in_quote) {
                Some(e) => pos = e,
                None => return (data.len(), k + 1),
            }
        }
        (pos, n)
    }

    /// Number of rows in `data` (a last row without terminator counts).
    pub fn count_rows(&self, data: &[u8]) -> usize {
        self.skip_rows(data, usize::MAX).1
    }

    /// Pieces of about `target` bytes, each a whole number of rows. Without quotes in the
    /// data a cut is the first line break after each `target` bytes. With quotes, whether
    /// a line break is inside a quoted field depends on the parity of the quote bytes
    /// before it: the parity of each `target`-byte block is counted in parallel, a prefix
    /// gives the state at each block start, and each block then finds its cut in parallel
    /// (the same cuts a sequential scan finds, without reading the data serially).
    pub fn chunks(&self, data: &[u8], target: usize) -> Vec<Range<usize>> {
        use rayon::prelude::*;
        let target = target.max(1);
        let len = data.len();
        let nblocks = len.div_ceil(target);
        let quote = self.quote.filter(|&q| memchr::memchr(q, data).is_some());
        let block = |b: usize| b * target..((b + 1) * target).min(len);
        let in_quote_at: Vec<bool> = match quote {
            None => vec![false; nblocks],
            Some(q) => {
                let odd: Vec<bool> = (0..nblocks)
                    .into_par_iter()
                    .map(|b| memchr::memchr_iter(q, &data[block(b)]).count() % 2 == 1)
                    .collect();
                odd.iter()
                    .scan(false, |state, &o| {
                        let at = *state;
                        *state ^= o;
                        Some(at)
                    })
                    .collect()
            }
        };
        let cuts: Vec<Option<usize>> = (1..nblocks)
            .into_par_iter()
            .map(|b| {
                let mut in_quote = in_quote_at[b];
                self.next_row_end(data, block(b).start, &mut in_quote)
            })
            .collect();
        let mut out = vec![];
        let mut start = 0;
        for cut in cuts.into_iter().flatten() {
            if cut > start {
                out.push(start..cut);
                start = cut;
            }
        }
        if start < len {
            out.push(start..len);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunks_respect_quotes() {
        let s = RowScanner {
            quote: Some(b'"'),
            terminator: b'\n',
        };
        let data = b"a,\"x\ny\"\nb,c\nd,\"\"\"\n\"\ne,f";
        for target in 1..data.len() + 2 {
            let ch = s.chunks(data, target);
            assert_eq!(ch.first().unwrap().start, 0);
            assert_eq!(ch.last().unwrap().end, data.len());
            let ends: Vec<usize> = ch.iter().map(|r| r.end).collect();
            for e in &ends[..ends.len() - 1] {
                assert!([8, 12, 20].contains(e), "bad cut {e} for target {target}");
            }
        }
        assert_eq!(s.count_rows(data), 4);
        assert_eq!(s.skip_rows(data, 1), (8, 1));
    }

    #[test]
    fn parallel_cuts_are_sequential_row_ends() {
        let s = RowScanner {
            quote: Some(b'"'),
            terminator: b'\n',
        };
        // A deterministic mix of quoted fields with line breaks, doubled quotes and rows.
        let mut data = Vec::new();
        let mut x: u32 = 12345;
        for _ in 0..400 {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            data.extend_from_slice(match x >> 29 {
                0 => b"a,b\n".as_slice(),
                1 => b"\"q\nq\",1\n",
                2 => b"\"\"\"\",x\n",
                3 => b"\"a,\nb\nc\"\n",
                4 => b"plain text row\n",
                5 => b"\"\",\"\"\n",
                _ => b"z\n",
            });
        }
        let mut ends = std::collections::HashSet::new();
        let (mut pos, mut q) = (0, false);
        while let Some(e) = s.next_row_end(&data, pos, &mut q) {
            ends.insert(e);
            pos = e;
        }
        for target in [1, 3, 7, 64, 500, 4096] {
            let ch = s.chunks(&data, target);
            assert_eq!(ch.first().unwrap().start, 0);
            assert_eq!(ch.last().unwrap().end, data.len());
            for w in ch.windows(2) {
                assert_eq!(w[0].end, w[1].start);
                assert!(
                    ends.contains(&w[0].end),
                    "cut {} is not a row end",
                    w[0].end
                );
            }
        }
    }
}
