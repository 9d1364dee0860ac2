"""The dump_step grammar ("0|3-5|10") and the five runtime validators that disagree about it (runtime-rules §1.5).

Shared shape: groups separated by ``|``, each ``N`` or ``N-M``, digits only. Each validator below returns ``None``
when it accepts the text, else the reason it refuses it in plain words.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ascend_dump_gui.core.messages import msg

MAX_GROUPS = 100
INT32_MAX = 2_147_483_647
TORCHAIR_REGEX = re.compile(r"^(((\d+)|(\d+-{0,1}\d+))\|{0,1})*$")
_DIGITS = re.compile(r"[0-9]+")
_AICPU_GROUP = re.compile(r"\s*\d+\s*(-\s*\d+\s*)?")


def _groups(text: str, *, trailing_bar: bool = False, empty_parts: bool = False, order: str = "",
            int32: bool = False) -> str | None:
    """The shared walk over ``N`` / ``N-M`` groups; the keywords are where the validators differ:
    ``trailing_bar`` lets one trailing | pass, ``empty_parts`` lets empty numbers pass, ``order`` is "<=" or "<"
    for ranges ("" skips the check) and ``int32`` caps numbers at 2147483647."""
    if text == "":
        return None
    groups = text.split("|")
    if trailing_bar and len(groups) > 1 and groups[-1] == "":
        groups.pop()
    if len(groups) > MAX_GROUPS:
        return msg("{count} groups; at most {limit} are allowed", count=len(groups), limit=MAX_GROUPS)
    for group in groups:
        if group == "" and not empty_parts:
            return msg("an empty group (a leading, trailing or doubled |)")
        parts = group.split("-")
        if len(parts) > 2:
            return msg("group {group!r} has more than one -", group=group)
        if not all(_DIGITS.fullmatch(p) or empty_parts and p == "" for p in parts):
            return msg("group {group!r} is not a number or a range of numbers", group=group)
        if int32 and any(p and int(p) > INT32_MAX for p in parts):
            return msg("group {group!r} has a number above {limit}", group=group, limit=INT32_MAX)
        if order and len(parts) == 2 and all(parts):
            start, end = int(parts[0]), int(parts[1])
            if order == "<=" and start > end:
                return msg("range {group!r} runs backwards", group=group)
            if order == "<" and start >= end:
                return msg("range {group!r} must start below its end", group=group)
    return None


def adump(text: str) -> str | None:
    """acl.json, authoritative: trailing/empty groups refused, start <= end, no upper bound."""
    return _groups(text, order="<=")


def ge_callback(text: str) -> str | None:
    """GE's second acl.json check: a trailing empty group, empty numbers and reversed ranges pass."""
    return _groups(text, trailing_bar=True, empty_parts=True)


def ge_option(text: str) -> str | None:
    """GE session option ge.exec.dumpStep (TF1, TF2, torchair): int32 numbers, start < end strictly."""
    return _groups(text, order="<", int32=True)


def tf_adapter(text: str) -> str | None:
    """TF1 npu_bridge: digits only, start < end; a trailing | slips past (GE then refuses it)."""
    return _groups(text, trailing_bar=True, order="<")


def torchair(text: str) -> str | None:
    """torchair's assignment-time regex: accepts "", "5|", "5-3"; refuses "-1", "1--6", "5||10"."""
    if TORCHAIR_REGEX.match(text) is None:
        return msg("it does not match torchair's pattern (numbers or N-M ranges joined by single |)")
    return None


def aicpu(text: str) -> str | None:
    """Device AICPU at model load: spaces allowed, reversed ranges swapped, values up to uint64."""
    if text.strip() == "":
        return None
    for group in text.split("|"):
        if not _AICPU_GROUP.fullmatch(group):
            return msg("group {group!r} is not a number or a range of numbers", group=group)
        if any(int(n) >= 2 ** 64 for n in re.findall(r"\d+", group)):
            return msg("group {group!r} has a number above the uint64 range", group=group)
    return None


VALIDATORS: dict[str, Callable[[str], str | None]] = {
    "adump (acl.json)": adump,
    "GE acl.json callback": ge_callback,
    "GE option ge.exec.dumpStep": ge_option,
    "TF1 adapter": tf_adapter,
    "torchair": torchair,
    "device AICPU": aicpu,
}

# Which validators decide, per way of configuring dump; the first refusal is what the user sees.
DECIDING = {
    "acl": ("adump (acl.json)", "device AICPU"),
    "tf1": ("TF1 adapter", "GE option ge.exec.dumpStep"),
    "tf2": ("GE option ge.exec.dumpStep",),
    "torchair": ("torchair", "GE option ge.exec.dumpStep"),
}


def verdicts(text: str) -> dict[str, str | None]:
    """Every validator's verdict on ``text`` (None = accepted)."""
    return {name: check(text) for name, check in VALIDATORS.items()}


def problem(text: str, path: str) -> str | None:
    """Why ``text`` is refused on configuration path ``path`` ("acl", "tf1", "tf2", "torchair"), with the other
    validators' verdicts, or None when every deciding validator accepts it."""
    results = verdicts(text)
    for name in DECIDING[path]:
        reason = results[name]
        if reason is not None:
            accepted = [n for n, r in results.items() if r is None]
            if accepted:
                return msg('dump_step "{step}": {reason}; {validator} refuses it (accepted by {accepted}, which is '
                           'why it may look fine elsewhere).', step=text, reason=reason, validator=name,
                           accepted=", ".join(accepted))
            return msg('dump_step "{step}": {reason}; {validator} refuses it.', step=text, reason=reason, validator=name)
    return None


def parse(text: str) -> list[tuple[int, int]]:
    """The inclusive step ranges of a valid ``text``; ``[]`` means every step. Raises ValueError when invalid."""
    reason = aicpu(text)
    if reason is not None:
        raise ValueError(reason)
    ranges: list[tuple[int, int]] = []
    for group in filter(None, (g.strip() for g in text.split("|"))):
        numbers = [int(n) for n in re.findall(r"\d+", group)]
        low, high = (numbers[0], numbers[-1])
        ranges.append((min(low, high), max(low, high)))
    return ranges


def selects(text: str, step: int) -> bool:
    """Whether step ``step`` is dumped under ``text`` (empty text: every step)."""
    ranges = parse(text)
    return not ranges or any(low <= step <= high for low, high in ranges)
