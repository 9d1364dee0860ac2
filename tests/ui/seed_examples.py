"""Representative configs from the seeds (000 env vars, 001 acl.json, 002 TF1, 003 TF2, 004 torchair)."""

# name -> (file name, text, scenario the core should detect)
EXAMPLES = {
    "acl_model_dump": ("acl.json", """{ "dump":{ "dump_list":[ { "model_name":"ResNet-101" }, { "model_name":"ResNet-50",
 "layer":[ "conv1conv1_relu", "res2a_branch2ares2a_branch2a_relu", "res2a_branch1", "pool1" ] } ],
 "dump_path":"$HOME/output", "dump_mode":"output", "dump_op_switch":"off", "dump_data":"tensor" } }""", "acl_json"),
    "acl_single_op": ("single_op.json", """{ "dump":{ "dump_path":"output", "dump_list":[], "dump_op_switch":"on",
 "dump_data":"tensor" } }""", "acl_json"),
    "acl_exception": ("exception.json", '{"dump": {"dump_path": "output", "dump_scene": "aic_err_brief_dump"}}',
                      "acl_json"),
    "acl_watcher": ("watcher.json", """{"dump": {"dump_list": [{"layer": ["A", "B"], "watcher_nodes": ["C", "D"]}],
 "dump_path": "/home/", "dump_mode": "output", "dump_scene": "watcher"}}""", "acl_json"),
    "tf1_session": ("train_tf1.py", """from npu_bridge.npu_init import *
config = tf.ConfigProto()
custom_op = config.graph_options.rewrite_options.custom_optimizers.add()
custom_op.name = "NpuOptimizer"
custom_op.parameter_map["enable_dump"].b = True
custom_op.parameter_map["dump_path"].s = tf.compat.as_bytes("/home/HwHiAiUser/output")
custom_op.parameter_map["dump_step"].s = tf.compat.as_bytes("0|5|10")
custom_op.parameter_map["dump_mode"].s = tf.compat.as_bytes("all")
""", "tf1_session"),
    "tf2_npu_device": ("train_tf2.py", """import npu_device
npu_device.global_options().dump_config.enable_dump = True
npu_device.global_options().dump_config.dump_path = "/home/HwHiAiUser/output"
npu_device.global_options().dump_config.dump_step = "0|5|10"
npu_device.global_options().dump_config.dump_mode = "all"
""", "tf2_npu_device"),
    "torchair": ("train_torchair.py", """import torch_npu, torchair
config = torchair.CompilerConfig()
config.dump_config.enable_dump = True
config.dump_config.dump_mode = "all"
config.dump_config.dump_path = '/home/dump'
config.dump_config.dump_step = "0|1"
config.dump_config.dump_layer = "Add_1Mul_1 Add2"
config.dump_config.dump_data = "stats"
""", "torchair"),
    "env": ("dump_env.sh", """export ASCEND_WORK_PATH=/home/work/host1
export DUMP_GE_GRAPH=2
export DUMP_GRAPH_PATH=/home/graphs
""", "env"),
}
