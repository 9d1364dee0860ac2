"""The system libraries a one-folder build needs from the distribution, as Debian ``Depends`` or RPM ``Requires``.

    python packaging/linux_deps.py dist/ascend-dump-gui --deb     # libc6, libgl1, libxcb-icccm4, ...
    python packaging/linux_deps.py dist/ascend-dump-gui --rpm     # one 'soname()(64bit)' per line

Every ELF file of the folder is read; a needed soname that the folder does not carry itself must be in the
pre-flight check's table (``ascend_dump_gui/preflight/libraries.py``), so the package depends on exactly the
libraries the check knows. An unknown one stops the build with its name and the file that needs it.
"""

from __future__ import annotations

import argparse
import platform
import sys
from pathlib import Path

from ascend_dump_gui.preflight.distro import Distro
from ascend_dump_gui.preflight.elf import ElfError, needed_libraries
from ascend_dump_gui.preflight.libraries import SONAME_PACKAGES

OPTIONAL = {"libqgtk3.so"}   # Qt's GTK theme plugin: Qt skips it when GTK is absent


def system_sonames(folder: Path) -> dict[str, Path]:
    """Each soname that some ELF file under ``folder`` needs and the folder does not carry, with one user."""
    files = [p for p in folder.rglob("*") if p.is_file() and not p.is_symlink()]
    carried = {p.name for p in folder.rglob("*")}
    wanted: dict[str, Path] = {}
    for path in files:
        with path.open("rb") as fh:
            if fh.read(4) != b"\x7fELF":
                continue
        try:
            needs = needed_libraries(path)
        except ElfError:
            continue
        if path.name in OPTIONAL:
            continue
        for soname in needs:
            if soname not in carried:
                wanted.setdefault(soname, path)
    return wanted


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    form = parser.add_mutually_exclusive_group(required=True)
    form.add_argument("--deb", action="store_true", help="a Debian Depends value")
    form.add_argument("--rpm", action="store_true", help="RPM Requires, one per line")
    args = parser.parse_args(argv)
    wanted = system_sonames(args.folder)
    unknown = {s: p for s, p in wanted.items() if s not in SONAME_PACKAGES}
    if unknown:
        for soname, user in sorted(unknown.items()):
            print(f"linux_deps: {soname} (needed by {user.relative_to(args.folder)}) has no package in "
                  "ascend_dump_gui/preflight/libraries.py", file=sys.stderr)
        return 2
    if args.deb:
        names, _ = Distro(id="debian").packages_for(sorted(wanted))
        print(", ".join(sorted(names)))
    else:
        bits = "(64bit)" if platform.architecture()[0] == "64bit" else ""
        print("\n".join(f"{soname}(){bits}" for soname in sorted(wanted)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
