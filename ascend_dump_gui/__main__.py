"""`python -m ascend_dump_gui` and the `ascend-dump-gui` launcher."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    """Start the desktop application (Qt is imported only here, never by the CLI)."""
    from ascend_dump_gui.ui.app import main as ui_main

    return ui_main(sys.argv[1:] if argv is None else argv)


if __name__ == "__main__":
    sys.exit(main())
