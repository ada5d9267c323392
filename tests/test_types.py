"""The package's type hints hold: mypy finds nothing (configuration in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def mypy_cache(config: pytest.Config, tmp_path: Path) -> Path:
    """Where mypy keeps its cache: in pytest's cache folder of the checkout (.pytest_cache), so that
    a run checks again only the modules that changed since the last run and those that depend on
    them (mypy's incremental mode, which reports what a run without a cache reports): a cold run
    costs about 25 CPU seconds, a warm one a few.  Without pytest's cache (-p no:cacheprovider), a
    fresh folder of the test's own."""
    cache = getattr(config, "cache", None)
    return cache.mkdir("mypy") if cache is not None else tmp_path / "mypy-cache"


@pytest.mark.slow
def test_mypy_finds_no_errors(request: pytest.FixtureRequest, tmp_path: Path):
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(mypy_cache(request.config, tmp_path)), "tractor_rules"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )
    assert result.returncode == 0, result.stdout + result.stderr
