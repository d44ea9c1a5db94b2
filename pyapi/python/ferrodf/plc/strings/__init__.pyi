from ferrodf.plc.strings import attributes as attributes
from ferrodf.plc.strings import case as case
from ferrodf.plc.strings import combine as combine
from ferrodf.plc.strings import contains as contains
from ferrodf.plc.strings import find as find
from ferrodf.plc.strings import regex_flags as regex_flags
from ferrodf.plc.strings import regex_program as regex_program
from ferrodf.plc.strings import replace as replace
from ferrodf.plc.strings import replace_re as replace_re
from ferrodf.plc.strings import side_type as side_type
from ferrodf.plc.strings import slice as slice
from ferrodf.plc.strings import split as split
from ferrodf.plc.strings import strip as strip
from ferrodf.plc.strings.regex_flags import RegexFlags as RegexFlags
from ferrodf.plc.strings.regex_program import RegexProgram as RegexProgram
from ferrodf.plc.strings.side_type import SideType as SideType

__all__ = [
    "RegexFlags",
    "RegexProgram",
    "SideType",
    "attributes",
    "case",
    "combine",
    "contains",
    "find",
    "regex_flags",
    "regex_program",
    "replace",
    "replace_re",
    "side_type",
    "slice",
    "split",
    "strip",
]
