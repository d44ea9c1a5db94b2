//! `plc.nvtext`: the text-processing bindings (libcudf's `nvtext`). Thin: the checks and
//! semantics live in `ferrodf_core::ops::nvtext`; every call releases the GIL.

use crate::args::{add_functions, type_name};
use crate::column::PyColumn;
use crate::enums::extract_enum;
use crate::errors::run;
use crate::scalar::PyScalar;
use crate::table::PyTable;
use ferrodf_core::ops::nvtext::stemmer::{LetterIndex, LetterType};
use ferrodf_core::ops::nvtext::{
    byte_pair_encode as bpe, deduplicate as dd, edit_distance as ed, generate_ngrams as ng,
    jaccard, minhash as mh, ngrams_tokenize as nt, normalize, replace as rp, stemmer,
    tokenize as tk, unicode_normalize as un, wordpiece_tokenize as wp,
};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;

/// A `ferrodf.plc.Scalar` argument (`TypeError` for anything else).
fn scalar(obj: &Bound<'_, PyAny>, function: &str, what: &str) -> PyResult<PyScalar> {
    obj.extract::<PyScalar>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.{function}: {what} must be a ferrodf.plc.Scalar, got {}",
            type_name(obj)
        ))
    })
}

/// An optional Scalar argument (None: not given).
fn opt_scalar(
    obj: Option<&Bound<'_, PyAny>>,
    function: &str,
    what: &str,
) -> PyResult<Option<PyScalar>> {
    match obj {
        Some(o) if !o.is_none() => scalar(o, function, what).map(Some),
        _ => Ok(None),
    }
}

/// Whitespace runs as one space, trimmed.
#[pyfunction]
pub fn normalize_spaces(py: Python<'_>, input: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        normalize::normalize_spaces(&input.0)
    })?))
}

/// pylibcudf's `CharacterNormalizer`: the lower-casing flag and the special tokens.
#[pyclass(
    name = "CharacterNormalizer",
    module = "ferrodf.plc.nvtext.normalize",
    frozen
)]
pub struct PyCharacterNormalizer(normalize::CharacterNormalizer);

#[pymethods]
impl PyCharacterNormalizer {
    #[new]
    #[pyo3(signature = (do_lower_case, special_tokens, stream = None, mr = None))]
    fn new(
        py: Python<'_>,
        do_lower_case: &Bound<'_, PyAny>,
        special_tokens: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        const NAME: &str = "nvtext.normalize.CharacterNormalizer";
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let lower = do_lower_case.extract::<bool>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{NAME}: do_lower_case must be a bool, got {}",
                type_name(do_lower_case)
            ))
        })?;
        let tokens = special_tokens.extract::<PyColumn>().map_err(|_| {
            PyTypeError::new_err(format!(
                "{NAME}: special_tokens must be a ferrodf.plc.Column, got {}",
                type_name(special_tokens)
            ))
        })?;
        Ok(Self(run(py, move || {
            normalize::CharacterNormalizer::new(lower, &tokens.0)
        })?))
    }

    #[getter]
    fn do_lower_case(&self) -> bool {
        self.0.do_lower_case()
    }
}

/// Every row normalized by a CharacterNormalizer.
#[pyfunction]
pub fn normalize_characters(
    py: Python<'_>,
    input: PyColumn,
    normalizer: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let n = normalizer.cast::<PyCharacterNormalizer>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.normalize.normalize_characters: normalizer must be a CharacterNormalizer, \
             got {}",
            type_name(normalizer)
        ))
    })?;
    let n = n.get();
    Ok(PyColumn(run(py, move || {
        normalize::normalize_characters(&input.0, &n.0)
    })?))
}

/// pylibcudf's `UnicodeNormalizer`: one normalization form's tables from UnicodeData.txt.
#[pyclass(
    name = "UnicodeNormalizer",
    module = "ferrodf.plc.nvtext.unicode_normalize",
    frozen
)]
pub struct PyUnicodeNormalizer(un::UnicodeNormalizer);

