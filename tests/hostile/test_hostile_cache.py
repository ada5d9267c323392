"""The parser's cache: never read from (or written to) the shared temporary folder, where anyone
could plant a file that unpickling would run; only from a private folder of the user, with the
file's hash checked before anything is unpickled."""

from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

import pytest

from tractor_rules.language import parser


class Planted:
    """A pickle that records that it was loaded: what an attacker's file would do instead."""

    loaded = False

    def __reduce__(self):
        return (_mark_loaded, ())


def _mark_loaded():
    Planted.loaded = True
    return None


@pytest.fixture
def fresh(tmp_path: Path, monkeypatch):
    """A fresh parser build, with the temporary folder and the cache folder under ``tmp_path``."""
    shared = tmp_path / "shared-tmp"
    shared.mkdir(mode=0o777)
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    Planted.loaded = False
    parser.forget_parser()
    yield tmp_path
    parser.forget_parser()


def _cache_files(root: Path) -> list[Path]:
    return sorted((root / "cache" / "tractor-rules").glob("parser-*.bin"))


def test_nothing_is_kept_in_the_shared_temporary_folder(fresh: Path):
    parser.lark_parser()
    assert list((fresh / "shared-tmp").iterdir()) == []
    folder = fresh / "cache" / "tractor-rules"
    assert folder.stat().st_mode & 0o777 == 0o700
    (cached,) = _cache_files(fresh)
    assert cached.stat().st_mode & 0o777 == 0o600


def test_the_cache_is_used_and_gives_the_same_parser(fresh: Path):
    built = parser.lark_parser()
    tree = built.parse('extends: "two-decks"\n')
    parser.forget_parser()
    loaded = parser.lark_parser()
    assert loaded is not built and loaded.parse('extends: "two-decks"\n') == tree


def _plant(path: Path, digest_ok: bool) -> None:
    payload = pickle.dumps(Planted())
    digest = hashlib.sha256(payload if digest_ok else b"other").hexdigest().encode()
    path.write_bytes(digest + b"\n" + payload)


def test_a_file_with_a_wrong_hash_is_never_unpickled(fresh: Path):
    parser.lark_parser()
    (cached,) = _cache_files(fresh)
    _plant(cached, digest_ok=False)
    parser.forget_parser()
    assert parser.lark_parser().parse('extends: "two-decks"\n')
    assert not Planted.loaded


#: giving a folder to another user takes root; as another user that case cannot be set up
WEAKNESSES = ["file-writable", "folder-writable", "folder-is-a-link"] + (["folder-of-another-user"] if os.getuid() == 0 else [])


@pytest.mark.parametrize("weakness", WEAKNESSES)
def test_a_cache_others_could_have_written_is_not_used(fresh: Path, weakness: str):
    parser.lark_parser()
    (cached,) = _cache_files(fresh)
    folder = cached.parent
    _plant(cached, digest_ok=True)
    if weakness == "file-writable":
        cached.chmod(0o666)
    elif weakness == "folder-writable":
        folder.chmod(0o777)
    elif weakness == "folder-of-another-user":
        os.chown(folder, 65534, 65534)
    else:
        elsewhere = fresh / "elsewhere"
        folder.rename(elsewhere)
        folder.symlink_to(elsewhere)
    parser.forget_parser()
    assert parser.lark_parser().parse('extends: "two-decks"\n')
    assert not Planted.loaded
