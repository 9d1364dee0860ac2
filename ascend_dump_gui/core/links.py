"""The link policy of every reader: a symbolic link that leads outside the folder the user gave is not
followed (and is listed as a problem) unless the user asked to follow links.

A *fence* is the real path of that folder, or ``""`` when links are followed.
"""

from __future__ import annotations

import os

LINK_OUTSIDE = "symbolic link to outside the folder ({target}), not followed"
"""The problem of a link that leaves the given folder (``{target}``: where it points)."""


def is_inside(target: str, real_root: str) -> bool:
    """True when the real path ``target`` is ``real_root`` or below it."""
    return target == real_root or target.startswith(real_root.rstrip(os.sep) + os.sep)


def fence_of(root: str | os.PathLike, follow_links: bool) -> str:
    """The fence of a tree opened at ``root``: its real path, or ``""`` with ``follow_links``."""
    return "" if follow_links else os.path.realpath(root)


def outside(path: str | os.PathLike, fence: str) -> str | None:
    """The problem text when ``path`` (or a link on the way to it) leads outside ``fence``, else None."""
    if not fence:
        return None
    target = os.path.realpath(path)
    return None if is_inside(target, fence) else LINK_OUTSIDE.format(target=target)
