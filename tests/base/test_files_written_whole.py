"""Files written whole keep the permissions people expect: a replaced file its own, a new one the umask's."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from engine.base.output_files import atomic_write_bytes


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


@pytest.mark.parametrize("mode", [0o664, 0o644, 0o600, 0o640])
def test_a_replaced_file_keeps_its_permissions(tmp_path: Path, mode: int) -> None:
    catalog = tmp_path / "cardrules.po"
    catalog.write_bytes(b"old")
    catalog.chmod(mode)
    atomic_write_bytes(catalog, b"new")
    assert catalog.read_bytes() == b"new"
    assert _mode(catalog) == mode


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_a_new_file_gets_the_permissions_of_the_umask(tmp_path: Path, umask: int) -> None:
    previous = os.umask(umask)
    try:
        atomic_write_bytes(tmp_path / "new.json", b"{}")
    finally:
        os.umask(previous)
    assert _mode(tmp_path / "new.json") == 0o666 & ~umask
    assert [path.name for path in tmp_path.iterdir()] == ["new.json"]  # no temporary file left


def test_a_refused_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    target = tmp_path / "kept.txt"
    target.write_bytes(b"old")
    (tmp_path / "sub").mkdir()
    with pytest.raises(OSError):
        atomic_write_bytes(tmp_path / "sub", b"a folder stands where the file would go")
    assert target.read_bytes() == b"old"
    assert sorted(path.name for path in tmp_path.iterdir()) == ["kept.txt", "sub"]
