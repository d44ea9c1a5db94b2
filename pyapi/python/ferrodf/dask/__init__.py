"""ferrodf as a Dask DataFrame backend: ``dask.dataframe`` runs partition by partition on
ferrodf (see docs/dask.md).

Importing this module registers everything Dask needs for ferrodf objects (the dispatches,
``dask.sizeof``, tokenization, pickling and ``distributed`` serialization) and the backend
named ``"ferrodf"``, so that ``dask.config.set({"dataframe.backend": "ferrodf"})`` and
``ddf.to_backend("ferrodf")`` work. The installed package also declares the backend as an
entry point, which Dask loads by itself when the backend is first asked for.
"""

from __future__ import annotations

from ferrodf.dask import _backend, _dispatch, _serialize, _sizeof, _tokenize
from ferrodf.dask._backend import FerrodfBackendEntrypoint, to_ferrodf_dispatch

__all__ = ["FerrodfBackendEntrypoint", "to_ferrodf_dispatch"]

_backend.register()
_dispatch.register()
_sizeof.register()
_tokenize.register()
_serialize.register()
