"""Injected faults change what the device computes, as the runtime would show it."""

from __future__ import annotations

import numpy as np
import pytest

from ascend_dump_gui.core.emulator.faults import make_fault
from ascend_dump_gui.core.emulator.graph import AICoreError, execute
from ascend_dump_gui.core.emulator.models import MODELS
from ascend_dump_gui.core.errors import InputError
from tests.core.emulator.helpers import compiled


@pytest.mark.parametrize("name", sorted(MODELS))
@pytest.mark.parametrize("kind", ["overwrite", "aicore_error", "nan"])
def test_every_model_has_valid_fault_targets(name, kind):
    _, device, _ = compiled(name)
    assert make_fault(kind, MODELS[name], device).op in {op.name for op in device.ops}


def test_overwrite_damages_the_victim_after_the_culprit_ran():
    _, device, feeds = compiled("transformer")
    fault = make_fault("overwrite", MODELS["transformer"], device)
    seen = {}

    def observer(op, inputs, outputs, memory):
        if op.name in (fault.victim, fault.op):
            seen[op.name] = memory[f"{fault.victim}:0"].copy()

    clean = execute(device, feeds)
    damaged = execute(device, feeds, observer=observer, hook=fault.hook(last_step=False))
    assert not np.array_equal(seen[fault.victim], seen[fault.op])
    assert not np.allclose(clean[device.outputs[0]], damaged[device.outputs[0]])


def test_nan_fault_and_aicore_error():
    _, device, feeds = compiled("mlp")
    nan = make_fault("nan", MODELS["mlp"], device)
    memory = execute(device, feeds, hook=nan.hook(last_step=False))
    assert np.isnan(memory[f"{nan.op}:0"]).any()
    err = make_fault("aicore_error", MODELS["mlp"], device)
    execute(device, feeds, hook=err.hook(last_step=False))
    with pytest.raises(AICoreError) as exc:
        execute(device, feeds, hook=err.hook(last_step=True))
    assert exc.value.op.name == err.op


def test_unknown_fault_is_an_input_error():
    _, device, _ = compiled("mlp")
    with pytest.raises(InputError):
        make_fault("meltdown", MODELS["mlp"], device)


@pytest.mark.parametrize("name", sorted(MODELS))
def test_every_fault_has_its_effect_on_every_model(name):
    _, device, feeds = compiled(name)
    model = MODELS[name]
    nan = make_fault("nan", model, device)
    memory = execute(device, feeds, hook=nan.hook(last_step=False))
    out = memory[f"{nan.op}:0"]
    assert np.isnan(out.astype(np.float32)).any(), f"nan fault left {nan.op} of {name} finite"
    overwrite = make_fault("overwrite", model, device)
    victims = {}

    def observer(op, inputs, outputs, memory):
        if op.name == overwrite.op:
            victims["after"] = memory[f"{overwrite.victim}:0"].copy()

    clean = execute(device, feeds)
    execute(device, feeds, observer=observer, hook=overwrite.hook(last_step=False))
    assert not np.array_equal(victims["after"], clean[f"{overwrite.victim}:0"], equal_nan=True)
    with pytest.raises(AICoreError):
        execute(device, feeds, hook=make_fault("aicore_error", model, device).hook(last_step=True))
