"""Names offered before any schema is loaded (the CLI's choices): scenarios, export targets, products.

Kept light on purpose so ``ascend-dump --help`` does not load the schema; tests keep them in step with it.
"""

SCENARIO_NAMES = ("acl_json", "tf1_session", "tf2_npu_device", "torchair", "env", "msprobe_config", "torch_npu")
EXPORT_TARGETS = ("acl_json", "tf1_python", "tf2_python", "torchair_python", "shell", "project", "msprobe_json",
                  "torch_npu_python")
PRODUCTS = ("atlas_a2", "atlas_a3", "atlas_training", "atlas_inference")
