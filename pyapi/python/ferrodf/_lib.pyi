# Type stubs for the compiled extension `ferrodf._lib` (pyapi/src/*.rs), kept by hand:
# when a #[pyfunction] or #[pymethods] signature changes, update its stub here.
# The classes are re-exported by the modules of `ferrodf.plc`.

import builtins
from collections.abc import Iterable, Mapping, Sequence
from typing import (
    Any,
    ClassVar,
    Literal,
    Protocol,
    Self,
    TypeAlias,
    TypedDict,
    TypeVar,
    final,
    type_check_only,
)

import numpy as np
import pyarrow as pa  # type: ignore[import-untyped]  # pyarrow ships no stubs
from typing_extensions import CapsuleType

from ferrodf.plc.aggregation import Kind, RankMethod
from ferrodf.plc.binaryop import BinaryOperator
from ferrodf.plc.copying import MaskAllocationPolicy, OutOfBoundsPolicy
from ferrodf.plc.interop import ColumnMetadata
from ferrodf.plc.reduce import ScanType
from ferrodf.plc.replace import ReplacePolicy
from ferrodf.plc.round import RoundingMethod
from ferrodf.plc.stream_compaction import DuplicateKeepOption
from ferrodf.plc.types import (
    Interpolation,
    MaskState,
    NanEquality,
    NanPolicy,
    NullEquality,
    NullOrder,
    NullPolicy,
    Order,
    Sorted,
    TypeId,
)
from ferrodf.plc.unary import UnaryOperator

__version__: str

_ColumnOrTable = TypeVar("_ColumnOrTable", Column, Table)

# Objects accepted as input (checked at run time by the bindings).

@type_check_only
class _SupportsCudaArrayInterface(Protocol):
    @property
    def __cuda_array_interface__(self) -> Mapping[str, Any]: ...

@type_check_only
class _SupportsArrayInterface(Protocol):
    @property
    def __array_interface__(self) -> Mapping[str, Any]: ...

@type_check_only
class _ArrowArrayExportable(Protocol):
    def __arrow_c_array__(self, requested_schema: Any = None) -> object: ...

@type_check_only
class _ArrowStreamExportable(Protocol):
    def __arrow_c_stream__(self, requested_schema: Any = None) -> object: ...

@type_check_only
class _ArrowSchemaExportable(Protocol):
    def __arrow_c_schema__(self) -> object: ...

@type_check_only
class _GpuInfo(TypedDict):
    name: str
    arch: str
    multiprocessors: int
    total_memory: int
    free_memory: int

# Where a column's or buffer's bytes live.
_Residency: TypeAlias = Literal["host", "device", "host+device"]
# The `name` argument of `make_aggregation`.
_AggregationName: TypeAlias = Literal[
    "sum",
    "product",
    "min",
    "max",
    "count",
    "any",
    "all",
    "sum_of_squares",
    "mean",
    "variance",
    "std",
    "median",
    "quantile",
    "argmax",
    "argmin",
    "nunique",
    "nth_element",
    "collect_list",
    "collect_set",
    "rank",
]
# `stream` and `mr` are accepted for pylibcudf compatibility and ignored.
_Stream: TypeAlias = object | None
_MemoryResource: TypeAlias = object | None

@final
class DataType:
    def __new__(cls, type_id: TypeId | int, scale: int = 0) -> Self: ...
    def id(self) -> TypeId: ...
    def scale(self) -> int: ...
    def to_arrow(self) -> pa.DataType: ...
    @staticmethod
    def from_arrow(pa_typ: _ArrowSchemaExportable) -> DataType: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...
    def __reduce__(self) -> tuple[type[DataType], tuple[int, int]]: ...
    def __repr__(self) -> str: ...

@final
class gpumemoryview:
    def __new__(cls, obj: _SupportsCudaArrayInterface) -> Self: ...
    @property
    def ptr(self) -> int: ...
    @property
    def host_ptr(self) -> int: ...
    @property
    def nbytes(self) -> int: ...
    @property
    def size(self) -> int: ...
    @property
    def obj(self) -> object: ...
    @property
    def residency(self) -> _Residency: ...
    @property
    def __cuda_array_interface__(self) -> dict[str, Any]: ...
    def __len__(self) -> int: ...
    def byte_slice(self, s: builtins.slice) -> gpumemoryview: ...
    def tobytes(self) -> bytes: ...
    def __repr__(self) -> str: ...

