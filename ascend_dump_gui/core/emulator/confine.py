"""Where the emulator writes: only under its working folder (``--cwd``, or the folder the app chose).

A config or environment that points elsewhere (an absolute or ``../`` dump_path, ``ASCEND_WORK_PATH=/data``) is
re-rooted: the folder keeps its path below the working folder (``/data/dumps`` -> ``{cwd}/data/dumps``) and a note
says so. A link on the way that leads out of the working folder is refused (:class:`UnsafePathError`, exit 2): the
emulator never writes through it. A link that stays inside the working folder is the user's own arrangement.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ascend_dump_gui.core.config.model import ConfigDoc
from ascend_dump_gui.core.config.paths import Artifact, resolve_paths
from ascend_dump_gui.core.config.rules.acl import remote_host
from ascend_dump_gui.core.safe_names import UnsafePathError


@dataclass(frozen=True)
class Confined:
    """A folder the runtime would write (``original``) and where the emulator writes it (``path``)."""

    original: Path
    path: Path

    @property
    def rerooted(self) -> bool:
        return self.path != self.original

    def note(self, what: str, cwd: Path) -> str:
        """The sentence that tells the user about a re-rooted folder."""
        return (f"{what}: {self.original} is outside the emulator's working folder {cwd}; the emulator writes it "
                f"under {self.path} instead")


def confine(path: str | Path, cwd: Path) -> Confined:
    """``path`` (relative ones against ``cwd``, an absolute, resolved folder) kept under ``cwd``; UnsafePathError
    when a link among its existing folders leads out of ``cwd``."""
    cwd = Path(os.path.abspath(cwd))
    original = Path(os.path.abspath(cwd / path))          # ".." removed lexically, as a shell would show it
    target = original if original.is_relative_to(cwd) else cwd.joinpath(*original.parts[1:])
    real_cwd = Path(os.path.realpath(cwd))
    if not Path(os.path.realpath(target)).is_relative_to(real_cwd):
        raise UnsafePathError(_first_link(cwd, target), f"is a link that leads out of the emulator's working folder "
                                                        f"{cwd}; refusing to write through it")
    return Confined(original, target)


def _first_link(cwd: Path, target: Path) -> Path:
    folder = cwd
    for part in target.relative_to(cwd).parts:
        folder = folder / part
        if folder.is_symlink():
            return folder
    return target


def emulator_folders(doc: ConfigDoc, env: Mapping[str, str], cwd: Path,
                     artifacts: tuple[str, ...]) -> list[tuple[Artifact, Confined | None]]:
    """Per artifact among ``artifacts`` as ``config where`` resolves it, where the emulator writes it (None: a remote
    host, nothing local); UnsafePathError when one would be written through a link out of ``cwd``."""
    return [(a, None if remote_host(a.path) is not None else confine(a.path, cwd))
            for a in resolve_paths(doc, env=env, cwd=cwd) if a.artifact in artifacts]
