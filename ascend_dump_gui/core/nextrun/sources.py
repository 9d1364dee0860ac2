"""Which document of the user's config a fix or a capture starts from. A PyTorch training script gives one document
per scenario (the first from ``load_config``, the others in ``facts["scenarios"]``): a fix takes its torch_npu
settings (or torchair's, for a graph run compiled with torchair), a capture its msprobe ``PrecisionDebugger`` for an
msprobe run."""

from __future__ import annotations

from collections.abc import Collection

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.nextrun.capture_forms import FRAMEWORK_OF

PYTORCH = ("torch_npu", "torchair", "msprobe_config")
FIX_SCENARIO = {"tf1": "tf1_session", "tf2": "tf2_npu_device", "torchair": "torchair", "torch_npu": "torch_npu"}
"""The scenario whose document a framework's fix changes."""


def documents(doc: ConfigDoc) -> list[ConfigDoc]:
    """``doc`` and the documents of the other scenarios and config objects of its script."""
    return [doc, *(d for d in doc.facts.get("scenarios", ()) if isinstance(d, ConfigDoc))]


def _of(doc: ConfigDoc, scenario: str) -> ConfigDoc | None:
    return next((d for d in documents(doc) if d.scenario == scenario), None)


def _from_script(doc: ConfigDoc) -> bool:
    return doc.origin is not None and doc.origin.suffix.lower() in (".py", ".pyw")


def is_pytorch(doc: ConfigDoc) -> bool:
    """A PyTorch training script (any of its scenarios; an msprobe debugger imported from msprobe.mindspore is
    not PyTorch's)."""
    return _from_script(doc) and any(d.scenario in PYTORCH and d.facts.get("framework") != "mindspore"
                                     for d in documents(doc))


def torch_npu_doc(doc: ConfigDoc) -> ConfigDoc:
    """The script's torch_npu document, or an empty one of that script (a fix then adds its settings)."""
    return _of(doc, "torch_npu") or ConfigDoc("torch_npu", {}, doc.origin)


def fix_document(doc: ConfigDoc, framework: str | None, run_format: str) -> ConfigDoc:
    """The document a fix changes: the one of ``framework``'s scenario; without ``framework``, for a PyTorch script,
    torch_npu for an msprobe run or a script that sets torch_npu knobs and does not compile with torchair, else
    torchair; any other config as it is (the caller refuses what it cannot change)."""
    if framework is not None:
        if framework == "torch_npu" and is_pytorch(doc):
            return torch_npu_doc(doc)
        wanted = FIX_SCENARIO.get(framework)
        return (_of(doc, wanted) if wanted else None) or doc
    if not is_pytorch(doc):
        return doc
    if run_format == "msprobe" or _of(doc, "torchair") is None:
        return torch_npu_doc(doc)
    return _of(doc, "torchair") or doc


def capture_document(doc: ConfigDoc, scenarios: dict[str, str], framework: str | None, run_format: str) -> ConfigDoc:
    """The document a capture changes (``scenarios``: scenario -> capture framework): ``framework``'s, else the
    script's msprobe ``PrecisionDebugger`` for an msprobe run, else its first document of a capture form."""
    docs = [d for d in documents(doc) if d.scenario in scenarios]
    if framework is not None:
        return next((d for d in docs if scenarios[d.scenario] == framework), doc)
    if run_format == "msprobe":
        return next((d for d in docs if d.scenario == "msprobe_config"), docs[0] if docs else doc)
    return next((d for d in docs if d.scenario != "msprobe_config"), docs[0] if docs else doc)


def offers(doc: ConfigDoc, scenarios: Collection[str]) -> bool:
    """Whether ``doc`` (or another document of its script) is of a scenario in ``scenarios``."""
    return any(d.scenario in scenarios for d in documents(doc))


def feeds_fix(doc: ConfigDoc) -> bool:
    """Whether a fix starts from ``doc`` (a PyTorch script always: its torch_npu settings, possibly none yet)."""
    return is_pytorch(doc) or offers(doc, FIX_SCENARIO.values())


def feeds_capture(doc: ConfigDoc) -> bool:
    """Whether a capture starts from ``doc`` (it, or another document of its script, is of a capture form)."""
    return offers(doc, FRAMEWORK_OF)
