"""Every CLI write path keeps the mode of a file it replaces and gives new files the umask's mode."""

from __future__ import annotations

import json
import os
import stat

import numpy as np
import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.dump.bigdump import TensorPayload, write_dump

TS = 1700000000000000


@pytest.fixture
def umask_027():
    old = os.umask(0o027)
    yield
    os.umask(old)


def mode(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


def test_config_export_compare_and_convert_keep_modes(tmp_path, umask_027, capsys):
    acl = tmp_path / "acl.json"
    acl.write_text(json.dumps({"dump": {"dump_path": "/tmp/d", "dump_mode": "output",
                                        "dump_list": [{"model_name": "net"}]}}))
    exported = tmp_path / "exported.adg.json"
    exported.write_text("old")
    os.chmod(exported, 0o644)
    assert main(["config", "export", str(acl), "--to", "project", "-o", str(exported)]) == 0
    assert mode(exported) == 0o644 and exported.read_text() != "old"
    assert main(["config", "export", str(acl), "--to", "acl_json", "-o", str(tmp_path / "new.json")]) == 0
    assert mode(tmp_path / "new.json") == 0o640  # 0666 minus the umask 027

    dumps, out = tmp_path / "dumps", tmp_path / "out"
    write_dump(dumps / f"Add.a.1.1.{TS}", op_name="a", outputs=[TensorPayload(np.ones(3, np.float32))])
    result = tmp_path / "result.csv"
    result.write_text("old")
    os.chmod(result, 0o600)
    assert main(["compare", str(dumps), str(dumps), "--out", str(result)]) == 0
    assert mode(result) == 0o600 and result.read_text().startswith("Index,")
    assert main(["convert", str(dumps), "--out", str(out)]) == 0
    npy = out / f"Add.a.1.1.{TS}.output.0.npy"
    assert mode(npy) == 0o640
    os.chmod(npy, 0o604)
    assert main(["convert", str(dumps), "--out", str(out)]) == 0
    assert mode(npy) == 0o604
    assert not [p for p in tmp_path.rglob(".adg-*")]
