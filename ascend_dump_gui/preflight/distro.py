"""The distribution this runs on (from ``/etc/os-release``) and the command that installs packages on it."""

from __future__ import annotations

import re
from collections import namedtuple
from pathlib import Path

from ascend_dump_gui.preflight.libraries import MESA_GL, RENAMED, SONAME_PACKAGES, Packages

OS_RELEASE = Path("/etc/os-release")
_DEB_IDS = {"debian", "ubuntu", "linuxmint", "pop", "deepin", "uos", "raspbian", "kali", "elementary"}
_RPM_IDS = {"openeuler", "kylin", "centos", "rhel", "euleros", "fedora", "rocky", "almalinux", "anolis", "ol",
            "hce", "ctyunos", "bclinux"}
_YUM_ONLY = {"euleros"}


class Distro(namedtuple("Distro", "id like version pretty", defaults=("", (), (), ""))):
    """What ``os-release`` says, reduced to what an install command needs (a plain tuple: cheap at start-up)."""

    __slots__ = ()

    @property
    def family(self) -> str:
        """``deb``, ``rpm`` or ``""`` (unknown)."""
        if self.id in _DEB_IDS:
            return "deb"
        if self.id in _RPM_IDS:
            # Kylin's desktop edition is Ubuntu-based and says so in ID_LIKE; its server edition is RPM-based.
            return "deb" if any(x in _DEB_IDS for x in self.like) else "rpm"
        for like in self.like:
            if like in _DEB_IDS:
                return "deb"
            if like in _RPM_IDS:
                return "rpm"
        return ""

    @property
    def installer(self) -> str:
        """The command prefix that installs packages here (empty when unknown)."""
        if self.family == "deb":
            return "sudo apt-get install -y"
        if self.family == "rpm":
            old = self.id in _YUM_ONLY or (self.id in {"centos", "rhel"} and self.version[:1] < (8,)
                                           and bool(self.version))
            return "sudo yum install -y" if old else "sudo dnf install -y"
        return ""

    def package(self, packages: Packages) -> str:
        """This distribution's name for ``packages``."""
        if self.family == "deb":
            name = packages.deb
            for (distro_id, since), renames in RENAMED.items():
                if (self.id == distro_id or distro_id in self.like) and self.version >= since:
                    name = renames.get(name, name)
            return name
        if self.family == "rpm":
            return MESA_GL.get(packages.rpm, packages.rpm) if self.installer.endswith("yum install -y") \
                else packages.rpm
        return ""

    def packages_for(self, sonames: list[str]) -> tuple[list[str], list[str]]:
        """``(package names, sonames with no known package)`` for ``sonames``, each name once, in order."""
        names: list[str] = []
        unknown: list[str] = []
        for soname in sonames:
            known = SONAME_PACKAGES.get(soname)
            name = self.package(known) if known else ""
            if not name:
                unknown.append(soname)
            elif name not in names:
                names.append(name)
        return names, unknown

    def install_command(self, packages: list[str]) -> str:
        """The one line that installs ``packages`` here, or ``""``."""
        return f"{self.installer} {' '.join(packages)}" if self.installer and packages else ""


def parse_os_release(text: str) -> Distro:
    """A :class:`Distro` from the text of an ``os-release`` file (shell-style ``KEY=value`` lines)."""
    fields: dict[str, str] = {}
    for line in text.splitlines():
        match = re.match(r"\s*([A-Z_][A-Z0-9_]*)=(.*)$", line)
        if match:
            fields[match[1]] = match[2].strip().strip("'\"")
    version = tuple(int(n) for n in re.findall(r"\d+", fields.get("VERSION_ID", ""))[:2])
    return Distro(id=fields.get("ID", "").lower(), like=tuple(fields.get("ID_LIKE", "").lower().split()),
                  version=version, pretty=fields.get("PRETTY_NAME", fields.get("NAME", "")))


def current_distro(path: Path = OS_RELEASE) -> Distro:
    """This machine's distribution (an unknown one when ``os-release`` cannot be read)."""
    for candidate in (path, Path("/usr/lib/os-release")) if path == OS_RELEASE else (path,):
        try:
            return parse_os_release(candidate.read_text(encoding="utf-8", errors="replace"))
        except OSError:
            continue
    return Distro()
