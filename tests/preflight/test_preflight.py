"""The pre-flight check on this machine's real PySide6: what Qt's plugins need, what is missing, what is said."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ascend_dump_gui.preflight.check import (
    dlopen_ok,
    loadable_here,
    missing_libraries,
    platform_name,
    preflight,
    qt_dir,
)
from ascend_dump_gui.preflight.distro import parse_os_release
from ascend_dump_gui.preflight.elf import ElfError, needed_libraries
from ascend_dump_gui.preflight.fonts import missing_cjk_font_message
from ascend_dump_gui.preflight.libraries import SONAME_PACKAGES
from ascend_dump_gui.preflight.loader import LD_SO_CACHE, cached_libraries, locate

QT = qt_dir()
XCB = QT / "plugins" / "platforms" / "libqxcb.so" if QT else None
pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux") or XCB is None or not XCB.is_file(),
                                reason="needs PySide6's xcb plugin on Linux")
DEBIAN = parse_os_release('ID=debian\nVERSION_ID="12"\nPRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\n')


def test_elf_reader_lists_the_xcb_plugins_needs():
    needs = needed_libraries(XCB)
    assert {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"} <= set(needs)


def test_elf_reader_refuses_what_is_not_elf(tmp_path):
    for name, data in {"text": b"hello world" * 10, "empty": b"", "cut": XCB.read_bytes()[:80]}.items():
        (tmp_path / name).write_bytes(data)
        with pytest.raises(ElfError, match=name):
            needed_libraries(tmp_path / name)


def test_every_library_qt_loads_from_the_system_has_a_known_package():
    """The table behind the message and the installers' dependencies covers what this PySide6 needs."""
    for plugin in ("xcb", "offscreen"):
        external = missing_libraries(QT / "plugins" / "platforms" / f"libq{plugin}.so", loadable=lambda s: False)
        assert external, plugin
        assert not [s for s in external if s not in SONAME_PACKAGES], plugin


def test_fake_missing_libraries_are_named_with_the_install_command():
    gone = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"}
    message = preflight({"DISPLAY": ":0"}, loadable=lambda s: s not in gone, distro=DEBIAN)
    assert set(message.splitlines()[1].strip().split(", ")) == gone
    assert "sudo apt-get install -y" in message
    assert all(p in message for p in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0"))


def test_silent_when_everything_loads_and_for_other_platforms():
    assert preflight({"DISPLAY": ":0"}, loadable=lambda s: True) is None
    assert preflight({"QT_QPA_PLATFORM": "offscreen"}, loadable=lambda s: False) is None
    assert preflight({"QT_QPA_PLATFORM": "wayland"}, loadable=lambda s: False) is None
    assert preflight({"QT_QPA_PLATFORM": "no-such-platform", "DISPLAY": ":0"}, loadable=lambda s: False) is None


def test_no_display_is_said_before_anything_is_loaded():
    message = preflight({}, loadable=lambda s: pytest.fail("nothing should be loaded"))
    assert "no display" in message and "xvfb-run" in message and "ssh -X" in message
    assert preflight({"WAYLAND_DISPLAY": "wayland-0"}, loadable=lambda s: True) is None


def test_platform_name_follows_qt():
    assert platform_name({"QT_QPA_PLATFORM": "offscreen"}) == "offscreen"
    assert platform_name({"QT_QPA_PLATFORM": "wayland;xcb"}) == "wayland"
    assert platform_name({"QT_QPA_PLATFORM": "vnc:size=800x600"}) == "vnc"
    assert platform_name({"DISPLAY": ":0"}) == "xcb"
    assert platform_name({"WAYLAND_DISPLAY": "w", "XDG_SESSION_TYPE": "wayland", "DISPLAY": ":0"}) == "wayland"


def test_the_real_loader_is_asked():
    assert dlopen_ok("libc.so.6")
    assert not dlopen_ok("libno-such-library-ascend.so.9")


def test_the_loaders_places_are_searched_like_the_loader(tmp_path):
    assert locate("libc.so.6") is not None
    assert locate("libno-such-library-ascend.so.9") is None
    (tmp_path / "libno-such-library-ascend.so.9").write_bytes(b"")
    assert locate("libno-such-library-ascend.so.9", {"LD_LIBRARY_PATH": f"/nowhere:{tmp_path}"}) \
        == tmp_path / "libno-such-library-ascend.so.9"
    assert not loadable_here("libno-such-library-ascend.so.9")


def test_ld_so_cache_reader_tolerates_junk(tmp_path):
    for data in (b"", b"garbage", b"glibc-ld.so.cache1.1" + b"\xff" * 10):
        (tmp_path / "cache").write_bytes(data)
        assert cached_libraries(tmp_path / "cache") == {}
    assert "libc.so.6" in cached_libraries() or not LD_SO_CACHE.exists()


def test_the_app_exits_2_with_the_message_and_never_loads_qt_gui(tmp_path):
    """``ascend-dump-gui`` itself, in a fresh interpreter, with two libraries made unloadable."""
    script = textwrap.dedent("""
        import sys
        from ascend_dump_gui.preflight import check
        gone = {"libxcb-icccm.so.4", "libxcb-keysyms.so.1"}
        real = check.loadable_here
        check.loadable_here = lambda s: s not in gone and real(s)
        from ascend_dump_gui.ui.app import main
        status = main([])
        loaded = sorted(m for m in sys.modules if m.startswith(("PySide6.Qt", "pyqtgraph")))
        print("STATUS", status, "LOADED", loaded)
    """)
    env = {k: v for k, v in os.environ.items() if k not in {"QT_QPA_PLATFORM", "WAYLAND_DISPLAY"}}
    env.update(DISPLAY=":97", HOME=str(tmp_path))
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=60)
    assert "STATUS 2 LOADED []" in done.stdout, done.stdout + done.stderr
    assert "libxcb-icccm.so.4" in done.stderr and "libxcb-keysyms.so.1" in done.stderr
    assert "libxcb-icccm4" in done.stderr and "libxcb-keysyms1" in done.stderr


def test_chinese_without_a_cjk_font_warns_with_the_package():
    assert missing_cjk_font_message(["WenQuanYi Micro Hei"], DEBIAN) is None
    message = missing_cjk_font_message([], DEBIAN)
    assert "sudo apt-get install -y fonts-wqy-microhei" in message and "--lang en" in message
    openeuler = parse_os_release('ID="openEuler"\nVERSION_ID="22.03"\n')
    assert "dnf install -y wqy-microhei-fonts" in missing_cjk_font_message([], openeuler)


def test_qt_dir_is_the_installed_pyside6():
    import importlib.util

    assert Path(importlib.util.find_spec("PySide6").submodule_search_locations[0]) / "Qt" == QT
