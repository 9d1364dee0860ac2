"""Mode panels built ahead of need, in pieces between events, so that no turn of the event loop holds the GUI
thread for long: first the modules a panel needs, one per turn, those it imports before it; then its plots, one
per turn, kept for the panel to take (:func:`made_ahead`); then the panel itself; later, what it needs later."""

from __future__ import annotations

import importlib
import inspect
import os
import re
import sys
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TypeVar

import shiboken6
from PySide6.QtCore import QObject, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from ascend_dump_gui.ui.i18n import current_language
from ascend_dump_gui.ui.start.preload import HEAVY_MODULES as PRELOAD
from ascend_dump_gui.ui.start.preload import imported

PACKAGE = "ascend_dump_gui"
WAIT_MS = 5
"""How often a piece waiting for the preload thread looks again."""
REST_MS = 20
"""After a large piece nobody waits for (what built modes need later, modes not asked for), the loop is left idle
this long: a worker's result or a paint that comes meanwhile is handled on a turn of its own, not on top of a
piece (Qt handles every event posted during a piece on the turn right after it)."""
SLICE_SECONDS = 0.010
"""Small pieces run in one turn of the event loop until this much time has passed (then input is taken): the
import that ends a turn may overrun it by its own time (at 20 ms, turns of imports took 20-25 ms)."""
SMALL, LARGE, WAITING, STEP = 0, 1, 2, 3
"""What a piece was: small (imports: more may follow in the same turn), large (a widget: the turn ends), a wait
for the preload thread (the next turn comes after :data:`WAIT_MS`) or a step of a widget made in steps (the turn
ends; the next step follows without :data:`REST_MS`, which comes once the widget is made)."""
_ROOT = str(Path(__file__).resolve().parents[2])
_IMPORT = r"^(?:from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\([^)]*\)|[^\n#]*)|import[ \t]+([^\n#]*))"
"""A module-level import statement (at the start of a line: those under ``if TYPE_CHECKING:`` or in functions
are indented); compiled when first used, after the first paint, and tried only where a line starts with one of
:data:`_KEYWORDS` (found by ``str.find``: a regular expression tried at every offset took 3-4 times as long)."""
_KEYWORDS = ("from", "import")


@dataclass(frozen=True)
class Plan:
    """How one mode's panel is built in pieces: the modules it needs and the widgets made ahead for it (one
    entry per widget: ``module:factory``, a class or function called with no argument, or
    ``module:factory:argument``, called with that string; a generator function makes it in steps, one piece
    each, and returns it), then the panel; then, once it shows, ``after``:
    what it needs later, the same way (modules, widgets), and ``.method`` to call the panel's ``method`` (a
    view it would make on first use)."""

    modules: tuple[str, ...]
    parts: tuple[str, ...] = ()
    after: tuple[str, ...] = ()


@cache
def _source(name: str) -> Path | None:
    """The source file of module ``name`` of this package (None for any other module); looked up once per name
    (an import order asks for thousands, most of them names imported from modules, not modules)."""
    if name != PACKAGE and not name.startswith(PACKAGE + "."):
        return None
    folder = os.path.join(_ROOT, *name.split(".")[1:])
    for path in (os.path.join(folder, "__init__.py"), folder + ".py"):
        if os.path.isfile(path):
            return Path(path)
    return None


def _line_starts(text: str, words: tuple[str, ...]) -> Iterator[int]:
    """The offsets in ``text`` of the lines that start with one of ``words``."""
    for word in words:
        if text.startswith(word):
            yield 0
        at = text.find("\n" + word)
        while at != -1:
            yield at + 1
            at = text.find("\n" + word, at + 1)


def _words(names: str) -> list[str]:
    return [part.split()[0] for part in names.strip("() \t\n").replace("\\", " ").split(",") if part.split()]


