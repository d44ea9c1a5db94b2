//! Options of operations that both the op families (`ops/`) and their device kernels
//! (`device/kernels/`) take. Kept below both so that the kernels need not import `ops`;
//! each is re-exported at its old path in `ops`.

use crate::error::{Error, Result};

/// The kinds of hash join.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JoinKind {
    /// Matching pairs only.
    Inner,
    /// Every left row; unmatched ones paired with [`JOIN_NONE`](crate::ops::join::JOIN_NONE).
    Left,
    /// Every row of both sides.
    Full,
    /// Left rows with a match.
    LeftSemi,
    /// Left rows without a match.
    LeftAnti,
}

/// Which row of each group of duplicates to keep.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DuplicateKeepOption {
    /// Any one (ferrodf keeps the first).
    KeepAny = 0,
    /// The first.
    KeepFirst = 1,
    /// The last.
    KeepLast = 2,
    /// None: only rows without duplicates remain.
    KeepNone = 3,
}

/// libcudf's `rank_method`: how tied values are ranked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RankMethod {
    /// Ties ranked in row order (1, 2, 3 for three equal values).
    First = 0,
    /// The mean of the tied ranks.
    Average = 1,
    /// The lowest of the tied ranks.
    Min = 2,
    /// The highest of the tied ranks.
    Max = 3,
    /// Like `Min`, but ranks increase by one between groups of equal values.
    Dense = 4,
}

impl RankMethod {
    /// The method with pylibcudf's numeric value `v`.
    pub fn from_i32(v: i32) -> Result<RankMethod> {
        Ok(match v {
            0 => RankMethod::First,
            1 => RankMethod::Average,
            2 => RankMethod::Min,
            3 => RankMethod::Max,
            4 => RankMethod::Dense,
            _ => {
                return Err(Error::value(format!(
                    "{v} is not a RankMethod (FIRST=0, AVERAGE=1, MIN=2, MAX=3, DENSE=4)"
                )));
            }
        })
    }
}

/// How a quantile between two values is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Interpolation {
    Linear = 0,
    Lower = 1,
    Higher = 2,
    Midpoint = 3,
    Nearest = 4,
}
