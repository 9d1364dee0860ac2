"""Untrusted names: safe file-name components, writes kept in their folder, inert CSV cells and terminal text."""

from __future__ import annotations

import json

import pytest

from ascend_dump_gui.cli import main
from ascend_dump_gui.core.inert import csv_cell, terminal_text
from ascend_dump_gui.core.safe_names import NameClaims, UnsafePathError, check_inside, inside, safe_name


@pytest.mark.parametrize("text, expected", [
    ("conv1", "conv1"), ("a/b", "a_b"), ("..", "_.."), (".", "_."), ("", "_"), ("a\\b", "a_b"),
    ("x\x00y", "x_y"), ("ab\nc\x1b[0m", "ab_c_[0m"), ("\u202eevil", "_evil"), (".adg-1.tmp", "_.adg-1.tmp"),
    ("../../etc/passwd", ".._.._etc_passwd"),
])
def test_safe_name_is_one_harmless_component(text, expected):
    assert safe_name(text) == expected


def test_over_long_names_are_shortened_with_a_stable_hash():
    long = "c" * 300
    name = safe_name(long, ".output.0.npy")
    assert len(name.encode()) == 255 and name.endswith(".output.0.npy") and "~" in name
    assert name == safe_name(long, ".output.0.npy")
    assert name != safe_name("c" * 299 + "d", ".output.0.npy")
    wide = safe_name("算" * 200)  # 600 bytes of UTF-8: cut on a character boundary
    assert len(wide.encode()) <= 255 and wide.encode().decode() == wide


def test_claims_give_later_duplicates_a_deterministic_suffix(tmp_path):
    claims = NameClaims()
    assert [claims.claim(tmp_path, n) for n in ("x", "x", "x~2", "x", "a/b")] == ["x", "x~2", "x~2~2", "x~3", "a_b"]
    assert NameClaims().claim(tmp_path, "x") == "x"
    assert claims.claim(tmp_path / "other", "x") == "x"


def test_paths_must_stay_inside_and_not_pass_through_links(tmp_path):
    root = tmp_path / "out"
    (root / "sub").mkdir(parents=True)
    (tmp_path / "elsewhere").mkdir()
    (root / "link").symlink_to(tmp_path / "elsewhere")
    assert check_inside(root, root / "sub" / "f.npy") == root / "sub" / "f.npy"
    assert inside(root, "sub", "f.npy") == root / "sub" / "f.npy"
    (root / "final").symlink_to(tmp_path / "elsewhere" / "x")
    assert check_inside(root, root / "final") == root / "final"  # replaced by the atomic write, not followed
    for bad in (root / ".." / "x", tmp_path / "x", root, root / "link" / "f.npy"):
        with pytest.raises(UnsafePathError):
            check_inside(root, bad)
    for part in ("..", "a/b", "", "x\n"):
        with pytest.raises(UnsafePathError):
            inside(root, part)
    assert check_inside(root, root, is_folder=True) == root  # folders to write into: the root itself is fine,
    assert check_inside(root, root / "sub" / "new", is_folder=True) == root / "sub" / "new"
    with pytest.raises(UnsafePathError, match="is a link inside the output folder"):
        check_inside(root, root / "link", is_folder=True)  # a link at the folder's own name is not


@pytest.mark.parametrize("cell, expected", [
    ("=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"), ("@SUM(A1)", "'@SUM(A1)"), ("+1+1", "'+1+1"),
    ("-2+3", "'-2+3"), ("\tx", "'\tx"), ("\rx", "'\rx"), ("-", "'-"),
    ("-1.5", "-1.5"), ("+2", "+2"), ("-1e-05", "-1e-05"), ("-inf", "-inf"), ("nan", "nan"), ("-.5", "-.5"),
    ("conv1", "conv1"), ("NaN", "NaN"), ("(-1.5;0.0),(1;2)", "(-1.5;0.0),(1;2)"), ("", ""),
])
def test_csv_cells_that_a_spreadsheet_would_run_are_escaped(cell, expected):
    assert csv_cell(cell) == expected


def test_terminal_text_escapes_control_characters():
    assert terminal_text("plain name 算子") == "plain name 算子"
    assert terminal_text("a\x1b[2Jb\nc\rd\te\x07\x9b\u202e") == "a\\x1b[2Jb\\nc\\rd\\te\\x07\\x9b\\u202e"
    assert terminal_text(3) == "3"


def test_cli_findings_and_where_show_config_values_escaped(tmp_path, capsys):
    config = tmp_path / "acl.json"
    config.write_text(json.dumps({"dump": {"dump_path": "/tmp/\x1b[31mred\nfake", "dump_mode": "bogus\x1b]0;x\x07",
                                           "dump_list": [{"model_name": "n"}]}}))
    assert main(["config", "check", str(config)]) == 1
    assert main(["config", "where", str(config)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\x07" not in out and "\\x1b[31mred\\nfake" in out
