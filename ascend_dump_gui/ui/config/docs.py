"""Help ▸ Scenarios and Options: a summary of every scenario and its options, generated from the schema."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ascend_dump_gui.core.config.fields import Scenario


def scenario_docs_html(scenarios: Iterable[Scenario]) -> str:
    """HTML listing each scenario's purpose and its options grouped as the seeds group them."""
    parts = ["<h2>Dump scenarios</h2>"]
    scenarios = list(scenarios)
    parts.append("<ul>" + "".join(f"<li><a href='#{s.name}'><b>{escape(s.title)}</b></a>: "
                                  f"{escape(s.summary)}</li>" for s in scenarios) + "</ul>")
    for scenario in scenarios:
        parts.append(f"<h3 id='{scenario.name}'><a name='{scenario.name}'></a>{escape(scenario.title)}</h3>")
        parts.append(f"<p>{escape(scenario.summary)} {len(scenario.fields)} options.</p>")
        groups: dict[str, list] = {}
        for spec in scenario.fields:
            groups.setdefault(spec.group or "Options", []).append(spec)
        for group, specs in groups.items():
            parts.append(f"<h4>{escape(group)}</h4><ul>")
            for spec in specs:
                extra = f" <i>Allowed: {escape(', '.join(map(str, spec.choices)))}.</i>" if spec.choices else ""
                gone = f" <b>Deprecated:</b> {escape(spec.deprecated)}" if spec.deprecated else ""
                parts.append(f"<li><code>{escape(spec.key)}</code> — {escape(spec.label)}. "
                             f"{escape(spec.help)}{extra}{gone}</li>")
            parts.append("</ul>")
    return "\n".join(parts)
