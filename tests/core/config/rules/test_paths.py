"""Where artifacts land: the documented priorities of seeds 000-004 and runtime-rules §1.4, §3."""

import pytest

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.paths import MODEL_LAYOUT, resolve_paths


def where(scenario, values, env=None, cwd="/run", **facts):
    return {a.artifact: a for a in resolve_paths(ConfigDoc(scenario, values, facts=facts), env=env, cwd=cwd)}


EXC = {"dump_path": "out", "dump_scene": "aic_err_brief_dump"}


@pytest.mark.parametrize("env, path, by", [
    ({}, "/run/out/extra-info/data-dump", "dump_path"),
    ({"ASCEND_WORK_PATH": "/w"}, "/w/extra-info/data-dump", "ASCEND_WORK_PATH"),
    ({"ASCEND_WORK_PATH": "/w", "ASCEND_DUMP_PATH": "/a"}, "/a/extra-info/data-dump", "ASCEND_DUMP_PATH"),
    ({"ASCEND_WORK_PATH": "/w", "NPU_COLLECT_PATH": "/c"}, "/c/extra-info/data-dump", "NPU_COLLECT_PATH"),
])
def test_exception_dump_priority(env, path, by):
    artifact = where("acl_json", EXC, env)["exception_dump"]
    assert (artifact.path, artifact.decided_by, artifact.layout) == (path, by, "{device_id}")


def test_exception_dump_falls_back_to_cwd():
    assert where("acl_json", {"dump_scene": "aic_err_norm_dump"})["exception_dump"].path == \
        "/run/extra-info/data-dump"


def test_model_single_op_and_overflow_dumps():
    model = where("acl_json", {"dump_path": "d", "dump_list": [{"model_name": "m"}]})["dump_data"]
    assert (model.path, model.layout) == ("/run/d", MODEL_LAYOUT)
    single = where("acl_json", {"dump_path": "/abs", "dump_list": [], "dump_op_switch": True})["dump_data"]
    assert (single.path, single.layout) == ("/abs", "{time}/{device_id}")
    overflow = where("acl_json", {"dump_path": "/o", "dump_debug": True})
    assert "overflow_dump" in overflow and "dump_data" not in overflow
    assert "dump_data" not in where("acl_json", {"dump_path": "/x", "dump_list": []})
    remote = where("acl_json", {"dump_path": "10.0.0.1:opt/d", "dump_list": [{}]})["dump_data"]
    assert remote.path == "10.0.0.1:opt/d"


def test_graph_dump_priority():
    base = {"DUMP_GE_GRAPH": "2"}
    assert "graph_dump" not in where("acl_json", {})
    assert where("acl_json", {}, base)["graph_dump"].path == "/run"
    work = where("acl_json", {}, {**base, "ASCEND_WORK_PATH": "/w"})["graph_dump"]
    assert (work.path, work.layout) == ("/w", "")            # GE's code (runtime-rules §3.4), as the emulator writes
    assert work.decided_by.startswith("ASCEND_WORK_PATH") and "seed 000" in work.decided_by   # the disagreement shown
    g = where("acl_json", {}, {**base, "ASCEND_WORK_PATH": "/w", "DUMP_GRAPH_PATH": "g"})["graph_dump"]
    assert (g.path, g.decided_by, g.layout) == ("/run/g", "DUMP_GRAPH_PATH", "pid_{pid}_deviceid_{device_id}")
    c = where("acl_json", {}, {**base, "DUMP_GRAPH_PATH": "/g", "NPU_COLLECT_PATH": "/c"})["graph_dump"]
    assert (c.path, c.decided_by) == ("/c/extra-info/graph", "NPU_COLLECT_PATH")
    assert where("tf2_npu_device", {"DUMP_GE_GRAPH": "2"})["graph_dump"].path == "/run"


def test_logs_and_traces():
    art = where("acl_json", {}, {"HOME": "/h"})
    assert (art["log"].path, art["trace"].path) == ("/h/ascend/log", "/h/ascend/atrace")
    art = where("acl_json", {}, {"HOME": "/h", "ASCEND_WORK_PATH": "/w"})
    assert (art["log"].path, art["trace"].path) == ("/w/log", "/w/atrace")
    art = where("acl_json", {}, {"ASCEND_WORK_PATH": "/w", "ASCEND_PROCESS_LOG_PATH": "/l"})
    assert art["log"].decided_by == "ASCEND_PROCESS_LOG_PATH"


def test_tf1_exception_dump_levels():
    assert where("tf1_session", {})["exception_dump"].path == "/run/extra-info/data-dump"     # default 2: lite
    assert "exception_dump" not in where("tf1_session", {"enable_exception_dump": 0})
    forced = where("tf1_session", {"enable_exception_dump": 0}, {"NPU_COLLECT_PATH": "/c"})
    assert forced["exception_dump"].decided_by == "NPU_COLLECT_PATH"