#[pymethods]
impl PyUnicodeNormalizer {
    #[new]
    #[pyo3(signature = (unicode_data, form, stream = None, mr = None))]
    fn new(
        py: Python<'_>,
        unicode_data: &Bound<'_, PyAny>,
        form: &Bound<'_, PyAny>,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        let data = unicode_data.extract::<PyTable>().map_err(|_| {
            PyTypeError::new_err(format!(
                "nvtext.unicode_normalize.UnicodeNormalizer: unicode_data must be a \
                 ferrodf.plc.Table, got {}",
                type_name(unicode_data)
            ))
        })?;
        let form = extract_enum::<un::UnicodeNormalizationForm>(form)?;
        Ok(Self(run(py, move || {
            un::UnicodeNormalizer::new(&data.0, form)
        })?))
    }

    #[getter]
    fn form(&self) -> i32 {
        self.0.form() as i32
    }
}

/// Every row in a UnicodeNormalizer's normalization form.
#[pyfunction]
pub fn normalize_unicode(
    py: Python<'_>,
    input: PyColumn,
    normalizer: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let n = normalizer.cast::<PyUnicodeNormalizer>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.unicode_normalize.normalize_unicode: normalizer must be a \
             UnicodeNormalizer, got {}",
            type_name(normalizer)
        ))
    })?;
    let n = n.get();
    Ok(PyColumn(run(py, move || {
        un::normalize_unicode(&input.0, &n.0)
    })?))
}

/// Every token of every row (a scalar delimiter is a set of characters).
#[pyfunction]
#[pyo3(signature = (input, delimiter = None))]
pub fn tokenize_scalar(
    py: Python<'_>,
    input: PyColumn,
    delimiter: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let d = opt_scalar(delimiter, "tokenize.tokenize_scalar", "delimiter")?;
    Ok(PyColumn(run(py, move || {
        tk::tokenize(&input.0, d.as_ref().map(|s| &s.0))
    })?))
}

/// Every token of every row between the delimiter strings of a column.
#[pyfunction]
pub fn tokenize_column(
    py: Python<'_>,
    input: PyColumn,
    delimiters: PyColumn,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        tk::tokenize_multi(&input.0, &delimiters.0)
    })?))
}

/// Tokens per row, INT32.
#[pyfunction]
#[pyo3(signature = (input, delimiter = None))]
pub fn count_tokens_scalar(
    py: Python<'_>,
    input: PyColumn,
    delimiter: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let d = opt_scalar(delimiter, "tokenize.count_tokens_scalar", "delimiter")?;
    Ok(PyColumn(run(py, move || {
        tk::count_tokens(&input.0, d.as_ref().map(|s| &s.0))
    })?))
}

/// Tokens per row between the delimiter strings of a column, INT32.
#[pyfunction]
pub fn count_tokens_column(
    py: Python<'_>,
    input: PyColumn,
    delimiters: PyColumn,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        tk::count_tokens_multi(&input.0, &delimiters.0)
    })?))
}

/// Every character as a row.
#[pyfunction]
pub fn character_tokenize(py: Python<'_>, input: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || tk::character_tokenize(&input.0))?))
}

/// Tokens joined back into rows by their row indices.
#[pyfunction]
#[pyo3(signature = (input, row_indices, separator = None))]
pub fn detokenize(
    py: Python<'_>,
    input: PyColumn,
    row_indices: PyColumn,
    separator: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let s = opt_scalar(separator, "tokenize.detokenize", "separator")?;
    Ok(PyColumn(run(py, move || {
        tk::detokenize(&input.0, &row_indices.0, s.as_ref().map(|s| &s.0))
    })?))
}

/// pylibcudf's `TokenizeVocabulary`: token ids are the rows of the vocabulary column.
#[pyclass(
    name = "TokenizeVocabulary",
    module = "ferrodf.plc.nvtext.tokenize",
    frozen
)]
pub struct PyTokenizeVocabulary(tk::TokenizeVocabulary);

#[pymethods]
impl PyTokenizeVocabulary {
    #[new]
    #[pyo3(signature = (vocab, stream = None, mr = None))]
    fn new(
        py: Python<'_>,
        vocab: PyColumn,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        Ok(Self(run(py, move || {
            tk::TokenizeVocabulary::new(&vocab.0)
        })?))
    }

    fn __len__(&self) -> usize {
        self.0.len()
    }
}

