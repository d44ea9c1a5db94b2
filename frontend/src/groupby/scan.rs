//! Grouped scans and transforms: per-row results within each group (`cumsum`,
//! `cumcount`, ..., `transform("sum")`), in the frame's row order.

use ferrodf_core::ops::aggregation::{Aggregation, NullPolicy};
use ferrodf_core::ops::binaryop::{BinaryOperator, binary_operation};
use ferrodf_core::ops::groupby::{GroupBy, GroupByRequest};
use ferrodf_core::{Column, Error, Result, Table, TypeId};

use super::aggregate::AggRequest;
use crate::DataFrame;
use crate::column_accessor::ColumnAccessor;
use crate::index::Index;
use crate::label::Label;
use crate::merge::JoinHow;
use crate::reshape::{keys_valid, nulls_like};

impl DataFrame {
    /// Running aggregations within the groups of `by` (pandas' `groupby(by).cumsum()` and
    /// friends: `how` is "cumsum", "cumprod", "cummin", "cummax" or "cumcount"), one value
    /// per row in the original row order; rows with a null key get nulls when `dropna`.
    pub fn groupby_scan(
        &self,
        by: &[Label],
        columns: &[Label],
        how: &str,
        dropna: bool,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let agg = match how {
            "cumsum" => Aggregation::Sum,
            "cumprod" => Aggregation::Product,
            "cummin" => Aggregation::Min,
            "cummax" => Aggregation::Max,
            "cumcount" => Aggregation::Count(NullPolicy::Include),
            other => {
                return Err(Error::value(format!(
                    "unknown grouped scan {other:?}; use cumsum, cumprod, cummin, cummax or cumcount"
                )));
            }
        };
        let keys = self.key_columns(by)?;
        let n = self.num_rows();
        let values: Vec<Column> = if how == "cumcount" {
            // COUNT(INCLUDE) only needs a column of the right length: the first key.
            vec![keys[0].clone()]
        } else {
            columns
                .iter()
                .map(|c| self.data().get(c).cloned())
                .collect::<Result<Vec<_>>>()?
        };
        let requests = |values: Vec<Column>| -> Vec<GroupByRequest> {
            values
                .into_iter()
                .map(|values| GroupByRequest {
                    values,
                    aggregations: vec![agg.clone()],
                })
                .collect()
        };
        // grouped by hash on the host, by a stable sort on the device; results in row order
        let gb = GroupBy::new(
            Table::new(keys.clone())?,
            NullPolicy::Include,
            false,
            vec![],
            vec![],
        )?;
        let mut out: Vec<Column> = gb
            .scan_by_row(&requests(values))?
            .into_iter()
            .map(|t| t.into_columns().remove(0))
            .collect();
        if how == "cumcount" {
            // pandas counts from 0
            let one = ferrodf_core::Scalar::from_native(1i32);
            let c = out.remove(0);
            let minus = binary_operation(
                ferrodf_core::ops::binaryop::Operand::Column(&c),
                ferrodf_core::ops::binaryop::Operand::Scalar(&one),
                BinaryOperator::Sub,
                TypeId::Int64.into(),
            )?;
            out = vec![minus];
        }
        if dropna {
            if let Some(valid) = keys_valid(&keys, false)? {
                if valid.size() > 0 {
                    let nulls = out
                        .iter()
                        .map(|c| nulls_like(c, n))
                        .collect::<Result<Vec<_>>>()?;
                    out = out
                        .iter()
                        .zip(&nulls)
                        .map(|(c, z)| {
                            ferrodf_core::ops::copying::copy_if_else(
                                ferrodf_core::ops::copying::Side::Column(c),
                                ferrodf_core::ops::copying::Side::Column(z),
                                &valid,
                            )
                        })
                        .collect::<Result<_>>()?;
                }
            }
        }
        let labels: Vec<Label> = if how == "cumcount" {
            vec![Label::None]
        } else {
            columns.to_vec()
        };
        let multiindex = labels.iter().any(Label::is_tuple);
        DataFrame::new(
            ColumnAccessor::from_pairs(labels.into_iter().zip(out).collect(), multiindex)?,
            Some(self.index().clone()),
        )
    }

    /// Each row's group aggregate (pandas' `groupby(by)[columns].transform(how)`), in the
    /// original row order and index; rows with a null key get nulls when `dropna`.
    pub fn groupby_transform(
        &self,
        by: &[Label],
        columns: &[Label],
        how: &str,
        dropna: bool,
        ddof: i32,
    ) -> Result<DataFrame> {
        let _operation = ferrodf_core::memory::enter_operation();
        let requests: Vec<AggRequest> = columns
            .iter()
            .enumerate()
            .map(|(i, c)| AggRequest {
                column: c.clone(),
                how: how.to_string(),
                output: Label::Str(format!("__ferrodf_transform_{i}")),
            })
            .collect();
        // null keys form a group only without dropna; otherwise their rows find no group
        // in the left join below and get nulls, as in pandas
        let groups = self.groupby_agg(by, &requests, false, dropna, false, ddof)?;
        let keys = self
            .select_columns(&crate::LabelKey::List(by.to_vec()))?
            .with_index(Index::default_for(self.num_rows()))?;
        let joined = keys
            .merge(&groups)
            .on(by.to_vec())
            .how(JoinHow::Left)
            .suffixes("", "_r")
            .run()?;
        let out: Vec<Column> = requests
            .iter()
            .map(|r| joined.data().get(&r.output).cloned())
            .collect::<Result<_>>()?;
        let multiindex = columns.iter().any(Label::is_tuple);
        DataFrame::new(
            ColumnAccessor::from_pairs(columns.iter().cloned().zip(out).collect(), multiindex)?,
            Some(self.index().clone()),
        )
    }
}
