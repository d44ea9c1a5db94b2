//! `read_csv`: each source decompressed, its header and names read, the body cut into
//! pieces of whole rows that are decoded in parallel (by [`super::fast`] where the piece is
//! plain, else by arrow-csv through [`super::parse`]) and concatenated once per column.

use super::options::{ColumnRef, CsvReaderOptions};
use super::parse::{Post, convert_post, decode_piece, infer, is_numeric, locate, null_tokens};
use crate::error::{Error, Result};
use crate::interop::arrow::dtype_to_arrow;
use crate::io::compression::decompress;
use crate::io::source::SourceInfo;
use crate::io::{QuoteStyle, TableWithMetadata, concat_batches, guard, report};
use arrow_array::RecordBatch;
use arrow_schema::{DataType as ArrowType, Field, Schema, SchemaRef};
use bytes::Bytes;
use rayon::prelude::*;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Read CSV from every source (rows concatenated in order).
pub fn read_csv(source: &SourceInfo, opts: &CsvReaderOptions) -> Result<TableWithMetadata> {
    let mut parts = vec![];
    for s in source.non_empty()? {
        let data = s.read_all()?;
        let name = s.name();
        let batch = guard(&format!("reading CSV {name}"), || {
            read_bytes(data, opts, &name)
        })?;
        parts.push(batch);
    }
    let batch = concat_batches(parts)?;
    TableWithMetadata::from_record_batch(&batch)
}

/// Names of a header row, by the same quoting rules as the data.
fn parse_header(row: &[u8], opts: &CsvReaderOptions) -> Result<Vec<String>> {
    let fmt = opts.format()?.with_header(true);
    let (schema, _) = fmt
        .infer_schema(row, Some(0))
        .map_err(|e| Error::value(format!("cannot read the CSV header: {e}")))?;
    Ok(schema.fields().iter().map(|f| f.name().clone()).collect())
}

fn final_names(
    mut names: Vec<String>,
    ncols: usize,
    opts: &CsvReaderOptions,
) -> Result<Vec<String>> {
    if let Some(given) = &opts.names {
        if given.len() != ncols {
            return Err(Error::value(format!(
                "names has {} entries but the file has {ncols} columns",
                given.len()
            )));
        }
        names = given.clone();
    } else if names.is_empty() {
        names = (0..ncols).map(|i| format!("{}{i}", opts.prefix)).collect();
    }
    for (i, n) in names.iter_mut().enumerate() {
        if n.is_empty() {
            *n = format!("Unnamed: {i}");
        }
    }
    if opts.mangle_dupe_cols {
        let mut seen = std::collections::HashMap::<String, usize>::new();
        for n in names.iter_mut() {
            let k = seen.entry(n.clone()).or_insert(0);
            if *k > 0 {
                *n = format!("{n}.{k}");
            }
            *k += 1;
        }
    }
    Ok(names)
}

fn resolve(r: &ColumnRef, names: &[String], what: &str) -> Result<usize> {
    match r {
        ColumnRef::Index(i) if *i < names.len() => Ok(*i),
        ColumnRef::Index(i) => Err(Error::index(format!(
            "{what}: column {i} does not exist; the file has {} columns",
            names.len()
        ))),
        ColumnRef::Name(n) => names.iter().position(|x| x == n).ok_or_else(|| {
            Error::Key(format!(
                "{what}: no column named {n:?}; the columns are {names:?}"
            ))
        }),
    }
}

