//! Every enum the Python package exposes as an `IntEnum` of `ferrodf.plc`, in one list:
//! the bindings hand it to Python (`ferrodf._lib.enums`), which builds the classes from it,
//! and `core/tests/python_enums.rs` checks the stubs against it. It names enums of every
//! layer (the readers' options included), so it sits at the top of the crate.

use crate::named_enum::EnumInfo;

/// The description of every Python-visible enum.
pub const PYTHON_ENUMS: &[EnumInfo] = &[
    crate::types::TypeId::INFO,
    crate::params::Interpolation::INFO,
    crate::copy_options::MaskState::INFO,
    crate::keys::NanEquality::INFO,
    crate::params::NanPolicy::INFO,
    crate::keys::NullEquality::INFO,
    crate::keys::NullOrder::INFO,
    crate::params::NullPolicy::INFO,
    crate::keys::Order::INFO,
    crate::params::Sorted::INFO,
    crate::params::NullAware::INFO,
    crate::params::UDFSourceType::INFO,
    crate::aggregation_kind::Kind::INFO,
    crate::params::RankMethod::INFO,
    crate::params::RankPercentage::INFO,
    crate::params::CorrelationType::INFO,
    crate::params::EWMHistory::INFO,
    crate::params::BitwiseOp::INFO,
    crate::binary_operator::BinaryOperator::INFO,
    crate::unary_operator::UnaryOperator::INFO,
    crate::copy_options::OutOfBoundsPolicy::INFO,
    crate::copy_options::MaskAllocationPolicy::INFO,
    crate::params::DuplicateKeepOption::INFO,
    crate::params::ReplacePolicy::INFO,
    crate::params::RoundingMethod::INFO,
    crate::params::ScanType::INFO,
    crate::datetime_parts::DatetimeComponent::INFO,
    crate::datetime_parts::RoundingFrequency::INFO,
    crate::string_options::SideType::INFO,
    crate::string_options::SeparatorOnNulls::INFO,
    crate::string_options::OutputIfEmptyList::INFO,
    crate::string_options::StringCharacterTypes::INFO,
    crate::string_options::FilterType::INFO,
    crate::ops::nvtext::stemmer::LetterType::INFO,
    crate::ops::nvtext::unicode_normalize::UnicodeNormalizationForm::INFO,
    crate::io::compression::CompressionType::INFO,
    crate::io::QuoteStyle::INFO,
    crate::io::parquet::StatisticsFreq::INFO,
    crate::io::parquet::DictionaryPolicy::INFO,
    crate::io::parquet::ColumnEncoding::INFO,
    crate::io::json::JSONRecoveryMode::INFO,
    crate::ops::lists::ConcatenateNullPolicy::INFO,
    crate::ops::lists::DuplicateFindOption::INFO,
    crate::ops::expressions::ASTOperator::INFO,
    crate::ops::expressions::TableReference::INFO,
    crate::ops::labeling::Inclusive::INFO,
    crate::copy_options::SampleWithReplacement::INFO,
];

/// The description of the enum called `name` (class names are unique across `plc`).
pub fn python_enum(name: &str) -> Option<&'static EnumInfo> {
    PYTHON_ENUMS.iter().find(|e| e.name == name)
}

#[cfg(test)]
mod tests {
    use super::PYTHON_ENUMS;
    use std::collections::BTreeSet;

    #[test]
    fn class_names_are_unique_and_members_distinct() {
        let names: BTreeSet<_> = PYTHON_ENUMS.iter().map(|e| e.name).collect();
        assert_eq!(names.len(), PYTHON_ENUMS.len());
        for e in PYTHON_ENUMS {
            let members: BTreeSet<_> = e.members.iter().map(|m| m.0).collect();
            let values: BTreeSet<_> = e.members.iter().map(|m| m.1).collect();
            assert_eq!(members.len(), e.members.len(), "{}", e.name);
            assert_eq!(values.len(), e.members.len(), "{}", e.name);
        }
    }
}
