"""The pre-flight check: before Qt starts, find the system libraries its platform plugin cannot load.

Qt aborts with a generic "could not load the Qt platform plugin" when a library of ``libqxcb.so`` is missing;
this names the libraries and the command that installs them. The plugin's needs are read from the installed
PySide6 (the ``DT_NEEDED`` entries of the plugin and of the Qt libraries it pulls in); each library outside Qt
is looked up where the loader looks, and tried with the loader itself when it is not found there. Nothing of Qt is imported here.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:       # the rest loads on use: an offscreen or Wayland start checks nothing
    from ascend_dump_gui.preflight.distro import Distro

Loadable = Callable[[str], bool]


def loadable_here(soname: str) -> bool:
    """True when the loader finds ``soname`` in its usual places, or (asked only then) ``dlopen`` succeeds."""
    from ascend_dump_gui.preflight.loader import locate

    return locate(soname) is not None or dlopen_ok(soname)


def dlopen_ok(soname: str) -> bool:
    """True when the dynamic loader can load ``soname`` (with everything it needs)."""
    import ctypes

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


def missing_libraries(plugin: Path, loadable: Loadable = loadable_here) -> list[str]:
    """Sonames that ``plugin`` needs, directly or through Qt's own libraries beside it, and that cannot load."""
    from ascend_dump_gui.preflight.elf import ElfError, needed_libraries

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


def display_reachable(display: str) -> str | None:
    """``None`` when an X client can connect to ``display``, else why not (libxcb's own connection test)."""
    import ctypes

    try:
        xcb = ctypes.CDLL("libxcb.so.1")
    except OSError:
        return None        # reported as a missing library instead
    xcb.xcb_connect.restype = ctypes.c_void_p
    xcb.xcb_connect.argtypes = [ctypes.c_char_p, ctypes.c_void_p]
    xcb.xcb_connection_has_error.argtypes = [ctypes.c_void_p]
    xcb.xcb_disconnect.argtypes = [ctypes.c_void_p]
    connection = xcb.xcb_connect(display.encode(), None)
    try:
        error = xcb.xcb_connection_has_error(connection)
    finally:
        xcb.xcb_disconnect(connection)
    return None if not error else _XCB_ERRORS.get(error, f"libxcb error {error}")


_XCB_ERRORS = {1: "the connection failed (no X server listens there, or it refused the connection)",
               2: "the X server does not support a needed extension", 3: "out of memory",
               4: "a request was too long", 5: "the display name could not be parsed",
               6: "no screen of that number", 7: "the connection was refused (authorization: check xauth / "
                                               "ssh -X)"}


def unreachable_message(display: str, reason: str) -> str:
    """What to do when DISPLAY is set but no X server answers there."""
    return (f"ascend-dump-gui: cannot open the X display {display!r}: {reason}.\n"
            "  - check that DISPLAY names a running X server (echo $DISPLAY; xdpyinfo);\n"
            "  - over SSH, reconnect with X11 forwarding (ssh -X or ssh -Y) and do not set DISPLAY by hand;\n"
            "  - on a machine without a screen: xvfb-run ascend-dump-gui ...;\n"
            "  - for scripted use without a window: QT_QPA_PLATFORM=offscreen ascend-dump-gui ...")


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
        from ascend_dump_gui.preflight.distro import Distro

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
    if platform != "xcb":
        return None       # offscreen, wayland, vnc...: Qt's own messages are clear enough there
    if not env.get("DISPLAY"):
        return None if env.get("WAYLAND_DISPLAY") else no_display_message()
    qt = qt or qt_dir()
    plugin = qt / "plugins" / "platforms" / "libqxcb.so" if qt else None
    if plugin is None or not plugin.is_file():
        return None       # an unknown or absent plugin: let Qt report it
    missing = missing_libraries(plugin, loadable or loadable_here)
    if missing:
        from ascend_dump_gui.preflight.distro import current_distro

        return missing_message(platform, missing, distro or current_distro())
    reason = display_reachable(env["DISPLAY"]) if loadable is None else None
    return unreachable_message(env["DISPLAY"], reason) if reason else None