/// LIST<INT32> of the vocabulary ids of every row's tokens.
#[pyfunction]
#[pyo3(signature = (input, vocabulary, delimiter, default_id = -1))]
pub fn tokenize_with_vocabulary(
    py: Python<'_>,
    input: PyColumn,
    vocabulary: &Bound<'_, PyAny>,
    delimiter: &Bound<'_, PyAny>,
    default_id: i32,
) -> PyResult<PyColumn> {
    const NAME: &str = "tokenize.tokenize_with_vocabulary";
    let v = vocabulary.cast::<PyTokenizeVocabulary>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.{NAME}: vocabulary must be a TokenizeVocabulary, got {}",
            type_name(vocabulary)
        ))
    })?;
    let v = v.get();
    let d = scalar(delimiter, NAME, "delimiter")?;
    Ok(PyColumn(run(py, move || {
        tk::tokenize_with_vocabulary(&input.0, &v.0, &d.0, default_id)
    })?))
}

/// pylibcudf's `WordPieceVocabulary`: token ids are the rows of the vocabulary column.
#[pyclass(
    name = "WordPieceVocabulary",
    module = "ferrodf.plc.nvtext.wordpiece_tokenize",
    frozen
)]
pub struct PyWordPieceVocabulary(wp::WordPieceVocabulary);

#[pymethods]
impl PyWordPieceVocabulary {
    #[new]
    #[pyo3(signature = (vocab, stream = None, mr = None))]
    fn new(
        py: Python<'_>,
        vocab: PyColumn,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        Ok(Self(run(py, move || {
            wp::WordPieceVocabulary::new(&vocab.0)
        })?))
    }
}

/// LIST<INT32> of the WordPiece token ids of every row's words.
#[pyfunction]
pub fn wordpiece_tokenize(
    py: Python<'_>,
    input: PyColumn,
    vocabulary: &Bound<'_, PyAny>,
    max_words_per_row: i64,
) -> PyResult<PyColumn> {
    const NAME: &str = "wordpiece_tokenize.wordpiece_tokenize";
    let v = vocabulary.cast::<PyWordPieceVocabulary>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.{NAME}: vocabulary must be a WordPieceVocabulary, got {}",
            type_name(vocabulary)
        ))
    })?;
    let v = v.get();
    Ok(PyColumn(run(py, move || {
        wp::wordpiece_tokenize(&input.0, &v.0, max_words_per_row)
    })?))
}

/// pylibcudf's `BPEMergePairs`: `"left right"` rows ranked by row.
#[pyclass(
    name = "BPEMergePairs",
    module = "ferrodf.plc.nvtext.byte_pair_encode",
    frozen
)]
pub struct PyBPEMergePairs(bpe::BPEMergePairs);

#[pymethods]
impl PyBPEMergePairs {
    #[new]
    #[pyo3(signature = (merge_pairs, stream = None, mr = None))]
    fn new(
        py: Python<'_>,
        merge_pairs: PyColumn,
        stream: Option<&Bound<'_, PyAny>>,
        mr: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Self> {
        let _order = crate::stream::honour(py, "stream", stream)?;
        crate::stream::honour(py, "mr", mr)?;
        Ok(Self(run(py, move || {
            bpe::BPEMergePairs::new(&merge_pairs.0)
        })?))
    }
}

/// Every row byte-pair encoded, its pieces joined by the separator (default one space).
#[pyfunction]
#[pyo3(signature = (input, merge_pairs, separator = None))]
pub fn byte_pair_encoding(
    py: Python<'_>,
    input: PyColumn,
    merge_pairs: &Bound<'_, PyAny>,
    separator: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    const NAME: &str = "byte_pair_encode.byte_pair_encoding";
    let mp = merge_pairs.cast::<PyBPEMergePairs>().map_err(|_| {
        PyTypeError::new_err(format!(
            "nvtext.{NAME}: merge_pairs must be a BPEMergePairs, got {}",
            type_name(merge_pairs)
        ))
    })?;
    let mp = mp.get();
    let s = opt_scalar(separator, NAME, "separator")?;
    Ok(PyColumn(run(py, move || {
        bpe::byte_pair_encoding(&input.0, &mp.0, s.as_ref().map(|s| &s.0))
    })?))
}

/// ngrams of consecutive rows.
#[pyfunction]
pub fn generate_ngrams(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
    separator: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let s = scalar(separator, "generate_ngrams.generate_ngrams", "separator")?;
    Ok(PyColumn(run(py, move || {
        ng::generate_ngrams(&input.0, ngrams, &s.0)
    })?))
}

/// LIST<STRING> of every row's character ngrams.
#[pyfunction]
#[pyo3(signature = (input, ngrams = 2))]
pub fn generate_character_ngrams(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        ng::generate_character_ngrams(&input.0, ngrams)
    })?))
}