def test_tf1_debug_profiling_aoe_weights_cache():
    values = {"enable_dump": True, "dump_path": "/d", "op_debug_level": 2, "debug_dir": "dbg", "aoe_mode": "2",
              "work_path": "/aoe", "external_weight": True, "op_compiler_cache_dir": "/cache",
              "profiling_mode": True, "profiling_options": {"output": "prof"}}
    art = where("tf1_session", values, {"ASCEND_WORK_PATH": "/w", "HOME": "/h"})
    assert art["dump_data"].path == "/d"
    assert (art["kernel_meta"].path, art["kernel_meta"].decided_by) == ("/run/dbg/kernel_meta", "debug_dir")
    assert (art["aoe"].path, art["profiling"].path) == ("/aoe", "/run/prof")
    assert (art["tmp_weight"].path, art["tmp_weight"].layout) == ("/w", "tmp_weight_{pid}_{session_id}")
    assert art["op_compiler_cache"].path == "/cache/kernel_cache"
    assert (art["fusion_result"].path, art["fusion_result"].layout) == ("/w/FE", "{pid}/fusion_result.json")
    plain = where("tf1_session", {"profiling_mode": True, "profiling_options": {"task_trace": "on"}},
                  {"ASCEND_WORK_PATH": "/w", "HOME": "/h"})
    assert plain["profiling"].path == "/w/profiling_data"
    assert plain["op_compiler_cache"].path == "/h/atc_data/kernel_cache"   # same suffix as the explicit ones
    assert "profiling" not in where("tf1_session", {"profiling_options": {"task_trace": "on"}},
                                    {"PROFILING_MODE": "true"})
    # profiling_mode without profiling_options: the adapter's default options (output "./", npu_attrs.cc)
    default = where("tf1_session", {"profiling_mode": True}, {"ASCEND_WORK_PATH": "/w"})["profiling"]
    assert default.path == "/run" and default.decided_by.startswith("profiling_options")
    assert "op_compiler_cache" not in where("tf1_session", {"op_compiler_cache_mode": "disable"})
    assert "fusion_result" not in where("tf1_session", {"export_compile_stat": 0})
    cache = where("tf2_npu_device", {}, {"ASCEND_CACHE_PATH": "/ac"})["op_compiler_cache"]
    assert (cache.path, cache.decided_by) == ("/ac/kernel_cache", "ASCEND_CACHE_PATH")


def test_torchair_layouts(tmp_path):
    art = where("torchair", {"enable_dump": True})["dump_data"]
    assert art.path == "/run" and art.layout.startswith("worldsize{world_size}_global_rank{rank}/")
    for facts in ({"mode": "reduce-overhead"}, {"mode": "npugraph_ex"}, {"backend": "inductor"}):
        assert "dump_data" not in where("torchair", {"enable_dump": True}, **facts)   # seed 004: no dump there
    config = tmp_path / "dump.json"
    config.write_text('{"dump": {"dump_path": "/jd", "dump_debug": "on"}}')
    art = where("torchair", {"dump_config_path": str(config)})["overflow_dump"]
    assert (art.path, art.decided_by) == ("/jd", "dump_config_path")
    assert "dump_data" not in where("torchair", {"dump_config_path": str(tmp_path / "absent.json")})
    assert "overflow_dump" not in where("torchair", {"dump_config_path": str(config)}, mode="reduce-overhead")


def test_torchair_json_exception_scene_is_left_to_the_environment(tmp_path):
    config = tmp_path / "exc.json"
    config.write_text('{"dump": {"dump_path": "/jd", "dump_scene": "aic_err_norm_dump"}}')
    assert "exception_dump" not in where("torchair", {"dump_config_path": str(config)})
    art = where("torchair", {"dump_config_path": str(config)}, {"NPU_COLLECT_PATH": "/c"})["exception_dump"]
    assert art.decided_by == "NPU_COLLECT_PATH"
    art = where("torchair", {"enable_dump": True}, {"ASCEND_DUMP_SCENE": "aic_err_brief_dump"})
    assert {"dump_data", "exception_dump"} <= set(art)


def test_artifacts_the_runtime_refuses_are_left_out():
    overflow_with_models = {"dump_path": "/o", "dump_debug": True, "dump_list": [{"model_name": "m"}]}
    assert "overflow_dump" not in where("acl_json", overflow_with_models)     # GE refuses the whole config
    model = {"dump_path": "/d", "dump_list": [{"model_name": "m"}]}
    assert "dump_data" in where("acl_json", model)
    assert "dump_data" not in where("acl_json", model, {"NPU_COLLECT_PATH": "/c"})     # E10056
    assert "dump_data" not in where("tf2_npu_device", {"enable_dump": True, "dump_path": "/d"}, {"NPU_COLLECT_PATH": "/c"})


def test_env_doc_lists_env_governed_artifacts():
    art = where("env", {"ASCEND_WORK_PATH": "/w", "DUMP_GE_GRAPH": "1", "NPU_COLLECT_PATH": "/c"})
    assert {"exception_dump", "graph_dump", "log", "trace", "kernel_meta", "fusion_result", "tmp_weight",
            "op_compiler_cache", "check_result"} <= set(art)
    assert art["check_result"].layout == "check_result.json" and art["kernel_meta"].path == "/w/kernel_meta"


def test_kernel_meta_with_npu_collect_path_and_level_0():
    """seed 002 op_debug_level: level 0 with NPU_COLLECT_PATH still builds kernel_meta, under ASCEND_WORK_PATH."""
    env = {"NPU_COLLECT_PATH": "/c", "ASCEND_WORK_PATH": "/w"}
    for values in ({"op_debug_level": 0}, {}):
        art = where("tf1_session", values, env)["kernel_meta"]
        assert (art.path, art.decided_by) == ("/w/kernel_meta", "ASCEND_WORK_PATH")
    assert where("tf1_session", {}, {"NPU_COLLECT_PATH": "/c"})["kernel_meta"].path == "/run/kernel_meta"
    assert "kernel_meta" not in where("tf1_session", {"op_debug_level": 0}, {"ASCEND_WORK_PATH": "/w"})
