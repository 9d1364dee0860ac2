"""Which distribution package brings each system library that Qt's platform plugins load.

One table drives the pre-flight message (what to install), the Debian package's ``Depends:`` and the RPM's
``Requires:`` (``packaging/linux_deps.py``). Debian names are those of Debian 12 / Ubuntu 22.04; the RPM names
are those of the Fedora/RHEL family that openEuler, Kylin Server and CentOS Stream share.
"""

from __future__ import annotations

from collections import namedtuple

Packages = namedtuple("Packages", "deb rpm")   # the package that provides a soname, per packaging family


_GLIBC = Packages("libc6", "glibc")
_XCB = Packages("", "libxcb")   # one RPM carries every core xcb extension; Debian splits them (name filled below)

SONAME_PACKAGES: dict[str, Packages] = {
    # Qt's xcb platform plugin (libqxcb.so and libQt6XcbQpa.so.6)
    "libxcb-cursor.so.0": Packages("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": Packages("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-util.so.1": Packages("libxcb-util1", "xcb-util"),
    "libxcb-image.so.0": Packages("libxcb-image0", "xcb-util-image"),
    "libxcb-keysyms.so.1": Packages("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-render-util.so.0": Packages("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb.so.1": Packages("libxcb1", "libxcb"),
    "libxcb-randr.so.0": _XCB._replace(deb="libxcb-randr0"),
    "libxcb-shm.so.0": _XCB._replace(deb="libxcb-shm0"),
    "libxcb-sync.so.1": _XCB._replace(deb="libxcb-sync1"),
    "libxcb-xfixes.so.0": _XCB._replace(deb="libxcb-xfixes0"),
    "libxcb-render.so.0": _XCB._replace(deb="libxcb-render0"),
    "libxcb-shape.so.0": _XCB._replace(deb="libxcb-shape0"),
    "libxcb-xkb.so.1": _XCB._replace(deb="libxcb-xkb1"),
    "libxcb-xinput.so.0": _XCB._replace(deb="libxcb-xinput0"),
    "libxcb-glx.so.0": _XCB._replace(deb="libxcb-glx0"),
    "libX11-xcb.so.1": Packages("libx11-xcb1", "libX11-xcb"),
    "libX11.so.6": Packages("libx11-6", "libX11"),
    "libxkbcommon.so.0": Packages("libxkbcommon0", "libxkbcommon"),
    "libxkbcommon-x11.so.0": Packages("libxkbcommon-x11-0", "libxkbcommon-x11"),
    # Qt Gui, whatever the platform
    "libGL.so.1": Packages("libgl1", "libglvnd-glx"),
    "libEGL.so.1": Packages("libegl1", "libglvnd-egl"),
    "libOpenGL.so.0": Packages("libopengl0", "libglvnd-opengl"),
    "libfontconfig.so.1": Packages("libfontconfig1", "fontconfig"),
    "libfreetype.so.6": Packages("libfreetype6", "freetype"),
    "libglib-2.0.so.0": Packages("libglib2.0-0", "glib2"),
    "libgthread-2.0.so.0": Packages("libglib2.0-0", "glib2"),
    "libdbus-1.so.3": Packages("libdbus-1-3", "dbus-libs"),
    "libdrm.so.2": Packages("libdrm2", "libdrm"),
    "libwayland-client.so.0": Packages("libwayland-client0", "libwayland-client"),
    "libwayland-cursor.so.0": Packages("libwayland-cursor0", "libwayland-cursor"),
    "libwayland-egl.so.1": Packages("libwayland-egl1", "libwayland-egl"),
    "libz.so.1": Packages("zlib1g", "zlib"),
    "libzstd.so.1": Packages("libzstd1", "libzstd"),
    "libstdc++.so.6": Packages("libstdc++6", "libstdc++"),
    "libgcc_s.so.1": Packages("libgcc-s1", "libgcc"),
    "libc.so.6": _GLIBC,
    "libm.so.6": _GLIBC,
    "libdl.so.2": _GLIBC,
    "libpthread.so.0": _GLIBC,
    "librt.so.1": _GLIBC,
    "libresolv.so.2": _GLIBC,
    "libutil.so.1": _GLIBC,
    "ld-linux-x86-64.so.2": _GLIBC,
    "ld-linux-aarch64.so.1": _GLIBC,
}

# Renames on newer releases: (os-release ID, first VERSION_ID with the new name) -> {old: new}.
RENAMED: dict[tuple[str, tuple[int, ...]], dict[str, str]] = {
    ("ubuntu", (24, 4)): {"libglib2.0-0": "libglib2.0-0t64"},
    ("debian", (13,)): {"libglib2.0-0": "libglib2.0-0t64"},
}
# CentOS/RHEL 7 and EulerOS ship GL from mesa rather than libglvnd.
MESA_GL = {"libglvnd-glx": "mesa-libGL", "libglvnd-egl": "mesa-libEGL", "libglvnd-opengl": "mesa-libGL"}

CJK_FONT = Packages("fonts-wqy-microhei", "wqy-microhei-fonts")
