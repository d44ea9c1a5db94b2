//! What a Parquet dataset holds, read from the file footers only (pylibcudf's
//! `io.parquet_metadata`).
//!
//! Each source's footer is read and decoded on the host (the `parquet` crate); no column
//! data is read. The schema is the first source's; row and row-group counts and the
//! column-chunk sizes are summed or listed over all sources in order.
//!
//! ```
//! use ferrodf_core::io::{SinkInfo, SourceInfo, parquet::write_parquet};
//! use ferrodf_core::io::parquet_metadata::read_parquet_metadata;
//! use ferrodf_core::{Column, Table};
//! let t = Table::new(vec![Column::from_values(vec![1i64, 2, 3])]).unwrap();
//! let sink = SinkInfo::memory();
//! write_parquet(&sink, &t, Some(&["x".into()]), &Default::default()).unwrap();
//! let md = read_parquet_metadata(&SourceInfo::from_bytes(sink.take_bytes())).unwrap();
//! assert_eq!(md.num_rows, 3);
//! assert_eq!(md.num_rowgroups, 1);
//! assert_eq!(md.schema.children[0].name, "x");
//! assert_eq!(md.columnchunk_metadata[0].0, "x");
//! ```

use super::guard;
use super::source::{Source, SourceInfo};
use crate::error::{Error, Result};
use crate::interop::arrow::dtype_from_arrow;
use crate::types::{DataType, TypeId};
use arrow_schema::DataType as ArrowType;
use parquet::arrow::arrow_reader::{ArrowReaderMetadata, ArrowReaderOptions};
use parquet::basic::{ConvertedType, LogicalType};
use parquet::schema::types::Type;

/// One node of a Parquet schema (libcudf's `parquet_column_schema`): the root, a group or
/// a leaf, with the ferrodf type it reads as.
#[derive(Debug, Clone, PartialEq)]
pub struct ParquetColumnSchema {
    /// The node's name (the root's is the file's schema name, often `schema`).
    pub name: String,
    /// The type the node reads as: STRUCT for plain groups and the root, LIST for
    /// list- and map-annotated groups, the leaf's type for leaves (EMPTY where ferrodf
    /// has no type for it).
    pub dtype: DataType,
    /// Child nodes, in schema order.
    pub children: Vec<ParquetColumnSchema>,
}

/// The metadata of a Parquet dataset (libcudf's `parquet_metadata`).
#[derive(Debug, Clone, PartialEq)]
pub struct ParquetMetadata {
    /// The first source's schema; its root's children are the top-level columns.
    pub schema: ParquetColumnSchema,
    /// Rows over all sources.
    pub num_rows: i64,
    /// Row groups over all sources.
    pub num_rowgroups: usize,
    /// Row groups of each source.
    pub num_rowgroups_per_file: Vec<usize>,
    /// The first source's footer key-value metadata, in file order.
    pub metadata: Vec<(String, String)>,
    /// `num_rows` and `total_byte_size` of every row group, sources in order.
    pub rowgroup_metadata: Vec<Vec<(String, i64)>>,
    /// For each leaf column (its dotted path), the `total_uncompressed_size` of its chunk in
    /// every row group, sources in order.
    pub columnchunk_metadata: Vec<(String, Vec<i64>)>,
}

fn footer(source: &Source) -> Result<ArrowReaderMetadata> {
    let opts = ArrowReaderOptions::new();
    let name = source.name();
    super::parquet_guard::check_source(source)?;
    let md = match source {
        Source::Path(p) => ArrowReaderMetadata::load(&Source::open(p)?, opts),
        Source::Bytes(b) => ArrowReaderMetadata::load(b, opts),
    };
    md.map_err(|e| match Error::from(e) {
        Error::Value(m) => Error::value(format!("{name}: {m}")),
        other => other,
    })
}

/// The node `t` and its children, with the types the reader gives them: `arrow` is the
/// Arrow type decoded for this node, when it has one (the repeated group between a
/// list and its element has none; `element` then carries the element's type down).
fn node(t: &Type, arrow: Option<&ArrowType>, element: Option<&ArrowType>) -> ParquetColumnSchema {
    let info = t.get_basic_info();
    let is_list = !t.is_primitive()
        && (matches!(
            info.logical_type_ref(),
            Some(LogicalType::List) | Some(LogicalType::Map)
        ) || matches!(
            info.converted_type(),
            ConvertedType::LIST | ConvertedType::MAP | ConvertedType::MAP_KEY_VALUE
        ));
    let fallback: DataType = if t.is_primitive() {
        TypeId::Empty.into()
    } else if is_list {
        TypeId::List.into()
    } else {
        TypeId::Struct.into()
    };
    let dtype = arrow
        .and_then(|a| dtype_from_arrow(a).ok())
        .unwrap_or(fallback);
    let fields = if t.is_primitive() {
        &[][..]
    } else {
        t.get_fields()
    };
    let children = fields
        .iter()
        .map(|c| match (arrow, element) {
            (Some(ArrowType::Struct(fs)), _) => {
                let f = fs.iter().find(|f| f.name() == c.name());
                node(c, f.map(|f| f.data_type()), None)
            }
            (Some(ArrowType::List(f) | ArrowType::LargeList(f) | ArrowType::Map(f, _)), _) => {
                if c.is_primitive()
                    || c.get_fields().len() != 1
                    || matches!(f.data_type(), ArrowType::Struct(_)) && c.name() == f.name()
                {
                    // Two-level lists and maps: the repeated child is the element.
                    node(c, Some(f.data_type()), None)
                } else {
                    node(c, None, Some(f.data_type()))
                }
            }
            (None, Some(e)) => node(c, Some(e), None),
            _ => node(c, None, None),
        })
        .collect();
    ParquetColumnSchema {
        name: t.name().to_string(),
        dtype,
        children,
    }
}

