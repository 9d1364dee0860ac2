"""A Chinese interface needs a CJK font: the warning, with this distribution's install command."""

from __future__ import annotations

from collections.abc import Sequence

from ascend_dump_gui.preflight.distro import Distro, current_distro
from ascend_dump_gui.preflight.libraries import CJK_FONT


def missing_cjk_font_message(families: Sequence[str], distro: Distro | None = None) -> str | None:
    """``None`` when some font family covers Simplified Chinese, else a warning naming the package to install."""
    if families:
        return None
    distro = distro or current_distro()
    command = distro.install_command([distro.package(CJK_FONT)]) if distro.family else ""
    how = command or f"install a CJK font (Debian/Ubuntu: {CJK_FONT.deb}; openEuler/CentOS: {CJK_FONT.rpm})"
    return ("ascend-dump-gui: warning: the interface is Chinese but no installed font can show Chinese text "
            f"(it will appear as boxes). Install one: {how}. Or start with --lang en.")
