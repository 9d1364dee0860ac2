"""Messages built while checking carry a template and its values that give back exactly the English message."""

from __future__ import annotations

import json

from ascend_dump_gui.core.config.findings import Finding, Severity
from ascend_dump_gui.core.messages import Text, msg
from tests.core.config.finding_corpus import findings


def test_template_and_params_give_back_the_message(tmp_path):
    _assert_templates_fit(findings(None, tmp_path), least=50)


def test_seed_examples_templates_fit(shared_dir, tmp_path):
    _assert_templates_fit(findings(shared_dir, tmp_path, odd=False), least=1)


def _assert_templates_fit(corpus: list[Finding], least: int) -> None:
    templated = [f for f in corpus if "template" in f.extra]
    assert len({f.extra["template"] for f in templated}) >= least
    wrong = [(f.message, f.extra["template"]) for f in templated
             if Text(f.extra["template"], f.extra["params"]) != f.message]
    assert not wrong


def test_the_message_stays_plain_english_text_and_json_is_unchanged():
    finding = Finding("r", Severity.ERROR, ("dump_path",), msg("{key} {path} is gone", key="dump_path", path="/a"))
    assert type(finding.message) is str and finding.message == "dump_path /a is gone"
    assert finding.extra == {"template": "{key} {path} is gone", "params": {"key": "dump_path", "path": "/a"}}
    assert json.loads(json.dumps(finding.to_json()))["message"] == "dump_path /a is gone"
    assert "template" not in finding.to_json() and finding == Finding("r", Severity.ERROR, ("dump_path",),
                                                                      "dump_path /a is gone")


def test_nested_texts_and_plain_templates():
    inner = msg("group {group!r} is odd", group="5-3")
    outer = msg("{reason} {consequence}", reason=inner, consequence=msg("It fails."))
    assert outer == "group '5-3' is odd It fails." and outer.params["reason"].template == "group {group!r} is odd"
    assert msg("no {braces} filled") == "no {braces} filled"