@final
class Column:
    def __new__(
        cls,
        data_type: DataType,
        size: int,
        data: gpumemoryview | _SupportsCudaArrayInterface | None,
        mask: gpumemoryview | _SupportsCudaArrayInterface | None,
        null_count: int,
        offset: int,
        children: Sequence[Column],
        validate: bool = True,
    ) -> Self: ...
    def type(self) -> DataType: ...
    def size(self) -> int: ...
    def __len__(self) -> int: ...
    def null_count(self) -> int: ...
    def offset(self) -> int: ...
    def data(self) -> gpumemoryview | None: ...
    def null_mask(self) -> gpumemoryview | None: ...
    def children(self) -> list[Column]: ...
    def num_children(self) -> int: ...
    def child(self, index: int) -> Column: ...
    def with_mask(
        self,
        mask: gpumemoryview | _SupportsCudaArrayInterface | None,
        null_count: int,
        validate: bool = True,
    ) -> Column: ...
    def copy(self, stream: _Stream = None, mr: _MemoryResource = None) -> Column: ...
    def residency(self) -> _Residency: ...
    def to_arrow(
        self, metadata: ColumnMetadata | str | None = None, stream: _Stream = None
    ) -> pa.Array: ...
    @staticmethod
    def from_arrow(
        obj: _ArrowArrayExportable | _ArrowStreamExportable,
        dtype: DataType | None = None,
        stream: _Stream = None,
        mr: _MemoryResource = None,
    ) -> Column: ...
    @classmethod
    def from_array(
        cls,
        obj: _SupportsCudaArrayInterface | _SupportsArrayInterface,
        stream: _Stream = None,
    ) -> Column: ...
    @staticmethod
    def from_iterable_of_py(
        obj: Iterable[Any], dtype: DataType | None = None, stream: _Stream = None
    ) -> Column: ...
    def to_pylist(self) -> list[Any]: ...
    def __dlpack__(
        self,
        *,
        stream: Any = None,
        max_version: tuple[int, int] | None = None,
        dl_device: tuple[int, int] | None = None,
        copy: bool | None = None,
    ) -> object: ...
    def __dlpack_device__(self) -> tuple[int, int]: ...
    def __arrow_c_array__(
        self, requested_schema: CapsuleType | None = None
    ) -> tuple[CapsuleType, CapsuleType]: ...
    def __arrow_c_stream__(self, requested_schema: CapsuleType | None = None) -> CapsuleType: ...
    def __arrow_c_schema__(self) -> CapsuleType: ...
    def __repr__(self) -> str: ...

@final
class Table:
    def __new__(cls, columns: Iterable[Column], num_rows: int | None = None) -> Self: ...
    def columns(self) -> list[Column]: ...
    def num_columns(self) -> int: ...
    def num_rows(self) -> int: ...
    def shape(self) -> tuple[int, int]: ...
    def copy(self, stream: _Stream = None, mr: _MemoryResource = None) -> Table: ...
    def to_arrow(
        self,
        metadata: Sequence[ColumnMetadata | str] | None = None,
        stream: _Stream = None,
    ) -> pa.Table: ...
    # `dtype` is accepted for pylibcudf compatibility and ignored.
    @staticmethod
    def from_arrow(
        arrow_like: _ArrowArrayExportable | _ArrowStreamExportable,
        dtype: DataType | None = None,
        stream: _Stream = None,
        mr: _MemoryResource = None,
    ) -> Table: ...
    def __arrow_c_stream__(self, requested_schema: CapsuleType | None = None) -> CapsuleType: ...
    def __arrow_c_array__(
        self, requested_schema: CapsuleType | None = None
    ) -> tuple[CapsuleType, CapsuleType]: ...
    def __arrow_c_schema__(self) -> CapsuleType: ...
    def __repr__(self) -> str: ...

