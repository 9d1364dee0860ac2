"""core.collector.gc_paused: the collector is off inside, restored after, and what was made inside is aged."""

from __future__ import annotations

import gc
import weakref

import pytest

from ascend_dump_gui.core.collector import gc_paused


class Node:
    def __init__(self) -> None:
        self.other: Node | None = None


@pytest.fixture
def collector_on():
    was = gc.isenabled()        # UI tests leave it off (the app collects on a timer)
    gc.unfreeze()               # and graph loads freeze what they built: collectable again
    gc.enable()
    try:
        yield
    finally:
        (gc.enable if was else gc.disable)()


def _young(objs: list) -> set[int]:
    ids = {id(o) for o in gc.get_objects(generation=0)} | {id(o) for o in gc.get_objects(generation=1)}
    return {id(o) for o in objs} & ids


def test_what_the_bulk_work_made_goes_to_the_oldest_generation(collector_on):
    assert gc.get_freeze_count() == 0
    with gc_paused():
        assert not gc.isenabled()
        made = [Node() for _ in range(5000)]
        assert len(_young(made)) == 5000
    assert gc.isenabled()
    assert not _young(made)
    oldest = {id(o) for o in gc.get_objects(generation=2)}
    assert all(id(o) in oldest for o in made)
    assert gc.get_freeze_count() == 0


def test_a_cycle_made_inside_is_still_collected(collector_on):
    with gc_paused():
        a, b = Node(), Node()
        a.other, b.other = b, a
        alive = weakref.ref(a)
        del a, b
    assert alive() is not None      # only a cycle holds it: the collector's work, not reference counts'
    gc.collect()
    assert alive() is None


def test_frozen_objects_stay_frozen_and_the_made_ones_stay_young(collector_on):
    kept = [Node() for _ in range(100)]
    gc.collect()                    # counts at zero: no pass of the collector moves the made ones by chance
    gc.freeze()
    try:
        frozen = gc.get_freeze_count()
        with gc_paused():
            made = [Node() for _ in range(100)]
        assert gc.get_freeze_count() == frozen
        assert len(_young(made)) == 100
    finally:
        gc.unfreeze()
    del kept


def test_a_caller_that_paused_it_keeps_it_paused(collector_on):
    gc.collect()
    gc.disable()
    with gc_paused():
        made = [Node() for _ in range(100)]
    assert not gc.isenabled()
    assert len(_young(made)) == 100
