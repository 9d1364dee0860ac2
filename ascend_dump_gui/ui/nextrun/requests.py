"""What a view asks the next-run dialogs for: the run, its golden and the ops; the main window adds the config and
product that Configure holds."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path

from ascend_dump_gui.core.config.model import ConfigDoc


@dataclass(frozen=True)
class NextRunRequest:
    """``ops`` empty: the first divergence (GOLDEN given) and every overflowing op (a fix) / the first divergence
    (a capture). ``config``/``product`` come from Configure when the user's config is open there."""

    run: Path
    golden: Path | None = None
    ops: tuple[str, ...] = ()
    graph: Path | None = None
    steps: tuple[int, ...] = ()
    ranks: tuple[int, ...] = ()
    config: ConfigDoc | None = field(default=None, compare=False)
    product: str | None = None

    def with_config(self, config: ConfigDoc | None, product: str | None) -> NextRunRequest:
        return replace(self, config=config, product=product)
