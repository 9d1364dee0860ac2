"""Draw the house: the package-level import graph of ``ascend_dump_gui`` as Graphviz DOT.

    python scripts/house.py | dot -Tsvg > house.svg      # or -Tpng
    python scripts/house.py --depth 4                    # down to subpackages such as core.config.rules

Modules are grouped into their package at ``--depth`` dotted parts; an edge says "imports". Edges inside a
package-level cycle are drawn red and listed on stderr (the module-level graph has none: tests/test_architecture.py).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from test_architecture import cycles, import_graph  # noqa: E402


def package_graph(depth: int) -> dict[str, set[str]]:
    modules = import_graph()

    def group(name: str) -> str:
        return ".".join(name.split(".")[:depth])

    out: dict[str, set[str]] = {}
    for module, targets in modules.items():
        edges = out.setdefault(group(module), set())
        edges.update(group(t) for t in targets if t in modules and group(t) != group(module))
    return out


def dot(graph: dict[str, set[str]]) -> str:
    red = {(a, b) for c in cycles(graph) for a in c for b in graph[a] if b in c}
    lines = ["digraph house {", "  rankdir=TB; node [shape=box, fontname=Helvetica, fontsize=10];"]
    for node in sorted(graph):
        lines.append(f'  "{node}" [label="{node.removeprefix("ascend_dump_gui.")}"];')
    for a in sorted(graph):
        for b in sorted(graph[a]):
            lines.append(f'  "{a}" -> "{b}"' + (" [color=red, penwidth=2];" if (a, b) in red else ";"))
    lines.append("}")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, default=3, help="dotted parts that name a package (default 3)")
    args = parser.parse_args()
    graph = package_graph(args.depth)
    print(dot(graph))
    for component in cycles(graph):
        print("package cycle: " + " <-> ".join(component), file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
