"""Names offered before any schema is loaded (the CLI's choices): scenarios, export targets, products, and the
words people read for those formats.

Kept light on purpose so ``ascend-dump --help`` does not load the schema; tests keep them in step with it.
"""

from ascend_dump_gui.core.messages import Text, msg

SCENARIO_NAMES = ("acl_json", "tf1_session", "tf2_npu_device", "torchair", "env", "msprobe_config", "torch_npu")
EXPORT_TARGETS = ("acl_json", "tf1_python", "tf2_python", "torchair_python", "shell", "project", "msprobe_json",
                  "torch_npu_python")
PRODUCTS = ("atlas_a2", "atlas_a3", "atlas_training", "atlas_inference")

FORMAT_NAMES = {
    # scenarios (what a config is)
    "acl_json": msg("acl.json"), "tf1_session": msg("TensorFlow 1 session options"),
    "tf2_npu_device": msg("TensorFlow 2 npu_device"), "torchair": msg("PyTorch torchair"),
    "env": msg("environment variables"), "msprobe_config": msg("msprobe config.json"),
    "torch_npu": msg("PyTorch torch_npu"),
    # export targets (what a config is written as)
    "tf1_python": msg("TF1 session (Python)"), "tf2_python": msg("TF2 npu_device (Python)"),
    "torchair_python": msg("torchair (Python)"), "torch_npu_python": msg("torch_npu (Python)"),
    "shell": msg("Shell exports"),
    "project": msg("Project file (all options)"), "msprobe_json": msg("msprobe config.json"),
    "env_shell": msg("Environment (shell exports)"),
}
"""The one table of the words shown for config formats (the identifiers stay in the CLI's options and in JSON)."""


def format_name(name: str) -> Text | str:
    """The word for scenario or export target ``name`` (the name itself when it has none)."""
    return FORMAT_NAMES.get(name, name)