/// LIST<UINT32> of the hashes of every row's character ngrams.
#[pyfunction]
#[pyo3(signature = (input, ngrams = 5, seed = 0))]
pub fn hash_character_ngrams(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
    seed: u32,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        ng::hash_character_ngrams(&input.0, ngrams, seed)
    })?))
}

/// ngrams of the tokens of every row.
#[pyfunction]
pub fn ngrams_tokenize(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
    delimiter: &Bound<'_, PyAny>,
    separator: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    const NAME: &str = "ngrams_tokenize.ngrams_tokenize";
    let d = scalar(delimiter, NAME, "delimiter")?;
    let s = scalar(separator, NAME, "separator")?;
    Ok(PyColumn(run(py, move || {
        nt::ngrams_tokenize(&input.0, ngrams, &d.0, &s.0)
    })?))
}

/// Levenshtein distances row by row, INT32.
#[pyfunction]
pub fn edit_distance(py: Python<'_>, input: PyColumn, targets: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        ed::edit_distance(&input.0, &targets.0)
    })?))
}

/// LIST<INT32> of the Levenshtein distances of every row to every row.
#[pyfunction]
pub fn edit_distance_matrix(py: Python<'_>, input: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        ed::edit_distance_matrix(&input.0)
    })?))
}

/// FLOAT32 Jaccard indices of character windows.
#[pyfunction]
pub fn jaccard_index(
    py: Python<'_>,
    input1: PyColumn,
    input2: PyColumn,
    width: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        jaccard::jaccard_index(&input1.0, &input2.0, width)
    })?))
}

/// Porter's measure of every row, INT32.
#[pyfunction]
pub fn porter_stemmer_measure(py: Python<'_>, input: PyColumn) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        stemmer::porter_stemmer_measure(&input.0)
    })?))
}

/// BOOL8: whether a character of every row is a vowel (`check_vowels`) or a consonant.
#[pyfunction]
pub fn is_letter(
    py: Python<'_>,
    input: PyColumn,
    check_vowels: bool,
    indices: &Bound<'_, PyAny>,
) -> PyResult<PyColumn> {
    let ltype = if check_vowels {
        LetterType::Vowel
    } else {
        LetterType::Consonant
    };
    if let Ok(c) = indices.extract::<PyColumn>() {
        return Ok(PyColumn(run(py, move || {
            stemmer::is_letter(&input.0, ltype, LetterIndex::PerRow(&c.0))
        })?));
    }
    if indices.is_instance_of::<pyo3::types::PyBool>()
        || !indices.is_instance_of::<pyo3::types::PyInt>()
    {
        return Err(PyTypeError::new_err(format!(
            "nvtext.stemmer.is_letter: indices must be an int or a ferrodf.plc.Column, got {}",
            type_name(indices)
        )));
    }
    let k: i32 = indices.extract()?;
    Ok(PyColumn(run(py, move || {
        stemmer::is_letter(&input.0, ltype, LetterIndex::All(k))
    })?))
}

/// Tokens equal to a target replaced.
#[pyfunction]
#[pyo3(signature = (input, targets, replacements, delimiter = None))]
pub fn replace_tokens(
    py: Python<'_>,
    input: PyColumn,
    targets: PyColumn,
    replacements: PyColumn,
    delimiter: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    let d = opt_scalar(delimiter, "replace.replace_tokens", "delimiter")?;
    Ok(PyColumn(run(py, move || {
        rp::replace_tokens(
            &input.0,
            &targets.0,
            &replacements.0,
            d.as_ref().map(|s| &s.0),
        )
    })?))
}