# Not constructible: make one with `from_py`, `from_numpy` or `from_arrow`.
@final
class Scalar:
    def type(self) -> DataType: ...
    def is_valid(self, stream: _Stream = None) -> bool: ...
    @classmethod
    def from_py(
        cls,
        py_val: Any,
        dtype: DataType | None = None,
        stream: _Stream = None,
        mr: _MemoryResource = None,
    ) -> Scalar: ...
    @classmethod
    def from_numpy(
        cls, np_val: np.generic, stream: _Stream = None, mr: _MemoryResource = None
    ) -> Scalar: ...
    @staticmethod
    def from_arrow(
        pa_val: pa.Scalar | _ArrowArrayExportable | _ArrowStreamExportable,
        dtype: DataType | None = None,
        stream: _Stream = None,
    ) -> Scalar: ...
    def to_arrow(
        self, metadata: ColumnMetadata | str | None = None, stream: _Stream = None
    ) -> pa.Scalar: ...
    def to_py(self, stream: _Stream = None) -> Any: ...
    def __repr__(self) -> str: ...

# Not constructible: make one with the factories of `ferrodf.plc.aggregation`.
@final
class Aggregation:
    def kind(self) -> Kind: ...
    def __repr__(self) -> str: ...
    def __eq__(self, value: object, /) -> bool: ...
    def __hash__(self) -> int: ...

def size_of(t: DataType) -> int: ...
def to_dlpack(input: Table) -> object: ...
def from_dlpack(managed_tensor: Any) -> Table: ...
def make_aggregation(
    name: _AggregationName,
    null_handling: int = 0,
    ddof: int = 1,
    quantiles: Sequence[float] | None = None,
    interp: int = 0,
    n: int = 0,
    nulls_equal: bool = True,
    nans_equal: bool = True,
    method: int = 0,
    column_order: int = 0,
    null_precedence: int = 0,
    percentage: int = 0,
) -> Aggregation: ...
def reduce(
    col: Column,
    agg: Aggregation,
    data_type: DataType,
    init: Scalar | None = None,
    stream: _Stream = None,
    mr: _MemoryResource = None,
) -> Scalar: ...
def is_valid_reduce_aggregation(source: DataType, agg: Aggregation) -> bool: ...
def binary_operation(
    lhs: Column | Scalar,
    rhs: Column | Scalar,
    op: BinaryOperator | int,
    output_type: DataType,
    stream: _Stream = None,
    mr: _MemoryResource = None,
) -> Column: ...
def is_supported_operation(
    out: DataType, lhs: DataType, rhs: DataType, op: BinaryOperator | int
) -> bool: ...
def get_device() -> Literal["auto", "gpu", "cpu"]: ...
def set_device(value: str) -> None: ...
def gpu_info() -> _GpuInfo | None: ...
def gpu_unavailable_reason() -> str | None: ...
def synchronize() -> None: ...
def host_fallbacks() -> dict[str, int]: ...
def reset_host_fallbacks() -> None: ...
def host_fallback(function: str, why: str) -> None: ...

# Memory (wrapped by ferrodf.memory and the memory.* options)
def get_spill() -> bool: ...
def set_spill(on: bool) -> None: ...
def get_device_limit() -> int | None: ...
def set_device_limit(value: int | str | None) -> None: ...
def get_spill_statistics() -> int: ...
def set_spill_statistics(level: int) -> None: ...
def memory_statistics() -> dict[str, Any]: ...
def reset_memory_statistics() -> None: ...
def spill(nbytes: int | None = None) -> tuple[int, int]: ...
def memory_info() -> dict[str, Any]: ...
def memory_prefetch(columns: list[Column], to: str) -> int: ...
def memory_spilled_bytes(columns: list[Column]) -> tuple[int, int]: ...
def has_cuda_array_interface(obj: object) -> bool: ...

__all__ = [
    "__version__",
    "DataType",
    "Column",
    "Table",
    "Scalar",
    "gpumemoryview",
    "Aggregation",
    "size_of",
    "make_aggregation",
    "reduce",
    "is_valid_reduce_aggregation",
    "binary_operation",
    "is_supported_operation",
    "get_device",
    "set_device",
    "gpu_info",
    "gpu_unavailable_reason",
    "synchronize",
    "host_fallbacks",
    "reset_host_fallbacks",
]

