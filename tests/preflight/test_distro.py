"""os-release -> family, package names and the install command, for the distributions Ascend users run."""

from __future__ import annotations

import pytest

from ascend_dump_gui.preflight.check import missing_message
from ascend_dump_gui.preflight.distro import Distro, parse_os_release

DEBIAN_12 = 'PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\nNAME="Debian GNU/Linux"\nVERSION_ID="12"\nID=debian\n'
UBUNTU_22 = 'NAME="Ubuntu"\nVERSION_ID="22.04"\nID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 22.04.4 LTS"\n'
UBUNTU_24 = 'NAME="Ubuntu"\nVERSION_ID="24.04"\nID=ubuntu\nID_LIKE=debian\nPRETTY_NAME="Ubuntu 24.04.1 LTS"\n'
OPENEULER = 'NAME="openEuler"\nVERSION="22.03 (LTS-SP3)"\nID="openEuler"\nVERSION_ID="22.03"\n' \
            'PRETTY_NAME="openEuler 22.03 (LTS-SP3)"\nANSI_COLOR="0;31"\n'
KYLIN_SERVER = 'NAME="Kylin Linux Advanced Server"\nVERSION="V10 (Lance)"\nID="kylin"\nVERSION_ID="V10"\n' \
               'PRETTY_NAME="Kylin Linux Advanced Server V10 (Lance)"\nANSI_COLOR="0;31"\n'
KYLIN_DESKTOP = 'NAME="Kylin"\nVERSION="v10 (kylin)"\nID=kylin\nID_LIKE=debian\nPRETTY_NAME="Kylin V10 SP1"\n' \
                'VERSION_ID="v10"\n'
CENTOS_7 = 'NAME="CentOS Linux"\nVERSION="7 (Core)"\nID="centos"\nID_LIKE="rhel fedora"\nVERSION_ID="7"\n' \
           'PRETTY_NAME="CentOS Linux 7 (Core)"\n'
CENTOS_9 = 'NAME="CentOS Stream"\nVERSION="9"\nID="centos"\nID_LIKE="rhel fedora"\nVERSION_ID="9"\n' \
           'PRETTY_NAME="CentOS Stream 9"\n'
EULEROS = 'NAME="EulerOS"\nVERSION="2.0 (SP10)"\nID="euleros"\nVERSION_ID="2.0"\nPRETTY_NAME="EulerOS 2.0 (SP10)"\n'
MISSING = ["libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"]


@pytest.mark.parametrize(("text", "command"), [
    (DEBIAN_12, "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0"),
    (UBUNTU_22, "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0"),
    (UBUNTU_24, "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0"),
    (KYLIN_DESKTOP, "sudo apt-get install -y libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0"),
    (OPENEULER, "sudo dnf install -y xcb-util-wm xcb-util-keysyms xcb-util-cursor"),
    (KYLIN_SERVER, "sudo dnf install -y xcb-util-wm xcb-util-keysyms xcb-util-cursor"),
    (CENTOS_9, "sudo dnf install -y xcb-util-wm xcb-util-keysyms xcb-util-cursor"),
    (CENTOS_7, "sudo yum install -y xcb-util-wm xcb-util-keysyms xcb-util-cursor"),
    (EULEROS, "sudo yum install -y xcb-util-wm xcb-util-keysyms xcb-util-cursor"),
])
def test_install_command_per_distribution(text, command):
    distro = parse_os_release(text)
    message = missing_message("xcb", MISSING, distro)
    assert command in message.splitlines()[3]
    assert "libxcb-icccm.so.4, libxcb-keysyms.so.1, libxcb-cursor.so.0" in message
    assert "QT_QPA_PLATFORM=offscreen" in message


def test_renamed_and_mesa_packages_follow_the_release():
    ubuntu24, debian12 = parse_os_release(UBUNTU_24), parse_os_release(DEBIAN_12)
    assert ubuntu24.packages_for(["libglib-2.0.so.0"])[0] == ["libglib2.0-0t64"]
    assert debian12.packages_for(["libglib-2.0.so.0", "libgthread-2.0.so.0"])[0] == ["libglib2.0-0"]
    assert parse_os_release(CENTOS_7).packages_for(["libGL.so.1"])[0] == ["mesa-libGL"]
    assert parse_os_release(CENTOS_9).packages_for(["libGL.so.1"])[0] == ["libglvnd-glx"]
    assert parse_os_release(OPENEULER).packages_for(["libxcb-randr.so.0", "libxcb.so.1"])[0] == ["libxcb"]


def test_unknown_distribution_and_soname_still_give_a_useful_message():
    message = missing_message("xcb", ["libxcb-icccm.so.4", "libweird.so.3"], Distro())
    assert "libxcb-icccm.so.4, libweird.so.3" in message
    assert "libxcb-icccm4" in message and "sudo" not in message
    known = missing_message("xcb", ["libweird.so.3"], parse_os_release(DEBIAN_12))
    assert "Not known to this check" not in known  # nothing to install by name: no empty command either
    assert "apt-get install" not in known


def test_os_release_parsing_tolerates_odd_lines():
    distro = parse_os_release("# comment\n\nID='ubuntu'\nVERSION_ID=\"20.04\"\ngarbage line\n")
    assert distro.id == "ubuntu" and distro.version == (20, 4) and distro.family == "deb"
