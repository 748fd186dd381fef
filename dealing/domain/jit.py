"""How the dealing kernels are compiled: numba, releasing the GIL, cached on disk.

A kernel is compiled the first time a process uses it (a second or two each) and the machine
code is kept on disk, so later processes only load it (milliseconds). numba keeps its cache in
``NUMBA_CACHE_DIR`` when that is set, else in ``__pycache__`` beside the code, else in the
user's cache directory (``~/.cache/numba``). When none of these can be written (code installed
read-only, a service user without a home), numba refuses to cache at all; :func:`kernel` then
uses a private directory in the system's temporary directory instead of failing.

Set ``NUMBA_CACHE_DIR`` to choose the place (for instance a directory under ``var/``).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from typing import TypeVar, cast

__all__ = ["kernel", "fallback_cache_dir"]


_Function = TypeVar("_Function", bound=Callable[..., object])


def fallback_cache_dir() -> str:
    """A cache directory only this user can write: ``<tmp>/clubsite-numba-<uid>``."""
    path = os.path.join(tempfile.gettempdir(), f"clubsite-numba-{os.getuid()}")
    os.makedirs(path, mode=0o700, exist_ok=True)
    info = os.stat(path)
    if info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise RuntimeError(f"{path} is not a private directory of this user; set NUMBA_CACHE_DIR")
    return path


def kernel(function: _Function) -> _Function:
    """``function`` compiled by numba (``njit``, ``nogil``), its machine code cached on disk."""
    # numba is heavy: loaded when a kernel is first compiled or read from the cache
    import numba

    jit = numba.njit(cache=True, nogil=True)
    try:
        # cast: numba's dispatcher (untyped) is called with the arguments of the function it compiles.
        return cast(_Function, jit(function))
    except RuntimeError as exc:  # "cannot cache function …: no locator available for file …"
        if "no locator" not in str(exc):
            raise
        numba.config.CACHE_DIR = fallback_cache_dir()  # type: ignore[attr-defined]  # numba sets its config names through globals()
        return cast(_Function, jit(function))


def warm() -> None:
    """Compile every dealing kernel once (or load it from the cache), by the paths that call it. Run it before
    several processes start at once (``make test``: the suite's processes, the Celery workers' pools), so that each
    loads the machine code instead of compiling it again: seconds of CPU each.

    >>> warm()
    """
    # at call time: the dealing modules below import this one for their kernels
    import io

    import numpy as np

    from dealing.domain import bigdeal, generator, numbering, streaming
    from dealing.domain.formats import FORMATS
    from dealing.domain.formats.bulk import render_arrays

    key = bytes(32)
    numbers, owners = generator.deal_arrays(key, "warm", 0, 64)
    numbering.numbers_to_owners(numbers)
    numbering.numbers_to_owners(np.frombuffer(numbers.tobytes(), dtype=np.uint8))  # read-only: a file's numbers
    for fmt in ("pbn", "binary", "deals", "numbers"):
        streaming.write_deal_set(io.BytesIO(), key, "warm", 0, 64, fmt)
    seed, owner = bigdeal.seed_random_from_entropy(["warm"]), bigdeal.owner_hash("warm")
    numbers, owners = bigdeal.bigdeal_arrays(seed, owner, 64)
    bigdeal.godel_to_owners_array(bigdeal.bigdeal_numbers(seed, owner, 8))
    for name, spec in FORMATS.items():
        count = 64 if spec.max_board is None else min(64, spec.max_board)
        render_arrays(name, 1, numbers[:count], owners[:count])