fn schema_of(meta: &ArrowReaderMetadata) -> ParquetColumnSchema {
    let root = meta.parquet_schema().root_schema();
    let arrow = meta.schema();
    let children = root
        .get_fields()
        .iter()
        .map(|c| {
            let f = arrow.field_with_name(c.name()).ok();
            node(c, f.map(|f| f.data_type()), None)
        })
        .collect();
    ParquetColumnSchema {
        name: root.name().to_string(),
        dtype: TypeId::Struct.into(),
        children,
    }
}

/// Read the footers of every source (pylibcudf's `read_parquet_metadata`).
pub fn read_parquet_metadata(source: &SourceInfo) -> Result<ParquetMetadata> {
    guard("reading Parquet metadata", || {
        let footers = source
            .non_empty()?
            .iter()
            .map(footer)
            .collect::<Result<Vec<_>>>()?;
        let first = &footers[0];
        let schema = schema_of(first);
        let metadata = first
            .metadata()
            .file_metadata()
            .key_value_metadata()
            .map(|kv| {
                kv.iter()
                    .map(|k| (k.key.clone(), k.value.clone().unwrap_or_default()))
                    .collect()
            })
            .unwrap_or_default();
        let leaves: Vec<String> = first
            .parquet_schema()
            .columns()
            .iter()
            .map(|c| c.path().string())
            .collect();
        let mut chunks: Vec<(String, Vec<i64>)> =
            leaves.iter().map(|l| (l.clone(), vec![])).collect();
        let mut out = ParquetMetadata {
            schema,
            num_rows: 0,
            num_rowgroups: 0,
            num_rowgroups_per_file: vec![],
            metadata,
            rowgroup_metadata: vec![],
            columnchunk_metadata: vec![],
        };
        for (i, f) in footers.iter().enumerate() {
            let md = f.metadata();
            out.num_rows += md.file_metadata().num_rows();
            out.num_rowgroups += md.num_row_groups();
            out.num_rowgroups_per_file.push(md.num_row_groups());
            for rg in md.row_groups() {
                out.rowgroup_metadata.push(vec![
                    ("num_rows".into(), rg.num_rows()),
                    ("total_byte_size".into(), rg.total_byte_size()),
                ]);
                for c in rg.columns() {
                    let path = c.column_path().string();
                    match chunks.iter_mut().find(|(p, _)| *p == path) {
                        Some((_, sizes)) => sizes.push(c.uncompressed_size()),
                        None => {
                            return Err(Error::value(format!(
                                "{}: column {path:?} is not in the first source's schema; \
                                 all sources must have the same columns",
                                source.sources()[i].name()
                            )));
                        }
                    }
                }
            }
        }
        out.columnchunk_metadata = chunks;
        Ok(out)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::SinkInfo;
    use crate::io::parquet::{ParquetWriterOptions, write_parquet};
    use crate::{Column, Table};

    fn file(rows: usize, rg: usize) -> Vec<u8> {
        let t = Table::new(vec![
            Column::from_values((0..rows as i64).collect()),
            Column::from_options(
                (0..rows)
                    .map(|i| (i % 2 == 0).then_some(i as f64))
                    .collect(),
            ),
        ])
        .unwrap();
        let sink = SinkInfo::memory();
        let o = ParquetWriterOptions {
            row_group_size_rows: rg,
            key_value_metadata: vec![("k".into(), "v".into())],
            ..Default::default()
        };
        write_parquet(&sink, &t, Some(&["a".into(), "b".into()]), &o).unwrap();
        sink.take_bytes()
    }

    #[test]
    fn counts_over_sources() {
        let src = SourceInfo::new(vec![
            Source::Bytes(file(10, 4).into()),
            Source::Bytes(file(5, 10).into()),
        ]);
        let md = read_parquet_metadata(&src).unwrap();
        assert_eq!(md.num_rows, 15);
        assert_eq!(md.num_rowgroups, 4);
        assert_eq!(md.num_rowgroups_per_file, vec![3, 1]);
        assert_eq!(md.rowgroup_metadata[2][0], ("num_rows".into(), 2));
        assert_eq!(md.columnchunk_metadata[1].1.len(), 4);
        assert!(md.metadata.contains(&("k".into(), "v".into())));
        assert_eq!(md.schema.children[1].dtype.id(), TypeId::Float64);
    }

    #[test]
    fn bad_input_is_a_value_error() {
        let mut f = file(3, 3);
        f.truncate(f.len() - 3);
        assert!(matches!(
            read_parquet_metadata(&SourceInfo::from_bytes(f)),
            Err(Error::Value(_))
        ));
        assert!(matches!(
            read_parquet_metadata(&SourceInfo::from_bytes(b"not parquet".to_vec())),
            Err(Error::Value(_))
        ));
        assert!(matches!(
            read_parquet_metadata(&SourceInfo::default()),
            Err(Error::Value(_))
        ));
    }
}
