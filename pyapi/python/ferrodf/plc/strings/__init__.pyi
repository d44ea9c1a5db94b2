from ferrodf.plc.strings import attributes as attributes
from ferrodf.plc.strings import case as case
from ferrodf.plc.strings import combine as combine
from ferrodf.plc.strings import find as find
from ferrodf.plc.strings import replace as replace
from ferrodf.plc.strings import side_type as side_type
from ferrodf.plc.strings import slice as slice
from ferrodf.plc.strings import split as split
from ferrodf.plc.strings import strip as strip
from ferrodf.plc.strings.side_type import SideType as SideType

__all__ = [
    "SideType",
    "attributes",
    "case",
    "combine",
    "find",
    "replace",
    "side_type",
    "slice",
    "split",
    "strip",
]
