"""Options that point to files: the files are opened (relative to the checked file) and their content checked."""

import json

from ascend_dump_gui.core.config.check import check
from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.formats.importers import load_config
from ascend_dump_gui.core.config.model import ConfigDoc


def _found(doc, **kw):
    return {(f.rule, f.severity) for f in check(doc, **kw)}


def test_dump_config_path_content_goes_through_the_acl_rules(tmp_path):
    (tmp_path / "dump.json").write_text(json.dumps(
        {"dump": {"dump_path": "/tmp", "dump_scene": "watcher", "dump_debug": "on",
                  "dump_list": [{"layer": ["A"], "watcher_nodes": ["C"]}]}}))
    script = tmp_path / "train.py"
    script.write_text("c = torchair.CompilerConfig()\nc.dump_config.dump_config_path = 'dump.json'\n")
    found = check(load_config(script))
    watcher = [f for f in found if f.rule == "acl.watcher_with_dump_debug"]
    assert watcher and watcher[0].options[0] == "dump_config_path" and "dump.json" in watcher[0].message


def test_dump_config_path_problems(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"dump": {"dump_path": "x",}}')
    assert ("file.dump_config_path", Severity.ERROR) in _found(ConfigDoc("torchair", {"dump_config_path": str(bad)}))
    exc = tmp_path / "exc.json"
    exc.write_text('{"dump": {"dump_scene": "aic_err_brief_dump"}}')
    assert ("torchair.json_exception_scene", Severity.WARNING) in _found(
        ConfigDoc("torchair", {"dump_config_path": str(exc)}))
    absent = _found(ConfigDoc("torchair", {"dump_config_path": "rel/absent.json"}), base_dir=tmp_path)
    assert ("file.not_found", Severity.WARNING) in absent        # torchair refuses it when the script assigns it
    unresolved = _found(ConfigDoc("torchair", {"dump_config_path": "rel/absent.json"}))
    assert ("file.not_found", Severity.INFO) in unresolved      # no folder to look in: nothing to judge
    empty = tmp_path / "empty.json"
    empty.write_text("")
    found = [f.rule for f in check(ConfigDoc("torchair", {"dump_config_path": str(empty)}))]
    assert "acl.no_dump_section" in found and "acl.nothing_dumped" not in found   # said once, not twice


def test_dump_config_path_env_interplay(tmp_path):
    model = tmp_path / "m.json"
    model.write_text('{"dump": {"dump_path": "/tmp", "dump_list": [{"model_name": "m"}]}}')
    found = _found(ConfigDoc("torchair", {"dump_config_path": str(model)}), env={"NPU_COLLECT_PATH": "/c"})
    assert ("env.npu_collect_path_data_dump", Severity.WARNING) in found


def _tf1(tmp_path, key, name, content):
    (tmp_path / name).write_text(content)
    return {f.message for f in check(ConfigDoc("tf1_session", {key: name}), base_dir=tmp_path)
            if f.rule == f"file.{key}"}


def test_fusion_switch_file(tmp_path):
    good = '{"Switch": {"GraphFusion": {"ALL": "off", "SoftmaxFusionPass": "on"}, "UBFusion": {"ALL": "off"}}}'
    assert _tf1(tmp_path, "fusion_switch_file", "fusion_switch.cfg", good) == set()
    messages = _tf1(tmp_path, "fusion_switch_file", "fusion_switch.cfg",
                    '{"Switch": {"GraphFusion": {"A": "yes"}, "Other": {}}}')
    assert any("'yes'" in m for m in messages) and any("Other" in m for m in messages)
    assert any("Switch" in m for m in _tf1(tmp_path, "fusion_switch_file", "f.cfg", "[]"))


def test_modify_mixlist(tmp_path):
    good = '{"black-list": {"to-remove": ["Xlog1py"], "to-add": ["MatMul", "Cast"]}, "white-list": {"to-add": []}}'
    assert _tf1(tmp_path, "modify_mixlist", "ops_info.json", good) == set()
    commented = '{\n  "black-list": {  // Blocklist\n  }\n}'
    assert any("comments" in m and "line 2" in m for m in _tf1(tmp_path, "modify_mixlist", "o.json", commented))
    assert any("to-add" in m for m in _tf1(tmp_path, "modify_mixlist", "o.json",
                                            '{"white-list": {"to-add": "Conv2D"}}'))


def test_customize_dtypes(tmp_path):
    good = ("# By operator name\nresnet_v1_50/block1/unit_3/bottleneck_v1/Relu::InputDtype:float16,int8,"
            "OutputDtype:float16,int8\n# By operator type\nOpType::Relu:InputDtype:float16,int8,OutputDtype:float16,int8\n")
    assert _tf1(tmp_path, "customize_dtypes", "customize_dtypes.cfg", good) == set()
    bad = _tf1(tmp_path, "customize_dtypes", "c.cfg", "Relu float16\nOpType::Relu:InputDtype:fp16,OutputDtype:int8\n")
    assert any("line 1" in m for m in bad) and any("fp16" in m for m in bad)


def test_op_precision_mode(tmp_path):
    good = "[ByOpType]\noptype1=high_precision\n[ByNodeName]\nnodename1=support_out_of_bound_index\n"
    assert _tf1(tmp_path, "op_precision_mode", "op_precision.ini", good) == set()
    bad = _tf1(tmp_path, "op_precision_mode", "p.ini", "x=high_precision\n[ByOpType]\ny=fast\n[Other]\n")
    assert any("line 1" in m for m in bad) and any("'fast'" in m for m in bad) and any("[Other]" in m for m in bad)
