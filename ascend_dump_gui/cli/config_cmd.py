"""`ascend-dump config check | where | export`: the config core on the command line (contract: cli.md)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from ascend_dump_gui.cli.output import note_replacing, print_json
from ascend_dump_gui.core.config.names import EXPORT_TARGETS, PRODUCTS, SCENARIO_NAMES
from ascend_dump_gui.core.inert import terminal_text

if TYPE_CHECKING:
    from ascend_dump_gui.core.config.findings import Finding
    from ascend_dump_gui.core.config.paths import Artifact

# The schema, rules and importers load when a sub-command runs, not when the parser is built (start-up time).


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `config` verb with its check / where / export sub-commands."""
    parser = sub.add_parser("config", help="Check, locate and export dump configs.",
                            description="Check dump configs against the runtime's rules, show where their output "
                                        "lands, and convert them between forms.")
    verbs = parser.add_subparsers(dest="config_verb", metavar="{check,where,export}")
    verbs.required = True

    p = verbs.add_parser("check", help="Report errors, warnings and notes for config files.")
    p.add_argument("paths", nargs="+", metavar="PATH",
                   help="acl.json / dump_config.json, Python training script, shell/env file or project file")
    p.add_argument("--scenario", choices=SCENARIO_NAMES, help="force the scenario instead of detecting it")
    p.add_argument("--env", metavar="ENVFILE", help="env file whose variables the job runs with")
    p.add_argument("--product", choices=PRODUCTS, help="check product-restricted options against this product")
    _release_options(p)
    p.add_argument("--script-args", metavar="ARGS", help="evaluate training scripts as if started with these arguments (split like a shell; default: the "
                        "scripts' own defaults)")
    p.add_argument("--script-env", metavar="VARS", help="environment variables the scripts' run sees ('NAME=VALUE', "
                   "'-u NAME' for unset; others stay undecided)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=_check)

    p = verbs.add_parser("where", help="Show where each kind of output of a run will land.")
    p.add_argument("paths", nargs="+", metavar="PATH", help="config files; env files among them add variables")
    p.add_argument("--env", metavar="ENVFILE", help="env file whose variables the job runs with")
    p.add_argument("--cwd", metavar="DIR", default=".", help="working directory of the job (default: here)")
    p.add_argument("--script-args", metavar="ARGS", help="evaluate training scripts as if started with these arguments (split like a shell; default: the "
                        "scripts' own defaults)")
    p.add_argument("--script-env", metavar="VARS", help="environment variables the scripts' run sees ('NAME=VALUE', "
                   "'-u NAME' for unset; others stay undecided)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(func=_where)

    p = verbs.add_parser("export", help="Write a config in another form.")
    p.add_argument("path", metavar="PATH")
    p.add_argument("--to", required=True, choices=EXPORT_TARGETS, help="target form")
    p.add_argument("-o", "--output", metavar="OUT", help="write here (atomically) instead of printing")
    _release_options(p)
    p.add_argument("--script-args", metavar="ARGS", help="evaluate training scripts as if started with these arguments (split like a shell; default: the "
                        "scripts' own defaults)")
    p.add_argument("--script-env", metavar="VARS", help="environment variables the scripts' run sees ('NAME=VALUE', "
                   "'-u NAME' for unset; others stay undecided)")
    p.set_defaults(func=_export)


def _release_options(p: argparse.ArgumentParser) -> None:
    from ascend_dump_gui.core.config.schema.versions import CANN_VERSIONS, FRAMEWORKS, LATEST

    p.add_argument("--cann-version", choices=CANN_VERSIONS, metavar="VERSION",
                   help=f"CANN release to check for where acceptance changed between releases ({', '.join(CANN_VERSIONS)}; "
                        f"default: the latest known, {LATEST})")
    p.add_argument("--framework", choices=FRAMEWORKS, help="framework an msprobe config runs under (default: what the "
                   "config shows, else unknown)")


def glue_script_args(argv: list[str]) -> list[str]:
    """``--script-args VALUE`` as ``--script-args=VALUE`` (also ``--script-env``): argparse would take a VALUE starting with ``-`` for an
    option of its own."""
    out: list[str] = []
    tokens = iter(argv)
    for token in tokens:
        out.append(f"{token}={next(tokens, '')}" if token in ("--script-args", "--script-env") else token)
    return out


def _check(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.config.check import check
    from ascend_dump_gui.core.config.findings import Finding, Severity
    from ascend_dump_gui.core.config.formats.importers import load_config, load_env_file
    from ascend_dump_gui.core.errors import InputError

    env = load_env_file(args.env) if args.env else None
    results, parse_failed, has_error = [], False, False
    for name in args.paths:
        try:
            doc = load_config(name, args.scenario, args.script_args, args.script_env)
        except InputError as exc:
            parse_failed = True
            finding = Finding("parse", Severity.ERROR, (), str(exc), "")
            results.append((name, args.scenario or "unknown", [finding], None))
            continue
        for one in (doc, *doc.facts.get("scenarios", ())):   # a script may set several scenarios: one result each
            findings = check(one, env=env, product=args.product, cann_version=args.cann_version,
                             framework=args.framework)
            has_error = has_error or any(f.severity is Severity.ERROR for f in findings)
            results.append((name, one.scenario, findings, one.facts.get("object")))
    if args.json:
        print_json({"results": [{"path": path, "scenario": scenario, "findings": [f.to_json() for f in findings],
                                 **({"object": made_on} if made_on else {})}
                                for path, scenario, findings, made_on in results]})
    else:
        for path, scenario, findings, made_on in results:
            _print_findings(path, f"{scenario}, {made_on}" if made_on else scenario, findings)
    return 2 if parse_failed else 1 if has_error else 0


def _print_findings(path: str, scenario: str, findings: list[Finding]) -> None:
    from ascend_dump_gui.core.config.findings import Severity
    from ascend_dump_gui.core.config.sources import cite

    counts = {s: sum(1 for f in findings if f.severity is s) for s in Severity}
    summary = ", ".join(f"{n} {s.value}{'s' if n != 1 and s is not Severity.INFO else ''}"
                        for s, n in counts.items())
    print(terminal_text(f"{path} ({scenario}): {summary if findings else 'no findings'}"))
    for f in findings:  # messages quote values from the config: control characters are escaped
        options = f" [{', '.join(f.options)}]" if f.options else ""
        line = f" (line {f.extra['line']})" if isinstance(f.extra.get("line"), int) else ""
        print(terminal_text(f"  {f.severity.value:<7} {f.rule}{options}{line}"))
        print(f"          {terminal_text(f.message)}")
        if f.fix is not None:
            print(f"          fix: {terminal_text(f.fix.description)}")
        if f.source:
            print(f"          source: {cite(f.source)}")


def _where(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.config.check import effective_env
    from ascend_dump_gui.core.config.formats.importers import load_config, load_env_file
    from ascend_dump_gui.core.config.model import ConfigDoc
    from ascend_dump_gui.core.config.paths import resolve_paths

    env = dict(load_env_file(args.env)) if args.env else {}
    docs: list[tuple[str, ConfigDoc]] = [(name, load_config(name, script_args=args.script_args, script_env=args.script_env))
                                         for name in args.paths]
    configs = [(name, doc) for name, doc in docs if doc.scenario != "env"]
    for _name, doc in docs:
        if doc.scenario == "env":
            env.update(effective_env(doc))
    if not configs:
        configs = [(args.paths[-1], ConfigDoc("env", {}))]
    cwd = Path(args.cwd)
    rows: list[tuple[str, Artifact]] = [(name, a) for name, doc in configs
                                        for a in resolve_paths(doc, env=env, cwd=cwd)]
    if args.json:
        print_json({"artifacts": [a.to_json() | {"config": name} for name, a in rows]})
    else:
        width = max((len(a.artifact) for _n, a in rows), default=8)
        for name, group in _grouped(rows):
            print(terminal_text(f"{name}:"))
            for a in group:
                where = f"{a.path}/{a.layout}" if a.layout else a.path
                print(terminal_text(f"  {a.artifact:<{width}}  {where}   ({a.decided_by})"))
    return 0


def _grouped(rows: list[tuple[str, Artifact]]) -> list[tuple[str, list[Artifact]]]:
    groups: dict[str, list[Artifact]] = {}
    for name, artifact in rows:
        groups.setdefault(name, []).append(artifact)
    return list(groups.items())


def _export(args: argparse.Namespace) -> int:
    from ascend_dump_gui.core.atomic import write_text_atomic
    from ascend_dump_gui.core.config.formats.export_plan import plan_export
    from ascend_dump_gui.core.config.formats.exporters import export
    from ascend_dump_gui.core.config.formats.importers import load_config
    from ascend_dump_gui.core.safe_names import file_ids, refuse_replacing_inputs

    doc = load_config(args.path, script_args=args.script_args, script_env=args.script_env)
    doc.facts.update({k: v for k, v in (("cann_version", args.cann_version), ("framework", args.framework)) if v})
    text = export(doc, args.to)   # DumpError (exit 2) with the reason when the target cannot carry the config
    for _key, why in plan_export(doc, args.to).dropped:
        print(f"ascend-dump: note: {args.to} leaves out: {why}", file=sys.stderr)
    if args.output:
        refuse_replacing_inputs(args.output, file_ids([args.path]), "the config being exported")
        note_replacing(args.output)
        write_text_atomic(args.output, text)
        print(f"ascend-dump: wrote {args.output}", file=sys.stderr)
    else:
        sys.stdout.write(text)
    return 0
