"""Refresh ``ui/translations/<lang>.ts`` from the code and schema, then compile the ``.qm`` files.

    python scripts/update_translations.py            # update .ts (keeps translations), compile .qm
    python scripts/update_translations.py --check    # exit 1 when a string has no translation
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

from ascend_dump_gui.ui.translations import LANGUAGES, SOURCE_LANGUAGE
from ascend_dump_gui.ui.translations.catalog import CONTEXT_FILES, TS_DIR, read_ts, wanted, write_ts


def lrelease() -> str:
    """The Qt ``lrelease`` that PySide6 ships."""
    import PySide6

    for candidate in (shutil.which("pyside6-lrelease"), Path(PySide6.__file__).parent / "lrelease"):
        if candidate and Path(candidate).exists():
            return str(candidate)
    raise SystemExit("lrelease not found: install PySide6")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--check", action="store_true", help="only report untranslated strings")
    args = parser.parse_args(argv)
    keys = wanted()
    status = 0
    for language in (lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE):
        parts = sorted(set(CONTEXT_FILES.values()))
        sources = [TS_DIR / f"{language}.{part}.ts" for part in parts]
        for part, ts in zip(parts, sources, strict=True):
            mine = {k for k in keys if CONTEXT_FILES[k[0]] == part}
            known = read_ts(ts)
            missing = sorted(s for c, s in mine if (c, s) not in known)
            print(f"{ts.name}: {len(mine)} strings, {len(missing)} untranslated")
            for source in missing[:40] if args.check else ():
                print(f"  {source[:100]}")
            status |= bool(missing)
            if not args.check:
                write_ts(ts, language, mine, known)
        if not args.check:
            qm = TS_DIR / f"{language}.qm"
            subprocess.run([lrelease(), "-silent", *map(str, sources), "-qm", str(qm)], check=True)
    return status if args.check else 0


if __name__ == "__main__":
    sys.exit(main())
