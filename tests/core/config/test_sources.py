"""Sources are shown as the documents' titles, not as internal keys."""

import re

import pytest

from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.config.sources import DOCUMENTS, cite


def test_internal_keys_become_document_titles():
    assert cite("seed 001: Dump Watch Configuration for Operators") == (
        "AscendCL API reference, aclmdlSetDump — Dump Watch Configuration for Operators")
    assert cite("runtime-rules §1.3, §1.7") == DOCUMENTS["runtime-rules"]
    assert cite("seed 001: dump_path priority; runtime-rules §1.4") == (
        f"{DOCUMENTS['seed 001']} — dump_path priority; {DOCUMENTS['runtime-rules']}")
    assert cite("something else") == "something else"


def test_titles_and_sections_are_translated_through_the_given_function():
    assert cite("seed 002: enable_dump", str.upper) == f"{DOCUMENTS['seed 002'].upper()} — ENABLE_DUMP"
    assert cite("import", str.upper) == "IMPORT"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_no_shown_source_keeps_an_internal_key(name):
    scenario = SCENARIOS[name]
    sources = [f.source for f in scenario.fields] + [getattr(r, "source", "") for r in scenario.rules]
    for source in filter(None, sources):
        assert not re.search(r"seed 00\d|runtime-rules", cite(source)), source
