from ferrodf import plc as plc
from ferrodf._lib import __version__ as __version__
from ferrodf._lib import gpu_info as gpu_info
from ferrodf._lib import gpu_unavailable_reason as gpu_unavailable_reason
from ferrodf._lib import host_fallbacks as host_fallbacks
from ferrodf._lib import reset_host_fallbacks as reset_host_fallbacks
from ferrodf._lib import synchronize as synchronize
from ferrodf.options import get_option as get_option
from ferrodf.options import option_context as option_context
from ferrodf.options import set_option as set_option

__all__ = [
    "__version__",
    "get_option",
    "gpu_info",
    "gpu_unavailable_reason",
    "host_fallbacks",
    "option_context",
    "plc",
    "reset_host_fallbacks",
    "set_option",
    "synchronize",
]
