"""An injected drift: one rank computes one op differently from one step on (multi-rank emulators)."""

from __future__ import annotations

from dataclasses import dataclass

from ascend_dump_gui.core.errors import InputError


def _small_number(text: str) -> bool:
    """A decimal number of at most 9 digits (ranks and steps; longer ones are out of range anyway)."""
    return text.isascii() and text.isdigit() and len(text) <= 9


@dataclass(frozen=True)
class Drift:
    """Rank ``rank`` computes op ``op`` slightly differently from step ``step`` on."""

    rank: int
    step: int
    op: str

    @classmethod
    def parse(cls, text: str) -> Drift:
        """``RANK:STEP:OP`` (OP as in the compiled graph, e.g. ``dense_1/MatMul``)."""
        parts = text.split(":", 2)
        if len(parts) != 3 or not all(_small_number(p.strip()) for p in parts[:2]) or not parts[2]:
            raise InputError(None, f"drift {text!r}: expected RANK:STEP:OP, e.g. 3:1:dense_1/MatMul")
        return cls(int(parts[0]), int(parts[1]), parts[2].strip())
