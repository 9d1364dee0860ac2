"""Help ▸ Scenarios and Options: a summary of every scenario and its options, generated from the schema."""

from __future__ import annotations

from collections.abc import Iterable
from html import escape

from ascend_dump_gui.core.config.fields import Scenario
from ascend_dump_gui.ui.i18n import tr, tr_schema


def scenario_docs_html(scenarios: Iterable[Scenario]) -> str:
    """HTML listing each scenario's purpose and its options grouped as the seeds group them."""
    def text(schema_text: str) -> str:
        return escape(tr_schema(schema_text))

    parts = [f"<h2>{escape(tr('Dump scenarios'))}</h2>"]
    scenarios = list(scenarios)
    parts.append("<ul>" + "".join(f"<li><a href='#{s.name}'><b>{text(s.title)}</b></a>: "
                                  f"{text(s.summary)}</li>" for s in scenarios) + "</ul>")
    for scenario in scenarios:
        count = escape(tr("{count} options.").format(count=len(scenario.fields)))
        parts.append(f"<h3 id='{scenario.name}'><a name='{scenario.name}'></a>{text(scenario.title)}</h3>")
        parts.append(f"<p>{text(scenario.summary)} {count}</p>")
        groups: dict[str, list] = {}
        for spec in scenario.fields:
            groups.setdefault(spec.group, []).append(spec)
        for group, specs in groups.items():
            parts.append(f"<h4>{text(group) if group else escape(tr('Options'))}</h4><ul>")
            for spec in specs:
                allowed = tr("Allowed: {choices}").format(choices=", ".join(map(str, spec.choices)))
                extra = f" <i>{escape(allowed)}</i>" if spec.choices else ""
                gone = f" <b>{escape(tr('Deprecated:'))}</b> {text(spec.deprecated)}" if spec.deprecated else ""
                parts.append(f"<li><code>{escape(spec.key)}</code> — {text(spec.label)}. "
                             f"{text(spec.help)}{extra}{gone}</li>")
            parts.append("</ul>")
    return "\n".join(parts)
