"""Display names of record kinds and folder levels (folder labels: ``DumpNode.label(tr)``)."""

from __future__ import annotations

from ascend_dump_gui.ui.i18n import tr


def kind_names() -> dict[str, str]:
    """Record kinds (``tensor``, ``stats`` ...) and folder levels (``rank``, ``iteration`` ...) -> the text
    shown, in the current language (build it once per model: the panels are rebuilt on a language switch)."""
    return {
        "tensor": tr("tensor"), "stats": tr("stats"), "overflow": tr("overflow"), "exception": tr("exception"),
        "golden": tr("golden"), "mapping": tr("mapping"), "graph": tr("graph"), "unknown": tr("unknown"),
        "folder": tr("folder"), "rank": tr("rank"), "time": tr("time"), "device": tr("device"),
        "model_name": tr("model"), "model_id": tr("model id"), "iteration": tr("step"),
        "graphs": tr("graph dumps"), "link-loop": tr("link loop"),
        "link": tr("link (not followed)"),
        "msprobe_tensor": tr("msprobe tensor"), "msprobe_stats": tr("msprobe statistics"),
    }