fn read_bytes(data: Bytes, opts: &CsvReaderOptions, name: &str) -> Result<RecordBatch> {
    let data = decompress(data, opts.compression, name)?;
    let total = data.len() as u64;
    let scanner = opts.scanner();
    let mut pos = scanner.skip_rows(&data, opts.skiprows).0;
    if data[pos..].starts_with(b"\xef\xbb\xbf") {
        pos += 3;
    }
    let mut header_names = vec![];
    // Comment and blank lines before the header are not rows (pandas agrees).
    let skip_noise = |mut p: usize| {
        while p < data.len()
            && (Some(data[p]) == opts.comment
                || data[p] == opts.lineterminator
                || data[p..].starts_with(b"\r\n"))
        {
            p += scanner.skip_rows(&data[p..], 1).0;
        }
        p
    };
    if opts.header >= 0 {
        pos = skip_noise(pos);
        pos += scanner.skip_rows(&data[pos..], opts.header as usize).0;
        pos = skip_noise(pos);
        let end = pos + scanner.skip_rows(&data[pos..], 1).0;
        header_names = parse_header(&data[pos..end], opts)?;
        pos = end;
    }
    let mut body = data.slice(pos..);
    if let Some(n) = opts.nrows {
        body = body.slice(..scanner.skip_rows(&body, n).0);
    }
    if opts.skipfooter > 0 {
        let rows = scanner.count_rows(&body);
        body = body.slice(
            ..scanner
                .skip_rows(&body, rows.saturating_sub(opts.skipfooter))
                .0,
        );
    }
    let threads = rayon::current_num_threads().max(1);
    let target = (body.len() / (threads * 4)).max(1 << 20);
    let chunks = scanner.chunks(&body, target);
    let fmt = opts.format()?;
    let fast = opts.fast_format()?;
    // The single-pass decoder handles plain files: no comments or custom tokens.
    let plain = fast.is_some()
        && opts.comment.is_none()
        && opts.lineterminator == b'\n'
        && opts.na_values.is_empty();
    let quote = (opts.quoting != QuoteStyle::None).then_some(opts.quotechar);
    let tokens = opts.na_tokens();
    let token_set = super::fast::NaTokens::new(&tokens);

    // Column count: the header's, else the first row's.
    let ncols = if !header_names.is_empty() {
        header_names.len()
    } else if let Some(n) = &opts.names {
        n.len()
    } else if let Some(c) = chunks.first() {
        let first = &body[c.start..c.start + scanner.skip_rows(&body[c.clone()], 1).0];
        parse_header(first, opts)?.len()
    } else {
        0
    };
    let names = final_names(header_names, ncols, opts)?;

    // Explicit types.
    let default_type = opts.dtype_default.map(dtype_to_arrow).transpose()?;
    let mut explicit: Vec<Option<ArrowType>> = vec![default_type; ncols];
    for (i, t) in opts.dtypes_list.iter().enumerate().take(ncols) {
        explicit[i] = Some(dtype_to_arrow(*t)?);
    }
    for (n, t) in &opts.dtypes {
        let i = resolve(&ColumnRef::Name(n.clone()), &names, "dtypes")?;
        explicit[i] = Some(dtype_to_arrow(*t)?);
    }
    let mut post = vec![Post::None; ncols];
    for r in &opts.parse_dates {
        post[resolve(r, &names, "parse_dates")?] = Post::Date;
    }
    let custom_numbers = opts.decimal != b'.' || opts.thousands.is_some();

    let projection = match &opts.usecols {
        None => (0..ncols).collect::<Vec<_>>(),
        Some(cols) => {
            let mut p = cols
                .iter()
                .map(|r| resolve(r, &names, "usecols"))
                .collect::<Result<Vec<_>>>()?;
            p.sort_unstable();
            p.dedup();
            p
        }
    };

    // Average row length of the first rows, to size the fast decoder's columns.
    let bytes_per_row = {
        let (bytes, rows) = scanner.skip_rows(&body, 1000);
        (bytes / rows.max(1)).max(1)
    };
    let done = AtomicU64::new(0);
    let mut full_inference = false;
    loop {
        let located = |e: Error, start: usize| locate(e, &body, start, pos, &scanner);
        let inferred = infer(
            &body,
            &chunks,
            &fmt,
            ncols,
            &explicit,
            full_inference,
            &located,
        )?;
        let mut fields = Vec::with_capacity(ncols);
        let mut posts = post.clone();
        for i in 0..ncols {
            let t = match (&explicit[i], posts[i]) {
                (_, Post::Date) => ArrowType::Utf8,
                (Some(t), _) if custom_numbers && is_numeric(t) => {
                    posts[i] = Post::Number;
                    ArrowType::Utf8
                }
                (Some(t), _) => t.clone(),
                (None, _) => match &inferred[i] {
                    ArrowType::Date32 | ArrowType::Date64 | ArrowType::Timestamp(..) => {
                        ArrowType::Utf8
                    }
                    ArrowType::Utf8 if custom_numbers => {
                        posts[i] = Post::Number;
                        ArrowType::Utf8
                    }
                    t => t.clone(),
                },
            };
            fields.push(Field::new(names[i].clone(), t, true));
        }
        let schema: SchemaRef = Arc::new(Schema::new(fields));
        let decoded = chunks
            .par_iter()
            .map(|c| {
                let piece = &body[c.clone()];
                let simple = plain
                    && projection
                        .iter()
                        .all(|&i| super::fast::supports(schema.field(i).data_type()));
                let quick = if simple {
                    // Counting the rows would be a pass of its own; the columns grow
                    // past an estimate instead.
                    let rows = piece.len() / bytes_per_row * 9 / 8 + 16;
                    super::fast::decode(
                        piece,
                        &schema,
                        &projection,
                        opts.delimiter,
                        rows,
                        &token_set,
                        quote,
                    )
                } else {
                    None
                };
                let b = match (quick, &fast) {
                    (Some(b), _) => Ok(b),
                    (None, Some(f)) => decode_piece(piece, &schema, f, &projection, &scanner)
                        .or_else(|_| decode_piece(piece, &schema, &fmt, &projection, &scanner)),
                    (None, None) => decode_piece(piece, &schema, &fmt, &projection, &scanner),
                };
                let d = done.fetch_add(c.len() as u64, Ordering::Relaxed) + c.len() as u64;
                report(&opts.progress, d, total);
                b.map_err(|e| locate(e, &body, c.start, pos, &scanner))
            })
            .collect::<Result<Vec<_>>>();
        let batches = match decoded {
            Ok(b) => b,
            // A sampled type that fails later: infer on every row and decode again.
            Err(_) if !full_inference && explicit.iter().any(Option::is_none) => {
                full_inference = true;
                continue;
            }
            Err(e) => return Err(e),
        };
        let proj_schema = Arc::new(schema.project(&projection)?);
        let batch = if batches.is_empty() {
            RecordBatch::new_empty(proj_schema)
        } else {
            concat_batches(batches)?
        };
        report(&opts.progress, total, total);
        let batch = if fast.is_some() {
            null_tokens(batch, &token_set)?
        } else {
            batch
        };
        return convert_post(batch, &projection, &posts, &explicit, opts);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::types::TypeId;

    fn read(s: &str, opts: &CsvReaderOptions) -> Result<TableWithMetadata> {
        read_csv(&SourceInfo::from_bytes(s.as_bytes().to_vec()), opts)
    }

    #[test]
    fn infers_and_reads_nulls() {
        let t = read("a,b,c\n1,x,1.5\nNA,,2\n", &Default::default()).unwrap();
        let ids: Vec<TypeId> = t.table.columns().iter().map(|c| c.dtype().id()).collect();
        assert_eq!(ids, [TypeId::Int64, TypeId::String, TypeId::Float64]);
        assert_eq!(t.table.columns()[0].null_count().unwrap(), 1);
    }

    #[test]
    fn sampled_type_widens_on_retry() {
        let mut s = String::from("a\n");
        for i in 0..10_000 {
            s.push_str(&format!("{i}\n"));
        }
        s.push_str("oops\n");
        let t = read(&s, &Default::default()).unwrap();
        assert_eq!(t.table.columns()[0].dtype().id(), TypeId::String);
    }

    #[test]
    fn ragged_rows_name_the_row() {
        let e = read("a,b\n1,2\n3\n", &Default::default())
            .unwrap_err()
            .to_string();
        assert!(e.contains("row 1"), "{e}");
    }

    #[test]
    fn decimal_and_thousands() {
        let o = CsvReaderOptions {
            delimiter: b';',
            decimal: b',',
            thousands: Some(b'.'),
            ..Default::default()
        };
        let t = read("a;b\n1.000,5;x\n2,25;y\n", &o).unwrap();
        assert_eq!(t.table.columns()[0].dtype().id(), TypeId::Float64);
        let v = t.table.columns()[0].host_values::<f64>().unwrap();
        assert_eq!(&v[..], &[1000.5, 2.25]);
    }
}