@cache
def module_imports(name: str, path: Path) -> tuple[str, ...]:
    """The modules that module ``name`` (its source at ``path``) imports at module level, as written at the start
    of a line; a submodule named in ``from package import name`` included (read once per module)."""
    package = path.name == "__init__.py"
    found: list[str] = []
    text = path.read_text(encoding="utf-8")
    statement = re.compile(_IMPORT, re.M)
    for match in filter(None, (statement.match(text, start) for start in sorted(_line_starts(text, _KEYWORDS)))):
        base, names, plain = match.groups()
        if plain is not None:
            found.extend(_words(plain))
            continue
        level = len(base) - len(base.lstrip("."))
        base = base[level:]
        if level:
            parts = name.split(".")[: None if package else -1]
            parts = parts[: len(parts) - level + 1]
            base = ".".join([*parts, base] if base else parts)
        found.append(base)
        ours = _source(base) is not None
        found.extend(f"{base}.{word}" for word in _words(names)
                     if word != "*" and (_source(f"{base}.{word}") is not None or not ours))
    return tuple(found)


def _not_a_module(name: str) -> bool:
    """True when ``name`` is ``package.attribute`` of an imported package, the attribute not a module."""
    parent, _, last = name.rpartition(".")
    if not parent or not imported(parent):
        return False
    value = getattr(sys.modules[parent], last, None)
    return value is not None and not isinstance(value, ModuleType)


def import_order(names: tuple[str, ...]) -> Iterator[str]:
    """The modules not imported yet that importing ``names`` imports, each after those it imports (another
    package's module counts as one); worked out as it goes, so each step is small."""
    seen: set[str] = set()

    def visit(name: str) -> Iterator[str]:
        if not name or name in seen or imported(name) or _not_a_module(name):
            return
        seen.add(name)
        path = _source(name)
        if path is not None:
            parent = name.rpartition(".")[0]
            yield from visit(parent)
            try:
                imports = module_imports(name, path)
            except (OSError, UnicodeDecodeError):
                imports = []
            for dep in imports:
                yield from visit(dep)
        yield name

    for name in names:
        yield from visit(name)


_Made = TypeVar("_Made", bound=QObject)
_AHEAD: dict[tuple, list[QObject]] = {}
"""Widgets (or plot items) made ahead, by the factory and arguments that made them and the interface language
they were made in (their texts are in it)."""
_discarding = False
"""True once :func:`_discard_ahead` is connected to the application's end."""


def _part(spec: str) -> tuple[Callable[..., QObject], tuple[str, ...]]:
    """``module:factory`` or ``module:factory:argument``: the factory and its arguments."""
    module, attr, *args = spec.split(":")
    return getattr(importlib.import_module(module), attr), tuple(args)


def _discard_ahead() -> None:
    """Delete the widgets made ahead and never taken (before the application ends, not during Python's
    shutdown)."""
    for made in _AHEAD.values():
        for widget in made:
            widget.deleteLater()
    _AHEAD.clear()


def _discard_at_the_end() -> None:
    global _discarding
    if not _discarding:
        QApplication.instance().aboutToQuit.connect(_discard_ahead)
        _discarding = True


def _ahead(factory: Callable[..., QObject], args: tuple[str, ...]) -> list[QObject]:
    """What was made ahead by ``factory(*args)`` in the current language; those made in another are deleted."""
    language = current_language()
    for key in [key for key in _AHEAD if key[2] != language]:
        for widget in _AHEAD.pop(key):
            widget.deleteLater()
    return _AHEAD.setdefault((factory, args, language), [])


def in_steps(factory: Callable[..., object], args: tuple[str, ...]) -> Generator[int, None, QObject]:
    """``factory(*args)``, a :data:`STEP` piece after each step of a factory that makes it in steps (a generator
    function whose return value is the widget)."""
    made = factory(*args)
    if not inspect.isgenerator(made):
        return made
    while True:
        try:
            next(made)
        except StopIteration as done:
            return done.value
        yield STEP


def at_once(steps: Generator[int, None, QObject]) -> QObject:
    """What ``steps`` make, all of them at once."""
    while True:
        try:
            next(steps)
        except StopIteration as done:
            return done.value


def made_ahead(factory: Callable[..., _Made], *args: str) -> _Made:
    """``factory(*args)``: a widget (or plot item) made ahead in idle time if there is one, else a new one. A
    factory may make it in steps: a generator function, its steps made ahead one piece each, returning the
    widget."""
    made = _ahead(factory, args)
    return made.pop() if made else at_once(in_steps(factory, args))


