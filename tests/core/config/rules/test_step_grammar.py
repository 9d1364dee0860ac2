"""dump_step grammar: the five runtime validators and where they disagree (runtime-rules §1.5, §2.4)."""

import pytest

from ascend_dump_gui.core.config import step_grammar as sg


@pytest.mark.parametrize("text, ok", [
    ("", True), ("0", True), ("0|5|10", True), ("0|3-5|10", True), ("5-5", True), ("001|002", True),
    ("0|5-3|20", False), ("5||10", False), ("-1", False), ("5|", False), ("|5", False),
    ("0|5-10-15|20", False), ("|".join(str(i) for i in range(101)), False), ("+5", False), ("5 ", False),
    ("a", False),
])
def test_adump_matches_the_fixture_verdicts(text, ok):
    assert (sg.adump(text) is None) is ok


def test_hundred_groups_is_the_limit():
    assert sg.adump("|".join(["1"] * 100)) is None
    assert "at most 100" in sg.adump("|".join(["1"] * 101))


@pytest.mark.parametrize("text, ok", [
    ("0|3-5|10", True), ("5-5", False), ("5-3", False), ("5|", False), ("2147483647", True),
    ("2147483648", False), ("", True),
])
def test_ge_option_is_strict_about_ranges_and_int32(text, ok):
    assert (sg.ge_option(text) is None) is ok


@pytest.mark.parametrize("text, ok", [
    ("", True), ("5|", True), ("5-3", True), ("5-5", True), ("0|1|2-5|6", True),
    ("-1", False), ("1--6", False), ("02||||34", False), ("0ad", False),
])
def test_torchair_regex_matches_its_own_tests(text, ok):
    assert (sg.torchair(text) is None) is ok


def test_ge_callback_is_looser_than_adump():
    for text in ("5|", "5-3"):
        assert sg.ge_callback(text) is None
        assert sg.adump(text) is not None


def test_tf_adapter_lets_a_trailing_bar_through_but_ge_refuses_it():
    assert sg.tf_adapter("5|") is None
    assert sg.ge_option("5|") is not None
    assert sg.problem("5|", "tf1") is not None


def test_aicpu_swaps_reversed_ranges_and_allows_spaces():
    assert sg.aicpu(" 5 - 3 | 7") is None
    assert sg.parse(" 5 - 3 | 7") == [(3, 5), (7, 7)]


def test_problem_names_the_refusing_validator_and_who_accepts():
    message = sg.problem("5-3", "torchair")
    assert "GE option ge.exec.dumpStep refuses" in message
    assert "torchair" in message.split("accepted by")[1]
    assert sg.problem("5-5", "acl") is None
    assert "refuses" in sg.problem("5-5", "tf2")


@pytest.mark.parametrize("text, step, selected", [
    ("", 7, True), ("0|5|10", 5, True), ("0|5|10", 6, False), ("0|3-5|10", 4, True), ("0|3-5|10", 6, False),
])
def test_selects(text, step, selected):
    assert sg.selects(text, step) is selected


def test_parse_refuses_garbage():
    with pytest.raises(ValueError):
        sg.parse("x|y")
