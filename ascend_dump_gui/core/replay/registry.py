"""Op types the replay covers: GE op type -> reference function (from the ``ge_*`` modules)."""

from __future__ import annotations

from ascend_dump_gui.core.messages import msg
from ascend_dump_gui.core.replay import ge_cube, ge_data, ge_elementwise, ge_norm
from ascend_dump_gui.core.replay.call import Reference, Unsupported

REFERENCES: dict[str, Reference] = {**ge_cube.REFERENCES, **ge_elementwise.REFERENCES, **ge_norm.REFERENCES,
                                    **ge_data.REFERENCES}


def covered() -> list[str]:
    """Every GE op type the replay covers, sorted."""
    return sorted(REFERENCES)


def reference_of(op_type: str) -> Reference:
    """The reference of ``op_type``; raises :class:`Unsupported` for a type the replay does not cover."""
    try:
        return REFERENCES[op_type]
    except KeyError:
        raise Unsupported(msg("op type {op_type} is not covered by the replay", op_type=op_type)) from None
