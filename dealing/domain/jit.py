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

__all__ = ["kernel", "fallback_cache_dir"]


def fallback_cache_dir() -> str:
    """A cache directory only this user can write: ``<tmp>/clubsite-numba-<uid>``."""
    path = os.path.join(tempfile.gettempdir(), f"clubsite-numba-{os.getuid()}")
    os.makedirs(path, mode=0o700, exist_ok=True)
    info = os.stat(path)
    if info.st_uid != os.getuid() or info.st_mode & 0o022:
        raise RuntimeError(f"{path} is not a private directory of this user; set NUMBA_CACHE_DIR")
    return path


def kernel(function: Callable) -> Callable:
    """``function`` compiled by numba (``njit``, ``nogil``), its machine code cached on disk."""
    import numba

    jit = numba.njit(cache=True, nogil=True)
    try:
        return jit(function)
    except RuntimeError as exc:  # "cannot cache function …: no locator available for file …"
        if "no locator" not in str(exc):
            raise
        numba.config.CACHE_DIR = fallback_cache_dir()
        return jit(function)
