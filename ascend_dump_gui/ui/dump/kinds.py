"""Display names of record kinds and folder levels, and translated folder labels for the Browse tree."""

from __future__ import annotations

from ascend_dump_gui.core.dump.layout import DirContext
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
    }


def folder_label(name: str, ctx: DirContext) -> str:
    """What a folder is, e.g. ``"0 (device 0)"`` (the tree's translated twin of core's ``layout.describe``)."""
    level = ctx.level
    if level == "rank":
        what = tr("rank {rank} of {world_size}").format(rank=ctx.rank, world_size=ctx.world_size)
    elif level == "time":
        what = tr("dumped {when}").format(
            when=f"{name[0:4]}-{name[4:6]}-{name[6:8]} {name[8:10]}:{name[10:12]}:{name[12:14]}")
    elif level == "device":
        what = tr("device {device}").format(device=ctx.device)
    elif level == "model_name":
        what = tr("model")
    elif level == "model_id":
        what = tr("model id {id}").format(id=ctx.model_id)
    elif level == "iteration":
        what = tr("step {step}").format(step=ctx.iteration)
    elif level == "exception":
        what = tr("exception dumps")
    elif level == "graphs":
        what = tr("graph dumps")
    else:
        return name
    return f"{name} ({what})"
