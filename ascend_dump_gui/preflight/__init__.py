"""Start-up checks that run before Qt: a missing display or system library becomes one clear message.

``preflight()`` (``check.py``) reads what Qt's platform plugin needs (``elf.py``), maps missing sonames to
packages (``libraries.py``) and to this distribution's install command (``distro.py``). The same table gives
the Debian and RPM packages their dependencies (``packaging/linux_deps.py``). Never imports Qt.
"""
