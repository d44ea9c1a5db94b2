from enum import IntEnum

from ferrodf._lib.aggregation import Aggregation as Aggregation
from ferrodf.plc.types import (
    DataType,
    Interpolation,
    NanEquality,
    NullEquality,
    NullOrder,
    NullPolicy,
    Order,
)

# Compare kinds by name: the numbers differ between libcudf versions.
class Kind(IntEnum):
    SUM = 0
    PRODUCT = 1
    MIN = 2
    MAX = 3
    COUNT_VALID = 4
    COUNT_ALL = 5
    ANY = 6
    ALL = 7
    SUM_OF_SQUARES = 8
    MEAN = 9
    M2 = 10
    VARIANCE = 11
    STD = 12
    MEDIAN = 13
    QUANTILE = 14
    ARGMAX = 15
    ARGMIN = 16
    NUNIQUE = 17
    NTH_ELEMENT = 18
    ROW_NUMBER = 19
    EWMA = 20
    RANK = 21
    COLLECT_LIST = 22
    COLLECT_SET = 23
    LEAD = 24
    LAG = 25
    PTX = 26
    CUDA = 27
    HOST_UDF = 28
    MERGE_LISTS = 29
    MERGE_SETS = 30
    MERGE_M2 = 31
    COVARIANCE = 32
    CORRELATION = 33
    TDIGEST = 34
    MERGE_TDIGEST = 35
    HISTOGRAM = 36
    MERGE_HISTOGRAM = 37
    BITWISE_AGG = 38

class BitwiseOp(IntEnum):
    AND = 0
    OR = 1
    XOR = 2

class CorrelationType(IntEnum):
    PEARSON = 0
    KENDALL = 1
    SPEARMAN = 2

class EWMHistory(IntEnum):
    INFINITE = 0
    FINITE = 1

def sum() -> Aggregation: ...
def product() -> Aggregation: ...
def min() -> Aggregation: ...
def max() -> Aggregation: ...
def count(null_handling: NullPolicy = NullPolicy.EXCLUDE) -> Aggregation: ...
def any() -> Aggregation: ...
def all() -> Aggregation: ...
def sum_of_squares() -> Aggregation: ...
def mean() -> Aggregation: ...
def variance(ddof: int = 1) -> Aggregation: ...
def std(ddof: int = 1) -> Aggregation: ...
def median() -> Aggregation: ...
def quantile(
    quantiles: list[float], interp: Interpolation = Interpolation.LINEAR
) -> Aggregation: ...
def argmax() -> Aggregation: ...
def argmin() -> Aggregation: ...
def nunique(null_handling: NullPolicy = NullPolicy.EXCLUDE) -> Aggregation: ...
def nth_element(n: int, null_handling: NullPolicy = NullPolicy.INCLUDE) -> Aggregation: ...
def collect_list(null_handling: NullPolicy = NullPolicy.INCLUDE) -> Aggregation: ...
def row_number() -> Aggregation: ...
def lead(offset: int) -> Aggregation: ...
def lag(offset: int) -> Aggregation: ...
def collect_set(
    null_handling: NullPolicy = NullPolicy.INCLUDE,
    nulls_equal: NullEquality = NullEquality.EQUAL,
    nans_equal: NanEquality = NanEquality.ALL_EQUAL,
) -> Aggregation: ...

class RankMethod(IntEnum):
    FIRST = 0
    AVERAGE = 1
    MIN = 2
    MAX = 3
    DENSE = 4

class RankPercentage(IntEnum):
    NONE = 0
    ZERO_NORMALIZED = 1
    ONE_NORMALIZED = 2

def rank(
    method: RankMethod,
    column_order: Order = Order.ASCENDING,
    null_handling: NullPolicy = NullPolicy.EXCLUDE,
    null_precedence: NullOrder = NullOrder.AFTER,
    percentage: RankPercentage = RankPercentage.NONE,
) -> Aggregation: ...
def m2() -> Aggregation: ...
def covariance(min_periods: int, ddof: int) -> Aggregation: ...
def correlation(type: CorrelationType, min_periods: int) -> Aggregation: ...
def bitwise(op: BitwiseOp) -> Aggregation: ...
def ewma(center_of_mass: float, history: EWMHistory) -> Aggregation: ...
def histogram() -> Aggregation: ...
def merge_histogram() -> Aggregation: ...
def merge_m2() -> Aggregation: ...
def merge_lists() -> Aggregation: ...
def merge_sets(
    nulls_equal: NullEquality = NullEquality.EQUAL,
    nans_equal: NanEquality = NanEquality.ALL_EQUAL,
) -> Aggregation: ...
def tdigest(max_centroids: int) -> Aggregation: ...
def merge_tdigest(max_centroids: int) -> Aggregation: ...
def is_valid_aggregation(source: DataType, agg: Aggregation) -> bool: ...