def _made(modules: tuple[str, ...], parts: tuple[str, ...]) -> Iterator[int]:
    """Import ``modules`` (and those of ``parts``), then make ``parts`` ahead: one piece per ``next``."""
    asked: list[str] = []
    for name in import_order(modules + tuple(p.partition(":")[0] for p in parts)):
        if _source(name) is None:  # another package's: off the GUI thread, asked for in a row
            PRELOAD.request(name)
            asked.append(name)
            continue
        while not all(PRELOAD.settled(n) for n in asked):  # what the next module of ours may import
            yield WAITING
        asked.clear()
        try:
            importlib.import_module(name)
        except Exception:  # noqa: BLE001, S112 - raised again, and said, where the module is needed
            continue
        yield SMALL
    while not all(PRELOAD.settled(n) for n in asked):
        yield WAITING
    for spec in parts:
        factory, args = _part(spec)
        made = _ahead(factory, args)
        if len(made) < parts.count(spec):  # never more than one plan uses
            _discard_at_the_end()
            made.append((yield from in_steps(factory, args)))
            yield LARGE


def _then(context: QObject, steps: Iterator[int], fn: Callable[[], object]) -> Iterator[int]:
    """``steps``, then ``fn()`` as a piece of its own (not once ``context`` is gone)."""
    yield from steps
    if shiboken6.isValid(context):
        fn()
        yield LARGE


