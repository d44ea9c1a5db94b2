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
    /// data the cut points are found independently; with quotes one sequential pass is
    /// needed to know whether a line break is inside a quoted field.
    pub fn chunks(&self, data: &[u8], target: usize) -> Vec<Range<usize>> {
        let target = target.max(1);
        let mut out = vec![];
        let mut start = 0;
        let quoted = self
            .quote
            .is_some_and(|q| memchr::memchr(q, data).is_some());
        let mut in_quote = false;
        let mut scan_pos = 0;
        while start < data.len() {
            let want = start + target;
            if want >= data.len() {
                out.push(start..data.len());
                break;
            }
            let end = if quoted {
                // Advance the sequential scan row by row until past `want`.
                let mut e = scan_pos;
                loop {
                    match self.next_row_end(data, e, &mut in_quote) {
                        Some(x) if x < want => e = x,
                        Some(x) => break x,
                        None => break data.len(),
                    }
                }
            } else {
                memchr::memchr(self.terminator, &data[want..]).map_or(data.len(), |p| want + p + 1)
            };
            scan_pos = end;
            out.push(start..end);
            start = end;
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
}
