"""Bounded fuzzing: check() never raises on odd values; importers raise only InputError on odd text."""

from hypothesis import HealthCheck, example, given, settings
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


_HOSTILE_TEXT = st.text(st.characters(blacklist_categories=("Cs",)), max_size=40)


@FUZZ
@given(st.sampled_from(["tf1_python", "tf2_python", "torchair_python", "project"]), _HOSTILE_TEXT)
def test_exports_are_inert_and_read_back_exactly(to, text):
    from ascend_dump_gui.core.config.formats.exporters import export
    from ascend_dump_gui.core.inert import terminal_text

    doc = ConfigDoc("tf1_session", {"enable_dump": True, "dump_path": text or "x", "dump_step": "0"})
    out = export(doc, to)
    assert all(terminal_text(line) == line for line in out.split("\n"))
    kind = "project" if to == "project" else "python"
    assert parse_text(out, kind=kind).values["dump_path"] == (text or "x")


@FUZZ
@given(_HOSTILE_TEXT)
@example("$'")           # a $' inside single quotes is no ANSI-C quoting (the reader once took it for one)
@example("a$'b\x01$'c'")
def test_shell_export_reads_back_exactly(text):
    from ascend_dump_gui.core.config.formats.exporters import export

    out = export(ConfigDoc("env", {"ASCEND_WORK_PATH": text or "x"}), "shell")
    assert parse_text(out, kind="shell").values["ASCEND_WORK_PATH"] == (text or "x")


@FUZZ
@given(st.text(st.sampled_from('{}[]:.!%*0123456789 sdrfx$"\''), max_size=30),
       st.lists(st.one_of(st.integers(-10**6, 10**6), st.text(max_size=5)), max_size=3))
def test_script_format_and_percent_never_raise(template, args):
    rendered = ", ".join(repr(a) for a in args)
    script = (f"import tensorflow as tf\np = {template!r}.format({rendered})\nq = {template!r} % ({rendered}"
              f"{',' if len(args) == 1 else ''})\n"
              'custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes(p)\n'
              'custom_op.parameter_map["dump_layer"].s = tf.compat.as_bytes(q)\n')
    try:
        doc = parse_text(script, kind="python")
    except InputError:
        return
    for key in ("dump_path", "dump_layer"):
        value = doc.values.get(key)
        assert value is None or isinstance(value, str) and len(value) <= 100_000
