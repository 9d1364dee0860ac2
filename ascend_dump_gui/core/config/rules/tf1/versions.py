"""TF1 session options whose acceptance changed between releases: the finding names the releases, and the CANN
version being checked for (``ctx.cann_version``; default :data:`versions.LATEST`, said in the message) decides
whether it is an error or a warning. Facts: ``schema/versions.py``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ascend_dump_gui.core.config.findings import Severity
from ascend_dump_gui.core.config.rules.engine import CheckContext, GradedScan, Hit
from ascend_dump_gui.core.config.schema import versions
from ascend_dump_gui.core.messages import Text, msg

E, W, N = Severity.ERROR, Severity.WARNING, Severity.INFO


def checked_for(ctx: CheckContext) -> tuple[str, Text]:
    """The release checked for, and the sentence that says so (the default is named as such)."""
    if ctx.cann_version:
        return ctx.cann_version, msg("Checked for CANN {version}.", version=ctx.cann_version)
    return versions.LATEST, msg("Checked for CANN {version}, the latest release this checker knows; set the CANN "
                                "version (--cann-version) to check for another.", version=versions.LATEST)


def _jit_compile(values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, Hit]]:
    if "jit_compile" not in values:
        return []
    version, said = checked_for(ctx)
    reading = versions.jit_compile_reading(version)
    used = (ctx.facts.get("accessors") or {}).get("jit_compile", {}).get("accessor", "s")
    if reading == "ignored":
        return [(W, Hit(msg("The TF Adapter of CANN {version} does not read jit_compile (it was dropped in 6.3.RC1 and "
                            "back as a bool in 6.3.RC2), so the setting is ignored. {said}", version=version,
                            said=said)))]
    if used == "b" and reading == "string":
        return [(E, Hit(msg("jit_compile is set through .b, but the TF Adapter of CANN {since} and later reads it as "
                            "a string (\"true\", \"false\" or \"auto\") and refuses .b with InvalidArgument (\"The "
                            "data type of jit_compile is invalid. Expected string type.\"): the session fails at the "
                            "first run. CANN 6.3.RC2 read it as a bool. {said}", since=versions.JIT_STRING_SINCE,
                            said=said)))]
    if used == "b":
        return [(W, Hit(msg("jit_compile through .b is what CANN {version} reads (a bool); CANN {since} and later "
                            "refuse .b and need .s = \"true\", \"false\" or \"auto\". {said}", version=version,
                            since=versions.JIT_STRING_SINCE, said=said)))]
    if reading == "bool":
        return [(W, Hit(msg("CANN {version} reads jit_compile as a bool (.b): the string given through .s is read as "
                            "false (\"0\") without an error; the string form is read from CANN {since}. {said}",
                            version=version, since=versions.JIT_STRING_SINCE, said=said)))]
    return []


def _added_or_removed(values: Mapping[str, Any], ctx: CheckContext) -> list[tuple[Severity, Hit]]:
    version, said = checked_for(ctx)
    hits = []
    for key in values:
        since = versions.OPTION_SINCE.get(key)
        after = versions.SINCE_UNKNOWN_AFTER
        if since is None or versions.at_least(version, since):
            pass
        elif since != "9.0.0":
            hits.append((W, Hit(msg("{key} is read by the TF Adapter from CANN {since} on; the adapter of CANN "
                                    "{version} never looks the key up, so it is ignored. {said}", key=key,
                                    since=since, version=version, said=said), (key,))))
        elif not versions.at_least(version, after) or version == after:
            hits.append((W, Hit(msg("{key} came to the TF Adapter after CANN {after} (9.0.0 reads it); the adapter "
                                    "of CANN {version} never looks the key up, so it is ignored. {said}", key=key,
                                    after=after, version=version, said=said), (key,))))
        else:
            hits.append((N, Hit(msg("{key} came to the TF Adapter after CANN {after} and 9.0.0 reads it; whether CANN "
                                    "{version} reads it is not known (no public history covers 8.x): if not, it is "
                                    "ignored. {said}", key=key, after=after, version=version, said=said), (key,))))
        removed = versions.OPTION_REMOVED.get(key)
        if removed is not None and versions.at_least(version, removed):
            hits.append((W, Hit(msg("{key} is no longer read by the TF Adapter of CANN {removed} and later, so it is "
                                    "ignored. {said}", key=key, removed=removed, said=said), (key,))))
    return hits


VERSION_RULES = (
    GradedScan("tf1.jit_compile_release", E, ("jit_compile",), _jit_compile, versions.SOURCE),
    GradedScan("tf1.option_release", W, (), _added_or_removed, versions.SOURCE),
)
