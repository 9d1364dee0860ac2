"""Apply to script over real training scripts: edits land, everything else reads back the same."""

from __future__ import annotations

import pytest

from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.script.patch import inactive_lines, patch_script
from ascend_dump_gui.core.errors import InputError

EDITS = {"tf1_session": {"dump_mode": "input", "dump_path": "/x/y", "dump_step": "0|1"},
         "tf2_npu_device": {"dump_mode": "input", "dump_path": "/x/y"},
         "torchair": {"dump_mode": "input", "dump_path": "/x/y"},
         "env": {"ASCEND_WORK_PATH": "/w"}}


def test_edits_removals_and_the_rest_read_back_on_real_scripts(shared_dir):
    scripts = sorted((shared_dir / "real-world" / "scripts").glob("*.py"))[::6]   # a spread, kept quick
    if not scripts:
        pytest.skip("no real-world scripts")
    checked = 0
    for path in scripts:
        text = path.read_text(encoding="utf-8", errors="replace")
        try:
            doc = parse_text(text, kind="python")
        except InputError:
            continue
        undecided = {k: u["value"] for k, u in doc.facts.get("undecided", {}).items()}
        after = {**doc.values, **EDITS[doc.scenario]}
        removed = next((k for k in doc.values if k not in EDITS[doc.scenario]), None)
        after.pop(removed, None)
        patch = patch_script(text, doc.scenario, doc.values, after, inactive_lines(doc))
        again = parse_text(patch.text, kind="python", scenario=doc.scenario)
        # a line the patch puts under the script's own undecided condition (`if FLAGS.chip == 'npu':`) reads back
        # as undecided with the edited value
        back = {**{k: u["value"] for k, u in again.facts.get("undecided", {}).items()}, **again.values}
        skipped = {k for k, _why in patch.skipped}
        want = {k: v for k, v in {**undecided, **after}.items() if k not in skipped}
        assert {k: v for k, v in back.items() if k not in skipped} == want, path.name
        assert all(back.get(k) == doc.values.get(k) for k in skipped), path.name
        diff = patch.diff(path.name).splitlines()
        removed = [line for line in diff if line.startswith("-") and not line.startswith("---")]
        assert len(removed) <= 3 * len(patch.changed), path.name   # only the lines setting changed options
        checked += 1
    assert checked >= 10
