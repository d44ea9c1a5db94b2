"""A local Dask cluster with one worker process per GPU (what ``dask_cuda``'s
``LocalCUDACluster`` does for cuDF), without needing ``dask_cuda``.

Each worker is a ``distributed.Nanny`` process of one thread whose environment selects its
GPU (``CUDA_VISIBLE_DEVICES``), ferrodf's placement (``FERRODF_DEVICE``) and, optionally,
the device memory ferrodf may use before its spill manager moves buffers to host memory
(``FERRODF_DEVICE_LIMIT``, see docs/memory.md). The variables are set before the worker
process imports ferrodf, which reads them at start.

>>> from ferrodf.dask.cluster import worker_env
>>> worker_env(1, device="gpu", device_limit="20GiB")["CUDA_VISIBLE_DEVICES"]
'1'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


def worker_env(
    gpu: int | str | None, device: str = "auto", device_limit: str | int | None = None
) -> dict[str, str]:
    """The environment of the worker that owns GPU ``gpu`` (None: no GPU, the CPU)."""
    env = {"FERRODF_DEVICE": device if gpu is not None else "cpu"}
    env["CUDA_VISIBLE_DEVICES"] = "" if gpu is None else str(gpu)
    if device_limit is not None:
        env["FERRODF_DEVICE_LIMIT"] = str(device_limit)
    return env


def worker_memory_limit(memory_limit: str | float | None, n_workers: int) -> str | float | None:
    """Dask's host-memory limit of each of ``n_workers`` workers.

    ``"auto"`` becomes an even share of the machine's memory. Distributed's own ``"auto"``
    scales the machine's memory by the worker's share of the CPU cores, which for one
    single-threaded worker per GPU is a sliver: 7.8 GB of a 251 GB, 32-core machine. Dask
    counts a worker's GPU partitions against that limit (``dask.sizeof`` reports device
    bytes) and spilled 17 GB of db-benchmark partitions to disk, reading them back for
    every task: a 13 ms groupby took 45 s.

    >>> from distributed.system import MEMORY_LIMIT
    >>> worker_memory_limit("auto", 2) == MEMORY_LIMIT // 2
    True
    >>> worker_memory_limit("20GB", 2)
    '20GB'
    """
    if memory_limit != "auto":
        return memory_limit
    from distributed.system import MEMORY_LIMIT

    return MEMORY_LIMIT // max(n_workers, 1)


def local_cluster(
    n_workers: int | None = None,
    gpus: Sequence[int | str] | None = None,
    device: str = "auto",
    device_limit: str | int | None = None,
    dashboard_address: str | None = ":0",
    memory_limit: str | float | None = "auto",
    silence_logs: int | bool = False,
    **scheduler_options: Any,
) -> Any:
    """A ``distributed.SpecCluster`` with one single-threaded worker process per GPU.

    ``gpus`` lists the devices (default ``range(n_workers)``); ``n_workers`` without GPUs
    (``gpus=[]``) starts CPU workers. ``device_limit`` caps ferrodf's device memory per
    worker (bytes, ``"20GiB"`` or ``"80%"``); past it ferrodf spills to host memory.
    ``memory_limit`` is Dask's own host-memory limit per worker (past 60% of it Dask
    spills partitions to disk); ``"auto"`` splits the machine's memory evenly between the
    workers, as dask-cuda does, see :func:`worker_memory_limit`. ``silence_logs`` a logging
    level below which the cluster's log lines are dropped.
    """
    from distributed import Nanny, Scheduler, SpecCluster

    if gpus is None:
        if n_workers is None:
            raise ValueError("local_cluster needs n_workers or the list of gpus")
        gpus = list(range(n_workers))
    devices: list[int | str | None] = list(gpus) if gpus else [None] * int(n_workers or 1)
    memory_limit = worker_memory_limit(memory_limit, len(devices))
    workers = {
        f"ferrodf-{i}": {
            "cls": Nanny,
            "options": {
                "nthreads": 1,
                "env": worker_env(gpu, device, device_limit),
                "memory_limit": memory_limit,
            },
        }
        for i, gpu in enumerate(devices)
    }
    scheduler = {
        "cls": Scheduler,
        "options": {"dashboard_address": dashboard_address, **scheduler_options},
    }
    return SpecCluster(workers=workers, scheduler=scheduler, silence_logs=silence_logs)