/// Short tokens replaced.
#[pyfunction]
#[pyo3(signature = (input, min_token_length, replacement = None, delimiter = None))]
pub fn filter_tokens(
    py: Python<'_>,
    input: PyColumn,
    min_token_length: i64,
    replacement: Option<&Bound<'_, PyAny>>,
    delimiter: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyColumn> {
    const NAME: &str = "replace.filter_tokens";
    let r = opt_scalar(replacement, NAME, "replacement")?;
    let d = opt_scalar(delimiter, NAME, "delimiter")?;
    Ok(PyColumn(run(py, move || {
        rp::filter_tokens(
            &input.0,
            min_token_length,
            r.as_ref().map(|s| &s.0),
            d.as_ref().map(|s| &s.0),
        )
    })?))
}

/// LIST<UINT32> minhash values (MurmurHash3_x86_32, permuted by the UINT32 `a` and `b`).
#[pyfunction]
pub fn minhash(
    py: Python<'_>,
    input: PyColumn,
    seed: u32,
    a: PyColumn,
    b: PyColumn,
    width: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        mh::minhash(&input.0, seed, &a.0, &b.0, width)
    })?))
}

/// LIST<UINT64> minhash values (MurmurHash3_x64_128, permuted by the UINT64 `a` and `b`).
#[pyfunction]
pub fn minhash64(
    py: Python<'_>,
    input: PyColumn,
    seed: u64,
    a: PyColumn,
    b: PyColumn,
    width: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        mh::minhash64(&input.0, seed, &a.0, &b.0, width)
    })?))
}

/// LIST<UINT32> minhash values of LIST<STRING> rows over windows of `ngrams` strings.
#[pyfunction]
pub fn minhash_ngrams(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
    seed: u32,
    a: PyColumn,
    b: PyColumn,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        mh::minhash_ngrams(&input.0, ngrams, seed, &a.0, &b.0)
    })?))
}

/// LIST<UINT64> minhash values of LIST<STRING> rows over windows of `ngrams` strings.
#[pyfunction]
pub fn minhash64_ngrams(
    py: Python<'_>,
    input: PyColumn,
    ngrams: i64,
    seed: u64,
    a: PyColumn,
    b: PyColumn,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        mh::minhash64_ngrams(&input.0, ngrams, seed, &a.0, &b.0)
    })?))
}

/// INT32 suffix array of a column's bytes (positions below `bytes - min_width + 1`).
#[pyfunction]
pub fn build_suffix_array(py: Python<'_>, input: PyColumn, min_width: i64) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        dd::build_suffix_array(&input.0, min_width)
    })?))
}

/// Repeated substrings of at least `min_width` bytes, from the column's suffix array.
#[pyfunction]
pub fn resolve_duplicates(
    py: Python<'_>,
    input: PyColumn,
    indices: PyColumn,
    min_width: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        dd::resolve_duplicates(&input.0, &indices.0, min_width)
    })?))
}

/// Substrings of at least `min_width` bytes found in both columns, from their suffix arrays.
#[pyfunction]
pub fn resolve_duplicates_pair(
    py: Python<'_>,
    input1: PyColumn,
    indices1: PyColumn,
    input2: PyColumn,
    indices2: PyColumn,
    min_width: i64,
) -> PyResult<PyColumn> {
    Ok(PyColumn(run(py, move || {
        dd::resolve_duplicates_pair(&input1.0, &indices1.0, &input2.0, &indices2.0, min_width)
    })?))
}

/// Add the nvtext bindings to the extension module's `nvtext`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyTokenizeVocabulary>()?;
    m.add_class::<PyCharacterNormalizer>()?;
    m.add_class::<PyUnicodeNormalizer>()?;
    m.add_class::<PyWordPieceVocabulary>()?;
    m.add_class::<PyBPEMergePairs>()?;
    add_functions!(
        m,
        normalize_spaces,
        normalize_characters,
        normalize_unicode,
        tokenize_scalar,
        tokenize_column,
        count_tokens_scalar,
        count_tokens_column,
        character_tokenize,
        detokenize,
        tokenize_with_vocabulary,
        wordpiece_tokenize,
        byte_pair_encoding,
        generate_ngrams,
        generate_character_ngrams,
        hash_character_ngrams,
        ngrams_tokenize,
        edit_distance,
        edit_distance_matrix,
        jaccard_index,
        porter_stemmer_measure,
        is_letter,
        replace_tokens,
        filter_tokens,
        minhash,
        minhash64,
        minhash_ngrams,
        minhash64_ngrams,
        build_suffix_array,
        resolve_duplicates,
        resolve_duplicates_pair,
    )
}