class PanelBuilder(QObject):
    """Builds mode panels in pieces, one piece per turn of the event loop, once :meth:`start` is called: the
    modes asked for by :meth:`want` first, then the others in the order given. ``build(mode)`` makes the
    panel (or returns it when it is built already); given ``make``, ``make(mode)`` constructs the panel in a
    piece of its own first (a piece per step if ``make`` is a generator function, see :func:`in_steps`) and
    ``build`` only puts it in place. :meth:`when_built` callbacks run once it is. What a shown view asks for with
    :meth:`first` comes before all of it (see :func:`in_pieces`)."""

    def __init__(self, parent: QObject, plans: dict[str, Plan], build: Callable[[str], object],
                 make: Callable[[str], object] | None = None) -> None:
        super().__init__(parent, objectName="panel_builder")
        self._plans, self._build, self._make = plans, build, make
        self._order = list(plans)
        self._built: set[str] = set()
        self._steps: dict[str, Iterator[int]] = {}
        self._waiting: list[tuple[set[str], Callable[[], object]]] = []
        self._later: list[Iterator[int]] = []   # what built modes need later, in pieces
        self._urgent: set[str] = set()   # modes asked for (clicked, or waited for): before other modes
        self._first: list[Iterator[int]] = []   # what shown views asked for: before anything else
        self._started = False
        self._timer = QTimer(self, singleShot=True)
        self._timer.timeout.connect(self._step)

    @property
    def idle(self) -> bool:
        """True when nothing is left to build: no piece will run (and start work) unless asked again."""
        return not (self._first or self._started and (self._order or self._later))

    def start(self) -> None:
        """Start building (in idle time, one piece per turn)."""
        self._started = True
        if not self._timer.isActive():
            self._timer.start(0)

    def want(self, mode: str) -> None:
        """Build ``mode`` before the others (and start building if not started)."""
        self._urgent.add(mode)
        if mode in self._order:
            self._order.remove(mode)
            self._order.insert(0, mode)
        self.start()

    def first(self, context: QObject, modules: tuple[str, ...], parts: tuple[str, ...],
              fn: Callable[[], object]) -> None:
        """Import ``modules`` and make ``parts`` ahead (as a :class:`Plan` names them), then call ``fn`` (not
        once ``context`` is gone): in pieces, before anything else, even before :meth:`start`."""
        self._first.append(_then(context, _made(modules, parts), fn))
        if not self._timer.isActive():
            self._timer.start(0)

    def when_built(self, modes: tuple[str, ...], fn: Callable[[], object]) -> None:
        """Call ``fn`` once every mode in ``modes`` is built (on a later turn once building has started), those
        modes built first."""
        for mode in reversed(modes):
            if mode not in self._built and mode in self._order:
                self._order.remove(mode)
                self._order.insert(0, mode)
                self._urgent.add(mode)
        self._waiting.append((set(modes), fn))
        if self._started and not self._timer.isActive():
            self._timer.start(0)

    def reset(self) -> None:
        """Every panel is to be built again (the window was rebuilt, e.g. in another language); what waits for
        panels waits for the new ones."""
        self._built.clear()
        self._steps.clear()
        self._later.clear()
        self._order = list(self._plans)

    def built(self, mode: str, panel: object = None) -> None:
        """``mode`` was built, as ``panel`` (here or by someone who could not wait): what it needs later is made
        once the other modes are built."""
        if mode in self._built:
            return
        self._built.add(mode)
        self._steps.pop(mode, None)
        if mode in self._order:
            self._order.remove(mode)
        if panel is not None:   # a mode asked for: what it needs soon before what others do
            self._later.insert(0 if mode in self._urgent else len(self._later), self._after(mode, panel))
        if self._started and not self._timer.isActive():
            self._timer.start(0)

    def _pieces(self, mode: str) -> Iterator[int]:
        """The pieces before the panel, the panel made (given ``make``) and put in place, one per ``next`` (see
        :data:`SMALL`); modules of other packages are imported by the preload thread (the GUI thread would wait for
        any of them that the thread is importing, all at once)."""
        plan = self._plans[mode]
        yield from _made(plan.modules, plan.parts)
        if self._make is not None:
            yield from in_steps(self._make, (mode,))
            yield LARGE
        self.built(mode, self._build(mode))

    def _after(self, mode: str, panel: object) -> Iterator[int]:
        """What ``mode`` needs once it shows (see :class:`Plan`), in pieces."""
        plan = self._plans[mode]
        later = tuple(entry for entry in plan.after if not entry.startswith("."))
        parts = tuple(e for e in later if ":" in e)
        yield from _made(tuple(e for e in later if ":" not in e), parts)
        for entry in plan.after:
            if entry.startswith("."):
                yield LARGE
                while True:   # what views shown meanwhile took is made again (each in all its steps); then, on
                    steps = _made((), parts)   # the same turn as the last look, the call
                    piece = next(steps, None)
                    if piece is None:
                        break
                    yield piece
                    yield from steps
                target = panel
                for name in entry[1:].split("."):
                    target = getattr(target, name)
                if callable(target) and not isinstance(target, QObject):
                    target()

    def _step(self) -> None:
        for item in [(modes, fn) for modes, fn in self._waiting if modes <= self._built]:
            self._waiting.remove(item)
            QTimer.singleShot(0, self, item[1])
        urgent = [mode for mode in self._order if mode in self._urgent]
        if self._first:
            mode, steps = None, self._first[0]
        elif not self._started:
            return
        elif urgent or self._order and not self._later:
            mode = (urgent or self._order)[0]
            steps = self._steps.setdefault(mode, self._pieces(mode))
        elif self._later:   # what the built modes need soon, before the modes nobody asked for yet
            mode, steps = "", self._later[0]
        else:
            return
        piece = SMALL
        deadline = time.perf_counter() + SLICE_SECONDS
        try:
            while piece == SMALL and time.perf_counter() < deadline:  # small pieces share a turn
                piece = next(steps)
        except StopIteration:
            if mode is None:
                self._first.pop(0)
            elif mode:
                self.built(mode)
            else:
                self._later.pop(0)
        finally:  # a piece that raised (said by the excepthook) does not stop the rest
            if shiboken6.isValid(self):  # a piece may have collected the window that held this builder
                background = mode == "" or mode is not None and mode not in self._urgent
                self._timer.start(WAIT_MS if piece == WAITING else REST_MS if piece == LARGE and background else 0)


def in_pieces(context: QWidget, modules: tuple[str, ...], parts: tuple[str, ...], fn: Callable[[], object]) -> None:
    """Import ``modules`` and make ``parts`` ahead (``module:factory`` specs, see :class:`Plan`), then call
    ``fn``, in pieces between events and before any other building: through the builder of ``context``'s window
    (one piece per turn for everything), else one of ``context``'s own. Other packages' modules are imported by
    the preload thread meanwhile: a view asked for early waits for them without blocking the event loop."""
    window = context.window()
    builder = window.findChild(PanelBuilder, "panel_builder", Qt.FindChildOption.FindDirectChildrenOnly)
    if builder is None:
        builder = PanelBuilder(window, {}, lambda _mode: None)
    builder.first(context, modules, parts, fn)