# plc.copying, plc.concatenate, plc.filling, plc.stream_compaction, plc.replace
def gather(
    source_table: Table,
    gather_map: Column,
    bounds_policy: OutOfBoundsPolicy,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def scatter(
    source: Table | list[Scalar],
    scatter_map: Column,
    target_table: Table,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def empty_like(input: _ColumnOrTable, stream: Any = None, mr: Any = None) -> _ColumnOrTable: ...
def allocate_like(
    input_column: Column,
    policy: MaskAllocationPolicy,
    size: int | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def copy_range_in_place(
    input_column: Column,
    target_column: Column,
    input_begin: int,
    input_end: int,
    target_begin: int,
    stream: Any = None,
) -> None: ...
def copy_range(
    input_column: Column,
    target_column: Column,
    input_begin: int,
    input_end: int,
    target_begin: int,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def shift(
    input: Column, offset: int, fill_value: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def slice(
    input: _ColumnOrTable, indices: list[int], stream: Any = None
) -> list[_ColumnOrTable]: ...
def split(input: _ColumnOrTable, splits: list[int], stream: Any = None) -> list[_ColumnOrTable]: ...
def copy_if_else(
    lhs: Column | Scalar,
    rhs: Column | Scalar,
    boolean_mask: Column,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def boolean_mask_scatter(
    input: Table | list[Scalar],
    target: Table,
    boolean_mask: Column,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def get_element(input_column: Column, index: int, stream: Any = None, mr: Any = None) -> Scalar: ...
def concatenate(
    objects: list[_ColumnOrTable], stream: Any = None, mr: Any = None
) -> _ColumnOrTable: ...
def fill(
    destination: Column,
    begin: int,
    end: int,
    value: Scalar,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def fill_in_place(
    destination: Column, begin: int, end: int, value: Scalar, stream: Any = None
) -> None: ...
def sequence(
    size: int, init: Scalar, step: Scalar, stream: Any = None, mr: Any = None
) -> Column: ...
def repeat(
    input_table: Table, count: Column | int, stream: Any = None, mr: Any = None
) -> Table: ...
def drop_nulls(
    source_table: Table, keys: list[int], keep_threshold: int, stream: Any = None, mr: Any = None
) -> Table: ...
def drop_nans(
    source_table: Table, keys: list[int], keep_threshold: int, stream: Any = None, mr: Any = None
) -> Table: ...
def apply_boolean_mask(
    source_table: Table, boolean_mask: Column, stream: Any = None, mr: Any = None
) -> Table: ...
def unique(
    input: Table,
    keys: list[int],
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def distinct(
    input: Table,
    keys: list[int],
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def distinct_indices(
    input: Table,
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def stable_distinct(
    input: Table,
    keys: list[int],
    keep: DuplicateKeepOption,
    nulls_equal: NullEquality,
    nans_equal: NanEquality,
    stream: Any = None,
    mr: Any = None,
) -> Table: ...
def unique_count(
    source: Column, null_handling: NullPolicy, nan_handling: NanPolicy, stream: Any = None
) -> int: ...
def distinct_count(
    source: Column, null_handling: NullPolicy, nan_handling: NanPolicy, stream: Any = None
) -> int: ...
def replace_nulls(
    source_column: Column,
    replacement: Column | Scalar | ReplacePolicy,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def find_and_replace_all(
    source_column: Column,
    values_to_replace: Column,
    replacement_values: Column,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def clamp(
    source_column: Column,
    lo: Scalar,
    hi: Scalar,
    lo_replace: Scalar | None = None,
    hi_replace: Scalar | None = None,
    stream: Any = None,
    mr: Any = None,
) -> Column: ...
def normalize_nans_and_zeros(
    source_column: Column, inplace: bool = False, stream: Any = None, mr: Any = None
) -> Column | None: ...
def scan(
    col: Column, agg: Aggregation, inclusive: ScanType, stream: Any = None, mr: Any = None
) -> Column: ...
def minmax(col: Column, stream: Any = None, mr: Any = None) -> tuple[Scalar, Scalar]: ...

# plc.hashing, plc.null_mask, plc.search (re-exported there without the prefix)
def hashing_murmurhash3_x86_32(
    input: Table, seed: int = 0, stream: Any | None = None, mr: Any | None = None
) -> Column: ...
def hashing_xxhash_64(
    input: Table, seed: int = 0, stream: Any | None = None, mr: Any | None = None
) -> Column: ...
def null_mask_copy_bitmask(
    col: Column, stream: Any | None = None, mr: Any | None = None
) -> gpumemoryview: ...
def null_mask_bitmask_allocation_size_bytes(number_of_bits: int) -> int: ...
def null_mask_create_null_mask(
    size: int,
    state: MaskState = ...,
    stream: Any | None = None,
    mr: Any | None = None,
) -> gpumemoryview: ...
def null_mask_bitmask_and(
    columns: list[Column], stream: Any | None = None, mr: Any | None = None
) -> tuple[gpumemoryview, int]: ...
def null_mask_bitmask_or(
    columns: list[Column], stream: Any | None = None, mr: Any | None = None
) -> tuple[gpumemoryview, int]: ...
def null_mask_null_count(bitmask: Any, start: int, stop: int, stream: Any | None = None) -> int: ...
def search_lower_bound(
    haystack: Table,
    needles: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def search_upper_bound(
    haystack: Table,
    needles: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def search_contains(
    haystack: Column, needles: Column, stream: Any | None = None, mr: Any | None = None
) -> Column: ...

# plc.unary, plc.round, plc.transform, plc.traits
def unary_operation(
    input: Column, op: UnaryOperator, stream: object = None, mr: object = None
) -> Column: ...
def is_null(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_valid(input: Column, stream: object = None, mr: object = None) -> Column: ...
def cast(
    input: Column, data_type: DataType, stream: object = None, mr: object = None
) -> Column: ...
def bit_cast(
    input: Column, data_type: DataType, stream: object = None, mr: object = None
) -> Column: ...
def is_nan(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_not_nan(input: Column, stream: object = None, mr: object = None) -> Column: ...
def is_supported_cast(from_: DataType, to: DataType) -> bool: ...
def round(
    source: Column,
    decimal_places: int = 0,
    round_method: RoundingMethod = ...,
    stream: object = None,
    mr: object = None,
) -> Column: ...
def round_decimal(
    source: Column,
    decimal_places: int = 0,
    round_method: RoundingMethod = ...,
    stream: object = None,
    mr: object = None,
) -> Column: ...
def nans_to_nulls(
    input: Column, stream: object = None, mr: object = None
) -> tuple[gpumemoryview, int]: ...
def column_nans_to_nulls(input: Column, stream: object = None, mr: object = None) -> Column: ...
def bools_to_mask(
    input: Column, stream: object = None, mr: object = None
) -> tuple[gpumemoryview, int]: ...
def mask_to_bools(
    bitmask: int | gpumemoryview,
    begin_bit: int,
    end_bit: int,
    stream: object = None,
    mr: object = None,
) -> Column: ...
def is_relationally_comparable(typ: DataType) -> bool: ...
def is_equality_comparable(typ: DataType) -> bool: ...
def is_numeric(typ: DataType) -> bool: ...
def is_numeric_not_bool(typ: DataType) -> bool: ...
def is_index_type(typ: DataType) -> bool: ...
def is_unsigned(typ: DataType) -> bool: ...
def is_integral(typ: DataType) -> bool: ...
def is_integral_not_bool(typ: DataType) -> bool: ...
def is_floating_point(typ: DataType) -> bool: ...
def is_boolean(typ: DataType) -> bool: ...
def is_timestamp(typ: DataType) -> bool: ...
def is_fixed_point(typ: DataType) -> bool: ...
def is_duration(typ: DataType) -> bool: ...
def is_chrono(typ: DataType) -> bool: ...
def is_dictionary(typ: DataType) -> bool: ...
def is_fixed_width(typ: DataType) -> bool: ...
def is_compound(typ: DataType) -> bool: ...
def is_nested(typ: DataType) -> bool: ...
def is_bit_castable(source: DataType, target: DataType) -> bool: ...

# plc.groupby
@final
class GroupByRequest:
    def __new__(cls, values: Column, aggregations: Iterable[Aggregation]) -> Self: ...

@final
class GroupBy:
    def __new__(
        cls,
        keys: Table,
        null_handling: NullPolicy | int | None = None,
        keys_are_sorted: Sorted | int | None = None,
        column_order: Iterable[Order] | None = None,
        null_precedence: Iterable[NullOrder] | None = None,
    ) -> Self: ...
    def aggregate(self, requests: Iterable[GroupByRequest]) -> tuple[Table, list[Table]]: ...
    def scan(self, requests: Iterable[GroupByRequest]) -> tuple[Table, list[Table]]: ...
    def shift(
        self, values: Table, offset: Iterable[int], fill_values: Iterable[Scalar]
    ) -> tuple[Table, Table]: ...
    def replace_nulls(
        self, value: Table, replace_policies: Iterable[ReplacePolicy]
    ) -> tuple[Table, Table]: ...
    def get_groups(self, values: Table | None = None) -> tuple[list[int], Table, Table | None]: ...

# plc.sorting (re-exported there without the prefix)
def sorting_sorted_order(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def sorting_stable_sorted_order(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def sorting_sort(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_stable_sort(
    source_table: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_sort_by_key(
    values: Table,
    keys: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_stable_sort_by_key(
    values: Table,
    keys: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_segmented_sort_by_key(
    values: Table,
    keys: Table,
    segment_offsets: Column,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_stable_segmented_sort_by_key(
    values: Table,
    keys: Table,
    segment_offsets: Column,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def sorting_rank(
    input_view: Column,
    method: RankMethod,
    column_order: Order,
    null_handling: NullPolicy,
    null_precedence: NullOrder,
    percentage: bool,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def sorting_is_sorted(
    tbl: Table,
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
) -> bool: ...
def sorting_top_k(
    col: Column,
    k: int,
    sort_order: Order = ...,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def sorting_top_k_order(
    col: Column,
    k: int,
    sort_order: Order = ...,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...

# plc.quantiles and plc.merge (re-exported there without the prefix)
def quantiles_quantile(
    input: Column,
    q: Iterable[float],
    interp: Interpolation = ...,
    ordered_indices: Column | None = None,
    exact: bool = True,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def quantiles_quantiles(
    input: Table,
    q: Iterable[float],
    interp: Interpolation = ...,
    is_input_sorted: Sorted = ...,
    column_order: list[Order] | None = None,
    null_precedence: list[NullOrder] | None = None,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...
def merge_merge(
    tables_to_merge: list[Table],
    key_cols: list[int],
    column_order: list[Order],
    null_precedence: list[NullOrder],
    stream: Any | None = None,
    mr: Any | None = None,
) -> Table: ...

# join / partitioning
def join_inner_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: int,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...
def join_left_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: int,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...
def join_full_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: int,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Column, Column]: ...
def join_left_semi_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: int,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def join_left_anti_join(
    left_keys: Table,
    right_keys: Table,
    nulls_equal: int,
    stream: Any | None = None,
    mr: Any | None = None,
) -> Column: ...
def join_cross_join(
    left: Table, right: Table, stream: Any | None = None, mr: Any | None = None
) -> Table: ...
def partitioning_hash_partition(
    input: Table,
    columns_to_hash: list[int],
    num_partitions: int,
    seed: int = 0,
    stream: Any | None = None,
    mr: Any | None = None,
) -> tuple[Table, list[int]]: ...

# -- pandas-like frontend (the Rust `ferrodf` crate); wrapped by ferrodf.DataFrame etc. ----
_Rows = slice | Column  # a Python slice, integer positions or a boolean column

class ColumnAccessor:
    def __init__(
        self,
        names: list[Any],
        columns: list[Column],
        multiindex: bool = False,
        level_names: list[Any] | None = None,
    ) -> None: ...
    @property
    def names(self) -> list[Any]: ...
    @property
    def columns(self) -> list[Column]: ...
    @property
    def multiindex(self) -> bool: ...
    @property
    def level_names(self) -> list[Any]: ...
    @level_names.setter
    def level_names(self, names: list[Any]) -> None: ...
    @property
    def nlevels(self) -> int: ...
    @property
    def nrows(self) -> int: ...
    def __len__(self) -> int: ...
    def __contains__(self, label: object) -> bool: ...
    def get(self, label: Any) -> Column: ...
    def insert(self, name: Any, column: Column, loc: int | None = None) -> None: ...
    def set_by_label(self, name: Any, column: Column) -> None: ...
    def pop(self, label: Any) -> Column: ...
    def select_by_label(self, key: Any) -> ColumnAccessor: ...
    def select_by_index(self, key: Any) -> ColumnAccessor: ...
    def droplevel(self, level: int) -> ColumnAccessor: ...
    def swaplevel(self, i: int = -2, j: int = -1) -> ColumnAccessor: ...
    def rename_levels(self, mapper: Any, level: int | None = None) -> ColumnAccessor: ...
    def copy(self, deep: bool = False) -> ColumnAccessor: ...

class Index:
    @staticmethod
    def range(start: int, stop: int, step: int = 1, name: Any = None) -> Index: ...
    @staticmethod
    def from_column(column: Column, name: Any = None) -> Index: ...
    @staticmethod
    def multi(levels: list[Column], names: list[Any] | None = None) -> Index: ...
    @property
    def kind(self) -> Literal["range", "column", "multi"]: ...
    @property
    def range_params(self) -> tuple[int, int, int] | None: ...
    @property
    def names(self) -> list[Any]: ...
    @property
    def nlevels(self) -> int: ...
    def with_names(self, names: list[Any]) -> Index: ...
    def __len__(self) -> int: ...
    def level_columns(self) -> list[Column]: ...
    def same_labels(self, other: Index) -> bool | None: ...
    def select_rows(self, rows: _Rows) -> Index: ...
    def to_text(self) -> str: ...
    def get_loc(self, key: Any) -> int | Column: ...

class Series:
    def __init__(self, column: Column, index: Index | None = None, name: Any = None) -> None: ...
    @property
    def column(self) -> Column: ...
    @property
    def index(self) -> Index: ...
    @property
    def name(self) -> Any: ...
    def rename(self, name: Any) -> Series: ...
    def with_column(self, column: Column) -> Series: ...
    def with_index(self, index: Index) -> Series: ...
    def __len__(self) -> int: ...
    def select_rows(self, rows: _Rows) -> Series: ...
    def to_text(self) -> str: ...
    def to_html(self) -> str: ...
    def binary(
        self, op: str, other: Any, reflected: bool = False, fill_value: Any = None
    ) -> Series: ...
    def reduce(
        self,
        how: str,
        skipna: bool = True,
        min_count: int = 0,
        ddof: int = 1,
        q: float = 0.5,
        dropna: bool = True,
    ) -> Any: ...
    def cumulative(self, how: str) -> Series: ...
    def isna(self) -> Series: ...
    def notna(self) -> Series: ...
    def fillna(self, value: Any) -> Series: ...
    def clip(self, lower: Any = None, upper: Any = None) -> Series: ...
    def dropna(self) -> Series: ...
    def value_counts(
        self, sort: bool = True, ascending: bool = False, dropna: bool = True
    ) -> Series: ...
    def sort_values(
        self, ascending: bool = True, na_first: bool = False, key: Column | None = None
    ) -> Series: ...
    def sort_index(self, ascending: bool = True, na_first: bool = False) -> Series: ...
    def drop_duplicates(self, keep: Any) -> Series: ...
    def unique(self) -> Series: ...
    def dt_field(self, name: str) -> Series: ...
    def dt_round(self, how: str, freq: str) -> Series: ...

def binary_column_op(lhs: Column, op: str, rhs: Any, reflected: bool = False) -> Column: ...
def reduce_column_op(
    col: Column,
    how: str,
    skipna: bool = True,
    min_count: int = 0,
    ddof: int = 1,
    q: float = 0.5,
    dropna: bool = True,
) -> Any: ...
def scan_column_op(col: Column, how: str) -> Column: ...

class DataFrame:
    def __init__(self, data: ColumnAccessor, index: Index | None = None) -> None: ...
    @property
    def data(self) -> ColumnAccessor: ...
    @property
    def index(self) -> Index: ...
    @property
    def shape(self) -> tuple[int, int]: ...
    def get(self, key: Any) -> Series | DataFrame: ...
    def column(self, label: Any) -> Series: ...
    def select_columns(self, key: Any) -> DataFrame: ...
    def select_columns_by_position(self, key: Any) -> DataFrame: ...
    def select_rows(self, rows: _Rows) -> DataFrame: ...
    def with_column(self, label: Any, column: Column) -> DataFrame: ...
    def insert(self, loc: int, label: Any, column: Column) -> DataFrame: ...
    def drop_columns(self, labels: list[Any]) -> DataFrame: ...
    def rename_columns(self, mapper: Any, level: int | None = None) -> DataFrame: ...
    def with_index(self, index: Index) -> DataFrame: ...
    def with_data(self, data: ColumnAccessor) -> DataFrame: ...
    def memory_usage(self) -> int: ...
    def binary(self, op: str, other: Any, reflected: bool = False) -> DataFrame: ...
    def reduce(
        self,
        how: str,
        skipna: bool = True,
        min_count: int = 0,
        ddof: int = 1,
        q: float = 0.5,
        dropna: bool = True,
        numeric_only: bool = False,
    ) -> Series: ...
    def row(self, position: int) -> Series: ...
    def sort_values(
        self,
        by: list[Any],
        ascending: list[bool],
        nulls_first: bool = False,
        keys: list[Column] | None = None,
    ) -> DataFrame: ...
    def groupby_agg(
        self,
        by: list[Any],
        requests: list[tuple[Any, str, Any]],
        sort: bool = True,
        dropna: bool = True,
        as_index: bool = True,
        ddof: int = 1,
    ) -> DataFrame: ...
    def merge(
        self,
        right: DataFrame,
        left_on: list[Any],
        right_on: list[Any],
        how: str = "inner",
        suffixes: tuple[str, str] = ("_x", "_y"),
    ) -> DataFrame: ...
    @staticmethod
    def concat(frames: list[DataFrame], axis: int = 0, ignore_index: bool = False) -> DataFrame: ...
    def drop_duplicates(
        self, subset: list[Any], keep: Literal["first", "last", False]
    ) -> DataFrame: ...
    def dropna(self, subset: list[Any], all: bool) -> DataFrame: ...
    def sort_index(self, ascending: bool) -> DataFrame: ...
    def groupby_scan(
        self, by: list[Any], columns: list[Any], how: str, dropna: bool
    ) -> DataFrame: ...
    def groupby_transform(
        self, by: list[Any], columns: list[Any], how: str, ddof: int = 1
    ) -> DataFrame: ...
    def to_text(self) -> str: ...
    def to_html(self) -> str: ...

def set_display_options(
    max_rows: int, min_rows: int, max_columns: int, max_colwidth: int, precision: int
) -> None: ...

# --- I/O (pyapi/src/io.rs). Options arrive as a dict built by ferrodf.plc.io.*; sources
# are paths or bytes; a None path means a memory sink whose bytes are returned.

ColumnNameSpec: TypeAlias = tuple[str, list[ColumnNameSpec]]

def io_read_csv(
    sources_: Sequence[str | bytes], options: Mapping[str, Any]
) -> tuple[Table, list[ColumnNameSpec]]: ...
def io_write_csv(
    path: str | None, table: Table, metadata: Sequence[Any] | None, options: Mapping[str, Any]
) -> bytes | None: ...
def io_read_parquet(
    sources_: Sequence[str | bytes], options: Mapping[str, Any]
) -> tuple[Table, list[ColumnNameSpec]]: ...
def io_write_parquet(
    path: str | None, table: Table, metadata: Sequence[Any] | None, options: Mapping[str, Any]
) -> bytes | None: ...
def io_read_json(
    sources_: Sequence[str | bytes], options: Mapping[str, Any]
) -> tuple[Table, list[ColumnNameSpec]]: ...
def io_write_json(
    path: str | None, table: Table, metadata: Sequence[Any] | None, options: Mapping[str, Any]
) -> bytes | None: ...

@final
class _ChunkedParquetReader:
    def __init__(
        self, sources_: Sequence[str | bytes], options: Mapping[str, Any], chunk_read_limit: int
    ) -> None: ...
    def has_next(self) -> bool: ...
    def read_chunk(self) -> tuple[Table, list[ColumnNameSpec]]: ...

@final
class _ParquetChunkedWriter:
    def __init__(self, path: str | None, options: Mapping[str, Any]) -> None: ...
    def write(self, table: Table, metadata: Sequence[Any] | None = None) -> None: ...
    def close(self) -> bytes | None: ...

class RegexProgram:
    @staticmethod
    def create(pattern: str, flags: int | None = None) -> RegexProgram: ...
    @property
    def pattern(self) -> str: ...
    @property
    def flags(self) -> int: ...
    def groups_count(self) -> int: ...

def strings_regex_search(input: Column, prog: RegexProgram, op: int) -> Column: ...
def strings_replace_re(
    input: Column, prog: RegexProgram, replacement: Scalar, max_replace_count: int = -1
) -> Column: ...
def strings_replace_with_backrefs(
    input: Column, prog: RegexProgram, replacement: str, max_replace_count: int = -1
) -> Column: ...
