//! "Did you mean" suggestions for missing labels.

use ferrodf_core::Error;

use crate::label::Label;

/// How many close labels a KeyError lists.
const MAX_SUGGESTIONS: usize = 3;

/// A KeyError for `label`, naming the existing labels that look most like it.
pub fn missing_label(label: &Label, existing: &[Label]) -> Error {
    let wanted = label.to_plain_string();
    let mut scored: Vec<(f64, &Label)> = existing
        .iter()
        .map(|l| {
            (
                strsim::normalized_damerau_levenshtein(&wanted, &l.to_plain_string()),
                l,
            )
        })
        .filter(|(score, _)| *score >= 0.4)
        .collect();
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let close: Vec<String> = scored
        .iter()
        .take(MAX_SUGGESTIONS)
        .map(|(_, l)| l.to_string())
        .collect();
    let hint = if !close.is_empty() {
        format!("; did you mean {}?", close.join(", "))
    } else if existing.is_empty() {
        "; there are no columns".to_string()
    } else {
        let shown: Vec<String> = existing.iter().take(8).map(Label::to_string).collect();
        let more = if existing.len() > 8 { ", ..." } else { "" };
        format!("; the labels are {}{more}", shown.join(", "))
    };
    Error::Key(format!("{label} not found{hint}"))
}
