"""Bounded fuzzing: check() never raises on odd values; importers raise only InputError on odd text."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.formats.importers import parse_text
from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.paths import resolve_paths
from ascend_dump_gui.core.config.scenarios import SCENARIOS
from ascend_dump_gui.core.errors import InputError

SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-5, 2**40), st.floats(allow_nan=True),
                    st.text(max_size=12), st.sampled_from(["on", "off", "0|5-3", "watcher", "all", "/tmp", ""]))
VALUES = st.recursive(SCALARS, lambda inner: st.one_of(st.lists(inner, max_size=4),
                                                       st.dictionaries(st.text(max_size=8), inner, max_size=4)),
                      max_leaves=12)
KEYS = {name: st.sampled_from([f.key for f in s.fields] + ["unknown_key"]) for name, s in SCENARIOS.items()}
FUZZ = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@FUZZ
@given(st.sampled_from(sorted(SCENARIOS)), st.data())
def test_check_and_paths_never_raise(scenario, data):
    values = data.draw(st.dictionaries(KEYS[scenario], VALUES, max_size=6))
    facts = data.draw(st.fixed_dictionaries({}, optional={"mode": SCALARS, "backend": SCALARS,
                                                          "env": st.dictionaries(st.text(max_size=5), st.text())}))
    doc = ConfigDoc(scenario, values, facts=facts)
    assert isinstance(check(doc, env={"NPU_COLLECT_PATH": "/c"}, product="atlas_training"), list)
    assert isinstance(resolve_paths(doc, env={}, cwd="/run"), list)


@FUZZ
@given(st.sampled_from(["auto", "json", "python", "shell"]), st.text(max_size=200))
def test_parse_text_raises_only_input_error(kind, text):
    try:
        doc = parse_text(text, kind=kind)
    except InputError:
        return
    assert isinstance(check(doc), list)
