"""The pre-flight check: before Qt starts, find the system libraries its platform plugin cannot load.

Qt aborts with a generic "could not load the Qt platform plugin" when a library of ``libqxcb.so`` is missing;
this names the libraries and the command that installs them. The plugin's needs are read from the installed
PySide6 (the ``DT_NEEDED`` entries of the plugin and of the Qt libraries it pulls in), and each library outside
Qt is tried with the dynamic loader. Nothing of Qt is imported here.
"""

from __future__ import annotations

import ctypes
import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

from ascend_dump_gui.preflight.distro import Distro, current_distro
from ascend_dump_gui.preflight.elf import ElfError, needed_libraries

Loadable = Callable[[str], bool]


def dlopen_ok(soname: str) -> bool:
    """True when the dynamic loader can load ``soname`` (with everything it needs)."""
    try:
        ctypes.CDLL(soname)
    except OSError:
        return False
    return True


def qt_dir() -> Path | None:
    """The ``Qt`` folder of the installed PySide6 (a wheel or a PyInstaller bundle), found without importing it."""
    spec = importlib.util.find_spec("PySide6")
    for location in (spec.submodule_search_locations or []) if spec else []:
        if (Path(location) / "Qt").is_dir():
            return Path(location) / "Qt"
    return None


def platform_name(env: Mapping[str, str]) -> str:
    """The platform plugin Qt will pick: ``QT_QPA_PLATFORM``'s first entry, else wayland or xcb as Qt 6 does."""
    requested = env.get("QT_QPA_PLATFORM", "").split(";")[0].split(":")[0].strip()
    if requested:
        return requested
    if env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland":
        return "wayland"
    return "xcb"


def missing_libraries(plugin: Path, loadable: Loadable = dlopen_ok) -> list[str]:
    """Sonames that ``plugin`` needs, directly or through Qt's own libraries beside it, and that cannot load."""
    bundled = plugin.parents[2] / "lib"           # Qt/plugins/platforms/libq*.so -> Qt/lib
    seen: set[str] = set()
    missing: list[str] = []
    pending = [plugin]
    while pending:
        try:
            needs = needed_libraries(pending.pop())
        except (OSError, ElfError):
            continue
        for soname in needs:
            if soname in seen:
                continue
            seen.add(soname)
            if (bundled / soname).is_file():
                pending.append(bundled / soname)
            elif not loadable(soname):
                missing.append(soname)
    return missing


def no_display_message() -> str:
    """What to do when there is no display at all."""
    return ("ascend-dump-gui: no display: neither DISPLAY nor WAYLAND_DISPLAY is set, so there is no screen to open "
            "the window on.\n"
            "  - over SSH, connect with X11 forwarding: ssh -X user@host (or ssh -Y), then run ascend-dump-gui;\n"
            "  - on a machine without a screen: xvfb-run ascend-dump-gui ... (Debian/Ubuntu: apt-get install xvfb);\n"
            "  - for scripted use without a window: QT_QPA_PLATFORM=offscreen ascend-dump-gui ...\n"
            "The command line, ascend-dump, needs no display.")


def missing_message(platform: str, missing: list[str], distro: Distro) -> str:
    """One clear message: which libraries are missing and the exact command that installs them here."""
    packages, unknown = distro.packages_for(missing)
    lines = [f'ascend-dump-gui cannot start: Qt\'s "{platform}" display plugin needs system libraries that are '
             f"not installed here:", "  " + ", ".join(missing)]
    command = distro.install_command(packages)
    where = distro.pretty or "this system"
    if command:
        lines += [f"Install them ({where}) with:", f"  {command}"]
    else:
        deb, _ = Distro(id="debian").packages_for(missing)
        rpm, _ = Distro(id="fedora").packages_for(missing)
        lines.append(f"Install the packages that provide them with {where}'s package manager"
                     + (f" (Debian/Ubuntu: {' '.join(deb)}; openEuler/CentOS: {' '.join(rpm)})" if deb else "")
                     + ".")
    if unknown and command:
        lines.append("Not known to this check (find the package that provides them): " + ", ".join(unknown))
    lines += ["For scripted use without a window: QT_QPA_PLATFORM=offscreen ascend-dump-gui ...",
              "The command line, ascend-dump, needs none of them."]
    return "\n".join(lines)


def preflight(env: Mapping[str, str] | None = None, *, loadable: Loadable | None = None,
              distro: Distro | None = None, qt: Path | None = None) -> str | None:
    """``None`` when Qt can start here, else the message to print (the caller exits with status 2)."""
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return None
    platform = platform_name(env)
    if platform == "xcb" and not env.get("DISPLAY"):
        return None if env.get("WAYLAND_DISPLAY") else no_display_message()
    qt = qt or qt_dir()
    plugin = qt / "plugins" / "platforms" / f"libq{platform}.so" if qt else None
    if plugin is None or not plugin.is_file():
        return None       # an unknown or absent plugin: let Qt report it
    missing = missing_libraries(plugin, loadable or dlopen_ok)
    return missing_message(platform, missing, distro or current_distro()) if missing else None
