"""jit.py: kernels are cached on disk, in a private temporary directory when nowhere else can be written."""

from __future__ import annotations

import os

import pytest


def _add(a, b):
    return a + b


def test_a_kernel_without_a_writable_cache_location_uses_a_private_directory(tmp_path, monkeypatch):
    import numba
    from numba.core import caching

    from dealing.domain import jit

    monkeypatch.setattr(numba.config, "CACHE_DIR", "")
    # as if neither __pycache__ beside the code nor ~/.cache could be written
    monkeypatch.setattr(caching.CacheImpl, "_locator_classes", [caching.UserProvidedCacheLocator])
    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(tmp_path))
    add = jit.kernel(_add)
    assert add(2, 3) == 5
    cache = tmp_path / f"clubsite-numba-{os.getuid()}"
    assert oct(cache.stat().st_mode & 0o777) == "0o700"
    assert any(cache.rglob("*.nbi"))  # the index of the cached machine code


def test_a_shared_fallback_directory_is_refused(tmp_path, monkeypatch):
    from dealing.domain import jit

    monkeypatch.setattr(jit.tempfile, "gettempdir", lambda: str(tmp_path))
    shared = tmp_path / f"clubsite-numba-{os.getuid()}"
    shared.mkdir(mode=0o777)
    shared.chmod(0o777)
    with pytest.raises(RuntimeError, match="NUMBA_CACHE_DIR"):
        jit.fallback_cache_dir()
